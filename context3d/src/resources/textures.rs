//! What a context keeps of each `Texture`, `CubeTexture`, `RectangleTexture` and
//! `VideoTexture` (which levels are uploaded), and the texel conversions of the uploads (the
//! calls, with the profile's rules, are in `context/textures.rs`).

use crate::backend::{TextureDesc, TextureId, TextureKind};
use crate::error::{Context3DError, Result};

/// What a context keeps about a texture: its description and which levels of which faces hold
/// data (uploaded or rendered to), for the draw-time completeness check (#3700).
#[derive(Debug)]
pub(crate) struct TextureRes {
    pub id: TextureId,
    pub desc: TextureDesc,
    /// Bit `l` of `defined[f]`: level `l` of face `f` has data.
    pub defined: [u32; 6],
}

impl TextureRes {
    /// Number of faces (6 for a cube).
    pub fn faces(&self) -> usize {
        if self.desc.kind == TextureKind::Cube {
            6
        } else {
            1
        }
    }

    /// Records that level `level` of `face` has data.
    pub fn mark_uploaded(&mut self, face: u8, level: u8) {
        if let Some(f) = self.defined.get_mut(usize::from(face)) {
            *f |= 1u32.checked_shl(u32::from(level)).unwrap_or(0);
        }
    }

    /// Whether sampling can read the texture, or the error it is: without mipmaps level 0 of
    /// every face (#3700; #3713 for a streaming texture); with mipmaps every level (#3700), or
    /// for a streaming texture at least one level of every face (sampling starts at the finest
    /// level uploaded).
    pub fn check_complete(&self, mipmapped: bool) -> Result<()> {
        let faces = &self.defined[..self.faces()];
        let all = ((1u64 << self.desc.levels) - 1) as u32;
        let streaming = self.desc.streaming_levels > 0;
        let ok = match (mipmapped, streaming) {
            (false, _) => faces.iter().all(|f| f & 1 == 1),
            (true, false) => faces.iter().all(|f| f & all == all),
            (true, true) => faces.iter().all(|f| *f != 0),
        };
        match (ok, mipmapped, streaming) {
            (true, ..) => Ok(()),
            (false, false, true) => Err(Context3DError::IncompleteStreamingTexture),
            (false, ..) => Err(Context3DError::IncompleteTexture),
        }
    }

    pub(crate) fn level_size(&self, level: u8) -> (u32, u32) {
        let w = (self.desc.width >> level).max(1);
        let h = (self.desc.height >> level).max(1);
        (w, h)
    }
}

/// Number of levels of a full mip chain for a `w` x `h` texture.
pub(crate) fn full_chain(w: u32, h: u32) -> u8 {
    (32 - w.max(h).max(1).leading_zeros()) as u8
}

/// Converts `0xAARRGGBB` to one `A4R4G4B4` `u16`.
pub(crate) fn argb_to_4444(p: u32) -> u16 {
    let c = |shift: u32| ((p >> (shift + 4)) & 0xf) as u16;
    c(24) << 12 | c(16) << 8 | c(8) << 4 | c(0)
}

/// Converts `0xAARRGGBB` to one `R5G6B5` `u16`.
pub(crate) fn argb_to_565(p: u32) -> u16 {
    let r = ((p >> 19) & 0x1f) as u16;
    let g = ((p >> 10) & 0x3f) as u16;
    let b = ((p >> 3) & 0x1f) as u16;
    r << 11 | g << 5 | b
}

/// Converts an 8-bit channel to binary16 bits (value / 255).
pub(crate) fn unorm8_to_half(v: u8) -> u16 {
    if v == 0 {
        return 0;
    }
    let f = f32::from(v) / 255.0;
    let bits = f.to_bits();
    let exp = ((bits >> 23) & 0xff) as i32 - 127 + 15;
    let mant = (bits >> 13) & 0x3ff;
    // Round to nearest using the next mantissa bit.
    let round = (bits >> 12) & 1;
    let h = ((exp as u32) << 10 | mant) + round;
    h as u16
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conversions() {
        assert_eq!(argb_to_4444(0xff10_20f0), 0xf12f);
        assert_eq!(argb_to_565(0xffff_ffff), 0xffff);
        assert_eq!(argb_to_565(0xff00_ff00), 0x07e0);
        assert_eq!(unorm8_to_half(255), 0x3c00);
        assert_eq!(unorm8_to_half(0), 0);
        assert_eq!(full_chain(1, 1), 1);
        assert_eq!(full_chain(256, 64), 9);
        assert_eq!(full_chain(4096, 4096), 13);
    }
}
