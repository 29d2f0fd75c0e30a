//! The constant stream: the constant files and the per-draw uniforms of a frame go through one
//! uniform buffer, bound at dynamic offsets; a draw appends only the registers its program
//! reads, and only when they changed. The buffer is written once, before the frame's submit
//! (`pass.rs`), and doubles after a frame that filled it.

use super::buffers::align4;
use super::counters::CallCounts;
use crate::gpu::Gpu;

/// Bytes bound for each constant file: 256 registers, more than any profile has (vc 250,
/// fc 200), so one bind group serves every program.
pub const CONSTANT_BINDING_SIZE: u64 = 256 * 16;

/// The layouts of the two uniform groups (`molehill_agal::wgsl`'s binding contract).
#[derive(Debug)]
pub struct UniformLayouts {
    /// `@group(2)`: `vc`, vertex stage.
    pub vertex: wgpu::BindGroupLayout,
    /// `@group(0)`: `fc` and the per-draw values, fragment stage.
    pub fragment: wgpu::BindGroupLayout,
}

/// The per-frame uniform buffer the constants and per-draw values stream through.
#[derive(Debug)]
pub struct ConstantStream {
    staging: Vec<u8>,
    buffer: wgpu::Buffer,
    capacity: u64,
    /// The uniform bind groups over `buffer`, by stage (0: `@group(2)`, `vc`; 1:
    /// `@group(0)`, `fc` and the per-draw values) and the bytes bound for the stage's file
    /// (the size the program declares: a driver may copy the whole bound range at each
    /// draw, so it is bound no larger than the shader reads).
    bind_groups: rustc_hash::FxHashMap<(usize, u64), wgpu::BindGroup>,
    align: u64,
    /// `vc` and `fc` as the context holds them (256 registers each).
    files: [Vec<[f32; 4]>; 2],
    /// Per stage: (offset in the frame's stream, registers written there), `None` when the
    /// file changed since (or nothing was written this frame).
    written: [Option<(u32, u16)>; 2],
    /// The per-draw bytes last written and their offset.
    draw: Option<([u8; molehill_agal::wgsl::DRAW_SIZE as usize], u32)>,
    /// Bytes the next frame's buffer should hold at least (grows after an overflow).
    wanted: u64,
}

/// Room one draw may need: both files whole, the draw values, alignment.
fn worst_case(align: u64) -> u64 {
    2 * (CONSTANT_BINDING_SIZE + align) + molehill_agal::wgsl::DRAW_SIZE + align
}

fn make_stream_buffer(device: &wgpu::Device, capacity: u64) -> wgpu::Buffer {
    device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("constants stream"),
        size: capacity,
        usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
        mapped_at_creation: false,
    })
}

impl ConstantStream {
    /// A stream of `capacity` bytes (at least room for a few draws).
    pub fn new(device: &wgpu::Device, capacity: u64) -> Self {
        let align = u64::from(device.limits().min_uniform_buffer_offset_alignment).max(16);
        let capacity = capacity.max(4 * worst_case(align) + CONSTANT_BINDING_SIZE);
        ConstantStream {
            staging: Vec::with_capacity(capacity as usize),
            buffer: make_stream_buffer(device, capacity),
            capacity,
            bind_groups: rustc_hash::FxHashMap::default(),
            align,
            files: [vec![[0.0; 4]; 256], vec![[0.0; 4]; 256]],
            written: [None, None],
            draw: None,
            wanted: capacity,
        }
    }

    /// The bytes a stage's uniform group binds of its file for a program declaring
    /// `registers` of it: with the stage, the key of its group while the buffer lives. A
    /// stage with no constant file still has its (unused) binding: 16 bytes.
    pub fn bound_bytes(registers: u16) -> u64 {
        16 * u64::from(registers.max(1))
    }

    /// The uniform bind group of `stage` (0 vertex: `@group(2)`; 1 fragment: `@group(0)`)
    /// for a program declaring `registers` of the stage's file, made on first use (see
    /// [`ConstantStream::bound_bytes`]).
    pub fn bind_group(
        &mut self,
        device: &wgpu::Device,
        layouts: &UniformLayouts,
        stage: usize,
        registers: u16,
    ) -> &wgpu::BindGroup {
        use molehill_agal::wgsl::{DRAW_BINDING, DRAW_SIZE};
        use molehill_agal::wgsl::{FRAGMENT_CONSTANTS_BINDING, VERTEX_CONSTANTS_BINDING};
        let bytes = Self::bound_bytes(registers);
        let buffer = &self.buffer;
        let group = self.bind_groups.entry((stage, bytes)).or_insert_with(|| {
            let entry = |binding: u32, size: u64| wgpu::BindGroupEntry {
                binding,
                resource: wgpu::BindingResource::Buffer(wgpu::BufferBinding {
                    buffer,
                    offset: 0,
                    size: wgpu::BufferSize::new(size),
                }),
            };
            if stage == 0 {
                device.create_bind_group(&wgpu::BindGroupDescriptor {
                    label: Some("vertex uniforms"),
                    layout: &layouts.vertex,
                    entries: &[entry(VERTEX_CONSTANTS_BINDING, bytes)],
                })
            } else {
                device.create_bind_group(&wgpu::BindGroupDescriptor {
                    label: Some("fragment uniforms"),
                    layout: &layouts.fragment,
                    entries: &[
                        entry(FRAGMENT_CONSTANTS_BINDING, bytes),
                        entry(DRAW_BINDING, DRAW_SIZE),
                    ],
                })
            }
        });
        group
    }

    /// Records constant registers of `stage` (0 vertex, 1 fragment).
    pub fn set(&mut self, stage: usize, first: usize, values: &[[f32; 4]]) {
        let file = &mut self.files[stage];
        let end = (first + values.len()).min(file.len());
        if first >= end {
            return;
        }
        file[first..end].copy_from_slice(&values[..end - first]);
        self.written[stage] = None;
    }

    /// Whether the frame's stream has room for one more draw (else submit first).
    pub fn has_room(&self) -> bool {
        self.staging.len() as u64 + worst_case(self.align) + CONSTANT_BINDING_SIZE <= self.capacity
    }

    /// Pads the stream to the offset alignment; returns that offset.
    fn align_end(&mut self) -> u32 {
        let offset = (self.staging.len() as u64).div_ceil(self.align) * self.align;
        self.staging.resize(offset as usize, 0);
        offset as u32
    }

    fn push(&mut self, bytes: &[u8]) -> u32 {
        let offset = self.align_end();
        self.staging.extend_from_slice(bytes);
        offset
    }

    /// The dynamic offsets of a draw whose program declares `registers` of each file, with
    /// per-draw values `draw`; appends what changed since the last draw. Counts the bytes.
    pub fn offsets(
        &mut self,
        registers: [u16; 2],
        draw: &[u8; molehill_agal::wgsl::DRAW_SIZE as usize],
        counters: &mut CallCounts,
    ) -> [u32; 3] {
        let mut offsets = [0u32; 3];
        for stage in 0..2 {
            let n = registers[stage];
            match self.written[stage] {
                Some((offset, written)) if written >= n => offsets[stage] = offset,
                _ if n == 0 => offsets[stage] = 0,
                _ => {
                    let before = self.staging.len();
                    let offset = self.align_end();
                    let file = &self.files[stage][..usize::from(n)];
                    self.staging.extend_from_slice(bytemuck::cast_slice(file));
                    counters.constant_bytes += (self.staging.len() - before) as u64;
                    self.written[stage] = Some((offset, n));
                    offsets[stage] = offset;
                }
            }
        }
        offsets[2] = match &self.draw {
            Some((bytes, offset)) if bytes == draw => *offset,
            _ => {
                let offset = self.push(draw);
                counters.constant_bytes += draw.len() as u64;
                self.draw = Some((*draw, offset));
                offset
            }
        };
        offsets
    }

    /// Writes the frame's stream to the GPU buffer (before the frame's commands are
    /// submitted) and starts a new one; grows the buffer when the frame filled it.
    pub fn flush(&mut self, gpu: &Gpu) {
        if !self.staging.is_empty() {
            let len = align4(self.staging.len() as u64) as usize;
            self.staging.resize(len, 0);
            gpu.queue.write_buffer(&self.buffer, 0, &self.staging);
        }
        if !self.has_room() {
            self.wanted = (self.capacity * 2).min(64 << 20);
        }
        self.staging.clear();
        self.written = [None, None];
        self.draw = None;
        if self.wanted > self.capacity {
            self.capacity = self.wanted;
            self.buffer = make_stream_buffer(&gpu.device, self.capacity);
            self.bind_groups.clear();
            self.staging.reserve(self.capacity as usize);
        }
    }
}
