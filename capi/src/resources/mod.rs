//! The resource calls, laid out as the facade's `player-shim/src/context/resources/`: `create*`
//! ([`create`]), buffers and programs ([`buffers`]), textures ([`textures`]), and objects the
//! player's collector dropped ([`collect`]). The handles and
//! the stage's tables that resolve them are [`crate::handles`]'s.

mod buffers;
mod collect;
mod create;
mod textures;

pub use buffers::*;
pub use collect::*;
pub use create::*;
pub use textures::*;
