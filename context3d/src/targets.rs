//! The render-target bookkeeping both backends keep alike, with no graphics API in it: which
//! target is current, the texture targets made so far by what they draw into
//! ([`TargetKey`]: each colour slot's texture and cube face, depth and stencil, samples), the
//! back buffer, the textures a target attaches resolved before anything is made
//! ([`TargetKey::attach`]), and what goes when a texture is disposed or the context is lost.
//!
//! [`RenderTargetTable`] is generic over what a backend keeps for the back buffer (`B`) and for
//! a texture target (`T`): GL framebuffers and renderbuffers in molehill-gl, texture views in
//! molehill-wgpu. Making, binding, resolving and deleting them stay in each backend.

use std::collections::HashMap;

use crate::backend::{RenderTarget, TextureId};

/// What a texture render target draws into: the key a backend keeps its target by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TargetKey {
    /// Each colour slot's texture and cube face (`colorOutputIndex` 0..=3; slot 0 is `Some`).
    pub colors: [Option<(TextureId, u8)>; 4],
    /// `enableDepthAndStencil`.
    pub depth_and_stencil: bool,
    /// Samples per pixel the backend gives `antiAlias` (its own rule: `0` or `1` for none).
    pub samples: u32,
}

/// A colour attachment of a [`TargetKey`], its texture found ([`TargetKey::attach`]).
#[derive(Debug, PartialEq, Eq)]
pub struct Attached<'a, X> {
    /// The texture's id.
    pub id: TextureId,
    /// What the backend keeps for it.
    pub texture: &'a X,
    /// The cube face (`surfaceSelector`), 0 for a 2D or rectangle texture.
    pub face: u8,
}

// By hand: a reference is `Copy` whatever `X` is (a derive would ask `X: Copy`).
impl<X> Clone for Attached<'_, X> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<X> Copy for Attached<'_, X> {}

impl<X> Attached<'_, X> {
    /// The layer drawn into: the face (at most 5) of a cube texture, 0 otherwise.
    pub fn layer(&self, is_cube: bool) -> u32 {
        if is_cube {
            u32::from(self.face.min(5))
        } else {
            0
        }
    }
}

impl TargetKey {
    /// The key of `target` (`None` for the back buffer), its `antiAlias` turned into samples
    /// by the backend's `samples`.
    pub fn of(target: &RenderTarget, samples: impl FnOnce(u8) -> u32) -> Option<TargetKey> {
        match *target {
            RenderTarget::BackBuffer => None,
            RenderTarget::Textures {
                colors,
                depth_and_stencil,
                anti_alias,
            } => Some(TargetKey {
                colors: colors.map(|c| c.map(|a| (a.texture, a.face))),
                depth_and_stencil,
                samples: samples(anti_alias),
            }),
        }
    }

    /// Whether the target draws into `texture`.
    pub fn uses(&self, texture: TextureId) -> bool {
        self.colors.iter().flatten().any(|(t, _)| *t == texture)
    }

    /// Every colour slot's texture, found by `find` before anything is made (a target that
    /// cannot be made makes nothing); `Err` with the first id `find` does not know.
    pub fn attach<'a, X>(
        &self,
        find: impl Fn(TextureId) -> Option<&'a X>,
    ) -> Result<[Option<Attached<'a, X>>; 4], TextureId> {
        let mut out = [None; 4];
        for (slot, color) in out.iter_mut().zip(&self.colors) {
            if let Some((id, face)) = *color {
                let texture = find(id).ok_or(id)?;
                *slot = Some(Attached { id, texture, face });
            }
        }
        Ok(out)
    }
}

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
    use crate::backend::ColorAttachment;

    fn id(n: u64) -> TextureId {
        TextureId(n)
    }

    fn to(textures: &[(u64, u8)], depth: bool, anti_alias: u8) -> RenderTarget {
        let mut colors = [None; 4];
        for (slot, &(n, face)) in colors.iter_mut().zip(textures) {
            *slot = Some(ColorAttachment {
                texture: id(n),
                face,
            });
        }
        RenderTarget::Textures {
            colors,
            depth_and_stencil: depth,
            anti_alias,
        }
    }

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
    fn attach_finds_every_texture_first_or_names_the_missing_one() {
        let key = TargetKey::of(&to(&[(1, 7), (2, 0)], false, 0), |_| 0).unwrap();
        let known = [(id(1), "cube"), (id(2), "flat")];
        let find = |i: TextureId| known.iter().find(|(k, _)| *k == i).map(|(_, v)| v);
        let found = key.attach(find).unwrap();
        let a = found[0].unwrap();
        assert_eq!((a.id, *a.texture, a.layer(true)), (id(1), "cube", 5));
        assert_eq!(found[1].unwrap().layer(false), 0);
        assert!(found[2].is_none() && found[3].is_none());
        let key = TargetKey::of(&to(&[(1, 0), (3, 0)], false, 0), |_| 0).unwrap();
        assert_eq!(key.attach(find).unwrap_err(), id(3));
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
