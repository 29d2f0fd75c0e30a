//! The two values of a program's header: its kind (vertex or fragment) and AGAL version.

use std::fmt;

/// Vertex or fragment program.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ProgramKind {
    /// A vertex program (header type byte 0).
    Vertex,
    /// A fragment program (header type byte 1).
    Fragment,
}

impl ProgramKind {
    /// The header type byte.
    pub fn code(self) -> u8 {
        match self {
            ProgramKind::Vertex => 0,
            ProgramKind::Fragment => 1,
        }
    }

    /// The kind of a header type byte.
    pub fn from_code(code: u8) -> Option<ProgramKind> {
        match code {
            0 => Some(ProgramKind::Vertex),
            1 => Some(ProgramKind::Fragment),
            _ => None,
        }
    }

    /// `"vertex"` / `"fragment"`, the `%1` of Flash's validation messages.
    pub fn name(self) -> &'static str {
        match self {
            ProgramKind::Vertex => "vertex",
            ProgramKind::Fragment => "fragment",
        }
    }
}

impl fmt::Display for ProgramKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// AGAL version of a program (header field).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Version {
    /// AGAL 1: baseline profiles.
    V1 = 1,
    /// AGAL 2: standard profiles.
    V2 = 2,
    /// AGAL 3: standardExtended.
    V3 = 3,
}

impl Version {
    /// Every version.
    pub const ALL: [Version; 3] = [Version::V1, Version::V2, Version::V3];

    /// The header value.
    pub fn number(self) -> u32 {
        self as u32
    }

    /// The version of a header value.
    pub fn from_number(n: u32) -> Option<Version> {
        match n {
            1 => Some(Version::V1),
            2 => Some(Version::V2),
            3 => Some(Version::V3),
            _ => None,
        }
    }
}

impl fmt::Display for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number())
    }
}
