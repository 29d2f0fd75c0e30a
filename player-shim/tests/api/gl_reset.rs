//! A GPU reset on desktop GL (issue 36, item 3): molehill-gl finds it at `present`
//! (`glGetGraphicsResetStatus` of a robust context, here a reset status given by
//! `GlBackend::simulate_reset`, as a real reset cannot be caused on demand), the Context3D is
//! lost as Flash's is (#3694), and the Stage3D's next `recover_lost_context` makes a new context
//! on a fresh GL context and queues `context3DCreate`.

use std::cell::Cell;
use std::rc::Rc;

use molehill_context3d::Backend;
use molehill_gl::{ContextOptions, GlApi, GlBackend, ResetStatus};
use molehill_player::{BackendCreationError, Stage3D, Stage3DEvent};

fn created(stage: &Stage3D) -> molehill_player::ContextId {
    let events = stage.take_events();
    let [Stage3DEvent::Context3DCreate(id)] = events[..] else {
        panic!("one context3DCreate, not {events:?}");
    };
    id
}

#[test]
fn a_gl_reset_found_at_present_brings_a_new_context() {
    let made = Rc::new(Cell::new(0u32));
    let count = made.clone();
    let factory = move || -> Result<Box<dyn Backend>, BackendCreationError> {
        let backend = GlBackend::headless(&ContextOptions::new(GlApi::Desktop33))?;
        if count.get() == 0 {
            backend.simulate_reset(ResetStatus::Innocent);
        }
        count.set(count.get() + 1);
        Ok(Box::new(backend))
    };
    let mut stage = Stage3D::new(Box::new(factory));
    stage.request_context3d("auto", "baseline").unwrap();
    let first = created(&stage);
    let ctx = stage.context3d_mut().unwrap();
    ctx.configure_back_buffer(32, 32, 0, false, false, false)
        .unwrap();
    let vb = ctx.create_vertex_buffer(4, 2, "staticDraw").unwrap();
    ctx.clear(1.0, 0.0, 0.0, 1.0, 1.0, 0, 0xFFFF_FFFF).unwrap();

    // The reset is found at present: the call fails as every call of a lost context does.
    let e = ctx.present().unwrap_err();
    assert_eq!(e.id, 3694, "{e:?}");
    assert_eq!(ctx.driver_info(), "Disposed");
    assert!(
        stage.take_events().is_empty(),
        "no event until the recovery"
    );

    // The next frame's recovery: a new context on a new GL context, context3DCreate.
    assert!(stage.recover_lost_context());
    let second = created(&stage);
    assert_ne!(first, second);
    assert_eq!(made.get(), 2);
    let old = stage.context3d_by_id(first).unwrap();
    assert_eq!(old.create_program().unwrap_err().id, 3694);
    let _ = vb;
    let ctx = stage.context3d_mut().unwrap();
    assert_eq!(ctx.id(), second);
    ctx.configure_back_buffer(32, 32, 0, false, false, false)
        .unwrap();
    ctx.clear(0.0, 1.0, 0.0, 1.0, 1.0, 0, 0xFFFF_FFFF).unwrap();
    ctx.present().unwrap();
    assert!(!stage.recover_lost_context(), "nothing to recover now");
}
