//! The resource calls: `create*` ([`create`]), buffers and programs ([`buffers`]), textures
//! ([`textures`]).

mod buffers;
mod create;
mod textures;

pub use buffers::*;
pub use create::*;
pub use textures::*;
