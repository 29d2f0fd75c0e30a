//! GPU resets on the desktop: Molehill's contexts ask for reset notification, and a reset
//! found at `present` loses the context as Flash's is (docs/gl.md, "Context loss on the
//! desktop"). A real reset cannot be caused on demand, so the loss path runs on a reset status
//! given by `simulate_reset`; that the contexts report resets at all is checked on Mesa, whose
//! EGL offers `EGL_EXT_create_context_robustness`.

use molehill_context3d::*;
use molehill_gl::{CallKind, ContextOptions, GlApi, GlBackend, GlContext, ResetStatus};

use crate::common::Rig;

#[test]
fn desktop_contexts_report_resets_on_mesa() {
    let ctx =
        GlContext::headless(&ContextOptions::new(GlApi::Desktop33)).expect("headless context");
    let renderer = &ctx.info().renderer;
    if renderer.contains("llvmpipe") {
        assert!(
            ctx.detects_resets(),
            "desktop GL on {renderer}: Mesa's EGL makes robust contexts with LOSE_CONTEXT_ON_RESET"
        );
    } else {
        eprintln!(
            "note: desktop GL on {renderer} (not llvmpipe): reset notification {}",
            if ctx.detects_resets() { "on" } else { "off" }
        );
    }
    // ES contexts: glutin asks with EGL 1.5's OpenGL attribute, which Mesa does not apply to
    // an ES context (its strategy stays NO_RESET_NOTIFICATION): docs/gl.md says so. Whatever
    // the driver answers, a context that says it reports resets must have a query for them.
    let es = GlContext::headless(&ContextOptions::new(GlApi::Es30)).expect("headless context");
    eprintln!(
        "note: ES 3.0 on {}: reset notification {}",
        es.info().renderer,
        if es.detects_resets() { "on" } else { "off" }
    );
}

#[test]
fn each_present_asks_for_the_reset_status_once() {
    let mut r = Rig::with(GlApi::Desktop33, 16, 16, 0, true);
    if !r.b.detects_resets() {
        eprintln!("note: this context reports no resets; nothing to count");
        return;
    }
    r.clear([0.0, 0.0, 0.0, 1.0]);
    r.b.present().expect("present");
    let before = r.b.call_counts().get(CallKind::Query);
    r.clear([0.0, 0.0, 0.0, 1.0]);
    r.b.present().expect("present");
    let one = r.b.call_counts().get(CallKind::Query) - before;
    // The same frame on an ES context, which reports no resets here, asks one query fewer.
    let mut plain = Rig::new(16, 16);
    plain.clear([0.0, 0.0, 0.0, 1.0]);
    plain.b.present().expect("present");
    let before = plain.b.call_counts().get(CallKind::Query);
    plain.clear([0.0, 0.0, 0.0, 1.0]);
    plain.b.present().expect("present");
    let other = plain.b.call_counts().get(CallKind::Query) - before;
    if plain.b.detects_resets() {
        assert_eq!(one, other, "both contexts report resets");
    } else {
        assert_eq!(one, other + 1, "one reset query per present, no more");
    }
}

#[test]
fn a_reset_found_at_present_loses_the_context_and_it_comes_back() {
    for status in [
        ResetStatus::Guilty,
        ResetStatus::Innocent,
        ResetStatus::Unknown,
    ] {
        let mut r = Rig::new(16, 16);
        let (vb, ib) = r.color_quad([-1.0, -1.0, 1.0, 1.0], 0.0, [1.0, 0.0, 0.0, 1.0]);
        let live = r.b.live_objects().expect("GL counts its objects");
        assert_eq!((live.vertex_buffers, live.index_buffers), (1, 1));
        r.clear([0.0, 0.0, 0.0, 1.0]);
        r.b.present().expect("a present before the reset");
        assert!(!r.b.is_lost());

        r.b.simulate_reset(status);
        assert_eq!(r.b.present(), Err(BackendError::ContextLost), "{status:?}");
        assert!(r.b.is_lost(), "{status:?}: the reset context is lost");
        assert!(
            r.b.is_restored(),
            "{status:?}: a context of Molehill's own comes back at once (a new one is made)"
        );
        let reason =
            r.b.context_error()
                .map(ToString::to_string)
                .unwrap_or_default();
        assert!(
            reason.contains(status.gl_name()),
            "{status:?}: the loss says why: {reason}"
        );
        assert_eq!(
            r.b.live_objects()
                .map(|l| (l.vertex_buffers, l.index_buffers, l.textures)),
            Some((0, 0, 0)),
            "{status:?}: nothing of the reset context is left"
        );
        assert_eq!(
            r.b.present(),
            Err(BackendError::ContextLost),
            "{status:?}: later calls fail"
        );
        let _ = (vb, ib);
    }
}

#[test]
fn a_reset_without_reset_notification_is_still_taken_from_a_simulated_status() {
    // simulate_reset works on any context (the test of the path must not depend on the
    // driver), and it answers once: the next context of the factory is not lost.
    let b = GlBackend::headless(&ContextOptions::default()).expect("backend");
    let mut r = Rig::on(b, 8, 8);
    r.clear([0.0, 0.0, 0.0, 1.0]);
    r.b.simulate_reset(ResetStatus::Unknown);
    assert_eq!(r.b.present(), Err(BackendError::ContextLost));
    let mut again = Rig::new(8, 8);
    again.clear([0.0, 0.0, 0.0, 1.0]);
    assert_eq!(again.b.present(), Ok(()));
}
