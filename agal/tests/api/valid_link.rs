//! Link errors (#3630-#3635, #3757, #3775) and the [`Linkage`] of a valid pair.

use crate::common::*;
use molehill_agal::valid::{link, validate};

#[test]
fn e3630_e3631_program_types() {
    let v = validate(&prog(1, VERT, &[mov_op()]), VERT, profile_for(1)).unwrap();
    let f = validate(&prog(1, FRAG, &[mov_oc()]), FRAG, profile_for(1)).unwrap();
    assert_eq!(
        link(&v, &v).unwrap_err().to_flash().message,
        "Error #3630: Fragment shader type is not fragment."
    );
    assert_eq!(
        link(&f, &f).unwrap_err().to_flash().message,
        "Error #3631: Vertex shader type is not vertex."
    );
}

#[test]
fn e3632_varying_read_not_written() {
    let v = prog(
        1,
        VERT,
        &[mov_op(), tok(MOV, d(V, 0, XYZW), s(VA, 1, IDENT), Z8)],
    );
    let f = prog(
        1,
        FRAG,
        &[tok(ADD, d(OUT, 0, XYZW), s(V, 0, IDENT), s(V, 1, IDENT))],
    );
    assert_eq!(
        pair(&v, &f),
        "Error #3632: AGAL linkage: Varying 1 is read in the fragment shader but not written to by the vertex shader."
    );
}

#[test]
fn e3633_varying_partially_written_across_instructions() {
    let xy = tok(MOV, d(V, 0, 0b0011), s(VA, 1, IDENT), Z8);
    let z = tok(MOV, d(V, 0, 0b0100), s(VA, 1, IDENT), Z8);
    let w = tok(MOV, d(V, 0, 0b1000), s(VA, 1, IDENT), Z8);
    let f = prog(1, FRAG, &[mov_oc()]);
    assert_eq!(
        pair(&prog(1, VERT, &[mov_op(), xy.clone(), z.clone()]), &f),
        "Error #3633: AGAL linkage: Varying 0 is only partially written to. Must write all four components."
    );
    assert_eq!(pair(&prog(1, VERT, &[mov_op(), xy, z, w]), &f), "ok");
}

#[test]
fn e3634_fragment_output_not_written() {
    let v = prog(
        1,
        VERT,
        &[mov_op(), tok(MOV, d(V, 0, XYZW), s(VA, 1, IDENT), Z8)],
    );
    let f = prog(1, FRAG, &[tok(MOV, d(T, 0, XYZW), s(V, 0, IDENT), Z8)]);
    assert_eq!(
        pair(&v, &f),
        "Error #3634: AGAL linkage: Fragment output needs to write to all components."
    );
}

#[test]
fn e3635_vertex_output_across_instructions() {
    // dp4 op.x ... / op.y / op.z only: w missing.
    let parts: Vec<Vec<u8>> = [1u8, 2, 4]
        .iter()
        .map(|m| tok(0x13, d(OUT, 0, *m), s(VA, 0, IDENT), s(C, 0, IDENT)))
        .collect();
    let v_bad = prog(1, VERT, &parts);
    let mut all = parts.clone();
    all.push(tok(0x13, d(OUT, 0, 8), s(VA, 0, IDENT), s(C, 3, IDENT)));
    let f = prog(1, FRAG, &[tok(MOV, d(OUT, 0, XYZW), s(C, 0, IDENT), Z8)]);
    assert_eq!(
        pair(&v_bad, &f),
        "Error #3635: AGAL linkage: Vertex output needs to write to all components."
    );
    assert_eq!(pair(&prog(1, VERT, &all), &f), "ok");
}

#[test]
fn e3757_versions_differ() {
    let v = validate(
        &prog(1, VERT, &[mov_op()]),
        VERT,
        molehill_agal::profile::Profile::Standard,
    )
    .unwrap();
    let f = validate(
        &prog(2, FRAG, &[mov_oc()]),
        FRAG,
        molehill_agal::profile::Profile::Standard,
    )
    .unwrap();
    assert_eq!(
        link(&v, &f).unwrap_err().to_flash().message,
        "Error #3757: AGAL validation failed: Vertex and fragment program need to have the same version."
    );
}

#[test]
fn e3775_non_consecutive_outputs() {
    let v = prog(
        2,
        VERT,
        &[mov_op(), tok(MOV, d(V, 0, XYZW), s(VA, 1, IDENT), Z8)],
    );
    let oc = |n| tok(MOV, d(OUT, n, XYZW), s(V, 0, IDENT), Z8);
    let p = molehill_agal::profile::Profile::Standard;
    let vp = validate(&v, VERT, p).unwrap();
    let bad = validate(&prog(2, FRAG, &[oc(0), oc(2)]), FRAG, p).unwrap();
    assert_eq!(
        link(&vp, &bad).unwrap_err().to_flash().message,
        "Error #3775: AGAL validation failed: Non-consecutive slots are not allowed."
    );
    let good = validate(&prog(2, FRAG, &[oc(0), oc(1)]), FRAG, p).unwrap();
    assert_eq!(link(&vp, &good).unwrap().color_outputs, vec![0, 1]);
    // standardConstrained has no MRT: oc1 is out of range at upload.
    assert_eq!(
        upload_in(&prog(2, FRAG, &[oc(0), oc(1)]), FRAG, molehill_agal::profile::Profile::StandardConstrained),
        "Error #3660: AGAL validation failed: Output register index out of bounds for destination operand at token 2 of fragment program."
    );
}

#[test]
fn linkage_reports_what_is_used() {
    let v = prog(
        1,
        VERT,
        &[
            tok(M44, d(OUT, 0, XYZW), s(VA, 0, IDENT), s(C, 0, IDENT)),
            tok(MOV, d(V, 0, XYZW), s(VA, 2, IDENT), Z8),
            tok(MOV, d(V, 3, XYZW), s(VA, 1, IDENT), Z8),
        ],
    );
    let f = prog(
        1,
        FRAG,
        &[
            tok(
                TEX,
                d(T, 0, XYZW),
                s(V, 3, IDENT),
                smp(2, 0, 1, 0, 1, 0, 0, 0),
            ),
            tok(MUL_, d(OUT, 0, XYZW), s(T, 0, IDENT), s(C, 0, IDENT)),
        ],
    );
    let p = profile_for(1);
    let l = link(
        &validate(&v, VERT, p).unwrap(),
        &validate(&f, FRAG, p).unwrap(),
    )
    .unwrap();
    assert_eq!(l.varyings_written, vec![0, 3]);
    assert_eq!(l.varyings_read, vec![3]);
    assert_eq!(l.varyings_linked(), vec![3]);
    assert_eq!(l.attributes_read, vec![0, 1, 2]);
    assert_eq!(l.color_outputs, vec![0]);
    assert!(!l.depth_written && !l.instance_id_read);
    assert_eq!(l.samplers.len(), 1);
    assert_eq!(l.samplers[0].index, 2);
    assert_eq!(l.samplers[0].wrap, molehill_agal::Wrap::Repeat);
}

const MUL_: u32 = 0x03;

#[test]
fn matrix_operand_reads_every_row_of_varyings() {
    // `m33 ft0.xyz, ft0, v1` reads v1, v2 and v3 (citrus_starling_lighteffect does this).
    let v = molehill_agal::asm::assemble(
        "m44 op, va0, vc0\nmov v0, va0\nmov v1, va0\nmov v2, va0\nmov v3, va0",
        molehill_agal::ProgramKind::Vertex,
        molehill_agal::Version::V1,
    )
    .unwrap();
    let f = molehill_agal::asm::assemble(
        "mov ft0, v0\nm33 ft0.xyz, ft0, v1\nmov oc, ft0",
        molehill_agal::ProgramKind::Fragment,
        molehill_agal::Version::V1,
    )
    .unwrap();
    let l = molehill_agal::valid::link(&v, &f).unwrap();
    assert_eq!(l.varyings_read, vec![0, 1, 2, 3]);
    assert_eq!(l.varyings_linked(), vec![0, 1, 2, 3]);
}
