//! `Context3D` and its resources' methods as a VM calls them: AS3's argument shapes in,
//! Flash errors out as values. Each method is one call of `molehill_context3d::Context3D` (which does
//! every check), plus recording when it is on.

use std::rc::Rc;

use molehill_agal::flash::FlashError;
use molehill_agal::profile::Profile;
use molehill_context3d::{Backend, TextureBase};

/// Defines `Context3D` methods that call context3d and record the call, so that each AS3
/// method is one line here and the record-then-forward logic one place.
///
/// `pub fn NAME(&mut self, ARG: TYPE, ...) -> T => VARIANT;` passes the arguments as they are
/// to `molehill_context3d::Context3D::NAME` and records `Call::VARIANT { ARG: ARG.recorded(rec), ... }`
/// (the `Call` fields are named as the arguments; see [`Recorded`]). `=> VARIANT creates KIND`
/// records a create call whose handle is named as a `ResourceKind::KIND`. `via |ctx| EXPR`
/// runs `EXPR` (with `ctx` this `Context3D`) instead of the plain forward, where an argument
/// needs converting first or the result translating (or an event queued).
macro_rules! forward {
    ($(
        $(#[$attr:meta])*
        $vis:vis fn $method:ident(&mut self $(, $arg:ident: $ty:ty)*) -> $ret:ty
            => $variant:ident $(creates $kind:ident)? $(via |$ctx:ident| $call:expr)?;
    )*) => {$(
        $(#[$attr])*
        $vis fn $method(&mut self $(, $arg: $ty)*) -> FlashResult<$ret> {
            let r = forward!(@call self, $method, ($($arg),*) $(, |$ctx| $call)?);
            #[cfg(feature = "record")]
            forward!(@record self, r, $variant, ($($arg),*) $(, $kind)?);
            r
        }
    )*};
    (@call $self:ident, $method:ident, ($($arg:ident),*)) => {
        $self.inner.$method($($arg),*)
    };
    (@call $self:ident, $method:ident, ($($arg:ident),*), |$ctx:ident| $call:expr) => {{
        let $ctx: &mut Context3D = &mut *$self;
        $call
    }};
    (@record $self:ident, $r:ident, $variant:ident, ($($arg:ident),*)) => {
        $self.record(|_rec| Call::$variant { $($arg: $arg.recorded(_rec)),* }, &$r)
    };
    (@record $self:ident, $r:ident, $variant:ident, ($($arg:ident),*), $kind:ident) => {
        $self.record_create(
            ResourceKind::$kind,
            |_rec| Call::$variant { $($arg: $arg.recorded(_rec)),* },
            &$r,
        )
    };
}

mod draw;
mod frame;
mod resources;
mod state;

use crate::backend::SharedFactory;
use crate::events::{EventQueue, Stage3DEvent};
use crate::id::{ContextId, ContextIds};
#[cfg(feature = "record")]
use crate::record::{Handle, Recorder};
#[cfg(feature = "record")]
use molehill_trace::{Call, ResourceKind};

/// A Flash error as the VM throws it.
pub type FlashResult<T> = Result<T, FlashError>;

/// A `Context3D`, made by [`crate::Stage3D::request_context3d`].
pub struct Context3D {
    inner: molehill_context3d::Context3D<Box<dyn Backend>>,
    /// The Stage3D's event queue.
    events: Rc<EventQueue>,
    #[cfg(feature = "record")]
    recorder: Option<Recorder>,
    /// Whether the recording says this context was lost (`stage.forceContextLoss()`).
    #[cfg(feature = "record")]
    loss_recorded: std::cell::Cell<bool>,
    /// The Stage3D's backend factory, for `dispose(recreate = true)`.
    factory: SharedFactory,
    id: ContextId,
    /// The Stage3D's id counter, for the recreated context's id.
    ids: Rc<ContextIds>,
}

impl std::fmt::Debug for Context3D {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut d = f.debug_struct("Context3D");
        d.field("id", &self.id.get())
            .field("profile", &self.inner.profile())
            .field("disposed", &self.inner.is_disposed());
        #[cfg(feature = "record")]
        d.field("recording", &self.recorder.is_some());
        d.finish()
    }
}

impl Context3D {
    pub(crate) fn new(
        inner: molehill_context3d::Context3D<Box<dyn Backend>>,
        events: Rc<EventQueue>,
        factory: SharedFactory,
        ids: Rc<ContextIds>,
    ) -> Context3D {
        let id = ids.next(inner.profile_value());
        Context3D {
            inner,
            events,
            #[cfg(feature = "record")]
            recorder: None,
            #[cfg(feature = "record")]
            loss_recorded: Default::default(),
            factory,
            id,
            ids,
        }
    }

    /// Which of its Stage3D's contexts this is (see [`ContextId`]). A `dispose(true)` that
    /// makes a new context gives it a new id.
    pub fn id(&self) -> ContextId {
        self.id
    }

    /// A disposed context named `id`, standing in for a context replaced since (by a later
    /// request or a recreation), whose AS3 object a VM may still call: that context's
    /// `profile` (which its Stage3D's [`ContextIds`] kept), the Stage3D's `swf_version` and this
    /// context's options, on a backend that draws nothing, disposed. Every call is #3694 and
    /// `driverInfo` is `"Disposed"`, as on Flash's disposed `Context3D`; it sends no event and
    /// records nothing.
    pub(crate) fn disposed_stand_in(
        &self,
        id: ContextId,
        profile: Profile,
        swf_version: u8,
    ) -> Context3D {
        let backend: Box<dyn Backend> = Box::new(molehill_context3d::RecordingBackend::new());
        let mut inner = molehill_context3d::Context3D::new(backend, profile);
        inner.set_swf_version(swf_version);
        inner.set_options(self.inner.options());
        inner.dispose(false);
        Context3D {
            inner,
            events: self.events.clone(),
            #[cfg(feature = "record")]
            recorder: None,
            #[cfg(feature = "record")]
            loss_recorded: Default::default(),
            factory: self.factory.clone(),
            id,
            ids: self.ids.clone(),
        }
    }

    /// Drops the renderer of this disposed context (its AS3 object was collected): a backend
    /// that draws nothing takes its place, disposed, with the same profile, SWF version and
    /// options, so the context answers as before.
    pub(crate) fn release_renderer(&mut self) {
        let backend: Box<dyn Backend> = Box::new(molehill_context3d::RecordingBackend::new());
        let mut inner = self.inner.recreated(backend);
        inner.dispose(false);
        self.inner = inner;
    }

    /// Names this stand-in (see [`disposed_stand_in`](Self::disposed_stand_in)) `id`.
    pub(crate) fn rename_stand_in(&mut self, id: ContextId) {
        self.id = id;
    }

    #[cfg(feature = "record")]
    pub(crate) fn set_recorder(&mut self, recorder: Option<Recorder>) {
        self.recorder = recorder;
    }

    /// The checked state machine underneath, for what this layer does not wrap.
    pub fn inner(&self) -> &molehill_context3d::Context3D<Box<dyn Backend>> {
        &self.inner
    }

    /// Disposes without recording (a new request replaces this context).
    pub(crate) fn dispose_silently(&mut self) {
        self.inner.dispose(false);
    }

    #[cfg(feature = "record")]
    fn record<T>(&self, call: impl FnOnce(&Recorder) -> Call, result: &FlashResult<T>) {
        if let Some(r) = &self.recorder {
            self.record_loss(r);
            r.call(call(r), None, result);
        }
    }

    /// A loss the renderer reported (a device reset) goes into the recording once, as
    /// `stage.forceContextLoss()` before the first call that met it, so that a replay loses
    /// the context where the recorded session did.
    #[cfg(feature = "record")]
    fn record_loss(&self, r: &Recorder) {
        if !self.loss_recorded.get() && self.inner.is_lost() && !self.inner.is_disposed() {
            self.loss_recorded.set(true);
            r.call(Call::ForceContextLoss, None, &Ok::<(), FlashError>(()));
        }
    }

    /// After a forced loss the Stage3D records (`false` once a new context replaces it).
    #[cfg(feature = "record")]
    pub(crate) fn set_loss_recorded(&self, recorded: bool) {
        self.loss_recorded.set(recorded);
    }

    #[cfg(feature = "record")]
    fn record_create<T: Copy + Into<Handle>>(
        &self,
        kind: ResourceKind,
        call: impl FnOnce(&Recorder) -> Call,
        result: &FlashResult<T>,
    ) {
        if let Some(r) = &self.recorder {
            self.record_loss(r);
            let h = result.as_ref().ok().map(|&t| t.into());
            r.call(call(r), Some((kind, h)), result);
        }
    }

    /// `textureReady` for `texture` when its async upload `result` succeeded (Molehill has
    /// uploaded it by then); `result` passed on.
    fn texture_ready(&self, texture: TextureBase, result: FlashResult<()>) -> FlashResult<()> {
        if result.is_ok() {
            self.events.push(Stage3DEvent::TextureReady(texture));
        }
        result
    }
}
