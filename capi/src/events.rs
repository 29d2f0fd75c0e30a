//! Event delivery: the facade's events (`molehill_player::Stage3DEvent`: `context3DCreate`,
//! `textureReady`, `ErrorEvent`), which a call queues in its Stage3D, taken when the call ends,
//! each mapped once to an [`MhEvent`], and handed to the host's callback once the call has
//! released the stage; and, before them, the loss of the stage's context when the call found
//! it lost (`MH_EVENT_KIND_CONTEXT3D_LOST`, the C API's own).

use std::ffi::c_void;

use molehill_player::Stage3DEvent;

use crate::error::{Fail, MhError};
use crate::handles::{ContextHandles, Handles, MhContext3D, MhTextureBase};

/// Which event an `MhEvent` is.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MhEventKind {
    /// `Event.CONTEXT3D_CREATE` on the Stage3D: `context` is the new `context3D`.
    Context3dCreate = 0,
    /// `Event.TEXTURE_READY` on `texture` (an async upload finished).
    TextureReady = 1,
    /// `ErrorEvent.ERROR` on the Stage3D (no renderer for a new context, at `requestContext3D` or
    /// at the recreation after `dispose(true)`: #3702): `error` holds it.
    Error = 2,
    /// Not a Flash event: the stage's context `context` was lost (a device reset the renderer
    /// reported, or `mh_stage3d_force_context_loss`). Every call on it and its objects is
    /// #3694 from now on; call `mh_stage3d_recover_lost_context` once a frame, which gives a
    /// new context (`MH_EVENT_KIND_CONTEXT3D_CREATE`, the event Flash content sees) once the
    /// device is back. Delivered once per context, at the end of the first call that found it
    /// lost (before that call's own events).
    Context3dLost = 3,
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

/// Events taken from a stage, to hand to its callback once the stage is released.
pub(crate) struct Delivery {
    callback: MhEventCallback,
    user_data: *mut c_void,
    events: Vec<MhEvent>,
}

impl Delivery {
    /// The facade's events (`Stage3D::take_events`) as C events, each mapped once, here:
    /// a `context3DCreate` gives out its context's handle (the stage's latest from then on),
    /// a `textureReady` names its texture's handle, an `ErrorEvent` owns its `MhError` until
    /// delivered. `contexts` and `handles` are the stage's tables.
    /// `lost` holds the handle of a context found lost during the call (delivered first).
    pub(crate) fn new(
        lost: Option<MhContext3D>,
        events: Vec<Stage3DEvent>,
        contexts: &mut ContextHandles,
        handles: &Handles,
        callback: MhEventCallback,
        user_data: *mut c_void,
    ) -> Delivery {
        let lost = lost.map(|context| MhEvent {
            kind: MhEventKind::Context3dLost,
            context,
            texture: MhTextureBase::default(),
            error: std::ptr::null(),
        });
        let events = lost
            .into_iter()
            .chain(events.into_iter().map(|event| {
                let none = MhTextureBase::default();
                let (kind, context, texture, error) = match event {
                    Stage3DEvent::Context3DCreate(id) => {
                        let created = contexts.handle_of(id);
                        (MhEventKind::Context3dCreate, created, none, None)
                    }
                    Stage3DEvent::TextureReady(t) => {
                        let texture = handles.texture_handle(t).unwrap_or(none);
                        (MhEventKind::TextureReady, contexts.latest(), texture, None)
                    }
                    Stage3DEvent::Error(e) => {
                        (MhEventKind::Error, contexts.latest(), none, Some(e))
                    }
                };
                MhEvent {
                    kind,
                    context,
                    texture,
                    error: error.map_or(std::ptr::null_mut(), |e| Fail::Flash(e).into_raw()),
                }
            }))
            .collect();
        Delivery {
            callback,
            user_data,
            events,
        }
    }

    pub(crate) fn deliver(self) {
        for event in self.events {
            if let Some(callback) = self.callback {
                // SAFETY: the host registered `callback` with `user_data` for this stage; the
                // event is valid for the call, and no Rust borrow of the stage is live.
                unsafe { callback(self.user_data, &event) };
            }
            // SAFETY: `error` is null or made by `Fail::into_raw` for this event alone.
            unsafe { crate::error::mh_error_free(event.error.cast_mut()) };
        }
    }
}
