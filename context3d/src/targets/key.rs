//! What a texture render target draws into ([`TargetKey`]) and its textures found before
//! anything is made ([`TargetKey::attach`]).

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::targets::tests::{id, to};

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
}
