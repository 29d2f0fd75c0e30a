//! The pass recorder, built for wgpu's cost model (a render pass and a submit cost far more
//! than a draw inside a pass): every draw between a clear and `present` (or a target switch,
//! a read-back, an upload to something the pending commands read, a target in a 16-bit format
//! quantised) goes into one render pass; one command encoder per frame is submitted once, after
//! the constant stream (`stream.rs`) is written.
//!
//! A `clear` does not open a pass: it becomes the load operations of the next one (Flash
//! content clears once per frame, so a frame is one pass). A clear after draws ends the pass.
//!
//! The draws of a pass are recorded into Molehill's own command list ([`PassCommands`], kept
//! from pass to pass with its capacity) and encoded into a wgpu render pass when the pass ends:
//! a draw allocates nothing once the list has grown to a frame's commands (wgpu's render pass
//! grows its own lists as commands arrive, and the frame's encoder is made at its first pass:
//! that happens where the pass ends, at `present`, a target switch or a read-back, not in the
//! VM's draw calls).

use super::counters::CallCounts;
use super::packed::Quantiser;
use super::pipeline::PackedKey;
use super::stream::ConstantStream;
use super::targets::Attachments;
use crate::gpu::Gpu;

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
    pub pipeline: Option<PackedKey>,
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
    /// The pass's commands, encoded when it ends.
    pub pass: PassCommands,
    /// Its bindings.
    pub bound: Bound,
    /// Its load operations (the clear pending when it began).
    clear: ClearOps,
}

/// One command of a render pass, holding what it binds (wgpu's handles are reference counted:
/// a clone allocates nothing).
#[derive(Debug)]
enum Command {
    Pipeline(wgpu::RenderPipeline),
    BindGroup {
        index: u32,
        group: wgpu::BindGroup,
        offsets: [u32; 2],
        offsets_len: u8,
    },
    VertexBuffer {
        slot: u32,
        buffer: wgpu::Buffer,
        range: (u64, u64),
    },
    IndexBuffer {
        buffer: wgpu::Buffer,
        range: (u64, u64),
        format: wgpu::IndexFormat,
    },
    StencilReference(u32),
    Scissor([u32; 4]),
    DrawIndexed {
        indices: std::ops::Range<u32>,
        base_vertex: i32,
        instances: std::ops::Range<u32>,
    },
}

/// A render pass's commands as the draws record them, with `wgpu::RenderPass`'s methods (the
/// subset Molehill uses); encoded into a wgpu pass when the pass ends ([`Recorder::end_pass`]).
#[derive(Debug, Default)]
pub struct PassCommands {
    commands: Vec<Command>,
}

impl PassCommands {
    /// `set_pipeline`.
    pub fn set_pipeline(&mut self, pipeline: &wgpu::RenderPipeline) {
        self.commands.push(Command::Pipeline(pipeline.clone()));
    }

    /// `set_bind_group` with at most two dynamic offsets (Molehill's groups have at most two).
    pub fn set_bind_group(&mut self, index: u32, group: &wgpu::BindGroup, offsets: &[u32]) {
        let mut kept = [0u32; 2];
        let n = offsets.len().min(2);
        kept[..n].copy_from_slice(&offsets[..n]);
        self.commands.push(Command::BindGroup {
            index,
            group: group.clone(),
            offsets: kept,
            offsets_len: n as u8,
        });
    }

    /// `set_vertex_buffer`.
    pub fn set_vertex_buffer(&mut self, slot: u32, slice: wgpu::BufferSlice<'_>) {
        self.commands.push(Command::VertexBuffer {
            slot,
            buffer: slice.buffer().clone(),
            range: (slice.offset(), crate::compat::slice_size(&slice)),
        });
    }

    /// `set_index_buffer`.
    pub fn set_index_buffer(&mut self, slice: wgpu::BufferSlice<'_>, format: wgpu::IndexFormat) {
        self.commands.push(Command::IndexBuffer {
            buffer: slice.buffer().clone(),
            range: (slice.offset(), crate::compat::slice_size(&slice)),
            format,
        });
    }

    /// `set_stencil_reference`.
    pub fn set_stencil_reference(&mut self, reference: u32) {
        self.commands.push(Command::StencilReference(reference));
    }

    /// `set_scissor_rect`.
    pub fn set_scissor_rect(&mut self, x: u32, y: u32, width: u32, height: u32) {
        self.commands.push(Command::Scissor([x, y, width, height]));
    }

    /// `draw_indexed`.
    pub fn draw_indexed(
        &mut self,
        indices: std::ops::Range<u32>,
        base_vertex: i32,
        instances: std::ops::Range<u32>,
    ) {
        self.commands.push(Command::DrawIndexed {
            indices,
            base_vertex,
            instances,
        });
    }

    /// Encodes the commands into `pass` and empties the list (its capacity kept).
    fn encode_into(&mut self, pass: &mut wgpu::RenderPass<'_>) {
        for c in self.commands.drain(..) {
            match c {
                Command::Pipeline(p) => pass.set_pipeline(&p),
                Command::BindGroup {
                    index,
                    group,
                    offsets,
                    offsets_len,
                } => pass.set_bind_group(index, &group, &offsets[..usize::from(offsets_len)]),
                Command::VertexBuffer {
                    slot,
                    buffer,
                    range: (at, size),
                } => pass.set_vertex_buffer(slot, buffer.slice(at..at + size)),
                Command::IndexBuffer {
                    buffer,
                    range: (at, size),
                    format,
                } => pass.set_index_buffer(buffer.slice(at..at + size), format),
                Command::StencilReference(r) => pass.set_stencil_reference(r),
                Command::Scissor([x, y, w, h]) => pass.set_scissor_rect(x, y, w, h),
                Command::DrawIndexed {
                    indices,
                    base_vertex,
                    instances,
                } => pass.draw_indexed(indices, base_vertex, instances),
            }
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
    /// Brings packed (16-bit format) targets to their bits when asked; made on first use.
    quantiser: Option<Quantiser>,
    /// The command list of the last pass, empty, for the next one (its capacity kept).
    spare: PassCommands,
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
        self.encoder.is_some() || self.pass.is_some() || self.pending_clear.is_some()
    }

    /// Records a clear of `target`: the load operations of its next pass.
    pub fn clear(
        &mut self,
        device: &wgpu::Device,
        target: &Attachments,
        ops: ClearOps,
        counters: &mut CallCounts,
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
    pub fn end_pass(&mut self, device: &wgpu::Device, counters: &mut CallCounts) {
        if self.pass.is_none() && self.pending_clear.is_some() {
            if let Some(target) = self.target.clone() {
                // The pass does nothing but its clear, and ends at once.
                self.pass = Some(self.begin(device, &target, counters));
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
        if let (Some(mut open), Some(target)) = (self.pass.take(), &self.target) {
            let encoder = self.encoder.get_or_insert_with(|| new_encoder(device));
            encode(encoder, target, &mut open);
            self.spare = open.pass;
        }
        self.target = None;
        self.pending_clear = None;
    }

    /// Ends the pass and records the quantisation of `target`'s colour attachments in 16-bit
    /// Flash formats (`packed.rs`), when context3d's schedule says (`msaa_copy`:
    /// `Caps::msaa_copy`).
    pub fn quantise(
        &mut self,
        device: &wgpu::Device,
        target: &Attachments,
        msaa_copy: bool,
        counters: &mut CallCounts,
    ) {
        self.end_pass(device, counters);
        let quantiser = self
            .quantiser
            .get_or_insert_with(|| Quantiser::new(device, msaa_copy));
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
        counters: &mut CallCounts,
    ) -> &mut OpenPass {
        let same = self.target.as_ref().is_some_and(|t| same_target(t, target));
        if !same {
            self.end_pass(device, counters);
        }
        // The open pass stays where it is (moving it in and out of the option at each draw
        // copied it three times a draw).
        let Recorder {
            pass,
            target: current,
            pending_clear,
            spare,
            ..
        } = self;
        pass.get_or_insert_with(|| {
            let mut parts = PassParts {
                target: current,
                pending_clear,
                spare,
            };
            parts.begin(device, target, counters)
        })
    }

    fn begin(
        &mut self,
        device: &wgpu::Device,
        target: &Attachments,
        counters: &mut CallCounts,
    ) -> OpenPass {
        PassParts {
            target: &mut self.target,
            pending_clear: &mut self.pending_clear,
            spare: &mut self.spare,
        }
        .begin(device, target, counters)
    }

    /// Ends the pass and hands over the frame's encoder (for copies after the pass), creating
    /// one when none is open.
    pub fn encoder_after_pass(
        &mut self,
        device: &wgpu::Device,
        counters: &mut CallCounts,
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
        counters: &mut CallCounts,
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
    target: &'a mut Option<Attachments>,
    pending_clear: &'a mut Option<ClearOps>,
    spare: &'a mut PassCommands,
}

fn new_encoder(device: &wgpu::Device) -> wgpu::CommandEncoder {
    device.create_command_encoder(&wgpu::CommandEncoderDescriptor {
        label: Some("frame"),
    })
}

impl PassParts<'_> {
    /// Begins a pass on `target` with the pending clear's load operations (encoded with its
    /// commands when it ends).
    fn begin(
        &mut self,
        _device: &wgpu::Device,
        target: &Attachments,
        counters: &mut CallCounts,
    ) -> OpenPass {
        let clear = self.pending_clear.take().unwrap_or_default();
        counters.passes += 1;
        *self.target = Some(target.clone());
        OpenPass {
            pass: std::mem::take(self.spare),
            bound: Bound::default(),
            clear,
        }
    }
}

/// Encodes `open` (its load operations, then its commands) as a render pass on `target`.
fn encode(encoder: &mut wgpu::CommandEncoder, target: &Attachments, open: &mut OpenPass) {
    let clear = open.clear;
    let colors: [Option<wgpu::RenderPassColorAttachment<'_>>; 4] = std::array::from_fn(|slot| {
        target.colors[slot]
            .as_ref()
            .map(|c| wgpu::RenderPassColorAttachment {
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
    });
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
    let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
        label: Some("stage3d"),
        color_attachments: &colors,
        depth_stencil_attachment: depth,
        timestamp_writes: None,
        occlusion_query_set: None,
        // compat.rs: wgpu 27 has no `multiview_mask` on a pass.
        #[cfg(not(feature = "wgpu27"))]
        multiview_mask: None,
    });
    open.pass.encode_into(&mut pass);
}

fn same_target(a: &Attachments, b: &Attachments) -> bool {
    let colors = a.colors.iter().zip(&b.colors).all(|(x, y)| match (x, y) {
        (Some(x), Some(y)) => x.view == y.view,
        (None, None) => true,
        _ => false,
    });
    colors && a.depth == b.depth && a.samples == b.samples
}
