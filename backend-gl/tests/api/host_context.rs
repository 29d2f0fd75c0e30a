//! Molehill inside a player's GL context: a second EGL context plays the host.

use crate::common::player::{texture_argb, Player};
use crate::common::*;
use glow::HasContext;
use molehill_context3d::{Backend, BackendError, PixelRect};
use molehill_gl::{ContextError, ContextOptions, GlApi, GlBackend, GlContext, HostContext};

const BLUE: [f32; 4] = [0.0, 0.0, 1.0, 1.0];

fn check_frame(px: &[u32], size: u32, clear: u32, quad: u32, what: &str) {
    let at = |x: u32, y: u32| px[(y * size + x) as usize];
    assert_px(at(1, 1), clear, 1, &format!("{what}: corner"));
    assert_px(at(size / 2, size / 2), quad, 1, &format!("{what}: middle"));
}

/// The reported failure: a host made its own EGL context current between two Molehill
/// frames; Molehill's next frame read back all zeros and left GL_INVALID_FRAMEBUFFER_OPERATION
/// in the host's context.
#[test]
fn host_context_current_between_frames_regression() {
    let mut r = Rig::new(16, 16);
    let px = r.quad_frame([1.0, 0.0, 0.0, 1.0], [0.0, 1.0, 0.0, 1.0]);
    check_frame(
        &px,
        16,
        argb(255, 255, 0, 0),
        argb(255, 0, 255, 0),
        "frame 1",
    );

    let mut player = Player::new(16);
    player.make_current();
    player.draw([1.0, 1.0, 0.0, 1.0]);
    assert_eq!(player.gl_error(), glow::NO_ERROR);

    let px = r.quad_frame([0.0, 0.0, 1.0, 1.0], [1.0, 1.0, 1.0, 1.0]);
    check_frame(
        &px,
        16,
        argb(255, 0, 0, 255),
        argb(255, 255, 255, 255),
        "frame 2",
    );
    // The player's context is current again and clean; its pixels are its own.
    assert!(
        player.ctx.is_current(),
        "Molehill left its own context current"
    );
    assert_eq!(player.gl_error(), glow::NO_ERROR);
    let p = player.pixels();
    assert_eq!(p[(8 * 16 + 8) as usize], [255, 255, 0, 255]);
}

#[test]
fn molehill_in_the_players_context_leaves_its_state_and_pixels() {
    let player = Player::new(32);
    player.draw([1.0, 0.0, 0.0, 1.0]);
    let before = player.bound();
    let b = GlBackend::on_host_context(player.host_context()).expect("backend on host");
    let mut r = Rig::on(b, 16, 16);
    let calls = r.b.call_counts();
    let px = r.quad_frame([0.0, 0.0, 0.0, 1.0], BLUE);
    check_frame(
        &px,
        16,
        argb(255, 0, 0, 0),
        argb(255, 0, 0, 255),
        "molehill",
    );
    assert!(r.b.call_counts().since(&calls).total() > 0);
    assert_eq!(player.bound(), before, "the player's bound state changed");
    assert_eq!(player.gl_error(), glow::NO_ERROR);

    // The player draws on: green over its red, inside its scissor only.
    player.draw([0.0, 1.0, 0.0, 1.0]);
    let p = player.pixels();
    assert_eq!(p[16 * 32 + 16], [0, 255, 0, 255], "inside the scissor");
    assert_eq!(p[0], [0, 0, 0, 0], "outside the scissor: never drawn");
    assert_eq!(p[5 * 32 + 5], [0, 255, 0, 255]);

    // The frame texture equals the read-back of the same frame.
    let f = r.b.frame().expect("frame texture");
    assert_eq!((f.width, f.height, f.sequence), (16, 16, 1));
    assert!(f.fence.is_none(), "same context: no fence");
    let tex = texture_argb(player.gl(), f.texture, 16, 16);
    assert_eq!(tex, px);
    assert_eq!(player.bound(), before);
}

#[test]
fn host_state_changed_is_captured_again() {
    let mut player = Player::new(32);
    let b = GlBackend::on_host_context(player.host_context()).expect("backend on host");
    let mut r = Rig::on(b, 16, 16);
    r.quad_frame([0.0, 0.0, 0.0, 1.0], BLUE);
    // The player changes its state behind Molehill's back, and says so.
    // SAFETY: the player's context is current.
    unsafe {
        let gl = player.gl();
        gl.disable(glow::BLEND);
        gl.viewport(2, 2, 20, 20);
        gl.bind_framebuffer(glow::FRAMEBUFFER, None);
        gl.active_texture(glow::TEXTURE1);
    }
    let changed = player.bound();
    r.b.host_state_changed();
    let px = r.quad_frame([1.0, 0.0, 0.0, 1.0], BLUE);
    check_frame(
        &px,
        16,
        argb(255, 255, 0, 0),
        argb(255, 0, 0, 255),
        "after the change",
    );
    assert_eq!(player.bound(), changed);
    assert_eq!(player.gl_error(), glow::NO_ERROR);
    let _ = &mut player;
}

#[test]
fn frames_are_double_buffered() {
    let player = Player::new(32);
    let b = GlBackend::on_host_context(player.host_context()).expect("backend on host");
    let mut r = Rig::on(b, 32, 32);
    let a = r.quad_frame([1.0, 0.0, 0.0, 1.0], BLUE);
    let fa = r.b.frame().unwrap();
    let b2 = r.quad_frame([0.0, 1.0, 0.0, 1.0], BLUE);
    let fb = r.b.frame().unwrap();
    assert_ne!(fa.texture, fb.texture, "two textures");
    assert_eq!(fb.sequence, 2);
    // Frame 1's texture still holds frame 1 while frame 2 is out.
    assert_eq!(texture_argb(player.gl(), fa.texture, 32, 32), a);
    assert_eq!(texture_argb(player.gl(), fb.texture, 32, 32), b2);
    r.quad_frame([0.0, 0.0, 1.0, 1.0], BLUE);
    assert_eq!(
        r.b.frame().unwrap().texture,
        fa.texture,
        "the ring reuses frame 1's"
    );
    // A new back buffer size: the next frame texture has it.
    r.b.configure_back_buffer(&molehill_context3d::BackBufferConfig {
        width: 48,
        height: 40,
        anti_alias: 0,
        depth_and_stencil: false,
    })
    .unwrap();
    (r.width, r.height) = (48, 40);
    let px = r.quad_frame([0.0, 1.0, 1.0, 1.0], BLUE);
    let f = r.b.frame().unwrap();
    assert_eq!((f.width, f.height, f.sequence), (48, 40, 4));
    assert_eq!(texture_argb(player.gl(), f.texture, 48, 40), px);
}

#[test]
fn a_loader_without_gl_or_without_a_current_context_is_refused() {
    // A loader that finds nothing.
    // SAFETY: the loader returns null for every name; nothing is called through it.
    let e = unsafe { HostContext::from_loader(GlApi::Es30, |_| std::ptr::null()) }.unwrap_err();
    assert!(matches!(e, ContextError::HostLoader("glGetString")), "{e}");
    // A real loader with no context current (glow would panic reading GL_VERSION).
    let player = Player::new(32);
    GlContext::release_current().unwrap();
    // SAFETY: the loader gives the player's display's entry points.
    let e = unsafe { HostContext::from_loader(GlApi::Es30, |n| player.ctx.get_proc_address(n)) }
        .unwrap_err();
    assert!(
        matches!(
            e,
            ContextError::HostNotCurrent {
                found: "no context"
            }
        ),
        "{e}"
    );
}

#[test]
fn a_sharing_context_hands_fenced_frames_to_the_host() {
    let mut player = Player::new(16);
    let display = player.ctx.egl_display().expect("EGL display").clone();
    let b = GlBackend::sharing(&display, &player.ctx, &ContextOptions::default()).expect("share");
    assert!(
        player.ctx.is_current(),
        "the player's context is current again"
    );
    let mut r = Rig::on(b, 16, 16);
    let px = r.quad_frame([0.0, 1.0, 0.0, 1.0], BLUE);
    assert!(player.ctx.is_current());
    let f = r.b.frame().expect("frame");
    assert!(f.fence.is_some(), "different contexts: fenced");
    player.make_current();
    f.wait(player.gl());
    assert_eq!(texture_argb(player.gl(), f.texture, 16, 16), px);
    r.b.frame_released(&f, player.gl());
    // Frames 2 and 3: frame 3 goes into frame 1's texture, after the player's release.
    r.quad_frame([1.0, 0.0, 0.0, 1.0], BLUE);
    let px3 = r.quad_frame([1.0, 1.0, 0.0, 1.0], BLUE);
    let f3 = r.b.frame().expect("frame 3");
    assert_eq!(f3.texture, f.texture);
    f3.wait(player.gl());
    assert_eq!(texture_argb(player.gl(), f3.texture, 16, 16), px3);
    assert_eq!(player.gl_error(), glow::NO_ERROR);
}

#[test]
fn a_host_breaking_the_contract_gets_typed_errors() {
    // Another context current: the call fails before any GL call, as a lost context.
    let player = Player::new(32);
    let b = GlBackend::on_host_context(player.host_context()).expect("backend on host");
    let mut r = Rig::on(b, 32, 32);
    let other = GlContext::headless(&ContextOptions::default()).expect("other");
    other.make_current().unwrap();
    let calls = r.b.call_counts();
    let e = r.b.read_back_buffer(PixelRect {
        x: 0,
        y: 0,
        width: 32,
        height: 32,
    });
    assert_eq!(e, Err(BackendError::ContextLost));
    assert_eq!(
        r.b.call_counts(),
        calls,
        "no GL call into the wrong context"
    );
    assert!(matches!(
        r.b.context_error(),
        Some(ContextError::HostNotCurrent {
            found: "another context"
        })
    ));
    assert!(r.b.is_lost());
    assert_eq!(r.b.present(), Err(BackendError::ContextLost));

    // No context current at all: the host gave its context up.
    let player = Player::new(32);
    let b = GlBackend::on_host_context(player.host_context()).expect("backend on host");
    let mut r = Rig::on(b, 32, 32);
    GlContext::release_current().expect("release");
    assert_eq!(r.b.present(), Err(BackendError::ContextLost));
    let text = r.b.context_error().expect("typed error").to_string();
    assert!(text.contains("no context"), "{text}");

    // A failing make-current hook.
    let player = Player::new(32);
    let host = player
        .host_context()
        .with_make_current(Box::new(|| Err("window closed".to_string())));
    match GlBackend::on_host_context(host) {
        Err(ContextError::HostHook(why)) => assert_eq!(why, "window closed"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn through_context3d_a_broken_contract_is_3694() {
    let player = Player::new(32);
    let b = GlBackend::on_host_context(player.host_context()).expect("backend on host");
    let mut ctx = molehill_context3d::Context3D::request(b, "auto", "baseline").expect("context");
    ctx.configure_back_buffer(32, 32, 0, false, false, false)
        .expect("back buffer");
    let other = GlContext::headless(&ContextOptions::default()).expect("other");
    other.make_current().unwrap();
    let e = ctx.present().unwrap_err();
    assert_eq!(e.id, 3694, "{}", e.message);
    assert!(ctx.is_lost());
}

#[test]
fn making_a_backend_keeps_the_players_context_current() {
    let player = Player::new(32);
    assert!(player.ctx.is_current());
    let mut r = Rig::new(32, 32);
    assert!(
        player.ctx.is_current(),
        "creation left Molehill's context current"
    );
    r.quad_frame([0.0, 0.0, 0.0, 1.0], BLUE);
    assert!(
        player.ctx.is_current(),
        "a call left Molehill's context current"
    );
    assert_eq!(player.gl_error(), glow::NO_ERROR);
}

/// The player's state is captured once (126 GL queries), then trusted until the player says
/// it changed; the restore sets only what Molehill changed.
#[test]
fn the_players_state_is_captured_once_until_it_changes() {
    use molehill_gl::CallKind;
    let player = Player::new(32);
    let b = GlBackend::on_host_context(player.host_context()).expect("backend on host");
    let mut r = Rig::on(b, 32, 32);
    r.quad_frame([0.0, 0.0, 0.0, 1.0], BLUE);
    let p = r.program(POS_COLOR_VS, COLOR_FS);
    let q = r.color_quad([-0.5, -0.5, 0.5, 0.5], 0.0, BLUE);
    r.draw_color(p, q);
    let before = r.b.call_counts();
    r.draw_color(p, q);
    let second = r.b.call_counts().since(&before);
    // No capture; the draw sets its state back up and the exit puts the player's back.
    assert_eq!(
        second.get(CallKind::Query),
        1,
        "one renderbuffer-binding check"
    );
    assert_eq!(second.get(CallKind::Draw), 1);
    assert!(second.state_changes() > 2, "{second:?}");

    r.b.host_state_changed();
    let before = r.b.call_counts();
    r.draw_color(p, q);
    let captured = r.b.call_counts().since(&before);
    // 126 capture queries (64 for the 16 units) and the renderbuffer check at the exit.
    assert_eq!(
        captured.get(CallKind::Query),
        127,
        "capture after host_state_changed: {captured:?}"
    );
    assert_eq!(player.gl_error(), glow::NO_ERROR);
}

#[test]
fn molehill_in_a_desktop_players_context() {
    let player = Player::with_api(32, molehill_gl::GlApi::Desktop33);
    player.draw([1.0, 0.0, 0.0, 1.0]);
    // SAFETY: the player's context is current; a desktop capability.
    unsafe { player.gl().enable(glow::FRAMEBUFFER_SRGB) };
    let before = player.bound();
    let b = GlBackend::on_host_context(player.host_context()).expect("backend on host");
    assert_eq!(b.dialect(), molehill_agal::glsl::Dialect::Glsl330);
    let mut r = Rig::on(b, 32, 32);
    let px = r.quad_frame([0.0, 0.0, 0.0, 1.0], BLUE);
    check_frame(&px, 32, argb(255, 0, 0, 0), argb(255, 0, 0, 255), "desktop");
    assert_eq!(player.bound(), before);
    // SAFETY: the player's context is current.
    assert!(unsafe { player.gl().is_enabled(glow::FRAMEBUFFER_SRGB) });
    assert_eq!(player.gl_error(), glow::NO_ERROR);
}

/// `CurrentCheck::AtPresent`: between presents a backend on its own context trusts that the
/// context is still current. A player that makes its own context current mid-frame says so
/// (`context_may_have_changed`); one that does so between frames is noticed at the next
/// frame's first call. Either way Molehill draws into its own context and puts the player's
/// back, which keeps its contents and has no GL error.
#[test]
fn checking_at_present_notices_the_players_context_when_told_or_at_the_next_frame() {
    use molehill_gl::CurrentCheck;
    let mut player = Player::new(32);
    player.make_current();
    player.draw([0.0, 1.0, 0.0, 1.0]);
    let mut b = GlBackend::headless(&ContextOptions::default()).expect("headless backend");
    b.set_current_check(CurrentCheck::AtPresent);
    let mut r = Rig::on(b, 32, 32);
    // No context current: Molehill's becomes current at the first call and stays so.
    molehill_gl::GlContext::release_current().expect("release");
    r.clear([0.0, 0.0, 0.0, 1.0]);
    let p = r.program(POS_COLOR_VS, COLOR_FS);
    let q = r.color_quad([-0.5, -0.5, 0.5, 0.5], 0.0, BLUE);
    // Mid-frame the player makes its context current, and says so.
    player.make_current();
    r.b.context_may_have_changed();
    r.draw_color(p, q);
    assert!(player.ctx.is_current(), "the player's context is put back");
    r.b.present().expect("present");
    check_frame(&r.read(), 32, 0xFF00_0000, 0xFF00_00FF, "told mid-frame");
    // Between frames the player's context is current again (the read-back above put it
    // back): the next frame's first call notices without being told.
    player.make_current();
    let px = r.quad_frame([1.0, 0.0, 0.0, 1.0], BLUE);
    check_frame(&px, 32, 0xFFFF_0000, 0xFF00_00FF, "next frame");
    assert!(player.ctx.is_current(), "the player's context is put back");
    assert_eq!(player.gl_error(), glow::NO_ERROR);
    let p = player.pixels();
    assert_eq!(
        p[16 * 32 + 16],
        [0, 255, 0, 255],
        "the player's picture is untouched"
    );
}
