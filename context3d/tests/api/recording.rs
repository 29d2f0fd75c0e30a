//! Sequences of calls and exactly the backend calls they produce.

use molehill_agal::profile::Profile;
use molehill_agal::{ProgramKind, Version};
use molehill_context3d::{
    BackBufferConfig, BlendFactor, BlendState, Call, Clear, ClearMask, CompareMode, DepthState,
    Endian, IndexBufferId, TriangleFace, VertexBufferId,
};

use crate::common::*;

#[test]
fn a_frame_produces_exactly_these_calls() {
    let mut c = ctx(Profile::Baseline);
    c.configure_back_buffer(128, 64, 0, false, false, false)
        .unwrap();
    let (vb, ib) = triangle(&mut c);
    let p = program(&mut c, VS_PLAIN, FS_PLAIN, Version::V1);
    c.set_program(Some(p)).unwrap();
    c.set_vertex_buffer_at(0, Some(vb), 0, "float4").unwrap();
    c.set_culling("back").unwrap();
    c.set_culling("back").unwrap();
    c.set_blend_factors("one", "zero").unwrap();
    c.set_depth_test(false, "always").unwrap();
    c.set_depth_test(false, "always").unwrap();
    c.set_program_constants_from_vector("vertex", 0, &[1.0, 2.0, 3.0, 4.0], 1)
        .unwrap();
    c.set_program_constants_from_vector("vertex", 0, &[1.0, 2.0, 3.0, 4.0], 1)
        .unwrap();
    c.clear(0.0, 0.0, 0.0, 1.0, 1.0, 0, 7).unwrap();
    c.draw_triangles(Some(ib), 0, -1).unwrap();
    c.present().unwrap();
    let calls = c.backend_mut().take();
    let kinds: Vec<&str> = calls
        .iter()
        .map(|c| match c {
            Call::ConfigureBackBuffer(_) => "configure",
            Call::CreateVertexBuffer(..) => "create vb",
            Call::UploadVertexBuffer(..) => "upload vb",
            Call::CreateIndexBuffer(..) => "create ib",
            Call::UploadIndexBuffer(..) => "upload ib",
            Call::CreateProgram(..) => "create program",
            Call::SetCulling(_) => "culling",
            Call::SetDepth(_) => "depth",
            Call::SetProgramConstants(..) => "constants",
            Call::Clear(_) => "clear",
            Call::Draw(_) => "draw",
            Call::Present => "present",
            other => panic!("unexpected {other:?}"),
        })
        .collect();
    assert_eq!(
        kinds,
        [
            "configure",
            "create vb",
            "upload vb",
            "create ib",
            "upload ib",
            "create program",
            "clear",
            "culling",
            "depth",
            "constants",
            "draw",
            "present"
        ]
    );
    assert_eq!(
        calls[0],
        Call::ConfigureBackBuffer(BackBufferConfig {
            width: 128,
            height: 64,
            anti_alias: 0,
            depth_and_stencil: false
        })
    );
    assert_eq!(
        calls[1],
        Call::CreateVertexBuffer(
            VertexBufferId(1),
            *match &calls[1] {
                Call::CreateVertexBuffer(_, d) => d,
                _ => unreachable!(),
            }
        )
    );
    assert!(matches!(
        calls[3],
        Call::CreateIndexBuffer(IndexBufferId(2), _)
    ));
    assert_eq!(
        calls[6],
        Call::Clear(Clear {
            color: [0.0, 0.0, 0.0, 1.0],
            depth: 1.0,
            stencil: 0,
            mask: ClearMask {
                color: true,
                depth: true,
                stencil: true
            }
        })
    );
    // The state set before the clear goes with the draw, each change once; the blend
    // factors are Flash's defaults, which the backend has.
    assert_eq!(calls[7], Call::SetCulling(TriangleFace::Back));
    assert_eq!(
        calls[8],
        Call::SetDepth(DepthState {
            write: false,
            compare: CompareMode::Always
        })
    );
    assert_eq!(
        calls[9],
        Call::SetProgramConstants(ProgramKind::Vertex, 0, vec![[1.0, 2.0, 3.0, 4.0]])
    );
    let Call::Draw(d) = &calls[10] else {
        unreachable!()
    };
    assert_eq!(d.index_buffer, IndexBufferId(2));
    assert_eq!(d.streams[0].unwrap().buffer, VertexBufferId(1));
}

#[test]
fn state_reaches_the_backend_at_each_draw_it_differs_for() {
    let mut c = ctx(Profile::Baseline);
    let expected = BlendState {
        source: BlendFactor::SourceAlpha,
        destination: BlendFactor::One,
    };
    for _ in 0..2 {
        c.set_blend_factors("sourceAlpha", "one").unwrap();
        c.set_blend_factors("sourceAlpha", "one").unwrap();
        assert!(
            c.backend().calls.is_empty(),
            "a set call alone sends nothing"
        );
        assert_eq!(sent_by_next_draw(&mut c), vec![Call::SetBlend(expected)]);
        c.set_blend_factors("one", "zero").unwrap();
        assert_eq!(
            sent_by_next_draw(&mut c),
            vec![Call::SetBlend(BlendState::default())]
        );
    }
    // Alternating between two draws: only the net change counts, here none.
    for _ in 0..3 {
        c.set_blend_factors("sourceAlpha", "one").unwrap();
        c.set_blend_factors("one", "zero").unwrap();
    }
    assert!(c.backend().calls.is_empty());
    assert!(sent_by_next_draw(&mut c).is_empty());
    // And an odd number of flips leaves one change.
    c.set_blend_factors("sourceAlpha", "one").unwrap();
    c.set_blend_factors("one", "zero").unwrap();
    c.set_blend_factors("sourceAlpha", "one").unwrap();
    assert_eq!(sent_by_next_draw(&mut c), vec![Call::SetBlend(expected)]);
}

/// A draw that fails a check (thrown, or dropped: no triangles) sends none of the pending
/// state or constants; the next draw that reaches the backend sends them all.
#[test]
fn a_draw_that_fails_sends_no_state_and_the_next_draw_does() {
    let mut c = ready(Profile::Baseline);
    let ib = c.create_index_buffer(3, "staticDraw").unwrap();
    c.index_buffer_upload_from_vector(ib, &[0, 1, 2], 0, 3)
        .unwrap();
    c.set_culling("back").unwrap();
    c.set_program_constants_from_vector("fragment", 4, &[0.25; 4], 1)
        .unwrap();
    c.backend_mut().take();
    assert_error(
        c.draw_triangles(Some(ib), 0, -1),
        3600,
        "Error #3600: No valid program set.",
    );
    assert!(c.backend().calls.is_empty());
    // Dropped: a program and a stream, but no triangles.
    let p = program(&mut c, VS_PLAIN, FS_PLAIN, Version::V1);
    let vb = c.create_vertex_buffer(3, 4, "staticDraw").unwrap();
    c.set_program(Some(p)).unwrap();
    c.set_vertex_buffer_at(0, Some(vb), 0, "float4").unwrap();
    c.backend_mut().take();
    c.draw_triangles(Some(ib), 0, 0).unwrap();
    assert!(c.backend().calls.is_empty());
    // Without error checking a failed draw is dropped silently, and sends nothing either.
    c.set_enable_error_checking(false).unwrap();
    c.set_program(None).unwrap();
    c.backend_mut().take();
    c.draw_triangles(Some(ib), 0, -1).unwrap();
    assert!(c.backend().calls.is_empty());
    assert_eq!(
        sent_by_next_draw(&mut c),
        vec![
            Call::SetCulling(TriangleFace::Back),
            Call::SetProgramConstants(ProgramKind::Fragment, 4, vec![[0.25; 4]]),
        ]
    );
}

#[test]
fn failed_calls_reach_nothing() {
    let mut c = ready(Profile::Baseline);
    let _ = c.set_culling("sideways");
    let _ = c.create_texture(3, 3, "bgra", false, 0);
    let _ = c.create_vertex_buffer(0, 1, "staticDraw");
    let _ = c.set_program_constants_from_vector("vertex", 0, &[1.0], 1);
    let _ = c.draw_triangles(None, 0, -1);
    let _ = c.set_depth_test(true, "Less");
    assert!(c.backend().calls.is_empty());
    assert!(sent_by_next_draw(&mut c).is_empty(), "nor the next draw");
}

#[test]
fn ids_are_never_reused() {
    let mut c = ctx(Profile::Baseline);
    let a = c.create_vertex_buffer(1, 1, "staticDraw").unwrap();
    c.vertex_buffer_dispose(a);
    let b = c.create_vertex_buffer(1, 1, "staticDraw").unwrap();
    assert_ne!(a, b);
    let calls = c.backend_mut().take();
    let ids: Vec<VertexBufferId> = calls
        .iter()
        .filter_map(|c| match c {
            Call::CreateVertexBuffer(id, _) => Some(*id),
            _ => None,
        })
        .collect();
    assert_eq!(ids.len(), 2);
    assert_ne!(ids[0], ids[1]);
    // The stale handle never reaches the new buffer.
    assert_disposed(c.vertex_buffer_upload_from_vector(a, &[1.0], 0, 1));
    c.vertex_buffer_upload_from_vector(b, &[1.0], 0, 1).unwrap();
}

#[test]
fn render_to_texture_frame_produces_exactly_these_calls() {
    use molehill_context3d::{ColorAttachment, RenderTarget, TextureId};
    let mut c = ready(Profile::Standard);
    let a = c.create_texture(8, 8, "bgra", true, 0).unwrap();
    let b = c.create_texture(8, 8, "bgra", true, 0).unwrap();
    c.backend_mut().take();
    // Slots named in any order; checked and sent once, at the clear.
    c.set_render_to_texture(Some(b), true, 2, 0, 1).unwrap();
    c.set_render_to_texture(Some(a), true, 2, 0, 0).unwrap();
    assert!(c.backend().calls.is_empty());
    c.clear(1.0, 0.0, 0.0, 1.0, 1.0, 0, 1).unwrap();
    c.clear(0.0, 1.0, 0.0, 1.0, 1.0, 0, 1).unwrap();
    c.set_render_to_back_buffer().unwrap();
    c.set_render_to_texture(Some(a), true, 2, 0, 0).unwrap();
    c.set_render_to_texture(Some(b), true, 2, 0, 1).unwrap();
    c.clear(0.0, 0.0, 1.0, 1.0, 1.0, 0, 1).unwrap();
    c.set_render_to_back_buffer().unwrap();
    c.clear(0.0, 0.0, 0.0, 1.0, 1.0, 0, 7).unwrap();
    let calls = c.backend_mut().take();
    let target = RenderTarget::Textures {
        colors: [
            Some(ColorAttachment {
                texture: TextureId(1),
                face: 0,
            }),
            Some(ColorAttachment {
                texture: TextureId(2),
                face: 0,
            }),
            None,
            None,
        ],
        depth_and_stencil: true,
        anti_alias: 2,
    };
    let shape: Vec<String> = calls
        .iter()
        .map(|c| match c {
            Call::SetRenderTarget(t) if *t == target => "textures".to_string(),
            Call::SetRenderTarget(RenderTarget::BackBuffer) => "back buffer".to_string(),
            Call::Clear(cl) => format!("clear {:?}", cl.color),
            other => panic!("unexpected {other:?}"),
        })
        .collect();
    assert_eq!(
        shape,
        [
            "textures",
            "clear [1.0, 0.0, 0.0, 1.0]",
            "clear [0.0, 1.0, 0.0, 1.0]",
            "clear [0.0, 0.0, 1.0, 1.0]",
            "back buffer",
            "clear [0.0, 0.0, 0.0, 1.0]",
        ]
    );
}

#[test]
fn constants_belong_to_the_context_not_the_program() {
    let mut c = ready(Profile::Baseline);
    let p1 = program(&mut c, VS_PLAIN, FS_PLAIN, Version::V1);
    let p2 = program(&mut c, VS_PLAIN, FS_PLAIN, Version::V1);
    c.set_program(Some(p1)).unwrap();
    c.set_program_constants_from_vector("fragment", 1, &[0.5; 4], 1)
        .unwrap();
    c.set_program(Some(p2)).unwrap();
    // Each draw of `sent_by_next_draw` uses a program of its own.
    assert_eq!(
        sent_by_next_draw(&mut c),
        vec![Call::SetProgramConstants(
            ProgramKind::Fragment,
            1,
            vec![[0.5; 4]]
        )]
    );
    // The same values under another program: nothing to send.
    c.set_program(Some(p1)).unwrap();
    c.set_program_constants_from_vector("fragment", 1, &[0.5; 4], 1)
        .unwrap();
    assert!(sent_by_next_draw(&mut c).is_empty());
}

#[test]
fn constants_go_with_the_next_draw_as_one_range_per_stage() {
    let mut c = ready(Profile::Baseline);
    let m: Vec<f64> = (0..16).map(f64::from).collect();
    let rows = |m: &[f64]| -> Vec<[f32; 4]> {
        m.chunks(4)
            .map(|r| std::array::from_fn(|i| r[i] as f32))
            .collect()
    };
    c.set_program_constants_from_vector("vertex", 2, &m, 4)
        .unwrap();
    assert!(c.backend().calls.is_empty(), "sent with the next draw");
    assert_eq!(
        constants_of(sent_by_next_draw(&mut c)),
        vec![(ProgramKind::Vertex, 2, rows(&m))]
    );
    // Registers 3 and 4 change (vc2 and vc5 keep their values): the call's whole range,
    // vc2..=vc5, goes.
    let mut m2 = m.clone();
    m2[4] = -1.0;
    m2[11] = -2.0;
    c.set_program_constants_from_vector("vertex", 2, &m2, 4)
        .unwrap();
    assert_eq!(
        constants_of(sent_by_next_draw(&mut c)),
        vec![(ProgramKind::Vertex, 2, rows(&m2))]
    );
    // Calls on separate ranges between two draws: one range from the first register written
    // to the last, with the current values in between (vc2..=vc5 unchanged, vc1 and
    // vc6..=vc9 never set); each stage its own range, vertex first.
    c.set_program_constants_from_vector("fragment", 7, &[3.0; 4], 1)
        .unwrap();
    c.set_program_constants_from_vector("vertex", 10, &[2.0; 4], 1)
        .unwrap();
    c.set_program_constants_from_vector("vertex", 0, &[1.0; 4], 1)
        .unwrap();
    c.set_program_constants_from_vector("fragment", 5, &[4.0; 4], 1)
        .unwrap();
    let mut vertex = vec![[1.0; 4], [0.0; 4]];
    vertex.extend(rows(&m2));
    vertex.extend([[0.0; 4]; 4]);
    vertex.push([2.0; 4]);
    assert_eq!(
        constants_of(sent_by_next_draw(&mut c)),
        vec![
            (ProgramKind::Vertex, 0, vertex),
            (ProgramKind::Fragment, 5, vec![[4.0; 4], [0.0; 4], [3.0; 4]]),
        ]
    );
    // Values identical to the file are no change, in any form: nothing goes.
    let raw: [f64; 16] = std::array::from_fn(|i| m2[i]);
    c.set_program_constants_from_matrix("vertex", 2, &raw, false)
        .unwrap();
    c.set_program_constants_from_vector("vertex", 10, &[2.0; 4], 1)
        .unwrap();
    c.set_program_constants_from_byte_array(
        "fragment",
        7,
        1,
        &floats_le(&[3.0; 4]),
        0,
        Endian::Little,
    )
    .unwrap();
    assert!(sent_by_next_draw(&mut c).is_empty());
    // An identical call next to a changing one adds nothing to the range.
    c.set_program_constants_from_vector("vertex", 10, &[2.0; 4], 1)
        .unwrap();
    c.set_program_constants_from_vector("vertex", 12, &[5.0; 4], 1)
        .unwrap();
    assert_eq!(
        constants_of(sent_by_next_draw(&mut c)),
        vec![(ProgramKind::Vertex, 12, vec![[5.0; 4]])]
    );
    // Written with a new value and back before a draw: the register was written with a new
    // value, so it goes again (with the value the backend already has).
    c.set_program_constants_from_vector("vertex", 12, &[6.0; 4], 1)
        .unwrap();
    c.set_program_constants_from_vector("vertex", 12, &[5.0; 4], 1)
        .unwrap();
    assert_eq!(
        constants_of(sent_by_next_draw(&mut c)),
        vec![(ProgramKind::Vertex, 12, vec![[5.0; 4]])]
    );
}
