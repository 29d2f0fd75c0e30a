//! The backend trait: what reaches a renderer once every Flash check has passed, and every type
//! that crosses it.
//!
//! # Contract
//!
//! *Validate above, trust below.* [`crate::Context3D`] checks every argument, every resource
//! handle and every draw-time rule before it calls a [`Backend`] method, so a backend may assume:
//!
//! - every id it receives was created by a `create_*` call of the same kind and not yet disposed
//!   (ids are never reused: an id names one object for the whole life of the context);
//! - every upload fits: `byte_offset + data` lies within the buffer, a texture upload's `face`,
//!   `level`, `width`, `height` and data length agree with the texture's [`TextureDesc`];
//! - every draw names a linked program, streams and textures that exist, an index range inside
//!   its index buffer, and a render target that is configured.
//!
//! A backend returns [`BackendError`] only for what nobody could foresee: a lost context, memory
//! exhaustion, a driver that refuses a shader, and (with `enableErrorChecking` on) any error the
//! driver reports. Anything else is a bug in this crate, and a backend may treat it as an
//! invariant break.
//!
//! # Errors of calls that return nothing
//!
//! `clear` and `set_render_target` (and the `set_*`, `dispose_*` calls) return `()`. With error
//! checking on, a backend keeps the error such a call met and hands it over through
//! [`Backend::take_error`], which [`crate::Context3D`] asks right after `clear` and
//! `set_render_target`, so the error is thrown by the AS3 call that caused it.
//!
//! # A lost context
//!
//! Once a backend reports [`BackendError::ContextLost`] (or [`Backend::is_lost`] says so), the
//! context counts as lost: every resource is disposed, every later call is #3694 and
//! `driverInfo` is `"Disposed"` (how Flash content detects a device loss).
//!
//! # State changes reach the backend with the next draw, only when they change
//!
//! The fixed-function render state (blend factors, colour mask, culling, depth test, stencil,
//! scissor) and the program constants are kept by [`crate::Context3D`], and reach the backend
//! **with the next draw** ([`Backend::draw_with_changes`] and its [`DrawChanges`]), **only
//! where they differ from what was last sent** to this backend: `setCulling("back")` twice,
//! or `"back"` then `"none"` then `"back"` between two draws, changes nothing when the backend
//! has `"back"`; constants go as one range of registers per stage covering those written with
//! new values. A `set*` call itself costs no backend call, however many come between two
//! draws. The default of `draw_with_changes` hands each change to its `set_*` method (those
//! methods are also there for a caller that drives a backend directly). The backend starts
//! with Flash's defaults (the [`Default`] of each state struct, see their docs; the render
//! target starts as [`RenderTarget::BackBuffer`]) and keeps each state until told otherwise;
//! it must not reset it on `configure_back_buffer`, `set_render_target`, `clear` or `present`.
//! A clear uses none of this state (see [`Clear`]).
//!
//! The render target is sent at the next `clear` or draw instead: `setRenderToTexture` may
//! name its slots in any order, so the slots are checked together and
//! [`Backend::set_render_target`] is sent before the `clear` or draw that needs it, again only
//! when it differs from the last one sent. A texture may be disposed while it is the
//! backend's current target; context3d then sends a new target before the next clear or draw.
//!
//! What depends on the current program (which streams and samplers are read, the resolved
//! sampler state) is resolved at draw time and carried whole by [`ResolvedDraw`]; a backend's
//! own cache decides what to rebind.
//!
//! # Pixel conventions
//!
//! Rows are top row first everywhere (uploads, render targets, read-back), as in Flash: `v = 0`
//! is the first uploaded row, row 0 of a render target is its top. Where GL's orientation differs
//! the backend flips once, internally.

mod draw;
mod forward;
mod ids;
mod program;
mod render;
mod resources;

pub use draw::*;
pub use ids::*;
pub use program::*;
pub use render::*;
pub use resources::*;

use molehill_agal::ProgramKind;

// ---------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------

/// What only the backend can find out. [`crate::error`] maps it to Flash's error for the call
/// that got it (shader failures to #3613/#3614, memory to #3672/#3684/#3691, a lost context
/// to #3694, a driver error seen with error checking on, or data the backend cannot store, to
/// #3710).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BackendError {
    /// The rendering context is gone (GL: context lost or reset; wgpu: device lost; a window
    /// closed): every later call fails.
    #[error("the rendering context was lost")]
    ContextLost,
    /// The driver ran out of memory creating or filling a resource.
    #[error("out of memory")]
    OutOfMemory,
    /// The driver refused a shader generated from a valid program pair.
    #[error("{stage} shader compilation failed: {log}")]
    ShaderCompile {
        /// Which shader.
        stage: ProgramKind,
        /// The driver's info log.
        log: String,
    },
    /// The driver refused to link the pair.
    #[error("program link failed: {log}")]
    ShaderLink {
        /// The driver's info log.
        log: String,
    },
    /// With `enableErrorChecking` on, the driver or graphics API reported an error for a call
    /// (GL: `glGetError`; wgpu: a validation or internal error): Error #3710 "Requested
    /// Stage3D Operation failed to complete." thrown by that call. The call and the driver's
    /// words are in the log and in this error's `Display`.
    #[error("{call}: {detail}")]
    Driver {
        /// The AS3 call that caused it (`"clear"`, `"drawTriangles"`, ...).
        call: &'static str,
        /// What the driver said, in the backend's words (GL: `"GL error 0x0501"`).
        detail: String,
    },
    /// Data context3d accepted that this backend cannot store (e.g. uncompressed pixels for a
    /// texture an earlier ATF upload made S3TC, where the backend does not compress on the
    /// CPU): Error #3710, whether error checking is on or not; nothing was written.
    #[error("cannot store: {0}")]
    Unsupported(String),
}

// ---------------------------------------------------------------------------------------------
// The trait
// ---------------------------------------------------------------------------------------------

/// A renderer for validated Context3D commands. See the [module docs](self) for the contract.
///
/// `Box<B>` (so `Box<dyn Backend>`, for a renderer picked at run time) and `Rc<RefCell<B>>`
/// (a backend the caller keeps a handle to while a context draws with it) are backends too:
/// they forward every method, those with a default included, to the backend inside. A borrow
/// of the shared one held across a call into the context panics in that call.
pub trait Backend {
    /// `driverInfo` text, e.g. `"OpenGL (Mesa llvmpipe)"`, or `"Software"` with no GPU.
    fn driver_info(&self) -> String;

    /// `enableErrorChecking`: when `true` the backend checks for driver errors after each call
    /// (and may be slower); when `false` it never queries the driver for errors.
    fn set_error_checking(&mut self, enabled: bool);

    /// `configureBackBuffer`: (re)allocates the back buffer. Its contents are undefined until
    /// the next clear.
    fn configure_back_buffer(&mut self, config: &BackBufferConfig) -> Result<(), BackendError>;

    /// Creates a vertex buffer; its contents are undefined (zero is fine) until uploaded.
    fn create_vertex_buffer(
        &mut self,
        id: VertexBufferId,
        desc: &VertexBufferDesc,
    ) -> Result<(), BackendError>;

    /// Writes `data` at `byte_offset` (a multiple of 4). `data` are the bytes the GPU buffer
    /// holds: floats as little-endian `f32`, `bytes4` words as they were in the `ByteArray`.
    fn upload_vertex_buffer(
        &mut self,
        id: VertexBufferId,
        byte_offset: u64,
        data: &[u8],
    ) -> Result<(), BackendError>;

    /// Frees a vertex buffer. The id is not used again.
    fn dispose_vertex_buffer(&mut self, id: VertexBufferId);

    /// Creates an index buffer.
    fn create_index_buffer(
        &mut self,
        id: IndexBufferId,
        desc: &IndexBufferDesc,
    ) -> Result<(), BackendError>;

    /// Writes `indices` at `byte_offset` (`2 * startOffset`).
    fn upload_index_buffer(
        &mut self,
        id: IndexBufferId,
        byte_offset: u64,
        indices: &[u16],
    ) -> Result<(), BackendError>;

    /// Frees an index buffer.
    fn dispose_index_buffer(&mut self, id: IndexBufferId);

    /// Creates a texture with storage for `desc.levels` levels (and six faces for a cube).
    fn create_texture(&mut self, id: TextureId, desc: &TextureDesc) -> Result<(), BackendError>;

    /// Replaces one face/level of a texture. For a video texture a frame whose size differs
    /// from the previous one reallocates it.
    fn upload_texture(
        &mut self,
        id: TextureId,
        upload: &TextureUpload<'_>,
    ) -> Result<(), BackendError>;

    /// Frees a texture.
    fn dispose_texture(&mut self, id: TextureId);

    /// `Program3D.upload` after validation and linking: translate the pair into the backend's
    /// shading language (molehill-agal writes GLSL and WGSL), compile and link it. A driver
    /// refusal is [`BackendError::ShaderCompile`] / [`BackendError::ShaderLink`]. Uploading
    /// again to the same `Program3D` disposes the old program (after this call) and creates
    /// one with a new id. The upload's [`ProgramKey`] is what a backend keys its cache of
    /// compiled programs on: equal keys, the same pair, so a pair uploaded again (on this or
    /// another `Program3D`) needs no translation or compile.
    fn create_program(
        &mut self,
        id: ProgramId,
        program: &ProgramUpload<'_>,
    ) -> Result<(), BackendError>;

    /// Frees a program.
    fn dispose_program(&mut self, id: ProgramId);

    /// Clears the current render target (see [`Clear`]).
    fn clear(&mut self, clear: &Clear);

    /// Selects where draws and clears go. Sent before the `clear` or `draw` that needs it, only
    /// when it differs from the last target sent.
    fn set_render_target(&mut self, target: &RenderTarget);

    /// Sets constant registers `first_register..first_register + values.len()` of the vertex
    /// (`vc`) or fragment (`fc`) file; registers never set are `(0, 0, 0, 0)`. Constants
    /// belong to the context, not to a program: they survive program changes.
    /// [`crate::Context3D`] sends them through [`Backend::draw_with_changes`], only the
    /// registers that changed; a caller that drives a backend directly may call this at any
    /// time.
    fn set_program_constants(
        &mut self,
        kind: ProgramKind,
        first_register: u16,
        values: &[[f32; 4]],
    );

    /// Draws triangles with the current render state and constants.
    fn draw(&mut self, draw: &ResolvedDraw) -> Result<(), BackendError>;

    /// What [`crate::Context3D`] calls for a draw: the render state and constants that
    /// changed since the previous draw it sent (see [`DrawChanges`]), then the draw, in one
    /// call. The default sends the render changes through [`Backend::set_render_changes`] and
    /// the constants through [`Backend::set_program_constants`], then calls [`Backend::draw`]; a backend whose calls each cost something on entry (making a context
    /// current, checking it) overrides it to pay that once. With error checking off a backend
    /// may keep the draw (copying `changes`) and run it at its next call, returning `Ok`: it
    /// then runs every kept draw before doing anything else it is asked, in call order
    /// (`molehill-gl` does; Flash's draw is asynchronous then).
    fn draw_with_changes(
        &mut self,
        draw: &ResolvedDraw,
        changes: &DrawChanges<'_>,
    ) -> Result<(), BackendError> {
        self.set_render_changes(&changes.render);
        for (kind, change) in changes.constants() {
            if let Some((first, values)) = change {
                self.set_program_constants(kind, first, values);
            }
        }
        self.draw(draw)
    }

    /// The render state that changed (blend factors, colour mask, culling, depth, stencil,
    /// scissor; `None`: unchanged): the one way render state reaches a backend.
    /// [`crate::Context3D`] sends it inside [`Backend::draw_with_changes`], only when
    /// something changed; the `set_*` methods below are conveniences over it for callers
    /// that drive a backend directly.
    fn set_render_changes(&mut self, r: &RenderChanges);

    /// Blend factors (a [`RenderChanges`] with only them).
    fn set_blend(&mut self, blend: BlendState) {
        self.set_render_changes(&RenderChanges {
            blend: Some(blend),
            ..RenderChanges::default()
        });
    }

    /// Colour write mask (a [`RenderChanges`] with only it).
    fn set_color_mask(&mut self, mask: ColorMask) {
        self.set_render_changes(&RenderChanges {
            color_mask: Some(mask),
            ..RenderChanges::default()
        });
    }

    /// Which faces are culled (a [`RenderChanges`] with only it).
    fn set_culling(&mut self, cull: TriangleFace) {
        self.set_render_changes(&RenderChanges {
            culling: Some(cull),
            ..RenderChanges::default()
        });
    }

    /// Depth test and write (a [`RenderChanges`] with only them).
    fn set_depth(&mut self, depth: DepthState) {
        self.set_render_changes(&RenderChanges {
            depth: Some(depth),
            ..RenderChanges::default()
        });
    }

    /// Two-sided stencil test (a [`RenderChanges`] with only it).
    fn set_stencil(&mut self, stencil: StencilState) {
        self.set_render_changes(&RenderChanges {
            stencil: Some(stencil),
            ..RenderChanges::default()
        });
    }

    /// Scissor rectangle in render-target pixels, `None`: off (a [`RenderChanges`] with only
    /// it).
    fn set_scissor(&mut self, scissor: Option<PixelRect>) {
        self.set_render_changes(&RenderChanges {
            scissor: Some(scissor),
            ..RenderChanges::default()
        });
    }

    /// `present`: shows the back buffer. Its contents are undefined afterwards.
    fn present(&mut self) -> Result<(), BackendError>;

    /// `drawToBitmapData`: reads `rect` of the back buffer (always the back buffer, whatever the
    /// current render target), rows top first, each pixel `0xAARRGGBB` as stored. `rect` lies
    /// within the back buffer.
    fn read_back_buffer(&mut self, rect: PixelRect) -> Result<Vec<u32>, BackendError>;

    /// The same pixels as [`read_back_buffer`](Self::read_back_buffer), as `R, G, B, A` bytes
    /// (what a player uploads to a texture of its own). The default converts
    /// `read_back_buffer`'s words; a backend that reads bytes gives them as they are.
    fn read_back_buffer_rgba(&mut self, rect: PixelRect) -> Result<Vec<u8>, BackendError> {
        let words = self.read_back_buffer(rect)?;
        let mut bytes = Vec::new();
        bytes
            .try_reserve_exact(words.len().saturating_mul(4))
            .map_err(|_| BackendError::OutOfMemory)?;
        crate::decode::packed::argb_to_rgba_into(&words, &mut bytes);
        Ok(bytes)
    }

    /// `Context3D.dispose`: frees everything. No call follows except drop.
    fn dispose_context(&mut self);

    /// The error the last call that returns nothing (`clear`, `set_render_target`, ...) met,
    /// taken: `None` when it met none, or error checking is off. See the
    /// [module docs](crate::backend#errors-of-calls-that-return-nothing). The default has none.
    fn take_error(&mut self) -> Option<BackendError> {
        None
    }

    /// Whether the context was lost (device reset): the [`crate::Context3D`] then behaves as
    /// disposed. A backend that can lose its context also fails its next fallible call with
    /// [`BackendError::ContextLost`]. The default is never lost.
    fn is_lost(&self) -> bool {
        false
    }

    /// After a loss ([`Backend::is_lost`]): whether the device is back (a browser's
    /// `webglcontextrestored`), so that a new backend made now would draw. The player's facade
    /// then replaces the lost context and queues `context3DCreate`, as Flash does after a
    /// device reset (`molehill_player::Stage3D::recover_lost_context`). The default never is.
    fn is_restored(&self) -> bool {
        false
    }

    /// Loses the context as a device reset would, for tests and tools
    /// (`molehill_player::Stage3D::force_context_loss`): every object is freed (on the GPU
    /// too, where the backend made it), [`Backend::is_lost`] answers `true` from now on and
    /// [`Backend::is_restored`] once a new backend would draw (at once for a context or device
    /// of the backend's own). `false`, and nothing changed, where the backend cannot (the
    /// default).
    fn force_loss(&mut self) -> bool {
        false
    }

    /// The objects the backend holds now (for tests that count them: a disposed, collected or
    /// lost object is gone from here, its GPU object freed). `None` where it does not count
    /// (the default).
    fn live_objects(&self) -> Option<LiveObjects> {
        None
    }
}

/// What a backend holds, by kind ([`Backend::live_objects`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LiveObjects {
    /// Vertex buffers.
    pub vertex_buffers: usize,
    /// Index buffers.
    pub index_buffers: usize,
    /// Textures of every kind.
    pub textures: usize,
}
