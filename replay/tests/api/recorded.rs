//! Recordings replayed: what `molehill_player::Recorder` writes replays (on context3d's
//! RecordingBackend, no GL) to the same results, and mutated example traces never panic the
//! replay.

use molehill_context3d::{Backend, RecordingBackend};
use molehill_player::as3::BitmapData;
use molehill_player::{BackendCreationError, Recorder, Stage3D};

fn recording_factory() -> Box<dyn molehill_player::BackendFactory> {
    Box::new(|| -> Result<Box<dyn Backend>, BackendCreationError> {
        Ok(Box::new(RecordingBackend::new()))
    })
}

fn stage() -> Stage3D {
    Stage3D::new(recording_factory())
}

#[test]
fn a_recording_names_resources_and_writes_errors_down() {
    let mut s = stage();
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
    let parsed = molehill_trace::parse(expected).unwrap();
    assert_eq!(parsed.statements.len(), recorder.trace().statements.len());
    assert_eq!(molehill_trace::write(&parsed), expected);
    // And replays on a GL-free renderer: the same errors come back, so it passes.
    let outcome = molehill_replay::replay_text(
        expected,
        std::path::Path::new("recorded.trace"),
        &molehill_replay::ReplayOptions::default(),
        recording_factory(),
    );
    assert!(outcome.passed(), "{outcome}");
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
            let dir = crate::common::traces();
            let text = std::fs::read_to_string(dir.join(file)).unwrap();
            let mutated = mutate(&text, which, &value);
            if molehill_trace::parse(&mutated).is_ok() {
                let _ = molehill_replay::replay_text(
                    &mutated,
                    &dir.join(file),
                    &molehill_replay::ReplayOptions::default(),
                    recording_factory(),
                );
            }
        }
    }
}

/// A call with a handle of a context that a new `requestContext3D` replaced throws #3694; its
/// recording names the handle as it was created, and replays to the same error. (The recorder
/// forgot the old context's names: the trace said `unknown_VertexBuffer_...` and did not parse.)
#[test]
fn a_recorded_handle_of_a_replaced_context_replays_to_the_same_error() {
    let mut s = stage();
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
    let outcome = molehill_replay::replay_text(
        &text,
        std::path::Path::new("replaced.trace"),
        &molehill_replay::ReplayOptions::default(),
        recording_factory(),
    );
    assert!(outcome.passed(), "{outcome}\n{text}");
}

/// Collection, a forced loss, a loss the renderer reported by itself and the recoveries are
/// recorded (`t.collect()`, `config memoryBudget`, `stage.forceContextLoss()` before the first
/// call that met a loss, `stage.recoverLostContext()`) and replay to the same results.
#[test]
fn collection_and_device_losses_are_recorded_and_replay() {
    use std::cell::RefCell;
    use std::rc::Rc;
    // Each backend kept, so that the test can make one report a loss by itself.
    let made: Rc<RefCell<Vec<Rc<RefCell<RecordingBackend>>>>> = Rc::default();
    let kept = made.clone();
    let factory = move || -> Result<Box<dyn Backend>, BackendCreationError> {
        let b = Rc::new(RefCell::new(RecordingBackend::new()));
        kept.borrow_mut().push(b.clone());
        Ok(Box::new(b))
    };
    let mut s = Stage3D::new(Box::new(factory));
    let recorder = Recorder::new();
    s.set_context_options(molehill_player::ContextOptions::default().with_memory_budget(1 << 20));
    s.start_recording(recorder.clone());
    s.request_context3d("auto", "baseline").unwrap();
    let ctx = s.context3d_mut().unwrap();
    let a = ctx.create_texture(256, 256, "bgra", false, 0).unwrap();
    for _ in 0..2 {
        ctx.create_texture(256, 256, "bgra", false, 0).unwrap();
    }
    assert_eq!(
        ctx.create_texture(256, 256, "bgra", false, 0)
            .unwrap_err()
            .id,
        3691
    );
    ctx.texture_collect(a);
    ctx.create_texture(256, 256, "bgra", false, 0).unwrap();
    assert!(s.force_context_loss());
    let ctx = s.context3d_mut().unwrap();
    assert_eq!(ctx.create_program().unwrap_err().id, 3694);
    assert!(s.recover_lost_context());
    let ctx = s.context3d_mut().unwrap();
    let vb = ctx.create_vertex_buffer(3, 2, "staticDraw").unwrap();
    // The renderer reports a loss by itself (a device reset): the next call meets it.
    made.borrow().last().unwrap().borrow_mut().lost = true;
    made.borrow().last().unwrap().borrow_mut().restored = true;
    let ctx = s.context3d_mut().unwrap();
    let e = ctx.vertex_buffer_upload_from_vector(vb, &[0.0; 6], 0, 3);
    assert_eq!(e.unwrap_err().id, 3694);
    assert!(s.recover_lost_context());
    s.context3d_mut()
        .unwrap()
        .configure_back_buffer(32, 32, 0, false, false, false)
        .unwrap();
    let text = recorder.to_text();
    for line in [
        "config memoryBudget 1048576\n",
        "texture1.collect()\n",
        "stage.forceContextLoss()\nprogram1 = context.createProgram()\nexpect error 3694",
        "stage.recoverLostContext()\nvb1 = context.createVertexBuffer(3, 2, \"staticDraw\")\nstage.forceContextLoss()\nvb1.uploadFromVector(",
    ] {
        assert!(text.contains(line), "{line:?} in\n{text}");
    }
    assert_eq!(
        text.matches("stage.recoverLostContext()").count(),
        2,
        "{text}"
    );
    let outcome = molehill_replay::replay_text(
        &text,
        std::path::Path::new("lost.trace"),
        &molehill_replay::ReplayOptions::default(),
        recording_factory(),
    );
    assert!(outcome.passed(), "{outcome}\n{text}");
}
