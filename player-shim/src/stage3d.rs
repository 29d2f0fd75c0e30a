//! `Stage3D`: position, visibility and `requestContext3D`, and the queue of the events it and
//! its contexts send the VM ([`crate::events`]).

use std::rc::Rc;

use molehill_agal::flash::FlashError;
use molehill_agal::profile::Profile;
use molehill_context3d::{Backend, EnumArg, RenderMode};

use crate::backend::{BackendFactory, SharedFactory};
use crate::context::Context3D;
use crate::events::{EventQueue, Stage3DEvent};
use crate::id::{ContextId, ContextIds};
#[cfg(feature = "record")]
use crate::record::Recorder;
#[cfg(feature = "record")]
use molehill_trace::Call;

/// Smallest `Stage3D.x` / `y` Flash accepts.
pub const MIN_POSITION: f64 = -8192.0;
/// Largest `Stage3D.x` / `y` Flash accepts.
pub const MAX_POSITION: f64 = 8191.0;

/// The SWF version a Stage3D assumes until told (`Stage3D::set_swf_version`): the newest, as
/// a trace's default `config swfVersion` (`molehill_trace::DEFAULT_SWF_VERSION`; a test checks
/// they agree).
const DEFAULT_SWF_VERSION: u32 = 44;

/// One `Stage3D` (`stage.stage3Ds[i]`).
pub struct Stage3D {
    x: f64,
    y: f64,
    visible: bool,
    factory: SharedFactory,
    /// The events this Stage3D and its contexts queued, until the VM takes them.
    events: Rc<EventQueue>,
    #[cfg(feature = "record")]
    recorder: Option<Recorder>,
    /// The latest context made, disposed or not.
    context: Option<Context3D>,
    /// A disposed context answering for the contexts replaced before the latest (renamed for
    /// each; made again for one of another profile).
    stand_in: Option<Context3D>,
    ids: Rc<ContextIds>,
    swf_version: u32,
    options: molehill_context3d::ContextOptions,
}

impl std::fmt::Debug for Stage3D {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut d = f.debug_struct("Stage3D");
        d.field("x", &self.x)
            .field("y", &self.y)
            .field("visible", &self.visible);
        #[cfg(feature = "record")]
        d.field("recording", &self.recorder.is_some());
        d.field("context", &self.context).finish()
    }
}

impl Stage3D {
    /// A Stage3D whose contexts draw through backends from `factory`. Its events wait for
    /// [`take_events`](Self::take_events).
    pub fn new(factory: Box<dyn BackendFactory>) -> Stage3D {
        Stage3D {
            x: 0.0,
            y: 0.0,
            visible: true,
            factory: Rc::new(std::cell::RefCell::new(factory)),
            events: Rc::default(),
            #[cfg(feature = "record")]
            recorder: None,
            context: None,
            stand_in: None,
            ids: Rc::default(),
            swf_version: DEFAULT_SWF_VERSION,
            options: molehill_context3d::ContextOptions::default(),
        }
    }

    /// The SWF version of the content (default 44). Some of Flash's errors depend on it:
    /// before SWF 30, `configureBackBuffer` sizes outside 32..=16384 are Error #3669 (and
    /// `(0, 0, 0, false)` is accepted and ignored) instead of #3780 / #3781. Passed to each
    /// context3d context (`molehill_context3d::Context3D::set_swf_version`), which applies the rules;
    /// applies to contexts created after the call.
    pub fn set_swf_version(&mut self, version: u32) {
        self.swf_version = version;
        #[cfg(feature = "record")]
        if let Some(r) = &self.recorder {
            r.set_swf_version(version);
        }
    }

    /// The options of the contexts this Stage3D creates from now on (the memory budget of
    /// each: `molehill_context3d::memory`); a context that exists keeps its own.
    pub fn set_context_options(&mut self, options: molehill_context3d::ContextOptions) {
        self.options = options;
        #[cfg(feature = "record")]
        if let Some(r) = &self.recorder {
            r.set_memory_budget(options.memory_budget);
        }
    }

    /// The options of the contexts this Stage3D creates.
    pub fn context_options(&self) -> molehill_context3d::ContextOptions {
        self.options
    }

    /// The SWF version (see [`set_swf_version`](Self::set_swf_version)).
    pub fn swf_version(&self) -> u32 {
        self.swf_version
    }

    /// The events this Stage3D and its contexts queued since the last take, oldest first
    /// (see [`Stage3DEvent`]); the queue is left empty. Each call that causes an event queues
    /// it before it returns: `context3DCreate` at `requestContext3D*` and at the recreation
    /// after `dispose(true)`, `ErrorEvent` #3702 when no renderer could be made then,
    /// `textureReady` at a successful async upload. Flash dispatches them after the call has
    /// returned: take them when the VM dispatches its events (once a frame, or after each call),
    /// never from inside a call. Not recorded.
    pub fn take_events(&self) -> Vec<Stage3DEvent> {
        self.events.take()
    }

    /// Starts recording every call this Stage3D and its contexts receive into `recorder`
    /// (see [`Recorder::trace`]). Start before `requestContext3D`: a context that exists
    /// already is recorded from its next call on, which does not replay on its own.
    #[cfg(feature = "record")]
    pub fn start_recording(&mut self, recorder: Recorder) {
        recorder.set_swf_version(self.swf_version);
        recorder.set_memory_budget(self.options.memory_budget);
        if let Some(ctx) = &mut self.context {
            ctx.set_recorder(Some(recorder.clone()));
        }
        self.recorder = Some(recorder);
    }

    /// Stops recording and gives the recorder back.
    #[cfg(feature = "record")]
    pub fn stop_recording(&mut self) -> Option<Recorder> {
        if let Some(ctx) = &mut self.context {
            ctx.set_recorder(None);
        }
        self.recorder.take()
    }

    #[cfg(feature = "record")]
    fn record<T>(&self, call: impl FnOnce() -> Call, result: &Result<T, FlashError>) {
        if let Some(r) = &self.recorder {
            r.call(call(), None, result);
        }
    }

    /// `x`.
    pub fn x(&self) -> f64 {
        self.x
    }

    /// `y`.
    pub fn y(&self) -> f64 {
        self.y
    }

    /// `visible`.
    pub fn visible(&self) -> bool {
        self.visible
    }

    fn position(value: f64) -> Result<f64, FlashError> {
        if (MIN_POSITION..=MAX_POSITION).contains(&value) {
            Ok(value)
        } else {
            // NaN lands here too, as in Flash (`stage3D.x = "#"`).
            Err(FlashError::argument(2006, &[]))
        }
    }

    /// `x = value`: NaN or outside -8192..=8191 is ArgumentError #2006 (and `x` keeps its value).
    ///
    /// # Errors
    ///
    /// - ArgumentError #2006: `value` is NaN or outside -8192..=8191.
    pub fn set_x(&mut self, value: f64) -> Result<(), FlashError> {
        let r = Stage3D::position(value).map(|v| self.x = v);
        #[cfg(feature = "record")]
        self.record(|| Call::SetStageX(value), &r);
        r
    }

    /// `y = value`: as [`set_x`](Self::set_x).
    ///
    /// # Errors
    ///
    /// - ArgumentError #2006: `value` is NaN or outside -8192..=8191.
    pub fn set_y(&mut self, value: f64) -> Result<(), FlashError> {
        let r = Stage3D::position(value).map(|v| self.y = v);
        #[cfg(feature = "record")]
        self.record(|| Call::SetStageY(value), &r);
        r
    }

    /// `visible = value`. Cannot fail.
    pub fn set_visible(&mut self, value: bool) {
        self.visible = value;
        #[cfg(feature = "record")]
        self.record(|| Call::SetStageVisible(value), &Ok::<(), FlashError>(()));
    }

    /// `context3D`: the current context. `None` (AS3's `null`) before the first request that
    /// made one, after its `dispose(false)`, and after a `dispose(true)` whose new context
    /// could not be made (#3702), as in Flash. A lost context (device reset) stays until it is
    /// replaced, answering as a disposed one.
    pub fn context3d(&self) -> Option<&Context3D> {
        self.context.as_ref().filter(|c| !c.inner().is_disposed())
    }

    /// The latest context this Stage3D made, disposed or not, for a VM's calls: after
    /// `dispose(false)` it is no longer [`context3d`](Self::context3d), but the AS3 object the
    /// content still holds answers as Flash's disposed `Context3D` does (#3694 from every
    /// call, `driverInfo` `"Disposed"`). `None` only before the first context. A VM that
    /// keeps an AS3 object per context calls through
    /// [`context3d_by_id`](Self::context3d_by_id) instead.
    pub fn context3d_mut(&mut self) -> Option<&mut Context3D> {
        self.context.as_mut()
    }

    /// The context `id` names ([`Context3D::id`], which a VM keeps in its AS3 `Context3D`
    /// object): the latest one (as [`context3d_mut`](Self::context3d_mut)), or, for a context
    /// replaced since by a later request or by the recreation after `dispose(true)`, a
    /// disposed stand-in that answers as Flash's disposed `Context3D` does (#3694 from every
    /// call, `driverInfo` `"Disposed"`, `dispose` does nothing) and is not recorded. `None` only
    /// for an id this Stage3D never gave.
    pub fn context3d_by_id(&mut self, id: ContextId) -> Option<&mut Context3D> {
        let latest = self.context.as_ref()?;
        if id == latest.id() {
            return self.context.as_mut();
        }
        let profile = self.ids.profile(id)?;
        if !matches!(&self.stand_in, Some(s) if s.inner().profile_value() == profile) {
            self.stand_in = Some(latest.disposed_stand_in(id, profile, self.swf_version_u8()));
        }
        let stand_in = self.stand_in.as_mut()?;
        stand_in.rename_stand_in(id);
        Some(stand_in)
    }

    /// The VM's AS3 `Context3D` object for the context `id` was garbage-collected (see
    /// [`Context3D::texture_collect`] for its objects). A context that is still this Stage3D's
    /// `context3D` cannot be collected in Flash (the Stage3D holds it), so a live or lost latest
    /// context is left as it is; one disposed by `dispose(false)` gives its renderer back now
    /// (the GL context or wgpu device it kept; it answers as disposed as before, through
    /// [`context3d_mut`](Self::context3d_mut) and [`context3d_by_id`](Self::context3d_by_id));
    /// a context replaced since holds nothing already. No error, no event, not recorded;
    /// repeating it, or an id this Stage3D never gave, does nothing.
    pub fn context3d_collect(&mut self, id: ContextId) {
        if let Some(ctx) = self.context.as_mut().filter(|c| c.id() == id) {
            if ctx.inner().is_disposed() {
                ctx.release_renderer();
            }
        }
    }

    /// Brings a lost context back as Flash does after a device reset: when the latest
    /// context is lost and its renderer reports the device back
    /// (`molehill_context3d::Backend::is_restored`: in a browser, molehill-gl's context got
    /// `webglcontextrestored`), a new context of the same profile replaces it and
    /// `context3DCreate` is queued ([`Stage3DEvent::Context3DCreate`] with the new id;
    /// ErrorEvent #3702 when no renderer can be made). The lost context's objects, and the
    /// lost context itself through [`context3d_by_id`](Self::context3d_by_id), stay #3694.
    /// `true` when it did. A VM calls it once a frame, before taking the events (the web
    /// player does, docs/web.md); nothing happens while the device stays away. Recorded as
    /// `stage.recoverLostContext()` when it recovered.
    pub fn recover_lost_context(&mut self) -> bool {
        let recovered = self.context.as_mut().is_some_and(|c| c.recover());
        #[cfg(feature = "record")]
        if recovered {
            self.record(|| Call::RecoverLostContext, &Ok::<(), FlashError>(()));
        }
        recovered
    }

    /// Loses the latest context as a device reset would, for tests and tools
    /// (`molehill_context3d::Backend::force_loss`; molehill-gl deletes its GL objects,
    /// molehill-wgpu drops its resources and destroys a device of its own): every call on
    /// it and on its objects is #3694 from now on, `driverInfo` is `"Disposed"`, and the next
    /// [`recover_lost_context`](Self::recover_lost_context) gives a new context and
    /// `context3DCreate`, as after a real loss. `false` (nothing changed) without a live
    /// context or when its renderer cannot. Recorded as `stage.forceContextLoss()`.
    pub fn force_context_loss(&mut self) -> bool {
        let lost = self.context.as_mut().is_some_and(|c| c.force_loss());
        #[cfg(feature = "record")]
        if lost {
            self.record(|| Call::ForceContextLoss, &Ok::<(), FlashError>(()));
        }
        lost
    }

    /// `requestContext3D(context3DRenderMode, profile)`.
    ///
    /// An unknown render mode or profile is ArgumentError #2008 (thrown). Otherwise a backend
    /// is made and `context3DCreate` is queued ([`Stage3DEvent::Context3DCreate`] with the new
    /// context's id); when no backend can be made the VM gets `ErrorEvent` #3702 instead
    /// ([`Stage3DEvent::Error`]; the cause is logged) and the call itself does not throw.
    ///
    /// # Errors
    ///
    /// - ArgumentError #2008: `context3DRenderMode` is not `"auto"` or `"software"`, or `profile`
    ///   is not a `Context3DProfile` value.
    pub fn request_context3d(
        &mut self,
        render_mode: impl EnumArg<RenderMode>,
        profile: impl EnumArg<Profile>,
    ) -> Result<(), FlashError> {
        let r = self.create(|backend| {
            molehill_context3d::Context3D::request(backend, render_mode, profile)
        });
        #[cfg(feature = "record")]
        self.record(
            || Call::RequestContext3D {
                render_mode: render_mode.as3_str().to_string(),
                profile: profile.as3_str().to_string(),
            },
            &r,
        );
        r
    }

    /// `requestContext3DMatchingProfiles(profiles)`: the best profile of the list (Molehill
    /// supports them all); an unknown name or an empty list is ArgumentError #2008.
    ///
    /// # Errors
    ///
    /// - ArgumentError #2008: `profiles` is empty or holds a name that is not a `Context3DProfile`
    ///   value.
    ///
    /// When no renderer can be made the call returns `Ok` and the VM gets Error #3702 as an
    /// `ErrorEvent` ([`Stage3DEvent::Error`]).
    pub fn request_context3d_matching_profiles(
        &mut self,
        profiles: &[impl EnumArg<Profile>],
    ) -> Result<(), FlashError> {
        let r = self.create(|backend| {
            molehill_context3d::Context3D::request_matching_profiles(backend, profiles)
        });
        #[cfg(feature = "record")]
        self.record(
            || Call::RequestContext3DMatchingProfiles {
                profiles: profiles.iter().map(|p| p.as3_str().to_string()).collect(),
            },
            &r,
        );
        r
    }

    /// The SWF version as context3d takes it: versions past 255 behave as the newest, as
    /// context3d's default does.
    fn swf_version_u8(&self) -> u8 {
        u8::try_from(self.swf_version).unwrap_or(u8::MAX)
    }

    fn create(
        &mut self,
        make: impl FnOnce(
            Box<dyn Backend>,
        )
            -> Result<molehill_context3d::Context3D<Box<dyn Backend>>, FlashError>,
    ) -> Result<(), FlashError> {
        let backend = match self.factory.borrow_mut().create_backend() {
            Ok(b) => b,
            Err(e) => {
                // Bad arguments are thrown whether or not a renderer can be made: context3d
                // checks them, here against a renderer that draws nothing.
                make(Box::new(molehill_context3d::RecordingBackend::new()))?;
                log::warn!("requestContext3D: no renderer: {e}");
                self.events
                    .push(Stage3DEvent::Error(FlashError::error(3702, &[])));
                return Ok(());
            }
        };
        let mut inner = make(backend)?;
        inner.set_swf_version(self.swf_version_u8());
        inner.set_options(self.options);
        let old = self.context.take();
        // The recorder keeps the old context's names: context3d's handles are unique across
        // contexts, so a call with one is #3694 and is recorded with the name it was made with.
        #[cfg_attr(not(feature = "record"), allow(unused_mut))]
        let mut context = Context3D::new(
            inner,
            self.events.clone(),
            self.factory.clone(),
            self.ids.clone(),
        );
        #[cfg(feature = "record")]
        context.set_recorder(self.recorder.clone());
        if let Some(mut old) = old {
            // The old context's AS3 object is disposed now (`context3d_by_id` answers for it).
            old.dispose_silently();
        }
        self.events
            .push(Stage3DEvent::Context3DCreate(context.id()));
        self.context = Some(context);
        Ok(())
    }
}

#[cfg(all(test, feature = "record"))]
mod tests {
    #[test]
    fn the_default_swf_version_is_the_trace_formats() {
        assert_eq!(
            super::DEFAULT_SWF_VERSION,
            molehill_trace::DEFAULT_SWF_VERSION
        );
    }
}
