//! What a lost backend leaves in the player's live GL context: nothing, once the player's
//! context is current again, in every order of loss and destroy. A second EGL context plays
//! the player and counts its objects with `glIs*` before Molehill's stage and after it.

use std::cell::Cell;
use std::rc::Rc;

use crate::common::player::{Objects, Player};
use crate::common::*;
use molehill_context3d::*;
use molehill_gl::{ContextOptions, GlBackend, GlContext, HostRestore};

/// A stage that made one object of every kind Molehill makes in the player's context: a
/// program (two shaders), buffers, a vertex array, a sampled texture and its sampler, a
/// render-to-texture target with depth (framebuffer, renderbuffer), a back buffer with depth,
/// and presented frames (frame textures and their framebuffer).
fn busy_stage(player: &Player) -> Rig {
    let b = GlBackend::on_host_context(player.host_context()).expect("backend on host");
    let mut r = Rig::on(b, 16, 16);
    let t = r.texture(TextureKind::TwoD, TextureFormat::Bgra, 2, 2, 1, false);
    r.upload(t, 0, 0, 2, 2, TextureData::Bgra8(&[0x80; 16]));
    r.draw_texture(t, TEX_FS, nearest());
    let target = r.texture(TextureKind::TwoD, TextureFormat::Bgra, 8, 8, 1, true);
    r.b.set_render_target(&RenderTarget::Textures {
        colors: [
            Some(ColorAttachment {
                texture: target,
                face: 0,
            }),
            None,
            None,
            None,
        ],
        depth_and_stencil: true,
        anti_alias: 0,
    });
    r.clear([0.0, 1.0, 0.0, 1.0]);
    r.b.set_render_target(&RenderTarget::BackBuffer);
    let p = r.program(POS_COLOR_VS, COLOR_FS);
    let q = r.color_quad([-0.5, -0.5, 0.5, 0.5], 0.0, [0.0, 0.0, 1.0, 1.0]);
    r.draw_color(p, q);
    r.b.present().expect("present");
    r.b.present().expect("second present: both frame textures");
    assert!(r.b.frame().is_some());
    r
}

/// A `Context3D` in the player's context, its back buffer configured (32 x 32, depth).
fn context_in(player: &Player) -> Context3D<GlBackend> {
    let b = GlBackend::on_host_context(player.host_context()).expect("backend on host");
    let mut ctx = Context3D::request(b, "auto", "baseline").expect("context");
    ctx.configure_back_buffer(32, 32, 0, true, false, false)
        .expect("back buffer");
    ctx
}

/// The player's objects now, and a check that the stage made some of every kind.
fn objects_with_stage(player: &Player, before: Objects) -> Objects {
    let during = player.objects();
    assert!(during.textures > before.textures, "{during:?}");
    assert!(during.buffers > before.buffers, "{during:?}");
    assert!(during.framebuffers > before.framebuffers, "{during:?}");
    assert!(during.renderbuffers > before.renderbuffers, "{during:?}");
    assert!(during.programs > before.programs, "{during:?}");
    assert!(during.vertex_arrays > before.vertex_arrays, "{during:?}");
    assert!(during.samplers > before.samplers, "{during:?}");
    during
}

/// Makes a call with another context current: the backend is lost (#3694 through
/// context3d), makes no GL call, and keeps its objects for later.
fn lose_with_another_context_current(r: &mut Rig) -> GlContext {
    let other = GlContext::headless(&ContextOptions::default()).expect("other context");
    other.make_current().expect("other current");
    let calls = r.b.call_counts();
    r.clear([1.0, 0.0, 0.0, 1.0]);
    assert!(r.b.is_lost());
    assert_eq!(
        r.b.call_counts(),
        calls,
        "no GL call into the wrong context"
    );
    assert!(r.b.has_orphaned_objects());
    assert!(r.b.frame().is_none(), "a lost backend hands out no frame");
    other
}

#[test]
fn lost_then_destroyed_with_the_players_context_current_leaves_nothing() {
    let mut player = Player::new(16);
    let before = player.objects();
    let mut r = busy_stage(&player);
    objects_with_stage(&player, before);
    let _other = lose_with_another_context_current(&mut r);
    player.make_current();
    drop(r);
    assert_eq!(player.objects(), before);
    assert_eq!(player.gl_error(), glow::NO_ERROR);
}

#[test]
fn lost_then_the_next_call_with_the_players_context_current_deletes_them() {
    let mut player = Player::new(16);
    let before = player.objects();
    let mut r = busy_stage(&player);
    let _other = lose_with_another_context_current(&mut r);
    player.make_current();
    let state = player.bound();
    // Still lost (Flash content recreates on context3DCreate), but the objects go now.
    assert_eq!(r.b.present(), Err(BackendError::ContextLost));
    assert!(!r.b.has_orphaned_objects());
    assert_eq!(player.objects(), before);
    assert_eq!(player.bound(), state, "the player's state untouched");
    drop(r);
    assert_eq!(player.objects(), before);
    assert_eq!(player.gl_error(), glow::NO_ERROR);
}

#[test]
fn lost_with_no_context_current_then_destroyed_leaves_nothing() {
    let mut player = Player::new(16);
    let before = player.objects();
    let mut r = busy_stage(&player);
    GlContext::release_current().expect("release");
    assert_eq!(r.b.present(), Err(BackendError::ContextLost));
    // Calls while nothing is current delete nothing and make no GL call.
    let calls = r.b.call_counts();
    assert_eq!(r.b.present(), Err(BackendError::ContextLost));
    assert_eq!(r.b.call_counts(), calls);
    assert!(r.b.has_orphaned_objects());
    player.make_current();
    drop(r);
    assert_eq!(player.objects(), before);
}

#[test]
fn lost_while_molehills_state_was_bound_leaves_nothing() {
    // HostRestore::AtPresent: Molehill's state stays bound between calls, so at the loss the
    // player's context still had Molehill's objects bound.
    let mut player = Player::new(16);
    let before = player.objects();
    let state = player.bound();
    let mut r = busy_stage(&player);
    r.b.set_host_restore(HostRestore::AtPresent);
    let p = r.program(POS_COLOR_VS, COLOR_FS);
    let q = r.color_quad([-0.5, -0.5, 0.5, 0.5], 0.0, [0.0, 1.0, 0.0, 1.0]);
    r.clear([0.0, 0.0, 0.0, 1.0]);
    r.draw_color(p, q);
    assert_ne!(
        player.bound(),
        state,
        "Molehill's state in place (AtPresent)"
    );
    let _other = lose_with_another_context_current(&mut r);
    player.make_current();
    // What an AtPresent host does before it draws: its state comes back, and the objects go.
    r.b.restore_host_state();
    assert!(!r.b.has_orphaned_objects());
    assert_eq!(player.bound(), state, "the player's state put back");
    assert_eq!(player.objects(), before);
    drop(r);
    assert_eq!(player.objects(), before);
    assert_eq!(player.gl_error(), glow::NO_ERROR);
}

#[test]
fn lost_then_reported_lost_deletes_nothing_later() {
    // The player saw its context go after the broken contract: lose_context() forgets the
    // objects, and nothing is deleted in whatever context is current later.
    let mut player = Player::new(16);
    let before = player.objects();
    let mut r = busy_stage(&player);
    let during = objects_with_stage(&player, before);
    let _other = lose_with_another_context_current(&mut r);
    r.b.lose_context();
    assert!(!r.b.has_orphaned_objects());
    player.make_current();
    drop(r);
    assert_eq!(player.objects(), during);
}

#[test]
fn through_context3d_dispose_deletes_what_a_loss_left() {
    // Context3D's calls stop at the loss (#3694 before the backend), so content's dispose()
    // is what reaches the backend again.
    let mut player = Player::new(16);
    let before = player.objects();
    let mut ctx = context_in(&player);
    let vb = ctx
        .create_vertex_buffer(3, 2, "staticDraw")
        .expect("buffer");
    ctx.vertex_buffer_upload_from_vector(vb, &[0.0; 6], 0, 3)
        .expect("upload");
    ctx.clear(0.0, 0.0, 0.0, 1.0, 1.0, 0, 0xffff_ffff)
        .expect("clear");
    ctx.present().expect("present");
    assert_ne!(player.objects(), before);
    let other = GlContext::headless(&ContextOptions::default()).expect("other");
    other.make_current().expect("other current");
    let e = ctx.present().expect_err("present in another context");
    assert_eq!(e.id, 3694, "{}", e.message);
    player.make_current();
    let e = ctx
        .clear(0.0, 0.0, 0.0, 1.0, 1.0, 0, 0xffff_ffff)
        .expect_err("still lost");
    assert_eq!(e.id, 3694, "{}", e.message);
    assert!(
        ctx.backend().has_orphaned_objects(),
        "no call reached the backend"
    );
    ctx.dispose(false);
    assert!(!ctx.backend().has_orphaned_objects());
    assert_eq!(player.objects(), before);
}

#[test]
fn a_failing_hook_then_a_working_one_leaves_nothing() {
    let mut player = Player::new(16);
    let before = player.objects();
    let working = Rc::new(Cell::new(true));
    let w = working.clone();
    let host = player.host_context().with_make_current(Box::new(move || {
        if w.get() {
            Ok(())
        } else {
            Err("window hidden".to_string())
        }
    }));
    let b = GlBackend::on_host_context(host).expect("backend");
    let mut r = Rig::on(b, 16, 16);
    let p = r.program(POS_COLOR_VS, COLOR_FS);
    let q = r.color_quad([-0.5, -0.5, 0.5, 0.5], 0.0, [0.0, 0.0, 1.0, 1.0]);
    r.draw_color(p, q);
    r.b.present().expect("present");
    working.set(false);
    assert_eq!(r.b.present(), Err(BackendError::ContextLost));
    assert!(r.b.has_orphaned_objects());
    working.set(true);
    player.make_current();
    drop(r);
    assert_eq!(player.objects(), before);
}

#[test]
fn destroyed_without_a_loss_leaves_nothing() {
    let player = Player::new(16);
    let before = player.objects();
    let r = busy_stage(&player);
    drop(r);
    assert_eq!(player.objects(), before);
}

#[test]
fn a_context_reported_lost_forgets_its_objects() {
    // The player saw a device reset and says so: the objects went with the context, and
    // nothing is deleted later (the names may belong to someone else by then).
    let player = Player::new(16);
    let before = player.objects();
    let mut r = busy_stage(&player);
    let during = objects_with_stage(&player, before);
    r.b.lose_context();
    assert!(!r.b.has_orphaned_objects());
    let calls = r.b.call_counts();
    assert_eq!(r.b.present(), Err(BackendError::ContextLost));
    assert_eq!(r.b.call_counts(), calls, "no GL call after a reported loss");
    drop(r);
    // The context here was not really reset, so the names are still there: Molehill
    // deleted nothing, as it must not after a real reset.
    assert_eq!(player.objects(), during);
}

#[test]
fn through_context3d_a_clear_in_a_context_not_current_is_3694_at_once() {
    let mut player = Player::new(16);
    let before = player.objects();
    let mut ctx = context_in(&player);
    for checking in [false, true] {
        ctx.set_enable_error_checking(checking).expect("checking");
        ctx.clear(0.0, 0.0, 0.0, 1.0, 1.0, 0, 0xffff_ffff)
            .expect("clear while current");
    }
    let other = GlContext::headless(&ContextOptions::default()).expect("other");
    other.make_current().expect("other current");
    let e = ctx
        .clear(1.0, 0.0, 0.0, 1.0, 1.0, 0, 0xffff_ffff)
        .expect_err("clear while another context is current");
    assert_eq!(e.id, 3694, "{}", e.message);
    assert!(ctx.is_lost());
    player.make_current();
    drop(ctx);
    assert_eq!(player.objects(), before);
}

#[test]
fn a_sharing_backend_dropped_deletes_its_objects_from_the_share_group() {
    let player = Player::new(16);
    let before = player.objects();
    let display = player.ctx.egl_display().expect("EGL display").clone();
    let b = GlBackend::sharing(&display, &player.ctx, &ContextOptions::default()).expect("share");
    let mut r = Rig::on(b, 16, 16);
    let p = r.program(POS_COLOR_VS, COLOR_FS);
    let q = r.color_quad([-0.5, -0.5, 0.5, 0.5], 0.0, [0.0, 0.0, 1.0, 1.0]);
    r.draw_color(p, q);
    r.b.present().expect("present");
    assert!(player.ctx.is_current());
    let during = player.objects();
    assert!(during.textures > before.textures, "{during:?}");
    assert!(during.buffers > before.buffers, "{during:?}");
    assert!(during.programs > before.programs, "{during:?}");
    drop(r);
    assert!(player.ctx.is_current());
    // Framebuffers and vertex arrays are not shared; the rest is, and is gone.
    let after = player.objects();
    assert_eq!(
        (after.textures, after.buffers, after.programs, after.shaders),
        (
            before.textures,
            before.buffers,
            before.programs,
            before.shaders
        )
    );
}
