//! What the tests of the module's files share: texture ids and render targets.

use crate::backend::{ColorAttachment, RenderTarget, TextureId};

/// Texture `n`.
pub(super) fn id(n: u64) -> TextureId {
    TextureId(n)
}

/// A target of `(texture, face)` slots.
pub(super) fn to(textures: &[(u64, u8)], depth: bool, anti_alias: u8) -> RenderTarget {
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
