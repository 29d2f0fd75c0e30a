//! No call panics on any argument: random sequences of calls with random arguments.

use molehill_agal::profile::Profile;
use molehill_agal::{ProgramKind, Version};
use molehill_context3d::{BackendError, Call, Endian, Rect};
use proptest::prelude::*;
use proptest::strategy::ValueTree;

use crate::common::*;

#[derive(Debug, Clone)]
enum Op {
    Configure(i32, i32, i32, bool),
    Clear(f64, u32, u32),
    Present,
    CreateVb(i32, i32),
    CreateInstVb(i32, i32, i32),
    CreateIb(i32),
    UploadVb(usize, Vec<f64>, i32, i32),
    UploadVbBytes(usize, Vec<u8>, u32, i32, i32),
    UploadIb(usize, Vec<u32>, i32, i32),
    UploadIbBytes(usize, Vec<u8>, u32, i32, i32),
    CreateTexture(i32, i32, String, i32),
    CreateCube(i32, String),
    CreateRect(i32, i32, String),
    CreateVideo,
    UploadBitmap(usize, u32, u32, u32, u32),
    UploadBytes(usize, Vec<u8>, u32, u32, u32),
    UploadAtf(usize, Vec<u8>, bool),
    VideoFrame(usize, u32, u32),
    CreateProgram,
    UploadProgram(usize, u8, Vec<u8>),
    SetProgram(Option<usize>),
    SetVb(i32, Option<usize>, i32, String),
    SetTexture(i32, Option<usize>),
    SetSampler(i32, String, String, String),
    Constants(String, i32, Vec<f64>, i32),
    ConstantsBytes(String, i32, i32, Vec<u8>, u32),
    Blend(String, String),
    Depth(bool, String),
    Culling(String),
    Stencil(String, String, String),
    StencilRef(u32, u32, u32),
    Scissor(Option<(f64, f64, f64, f64)>),
    RenderToTexture(Option<usize>, bool, i32, i32, i32),
    RenderToBackBuffer,
    Draw(Option<usize>, i32, i32),
    DrawInstanced(Option<usize>, i32, i32, i32),
    ReadBack(u32, u32, Option<(f64, f64, f64, f64)>, i32, i32),
    DisposeVb(usize),
    DisposeIb(usize),
    DisposeTexture(usize),
    DisposeProgram(usize),
    Fail(bool),
    ErrorChecking(bool),
    DisposeContext,
    /// The next clear or render target switch meets a driver error (error checking on).
    UnitError,
    /// The device is lost: every later backend call fails with `ContextLost`.
    Lose,
}

fn word() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("bgra".to_string()),
        Just("compressed".to_string()),
        Just("rgbaHalfFloat".to_string()),
        Just("float2".to_string()),
        Just("vertex".to_string()),
        Just("fragment".to_string()),
        Just("clamp".to_string()),
        Just("linear".to_string()),
        Just("mipnone".to_string()),
        Just("one".to_string()),
        Just("always".to_string()),
        Just("back".to_string()),
        Just("keep".to_string()),
        ".{0,8}",
    ]
}

fn small() -> impl Strategy<Value = i32> {
    prop_oneof![-2..10i32, Just(i32::MIN), Just(i32::MAX), 0..70000i32]
}

/// Draw arguments: mostly the ones that draw.
fn draw_args() -> impl Strategy<Value = (i32, i32)> {
    (
        prop_oneof![3 => Just(0), 1 => small()],
        prop_oneof![2 => Just(-1), 2 => Just(1), 1 => small()],
    )
}

fn rect() -> impl Strategy<Value = Option<(f64, f64, f64, f64)>> {
    proptest::option::of((any::<f64>(), -10.0..100.0f64, -5.0..80.0f64, any::<f64>()))
}

fn op() -> impl Strategy<Value = Op> {
    let h = 0..6usize;
    prop_oneof![
        (small(), small(), small(), any::<bool>())
            .prop_map(|(a, b, c, d)| Op::Configure(a, b, c, d)),
        (any::<f64>(), any::<u32>(), any::<u32>()).prop_map(|(a, b, c)| Op::Clear(a, b, c)),
        Just(Op::Present),
        (small(), small()).prop_map(|(a, b)| Op::CreateVb(a, b)),
        (small(), small(), small()).prop_map(|(a, b, c)| Op::CreateInstVb(a, b, c)),
        small().prop_map(Op::CreateIb),
        (
            h.clone(),
            prop::collection::vec(any::<f64>(), 0..40),
            small(),
            small()
        )
            .prop_map(|(a, b, c, d)| Op::UploadVb(a, b, c, d)),
        (
            h.clone(),
            prop::collection::vec(any::<u8>(), 0..80),
            0..10u32,
            small(),
            small()
        )
            .prop_map(|(a, b, c, d, e)| Op::UploadVbBytes(a, b, c, d, e)),
        (
            h.clone(),
            prop::collection::vec(0..8u32, 0..12),
            small(),
            small()
        )
            .prop_map(|(a, b, c, d)| Op::UploadIb(a, b, c, d)),
        (
            h.clone(),
            prop::collection::vec(any::<u8>(), 0..30),
            any::<u32>(),
            small(),
            small()
        )
            .prop_map(|(a, b, c, d, e)| Op::UploadIbBytes(a, b, c, d, e)),
        (small(), small(), word(), small()).prop_map(|(a, b, c, d)| Op::CreateTexture(a, b, c, d)),
        (small(), word()).prop_map(|(a, b)| Op::CreateCube(a, b)),
        (small(), small(), word()).prop_map(|(a, b, c)| Op::CreateRect(a, b, c)),
        Just(Op::CreateVideo),
        (h.clone(), 0..9u32, 0..9u32, 0..8u32, 0..4u32)
            .prop_map(|(a, b, c, d, e)| Op::UploadBitmap(a, b, c, d, e)),
        (
            h.clone(),
            prop::collection::vec(any::<u8>(), 0..300),
            0..8u32,
            0..8u32,
            0..4u32
        )
            .prop_map(|(a, b, c, d, e)| Op::UploadBytes(a, b, c, d, e)),
        (
            h.clone(),
            prop::collection::vec(any::<u8>(), 0..80),
            any::<bool>()
        )
            .prop_map(|(a, mut b, c)| {
                if b.len() > 3 {
                    b[..3].copy_from_slice(b"ATF");
                }
                Op::UploadAtf(a, b, c)
            }),
        (h.clone(), 0..5u32, 0..5u32).prop_map(|(a, b, c)| Op::VideoFrame(a, b, c)),
        Just(Op::CreateProgram),
        (h.clone(), 0..4u8, prop::collection::vec(any::<u8>(), 0..64))
            .prop_map(|(a, b, c)| Op::UploadProgram(a, b, c)),
        proptest::option::of(h.clone()).prop_map(Op::SetProgram),
        (small(), proptest::option::of(h.clone()), small(), word())
            .prop_map(|(a, b, c, d)| Op::SetVb(a, b, c, d)),
        (small(), proptest::option::of(h.clone())).prop_map(|(a, b)| Op::SetTexture(a, b)),
        (small(), word(), word(), word()).prop_map(|(a, b, c, d)| Op::SetSampler(a, b, c, d)),
        (
            word(),
            small(),
            prop::collection::vec(any::<f64>(), 0..20),
            small()
        )
            .prop_map(|(a, b, c, d)| Op::Constants(a, b, c, d)),
        (
            word(),
            small(),
            small(),
            prop::collection::vec(any::<u8>(), 0..70),
            any::<u32>()
        )
            .prop_map(|(a, b, c, d, e)| Op::ConstantsBytes(a, b, c, d, e)),
        (word(), word()).prop_map(|(a, b)| Op::Blend(a, b)),
        (any::<bool>(), word()).prop_map(|(a, b)| Op::Depth(a, b)),
        word().prop_map(Op::Culling),
        (word(), word(), word()).prop_map(|(a, b, c)| Op::Stencil(a, b, c)),
        (any::<u32>(), any::<u32>(), any::<u32>()).prop_map(|(a, b, c)| Op::StencilRef(a, b, c)),
        rect().prop_map(Op::Scissor),
        (
            proptest::option::of(h.clone()),
            any::<bool>(),
            small(),
            small(),
            small()
        )
            .prop_map(|(a, b, c, d, e)| Op::RenderToTexture(a, b, c, d, e)),
        Just(Op::RenderToBackBuffer),
        (proptest::option::of(h.clone()), draw_args()).prop_map(|(a, (b, c))| Op::Draw(a, b, c)),
        (proptest::option::of(h.clone()), small(), small(), small())
            .prop_map(|(a, b, c, d)| Op::DrawInstanced(a, b, c, d)),
        (0..9u32, 0..9u32, rect(), -3..5i32, -3..5i32)
            .prop_map(|(a, b, c, d, e)| Op::ReadBack(a, b, c, d, e)),
        h.clone().prop_map(Op::DisposeVb),
        h.clone().prop_map(Op::DisposeIb),
        h.clone().prop_map(Op::DisposeTexture),
        h.clone().prop_map(Op::DisposeProgram),
        any::<bool>().prop_map(Op::Fail),
        any::<bool>().prop_map(Op::ErrorChecking),
        Just(Op::DisposeContext),
        Just(Op::UnitError),
        Just(Op::Lose),
    ]
}

/// Calls with draws and clears weighted up, so that sequences keep drawing.
fn any_op() -> impl Strategy<Value = Op> {
    prop_oneof![
        3 => (proptest::option::of(0..2usize), draw_args()).prop_map(|(a, (b, c))| Op::Draw(a, b, c)),
        1 => Just(Op::Clear(0.5, 0, 7)),
        8 => op(),
    ]
}

fn pick<T: Copy>(v: &[T], i: usize) -> Option<T> {
    (!v.is_empty()).then(|| v[i % v.len()])
}

/// Checks what reached the backend: a failed call (with a healthy backend) reached nothing, and
/// each kind of render state reached it only with a value different from the previous one.
#[derive(Default)]
struct Watch {
    last: std::collections::HashMap<&'static str, String>,
}

impl Watch {
    fn check(&mut self, calls: &[Call], failed: bool, backend_failing: bool) {
        if failed && !backend_failing {
            assert!(
                calls.is_empty(),
                "a failed call reached the backend: {calls:?}"
            );
        }
        for call in calls {
            let (kind, value) = match call {
                Call::SetBlend(v) => ("blend", format!("{v:?}")),
                Call::SetColorMask(v) => ("mask", format!("{v:?}")),
                Call::SetCulling(v) => ("cull", format!("{v:?}")),
                Call::SetDepth(v) => ("depth", format!("{v:?}")),
                Call::SetStencil(v) => ("stencil", format!("{v:?}")),
                Call::SetScissor(v) => ("scissor", format!("{v:?}")),
                Call::SetRenderTarget(v) => ("target", format!("{v:?}")),
                Call::SetErrorChecking(v) => ("errors", format!("{v:?}")),
                _ => continue,
            };
            let previous = self.last.insert(kind, value.clone());
            assert_ne!(
                previous,
                Some(value),
                "{kind} sent twice with the same value"
            );
        }
    }
}

fn run(profile: Profile, ops: Vec<Op>) {
    let mut c = ready(profile);
    let mut vbs = vec![c.create_vertex_buffer(3, 4, "staticDraw").unwrap()];
    let mut ibs = vec![c.create_index_buffer(3, "staticDraw").unwrap()];
    let mut texs = vec![c.create_texture(2, 2, "bgra", true, 0).unwrap()];
    let mut progs = vec![program(&mut c, VS_TEXTURED, FS_TEXTURED, Version::V1)];
    let good_vs = agal(VS_PLAIN, ProgramKind::Vertex, Version::V1);
    let good_fs = agal(FS_PLAIN, ProgramKind::Fragment, Version::V1);
    // Start from a scene that draws, so that random calls reach deep into the draw checks.
    c.vertex_buffer_upload_from_vector(vbs[0], &[0.0; 12], 0, 3)
        .unwrap();
    c.index_buffer_upload_from_vector(ibs[0], &[0, 1, 2], 0, 3)
        .unwrap();
    c.texture_upload_from_bitmap_data(texs[0], &[0; 4], 2, 2, 0, 0)
        .unwrap();
    c.set_program(Some(progs[0])).unwrap();
    c.set_vertex_buffer_at(0, Some(vbs[0]), 0, "float3")
        .unwrap();
    c.set_vertex_buffer_at(1, Some(vbs[0]), 2, "float2")
        .unwrap();
    c.set_texture_at(0, Some(texs[0])).unwrap();
    c.draw_triangles(Some(ibs[0]), 0, -1).unwrap();
    c.backend_mut().calls.clear();
    let mut watch = Watch::default();
    let mut draws = 0usize;
    for op in ops {
        let mut failed = false;
        // A lost (or disposed) context sends nothing more but its dispose.
        let dead_before = (c.is_lost() || c.is_disposed()) && !matches!(op, Op::DisposeContext);
        let unit_failing = c.backend().fail_next_unit_call.is_some();
        macro_rules! chk {
            ($e:expr) => {{
                let r = $e;
                failed |= r.is_err();
                r.ok()
            }};
        }
        macro_rules! run {
            ($e:expr) => {{
                failed |= $e.is_err();
            }};
        }
        match op {
            Op::Configure(w, h, aa, d) => {
                run!((c.configure_back_buffer(w, h, aa, d, false, false)))
            }
            Op::Clear(v, s, m) => run!((c.clear(v, v, v, v, v, s, m))),
            Op::Present => run!((c.present())),
            Op::CreateVb(n, d) => vbs.extend(chk!(c.create_vertex_buffer(n, d, "staticDraw"))),
            Op::CreateInstVb(n, d, i) => vbs.extend(chk!(c.create_vertex_buffer_for_instances(
                n,
                d,
                i,
                "dynamicDraw"
            ))),
            Op::CreateIb(n) => ibs.extend(chk!(c.create_index_buffer(n, "staticDraw"))),
            Op::UploadVb(i, d, s, n) => {
                if let Some(b) = pick(&vbs, i) {
                    chk!(c.vertex_buffer_upload_from_vector(b, &d, s, n));
                }
            }
            Op::UploadVbBytes(i, d, o, s, n) => {
                if let Some(b) = pick(&vbs, i) {
                    chk!(c.vertex_buffer_upload_from_byte_array(b, &d, o, s, n));
                }
            }
            Op::UploadIb(i, d, s, n) => {
                if let Some(b) = pick(&ibs, i) {
                    chk!(c.index_buffer_upload_from_vector(b, &d, s, n));
                }
            }
            Op::UploadIbBytes(i, d, o, s, n) => {
                if let Some(b) = pick(&ibs, i) {
                    chk!(c.index_buffer_upload_from_byte_array(b, &d, o, s, n));
                }
            }
            Op::CreateTexture(w, h, f, s) => texs.extend(chk!(c.create_texture(w, h, &f, true, s))),
            Op::CreateCube(s, f) => texs.extend(chk!(c.create_cube_texture(s, &f, true, 0))),
            Op::CreateRect(w, h, f) => {
                texs.extend(chk!(c.create_rectangle_texture(w, h, &f, true)))
            }
            Op::CreateVideo => texs.extend(chk!(c.create_video_texture())),
            Op::UploadBitmap(i, w, h, side, level) => {
                if let Some(t) = pick(&texs, i) {
                    let px = vec![0x8040_2010; (w * h) as usize];
                    if side == 7 {
                        chk!(c.texture_upload_from_bitmap_data_async(t, &px, w, h, level));
                    } else {
                        chk!(c.texture_upload_from_bitmap_data(t, &px, w, h, side, level));
                    }
                }
            }
            Op::UploadBytes(i, d, o, side, level) => {
                if let Some(t) = pick(&texs, i) {
                    chk!(c.texture_upload_from_byte_array(t, &d, o, side, level));
                }
            }
            Op::UploadAtf(i, d, a) => {
                if let Some(t) = pick(&texs, i) {
                    chk!(c.texture_upload_compressed_from_byte_array(t, &d, 0, a));
                }
            }
            Op::VideoFrame(i, w, h) => {
                if let Some(t) = pick(&texs, i) {
                    chk!(c.video_texture_attach_frame(t, &vec![0; (w * h) as usize], w, h));
                }
            }
            Op::CreateProgram => progs.extend(chk!(c.create_program())),
            Op::UploadProgram(i, mode, junk) => {
                if let Some(p) = pick(&progs, i) {
                    let (v, f) = match mode {
                        0 => (good_vs.clone(), good_fs.clone()),
                        1 => (junk.clone(), good_fs.clone()),
                        2 => (good_vs.clone(), junk.clone()),
                        _ => (good_fs.clone(), good_vs.clone()),
                    };
                    // A failed upload still frees the previous program: not checked as "nothing".
                    let _ = c.program_upload(p, &v, Endian::Little, &f, Endian::Little);
                }
            }
            Op::SetProgram(i) => run!((c.set_program(i.and_then(|i| pick(&progs, i))))),
            Op::SetVb(slot, i, o, f) => {
                chk!(c.set_vertex_buffer_at(slot, i.and_then(|i| pick(&vbs, i)), o, &f));
            }
            Op::SetTexture(slot, i) => {
                chk!(c.set_texture_at(slot, i.and_then(|i| pick(&texs, i))));
            }
            Op::SetSampler(s, a, b, d) => run!((c.set_sampler_state_at(s, &a, &b, &d))),
            Op::Constants(k, f, d, n) => {
                chk!(c.set_program_constants_from_vector(&k, f, &d, n));
            }
            Op::ConstantsBytes(k, f, n, d, o) => {
                chk!(c.set_program_constants_from_byte_array(&k, f, n, &d, o, Endian::Little));
            }
            Op::Blend(a, b) => run!((c.set_blend_factors(&a, &b))),
            Op::Depth(m, f) => run!((c.set_depth_test(m, &f))),
            Op::Culling(f) => run!((c.set_culling(&f))),
            Op::Stencil(a, b, d) => run!((c.set_stencil_actions(&a, &b, &d, &d, &d))),
            Op::StencilRef(a, b, d) => run!((c.set_stencil_reference_value(a, b, d))),
            Op::Scissor(r) => run!(
                (c.set_scissor_rectangle(r.map(|(x, y, width, height)| Rect {
                    x,
                    y,
                    width,
                    height
                }),))
            ),
            Op::RenderToTexture(i, d, aa, s, slot) => {
                run!((c.set_render_to_texture(i.and_then(|i| pick(&texs, i)), d, aa, s, slot,)))
            }
            Op::RenderToBackBuffer => run!((c.set_render_to_back_buffer())),
            Op::Draw(i, f, n) => run!((c.draw_triangles(i.and_then(|i| pick(&ibs, i)), f, n))),
            Op::DrawInstanced(i, k, f, n) => {
                chk!(c.draw_triangles_instanced(i.and_then(|i| pick(&ibs, i)), k, f, n));
            }
            Op::ReadBack(w, h, r, x, y) => {
                let mut dest = vec![0; (w * h) as usize];
                chk!(c.draw_to_bitmap_data(
                    &mut dest,
                    w,
                    h,
                    r.map(|(x, y, width, height)| Rect {
                        x,
                        y,
                        width,
                        height
                    }),
                    (x, y),
                ));
            }
            Op::DisposeVb(i) => pick(&vbs, i)
                .into_iter()
                .for_each(|b| c.vertex_buffer_dispose(b)),
            Op::DisposeIb(i) => pick(&ibs, i)
                .into_iter()
                .for_each(|b| c.index_buffer_dispose(b)),
            Op::DisposeTexture(i) => pick(&texs, i)
                .into_iter()
                .for_each(|t| c.texture_dispose(t)),
            Op::DisposeProgram(i) => pick(&progs, i)
                .into_iter()
                .for_each(|p| c.program_dispose(p)),
            Op::Fail(on) => {
                c.backend_mut().fail_with = on.then_some(BackendError::OutOfMemory);
            }
            Op::ErrorChecking(on) => run!((c.set_enable_error_checking(on))),
            Op::DisposeContext => c.dispose(false),
            Op::UnitError => {
                c.backend_mut().fail_next_unit_call = Some(BackendError::Driver {
                    call: "clear",
                    detail: "GL error 0x0502".into(),
                });
            }
            Op::Lose => c.backend_mut().fail_with = Some(BackendError::ContextLost),
        }
        let backend_failing = c.backend().fail_with.is_some() || unit_failing;
        let calls = c.backend_mut().take();
        if dead_before {
            assert!(
                calls.is_empty(),
                "a dead context reached the backend: {calls:?}"
            );
        }
        draws += calls.iter().filter(|c| matches!(c, Call::Draw(_))).count();
        watch.check(&calls, failed, backend_failing);
    }
    DRAWS.fetch_add(draws, std::sync::atomic::Ordering::Relaxed);
}

/// Draws that reached the backend across all cases (the sequences must reach real draws).
static DRAWS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn no_call_panics_baseline(ops in prop::collection::vec(any_op(), 0..60)) {
        run(Profile::Baseline, ops);
    }

    #[test]
    fn no_call_panics_standard_extended(ops in prop::collection::vec(any_op(), 0..60)) {
        run(Profile::StandardExtended, ops);
    }
}

#[test]
fn random_sequences_reach_the_backend() {
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let before = DRAWS.load(std::sync::atomic::Ordering::Relaxed);
    for _ in 0..64 {
        let ops = prop::collection::vec(any_op(), 20..60)
            .new_tree(&mut runner)
            .unwrap()
            .current();
        run(Profile::Standard, ops);
    }
    let drawn = DRAWS.load(std::sync::atomic::Ordering::Relaxed) - before;
    assert!(drawn > 0, "no random sequence reached a draw");
    eprintln!("{drawn} draws reached the backend in 64 random sequences");
}
