//! Model to bytes, exactly as Adobe's AGALMiniAssembler writes them.

use super::layout::{HEADER_LEN, MAGIC, SHADER_TYPE_TAG, TOKEN_LEN};
use crate::model::{Address, Instruction, Program, ProgramKind, Sampler, Source, Version};

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
    if let Some(d) = ins.destination() {
        let n = d.index.to_le_bytes();
        t[4..8].copy_from_slice(&[n[0], n[1], d.mask.bits(), d.register.code()]);
    }
    let (s1, s2) = ins.source_operands();
    if let Some(s) = s1 {
        t[8..16].copy_from_slice(&source(s));
    }
    if let Some(s) = s2 {
        t[16..24].copy_from_slice(&source(s));
    } else if let Some(s) = ins.sampler() {
        t[16..24].copy_from_slice(&sampler(s));
    }
    t
}

/// `num lo, num hi, offset, swizzle, type, index type, index select, 0x80 if indirect`; for a
/// relative read the number is the index register's.
fn source(s: &Source) -> [u8; 8] {
    let (number, index_type, component, indirect) = match s.address {
        Address::Direct { index } => (index, 0, 0, 0),
        Address::Indirect {
            index_register,
            index_number,
            component,
            ..
        } => (index_number, index_register.code(), component as u8, 0x80),
    };
    let n = number.to_le_bytes();
    [
        n[0],
        n[1],
        s.address.offset(),
        s.swizzle.bits(),
        s.register.code(),
        index_type,
        component,
        indirect,
    ]
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
