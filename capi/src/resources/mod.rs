//! The resource calls, laid out as the facade's `player-shim/src/context/resources/`: `create*`
//! ([`create`]), buffers and programs ([`buffers`]), textures ([`textures`]); and the handles
//! and the stage's tables that resolve them ([`handles`]).

mod buffers;
mod create;
mod handles;
mod textures;

pub use buffers::*;
pub use create::*;
pub use handles::*;
pub use textures::*;
