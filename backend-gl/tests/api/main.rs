//! molehill-gl's integration tests in one binary (one link of the dependency tree instead of
//! one per file): the backend headless on llvmpipe, through the `Backend` trait (`common`'s
//! rig) and through `Context3D`, in a player's context, and the crate's layers read from its
//! sources. Tests run in parallel, each on its own thread with its own contexts, so EGL's
//! per-thread current context and the backend's thread-local bookkeeping stay per test.
//!
//! Two files stay binaries of their own (`backend-gl/tests/`): `drop_release.rs` installs the
//! process's logger to count warnings, and `windowed.rs` needs an X display (run alone under
//! xvfb by `.ci/run`).

mod accepted_runs;
mod blend_depth_stencil;
mod common;
mod context;
mod corpus;
mod deferred_draws;
mod desktop;
mod errors;
mod host_compose;
mod host_context;
mod host_orphans;
mod host_state;
mod hostile;
mod layers;
mod packed_targets;
mod program_cache;
mod render_basic;
mod render_to_texture;
mod resets;
mod state_cache;
mod textures;
mod through_context3d;
