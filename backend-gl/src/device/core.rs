//! [`Device`]: the backend's resources and state over the GL layer, with inherent methods
//! only (the one `Backend` implementation is [`crate::GlBackend`]'s, above it). Every method
//! that reaches GL takes the proof ([`Current`]) that the backend's entry made the context
//! current; the ones that take none make no GL call. This file holds the device, its making,
//! its queries, its loss and its error checking; `resources.rs` and `render.rs` its calls.

use molehill_agal::glsl::Dialect;
use molehill_context3d::{BackendError, IndexBufferId, TextureId, VertexBufferId};
use rustc_hash::FxHashMap;

use super::buffers::{IndexBuffer, VertexArrays, VertexBuffer};
use super::conv;
use super::fixed::FixedState;
use super::programs::Programs;
use super::samplers::Samplers;
use super::targets::Targets;
use super::textures::{BgraUpload, Texture, TextureCaps};
use crate::context::{ContextError, Current, GlApi, GlContext, GlInfo, Rgba4Targets};
use crate::gl::{CallCounts, Calls, Gl};

/// `GL_MAX_SAMPLES`.
const MAX_SAMPLES: u32 = 0x8D57;

/// `GL_CONTEXT_LOST` (GL 4.5, `KHR_robustness`): `glGetError` after a reset of a robust
/// context.
const GL_CONTEXT_LOST: u32 = 0x0507;

/// `CONTEXT_LOST_WEBGL`: WebGL's `getError` once after its context is lost.
const CONTEXT_LOST_WEBGL: u32 = 0x9242;

/// A GL error seen while error checking was on, with the Context3D call that caused it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("{call}: {} (0x{code:04x})", conv::error_name(*.code))]
pub struct GlCallError {
    /// The Context3D call (AS3 name).
    pub call: &'static str,
    /// The GL error code.
    pub code: u32,
}

/// The backend's resources and calls, below [`crate::GlBackend`] (which makes the context
/// current, guards the host's state around each call, keeps draws and hands out frames).
#[derive(Debug)]
pub(crate) struct Device {
    pub(crate) gl: Gl,
    pub(super) caps: TextureCaps,
    pub(super) programs: Programs,
    pub(super) vertex_buffers: FxHashMap<VertexBufferId, VertexBuffer>,
    pub(super) index_buffers: FxHashMap<IndexBufferId, IndexBuffer>,
    pub(super) textures: FxHashMap<TextureId, Texture>,
    pub(super) samplers: Samplers,
    pub(super) vertex_arrays: VertexArrays,
    pub(crate) targets: Targets,
    pub(super) state: FixedState,
    pub(super) error_checking: bool,
    gl_errors: Vec<GlCallError>,
    /// Why the context was lost, when the context said so.
    pub(crate) context_error: Option<ContextError>,
    /// The error the last call that returns nothing met (`Backend::take_error`).
    pub(super) kept_error: Option<BackendError>,
    lost: bool,
    /// Lost on request (`Backend::force_loss`): a new backend draws at once.
    pub(crate) forced_loss: bool,
    /// Lost because the host's context was not current at a call, with every object still
    /// alive in that context: [`Device::delete_orphans`] deletes them once it is current.
    orphaned: bool,
    /// Texels converted for GL, kept between uploads.
    pub(super) upload_scratch: Vec<u8>,
}

impl Device {
    /// A device on `ctx`, made current here (the context's capabilities are read). A context
    /// that cannot be made current gives a lost device, with the reason kept.
    pub(crate) fn new(ctx: GlContext) -> Device {
        let current = ctx.enter();
        let dialect = match ctx.info().api {
            GlApi::Es30 => Dialect::Es300,
            GlApi::Desktop33 => Dialect::Glsl330,
        };
        let mut gl = Gl::new(ctx);
        let mut caps = TextureCaps {
            s3tc: false,
            etc2: false,
            anisotropy: false,
            bgra: BgraUpload::Swizzle,
        };
        let mut targets = Targets::default();
        // The default (probe), or what MOLEHILL_GL_RGBA4 says; GlBackend::headless may
        // set its option after.
        targets.rgba4.set_mode(Rgba4Targets::Probe);
        if let Ok(current) = current {
            let calls = gl.current(current);
            caps = capabilities(calls, dialect);
            targets.set_max_samples(calls.get_integer(MAX_SAMPLES));
            if !calls.context().is_host() {
                // In the host's context these are set around each call (gl::HostState).
                calls.pixel_store(glow::UNPACK_ALIGNMENT, 1);
                calls.pixel_store(glow::PACK_ALIGNMENT, 4);
            }
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
        let mut device = Device {
            gl,
            caps,
            programs,
            vertex_buffers: FxHashMap::default(),
            index_buffers: FxHashMap::default(),
            textures: FxHashMap::default(),
            samplers: Samplers::default(),
            vertex_arrays: VertexArrays::default(),
            targets,
            state: FixedState::default(),
            error_checking: false,
            gl_errors: Vec::new(),
            context_error: None,
            kept_error: None,
            lost: false,
            forced_loss: false,
            orphaned: false,
            upload_scratch: Vec::new(),
        };
        if let Err(e) = current {
            device.lost_by(e);
        }
        device
    }

    /// GL calls issued so far, by kind.
    pub(crate) fn call_counts(&self) -> CallCounts {
        self.gl.counts()
    }

    /// What the driver reports.
    pub(crate) fn gl_info(&self) -> &GlInfo {
        self.gl.context().info()
    }

    /// The GLSL dialect programs are translated to.
    pub(crate) fn dialect(&self) -> Dialect {
        self.programs.dialect()
    }

    /// Whether draws with a scissor rectangle into a multisampled target use the per-pixel
    /// scissor test.
    pub(crate) fn scissor_discard(&self) -> bool {
        self.programs.scissor_discard()
    }

    /// Programs translated, compiled and linked so far.
    pub(crate) fn program_links(&self) -> u64 {
        self.programs.links
    }

    /// How `bgraPacked4444` render targets are kept at 4 bits (`packed.rs`).
    pub(crate) fn set_rgba4_targets(&mut self, mode: Rgba4Targets) {
        self.targets.rgba4.set_mode(mode);
    }

    /// Whether `bgraPacked4444` render targets are quantised (`None`: not probed yet).
    pub(crate) fn rgba4_quantised(&self) -> Option<bool> {
        self.targets.rgba4.quantising()
    }

    /// Quantising passes run on `bgraPacked4444` render targets (one per attachment rounded).
    pub(crate) fn rgba4_passes(&self) -> u64 {
        self.targets.rgba4.passes
    }

    /// Sampler objects made so far.
    pub(crate) fn sampler_objects(&self) -> usize {
        self.samplers.len()
    }

    /// Vertex array objects alive.
    pub(crate) fn vertex_arrays(&self) -> usize {
        self.vertex_arrays.len()
    }

    /// The texture capabilities.
    pub(crate) fn caps(&self) -> &TextureCaps {
        &self.caps
    }

    /// The texture capabilities, to lower (for tests of the fallback paths).
    pub(crate) fn caps_mut(&mut self) -> &mut TextureCaps {
        &mut self.caps
    }

    /// GL errors seen (with error checking on) since the last call, oldest first.
    pub(crate) fn take_gl_errors(&mut self) -> Vec<GlCallError> {
        std::mem::take(&mut self.gl_errors)
    }

    /// Whether `enableErrorChecking` is on: each call then drains `glGetError`.
    pub(crate) fn error_checking(&self) -> bool {
        self.error_checking
    }

    /// Marks the context lost: every resource counts as disposed (forgotten, no GL call) and
    /// every later call fails with [`BackendError::ContextLost`].
    pub(crate) fn lose_context(&mut self) {
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

    /// The buffers and textures the device holds (each a GL name it deletes when it goes).
    pub(crate) fn live_objects(&self) -> molehill_context3d::LiveObjects {
        molehill_context3d::LiveObjects {
            vertex_buffers: self.vertex_buffers.len(),
            index_buffers: self.index_buffers.len(),
            textures: self.textures.len(),
        }
    }

    /// Whether the context is lost.
    pub(crate) fn is_lost(&self) -> bool {
        self.lost
    }

    /// `Err(ContextLost)` once lost: what each call that reaches GL checks first.
    pub(super) fn alive(&self) -> Result<(), BackendError> {
        if self.lost {
            Err(BackendError::ContextLost)
        } else {
            Ok(())
        }
    }

    /// Marks the device lost because the host's context was not current at a call (the
    /// host's hook failed, another context or none was current): every later call fails with
    /// [`BackendError::ContextLost`], as for a lost context, but the context itself is alive
    /// and so is every object Molehill made in it. They are kept, untouched, until
    /// [`Device::delete_orphans`] runs with the host's context current.
    fn orphan(&mut self) {
        self.lost = true;
        self.orphaned = true;
        self.gl.invalidate();
    }

    /// Whether a lost device still has objects in the host's live context.
    pub(crate) fn has_orphans(&self) -> bool {
        self.orphaned
    }

    /// Deletes the objects [`Device::orphan`] kept, with the host's context current.
    pub(crate) fn delete_orphans(&mut self, current: Current) {
        if self.orphaned {
            self.delete_objects(current);
            self.orphaned = false;
            self.gl.invalidate();
        }
    }

    /// Deletes every object the device made (buffers, textures, programs and their shaders,
    /// samplers, vertex arrays, framebuffers and renderbuffers).
    pub(super) fn delete_objects(&mut self, current: Current) {
        let gl = self.gl.current(current);
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

    /// The context could not be made (or found) current at a call: the device is lost, with
    /// `e` as the reason. In the host's context, a broken contract (not current, a failing
    /// hook) leaves the context alive, and Molehill's objects with it: they are kept to be
    /// deleted later ([`Device::orphan`]); a context reported lost took them with it.
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
    /// [`BackendError::Driver`]. With checking off no `glGetError` is issued.
    pub(crate) fn check(
        &mut self,
        current: Current,
        call: &'static str,
    ) -> Result<(), BackendError> {
        if !self.error_checking {
            return Ok(());
        }
        let mut result = Ok(());
        for code in self.drain_gl_errors(current) {
            let e = GlCallError { call, code };
            log::error!("GL error: {e}");
            if result.is_ok() {
                result = Err(match code {
                    glow::OUT_OF_MEMORY => BackendError::OutOfMemory,
                    GL_CONTEXT_LOST | CONTEXT_LOST_WEBGL => BackendError::ContextLost,
                    _ => BackendError::Driver {
                        call,
                        detail: format!("GL error 0x{code:04x}"),
                    },
                });
            }
            self.gl_errors.push(e);
        }
        if result == Err(BackendError::ContextLost) {
            // A robust context (and WebGL) reports a reset this way: nothing of it is left.
            self.context_error = Some(ContextError::Lost("GL_CONTEXT_LOST"));
            self.lose_context();
        }
        result
    }

    /// Empties GL's error flags. GL keeps one flag per error kind, so a few `glGetError`
    /// calls drain them all; the bound keeps a driver that repeats one (a lost context's
    /// `GL_CONTEXT_LOST`) from looping for ever.
    pub(super) fn drain_gl_errors(&mut self, current: Current) -> Vec<u32> {
        let gl = self.gl.current(current);
        let mut codes = Vec::new();
        for _ in 0..16 {
            match gl.get_error() {
                glow::NO_ERROR => break,
                code => codes.push(code),
            }
        }
        codes
    }

    /// [`Device::check`] for a call that returns nothing: the error is kept for
    /// `Backend::take_error`.
    pub(super) fn check_kept(&mut self, current: Current, call: &'static str) {
        self.kept_error = self.check(current, call).err();
    }

    /// Forgets the kept error (a call that returns nothing starts clean).
    pub(crate) fn forget_kept_error(&mut self) {
        self.kept_error = None;
    }

    /// Binds the current render target; `Ok(false)` when there is nothing to draw into yet.
    pub(super) fn bind_target(&mut self, current: Current) -> Result<bool, BackendError> {
        let gl = self.gl.current(current);
        match self.targets.bind_current(gl, &self.textures) {
            Ok(Some(_)) => Ok(true),
            Ok(None) => Ok(false),
            Err(e) => {
                log::error!("render target: {e}");
                Err(BackendError::OutOfMemory)
            }
        }
    }
}

/// What the context offers for textures (extensions read once). Each capability is looked
/// for under its GL names and under its WebGL name (a browser lists only those, and glow's
/// web build has enabled every one it lists). WebGL2, unlike GL ES 3.0, has ETC2 only through
/// `WEBGL_compressed_texture_etc`, and no BGRA upload at all (`GL_BGRA_EXT` is INVALID_ENUM
/// there): bgra is swizzled.
fn capabilities(gl: &mut Calls, dialect: Dialect) -> TextureCaps {
    let ext = |gl: &Calls, names: &[&str]| names.iter().any(|n| gl.has_extension(n));
    let web = gl.context().is_web();
    TextureCaps {
        s3tc: ext(
            gl,
            &[
                "GL_EXT_texture_compression_s3tc",
                "GL_ANGLE_texture_compression_dxt5",
                "WEBGL_compressed_texture_s3tc",
            ],
        ),
        etc2: if web {
            ext(gl, &["WEBGL_compressed_texture_etc"])
        } else {
            dialect == Dialect::Es300 || ext(gl, &["GL_ARB_ES3_compatibility"])
        },
        anisotropy: ext(
            gl,
            &[
                "GL_EXT_texture_filter_anisotropic",
                "GL_ARB_texture_filter_anisotropic",
                "EXT_texture_filter_anisotropic",
            ],
        ),
        bgra: if dialect != Dialect::Es300 {
            BgraUpload::SourceFormat
        } else if ext(gl, &["GL_EXT_texture_format_BGRA8888"]) {
            BgraUpload::Storage
        } else {
            BgraUpload::Swizzle
        },
    }
}
