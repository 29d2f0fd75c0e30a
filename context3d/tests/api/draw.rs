//! drawTriangles / drawTrianglesInstanced: the resolved draw and every draw-time error.

use molehill_agal::profile::Profile;
use molehill_agal::{Filter, MipFilter, Version, Wrap};
use molehill_context3d::{
    Call, IndexBuffer3D, ResolvedDraw, SamplerState, TextureBase, VertexBuffer3D, VertexFormat,
};

use crate::common::*;

/// A context ready to draw the textured pair: 3 vertices (xyz + uv), 3 indices, a 2x2 texture.
struct Scene {
    c: Ctx,
    vb: VertexBuffer3D,
    ib: IndexBuffer3D,
    tex: TextureBase,
}

fn scene(profile: Profile) -> Scene {
    scene_sampling(profile, FS_TEXTURED)
}

/// [`scene`] with another fragment program over `VS_TEXTURED`.
fn scene_sampling(profile: Profile, fragment: &str) -> Scene {
    let mut c = ready(profile);
    let p = program(&mut c, VS_TEXTURED, fragment, Version::V1);
    let vb = c.create_vertex_buffer(3, 5, "staticDraw").unwrap();
    c.vertex_buffer_upload_from_vector(vb, &[0.0; 15], 0, 3)
        .unwrap();
    let ib = c.create_index_buffer(3, "staticDraw").unwrap();
    c.index_buffer_upload_from_vector(ib, &[0, 1, 2], 0, 3)
        .unwrap();
    let tex = c.create_texture(2, 2, "bgra", false, 0).unwrap();
    c.texture_upload_from_bitmap_data(tex, &[0; 4], 2, 2, 0, 0)
        .unwrap();
    c.set_program(Some(p)).unwrap();
    c.set_vertex_buffer_at(0, Some(vb), 0, "float3").unwrap();
    c.set_vertex_buffer_at(1, Some(vb), 3, "float2").unwrap();
    c.set_texture_at(0, Some(tex)).unwrap();
    c.backend_mut().take();
    Scene { c, vb, ib, tex }
}

fn drawn(c: &mut Ctx) -> ResolvedDraw {
    let calls = c.backend_mut().take();
    match &calls[..] {
        [Call::Draw(d)] => **d,
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_draw_carries_everything_resolved() {
    let Scene { mut c, ib, .. } = scene(Profile::Baseline);
    c.draw_triangles(Some(ib), 0, -1).unwrap();
    let d = drawn(&mut c);
    assert_eq!((d.first_index, d.index_count, d.instances), (0, 3, None));
    let s0 = d.streams[0].unwrap();
    let s1 = d.streams[1].unwrap();
    assert_eq!(
        (s0.byte_offset, s0.stride, s0.format, s0.divisor),
        (0, 20, VertexFormat::Float3, 0)
    );
    assert_eq!((s1.byte_offset, s1.format), (12, VertexFormat::Float2));
    assert!(d.streams[2..].iter().all(Option::is_none));
    assert_eq!(
        d.samplers[0].unwrap().state,
        SamplerState {
            wrap: Wrap::Clamp,
            filter: Filter::Linear,
            mip: MipFilter::None,
            lod_bias: 0.0
        }
    );
    assert!(d.samplers[1..].iter().all(Option::is_none));
    c.draw_triangles(Some(ib), 0, 1).unwrap();
    assert_eq!(drawn(&mut c).index_count, 3);
    // Zero triangles: checked, nothing drawn.
    c.draw_triangles(Some(ib), 3, 0).unwrap();
    assert!(c.backend().calls.is_empty());
}

#[test]
fn no_program() {
    let Scene { mut c, ib, .. } = scene(Profile::Baseline);
    c.set_program(None).unwrap();
    assert_error(
        c.draw_triangles(Some(ib), 0, -1),
        3600,
        "Error #3600: No valid program set.",
    );
    let empty = c.create_program().unwrap();
    c.set_program(Some(empty)).unwrap();
    assert_error(
        c.draw_triangles(Some(ib), 0, -1),
        3600,
        "Error #3600: No valid program set.",
    );
}

#[test]
fn index_buffer_errors() {
    let Scene { mut c, ib, .. } = scene(Profile::Baseline);
    assert_error(
        c.draw_triangles(None, 0, -1),
        3601,
        "Error #3601: No valid index buffer set.",
    );
    assert_error(
        c.draw_triangles(Some(ib), -1, 1),
        3602,
        "Error #3602: Sanity check on parameters failed, 1 triangles and -1 index offset.",
    );
    assert_error(
        c.draw_triangles(Some(ib), 0, -2),
        3602,
        "Error #3602: Sanity check on parameters failed, -2 triangles and 0 index offset.",
    );
    assert_error(
        c.draw_triangles(Some(ib), 1, 1),
        3603,
        "Error #3603: Not enough indices in this buffer. 1 triangles at offset 1, but there are only 3 indices in buffer.",
    );
    assert_error(
        c.draw_triangles(Some(ib), 4, -1),
        3603,
        "Error #3603: Not enough indices in this buffer. -1 triangles at offset 4, but there are only 3 indices in buffer.",
    );
    c.index_buffer_dispose(ib);
    assert_disposed(c.draw_triangles(Some(ib), 0, -1));
}

#[test]
fn stream_errors() {
    let Scene { mut c, vb, ib, .. } = scene(Profile::Baseline);
    c.set_vertex_buffer_at(2, Some(vb), 0, "float1").unwrap();
    assert_error(
        c.draw_triangles(Some(ib), 0, -1),
        3607,
        "Error #3607: Stream 2 is set but not used by the current vertex program.",
    );
    c.set_vertex_buffer_at(2, None, 0, "float1").unwrap();
    c.set_vertex_buffer_at(1, None, 0, "float1").unwrap();
    assert_error(
        c.draw_triangles(Some(ib), 0, -1),
        3611,
        "Error #3611: Stream 1 is read by the current vertex program but not set.",
    );
    c.set_vertex_buffer_at(1, Some(vb), 2, "float4").unwrap();
    assert_error(
        c.draw_triangles(Some(ib), 0, -1),
        3610,
        "Error #3610: Stream 1 vertex offset is out of bounds",
    );
    c.set_vertex_buffer_at(1, Some(vb), 1, "float4").unwrap();
    c.index_buffer_upload_from_vector(ib, &[0, 1, 3], 0, 3)
        .unwrap();
    assert_error(
        c.draw_triangles(Some(ib), 0, -1),
        3609,
        "Error #3609: Stream 0 does not have enough vertices.",
    );
    c.index_buffer_upload_from_vector(ib, &[0, 1, 2], 0, 3)
        .unwrap();
    c.vertex_buffer_dispose(vb);
    assert_error(
        c.draw_triangles(Some(ib), 0, -1),
        3608,
        "Error #3608: Stream 0 is invalid.",
    );
}

#[test]
fn sampler_errors() {
    let Scene { mut c, ib, tex, .. } = scene(Profile::Baseline);
    c.set_texture_at(0, None).unwrap();
    assert_error(
        c.draw_triangles(Some(ib), 0, -1),
        3663,
        "Error #3663: Sampler 0 binds an undefined texture.",
    );
    c.set_texture_at(0, Some(tex)).unwrap();
    c.texture_dispose(tex);
    assert_error(
        c.draw_triangles(Some(ib), 0, -1),
        3605,
        "Error #3605: Sampler 0 binds an invalid texture.",
    );
    let cube = c.create_cube_texture(2, "bgra", false, 0).unwrap();
    c.set_texture_at(0, Some(cube)).unwrap();
    assert_error(
        c.draw_triangles(Some(ib), 0, -1),
        3754,
        "Error #3754: Texture sampler dimensions mismatch. The AGAL declaration has to match the texture used.",
    );
    let dxt = c.create_texture(4, 4, "compressed", false, 0).unwrap();
    c.set_texture_at(0, Some(dxt)).unwrap();
    assert_error(
        c.draw_triangles(Some(ib), 0, -1),
        3763,
        "Error #3763: Sampler 0 binds a texture that that does not match the read mode specified in AGAL. Reading compressed or single/dual channel textures must be explicitly declared.",
    );
    let fresh = c.create_texture(2, 2, "bgra", false, 0).unwrap();
    c.set_texture_at(0, Some(fresh)).unwrap();
    assert_error(
        c.draw_triangles(Some(ib), 0, -1),
        3700,
        "Error #3700: A texture sampler binds an incomplete texture. Make sure to upload(). All miplevels are required when mipmapping is enabled.",
    );
    c.texture_upload_from_bitmap_data(fresh, &[0; 4], 2, 2, 0, 0)
        .unwrap();
    c.set_sampler_state_at(0, "clamp", "linear", "miplinear")
        .unwrap();
    assert_error(c.draw_triangles(Some(ib), 0, -1), 3700, "Error #3700: A texture sampler binds an incomplete texture. Make sure to upload(). All miplevels are required when mipmapping is enabled.");
    c.texture_upload_from_bitmap_data(fresh, &[0], 1, 1, 0, 1)
        .unwrap();
    c.backend_mut().take();
    c.draw_triangles(Some(ib), 0, -1).unwrap();
    assert_eq!(
        drawn(&mut c).samplers[0].unwrap().state.mip,
        MipFilter::Linear
    );
    // Rendering into the texture it samples.
    c.set_render_to_texture(Some(fresh), false, 0, 0, 0)
        .unwrap();
    assert_error(
        c.draw_triangles(Some(ib), 0, -1),
        3604,
        "Error #3604: Sampler 0 binds a texture that is also bound for render to texture.",
    );
}

#[test]
fn format_flag_on_an_uncompressed_texture_is_3606() {
    let Scene { mut c, ib, .. } = scene_sampling(
        Profile::Baseline,
        "tex ft0, v0, fs0 <2d,linear,dxt1>\nmov oc, ft0",
    );
    assert_error(
        c.draw_triangles(Some(ib), 0, -1),
        3606,
        "Error #3606: Sampler 0 format does not match texture format.",
    );
    let dxt = c.create_texture(4, 4, "compressed", false, 0).unwrap();
    let atf = molehill_context3d::atf::write_raw(
        false,
        false,
        2,
        2,
        1,
        &[[&[0u8; 8], &[][..], &[][..], &[][..]]],
    );
    c.texture_upload_compressed_from_byte_array(dxt, &atf, 0, false)
        .unwrap();
    c.set_texture_at(0, Some(dxt)).unwrap();
    c.draw_triangles(Some(ib), 0, -1).unwrap();
}

#[test]
fn rectangle_and_video_sampling_rules() {
    let Scene { mut c, ib, .. } = scene(Profile::Baseline);
    let rect = c.create_rectangle_texture(3, 5, "bgra", false).unwrap();
    c.texture_upload_from_bitmap_data(rect, &[0; 15], 3, 5, 0, 0)
        .unwrap();
    c.set_texture_at(0, Some(rect)).unwrap();
    c.draw_triangles(Some(ib), 0, -1).unwrap();
    c.set_sampler_state_at(0, "repeat", "linear", "mipnone")
        .unwrap();
    assert_error(
        c.draw_triangles(Some(ib), 0, -1),
        3753,
        "Error #3753: Rectangle or cube textures require textures sampling to be set to clamp.",
    );
    c.set_sampler_state_at(0, "clamp", "linear", "mipnearest")
        .unwrap();
    assert_error(
        c.draw_triangles(Some(ib), 0, -1),
        3755,
        "Error #3755: Rectangle textures have to disable mip mapping and can not have a lod bias set.",
    );
    let video = c.create_video_texture().unwrap();
    c.video_texture_attach_frame(video, &[0; 4], 2, 2).unwrap();
    c.set_texture_at(0, Some(video)).unwrap();
    assert_error(
        c.draw_triangles(Some(ib), 0, -1),
        3778,
        "Error #3778: Video textures have to disable mip mapping and can not have a LOD bias set.",
    );
    c.set_sampler_state_at(0, "clamp", "linear", "mipnone")
        .unwrap();
    c.draw_triangles(Some(ib), 0, -1).unwrap();
}

#[test]
fn same_texture_on_two_samplers_must_agree() {
    let Scene { mut c, ib, tex, .. } = scene_sampling(
        Profile::Baseline,
        "tex ft0, v0, fs0 <2d,linear,clamp>\ntex ft1, v0, fs1 <2d,nearest,clamp>\nadd oc, ft0, ft1",
    );
    c.set_texture_at(1, Some(tex)).unwrap();
    assert_error(
        c.draw_triangles(Some(ib), 0, -1),
        3695,
        "Error #3695: A texture can only be bound to multiple samplers if the samplers also have the exact same properties. Mismatch at samplers 0 and 1.",
    );
    c.set_sampler_state_at(1, "clamp", "linear", "mipnone")
        .unwrap();
    c.draw_triangles(Some(ib), 0, -1).unwrap();
}

#[test]
fn clear_rules() {
    let mut s = scene(Profile::Baseline);
    let ib = s.ib;
    s.c.configure_back_buffer(64, 64, 0, false, false, false)
        .unwrap();
    assert_error(
        s.c.draw_triangles(Some(ib), 0, -1),
        3777,
        "Error #3777: Buffers need to be cleared before first draw.",
    );
    s.c.clear(0.0, 0.0, 0.0, 1.0, 1.0, 0, 7).unwrap();
    s.c.draw_triangles(Some(ib), 0, -1).unwrap();
    s.c.present().unwrap();
    assert_error(
        s.c.draw_triangles(Some(ib), 0, -1),
        3692,
        "Error #3692: All buffers need to be cleared every frame before drawing.",
    );
    // Texture targets need no clear.
    let target = s.c.create_texture(8, 8, "bgra", true, 0).unwrap();
    s.c.set_render_to_texture(Some(target), false, 0, 0, 0)
        .unwrap();
    s.c.draw_triangles(Some(ib), 0, -1).unwrap();
    let _ = (s.vb, s.tex);
    // A fresh context: configure first.
    let mut c = ctx(Profile::Baseline);
    c.set_enable_error_checking(true).unwrap();
    assert_error(
        c.draw_triangles(None, 0, -1),
        3698,
        "Error #3698: The back buffer is not configured.",
    );
}

#[test]
fn too_many_draws_before_present() {
    let Scene { mut c, ib, .. } = scene(Profile::Baseline);
    for _ in 0..molehill_context3d::context::MAX_DRAWS_PER_FRAME {
        c.draw_triangles(Some(ib), 0, -1).unwrap();
        c.backend_mut().calls.clear();
    }
    assert_error(
        c.draw_triangles(Some(ib), 0, -1),
        3690,
        "Error #3690: Too many draw calls before calling present.",
    );
    // The count a host reads: the refused draw is not counted, `present` starts it again.
    let max = molehill_context3d::context::MAX_DRAWS_PER_FRAME;
    assert_eq!(c.draws_since_present(), max);
    c.present().unwrap();
    assert_eq!(c.draws_since_present(), 0);
    c.clear(0.0, 0.0, 0.0, 1.0, 1.0, 0, 7).unwrap();
    c.draw_triangles(Some(ib), 0, -1).unwrap();
    assert_eq!(c.draws_since_present(), 1);
}

#[test]
fn outputs_must_match_targets_and_depth() {
    let mut c = ready(Profile::Standard);
    let p = program(
        &mut c,
        "mov op, va0\nmov v0, va0",
        "mov oc0, v0\nmov oc1, v0",
        Version::V2,
    );
    let vb = c.create_vertex_buffer(3, 4, "staticDraw").unwrap();
    let ib = c.create_index_buffer(3, "staticDraw").unwrap();
    c.set_program(Some(p)).unwrap();
    c.set_vertex_buffer_at(0, Some(vb), 0, "float4").unwrap();
    let msg = "Error #3774: All the assigned render targets should match the outputs in the fragment program.";
    assert_error(c.draw_triangles(Some(ib), 0, -1), 3774, msg);
    let a = c.create_texture(8, 8, "bgra", true, 0).unwrap();
    let b = c.create_texture(8, 8, "bgra", true, 0).unwrap();
    c.set_render_to_texture(Some(a), false, 0, 0, 0).unwrap();
    assert_error(c.draw_triangles(Some(ib), 0, -1), 3774, msg);
    c.set_render_to_texture(Some(b), false, 0, 0, 1).unwrap();
    c.draw_triangles(Some(ib), 0, -1).unwrap();
    let pd = program(
        &mut c,
        "mov op, va0\nmov v0, va0",
        "mov oc, v0\nmov fd.x, v0.x",
        Version::V2,
    );
    c.set_program(Some(pd)).unwrap();
    c.set_render_to_texture(None, false, 0, 0, 1).unwrap();
    assert_error(
        c.draw_triangles(Some(ib), 0, -1),
        3776,
        "Error #3776: Depth output in fragment program requires depthAndStencil = true.",
    );
    c.set_render_to_texture(Some(a), true, 0, 0, 0).unwrap();
    c.draw_triangles(Some(ib), 0, -1).unwrap();
}

/// A standardExtended context drawing 3 vertices (va0) with a per-instance stream (va1) of
/// `elements` elements, each serving `per_element` instances.
fn instanced_scene(elements: i32, per_element: i32) -> (Ctx, IndexBuffer3D) {
    let mut c = ready(Profile::StandardExtended);
    let p = program(
        &mut c,
        "add vt0, va0, va1\nmov op, vt0\nmov v0, va0",
        "mov oc, v0",
        Version::V3,
    );
    let vb = c.create_vertex_buffer(3, 4, "staticDraw").unwrap();
    let inst = c
        .create_vertex_buffer_for_instances(elements, 4, per_element, "staticDraw")
        .unwrap();
    let ib = c.create_index_buffer(3, "staticDraw").unwrap();
    c.set_program(Some(p)).unwrap();
    c.set_vertex_buffer_at(0, Some(vb), 0, "float4").unwrap();
    c.set_vertex_buffer_at(1, Some(inst), 0, "float4").unwrap();
    c.backend_mut().take();
    (c, ib)
}

#[test]
fn instanced_draws() {
    let mut c = ready(Profile::Baseline);
    assert_error(
        c.draw_triangles_instanced(None, 2, 0, -1),
        3787,
        "Error #3787: This call requires a Context3D that is created with the standard extended profile or above.",
    );
    let (mut c, ib) = instanced_scene(2, 2);
    c.draw_triangles_instanced(Some(ib), 4, 0, -1).unwrap();
    let d = drawn(&mut c);
    assert_eq!((d.instances, d.streams[1].unwrap().divisor), (Some(4), 2));
    assert_error(
        c.draw_triangles_instanced(Some(ib), 5, 0, -1),
        3785,
        "Error #3785: Vertex buffer stream 1 does not contain enough elements for number of instances.",
    );
    assert_2006(c.draw_triangles_instanced(Some(ib), -1, 0, -1));
    c.draw_triangles_instanced(Some(ib), 0, 0, -1).unwrap();
    assert!(c.backend().calls.is_empty());
}

#[test]
fn sampler_state_precedence() {
    // setProgram loads the sampler word; setSamplerStateAt overrides it; a later setProgram
    // loads again; `ignoresampler` keeps the current state.
    let Scene { mut c, ib, .. } = scene(Profile::Baseline);
    let state = |c: &mut Ctx| {
        c.backend_mut().take();
        c.draw_triangles(Some(ib), 0, -1).unwrap();
        drawn(c).samplers[0].unwrap().state
    };
    assert_eq!(state(&mut c).filter, Filter::Linear);
    c.set_sampler_state_at(0, "repeat", "nearest", "mipnone")
        .unwrap();
    let s = state(&mut c);
    assert_eq!((s.wrap, s.filter), (Wrap::Repeat, Filter::Nearest));
    let p = program(&mut c, VS_TEXTURED, FS_TEXTURED, Version::V1);
    c.set_program(Some(p)).unwrap();
    let s = state(&mut c);
    assert_eq!((s.wrap, s.filter), (Wrap::Clamp, Filter::Linear));
    let ignoring = program(
        &mut c,
        VS_TEXTURED,
        "tex ft0, v0, fs0 <2d,nearest,repeat,ignoresampler,-1.0>\nmov oc, ft0",
        Version::V1,
    );
    c.set_sampler_state_at(0, "clamp_u_repeat_v", "anisotropic4x", "mipnone")
        .unwrap();
    c.set_program(Some(ignoring)).unwrap();
    let s = state(&mut c);
    assert_eq!(
        (s.wrap, s.filter, s.lod_bias),
        (Wrap::ClampURepeatV, Filter::Anisotropic4x, -1.0)
    );
}

#[test]
fn an_instance_buffer_in_a_plain_draw_serves_one_instance() {
    let (mut c, ib) = instanced_scene(1, 1);
    c.draw_triangles(Some(ib), 0, -1).unwrap();
    let d = drawn(&mut c);
    assert_eq!((d.instances, d.streams[1].unwrap().divisor), (None, 1));
}

#[test]
fn without_error_checking_bad_draws_fail_silently() {
    let Scene { mut c, ib, vb, .. } = scene(Profile::Baseline);
    c.set_enable_error_checking(false).unwrap();
    c.backend_mut().take();
    // A stream set but not read (#3607 with error checking): dropped, no error.
    c.set_vertex_buffer_at(2, Some(vb), 0, "float1").unwrap();
    c.draw_triangles(Some(ib), 0, -1).unwrap();
    c.draw_triangles(None, 0, -1).unwrap();
    c.draw_triangles(Some(ib), 9, 9).unwrap();
    assert!(c.backend().calls.is_empty());
    c.set_vertex_buffer_at(2, None, 0, "float1").unwrap();
    c.draw_triangles(Some(ib), 0, -1).unwrap();
    drawn(&mut c);
    // Missing clear after present: dropped, and the back buffer turns yellow (once a frame),
    // then green the next such frame (Adobe's present() docs).
    let fill = |c: &mut Ctx| {
        let calls = c.backend_mut().take();
        match &calls[..] {
            [Call::Clear(clear)] => clear.color,
            other => panic!("{other:?}"),
        }
    };
    c.present().unwrap();
    c.backend_mut().take();
    c.draw_triangles(Some(ib), 0, -1).unwrap();
    assert_eq!(fill(&mut c), [1.0, 1.0, 0.0, 1.0], "yellow");
    c.draw_triangles(Some(ib), 0, -1).unwrap();
    assert!(c.backend().calls.is_empty(), "filled once a frame");
    c.present().unwrap();
    c.backend_mut().take();
    c.draw_triangles(Some(ib), 0, -1).unwrap();
    assert_eq!(fill(&mut c), [0.0, 1.0, 0.0, 1.0], "green");
    // Too many draws is still thrown (every call counts).
    for _ in 1..molehill_context3d::context::MAX_DRAWS_PER_FRAME {
        c.draw_triangles(Some(ib), 0, -1).unwrap();
    }
    assert_error(
        c.draw_triangles(Some(ib), 0, -1),
        3690,
        "Error #3690: Too many draw calls before calling present.",
    );
    // A lost context is thrown; other backend failures are not.
    c.present().unwrap();
    c.clear(0.0, 0.0, 0.0, 1.0, 1.0, 0, 7).unwrap();
    c.backend_mut().fail_with = Some(molehill_context3d::BackendError::OutOfMemory);
    c.draw_triangles(Some(ib), 0, -1).unwrap();
    c.backend_mut().fail_with = Some(molehill_context3d::BackendError::ContextLost);
    assert_disposed(c.draw_triangles(Some(ib), 0, -1));
    c.dispose(false);
    assert_disposed(c.draw_triangles(Some(ib), 0, -1));
}

#[test]
fn present_resets_the_render_target() {
    let Scene { mut c, ib, .. } = scene(Profile::Baseline);
    let t = c.create_texture(8, 8, "bgra", true, 0).unwrap();
    c.set_render_to_texture(Some(t), false, 0, 0, 0).unwrap();
    c.draw_triangles(Some(ib), 0, -1).unwrap();
    c.present().unwrap();
    c.clear(0.0, 0.0, 0.0, 1.0, 1.0, 0, 7).unwrap();
    let calls = c.backend_mut().take();
    let targets: Vec<&Call> = calls
        .iter()
        .filter(|c| matches!(c, Call::SetRenderTarget(_)))
        .collect();
    assert_eq!(targets.len(), 2);
    assert_eq!(
        *targets[1],
        Call::SetRenderTarget(molehill_context3d::RenderTarget::BackBuffer)
    );
}

#[test]
fn streaming_textures() {
    let Scene { mut c, ib, .. } = scene(Profile::Baseline);
    // 4x4 with 2 streaming levels: levels 0..=2.
    let t = c.create_texture(4, 4, "bgra", false, 2).unwrap();
    c.set_texture_at(0, Some(t)).unwrap();
    c.texture_upload_from_bitmap_data(t, &[0], 1, 1, 0, 2)
        .unwrap();
    assert_error(
        c.draw_triangles(Some(ib), 0, -1),
        3713,
        "Error #3713: Incomplete streaming texture (base level not uploaded) used with no mip sampling.",
    );
    c.set_sampler_state_at(0, "clamp", "linear", "miplinear")
        .unwrap();
    c.draw_triangles(Some(ib), 0, -1).unwrap();
    c.set_sampler_state_at(0, "clamp", "linear", "mipnone")
        .unwrap();
    c.texture_upload_from_bitmap_data(t, &[0; 16], 4, 4, 0, 0)
        .unwrap();
    c.draw_triangles(Some(ib), 0, -1).unwrap();
}

#[test]
fn a_texture_on_an_unused_sampler_is_3697() {
    let Scene { mut c, ib, tex, .. } = scene(Profile::Baseline);
    c.set_texture_at(3, Some(tex)).unwrap();
    assert_error(
        c.draw_triangles(Some(ib), 0, -1),
        3697,
        "Error #3697: A texture is bound on sampler 3 but not used by the fragment program.",
    );
    c.set_texture_at(3, None).unwrap();
    c.draw_triangles(Some(ib), 0, -1).unwrap();
}

#[test]
fn a_scissor_rectangle_outside_the_target_is_3706() {
    let Scene { mut c, ib, .. } = scene(Profile::Baseline);
    let msg = "Error #3706: Scissor rectangle is set but does not intersect the framebuffer.";
    let rect = |x: f64, y: f64, width: f64, height: f64| {
        Some(molehill_context3d::Rect {
            x,
            y,
            width,
            height,
        })
    };
    for outside in [
        rect(64.0, 0.0, 10.0, 10.0),
        rect(0.0, 64.0, 10.0, 10.0),
        rect(-10.0, 0.0, 10.0, 10.0),
    ] {
        c.set_scissor_rectangle(outside).unwrap();
        assert_error(c.draw_triangles(Some(ib), 0, -1), 3706, msg);
    }
    // A rectangle of zero width or height is no scissor at all: the draw is unclipped.
    c.set_scissor_rectangle(rect(10.0, 10.0, 0.0, 10.0))
        .unwrap();
    c.draw_triangles(Some(ib), 0, -1).unwrap();
    // One pixel inside is enough; no scissor at all is fine.
    c.set_scissor_rectangle(rect(-10.0, 63.0, 11.0, 10.0))
        .unwrap();
    c.draw_triangles(Some(ib), 0, -1).unwrap();
    c.set_scissor_rectangle(None).unwrap();
    c.draw_triangles(Some(ib), 0, -1).unwrap();
    // Against a texture target's size.
    let t = c.create_texture(8, 8, "bgra", true, 0).unwrap();
    c.set_render_to_texture(Some(t), false, 0, 0, 0).unwrap();
    c.set_scissor_rectangle(rect(8.0, 0.0, 8.0, 8.0)).unwrap();
    assert_error(c.draw_triangles(Some(ib), 0, -1), 3706, msg);
    c.set_scissor_rectangle(rect(7.0, 7.0, 8.0, 8.0)).unwrap();
    c.draw_triangles(Some(ib), 0, -1).unwrap();
    // Without error checking the draw is dropped, as Flash's "rendering fails silently".
    c.set_enable_error_checking(false).unwrap();
    c.set_scissor_rectangle(rect(8.0, 0.0, 8.0, 8.0)).unwrap();
    c.backend_mut().take();
    c.draw_triangles(Some(ib), 0, -1).unwrap();
    assert!(!c
        .backend()
        .calls
        .iter()
        .any(|call| matches!(call, Call::Draw(_))));
}

/// The id a draw-time error carries, whatever its message.
#[track_caller]
fn error_id(result: Result<(), molehill_agal::flash::FlashError>) -> u32 {
    result.expect_err("the draw should fail").id
}

/// A draw reuses what the previous draw of its program resolved; each change that could alter
/// or break it is seen by the next draw, with the same error as without the reuse.
#[test]
fn repeated_draws_see_every_change_to_their_bindings() {
    let Scene {
        mut c, vb, ib, tex, ..
    } = scene(Profile::Baseline);
    for _ in 0..3 {
        c.draw_triangles(Some(ib), 0, 1).unwrap();
        drawn(&mut c);
    }
    // A stream's offset.
    c.set_vertex_buffer_at(1, Some(vb), 2, "float2").unwrap();
    c.draw_triangles(Some(ib), 0, 1).unwrap();
    assert_eq!(drawn(&mut c).streams[1].unwrap().byte_offset, 8);
    // The sampler state.
    c.set_sampler_state_at(0, "repeat", "nearest", "mipnone")
        .unwrap();
    c.draw_triangles(Some(ib), 0, 1).unwrap();
    let s = drawn(&mut c).samplers[0].unwrap().state;
    assert_eq!((s.wrap, s.filter), (Wrap::Repeat, Filter::Nearest));
    // Another texture.
    let other = c.create_texture(2, 2, "bgra", false, 0).unwrap();
    c.texture_upload_from_bitmap_data(other, &[0; 4], 2, 2, 0, 0)
        .unwrap();
    c.backend_mut().take();
    c.set_texture_at(0, Some(other)).unwrap();
    c.draw_triangles(Some(ib), 0, 1).unwrap();
    let with_other = drawn(&mut c).samplers[0].unwrap().texture;
    c.set_texture_at(0, Some(tex)).unwrap();
    c.draw_triangles(Some(ib), 0, 1).unwrap();
    assert_ne!(drawn(&mut c).samplers[0].unwrap().texture, with_other);
    // An index past the vertices, uploaded after the cached draws: #3609.
    c.index_buffer_upload_from_vector(ib, &[0, 1, 3], 0, 3)
        .unwrap();
    c.backend_mut().take();
    assert_eq!(error_id(c.draw_triangles(Some(ib), 0, 1)), 3609);
    c.index_buffer_upload_from_vector(ib, &[0, 1, 2], 0, 3)
        .unwrap();
    c.backend_mut().take();
    c.draw_triangles(Some(ib), 0, 1).unwrap();
    drawn(&mut c);
    // The bound texture disposed: #3605; the vertex buffer disposed: #3608 (streams first).
    c.texture_dispose(other);
    c.texture_dispose(tex);
    assert_eq!(error_id(c.draw_triangles(Some(ib), 0, 1)), 3605);
    c.vertex_buffer_dispose(vb);
    assert_eq!(error_id(c.draw_triangles(Some(ib), 0, 1)), 3608);
}

/// Two programs drawn in turn each keep their own resolution; a texture bound to a sampler
/// the other program does not use is #3697 for that one only.
#[test]
fn alternating_programs_check_their_own_samplers() {
    let Scene { mut c, ib, .. } = scene(Profile::Baseline);
    let textured = program(&mut c, VS_TEXTURED, FS_TEXTURED, Version::V1);
    let plain = program(&mut c, VS_TEXTURED, "mov oc, v0", Version::V1);
    c.backend_mut().take();
    for _ in 0..2 {
        c.set_program(Some(textured)).unwrap();
        c.draw_triangles(Some(ib), 0, 1).unwrap();
        assert!(drawn(&mut c).samplers[0].is_some());
        c.set_program(Some(plain)).unwrap();
        assert_eq!(error_id(c.draw_triangles(Some(ib), 0, 1)), 3697);
    }
    c.set_texture_at(0, None).unwrap();
    c.draw_triangles(Some(ib), 0, 1).unwrap();
    assert!(drawn(&mut c).samplers[0].is_none());
    c.set_program(Some(textured)).unwrap();
    assert_eq!(error_id(c.draw_triangles(Some(ib), 0, 1)), 3663);
}
