//! Assembler errors and warnings.
//!
//! [`AsmErrorKind`] holds the errors of Adobe's AGALMiniAssembler (their texts are Adobe's,
//! without the `"error: "` prefix) plus [`AsmErrorKind::Strict`]: a [`Quirk`], something that
//! Adobe's assembler accepts silently (skips a line, ignores text, reads a typo as 0) and that
//! the default, strict mode refuses. In lenient mode the same [`Quirk`] becomes an
//! [`AsmWarning`] and the bytes are Adobe's.

use std::fmt;

use crate::model::Opcode;

/// An assembly error: where (1-based line and column, in characters) and what.
#[derive(Debug, Clone, PartialEq, Eq, Hash, thiserror::Error)]
pub struct AsmError {
    /// 1-based line of the source (lines end at `\n`, `\r\n` or `\r`).
    pub line: usize,
    /// 1-based column, in characters, of the token at fault.
    pub column: usize,
    /// What was wrong.
    pub kind: AsmErrorKind,
}

impl fmt::Display for AsmError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.kind
        )
    }
}

/// Something accepted despite a [`Quirk`] (lenient mode), or worth knowing (both modes).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct AsmWarning {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// What Adobe's assembler did there.
    pub kind: Quirk,
}

impl fmt::Display for AsmWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.kind
        )
    }
}

/// Why a program could not be assembled.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum AsmErrorKind {
    /// A version 2 opcode (`ddx`, `ife`, ..., `ted`) in a version 1 program.
    RequiresVersion2 {
        /// The opcode.
        opcode: Opcode,
    },
    /// A vertex-only opcode (`tld`) in a fragment program.
    OpcodeOnlyInVertexPrograms {
        /// The opcode.
        opcode: Opcode,
    },
    /// A fragment-only opcode (`tex`, `kil`, `ddx`, ...) in a vertex program.
    OpcodeOnlyInFragmentPrograms {
        /// The opcode.
        opcode: Opcode,
    },
    /// The 4097th instruction.
    TooManyOpcodes,
    /// The operand count differs from the opcode's.
    WrongOperandCount {
        /// The opcode.
        opcode: Opcode,
        /// Operands found.
        found: usize,
        /// Operands the opcode takes.
        expected: usize,
    },
    /// An operand whose register name is unknown (`FT0`, `fsd0`, ...).
    UnknownRegister {
        /// 0-based operand number, as Adobe counts (the destination is operand 0).
        operand: usize,
        /// The operand as written.
        text: String,
    },
    /// A vertex register (`va`, `vc`, `vt`, `op`, `iid`, `vs`) in a fragment program.
    RegisterOnlyInVertexPrograms {
        /// 0-based operand number.
        operand: usize,
        /// The operand as written.
        text: String,
    },
    /// A fragment register (`fc`, `ft`, `fs`, `oc`, `fd`) in a vertex program.
    RegisterOnlyInFragmentPrograms {
        /// 0-based operand number.
        operand: usize,
        /// The operand as written.
        text: String,
    },
    /// `vc[...]` in a fragment program.
    RelativeInFragmentProgram {
        /// 0-based operand number.
        operand: usize,
        /// The operand as written.
        text: String,
    },
    /// A register number above the version's range (for `vc[vaN.x]`, `N` against `vc`'s
    /// range, as Adobe checks it).
    IndexOutOfRange {
        /// 0-based operand number.
        operand: usize,
        /// The operand as written.
        text: String,
        /// How many registers there are (the range's end).
        limit: u64,
    },
    /// `vc[...]` as the destination.
    RelativeDestination,
    /// The register inside `vc[...]` is unknown.
    BadIndexRegister {
        /// The operand as written.
        text: String,
    },
    /// `vc[va0+5]`: no `.x`/`.y`/`.z`/`.w` selects the index component (Adobe's assembler
    /// throws a TypeError there).
    MissingIndexComponent {
        /// The operand as written.
        text: String,
    },
    /// `vc[va0.x+300]`: the offset is above 255.
    IndexOffsetOutOfRange {
        /// The offset.
        offset: u32,
    },
    /// Something Adobe's assembler accepts silently; refused in strict mode.
    Strict(Quirk),
}

impl fmt::Display for AsmErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use AsmErrorKind as K;
        match self {
            K::RequiresVersion2 { opcode } => {
                write!(f, "opcode requires version 2. ({opcode})")
            }
            K::OpcodeOnlyInVertexPrograms { opcode } => {
                write!(f, "opcode is only allowed in vertex programs. ({opcode})")
            }
            K::OpcodeOnlyInFragmentPrograms { opcode } => {
                write!(f, "opcode is only allowed in fragment programs. ({opcode})")
            }
            K::TooManyOpcodes => write!(f, "too many opcodes. maximum is 4096."),
            K::WrongOperandCount {
                opcode,
                found,
                expected,
            } => write!(
                f,
                "wrong number of operands. found {found} but expected {expected}. ({opcode})"
            ),
            K::UnknownRegister { operand, text } => write!(
                f,
                "could not find register name for operand {operand} ({text})."
            ),
            K::RegisterOnlyInVertexPrograms { operand, text } => write!(
                f,
                "register operand {operand} ({text}) only allowed in vertex programs."
            ),
            K::RegisterOnlyInFragmentPrograms { operand, text } => write!(
                f,
                "register operand {operand} ({text}) only allowed in fragment programs."
            ),
            K::RelativeInFragmentProgram { operand, text } => write!(
                f,
                "register operand {operand} ({text}) relative adressing not allowed in fragment programs."
            ),
            K::IndexOutOfRange {
                operand,
                text,
                limit,
            } => write!(
                f,
                "register operand {operand} ({text}) index exceeds limit of {limit}."
            ),
            K::RelativeDestination => write!(f, "relative can not be destination"),
            K::BadIndexRegister { text } => write!(f, "bad index register ({text})"),
            K::MissingIndexComponent { text } => write!(
                f,
                "bad index register select ({text}): the index register needs .x, .y, .z or .w"
            ),
            K::IndexOffsetOutOfRange { offset } => {
                write!(f, "index offset {offset} out of bounds. [0..255]")
            }
            K::Strict(q) => write!(f, "{q}; refused in strict mode"),
        }
    }
}

/// What Adobe's AGALMiniAssembler does silently: a strict-mode error, a lenient-mode warning.
/// [`Quirk::InheritedSamplerOptions`] is only ever a warning (both modes): it is how Adobe's
/// assembler works, and strict mode keeps it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Quirk {
    /// A line that does not start with a known opcode (`MOV`, `m43`, `}`): skipped.
    UnknownOpcode {
        /// The line's text (after trimming, without comment and options).
        text: String,
    },
    /// `movx ft0, v0`: only the first three letters name the opcode; the rest is ignored
    /// (or read as operands).
    OpcodeSuffix {
        /// The word written.
        word: String,
        /// The opcode it is read as.
        opcode: Opcode,
    },
    /// Text in the operand list that is not an operand (`ft1,xy`, `ft3.xytz`): ignored.
    IgnoredText {
        /// The text ignored.
        text: String,
    },
    /// An operand glued to the text before it (`ov0`): read as a separate operand.
    UnseparatedOperand {
        /// The operand.
        text: String,
    },
    /// `ft0.XY`: upper-case swizzle or mask letters are ignored (an all upper-case suffix
    /// reads as no suffix).
    UpperCaseSwizzle {
        /// The suffix written.
        text: String,
    },
    /// A register other than `fs`/`vs` where a sampler belongs: its number is used as the
    /// sampler number.
    NotASampler {
        /// The operand as written.
        text: String,
    },
    /// A register number that Adobe's check lets through although out of range (numbers
    /// past 2^32 wrap; `fd` has no range in version 1): written as `written`.
    UncheckedIndex {
        /// The operand as written.
        text: String,
        /// The register number written (low 16 bits).
        written: u16,
    },
    /// `vc[va.x+5]`: without a register number, the offset's digits are read as the index
    /// register's number.
    OffsetAsIndexNumber {
        /// The operand as written.
        text: String,
    },
    /// A sampler option that is neither a flag word nor a number: read as LOD bias NaN,
    /// i.e. 0 (an earlier bias is lost).
    UnknownSamplerOption {
        /// The word.
        word: String,
    },
    /// A LOD bias outside [-16, 16): `int(bias * 8)` is written as a wrapping byte.
    LodBiasOutOfRange {
        /// The word.
        word: String,
        /// The byte written.
        byte: i8,
    },
    /// Two options for the same field (`linear` then `nearest`, or two biases): the last wins.
    ConflictingSamplerOptions {
        /// The earlier word.
        first: String,
        /// The later word, which wins.
        second: String,
    },
    /// `<...>` on a line without a sampler operand: kept for the next sampler instruction.
    SamplerOptionsWithoutSampler,
    /// A sampler instruction without `<...>` uses the options of the last `<...>` seen, on
    /// an earlier line (Adobe's `opts` variable is never reset).
    InheritedSamplerOptions {
        /// The 1-based line of that `<...>`.
        from_line: usize,
    },
}

impl fmt::Display for Quirk {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Quirk as Q;
        match self {
            Q::UnknownOpcode { text } => write!(
                f,
                "unknown opcode in `{text}` (Adobe's assembler skips the line)"
            ),
            Q::OpcodeSuffix { word, opcode } => write!(
                f,
                "unknown opcode `{word}` (Adobe's assembler reads it as `{opcode}`)"
            ),
            Q::IgnoredText { text } => write!(
                f,
                "`{text}` is not an operand (Adobe's assembler ignores it)"
            ),
            Q::UnseparatedOperand { text } => write!(
                f,
                "operand `{text}` is not separated from the text before it by a comma or space"
            ),
            Q::UpperCaseSwizzle { text } => write!(
                f,
                "upper-case swizzle or mask `{text}` (Adobe's assembler ignores upper-case letters there)"
            ),
            Q::NotASampler { text } => write!(
                f,
                "`{text}` is not a sampler register (Adobe's assembler uses its number as the sampler's)"
            ),
            Q::UncheckedIndex { text, written } => write!(
                f,
                "register number of `{text}` is out of range (Adobe's assembler writes {written})"
            ),
            Q::OffsetAsIndexNumber { text } => write!(
                f,
                "index register of `{text}` has no number (Adobe's assembler reads the offset's digits as its number)"
            ),
            Q::UnknownSamplerOption { word } => write!(
                f,
                "unknown sampler option `{word}` (Adobe's assembler reads it as LOD bias NaN, i.e. 0)"
            ),
            Q::LodBiasOutOfRange { word, byte } => write!(
                f,
                "LOD bias `{word}` is outside [-16, 16) (Adobe's assembler writes the wrapped byte {byte})"
            ),
            Q::ConflictingSamplerOptions { first, second } => write!(
                f,
                "sampler options `{first}` and `{second}` set the same field (the last wins)"
            ),
            Q::SamplerOptionsWithoutSampler => write!(
                f,
                "sampler options on a line without a sampler operand (Adobe's assembler keeps them for the next sampler instruction)"
            ),
            Q::InheritedSamplerOptions { from_line } => write!(
                f,
                "no sampler options: the options of line {from_line} apply (as in Adobe's assembler)"
            ),
        }
    }
}
