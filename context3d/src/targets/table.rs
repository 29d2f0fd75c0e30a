//! [`RenderTargetTable`]: the back buffer, the texture targets made so far by their
//! [`TargetKey`], and which target is current.

use std::collections::HashMap;

use super::key::TargetKey;
use crate::backend::{RenderTarget, TextureId};

/// The back buffer (`B`), the texture targets made so far (`T`, by [`TargetKey`]) and which
/// target is current (`None`: the back buffer).
#[derive(Debug)]
pub struct RenderTargetTable<B, T> {
    back: Option<B>,
    targets: HashMap<TargetKey, T>,
    current: Option<TargetKey>,
}

impl<B, T> Default for RenderTargetTable<B, T> {
    fn default() -> Self {
        RenderTargetTable {
            back: None,
            targets: HashMap::new(),
            current: None,
        }
    }
}

impl<B, T> RenderTargetTable<B, T> {
    /// The back buffer, once configured.
    pub fn back(&self) -> Option<&B> {
        self.back.as_ref()
    }

    /// The back buffer, once configured.
    pub fn back_mut(&mut self) -> Option<&mut B> {
        self.back.as_mut()
    }

    /// Takes the back buffer out (to free it before a new one is made).
    pub fn take_back(&mut self) -> Option<B> {
        self.back.take()
    }

    /// Sets the back buffer.
    pub fn set_back(&mut self, back: B) {
        self.back = Some(back);
    }

    /// Makes `target` current (its samples by the backend's `samples`); the key, `None` for
    /// the back buffer.
    pub fn select(
        &mut self,
        target: &RenderTarget,
        samples: impl FnOnce(u8) -> u32,
    ) -> Option<TargetKey> {
        self.current = TargetKey::of(target, samples);
        self.current
    }

    /// The current target's key, `None` for the back buffer.
    pub fn current(&self) -> Option<TargetKey> {
        self.current
    }

    /// The texture target kept for `key`.
    pub fn get(&self, key: &TargetKey) -> Option<&T> {
        self.targets.get(key)
    }

    /// The texture target kept for `key`, to change.
    pub fn get_mut(&mut self, key: &TargetKey) -> Option<&mut T> {
        self.targets.get_mut(key)
    }

    /// The texture target kept for `key`, made by `make` first when there is none (an error
    /// leaves none).
    pub fn get_or_make<E>(
        &mut self,
        key: TargetKey,
        make: impl FnOnce(&TargetKey) -> Result<T, E>,
    ) -> Result<&mut T, E> {
        match self.targets.entry(key) {
            std::collections::hash_map::Entry::Occupied(e) => Ok(e.into_mut()),
            std::collections::hash_map::Entry::Vacant(e) => Ok(e.insert(make(&key)?)),
        }
    }

    /// Forgets the texture target of `key` (a stale one), handing it back.
    pub fn remove(&mut self, key: &TargetKey) -> Option<T> {
        self.targets.remove(key)
    }

    /// Forgets the texture targets that draw into `texture` (it was disposed), handing them
    /// back with their keys for the backend to free.
    pub fn remove_using(&mut self, texture: TextureId) -> Vec<(TargetKey, T)> {
        let keys: Vec<TargetKey> = self
            .targets
            .keys()
            .filter(|k| k.uses(texture))
            .copied()
            .collect();
        keys.into_iter()
            .filter_map(|k| self.targets.remove(&k).map(|t| (k, t)))
            .collect()
    }

    /// Forgets everything (context lost or disposed), handing back the back buffer and the
    /// texture targets for the backend to free; the back buffer is current again.
    pub fn clear(&mut self) -> (Option<B>, Vec<T>) {
        self.current = None;
        (
            self.back.take(),
            self.targets.drain().map(|(_, t)| t).collect(),
        )
    }

    /// How many texture targets are kept.
    pub fn len(&self) -> usize {
        self.targets.len()
    }

    /// Whether no texture target is kept.
    pub fn is_empty(&self) -> bool {
        self.targets.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::targets::tests::{id, to};

    #[test]
    fn select_keys_textures_faces_depth_and_the_backends_samples() {
        let mut t: RenderTargetTable<(), ()> = RenderTargetTable::default();
        assert_eq!(t.select(&RenderTarget::BackBuffer, |_| 9), None);
        let key = t.select(&to(&[(1, 3), (2, 0)], true, 4), |aa| u32::from(aa) * 2);
        assert_eq!(
            key,
            Some(TargetKey {
                colors: [Some((id(1), 3)), Some((id(2), 0)), None, None],
                depth_and_stencil: true,
                samples: 8,
            })
        );
        assert_eq!(t.current(), key);
        assert!(key.unwrap().uses(id(2)) && !key.unwrap().uses(id(3)));
    }

    #[test]
    fn targets_are_made_once_and_freed_with_their_textures_or_all_at_once() {
        let mut t: RenderTargetTable<&str, u32> = RenderTargetTable::default();
        t.set_back("back");
        let a = TargetKey::of(&to(&[(1, 0)], false, 0), |_| 0).unwrap();
        let b = TargetKey::of(&to(&[(1, 0), (2, 0)], true, 0), |_| 0).unwrap();
        let c = TargetKey::of(&to(&[(3, 0)], false, 0), |_| 0).unwrap();
        let mut made = 0;
        for key in [a, b, a, c, b] {
            t.get_or_make(key, |_| {
                made += 1;
                Ok::<u32, ()>(made)
            })
            .unwrap();
        }
        assert_eq!((made, t.len()), (3, 3));
        assert_eq!(t.get_or_make(c, |_| Err("no")).copied(), Ok(3));
        let d = TargetKey::of(&to(&[(4, 0)], false, 0), |_| 0).unwrap();
        assert_eq!(t.get_or_make(d, |_| Err::<u32, _>("no")), Err("no"));
        assert_eq!(t.len(), 3, "a failed make keeps nothing");
        let mut gone: Vec<u32> = t.remove_using(id(1)).into_iter().map(|(_, v)| v).collect();
        gone.sort();
        assert_eq!(gone, vec![1, 2]);
        assert_eq!(t.get(&c), Some(&3));
        t.select(&to(&[(3, 0)], false, 0), |_| 0);
        assert_eq!(t.clear(), (Some("back"), vec![3]));
        assert!(t.is_empty() && t.current().is_none() && t.back().is_none());
    }
}
