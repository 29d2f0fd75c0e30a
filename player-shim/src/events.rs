//! The events a Stage3D and its contexts send the VM: one type, [`Stage3DEvent`], in one
//! queue per Stage3D.
//!
//! A call that causes an event (`requestContext3D*`, `dispose(true)`, an async upload) appends
//! it to its Stage3D's queue before it returns, in the order the calls ran; the VM takes them
//! with [`crate::Stage3D::take_events`] and dispatches them as AS3 events on its own schedule.
//! Flash dispatches them after the call that caused them has returned (on a later frame), so a
//! VM never re-enters its own call: Ruffle takes them once a frame, the C API after each call
//! (handing each to the player's callback).

use std::cell::RefCell;

use molehill_agal::flash::FlashError;
use molehill_context3d::TextureBase;

use crate::id::ContextId;

/// One event for the VM to dispatch.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Stage3DEvent {
    /// `Event.CONTEXT3D_CREATE` on the Stage3D: the context with this id was made, at a
    /// `requestContext3D*` or at the recreation after `dispose(true)` (Flash gives the content a
    /// new `Context3D` object for it; a VM makes its object for this id, and reaches the
    /// context with [`crate::Stage3D::context3d_by_id`]).
    Context3DCreate(ContextId),
    /// `Event.TEXTURE_READY` on this texture: an async upload into it succeeded (Molehill
    /// uploads at the call; no event follows a failed upload).
    TextureReady(TextureBase),
    /// `ErrorEvent.ERROR` on the Stage3D: no renderer could be made for a new context (#3702,
    /// the cause logged), at a request or a `dispose(true)`; the call itself did not throw.
    Error(FlashError),
}

/// A Stage3D's queue, shared with its contexts (each pushes what its calls cause).
#[derive(Debug, Default)]
pub(crate) struct EventQueue(RefCell<Vec<Stage3DEvent>>);

impl EventQueue {
    /// Appends `event`, after every event queued before it.
    pub(crate) fn push(&self, event: Stage3DEvent) {
        self.0.borrow_mut().push(event);
    }

    /// The events queued since the last take, oldest first; the queue is left empty (taking
    /// from an empty queue allocates nothing).
    pub(crate) fn take(&self) -> Vec<Stage3DEvent> {
        std::mem::take(&mut *self.0.borrow_mut())
    }
}
