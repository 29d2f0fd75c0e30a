//! Size, header, profile version, opcode, nesting and token-limit errors, one test per ID,
//! each asserting Flash's full message.

use crate::common::*;
use molehill_agal::flash::ErrorClass;
use molehill_agal::profile::Profile;
use molehill_agal::valid::validate;

const P: &str = "Error #";

#[test]
fn e3615_empty_is_argument_error_with_empty_program_type() {
    let e = validate(&[], FRAG, Profile::Baseline)
        .unwrap_err()
        .to_flash();
    assert_eq!(e.class, ErrorClass::ArgumentError);
    assert_eq!(
        e.message,
        "Error #3615: AGAL validation failed: Program size below minimum length for  program."
    );
}

#[test]
fn e3615_short_program() {
    // A 7-byte header alone, and 30 bytes with a bad version: the size check comes first.
    let header = prog(1, FRAG, &[]);
    let e = validate(&header, FRAG, Profile::Baseline)
        .unwrap_err()
        .to_flash();
    assert_eq!(e.class, ErrorClass::Error);
    assert_eq!(
        e.message,
        "Error #3615: AGAL validation failed: Program size below minimum length for fragment program."
    );
    let mut bad = prog(99, VERT, &[]);
    bad.extend_from_slice(&[0; 23]);
    assert_eq!(
        upload_in(&bad, VERT, Profile::Baseline),
        "Error #3615: AGAL validation failed: Program size below minimum length for vertex program."
    );
}

#[test]
fn e3616_magic() {
    let mut p = prog(1, VERT, &[mov_op()]);
    p[0] = 0xA1;
    assert_eq!(
        upload(&p, VERT),
        "Error #3616: AGAL validation failed: Not an AGAL program. Wrong magic byte for vertex program."
    );
}

#[test]
fn e3617_version() {
    let p = prog(7, VERT, &[mov_op()]);
    assert_eq!(
        upload_in(&p, VERT, Profile::Enhanced),
        "Error #3617: AGAL validation failed: Bad AGAL version for vertex program. Current version is 7."
    );
}

#[test]
fn e3618_type_tag() {
    let mut p = prog(1, VERT, &[mov_op()]);
    p[5] = 0xA2;
    assert_eq!(
        upload(&p, VERT),
        "Error #3618: AGAL validation failed: Bad AGAL program type identifier for vertex program."
    );
}

#[test]
fn e3619_shader_type() {
    let mut p = prog(1, VERT, &[mov_op()]);
    p[6] = 2;
    assert_eq!(
        upload(&p, FRAG),
        "Error #3619: AGAL validation failed: Shader type must be either fragment or vertex for fragment program."
    );
}

#[test]
fn e3725_version_not_in_profile() {
    let p = prog(2, VERT, &[mov_op()]);
    assert_eq!(
        upload_in(&p, VERT, Profile::BaselineExtended),
        "Error #3725: The requested AGAL version (2) is not valid under the Context3D profile. \
         For example AGAL version 2 requires standard profile."
    );
    assert_eq!(upload_in(&p, VERT, Profile::StandardConstrained), "ok");
}

#[test]
fn e3620_opcode_out_of_range() {
    let p = prog(1, FRAG, &[tok(0xFF, Z4, Z8, Z8)]);
    assert_eq!(
        upload(&p, FRAG),
        "Error #3620: AGAL validation failed: Invalid opcode, value out of range: 255 at token 1 of fragment program."
    );
}

#[test]
fn e3621_sgn_not_implemented() {
    let p = prog(
        1,
        VERT,
        &[tok(SGN, d(T, 0, XYZW), s(VA, 0, IDENT), Z8), mov_op()],
    );
    assert_eq!(
        upload(&p, VERT),
        "Error #3621: AGAL validation failed: Invalid opcode, 43 is not implemented in this version at token 1 of vertex program."
    );
}

#[test]
fn e3726_agal2_opcode_in_agal1() {
    let p = prog(
        1,
        FRAG,
        &[mov_oc(), tok(DDX, d(T, 0, XYZW), s(V, 0, IDENT), Z8)],
    );
    assert_eq!(
        upload(&p, FRAG),
        "Error #3726: AGAL validation failed: Opcode 26 requires AGAL version to be at least 2, at token 2 of fragment program."
    );
}

#[test]
fn e3622_fragment_only_opcode_in_vertex() {
    let p = prog(1, VERT, &[tok(KIL, Z4, s(VA, 0, 0), Z8)]);
    assert_eq!(
        upload(&p, VERT),
        "Error #3622: AGAL validation failed: Opcode 39 only allowed in fragment programs at token 1 of vertex program."
    );
}

#[test]
fn e3803_vertex_only_opcode_in_fragment() {
    let p = prog(1, FRAG, &[tok(TLD, d(T, 0, XYZW), s(V, 0, IDENT), fs(0))]);
    assert_eq!(
        upload(&p, FRAG),
        "Error #3803: AGAL validation failed: Opcode 46 only allowed in vertex programs at token 1 of fragment program."
    );
}

#[test]
fn e3805_tld_needs_agal4() {
    let p = prog(3, VERT, &[tok(TLD, d(T, 0, XYZW), s(VA, 0, IDENT), fs(0))]);
    assert_eq!(
        upload(&p, VERT),
        "Error #3805: AGAL validation failed: Vertex Texture Fetch is supported in Agal version 4 and above."
    );
}

/// `ife v0.x, fc0.x` (AGAL 2, fragment).
fn ife() -> Vec<u8> {
    tok(IFE, Z4, s(V, 0, 0), s(C, 0, 0))
}

fn mov_ft0() -> Vec<u8> {
    tok(MOV, d(T, 0, XYZW), s(V, 0, IDENT), Z8)
}

fn bare(op: u32) -> Vec<u8> {
    tok(op, Z4, Z8, Z8)
}

#[test]
fn flow_control_that_is_well_formed_passes() {
    let p = prog(
        2,
        FRAG,
        &[ife(), mov_ft0(), bare(ELS), mov_ft0(), bare(EIF), mov_oc()],
    );
    assert_eq!(upload(&p, FRAG), "ok");
}

#[test]
fn e3623_underflow() {
    let p = prog(2, FRAG, &[mov_oc(), bare(EIF)]);
    assert_eq!(
        upload(&p, FRAG),
        "Error #3623: AGAL validation failed: Block nesting underflow - EIF without opening IF condition. At token 2 of fragment program."
    );
}

#[test]
fn e3624_overflow() {
    let mut t = vec![ife(), ife(), ife(), ife(), ife()];
    t.push(mov_ft0());
    let p = prog(2, FRAG, &t);
    assert_eq!(
        upload(&p, FRAG),
        "Error #3624: AGAL validation failed: Block nesting overflow. Too many nested IF blocks. At token 5 of fragment program."
    );
}

#[test]
fn e3739_open_block_at_end() {
    let p = prog(2, FRAG, &[mov_oc(), ife(), mov_ft0()]);
    assert_eq!(
        upload(&p, FRAG),
        "Error #3739: AGAL validation failed: Open conditional block at end of fragment program."
    );
}

#[test]
fn e3748_empty_branch() {
    let p = prog(2, FRAG, &[mov_oc(), ife(), bare(EIF)]);
    assert_eq!(
        upload(&p, FRAG),
        "Error #3748: AGAL validation failed: Empty conditional branch in AGAL of fragment program."
    );
}

#[test]
fn e3752_second_else() {
    let p = prog(
        2,
        FRAG,
        &[
            mov_oc(),
            ife(),
            mov_ft0(),
            bare(ELS),
            mov_ft0(),
            bare(ELS),
            mov_ft0(),
            bare(EIF),
        ],
    );
    assert_eq!(
        upload(&p, FRAG),
        "Error #3752: AGAL validation failed: Broken else chain."
    );
}

#[test]
fn e3758_constant_condition() {
    let p = prog(
        2,
        FRAG,
        &[
            mov_oc(),
            tok(IFG, Z4, s(V, 0, 0), s(V, 0, 0)),
            mov_ft0(),
            bare(EIF),
        ],
    );
    assert_eq!(
        upload(&p, FRAG),
        "Error #3758: AGAL validation failed: Conditional source are exactly the same, condition is constant. At token 2 of fragment program."
    );
}

#[test]
fn e3742_derivative_in_conditional() {
    let ddx = tok(DDX, d(T, 0, XYZW), s(V, 0, IDENT), Z8);
    let p = prog(2, FRAG, &[mov_oc(), ife(), ddx, bare(EIF)]);
    assert_eq!(
        upload(&p, FRAG),
        "Error #3742: AGAL validation failed: DDX and DDY opcodes are not allowed inside conditional blocks. At token 3 of fragment program."
    );
}

#[test]
fn e3629_too_many_tokens() {
    let body: Vec<Vec<u8>> = std::iter::repeat_with(mov_op).take(201).collect();
    let p = prog(1, VERT, &body);
    assert_eq!(
        upload(&p, VERT),
        "Error #3629: AGAL validation failed: Too many tokens (201) for vertex program."
    );
    assert_eq!(upload_tokens(1, VERT, &body[..200]), "ok");
    // AGAL 2 allows 1024.
    assert_eq!(upload_tokens(2, VERT, &body), "ok");
}

#[test]
fn e2030_partial_last_token() {
    let mut p = prog(1, VERT, &[mov_op()]);
    p.extend_from_slice(&[0; 5]);
    assert_eq!(
        upload(&p, VERT),
        format!("{P}2030: End of file was encountered.")
    );
}

#[test]
fn first_failing_token_is_reported() {
    // Token 2 reads an unwritten temporary, token 3 has an invalid opcode: token 2 wins.
    let p = prog(
        1,
        VERT,
        &[
            mov_op(),
            tok(MOV, d(T, 1, XYZW), s(T, 0, IDENT), Z8),
            tok(0x99, Z4, Z8, Z8),
        ],
    );
    assert_eq!(
        upload(&p, VERT),
        "Error #3647: AGAL validation failed: Temporary register read without being written to for source operand 1 at token 2 of vertex program."
    );
}

#[test]
fn e3630_e3631_header_type_differs_from_the_upload_slot() {
    let vertex = prog(1, VERT, &[mov_op()]);
    let fragment = prog(1, FRAG, &[mov_oc()]);
    assert_eq!(
        upload(&vertex, FRAG),
        "Error #3630: Fragment shader type is not fragment."
    );
    assert_eq!(
        upload(&fragment, VERT),
        "Error #3631: Vertex shader type is not vertex."
    );
    // %1 is the upload slot's kind even when the header cannot be read.
    let mut bad = prog(1, VERT, &[mov_op()]);
    bad[6] = 9;
    assert_eq!(
        upload(&bad, FRAG),
        "Error #3619: AGAL validation failed: Shader type must be either fragment or vertex for fragment program."
    );
}
