//! `Context3D`'s own methods: properties and the frame ([`frame`]), state and draws
//! ([`state`]), and the host's readback ([`readback`]).

mod frame;
mod readback;
mod state;

pub use frame::*;
pub use readback::*;
pub use state::*;
