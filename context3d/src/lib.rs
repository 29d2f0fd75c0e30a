//! The Context3D state machine: everything a Flash program can do with `Context3D`, checked the
//! way Flash Player checks it, with no GL in sight. What is left once the checks pass goes to a
//! [`Backend`].
//!
//! - [`Context3D`] ([`context`]): one method per AS3 call, arguments close to AS3's, Flash's
//!   errors as values ([`molehill_agal::flash::FlashError`]).
//! - [`backend`]: the [`Backend`] trait and every type that crosses it.
//! - [`recording`]: [`RecordingBackend`], a backend that records what reaches it.
//! - [`enums`]: the AS3 enum strings, and enum arguments as strings or typed values
//!   ([`EnumArg`]); [`number`]: vector arguments as `f64` or `f32` ([`Float`]). [`error`]: typed errors and the one Flash mapping.
//! - [`resources`]: buffers, textures, programs. [`state`]: render state and bindings.
//!   [`draw`]: draw-time checks. [`atf`]: ATF containers. [`memory`]: the memory budget.
//! - [`stage`]: how Flash composes the Stage3D layers on the stage (one rule for replays and hosts).
//! - [`targets`]: the render-target bookkeeping both backends keep alike, and when a 16-bit
//!   render target is brought to its bits.
//!
//! `docs/context3d.md` lists every call, what it checks and the error each check raises.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod atf;
pub mod backend;
mod constants;
pub mod context;
pub mod decode;
pub mod draw;
pub mod enums;
pub mod error;
pub mod memory;
pub mod number;
pub mod recording;
pub mod resources;
pub mod stage;
pub mod state;
pub mod targets;
mod values;

pub use backend::*;
pub use context::{Context3D, Endian, Point, Rect};
pub use enums::{As3Enum, As3Spelled, EnumArg, FillMode, RenderMode};
pub use error::{BackendCall, Context3DError, FlashResult};
pub use memory::{ContextOptions, DEFAULT_MEMORY_BUDGET};
pub use number::Float;
pub use recording::{Call, RecordedTextureData, RecordingBackend};
pub use resources::{IndexBuffer3D, Program3D, ProgramUsage, TextureBase, VertexBuffer3D};
