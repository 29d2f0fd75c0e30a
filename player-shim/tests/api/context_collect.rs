//! Collecting a `Context3D` object (issue 36): a VM's collector can only drop a context its
//! Stage3D no longer holds, one replaced by a recovery after a loss, a new request or
//! `dispose(true)`, and by then Molehill holds nothing of it: its renderer is dropped at the
//! replacement (after a loss with every GPU object freed), so `Stage3D::context3d_collect`
//! has nothing left to free and changes nothing. Counted in the renderers themselves, which
//! the test's factory keeps (`Backend::live_objects`, and whether anything but the test still
//! holds one). The one context it frees is a `dispose(false)` context's renderer. On context3d's
//! RecordingBackend always; on headless GL with the feature `gl`, on headless wgpu with `wgpu`.

use std::cell::RefCell;
use std::rc::Rc;

use molehill_context3d::{Backend, LiveObjects};
use molehill_player::{BackendCreationError, BackendFactory, Stage3D, Stage3DEvent};

/// Every renderer a factory made, in order, as the test keeps it.
type Made = Rc<RefCell<Vec<Rc<RefCell<Box<dyn Backend>>>>>>;

/// `inner`'s backends, each also kept in the returned list.
fn keeping(mut inner: Box<dyn BackendFactory>) -> (Box<dyn BackendFactory>, Made) {
    let made = Made::default();
    let list = made.clone();
    let factory = move || -> Result<Box<dyn Backend>, BackendCreationError> {
        let backend = Rc::new(RefCell::new(inner.create_backend()?));
        list.borrow_mut().push(backend.clone());
        Ok(Box::new(backend))
    };
    (Box::new(factory), made)
}

/// Whether only the test still holds renderer `n` (Molehill dropped it).
fn released(made: &Made, n: usize) -> bool {
    Rc::strong_count(&made.borrow()[n]) == 1
}

fn live(made: &Made, n: usize) -> Option<LiveObjects> {
    made.borrow()[n].borrow().live_objects()
}

/// Objects on the latest context: a vertex buffer, an index buffer and two textures (one bound).
fn fill(stage: &mut Stage3D) -> LiveObjects {
    let ctx = stage.context3d_mut().unwrap();
    ctx.configure_back_buffer(32, 32, 0, false, false, false)
        .unwrap();
    ctx.create_vertex_buffer(4, 2, "staticDraw").unwrap();
    ctx.create_index_buffer(6, "staticDraw").unwrap();
    ctx.create_texture(8, 8, "bgra", false, 0).unwrap();
    let bound = ctx.create_texture(8, 8, "bgra", false, 0).unwrap();
    ctx.set_texture_at(0, Some(bound)).unwrap();
    LiveObjects {
        vertex_buffers: 1,
        index_buffers: 1,
        textures: 2,
    }
}

/// The id in the only event: a `context3DCreate`.
fn created(stage: &Stage3D) -> molehill_player::ContextId {
    let events = stage.take_events();
    let [Stage3DEvent::Context3DCreate(id)] = events[..] else {
        panic!("one context3DCreate, not {events:?}");
    };
    id
}

fn replaced_contexts_hold_nothing_to_collect(factory: Box<dyn BackendFactory>, counts: bool) {
    let (factory, made) = keeping(factory);
    let mut stage = Stage3D::new(factory);
    stage.request_context3d("auto", "baseline").unwrap();
    let events = stage.take_events();
    let [Stage3DEvent::Context3DCreate(first)] = events[..] else {
        eprintln!("skipped: no renderer here ({events:?})");
        return;
    };
    let objects = fill(&mut stage);
    let none = counts.then(LiveObjects::default);
    if counts {
        assert_eq!(live(&made, 0), Some(objects));
    }

    // Loss and recovery: the old renderer is freed at the loss and dropped at the recovery.
    assert!(stage.force_context_loss());
    assert_eq!(live(&made, 0), none, "a loss frees every object");
    assert!(stage.recover_lost_context());
    let second = created(&stage);
    assert_eq!(made.borrow().len(), 2);
    assert!(
        released(&made, 0),
        "the lost context's renderer is dropped at the recovery"
    );
    let objects = fill(&mut stage);

    // The VM collects the old Context3D object: nothing is left to free, nothing changes.
    stage.context3d_collect(first);
    assert!(stage.take_events().is_empty());
    if counts {
        assert_eq!(
            live(&made, 1),
            Some(objects),
            "the new context keeps its objects"
        );
    }
    assert!(!released(&made, 1));
    let old = stage.context3d_by_id(first).unwrap();
    assert_eq!(old.driver_info(), "Disposed");
    assert_eq!(old.create_program().unwrap_err().id, 3694);
    let ctx = stage.context3d_mut().unwrap();
    assert_eq!(ctx.id(), second);
    ctx.clear(0.0, 1.0, 0.0, 1.0, 1.0, 0, 0xFFFF_FFFF).unwrap();

    // A new request and dispose(true) replace the context the same way.
    stage.request_context3d("auto", "baseline").unwrap();
    let third = created(&stage);
    assert!(
        released(&made, 1),
        "a replaced context's renderer is dropped at once"
    );
    stage.context3d_collect(second);
    fill(&mut stage);
    stage.context3d_mut().unwrap().dispose(true);
    let fourth = created(&stage);
    assert!(released(&made, 2), "so is a recreated one's");
    stage.context3d_collect(third);
    assert_eq!(made.borrow().len(), 4);
    assert!(!released(&made, 3));

    // What collecting does free: the renderer of the latest context after dispose(false),
    // which a disposed context keeps until then (it answers as disposed before and after).
    stage.context3d_mut().unwrap().dispose(false);
    assert!(!released(&made, 3), "a disposed context keeps its renderer");
    stage.context3d_collect(fourth);
    assert!(released(&made, 3), "collected: its renderer is given back");
    let ctx = stage.context3d_mut().unwrap();
    assert_eq!(ctx.id(), fourth);
    assert_eq!(ctx.driver_info(), "Disposed");
    assert!(stage.take_events().is_empty(), "no event, no new renderer");
    assert_eq!(made.borrow().len(), 4);
}

#[test]
fn on_the_recording_backend() {
    replaced_contexts_hold_nothing_to_collect(super::common::recording_factory(), false);
}

#[cfg(feature = "gl")]
#[test]
fn on_headless_gl() {
    let factory = Box::new(molehill_player::HeadlessGl::default());
    replaced_contexts_hold_nothing_to_collect(factory, true);
}

#[cfg(feature = "wgpu")]
#[test]
fn on_headless_wgpu() {
    let factory = Box::new(molehill_player::HeadlessWgpu::default());
    replaced_contexts_hold_nothing_to_collect(factory, true);
}
