//! [`GlBackend`]'s state and the bracket around each of its calls: the entry that makes (or
//! finds) the context current and, in the host's context, puts Molehill's GL state in place;
//! the exit that puts the host's back and makes the context current before current again.
//!
//! - In a context of Molehill's own, the entry asks EGL which context is current and makes
//!   Molehill's current when it is not; the exit makes the context that was current before
//!   (the host's) current again, so the host finds its context as it left it.
//! - In the host's context ([`GlBackend::on_host_context`]), the entry checks that the host's
//!   context is current (or calls the host's hook), captures the host's GL state the first
//!   time (and after [`GlBackend::host_state_changed`]) and sets what Molehill relies on; the
//!   exit puts back every piece of state Molehill changed (`gl/hoststate.rs`).
//!
//! The entry gives the proof that the context is current ([`Current`]) which every device
//! call that reaches GL takes. A broken contract (no context current, another one, a failing
//! hook, a lost context) gives none and makes no GL call: the backend counts as lost
//! (context3d throws #3694), and [`GlBackend::context_error`] says why.

use std::sync::atomic::{AtomicU64, Ordering};

use super::queue::DrawQueue;
use crate::context::bound::{bound_owner, set_bound_owner};
use crate::context::{restore, ContextError, Current, CurrentBinding, GlApi};
use crate::device::frames::{Frames, Readback};
use crate::device::Device;
use crate::gl::HostState;

static NEXT_BACKEND: AtomicU64 = AtomicU64::new(1);

/// When a backend on a context of its own (headless or windowed, not the host's) asks EGL
/// whether that context is still current on the thread.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CurrentCheck {
    /// At every call that reaches GL (the default): the host may make another context
    /// current on this thread between any two calls (its own, or wgpu's GL backend's), and
    /// Molehill makes its own current and puts the other back.
    #[default]
    EveryCall,
    /// At the first call after `present()` (and after
    /// [`GlBackend::context_may_have_changed`]):
    /// for a player that makes no other context current on this thread in the middle of a
    /// Molehill frame, or says so when it does. Saves one `eglGetCurrentContext` per call that
    /// reaches GL, which with libglvnd is also a `getpid` system call (its fork check): a few
    /// hundred nanoseconds each. Draws with error checking off are kept and reach GL with the
    /// next such call, so under `EveryCall` that is a few per frame; with error checking on,
    /// one per draw. A context made current behind Molehill's back mid-frame gets Molehill's
    /// GL calls: the contract is the player's.
    AtPresent,
}

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
/// Not `Send`: it lives on the thread that created (or adopted) its context. Its queries of
/// the device (call counts, driver info...) do not count or see draws still kept
/// ([`GlBackend::run_queued_draws`] runs them).
#[derive(Debug)]
pub struct GlBackend {
    pub(super) device: Device,
    /// Tells backends sharing a host context apart (`context::bound`'s table).
    id: u64,
    /// The host's state, captured (host context only; `None`: capture at the next entry).
    pub(super) host_state: Option<HostState>,
    /// When the host's state is put back (host context only).
    pub(super) restore: HostRestore,
    /// Molehill's state is in place in the host's context (the host's is not).
    pub(super) ours_bound: bool,
    /// The binding current before the entry, to restore at the exit (own context only).
    previous: Option<CurrentBinding>,
    /// When the own context's currency is asked of EGL.
    pub(super) current_check: CurrentCheck,
    /// With [`CurrentCheck::AtPresent`]: the own context was found or made current this
    /// frame and nothing since said otherwise.
    pub(super) known_current: bool,
    /// How many times an entry asked EGL which context is current.
    pub(super) current_queries: u64,
    pub(super) frames: Frames,
    pub(super) frame_output: bool,
    pub(super) readback: Readback,
    /// Lost by a broken contract while Molehill's state was in place in the host's context
    /// ([`HostRestore::AtPresent`]): the host's state goes back when the kept objects are
    /// deleted ([`GlBackend::release_orphans`]).
    restore_at_release: bool,
    /// Draws kept until the next entry (error checking off; see `queue.rs`).
    pub(super) queue: DrawQueue,
}

impl GlBackend {
    pub(super) fn wrap(device: Device, frame_output: bool) -> GlBackend {
        GlBackend {
            device,
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

    /// Molehill's state no longer counts as in place in the host's context (nothing is put
    /// back: the host changed its state, or the context is gone).
    pub(super) fn forget_binding(&mut self) {
        if self.ours_bound {
            self.ours_bound = false;
            let key = self.host_key();
            if bound_owner(key) == Some(self.id) {
                set_bound_owner(key, None);
            }
        }
    }

    /// Puts the host's state back if Molehill's is in place (with the context current).
    pub(super) fn put_host_state_back(&mut self, current: Option<Current>) {
        if !self.ours_bound {
            return;
        }
        if let (Some(state), Some(current)) = (&self.host_state, current) {
            if !self.device.is_lost() {
                self.device.gl.current(current).leave_host(state);
            }
        }
        self.ours_bound = false;
        let key = self.host_key();
        if bound_owner(key) == Some(self.id) {
            set_bound_owner(key, None);
        }
    }

    /// The key of the host's context in `context::bound`'s table.
    fn host_key(&self) -> usize {
        self.device.gl.context().key()
    }

    /// Marks the context lost (frames, reads and kept draws go with it).
    pub(super) fn lose(&mut self) {
        self.forget_binding();
        self.frames.clear(None);
        self.readback.clear(None);
        self.queue.clear();
        self.device.lose_context();
    }

    /// The context could not be made (or found) current: lost, with `e` as the reason. In the
    /// host's context, a broken contract leaves Molehill's objects (frames and reads
    /// included) in the live context, kept for [`GlBackend::release_orphans`].
    fn lost_by(&mut self, e: ContextError) {
        self.restore_at_release = self.ours_bound && self.device.gl.context().is_host();
        self.forget_binding();
        self.queue.clear();
        self.device.lost_by(e);
        if !self.device.has_orphans() {
            self.frames.clear(None);
            self.readback.clear(None);
        }
    }

    /// Asks a context that reports GPU resets (`context::reset`) whether it was reset; a reset
    /// context is lost (`ContextError::Lost` with GL's status name), and `true` is returned.
    /// Once per `present`: a reset loses everything, so finding it at the frame's end loses
    /// no more than finding it at once would.
    pub(super) fn reset_found(&mut self, current: Current) -> bool {
        #[cfg(not(target_arch = "wasm32"))]
        if let Some(status) = self.device.gl.current(current).reset_status(current) {
            log::error!("the GL context was reset ({})", status.gl_name());
            self.lost_by(ContextError::Lost(status.gl_name()));
            return true;
        }
        #[cfg(target_arch = "wasm32")]
        let _ = current;
        false
    }

    /// Deletes, with the host's context current, the objects a broken contract left in it;
    /// `false` when the context is still not current (nothing is deleted then).
    pub(super) fn release_orphans(&mut self) -> bool {
        if !self.device.has_orphans() {
            return true;
        }
        let Ok(current) = self.device.gl.context().enter() else {
            return false;
        };
        let gl = self.device.gl.current(current);
        if std::mem::take(&mut self.restore_at_release) {
            // Molehill's state was left in place at the loss (HostRestore::AtPresent): the
            // host's goes back first (the cache knows nothing, so all of it is set).
            if let Some(state) = &self.host_state {
                gl.leave_host(state);
            }
        }
        self.frames.clear(Some(gl));
        self.readback.clear(Some(gl));
        self.device.delete_orphans(current);
        log::info!("the host's context is current again: the lost backend's objects are deleted");
        true
    }

    /// Puts the host's state back now (see [`GlBackend::restore_host_state`]).
    pub(super) fn restore_now(&mut self) {
        if self.device.has_orphans() {
            self.release_orphans();
            return;
        }
        if !self.ours_bound || self.device.is_lost() {
            return;
        }
        match self.device.gl.context().enter() {
            Ok(current) => self.put_host_state_back(Some(current)),
            Err(e) => self.lost_by(e),
        }
    }

    /// The entry of a call: the proof that the context is current, or `None` when the
    /// context cannot be used (the call then fails without a GL call).
    pub(super) fn begin(&mut self) -> Option<Current> {
        if self.device.is_lost() {
            self.release_orphans();
            return None;
        }
        let ctx = self.device.gl.context();
        let current = if ctx.is_host() {
            let current = match ctx.enter() {
                Ok(current) => current,
                Err(e) => {
                    self.lost_by(e);
                    return None;
                }
            };
            let desktop = ctx.info().api == GlApi::Desktop33;
            let key = self.host_key();
            let owner = bound_owner(key);
            if owner.is_some_and(|o| o != self.id) || (self.ours_bound && owner.is_none()) {
                // Another backend on this context left its state in place, or put the
                // host's back over ours: what the cache holds is not what GL holds.
                self.device.gl.invalidate();
                self.ours_bound = false;
            }
            if !self.ours_bound {
                let gl = self.device.gl.current(current);
                let state = self
                    .host_state
                    .get_or_insert_with(|| HostState::capture(gl, desktop));
                gl.enter_host(state);
                self.ours_bound = true;
                set_bound_owner(key, Some(self.id));
            }
            current
        } else {
            // Known current this frame (CurrentCheck::AtPresent), or found current by one EGL
            // query (the common case: nothing else draws on this thread between two calls):
            // nothing to make current or restore. Otherwise ours is made current and the
            // binding before it kept to restore at the exit.
            let found = if self.known_current {
                Some(ctx.trust_current())
            } else {
                self.current_queries += 1;
                ctx.found_current()
            };
            let current = match found {
                Some(current) => {
                    self.previous = None;
                    current
                }
                None => {
                    let previous = CurrentBinding::now_unless(ctx.egl_handle());
                    match ctx.enter() {
                        Ok(current) => {
                            self.previous = previous;
                            current
                        }
                        Err(e) => {
                            self.lost_by(e);
                            self.previous = previous;
                            self.end(None);
                            return None;
                        }
                    }
                }
            };
            // Trusted until the next present when nothing is to be put back at the exit.
            self.known_current =
                self.current_check == CurrentCheck::AtPresent && self.previous.is_none();
            current
        };
        if !self.queue.is_empty() {
            self.queue.run(&mut self.device, current);
        }
        Some(current)
    }

    /// The exit of a call begun with [`GlBackend::begin`] (`None`: its entry failed).
    pub(super) fn end(&mut self, current: Option<Current>) {
        if self.restore == HostRestore::EveryCall {
            self.put_host_state_back(current);
        }
        if self.device.is_lost() && !self.device.has_orphans() {
            // Lost during the call (GL_CONTEXT_LOST): its frames and reads went with it.
            self.lose();
        }
        if self.previous.is_some() {
            // Another context is current again: ask at the next call.
            self.known_current = false;
        }
        restore(self.previous.take());
    }

    /// Runs `f` on the device between an entry and an exit; when the entry fails (the
    /// backend is lost), `lost` instead, without a GL call.
    pub(super) fn call<R>(
        &mut self,
        f: impl FnOnce(&mut Device, Current) -> R,
        lost: impl FnOnce(&mut Device) -> R,
    ) -> R {
        match self.begin() {
            Some(current) => {
                let r = f(&mut self.device, current);
                self.end(Some(current));
                r
            }
            None => lost(&mut self.device),
        }
    }
}

/// Runs `make` (which makes a new context current) and makes the context that was current
/// before current again.
pub(super) fn keeping_current(
    make: impl FnOnce() -> Result<GlBackend, ContextError>,
) -> Result<GlBackend, ContextError> {
    let previous = CurrentBinding::now();
    let b = make();
    restore(previous);
    b
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
        let ctx = self.device.gl.context();
        if (ctx.is_host() || ctx.shares_objects()) && !self.device.is_lost() {
            molehill_context3d::Backend::dispose_context(self);
        }
        if !self.release_orphans() {
            log::warn!(
                "a GlBackend was dropped while the host's context was not current: its objects \
                 stay in that context until the host destroys it"
            );
        }
    }
}
