//! Kept draws (error checking off, Flash's asynchronous `drawTriangles`): a frame of draws
//! costs one entry into the context, and every call that reaches GL runs the kept draws first,
//! so what a draw read is what it had when it was called. Through `molehill_context3d::Context3D`,
//! pixels read back with `drawToBitmapData`, and through the `Backend` trait; counts, never
//! times.

use molehill_agal::{ProgramKind, Version};
use molehill_context3d::{Context3D, Endian, IndexBuffer3D, VertexBuffer3D};
use molehill_gl::{CallKind, ContextOptions, GlBackend, MAX_QUEUED_DRAWS};

const RED: u32 = 0xFFFF_0000;
const BLUE: u32 = 0xFF00_00FF;
const BLACK: u32 = 0xFF00_0000;

fn bytes(src: &str, kind: ProgramKind) -> Vec<u8> {
    molehill_agal::encode(&molehill_agal::asm::assemble(src, kind, Version::V1).expect("assembles"))
}

/// x y r g b a of a quad over `[x0, x1]` (clip space), full height, in one colour.
fn quad(x0: f64, x1: f64, rgb: [f64; 3]) -> Vec<f64> {
    let [r, g, b] = rgb;
    [(x0, 1.0), (x1, 1.0), (x1, -1.0), (x0, -1.0)]
        .iter()
        .flat_map(|&(x, y)| [x, y, r, g, b, 1.0])
        .collect()
}

/// A 64x64 context drawing vertex colours, with a quad's index buffer; cleared to black.
fn rig() -> (Context3D<GlBackend>, IndexBuffer3D) {
    let backend = GlBackend::headless(&ContextOptions::default()).expect("GL");
    let mut c = Context3D::request(backend, "auto", "baseline").expect("context");
    c.configure_back_buffer(64, 64, 0, false, false, false)
        .unwrap();
    use_program(&mut c, "mov oc, v0");
    let ib = c.create_index_buffer(6, "staticDraw").unwrap();
    c.index_buffer_upload_from_vector(ib, &[0, 1, 2, 0, 2, 3], 0, 6)
        .unwrap();
    c.clear(0.0, 0.0, 0.0, 1.0, 1.0, 0, 0xffff_ffff).unwrap();
    (c, ib)
}

/// Uploads and sets a program: position from `va0`, `v0` from `va1`, and `fragment`.
fn use_program(c: &mut Context3D<GlBackend>, fragment: &str) {
    let p = c.create_program().unwrap();
    c.program_upload(
        p,
        &bytes("mov op, va0\nmov v0, va1", ProgramKind::Vertex),
        Endian::Little,
        &bytes(fragment, ProgramKind::Fragment),
        Endian::Little,
    )
    .unwrap();
    c.set_program(Some(p)).unwrap();
}

fn vertices(c: &mut Context3D<GlBackend>, data: &[f64]) -> VertexBuffer3D {
    let vb = c.create_vertex_buffer(4, 6, "dynamicDraw").unwrap();
    c.vertex_buffer_upload_from_vector(vb, data, 0, 4).unwrap();
    use_vertices(c, vb);
    vb
}

fn use_vertices(c: &mut Context3D<GlBackend>, vb: VertexBuffer3D) {
    c.set_vertex_buffer_at(0, Some(vb), 0, "float2").unwrap();
    c.set_vertex_buffer_at(1, Some(vb), 2, "float4").unwrap();
}

/// The back buffer's pixel at (x, y), read with `drawToBitmapData`.
fn pixels(c: &mut Context3D<GlBackend>) -> impl Fn(usize, usize) -> u32 {
    let mut bmp = vec![0u32; 64 * 64];
    c.draw_to_bitmap_data(&mut bmp, 64, 64, None, (0, 0))
        .expect("drawToBitmapData");
    move |x, y| bmp[y * 64 + x]
}

#[test]
fn a_frame_of_draws_costs_one_entry() {
    let (mut c, ib) = rig();
    vertices(&mut c, &quad(-1.0, 0.0, [1.0, 0.0, 0.0]));
    let before = c.backend().call_counts();
    let queries = c.backend().current_queries();
    let kept = c.backend().deferred_draws();
    for i in 0..40 {
        // A change with every draw: constants and state travel with it.
        c.set_culling(if i % 2 == 0 { "back" } else { "none" })
            .unwrap();
        c.draw_triangles(Some(ib), 0, 2).unwrap();
    }
    assert_eq!(c.backend().call_counts().since(&before).total(), 0);
    assert_eq!(c.backend().current_queries(), queries, "no entry yet");
    assert_eq!(c.backend().queued_draws(), 40);
    c.present().unwrap();
    let spent = c.backend().call_counts().since(&before);
    assert_eq!(spent.get(CallKind::Draw), 40, "{spent:?}");
    assert_eq!(
        c.backend().current_queries(),
        queries + 1,
        "present's entry"
    );
    assert_eq!(c.backend().deferred_draws(), kept + 40);
    assert_eq!(c.backend().queued_draws(), 0);
}

#[test]
fn with_error_checking_on_each_draw_enters_at_once() {
    let (mut c, ib) = rig();
    vertices(&mut c, &quad(-1.0, 0.0, [1.0, 0.0, 0.0]));
    c.draw_triangles(Some(ib), 0, 2).unwrap();
    assert_eq!(c.backend().queued_draws(), 1);
    // Turning checking on runs what was kept (its errors were not to be reported).
    c.set_enable_error_checking(true).unwrap();
    assert_eq!(c.backend().queued_draws(), 0);
    let before = c.backend().call_counts();
    let queries = c.backend().current_queries();
    c.draw_triangles(Some(ib), 0, 2).unwrap();
    assert_eq!(c.backend().queued_draws(), 0);
    let spent = c.backend().call_counts().since(&before);
    assert_eq!(spent.get(CallKind::Draw), 1, "{spent:?}");
    assert_eq!(c.backend().current_queries(), queries + 1);
}

#[test]
fn an_upload_after_a_draw_does_not_reach_the_kept_draw() {
    let (mut c, ib) = rig();
    let vb = vertices(&mut c, &quad(-1.0, 0.0, [1.0, 0.0, 0.0]));
    c.draw_triangles(Some(ib), 0, 2).unwrap();
    // Same buffer, new vertices: the right half in blue.
    c.vertex_buffer_upload_from_vector(vb, &quad(0.0, 1.0, [0.0, 0.0, 1.0]), 0, 4)
        .unwrap();
    c.draw_triangles(Some(ib), 0, 2).unwrap();
    let at = pixels(&mut c);
    assert_eq!(at(10, 32), RED, "the first draw read the first upload");
    assert_eq!(at(54, 32), BLUE);
}

#[test]
fn a_texture_upload_after_a_draw_does_not_reach_the_kept_draw() {
    let (mut c, ib) = rig();
    use_program(
        &mut c,
        "tex ft0, v0, fs0 <2d,clamp,nearest,mipnone>\nmov oc, ft0",
    );
    let tex = c.create_texture(1, 1, "bgra", false, 0).unwrap();
    c.texture_upload_from_bitmap_data(tex, &[RED], 1, 1, 0, 0)
        .unwrap();
    c.set_texture_at(0, Some(tex)).unwrap();
    vertices(&mut c, &quad(-1.0, 0.0, [0.5, 0.5, 0.0]));
    c.draw_triangles(Some(ib), 0, 2).unwrap();
    c.texture_upload_from_bitmap_data(tex, &[BLUE], 1, 1, 0, 0)
        .unwrap();
    let right = vertices(&mut c, &quad(0.0, 1.0, [0.5, 0.5, 0.0]));
    c.draw_triangles(Some(ib), 0, 2).unwrap();
    // Disposing what the kept draw reads runs it first, too.
    assert_eq!(c.backend().queued_draws(), 1);
    c.vertex_buffer_dispose(right);
    assert_eq!(c.backend().queued_draws(), 0);
    let at = pixels(&mut c);
    assert_eq!(at(10, 32), RED, "the first draw sampled the first upload");
    assert_eq!(at(54, 32), BLUE);
}

#[test]
fn more_draws_than_the_queue_holds_all_land_in_order() {
    let (mut c, ib) = rig();
    let red = quad(-1.0, 0.0, [1.0, 0.0, 0.0]);
    let blue = quad(-1.0, 0.0, [0.0, 0.0, 1.0]);
    let vb_red = vertices(&mut c, &red);
    let vb_blue = vertices(&mut c, &blue);
    let before = c.backend().call_counts();
    // The draw that finds the queue full runs the first MAX_QUEUED_DRAWS and is kept; the
    // last ten run at the read. Each run must keep the order: the last draw (an odd index,
    // blue) ends on top, where a run backwards would leave its first (even, red).
    let n = MAX_QUEUED_DRAWS + 10;
    for i in 0..n {
        use_vertices(&mut c, if i % 2 == 0 { vb_red } else { vb_blue });
        c.draw_triangles(Some(ib), 0, 2).unwrap();
        assert!(c.backend().queued_draws() <= MAX_QUEUED_DRAWS);
    }
    assert_eq!(c.backend().queued_draws(), 10);
    let at = pixels(&mut c);
    assert_eq!(at(10, 32), BLUE);
    assert_eq!(at(54, 32), BLACK);
    let spent = c.backend().call_counts().since(&before);
    assert_eq!(spent.get(CallKind::Draw), n as u64, "{spent:?}");
}

#[test]
fn a_lost_context_drops_the_kept_draws() {
    let (mut c, ib) = rig();
    vertices(&mut c, &quad(-1.0, 1.0, [1.0, 0.0, 0.0]));
    c.draw_triangles(Some(ib), 0, 2).unwrap();
    assert_eq!(c.backend().queued_draws(), 1);
    c.backend_mut().lose_context();
    assert_eq!(c.backend().queued_draws(), 0);
    assert_eq!(c.present().unwrap_err().id, 3694);
}

/// A caller of the trait that sets state and constants with their own calls (not with the
/// draw): each applies to the draws after it, not to the kept draws before it.
#[test]
fn set_calls_between_kept_draws_apply_to_the_draws_after_them() {
    use crate::common::{Rig, CONST_COLOR_FS, POS_COLOR_VS};
    use molehill_context3d::{Backend, TriangleFace};
    let mut r = Rig::new(64, 64);
    let p = r.program(POS_COLOR_VS, CONST_COLOR_FS);
    let left = r.color_quad([-1.0, -1.0, 0.0, 1.0], 0.0, [1.0; 4]);
    let right = r.color_quad([0.0, -1.0, 1.0, 1.0], 0.0, [1.0; 4]);
    r.clear([0.0, 0.0, 0.0, 1.0]);
    r.b.set_program_constants(ProgramKind::Fragment, 0, &[[1.0, 0.0, 0.0, 1.0]]);
    r.keep_draw_color(p, left).unwrap();
    r.b.set_program_constants(ProgramKind::Fragment, 0, &[[0.0, 0.0, 1.0, 1.0]]);
    r.keep_draw_color(p, right).unwrap();
    // Both quads are clockwise on screen: culling the front faces hides the third draw.
    r.b.set_culling(TriangleFace::Front);
    r.b.set_program_constants(ProgramKind::Fragment, 0, &[[0.0, 1.0, 0.0, 1.0]]);
    r.keep_draw_color(p, left).unwrap();
    assert_eq!(r.b.queued_draws(), 3);
    let px = r.read();
    assert_eq!(r.at(&px, 10, 32), RED, "the first draw kept its constant");
    assert_eq!(r.at(&px, 54, 32), BLUE);
}

/// A 32x32 player, a rig on its context cleared to black, a vertex-colour program and a red
/// quad over the whole target (the player outlives the rig when bound in this order).
fn in_the_players_context() -> (
    crate::common::player::Player,
    crate::common::Rig,
    molehill_context3d::ProgramId,
    (
        molehill_context3d::VertexBufferId,
        molehill_context3d::IndexBufferId,
    ),
) {
    use crate::common::{Rig, COLOR_FS, POS_COLOR_VS};
    let player = crate::common::player::Player::new(32);
    let b = GlBackend::on_host_context(player.host_context()).expect("backend on host");
    let mut r = Rig::on(b, 32, 32);
    r.clear([0.0, 0.0, 0.0, 1.0]);
    let p = r.program(POS_COLOR_VS, COLOR_FS);
    let q = r.color_quad([-1.0, -1.0, 1.0, 1.0], 0.0, [1.0, 0.0, 0.0, 1.0]);
    (player, r, p, q)
}

/// In the player's context: the player draws between Molehill's calls while a Molehill draw
/// is kept; the kept draw runs at Molehill's next call, into Molehill's target, and the player
/// finds its state and its picture as it left them.
#[test]
fn a_kept_draw_in_the_players_context_leaves_the_player_alone() {
    let (player, mut r, p, q) = in_the_players_context();
    let bound = player.bound();
    r.keep_draw_color(p, q).unwrap();
    assert_eq!(r.b.queued_draws(), 1);
    player.draw([0.0, 0.0, 1.0, 1.0]);
    assert_eq!(player.bound(), bound, "the kept draw touched no GL state");
    let px = r.read();
    assert_eq!(
        r.at(&px, 16, 16),
        RED,
        "the kept draw ran into Molehill's target"
    );
    assert_eq!(
        player.bound(),
        bound,
        "the read put the player's state back"
    );
    assert_eq!(player.pixels()[16 * 32 + 16], [0, 0, 255, 255]);
    assert_eq!(player.gl_error(), glow::NO_ERROR);
}

/// The draw that finds the queue full enters the context to run it; when the context is gone
/// (here: another one current in place of the player's), the kept draws go with it and that
/// draw fails instead of being kept on a lost backend.
#[test]
fn a_full_queue_that_finds_the_context_gone_fails_the_draw() {
    use molehill_context3d::BackendError;
    use molehill_gl::GlContext;
    let (_player, mut r, p, q) = in_the_players_context();
    for _ in 0..MAX_QUEUED_DRAWS {
        r.keep_draw_color(p, q).unwrap();
    }
    let other = GlContext::headless(&ContextOptions::default()).expect("other context");
    other.make_current().unwrap();
    assert_eq!(r.keep_draw_color(p, q), Err(BackendError::ContextLost));
    assert_eq!(r.b.queued_draws(), 0);
    assert!(r.b.is_lost());
}
