//! Reading the frame back without AS3's rules: what a host shows after `present`.

use molehill_player::Context3D;

use crate::entry::{with_context, MhStage3D};
use crate::error::{Fail, MhError, MhStatus};
use crate::ffi;
use crate::handles::{Handles, MhContext3D};

/// The back buffer as `drawToBitmapData` would copy it, unpremultiplied `0xAARRGGBB`, rows top
/// first, into `pixels` (`length` of them, at least `backBufferWidth * backBufferHeight`; more
/// are left as they are). Unlike `drawToBitmapData` it may follow `present` (what a host shows
/// is the presented frame). Not an AS3 call. The size goes to `*out_width` and `*out_height`
/// when they are not null.
///
/// # Errors
///
/// - Error #3694: the context is disposed or lost.
/// - Error #3698: `configureBackBuffer` was never called.
/// - Error #3691: the renderer runs out of memory.
/// - Error #3710: with `enableErrorChecking` on, the renderer reports a driver error.
///
/// `MH_STATUS_INVALID_ARGUMENT` when `length` is too small (the message says how many).
///
/// The facade's `Context3D::capture_back_buffer`.
///
/// # Safety
///
/// `stage` is null or a live stage (`mh_stage3d_new_*`); `pixels` points at
/// `length` writable pixels; `out_width` and `out_height` are null or writable; `error` is
/// null or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_context3d_capture_back_buffer(
    stage: *mut MhStage3D,
    context: MhContext3D,
    pixels: *mut u32,
    length: usize,
    out_width: *mut u32,
    out_height: *mut u32,
    error: *mut *mut MhError,
) -> MhStatus {
    // SAFETY: the contract above, passed on.
    unsafe {
        read_back(
            stage,
            context,
            (pixels, length),
            (out_width, out_height),
            error,
            Context3D::capture_back_buffer,
        )
    }
}

/// The back buffer as stored, premultiplied `0xAARRGGBB`, rows top first (what a compositor
/// blending premultiplied layers takes), into `pixels` as `mh_context3d_capture_back_buffer`
/// does. Not an AS3 call.
///
/// # Errors
///
/// - Error #3694: the context is disposed or lost.
/// - Error #3698: `configureBackBuffer` was never called.
/// - Error #3691: the renderer runs out of memory.
/// - Error #3710: with `enableErrorChecking` on, the renderer reports a driver error.
///
/// `MH_STATUS_INVALID_ARGUMENT` when `length` is too small. Unlike `drawToBitmapData` it reads
/// a presented back buffer too (no #3692): what a compositor shows after `present`.
///
/// The facade's `Context3D::back_buffer_pixels`.
///
/// # Safety
///
/// As `mh_context3d_capture_back_buffer`.
#[no_mangle]
pub unsafe extern "C" fn mh_context3d_back_buffer_pixels(
    stage: *mut MhStage3D,
    context: MhContext3D,
    pixels: *mut u32,
    length: usize,
    out_width: *mut u32,
    out_height: *mut u32,
    error: *mut *mut MhError,
) -> MhStatus {
    // SAFETY: the contract above, passed on.
    unsafe {
        read_back(
            stage,
            context,
            (pixels, length),
            (out_width, out_height),
            error,
            Context3D::back_buffer_pixels,
        )
    }
}

/// What a back buffer read gives: `(width, height, pixels)`.
type BackBufferRead = molehill_player::FlashResult<(u32, u32, Vec<u32>)>;

/// Copies the back buffer `read` gives into the caller's buffer and writes its size.
///
/// # Safety
///
/// As `mh_context3d_capture_back_buffer`.
unsafe fn read_back(
    stage: *mut MhStage3D,
    context: MhContext3D,
    (pixels, length): (*mut u32, usize),
    (out_width, out_height): (*mut u32, *mut u32),
    error: *mut *mut MhError,
    read: fn(&mut Context3D) -> BackBufferRead,
) -> MhStatus {
    let call = |c: &mut Context3D, _h: &mut Handles| {
        // SAFETY: `pixels` holds `length` writable pixels (contract).
        let dest = unsafe { ffi::slice_mut(pixels, length, "pixels") }?;
        let (width, height, frame) = read(c)?;
        if dest.len() < frame.len() {
            return Err(Fail::invalid(format!(
                "pixels holds {length} pixels; the {width}x{height} back buffer needs {}",
                frame.len()
            )));
        }
        dest[..frame.len()].copy_from_slice(&frame);
        if !out_width.is_null() {
            // SAFETY: `out_width` is non-null and writable (contract).
            unsafe { ffi::write(out_width, width, "out_width") }?;
        }
        if !out_height.is_null() {
            // SAFETY: `out_height` is non-null and writable (contract).
            unsafe { ffi::write(out_height, height, "out_height") }?;
        }
        Ok(())
    };
    // SAFETY: `stage` and `error` as the contract above says.
    unsafe { with_context(stage, context, error, call) }
}
