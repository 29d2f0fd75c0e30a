//! The typed model of a trace: a [`Trace`] is its [`Config`] and its [`Statement`]s; a
//! statement is a [`Call`] (`call.rs`) or an expectation, with its arguments' types in
//! `args.rs` and the place it was written ([`Located`], `pos.rs`). Also the format's constants.

mod args;
mod call;
mod pos;

pub use args::{
    AgalSource, BitmapArg, ByteArrayArg, ByteSource, Endian, Name, Point, Rect, ResourceKind,
};
pub use call::Call;
pub use pos::{Located, Pos};

use molehill_agal::flash::ErrorClass;

/// The format version this crate writes (and the only one it reads so far).
pub const FORMAT_VERSION: u32 = 1;

/// The first line of every trace.
pub const HEADER: &str = "molehill-trace 1";

/// The largest width or height of a `BitmapData` argument (AS3's limit, the largest back
/// buffer), the bound `parse` checks bitmap sizes against.
pub const MAX_BITMAP_SIDE: u32 = molehill_context3d::context::MAX_BACK_BUFFER_SIZE;

/// Default `config swfVersion`.
pub const DEFAULT_SWF_VERSION: u32 = 44;

/// A parsed trace.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Trace {
    /// The `config` lines.
    pub config: Config,
    /// Calls and expectations in file order.
    pub statements: Vec<Located<Statement>>,
}

/// `config NAME VALUE` settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Config {
    /// `swfVersion`: the SWF version of the content.
    pub swf_version: u32,
    /// `stage WIDTH HEIGHT 0xRRGGBB`: the stage size and colour (default 550x400, white).
    pub stage: molehill_context3d::stage::StageLayout,
    /// `memoryBudget BYTES`: the memory budget of every context the trace makes (#3691 past
    /// it; default `molehill_context3d::DEFAULT_MEMORY_BUDGET`, 1 GiB).
    pub memory_budget: u64,
}

impl Config {
    /// The defaults with `swfVersion` set to `swf_version`.
    pub fn with_swf_version(mut self, swf_version: u32) -> Config {
        self.swf_version = swf_version;
        self
    }

    /// The defaults with the memory budget set to `bytes`.
    pub fn with_memory_budget(mut self, bytes: u64) -> Config {
        self.memory_budget = bytes;
        self
    }

    /// The defaults with the stage set to `stage`.
    pub fn with_stage(mut self, stage: molehill_context3d::stage::StageLayout) -> Config {
        self.stage = stage;
        self
    }
}

impl Default for Config {
    fn default() -> Self {
        Config {
            swf_version: DEFAULT_SWF_VERSION,
            stage: molehill_context3d::stage::StageLayout::default(),
            memory_budget: molehill_context3d::DEFAULT_MEMORY_BUDGET,
        }
    }
}

/// One statement of a trace.
#[derive(Debug, Clone, PartialEq)]
pub enum Statement {
    /// A call or property assignment; `result` is the name a `create*` call binds.
    Call {
        /// `NAME = ...` for the calls that create a resource.
        result: Option<Name>,
        /// The call.
        call: Call,
        /// Which `Stage3D` (`stage.stage3Ds[N]`, 0..=3) receives it: `stage` and `context` are
        /// 0, `stage3Ds[N]` and `contextN` are N; a resource's calls go to the Stage3D whose
        /// context created it.
        stage3d: usize,
    },
    /// `expect error ID [CLASS] ["MESSAGE"]`: the previous call threw this error.
    ExpectError {
        /// Flash's error ID.
        id: u32,
        /// The AS3 class, when given.
        class: Option<ErrorClass>,
        /// The full `message` (`"Error #3670: Buffer too big."`), when given.
        message: Option<String>,
    },
    /// `expect pixel X Y ARGB [tolerance T]` on the last capture.
    ExpectPixel {
        /// Column from the left.
        x: u32,
        /// Row from the top.
        y: u32,
        /// Unpremultiplied `0xAARRGGBB`.
        argb: u32,
        /// Largest allowed difference per channel.
        tolerance: u8,
    },
    /// `expect image "FILE" [tolerance T] [max_outliers N]` on the last capture.
    ExpectImage {
        /// PNG path relative to the trace's folder.
        file: String,
        /// Largest channel difference that is not an outlier.
        tolerance: u8,
        /// Most outlier channels allowed.
        max_outliers: u64,
    },
    /// `expect screen "FILE" [tolerance T] [max_outliers N]`: what Flash Player shows, the
    /// stage colour and the visible Stage3D layers as their last `present()` left them
    /// (`molehill_context3d::stage::compose`).
    ExpectScreen {
        /// PNG path relative to the trace's folder.
        file: String,
        /// Largest channel difference that is not an outlier.
        tolerance: u8,
        /// Most outlier channels allowed.
        max_outliers: u64,
    },
}
