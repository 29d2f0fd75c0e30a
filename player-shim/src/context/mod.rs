//! `Context3D` and its resources' methods as a VM calls them: AS3's argument shapes in,
//! Flash errors out as values. Each method is one call of `molehill_context3d::Context3D` (which does
//! every check), plus recording when it is on.

use std::cell::RefCell;
use std::rc::Rc;

use molehill_agal::flash::FlashError;
use molehill_agal::profile::Profile;
use molehill_context3d::Backend;

/// Defines `Context3D` methods that call context3d and record the call, so that each AS3
/// method is one line here and the record-then-forward logic one place.
///
/// `pub fn NAME(&mut self, ARG: TYPE, ...) -> T => VARIANT;` passes the arguments as they are
/// to `molehill_context3d::Context3D::NAME` and records `Call::VARIANT { ARG: ARG.recorded(rec), ... }`
/// (the `Call` fields are named as the arguments; see [`Recorded`]). `=> VARIANT creates KIND`
/// records a create call whose handle is named as a `ResourceKind::KIND`. `via |ctx| EXPR`
/// runs `EXPR` (with `ctx` this `Context3D`) instead of the plain forward, where an argument
/// needs converting first or the result translating; `, then METHOD` calls `self.METHOD()`
/// after recording.
macro_rules! forward {
    ($(
        $(#[$attr:meta])*
        $vis:vis fn $method:ident(&mut self $(, $arg:ident: $ty:ty)*) -> $ret:ty
            => $variant:ident $(creates $kind:ident)? $(via |$ctx:ident| $call:expr)?
            $(, then $after:ident)?;
    )*) => {$(
        $(#[$attr])*
        $vis fn $method(&mut self $(, $arg: $ty)*) -> FlashResult<$ret> {
            let r = forward!(@call self, $method, ($($arg),*) $(, |$ctx| $call)?);
            #[cfg(feature = "record")]
            forward!(@record self, r, $variant, ($($arg),*) $(, $kind)?);
            $(self.$after();)?
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
#[cfg(feature = "record")]
use crate::record::{Handle, Recorder};
use crate::stage3d::Stage3DEvents;
#[cfg(feature = "record")]
use molehill_trace::{Call, ResourceKind};

/// A Flash error as the VM throws it.
pub type FlashResult<T> = Result<T, FlashError>;

/// Which of its Stage3D's contexts a [`Context3D`] is. Each context a Stage3D makes gets a new
/// one, in order: at `requestContext3D*`, and at the recreation after `dispose(true)`, where
/// Flash gives the content a new `Context3D` object too. A VM keeps the id in its AS3 object and
/// compares it with the current context's (`stage.context3d().map(Context3D::id)`) or calls
/// through [`crate::Stage3D::context3d_by_id`]. Ids of different Stage3Ds are not comparable.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ContextId(u64);

impl ContextId {
    /// The number: 1 for the Stage3D's first context, one more for each one after.
    pub fn get(self) -> u64 {
        self.0
    }
}

/// A Stage3D's [`ContextId`] counter, shared with its contexts (which recreate themselves),
/// with the profile of each context it named (a replaced context's stand-in answers with it).
#[derive(Debug, Default)]
pub(crate) struct ContextIds(RefCell<Vec<Profile>>);

impl ContextIds {
    /// A new id, one more than the last given, for a context of `profile`.
    fn next(&self, profile: Profile) -> ContextId {
        let mut profiles = self.0.borrow_mut();
        profiles.push(profile);
        ContextId(profiles.len() as u64)
    }

    /// The profile of the context `id` names; `None` when this counter never gave `id`.
    pub(crate) fn profile(&self, id: ContextId) -> Option<Profile> {
        let index = usize::try_from(id.0.checked_sub(1)?).ok()?;
        self.0.borrow().get(index).copied()
    }
}

/// A `Context3D`, made by [`crate::Stage3D::request_context3d`].
pub struct Context3D {
    inner: molehill_context3d::Context3D<Box<dyn Backend>>,
    events: Rc<dyn Stage3DEvents>,
    #[cfg(feature = "record")]
    recorder: Option<Recorder>,
    /// The Stage3D's backend factory, for `dispose(recreate = true)`.
    factory: SharedFactory,
    id: ContextId,
    /// The Stage3D's id counter, for the recreated context's id.
    ids: Rc<ContextIds>,
}

impl std::fmt::Debug for Context3D {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut d = f.debug_struct("Context3D");
        d.field("id", &self.id.0)
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
        events: Rc<dyn Stage3DEvents>,
        factory: SharedFactory,
        ids: Rc<ContextIds>,
    ) -> Context3D {
        let id = ids.next(inner.profile_value());
        Context3D {
            inner,
            events,
            #[cfg(feature = "record")]
            recorder: None,
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
            factory: self.factory.clone(),
            id,
            ids: self.ids.clone(),
        }
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
            r.call(call(r), None, result);
        }
    }

    #[cfg(feature = "record")]
    fn record_create<T: Copy + Into<Handle>>(
        &self,
        kind: ResourceKind,
        call: impl FnOnce(&Recorder) -> Call,
        result: &FlashResult<T>,
    ) {
        if let Some(r) = &self.recorder {
            let h = result.as_ref().ok().map(|&t| t.into());
            r.call(call(r), Some((kind, h)), result);
        }
    }

    fn dispatch_events(&mut self) {
        for event in self.inner.take_events() {
            match event {
                molehill_context3d::Context3DEvent::TextureReady(t) => self.events.texture_ready(t),
                other => log::debug!("context event with no AS3 counterpart here: {other:?}"),
            }
        }
    }
}
