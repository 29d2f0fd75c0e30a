//! The tests of molehill-replay in one binary: the example traces replayed on headless GL and
//! on every `BackendKind`, failures with line and column, image expectations and `--update`
//! (`replay`), and recordings replayed on context3d's RecordingBackend with mutated traces that
//! never panic (`recorded`). One module per former test file; `common` says where the example
//! traces are.

mod common;
mod recorded;
mod replay;
