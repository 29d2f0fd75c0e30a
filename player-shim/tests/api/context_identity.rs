//! What a VM that keeps AS3 objects needs of the facade (issue 23, found embedding it in
//! Ruffle): `stage3D.context3D` is null after `dispose(false)` while the disposed object still
//! answers as Flash's disposed `Context3D` does, and each context (request or recreation) has
//! an id the VM can compare, so that an AS3 object of a replaced context never reaches the new
//! one. No GL: context3d's RecordingBackend is the renderer.

use std::cell::Cell;

use molehill_agal::flash::{ErrorClass, FlashError};
use molehill_context3d::{Backend, RecordingBackend};
use molehill_player::{BackendCreationError, Context3D, Stage3D, Stage3DEvent};

/// A factory that makes `backends` backends, then refuses.
fn stage_with(backends: u32) -> Stage3D {
    let left = Cell::new(backends);
    let factory = Box::new(move || -> Result<Box<dyn Backend>, BackendCreationError> {
        if left.get() == 0 {
            return Err(BackendCreationError::Refused("no GPU any more".into()));
        }
        left.set(left.get() - 1);
        Ok(Box::new(RecordingBackend::new()))
    });
    Stage3D::new(factory)
}

fn stage() -> Stage3D {
    stage_with(u32::MAX)
}

/// Asserts that `ctx` answers as Flash's disposed Context3D: #3694 (class Error) from calls,
/// `driverInfo` "Disposed".
fn assert_disposed(ctx: &mut Context3D) {
    assert_eq!(ctx.driver_info(), "Disposed");
    let e = ctx.clear(0.0, 0.0, 0.0, 1.0, 1.0, 0, 7).unwrap_err();
    assert_eq!((e.class, e.id), (ErrorClass::Error, 3694), "{e}");
    let e = ctx
        .configure_back_buffer(64, 64, 0, true, false, false)
        .unwrap_err();
    assert_eq!(e.id, 3694, "{e}");
    let e = ctx.create_vertex_buffer(3, 2, "staticDraw").unwrap_err();
    assert_eq!(e.id, 3694, "{e}");
}

fn current_id(s: &Stage3D) -> Option<u64> {
    s.context3d().map(|c| c.id().get())
}

#[test]
fn context3d_is_null_after_dispose_false_and_the_object_answers_disposed() {
    let mut s = stage();
    assert!(s.context3d().is_none() && s.context3d_mut().is_none());
    s.request_context3d("auto", "baseline").unwrap();
    let id = s.context3d().expect("created").id();
    assert_eq!(id.get(), 1);
    assert_eq!(s.take_events(), vec![Stage3DEvent::Context3DCreate(id)]);
    let ctx = s.context3d_mut().unwrap();
    ctx.configure_back_buffer(64, 64, 0, true, false, false)
        .unwrap();
    ctx.dispose(false);
    assert!(s.context3d().is_none(), "stage3D.context3D is null");
    // The AS3 object the content still holds: by id, or as the latest context.
    assert_disposed(s.context3d_by_id(id).expect("this stage's context"));
    assert_eq!(s.context3d_mut().unwrap().id(), id);
    assert_disposed(s.context3d_mut().unwrap());
    assert_eq!(s.context3d_by_id(id).unwrap().profile(), "baseline");
    s.context3d_by_id(id).unwrap().dispose(true);
    assert_eq!(s.take_events(), [], "a disposed context is not recreated");
    assert!(s.context3d().is_none());

    // A new request makes the property non-null again, with a new id.
    s.request_context3d("auto", "standard").unwrap();
    assert_eq!(current_id(&s), Some(2));
    let new = s.context3d().unwrap().id();
    assert_eq!(s.take_events(), vec![Stage3DEvent::Context3DCreate(new)]);
}

#[test]
fn each_request_makes_a_context_with_a_new_id_and_the_old_object_stays_disposed() {
    let mut s = stage();
    s.request_context3d("auto", "baseline").unwrap();
    let first = s.context3d().unwrap().id();
    s.request_context3d_matching_profiles(&["standard", "baselineConstrained"])
        .unwrap();
    let second = s.context3d().unwrap().id();
    assert_ne!(first, second);
    assert!(second > first, "ids count up");
    assert_eq!(
        s.take_events(),
        vec![
            Stage3DEvent::Context3DCreate(first),
            Stage3DEvent::Context3DCreate(second)
        ]
    );

    // The first request's object answers as a disposed context of its own profile, and
    // nothing it is asked reaches the new context.
    let old = s.context3d_by_id(first).expect("made by this stage");
    assert_eq!(old.id(), first);
    assert_eq!(old.profile(), "baseline");
    assert_disposed(old);
    old.dispose(false);
    old.dispose(true);
    assert_eq!(
        s.take_events(),
        [],
        "disposing a replaced context does nothing"
    );

    let new = s.context3d_by_id(second).unwrap();
    assert_eq!(new.profile(), "standard");
    new.configure_back_buffer(32, 32, 0, false, false, false)
        .unwrap();
    new.clear(0.0, 0.0, 0.0, 1.0, 1.0, 0, 7).unwrap();
    assert_eq!(current_id(&s), Some(second.get()));

    // A third request: both older objects are disposed stand-ins, the current one is live.
    s.request_context3d("auto", "baselineExtended").unwrap();
    let third = s.context3d().unwrap().id();
    assert_eq!(third.get(), 3);
    for old in [first, second] {
        let ctx = s.context3d_by_id(old).unwrap();
        assert_eq!(ctx.id(), old);
        assert_disposed(ctx);
    }
    // Each old object keeps its own context's profile, in any order of asking.
    for (old, profile) in [
        (second, "standard"),
        (first, "baseline"),
        (second, "standard"),
    ] {
        assert_eq!(s.context3d_by_id(old).unwrap().profile(), profile);
    }
    assert_ne!(s.context3d_by_id(third).unwrap().driver_info(), "Disposed");
}

/// Flash gives the content a new `Context3D` object after `dispose(true)` (a simulated device
/// loss): the recreated context has a new id, the old object answers as a disposed one.
#[test]
fn the_recreation_after_dispose_true_is_a_new_context() {
    let mut s = stage();
    s.request_context3d("auto", "standard").unwrap();
    let before = s.context3d().unwrap().id();
    s.context3d_by_id(before).unwrap().dispose(true);
    let after = s.context3d().expect("recreated").id();
    assert_ne!(after, before);
    assert_eq!(
        s.take_events(),
        vec![
            Stage3DEvent::Context3DCreate(before),
            Stage3DEvent::Context3DCreate(after)
        ],
        "context3DCreate again, for the new context"
    );

    let old = s.context3d_by_id(before).unwrap();
    assert_eq!(old.profile(), "standard");
    assert_disposed(old);
    old.dispose(false);
    assert_eq!(
        current_id(&s),
        Some(after.get()),
        "the old object's dispose(false) leaves the new context alone"
    );

    let new = s.context3d_by_id(after).unwrap();
    assert_eq!(new.profile(), "standard");
    new.configure_back_buffer(64, 64, 0, true, false, false)
        .unwrap();
    new.clear(0.0, 0.0, 0.0, 1.0, 1.0, 0, 7).unwrap();
}

#[test]
fn a_recreation_that_fails_leaves_context3d_null() {
    let mut s = stage_with(1);
    s.request_context3d("auto", "baseline").unwrap();
    let id = s.context3d().unwrap().id();
    s.context3d_mut().unwrap().dispose(true);
    assert_eq!(
        s.take_events(),
        vec![
            Stage3DEvent::Context3DCreate(id),
            Stage3DEvent::Error(FlashError::error(3702, &[]))
        ],
        "ErrorEvent #3702 instead of a second context3DCreate"
    );
    assert!(s.context3d().is_none());
    let ctx = s.context3d_by_id(id).unwrap();
    assert_eq!(ctx.id(), id, "no new context, no new id");
    assert_disposed(ctx);
}

#[test]
fn an_id_this_stage_never_gave_names_no_context() {
    let mut a = stage();
    let mut b = stage();
    for _ in 0..3 {
        b.request_context3d("auto", "baseline").unwrap();
    }
    let third_of_b = b.context3d().unwrap().id();
    assert_eq!(third_of_b.get(), 3);
    assert!(a.context3d_by_id(third_of_b).is_none(), "no context yet");
    a.request_context3d("auto", "baseline").unwrap();
    assert!(a.context3d_by_id(third_of_b).is_none(), "never made here");
    let own = a.context3d().unwrap().id();
    assert_eq!(a.context3d_by_id(own).unwrap().id(), own);
}

/// A failed request (no renderer) makes no context: no id is used, the current context stays.
#[test]
fn a_request_without_a_renderer_keeps_the_current_context() {
    let mut s = stage_with(1);
    s.request_context3d("auto", "baseline").unwrap();
    let id = s.context3d().unwrap().id();
    assert_eq!(s.take_events(), vec![Stage3DEvent::Context3DCreate(id)]);
    s.request_context3d("auto", "standard").unwrap();
    assert_eq!(
        s.take_events(),
        vec![Stage3DEvent::Error(FlashError::error(3702, &[]))]
    );
    assert_eq!(s.context3d().map(|c| c.id()), Some(id));
    assert_eq!(s.context3d().unwrap().profile(), "baseline");
}

/// A device loss comes back as in Flash (`recover_lost_context`): nothing while the device is
/// away, then, once the renderer reports it back (a browser's `webglcontextrestored`), a new
/// context of the same profile with a new id and `context3DCreate` for it; the lost one
/// answers as disposed.
#[test]
fn a_lost_context_is_replaced_once_the_device_is_back() {
    use std::cell::RefCell;
    use std::rc::Rc;
    let first = Rc::new(RefCell::new(RecordingBackend::new()));
    let made = Rc::new(Cell::new(0));
    let factory = {
        let (first, made) = (first.clone(), made.clone());
        Box::new(move || -> Result<Box<dyn Backend>, BackendCreationError> {
            made.set(made.get() + 1);
            if made.get() == 1 {
                Ok(Box::new(first.clone()))
            } else {
                Ok(Box::new(RecordingBackend::new()))
            }
        })
    };
    let mut s = Stage3D::new(factory);
    s.request_context3d("auto", "standardConstrained").unwrap();
    let before = s.context3d().unwrap().id();
    s.take_events();
    assert!(!s.recover_lost_context(), "nothing lost");

    first.borrow_mut().lost = true;
    let e = s
        .context3d_mut()
        .unwrap()
        .create_vertex_buffer(3, 2, "staticDraw")
        .unwrap_err();
    assert_eq!(e.id, 3694, "a lost context's calls throw #3694: {e}");
    assert!(!s.recover_lost_context(), "the device is not back yet");
    assert!(s.take_events().is_empty());
    assert_eq!(made.get(), 1);

    first.borrow_mut().restored = true;
    assert!(s.recover_lost_context());
    let after = s.context3d().expect("a new context").id();
    assert_ne!(after, before);
    assert_eq!(s.take_events(), vec![Stage3DEvent::Context3DCreate(after)]);
    assert_eq!(made.get(), 2);
    assert_eq!(s.context3d().unwrap().profile(), "standardConstrained");
    assert!(!s.recover_lost_context(), "once");
    assert_disposed(s.context3d_by_id(before).unwrap());
    let new = s.context3d_by_id(after).unwrap();
    new.configure_back_buffer(64, 64, 0, true, false, false)
        .unwrap();
    new.clear(0.0, 0.0, 0.0, 1.0, 1.0, 0, 7).unwrap();
}
