//! Event delivery: the events the facade sends during a call (`context3DCreate`,
//! `textureReady`, `ErrorEvent`), queued and handed to the host's callback once the call has
//! released the stage.

use std::cell::RefCell;
use std::ffi::c_void;

use molehill_agal::flash::FlashError;
use molehill_context3d::TextureBase;
use molehill_player::Stage3DEvents;

use crate::context::MhContext3D;
use crate::error::{Fail, MhError};
use crate::resources::MhTextureBase;
use crate::stage::MhStage3D;

/// Which event an `MhEvent` is.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MhEventKind {
    /// `Event.CONTEXT3D_CREATE` on the Stage3D: `context` is the new `context3D`.
    Context3dCreate = 0,
    /// `Event.TEXTURE_READY` on `texture` (an async upload finished).
    TextureReady = 1,
    /// `ErrorEvent.ERROR` on the Stage3D (`requestContext3D` found no renderer: #3702): `error`
    /// holds it.
    Error = 2,
}

/// One event, lent to the callback for the duration of the call (copy what you keep).
#[repr(C)]
#[derive(Debug)]
pub struct MhEvent {
    /// Which event.
    pub kind: MhEventKind,
    /// The stage's `context3D` when the event was sent.
    pub context: MhContext3D,
    /// The texture of `MH_EVENT_KIND_TEXTURE_READY`; 0 otherwise.
    pub texture: MhTextureBase,
    /// The error of `MH_EVENT_KIND_ERROR`; null otherwise. Owned by the library: do not free.
    pub error: *const MhError,
}

/// The host's event handler: `user_data` is what it registered. It is called after the call
/// that caused the event has released the stage, on the stage's thread, so it may call the API
/// (even destroy the stage). It must not unwind (no C++ exception may leave it).
pub type MhEventCallback =
    Option<unsafe extern "C" fn(user_data: *mut c_void, event: *const MhEvent)>;

/// The events the facade sends during a call, queued until the call releases the stage.
#[derive(Debug, Default)]
pub(crate) struct EventQueue(RefCell<Vec<Queued>>);

#[derive(Debug)]
enum Queued {
    Create,
    TextureReady(TextureBase),
    Error(FlashError),
}

impl Stage3DEvents for EventQueue {
    fn context3d_create(&self) {
        self.0.borrow_mut().push(Queued::Create);
    }
    fn texture_ready(&self, texture: TextureBase) {
        self.0.borrow_mut().push(Queued::TextureReady(texture));
    }
    fn error(&self, error: &FlashError) {
        self.0.borrow_mut().push(Queued::Error(error.clone()));
    }
}

/// Events taken from a stage, to hand to its callback once the stage is released.
pub(crate) struct Delivery {
    callback: MhEventCallback,
    user_data: *mut c_void,
    events: Vec<(MhEventKind, MhContext3D, MhTextureBase, *mut MhError)>,
}

impl Delivery {
    pub(crate) fn deliver(self) {
        for (kind, context, texture, error) in self.events {
            let event = MhEvent {
                kind,
                context,
                texture,
                error,
            };
            if let Some(callback) = self.callback {
                // SAFETY: the host registered `callback` with `user_data` for this stage; the
                // event is valid for the call, and no Rust borrow of the stage is live.
                unsafe { callback(self.user_data, &event) };
            }
            // SAFETY: `error` is null or made by `Fail::into_raw` for this event alone.
            unsafe { crate::error::mh_error_free(error) };
        }
    }
}

impl MhStage3D {
    /// Turns the queued events into C events (a create event makes the new context handle).
    pub(crate) fn take_events(&mut self) -> Delivery {
        let queued = std::mem::take(&mut *self.queue.0.borrow_mut());
        let mut events = Vec::with_capacity(queued.len());
        for q in queued {
            let none = MhTextureBase::default();
            match q {
                Queued::Create => {
                    let Some(context) = self.context_created() else {
                        log::error!("context3DCreate without a context: not delivered");
                        continue;
                    };
                    events.push((
                        MhEventKind::Context3dCreate,
                        context,
                        none,
                        std::ptr::null_mut(),
                    ));
                }
                Queued::TextureReady(t) => {
                    let texture = self.handles.texture_handle(t).unwrap_or(none);
                    events.push((
                        MhEventKind::TextureReady,
                        self.latest_context(),
                        texture,
                        std::ptr::null_mut(),
                    ));
                }
                Queued::Error(e) => events.push((
                    MhEventKind::Error,
                    self.latest_context(),
                    none,
                    Fail::Flash(e).into_raw(),
                )),
            }
        }
        Delivery {
            callback: self.callback,
            user_data: self.user_data,
            events,
        }
    }
}
