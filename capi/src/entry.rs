//! [`MhStage3D`], the object behind every `MhStage3D *`, and the way each exported function
//! enters it: [`with_stage`] (null and thread checks, the panic guard, then the events the call
//! caused handed to the host's callback once the stage is released) and [`with_context`] (the
//! context a handle names, through the facade's `Stage3D::context3d_by_id`). The exported
//! functions are in [`crate::stage`], [`crate::host`], [`crate::context`] and
//! [`crate::resources`]; they all run through here.

use std::cell::RefCell;
use std::ffi::c_void;
use std::rc::Rc;
use std::thread::ThreadId;

use molehill_agal::flash::FlashError;
use molehill_gl::GlBackend;
use molehill_player::{Context3D, Stage3D};

use crate::error::{Fail, MhError, MhStatus};
use crate::events::{Delivery, MhEventCallback};
use crate::ffi;
use crate::handles::{ContextHandles, Handles, MhContext3D};

/// The backend of a host stage's latest context, shared with its factory.
pub(crate) type HostBackend = Rc<RefCell<Option<Rc<RefCell<GlBackend>>>>>;

/// A `Stage3D` (`stage.stage3Ds[i]`): opaque; made by `mh_stage3d_new_headless` (Molehill's
/// own headless GL context) or `mh_stage3d_new_on_host_context` (the player's GL context),
/// freed by `mh_stage3d_destroy`. Used from the thread that made it.
pub struct MhStage3D {
    pub(crate) stage: Stage3D,
    /// For a stage in the host's GL context: the backend of its latest context, whose frame
    /// textures the host reads (`None` for a headless stage).
    pub(crate) host: Option<HostBackend>,
    /// The host's event handler and its data; it receives the facade's events after each call.
    pub(crate) callback: MhEventCallback,
    pub(crate) user_data: *mut c_void,
    pub(crate) thread: ThreadId,
    /// The context handles given out.
    pub(crate) contexts: ContextHandles,
    pub(crate) handles: Handles,
    /// The last context whose loss was delivered (`MH_EVENT_KIND_CONTEXT3D_LOST`).
    pub(crate) lost_reported: Option<molehill_player::ContextId>,
}

impl std::fmt::Debug for MhStage3D {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MhStage3D")
            .field("stage", &self.stage)
            .field("context", &self.latest_context())
            .finish_non_exhaustive()
    }
}

/// Runs `f` on the stage behind `stage` (checked for null and thread), then hands the events
/// the call caused to the host's callback, once `f`'s borrow of the stage is over.
///
/// # Safety
///
/// `stage` is null or a live stage (`mh_stage3d_new_*`); `error` is null or valid
/// for writing one pointer.
pub(crate) unsafe fn with_stage(
    stage: *mut MhStage3D,
    error: *mut *mut MhError,
    f: impl FnOnce(&mut MhStage3D) -> Result<(), Fail>,
) -> MhStatus {
    let mut delivery = None;
    let call = || {
        // SAFETY: `stage` is null or a live stage (this function's contract); no other
        // reference to it is live: callbacks run only after this one ends.
        let s = unsafe { stage.as_mut() }.ok_or_else(|| Fail::null("stage"))?;
        if s.thread != std::thread::current().id() {
            return Err(Fail::Other(
                MhStatus::WrongThread,
                "a Stage3D is used from the thread that made it".into(),
            ));
        }
        // A loss met between calls (a device-lost callback) or during this one.
        let lost = s.newly_lost();
        let r = f(s);
        let lost = lost.or_else(|| s.newly_lost());
        // Taken before the stage is released: a `context3DCreate`'s handle is the stage's from
        // now on, also for calls the callback makes.
        delivery = Some(Delivery::new(
            lost,
            s.stage.take_events(),
            &mut s.contexts,
            &s.handles,
            s.callback,
            s.user_data,
        ));
        r
    };
    // SAFETY: `error` is null or writable, by this function's contract.
    let status = unsafe { ffi::guard(error, call) };
    if let Some(d) = delivery {
        d.deliver();
    }
    status
}

/// Makes a stage drawing through `factory`'s backends and writes it to `*out_stage`.
///
/// # Safety
///
/// `out_stage` is null or valid for writing one pointer.
pub(crate) unsafe fn new_stage(
    factory: Box<dyn molehill_player::BackendFactory>,
    host: Option<HostBackend>,
    callback: MhEventCallback,
    user_data: *mut c_void,
    out_stage: *mut *mut MhStage3D,
) -> Result<(), Fail> {
    if out_stage.is_null() {
        return Err(Fail::null("out_stage"));
    }
    let stage = Box::new(MhStage3D {
        stage: Stage3D::new(factory),
        host,
        callback,
        user_data,
        thread: std::thread::current().id(),
        contexts: ContextHandles::default(),
        handles: Handles::default(),
        lost_reported: None,
    });
    // SAFETY: `out_stage` is non-null and writable (contract).
    unsafe { ffi::write(out_stage, Box::into_raw(stage), "out_stage") }
}

impl MhStage3D {
    /// The handle of the latest context when it is lost and its loss was not delivered yet
    /// (marked delivered now).
    fn newly_lost(&mut self) -> Option<MhContext3D> {
        let ctx = self.stage.context3d()?;
        let id = ctx.id();
        let inner = ctx.inner();
        if !inner.is_lost() || self.lost_reported == Some(id) {
            return None;
        }
        self.lost_reported = Some(id);
        Some(self.contexts.handle_of(id))
    }

    /// The latest context's handle: the last one given out (null before the first).
    pub(crate) fn latest_context(&self) -> MhContext3D {
        self.contexts.latest()
    }

    /// `context3D`'s handle; the null one when there is none.
    pub(crate) fn current_context(&self) -> MhContext3D {
        if self.stage.context3d().is_some() {
            self.latest_context()
        } else {
            MhContext3D::default()
        }
    }

    /// The host backend of the context `ctx` names (checked as [`Self::context`] does), which
    /// must be the latest: a replaced context's handle is #3694 here, so that it never reaches
    /// the backend (and frame) of the context that replaced it.
    pub(crate) fn host_backend(
        &mut self,
        ctx: MhContext3D,
    ) -> Result<Rc<RefCell<GlBackend>>, Fail> {
        self.context(ctx)?;
        if ctx != self.latest_context() {
            return Err(FlashError::error(3694, &[]).into());
        }
        let host = self.host.as_ref().ok_or_else(|| {
            Fail::invalid(
                "this stage draws headless: frame textures and host state belong to stages made \
                 by mh_stage3d_new_on_host_context",
            )
        })?;
        let backend = host.borrow().clone();
        backend.ok_or_else(|| Fail::invalid("the stage's context has no GL backend"))
    }

    /// The context `ctx` names, with the handle tables: the facade's
    /// `Stage3D::context3d_by_id`, so a replaced context's handle reaches its disposed
    /// stand-in, never the context that replaced it.
    pub(crate) fn context(
        &mut self,
        ctx: MhContext3D,
    ) -> Result<(&mut Context3D, &mut Handles), Fail> {
        if ctx.id == 0 {
            return Err(Fail::Other(
                MhStatus::NoContext,
                "the Context3D handle is null".into(),
            ));
        }
        let id = self.contexts.resolve(ctx)?;
        match self.stage.context3d_by_id(id) {
            Some(c) => Ok((c, &mut self.handles)),
            None => Err(Fail::Other(
                MhStatus::NoContext,
                "the stage has no Context3D".into(),
            )),
        }
    }
}

/// Runs `f` on the context `ctx` of `stage`, with the stage's handle tables.
///
/// # Safety
///
/// As [`with_stage`].
pub(crate) unsafe fn with_context(
    stage: *mut MhStage3D,
    ctx: MhContext3D,
    error: *mut *mut MhError,
    f: impl FnOnce(&mut Context3D, &mut Handles) -> Result<(), Fail>,
) -> MhStatus {
    let call = |s: &mut MhStage3D| {
        let (c, h) = s.context(ctx)?;
        f(c, h)
    };
    // SAFETY: the same contract, passed on.
    unsafe { with_stage(stage, error, call) }
}
