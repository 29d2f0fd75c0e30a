//! The bodies of Molehill's fuzz targets (issue 16), one function per target, each taking the
//! fuzzer's bytes and panicking when an invariant breaks. `fuzz_targets/*.rs` hand them to
//! libFuzzer; molehill-tests' `fuzz_regressions` module (its `api` test binary) includes this
//! file and replays every kept input of `fuzz/regressions/<target>/` through them with a plain `cargo test`.
//!
//! Dependencies: the Molehill crates only (no `arbitrary`: [`Bytes`] reads what it needs).

use std::cell::RefCell;
use std::path::Path;

use molehill_agal::flash::FlashError;
use molehill_agal::glsl::{Dialect, GlslError, Options};
use molehill_agal::profile::Profile;
use molehill_agal::{ProgramKind, Version};
use molehill_context3d::decode::{dxt, etc1, pvrtc};
use molehill_context3d::{
    Context3D, Endian, IndexBuffer3D, Program3D, Rect, TextureBase, VertexBuffer3D,
};
use molehill_gl::GlBackend;

mod backend_diff;
mod bytes;
mod errors;

pub use backend_diff::backend_diff;
pub use bytes::Bytes;
pub use errors::check_error;

/// A target's body: the fuzzer's bytes in, a panic when an invariant breaks.
pub type Body = fn(&[u8]);

/// Every target: its name (the `fuzz_targets/NAME.rs` binary and `regressions/NAME/`) and body.
pub const TARGETS: &[(&str, Body)] = &[
    ("agal", agal),
    ("assembler", assembler),
    ("texture_decoders", texture_decoders),
    ("atf_upload", atf_upload),
    ("jpegxr", jpegxr),
    ("trace_replay", trace_replay),
    ("api_sequence", api_sequence),
    ("backend_diff", backend_diff),
];

fn check<T>(r: Result<T, FlashError>) -> Option<T> {
    r.map_err(|e| check_error(&e)).ok()
}

// --- agal ----------------------------------------------------------------------------------

/// Checks one program's bytes: the decoder's round trip, validation under every profile (as
/// `kind`), and for every accepted program the disassembly re-assembling to the same program.
/// The programs each profile accepted.
fn agal_program(bytes: &[u8], kind: ProgramKind) -> Vec<(Profile, molehill_agal::Program)> {
    if let Ok(p) = molehill_agal::decode(bytes) {
        assert_eq!(molehill_agal::encode(&p), bytes, "encode(decode(b)) != b");
    }
    let mut accepted = Vec::new();
    for profile in Profile::ALL {
        match molehill_agal::valid::validate(bytes, kind, profile) {
            Ok(p) => {
                let text = molehill_agal::disasm::disassemble(&p);
                let again = molehill_agal::asm::assemble(&text, p.kind, p.version)
                    .unwrap_or_else(|e| panic!("disassembly does not assemble: {e}\n{text}"));
                assert_eq!(again, p, "disassembly re-assembles differently:\n{text}");
                accepted.push((profile, p));
            }
            Err(e) => check_error(&e.to_flash()),
        }
    }
    accepted
}

/// `agal`: a little-endian u16 vertex program length, the vertex program, the fragment program.
/// Each goes through [`agal_program`], and every pair a profile accepts and links translates to
/// GLSL ES 3.00, GLSL 3.30 and WGSL (GLSL ES 1.00 may lack a feature, nothing else).
pub fn agal(data: &[u8]) {
    let mut b = Bytes(data);
    let n = usize::from(b.u16());
    let rest = b.0;
    let (v, f) = rest.split_at(n.min(rest.len()));
    let vs = agal_program(v, ProgramKind::Vertex);
    let fs = agal_program(f, ProgramKind::Fragment);
    for (profile, vp) in &vs {
        let Some((_, fp)) = fs.iter().find(|(p, _)| p == profile) else {
            continue;
        };
        match molehill_agal::valid::link(vp, fp) {
            Ok(_) => {
                for dialect in Dialect::ALL {
                    match molehill_agal::glsl::translate(vp, fp, &Options::new(dialect)) {
                        Ok(_) => {}
                        Err(GlslError::MissingFeature { .. }) if dialect == Dialect::Es100 => {}
                        Err(e) => panic!("accepted pair does not translate to {dialect:?}: {e}"),
                    }
                }
                if let Err(e) =
                    molehill_agal::wgsl::translate(vp, fp, &molehill_agal::wgsl::Options::default())
                {
                    panic!("accepted pair does not translate to WGSL: {e}");
                }
            }
            Err(e) => check_error(&e.to_flash()),
        }
    }
}

// --- assembler -------------------------------------------------------------------------------

/// `assembler`: the bytes as source text, assembled strict and lenient for every kind and
/// version. What assembles encodes and decodes to the same program, and when the validator
/// accepts it its disassembly re-assembles to it. Strict acceptance implies lenient acceptance of the same program.
pub fn assembler(data: &[u8]) {
    let source = String::from_utf8_lossy(data);
    for kind in [ProgramKind::Vertex, ProgramKind::Fragment] {
        for version in [Version::V1, Version::V2, Version::V3] {
            let mut options = molehill_agal::asm::AsmOptions::new(kind, version);
            let strict = molehill_agal::asm::assemble_with(&source, &options);
            options.lenient = true;
            let lenient = molehill_agal::asm::assemble_with(&source, &options);
            if let Ok(s) = &strict {
                let l = lenient.as_ref().expect("strict accepts, lenient refuses");
                assert_eq!(s.program, l.program, "strict and lenient differ");
            }
            if let Ok(a) = lenient {
                // An empty source assembles to a bare header, which the decoder refuses as
                // Flash's loader does (#3615 "below minimum length"): no round trip to check.
                if a.program.instructions.is_empty() {
                    continue;
                }
                let bytes = molehill_agal::encode(&a.program);
                assert_eq!(
                    molehill_agal::decode(&bytes).expect("own bytes decode"),
                    a.program
                );
                // Lenient mode reproduces Adobe's output, which may be an invalid program (the
                // disassembler marks what cannot re-assemble); valid ones must round-trip.
                if molehill_agal::valid::validate_program(&a.program, kind, Profile::Enhanced)
                    .is_err()
                {
                    continue;
                }
                let text = molehill_agal::disasm::disassemble(&a.program);
                let again = molehill_agal::asm::assemble(&text, kind, version)
                    .unwrap_or_else(|e| panic!("disassembly does not assemble: {e}\n{text}"));
                assert_eq!(
                    again, a.program,
                    "disassembly re-assembles differently:\n{text}"
                );
            }
        }
    }
}

// --- texture decoders ------------------------------------------------------------------------

/// `texture_decoders`: width and height (1..=64), a format, then block data for the CPU
/// decoders; an image is `w * h * 4` bytes or a typed error.
pub fn texture_decoders(data: &[u8]) {
    let mut b = Bytes(data);
    let (w, h) = (u32::from(b.u8() % 64) + 1, u32::from(b.u8() % 64) + 1);
    let format = b.u8() % 5;
    let blocks = b.0;
    let out = match format {
        0 => dxt::decode_dxt1(w, h, blocks),
        1 => dxt::decode_dxt5(w, h, blocks),
        2 => etc1::decode_etc1(w, h, blocks),
        3 => pvrtc::decode_pvrtc(w, h, blocks, pvrtc::PvrtcBpp::Four),
        _ => pvrtc::decode_pvrtc(w, h, blocks, pvrtc::PvrtcBpp::Two),
    };
    if let Ok(px) = out {
        assert_eq!(px.len(), (w * h * 4) as usize);
    }
}

// --- GL contexts -------------------------------------------------------------------------------

thread_local! {
    /// One headless GL context per thread, made once (EGL setup costs more than a run).
    static GL: RefCell<Option<Context3D<GlBackend>>> = const { RefCell::new(None) };
}

/// Runs `f` on this thread's GL-backed context (standardExtended, 64x64 back buffer), made
/// anew when a run disposed or lost it.
fn with_gl(f: impl FnOnce(&mut Context3D<GlBackend>)) {
    GL.with(|cell| {
        let mut slot = cell.borrow_mut();
        if slot.as_ref().is_none_or(|c| c.is_disposed() || c.is_lost()) {
            let backend =
                GlBackend::headless(&molehill_gl::ContextOptions::default()).expect("headless GL");
            let mut c = Context3D::request(backend, "auto", "standardExtended").expect("context");
            c.configure_back_buffer(64, 64, 0, true, false, false)
                .expect("back buffer");
            *slot = Some(c);
        }
        if let Some(c) = slot.as_mut() {
            f(c);
        }
    });
}

// --- ATF upload ----------------------------------------------------------------------------------

/// `atf_upload`: a texture (2D or cube, `compressed`, `compressedAlpha` or `bgra`, 1..=256
/// square) and an ATF container uploaded into it on headless GL, then drawn from; every error is
/// a well-formed Flash error and the texture is disposed afterwards. JPEG-XR coded containers
/// are decoded too (the pure-Rust `jxr` crate, issue 27; jxrlib, before it, crashed within
/// ~1,600 runs here, so they were only parsed).
pub fn atf_upload(data: &[u8]) {
    let mut b = Bytes(data);
    let size = 1i32 << (b.u8() % 9);
    let cube = b.bool();
    // ATF formats 3/5 and the JPEG-XR coded 2/4/0xC/0xD need these two; 0/1 need bgra.
    let format = match b.u8() % 3 {
        0 => "compressed",
        1 => "compressedAlpha",
        _ => "bgra",
    };
    let async_upload = b.bool();
    let offset = u32::from(b.u8() % 4);
    let container = b.0;
    with_gl(|c| {
        c.set_enable_error_checking(true).expect("error checking");
        let t = if cube {
            check(c.create_cube_texture(size, format, false, 0))
        } else {
            check(c.create_texture(size, size, format, false, 0))
        };
        let Some(t) = t else { return };
        check(c.texture_upload_compressed_from_byte_array(t, container, offset, async_upload));
        c.texture_dispose(t);
        let e = c
            .texture_upload_compressed_from_byte_array(t, container, 0, false)
            .expect_err("a disposed texture");
        assert_eq!(e.id, 3694, "{e}");
    });
}

// --- JPEG-XR decoder ----------------------------------------------------------------------------

/// `jpegxr`: the JPEG-XR decoder of ATF records alone (`molehill_context3d::atf::decode_jpegxr`,
/// the `jxr` crate under the level's limits): a kind (format 0 or 1 image, RGB565 or grey DXT
/// endpoint image), a size (1..=4096 each way, u16 LE each) and the record. It decodes to
/// exactly the size's pixels or gives `AtfError::JpegXr`; never a panic.
pub fn jpegxr(data: &[u8]) {
    use molehill_context3d::atf::{decode_jpegxr, AtfError, JpegXrImage};
    let mut b = Bytes(data);
    let image = match b.u8() % 4 {
        0 => JpegXrImage::Bgr,
        1 => JpegXrImage::Bgra,
        2 => JpegXrImage::Rgb565,
        _ => JpegXrImage::Gray8,
    };
    let w = u32::from(b.u16() % 4096) + 1;
    let h = u32::from(b.u16() % 4096) + 1;
    match decode_jpegxr(b.0, w, h, image) {
        Ok(px) => assert_eq!(px.len(), (w * h) as usize * image.bytes_per_pixel()),
        Err(e) => assert!(matches!(e, AtfError::JpegXr { .. }), "{e:?}"),
    }
}

// --- trace parse + replay ------------------------------------------------------------------------

/// `trace_replay`: the bytes as a trace. One that parses writes back to text that parses to the
/// same trace, and replays on headless GL without a panic.
pub fn trace_replay(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(trace) = molehill_trace::parse(text) else {
        return;
    };
    let written = molehill_trace::write(&trace);
    let again = molehill_trace::parse(&written)
        .unwrap_or_else(|e| panic!("written trace does not parse: {e}\n{written}"));
    assert_eq!(
        molehill_trace::write(&again),
        written,
        "write is not stable"
    );
    // Data files resolve beside a directory that holds none.
    let path = Path::new("/nonexistent-molehill-fuzz/fuzz.trace");
    let _ = molehill_replay::replay_trace(
        &trace,
        path,
        &molehill_replay::ReplayOptions::default(),
        Box::new(molehill_player::HeadlessGl::default()),
    );
}

// --- random Stage3D call sequences ---------------------------------------------------------------

const FORMATS: &[&str] = &[
    "bgra",
    "bgraPacked4444",
    "bgrPacked565",
    "rgbaHalfFloat",
    "compressed",
    "compressedAlpha",
    "nope",
];
const VERTEX_FORMATS: &[&str] = &["float1", "float2", "float3", "float4", "bytes4", "x"];
const PROGRAMS: &[(&str, &str)] = &[
    ("mov op, va0\nmov v0, va1", "mov oc, v0"),
    (
        "m44 op, va0, vc0\nmov v0, va1",
        "tex ft0, v0, fs0 <2d,linear,mipnone,clamp>\nmov oc, ft0",
    ),
    ("mov op, va0", "mov oc, fc0"),
    (
        "mov op, va0\nmov v0, va0",
        "tex ft0, v0, fs0 <cube,nearest,mipnearest>\nmov oc, ft0",
    ),
];

/// Live and disposed handles of a run.
#[derive(Debug, Default)]
struct Handles {
    vb: Vec<VertexBuffer3D>,
    ib: Vec<IndexBuffer3D>,
    tex: Vec<TextureBase>,
    prog: Vec<Program3D>,
    stale_vb: Vec<VertexBuffer3D>,
    stale_tex: Vec<TextureBase>,
    stale_prog: Vec<Program3D>,
    stale_ib: Vec<IndexBuffer3D>,
}

fn nth<T: Copy>(items: &[T], b: &mut Bytes<'_>) -> Option<T> {
    (!items.is_empty()).then(|| items[usize::from(b.u8()) % items.len()])
}

fn stale(r: Result<(), FlashError>, what: &str) {
    let e = r.expect_err(what);
    assert_eq!(e.id, 3694, "{what}: {e}");
    check_error(&e);
}

/// `api_sequence`: up to 64 Stage3D calls with arguments from the bytes on headless GL. Every
/// error is a well-formed Flash error; a disposed object used again is #3694. The objects of a
/// run are disposed at its end (the context is shared between runs).
pub fn api_sequence(data: &[u8]) {
    let mut b = Bytes(data);
    with_gl(|c| {
        let mut h = Handles::default();
        for _ in 0..64 {
            if b.is_empty() {
                break;
            }
            step(c, &mut b, &mut h);
        }
        for t in h.tex.drain(..) {
            c.texture_dispose(t);
        }
        for v in h.vb.drain(..) {
            c.vertex_buffer_dispose(v);
        }
        for i in h.ib.drain(..) {
            c.index_buffer_dispose(i);
        }
        for p in h.prog.drain(..) {
            c.program_dispose(p);
        }
        let _ = c.set_render_to_back_buffer();
        let _ = c.set_program(None);
        for i in 0..16 {
            let _ = c.set_texture_at(i, None);
        }
        for i in 0..16 {
            let _ = c.set_vertex_buffer_at(i, None, 0, "float4");
        }
    });
}

fn step(c: &mut Context3D<GlBackend>, b: &mut Bytes<'_>, h: &mut Handles) {
    match b.u8() % 24 {
        0 => {
            let r = c.configure_back_buffer(
                b.small(100) + 16,
                b.small(100) + 16,
                b.small(5),
                b.bool(),
                false,
                false,
            );
            check(r);
        }
        1 => {
            check(c.clear(
                b.f64(),
                b.f64(),
                b.f64(),
                b.f64(),
                b.f64(),
                u32::from(b.u8()),
                u32::from(b.u8()),
            ));
        }
        2 => {
            check(c.present());
        }
        3 => {
            if let Some(v) =
                check(c.create_vertex_buffer(b.small(70) - 2, b.small(70) - 2, "staticDraw"))
            {
                h.vb.push(v);
            }
        }
        4 => {
            if let Some(i) = check(c.create_index_buffer(b.small(100) - 2, "staticDraw")) {
                h.ib.push(i);
            }
        }
        5 => {
            if let Some(v) = nth(&h.vb, b) {
                let data: Vec<f64> = (0..b.small(200)).map(|_| b.f64()).collect();
                check(c.vertex_buffer_upload_from_vector(
                    v,
                    &data,
                    b.small(8) - 1,
                    b.small(40) - 1,
                ));
            }
        }
        6 => {
            if let Some(i) = nth(&h.ib, b) {
                let data: Vec<u32> = (0..b.small(100)).map(|_| u32::from(b.u8() % 40)).collect();
                check(c.index_buffer_upload_from_vector(
                    i,
                    &data,
                    b.small(8) - 1,
                    b.small(100) - 1,
                ));
            }
        }
        7 => {
            let (w, hh, f) = (1 << b.small(8), 1 << b.small(8), b.pick(FORMATS));
            if let Some(t) = check(c.create_texture(w - b.small(2), hh, f, b.bool(), b.small(3))) {
                h.tex.push(t);
            }
        }
        8 => {
            if let Some(t) =
                check(c.create_cube_texture(1 << b.small(7), b.pick(FORMATS), b.bool(), 0))
            {
                h.tex.push(t);
            }
        }
        9 => {
            if let Some(t) = check(c.create_rectangle_texture(
                b.small(90),
                b.small(90),
                b.pick(FORMATS),
                b.bool(),
            )) {
                h.tex.push(t);
            }
        }
        10 => {
            if let Some(t) = nth(&h.tex, b) {
                let (w, hh) = (u32::from(b.u8() % 65), u32::from(b.u8() % 65));
                let px = vec![0x8040_2010u32; (w * hh) as usize];
                check(c.texture_upload_from_bitmap_data(
                    t,
                    &px,
                    w,
                    hh,
                    u32::from(b.u8() % 7),
                    u32::from(b.u8() % 9),
                ));
            }
        }
        11 => {
            if let Some(t) = nth(&h.tex, b) {
                let bytes = b.slice(70_000).to_vec();
                check(c.texture_upload_from_byte_array(
                    t,
                    &bytes,
                    u32::from(b.u8() % 8),
                    u32::from(b.u8() % 7),
                    u32::from(b.u8() % 9),
                ));
            }
        }
        12 => {
            if let Some(p) = check(c.create_program()) {
                let (vs, fs) = b.pick(PROGRAMS);
                let asm = |s: &str, k| {
                    molehill_agal::encode(
                        &molehill_agal::asm::assemble(s, k, Version::V1).expect("own program"),
                    )
                };
                let (mut v, f) = (asm(vs, ProgramKind::Vertex), asm(fs, ProgramKind::Fragment));
                if b.u8() < 64 {
                    let i = usize::from(b.u16()) % v.len();
                    v[i] = b.u8();
                }
                check(c.program_upload(p, &v, Endian::Little, &f, Endian::Little));
                h.prog.push(p);
            }
        }
        13 => {
            let p = nth(&h.prog, b);
            check(c.set_program(p));
        }
        14 => {
            let v = nth(&h.vb, b);
            check(c.set_vertex_buffer_at(
                b.small(10) - 1,
                v,
                b.small(6) - 1,
                b.pick(VERTEX_FORMATS),
            ));
        }
        15 => {
            let t = nth(&h.tex, b);
            check(c.set_texture_at(b.small(18) - 1, t));
        }
        16 => {
            let data: Vec<f64> = (0..b.small(40)).map(|_| b.f64()).collect();
            let kind = if b.bool() { "vertex" } else { "fragment" };
            check(c.set_program_constants_from_vector(
                kind,
                b.small(130) - 1,
                &data,
                b.small(12) - 1,
            ));
        }
        17 => {
            let i = nth(&h.ib, b);
            if let Some(i) = i {
                check(c.draw_triangles(Some(i), b.small(10) - 1, b.small(10) - 1));
            } else {
                check(c.draw_triangles(None, 0, -1));
            }
        }
        18 => {
            let t = nth(&h.tex, b);
            check(c.set_render_to_texture(t, b.bool(), b.small(5), b.small(7) - 1, b.small(5) - 1));
        }
        19 => {
            check(c.set_render_to_back_buffer());
        }
        20 => {
            let (w, hh) = (u32::from(b.u8() % 80), u32::from(b.u8() % 80));
            let mut px = vec![0u32; (w * hh) as usize];
            let rect = b.bool().then(|| Rect {
                x: b.f64(),
                y: b.f64(),
                width: b.f64() * 64.0,
                height: b.f64() * 64.0,
            });
            check(c.draw_to_bitmap_data(
                &mut px,
                w,
                hh,
                rect,
                (b.small(20) - 10, b.small(20) - 10),
            ));
        }
        21 => {
            // Dispose one object of a kind and remember its handle.
            match b.u8() % 4 {
                0 if !h.vb.is_empty() => {
                    let v = h.vb.swap_remove(usize::from(b.u8()) % h.vb.len());
                    c.vertex_buffer_dispose(v);
                    h.stale_vb.push(v);
                }
                1 if !h.tex.is_empty() => {
                    let t = h.tex.swap_remove(usize::from(b.u8()) % h.tex.len());
                    c.texture_dispose(t);
                    h.stale_tex.push(t);
                }
                2 if !h.prog.is_empty() => {
                    let p = h.prog.swap_remove(usize::from(b.u8()) % h.prog.len());
                    c.program_dispose(p);
                    h.stale_prog.push(p);
                }
                _ if !h.ib.is_empty() => {
                    let i = h.ib.swap_remove(usize::from(b.u8()) % h.ib.len());
                    c.index_buffer_dispose(i);
                    h.stale_ib.push(i);
                }
                _ => {}
            }
        }
        22 => {
            // A stale handle is #3694 wherever it is used.
            if let Some(v) = nth(&h.stale_vb, b) {
                stale(
                    c.vertex_buffer_upload_from_vector(v, &[0.0; 4], 0, 1),
                    "stale vertex buffer upload",
                );
                stale(
                    c.set_vertex_buffer_at(0, Some(v), 0, "float1"),
                    "stale setVertexBufferAt",
                );
            }
            if let Some(t) = nth(&h.stale_tex, b) {
                stale(
                    c.texture_upload_from_bitmap_data(t, &[0; 1], 1, 1, 0, 0),
                    "stale texture upload",
                );
                stale(c.set_texture_at(0, Some(t)), "stale setTextureAt");
                stale(
                    c.set_render_to_texture(Some(t), false, 0, 0, 0),
                    "stale setRenderToTexture",
                );
            }
            if let Some(p) = nth(&h.stale_prog, b) {
                stale(c.set_program(Some(p)), "stale setProgram");
            }
            if let Some(i) = nth(&h.stale_ib, b) {
                stale(
                    c.index_buffer_upload_from_vector(i, &[0], 0, 1),
                    "stale index upload",
                );
            }
        }
        _ => {
            check(c.set_enable_error_checking(b.bool()));
            check(c.set_blend_factors(
                b.pick(&["one", "zero", "sourceAlpha", "bad"]),
                "oneMinusSourceAlpha",
            ));
            check(c.set_depth_test(b.bool(), b.pick(&["always", "less", "never", "bad"])));
            check(c.set_culling(b.pick(&["none", "back", "front", "frontAndBack", "bad"])));
            let r = b.bool().then(|| Rect {
                x: b.f64(),
                y: b.f64(),
                width: b.f64() * 100.0,
                height: b.f64() * 100.0,
            });
            check(c.set_scissor_rectangle(r));
            check(c.set_sampler_state_at(b.small(18) - 1, "repeat", "linear", "mipnone"));
        }
    }
}
