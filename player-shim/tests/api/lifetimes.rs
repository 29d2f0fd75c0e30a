//! Where GPU objects go (issue 36, items 2 and 3), counted in the renderer
//! (`Backend::live_objects`): collecting frees each object in the backend at once (a bound
//! texture when it is unbound), and a forced device loss frees all of them and comes back with
//! `context3DCreate`, every old object #3694. On context3d's RecordingBackend always; on
//! headless GL with the feature `gl`, on headless wgpu with `wgpu`.

use molehill_context3d::LiveObjects;
use molehill_player::{BackendFactory, Stage3D, Stage3DEvent};

fn live(stage: &mut Stage3D) -> LiveObjects {
    let ctx = stage.context3d_mut().expect("a context");
    ctx.inner()
        .backend()
        .live_objects()
        .expect("the backend counts its objects")
}

/// Collection and loss on a Stage3D drawing through `factory`; `None` when the renderer could
/// not be made here (the note says why).
fn collect_then_lose(factory: Box<dyn BackendFactory>, counts: bool) {
    let mut stage = Stage3D::new(factory);
    stage.request_context3d("auto", "baseline").unwrap();
    let events = stage.take_events();
    if events.iter().any(|e| matches!(e, Stage3DEvent::Error(_))) {
        eprintln!("skipped: no renderer here ({events:?})");
        return;
    }
    let first = stage.context3d().unwrap().id();
    let ctx = stage.context3d_mut().unwrap();
    ctx.configure_back_buffer(32, 32, 0, false, false, false)
        .unwrap();
    let vb = ctx.create_vertex_buffer(4, 2, "staticDraw").unwrap();
    let ib = ctx.create_index_buffer(6, "staticDraw").unwrap();
    let a = ctx.create_texture(8, 8, "bgra", false, 0).unwrap();
    let b = ctx.create_texture(8, 8, "bgra", false, 0).unwrap();
    let cube = ctx.create_cube_texture(8, "bgra", false, 0).unwrap();
    ctx.set_texture_at(0, Some(b)).unwrap();
    let count = |stage: &mut Stage3D| counts.then(|| live(stage));
    let made = LiveObjects {
        vertex_buffers: 1,
        index_buffers: 1,
        textures: 3,
    };
    if counts {
        assert_eq!(count(&mut stage), Some(made));
    }
    let ctx = stage.context3d_mut().unwrap();
    ctx.vertex_buffer_collect(vb);
    ctx.index_buffer_collect(ib);
    ctx.texture_collect(a);
    ctx.texture_collect(b); // bound: kept
    ctx.texture_collect(cube);
    if counts {
        let after = LiveObjects {
            vertex_buffers: 0,
            index_buffers: 0,
            textures: 1,
        };
        assert_eq!(
            count(&mut stage),
            Some(after),
            "freed in the renderer at once"
        );
    }
    let ctx = stage.context3d_mut().unwrap();
    ctx.set_texture_at(0, None).unwrap();
    assert_eq!(ctx.total_gpu_memory(), 32 * 32 * 4, "the back buffer alone");
    if counts {
        assert_eq!(
            count(&mut stage),
            Some(LiveObjects::default()),
            "b went at unbinding"
        );
    }

    // A forced loss: every object freed, #3694 until the context comes back.
    let ctx = stage.context3d_mut().unwrap();
    let t = ctx.create_texture(8, 8, "bgra", false, 0).unwrap();
    let vb = ctx.create_vertex_buffer(4, 2, "staticDraw").unwrap();
    assert!(
        stage.force_context_loss(),
        "the renderer can lose its context"
    );
    assert!(!stage.force_context_loss(), "once");
    if counts {
        assert_eq!(
            count(&mut stage),
            Some(LiveObjects::default()),
            "a loss frees everything"
        );
    }
    let ctx = stage.context3d_mut().unwrap();
    assert_eq!(ctx.driver_info(), "Disposed");
    assert_eq!(
        ctx.clear(0.0, 0.0, 0.0, 1.0, 1.0, 0, 0xFFFF_FFFF)
            .unwrap_err()
            .id,
        3694
    );
    let e = ctx.vertex_buffer_upload_from_vector(vb, &[0.0f64; 8], 0, 4);
    assert_eq!(e.unwrap_err().id, 3694);
    assert!(
        stage.take_events().is_empty(),
        "Flash sends nothing at the loss"
    );

    assert!(stage.recover_lost_context(), "the device is back at once");
    let events = stage.take_events();
    let [Stage3DEvent::Context3DCreate(second)] = events[..] else {
        panic!("one context3DCreate, not {events:?}");
    };
    assert!(second > first);
    assert!(!stage.recover_lost_context(), "nothing more to recover");
    assert_eq!(stage.context3d().map(|c| c.id()), Some(second));
    let old = stage.context3d_by_id(first).unwrap();
    assert_eq!(old.create_program().unwrap_err().id, 3694);
    let ctx = stage.context3d_mut().unwrap();
    assert_eq!(ctx.profile(), "baseline");
    assert_eq!(ctx.set_texture_at(0, Some(t)).unwrap_err().id, 3694);
    ctx.configure_back_buffer(32, 32, 0, false, false, false)
        .unwrap();
    ctx.clear(0.0, 1.0, 0.0, 1.0, 1.0, 0, 0xFFFF_FFFF).unwrap();
    let (_, _, pixels) = ctx.capture_back_buffer().unwrap();
    if counts {
        assert_eq!(pixels[16 * 32 + 16], 0xFF00_FF00, "the new context draws");
    }
}

#[test]
fn on_the_recording_backend() {
    collect_then_lose(super::common::recording_factory(), false);
}

#[cfg(feature = "gl")]
#[test]
fn on_headless_gl() {
    collect_then_lose(Box::new(molehill_player::HeadlessGl::default()), true);
}

#[cfg(feature = "wgpu")]
#[test]
fn on_headless_wgpu() {
    collect_then_lose(Box::new(molehill_player::HeadlessWgpu::default()), true);
}
