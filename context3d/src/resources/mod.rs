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
pub mod index_shadow;
pub mod programs;
pub mod textures;

use std::marker::PhantomData;
use std::sync::atomic::{AtomicU32, Ordering};

use slotmap::{new_key_type, SlotMap};

pub use programs::ProgramUsage;

new_key_type! {
    /// A slot of one [`Objects`] map.
    pub(crate) struct Slot;
}

/// A handle: which map made it, and its generational key there.
pub(crate) trait Handle: Copy {
    fn new(map: u32, slot: Slot) -> Self;
    fn parts(self) -> (u32, Slot);
}

macro_rules! handles {
    ($($(#[$doc:meta])* $name:ident;)*) => {$(
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name {
            map: u32,
            slot: Slot,
        }

        impl Handle for $name {
            fn new(map: u32, slot: Slot) -> Self {
                $name { map, slot }
            }

            fn parts(self) -> (u32, Slot) {
                (self.map, self.slot)
            }
        }
    )*};
}

handles! {
    /// A `VertexBuffer3D`.
    VertexBuffer3D;
    /// An `IndexBuffer3D`.
    IndexBuffer3D;
    /// A `TextureBase`: `Texture`, `CubeTexture`, `RectangleTexture` or `VideoTexture`.
    TextureBase;
    /// A `Program3D`.
    Program3D;
}

/// Most live objects of one type (Flash's resource limit, #3691): 4096 vertex buffers,
/// 4096 index buffers, 4096 textures, 4096 programs.
pub const MAX_OBJECTS_PER_TYPE: usize = 4096;

/// The id of the next [`Objects`] map made in this process.
static NEXT_MAP: AtomicU32 = AtomicU32::new(0);

/// The live objects of one type: a slotmap, and the id that tags the handles it gives out.
#[derive(Debug)]
pub(crate) struct Objects<K, V> {
    id: u32,
    map: SlotMap<Slot, V>,
    handle: PhantomData<K>,
}

impl<K, V> Default for Objects<K, V> {
    fn default() -> Self {
        Objects {
            id: NEXT_MAP.fetch_add(1, Ordering::Relaxed),
            map: SlotMap::with_key(),
            handle: PhantomData,
        }
    }
}

impl<K: Handle, V> Objects<K, V> {
    /// Adds an object; its handle.
    pub fn insert(&mut self, value: V) -> K {
        K::new(self.id, self.map.insert(value))
    }

    /// The slot of `key` when this map made it.
    fn slot(&self, key: K) -> Option<Slot> {
        let (map, slot) = key.parts();
        (map == self.id).then_some(slot)
    }

    pub fn get(&self, key: K) -> Option<&V> {
        self.map.get(self.slot(key)?)
    }

    pub fn get_mut(&mut self, key: K) -> Option<&mut V> {
        let slot = self.slot(key)?;
        self.map.get_mut(slot)
    }

    pub fn contains_key(&self, key: K) -> bool {
        self.get(key).is_some()
    }

    pub fn remove(&mut self, key: K) -> Option<V> {
        let slot = self.slot(key)?;
        self.map.remove(slot)
    }

    pub fn len(&self) -> usize {
        self.map.len()
    }

    pub fn values(&self) -> impl Iterator<Item = &V> {
        self.map.values()
    }
}

/// Every live object of a context.
#[derive(Debug, Default)]
pub(crate) struct Resources {
    pub vertex_buffers: Objects<VertexBuffer3D, buffers::VertexBufferRes>,
    pub index_buffers: Objects<IndexBuffer3D, buffers::IndexBufferRes>,
    pub textures: Objects<TextureBase, textures::TextureRes>,
    pub programs: Objects<Program3D, programs::ProgramRes>,
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
