//! Registers, write masks and swizzles.

use std::fmt;

use super::header::ProgramKind;

/// The 4-bit register type field of an operand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RegisterType {
    /// `va`: vertex attribute (0).
    Attribute,
    /// `vc` / `fc`: constant (1).
    Constant,
    /// `vt` / `ft`: temporary (2).
    Temporary,
    /// `op` / `oc`: the vertex position or a fragment colour output (3).
    Output,
    /// `v`: varying (4).
    Varying,
    /// `fs` (or `vs` for `tld`): texture sampler (5).
    Sampler,
    /// `fd`: fragment depth output (6, AGAL 2).
    DepthOutput,
    /// `iid`: instance id (7, AGAL 3).
    InstanceId,
}

impl RegisterType {
    /// All register types, in code order.
    pub const ALL: [RegisterType; 8] = [
        RegisterType::Attribute,
        RegisterType::Constant,
        RegisterType::Temporary,
        RegisterType::Output,
        RegisterType::Varying,
        RegisterType::Sampler,
        RegisterType::DepthOutput,
        RegisterType::InstanceId,
    ];

    /// The type code written in bytecode.
    pub fn code(self) -> u8 {
        self as u8
    }

    /// The register type of a code, `None` for 8..=15 (Flash error #3655).
    pub fn from_code(code: u8) -> Option<RegisterType> {
        RegisterType::ALL.get(code as usize).copied()
    }

    /// The canonical assembly prefix in a program of `kind` (`vc` / `fc`, `op` / `oc`, ...).
    pub fn prefix(self, kind: ProgramKind) -> &'static str {
        let vertex = kind == ProgramKind::Vertex;
        match self {
            RegisterType::Attribute => "va",
            RegisterType::Constant => {
                if vertex {
                    "vc"
                } else {
                    "fc"
                }
            }
            RegisterType::Temporary => {
                if vertex {
                    "vt"
                } else {
                    "ft"
                }
            }
            RegisterType::Output => {
                if vertex {
                    "op"
                } else {
                    "oc"
                }
            }
            RegisterType::Varying => "v",
            RegisterType::Sampler => {
                if vertex {
                    "vs"
                } else {
                    "fs"
                }
            }
            RegisterType::DepthOutput => "fd",
            RegisterType::InstanceId => "iid",
        }
    }
}

/// One component of a register.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Component {
    /// The first component (`x`, `r` in colour terms), encoded 0.
    X = 0,
    /// The second component (`y`, `g`), encoded 1.
    Y = 1,
    /// The third component (`z`, `b`), encoded 2.
    Z = 2,
    /// The fourth component (`w`, `a`), encoded 3.
    W = 3,
}

impl Component {
    /// x, y, z, w.
    pub const ALL: [Component; 4] = [Component::X, Component::Y, Component::Z, Component::W];

    /// 0..=3.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The component of a 2-bit code (only the low two bits are read).
    pub fn from_bits(bits: u8) -> Component {
        Component::ALL[(bits & 3) as usize]
    }

    /// `'x'`..`'w'`.
    pub fn letter(self) -> char {
        ['x', 'y', 'z', 'w'][self as usize]
    }
}

impl fmt::Display for Component {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A destination write mask: bit `c` set when component `c` is written (x = bit 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct WriteMask(u8);

impl WriteMask {
    /// `.xyzw`, the mask of an operand written without one.
    pub const ALL: WriteMask = WriteMask(0xF);
    /// `.xyz`.
    pub const XYZ: WriteMask = WriteMask(0x7);
    /// `.x`.
    pub const X: WriteMask = WriteMask(0x1);

    /// The mask of the low four bits of `bits` (a zero mask is representable: Flash error #3653).
    pub fn from_bits(bits: u8) -> WriteMask {
        WriteMask(bits & 0xF)
    }

    /// The 4-bit value.
    pub fn bits(self) -> u8 {
        self.0
    }

    /// Whether component `c` is written.
    pub fn contains(self, c: Component) -> bool {
        self.0 & (1 << c as u8) != 0
    }

    /// The written components, in x, y, z, w order.
    pub fn components(self) -> impl Iterator<Item = Component> {
        Component::ALL
            .into_iter()
            .filter(move |c| self.contains(*c))
    }

    /// How many components are written.
    pub fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether every component is written.
    pub fn is_full(self) -> bool {
        self.0 == 0xF
    }
}

impl fmt::Display for WriteMask {
    /// `.xz` style suffix; nothing for a full mask.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_full() {
            return Ok(());
        }
        f.write_str(".")?;
        for c in self.components() {
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

/// A source swizzle: lane `k` reads component `(bits >> 2k) & 3`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Swizzle(u8);

impl Swizzle {
    /// `.xyzw` (0xE4), the swizzle of an operand written without one.
    pub const IDENTITY: Swizzle = Swizzle(0xE4);

    /// The swizzle of a byte.
    pub fn from_bits(bits: u8) -> Swizzle {
        Swizzle(bits)
    }

    /// The swizzle reading `lanes` in order.
    pub fn new(lanes: [Component; 4]) -> Swizzle {
        Swizzle(
            lanes
                .iter()
                .enumerate()
                .fold(0, |acc, (k, c)| acc | ((*c as u8) << (2 * k))),
        )
    }

    /// The swizzle reading `c` in every lane (`.x` = xxxx).
    pub fn scalar(c: Component) -> Swizzle {
        Swizzle::new([c; 4])
    }

    /// The byte value.
    pub fn bits(self) -> u8 {
        self.0
    }

    /// The component read by lane `k` (0..=3).
    pub fn lane(self, k: usize) -> Component {
        Component::from_bits(self.0 >> (2 * (k & 3)))
    }

    /// The four lanes.
    pub fn lanes(self) -> [Component; 4] {
        [self.lane(0), self.lane(1), self.lane(2), self.lane(3)]
    }

    /// The single component of a scalar swizzle (xxxx, yyyy, zzzz or wwww), else `None`.
    pub fn as_scalar(self) -> Option<Component> {
        let c = self.lane(0);
        (self == Swizzle::scalar(c)).then_some(c)
    }

    /// The shortest assembly spelling: trailing repeats of the last letter are dropped, as the
    /// mini assembler repeats the last letter of a short swizzle (xyyy -> `xy`, identity -> ``).
    pub fn short_form(self) -> String {
        if self == Swizzle::IDENTITY {
            return String::new();
        }
        let lanes = self.lanes();
        let mut n = 4;
        while n > 1 && lanes[n - 1] == lanes[n - 2] {
            n -= 1;
        }
        lanes[..n].iter().map(|c| c.letter()).collect()
    }
}

impl fmt::Display for Swizzle {
    /// `.xy` style suffix (short form); nothing for the identity.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = self.short_form();
        if !s.is_empty() {
            write!(f, ".{s}")?;
        }
        Ok(())
    }
}
