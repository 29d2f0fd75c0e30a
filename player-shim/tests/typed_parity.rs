//! The typed path and the AS3-string path are the same calls (issue 36, R1): one sequence of
//! calls made once with typed enums and `&[f32]` data and once with AS3 strings and `&[f64]`
//! `Number`s, on each backend there is (molehill-gl on headless GL, molehill-wgpu on headless
//! Vulkan; one that cannot be made is skipped with a note), gives the same pixels and the same
//! recorded trace, a failing call included.

use molehill_agal::{ProgramKind, Version};
use molehill_player::as3::ByteArray;
use molehill_player::{
    BackendFactory, BlendFactor, BufferUsage, CompareMode, Context3D, FillMode, Filter, MipFilter,
    Profile, Recorder, RenderMode, Stage3D, StencilAction, TextureFormat, TriangleFace,
    VertexFormat, Wrap,
};

/// The typed argument or the AS3 string, by path.
macro_rules! pick {
    ($typed:expr, $t:expr, $s:expr) => {
        if $typed {
            $t
        } else {
            $s
        }
    };
}

fn agal(text: &str, kind: ProgramKind) -> Vec<u8> {
    molehill_agal::encode(&molehill_agal::asm::assemble(text, kind, Version::V1).expect("AGAL"))
}

/// Values an `f32` holds exactly, so that `&[f32]` and `&[f64]` name the same numbers.
fn numbers(n: usize) -> Vec<f64> {
    (0..n).map(|i| f64::from((i % 7) as u8) * 0.125).collect()
}

/// Every enum-taking call and both kinds of `Vector.<Number>` data, then two draws: one into
/// a texture, one sampling it into the back buffer.
fn draw(ctx: &mut Context3D, typed: bool) {
    let f32s = |v: &[f64]| -> Vec<f32> { v.iter().map(|&x| x as f32).collect() };
    ctx.configure_back_buffer(32, 32, 0, true, false, false)
        .unwrap();
    let vertex = agal(
        "m44 vt0, va0, vc0\nadd op, vt0, vc4\nmov v0, va1",
        ProgramKind::Vertex,
    );
    let fragment = agal(
        "tex ft0, v0, fs0 <2d, linear, mipnone, clamp>\nmul ft0, ft0, fc0\nadd oc, ft0, fc1",
        ProgramKind::Fragment,
    );
    let program = ctx.create_program().unwrap();
    ctx.program_upload(
        program,
        ByteArray::little_endian(&vertex),
        ByteArray::little_endian(&fragment),
    )
    .unwrap();
    let vb = pick!(
        typed,
        ctx.create_vertex_buffer(3, 4, BufferUsage::DynamicDraw),
        ctx.create_vertex_buffer(3, 4, "dynamicDraw")
    )
    .unwrap();
    let triangle = [
        -1.0, -1.0, 0.0, 1.0, 3.0, -1.0, 2.0, 1.0, -1.0, 3.0, 0.0, -1.0,
    ];
    pick!(
        typed,
        ctx.vertex_buffer_upload_from_vector(vb, &f32s(&triangle), 0, 3),
        ctx.vertex_buffer_upload_from_vector(vb, &triangle, 0, 3)
    )
    .unwrap();
    let ib = pick!(
        typed,
        ctx.create_index_buffer(3, BufferUsage::StaticDraw),
        ctx.create_index_buffer(3, "staticDraw")
    )
    .unwrap();
    ctx.index_buffer_upload_from_vector(ib, &[0, 1, 2], 0, 3)
        .unwrap();
    let texture = pick!(
        typed,
        ctx.create_texture(8, 8, TextureFormat::Bgra, true, 0),
        ctx.create_texture(8, 8, "bgra", true, 0)
    )
    .unwrap();
    let texels: Vec<u8> = (0..64u32)
        .flat_map(|i| [(i * 4) as u8, 0x80, (255 - i * 4) as u8, 0xFF])
        .collect();
    ctx.texture_upload_from_byte_array(texture, ByteArray::little_endian(&texels), 0, 0)
        .unwrap();

    let identity = [
        1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0,
    ];
    let constants = numbers(8);
    pick!(
        typed,
        ctx.set_fill_mode(FillMode::Solid),
        ctx.set_fill_mode("solid")
    )
    .unwrap();
    ctx.set_program(Some(program)).unwrap();
    pick!(
        typed,
        ctx.set_vertex_buffer_at(0, Some(vb), 0, VertexFormat::Float2),
        ctx.set_vertex_buffer_at(0, Some(vb), 0, "float2")
    )
    .unwrap();
    pick!(
        typed,
        ctx.set_vertex_buffer_at(1, Some(vb), 2, VertexFormat::Float2),
        ctx.set_vertex_buffer_at(1, Some(vb), 2, "float2")
    )
    .unwrap();
    pick!(
        typed,
        ctx.set_program_constants_from_matrix(
            ProgramKind::Vertex,
            0,
            &f32s(&identity).try_into().unwrap(),
            true
        ),
        ctx.set_program_constants_from_matrix("vertex", 0, &identity, true)
    )
    .unwrap();
    pick!(
        typed,
        ctx.set_program_constants_from_vector(ProgramKind::Vertex, 4, &[0.0f32; 4], -1),
        ctx.set_program_constants_from_vector("vertex", 4, &[0.0f64; 4], -1)
    )
    .unwrap();
    pick!(
        typed,
        ctx.set_program_constants_from_vector(ProgramKind::Fragment, 0, &f32s(&constants), 2),
        ctx.set_program_constants_from_vector("fragment", 0, &constants, 2)
    )
    .unwrap();
    // A failing call: the same Flash error, recorded the same way.
    let failed = pick!(
        typed,
        ctx.set_program_constants_from_vector(ProgramKind::Fragment, 300, &[0.0f32; 4], 1),
        ctx.set_program_constants_from_vector("fragment", 300, &[0.0f64; 4], 1)
    );
    assert!(failed.is_err(), "register 300 is out of range");
    pick!(
        typed,
        ctx.set_sampler_state_at(0, Wrap::Repeat, Filter::Nearest, MipFilter::None),
        ctx.set_sampler_state_at(0, "repeat", "nearest", "mipnone")
    )
    .unwrap();
    pick!(
        typed,
        ctx.set_blend_factors(BlendFactor::SourceAlpha, BlendFactor::OneMinusSourceAlpha),
        ctx.set_blend_factors("sourceAlpha", "oneMinusSourceAlpha")
    )
    .unwrap();
    pick!(
        typed,
        ctx.set_depth_test(true, CompareMode::LessEqual),
        ctx.set_depth_test(true, "lessEqual")
    )
    .unwrap();
    pick!(
        typed,
        ctx.set_culling(TriangleFace::Front),
        ctx.set_culling("front")
    )
    .unwrap();
    pick!(
        typed,
        ctx.set_stencil_actions(
            TriangleFace::FrontAndBack,
            CompareMode::Always,
            StencilAction::IncrementSaturate,
            StencilAction::Keep,
            StencilAction::Keep
        ),
        ctx.set_stencil_actions(
            "frontAndBack",
            "always",
            "incrementSaturate",
            "keep",
            "keep"
        )
    )
    .unwrap();

    // Into the texture (no sampler: it is the target), then sampling it into the back buffer.
    let target = pick!(
        typed,
        ctx.create_texture(8, 8, TextureFormat::Bgra, true, 0),
        ctx.create_texture(8, 8, "bgra", true, 0)
    )
    .unwrap();
    ctx.set_texture_at(0, Some(texture)).unwrap();
    ctx.set_render_to_texture(Some(target), false, 0, 0, 0)
        .unwrap();
    ctx.clear(0.0, 0.25, 0.0, 1.0, 1.0, 0, 0xFFFF_FFFF).unwrap();
    ctx.draw_triangles(ib, 0, 1).unwrap();
    ctx.set_render_to_back_buffer().unwrap();
    ctx.set_texture_at(0, Some(target)).unwrap();
    pick!(
        typed,
        ctx.set_culling(TriangleFace::None),
        ctx.set_culling("none")
    )
    .unwrap();
    ctx.clear(0.5, 0.0, 0.25, 1.0, 1.0, 0, 0xFFFF_FFFF).unwrap();
    ctx.set_scissor_rectangle(Some(molehill_player::Rect {
        x: 4.0,
        y: 4.0,
        width: 20.0,
        height: 24.0,
    }))
    .unwrap();
    ctx.draw_triangles(ib, 0, 1).unwrap();
}

/// The back buffer's pixels and the recorded trace of one path on a stage from `factory`;
/// `None` when the backend cannot be made here.
fn run(factory: Box<dyn BackendFactory>, typed: bool) -> Option<(Vec<u32>, String)> {
    let mut stage = Stage3D::new(factory);
    let recorder = Recorder::new();
    stage.start_recording(recorder.clone());
    pick!(
        typed,
        stage.request_context3d(RenderMode::Auto, Profile::Standard),
        stage.request_context3d("auto", "standard")
    )
    .unwrap();
    let ctx = stage.context3d_mut()?;
    draw(ctx, typed);
    let (_, _, pixels) = ctx.back_buffer_pixels().unwrap();
    ctx.present().unwrap();
    stage.stop_recording();
    Some((pixels, recorder.to_text()))
}

/// A backend's name and a maker of its factory.
type Backend = (&'static str, fn() -> Box<dyn BackendFactory>);

#[test]
fn typed_and_string_calls_give_the_same_pixels_and_the_same_trace() {
    let backends: [Backend; 2] = [
        ("gl", || Box::new(molehill_player::HeadlessGl::default())),
        (
            "wgpu",
            || Box::new(molehill_player::HeadlessWgpu::default()),
        ),
    ];
    for (name, factory) in backends {
        let Some((typed_pixels, typed_trace)) = run(factory(), true) else {
            eprintln!("skipped {name}: no headless {name} backend here (see the log)");
            continue;
        };
        let (string_pixels, string_trace) = run(factory(), false).expect("made once already");
        eprintln!(
            "{name}: {} pixels, {} trace lines",
            typed_pixels.len(),
            typed_trace.lines().count()
        );
        // Something was drawn: the scissored triangle over the clear colour, in several colours.
        let mut colours = typed_pixels.clone();
        colours.sort_unstable();
        colours.dedup();
        assert!(
            colours.len() > 2,
            "{name}: the typed path drew {} colours",
            colours.len()
        );
        assert!(
            typed_trace.contains("drawTriangles") && typed_trace.contains("Error #"),
            "{name}: the trace holds the draws and the failed call:\n{typed_trace}"
        );
        assert_eq!(typed_trace, string_trace, "{name}: the traces differ");
        assert!(
            typed_pixels == string_pixels,
            "{name}: the pixels differ ({} of {})",
            typed_pixels
                .iter()
                .zip(&string_pixels)
                .filter(|(a, b)| a != b)
                .count(),
            typed_pixels.len()
        );
    }
}
