//! Clear, draw, orientation, read-back and the pass/submit counts, with hand-written WGSL.

use crate::common::*;
use molehill_agal::ProgramKind;
use molehill_context3d::*;

#[test]
fn clear_reads_back_the_colour() {
    let mut r = Rig::new(32, 32);
    r.clear([1.0, 0.5, 0.0, 1.0]);
    let px = r.read();
    assert!(
        px.iter().all(|&p| near(p, argb(255, 255, 128, 0), 1)),
        "{:08x}",
        px[0]
    );
}

#[test]
fn top_of_clip_space_is_row_zero_and_a_frame_is_one_pass_and_one_submit() {
    let mut r = Rig::new(32, 32);
    let p = r.program(color_program());
    let q = r.quad([-1.0, 0.0, 1.0, 1.0], 0.0, [0.0, 1.0, 0.0, 1.0]);
    let before = r.b.call_counts();
    r.clear([0.0, 0.0, 0.0, 1.0]);
    for _ in 0..10 {
        r.draw(p, &q);
    }
    r.b.present().unwrap();
    let c = r.b.call_counts().since(&before);
    assert_eq!((c.passes, c.submits, c.draws), (1, 1, 10), "{c:?}");
    assert_eq!(c.pipelines, 1, "one pipeline for ten identical draws");
    let px = r.read();
    assert_px(r.at(&px, 5, 0), argb(255, 0, 255, 0), 0, "top row");
    assert_px(r.at(&px, 5, 15), argb(255, 0, 255, 0), 0, "row 15");
    assert_px(r.at(&px, 5, 16), argb(255, 0, 0, 0), 0, "row 16");
    let frame = r.b.frame().unwrap();
    assert_eq!((frame.width, frame.height), (32, 32));
    assert_eq!(frame.format, wgpu::TextureFormat::Rgba8Unorm);
}

#[test]
fn the_read_back_as_bytes_is_the_read_back_as_words() {
    // A rectangle 3 pixels wide (rows padded to 256 bytes in the copy) across the edge of a
    // quad over the upper half: as R, G, B, A bytes (what a player uploads to its own
    // texture), the same pixels as the `0xAARRGGBB` words.
    let mut r = Rig::new(32, 32);
    let p = r.program(color_program());
    let q = r.quad([-1.0, 0.0, 1.0, 1.0], 0.0, [0.0, 1.0, 0.0, 1.0]);
    r.clear([0.0, 0.0, 0.4, 1.0]);
    r.draw(p, &q);
    let rect = PixelRect {
        x: 3,
        y: 14,
        width: 3,
        height: 4,
    };
    let before = r.b.call_counts();
    let words = r.b.read_back_buffer(rect).unwrap();
    let bytes = r.b.read_back_buffer_rgba(rect).unwrap();
    let c = r.b.call_counts().since(&before);
    assert_eq!(
        c.readback_buffers, 1,
        "the second read uses the first's buffer"
    );
    assert_eq!(bytes.len(), 4 * 3 * 4);
    let as_words: Vec<u32> = bytes
        .chunks_exact(4)
        .map(|p| u32::from_be_bytes([p[3], p[0], p[1], p[2]]))
        .collect();
    assert_eq!(as_words, words);
    assert_eq!(&bytes[..4], [0, 255, 0, 255], "row 14: the quad");
    assert_eq!(
        &bytes[bytes.len() - 4..],
        [0, 0, 102, 255],
        "row 17: the clear"
    );
    // A smaller read keeps the buffer; a larger one needs a new one, kept in turn.
    r.b.read_back_buffer(PixelRect {
        x: 0,
        y: 0,
        width: 1,
        height: 1,
    })
    .unwrap();
    assert_eq!(r.b.call_counts().since(&before).readback_buffers, 1);
    let px = r.read();
    assert_eq!(px.len(), 32 * 32);
    assert_eq!(r.b.call_counts().since(&before).readback_buffers, 2);
    assert_eq!(r.read(), px);
    assert_eq!(r.b.call_counts().since(&before).readback_buffers, 2);
}

#[test]
fn constants_change_between_draws_of_one_pass() {
    let mut r = Rig::new(32, 32);
    let p = r.program(color_program());
    let q = r.quad([-1.0, -1.0, 0.0, 1.0], 0.0, [1.0, 1.0, 1.0, 1.0]);
    r.clear([0.0, 0.0, 0.0, 1.0]);
    r.constants(ProgramKind::Fragment, 0, [1.0, 0.0, 0.0, 1.0]);
    r.draw(p, &q);
    // Same quad moved right by one clip unit, another colour.
    r.constants(ProgramKind::Vertex, 0, [1.0, 0.0, 0.0, 0.0]);
    r.constants(ProgramKind::Fragment, 0, [0.0, 0.0, 1.0, 1.0]);
    r.draw(p, &q);
    let before = r.b.call_counts();
    let px = r.read();
    assert_eq!(r.b.call_counts().since(&before).submits, 1);
    assert_px(r.at(&px, 4, 4), argb(255, 255, 0, 0), 0, "first draw");
    assert_px(r.at(&px, 20, 4), argb(255, 0, 0, 255), 0, "second draw");
}

#[test]
fn a_buffer_rewritten_after_a_draw_is_drawn_with_each_content() {
    let mut r = Rig::new(32, 32);
    let p = r.program(color_program());
    let q = r.quad([-1.0, -1.0, 0.0, 1.0], 0.0, [1.0, 0.0, 0.0, 1.0]);
    r.clear([0.0, 0.0, 0.0, 1.0]);
    r.draw(p, &q);
    // Rewrite the same buffer: the quad to the right, green.
    #[rustfmt::skip]
    let v: Vec<f32> = vec![
        0.0, 1.0, 0.0, 0.0, 1.0, 0.0, 1.0,
        1.0, 1.0, 0.0, 0.0, 1.0, 0.0, 1.0,
        1.0, -1.0, 0.0, 0.0, 1.0, 0.0, 1.0,
        0.0, -1.0, 0.0, 0.0, 1.0, 0.0, 1.0,
    ];
    let bytes: Vec<u8> = v.iter().flat_map(|f| f.to_le_bytes()).collect();
    let before = r.b.call_counts();
    r.b.upload_vertex_buffer(q.vb, 0, &bytes).unwrap();
    assert_eq!(r.b.call_counts().since(&before).upload_flushes, 1);
    r.draw(p, &q);
    let px = r.read();
    assert_px(r.at(&px, 4, 4), argb(255, 255, 0, 0), 0, "first content");
    assert_px(r.at(&px, 20, 4), argb(255, 0, 255, 0), 0, "second content");
}

#[test]
fn scissor_limits_draws_but_not_clears() {
    let mut r = Rig::new(32, 32);
    let p = r.program(color_program());
    let q = r.quad([-1.0, -1.0, 1.0, 1.0], 0.0, [1.0, 1.0, 1.0, 1.0]);
    r.b.set_scissor(Some(PixelRect {
        x: 8,
        y: 4,
        width: 8,
        height: 8,
    }));
    r.clear([0.0, 0.0, 0.0, 1.0]);
    r.draw(p, &q);
    let px = r.read();
    assert_px(r.at(&px, 0, 0), argb(255, 0, 0, 0), 0, "outside");
    assert_px(
        r.at(&px, 8, 4),
        argb(255, 255, 255, 255),
        0,
        "inside corner",
    );
    assert_px(r.at(&px, 16, 4), argb(255, 0, 0, 0), 0, "right edge");
    assert_px(r.at(&px, 8, 12), argb(255, 0, 0, 0), 0, "bottom edge");
}

#[test]
fn textures_upload_bgra_and_sample_top_row_first() {
    let mut r = Rig::new(32, 32);
    let p = r.program(tex_program());
    let t = TextureId(r.id());
    r.b.create_texture(
        t,
        &TextureDesc {
            kind: TextureKind::TwoD,
            width: 2,
            height: 2,
            format: TextureFormat::Bgra,
            levels: 2,
            optimize_for_render_to_texture: false,
            streaming_levels: 0,
        },
    )
    .unwrap();
    // Top row red, green; bottom row blue, white.
    let px = [
        argb(255, 255, 0, 0),
        argb(255, 0, 255, 0),
        argb(255, 0, 0, 255),
        argb(255, 255, 255, 255),
    ];
    r.b.upload_texture(
        t,
        &TextureUpload {
            face: 0,
            level: 0,
            width: 2,
            height: 2,
            data: TextureData::Argb32(&px),
        },
    )
    .unwrap();
    let q = r.uv_quad([-1.0, -1.0, 1.0, 1.0]);
    let mut d = r.resolved(p, &q);
    d.samplers[0] = Some(SamplerBinding {
        texture: t,
        state: SamplerState::default(),
    });
    r.clear([0.0, 0.0, 0.0, 1.0]);
    r.b.draw(&d).unwrap();
    r.b.draw(&d).unwrap();
    assert_eq!(
        r.b.call_counts().bind_groups,
        1,
        "one bind group for both draws"
    );
    let out = r.read();
    assert_px(r.at(&out, 4, 4), px[0], 0, "top left");
    assert_px(r.at(&out, 28, 4), px[1], 0, "top right");
    assert_px(r.at(&out, 4, 28), px[2], 0, "bottom left");
    assert_px(r.at(&out, 28, 28), px[3], 0, "bottom right");
}

#[test]
fn a_wgsl_module_the_device_refuses_is_a_compile_error_with_its_message() {
    let mut r = Rig::new(32, 32);
    let mut bad = color_program();
    bad.fragment = bad
        .fragment
        .replace("return v0 * fc[0];", "return undeclared;");
    match r.b.create_program_wgsl(ProgramId(99), bad) {
        Err(BackendError::ShaderCompile {
            stage: ProgramKind::Fragment,
            log,
        }) => assert!(log.contains("undeclared"), "{log}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_lost_device_loses_the_context() {
    let mut r = Rig::new(32, 32);
    r.clear([0.0, 0.0, 0.0, 1.0]);
    r.b.gpu().device.destroy();
    let e = r.b.present();
    assert_eq!(e, Err(BackendError::ContextLost));
    assert!(r.b.is_lost());
    assert_eq!(
        r.b.create_vertex_buffer(
            VertexBufferId(1),
            &VertexBufferDesc {
                num_vertices: 3,
                data32_per_vertex: 3,
                usage: BufferUsage::StaticDraw,
                instances_per_element: None,
            }
        ),
        Err(BackendError::ContextLost)
    );
}

#[test]
fn a_clear_pending_on_one_target_runs_before_a_clear_of_another() {
    // Back buffer cleared red, then a texture target cleared green with no draw between:
    // both clears happen (two passes), each on its own target.
    let mut r = Rig::new(32, 32);
    let t = TextureId(r.id());
    r.b.create_texture(
        t,
        &TextureDesc {
            kind: TextureKind::TwoD,
            width: 16,
            height: 16,
            format: TextureFormat::Bgra,
            levels: 1,
            optimize_for_render_to_texture: true,
            streaming_levels: 0,
        },
    )
    .unwrap();
    let before = r.b.call_counts();
    r.clear([1.0, 0.0, 0.0, 1.0]);
    let mut colors = [None; 4];
    colors[0] = Some(ColorAttachment {
        texture: t,
        face: 0,
    });
    r.b.set_render_target(&RenderTarget::Textures {
        colors,
        depth_and_stencil: false,
        anti_alias: 0,
    });
    r.clear([0.0, 1.0, 0.0, 1.0]);
    r.b.present().unwrap();
    let c = r.b.call_counts().since(&before);
    assert_eq!((c.passes, c.submits), (2, 1), "{c:?}");
    let px = r.read();
    assert_px(
        px[0],
        argb(255, 255, 0, 0),
        0,
        "back buffer keeps its own clear",
    );
}

#[test]
fn a_pipeline_the_device_refuses_fails_the_draw_with_its_message() {
    // The fragment stage reads a varying the vertex stage does not write.
    let mut r = Rig::new(32, 32);
    let mut bad = color_program();
    bad.fragment = bad
        .fragment
        .replace("@location(0) v0: vec4<f32>", "@location(3) v0: vec4<f32>");
    let p = r.program(bad);
    let q = r.quad([-1.0, -1.0, 1.0, 1.0], 0.0, [1.0; 4]);
    r.clear([0.0, 0.0, 0.0, 1.0]);
    let d = r.resolved(p, &q);
    match r.b.draw(&d) {
        Err(BackendError::ShaderLink { log }) => assert!(!log.is_empty()),
        other => panic!("{other:?}"),
    }
    // The context goes on: the next frame presents.
    r.b.present().unwrap();
}

#[test]
fn a_draw_streams_only_the_constant_registers_its_program_reads() {
    // The program reads vc0 and fc0 (of 128 and 28 declared): a changed constant streams
    // those two registers and the per-draw values, not the whole files.
    let mut r = Rig::new(32, 32);
    let p = r.program(color_program());
    let q = r.quad([-1.0, -1.0, 1.0, 1.0], 0.0, [1.0; 4]);
    r.clear([0.0, 0.0, 0.0, 1.0]);
    r.draw(p, &q);
    let before = r.b.call_counts();
    r.constants(ProgramKind::Vertex, 0, [0.0, 0.0, 0.0, 0.0]);
    r.draw(p, &q);
    let bytes = r.b.call_counts().since(&before).constant_bytes;
    assert!((16..2 * 256 + 16).contains(&bytes), "{bytes} bytes");
    // Nothing changed: nothing streamed.
    let before = r.b.call_counts();
    r.draw(p, &q);
    assert_eq!(r.b.call_counts().since(&before).constant_bytes, 0);
}

/// The program cache keys on context3d's `ProgramKey` (the pair's AGAL bytecode): a pair
/// uploaded again under another id makes no shader module, another pair
/// makes one, and a pair whose last user was disposed is made again. Counted, never timed.
#[test]
fn programs_are_cached_on_the_program_key() {
    let mut r = Rig::new(32, 32);
    let asm = |src: &str, kind| {
        molehill_agal::asm::assemble(src, kind, molehill_agal::Version::V1).expect("assembles")
    };
    let v = asm("m44 op, va0, vc0\nmov v0, va1", ProgramKind::Vertex);
    let f = asm("mov oc, v0", ProgramKind::Fragment);
    let g = asm("mov oc, fc0", ProgramKind::Fragment);
    let modules = |r: &Rig| r.b.call_counts().shader_modules;
    let before = modules(&r);
    r.b.create_program(ProgramId(1001), &ProgramUpload::new(&v, &f))
        .unwrap();
    assert_eq!(modules(&r) - before, 1, "a new pair: a miss");
    // The same pair, as other `Program` values: equal keys, a hit.
    let (v2, f2) = (v.clone(), f.clone());
    r.b.create_program(ProgramId(1002), &ProgramUpload::new(&v2, &f2))
        .unwrap();
    assert_eq!(modules(&r) - before, 1, "the same pair again: a hit");
    r.b.create_program(ProgramId(1003), &ProgramUpload::new(&v, &g))
        .unwrap();
    assert_eq!(modules(&r) - before, 2, "another pair: a miss");
    r.b.dispose_program(ProgramId(1001));
    r.b.create_program(ProgramId(1004), &ProgramUpload::new(&v, &f))
        .unwrap();
    assert_eq!(modules(&r) - before, 2, "one user left: still a hit");
    r.b.dispose_program(ProgramId(1002));
    r.b.dispose_program(ProgramId(1004));
    r.b.create_program(ProgramId(1005), &ProgramUpload::new(&v, &f))
        .unwrap();
    assert_eq!(modules(&r) - before, 3, "no user left: made again");
}
