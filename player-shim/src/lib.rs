//! What a Flash VM calls: the AS3-shaped Stage3D API, with Flash errors as values.
//!
//! - [`Stage3D`] and [`Context3D`]: the API a VM calls, AS3's argument shapes ([`as3`]) in,
//!   Flash errors ([`molehill_agal::flash::FlashError`]) out as values, events
//!   ([`Stage3DEvent`]) queued for the VM to take ([`Stage3D::take_events`]). A thin layer over
//!   `context3d`, which does every check.
//! - [`backend`]: the boundary with the renderer ([`BackendFactory`]; `HeadlessGl` with the
//!   feature `gl`, `HeadlessWgpu` with `wgpu`; for a backend the player keeps a handle to, a
//!   boxed `Rc<RefCell<B>>`, which context3d makes a backend). The embedder chooses the
//!   backend: no renderer is compiled in unless a feature asks for it.
//! - `record` (feature `record`): recording every call into a trace, so a failing game can be
//!   replayed; `trace` (same feature) is the crate `molehill-trace`, the `molehill-trace 1`
//!   format (`docs/trace-format.md`) the recorder writes. Replaying a trace (with PNG images)
//!   is the crate `molehill-replay`, the command line `molehill-cli`.
//!
//! Features (off by default): `gl` adds `HeadlessGl`, headless OpenGL contexts from
//! `molehill-gl`; `wgpu` adds `HeadlessWgpu`, headless wgpu devices from `molehill-wgpu`, and
//! `HostWgpu` / `WgpuFrames`, Stage3D on the player's own wgpu device with each frame handed over
//! as a texture of it (`Context3D::present_frame_texture`); `wgpu27` the same against wgpu 27
//! (the player's major, e.g. Ruffle's; without wgpu 30 compiled in);
//! `record` adds the recorder (`Stage3D::start_recording`, `Recorder`) and with it
//! `molehill-trace`. Without `record` no recording code and nothing of the trace format is
//! built.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod as3;
pub mod backend;
mod context;
mod events;
#[cfg(any(feature = "wgpu", feature = "wgpu27"))]
mod host_wgpu;
mod id;
#[cfg(feature = "record")]
pub mod record;
mod stage3d;
/// The trace format (the crate `molehill-trace`), which the recorder writes.
#[cfg(feature = "record")]
pub use molehill_trace as trace;

#[cfg(feature = "gl")]
pub use backend::HeadlessGl;
#[cfg(any(feature = "wgpu", feature = "wgpu27"))]
pub use backend::HeadlessWgpu;
pub use backend::{BackendCreationError, BackendFactory};
pub use context::{Context3D, FlashResult};
pub use events::Stage3DEvent;
#[cfg(any(feature = "wgpu", feature = "wgpu27"))]
pub use host_wgpu::{HostWgpu, PresentedFrame, WgpuFrames};
pub use id::ContextId;
pub use molehill_context3d::{
    ContextOptions, IndexBuffer3D, Point, Program3D, Rect, TextureBase, VertexBuffer3D,
    DEFAULT_MEMORY_BUDGET,
};
/// The molehill-wgpu this crate was built with (`molehill_wgpu::wgpu` is its wgpu major: 30 with
/// the feature `wgpu`, 27 with `wgpu27`).
#[cfg(any(feature = "wgpu", feature = "wgpu27"))]
pub use molehill_wgpu;
// The typed arguments (section 2 of docs/player.md): each enum argument takes its AS3 string
// or one of these values (`EnumArg`), each `Vector.<Number>` `f64`s or `f32`s (`Float`).
pub use molehill_agal::profile::Profile;
pub use molehill_agal::{Filter, MipFilter, ProgramKind, Wrap};
pub use molehill_context3d::{
    As3Enum, As3Spelled, BlendFactor, BufferUsage, CompareMode, EnumArg, FillMode, Float,
    RenderMode, StencilAction, TextureFormat, TriangleFace, VertexFormat,
};
#[cfg(feature = "record")]
pub use record::{ImageWriter, RecordedExpectations, Recorder};
pub use stage3d::{Stage3D, MAX_POSITION, MIN_POSITION};

/// The README's examples, compiled as doctests so that they stay true (they use `HeadlessGl`).
#[doc = include_str!("../README.md")]
#[cfg(all(doctest, feature = "gl"))]
pub struct ReadmeDoctests;
