//! Conformance replays (see tests/conformance/).
#![forbid(unsafe_code)]
