//! The objects a context creates, kept in slotmaps with generational handles, and what the
//! context keeps about each.
//!
//! A handle is the object's slotmap key plus the id of the map that made it: the key's
//! generation makes the handle of a disposed object name nothing once its slot is reused, and
//! the map id makes the handle of another (replaced, lost, disposed) context's object name
//! nothing here, where bare slotmap keys would alias the first objects of every new context.
//! Either way the use is Error #3694.
//!
//! - [`buffers`]: `VertexBuffer3D`, `IndexBuffer3D`;
//! - [`textures`]: `Texture`, `CubeTexture`, `RectangleTexture`, `VideoTexture`;
//! - [`programs`][mod@programs]: `Program3D`.
//!
//! Using a disposed object is Error #3694; disposing one twice does nothing.

pub mod buffers;
pub(crate) mod handles;
pub mod index_shadow;
pub mod programs;
pub mod textures;

pub use handles::{IndexBuffer3D, Program3D, TextureBase, VertexBuffer3D, MAX_OBJECTS_PER_TYPE};
pub use programs::ProgramUsage;

use handles::Objects;

/// Every live object of a context.
#[derive(Debug, Default)]
pub(crate) struct Resources {
    pub vertex_buffers: Objects<VertexBuffer3D, buffers::VertexBufferRes>,
    pub index_buffers: Objects<IndexBuffer3D, buffers::IndexBufferRes>,
    pub textures: Objects<TextureBase, textures::TextureRes>,
    pub programs: Objects<Program3D, programs::ProgramRes>,
    /// Objects the VM collected that a binding still holds (`context/collect.rs`).
    pub collected: CollectedList,
}

/// An object the VM collected while a binding held it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Collected {
    VertexBuffer(VertexBuffer3D),
    Program(Program3D),
    Texture(TextureBase),
}

/// The collected objects bindings still hold, each once.
#[derive(Debug, Default)]
pub(crate) struct CollectedList(Vec<Collected>);

impl CollectedList {
    pub fn keep(&mut self, object: Collected) {
        if !self.0.contains(&object) {
            self.0.push(object);
        }
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn get(&self, i: usize) -> Option<Collected> {
        self.0.get(i).copied()
    }

    pub fn remove(&mut self, i: usize) {
        self.0.swap_remove(i);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn handles_are_unique_across_maps() {
        let mut a: Objects<VertexBuffer3D, u8> = Objects::default();
        let mut b: Objects<VertexBuffer3D, u8> = Objects::default();
        let ka = a.insert(1);
        let kb = b.insert(2);
        assert_ne!(ka, kb);
        assert_eq!(b.get(ka), None, "a handle of another map names nothing");
        assert_eq!(a.remove(ka), Some(1));
        assert_eq!(a.get(ka), None);
    }

    #[test]
    fn a_disposed_handle_never_names_the_object_in_its_reused_slot() {
        let mut a: Objects<TextureBase, u8> = Objects::default();
        let old = a.insert(1);
        a.remove(old);
        let new = a.insert(2);
        assert_ne!(old, new);
        assert_eq!(a.get(old), None);
        assert_eq!(a.get(new), Some(&2));
    }
}
