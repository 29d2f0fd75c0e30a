//! What a replay found: captures and failures, each failure with the line and column of the
//! statement it is about.

use std::fmt;
use std::path::{Path, PathBuf};

use molehill_agal::flash::{ErrorClass, FlashError};

use crate::image::{Image, ImageError};
use molehill_trace::{Name, ParseError, Pos};

/// What was captured.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum CaptureKind {
    /// The back buffer at `present()`.
    Present,
    /// The destination of `drawToBitmapData`.
    DrawToBitmapData,
}

/// One capture: the image a `present` showed or a `drawToBitmapData` produced.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Capture {
    /// The call's position in the trace.
    pub pos: Pos,
    /// Which call.
    pub kind: CaptureKind,
    /// The pixels (unpremultiplied ARGB, rows top first).
    pub image: Image,
}

/// A difference between what a trace expects and what happened.
#[derive(Debug)]
pub struct Failure {
    /// The statement it is about.
    pub pos: Pos,
    /// What.
    pub kind: FailureKind,
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.pos == Pos::default() {
            write!(f, "{}", self.kind)
        } else {
            write!(f, "{}: {}", self.pos, self.kind)
        }
    }
}

fn class_text(class: &Option<ErrorClass>) -> String {
    class.map(|c| format!(" {c}")).unwrap_or_default()
}

/// What went differently.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum FailureKind {
    /// The trace file could not be read, or a file beside it.
    #[error("cannot read {}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A file beside the trace longer than a replay reads.
    #[error("{} is over {limit} bytes", path.display())]
    FileTooLarge {
        /// The file.
        path: PathBuf,
        /// The bound.
        limit: u64,
    },
    /// The trace does not parse.
    #[error("{}", .0.kind)]
    Parse(ParseError),
    /// A `hexFile` that is not hex.
    #[error("{} is not hex text", path.display())]
    BadHexFile {
        /// The file.
        path: PathBuf,
    },
    /// `agal(...)` that does not assemble.
    #[error("AGAL does not assemble: {0}")]
    Assemble(molehill_agal::asm::AsmError),
    /// A `bitmapFile` or expected image that cannot be read, or an output that cannot be written.
    #[error("{}: {source}", path.display())]
    Image {
        /// The file.
        path: PathBuf,
        /// Why.
        source: ImageError,
    },
    /// A `bitmapFile` whose size is not a BitmapData's.
    #[error("{}: a {width}x{height} image is not a valid BitmapData", path.display())]
    BitmapSize {
        /// The file.
        path: PathBuf,
        /// Its width.
        width: u32,
        /// Its height.
        height: u32,
    },
    /// A call threw and no `expect error` follows it.
    #[error("unexpected {}", .0)]
    UnexpectedError(FlashError),
    /// `expect error` after a call that did not throw.
    #[error("expected error #{id}{}, but the call succeeded", class_text(class))]
    MissingError {
        /// The expected ID.
        id: u32,
        /// The expected class.
        class: Option<ErrorClass>,
    },
    /// `expect error` after a call that threw something else.
    #[error("expected error #{id}{}{}, got {actual}", class_text(class), message.as_ref().map(|m| format!(" {m:?}")).unwrap_or_default())]
    WrongError {
        /// The expected ID.
        id: u32,
        /// The expected class.
        class: Option<ErrorClass>,
        /// The expected message.
        message: Option<String>,
        /// What was thrown.
        actual: FlashError,
    },
    /// No context: the request failed or none was made.
    #[error("no Context3D: {0}")]
    NoContext(&'static str),
    /// No renderer could be made (`ErrorEvent` #3702).
    #[error("the context could not be created ({0}); see the log for the cause")]
    ContextUnavailable(FlashError),
    /// A call on a name whose create call threw.
    #[error(
        "`{0}` is null (its create call threw, or a later requestContext3D replaced its context)"
    )]
    NullResource(Name),
    /// `expect pixel` / `expect image` with nothing captured yet.
    #[error("nothing captured yet (no present or drawToBitmapData before this expectation)")]
    NoCapture,
    /// `expect pixel` outside the capture.
    #[error("pixel ({x}, {y}) is outside the {width}x{height} capture")]
    PixelOutside {
        /// Column.
        x: u32,
        /// Row.
        y: u32,
        /// Capture width.
        width: u32,
        /// Capture height.
        height: u32,
    },
    /// `expect pixel` with another colour.
    #[error(
        "pixel ({x}, {y}) is 0x{actual:08X}, expected 0x{expected:08X} (tolerance {tolerance})"
    )]
    PixelMismatch {
        /// Column.
        x: u32,
        /// Row.
        y: u32,
        /// Expected ARGB.
        expected: u32,
        /// Captured ARGB.
        actual: u32,
        /// Allowed difference per channel.
        tolerance: u8,
    },
    /// `expect image` against an image of another size.
    #[error(
        "{file}: expected a {expected_width}x{expected_height} image, captured {width}x{height}"
    )]
    ImageSize {
        /// The expected PNG.
        file: String,
        /// Its width.
        expected_width: u32,
        /// Its height.
        expected_height: u32,
        /// Capture width.
        width: u32,
        /// Capture height.
        height: u32,
    },
    /// `expect image` with too many outliers.
    #[error("{file}: {outliers} channel values differ by more than {tolerance} (max_outliers {max_outliers}); largest difference {max_difference}, first at ({}, {})", first.0, first.1)]
    ImageMismatch {
        /// The expected PNG.
        file: String,
        /// Outlier channel values.
        outliers: u64,
        /// Allowed outliers.
        max_outliers: u64,
        /// Tolerance.
        tolerance: u8,
        /// Largest channel difference.
        max_difference: u8,
        /// First pixel with an outlier.
        first: (u32, u32),
    },
}

/// The result of replaying one trace.
#[derive(Debug)]
pub struct TraceOutcome {
    /// The trace file.
    pub path: PathBuf,
    /// Everything that differed, in trace order. Empty: the trace passed.
    pub failures: Vec<Failure>,
    /// Every capture, in order (capture `K` in the docs is `captures[K - 1]`).
    pub captures: Vec<Capture>,
    /// PNG files written (with `--out` or `--update`).
    pub written: Vec<PathBuf>,
    /// Why the trace was not replayed to its end, when it was skipped: a trace marked
    /// [`REQUIRES_CORPUS_MARKER`](molehill_trace::REQUIRES_CORPUS_MARKER) whose AGAL corpus is
    /// not there. A skipped trace has no failures and did not pass.
    pub skipped: Option<String>,
    /// The screen at the trace's end as Flash Player shows it: the stage's colour with each
    /// visible Stage3D's last presented frame at its place (what `expect screen` compares);
    /// `None` when no Stage3D presented.
    pub screen: Option<Image>,
}

impl TraceOutcome {
    pub(crate) fn new(path: &Path) -> TraceOutcome {
        TraceOutcome {
            path: path.to_path_buf(),
            failures: Vec::new(),
            captures: Vec::new(),
            written: Vec::new(),
            skipped: None,
            screen: None,
        }
    }

    /// Marks the outcome skipped, for `reason`; failures found so far are dropped.
    pub(crate) fn skip(&mut self, reason: String) {
        self.failures.clear();
        self.skipped = Some(reason);
    }

    pub(crate) fn fail(&mut self, pos: Pos, kind: FailureKind) {
        self.failures.push(Failure { pos, kind });
    }

    /// Whether every expectation held (false for a skipped trace).
    pub fn passed(&self) -> bool {
        self.failures.is_empty() && self.skipped.is_none()
    }

    /// Whether the trace was skipped (see [`TraceOutcome::skipped`]).
    pub fn is_skipped(&self) -> bool {
        self.skipped.is_some()
    }
}

impl fmt::Display for TraceOutcome {
    /// `PASS path`, `SKIP path: reason`, or `FAIL path: first failure` and one indented line
    /// per further failure.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let path = self.path.display();
        if let Some(reason) = &self.skipped {
            return write!(f, "SKIP {path}: {reason}");
        }
        match self.failures.split_first() {
            None => write!(f, "PASS {path}"),
            Some((first, rest)) => {
                write!(f, "FAIL {path}: {first}")?;
                for failure in rest {
                    write!(f, "\n    {failure}")?;
                }
                Ok(())
            }
        }
    }
}
