//! Parse errors of call traces: always a line, a column and what was wrong.

use super::model::{Pos, ResourceKind, MAX_BITMAP_SIDE};

/// A trace that does not parse. Display: `line L, column C: what`.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{pos}: {kind}")]
pub struct ParseError {
    /// Where (1-based line and column).
    pub pos: Pos,
    /// What.
    pub kind: ParseErrorKind,
}

impl ParseError {
    pub(crate) fn new(pos: Pos, kind: ParseErrorKind) -> ParseError {
        ParseError { pos, kind }
    }

    /// The 1-based line.
    pub fn line(&self) -> u32 {
        self.pos.line
    }

    /// The 1-based column.
    pub fn column(&self) -> u32 {
        self.pos.column
    }
}

/// What was wrong.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// The first line is not `molehill-trace N`.
    #[error("the first line must be `molehill-trace 1`")]
    MissingHeader,
    /// `molehill-trace N` with a version this Molehill cannot read.
    #[error("unsupported trace format version {0} (this Molehill reads version 1)")]
    UnsupportedVersion(String),
    /// A character that starts no token.
    #[error("unexpected character {0:?}")]
    UnexpectedChar(char),
    /// A string with no closing quote on its line.
    #[error("unterminated string")]
    UnterminatedString,
    /// `\x` with an unknown `x`.
    #[error("unknown escape \\{0} in string (use \\\", \\\\, \\n, \\t or \\r)")]
    BadEscape(char),
    /// A number that does not parse.
    #[error("malformed number {0:?}")]
    BadNumber(String),
    /// A `(` or `[` never closed.
    #[error("{0:?} is never closed")]
    Unclosed(char),
    /// A `)` or `]` with nothing open, or the wrong one.
    #[error("unexpected {0:?}")]
    UnexpectedClose(char),
    /// Something else than what the grammar wants here.
    #[error("expected {expected}, found {found}")]
    Expected {
        /// What was wanted.
        expected: &'static str,
        /// What was there.
        found: String,
    },
    /// A method the receiver does not have.
    #[error("{receiver} has no method `{method}`")]
    UnknownMethod {
        /// The receiver's class.
        receiver: String,
        /// The method name.
        method: String,
    },
    /// A property that cannot be set in a trace.
    #[error("{receiver} has no settable property `{property}`")]
    UnknownProperty {
        /// The receiver's class.
        receiver: String,
        /// The property name.
        property: String,
    },
    /// A name used before any `NAME = context.create...`.
    #[error("`{0}` is not defined (bind it with `{0} = context.create...(...)`)")]
    UnknownName(String),
    /// `context` used before `stage.requestContext3D`.
    #[error("`context` is used before stage.requestContext3D(...)")]
    ContextBeforeRequest,
    /// A name of the wrong class.
    #[error("`{name}` is a {kind:?}, but {expected} is needed here")]
    WrongKind {
        /// The name.
        name: String,
        /// What it is.
        kind: ResourceKind,
        /// What was wanted.
        expected: &'static str,
    },
    /// `NAME = ...` where `NAME` is reserved.
    #[error("`{0}` is a reserved word and cannot name a resource")]
    ReservedName(String),
    /// `NAME = context.foo()` where `foo` creates nothing.
    #[error("`{0}` returns nothing to bind (only create* calls do)")]
    NothingToBind(&'static str),
    /// A create call without `NAME = `.
    #[error("the result of `{0}` must be bound to a name (`x = context.{0}(...)`)")]
    UnboundCreate(&'static str),
    /// A required argument is missing.
    #[error("missing argument `{argument}` of {method}")]
    MissingArgument {
        /// The method.
        method: String,
        /// The argument.
        argument: &'static str,
    },
    /// More arguments than the method takes.
    #[error("{method} takes at most {max} arguments")]
    TooManyArguments {
        /// The method.
        method: String,
        /// Its arity.
        max: usize,
    },
    /// A Number where an `int` or `uint` is needed, out of range or not whole.
    #[error("{value} is not a valid {ty}")]
    NotAnInteger {
        /// `"int"`, `"uint"`, ...
        ty: &'static str,
        /// The value.
        value: f64,
    },
    /// A `Matrix3D`'s `rawData` that is not 16 Numbers.
    #[error("a Matrix3D's rawData is 16 Numbers, found {0}")]
    MatrixLength(usize),
    /// Odd number of hex digits or a non-hex character.
    #[error("malformed hex bytes: {0}")]
    BadHex(&'static str),
    /// `bitmap(w, h, [...])` with the wrong number of pixels.
    #[error("bitmap of {width}x{height} needs {expected} pixels, found {found}")]
    PixelCount {
        /// Width.
        width: u32,
        /// Height.
        height: u32,
        /// `width * height`.
        expected: u64,
        /// Given.
        found: usize,
    },
    /// A bitmap size that is zero or too big.
    #[error("bitmap size {width}x{height} is not in 1..={}", MAX_BITMAP_SIDE)]
    BitmapSize {
        /// Width as given.
        width: f64,
        /// Height as given.
        height: f64,
    },
    /// `agal("pixel", ...)`.
    #[error("program type must be \"vertex\" or \"fragment\", found {0:?}")]
    BadProgramType(String),
    /// `agal(..., 7)`.
    #[error("AGAL version must be 1, 2 or 3, found {0}")]
    BadAgalVersion(f64),
    /// `bytes("..", "middleEndian")`.
    #[error("endian must be \"littleEndian\" or \"bigEndian\", found {0:?}")]
    BadEndian(String),
    /// `expect error 3670 Oops`.
    #[error("unknown error class `{0}` (Error, ArgumentError, RangeError or TypeError)")]
    BadErrorClass(String),
    /// `expect ...` before any call, or a second `expect error` for one call.
    #[error("{0}")]
    MisplacedExpectation(&'static str),
    /// `config` after the first call, or an unknown name.
    #[error("{0}")]
    BadConfig(String),
    /// Vectors or constructors nested too deep.
    #[error("values are nested too deep")]
    TooDeep,
    /// Anything after a complete statement.
    #[error("unexpected {0} after the end of the statement")]
    TrailingInput(String),
}
