//! GPU time per frame from wgpu timestamp queries, for `--baseline --backend wgpu`: a
//! timestamp written in a submission of its own before a frame's first call and another after
//! its `present`, on the queue both sides share, so that the queue executes everything the
//! frame submitted (its uploads included) between the two. The same brackets serve both
//! sides; nothing is added to their own command buffers.
//!
//! Needs `TIMESTAMP_QUERY` and `TIMESTAMP_QUERY_INSIDE_ENCODERS` on the device
//! ([`Stamps::new`] is `None` otherwise: the bench then reports the CPU's wait alone).

use molehill_bench::raw_wgpu::map_for_reading;

/// Frames one set of queries holds (two queries each).
pub const MAX_FRAMES: u32 = 256;

/// The queries of one round of frames.
#[derive(Debug)]
pub struct Stamps {
    device: wgpu::Device,
    queue: wgpu::Queue,
    set: wgpu::QuerySet,
    resolve: wgpu::Buffer,
    read: wgpu::Buffer,
    written: u32,
}

impl Stamps {
    /// Queries for up to [`MAX_FRAMES`] frames, where the device has timestamps.
    pub fn new(device: &wgpu::Device, queue: &wgpu::Queue) -> Option<Stamps> {
        let needed =
            wgpu::Features::TIMESTAMP_QUERY | wgpu::Features::TIMESTAMP_QUERY_INSIDE_ENCODERS;
        if !device.features().contains(needed) {
            return None;
        }
        let count = 2 * MAX_FRAMES;
        let bytes = u64::from(count) * 8;
        let set = device.create_query_set(&wgpu::QuerySetDescriptor {
            label: Some("bench frames"),
            ty: wgpu::QueryType::Timestamp,
            count,
        });
        let buffer = |usage| {
            device.create_buffer(&wgpu::BufferDescriptor {
                label: Some("bench timestamps"),
                size: bytes,
                usage,
                mapped_at_creation: false,
            })
        };
        Some(Stamps {
            device: device.clone(),
            queue: queue.clone(),
            set,
            resolve: buffer(wgpu::BufferUsages::QUERY_RESOLVE | wgpu::BufferUsages::COPY_SRC),
            read: buffer(wgpu::BufferUsages::COPY_DST | wgpu::BufferUsages::MAP_READ),
            written: 0,
        })
    }

    /// Submits a timestamp: the start of a frame (`end` false) or its end.
    pub fn mark(&mut self, end: bool) {
        let index = self.written;
        if index >= 2 * MAX_FRAMES || (index % 2 == 1) != end {
            return;
        }
        let mut encoder = self
            .device
            .create_command_encoder(&wgpu::CommandEncoderDescriptor {
                label: Some("bench timestamp"),
            });
        encoder.write_timestamp(&self.set, index);
        self.queue.submit([encoder.finish()]);
        self.written += 1;
    }

    /// Seconds from each start to its end, after waiting for the queue; starts over.
    pub fn take(&mut self) -> Result<Vec<f64>, String> {
        let pairs = self.written / 2;
        self.written = 0;
        if pairs == 0 {
            return Ok(Vec::new());
        }
        let bytes = u64::from(pairs) * 16;
        let mut encoder = self
            .device
            .create_command_encoder(&wgpu::CommandEncoderDescriptor {
                label: Some("bench timestamps"),
            });
        encoder.resolve_query_set(&self.set, 0..2 * pairs, &self.resolve, 0);
        encoder.copy_buffer_to_buffer(&self.resolve, 0, &self.read, 0, bytes);
        self.queue.submit([encoder.finish()]);
        let slice = self.read.slice(..bytes);
        map_for_reading(&self.device, &slice, "timestamps")?;
        let period = f64::from(self.queue.get_timestamp_period()) * 1e-9;
        let spans = {
            let data = slice
                .get_mapped_range()
                .map_err(|e| format!("timestamps: {e:?}"))?;
            let tick = |b: &[u8]| u64::from_le_bytes(b.try_into().unwrap_or([0; 8]));
            data.chunks_exact(16)
                .map(|t| tick(&t[8..]).saturating_sub(tick(&t[..8])) as f64 * period)
                .collect()
        };
        self.read.unmap();
        Ok(spans)
    }
}
