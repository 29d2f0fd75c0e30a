//! The AS3-facing API without GL (context3d's RecordingBackend as the renderer): Stage3D's own
//! checks, the device loss of `dispose(true)`, and what a recording writes (the events are
//! `events.rs`'s).

use std::cell::RefCell;
use std::rc::Rc;

use molehill_agal::flash::ErrorClass;
use molehill_context3d::{Backend, RecordingBackend};
use molehill_player::as3::ByteArray;
#[cfg(feature = "record")]
use molehill_player::{as3::BitmapData, Recorder};
use molehill_player::{BackendCreationError, Stage3D, Stage3DEvent};

use crate::common::stage;

#[test]
fn stage_position_is_checked_as_flash_does() {
    let mut s = stage();
    for bad in [f64::NAN, 8192.0, -8193.0, f64::INFINITY] {
        let e = s.set_x(bad).unwrap_err();
        assert_eq!(
            (e.class, e.id, e.message.as_str()),
            (
                ErrorClass::ArgumentError,
                2006,
                "Error #2006: The supplied index is out of bounds."
            )
        );
        assert_eq!(s.set_y(bad).unwrap_err().id, 2006);
    }
    assert_eq!((s.x(), s.y()), (0.0, 0.0));
    s.set_x(-8192.0).unwrap();
    s.set_y(8191.0).unwrap();
    assert_eq!((s.x(), s.y()), (-8192.0, 8191.0));
    s.set_visible(false);
    assert!(!s.visible());
}

/// The renderer's own `is_lost` and `take_error` reach context3d through the boxed backend
/// (they have defaults in the trait, and the shim's wrapper used to answer with those).
#[test]
fn a_lost_renderer_and_its_kept_errors_reach_the_context() {
    let lost = || -> Result<Box<dyn Backend>, BackendCreationError> {
        let mut backend = RecordingBackend::new();
        backend.lost = true;
        Ok(Box::new(backend))
    };
    let mut s = Stage3D::new(Box::new(lost));
    s.request_context3d("auto", "baseline").unwrap();
    let ctx = s.context3d_mut().unwrap();
    assert!(ctx.inner().is_lost());
    let e = ctx.create_program().unwrap_err();
    assert_eq!(e.id, 3694, "{e}");

    let failing = || -> Result<Box<dyn Backend>, BackendCreationError> {
        let mut backend = RecordingBackend::new();
        backend.fail_next_unit_call = Some(molehill_context3d::BackendError::ContextLost);
        Ok(Box::new(backend))
    };
    let mut s = Stage3D::new(Box::new(failing));
    s.request_context3d("auto", "baseline").unwrap();
    let ctx = s.context3d_mut().unwrap();
    ctx.configure_back_buffer(64, 64, 0, true, false, false)
        .unwrap();
    // The clear's kept error is taken: the context is lost from then on.
    let _ = ctx.clear(0.0, 0.0, 0.0, 1.0, 1.0, 0, 0xFFFF_FFFF);
    assert!(ctx.inner().is_lost());
    assert_eq!(ctx.present().unwrap_err().id, 3694);
}

#[cfg(feature = "record")]
#[test]
fn a_recording_of_an_invalid_bitmap_still_parses() {
    let mut s = stage();
    let recorder = Recorder::new();
    s.start_recording(recorder.clone());
    s.request_context3d("auto", "baseline").unwrap();
    let ctx = s.context3d_mut().unwrap();
    let tex = ctx.create_texture(2, 2, "bgra", false, 0).unwrap();
    let px = [0xFF00FF00u32; 3];
    let r = ctx.texture_upload_from_bitmap_data(
        tex,
        BitmapData {
            width: 2,
            height: 2,
            pixels: &px,
            premultiplied: true,
            transparent: true,
        },
        0,
    );
    assert!(r.is_err());
    let text = recorder.to_text();
    molehill_player::trace::parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert!(text.contains("bitmap(1, 1, 0xFF00FF00, true)"), "{text}");
}

/// A handle from a context that a new `requestContext3D` replaced is #3694, never an object of
/// the new context (docs/player.md, section 1). It used to alias the new context's first
/// buffer (context3d's handles restarted at `1v1` in every context; fixed there in 2d97f8a).
#[test]
fn a_handle_of_a_replaced_context_is_disposed_not_another_object() {
    let mut s = stage();
    s.request_context3d("auto", "baseline").unwrap();
    let old = s
        .context3d_mut()
        .unwrap()
        .create_vertex_buffer(3, 2, "staticDraw")
        .unwrap();
    s.request_context3d("auto", "baseline").unwrap();
    let ctx = s.context3d_mut().unwrap();
    ctx.create_vertex_buffer(3, 2, "staticDraw").unwrap();
    let e = ctx
        .vertex_buffer_upload_from_vector(old, &[0.0; 6], 0, 3)
        .unwrap_err();
    assert_eq!(e.id, 3694);
}

/// A boxed `Rc<RefCell<B>>` forwards every call to the backend the player keeps a handle to
/// (how `molehill bench` reads GL call counts between frames).
#[test]
fn a_shared_backend_receives_the_calls_and_stays_readable() {
    let kept: Rc<RefCell<RecordingBackend>> = Rc::default();
    let shared = kept.clone();
    let factory =
        move || -> Result<Box<dyn Backend>, BackendCreationError> { Ok(Box::new(shared.clone())) };
    let mut s = Stage3D::new(Box::new(factory));
    s.request_context3d("auto", "baseline").unwrap();
    let ctx = s.context3d_mut().unwrap();
    ctx.configure_back_buffer(32, 32, 0, false, false, false)
        .unwrap();
    kept.borrow_mut().take();
    ctx.clear(1.0, 0.0, 0.0, 1.0, 1.0, 0, 0xFFFF_FFFF).unwrap();
    ctx.present().unwrap();
    let calls = kept.borrow_mut().take();
    assert!(
        matches!(
            calls.as_slice(),
            [
                molehill_context3d::recording::Call::Clear(_),
                ..,
                molehill_context3d::recording::Call::Present
            ]
        ),
        "{calls:?}"
    );
}

/// AIR's `setFillMode`: "solid" and "wireframe" (drawn solid) are accepted, anything else is
/// ArgumentError #2008, and a disposed context gives Error #3694 first, as every call does.
#[test]
fn set_fill_mode_checks_the_context_then_the_mode() {
    let mut s = stage();
    s.request_context3d("auto", "baseline").unwrap();
    let ctx = s.context3d_mut().unwrap();
    ctx.set_fill_mode("solid").unwrap();
    ctx.set_fill_mode("wireframe").unwrap();
    let e = ctx.set_fill_mode("dotted").unwrap_err();
    assert_eq!((e.class, e.id), (ErrorClass::ArgumentError, 2008));
    ctx.dispose(false);
    let e = ctx.set_fill_mode("dotted").unwrap_err();
    assert_eq!((e.class, e.id), (ErrorClass::Error, 3694));
}

/// A negative `byteArrayOffset` is #3669, but only after the disposed checks: a disposed
/// buffer (or context) gives #3694 first, as for any other bad range.
#[test]
fn a_negative_byte_array_offset_is_checked_after_the_buffer() {
    let mut s = stage();
    s.request_context3d("auto", "baseline").unwrap();
    let ctx = s.context3d_mut().unwrap();
    let bytes = [0u8; 64];
    let vb = ctx.create_vertex_buffer(2, 2, "staticDraw").unwrap();
    let ib = ctx.create_index_buffer(4, "staticDraw").unwrap();
    let data = ByteArray::little_endian(&bytes);
    let e = ctx
        .vertex_buffer_upload_from_byte_array(vb, data, -1, 0, 2)
        .unwrap_err();
    assert_eq!((e.class, e.id), (ErrorClass::Error, 3669));
    let e = ctx
        .index_buffer_upload_from_byte_array(ib, data, -4, 0, 4)
        .unwrap_err();
    assert_eq!((e.class, e.id), (ErrorClass::Error, 3669));
    ctx.vertex_buffer_upload_from_byte_array(vb, data, 0, 0, 2)
        .unwrap();
    ctx.vertex_buffer_dispose(vb);
    ctx.index_buffer_dispose(ib);
    let e = ctx
        .vertex_buffer_upload_from_byte_array(vb, data, -1, 0, 2)
        .unwrap_err();
    assert_eq!((e.class, e.id), (ErrorClass::Error, 3694));
    let e = ctx
        .index_buffer_upload_from_byte_array(ib, data, -4, 0, 4)
        .unwrap_err();
    assert_eq!((e.class, e.id), (ErrorClass::Error, 3694));
}

/// Regression (issue 16): `dispose(recreate = true)` was ignored. Flash simulates a device
/// loss: a new context of the same profile, `context3DCreate` again, old objects #3694, the
/// new context usable once its back buffer is configured. `dispose(false)` recreates nothing.
#[test]
fn dispose_with_recreate_simulates_a_device_loss() {
    let mut s = stage();
    s.request_context3d("auto", "standard").unwrap();
    let first = s.context3d().unwrap().id();
    assert_eq!(s.take_events(), vec![Stage3DEvent::Context3DCreate(first)]);
    let ctx = s.context3d_mut().unwrap();
    ctx.configure_back_buffer(64, 64, 0, true, false, false)
        .unwrap();
    let old = ctx.create_vertex_buffer(3, 2, "staticDraw").unwrap();
    ctx.dispose(true);
    let second = s.context3d().unwrap().id();
    assert_eq!(
        s.take_events(),
        vec![Stage3DEvent::Context3DCreate(second)],
        "context3DCreate again"
    );
    let ctx = s.context3d_mut().unwrap();
    assert_eq!(ctx.profile(), "standard");
    assert_ne!(ctx.driver_info(), "Disposed");
    let e = ctx
        .vertex_buffer_upload_from_vector(old, &[0.0; 6], 0, 3)
        .unwrap_err();
    assert_eq!(e.id, 3694, "objects of the lost context are gone");
    let e = ctx.clear(0.0, 0.0, 0.0, 1.0, 1.0, 0, 7).unwrap_err();
    assert_eq!(e.id, 3698, "the back buffer must be configured again: {e}");
    ctx.configure_back_buffer(64, 64, 0, true, false, false)
        .unwrap();
    let vb = ctx.create_vertex_buffer(3, 2, "staticDraw").unwrap();
    ctx.vertex_buffer_upload_from_vector(vb, &[0.0; 6], 0, 3)
        .unwrap();
    ctx.clear(0.0, 0.0, 0.0, 1.0, 1.0, 0, 7).unwrap();
    ctx.dispose(false);
    assert_eq!(s.take_events(), [], "dispose(false) recreates nothing");
    assert!(
        s.context3d().is_none(),
        "stage3D.context3D is null after dispose(false)"
    );
    assert_eq!(s.context3d_mut().unwrap().driver_info(), "Disposed");
    s.context3d_mut().unwrap().dispose(true);
    assert_eq!(s.take_events(), [], "a disposed context is not recreated");
}

/// A player that shows frames itself gets each presented frame from `present_frame`: the
/// back buffer as it was at `present`, and `present`'s own errors.
#[test]
fn present_frame_gives_the_frame_present_shows() {
    let mut s = stage();
    s.request_context3d("auto", "baseline").unwrap();
    let ctx = s.context3d_mut().unwrap();
    let e = ctx.present_frame().unwrap_err();
    assert_eq!((e.class, e.id), (ErrorClass::Error, 3698));
    ctx.configure_back_buffer(32, 32, 0, false, false, false)
        .unwrap();
    ctx.clear(1.0, 0.0, 0.0, 1.0, 1.0, 0, 0xFFFF_FFFF).unwrap();
    let (w, h, pixels) = ctx.present_frame().unwrap().expect("a frame");
    assert_eq!((w, h, pixels.len()), (32, 32, 32 * 32));
    // The frame is read before present: drawToBitmapData of a presented back buffer is #3692.
    let mut px = vec![0u32; 32 * 32];
    let mut bmp = molehill_player::as3::BitmapDataMut {
        width: 32,
        height: 32,
        pixels: &mut px,
        premultiplied: true,
        transparent: true,
    };
    assert_eq!(
        ctx.draw_to_bitmap_data(&mut bmp, None, None)
            .unwrap_err()
            .id,
        3692
    );
    // A compositor reads the presented back buffer (no #3692): the frame present showed.
    assert_eq!(ctx.back_buffer_pixels().unwrap(), (w, h, pixels.clone()));
    // The same frame as R, G, B, A bytes, for a player's own texture.
    ctx.clear(1.0, 0.0, 0.0, 1.0, 1.0, 0, 0xFFFF_FFFF).unwrap();
    let (bw, bh, bytes) = ctx.present_frame_rgba().unwrap().expect("a frame");
    assert_eq!((bw, bh), (w, h));
    assert_eq!(bytes, molehill_player::as3::argb_to_rgba_bytes(&pixels));
    ctx.dispose(false);
    assert_eq!(ctx.present_frame().unwrap_err().id, 3694);
    assert_eq!(ctx.back_buffer_pixels().unwrap_err().id, 3694);
    assert_eq!(ctx.present_frame_rgba().unwrap_err().id, 3694);
}
