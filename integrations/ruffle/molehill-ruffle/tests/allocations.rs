//! Heap allocations of the patched natives' per-call work, counted by this binary's global
//! allocator (its own test binary: one global allocator per binary, counting every thread).
//!
//! Each native of `integrations/ruffle/patches` does, per call: its enum `String`s parsed from
//! the code units Ruffle holds ([`Units`], Latin-1 or UTF-16) into an [`EnumString`], its
//! `Vector.<Number>` / `Vector.<uint>` converted into its Context3D object's [`Scratch`], a
//! [`CallTimer`], [`Stage3DHost::context`] (which first hands Molehill what Ruffle's collector
//! dropped) and the one `molehill_player` call. This runs a frame of those, the way the
//! natives do them, on molehill-gl (skipped with a note where no headless GL can be made):
//! after warm-up frames, every state, constant, stream and draw native makes no allocation, nor
//! does converting an upload's `Vector` (the upload itself is Molehill's, counted apart).

#![cfg(feature = "gl")]

use std::collections::BTreeMap;

use molehill_agal::{ProgramKind, Version};
use molehill_player::as3::ByteArray;
use molehill_player::{
    BlendFactor, BufferUsage, CompareMode, ContextId, Filter, IndexBuffer3D, MipFilter, Program3D,
    StencilAction, TextureBase, TextureFormat, TriangleFace, VertexBuffer3D, VertexFormat, Wrap,
};
use molehill_ruffle::{CallTimer, EnumString, Resource, Scratch, Stage3DHost, Units};
use stats_alloc::{StatsAlloc, INSTRUMENTED_SYSTEM};

#[global_allocator]
static ALLOCATOR: &StatsAlloc<std::alloc::System> = &INSTRUMENTED_SYSTEM;

fn allocations() -> usize {
    let s = INSTRUMENTED_SYSTEM.stats();
    s.allocations + s.reallocations
}

/// An AS3 string as Ruffle may hold it: Latin-1 bytes, or UTF-16 (a string built from a wide
/// one stays wide).
struct As3String {
    latin1: Vec<u8>,
    utf16: Vec<u16>,
}

impl As3String {
    fn new(s: &str) -> As3String {
        As3String {
            latin1: s.bytes().collect(),
            utf16: s.encode_utf16().collect(),
        }
    }

    fn units(&self, wide: bool) -> Units<'_> {
        if wide {
            Units::Utf16(&self.utf16)
        } else {
            Units::Latin1(&self.latin1)
        }
    }
}

/// `args.get_string_non_null(...)` then the typed parse, as the patch's `enum_arg` does.
fn enum_arg<T: molehill_player::As3Enum>(s: &As3String, wide: bool) -> EnumString<T> {
    EnumString::parse(s.units(wide), || {
        String::from_utf8_lossy(&s.latin1).into_owned()
    })
}

struct Scene {
    host: Stage3DHost,
    id: ContextId,
    programs: [Program3D; 2],
    vertices: VertexBuffer3D,
    indices: IndexBuffer3D,
    textures: [TextureBase; 2],
    /// What a `Vector.<Number>` holds: AS3 `Number`s.
    numbers: Vec<f64>,
    /// The AS3 strings the frame passes.
    strings: BTreeMap<&'static str, As3String>,
    scratch: Scratch,
}

#[derive(Default)]
struct Counts {
    by_native: BTreeMap<&'static str, usize>,
    calls: BTreeMap<&'static str, usize>,
}

fn agal(text: &str, kind: ProgramKind) -> Vec<u8> {
    molehill_agal::encode(&molehill_agal::asm::assemble(text, kind, Version::V1).expect("AGAL"))
}

fn setup() -> Option<Scene> {
    let mut host = Stage3DHost::with_factory(Box::new(molehill_player::HeadlessGl::default()), 30);
    host.stage().request_context3d("auto", "baseline").ok()?;
    host.take_events();
    let id = host.current()?;
    let ctx = host.context(id)?;
    ctx.configure_back_buffer(64, 64, 0, true, false, false)
        .unwrap();
    let vertex = agal(
        "m44 vt0, va0, vc0\nadd vt0, vt0, vc4\nmov op, vt0\nmov v0, va1",
        ProgramKind::Vertex,
    );
    let programs = [
        "tex ft0, v0, fs0 <2d, linear, mipnone, clamp>\nmul oc, ft0, fc0",
        "tex ft0, v0, fs0 <2d, nearest, mipnone, repeat>\nadd oc, ft0, fc1",
    ]
    .map(|f| {
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
        .create_vertex_buffer(4, 4, BufferUsage::StaticDraw)
        .unwrap();
    let indices = ctx.create_index_buffer(6, BufferUsage::StaticDraw).unwrap();
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
    let strings = [
        "float2",
        "clamp",
        "repeat",
        "linear",
        "nearest",
        "mipnone",
        "one",
        "oneMinusSourceAlpha",
        "sourceAlpha",
        "lessEqual",
        "always",
        "equal",
        "back",
        "none",
        "front",
        "frontAndBack",
        "keep",
        "incrementSaturate",
        "vertex",
        "fragment",
    ]
    .into_iter()
    .map(|s| (s, As3String::new(s)))
    .collect();
    Some(Scene {
        host,
        id,
        programs,
        vertices,
        indices,
        textures,
        numbers: (0..64)
            .map(|i| if i % 5 == 0 { 0.5 } else { 0.0 })
            .collect(),
        strings,
        scratch: Scratch::default(),
    })
}

/// One frame: 16 draws, each after every state, constant and stream native (strings held as
/// Latin-1 on even draws, UTF-16 on odd ones), uploads from vectors, then `present`.
fn frame(s: &mut Scene, n: &mut Counts, measure: bool) {
    // One native: everything between the AVM2 arguments and the return, counted.
    macro_rules! native {
        ($name:literal, |$c:ident| $call:expr) => {{
            let before = allocations();
            let timer = CallTimer::start();
            let $c = s.host.context(s.id).expect("the context");
            $call.expect($name);
            timer.record_call();
            let made = allocations() - before;
            if measure {
                *n.by_native.entry($name).or_default() += made;
                *n.calls.entry($name).or_default() += 1;
            }
        }};
    }
    let quad = [
        -1.0, -1.0, 0.0, 1.0, 1.0, -1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 0.0, -1.0, 1.0, 0.0, 0.0,
    ];
    let mut count = |name: &'static str, before: usize| {
        if measure {
            *n.by_native.entry(name).or_default() += allocations() - before;
            *n.calls.entry(name).or_default() += 1;
        }
    };
    let before = allocations();
    let floats = s.scratch.floats(quad);
    count("VertexBuffer3D.uploadFromVector: the conversion", before);
    let before = allocations();
    let vertices = s.vertices;
    s.host
        .context(s.id)
        .unwrap()
        .vertex_buffer_upload_from_vector(vertices, floats, 0, 4)
        .unwrap();
    count("VertexBuffer3D.uploadFromVector: Molehill's upload", before);
    let before = allocations();
    let uints = s.scratch.uints([0, 1, 2, 0, 2, 3]);
    count("IndexBuffer3D.uploadFromVector: the conversion", before);
    let before = allocations();
    let indices = s.indices;
    s.host
        .context(s.id)
        .unwrap()
        .index_buffer_upload_from_vector(indices, uints, 0, 6)
        .unwrap();
    count("IndexBuffer3D.uploadFromVector: Molehill's upload", before);
    native!("clear", |c| c.clear(
        0.0,
        0.0,
        0.0,
        1.0,
        1.0,
        0,
        0xFFFF_FFFF
    ));
    for i in 0..16usize {
        let wide = i % 2 == 1;
        let arg = |name: &str| &s.strings[name];
        let (program, texture) = (s.programs[i % 2], s.textures[(i / 2) % 2]);
        let (vertices, indices) = (s.vertices, s.indices);
        native!("setProgram", |c| c.set_program(Some(program)));
        native!("setTextureAt", |c| c.set_texture_at(0, Some(texture)));
        let format: EnumString<VertexFormat> = enum_arg(arg("float2"), wide);
        native!("setVertexBufferAt", |c| c.set_vertex_buffer_at(
            0,
            Some(vertices),
            0,
            &format
        ));
        let format: EnumString<VertexFormat> = enum_arg(arg("float2"), wide);
        native!("setVertexBufferAt", |c| c.set_vertex_buffer_at(
            1,
            Some(vertices),
            2,
            &format
        ));
        let wrap: EnumString<Wrap> = enum_arg(arg(["clamp", "repeat"][i % 2]), wide);
        let filter: EnumString<Filter> = enum_arg(arg(["linear", "nearest"][i % 2]), wide);
        let mip: EnumString<MipFilter> = enum_arg(arg("mipnone"), wide);
        native!("setSamplerStateAt", |c| c
            .set_sampler_state_at(0, &wrap, &filter, &mip));
        let source: EnumString<BlendFactor> = enum_arg(arg(["one", "sourceAlpha"][i % 2]), wide);
        let destination: EnumString<BlendFactor> = enum_arg(arg("oneMinusSourceAlpha"), wide);
        native!("setBlendFactors", |c| c
            .set_blend_factors(&source, &destination));
        let mode: EnumString<CompareMode> = enum_arg(arg(["lessEqual", "always"][i % 2]), wide);
        native!("setDepthTest", |c| c.set_depth_test(i % 2 == 0, &mode));
        let face: EnumString<TriangleFace> = enum_arg(arg(["back", "none"][i % 2]), wide);
        native!("setCulling", |c| c.set_culling(&face));
        let face: EnumString<TriangleFace> = enum_arg(arg(["frontAndBack", "front"][i % 2]), wide);
        let compare: EnumString<CompareMode> = enum_arg(arg(["always", "equal"][i % 2]), wide);
        let keep: EnumString<StencilAction> = enum_arg(arg("keep"), wide);
        let pass: EnumString<StencilAction> =
            enum_arg(arg(["incrementSaturate", "keep"][i % 2]), wide);
        native!("setStencilActions", |c| c
            .set_stencil_actions(&face, &compare, &keep, &keep, &pass));
        // setProgramConstantsFromVector: the Vector.<Number> into the kept floats.
        let kind: EnumString<ProgramKind> = enum_arg(arg("vertex"), wide);
        let floats = s.scratch.floats(s.numbers.iter().copied());
        native!("setProgramConstantsFromVector", |c| c
            .set_program_constants_from_vector(&kind, 0, floats, 16));
        // setProgramConstantsFromMatrix: Matrix3D.rawData read into 16 floats on the stack.
        let mut raw = [0f32; 16];
        for (d, &v) in raw.iter_mut().zip(&s.numbers) {
            *d = v as f32;
        }
        native!("setProgramConstantsFromMatrix", |c| c
            .set_program_constants_from_matrix(&kind, 0, &raw, i % 4 == 0));
        let kind: EnumString<ProgramKind> = enum_arg(arg("fragment"), wide);
        let floats = s.scratch.floats(s.numbers[..8].iter().copied());
        native!("setProgramConstantsFromVector", |c| c
            .set_program_constants_from_vector(&kind, 0, floats, -1));
        native!("drawTriangles", |c| c.draw_triangles(indices, 0, 2));
    }
    native!("present", |c| c.present());
}

#[test]
fn the_natives_per_call_work_allocates_nothing_after_warm_up() {
    let Some(mut scene) = setup() else {
        eprintln!("skipped: no headless GL here (see the log)");
        return;
    };
    let mut counts = Counts::default();
    for _ in 0..4 {
        frame(&mut scene, &mut counts, false);
    }
    // A collected object on the way: its release at the next call is not per-call work.
    let t = scene
        .host
        .context(scene.id)
        .unwrap()
        .create_texture(8, 8, "bgra", false, 0)
        .unwrap();
    drop(scene.host.collectable(scene.id, Resource::Texture(t)));
    assert_eq!(scene.host.release_collected(), 1);
    for _ in 0..8 {
        frame(&mut scene, &mut counts, true);
    }
    for (native, made) in &counts.by_native {
        eprintln!(
            "gl: {native}: {made} allocations in {} calls",
            counts.calls[native]
        );
    }
    let allocating: Vec<String> = counts
        .by_native
        .iter()
        // Molehill's own `present`, `clear` and uploads are not the natives' per-call work
        // (docs/player.md, "No allocation per call"; molehill-player's tests count them).
        .filter(|&(native, &made)| {
            made > 0 && !matches!(*native, "present" | "clear") && !native.ends_with("upload")
        })
        .map(|(native, made)| format!("{native}: {made} in {} calls", counts.calls[native]))
        .collect();
    assert!(
        allocating.is_empty(),
        "natives that allocated after warm-up: {allocating:?}"
    );
    assert!(counts.calls["setBlendFactors"] == 8 * 16);
}
