//! The one typed instruction model of AGAL.
//!
//! A [`Program`] is a kind (vertex or fragment), a [`Version`] and a list of
//! [`Instruction`]s. An instruction is an [`Opcode`] and its [`Operands`], whose variant is
//! decided by the opcode's [`Shape`]: the decoder, encoder, assembler, disassembler, validator,
//! linker and GLSL writer all share these types, so an operand that an opcode does not have
//! cannot be represented.

mod header;
mod opcode;
mod register;
mod sampler;

pub use header::{ProgramKind, Version};
pub use opcode::{Opcode, Shape, StageRule};
pub use register::{Component, RegisterType, Swizzle, WriteMask};
pub use sampler::{Dimension, Filter, MipFilter, Sampler, SpecialFlags, TextureFormat, Wrap};

/// A destination operand: register, number and write mask.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Destination {
    /// Register type.
    pub register: RegisterType,
    /// Register number.
    pub index: u16,
    /// Components written.
    pub mask: WriteMask,
}

/// How a source operand names its register.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Address {
    /// `vc5`: register number `index`.
    Direct {
        /// Register number.
        index: u16,
    },
    /// `vc[va2.x+5]`: register `offset + index_register[number].component`.
    Indirect {
        /// Type of the register holding the index (`va`, `vc` or `vt`).
        index_register: RegisterType,
        /// Number of the register holding the index.
        index_number: u16,
        /// Which component of it.
        component: Component,
        /// Constant base added to the index (0-255).
        offset: u8,
    },
}

impl Address {
    /// The register holding a relative index, read as a scalar source: `va2.x` of
    /// `vc[va2.x+5]`. `None` for a direct address.
    pub fn index_source(&self) -> Option<Source> {
        match *self {
            Address::Direct { .. } => None,
            Address::Indirect {
                index_register,
                index_number,
                component,
                ..
            } => Some(Source::direct(
                index_register,
                index_number,
                Swizzle::scalar(component),
            )),
        }
    }

    /// The constant base of a relative address (`5` of `vc[va2.x+5]`), 0 for a direct one.
    pub fn offset(&self) -> u8 {
        match *self {
            Address::Direct { .. } => 0,
            Address::Indirect { offset, .. } => offset,
        }
    }
}

/// A source operand: register, address and swizzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Source {
    /// Register type (the type of the register read, a constant for an indirect read).
    pub register: RegisterType,
    /// Direct or relative addressing.
    pub address: Address,
    /// Which components each lane reads.
    pub swizzle: Swizzle,
}

impl Source {
    /// A direct read of `register` number `index` with `swizzle`.
    pub fn direct(register: RegisterType, index: u16, swizzle: Swizzle) -> Source {
        Source {
            register,
            address: Address::Direct { index },
            swizzle,
        }
    }

    /// Whether the operand is relatively addressed.
    pub fn is_indirect(&self) -> bool {
        matches!(self.address, Address::Indirect { .. })
    }

    /// The register number of a direct read.
    pub fn direct_index(&self) -> Option<u16> {
        match self.address {
            Address::Direct { index } => Some(index),
            Address::Indirect { .. } => None,
        }
    }
}

/// The operands of an instruction; the variant follows [`Opcode::shape`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Operands {
    /// `op dst, src`.
    Unary {
        /// Destination.
        dst: Destination,
        /// Source.
        src: Source,
    },
    /// `op dst, a, b` (for matrix opcodes `b` is the first row).
    Binary {
        /// Destination.
        dst: Destination,
        /// First source.
        a: Source,
        /// Second source.
        b: Source,
    },
    /// `tex dst, coord, fsN <flags>`.
    Sample {
        /// Destination.
        dst: Destination,
        /// Texture coordinates.
        coord: Source,
        /// Sampler and its flags.
        sampler: Sampler,
    },
    /// `ife a, b`: compares the scalar components of two sources.
    Compare {
        /// First source.
        a: Source,
        /// Second source.
        b: Source,
    },
    /// `kil src`.
    Kill {
        /// The scalar tested against 0.
        src: Source,
    },
    /// `els`, `eif`.
    Bare,
}

impl Operands {
    /// The shape of these operands.
    pub fn shape(&self) -> Shape {
        match self {
            Operands::Unary { .. } => Shape::Unary,
            Operands::Binary { .. } => Shape::Binary,
            Operands::Sample { .. } => Shape::Sample,
            Operands::Compare { .. } => Shape::Compare,
            Operands::Kill { .. } => Shape::Kill,
            Operands::Bare => Shape::Bare,
        }
    }
}

/// One instruction (a 24-byte token of bytecode).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Instruction {
    /// The opcode.
    pub opcode: Opcode,
    /// Its operands; the variant always matches `opcode.shape()` in values built by this
    /// crate ([`Instruction::new`] checks it).
    pub operands: Operands,
}

impl Instruction {
    /// An instruction, or `None` when `operands` do not have the opcode's shape.
    pub fn new(opcode: Opcode, operands: Operands) -> Option<Instruction> {
        (opcode.shape() == operands.shape()).then_some(Instruction { opcode, operands })
    }

    /// The destination operand, if the opcode has one.
    pub fn destination(&self) -> Option<&Destination> {
        match &self.operands {
            Operands::Unary { dst, .. }
            | Operands::Binary { dst, .. }
            | Operands::Sample { dst, .. } => Some(dst),
            _ => None,
        }
    }

    /// Source 1 and source 2, where the opcode has them (the sampler is not a source: see
    /// [`sampler`](Instruction::sampler)).
    pub fn source_operands(&self) -> (Option<&Source>, Option<&Source>) {
        match &self.operands {
            Operands::Unary { src, .. } | Operands::Kill { src } => (Some(src), None),
            Operands::Binary { a, b, .. } | Operands::Compare { a, b } => (Some(a), Some(b)),
            Operands::Sample { coord, .. } => (Some(coord), None),
            Operands::Bare => (None, None),
        }
    }

    /// The source operands in order (source 1 then source 2; the sampler is not a source).
    pub fn sources(&self) -> impl Iterator<Item = &Source> {
        let (a, b) = self.source_operands();
        a.into_iter().chain(b)
    }

    /// The rows of a matrix operand after its first (`vc1`..`vc3` of `m44 op, va0, vc0`), as
    /// direct sources with the operand's swizzle; none for other opcodes, or for a relatively
    /// addressed matrix (its rows are constants found at run time).
    pub fn further_matrix_rows(&self) -> impl Iterator<Item = Source> {
        let matrix = match (&self.operands, self.opcode.matrix_rows()) {
            (Operands::Binary { b, .. }, Some(rows)) => match b.address {
                Address::Direct { index } => Some((*b, index, rows)),
                Address::Indirect { .. } => None,
            },
            _ => None,
        };
        matrix.into_iter().flat_map(|(b, index, rows)| {
            (1..rows).map(move |r| Source {
                address: Address::Direct {
                    index: index.saturating_add(r),
                },
                ..b
            })
        })
    }

    /// The sampler operand of `tex`, `ted` and `tld`.
    pub fn sampler(&self) -> Option<&Sampler> {
        match &self.operands {
            Operands::Sample { sampler, .. } => Some(sampler),
            _ => None,
        }
    }
}

/// A whole program.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Program {
    /// Vertex or fragment, from the header's type byte.
    pub kind: ProgramKind,
    /// AGAL version, from the header.
    pub version: Version,
    /// The instructions, one per token.
    pub instructions: Vec<Instruction>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::asm::assemble;

    fn rows(text: &str) -> Vec<(RegisterType, Option<u16>)> {
        let p = assemble(text, ProgramKind::Vertex, Version::V1).unwrap();
        p.instructions[0]
            .further_matrix_rows()
            .map(|s| (s.register, s.direct_index()))
            .collect()
    }

    #[test]
    fn further_matrix_rows_follow_the_first() {
        use RegisterType::{Constant, Temporary};
        assert_eq!(
            rows("m44 op, va0, vc4"),
            [
                (Constant, Some(5)),
                (Constant, Some(6)),
                (Constant, Some(7))
            ]
        );
        assert_eq!(
            rows("m33 vt0.xyz, va0, vt2"),
            [(Temporary, Some(3)), (Temporary, Some(4))]
        );
        assert_eq!(
            rows("m34 vt0.xyz, va0, vc0"),
            [(Constant, Some(1)), (Constant, Some(2))]
        );
        assert!(
            rows("m44 op, va0, vc[va1.x+4]").is_empty(),
            "relative rows are found at run time"
        );
        assert!(rows("dp4 op, va0, vc4").is_empty());
    }
}
