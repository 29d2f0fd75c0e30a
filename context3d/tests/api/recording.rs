//! Sequences of calls and exactly the backend calls they produce.

use agal::profile::Profile;
use agal::{ProgramKind, Version};
use context3d::{
    BackBufferConfig, BlendFactor, BlendState, Call, Clear, ClearMask, CompareMode, DepthState,
    IndexBufferId, TriangleFace, VertexBufferId,
};

use crate::common::*;

#[test]
fn a_frame_produces_exactly_these_calls() {
    let mut c = ctx(Profile::Baseline);
    c.configure_back_buffer(128, 64, 0, false, false, false)
        .unwrap();
    let vb = c.create_vertex_buffer(3, 4, "staticDraw").unwrap();
    c.vertex_buffer_upload_from_vector(vb, &[0.0; 12], 0, 3)
        .unwrap();
    let ib = c.create_index_buffer(3, "staticDraw").unwrap();
    c.index_buffer_upload_from_vector(ib, &[0, 1, 2], 0, 3)
        .unwrap();
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
            "culling",
            "depth",
            "constants",
            "clear",
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
    assert_eq!(calls[6], Call::SetCulling(TriangleFace::Back));
    assert_eq!(
        calls[7],
        Call::SetDepth(DepthState {
            write: false,
            compare: CompareMode::Always
        })
    );
    assert_eq!(
        calls[8],
        Call::SetProgramConstants(ProgramKind::Vertex, 0, vec![[1.0, 2.0, 3.0, 4.0]])
    );
    assert_eq!(
        calls[9],
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
    let Call::Draw(d) = &calls[10] else {
        unreachable!()
    };
    assert_eq!(d.index_buffer, IndexBufferId(2));
    assert_eq!(d.streams[0].unwrap().buffer, VertexBufferId(1));
}

#[test]
fn alternating_state_reaches_the_backend_each_time_it_changes() {
    let mut c = ctx(Profile::Baseline);
    for _ in 0..2 {
        c.set_blend_factors("sourceAlpha", "one").unwrap();
        c.set_blend_factors("sourceAlpha", "one").unwrap();
        c.set_blend_factors("one", "zero").unwrap();
    }
    let expected = BlendState {
        source: BlendFactor::SourceAlpha,
        destination: BlendFactor::One,
    };
    assert_eq!(
        c.backend_mut().take(),
        vec![
            Call::SetBlend(expected),
            Call::SetBlend(BlendState::default()),
            Call::SetBlend(expected),
            Call::SetBlend(BlendState::default()),
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
    use context3d::{ColorAttachment, RenderTarget, TextureId};
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
    c.backend_mut().take();
    // The same values under another program: nothing to send.
    c.set_program_constants_from_vector("fragment", 1, &[0.5; 4], 1)
        .unwrap();
    assert!(c.backend().calls.is_empty());
}

#[test]
fn only_the_changed_span_of_constants_is_sent() {
    let mut c = ready(Profile::Baseline);
    let m: Vec<f64> = (0..16).map(f64::from).collect();
    c.set_program_constants_from_vector("vertex", 2, &m, 4)
        .unwrap();
    c.backend_mut().take();
    // Registers 3 and 4 change (vc2 and vc5 keep their values): vc3..=vc4 go out.
    let mut m2 = m.clone();
    m2[4] = -1.0;
    m2[11] = -2.0;
    c.set_program_constants_from_vector("vertex", 2, &m2, 4)
        .unwrap();
    assert_eq!(
        c.backend_mut().take(),
        vec![Call::SetProgramConstants(
            ProgramKind::Vertex,
            3,
            vec![[-1.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, -2.0]]
        )]
    );
    // One register changed, at the end.
    m2[15] = 0.5;
    c.set_program_constants_from_vector("vertex", 2, &m2, 4)
        .unwrap();
    assert_eq!(
        c.backend_mut().take(),
        vec![Call::SetProgramConstants(
            ProgramKind::Vertex,
            5,
            vec![[12.0, 13.0, 14.0, 0.5]]
        )]
    );
    // The matrix form sends the same registers.
    let raw: [f64; 16] = std::array::from_fn(|i| m2[i]);
    c.set_program_constants_from_matrix("vertex", 2, &raw, false)
        .unwrap();
    assert!(c.backend().calls.is_empty());
}
