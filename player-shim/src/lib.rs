//! What a Flash VM calls: the AS3-shaped Stage3D API, call traces and their replay.
//!
//! - [`Stage3D`] and [`Context3D`]: the API a VM calls, AS3's argument shapes ([`as3`]) in,
//!   Flash errors ([`agal::flash::FlashError`]) out as values, events through
//!   [`Stage3DEvents`]. A thin layer over `context3d`, which does every check.
//! - [`backend`]: the boundary with the renderer ([`BackendFactory`]; [`HeadlessGl`];
//!   [`SharedBackend`] for a backend the player keeps a handle to).
//! - [`record`]: recording every call into a trace.
//! - [`replay`]: running a trace headless and checking its expectations.
//! - [`trace`]: the `molehill-trace 1` format (`docs/trace-format.md`): typed model, parser,
//!   writer.
//! - [`image`]: captures and expected images: PNG and Ruffle's image comparison.
#![forbid(unsafe_code)]

pub mod as3;
pub mod backend;
mod context;
pub mod image;
pub mod record;
pub mod replay;
mod stage3d;
pub mod trace;

pub use backend::{BackendCreationError, BackendFactory, HeadlessGl, SharedBackend};
pub use context::{Context3D, FlashResult};
pub use context3d::{
    ContextOptions, IndexBuffer3D, Program3D, Rect, TextureBase, VertexBuffer3D,
    DEFAULT_MEMORY_BUDGET,
};
pub use record::Recorder;
pub use stage3d::{NoEvents, Stage3D, Stage3DEvents, MAX_POSITION, MIN_POSITION};
