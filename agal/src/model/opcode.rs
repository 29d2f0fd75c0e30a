//! Opcodes: codes, mnemonics, operand shapes and the version and stage each one needs.

use std::fmt;

use super::header::{ProgramKind, Version};

macro_rules! opcodes {
    ($($variant:ident = $code:literal, $mnemonic:literal, $shape:ident;)*) => {
        /// An AGAL opcode. Every code of the AGAL page, plus `sgn` (0x2b), `ted` (0x26) and
        /// `tld` (0x2e), which the mini assemblers know although the player treats them apart.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Opcode {
            $(
                #[doc = concat!("`", $mnemonic, "` (", stringify!($code), ")")]
                $variant,
            )*
        }

        impl Opcode {
            /// Every opcode, in code order.
            pub const ALL: &'static [Opcode] = &[$(Opcode::$variant),*];

            /// The 32-bit opcode value.
            pub fn code(self) -> u32 {
                match self { $(Opcode::$variant => $code,)* }
            }

            /// The opcode of a value, `None` when no AGAL version defines it.
            pub fn from_code(code: u32) -> Option<Opcode> {
                match code { $($code => Some(Opcode::$variant),)* _ => None }
            }

            /// The lower-case assembly mnemonic.
            pub fn mnemonic(self) -> &'static str {
                match self { $(Opcode::$variant => $mnemonic,)* }
            }

            /// The opcode of a mnemonic (case-sensitive, as in Adobe's assembler).
            pub fn from_mnemonic(text: &str) -> Option<Opcode> {
                match text { $($mnemonic => Some(Opcode::$variant),)* _ => None }
            }

            /// Which operands the opcode takes.
            pub fn shape(self) -> Shape {
                match self { $(Opcode::$variant => Shape::$shape,)* }
            }
        }
    };
}

opcodes! {
    Mov = 0x00, "mov", Unary;
    Add = 0x01, "add", Binary;
    Sub = 0x02, "sub", Binary;
    Mul = 0x03, "mul", Binary;
    Div = 0x04, "div", Binary;
    Rcp = 0x05, "rcp", Unary;
    Min = 0x06, "min", Binary;
    Max = 0x07, "max", Binary;
    Frc = 0x08, "frc", Unary;
    Sqt = 0x09, "sqt", Unary;
    Rsq = 0x0a, "rsq", Unary;
    Pow = 0x0b, "pow", Binary;
    Log = 0x0c, "log", Unary;
    Exp = 0x0d, "exp", Unary;
    Nrm = 0x0e, "nrm", Unary;
    Sin = 0x0f, "sin", Unary;
    Cos = 0x10, "cos", Unary;
    Crs = 0x11, "crs", Binary;
    Dp3 = 0x12, "dp3", Binary;
    Dp4 = 0x13, "dp4", Binary;
    Abs = 0x14, "abs", Unary;
    Neg = 0x15, "neg", Unary;
    Sat = 0x16, "sat", Unary;
    M33 = 0x17, "m33", Binary;
    M44 = 0x18, "m44", Binary;
    M34 = 0x19, "m34", Binary;
    Ddx = 0x1a, "ddx", Unary;
    Ddy = 0x1b, "ddy", Unary;
    Ife = 0x1c, "ife", Compare;
    Ine = 0x1d, "ine", Compare;
    Ifg = 0x1e, "ifg", Compare;
    Ifl = 0x1f, "ifl", Compare;
    Els = 0x20, "els", Bare;
    Eif = 0x21, "eif", Bare;
    Ted = 0x26, "ted", Sample;
    Kil = 0x27, "kil", Kill;
    Tex = 0x28, "tex", Sample;
    Sge = 0x29, "sge", Binary;
    Slt = 0x2a, "slt", Binary;
    Sgn = 0x2b, "sgn", Unary;
    Seq = 0x2c, "seq", Binary;
    Sne = 0x2d, "sne", Binary;
    Tld = 0x2e, "tld", Sample;
}

/// The operands an opcode takes, which decides the [`Operands`](super::Operands) variant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Shape {
    /// destination, source (`mov`, `rcp`, ...).
    Unary,
    /// destination, source, source (`add`, `dp4`, `m44`, ...).
    Binary,
    /// destination, coordinate source, sampler (`tex`, `ted`, `tld`).
    Sample,
    /// two sources, no destination (`ife`, `ine`, `ifg`, `ifl`).
    Compare,
    /// one source, no destination (`kil`).
    Kill,
    /// no operand (`els`, `eif`).
    Bare,
}

impl Shape {
    /// The number of operands the assembler expects (AGALMiniAssembler's `numRegister`).
    pub fn operand_count(self) -> usize {
        match self {
            Shape::Unary => 2,
            Shape::Binary | Shape::Sample => 3,
            Shape::Compare => 2,
            Shape::Kill => 1,
            Shape::Bare => 0,
        }
    }

    /// Whether the instruction has a destination operand.
    pub fn has_destination(self) -> bool {
        matches!(self, Shape::Unary | Shape::Binary | Shape::Sample)
    }
}

/// The stages an opcode is allowed in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum StageRule {
    /// Vertex and fragment programs.
    Any,
    /// Fragment programs only (Flash error #3622).
    FragmentOnly,
    /// Vertex programs only (Flash error #3803).
    VertexOnly,
}

impl Opcode {
    /// The lowest AGAL version whose assembler knows the opcode. `tld` is accepted by the 2017
    /// assembler in any version; Flash Player asks for AGAL 4 (error #3805), which the
    /// validator reports.
    pub fn min_version(self) -> Version {
        match self {
            Opcode::Ddx
            | Opcode::Ddy
            | Opcode::Ife
            | Opcode::Ine
            | Opcode::Ifg
            | Opcode::Ifl
            | Opcode::Els
            | Opcode::Eif
            | Opcode::Ted => Version::V2,
            _ => Version::V1,
        }
    }

    /// Which stages may use the opcode.
    pub fn stage_rule(self) -> StageRule {
        match self {
            Opcode::Ddx | Opcode::Ddy | Opcode::Kil | Opcode::Tex | Opcode::Ted => {
                StageRule::FragmentOnly
            }
            Opcode::Tld => StageRule::VertexOnly,
            _ => StageRule::Any,
        }
    }

    /// Whether the opcode may appear in a program of `kind`.
    pub fn allowed_in(self, kind: ProgramKind) -> bool {
        match self.stage_rule() {
            StageRule::Any => true,
            StageRule::FragmentOnly => kind == ProgramKind::Fragment,
            StageRule::VertexOnly => kind == ProgramKind::Vertex,
        }
    }

    /// `ife`, `ine`, `ifg`, `ifl`: opens a conditional block.
    pub fn opens_block(self) -> bool {
        self.shape() == Shape::Compare
    }

    /// Matrix opcodes, whose second source names the first of 3 or 4 consecutive rows.
    pub fn matrix_rows(self) -> Option<u16> {
        match self {
            Opcode::M33 | Opcode::M34 => Some(3),
            Opcode::M44 => Some(4),
            _ => None,
        }
    }

    /// Opcodes whose result has three components: the destination must not write w
    /// (Flash error #3628).
    pub fn writes_xyz_only(self) -> bool {
        matches!(self, Opcode::Nrm | Opcode::Crs | Opcode::M33 | Opcode::M34)
    }
}

impl fmt::Display for Opcode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.mnemonic())
    }
}
