//! Model to bytes, exactly as Adobe's AGALMiniAssembler writes them.

use super::{HEADER_LEN, MAGIC, SHADER_TYPE_TAG, TOKEN_LEN};
use crate::model::{
    Address, Destination, Instruction, Operands, Program, ProgramKind, Sampler, Source, Version,
};

/// The 7-byte header.
pub fn encode_header(version: Version, kind: ProgramKind) -> [u8; HEADER_LEN] {
    let v = version.number().to_le_bytes();
    [MAGIC, v[0], v[1], v[2], v[3], SHADER_TYPE_TAG, kind.code()]
}

/// A whole program: header then one token per instruction.
pub fn encode(program: &Program) -> Vec<u8> {
    let mut out = Vec::with_capacity(HEADER_LEN + TOKEN_LEN * program.instructions.len());
    out.extend_from_slice(&encode_header(program.version, program.kind));
    for ins in &program.instructions {
        out.extend_from_slice(&encode_instruction(ins));
    }
    out
}

/// One 24-byte token; operands the opcode lacks are zero.
pub fn encode_instruction(ins: &Instruction) -> [u8; TOKEN_LEN] {
    let mut t = [0u8; TOKEN_LEN];
    t[0..4].copy_from_slice(&ins.opcode.code().to_le_bytes());
    let (dst, s1, s2): (Option<&Destination>, Option<&Source>, Option<[u8; 8]>) =
        match &ins.operands {
            Operands::Unary { dst, src } => (Some(dst), Some(src), None),
            Operands::Binary { dst, a, b } => (Some(dst), Some(a), Some(source(b))),
            Operands::Sample {
                dst,
                coord,
                sampler: s,
            } => (Some(dst), Some(coord), Some(sampler(s))),
            Operands::Compare { a, b } => (None, Some(a), Some(source(b))),
            Operands::Kill { src } => (None, Some(src), None),
            Operands::Bare => (None, None, None),
        };
    if let Some(d) = dst {
        let n = d.index.to_le_bytes();
        t[4..8].copy_from_slice(&[n[0], n[1], d.mask.bits(), d.register.code()]);
    }
    if let Some(s) = s1 {
        t[8..16].copy_from_slice(&source(s));
    }
    if let Some(s) = s2 {
        t[16..24].copy_from_slice(&s);
    }
    t
}

fn source(s: &Source) -> [u8; 8] {
    match s.address {
        Address::Direct { index } => {
            let n = index.to_le_bytes();
            [n[0], n[1], 0, s.swizzle.bits(), s.register.code(), 0, 0, 0]
        }
        Address::Indirect {
            index_register,
            index_number,
            component,
            offset,
        } => {
            let n = index_number.to_le_bytes();
            [
                n[0],
                n[1],
                offset,
                s.swizzle.bits(),
                s.register.code(),
                index_register.code(),
                component as u8,
                0x80,
            ]
        }
    }
}

fn sampler(s: &Sampler) -> [u8; 8] {
    let n = s.index.to_le_bytes();
    let w = s.flags_word().to_le_bytes();
    [
        n[0],
        n[1],
        s.lod_bias.to_le_bytes()[0],
        0,
        w[0],
        w[1],
        w[2],
        w[3],
    ]
}
