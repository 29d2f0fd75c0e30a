//! The resource calls, laid out as the facade's `player-shim/src/context/resources/`: `create*`
//! ([`create`]), buffers and programs ([`buffers`]), textures ([`textures`]). The handles and
//! the stage's tables that resolve them are [`crate::handles`]'s.

mod buffers;
mod create;
mod textures;

pub use buffers::*;
pub use create::*;
pub use textures::*;
