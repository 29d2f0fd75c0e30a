//! The objects a context creates: handles (slotmap key types, never handed out twice in a
//! process, so that the handle of a disposed object, or of another context's object, never
//! reaches a live object) and what the context keeps about each.
//!
//! - [`buffers`]: `VertexBuffer3D`, `IndexBuffer3D`;
//! - [`textures`]: `Texture`, `CubeTexture`, `RectangleTexture`, `VideoTexture`;
//! - [`programs`][mod@programs]: `Program3D`.
//!
//! Using a disposed object is Error #3694; disposing one twice does nothing.

pub mod buffers;
pub mod programs;
pub mod textures;

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::atomic::{AtomicU64, Ordering};

use slotmap::{new_key_type, KeyData};

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

/// The next handle of any object of any context in this process.
static NEXT_HANDLE: AtomicU64 = AtomicU64::new(0);

/// A handle never handed out before by any context: a handle of a disposed object, or of an
/// object of another (replaced, lost, disposed) context, names nothing here (#3694), where the
/// per-map keys of a slotmap would alias the first objects of every new context.
fn fresh_handle<K: From<KeyData>>() -> K {
    // Slotmap keys are an index and an odd version; skip the index u32::MAX (the null key).
    const INDICES: u64 = u32::MAX as u64;
    let n = NEXT_HANDLE.fetch_add(1, Ordering::Relaxed);
    let (version, index) = (2 * (n / INDICES) + 1, n % INDICES);
    K::from(KeyData::from_ffi(version << 32 | index))
}

/// The live objects of one type, by handle.
#[derive(Debug)]
pub(crate) struct Objects<K, V> {
    map: HashMap<K, V>,
}

impl<K, V> Default for Objects<K, V> {
    fn default() -> Self {
        Objects {
            map: HashMap::new(),
        }
    }
}

impl<K: Copy + Eq + Hash + From<KeyData>, V> Objects<K, V> {
    /// Adds an object under a fresh handle.
    pub fn insert(&mut self, value: V) -> K {
        let key = fresh_handle();
        self.map.insert(key, value);
        key
    }

    pub fn get(&self, key: K) -> Option<&V> {
        self.map.get(&key)
    }

    pub fn get_mut(&mut self, key: K) -> Option<&mut V> {
        self.map.get_mut(&key)
    }

    pub fn contains_key(&self, key: K) -> bool {
        self.map.contains_key(&key)
    }

    pub fn remove(&mut self, key: K) -> Option<V> {
        self.map.remove(&key)
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
}
