//! [`GlCore`]: context3d's [`Backend`] over GL (wrapped by [`crate::GlBackend`]).

use molehill_agal::glsl::Dialect;
use molehill_agal::{Program, ProgramKind};
use molehill_context3d::{
    BackBufferConfig, Backend, BackendError, BlendState, Clear, ColorMask, DepthState,
    IndexBufferDesc, IndexBufferId, PixelRect, ProgramId, RenderTarget, ResolvedDraw, StencilState,
    TextureDesc, TextureId, TextureUpload, TriangleFace, VertexBufferDesc, VertexBufferId,
};
use raw_window_handle::{RawDisplayHandle, RawWindowHandle};

use crate::conv;
use crate::draw::{FixedState, IndexBuffer, VertexArrays, VertexBuffer};
use crate::egl::{ContextError, ContextOptions, GlApi, GlContext, GlInfo};
use crate::fastmap::FastMap;
use crate::program::Programs;
use crate::state::{CallCounts, Gl};
use crate::target::Targets;
use crate::texture::{self, BgraUpload, Samplers, Texture, TextureCaps};

/// `GL_MAX_SAMPLES`.
const MAX_SAMPLES: u32 = 0x8D57;

/// `GL_CONTEXT_LOST` (GL 4.5, `KHR_robustness`): `glGetError` after a reset of a robust
/// context.
const GL_CONTEXT_LOST: u32 = 0x0507;

/// A GL error seen while error checking was on, with the Context3D call that caused it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("{call}: {} (0x{code:04x})", conv::error_name(*.code))]
pub struct GlCallError {
    /// The Context3D call (AS3 name).
    pub call: &'static str,
    /// The GL error code.
    pub code: u32,
}

/// The backend's resources and calls, behind [`crate::GlBackend`] (which makes the context
/// current, guards the host's state around each call, and hands out frame textures). Its
/// methods are reached through `GlBackend`'s `Deref`.
#[derive(Debug)]
pub struct GlCore {
    pub(crate) gl: Gl,
    caps: TextureCaps,
    programs: Programs,
    vertex_buffers: FastMap<VertexBufferId, VertexBuffer>,
    index_buffers: FastMap<IndexBufferId, IndexBuffer>,
    textures: FastMap<TextureId, Texture>,
    samplers: Samplers,
    vertex_arrays: VertexArrays,
    pub(crate) targets: Targets,
    state: FixedState,
    /// Set by `GlBackend` between the entry and the exit of a call, where its entry made the
    /// context current: [`GlCore::enter`] then asks EGL nothing more.
    pub(crate) entered: bool,
    error_checking: bool,
    gl_errors: Vec<GlCallError>,
    /// Why the context was lost, when the context said so.
    pub(crate) context_error: Option<ContextError>,
    /// The error the last call that returns nothing met ([`Backend::take_error`]).
    kept_error: Option<BackendError>,
    lost: bool,
    /// Lost because the host's context was not current at a call, with every object still
    /// alive in that context: [`GlCore::delete_orphans`] deletes them once it is current.
    orphaned: bool,
    /// Texels converted for GL, kept between uploads.
    upload_scratch: Vec<u8>,
}

/// Within this file the core keeps the name it had before the public [`crate::GlBackend`]
/// (src/entry.rs) came to wrap it.
type GlBackend = GlCore;

impl GlBackend {
    /// A backend on a new headless context (see [`GlContext::headless`]).
    pub(crate) fn headless(options: &ContextOptions) -> Result<GlBackend, ContextError> {
        Ok(GlBackend::new(GlContext::headless(options)?))
    }

    /// A backend drawing into the host's window; `present` shows the back buffer there.
    ///
    /// # Safety
    /// `display` and `window` must be valid handles that outlive the backend.
    pub(crate) unsafe fn windowed(
        display: RawDisplayHandle,
        window: RawWindowHandle,
        width: u32,
        height: u32,
        api: GlApi,
    ) -> Result<GlBackend, ContextError> {
        // SAFETY: forwarded from this function's contract.
        let ctx = unsafe { GlContext::windowed(display, window, width, height, api) }?;
        Ok(GlBackend::new(ctx))
    }

    /// A backend on an existing context (made current here).
    pub(crate) fn new(ctx: GlContext) -> GlBackend {
        if let Err(e) = ctx.make_current() {
            log::error!("{e}");
        }
        let dialect = match ctx.info().api {
            GlApi::Es30 => Dialect::Es300,
            GlApi::Desktop33 => Dialect::Glsl330,
        };
        let mut gl = Gl::new(ctx);
        let ext = |gl: &Gl, names: &[&str]| names.iter().any(|n| gl.has_extension(n));
        let caps = TextureCaps {
            s3tc: ext(
                &gl,
                &[
                    "GL_EXT_texture_compression_s3tc",
                    "GL_ANGLE_texture_compression_dxt5",
                ],
            ),
            etc2: dialect == Dialect::Es300 || ext(&gl, &["GL_ARB_ES3_compatibility"]),
            anisotropy: ext(
                &gl,
                &[
                    "GL_EXT_texture_filter_anisotropic",
                    "GL_ARB_texture_filter_anisotropic",
                ],
            ),
            bgra: if dialect != Dialect::Es300 {
                BgraUpload::SourceFormat
            } else if ext(&gl, &["GL_EXT_texture_format_BGRA8888"]) {
                BgraUpload::Storage
            } else {
                BgraUpload::Swizzle
            },
        };
        let mut targets = Targets::default();
        targets.set_max_samples(gl.get_integer(MAX_SAMPLES));
        if !gl.context().is_host() {
            // In the host's context these are set around each call (state::HostState).
            gl.pixel_store(glow::UNPACK_ALIGNMENT, 1);
            gl.pixel_store(glow::PACK_ALIGNMENT, 4);
        }
        log::info!(
            "molehill-gl: {:?}, dialect {dialect:?}, {caps:?}",
            gl.context().info()
        );
        let mut programs = Programs::new(dialect);
        // Mesa's llvmpipe (the default headless renderer) gives the pixel column left of a
        // scissor rectangle and the row above it partial coverage when multisampling (seen in
        // Mesa 22.3); its programs get a per-pixel scissor test for those draws.
        programs.set_scissor_discard(gl.context().info().renderer.contains("llvmpipe"));
        GlBackend {
            gl,
            caps,
            programs,
            vertex_buffers: FastMap::default(),
            index_buffers: FastMap::default(),
            textures: FastMap::default(),
            samplers: Samplers::default(),
            vertex_arrays: VertexArrays::default(),
            targets,
            state: FixedState::default(),
            entered: false,
            error_checking: false,
            gl_errors: Vec::new(),
            context_error: None,
            kept_error: None,
            lost: false,
            orphaned: false,
            upload_scratch: Vec::new(),
        }
    }

    /// GL calls issued so far, by kind.
    pub fn call_counts(&self) -> CallCounts {
        self.gl.counts()
    }

    /// What the driver reports.
    pub fn gl_info(&self) -> &GlInfo {
        self.gl.context().info()
    }

    /// The GLSL dialect programs are translated to.
    pub fn dialect(&self) -> Dialect {
        self.programs.dialect()
    }

    /// Whether draws with a scissor rectangle into a multisampled target use the per-pixel
    /// scissor test (on for Mesa's llvmpipe; see docs/gl.md).
    pub fn scissor_discard(&self) -> bool {
        self.programs.scissor_discard()
    }

    /// Programs translated, compiled and linked so far (one per distinct bytecode pair, one
    /// more for a pair's scissored variant when a draw needs it).
    pub fn program_links(&self) -> u64 {
        self.programs.links
    }

    /// Sampler objects made so far (one per distinct resolved sampler state).
    pub fn sampler_objects(&self) -> usize {
        self.samplers.len()
    }

    /// Vertex array objects alive (one per stream layout).
    pub fn vertex_arrays(&self) -> usize {
        self.vertex_arrays.len()
    }

    /// Whether S3TC textures go to GL compressed (else they are decoded on the CPU).
    pub fn has_s3tc(&self) -> bool {
        self.caps.s3tc
    }

    /// Decode DXT on the CPU even where GL has S3TC (for tests of the fallback path). Takes
    /// effect for textures created afterwards.
    pub fn force_cpu_dxt(&mut self) {
        self.caps.s3tc = false;
    }

    /// How `bgra` texels reach GL on this context.
    pub fn bgra_upload(&self) -> BgraUpload {
        self.caps.bgra
    }

    /// Swizzle `bgra` texels on the CPU even where GL takes them as they are (for tests of
    /// the fallback path). Takes effect for textures created afterwards.
    pub fn force_bgra_swizzle(&mut self) {
        self.caps.bgra = BgraUpload::Swizzle;
    }

    /// GL errors seen (with error checking on) since the last `take_gl_errors`, oldest first.
    pub fn take_gl_errors(&mut self) -> Vec<GlCallError> {
        std::mem::take(&mut self.gl_errors)
    }

    /// Marks the context lost (the host saw a device reset): every resource counts as
    /// disposed and every later call fails with [`BackendError::ContextLost`].
    pub fn lose_context(&mut self) {
        self.lost = true;
        self.orphaned = false;
        self.vertex_buffers.clear();
        self.index_buffers.clear();
        self.textures.clear();
        self.programs.clear(None);
        self.samplers.clear(None);
        self.vertex_arrays.clear(None);
        self.targets.clear(None);
        self.gl.invalidate();
    }

    /// Whether the context is lost.
    pub fn is_lost(&self) -> bool {
        self.lost
    }

    /// Marks the backend lost because the host's context was not current at a call (the
    /// host's hook failed, another context or none was current): every later call fails with
    /// [`BackendError::ContextLost`], as for a lost context, but the context itself is alive
    /// and so is every object Molehill made in it. They are kept, untouched, until
    /// [`GlCore::delete_orphans`] runs with the host's context current.
    pub(crate) fn orphan(&mut self) {
        self.lost = true;
        self.orphaned = true;
        self.gl.invalidate();
    }

    /// Whether a lost backend still has objects in the host's live context.
    pub(crate) fn has_orphans(&self) -> bool {
        self.orphaned
    }

    /// Deletes the objects [`GlCore::orphan`] kept. The host's context must be current.
    pub(crate) fn delete_orphans(&mut self) {
        if self.orphaned {
            self.delete_objects();
            self.orphaned = false;
            self.gl.invalidate();
        }
    }

    /// Deletes every object the backend made (buffers, textures, programs and their shaders,
    /// samplers, vertex arrays, framebuffers and renderbuffers). The context must be current.
    fn delete_objects(&mut self) {
        let gl = &mut self.gl;
        for (_, vb) in self.vertex_buffers.drain() {
            gl.delete_buffer(vb.gl);
        }
        for (_, b) in self.index_buffers.drain() {
            gl.delete_buffer(b.gl);
        }
        for (_, t) in self.textures.drain() {
            gl.delete_texture(t.gl);
        }
        self.programs.clear(Some(gl));
        self.samplers.clear(Some(gl));
        self.vertex_arrays.clear(Some(gl));
        self.targets.clear(Some(gl));
    }

    /// Whether `enableErrorChecking` is on: each call then drains `glGetError`.
    pub fn error_checking(&self) -> bool {
        self.error_checking
    }

    /// Makes the context current; a failure means the context is gone.
    fn enter(&mut self) -> Result<(), BackendError> {
        if self.lost {
            return Err(BackendError::ContextLost);
        }
        if self.entered {
            // Inside a `GlBackend` call, whose entry made the context current.
            return Ok(());
        }
        if let Err(e) = self.gl.context().make_current() {
            self.lost_by(e);
            return Err(BackendError::ContextLost);
        }
        Ok(())
    }

    /// The context could not be made (or found) current at a call: the backend is lost, with
    /// `e` as the reason. In the host's context, a broken contract (not current, a failing
    /// hook) leaves the context alive, and Molehill's objects with it: they are kept to be
    /// deleted later ([`GlCore::orphan`]); a context reported lost took them with it.
    pub(crate) fn lost_by(&mut self, e: ContextError) {
        log::error!("{e}");
        let alive = matches!(
            e,
            ContextError::HostNotCurrent { .. } | ContextError::HostHook(_)
        );
        self.context_error = Some(e);
        if alive && self.gl.context().is_host() {
            self.orphan();
        } else {
            self.lose_context();
        }
    }

    /// With error checking on, drains `glGetError` into [`GlCallError`]s for `call` (each
    /// logged at error level) and returns the first as the call's error:
    /// `GL_OUT_OF_MEMORY` as [`BackendError::OutOfMemory`], any other as
    /// [`BackendError::GlError`]. With checking off no `glGetError` is issued.
    pub(crate) fn check(&mut self, call: &'static str) -> Result<(), BackendError> {
        if !self.error_checking {
            return Ok(());
        }
        let mut result = Ok(());
        for code in self.drain_gl_errors() {
            let e = GlCallError { call, code };
            log::error!("GL error: {e}");
            if result.is_ok() {
                result = Err(match code {
                    glow::OUT_OF_MEMORY => BackendError::OutOfMemory,
                    GL_CONTEXT_LOST => BackendError::ContextLost,
                    _ => BackendError::GlError { call, code },
                });
            }
            self.gl_errors.push(e);
        }
        if result == Err(BackendError::ContextLost) {
            // A robust context reports a reset this way: nothing of it is left.
            self.context_error = Some(ContextError::Lost("GL_CONTEXT_LOST"));
            self.lose_context();
        }
        result
    }

    /// Empties GL's error flags. GL keeps one flag per error kind, so a few `glGetError`
    /// calls drain them all; the bound keeps a driver that repeats one (a lost context's
    /// `GL_CONTEXT_LOST`) from looping for ever.
    fn drain_gl_errors(&mut self) -> Vec<u32> {
        let mut codes = Vec::new();
        for _ in 0..16 {
            match self.gl.get_error() {
                glow::NO_ERROR => break,
                code => codes.push(code),
            }
        }
        codes
    }

    /// [`Self::check`] for a call that returns nothing: the error is kept for
    /// [`Backend::take_error`].
    fn check_kept(&mut self, call: &'static str) {
        self.kept_error = self.check(call).err();
    }

    fn bind_target(&mut self) -> Result<bool, BackendError> {
        match self.targets.bind_current(&mut self.gl, &self.textures) {
            Ok(Some(_)) => Ok(true),
            Ok(None) => Ok(false),
            Err(e) => {
                log::error!("render target: {e}");
                Err(BackendError::OutOfMemory)
            }
        }
    }
}

/// A size or offset as GL's `GLsizei`/`GLintptr` argument; past `i32::MAX` (never from
/// context3d) it saturates, and GL refuses it rather than the cast wrapping to a small value.
fn gl_size(v: u64) -> i32 {
    i32::try_from(v).unwrap_or(i32::MAX)
}

fn usage(u: molehill_context3d::BufferUsage) -> u32 {
    match u {
        molehill_context3d::BufferUsage::StaticDraw => glow::STATIC_DRAW,
        molehill_context3d::BufferUsage::DynamicDraw => glow::DYNAMIC_DRAW,
    }
}

impl Backend for GlBackend {
    fn driver_info(&self) -> String {
        let i = self.gl.context().info();
        format!(
            "OpenGL Vendor={} Version={} Renderer={}",
            i.vendor, i.version, i.renderer
        )
    }

    fn set_error_checking(&mut self, enabled: bool) {
        if enabled && !self.error_checking && self.enter().is_ok() {
            // Start clean: errors from before the switch belong to nobody.
            self.drain_gl_errors();
        }
        self.error_checking = enabled;
    }

    fn configure_back_buffer(&mut self, config: &BackBufferConfig) -> Result<(), BackendError> {
        self.enter()?;
        self.targets
            .configure_back_buffer(&mut self.gl, config)
            .map_err(|e| {
                log::error!("configureBackBuffer: {e}");
                BackendError::OutOfMemory
            })?;
        if self.gl.context().is_windowed() {
            self.gl.context().resize(config.width, config.height);
        }
        self.check("configureBackBuffer")
    }

    fn create_vertex_buffer(
        &mut self,
        id: VertexBufferId,
        desc: &VertexBufferDesc,
    ) -> Result<(), BackendError> {
        self.enter()?;
        let len = desc.byte_len() as usize;
        let buffer = self
            .gl
            .create_buffer()
            .map_err(|_| BackendError::OutOfMemory)?;
        if !self
            .gl
            .buffer_alloc(buffer, gl_size(desc.byte_len()), usage(desc.usage))
        {
            self.gl.delete_buffer(buffer);
            return Err(BackendError::OutOfMemory);
        }
        self.vertex_buffers
            .insert(id, VertexBuffer { gl: buffer, len });
        // A failed creation is no resource for context3d, which will never dispose it.
        self.check("createVertexBuffer")
            .inspect_err(|_| self.dispose_vertex_buffer(id))
    }

    fn upload_vertex_buffer(
        &mut self,
        id: VertexBufferId,
        byte_offset: u64,
        data: &[u8],
    ) -> Result<(), BackendError> {
        self.enter()?;
        let Some(vb) = self.vertex_buffers.get_mut(&id) else {
            return Ok(());
        };
        let start = usize::try_from(byte_offset).unwrap_or(usize::MAX);
        if start.checked_add(data.len()).is_none_or(|end| end > vb.len) {
            log::warn!("vertex upload past the end of buffer {id:?} ignored");
            return Ok(());
        }
        self.gl.buffer_write(vb.gl, start as i32, data);
        self.check("VertexBuffer3D.upload*")
    }

    fn dispose_vertex_buffer(&mut self, id: VertexBufferId) {
        if self.enter().is_err() {
            return;
        }
        if let Some(vb) = self.vertex_buffers.remove(&id) {
            self.vertex_arrays.vertex_buffer_disposed(&mut self.gl, id);
            self.gl.delete_buffer(vb.gl);
        }
    }

    fn create_index_buffer(
        &mut self,
        id: IndexBufferId,
        desc: &IndexBufferDesc,
    ) -> Result<(), BackendError> {
        self.enter()?;
        let buffer = self
            .gl
            .create_buffer()
            .map_err(|_| BackendError::OutOfMemory)?;
        if !self.gl.buffer_alloc(
            buffer,
            gl_size(2 * u64::from(desc.num_indices)),
            usage(desc.usage),
        ) {
            self.gl.delete_buffer(buffer);
            return Err(BackendError::OutOfMemory);
        }
        self.index_buffers.insert(
            id,
            IndexBuffer {
                gl: buffer,
                len: desc.num_indices,
            },
        );
        self.check("createIndexBuffer")
            .inspect_err(|_| self.dispose_index_buffer(id))
    }

    fn upload_index_buffer(
        &mut self,
        id: IndexBufferId,
        byte_offset: u64,
        indices: &[u16],
    ) -> Result<(), BackendError> {
        self.enter()?;
        let Some(&IndexBuffer { gl: buffer, len }) = self.index_buffers.get(&id) else {
            return Ok(());
        };
        if byte_offset / 2 + indices.len() as u64 > u64::from(len) {
            log::warn!("index upload past the end of buffer {id:?} ignored");
            return Ok(());
        }
        self.gl.buffer_write(
            buffer,
            byte_offset as i32,
            crate::bytes::u16s_as_bytes(indices),
        );
        self.check("IndexBuffer3D.upload*")
    }

    fn dispose_index_buffer(&mut self, id: IndexBufferId) {
        if self.enter().is_err() {
            return;
        }
        if let Some(buffer) = self.index_buffers.remove(&id) {
            self.vertex_arrays.index_buffer_disposed(&mut self.gl, id);
            self.gl.delete_buffer(buffer.gl);
        }
    }

    fn create_texture(&mut self, id: TextureId, desc: &TextureDesc) -> Result<(), BackendError> {
        self.enter()?;
        let tex = texture::create(&mut self.gl, desc, &self.caps)
            .map_err(|_| BackendError::OutOfMemory)?;
        self.textures.insert(id, tex);
        self.check("createTexture")
            .inspect_err(|_| self.dispose_texture(id))
    }

    fn upload_texture(
        &mut self,
        id: TextureId,
        upload: &TextureUpload<'_>,
    ) -> Result<(), BackendError> {
        self.enter()?;
        let Some(tex) = self.textures.get_mut(&id) else {
            return Ok(());
        };
        if let Err(e) = texture::upload(
            &mut self.gl,
            tex,
            upload,
            &self.caps,
            &mut self.upload_scratch,
        ) {
            log::warn!(
                "texture upload to {id:?} (face {}, level {}) failed: {e}",
                upload.face,
                upload.level
            );
            return Err(match e {
                texture::UploadError::OutOfMemory
                | texture::UploadError::Decode(crate::decode::DecodeError::OutOfMemory {
                    ..
                }) => BackendError::OutOfMemory,
                e => BackendError::Unsupported(e.to_string()),
            });
        }
        self.check("TextureBase.upload*")
    }

    fn dispose_texture(&mut self, id: TextureId) {
        if self.enter().is_err() {
            return;
        }
        if let Some(tex) = self.textures.remove(&id) {
            self.targets.texture_disposed(&mut self.gl, id);
            self.gl.delete_texture(tex.gl);
        }
    }

    fn create_program(
        &mut self,
        id: ProgramId,
        vertex: &Program,
        fragment: &Program,
    ) -> Result<(), BackendError> {
        self.enter()?;
        self.programs.create(&mut self.gl, id, vertex, fragment)?;
        self.check("Program3D.upload")
            .inspect_err(|_| self.dispose_program(id))
    }

    fn dispose_program(&mut self, id: ProgramId) {
        if self.enter().is_err() {
            return;
        }
        self.programs.dispose(&mut self.gl, id);
    }

    fn clear(&mut self, clear: &Clear) {
        self.kept_error = None;
        if self.enter().is_err() {
            return;
        }
        match self.bind_target() {
            Ok(true) => {}
            _ => return,
        }
        FixedState::apply_for_clear(&mut self.gl);
        let m = clear.mask;
        let mask = if m.color { glow::COLOR_BUFFER_BIT } else { 0 }
            | if m.depth { glow::DEPTH_BUFFER_BIT } else { 0 }
            | if m.stencil {
                glow::STENCIL_BUFFER_BIT
            } else {
                0
            };
        if mask != 0 {
            self.gl
                .clear(clear.color, clear.depth, i32::from(clear.stencil), mask);
        }
        self.check_kept("clear");
    }

    fn set_render_target(&mut self, target: &RenderTarget) {
        self.kept_error = None;
        if self.enter().is_err() {
            return;
        }
        self.targets.set_current(&mut self.gl, target);
        self.check_kept("setRenderToTexture");
    }

    fn set_blend(&mut self, blend: BlendState) {
        self.state.edit().blend = blend;
    }

    fn set_color_mask(&mut self, mask: ColorMask) {
        self.state.edit().color_mask = mask;
    }

    fn set_culling(&mut self, cull: TriangleFace) {
        self.state.edit().cull = cull;
    }

    fn set_depth(&mut self, depth: DepthState) {
        self.state.edit().depth = depth;
    }

    fn set_stencil(&mut self, stencil: StencilState) {
        self.state.edit().stencil = stencil;
    }

    fn set_scissor(&mut self, scissor: Option<PixelRect>) {
        self.state.edit().scissor = scissor;
    }

    fn set_program_constants(
        &mut self,
        kind: ProgramKind,
        first_register: u16,
        values: &[[f32; 4]],
    ) {
        self.programs.set_constants(kind, first_register, values);
    }

    fn draw(&mut self, draw: &ResolvedDraw) -> Result<(), BackendError> {
        self.enter()?;
        // GL reads indices from the buffer without a bounds check: never ask for more than
        // it holds (context3d checked it; this keeps the safe API sound if a caller did not).
        let len = self
            .index_buffers
            .get(&draw.index_buffer)
            .map_or(0, |ib| ib.len);
        if u64::from(draw.first_index) + u64::from(draw.index_count) > u64::from(len) {
            log::warn!(
                "draw past the end of index buffer {:?} ignored",
                draw.index_buffer
            );
            return Ok(());
        }
        if !self.bind_target()? {
            return Ok(());
        }
        self.state.apply(&mut self.gl);
        // The per-pixel scissor test (see `Programs::set_scissor_discard`): only for a
        // scissor rectangle on a multisampled target, in GL window pixels (Flash's top row is
        // GL row 0 in every target, see target.rs).
        let scissor = self
            .state
            .scissor
            .filter(|_| self.targets.current_is_multisampled())
            .map(|r| {
                let (x, y) = (r.x as f32, r.y as f32);
                [x, y, x + r.width as f32, y + r.height as f32]
            });
        let Some(sampler_mask) = self
            .programs
            .bind(&mut self.gl, draw.program, scissor)
            .map(|p| p.sampler_mask)
        else {
            log::warn!("draw with unknown program {:?} ignored", draw.program);
            return Ok(());
        };
        self.vertex_arrays
            .bind(
                &mut self.gl,
                &draw.streams,
                draw.index_buffer,
                &self.vertex_buffers,
                &self.index_buffers,
            )
            .map_err(|_| BackendError::OutOfMemory)?;
        // The samplers the program reads (context3d resolved exactly those).
        let mut mask = sampler_mask;
        while mask != 0 {
            let unit = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            let Some(Some(b)) = draw.samplers.get(unit) else {
                continue;
            };
            let Some(tex) = self.textures.get(&b.texture) else {
                continue;
            };
            self.gl.bind_texture(unit, tex.target, Some(tex.gl));
            let sampler = self.samplers.get(&mut self.gl, &b.state, &self.caps);
            self.gl.bind_sampler(unit, sampler);
        }
        self.gl.draw_triangles(
            draw.index_count as i32,
            gl_size(2 * u64::from(draw.first_index)),
            draw.instances.map(|n| n as i32),
        );
        self.check(if draw.instances.is_some() {
            "drawTrianglesInstanced"
        } else {
            "drawTriangles"
        })
    }

    fn present(&mut self) -> Result<(), BackendError> {
        self.enter()?;
        if self.gl.context().is_windowed() {
            let size = self
                .targets
                .back_buffer()
                .map(|c| (c.width as i32, c.height as i32))
                .unwrap_or((1, 1));
            self.targets.present_to_window(&mut self.gl, size);
            if let Err(e) = self.gl.context().swap_buffers() {
                log::error!("{e}");
                self.lose_context();
                return Err(BackendError::ContextLost);
            }
        } else {
            self.gl.flush();
        }
        self.check("present")
    }

    fn read_back_buffer(&mut self, rect: PixelRect) -> Result<Vec<u32>, BackendError> {
        self.enter()?;
        let px = self
            .targets
            .read_back(&mut self.gl, rect)
            .ok_or(BackendError::OutOfMemory)?;
        self.check("drawToBitmapData")?;
        Ok(px)
    }

    fn take_error(&mut self) -> Option<BackendError> {
        self.kept_error.take()
    }

    fn is_lost(&self) -> bool {
        self.lost
    }

    fn dispose_context(&mut self) {
        if self.enter().is_err() {
            return;
        }
        self.delete_objects();
    }
}

#[cfg(test)]
mod tests {
    use super::gl_size;

    #[test]
    fn gl_sizes_saturate_instead_of_overflowing() {
        // `num_indices as i32 * 2` overflowed (a debug panic) past 2^30 indices.
        assert_eq!(gl_size(2 * u64::from(1u32 << 30)), i32::MAX);
        assert_eq!(gl_size(2 * u64::from(u32::MAX)), i32::MAX);
        assert_eq!(gl_size(2 * 524_287), 1_048_574);
    }
}
