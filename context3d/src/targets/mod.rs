//! The render-target bookkeeping both backends keep alike, with no graphics API in it: which
//! target is current, the texture targets made so far by what they draw into
//! ([`TargetKey`]: each colour slot's texture and cube face, depth and stencil, samples), the
//! back buffer, the textures a target attaches resolved before anything is made
//! ([`TargetKey::attach`]), and what goes when a texture is disposed or the context is lost;
//! and when a target in a 16-bit Flash format that a backend stores with more bits is brought
//! to its bits ([`QuantiseSchedule`], [`Packing`]).
//!
//! [`RenderTargetTable`] is generic over what a backend keeps for the back buffer (`B`) and for
//! a texture target (`T`): GL framebuffers and renderbuffers in molehill-gl, texture views in
//! molehill-wgpu. Making, binding, resolving, rounding and deleting them stay in each backend.
//!
//! Files: `key.rs` ([`TargetKey`], [`Attached`]), `table.rs` ([`RenderTargetTable`]),
//! `quantise.rs` (the 16-bit formats: [`QuantiseSchedule`], [`Packing`], [`reads_destination`]).

mod key;
mod quantise;
mod table;
#[cfg(test)]
mod tests;

pub use key::{Attached, TargetKey};
pub use quantise::{reads_destination, Packing, QuantiseSchedule};
pub use table::RenderTargetTable;
