//! What a context remembers between calls: render state, bindings, constants, render targets,
//! and the per-frame bookkeeping of the back buffer.

use molehill_agal::{Filter, MipFilter, Wrap};

use crate::backend::{
    BackBufferConfig, ConstantRange, DrawChanges, RenderChanges, RenderState, RenderTarget,
    VertexFormat, MAX_SAMPLERS, MAX_STREAMS,
};
use crate::constants::Changed;
use crate::resources::handles::{Program3D, TextureBase, VertexBuffer3D};

/// `setVertexBufferAt(index, buffer, bufferOffset, format)` for one attribute slot.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct StreamBinding {
    pub buffer: VertexBuffer3D,
    /// `bufferOffset`, in 32-bit words.
    pub offset: u32,
    pub format: VertexFormat,
}

/// The wrap/filter/mip state of one sampler, as `setProgram` and `setSamplerStateAt` leave it
/// (semantics.md, "State precedence for samplers").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct SamplerSetting {
    pub wrap: Wrap,
    pub filter: Filter,
    pub mip: MipFilter,
}

/// One colour slot of `setRenderToTexture`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct TargetSlot {
    pub texture: TextureBase,
    pub face: u8,
}

/// Whether the back buffer may be drawn to (#3777 / #3692).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) enum ClearStatus {
    /// Configured (or never) and not cleared since: a draw is #3777.
    #[default]
    NeverCleared,
    /// Cleared this frame.
    Cleared,
    /// Presented and not cleared since: a draw is #3692.
    Presented,
}

/// The fixed-function state, bindings and targets.
#[derive(Debug)]
pub(crate) struct State {
    /// The fixed-function render state as the `set*` calls left it.
    pub render: RenderState,
    pub program: Option<Program3D>,
    pub streams: [Option<StreamBinding>; MAX_STREAMS],
    /// Bit `i`: `streams[i]` is bound (kept by `setVertexBufferAt`, read by the draw).
    pub stream_mask: u32,
    pub textures: [Option<TextureBase>; MAX_SAMPLERS],
    /// Bit `i`: `textures[i]` is bound (kept by `setTextureAt`, read by the draw).
    pub texture_mask: u32,
    pub samplers: [SamplerSetting; MAX_SAMPLERS],
    pub vertex_constants: Vec<[f32; 4]>,
    pub fragment_constants: Vec<[f32; 4]>,
    /// The registers of each file (vertex, fragment) written with new values since the last
    /// draw was sent (`crate::constants`).
    pub constants_changed: [Changed; 2],
    /// `true` after `setRenderToTexture`, `false` after `setRenderToBackBuffer`.
    pub to_texture: bool,
    pub targets: [Option<TargetSlot>; 4],
    pub target_depth_and_stencil: bool,
    pub target_anti_alias: u8,
    /// The render state the backend has (sent with the last draw).
    pub sent: RenderState,
    /// Whether a `set*` call changed the render state since the last draw was sent.
    pub render_changed: bool,
    /// The render target the backend has (sent lazily at the next clear or draw).
    pub sent_target: RenderTarget,
    /// Bumped whenever something a draw's stream resolution reads may have changed (a
    /// `setVertexBufferAt` that changes a slot, a vertex buffer disposed): a program's
    /// cached resolution (`crate::draw::ResolvedCache`) of an older epoch is redone.
    pub streams_epoch: u64,
    /// The same for sampler resolution: `setTextureAt`, `setSamplerStateAt` and `setProgram`
    /// when they change a slot, render-target changes, a texture disposed.
    pub samplers_epoch: u64,
}

impl State {
    /// Flash's initial state, with constant files of the given sizes.
    pub fn new(vertex_constants: usize, fragment_constants: usize) -> State {
        State {
            render: RenderState::default(),
            program: None,
            streams: [None; MAX_STREAMS],
            stream_mask: 0,
            textures: [None; MAX_SAMPLERS],
            texture_mask: 0,
            samplers: [SamplerSetting::default(); MAX_SAMPLERS],
            vertex_constants: vec![[0.0; 4]; vertex_constants],
            fragment_constants: vec![[0.0; 4]; fragment_constants],
            constants_changed: [Changed::default(); 2],
            to_texture: false,
            targets: [None; 4],
            target_depth_and_stencil: false,
            target_anti_alias: 0,
            sent: RenderState::default(),
            render_changed: false,
            sent_target: RenderTarget::BackBuffer,
            streams_epoch: 1,
            samplers_epoch: 1,
        }
    }

    /// What a `set*` call changed since the last draw was sent, against what the backend
    /// has, which from now on is the current state.
    pub fn take_render_changes(&mut self) -> RenderChanges {
        if !std::mem::take(&mut self.render_changed) {
            return RenderChanges::default();
        }
        fn change<T: PartialEq + Copy>(sent: &mut T, now: T) -> Option<T> {
            (*sent != now).then(|| {
                *sent = now;
                now
            })
        }
        let sent = &mut self.sent;
        RenderChanges {
            blend: change(&mut sent.blend, self.render.blend),
            color_mask: change(&mut sent.color_mask, self.render.color_mask),
            culling: change(&mut sent.culling, self.render.culling),
            depth: change(&mut sent.depth, self.render.depth),
            stencil: change(&mut sent.stencil, self.render.stencil),
            scissor: change(&mut sent.scissor, self.render.scissor),
        }
    }
}

/// The frame being drawn: the back buffer's configuration and the bookkeeping between two
/// `present`s (what a presented frame looks like is a backend's: `FrameTexture`, `FramePixels`).
#[derive(Debug, Default)]
pub(crate) struct FrameState {
    pub back_buffer: Option<BackBufferConfig>,
    pub clear: ClearStatus,
    /// Draws since the last `present`.
    pub draws: u32,
    /// The back buffer was filled yellow or green this frame (a draw without `clear`).
    pub filled: bool,
    /// How many frames were filled so far (even: yellow, odd: green).
    pub fills: u32,
}

// The calls that set state and bindings.

/// The indices of the set bits of `mask`, lowest first: the slots one of the masks of
/// [`State`] or [`crate::resources::programs::ProgramUsage`] names.
pub(crate) fn set_bits(mut mask: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let i = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            i
        })
    })
}

/// `render` and the registers `state`'s files changed since the last draw was sent, as the
/// backend takes them.
pub(crate) fn changes(state: &State, render: RenderChanges) -> DrawChanges<'_> {
    DrawChanges {
        render,
        vertex_constants: stage_changes(&state.vertex_constants, state.constants_changed[0]),
        fragment_constants: stage_changes(&state.fragment_constants, state.constants_changed[1]),
    }
}

fn stage_changes(file: &[[f32; 4]], changed: Changed) -> Option<ConstantRange<'_>> {
    let r = changed.range()?;
    Some((u16::try_from(r.start).ok()?, file.get(r)?))
}
