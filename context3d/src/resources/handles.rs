//! The handles of a context's objects and the maps that hold them (the scheme in the module
//! docs of [`crate::resources`]).

use std::marker::PhantomData;
use std::sync::atomic::{AtomicU32, Ordering};

use slotmap::{new_key_type, SlotMap};

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
