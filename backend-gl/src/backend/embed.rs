//! [`GlBackend`]'s own methods: making one (headless, in a window, in the host's context, in a
//! context sharing objects with the host's), what an embedder tunes and asks (current checks,
//! host-state restores, frame output and read-back, loss), and the device's counters.

#[cfg(not(target_arch = "wasm32"))]
use glutin::context::AsRawContext;
use molehill_agal::glsl::Dialect;
use molehill_context3d::BackendError;
#[cfg(not(target_arch = "wasm32"))]
use raw_window_handle::{RawDisplayHandle, RawWindowHandle};

use super::entry::{keeping_current, CurrentCheck, GlBackend, HostRestore};
#[cfg(not(target_arch = "wasm32"))]
use crate::context::GlApi;
use crate::context::{
    restore, ContextError, ContextOptions, CurrentBinding, GlContext, GlInfo, HostContext,
    Rgba4Targets,
};
use crate::device::{BgraUpload, Device, GlCallError};
use crate::gl::{frame, CallCounts, FramePixels, FrameTexture};

/// `device` with the options that are not the context's own (the context layer took those).
fn with_options(mut device: Device, options: &ContextOptions) -> Device {
    if options.rgba4_targets != Rgba4Targets::Probe {
        device.set_rgba4_targets(options.rgba4_targets);
    }
    device
}

impl GlBackend {
    /// A backend on a new headless context (see [`GlContext::headless`]). A context that
    /// was current on the thread before is current again on return.
    pub fn headless(options: &ContextOptions) -> Result<GlBackend, ContextError> {
        keeping_current(|| {
            let ctx = GlContext::headless(options)?;
            Ok(GlBackend::wrap(
                with_options(Device::new(ctx), options),
                false,
            ))
        })
    }

    /// A backend drawing into the host's window; `present` shows the back buffer there.
    ///
    /// # Safety
    /// `display` and `window` must be valid handles that outlive the backend.
    #[cfg(not(target_arch = "wasm32"))]
    pub unsafe fn windowed(
        display: RawDisplayHandle,
        window: RawWindowHandle,
        width: u32,
        height: u32,
        api: GlApi,
    ) -> Result<GlBackend, ContextError> {
        keeping_current(|| {
            // SAFETY: forwarded from this function's contract.
            let ctx = unsafe { GlContext::windowed(display, window, width, height, api) }?;
            Ok(GlBackend::wrap(Device::new(ctx), false))
        })
    }

    /// A backend on an existing context of Molehill's (made current while it is set up; a
    /// context current before is current again on return).
    pub fn new(ctx: GlContext) -> GlBackend {
        let previous = CurrentBinding::now();
        let b = GlBackend::wrap(Device::new(ctx), false);
        restore(previous);
        b
    }

    /// A backend drawing in the host's own GL context (see [`HostContext`] for how each call
    /// checks that it is current). Frame output ([`GlBackend::frame`]) is on. Every GL state
    /// Molehill changes is put back before each call returns (docs/embedding-gl.md lists
    /// it), or at present with [`HostRestore::AtPresent`]. The host's context must be
    /// current now; making the backend changes no GL state.
    pub fn on_host_context(host: HostContext) -> Result<GlBackend, ContextError> {
        let ctx = GlContext::from_host(host)?;
        Ok(GlBackend::wrap(Device::new(ctx), true))
    }

    /// A backend on a headless context of Molehill's that shares objects with the host's EGL
    /// context (see [`GlContext::sharing`]); frame output is on and fenced. Molehill's
    /// context is current while it runs, and the host's is current again when it returns.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn sharing(
        display: &glutin::api::egl::display::Display,
        host_context: &impl AsRawContext,
        options: &ContextOptions,
    ) -> Result<GlBackend, ContextError> {
        keeping_current(|| {
            let ctx = GlContext::sharing(display, host_context, options)?;
            Ok(GlBackend::wrap(
                with_options(Device::new(ctx), options),
                true,
            ))
        })
    }

    /// Tells the backend that the host changed GL state in the shared context since
    /// Molehill's last call (bound its own objects, changed blend, viewport...). The next
    /// call captures the host's state again instead of trusting what Molehill restored.
    /// Nothing to do for a backend in a context of its own.
    pub fn host_state_changed(&mut self) {
        self.host_state = None;
        if self.ours_bound {
            // Molehill's state was in place (HostRestore::AtPresent without a restore first):
            // the cache knows nothing for sure any more.
            self.device.gl.invalidate();
            self.forget_binding();
        }
    }

    /// When a context of the backend's own is checked for being current on the thread
    /// ([`CurrentCheck::EveryCall`] by default; no effect on the host's context, which its
    /// own check or hook covers).
    pub fn set_current_check(&mut self, check: CurrentCheck) {
        self.current_check = check;
        self.known_current = false;
    }

    /// How many calls on a context of the backend's own asked EGL which context is current
    /// (`eglGetCurrentContext`; with libglvnd also a `getpid` system call): one per call that
    /// reaches GL under [`CurrentCheck::EveryCall`], one per frame under
    /// [`CurrentCheck::AtPresent`]. Counted for tests and benchmarks, as GL calls are.
    pub fn current_queries(&self) -> u64 {
        self.current_queries
    }

    /// With [`CurrentCheck::AtPresent`]: the player made another context current on this
    /// thread (or may have): the next call asks EGL again.
    pub fn context_may_have_changed(&mut self) {
        self.known_current = false;
    }

    /// When the host's state is put back (host context only; [`HostRestore::EveryCall`] by
    /// default).
    pub fn set_host_restore(&mut self, restore: HostRestore) {
        self.restore = restore;
        if restore == HostRestore::EveryCall {
            self.restore_host_state();
        }
    }

    /// Puts the host's GL state back now, if Molehill's is in place
    /// ([`HostRestore::AtPresent`]); nothing to do otherwise. The host's context must be
    /// current. On a backend lost while Molehill's state was in place, this is also when the
    /// host's state goes back and the objects left in its context are deleted.
    pub fn restore_host_state(&mut self) {
        self.restore_now();
    }

    /// Why the context was lost, when the context (or the host's contract) said so: the
    /// typed reason behind the #3694 that context3d throws.
    pub fn context_error(&self) -> Option<&ContextError> {
        self.device.context_error.as_ref()
    }

    /// Copy each presented frame into a frame texture ([`GlBackend::frame`]). On by default
    /// in the host's context and in a sharing context.
    pub fn set_frame_output(&mut self, on: bool) {
        self.frame_output = on;
        if !on {
            if let Some(current) = self.begin() {
                self.frames.clear(Some(self.device.gl.current(current)));
                self.end(Some(current));
            }
        }
    }

    /// The last presented frame as a texture (see [`FrameTexture`] for its format), or `None`
    /// before the first present with frame output on.
    pub fn frame(&self) -> Option<FrameTexture> {
        if self.device.is_lost() {
            return None;
        }
        self.frames.last()
    }

    /// Tells the backend that the host has issued its last use of `frame` (sampled it) in its
    /// own context `host_gl`, current on this thread: in a sharing context a fence is put in
    /// the host's context, and the present that writes this texture again waits for it on
    /// the GPU. Nothing to do in the host's own context (GL orders the two there).
    pub fn frame_released(&mut self, frame: &FrameTexture, host_gl: &glow::Context) {
        if self.device.gl.context().is_host() || self.device.is_lost() {
            return;
        }
        let Some(fence) = frame::host_fence(host_gl) else {
            return;
        };
        let kept = match self.begin() {
            Some(current) => {
                let kept =
                    self.frames
                        .released(self.device.gl.current(current), frame.texture, fence);
                self.end(Some(current));
                kept
            }
            None => false,
        };
        if !kept {
            frame::delete_host_fence(host_gl, fence);
        }
    }

    /// Read each presented frame back through pixel buffer objects, with up to `depth` reads
    /// in flight (0: off, the default). [`GlBackend::take_frame_pixels`] hands them out.
    pub fn set_frame_readback(&mut self, depth: usize) {
        if let Some(current) = self.begin() {
            self.readback
                .set_depth(self.device.gl.current(current), depth);
            self.end(Some(current));
        }
    }

    /// The oldest frame read back whose copy is done (`wait`: waiting for it); `None` when
    /// none is pending (or, without `wait`, none is done yet).
    pub fn take_frame_pixels(&mut self, wait: bool) -> Result<Option<FramePixels>, BackendError> {
        let Some(current) = self.begin() else {
            return Err(BackendError::ContextLost);
        };
        let px = self.readback.take(self.device.gl.current(current), wait);
        self.end(Some(current));
        Ok(px)
    }

    /// Frames read back and dropped because the ring was full when the next one started.
    pub fn dropped_frame_readbacks(&self) -> u64 {
        self.readback.dropped
    }

    /// Marks the context lost (the host saw a device reset): every resource counts as
    /// disposed and every later call fails with [`BackendError::ContextLost`].
    pub fn lose_context(&mut self) {
        self.lose();
    }

    /// Whether the context reports GPU resets ([`GlContext::detects_resets`]): then a reset
    /// found at a `present` makes the context lost ([`BackendError::ContextLost`]; in a
    /// context of Molehill's own restored at once, so the Stage3D gets a new context).
    #[cfg(not(target_arch = "wasm32"))]
    pub fn detects_resets(&self) -> bool {
        self.device.gl.context().detects_resets()
    }

    /// The next `present` finds `status` as if the GPU had been reset
    /// ([`GlContext::simulate_reset`]; for tests of the loss path).
    #[cfg(not(target_arch = "wasm32"))]
    pub fn simulate_reset(&self, status: crate::ResetStatus) {
        self.device.gl.context().simulate_reset(status);
    }

    /// Whether objects of this lost backend are still in the host's live context: the
    /// host's context was not current at a call (or its hook failed), so they could not be
    /// deleted then. They are deleted by the first of these that finds the host's context
    /// current again: a later trait call on this backend (each fails with #3694; through
    /// `molehill_context3d::Context3D`, whose calls stop at the loss, that is
    /// `Context3D::dispose`), [`GlBackend::restore_host_state`], or the drop of the backend
    /// (the `Context3D` dropped or replaced by a new `requestContext3D`, the stage destroyed).
    ///
    /// The host's context must be the same one: destroy the stage (or call
    /// [`GlBackend::lose_context`], which forgets the objects) before destroying or
    /// re-creating the context it lives in, as for any object made in a context.
    pub fn has_orphaned_objects(&self) -> bool {
        self.device.has_orphans()
    }

    /// Runs the draws kept since the last entry now (see `queue.rs`), as the next call that
    /// reaches GL would: for a host about to read what Molehill drew without a call of
    /// Molehill's first (under [`HostRestore::AtPresent`], follow it with
    /// [`GlBackend::restore_host_state`] before drawing), and for tests counting GL calls.
    pub fn run_queued_draws(&mut self) {
        if !self.queue.is_empty() {
            if let Some(current) = self.begin() {
                self.end(Some(current));
            }
        }
    }

    /// Draws kept now, not yet run (0 with error checking on).
    pub fn queued_draws(&self) -> usize {
        self.queue.len()
    }

    /// Draws kept since the backend was made (those a lost context or a dispose dropped
    /// included): with [`GlBackend::current_queries`], how many entries the queue saved.
    pub fn deferred_draws(&self) -> u64 {
        self.queue.kept()
    }

    /// GL calls issued so far, by kind.
    pub fn call_counts(&self) -> CallCounts {
        self.device.call_counts()
    }

    /// How `bgraPacked4444` render targets are kept at 4 bits from now on (the option
    /// [`ContextOptions::rgba4_targets`], for a backend made without options: in a host's
    /// context or a window). [`Rgba4Targets::Probe`] probes at the next 4444 target unless
    /// it already did; the environment variable `MOLEHILL_GL_RGBA4` overrides it.
    pub fn set_rgba4_targets(&mut self, mode: Rgba4Targets) {
        self.device.set_rgba4_targets(mode);
    }

    /// Whether `bgraPacked4444` render targets are quantised to 4 bits after draws
    /// (forced, or because the probe found the driver storing `GL_RGBA4` with more bits);
    /// `None` while undecided (probe mode, no 4444 render target made yet).
    pub fn rgba4_quantised(&self) -> Option<bool> {
        self.device.rgba4_quantised()
    }

    /// Quantising passes run on `bgraPacked4444` render targets so far, one per attachment
    /// rounded (a blit and a full-target draw each; counted for tests, as GL calls are).
    /// Always 0 on a driver that keeps 4 bits.
    pub fn rgba4_quantise_passes(&self) -> u64 {
        self.device.rgba4_passes()
    }

    /// What the driver reports.
    pub fn gl_info(&self) -> &GlInfo {
        self.device.gl_info()
    }

    /// The GLSL dialect programs are translated to.
    pub fn dialect(&self) -> Dialect {
        self.device.dialect()
    }

    /// Whether draws with a scissor rectangle into a multisampled target use the per-pixel
    /// scissor test (on for Mesa's llvmpipe; see docs/gl.md).
    pub fn scissor_discard(&self) -> bool {
        self.device.scissor_discard()
    }

    /// Programs translated, compiled and linked so far (one per distinct bytecode pair, one
    /// more for a pair's scissored variant when a draw needs it).
    pub fn program_links(&self) -> u64 {
        self.device.program_links()
    }

    /// Sampler objects made so far (one per distinct resolved sampler state).
    pub fn sampler_objects(&self) -> usize {
        self.device.sampler_objects()
    }

    /// Vertex array objects alive (one per stream layout).
    pub fn vertex_arrays(&self) -> usize {
        self.device.vertex_arrays()
    }

    /// Whether S3TC textures go to GL compressed (else they are decoded on the CPU).
    pub fn has_s3tc(&self) -> bool {
        self.device.caps().s3tc
    }

    /// Decode DXT on the CPU even where GL has S3TC (for tests of the fallback path). Takes
    /// effect for textures created afterwards.
    pub fn force_cpu_dxt(&mut self) {
        self.device.caps_mut().s3tc = false;
    }

    /// How `bgra` texels reach GL on this context.
    pub fn bgra_upload(&self) -> BgraUpload {
        self.device.caps().bgra
    }

    /// Swizzle `bgra` texels on the CPU even where GL takes them as they are (for tests of
    /// the fallback path). Takes effect for textures created afterwards.
    pub fn force_bgra_swizzle(&mut self) {
        self.device.caps_mut().bgra = BgraUpload::Swizzle;
    }

    /// GL errors seen (with error checking on) since the last `take_gl_errors`, oldest first.
    pub fn take_gl_errors(&mut self) -> Vec<GlCallError> {
        self.device.take_gl_errors()
    }

    /// Whether the context is lost (as `Backend::is_lost`).
    pub fn is_lost(&self) -> bool {
        self.device.is_lost()
    }

    /// Whether `enableErrorChecking` is on: each call then drains `glGetError`.
    pub fn error_checking(&self) -> bool {
        self.device.error_checking()
    }
}
