//! `Context3D`'s C functions, laid out as the facade's `player-shim/src/context/`: properties, the
//! frame and `dispose` ([`frame`]), the host's readback ([`readback`]), render state
//! ([`state`]) and draws ([`draw`]); and [`MhContext3D`], the handle a stage resolves to its
//! context through the facade's `Stage3D::context3d_by_id`.

// The header lists functions in the order cbindgen meets them: `draw` stays after `state`.
mod frame;
mod readback;
mod state;

mod draw;

pub use draw::*;
pub use frame::*;
pub use readback::*;
pub use state::*;

use std::cell::RefCell;
use std::rc::Rc;

use molehill_agal::flash::FlashError;
use molehill_player::Context3D;

use crate::error::{Fail, MhError, MhStatus};
use crate::resources::Handles;
use crate::stage::{with_stage, MhStage3D};

/// A `Context3D`: `stage3D.context3D` as a handle (0 is `null`), one per context the stage
/// makes (at each `context3DCreate`), as the facade's `ContextId`. A handle of a context
/// replaced since (by a later `requestContext3D` or the recreation after `dispose(true)`)
/// answers as Flash's disposed `Context3D` object (the facade's `Stage3D::context3d_by_id`):
/// #3694 from every call, `driverInfo` `"Disposed"`, its own `profile`, `dispose` doing
/// nothing; `mh_context3d_frame_texture` and `mh_context3d_host_state_changed` refuse it
/// (#3694), so it never reaches the new context's frame.
#[repr(C)]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct MhContext3D {
    /// The handle's value; 0 is `null`.
    pub id: u64,
}

impl MhStage3D {
    /// The handle of the context a `context3DCreate` announces (the latest: the event follows
    /// its creation), made the stage's current one; `None` when the stage has no context.
    pub(crate) fn context_created(&mut self) -> Option<MhContext3D> {
        let id = self.stage.context3d_mut().map(|c| c.id())?;
        if self.contexts.last() != Some(&id) {
            self.contexts.push(id);
        }
        Some(self.latest_context())
    }

    /// The latest context's handle: the last one given out (null before the first).
    pub(crate) fn latest_context(&self) -> MhContext3D {
        MhContext3D {
            id: self.contexts.len() as u64,
        }
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
    ) -> Result<Rc<RefCell<molehill_gl::GlBackend>>, Fail> {
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
        // Handles are numbered from 1 in the order contexts were made: a higher one was never
        // given out by this stage (as for buffers and textures).
        let id = usize::try_from(ctx.id - 1)
            .ok()
            .and_then(|i| self.contexts.get(i))
            .copied()
            .ok_or_else(|| crate::resources::unknown("Context3D", ctx.id))?;
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
