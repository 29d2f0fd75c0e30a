//! [`GlBackend`]: context3d's [`Backend`] over GL, with every call bracketed by an entry and
//! an exit that handle whose context it is.
//!
//! - In a context of Molehill's own, the entry asks EGL which context is current and makes
//!   Molehill's current when it is not; the exit makes the context that was current before
//!   (the host's) current again, so the host finds its context as it left it.
//! - In the host's context ([`GlBackend::on_host_context`]), the entry checks that the host's
//!   context is current (or calls the host's hook), captures the host's GL state the first
//!   time (and after [`GlBackend::host_state_changed`]) and sets what Molehill relies on; the
//!   exit puts back every piece of state Molehill changed ([`crate::state::HostState`]).
//!
//! A broken contract (no context current, another one, a failing hook, a lost context) makes
//! no GL call: the backend counts as lost (context3d throws #3694), and
//! [`GlBackend::context_error`] says why.

use std::ops::{Deref, DerefMut};
use std::sync::atomic::{AtomicU64, Ordering};

use glow::HasContext;
use glutin::context::{AsRawContext, RawContext};
use molehill_agal::{Program, ProgramKind};
use molehill_context3d::{
    BackBufferConfig, Backend, BackendError, BlendState, Clear, ColorMask, DepthState, DrawChanges,
    IndexBufferDesc, IndexBufferId, PixelRect, ProgramId, RenderChanges, RenderTarget,
    ResolvedDraw, StencilState, TextureDesc, TextureId, TextureUpload, TriangleFace,
    VertexBufferDesc, VertexBufferId,
};
use raw_window_handle::{RawDisplayHandle, RawWindowHandle};

use crate::backend::GlCore;
use crate::current::{restore, CurrentBinding, CurrentCheck};
use crate::egl::{ContextError, ContextOptions, GlApi, GlContext};
use crate::frame::{FramePixels, FrameTexture, Frames, Readback};
use crate::host::{bound_owner, set_bound_owner, HostContext};
use crate::queue::DrawQueue;
use crate::state::HostState;

static NEXT_BACKEND: AtomicU64 = AtomicU64::new(1);

/// When a backend in the host's context puts the host's GL state back.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum HostRestore {
    /// On return from every call (the default): the host may draw between any two calls.
    #[default]
    EveryCall,
    /// At the end of `present()`, of `dispose_context()` and of
    /// [`GlBackend::restore_host_state`]: between them Molehill's state stays bound (about
    /// five times fewer GL calls per draw). The host calls `restore_host_state` before it
    /// draws or reads GL state itself in the middle of a Molehill frame. Backends sharing a
    /// context notice each other's state in place and then trust nothing they cached.
    AtPresent,
}

/// Context3D over OpenGL ES 3.0 or desktop GL 3.3 core: in a context of its own (headless
/// or a window), in the host's context, or in one sharing objects with the host's.
///
/// Not `Send`: it lives on the thread that created (or adopted) its context. Inherent
/// methods of [`GlCore`] (call counts, driver info...) are reached through `Deref`; they do
/// not count or see draws still kept ([`GlBackend::run_queued_draws`] runs them).
#[derive(Debug)]
pub struct GlBackend {
    core: GlCore,
    /// Tells backends sharing a host context apart (`host::BOUND`).
    id: u64,
    /// The host's state, captured (host context only; `None`: capture at the next entry).
    host_state: Option<HostState>,
    /// When the host's state is put back (host context only).
    restore: HostRestore,
    /// Molehill's state is in place in the host's context (the host's is not).
    ours_bound: bool,
    /// The binding current before the entry, to restore at the exit (own context only).
    previous: Option<CurrentBinding>,
    /// When the own context's currency is asked of EGL.
    current_check: CurrentCheck,
    /// With [`CurrentCheck::AtPresent`]: the own context was found or made current this
    /// frame and nothing since said otherwise.
    known_current: bool,
    /// How many times an entry asked EGL which context is current.
    current_queries: u64,
    frames: Frames,
    frame_output: bool,
    readback: Readback,
    /// Lost by a broken contract while Molehill's state was in place in the host's context
    /// ([`HostRestore::AtPresent`]): the host's state goes back when the kept objects are
    /// deleted ([`GlBackend::release_orphans`]).
    restore_at_release: bool,
    /// Draws kept until the next entry (error checking off; see [`crate::queue`]).
    queue: DrawQueue,
}

impl GlBackend {
    fn wrap(core: GlCore, frame_output: bool) -> GlBackend {
        GlBackend {
            core,
            id: NEXT_BACKEND.fetch_add(1, Ordering::Relaxed),
            host_state: None,
            restore: HostRestore::default(),
            ours_bound: false,
            previous: None,
            current_check: CurrentCheck::default(),
            known_current: false,
            current_queries: 0,
            frames: Frames::default(),
            frame_output,
            readback: Readback::default(),
            restore_at_release: false,
            queue: DrawQueue::default(),
        }
    }

    /// A backend on a new headless context (see [`GlContext::headless`]). A context that
    /// was current on the thread before is current again on return.
    pub fn headless(options: &ContextOptions) -> Result<GlBackend, ContextError> {
        keeping_current(|| Ok(GlBackend::wrap(GlCore::headless(options)?, false)))
    }

    /// A backend drawing into the host's window; `present` shows the back buffer there.
    ///
    /// # Safety
    /// `display` and `window` must be valid handles that outlive the backend.
    pub unsafe fn windowed(
        display: RawDisplayHandle,
        window: RawWindowHandle,
        width: u32,
        height: u32,
        api: GlApi,
    ) -> Result<GlBackend, ContextError> {
        keeping_current(|| {
            // SAFETY: forwarded from this function's contract.
            let core = unsafe { GlCore::windowed(display, window, width, height, api) }?;
            Ok(GlBackend::wrap(core, false))
        })
    }

    /// A backend on an existing context of Molehill's (made current while it is set up; a
    /// context current before is current again on return).
    pub fn new(ctx: GlContext) -> GlBackend {
        let previous = CurrentBinding::now();
        let b = GlBackend::wrap(GlCore::new(ctx), false);
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
        Ok(GlBackend::wrap(GlCore::new(ctx), true))
    }

    /// A backend on a headless context of Molehill's that shares objects with the host's EGL
    /// context (see [`GlContext::sharing`]); frame output is on and fenced. Molehill's
    /// context is current while it runs, and the host's is current again when it returns.
    pub fn sharing(
        display: &glutin::api::egl::display::Display,
        host_context: &impl AsRawContext,
        options: &ContextOptions,
    ) -> Result<GlBackend, ContextError> {
        keeping_current(|| {
            let ctx = GlContext::sharing(display, host_context, options)?;
            Ok(GlBackend::wrap(GlCore::new(ctx), true))
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
            self.core.gl.invalidate();
            self.ours_bound = false;
            let key = self.host_key();
            if bound_owner(key) == Some(self.id) {
                set_bound_owner(key, None);
            }
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
        if self.core.has_orphans() {
            self.release_orphans();
            return;
        }
        if !self.ours_bound || self.core.is_lost() {
            return;
        }
        if let Err(e) = self.core.gl.context().make_current() {
            self.lost_by(e);
            return;
        }
        self.put_host_state_back();
    }

    fn put_host_state_back(&mut self) {
        if !self.ours_bound {
            return;
        }
        if let Some(state) = &self.host_state {
            if !self.core.is_lost() {
                self.core.gl.leave_host(state);
            }
        }
        self.ours_bound = false;
        let key = self.host_key();
        if bound_owner(key) == Some(self.id) {
            set_bound_owner(key, None);
        }
    }

    /// The key of the host's context in `host::BOUND`.
    fn host_key(&self) -> usize {
        let RawContext::Egl(ctx) = self.core.gl.context().raw_context();
        ctx as usize
    }

    /// Why the context was lost, when the context (or the host's contract) said so: the
    /// typed reason behind the #3694 that context3d throws.
    pub fn context_error(&self) -> Option<&ContextError> {
        self.core.context_error.as_ref()
    }

    /// Copy each presented frame into a frame texture ([`GlBackend::frame`]). On by default
    /// in the host's context and in a sharing context.
    pub fn set_frame_output(&mut self, on: bool) {
        self.frame_output = on;
        if !on && self.begin() {
            self.frames.clear(Some(&mut self.core.gl));
            self.end();
        }
    }

    /// The last presented frame as a texture (see [`crate::frame`] for its format), or `None`
    /// before the first present with frame output on.
    pub fn frame(&self) -> Option<FrameTexture> {
        if self.core.is_lost() {
            return None;
        }
        self.frames.last()
    }

    /// Tells the backend that the host has issued its last use of `frame` (sampled it) in its
    /// own context `host_gl`, current on this thread: in a sharing context a fence is put in
    /// the host's context, and the present that writes this texture again waits for it on
    /// the GPU. Nothing to do in the host's own context (GL orders the two there).
    pub fn frame_released(&mut self, frame: &FrameTexture, host_gl: &glow::Context) {
        if self.core.gl.context().is_host() || self.core.is_lost() {
            return;
        }
        // SAFETY: the host's context is current (this function's contract); the only
        // condition and flags GL ES 3.0 allows.
        let Ok(fence) = (unsafe { host_gl.fence_sync(glow::SYNC_GPU_COMMANDS_COMPLETE, 0) }) else {
            return;
        };
        // SAFETY: the host's context is current; makes the fence visible to Molehill's context.
        unsafe { host_gl.flush() };
        let kept = self.begin() && {
            let kept = self
                .frames
                .released(&mut self.core.gl, frame.texture, fence);
            self.end();
            kept
        };
        if !kept {
            // SAFETY: the host's context is current again; a fence made above, not kept.
            unsafe { host_gl.delete_sync(fence) };
        }
    }

    /// Read each presented frame back through pixel buffer objects, with up to `depth` reads
    /// in flight (0: off, the default). [`GlBackend::take_frame_pixels`] hands them out.
    pub fn set_frame_readback(&mut self, depth: usize) {
        if self.begin() {
            self.readback.set_depth(&mut self.core.gl, depth);
            self.end();
        }
    }

    /// The oldest frame read back whose copy is done (`wait`: waiting for it); `None` when
    /// none is pending (or, without `wait`, none is done yet).
    pub fn take_frame_pixels(&mut self, wait: bool) -> Result<Option<FramePixels>, BackendError> {
        if !self.begin() {
            return Err(BackendError::ContextLost);
        }
        let px = self.readback.take(&mut self.core.gl, wait);
        self.end();
        Ok(px)
    }

    /// Frames read back and dropped because the ring was full when the next one started.
    pub fn dropped_frame_readbacks(&self) -> u64 {
        self.readback.dropped
    }

    /// Marks the context lost (the host saw a device reset): every resource counts as
    /// disposed and every later call fails with [`BackendError::ContextLost`].
    pub fn lose_context(&mut self) {
        self.forget_binding();
        self.frames.clear(None);
        self.readback.clear(None);
        self.queue.clear();
        self.core.lose_context();
    }

    /// The context could not be made (or found) current: lost, with `e` as the reason. In the
    /// host's context, a broken contract leaves Molehill's objects (frames and reads
    /// included) in the live context, kept for [`GlBackend::release_orphans`].
    fn lost_by(&mut self, e: ContextError) {
        self.restore_at_release = self.ours_bound && self.core.gl.context().is_host();
        self.forget_binding();
        self.queue.clear();
        self.core.lost_by(e);
        if !self.core.has_orphans() {
            self.frames.clear(None);
            self.readback.clear(None);
        }
    }

    /// Molehill's state no longer counts as in place in the host's context.
    fn forget_binding(&mut self) {
        if self.ours_bound {
            self.ours_bound = false;
            let key = self.host_key();
            if bound_owner(key) == Some(self.id) {
                set_bound_owner(key, None);
            }
        }
    }

    /// Whether objects of this lost backend are still in the host's live context: the
    /// host's context was not current at a call (or its hook failed), so they could not be
    /// deleted then. They are deleted by the first of these that finds the host's context
    /// current again: a later trait call on this backend (each fails with #3694; through
    /// `molehill_context3d::Context3D`, whose calls stop at the loss, that is `Context3D::dispose`),
    /// [`GlBackend::restore_host_state`], or the drop of the backend (the `Context3D` dropped
    /// or replaced by a new `requestContext3D`, the stage destroyed).
    ///
    /// The host's context must be the same one: destroy the stage (or call
    /// [`GlBackend::lose_context`], which forgets the objects) before destroying or re-creating
    /// the context it lives in, as for any object made in a context.
    pub fn has_orphaned_objects(&self) -> bool {
        self.core.has_orphans()
    }

    /// Deletes, with the host's context current, the objects a broken contract left in it;
    /// `false` when the context is still not current (nothing is deleted then).
    fn release_orphans(&mut self) -> bool {
        if !self.core.has_orphans() {
            return true;
        }
        if self.core.gl.context().make_current().is_err() {
            return false;
        }
        if std::mem::take(&mut self.restore_at_release) {
            // Molehill's state was left in place at the loss (HostRestore::AtPresent): the
            // host's goes back first (the cache knows nothing, so all of it is set).
            if let Some(state) = &self.host_state {
                self.core.gl.leave_host(state);
            }
        }
        self.frames.clear(Some(&mut self.core.gl));
        self.readback.clear(Some(&mut self.core.gl));
        self.core.delete_orphans();
        log::info!("the host's context is current again: the lost backend's objects are deleted");
        true
    }

    /// Runs the draws kept since the last entry now (see [`crate::queue`]), as the next call
    /// that reaches GL would: for a host about to read what Molehill drew without a call of
    /// Molehill's first (under [`HostRestore::AtPresent`], follow it with
    /// [`GlBackend::restore_host_state`] before drawing), before a `GlCore` trait call made
    /// through `DerefMut` (which skips the queue), and for tests counting GL calls.
    pub fn run_queued_draws(&mut self) {
        if !self.queue.is_empty() && self.begin() {
            self.end();
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

    /// The entry of a call; `false` when the context cannot be used (the call then fails
    /// without a GL call).
    fn begin(&mut self) -> bool {
        if self.core.is_lost() {
            self.release_orphans();
            return false;
        }
        let ctx = self.core.gl.context();
        if ctx.is_host() {
            if let Err(e) = ctx.make_current() {
                self.lost_by(e);
                return false;
            }
            let desktop = ctx.info().api == GlApi::Desktop33;
            let key = self.host_key();
            let owner = bound_owner(key);
            if owner.is_some_and(|o| o != self.id) || (self.ours_bound && owner.is_none()) {
                // Another backend on this context left its state in place, or put the
                // host's back over ours: what the cache holds is not what GL holds.
                self.core.gl.invalidate();
                self.ours_bound = false;
            }
            if !self.ours_bound {
                let gl = &mut self.core.gl;
                let state = self
                    .host_state
                    .get_or_insert_with(|| HostState::capture(gl, desktop));
                gl.enter_host(state);
                self.ours_bound = true;
                set_bound_owner(key, Some(self.id));
            }
        } else {
            let RawContext::Egl(ours) = ctx.raw_context();
            // Known current this frame (CurrentCheck::AtPresent), or found current by one EGL
            // query (the common case: nothing else draws on this thread between two calls):
            // nothing to make current or restore. Otherwise ours is made current and the
            // binding before it kept to restore at the exit.
            self.previous = if self.known_current || {
                self.current_queries += 1;
                crate::current::current_context().flatten().map(|c| c.0) == Some(ours)
            } {
                None
            } else {
                let previous = CurrentBinding::now_unless(ours);
                if let Err(e) = ctx.make_current() {
                    self.lost_by(e);
                    self.previous = previous;
                    self.end();
                    return false;
                }
                previous
            };
            // Trusted until the next present when nothing is to be put back at the exit.
            self.known_current =
                self.current_check == CurrentCheck::AtPresent && self.previous.is_none();
        }
        self.core.entered = true;
        if !self.queue.is_empty() {
            self.queue.run(&mut self.core);
        }
        true
    }

    /// The exit of a call begun with [`GlBackend::begin`].
    fn end(&mut self) {
        self.core.entered = false;
        if self.restore == HostRestore::EveryCall {
            self.put_host_state_back();
        }
        if self.core.is_lost() && !self.core.has_orphans() {
            // Lost during the call (GL_CONTEXT_LOST): its frames and reads went with it.
            self.lose_context();
        }
        if self.previous.is_some() {
            // Another context is current again: ask at the next call.
            self.known_current = false;
        }
        restore(self.previous.take());
    }

    /// Runs `f` on the core between an entry and an exit; a failed entry still runs `f`,
    /// which then fails as the lost context it is, without a GL call.
    fn call<R>(&mut self, f: impl FnOnce(&mut GlCore) -> R) -> R {
        let entered = self.begin();
        let r = f(&mut self.core);
        if entered {
            self.end();
        }
        r
    }
}

/// Runs `make` (which makes a new context current) and makes the context that was current
/// before current again.
fn keeping_current(
    make: impl FnOnce() -> Result<GlBackend, ContextError>,
) -> Result<GlBackend, ContextError> {
    let previous = CurrentBinding::now();
    let b = make();
    restore(previous);
    b
}

impl Deref for GlBackend {
    type Target = GlCore;
    fn deref(&self) -> &GlCore {
        &self.core
    }
}

impl DerefMut for GlBackend {
    fn deref_mut(&mut self) -> &mut GlCore {
        &mut self.core
    }
}

impl Drop for GlBackend {
    /// In the host's context, and in a context of ours sharing objects with the host's,
    /// deletes every object Molehill made there, those a broken contract left behind
    /// included ([`GlBackend::has_orphaned_objects`]). In the host's context that needs the
    /// host's context current (or its hook to make it so); when it is not, nothing can be
    /// deleted safely and the objects go with the host's context.
    fn drop(&mut self) {
        // A drop comes at a less predictable time than a call: ask EGL again rather than trust
        // CurrentCheck::AtPresent's knowledge of this frame.
        self.known_current = false;
        let ctx = self.core.gl.context();
        if (ctx.is_host() || ctx.shares_objects()) && !self.core.is_lost() {
            Backend::dispose_context(self);
        }
        if !self.release_orphans() {
            log::warn!(
                "a GlBackend was dropped while the host's context was not current: its objects \
                 stay in that context until the host destroys it"
            );
        }
    }
}

impl Backend for GlBackend {
    fn driver_info(&self) -> String {
        self.core.driver_info()
    }

    fn set_error_checking(&mut self, enabled: bool) {
        self.call(|c| c.set_error_checking(enabled))
    }

    fn configure_back_buffer(&mut self, config: &BackBufferConfig) -> Result<(), BackendError> {
        self.call(|c| c.configure_back_buffer(config))
    }

    fn create_vertex_buffer(
        &mut self,
        id: VertexBufferId,
        desc: &VertexBufferDesc,
    ) -> Result<(), BackendError> {
        self.call(|c| c.create_vertex_buffer(id, desc))
    }

    fn upload_vertex_buffer(
        &mut self,
        id: VertexBufferId,
        byte_offset: u64,
        data: &[u8],
    ) -> Result<(), BackendError> {
        self.call(|c| c.upload_vertex_buffer(id, byte_offset, data))
    }

    fn dispose_vertex_buffer(&mut self, id: VertexBufferId) {
        self.call(|c| c.dispose_vertex_buffer(id))
    }

    fn create_index_buffer(
        &mut self,
        id: IndexBufferId,
        desc: &IndexBufferDesc,
    ) -> Result<(), BackendError> {
        self.call(|c| c.create_index_buffer(id, desc))
    }

    fn upload_index_buffer(
        &mut self,
        id: IndexBufferId,
        byte_offset: u64,
        indices: &[u16],
    ) -> Result<(), BackendError> {
        self.call(|c| c.upload_index_buffer(id, byte_offset, indices))
    }

    fn dispose_index_buffer(&mut self, id: IndexBufferId) {
        self.call(|c| c.dispose_index_buffer(id))
    }

    fn create_texture(&mut self, id: TextureId, desc: &TextureDesc) -> Result<(), BackendError> {
        self.call(|c| c.create_texture(id, desc))
    }

    fn upload_texture(
        &mut self,
        id: TextureId,
        upload: &TextureUpload<'_>,
    ) -> Result<(), BackendError> {
        self.call(|c| c.upload_texture(id, upload))
    }

    fn dispose_texture(&mut self, id: TextureId) {
        self.call(|c| c.dispose_texture(id))
    }

    fn create_program(
        &mut self,
        id: ProgramId,
        vertex: &Program,
        fragment: &Program,
    ) -> Result<(), BackendError> {
        self.call(|c| c.create_program(id, vertex, fragment))
    }

    fn dispose_program(&mut self, id: ProgramId) {
        self.call(|c| c.dispose_program(id))
    }

    fn clear(&mut self, clear: &Clear) {
        self.call(|c| c.clear(clear))
    }

    fn set_render_target(&mut self, target: &RenderTarget) {
        self.call(|c| c.set_render_target(target))
    }

    fn set_blend(&mut self, blend: BlendState) {
        self.set_render_changes(&RenderChanges {
            blend: Some(blend),
            ..RenderChanges::default()
        });
    }

    fn set_color_mask(&mut self, mask: ColorMask) {
        self.set_render_changes(&RenderChanges {
            color_mask: Some(mask),
            ..RenderChanges::default()
        });
    }

    fn set_culling(&mut self, cull: TriangleFace) {
        self.set_render_changes(&RenderChanges {
            culling: Some(cull),
            ..RenderChanges::default()
        });
    }

    fn set_depth(&mut self, depth: DepthState) {
        self.set_render_changes(&RenderChanges {
            depth: Some(depth),
            ..RenderChanges::default()
        });
    }

    fn set_stencil(&mut self, stencil: StencilState) {
        self.set_render_changes(&RenderChanges {
            stencil: Some(stencil),
            ..RenderChanges::default()
        });
    }

    fn set_scissor(&mut self, scissor: Option<PixelRect>) {
        self.set_render_changes(&RenderChanges {
            scissor: Some(scissor),
            ..RenderChanges::default()
        });
    }

    fn set_program_constants(
        &mut self,
        kind: ProgramKind,
        first_register: u16,
        values: &[[f32; 4]],
    ) {
        if self.queue.is_empty() {
            self.core
                .set_program_constants(kind, first_register, values);
        } else {
            self.queue.push_constants(kind, first_register, values);
        }
    }

    /// Recorded in the state cache (no GL call), or kept after the kept draws.
    fn set_render_changes(&mut self, r: &RenderChanges) {
        if self.queue.is_empty() {
            self.core.set_render_changes(r);
        } else {
            self.queue.push_render(*r);
        }
    }

    fn draw(&mut self, draw: &ResolvedDraw) -> Result<(), BackendError> {
        self.draw_with_changes(draw, &DrawChanges::default())
    }

    /// With error checking off (Flash's asynchronous draw), kept with its changes until the
    /// next entry (see [`crate::queue`]); with it on, one entry (one current-context check)
    /// for the state, the constants and the draw, and the draw's GL errors.
    fn draw_with_changes(
        &mut self,
        draw: &ResolvedDraw,
        changes: &DrawChanges<'_>,
    ) -> Result<(), BackendError> {
        if self.core.error_checking() || self.core.is_lost() {
            return self.call(|c| c.draw_with_changes(draw, changes));
        }
        if self.queue.is_full() {
            self.run_queued_draws();
            if self.core.is_lost() {
                // The entry that would run them found the context gone: so are they.
                return Err(BackendError::ContextLost);
            }
        }
        self.queue.push(draw, changes);
        Ok(())
    }

    fn present(&mut self) -> Result<(), BackendError> {
        let entered = self.begin();
        // CurrentCheck::AtPresent: the next frame's first call asks EGL again.
        self.known_current = false;
        let mut r = self.core.present();
        if entered && r.is_ok() {
            let fenced = !self.core.gl.context().is_host();
            if self.frame_output {
                self.frames
                    .publish(&mut self.core.gl, &mut self.core.targets, fenced);
            }
            if self.readback.enabled() {
                self.readback
                    .start(&mut self.core.gl, &mut self.core.targets);
            }
            r = self.core.check("present");
        }
        if entered {
            self.put_host_state_back();
            self.end();
        }
        r
    }

    fn read_back_buffer(&mut self, rect: PixelRect) -> Result<Vec<u32>, BackendError> {
        self.call(|c| c.read_back_buffer(rect))
    }

    fn take_error(&mut self) -> Option<BackendError> {
        self.core.take_error()
    }

    fn is_lost(&self) -> bool {
        self.core.is_lost()
    }

    fn dispose_context(&mut self) {
        // Kept draws would draw into a context about to go.
        self.queue.clear();
        let entered = self.begin();
        if entered {
            self.frames.clear(Some(&mut self.core.gl));
            self.readback.clear(Some(&mut self.core.gl));
        }
        self.core.dispose_context();
        if entered {
            self.put_host_state_back();
            self.end();
        }
    }
}
