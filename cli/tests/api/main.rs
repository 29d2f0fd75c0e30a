//! The tests of the `molehill` command in one binary, each running the built command: `molehill
//! bench` (`bench`, with the `bench` feature) and `molehill replay` (`replay_command`, with the
//! `replay` feature). One module per former test file.

#[cfg(feature = "bench")]
mod bench;
#[cfg(feature = "replay")]
mod replay_command;
