//! In a browser no GL context is "current": every WebGL call names its context, so there is
//! nothing to ask, switch or put back. These stand in for the desktop's EGL bookkeeping
//! (`context/current.rs`) so that the layers above read the same on both.

use std::ffi::c_void;

/// The binding to make current again after a call: none ever exists in a browser.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CurrentBinding {}

impl CurrentBinding {
    /// Never a binding.
    pub fn now() -> Option<CurrentBinding> {
        None
    }

    /// Never a binding.
    pub fn now_unless(_ours: *const c_void) -> Option<CurrentBinding> {
        None
    }
}

/// Nothing to put back.
pub fn restore(previous: Option<CurrentBinding>) {
    if let Some(never) = previous {
        match never {}
    }
}
