//! Where a statement or a value was written in a trace file.

/// A line and column in a trace file (1-based; columns count characters).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Pos {
    /// Line, from 1.
    pub line: u32,
    /// Column, from 1.
    pub column: u32,
}

impl std::fmt::Display for Pos {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// A value with the place it came from. Equality ignores the place: it is where a statement
/// was written, not what it says (so a written-then-parsed trace equals the original).
#[derive(Debug, Clone)]
pub struct Located<T> {
    /// Where it starts (a default `Pos` for values built in code).
    pub pos: Pos,
    /// The value.
    pub value: T,
}

impl<T> Located<T> {
    /// `value` at `pos`.
    pub fn new(pos: Pos, value: T) -> Self {
        Located { pos, value }
    }

    /// `value` with no position (built in code, e.g. by the recorder).
    pub fn unplaced(value: T) -> Self {
        Located {
            pos: Pos::default(),
            value,
        }
    }
}

impl<T: PartialEq> PartialEq for Located<T> {
    fn eq(&self, other: &Self) -> bool {
        self.value == other.value
    }
}
