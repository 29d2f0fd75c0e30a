//! Work a steady frame does, counted (never timed).

use crate::common::*;
use molehill_agal::ProgramKind;
use molehill_context3d::*;
use molehill_wgpu::{CallCounts, ProgramLayout, ProgramSource};

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
fn frame_of_new_vc(r: &mut Rig, p: ProgramId, q: &Quad) -> CallCounts {
    let before = r.b.call_counts();
    r.clear([0.0, 0.0, 0.0, 1.0]);
    for i in 0..8 {
        r.constants(ProgramKind::Vertex, 0, [0.0, 0.0, i as f32 / 100.0, 0.0]);
        r.draw(p, q);
    }
    r.b.present().unwrap();
    r.b.call_counts().since(&before)
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
    let before = r.b.call_counts();
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
    assert_eq!(r.b.call_counts().since(&before).pipeline_lookups, 4);
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
    // On wgpu 27 (the feature `wgpu27`) a program that samples nothing has an empty texture
    // group, which the pass's first draw sets too (compat.rs, `EMPTY_GROUP_SLOTS`).
    let empty_texture_group = u64::from(cfg!(feature = "wgpu27"));
    assert_eq!(c.driver_groups, 2 + 7 + empty_texture_group, "{c:?}");
    // A draw that changes fc sets the fragment group, and the vertex group only when vc
    // changed too.
    let before = r.b.call_counts();
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
    let c = r.b.call_counts().since(&before);
    assert_eq!((c.draws, c.uniform_binds), (6, 2 + 4 + 2), "{c:?}");
}

/// `oc = tex(fs0, v0) * fc0`: a program that samples and reads `fc` (Starling's tinted
/// batches).
fn tex_fc_program() -> ProgramSource {
    use molehill_agal::wgsl::{FRAGMENT_CONSTANTS_BINDING, FRAGMENT_UNIFORM_GROUP, TEXTURE_GROUP};
    let fragment = format!(
        "@group({TEXTURE_GROUP}) @binding(0) var fs0: texture_2d<f32>;
@group({TEXTURE_GROUP}) @binding(1) var fs0_sampler: sampler;
@group({FRAGMENT_UNIFORM_GROUP}) @binding({FRAGMENT_CONSTANTS_BINDING}) var<uniform> fc: array<vec4<f32>, 28>;
@fragment fn fs_main(@location(0) v0: vec4<f32>) -> @location(0) vec4<f32> {{
    return textureSample(fs0, fs0_sampler, v0.xy) * fc[0];
}}"
    );
    ProgramSource {
        fragment,
        layout: ProgramLayout {
            fragment_constants: 28,
            constants_read: [1, 1],
            ..tex_program().layout
        },
        ..tex_program()
    }
}

/// The textures' group sits between the uniform groups: a Starling batch changes its texture
/// and `vc` (not `fc`), and wgpu hands the driver the group set and every one after it, so
/// such a draw hands over two groups, not the fragment uniforms again (the textures first
/// cost Starling about 1,700 instructions a draw on the player's thread: docs/wgpu.md).
#[test]
fn a_draw_that_changes_the_texture_and_vc_does_not_hand_over_the_fragment_uniforms() {
    let mut r = Rig::new(32, 32);
    let texture = |r: &mut Rig| {
        let t = r.texture_4x4();
        r.fill_4x4(t, 0xFF00_FF00);
        t
    };
    let textures = [texture(&mut r), texture(&mut r)];
    let p = r.program(tex_fc_program());
    let uv = r.uv_quad([-1.0, -1.0, 1.0, 1.0]);
    r.constants(ProgramKind::Fragment, 0, [1.0; 4]);
    let frame = |r: &mut Rig| {
        let before = r.b.call_counts();
        r.clear([0.0, 0.0, 0.0, 1.0]);
        for i in 0..8 {
            r.constants(ProgramKind::Vertex, 0, [0.0, 0.0, i as f32 / 100.0, 0.0]);
            let mut d = r.resolved(p, &uv);
            d.samplers[0] = Some(SamplerBinding {
                texture: textures[i % 2],
                state: SamplerState::default(),
            });
            r.b.draw(&d).unwrap();
        }
        r.b.present().unwrap();
        r.b.call_counts().since(&before)
    };
    // A warm-up frame makes the pipeline and both texture bind groups.
    frame(&mut r);
    let c = frame(&mut r);
    assert_eq!((c.draws, c.passes, c.bind_groups), (8, 1, 0), "{c:?}");
    // The first draw sets the three groups, each later one the textures' and vc's.
    assert_eq!(c.uniform_binds, 2 + 7, "{c:?}");
    assert_eq!(c.driver_groups, 3 + 7 * 2, "{c:?}");
}

/// An upload to what the pending commands read submits them first; a draw marks what it
/// reads when the pass first binds it, so a buffer or texture bound by an earlier draw of
/// the pass (and drawn again after others) still counts as read, and nothing read by no
/// pending command does.
#[test]
fn an_upload_flushes_only_what_a_pending_draw_of_the_pass_reads() {
    let (mut r, p, q) = warmed();
    let other = r.quad([0.0, 0.0, 1.0, 1.0], 0.0, [1.0; 4]);
    let flushes = |r: &mut Rig, upload: &dyn Fn(&mut Rig)| {
        let before = r.b.call_counts();
        upload(r);
        r.b.call_counts().since(&before).upload_flushes
    };
    let vertices = |q: &Quad| {
        let vb = q.vb;
        move |r: &mut Rig| r.b.upload_vertex_buffer(vb, 0, &[0; 28]).unwrap()
    };
    let indices = |q: &Quad| {
        let ib = q.ib;
        move |r: &mut Rig| r.b.upload_index_buffer(ib, 0, &[0, 1, 2]).unwrap()
    };
    r.clear([0.0, 0.0, 0.0, 1.0]);
    r.draw(p, &q);
    r.draw(p, &q);
    r.draw(p, &other);
    r.draw(p, &q);
    assert_eq!(
        flushes(&mut r, &vertices(&q)),
        1,
        "vertices of the first draw"
    );
    // Submitted: nothing pending reads either quad now.
    assert_eq!(flushes(&mut r, &vertices(&other)), 0);
    assert_eq!(flushes(&mut r, &indices(&q)), 0);
    r.draw(p, &other);
    r.draw(p, &q);
    r.draw(p, &other);
    assert_eq!(
        flushes(&mut r, &indices(&q)),
        1,
        "indices of a draw between others"
    );
    r.draw(p, &q);
    r.draw(p, &q);
    assert_eq!(flushes(&mut r, &indices(&other)), 0, "not drawn since");

    // A texture sampled by the first of three draws with the same bind group.
    let t = r.texture_4x4();
    let upload = move |r: &mut Rig| r.fill_4x4(t, 0xFF00_FF00);
    assert_eq!(flushes(&mut r, &upload), 0, "read by no pending draw");
    let textured = r.program(tex_program());
    let uv = r.uv_quad([-1.0, -1.0, 1.0, 1.0]);
    let mut d = r.resolved(textured, &uv);
    d.samplers[0] = Some(SamplerBinding {
        texture: t,
        state: SamplerState::default(),
    });
    for _ in 0..3 {
        r.b.draw(&d).unwrap();
    }
    assert_eq!(flushes(&mut r, &upload), 1, "sampled by the pending draws");
    assert_eq!(flushes(&mut r, &upload), 0, "submitted");
}
