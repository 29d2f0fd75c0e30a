//! The tests of molehill-player in one binary: the AS3-shaped facade on context3d's
//! RecordingBackend (`shim`, `context_identity`), its `# Errors` docs (`docs`), and, with the
//! `gl` feature, a GL player's own context (`gl_host`) and the memory budget on headless GL
//! (`memory_budget`). One module per former test file; `common` holds the event recorder they
//! shared.

mod common;
mod context_identity;
mod docs;
#[cfg(feature = "gl")]
mod gl_host;
#[cfg(feature = "gl")]
mod memory_budget;
mod shim;
