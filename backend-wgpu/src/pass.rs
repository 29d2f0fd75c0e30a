//! The pass recorder, built for wgpu's cost model (a render pass and a submit cost far more
//! than a draw inside a pass): every draw between a clear and `present` (or a target switch,
//! a read-back, an upload to something the pending commands read) goes into one render pass;
//! one command encoder per frame is submitted once; the constant files and the per-draw
//! uniforms stream through one uniform buffer per frame, bound at dynamic offsets.
//!
//! A `clear` does not open a pass: it becomes the load operations of the next one (Flash
//! content clears once per frame, so a frame is one pass). A clear after draws ends the pass.

use crate::device::Gpu;
use crate::pipeline::CONSTANT_BINDING_SIZE;
use crate::resources::Counters;
use crate::targets::Attachments;

/// What a pending clear does to each buffer (`None`: keep it).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct ClearOps {
    /// Colour.
    pub color: Option<[f32; 4]>,
    /// Depth.
    pub depth: Option<f32>,
    /// Stencil.
    pub stencil: Option<u8>,
}

impl ClearOps {
    fn merge(&mut self, later: ClearOps) {
        self.color = later.color.or(self.color);
        self.depth = later.depth.or(self.depth);
        self.stencil = later.stencil.or(self.stencil);
    }
}

/// What is bound in the open pass (to skip redundant `set_*` calls).
#[derive(Debug, Default)]
pub struct Bound {
    /// The pipeline.
    pub pipeline: Option<crate::pipeline::PackedKey>,
    /// The `@group(2)` bind group (the bytes it binds of `vc`) and its dynamic offset.
    pub vertex_uniforms: Option<(u64, u32)>,
    /// The `@group(0)` bind group (the bytes it binds of `fc`) and its dynamic offsets.
    pub fragment_uniforms: Option<(u64, [u32; 2])>,
    /// The `@group(1)` bind group (its cache index).
    pub textures: Option<u64>,
    /// Vertex buffer per slot: buffer id and byte offset.
    pub vertex:
        [Option<(molehill_context3d::VertexBufferId, u64)>; molehill_context3d::MAX_STREAMS],
    /// The index buffer.
    pub index: Option<molehill_context3d::IndexBufferId>,
    /// The stencil reference.
    pub stencil_reference: Option<u32>,
    /// The scissor rectangle.
    pub scissor: Option<[u32; 4]>,
    /// The target's textures are marked read by the pending commands (`used_in`).
    pub marked_target: bool,
}

/// An open render pass and what it has bound.
#[derive(Debug)]
pub struct OpenPass {
    /// The pass.
    pub pass: wgpu::RenderPass<'static>,
    /// Its bindings.
    pub bound: Bound,
}

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
        counters: &mut Counters,
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
            let len = crate::resources::align4(self.staging.len() as u64) as usize;
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

/// The frame's encoder, the open pass and the pending clear.
#[derive(Debug, Default)]
pub struct Recorder {
    // The pass is declared (so dropped) before the encoder it records into.
    pass: Option<OpenPass>,
    encoder: Option<wgpu::CommandEncoder>,
    /// The target of the open pass or of the pending clear.
    target: Option<Attachments>,
    pending_clear: Option<ClearOps>,
    /// Brings packed (16-bit format) targets to their bits after each pass; made on first use.
    quantiser: Option<crate::packed::Quantiser>,
    /// Frames (submissions) so far: a resource whose `used_in` equals it is read by the
    /// commands not yet submitted.
    pub frame: u64,
}

impl Recorder {
    /// A recorder with nothing recorded (frame 1: resources start at `used_in` 0).
    pub fn new() -> Recorder {
        Recorder {
            frame: 1,
            ..Recorder::default()
        }
    }

    fn encoder(&mut self, device: &wgpu::Device) -> &mut wgpu::CommandEncoder {
        self.encoder.get_or_insert_with(|| new_encoder(device))
    }

    /// Whether commands wait to be submitted.
    pub fn has_work(&self) -> bool {
        self.encoder.is_some() || self.pending_clear.is_some()
    }

    /// Records a clear of `target`: the load operations of its next pass.
    pub fn clear(
        &mut self,
        device: &wgpu::Device,
        target: &Attachments,
        ops: ClearOps,
        counters: &mut Counters,
    ) {
        // A pass with draws ends; a pending clear of another target runs first.
        let other = self
            .target
            .as_ref()
            .is_some_and(|t| !same_target(t, target));
        if self.pass.is_some() || other {
            self.end_pass(device, counters);
        }
        self.target = Some(target.clone());
        match &mut self.pending_clear {
            Some(p) => p.merge(ops),
            None => self.pending_clear = Some(ops),
        }
    }

    /// Ends the open pass (or runs a pending clear as a pass of its own).
    pub fn end_pass(&mut self, device: &wgpu::Device, counters: &mut Counters) {
        if self.pass.is_none() && self.pending_clear.is_some() {
            if let Some(target) = self.target.clone() {
                // The pass does nothing but its clear, and ends at once.
                drop(self.begin(device, &target, counters));
            }
        }
        if let (Some(open), Some(target)) = (&mut self.pass, &self.target) {
            // wgpu's GL backend resolves a multisampled attachment at the end of the pass with
            // a blit that the pass's last scissor rectangle clips (pixels outside it stayed
            // unresolved): end every scissored pass with the whole target.
            let (w, h) = target.size;
            let whole = [0, 0, w.max(1), h.max(1)];
            if target.samples > 1 && open.bound.scissor.is_some_and(|s| s != whole) {
                open.pass.set_scissor_rect(0, 0, whole[2], whole[3]);
            }
        }
        self.pass = None;
        self.target = None;
        self.pending_clear = None;
    }

    /// Ends the pass and records the quantisation of `target`'s colour attachments in 16-bit
    /// Flash formats ([`crate::packed`]), when context3d's schedule says.
    pub fn quantise(
        &mut self,
        device: &wgpu::Device,
        target: &Attachments,
        counters: &mut Counters,
    ) {
        self.end_pass(device, counters);
        let quantiser = self
            .quantiser
            .get_or_insert_with(|| crate::packed::Quantiser::new(device));
        let encoder = self.encoder.get_or_insert_with(|| new_encoder(device));
        for c in target.colors.iter().flatten() {
            if let Some(packed) = &c.packed {
                let views = (&c.view, c.resolve.as_ref());
                let passes = quantiser.record(device, encoder, packed, views, target.size);
                counters.passes += passes;
                counters.packed_quantised += 1;
            }
        }
    }

    /// The open pass on `target`, begun (with the pending clear's load operations) when
    /// none is open or the open one is on another target.
    pub fn pass(
        &mut self,
        device: &wgpu::Device,
        target: &Attachments,
        counters: &mut Counters,
    ) -> &mut OpenPass {
        let same = self.target.as_ref().is_some_and(|t| same_target(t, target));
        if !same {
            self.end_pass(device, counters);
        }
        // The open pass stays where it is (moving it in and out of the option at each draw
        // copied it three times a draw).
        let Recorder {
            pass,
            encoder,
            target: current,
            pending_clear,
            ..
        } = self;
        pass.get_or_insert_with(|| {
            let mut parts = PassParts {
                encoder,
                target: current,
                pending_clear,
            };
            parts.begin(device, target, counters)
        })
    }

    fn begin(
        &mut self,
        device: &wgpu::Device,
        target: &Attachments,
        counters: &mut Counters,
    ) -> OpenPass {
        PassParts {
            encoder: &mut self.encoder,
            target: &mut self.target,
            pending_clear: &mut self.pending_clear,
        }
        .begin(device, target, counters)
    }

    /// Ends the pass and hands over the frame's encoder (for copies after the pass), creating
    /// one when none is open.
    pub fn encoder_after_pass(
        &mut self,
        device: &wgpu::Device,
        counters: &mut Counters,
    ) -> &mut wgpu::CommandEncoder {
        self.end_pass(device, counters);
        self.encoder(device)
    }

    /// Ends the pass, writes the constant stream and submits the frame's commands (nothing
    /// when there are none). Returns whether something was submitted.
    pub fn submit(
        &mut self,
        gpu: &Gpu,
        stream: &mut ConstantStream,
        counters: &mut Counters,
    ) -> bool {
        self.end_pass(&gpu.device, counters);
        stream.flush(gpu);
        let Some(encoder) = self.encoder.take() else {
            return false;
        };
        gpu.queue.submit([encoder.finish()]);
        counters.submits += 1;
        self.frame += 1;
        true
    }

    /// Drops everything recorded and not submitted (the device is gone).
    pub fn abandon(&mut self) {
        self.pass = None;
        self.quantiser = None;
        self.target = None;
        self.pending_clear = None;
        self.encoder = None;
    }
}

/// The recorder's fields a pass begins with (borrowed apart from the pass itself).
struct PassParts<'a> {
    encoder: &'a mut Option<wgpu::CommandEncoder>,
    target: &'a mut Option<Attachments>,
    pending_clear: &'a mut Option<ClearOps>,
}

fn new_encoder(device: &wgpu::Device) -> wgpu::CommandEncoder {
    device.create_command_encoder(&wgpu::CommandEncoderDescriptor {
        label: Some("frame"),
    })
}

impl PassParts<'_> {
    /// Begins a pass on `target` with the pending clear's load operations.
    fn begin(
        &mut self,
        device: &wgpu::Device,
        target: &Attachments,
        counters: &mut Counters,
    ) -> OpenPass {
        let clear = self.pending_clear.take().unwrap_or_default();
        let colors: Vec<Option<wgpu::RenderPassColorAttachment<'_>>> = target
            .colors
            .iter()
            .map(|c| {
                c.as_ref().map(|c| wgpu::RenderPassColorAttachment {
                    view: &c.view,
                    depth_slice: None,
                    resolve_target: c.resolve.as_ref(),
                    ops: wgpu::Operations {
                        load: match clear.color {
                            Some(color) => wgpu::LoadOp::Clear({
                                // A packed target holds its format's colour from the start:
                                // a draw in this pass blends over that.
                                let [r, g, b, a] = match &c.packed {
                                    Some(p) => p.packing.clear_color(color),
                                    None => color,
                                };
                                wgpu::Color {
                                    r: f64::from(r),
                                    g: f64::from(g),
                                    b: f64::from(b),
                                    a: f64::from(a),
                                }
                            }),
                            None => wgpu::LoadOp::Load,
                        },
                        store: wgpu::StoreOp::Store,
                    },
                })
            })
            .collect();
        let depth = target
            .depth
            .as_ref()
            .map(|view| wgpu::RenderPassDepthStencilAttachment {
                view,
                depth_ops: Some(wgpu::Operations {
                    load: clear.depth.map_or(wgpu::LoadOp::Load, wgpu::LoadOp::Clear),
                    store: wgpu::StoreOp::Store,
                }),
                stencil_ops: Some(wgpu::Operations {
                    load: clear
                        .stencil
                        .map_or(wgpu::LoadOp::Load, |s| wgpu::LoadOp::Clear(u32::from(s))),
                    store: wgpu::StoreOp::Store,
                }),
            });
        let encoder = self.encoder.get_or_insert_with(|| new_encoder(device));
        let pass = encoder
            .begin_render_pass(&wgpu::RenderPassDescriptor {
                label: Some("stage3d"),
                color_attachments: &colors,
                depth_stencil_attachment: depth,
                timestamp_writes: None,
                occlusion_query_set: None,
                multiview_mask: None,
            })
            .forget_lifetime();
        counters.passes += 1;
        *self.target = Some(target.clone());
        OpenPass {
            pass,
            bound: Bound::default(),
        }
    }
}

fn same_target(a: &Attachments, b: &Attachments) -> bool {
    let colors = a.colors.iter().zip(&b.colors).all(|(x, y)| match (x, y) {
        (Some(x), Some(y)) => x.view == y.view,
        (None, None) => true,
        _ => false,
    });
    colors && a.depth == b.depth && a.samples == b.samples
}
