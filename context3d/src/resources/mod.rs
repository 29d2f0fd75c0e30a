//! The objects a context creates: handles (generational slotmap keys, so that a disposed
//! object's handle never reaches a live object) and what the context keeps about each.
//!
//! - [`buffers`]: `VertexBuffer3D`, `IndexBuffer3D`;
//! - [`textures`]: `Texture`, `CubeTexture`, `RectangleTexture`, `VideoTexture`;
//! - [`programs`][mod@programs]: `Program3D`.
//!
//! Using a disposed object is Error #3694; disposing one twice does nothing.

pub mod buffers;
pub mod programs;
pub mod textures;

use slotmap::{new_key_type, SlotMap};

pub use programs::ProgramUsage;

new_key_type! {
    /// A `VertexBuffer3D`.
    pub struct VertexBuffer3D;
    /// An `IndexBuffer3D`.
    pub struct IndexBuffer3D;
    /// A `TextureBase`: `Texture`, `CubeTexture`, `RectangleTexture` or `VideoTexture`.
    pub struct TextureBase;
    /// A `Program3D`.
    pub struct Program3D;
}

/// Most live objects of one type (Flash's resource limit, #3691): 4096 vertex buffers,
/// 4096 index buffers, 4096 textures, 4096 programs.
pub const MAX_OBJECTS_PER_TYPE: usize = 4096;

/// Every live object of a context.
#[derive(Debug, Default)]
pub(crate) struct Resources {
    pub vertex_buffers: SlotMap<VertexBuffer3D, buffers::VertexBufferRes>,
    pub index_buffers: SlotMap<IndexBuffer3D, buffers::IndexBufferRes>,
    pub textures: SlotMap<TextureBase, textures::TextureRes>,
    pub programs: SlotMap<Program3D, programs::ProgramRes>,
}
