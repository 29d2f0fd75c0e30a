//! Operand errors (#3625-#3628, #3636-#3661, #3689, #3703, #3693), one test per ID, each
//! asserting Flash's full message.

use crate::common::*;

fn vert(tokens: &[Vec<u8>]) -> String {
    upload_tokens(1, VERT, tokens)
}

fn frag(tokens: &[Vec<u8>]) -> String {
    upload_tokens(1, FRAG, tokens)
}

const A: &str = "AGAL validation failed: ";

#[test]
fn e3625_both_constants() {
    let t = tok(ADD, d(T, 0, XYZW), s(C, 0, IDENT), s(C, 1, IDENT));
    assert_eq!(
        vert(&[t]),
        "Error #3625: AGAL validation failed: Bad AGAL source operands. Both are constants (this must be precomputed) at token 1 of vertex program."
    );
}

#[test]
fn e3626_both_indirect() {
    let t = tok(ADD, d(T, 0, XYZW), ind(C, VA, 0, 0, 0), ind(C, VA, 1, 0, 4));
    assert_eq!(
        vert(&[t]),
        "Error #3626: AGAL validation failed: Opcode 1, both operands are indirect reads at token 1 of vertex program."
    );
}

#[test]
fn e3627_destination_of_no_destination_opcode() {
    let t = tok(KIL, d(T, 0, 1), s(V, 0, 0), Z8);
    assert_eq!(
        frag(&[mov_oc(), t]),
        "Error #3627: AGAL validation failed: Opcode 39 destination operand must be all zero at token 2 of fragment program."
    );
}

#[test]
fn e3628_three_component_results_must_mask_w() {
    let t = tok(NRM, d(T, 0, XYZW), s(VA, 0, IDENT), Z8);
    assert_eq!(
        vert(&[t]),
        "Error #3628: AGAL validation failed: The destination operand for the 14 instruction must mask w (use .xyz or less) at token 1 of vertex program."
    );
    // m33 with a .xyzw destination (decided: #3628, see docs/validation.md).
    let m33 = tok(M33, d(T, 0, XYZW), s(VA, 0, IDENT), s(C, 0, IDENT));
    assert_eq!(
        vert(&[m33]),
        "Error #3628: AGAL validation failed: The destination operand for the 23 instruction must mask w (use .xyz or less) at token 1 of vertex program."
    );
    let m33 = tok(M33, d(T, 0, 7), s(VA, 0, IDENT), s(C, 0, IDENT));
    assert_eq!(vert(&[m33, mov_op()]), "ok");
}

#[test]
fn e3636_unused_operand_not_zero() {
    let t = tok(MOV, d(OUT, 0, XYZW), s(VA, 0, IDENT), s(VA, 1, IDENT));
    assert_eq!(
        vert(&[t]),
        "Error #3636: AGAL validation failed: Unused operand is not set to zero for source operand 2 at token 1 of vertex program."
    );
}

#[test]
fn e3637_sampler_in_vertex_program() {
    let t = tok(MOV, d(T, 0, XYZW), s(FS, 0, IDENT), Z8);
    assert_eq!(
        vert(&[t]),
        "Error #3637: AGAL validation failed: Sampler registers only allowed in fragment programs for source operand 1 at token 1 of vertex program."
    );
}

#[test]
fn e3638_sampler_as_ordinary_source() {
    let t = tok(MOV, d(OUT, 0, XYZW), s(FS, 0, IDENT), Z8);
    assert_eq!(
        frag(&[t]),
        "Error #3638: AGAL validation failed: Sampler register only allowed as second operand in texture instructions for source operand 1 at token 1 of fragment program."
    );
}

#[test]
fn e3639_indirect_in_fragment() {
    let t = tok(MOV, d(OUT, 0, XYZW), ind(C, VA, 0, 0, 0), Z8);
    assert_eq!(
        frag(&[t]),
        "Error #3639: AGAL validation failed: Indirect addressing only allowed in vertex programs for source operand 1 at token 1 of fragment program."
    );
}

#[test]
fn e3640_indirect_into_non_constant() {
    let t = tok(MOV, d(OUT, 0, XYZW), ind(VA, VA, 0, 0, 0), Z8);
    assert_eq!(
        vert(&[t]),
        "Error #3640: AGAL validation failed: Indirect addressing only allowed into constant registers for source operand 1 at token 1 of vertex program."
    );
}

#[test]
fn e3641_indirect_texture_coordinate() {
    let t = tok(TEX, d(OUT, 0, XYZW), ind(C, VA, 0, 0, 0), fs(0));
    assert_eq!(
        frag(&[t]),
        "Error #3641: AGAL validation failed: Indirect addressing not allowed for this operand in this instruction for source operand 1 at token 1 of fragment program."
    );
}

#[test]
fn e3642_bad_index_register_type() {
    let t = tok(MOV, d(OUT, 0, XYZW), ind(C, V, 0, 0, 0), Z8);
    assert_eq!(
        vert(&[t]),
        "Error #3642: AGAL validation failed: Indirect source type must be attribute, constant or temporary for source operand 1 at token 1 of vertex program."
    );
    // The usual forms pass: vc[va2.x+5], vc[vt0.x] after a write, vc[vc4.w].
    let ok = [
        tok(MOV, d(T, 0, 1), s(VA, 0, 0), Z8),
        tok(MOV, d(T, 1, XYZW), ind(C, VA, 2, 0, 5), Z8),
        tok(MOV, d(T, 1, XYZW), ind(C, T, 0, 0, 0), Z8),
        tok(M44, d(OUT, 0, XYZW), s(VA, 0, IDENT), ind(C, C, 4, 3, 0)),
    ];
    assert_eq!(vert(&ok), "ok");
}

#[test]
fn e3643_direct_with_indirect_fields() {
    let mut src = s(VA, 0, IDENT);
    src[2] = 5;
    let t = tok(MOV, d(OUT, 0, XYZW), src, Z8);
    assert_eq!(
        vert(&[t]),
        "Error #3643: AGAL validation failed: Indirect addressing fields must be zero for direct addressing for source operand 1 at token 1 of vertex program."
    );
}

#[test]
fn e3644_varying_read_in_vertex() {
    let t = tok(MOV, d(OUT, 0, XYZW), s(V, 0, IDENT), Z8);
    assert_eq!(
        vert(&[t]),
        "Error #3644: AGAL validation failed: Varying registers can only be read in fragment programs for source operand 1 at token 1 of vertex program."
    );
}

#[test]
fn e3645_attribute_read_in_fragment() {
    let t = tok(MOV, d(OUT, 0, XYZW), s(VA, 0, IDENT), Z8);
    assert_eq!(
        frag(&[t]),
        "Error #3645: AGAL validation failed: Attribute registers can only be read in vertex programs for source operand 1 at token 1 of fragment program."
    );
}

#[test]
fn e3646_output_read() {
    let t = tok(MOV, d(T, 0, XYZW), s(OUT, 0, IDENT), Z8);
    assert_eq!(
        frag(&[t]),
        "Error #3646: AGAL validation failed: Can not read from output register for source operand 1 at token 1 of fragment program."
    );
}

#[test]
fn e3647_temporary_never_written() {
    let t = tok(ADD, d(OUT, 0, XYZW), s(V, 0, IDENT), s(T, 3, IDENT));
    assert_eq!(
        frag(&[t]),
        "Error #3647: AGAL validation failed: Temporary register read without being written to for source operand 2 at token 1 of fragment program."
    );
}

#[test]
fn e3648_temporary_component_not_written() {
    let w = tok(MOV, d(T, 0, 0b0011), s(V, 0, IDENT), Z8);
    let r = tok(MOV, d(OUT, 0, XYZW), s(T, 0, IDENT), Z8);
    assert_eq!(
        frag(&[w.clone(), r]),
        "Error #3648: AGAL validation failed: Temporary register component read without being written to for source operand 1 at token 2 of fragment program."
    );
    // Only the lanes the destination mask selects are read: ft0.xy = ft0.xy passes.
    let r2 = tok(MOV, d(T, 1, 0b0011), s(T, 0, IDENT), Z8);
    assert_eq!(frag(&[w, r2, mov_oc()]), "ok");
}

#[test]
fn e3649_to_e3653_destination_registers() {
    let cases = [
        (
            d(FS, 0, XYZW),
            3649,
            "Sampler registers can not be written to",
        ),
        (
            d(VA, 0, XYZW),
            3651,
            "Attribute registers can not be written to",
        ),
        (
            d(C, 0, XYZW),
            3652,
            "Constant registers can not be written to",
        ),
        (d(T, 0, 0), 3653, "Destination writemask is zero"),
    ];
    for (dst, id, text) in cases {
        let t = tok(MOV, dst, s(VA, 0, IDENT), Z8);
        assert_eq!(
            vert(&[t]),
            format!("Error #{id}: {A}{text} for destination operand at token 1 of vertex program.")
        );
    }
    let t = tok(MOV, d(V, 0, XYZW), s(V, 0, IDENT), Z8);
    assert_eq!(
        frag(&[t]),
        "Error #3650: AGAL validation failed: Varying registers can only be written in vertex programs for destination operand at token 1 of fragment program."
    );
}

#[test]
fn e3654_reserved_bits() {
    let mut dst = d(T, 0, XYZW);
    dst[2] |= 0x10;
    let t = tok(MOV, dst, s(VA, 0, IDENT), Z8);
    assert_eq!(
        vert(&[t]),
        "Error #3654: AGAL validation failed: Reserve bits should be zero for destination operand at token 1 of vertex program."
    );
}

#[test]
fn e3655_unknown_register_type() {
    let t = tok(MOV, d(T, 0, XYZW), s(9, 0, IDENT), Z8);
    assert_eq!(
        vert(&[t]),
        "Error #3655: AGAL validation failed: Unknown register type for source operand 1 at token 1 of vertex program."
    );
}

#[test]
fn e3656_to_e3661_index_out_of_bounds() {
    let sampler = tok(TEX, d(OUT, 0, XYZW), s(V, 0, IDENT), fs(8));
    assert_eq!(
        frag(&[sampler]),
        "Error #3656: AGAL validation failed: Sampler register index out of bounds for source operand 2 at token 1 of fragment program."
    );
    let varying = tok(MOV, d(OUT, 0, XYZW), s(V, 8, IDENT), Z8);
    assert_eq!(
        frag(&[varying]),
        "Error #3657: AGAL validation failed: Varying register index out of bounds for source operand 1 at token 1 of fragment program."
    );
    let attribute = tok(MOV, d(OUT, 0, XYZW), s(VA, 8, IDENT), Z8);
    assert_eq!(
        vert(&[attribute]),
        "Error #3658: AGAL validation failed: Attribute register index out of bounds for source operand 1 at token 1 of vertex program."
    );
    // m44 rows vc125..vc128: the last row is out of range.
    let rows = tok(M44, d(OUT, 0, XYZW), s(VA, 0, IDENT), s(C, 125, IDENT));
    assert_eq!(
        vert(&[rows]),
        "Error #3659: AGAL validation failed: Constant register index out of bounds for source operand 2 at token 1 of vertex program."
    );
    let rows_ok = tok(M44, d(OUT, 0, XYZW), s(VA, 0, IDENT), s(C, 124, IDENT));
    assert_eq!(vert(&[rows_ok]), "ok");
    let fc = tok(MOV, d(OUT, 0, XYZW), s(C, 28, IDENT), Z8);
    assert_eq!(
        frag(&[fc]),
        "Error #3659: AGAL validation failed: Constant register index out of bounds for source operand 1 at token 1 of fragment program."
    );
    let output = tok(MOV, d(OUT, 1, XYZW), s(V, 0, IDENT), Z8);
    assert_eq!(
        frag(&[output]),
        "Error #3660: AGAL validation failed: Output register index out of bounds for destination operand at token 1 of fragment program."
    );
    let temp = tok(MOV, d(T, 8, XYZW), s(VA, 0, IDENT), Z8);
    assert_eq!(
        vert(&[temp]),
        "Error #3661: AGAL validation failed: Temporary register index out of bounds for destination operand at token 1 of vertex program."
    );
    // AGAL 2 has 26 temporaries and 10 varyings.
    let v2 = [
        tok(MOV, d(T, 25, XYZW), s(V, 9, IDENT), Z8),
        tok(MOV, d(OUT, 0, XYZW), s(T, 25, IDENT), Z8),
    ];
    assert_eq!(upload_tokens(2, FRAG, &v2), "ok");
}

#[test]
fn e3689_swizzled_matrix() {
    let t = tok(M44, d(OUT, 0, XYZW), s(VA, 0, IDENT), s(C, 0, 0));
    assert_eq!(
        vert(&[t]),
        "Error #3689: You can not swizzle second operand for source operand 2 at token 1 of vertex program."
    );
}

#[test]
fn e3703_scalar_swizzle_required() {
    let t = tok(KIL, Z4, s(V, 0, IDENT), Z8);
    assert_eq!(
        frag(&[mov_oc(), t]),
        "Error #3703: AGAL validation failed: Source swizzle must be scalar (one of: xxxx, yyyy, zzzz, wwww) for source operand 1 at token 2 of fragment program."
    );
    let ok = tok(KIL, Z4, s(V, 0, 0xFF), Z8);
    assert_eq!(frag(&[mov_oc(), ok]), "ok");
}

#[test]
fn e3693_texture_needs_sampler() {
    let t = tok(TEX, d(OUT, 0, XYZW), s(V, 0, IDENT), s(C, 0, IDENT));
    assert_eq!(
        frag(&[t]),
        "Error #3693: AGAL validation failed: Sampler register must be used for second operand in texture instructions for source operand 2 at token 1 of fragment program."
    );
}

#[test]
fn earlier_operand_fault_wins_over_later_encoding_fault() {
    // Source 1 reads an attribute in a fragment program; the destination has reserved bits:
    // Flash checks source 1 first.
    let mut dst = d(OUT, 0, XYZW);
    dst[2] |= 0x20;
    let t = tok(MOV, dst, s(VA, 0, IDENT), Z8);
    assert_eq!(
        frag(&[t]),
        "Error #3645: AGAL validation failed: Attribute registers can only be read in vertex programs for source operand 1 at token 1 of fragment program."
    );
}
