//! The plain values of the API: AS3's `Rectangle` and `Point`, a `ByteArray`'s byte order, and
//! the back buffer's and the frame's limits (re-exported by [`crate::context`]).

use crate::backend::PixelRect;

/// Smallest back buffer width/height (#3780 / #3781).
pub const MIN_BACK_BUFFER_SIZE: u32 = 32;
/// Largest back buffer width/height (#3780 / #3781) and `maxBackBufferWidth/Height`.
pub const MAX_BACK_BUFFER_SIZE: u32 = 16384;
/// Most draws between two `present` calls (#3690). Flash does not document its limit; this is
/// Molehill's choice (see docs/context3d.md).
pub const MAX_DRAWS_PER_FRAME: u32 = 32768;

/// A rectangle as AS3's `flash.geom.Rectangle` gives it.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Rect {
    /// `x`.
    pub x: f64,
    /// `y`.
    pub y: f64,
    /// `width`.
    pub width: f64,
    /// `height`.
    pub height: f64,
}

impl Rect {
    /// Integer pixels: edges truncated toward zero (NaN becomes 0), negative sizes become 0.
    pub(crate) fn to_pixels(self) -> PixelRect {
        PixelRect {
            x: self.x as i32,
            y: self.y as i32,
            width: self.width.max(0.0) as u32,
            height: self.height.max(0.0) as u32,
        }
    }
}

/// A point as AS3's `flash.geom.Point` gives it (`drawToBitmapData`'s `destPoint`).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Point {
    /// `x`.
    pub x: f64,
    /// `y`.
    pub y: f64,
}

impl Point {
    /// Integer pixels: truncated toward zero (NaN becomes 0), saturating, like a
    /// [`Rect`]'s edges.
    pub fn to_pixels(self) -> (i32, i32) {
        (self.x as i32, self.y as i32)
    }
}

/// Byte order of a `ByteArray` (`ByteArray.endian`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Endian {
    /// `"bigEndian"` (AS3's default).
    #[default]
    Big,
    /// `"littleEndian"`.
    Little,
}
