//! AS3's argument shapes as C structs: `ByteArray`, `BitmapData` (read and written) and
//! `Rectangle`, each checked (null pointers, lengths) before it becomes the facade's type.

use molehill_context3d::{Point, Rect};
use molehill_player::as3::{BitmapData, BitmapDataMut, ByteArray, Endian};

use crate::error::Fail;
use crate::ffi;

/// `ByteArray.endian`.
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MhEndian {
    /// `Endian.BIG_ENDIAN` (`"bigEndian"`, AS3's default).
    Big = 0,
    /// `Endian.LITTLE_ENDIAN` (`"littleEndian"`; what `Program3D.upload` needs).
    Little = 1,
}

/// A `ByteArray` argument: `length` bytes at `bytes` (null when `length` is 0), its
/// `position` and its `endian` (an `MhEndian` value). Lent for the call only.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct MhByteArray {
    /// The array's bytes.
    pub bytes: *const u8,
    /// `length`: how many bytes `bytes` holds.
    pub length: usize,
    /// `position` (recorded; Stage3D reads from the calls' offsets).
    pub position: u32,
    /// `endian`: `MH_ENDIAN_BIG` or `MH_ENDIAN_LITTLE`.
    pub endian: u32,
}

/// A `BitmapData` argument: `length` pixels `0xAARRGGBB` at `pixels`, rows top first
/// (`width * height` of them, else Flash's #2015). Lent for the call only.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct MhBitmapData {
    /// The pixels.
    pub pixels: *const u32,
    /// How many pixels `pixels` holds.
    pub length: usize,
    /// `width`.
    pub width: u32,
    /// `height`.
    pub height: u32,
    /// Whether the pixels are premultiplied by alpha (as Flash Player stores them).
    pub premultiplied: bool,
    /// `transparent`: when false every alpha counts as 0xFF.
    pub transparent: bool,
}

/// A `BitmapData` a call writes into (`drawToBitmapData`): as `MhBitmapData`, writable.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct MhBitmapDataMut {
    /// The pixels, read and written.
    pub pixels: *mut u32,
    /// How many pixels `pixels` holds.
    pub length: usize,
    /// `width`.
    pub width: u32,
    /// `height`.
    pub height: u32,
    /// Whether the pixels are premultiplied by alpha.
    pub premultiplied: bool,
    /// `transparent`: when false, alpha stays 0xFF.
    pub transparent: bool,
}

/// A `flash.geom.Rectangle` (`setScissorRectangle`).
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct MhRect {
    /// `x`.
    pub x: f64,
    /// `y`.
    pub y: f64,
    /// `width`.
    pub width: f64,
    /// `height`.
    pub height: f64,
}

/// A `flash.geom.Point` (`drawToBitmapData`'s `destPoint`).
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct MhPoint {
    /// `x`.
    pub x: f64,
    /// `y`.
    pub y: f64,
}

impl From<MhPoint> for Point {
    fn from(p: MhPoint) -> Point {
        Point { x: p.x, y: p.y }
    }
}

impl From<MhRect> for Rect {
    fn from(r: MhRect) -> Rect {
        Rect {
            x: r.x,
            y: r.y,
            width: r.width,
            height: r.height,
        }
    }
}

/// The facade's `ByteArray` for `b`.
///
/// # Safety
///
/// `b.bytes` points at `b.length` bytes not written during the call (or `b.length` is 0).
pub(crate) unsafe fn byte_array<'a>(b: &MhByteArray, what: &str) -> Result<ByteArray<'a>, Fail> {
    let endian = match b.endian {
        0 => Endian::Big,
        1 => Endian::Little,
        e => {
            return Err(Fail::invalid(format!(
                "{what}.endian is {e}, not MH_ENDIAN_BIG (0) or MH_ENDIAN_LITTLE (1)"
            )))
        }
    };
    // SAFETY: the caller's contract.
    let bytes = unsafe { ffi::slice(b.bytes, b.length, &format!("{what}.bytes")) }?;
    Ok(ByteArray {
        bytes,
        position: b.position,
        endian,
    })
}

/// The facade's `BitmapData` for `b`.
///
/// # Safety
///
/// `b.pixels` points at `b.length` pixels not written during the call (or `b.length` is 0).
pub(crate) unsafe fn bitmap<'a>(b: &MhBitmapData, what: &str) -> Result<BitmapData<'a>, Fail> {
    // SAFETY: the caller's contract.
    let pixels = unsafe { ffi::slice(b.pixels, b.length, &format!("{what}.pixels")) }?;
    Ok(BitmapData {
        width: b.width,
        height: b.height,
        pixels,
        premultiplied: b.premultiplied,
        transparent: b.transparent,
    })
}

/// The facade's `BitmapDataMut` for `b`.
///
/// # Safety
///
/// `b.pixels` points at `b.length` pixels that nothing else touches during the call (or
/// `b.length` is 0).
pub(crate) unsafe fn bitmap_mut<'a>(
    b: &MhBitmapDataMut,
    what: &str,
) -> Result<BitmapDataMut<'a>, Fail> {
    // SAFETY: the caller's contract.
    let pixels = unsafe { ffi::slice_mut(b.pixels, b.length, &format!("{what}.pixels")) }?;
    Ok(BitmapDataMut {
        width: b.width,
        height: b.height,
        pixels,
        premultiplied: b.premultiplied,
        transparent: b.transparent,
    })
}
