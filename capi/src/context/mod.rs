//! `Context3D`'s C functions, laid out as the facade's `player-shim/src/context/`: properties, the
//! frame and `dispose` ([`frame`]), the host's readback ([`readback`]), render state
//! ([`state`]) and draws ([`draw`]). Each runs through [`crate::entry::with_context`], which
//! resolves its [`crate::handles::MhContext3D`] through the facade's `Stage3D::context3d_by_id`.

// The header lists functions in the order cbindgen meets them: `draw` stays after `state`.
mod frame;
mod readback;
mod state;

mod draw;

pub use draw::*;
pub use frame::*;
pub use readback::*;
pub use state::*;
