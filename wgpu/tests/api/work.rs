//! Work a steady frame does, counted (never timed).

use crate::common::*;
use molehill_agal::ProgramKind;
use molehill_context3d::*;
use molehill_wgpu::Counters;

/// A rig with the colour program and a full-screen quad, one frame drawn (the pipeline made).
fn warmed() -> (Rig, ProgramId, Quad) {
    let mut r = Rig::new(32, 32);
    let p = r.program(color_program());
    let q = r.quad([-1.0, -1.0, 1.0, 1.0], 0.0, [1.0; 4]);
    r.clear([0.0, 0.0, 0.0, 1.0]);
    r.draw(p, &q);
    r.b.present().unwrap();
    (r, p, q)
}

/// One frame of 8 draws, each with new vertex constants: the work it counted.
fn frame_of_new_vc(r: &mut Rig, p: ProgramId, q: &Quad) -> Counters {
    let before = r.b.counters();
    r.clear([0.0, 0.0, 0.0, 1.0]);
    for i in 0..8 {
        r.constants(ProgramKind::Vertex, 0, [0.0, 0.0, i as f32 / 100.0, 0.0]);
        r.draw(p, q);
    }
    r.b.present().unwrap();
    r.b.counters().since(&before)
}

#[test]
fn draws_that_keep_the_state_ask_the_pipeline_cache_once_per_pass() {
    // After a warm-up frame: the pipeline is made.
    let (mut r, p, q) = warmed();
    // New constants each draw (as a skinned mesh's bones): no new pipeline state.
    let c = frame_of_new_vc(&mut r, p, &q);
    assert_eq!((c.draws, c.passes), (8, 1), "{c:?}");
    assert_eq!(
        (c.pipeline_lookups, c.pipelines, c.bind_groups),
        (1, 0, 0),
        "{c:?}"
    );
    // A state change asks again, once per change.
    let before = r.b.counters();
    r.clear([0.0, 0.0, 0.0, 1.0]);
    for i in 0..4 {
        let blend = if i % 2 == 0 {
            BlendState::default()
        } else {
            BlendState {
                source: BlendFactor::One,
                destination: BlendFactor::One,
            }
        };
        r.b.set_blend(blend);
        r.draw(p, &q);
    }
    r.b.present().unwrap();
    assert_eq!(r.b.counters().since(&before).pipeline_lookups, 4);
}

/// The stages' uniforms are in two bind groups, `vc`'s the last (`@group(2)`), each set only
/// when its own offsets changed: a draw that changes only `vc` (a skinned mesh's bones) sets
/// one group, so the driver gets no fragment state again (wgpu sets every group after the one
/// set again: with `vc` first, each such draw gave lavapipe the fragment uniforms anew).
#[test]
fn a_draw_that_changes_only_vc_sets_only_the_vertex_uniforms() {
    let (mut r, p, q) = warmed();
    // One pass: its first draw sets both groups, each later one the vertex group alone.
    let c = frame_of_new_vc(&mut r, p, &q);
    assert_eq!((c.draws, c.passes, c.uniform_binds), (8, 1, 2 + 7), "{c:?}");
    // A draw that changes fc sets the fragment group, and the vertex group only when vc
    // changed too.
    let before = r.b.counters();
    r.clear([0.0, 0.0, 0.0, 1.0]);
    r.draw(p, &q);
    for i in 0..4 {
        r.constants(ProgramKind::Fragment, 0, [1.0, i as f32 / 4.0, 1.0, 1.0]);
        r.draw(p, &q);
    }
    r.constants(ProgramKind::Vertex, 0, [0.0, 0.0, 0.5, 0.0]);
    r.constants(ProgramKind::Fragment, 0, [1.0, 1.0, 1.0, 1.0]);
    r.draw(p, &q);
    r.b.present().unwrap();
    let c = r.b.counters().since(&before);
    assert_eq!((c.draws, c.uniform_binds), (6, 2 + 4 + 2), "{c:?}");
}
