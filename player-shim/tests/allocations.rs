//! Heap allocations per call, counted by this binary's global allocator (its own test binary:
//! a global allocator is per binary, and it counts every thread, so this binary runs one test).
//!
//! A frame with every state, constant, stream and draw call and two buffer uploads, through the typed path and the
//! AS3-shaped one, on each backend there is (molehill-gl on headless GL, molehill-wgpu on
//! headless Vulkan; a backend that cannot be made is skipped with a note): after a few warm-up
//! frames, each call is counted on its own over several frames. Every state, constant, stream
//! and draw call must make none, and on GL the uploads too. The draws must reach the renderer: the backend's own counters
//! (`GlBackend::call_counts`, `WgpuBackend::call_counts`) must count every draw of the
//! measured frames, so a frame that drew nothing (a draw refused, skipped or never flushed)
//! fails the test instead of allocating nothing.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;

use molehill_agal::{ProgramKind, Version};
use molehill_player::as3::ByteArray;
use molehill_player::{BackendCreationError, HeadlessGl, HeadlessWgpu};
use molehill_player::{
    BackendFactory, BlendFactor, CompareMode, Context3D, Filter, IndexBuffer3D, MipFilter, Profile,
    Program3D, Rect, RenderMode, Stage3D, StencilAction, TextureBase, TextureFormat, TriangleFace,
    VertexBuffer3D, VertexFormat, Wrap,
};
use stats_alloc::{StatsAlloc, INSTRUMENTED_SYSTEM};

#[global_allocator]
static ALLOCATOR: &StatsAlloc<std::alloc::System> = &INSTRUMENTED_SYSTEM;

/// Allocations and reallocations so far, every thread.
fn allocations() -> usize {
    let s = INSTRUMENTED_SYSTEM.stats();
    s.allocations + s.reallocations
}

/// What one frame draws with.
struct Scene {
    programs: [Program3D; 2],
    vertices: VertexBuffer3D,
    indices: IndexBuffer3D,
    textures: [TextureBase; 2],
    /// 16 vertex constant registers as a VM's `Number`s, and as `f32`s.
    numbers: Vec<f64>,
    floats: Vec<f32>,
    /// 4 registers as a little-endian ByteArray's bytes.
    bytes: Vec<u8>,
    /// The quad's vertices, uploaded again each frame.
    quad: [f32; 16],
}

/// Draws per frame: 16 `drawTriangles` and one `drawTrianglesInstanced` (see [`frame`]).
const DRAWS_PER_FRAME: u64 = 17;

/// Counts per call name over the measured frames.
#[derive(Default)]
struct Counts {
    by_call: BTreeMap<&'static str, usize>,
    calls: BTreeMap<&'static str, usize>,
    /// Draws the backend counted over the measured frames.
    backend_draws: u64,
}

/// The backend a context draws on, kept by its factory to read its draw counter.
#[derive(Clone)]
enum Probe {
    Gl(Rc<RefCell<molehill_gl::GlBackend>>),
    Wgpu(Rc<RefCell<molehill_wgpu::WgpuBackend>>),
}

impl Probe {
    /// Draw calls the backend has issued to its renderer so far.
    fn draws(&self) -> u64 {
        match self {
            Probe::Gl(b) => b.borrow().call_counts().get(molehill_gl::CallKind::Draw),
            Probe::Wgpu(b) => b.borrow().call_counts().draws,
        }
    }
}

/// A factory making `make`'s backends, each kept in `slot` as a [`Probe`] by `wrap`.
fn probed<B: molehill_context3d::Backend + 'static>(
    slot: Rc<RefCell<Option<Probe>>>,
    mut make: impl FnMut() -> Result<B, BackendCreationError> + 'static,
    wrap: fn(Rc<RefCell<B>>) -> Probe,
) -> Box<dyn BackendFactory> {
    Box::new(
        move || -> Result<Box<dyn molehill_context3d::Backend>, BackendCreationError> {
            let backend = Rc::new(RefCell::new(make()?));
            *slot.borrow_mut() = Some(wrap(backend.clone()));
            Ok(Box::new(backend))
        },
    )
}

impl Counts {
    /// Runs `call`, adding what it allocated to `name`'s count (when `measure`).
    fn call<T>(&mut self, measure: bool, name: &'static str, call: impl FnOnce() -> T) -> T {
        let before = allocations();
        let r = call();
        let made = allocations() - before;
        if measure {
            *self.by_call.entry(name).or_default() += made;
            *self.calls.entry(name).or_default() += 1;
        }
        r
    }
}

fn agal(text: &str, kind: ProgramKind) -> Vec<u8> {
    molehill_agal::encode(&molehill_agal::asm::assemble(text, kind, Version::V1).expect("AGAL"))
}

fn setup(ctx: &mut Context3D) -> Scene {
    ctx.configure_back_buffer(64, 64, 0, true, false, false)
        .unwrap();
    let vertex = agal(
        "m44 vt0, va0, vc0\nadd vt0, vt0, vc4\nmov op, vt0\nmov v0, va1",
        ProgramKind::Vertex,
    );
    let fragments = [
        "tex ft0, v0, fs0 <2d, linear, mipnone, clamp>\nmul oc, ft0, fc0",
        "tex ft0, v0, fs0 <2d, nearest, mipnone, repeat>\nadd oc, ft0, fc1",
    ];
    let programs = fragments.map(|f| {
        let p = ctx.create_program().unwrap();
        let f = agal(f, ProgramKind::Fragment);
        ctx.program_upload(
            p,
            ByteArray::little_endian(&vertex),
            ByteArray::little_endian(&f),
        )
        .unwrap();
        p
    });
    let vertices = ctx
        .create_vertex_buffer(4, 4, molehill_player::BufferUsage::StaticDraw)
        .unwrap();
    let quad: [f32; 16] = [
        -1.0, -1.0, 0.0, 1.0, 1.0, -1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 0.0, -1.0, 1.0, 0.0, 0.0,
    ];
    ctx.vertex_buffer_upload_from_vector(vertices, &quad, 0, 4)
        .unwrap();
    let indices = ctx
        .create_index_buffer(6, molehill_player::BufferUsage::StaticDraw)
        .unwrap();
    ctx.index_buffer_upload_from_vector(indices, &[0, 1, 2, 0, 2, 3], 0, 6)
        .unwrap();
    let textures = [0xFF20_4080u32, 0x8040_2010].map(|fill| {
        let t = ctx
            .create_texture(8, 8, TextureFormat::Bgra, false, 0)
            .unwrap();
        let bytes: Vec<u8> = std::iter::repeat_n(fill.to_le_bytes(), 64)
            .flatten()
            .collect();
        ctx.texture_upload_from_byte_array(t, ByteArray::little_endian(&bytes), 0, 0)
            .unwrap();
        t
    });
    let floats: Vec<f32> = (0..64)
        .map(|i| if i % 5 == 0 { 0.5 } else { 0.0 })
        .collect();
    Scene {
        programs,
        vertices,
        indices,
        textures,
        numbers: floats.iter().map(|&f| f64::from(f)).collect(),
        floats: floats.clone(),
        bytes: floats[..16].iter().flat_map(|f| f.to_le_bytes()).collect(),
        quad,
    }
}

/// One frame: 16 draws, each after every state, constant and stream call there is (typed
/// calls on even draws, AS3 strings on odd ones), then `present`.
fn frame(ctx: &mut Context3D, s: &Scene, n: &mut Counts, measure: bool) {
    macro_rules! call {
        ($name:literal, $e:expr) => {
            n.call(measure, $name, || $e).expect($name)
        };
    }
    call!("clear", ctx.clear(0.0, 0.0, 0.0, 1.0, 1.0, 0, 0xFFFF_FFFF));
    // Uploads of what the frame draws: the indices in two halves (the second starting at an
    // odd index, so the backend writes the aligned span around it), the vertices whole.
    call!(
        "IndexBuffer3D.uploadFromVector",
        ctx.index_buffer_upload_from_vector(s.indices, &[0, 1, 2], 0, 3)
    );
    call!(
        "IndexBuffer3D.uploadFromVector",
        ctx.index_buffer_upload_from_vector(s.indices, &[0, 2, 3], 3, 3)
    );
    call!(
        "VertexBuffer3D.uploadFromVector",
        ctx.vertex_buffer_upload_from_vector(s.vertices, &s.quad, 0, 4)
    );
    for i in 0..16usize {
        let typed = i % 2 == 0;
        let program = s.programs[i % 2];
        let texture = s.textures[(i / 2) % 2];
        let scissor = (i % 3 == 0).then_some(Rect {
            x: 4.0,
            y: 4.0,
            width: 56.0,
            height: 56.0,
        });
        call!("setProgram", ctx.set_program(Some(program)));
        call!("setTextureAt", ctx.set_texture_at(0, Some(texture)));
        call!("setScissorRectangle", ctx.set_scissor_rectangle(scissor));
        call!(
            "setColorMask",
            ctx.set_color_mask(true, true, true, i % 4 != 3)
        );
        call!(
            "setStencilReferenceValue",
            ctx.set_stencil_reference_value(i as u32, 0xFF, 0xFF)
        );
        if typed {
            call!(
                "setVertexBufferAt",
                ctx.set_vertex_buffer_at(0, Some(s.vertices), 0, VertexFormat::Float2)
            );
            call!(
                "setVertexBufferAt",
                ctx.set_vertex_buffer_at(1, Some(s.vertices), 2, VertexFormat::Float2)
            );
            call!(
                "setSamplerStateAt",
                ctx.set_sampler_state_at(0, Wrap::Clamp, Filter::Linear, MipFilter::None)
            );
            call!(
                "setBlendFactors",
                ctx.set_blend_factors(BlendFactor::One, BlendFactor::OneMinusSourceAlpha)
            );
            call!(
                "setDepthTest",
                ctx.set_depth_test(i % 2 == 0, CompareMode::LessEqual)
            );
            call!("setCulling", ctx.set_culling(TriangleFace::Back));
            call!(
                "setStencilActions",
                ctx.set_stencil_actions(
                    TriangleFace::FrontAndBack,
                    CompareMode::Always,
                    StencilAction::Keep,
                    StencilAction::Keep,
                    StencilAction::IncrementSaturate,
                )
            );
            call!(
                "setProgramConstantsFromVector",
                ctx.set_program_constants_from_vector(ProgramKind::Vertex, 0, &s.floats, 16)
            );
            call!(
                "setProgramConstantsFromMatrix",
                ctx.set_program_constants_from_matrix(
                    ProgramKind::Vertex,
                    0,
                    s.floats[..16].try_into().unwrap(),
                    i % 4 == 0,
                )
            );
            call!(
                "setProgramConstantsFromVector",
                ctx.set_program_constants_from_vector(ProgramKind::Fragment, 0, &s.floats[..8], -1)
            );
        } else {
            call!(
                "setVertexBufferAt",
                ctx.set_vertex_buffer_at(0, Some(s.vertices), 0, "float2")
            );
            call!(
                "setVertexBufferAt",
                ctx.set_vertex_buffer_at(1, Some(s.vertices), 2, "float2")
            );
            call!(
                "setSamplerStateAt",
                ctx.set_sampler_state_at(0, "repeat", "nearest", "mipnone")
            );
            call!(
                "setBlendFactors",
                ctx.set_blend_factors("sourceAlpha", "oneMinusSourceAlpha")
            );
            call!("setDepthTest", ctx.set_depth_test(false, "always"));
            call!("setCulling", ctx.set_culling("none"));
            call!(
                "setStencilActions",
                ctx.set_stencil_actions("front", "equal", "keep", "keep", "keep")
            );
            call!(
                "setProgramConstantsFromVector",
                ctx.set_program_constants_from_vector("vertex", 0, &s.numbers, 16)
            );
            call!(
                "setProgramConstantsFromMatrix",
                ctx.set_program_constants_from_matrix(
                    "vertex",
                    0,
                    s.numbers[..16].try_into().unwrap(),
                    true,
                )
            );
            call!(
                "setProgramConstantsFromVector",
                ctx.set_program_constants_from_vector("fragment", 0, &s.numbers[..8], 2)
            );
        }
        call!(
            "setProgramConstantsFromByteArray",
            ctx.set_program_constants_from_byte_array(
                if typed { "vertex" } else { "fragment" },
                4,
                1,
                ByteArray::little_endian(&s.bytes),
                0,
            )
        );
        call!("drawTriangles", ctx.draw_triangles(s.indices, 0, 2));
    }
    call!(
        "drawTrianglesInstanced",
        ctx.draw_triangles_instanced(s.indices, 3, 0, 2)
    );
    // The target calls as state (a draw into another target ends the pass: see docs/player.md).
    call!(
        "setRenderToTexture",
        ctx.set_render_to_texture(Some(s.textures[0]), false, 0, 0, 0)
    );
    call!("setRenderToBackBuffer", ctx.set_render_to_back_buffer());
    call!("present", ctx.present());
}

/// Counts each call of `frame` on a context from `factory`, after warm-up frames; `None` when
/// the backend cannot be made here.
fn count(factory: Box<dyn BackendFactory>, probe: &RefCell<Option<Probe>>) -> Option<Counts> {
    let mut stage = Stage3D::new(factory);
    stage
        .request_context3d(RenderMode::Auto, Profile::StandardExtended)
        .unwrap();
    let ctx = stage.context3d_mut()?;
    let scene = setup(ctx);
    let mut counts = Counts::default();
    for _ in 0..4 {
        frame(ctx, &scene, &mut counts, false);
    }
    let probe = probe
        .borrow()
        .clone()
        .expect("the factory made the backend");
    let before = probe.draws();
    for _ in 0..8 {
        frame(ctx, &scene, &mut counts, true);
    }
    counts.backend_draws = probe.draws() - before;
    Some(counts)
}

#[test]
fn state_constant_stream_and_draw_calls_allocate_nothing_after_warm_up() {
    for name in ["gl", "wgpu"] {
        let slot: Rc<RefCell<Option<Probe>>> = Rc::default();
        let factory = match name {
            "gl" => probed(
                slot.clone(),
                || {
                    Ok(molehill_gl::GlBackend::headless(
                        &HeadlessGl::default().options,
                    )?)
                },
                Probe::Gl,
            ),
            _ => probed(
                slot.clone(),
                || {
                    let options = HeadlessWgpu::default().options;
                    Ok(molehill_wgpu::WgpuBackend::headless(&options)?)
                },
                Probe::Wgpu,
            ),
        };
        let Some(counts) = count(factory, &slot) else {
            eprintln!("skipped {name}: no headless {name} backend here (see the log)");
            continue;
        };
        for (call, made) in &counts.by_call {
            eprintln!(
                "{name}: {call}: {made} allocations in {} calls",
                counts.calls[call]
            );
        }
        eprintln!("{name}: the backend drew {} times", counts.backend_draws);
        let draw_calls = counts.calls["drawTriangles"] + counts.calls["drawTrianglesInstanced"];
        assert_eq!(
            counts.backend_draws, draw_calls as u64,
            "{name}: every measured draw reaches the renderer"
        );
        assert_eq!(draw_calls as u64, 8 * DRAWS_PER_FRAME);
        // On wgpu `queue.write_buffer` allocates inside wgpu (docs/player.md, section 2);
        // on GL an upload allocates nothing.
        let upload = |call: &str| call.ends_with(".uploadFromVector");
        let allocating: Vec<String> = counts
            .by_call
            .iter()
            .filter(|&(call, &made)| {
                made > 0
                    && !matches!(*call, "present" | "clear")
                    && !(name == "wgpu" && upload(call))
            })
            .map(|(call, made)| format!("{call}: {made} in {} calls", counts.calls[call]))
            .collect();
        assert!(
            allocating.is_empty(),
            "{name}: calls that allocated after warm-up: {allocating:?}"
        );
    }
}
