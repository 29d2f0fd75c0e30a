//! molehill-bench: the portable core of `molehill bench --baseline`, which the command runs
//! natively (cli/src/bench/) and the browser's bench runs in a page (`scripts/web-bench`,
//! web/src/bench.rs): the same frames drawn through Molehill and through a hand-written
//! program of the same API, timed in alternating rounds, their pictures compared.
//!
//! Modules: [`renderer`] (what the frames are written over: the [`renderer::Renderer`] trait
//! and its values), [`scenes`] (the frames, written once over it), [`scenarios`] (which scenes
//! there are), [`shaders`] (their programs in AGAL, GLSL ES 3.00 and WGSL), [`shim`] (the
//! trait over molehill-player's `Context3D`), [`raw`] (the same over plain GL or WebGL2: the GL
//! baseline), [`raw_wgpu`] (the same over plain wgpu: the wgpu baseline), [`stages`] (the
//! headless stages Molehill draws through), [`rounds`] (the alternating A/B rounds, the
//! ratios and the picture check). What is native only (the CPU clock, the allocator,
//! timestamp queries, EGL's current context) stays in the command.
//!
//! Layers, top first: `rounds`; `stages`, `scenarios`; `scenes`, `shim`, `raw`, `raw_wgpu`;
//! `shaders`; `renderer`.

pub mod raw;
pub mod raw_wgpu;
pub mod renderer;
pub mod rounds;
pub mod scenarios;
pub mod scenes;
pub mod shaders;
pub mod shim;
pub mod stages;
