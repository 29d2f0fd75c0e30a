//! Replays on headless GL (EGL on llvmpipe): the example traces beside this file (also on every
//! `BackendKind`), failures reported with their line and column, a recorded shim session replaying
//! to identical pixels, and the `molehill replay` command (`--backend` too).

use std::path::{Path, PathBuf};
use std::rc::Rc;

use crate::common::traces;
use molehill_player::as3::{BitmapData, BitmapDataMut, ByteArray};
use molehill_player::{HeadlessGl, Recorder, Stage3D};
use molehill_replay::image::PngWriter;
use molehill_replay::BackendKind;
use molehill_replay::{replay_file, replay_text, CaptureKind, FailureKind, ReplayOptions};

fn replay(text: &str) -> molehill_replay::TraceOutcome {
    replay_text(
        text,
        &traces().join("inline.trace"),
        &ReplayOptions::default(),
        Box::new(HeadlessGl::default()),
    )
}

#[test]
fn example_traces_pass() {
    for name in ["quadrant.trace", "errors.trace", "instanced.trace"] {
        let outcome = replay_file(&traces().join(name), &ReplayOptions::default());
        assert!(outcome.passed(), "{outcome}");
    }
}

#[test]
fn example_traces_pass_on_every_backend_kind() {
    for backend in BackendKind::ALL {
        let options = ReplayOptions::default().with_backend(backend);
        for name in ["quadrant.trace", "errors.trace", "instanced.trace"] {
            let outcome = replay_file(&traces().join(name), &options);
            assert!(outcome.passed(), "{backend}: {outcome}");
        }
    }
}

#[test]
fn quadrant_captures_present_and_draw_to_bitmap_data() {
    let out = std::env::temp_dir().join(format!("molehill-shim-out-{}", std::process::id()));
    let options = ReplayOptions::default()
        .with_out_dir(Some(out.clone()))
        .with_update(false);
    let outcome = replay_file(&traces().join("quadrant.trace"), &options);
    assert!(outcome.passed(), "{outcome}");
    let kinds: Vec<CaptureKind> = outcome.captures.iter().map(|c| c.kind).collect();
    assert_eq!(kinds, [CaptureKind::DrawToBitmapData, CaptureKind::Present]);
    assert_eq!(outcome.captures[0].image, outcome.captures[1].image);
    assert_eq!(outcome.captures[1].pos.line, 24);
    // Written as NAME-K.png, and they read back as what was captured.
    for (k, capture) in outcome.captures.iter().enumerate() {
        let path = out.join(format!("quadrant-{}.png", k + 1));
        assert!(outcome.written.contains(&path));
        assert_eq!(
            molehill_replay::image::Image::read_png(&path).unwrap(),
            capture.image
        );
    }
    let _ = std::fs::remove_dir_all(out);
}

#[test]
fn differences_are_reported_with_line_and_column() {
    let text = "molehill-trace 1
stage.requestContext3D()
context.configureBackBuffer(32, 32, 0)
context.clear(1, 0, 0, 1)
context.present()
expect pixel 3 4 0xFF00FF00 tolerance 1
context.setCulling(\"sideways\")
context.setCulling(\"back\")
expect error 2008
expect pixel 40 0 0xFFFF0000
expect image \"missing.png\"
";
    let outcome = replay(text);
    let lines: Vec<String> = outcome.failures.iter().map(|f| f.to_string()).collect();
    assert_eq!(
        lines[..4],
        [
            "line 6, column 1: pixel (3, 4) is 0xFFFF0000, expected 0xFF00FF00 (tolerance 1)",
            "line 7, column 1: unexpected ArgumentError: Error #2008: Parameter triangleFaceToCull must be one of the accepted values.",
            "line 9, column 1: expected error #2008, but the call succeeded",
            "line 10, column 1: pixel (40, 0) is outside the 32x32 capture",
        ],
        "{outcome}"
    );
    assert_eq!(outcome.failures.len(), 5, "{outcome}");
    assert!(matches!(
        outcome.failures[4].kind,
        FailureKind::Image { .. }
    ));
    let missing = traces().join("missing.png");
    assert_eq!(
        lines[4],
        format!(
            "line 11, column 1: {}: No such file or directory (os error 2)",
            missing.display()
        )
    );
    assert!(outcome.to_string().starts_with("FAIL "));
}

#[test]
fn image_comparison_counts_outliers() {
    // A 32x32 capture against quadrant.png (64x64) is a size mismatch; a red clear against
    // a blue-and-red picture has 3/4 of its pixels off in two channels.
    let text = "molehill-trace 1
stage.requestContext3D()
context.configureBackBuffer(64, 64, 0)
context.clear(0, 0, 1, 1)
context.present()
expect image \"quadrant.png\" tolerance 254 max_outliers 2048
expect image \"quadrant.png\" tolerance 254 max_outliers 2047
";
    let outcome = replay_text(
        text,
        &traces().join("outliers.trace"),
        &ReplayOptions::default(),
        Box::new(HeadlessGl::default()),
    );
    // 1024 red pixels differ in red and blue by 255: 2048 outliers.
    assert_eq!(outcome.failures.len(), 1, "{outcome}");
    match &outcome.failures[0].kind {
        FailureKind::ImageMismatch {
            outliers,
            max_difference,
            first,
            ..
        } => {
            assert_eq!(*outliers, 2048);
            assert_eq!(*max_difference, 255);
            assert_eq!(*first, (0, 0));
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(outcome.failures[0].pos.line, 7);
}

#[test]
fn malformed_traces_fail_with_line_and_column_never_panic() {
    let outcome = replay("molehill-trace 1\nstage.requestContext3D()\ncontext.clear(1, 0, 0, 1,)\ncontext.clear(0, , 0)\n");
    assert_eq!(outcome.failures.len(), 1);
    assert_eq!(
        outcome.failures[0].to_string(),
        "line 4, column 18: expected a value, found `,`"
    );
    let outcome = replay("not a trace");
    assert_eq!(
        outcome.failures[0].to_string(),
        "line 1, column 1: the first line must be `molehill-trace 1`"
    );
    let missing = replay_file(Path::new("/nonexistent/x.trace"), &ReplayOptions::default());
    assert!(!missing.passed());
    assert!(matches!(missing.failures[0].kind, FailureKind::Io { .. }));
    // Replay-time problems carry the statement's place too.
    let outcome = replay("molehill-trace 1\nstage.requestContext3D()\np = context.createProgram()\np.upload(agal(\"vertex\", \"mov op, qq0\"), agal(\"fragment\", \"mov oc, fc0\"))\nvb = context.createVertexBuffer(0, 1)\nexpect error 3671\nvb.uploadFromVector([], 0, 0)\n");
    let lines: Vec<String> = outcome.failures.iter().map(|f| f.to_string()).collect();
    assert_eq!(lines.len(), 2, "{outcome}");
    assert!(
        lines[0].starts_with("line 4, column 1: AGAL does not assemble"),
        "{outcome}"
    );
    assert_eq!(
        lines[1],
        "line 7, column 1: `vb` is null (its create call threw, or a later requestContext3D replaced its context)"
    );
}

/// A VM-like session through the shim, recorded: textures, blending, constants, a matrix,
/// an error, `drawToBitmapData`. Returns the recorded trace and the pixels the session saw.
fn recorded_session() -> (String, Vec<u32>) {
    let mut stage = Stage3D::new(Box::new(HeadlessGl::default()));
    let recorder = Recorder::new();
    stage.start_recording(recorder.clone());
    stage.request_context3d("auto", "standard").unwrap();
    let ctx = stage.context3d_mut().unwrap();
    ctx.configure_back_buffer(48, 40, 0, true, false, false)
        .unwrap();
    // A checker texture, not premultiplied, with some transparency.
    let texels: Vec<u32> = (0..16)
        .map(|i| {
            if (i + i / 4) % 2 == 0 {
                0xFFFF8000
            } else {
                0x8000C0FF
            }
        })
        .collect();
    let tex = ctx.create_texture(4, 4, "bgra", false, 0).unwrap();
    ctx.texture_upload_from_bitmap_data(
        tex,
        BitmapData {
            width: 4,
            height: 4,
            pixels: &texels,
            premultiplied: false,
            transparent: true,
        },
        0,
    )
    .unwrap();
    let vb = ctx.create_vertex_buffer(4, 4, "staticDraw").unwrap();
    ctx.vertex_buffer_upload_from_vector(
        vb,
        &[
            -0.9, -0.8, 0.0, 1.0, 0.7, -0.9, 1.0, 1.0, 0.8, 0.6, 1.0, 0.0, -0.5, 0.9, 0.0, 0.0,
        ],
        0,
        4,
    )
    .unwrap();
    let ib = ctx.create_index_buffer(6, "staticDraw").unwrap();
    ctx.index_buffer_upload_from_vector(ib, &[0, 1, 2, 0, 2, 3], 0, 6)
        .unwrap();
    let program = ctx.create_program().unwrap();
    let vs = molehill_agal::encode(
        &molehill_agal::asm::assemble(
            "m44 op, va0, vc0\nmov v0, va1",
            molehill_agal::ProgramKind::Vertex,
            molehill_agal::Version::V1,
        )
        .unwrap(),
    );
    let fs = molehill_agal::encode(
        &molehill_agal::asm::assemble(
            "tex ft0, v0, fs0 <2d,linear,repeat,mipnone>\nmul oc, ft0, fc0",
            molehill_agal::ProgramKind::Fragment,
            molehill_agal::Version::V1,
        )
        .unwrap(),
    );
    // An upload that fails first (big-endian), recorded with its error.
    let bad = ctx.program_upload(
        program,
        ByteArray {
            bytes: &vs,
            position: 0,
            endian: molehill_player::as3::Endian::Big,
        },
        ByteArray::little_endian(&fs),
    );
    assert_eq!(bad.unwrap_err().id, 3612);
    ctx.program_upload(
        program,
        ByteArray::little_endian(&vs),
        ByteArray::little_endian(&fs),
    )
    .unwrap();
    ctx.set_program(Some(program)).unwrap();
    ctx.set_vertex_buffer_at(0, Some(vb), 0, "float2").unwrap();
    ctx.set_vertex_buffer_at(1, Some(vb), 2, "float2").unwrap();
    ctx.set_texture_at(0, Some(tex)).unwrap();
    let rotate = [
        0.8, 0.6, 0.0, 0.0, -0.6, 0.8, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.1, 0.0, 0.0, 1.0,
    ];
    ctx.set_program_constants_from_matrix("vertex", 0, &rotate, true)
        .unwrap();
    ctx.set_program_constants_from_vector("fragment", 0, &[1.0, 0.9, 0.8, 1.0], -1)
        .unwrap();
    ctx.set_blend_factors("sourceAlpha", "oneMinusSourceAlpha")
        .unwrap();
    ctx.clear(0.2, 0.3, 0.4, 1.0, 1.0, 0, 0xFFFF_FFFF).unwrap();
    ctx.draw_triangles(ib, 0, 2).unwrap();
    let mut pixels = vec![0u32; 48 * 40];
    ctx.draw_to_bitmap_data(
        &mut BitmapDataMut {
            width: 48,
            height: 40,
            pixels: &mut pixels,
            premultiplied: false,
            transparent: true,
        },
        None,
        None,
    )
    .unwrap();
    ctx.present().unwrap();
    (recorder.to_text(), pixels)
}

#[test]
fn a_recorded_session_replays_to_identical_pixels() {
    let (text, seen) = recorded_session();
    assert!(text.starts_with("molehill-trace 1\n"), "{text}");
    assert!(text.contains("expect error 3612 ArgumentError"), "{text}");
    // The session drew something: not all one colour.
    assert!(seen.iter().any(|&p| p != seen[0]));
    let outcome = replay(&text);
    assert!(outcome.passed(), "{outcome}\n{text}");
    assert_eq!(outcome.captures.len(), 2, "{text}");
    let replayed = &outcome.captures[0];
    assert_eq!(replayed.kind, CaptureKind::DrawToBitmapData);
    assert_eq!((replayed.image.width(), replayed.image.height()), (48, 40));
    assert_eq!(replayed.image.pixels(), &seen[..]);
    // present shows the same back buffer.
    assert_eq!(outcome.captures[1].image.pixels(), &seen[..]);
    // And the recording itself round-trips through the parser and writer.
    let parsed = molehill_trace::parse(&text).unwrap();
    assert_eq!(molehill_trace::write(&parsed), text);
}

#[test]
fn swf_version_changes_back_buffer_errors() {
    let body = "stage.requestContext3D()\ncontext.configureBackBuffer(16, 64, 0)\nexpect error ERR\ncontext.configureBackBuffer(0, 0, 0, false)\n";
    // Before SWF 30 only (0, 0, 0, false) is ignored (agal-reference: "(0,0,0,false) is
    // silently accepted"); the shim used to ignore (0, 0) with any antiAlias and depth flag.
    let zero_with_depth = replay("molehill-trace 1\nconfig swfVersion 29\nstage.requestContext3D()\ncontext.configureBackBuffer(0, 0, 0, true)\nexpect error 3669\ncontext.configureBackBuffer(0, 0, 2, false)\nexpect error 3669\n");
    assert!(zero_with_depth.passed(), "{zero_with_depth}");
    let old = replay(&format!(
        "molehill-trace 1\nconfig swfVersion 29\n{}expect error 3669\n",
        body.replace("ERR", "3669 Error \"Error #3669: Bad input size.\"")
    ));
    // Before SWF 30: #3669, and (0, 0) is ignored; so the trailing expect fails.
    let lines: Vec<String> = old.failures.iter().map(|f| f.to_string()).collect();
    assert_eq!(
        lines,
        ["line 7, column 1: expected error #3669, but the call succeeded"]
    );
    let new = replay(&format!(
        "molehill-trace 1\n{}expect error 3780\n",
        body.replace("ERR", "3780")
    ));
    assert!(new.passed(), "{new}");
}

/// `--update` writes the expected PNG from the capture; a later replay compares with it, and
/// a mismatch under `--out` writes `NAME-K.png` and the difference image `NAME-K.diff.png`.
#[test]
fn update_writes_expected_images_and_out_keeps_differences() {
    let dir = std::env::temp_dir().join(format!("molehill-shim-update-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let trace = |red: u32| {
        format!(
            "molehill-trace 1\nstage.requestContext3D()\ncontext.configureBackBuffer(32, 32, 0)\n\
             context.clear({red}, 0, 1, 1)\ncontext.present()\nexpect image \"sub/expected.png\"\n"
        )
    };
    let path = dir.join("upd.trace");
    std::fs::write(&path, trace(0)).unwrap();
    let update = ReplayOptions::default()
        .with_out_dir(None)
        .with_update(true);
    let outcome = replay_file(&path, &update);
    assert!(outcome.passed(), "{outcome}");
    let expected = dir.join("sub/expected.png");
    assert_eq!(outcome.written, std::slice::from_ref(&expected));
    let png = molehill_replay::image::Image::read_png(&expected).unwrap();
    assert_eq!(png.pixel(0, 0), Some(0xFF0000FF));
    assert!(replay_file(&path, &ReplayOptions::default()).passed());

    std::fs::write(&path, trace(1)).unwrap();
    let out = dir.join("out");
    let outcome = replay_file(
        &path,
        &ReplayOptions::default()
            .with_out_dir(Some(out.clone()))
            .with_update(false),
    );
    assert!(matches!(
        outcome.failures[..],
        [molehill_replay::Failure {
            kind: FailureKind::ImageMismatch { outliers: 1024, .. },
            ..
        }]
    ));
    assert_eq!(
        outcome.written,
        [out.join("upd-1.png"), out.join("upd-1.diff.png")]
    );
    assert!(out.join("upd-1.diff.png").exists());
    // The expected image is left as it was.
    assert_eq!(
        molehill_replay::image::Image::read_png(&expected).unwrap(),
        png
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// `molehill replay` keeps only the last capture (a long recording held every frame's image:
/// one back buffer per `present`, without bound); expectations still see the capture before
/// them, and `--out` still writes every capture under its number `K`.
#[test]
fn keeping_the_last_capture_bounds_memory_and_keeps_numbering() {
    use molehill_replay::{replay_file_keeping, KeptCaptures};
    let dir = std::env::temp_dir().join(format!("molehill-kept-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("frames.trace");
    let mut text = String::from(
        "molehill-trace 1\nstage.requestContext3D()\ncontext.configureBackBuffer(32, 32, 0)\n",
    );
    for rgb in ["1, 0, 0", "0, 1, 0"] {
        text.push_str(&format!("context.clear({rgb}, 1)\ncontext.present()\n"));
    }
    text.push_str("expect pixel 0 0 0xFF00FF00\ncontext.clear(0, 0, 1, 1)\ncontext.present()\n");
    text.push_str("expect pixel 5 5 0xFF0000FF\nexpect image \"missing.png\"\n");
    std::fs::write(&path, &text).unwrap();
    let out = dir.join("out");
    let options = ReplayOptions::default()
        .with_out_dir(Some(out.clone()))
        .with_update(false);
    let outcome = replay_file_keeping(&path, &options, KeptCaptures::Last);
    // Only the missing PNG fails.
    assert_eq!(outcome.failures.len(), 1, "{outcome}");
    assert_eq!(outcome.failures[0].pos.line, 12, "{outcome}");
    assert_eq!(outcome.captures.len(), 1);
    assert_eq!(outcome.captures[0].pos.line, 10);
    assert_eq!(outcome.captures[0].image.pixel(0, 0), Some(0xFF0000FF));
    let written: Vec<PathBuf> = (1..=3)
        .map(|k| out.join(format!("frames-{k}.png")))
        .collect();
    assert_eq!(outcome.written, written);
    // Every capture is kept by default.
    let every = replay_file_keeping(&path, &options, KeptCaptures::Every);
    assert_eq!(every.captures.len(), 3);
    assert_eq!(every.to_string(), outcome.to_string());
}

/// A trace marked `# requires_corpus` is skipped where the corpus folder it reads from is
/// missing, and fails where the corpus is there but the file is not.
#[test]
fn corpus_traces_are_skipped_only_without_the_corpus() {
    let dir = std::env::temp_dir().join(format!("molehill-corpus-skip-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let text = "molehill-trace 1\n# requires_corpus\nstage.requestContext3D()\ncontext.configureBackBuffer(32, 32, 0)\np = context.createProgram()\np.upload(hexFile(\"agal-corpus/bytecode/x.vert.hex\"), hexFile(\"agal-corpus/bytecode/x.frag.hex\"))\ncontext.clear(0, 1, 0, 1)\ncontext.present()\nexpect pixel 0 0 0xFF00FF00\n";
    let trace = dir.join("corpus.trace");
    let outcome = replay_text(
        text,
        &trace,
        &ReplayOptions::default(),
        Box::new(HeadlessGl::default()),
    );
    assert!(outcome.is_skipped(), "{outcome}");
    assert!(!outcome.passed());
    assert!(outcome.failures.is_empty());
    let shown = outcome.to_string();
    assert!(
        shown.starts_with(&format!(
            "SKIP {}: it reads the AGAL corpus, not found at ",
            trace.display()
        )),
        "{shown}"
    );

    // The corpus is there, the file is not: a failure.
    std::fs::create_dir_all(dir.join("agal-corpus/bytecode")).unwrap();
    let outcome = replay_text(
        text,
        &trace,
        &ReplayOptions::default(),
        Box::new(HeadlessGl::default()),
    );
    assert!(!outcome.is_skipped() && !outcome.passed(), "{outcome}");
    assert!(
        matches!(outcome.failures[0].kind, FailureKind::Io { .. }),
        "{outcome}"
    );

    // Without the marker, a missing corpus is a failure too.
    std::fs::remove_dir_all(dir.join("agal-corpus")).unwrap();
    let unmarked = text.replace("# requires_corpus\n", "");
    let outcome = replay_text(
        &unmarked,
        &trace,
        &ReplayOptions::default(),
        Box::new(HeadlessGl::default()),
    );
    assert!(!outcome.is_skipped() && !outcome.passed(), "{outcome}");

    let _ = std::fs::remove_dir_all(&dir);
}

/// A trace marked `# requires_shared_atf` is skipped where a file it reads from `shared/atf`
/// is missing, the folder or only the file (a data file or an expected PNG), naming it; other
/// failures and unmarked traces stay failures.
#[test]
fn shared_atf_traces_are_skipped_where_their_file_is_missing() {
    let dir = std::env::temp_dir().join(format!("molehill-atf-skip-{}", std::process::id()));
    let project = dir.join("project");
    std::fs::create_dir_all(&project).unwrap();
    let trace = project.join("atf.trace");
    let text = "molehill-trace 1\n# requires_shared_atf\nstage.requestContext3D()\ncontext.configureBackBuffer(32, 32, 0)\nt = context.createTexture(4, 4, \"compressed\", false)\nt.uploadCompressedTextureFromByteArray(bytesFile(\"../shared/atf/x.atf\"), 0)\ncontext.clear(0, 1, 0, 1)\ncontext.present()\nexpect screen \"../shared/atf/x.png\"\n";
    let replay = |text: &str| {
        replay_text(
            text,
            &trace,
            &ReplayOptions::default(),
            Box::new(HeadlessGl::default()),
        )
    };
    // No shared/atf beside the project.
    let outcome = replay(text);
    assert!(
        outcome.is_skipped() && outcome.failures.is_empty(),
        "{outcome}"
    );
    assert!(
        outcome.to_string().starts_with(&format!(
            "SKIP {}: it reads shared/atf, not found at ",
            trace.display()
        )),
        "{outcome}"
    );
    // The folder is there, the ATF file is not.
    let atf = dir.join("shared/atf");
    std::fs::create_dir_all(&atf).unwrap();
    let outcome = replay(text);
    assert!(outcome.is_skipped(), "{outcome}");
    assert!(outcome.to_string().contains("x.atf, not in "), "{outcome}");
    // The ATF file is there (and uploads), the expected picture is not.
    let blocks = [0u8; 8];
    let file =
        molehill_context3d::atf::write_raw(false, false, 2, 2, 1, &[[&blocks[..], &[], &[], &[]]]);
    std::fs::write(atf.join("x.atf"), file).unwrap();
    let outcome = replay(text);
    assert!(outcome.is_skipped(), "{outcome}");
    assert!(outcome.to_string().contains("x.png, not in "), "{outcome}");
    // Without the marker each is a failure.
    let unmarked = text.replace("# requires_shared_atf\n", "");
    let outcome = replay(&unmarked);
    assert!(!outcome.is_skipped() && !outcome.passed(), "{outcome}");
    assert!(
        matches!(outcome.failures[0].kind, FailureKind::Image { .. }),
        "{outcome}"
    );
    // A failure other than a missing file is not skipped.
    std::fs::write(atf.join("x.png"), b"not a png").unwrap();
    let outcome = replay(text);
    assert!(!outcome.is_skipped() && !outcome.passed(), "{outcome}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A recording with `RecordedExpectations` checks what it saw: it writes the PNG of each
/// capture and of each screen with `expect image` / `expect screen` lines, the trace replays
/// as PASS beside them, and a changed PNG makes the replay fail (the expectations test
/// something). Two Stage3Ds, the second through `Recorder::for_stage3d(1)`.
#[test]
fn a_recording_with_expectations_replays_as_a_regression_test() {
    let dir = std::env::temp_dir().join(format!("molehill-recorded-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let recorder = Recorder::new();
    recorder.set_stage(molehill_context3d::stage::StageLayout::new(
        64, 48, 0x202020,
    ));
    recorder.set_expectations(Some(
        molehill_player::RecordedExpectations::new(&dir, "session", Rc::new(PngWriter))
            .with_screens(true),
    ));
    let mut stage0 = Stage3D::new(Box::new(HeadlessGl::default()));
    let mut stage1 = Stage3D::new(Box::new(HeadlessGl::default()));
    stage0.start_recording(recorder.clone());
    stage1.start_recording(recorder.for_stage3d(1));
    stage0.request_context3d("auto", "baseline").unwrap();
    stage1.request_context3d("auto", "baseline").unwrap();
    stage1.set_x(40.0).unwrap();
    stage1.set_y(-4.0).unwrap();
    let c0 = stage0.context3d_mut().unwrap();
    c0.configure_back_buffer(48, 40, 0, false, false, false)
        .unwrap();
    c0.clear(1.0, 0.0, 0.0, 1.0, 1.0, 0, 0xFFFF_FFFF).unwrap();
    let mut copy = vec![0u32; 8 * 8];
    c0.draw_to_bitmap_data(
        &mut BitmapDataMut {
            width: 8,
            height: 8,
            pixels: &mut copy,
            premultiplied: true,
            transparent: true,
        },
        None,
        None,
    )
    .unwrap();
    c0.present().unwrap();
    let c1 = stage1.context3d_mut().unwrap();
    c1.configure_back_buffer(32, 32, 0, false, false, false)
        .unwrap();
    c1.clear(0.0, 0.0, 0.4, 0.4, 1.0, 0, 0xFFFF_FFFF).unwrap();
    c1.present().unwrap();
    let text = recorder.to_text();
    for line in [
        "config stage 64 48 0x202020",
        "expect image \"session-1.png\"",
        "expect image \"session-2.png\"",
        "expect screen \"session-screen-1.png\"",
        "expect image \"session-3.png\"",
        "expect screen \"session-screen-2.png\"",
        "stage3Ds[1].x = 40",
        "context1.present()",
    ] {
        assert!(text.contains(line), "no `{line}` in:\n{text}");
    }
    // The second screen: grey stage, stage3Ds[0] red at (0, 0) 48x40, stage3Ds[1] at (40, -4)
    // shows its stored colour (0, 0, 102) opaque over x 40..63, y 0..27.
    let screen =
        molehill_replay::image::Image::read_png(&dir.join("session-screen-2.png")).unwrap();
    assert_eq!(screen.pixel(0, 0), Some(0xFFFF0000));
    assert_eq!(screen.pixel(40, 0), Some(0xFF000066));
    assert_eq!(screen.pixel(63, 27), Some(0xFF000066));
    assert_eq!(screen.pixel(39, 39), Some(0xFFFF0000));
    assert_eq!(screen.pixel(40, 40), Some(0xFF202020));
    let path = dir.join("session.trace");
    std::fs::write(&path, &text).unwrap();
    let outcome = replay_file(&path, &ReplayOptions::default());
    assert!(outcome.passed(), "{outcome}\n{text}");
    // A PNG that no longer matches fails the replay.
    molehill_replay::image::Image::new(8, 8, vec![0xFF00FF00; 64])
        .unwrap()
        .write_png(&dir.join("session-1.png"))
        .unwrap();
    let outcome = replay_file(&path, &ReplayOptions::default());
    assert!(!outcome.passed(), "a changed PNG still passes:\n{text}");
    let _ = std::fs::remove_dir_all(&dir);
}
