//! Sampler errors (#3662, #3664-#3668, #3696, #3740, #3741, #3743) and output errors (#3701,
//! #3744, #3749-#3751, #3756, #3786, #3788, #3789), each asserting Flash's full message.

use crate::common::*;

fn frag(version: u32, tokens: &[Vec<u8>]) -> String {
    upload_tokens(version, FRAG, tokens)
}

fn tex(sampler: [u8; 8]) -> Vec<u8> {
    tok(TEX, d(OUT, 0, XYZW), s(V, 0, IDENT), sampler)
}

#[test]
fn e3662_cube_must_clamp() {
    assert_eq!(
        frag(1, &[tex(smp(0, 1, 1, 0, 1, 0, 0, 0))]),
        "Error #3662: AGAL validation failed: Cube map samplers must set wrapping to clamp mode for source operand 2 at token 1 of fragment program."
    );
    // Cube without mipmapping is accepted (#3704 is not enforced: docs/validation.md).
    assert_eq!(frag(1, &[tex(smp(0, 1, 0, 0, 1, 0, 0, 0))]), "ok");
}

#[test]
fn e3664_to_e3668_sampler_fields() {
    let cases = [
        (
            smp(0, 3, 0, 0, 0, 0, 0, 0),
            "3664: AGAL validation failed: Unknown sampler dimension 3",
        ),
        (
            smp(0, 2, 0, 0, 0, 0, 0, 0),
            "3664: AGAL validation failed: Unknown sampler dimension 2",
        ),
        (
            smp(0, 0, 0, 0, 6, 0, 0, 0),
            "3665: AGAL validation failed: Unknown filter mode in sampler: 6",
        ),
        (
            smp(0, 0, 0, 3, 0, 0, 0, 0),
            "3666: AGAL validation failed: Unknown mipmap mode in sampler: 3",
        ),
        (
            smp(0, 0, 4, 0, 0, 0, 0, 0),
            "3667: AGAL validation failed: Unknown wrapping mode in sampler: 4",
        ),
        (
            smp(0, 0, 0, 0, 0, 8, 0, 0),
            "3668: AGAL validation failed: Unknown special flag used in sampler: 8",
        ),
    ];
    for (sampler, text) in cases {
        assert_eq!(
            frag(1, &[tex(sampler)]),
            format!("Error #{text} for source operand 2 at token 1 of fragment program.")
        );
    }
}

#[test]
fn e3696_sampler_used_with_different_flags() {
    let a = tok(
        TEX,
        d(T, 0, XYZW),
        s(V, 0, IDENT),
        smp(0, 0, 1, 0, 1, 0, 0, 0),
    );
    let b = tok(
        TEX,
        d(T, 1, XYZW),
        s(V, 0, IDENT),
        smp(0, 0, 1, 1, 1, 0, 0, 0),
    );
    let add = tok(ADD, d(OUT, 0, XYZW), s(T, 0, IDENT), s(T, 1, IDENT));
    assert_eq!(
        frag(1, &[a.clone(), b, add.clone()]),
        "Error #3696: AGAL validation failed: Second use of sampler register needs to specify the exact same properties. At token 2 of fragment program."
    );
    let same = tok(
        TEX,
        d(T, 1, XYZW),
        s(V, 0, IDENT),
        smp(0, 0, 1, 0, 1, 0, 0, 0),
    );
    assert_eq!(frag(1, &[a, same, add]), "ok");
}

#[test]
fn ted_rules_3740_3743() {
    let ted = |sampler| tok(TED, d(OUT, 0, XYZW), s(V, 0, IDENT), sampler);
    assert_eq!(
        frag(2, &[ted(smp(0, 0, 0, 2, 1, 0, 0, 8))]),
        "Error #3740: AGAL validation failed: Texture samplers used in the TED instruction can not specify a lod bias. At token 1 of fragment program."
    );
    assert_eq!(
        frag(2, &[ted(smp(0, 0, 0, 0, 1, 0, 0, 0))]),
        "Error #3743: AGAL validation failed: The TED opcode must enable mip mapping. At token 1 of fragment program."
    );
    assert_eq!(frag(2, &[ted(smp(0, 0, 0, 2, 1, 0, 0, 0))]), "ok");
}

/// `ted` reads its level from the coordinate's w lane (D3D9 texldl, `textureLod(s, c.xy, c.w)`
/// in GLSL): a temporary whose xy only were written is a component read without a write.
#[test]
fn ted_reads_the_level_lane() {
    let mipmapped = smp(0, 0, 0, 2, 1, 0, 0, 0);
    let ted_from_ft0 = |mask: u8| {
        [
            tok(MOV, d(T, 0, mask), s(V, 0, IDENT), Z8),
            tok(TED, d(OUT, 0, XYZW), s(T, 0, IDENT), mipmapped),
        ]
    };
    assert_eq!(
        frag(2, &ted_from_ft0(0b0011)),
        "Error #3648: AGAL validation failed: Temporary register component read without being written to for source operand 1 at token 2 of fragment program."
    );
    assert_eq!(frag(2, &ted_from_ft0(0b1011)), "ok");
    // `tex` reads only xy of a 2D coordinate.
    let tex_from_ft0 = [
        tok(MOV, d(T, 0, 0b0011), s(V, 0, IDENT), Z8),
        tok(TEX, d(OUT, 0, XYZW), s(T, 0, IDENT), fs(0)),
    ];
    assert_eq!(frag(2, &tex_from_ft0), "ok");
}

#[test]
fn e3741_tex_with_computed_coordinates_in_conditional() {
    let t = [
        tok(MOV, d(T, 0, XYZW), s(V, 0, IDENT), Z8),
        tok(IFE, Z4, s(V, 0, 0), s(C, 0, 0)),
        tok(TEX, d(T, 1, XYZW), s(T, 0, IDENT), fs(0)),
        tok(EIF, Z4, Z8, Z8),
        mov_oc(),
    ];
    assert_eq!(
        frag(2, &t),
        "Error #3741: AGAL validation failed: TEX instructions in an if block can not use computed texture coordinates. Either use interpolated texture coordinates or use the TED instruction instead. At token 3 of fragment program."
    );
}

#[test]
fn e3701_color_output_mask() {
    let t = tok(MOV, d(OUT, 0, 0b0111), s(V, 0, IDENT), Z8);
    assert_eq!(
        frag(1, &[t]),
        "Error #3701: The output color register can not use a write mask. All components must be written."
    );
}

#[test]
fn e3744_color_written_twice_in_agal2() {
    assert_eq!(
        frag(2, &[mov_oc(), mov_oc()]),
        "Error #3744: AGAL validation failed: Color output written to multiple times. At token 2 of fragment program."
    );
    // AGAL 1 allows it.
    assert_eq!(frag(1, &[mov_oc(), mov_oc()]), "ok");
}

#[test]
fn e3749_depth_output_in_agal1() {
    let t = tok(MOV, d(FD, 0, 1), s(V, 0, IDENT), Z8);
    assert_eq!(
        frag(1, &[mov_oc(), t]),
        "Error #3749: AGAL validation failed: Depth output register index out of bounds for destination operand at token 2 of fragment program."
    );
    let read = tok(MOV, d(OUT, 0, XYZW), s(FD, 0, IDENT), Z8);
    assert_eq!(
        frag(1, &[read]),
        "Error #3749: AGAL validation failed: Depth output register index out of bounds for source operand 1 at token 1 of fragment program."
    );
}

#[test]
fn e3750_depth_output_in_vertex() {
    let t = tok(MOV, d(FD, 0, 1), s(VA, 0, IDENT), Z8);
    assert_eq!(
        upload_tokens(2, VERT, &[mov_op(), t]),
        "Error #3750: AGAL validation failed: Depth output register is only available in fragment programs."
    );
}

#[test]
fn e3751_output_in_conditional() {
    let t = [
        tok(IFE, Z4, s(V, 0, 0), s(C, 0, 0)),
        mov_oc(),
        tok(EIF, Z4, Z8, Z8),
    ];
    assert_eq!(
        frag(2, &t),
        "Error #3751: AGAL validation failed: Output registers can not be written inside conditionals."
    );
}

#[test]
fn e3756_depth_mask() {
    let t = tok(MOV, d(FD, 0, 0b0011), s(V, 0, IDENT), Z8);
    assert_eq!(
        frag(2, &[mov_oc(), t]),
        "Error #3756: AGAL validation failed: Depth output must set only x as a write mask. At token 2 of fragment program."
    );
    let ok = tok(MOV, d(FD, 0, 1), s(V, 0, IDENT), Z8);
    assert_eq!(frag(2, &[mov_oc(), ok]), "ok");
}

#[test]
fn instance_id_3786_3788_3789() {
    let write = tok(MOV, d(IID, 0, XYZW), s(VA, 0, IDENT), Z8);
    assert_eq!(
        upload_tokens(3, VERT, &[mov_op(), write]),
        "Error #3786: AGAL validation failed: Instance id register can not be written to for destination operand at token 2 of vertex program."
    );
    let read = tok(ADD, d(OUT, 0, XYZW), s(VA, 0, IDENT), s(IID, 0, 0));
    assert_eq!(
        upload_tokens(2, VERT, std::slice::from_ref(&read)),
        "Error #3789: AGAL validation failed: Instance id register is supported in Agal version 3 and above."
    );
    assert_eq!(upload_tokens(3, VERT, &[read]), "ok");
    let frag_read = tok(ADD, d(OUT, 0, XYZW), s(V, 0, IDENT), s(IID, 0, 0));
    assert_eq!(
        frag(3, &[frag_read]),
        "Error #3788: Instance id register can only be read in the vertex shader."
    );
}

#[test]
fn destination_fault_comes_before_sampler_field_fault() {
    // The decoder reads the sampler's fields after the destination; Flash checks the
    // destination (#3652) before the sampler (#3665).
    let t = tok(
        TEX,
        d(C, 0, XYZW),
        s(V, 0, IDENT),
        smp(0, 0, 0, 0, 7, 0, 0, 0),
    );
    assert_eq!(
        frag(1, &[t]),
        "Error #3652: AGAL validation failed: Constant registers can not be written to for destination operand at token 1 of fragment program."
    );
    // With a valid destination the sampler field is reported.
    let t = tok(
        TEX,
        d(OUT, 0, XYZW),
        s(V, 0, IDENT),
        smp(0, 0, 0, 0, 7, 0, 0, 0),
    );
    assert_eq!(
        frag(1, &[t]),
        "Error #3665: AGAL validation failed: Unknown filter mode in sampler: 7 for source operand 2 at token 1 of fragment program."
    );
}
