//! The AS3-facing API without GL (context3d's RecordingBackend as the renderer): Stage3D's own
//! checks, events, and what a recording writes.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use agal::flash::{ErrorClass, FlashError};
use context3d::{Backend, RecordingBackend};
use player_shim::as3::BitmapData;
use player_shim::{BackendCreationError, Recorder, Stage3D, Stage3DEvents, TextureBase};

#[derive(Default)]
struct Events {
    created: Cell<u32>,
    ready: RefCell<Vec<TextureBase>>,
    errors: RefCell<Vec<FlashError>>,
}

impl Stage3DEvents for Events {
    fn context3d_create(&self) {
        self.created.set(self.created.get() + 1);
    }
    fn texture_ready(&self, texture: TextureBase) {
        self.ready.borrow_mut().push(texture);
    }
    fn error(&self, error: &FlashError) {
        self.errors.borrow_mut().push(error.clone());
    }
}

fn recording_factory() -> Box<dyn player_shim::BackendFactory> {
    Box::new(|| -> Result<Box<dyn Backend>, BackendCreationError> {
        Ok(Box::new(RecordingBackend::new()))
    })
}

fn stage() -> (Stage3D, Rc<Events>) {
    let events = Rc::new(Events::default());
    (Stage3D::new(recording_factory(), events.clone()), events)
}

#[test]
fn stage_position_is_checked_as_flash_does() {
    let (mut s, _) = stage();
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

#[test]
fn requests_create_a_context_and_tell_the_vm() {
    let (mut s, events) = stage();
    let e = s.request_context3d("auto", "Baseline").unwrap_err();
    assert_eq!(
        e.message,
        "Error #2008: Parameter profile must be one of the accepted values."
    );
    assert!(s.context3d().is_none());
    assert_eq!(events.created.get(), 0);
    let e = s.request_context3d_matching_profiles(&[]).unwrap_err();
    assert_eq!(e.id, 2008);
    s.request_context3d_matching_profiles(&["baseline", "standard"])
        .unwrap();
    assert_eq!(events.created.get(), 1);
    assert_eq!(s.context3d().unwrap().profile(), "standard");
    // A second request replaces the context.
    s.request_context3d("auto", "baselineConstrained").unwrap();
    assert_eq!(events.created.get(), 2);
    assert_eq!(s.context3d().unwrap().profile(), "baselineConstrained");
}

#[test]
fn a_renderer_that_cannot_start_is_an_error_event() {
    let events = Rc::new(Events::default());
    let factory = Box::new(|| -> Result<Box<dyn Backend>, BackendCreationError> {
        Err(BackendCreationError::Refused("no GPU today".into()))
    });
    let mut s = Stage3D::new(factory, events.clone());
    s.request_context3d("auto", "baseline").unwrap();
    assert!(s.context3d().is_none());
    let errors = events.errors.borrow();
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0].message, "Error #3702: Context3D not available.");
    drop(errors);
    // A bad profile is thrown (#2008) even then, and sends no event.
    let e = s.request_context3d("auto", "nonsense").unwrap_err();
    assert_eq!((e.id, e.class), (2008, ErrorClass::ArgumentError));
    let e = s.request_context3d_matching_profiles(&[]).unwrap_err();
    assert_eq!(e.id, 2008);
    assert_eq!(events.errors.borrow().len(), 1);
}

#[test]
fn async_uploads_send_texture_ready() {
    let (mut s, events) = stage();
    s.request_context3d("auto", "baseline").unwrap();
    let ctx = s.context3d_mut().unwrap();
    let tex = ctx.create_texture(2, 2, "bgra", false, 0).unwrap();
    let px = [0xFF00FF00u32; 4];
    let bmp = BitmapData {
        width: 2,
        height: 2,
        pixels: &px,
        premultiplied: false,
        transparent: true,
    };
    ctx.texture_upload_from_bitmap_data(tex, bmp, 0).unwrap();
    assert!(events.ready.borrow().is_empty());
    ctx.texture_upload_from_bitmap_data_async(tex, bmp, 0)
        .unwrap();
    assert_eq!(*events.ready.borrow(), vec![tex]);
}

#[test]
fn a_recording_names_resources_and_writes_errors_down() {
    let (mut s, _) = stage();
    let recorder = Recorder::new();
    s.set_swf_version(29);
    s.start_recording(recorder.clone());
    s.set_x(f64::NAN).unwrap_err();
    s.request_context3d("auto", "baseline").unwrap();
    let ctx = s.context3d_mut().unwrap();
    ctx.configure_back_buffer(16, 64, 0, true, false, false)
        .unwrap_err();
    ctx.configure_back_buffer(64, 64, 0, true, false, false)
        .unwrap();
    let vb = ctx.create_vertex_buffer(3, 2, "staticDraw").unwrap();
    ctx.create_vertex_buffer(3, 65, "staticDraw").unwrap_err();
    let vb2 = ctx.create_vertex_buffer(1, 1, "dynamicDraw").unwrap();
    ctx.vertex_buffer_upload_from_vector(vb, &[0.5, -1.0, 1e-7, 2.0, 0.0, 1.0], 0, 3)
        .unwrap();
    ctx.set_vertex_buffer_at(0, Some(vb2), 0, "float1").unwrap();
    ctx.set_vertex_buffer_at(1, None, 0, "float4").unwrap();
    ctx.vertex_buffer_dispose(vb);
    let tex = ctx.create_cube_texture(4, "bgra", true, 0).unwrap();
    let px = [0x80FF0000u32; 16];
    ctx.cube_texture_upload_from_bitmap_data(
        tex,
        BitmapData {
            width: 4,
            height: 4,
            pixels: &px,
            premultiplied: false,
            transparent: true,
        },
        5,
        0,
    )
    .unwrap();
    ctx.set_culling("sideways").unwrap_err();
    let expected = r#"molehill-trace 1
config swfVersion 29
stage.x = NaN
expect error 2006 ArgumentError "Error #2006: The supplied index is out of bounds."
stage.requestContext3D("auto", "baseline")
context.configureBackBuffer(16, 64, 0, true, false, false)
expect error 3669 Error "Error #3669: Bad input size."
context.configureBackBuffer(64, 64, 0, true, false, false)
vb1 = context.createVertexBuffer(3, 2, "staticDraw")
vb2 = context.createVertexBuffer(3, 65, "staticDraw")
expect error 3670 Error "Error #3670: Buffer too big."
vb3 = context.createVertexBuffer(1, 1, "dynamicDraw")
vb1.uploadFromVector([0.5, -1, 1e-7, 2, 0, 1], 0, 3)
context.setVertexBufferAt(0, vb3, 0, "float1")
context.setVertexBufferAt(1, null, 0, "float4")
vb1.dispose()
cube1 = context.createCubeTexture(4, "bgra", true, 0)
cube1.uploadFromBitmapData(bitmap(4, 4, 0x80FF0000, true), 5, 0)
context.setCulling("sideways")
expect error 2008 ArgumentError "Error #2008: Parameter triangleFaceToCull must be one of the accepted values."
"#;
    assert_eq!(recorder.to_text(), expected);
    // It parses back to the same trace (compared as text: `NaN != NaN`).
    let parsed = player_shim::trace::parse(expected).unwrap();
    assert_eq!(parsed.statements.len(), recorder.trace().statements.len());
    assert_eq!(player_shim::trace::write(&parsed), expected);
    // And replays on a GL-free renderer: the same errors come back, so it passes.
    let outcome = player_shim::replay::replay_text(
        expected,
        std::path::Path::new("recorded.trace"),
        &player_shim::replay::ReplayOptions::default(),
        recording_factory(),
    );
    assert!(outcome.passed(), "{outcome}");
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
    let mut s = Stage3D::new(Box::new(lost), Rc::new(Events::default()));
    s.request_context3d("auto", "baseline").unwrap();
    let ctx = s.context3d_mut().unwrap();
    assert!(ctx.inner().is_lost());
    let e = ctx.create_program().unwrap_err();
    assert_eq!(e.id, 3694, "{e}");

    let failing = || -> Result<Box<dyn Backend>, BackendCreationError> {
        let mut backend = RecordingBackend::new();
        backend.fail_next_unit_call = Some(context3d::BackendError::ContextLost);
        Ok(Box::new(backend))
    };
    let mut s = Stage3D::new(Box::new(failing), Rc::new(Events::default()));
    s.request_context3d("auto", "baseline").unwrap();
    let ctx = s.context3d_mut().unwrap();
    ctx.configure_back_buffer(64, 64, 0, true, false, false)
        .unwrap();
    // The clear's kept error is taken: the context is lost from then on.
    let _ = ctx.clear(0.0, 0.0, 0.0, 1.0, 1.0, 0, 0xFFFF_FFFF);
    assert!(ctx.inner().is_lost());
    assert_eq!(ctx.present().unwrap_err().id, 3694);
}

#[test]
fn a_recording_of_an_invalid_bitmap_still_parses() {
    let (mut s, _) = stage();
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
    player_shim::trace::parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert!(text.contains("bitmap(1, 1, 0xFF00FF00, true)"), "{text}");
}

mod fuzz {
    use super::*;
    use proptest::prelude::*;

    /// The example traces with one number replaced: parse, and when it parses, replay on a
    /// GL-free renderer. Neither may panic, whatever the number.
    fn mutate(text: &str, which: usize, value: &str) -> String {
        let mut out = String::new();
        let mut seen = 0;
        let mut chars = text.char_indices().peekable();
        let mut last = 0;
        while let Some((i, c)) = chars.next() {
            if c.is_ascii_digit()
                && !text[..i].ends_with(|p: char| p.is_ascii_alphanumeric() || p == '.')
            {
                let mut end = i + 1;
                while let Some(&(j, d)) = chars.peek() {
                    if d.is_ascii_alphanumeric() || d == '.' {
                        end = j + d.len_utf8();
                        chars.next();
                    } else {
                        break;
                    }
                }
                if seen == which {
                    out.push_str(&text[last..i]);
                    out.push_str(value);
                    last = end;
                }
                seen += 1;
            }
        }
        out.push_str(&text[last..]);
        out
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

        #[test]
        fn mutated_numbers_never_panic(
            file in prop_oneof![Just("quadrant.trace"), Just("errors.trace")],
            which in 0usize..120,
            value in prop_oneof![
                Just("-1".to_string()), Just("0".to_string()), Just("65536".to_string()),
                Just("2147483647".to_string()), Just("-2147483648".to_string()),
                Just("0xFFFFFFFF".to_string()), Just("1e300".to_string()), Just("NaN".to_string()),
                (-300i64..300).prop_map(|v| v.to_string()),
            ],
        ) {
            let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/traces");
            let text = std::fs::read_to_string(dir.join(file)).unwrap();
            let mutated = mutate(&text, which, &value);
            if player_shim::trace::parse(&mutated).is_ok() {
                let _ = player_shim::replay::replay_text(
                    &mutated,
                    &dir.join(file),
                    &player_shim::replay::ReplayOptions::default(),
                    recording_factory(),
                );
            }
        }
    }
}

/// A handle from a context that a new `requestContext3D` replaced is #3694, never an object of
/// the new context (docs/player-shim.md, section 1). It used to alias the new context's first
/// buffer (context3d's handles restarted at `1v1` in every context; fixed there in 2d97f8a).
#[test]
fn a_handle_of_a_replaced_context_is_disposed_not_another_object() {
    let (mut s, _) = stage();
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

/// A `SharedBackend` forwards every call to the backend the player keeps a handle to (how
/// `molehill bench` reads GL call counts between frames).
#[test]
fn a_shared_backend_receives_the_calls_and_stays_readable() {
    let kept: Rc<RefCell<RecordingBackend>> = Rc::default();
    let shared = kept.clone();
    let factory = move || -> Result<Box<dyn Backend>, BackendCreationError> {
        Ok(Box::new(player_shim::SharedBackend(shared.clone())))
    };
    let mut s = Stage3D::new(Box::new(factory), Rc::new(player_shim::NoEvents));
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
                context3d::recording::Call::Clear(_),
                ..,
                context3d::recording::Call::Present
            ]
        ),
        "{calls:?}"
    );
}

/// A call with a handle of a context that a new `requestContext3D` replaced throws #3694; its
/// recording names the handle as it was created, and replays to the same error. (The recorder
/// forgot the old context's names: the trace said `unknown_VertexBuffer_...` and did not parse.)
#[test]
fn a_recorded_handle_of_a_replaced_context_replays_to_the_same_error() {
    let (mut s, _) = stage();
    let recorder = Recorder::new();
    s.start_recording(recorder.clone());
    s.request_context3d("auto", "baseline").unwrap();
    let old = s
        .context3d_mut()
        .unwrap()
        .create_vertex_buffer(3, 2, "staticDraw")
        .unwrap();
    s.request_context3d("auto", "baseline").unwrap();
    let ctx = s.context3d_mut().unwrap();
    let new = ctx.create_vertex_buffer(3, 2, "staticDraw").unwrap();
    assert_eq!(
        ctx.vertex_buffer_upload_from_vector(old, &[0.0; 6], 0, 3)
            .unwrap_err()
            .id,
        3694
    );
    ctx.vertex_buffer_upload_from_vector(new, &[0.0; 6], 0, 3)
        .unwrap();
    let text = recorder.to_text();
    assert!(text.contains("vb1.uploadFromVector("), "{text}");
    assert!(text.contains("vb2.uploadFromVector("), "{text}");
    let outcome = player_shim::replay::replay_text(
        &text,
        std::path::Path::new("replaced.trace"),
        &player_shim::replay::ReplayOptions::default(),
        recording_factory(),
    );
    assert!(outcome.passed(), "{outcome}\n{text}");
}

/// Regression (issue 16): `dispose(recreate = true)` was ignored. Flash simulates a device
/// loss: a new context of the same profile, `context3DCreate` again, old objects #3694, the
/// new context usable once its back buffer is configured. `dispose(false)` recreates nothing.
#[test]
fn dispose_with_recreate_simulates_a_device_loss() {
    let (mut s, events) = stage();
    s.request_context3d("auto", "standard").unwrap();
    assert_eq!(events.created.get(), 1);
    let ctx = s.context3d_mut().unwrap();
    ctx.configure_back_buffer(64, 64, 0, true, false, false)
        .unwrap();
    let old = ctx.create_vertex_buffer(3, 2, "staticDraw").unwrap();
    ctx.dispose(true);
    assert_eq!(events.created.get(), 2, "context3DCreate again");
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
    assert_eq!(events.created.get(), 2, "dispose(false) recreates nothing");
    assert_eq!(s.context3d().unwrap().driver_info(), "Disposed");
    s.context3d_mut().unwrap().dispose(true);
    assert_eq!(
        events.created.get(),
        2,
        "a disposed context is not recreated"
    );
}
