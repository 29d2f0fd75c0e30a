//! Work a steady frame does, counted (never timed).

use crate::common::*;
use molehill_agal::ProgramKind;
use molehill_context3d::*;

#[test]
fn draws_that_keep_the_state_ask_the_pipeline_cache_once_per_pass() {
    let mut r = Rig::new(32, 32);
    let p = r.program(color_program());
    let q = r.quad([-1.0, -1.0, 1.0, 1.0], 0.0, [1.0; 4]);
    // Warm-up frame: the pipeline is made.
    r.clear([0.0, 0.0, 0.0, 1.0]);
    r.draw(p, &q);
    r.b.present().unwrap();
    let before = r.b.counters();
    r.clear([0.0, 0.0, 0.0, 1.0]);
    for i in 0..8 {
        // New constants each draw (as a skinned mesh's bones): no new pipeline state.
        r.constants(ProgramKind::Vertex, 0, [0.0, 0.0, i as f32 / 100.0, 0.0]);
        r.draw(p, &q);
    }
    r.b.present().unwrap();
    let c = r.b.counters().since(&before);
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
