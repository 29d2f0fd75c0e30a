//! `Context3D`'s properties, frame and `dispose` as C functions.
//!
//! Each takes the stage, the context handle, the AS3 arguments (strings for enums,
//! `MhByteArray` and friends for AS3 objects) and `MhError **error`; written after the
//! facade's signatures and docs (`player-shim/src/context/`), whose errors they list.

use std::ffi::c_char;

use molehill_player::{Context3D, Point, Rect};

use crate::args::{self, MhBitmapDataMut, MhPoint, MhRect};
use crate::entry::{with_context, MhStage3D};
use crate::error::{c_string, MhError, MhStatus};
use crate::ffi;
use crate::handles::{Handles, MhContext3D};

/// `profile`. A replaced context's handle answers with that context's profile.
///
/// The facade's `Context3D::profile`.
///
/// # Safety
///
/// `stage` is null or a live stage (`mh_stage3d_new_*`); `out` is valid for
/// writing; `error` is null or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_context3d_profile(
    stage: *mut MhStage3D,
    context: MhContext3D,
    out: *mut *mut c_char,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |c: &mut Context3D, _h: &mut Handles| {
        let value = c_string(c.profile().to_string()).into_raw();
        // SAFETY: `out` is writable (contract).
        unsafe { ffi::write(out, value, "out") }
    };
    // SAFETY: `stage` and `error` as the contract above says.
    unsafe { with_context(stage, context, error, call) }
}

/// `driverInfo`: `"Disposed"` once the context is disposed, lost or replaced.
///
/// The facade's `Context3D::driver_info`.
///
/// # Safety
///
/// `stage` is null or a live stage (`mh_stage3d_new_*`); `out` is valid for
/// writing; `error` is null or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_context3d_driver_info(
    stage: *mut MhStage3D,
    context: MhContext3D,
    out: *mut *mut c_char,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |c: &mut Context3D, _h: &mut Handles| {
        let value = c_string(c.driver_info()).into_raw();
        // SAFETY: `out` is writable (contract).
        unsafe { ffi::write(out, value, "out") }
    };
    // SAFETY: `stage` and `error` as the contract above says.
    unsafe { with_context(stage, context, error, call) }
}

/// `totalGPUMemory`: the bytes this context's textures, render surfaces, buffers and back
/// buffer take, as counted against its memory budget.
///
/// The facade's `Context3D::total_gpu_memory`.
///
/// # Safety
///
/// `stage` is null or a live stage (`mh_stage3d_new_*`); `out` is valid for
/// writing; `error` is null or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_context3d_total_gpu_memory(
    stage: *mut MhStage3D,
    context: MhContext3D,
    out: *mut u64,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |c: &mut Context3D, _h: &mut Handles| {
        let value = c.total_gpu_memory();
        // SAFETY: `out` is writable (contract).
        unsafe { ffi::write(out, value, "out") }
    };
    // SAFETY: `stage` and `error` as the contract above says.
    unsafe { with_context(stage, context, error, call) }
}

/// The draw calls since the last `present()`, as Flash counts them for #3690 (not an AS3
/// property: a host counts a frame's work with it; a refused draw is not counted).
///
/// The facade's `Context3D::draws_since_present`.
///
/// # Safety
///
/// `stage` is null or a live stage (`mh_stage3d_new_*`); `out` is valid for
/// writing; `error` is null or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_context3d_draws_since_present(
    stage: *mut MhStage3D,
    context: MhContext3D,
    out: *mut u32,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |c: &mut Context3D, _h: &mut Handles| {
        let value = c.draws_since_present();
        // SAFETY: `out` is writable (contract).
        unsafe { ffi::write(out, value, "out") }
    };
    // SAFETY: `stage` and `error` as the contract above says.
    unsafe { with_context(stage, context, error, call) }
}

/// `backBufferWidth`.
///
/// The facade's `Context3D::back_buffer_width`.
///
/// # Safety
///
/// `stage` is null or a live stage (`mh_stage3d_new_*`); `out` is valid for
/// writing; `error` is null or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_context3d_back_buffer_width(
    stage: *mut MhStage3D,
    context: MhContext3D,
    out: *mut u32,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |c: &mut Context3D, _h: &mut Handles| {
        let value = c.back_buffer_width();
        // SAFETY: `out` is writable (contract).
        unsafe { ffi::write(out, value, "out") }
    };
    // SAFETY: `stage` and `error` as the contract above says.
    unsafe { with_context(stage, context, error, call) }
}

/// `backBufferHeight`.
///
/// The facade's `Context3D::back_buffer_height`.
///
/// # Safety
///
/// `stage` is null or a live stage (`mh_stage3d_new_*`); `out` is valid for
/// writing; `error` is null or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_context3d_back_buffer_height(
    stage: *mut MhStage3D,
    context: MhContext3D,
    out: *mut u32,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |c: &mut Context3D, _h: &mut Handles| {
        let value = c.back_buffer_height();
        // SAFETY: `out` is writable (contract).
        unsafe { ffi::write(out, value, "out") }
    };
    // SAFETY: `stage` and `error` as the contract above says.
    unsafe { with_context(stage, context, error, call) }
}

/// `maxBackBufferWidth`.
///
/// The facade's `Context3D::max_back_buffer_width`.
///
/// # Safety
///
/// `stage` is null or a live stage (`mh_stage3d_new_*`); `out` is valid for
/// writing; `error` is null or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_context3d_max_back_buffer_width(
    stage: *mut MhStage3D,
    context: MhContext3D,
    out: *mut u32,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |c: &mut Context3D, _h: &mut Handles| {
        let value = c.max_back_buffer_width();
        // SAFETY: `out` is writable (contract).
        unsafe { ffi::write(out, value, "out") }
    };
    // SAFETY: `stage` and `error` as the contract above says.
    unsafe { with_context(stage, context, error, call) }
}

/// `maxBackBufferHeight`.
///
/// The facade's `Context3D::max_back_buffer_height`.
///
/// # Safety
///
/// `stage` is null or a live stage (`mh_stage3d_new_*`); `out` is valid for
/// writing; `error` is null or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_context3d_max_back_buffer_height(
    stage: *mut MhStage3D,
    context: MhContext3D,
    out: *mut u32,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |c: &mut Context3D, _h: &mut Handles| {
        let value = c.max_back_buffer_height();
        // SAFETY: `out` is writable (contract).
        unsafe { ffi::write(out, value, "out") }
    };
    // SAFETY: `stage` and `error` as the contract above says.
    unsafe { with_context(stage, context, error, call) }
}

/// `enableErrorChecking`.
///
/// The facade's `Context3D::enable_error_checking`.
///
/// # Safety
///
/// `stage` is null or a live stage (`mh_stage3d_new_*`); `out` is valid for
/// writing; `error` is null or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_context3d_enable_error_checking(
    stage: *mut MhStage3D,
    context: MhContext3D,
    out: *mut bool,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |c: &mut Context3D, _h: &mut Handles| {
        let value = c.enable_error_checking();
        // SAFETY: `out` is writable (contract).
        unsafe { ffi::write(out, value, "out") }
    };
    // SAFETY: `stage` and `error` as the contract above says.
    unsafe { with_context(stage, context, error, call) }
}

/// `enableErrorChecking = value`.
///
/// # Errors
///
/// - Error #3694: the context is disposed or lost.
///
/// The facade's `Context3D::set_enable_error_checking`.
///
/// # Safety
///
/// `stage` is null or a live stage (`mh_stage3d_new_*`); `error` is null or valid
/// for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_context3d_set_enable_error_checking(
    stage: *mut MhStage3D,
    context: MhContext3D,
    value: bool,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |c: &mut Context3D, _h: &mut Handles| Ok(c.set_enable_error_checking(value)?);
    // SAFETY: `stage` and `error` as the contract above says.
    unsafe { with_context(stage, context, error, call) }
}

/// `configureBackBuffer(...)`. Before SWF 30 (see `Stage3D::set_swf_version`)
/// a size outside 32..=16384 is Error #3669 and `(0, 0, 0, false)` is ignored
/// (context3d's rule).
///
/// # Errors
///
/// - Error #3694: the context is disposed or lost.
/// - Error #3780: `width` outside 32..=16384 (SWF 30 and later).
/// - Error #3781: `height` outside 32..=16384, `width` being in range (SWF 30 and later).
/// - Error #3669: `width` or `height` outside 32..=16384 before SWF 30.
/// - Error #3691: the renderer runs out of memory.
/// - Error #3710: with `enableErrorChecking` on, the renderer reports a driver error.
///
/// The facade's `Context3D::configure_back_buffer`.
///
/// # Safety
///
/// `stage` is null or a live stage (`mh_stage3d_new_*`); `error` is null or valid
/// for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_context3d_configure_back_buffer(
    stage: *mut MhStage3D,
    context: MhContext3D,
    width: i32,
    height: i32,
    anti_alias: i32,
    enable_depth_and_stencil: bool,
    wants_best_resolution: bool,
    wants_best_resolution_on_browser_zoom: bool,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |c: &mut Context3D, _h: &mut Handles| {
        Ok(c.configure_back_buffer(
            width,
            height,
            anti_alias,
            enable_depth_and_stencil,
            wants_best_resolution,
            wants_best_resolution_on_browser_zoom,
        )?)
    };
    // SAFETY: `stage` and `error` as the contract above says.
    unsafe { with_context(stage, context, error, call) }
}

/// `clear(red, green, blue, alpha, depth, stencil, mask)`.
///
/// # Errors
///
/// - Error #3694: the context is disposed or lost; with `enableErrorChecking` on, also a
///   texture target (`setRenderToTexture`) that was disposed since.
/// - Error #3698: the target is the back buffer and `configureBackBuffer` was never called
///   (thrown even with error checking off).
/// - Error #3728: with error checking on, texture targets set but none in slot 0.
/// - Error #3730: with error checking on, one texture (or cube face) in two target slots.
/// - Error #3729: with error checking on, texture targets of different sizes.
/// - Error #3761: with error checking on, texture targets of different formats (bit
///   depths).
/// - Error #3691: with error checking on, the renderer runs out of memory.
/// - Error #3710: with `enableErrorChecking` on, the renderer reports a driver error.
///
/// The facade's `Context3D::clear`.
///
/// # Safety
///
/// `stage` is null or a live stage (`mh_stage3d_new_*`); `error` is null or valid
/// for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_context3d_clear(
    stage: *mut MhStage3D,
    context: MhContext3D,
    red: f64,
    green: f64,
    blue: f64,
    alpha: f64,
    depth: f64,
    stencil: u32,
    mask: u32,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |c: &mut Context3D, _h: &mut Handles| {
        Ok(c.clear(red, green, blue, alpha, depth, stencil, mask)?)
    };
    // SAFETY: `stage` and `error` as the contract above says.
    unsafe { with_context(stage, context, error, call) }
}

/// `present()`.
///
/// # Errors
///
/// - Error #3694: the context is disposed or lost.
/// - Error #3698: `configureBackBuffer` was never called.
/// - Error #3691: the renderer runs out of memory.
/// - Error #3710: with `enableErrorChecking` on, the renderer reports a driver error.
///
/// The facade's `Context3D::present`.
///
/// # Safety
///
/// `stage` is null or a live stage (`mh_stage3d_new_*`); `error` is null or valid
/// for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_context3d_present(
    stage: *mut MhStage3D,
    context: MhContext3D,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |c: &mut Context3D, _h: &mut Handles| Ok(c.present()?);
    // SAFETY: `stage` and `error` as the contract above says.
    unsafe { with_context(stage, context, error, call) }
}

/// `drawToBitmapData(destination, srcRect, destPoint)`: the back buffer into `destination`
/// (converted to its premultiplication). `src_rect` (null: the whole back buffer; edges
/// truncated to whole pixels) is copied 1:1 to `dest_point` (null: (0, 0); truncated the same
/// way), clipped to the back buffer and to the destination; the rest of the destination is
/// untouched. A non-premultiplied destination goes through premultiplied form, so pixels
/// outside the copied area may change by rounding.
///
/// # Errors
///
/// - Error #3694: the context is disposed or lost.
/// - Error #3698: `configureBackBuffer` was never called.
/// - Error #3692: the back buffer was presented and not cleared since (even with error checking
///   off).
/// - Error #2015: `destination.pixels` does not hold `width * height` pixels.
/// - Error #3691: the renderer runs out of memory.
/// - Error #3710: with `enableErrorChecking` on, the renderer reports a driver error.
///
/// The facade's `Context3D::draw_to_bitmap_data`.
///
/// # Safety
///
/// `stage` is null or a live stage (`mh_stage3d_new_*`); `destination.pixels`
/// points at `destination.length` pixels nothing else touches during the call; `src_rect` and
/// `dest_point` are null (AS3 `null`) or readable; `error` is null or valid for writing one
/// pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_context3d_draw_to_bitmap_data(
    stage: *mut MhStage3D,
    context: MhContext3D,
    destination: MhBitmapDataMut,
    src_rect: *const MhRect,
    dest_point: *const MhPoint,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |c: &mut Context3D, _h: &mut Handles| {
        // SAFETY: `destination.pixels` holds `destination.length` writable pixels (contract).
        let mut destination = unsafe { args::bitmap_mut(&destination, "destination") }?;
        // SAFETY: `src_rect` is null or readable (contract).
        let src_rect = unsafe { ffi::read_opt(src_rect, "src_rect") }?.map(Rect::from);
        // SAFETY: `dest_point` is null or readable (contract).
        let dest_point = unsafe { ffi::read_opt(dest_point, "dest_point") }?.map(Point::from);
        Ok(c.draw_to_bitmap_data(&mut destination, src_rect, dest_point)?)
    };
    // SAFETY: `stage` and `error` as the contract above says.
    unsafe { with_context(stage, context, error, call) }
}

/// `dispose(recreate)`. With a replaced context's handle it does nothing (the context that
/// replaced it stays), as Flash's disposed `Context3D` object.
///
/// The facade's `Context3D::dispose`.
///
/// # Safety
///
/// `stage` is null or a live stage (`mh_stage3d_new_*`); `error` is null or valid
/// for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_context3d_dispose(
    stage: *mut MhStage3D,
    context: MhContext3D,
    recreate: bool,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |c: &mut Context3D, _h: &mut Handles| {
        c.dispose(recreate);
        Ok(())
    };
    // SAFETY: `stage` and `error` as the contract above says.
    unsafe { with_context(stage, context, error, call) }
}
