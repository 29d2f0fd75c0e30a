//! The resource calls as C functions: the texture classes' uploads.
//!
//! A resource method takes the stage, the context that made the resource and the resource's
//! handle first (another context's handle is `MH_STATUS_INVALID_ARGUMENT`); written
//! after the facade's signatures and docs (`player-shim/src/context/resources.rs`), whose
//! errors they list.

use molehill_player::Context3D;

use crate::args::{self, MhBitmapData, MhByteArray};
use crate::entry::{with_context, MhStage3D};
use crate::error::{MhError, MhStatus};
use crate::handles::{Handles, MhContext3D, MhTextureBase};

/// `Texture.uploadFromBitmapData(source, miplevel)`.
///
/// # Errors
///
/// - Error #3694: the context or `texture` is disposed, or the context lost.
/// - Error #3674: `texture` has no level `miplevel`.
/// - Error #3675: `texture` is a `VideoTexture`.
/// - Error #2015: `source.pixels` does not hold `width * height` pixels.
/// - Error #3679: `miplevel` is 0 and `source` is wider or taller than the texture.
/// - Error #3684: the renderer runs out of memory for the texture.
/// - Error #3710: with `enableErrorChecking` on, the renderer reports a driver error.
///
/// The facade's `Context3D::texture_upload_from_bitmap_data`.
///
/// # Safety
///
/// `stage` is null or a live stage (`mh_stage3d_new_*`); `source.pixels` points at
/// `source.length` pixels; `error` is null or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_texture_upload_from_bitmap_data(
    stage: *mut MhStage3D,
    context: MhContext3D,
    texture: MhTextureBase,
    source: MhBitmapData,
    miplevel: u32,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |c: &mut Context3D, h: &mut Handles| {
        let texture = h.own_texture(c.id(), texture)?;
        // SAFETY: `source.pixels` holds `source.length` pixels (contract).
        let source = unsafe { args::bitmap(&source, "source") }?;
        Ok(c.texture_upload_from_bitmap_data(texture, source, miplevel)?)
    };
    // SAFETY: `stage` and `error` as the contract above says.
    unsafe { with_context(stage, context, error, call) }
}

/// `Texture.uploadFromByteArray(data, byteArrayOffset, miplevel)`.
///
/// # Errors
///
/// - Error #3694: the context or `texture` is disposed, or the context lost.
/// - Error #3674: `texture` has no level `miplevel`.
/// - Error #3675: `texture` is compressed or a `VideoTexture`.
/// - Error #3669: fewer bytes after `byteArrayOffset` than the level needs.
/// - Error #3684: the renderer runs out of memory for the texture.
/// - Error #3710: with `enableErrorChecking` on, the renderer reports a driver error.
///
/// The facade's `Context3D::texture_upload_from_byte_array`.
///
/// # Safety
///
/// `stage` is null or a live stage (`mh_stage3d_new_*`); `data.bytes` points at
/// `data.length` bytes; `error` is null or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_texture_upload_from_byte_array(
    stage: *mut MhStage3D,
    context: MhContext3D,
    texture: MhTextureBase,
    data: MhByteArray,
    byte_array_offset: u32,
    miplevel: u32,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |c: &mut Context3D, h: &mut Handles| {
        let texture = h.own_texture(c.id(), texture)?;
        // SAFETY: `data.bytes` holds `data.length` bytes (contract).
        let data = unsafe { args::byte_array(&data, "data") }?;
        Ok(c.texture_upload_from_byte_array(texture, data, byte_array_offset, miplevel)?)
    };
    // SAFETY: `stage` and `error` as the contract above says.
    unsafe { with_context(stage, context, error, call) }
}

/// `CubeTexture.uploadFromBitmapData(source, side, miplevel)`.
///
/// # Errors
///
/// - Error #3694: the context or `texture` is disposed, or the context lost.
/// - Error #3673: `texture` is a cube texture and `side` is above 5.
/// - Error #3674: `texture` has no level `miplevel`.
/// - Error #3675: `texture` is a `VideoTexture`.
/// - Error #2015: `source.pixels` does not hold `width * height` pixels.
/// - Error #3679: `miplevel` is 0 and `source` is wider or taller than the face.
/// - Error #3684: the renderer runs out of memory for the texture.
/// - Error #3710: with `enableErrorChecking` on, the renderer reports a driver error.
///
/// The facade's `Context3D::cube_texture_upload_from_bitmap_data`.
///
/// # Safety
///
/// `stage` is null or a live stage (`mh_stage3d_new_*`); `source.pixels` points at
/// `source.length` pixels; `error` is null or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_cube_texture_upload_from_bitmap_data(
    stage: *mut MhStage3D,
    context: MhContext3D,
    texture: MhTextureBase,
    source: MhBitmapData,
    side: u32,
    miplevel: u32,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |c: &mut Context3D, h: &mut Handles| {
        let texture = h.own_texture(c.id(), texture)?;
        // SAFETY: `source.pixels` holds `source.length` pixels (contract).
        let source = unsafe { args::bitmap(&source, "source") }?;
        Ok(c.cube_texture_upload_from_bitmap_data(texture, source, side, miplevel)?)
    };
    // SAFETY: `stage` and `error` as the contract above says.
    unsafe { with_context(stage, context, error, call) }
}

/// `CubeTexture.uploadFromByteArray(data, byteArrayOffset, side, miplevel)`.
///
/// # Errors
///
/// - Error #3694: the context or `texture` is disposed, or the context lost.
/// - Error #3673: `texture` is a cube texture and `side` is above 5.
/// - Error #3674: `texture` has no level `miplevel`.
/// - Error #3675: `texture` is compressed or a `VideoTexture`.
/// - Error #3669: fewer bytes after `byteArrayOffset` than the level needs.
/// - Error #3684: the renderer runs out of memory for the texture.
/// - Error #3710: with `enableErrorChecking` on, the renderer reports a driver error.
///
/// The facade's `Context3D::cube_texture_upload_from_byte_array`.
///
/// # Safety
///
/// `stage` is null or a live stage (`mh_stage3d_new_*`); `data.bytes` points at
/// `data.length` bytes; `error` is null or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_cube_texture_upload_from_byte_array(
    stage: *mut MhStage3D,
    context: MhContext3D,
    texture: MhTextureBase,
    data: MhByteArray,
    byte_array_offset: u32,
    side: u32,
    miplevel: u32,
    error: *mut *mut MhError,
) -> MhStatus {
    let call =
        |c: &mut Context3D, h: &mut Handles| {
            let texture = h.own_texture(c.id(), texture)?;
            // SAFETY: `data.bytes` holds `data.length` bytes (contract).
            let data = unsafe { args::byte_array(&data, "data") }?;
            Ok(c.cube_texture_upload_from_byte_array(
                texture,
                data,
                byte_array_offset,
                side,
                miplevel,
            )?)
        };
    // SAFETY: `stage` and `error` as the contract above says.
    unsafe { with_context(stage, context, error, call) }
}

/// `RectangleTexture.uploadFromBitmapData(source)`.
///
/// # Errors
///
/// - Error #3694: the context or `texture` is disposed, or the context lost.
/// - Error #3675: `texture` is a `VideoTexture`.
/// - Error #2015: `source.pixels` does not hold `width * height` pixels.
/// - Error #3679: `source` is wider or taller than the texture.
/// - Error #3684: the renderer runs out of memory for the texture.
/// - Error #3710: with `enableErrorChecking` on, the renderer reports a driver error.
///
/// The facade's `Context3D::rectangle_texture_upload_from_bitmap_data`.
///
/// # Safety
///
/// `stage` is null or a live stage (`mh_stage3d_new_*`); `source.pixels` points at
/// `source.length` pixels; `error` is null or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_rectangle_texture_upload_from_bitmap_data(
    stage: *mut MhStage3D,
    context: MhContext3D,
    texture: MhTextureBase,
    source: MhBitmapData,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |c: &mut Context3D, h: &mut Handles| {
        let texture = h.own_texture(c.id(), texture)?;
        // SAFETY: `source.pixels` holds `source.length` pixels (contract).
        let source = unsafe { args::bitmap(&source, "source") }?;
        Ok(c.rectangle_texture_upload_from_bitmap_data(texture, source)?)
    };
    // SAFETY: `stage` and `error` as the contract above says.
    unsafe { with_context(stage, context, error, call) }
}

/// `RectangleTexture.uploadFromByteArray(data, byteArrayOffset)`.
///
/// # Errors
///
/// - Error #3694: the context or `texture` is disposed, or the context lost.
/// - Error #3675: `texture` is compressed or a `VideoTexture`.
/// - Error #3669: fewer bytes after `byteArrayOffset` than the texture needs.
/// - Error #3684: the renderer runs out of memory for the texture.
/// - Error #3710: with `enableErrorChecking` on, the renderer reports a driver error.
///
/// The facade's `Context3D::rectangle_texture_upload_from_byte_array`.
///
/// # Safety
///
/// `stage` is null or a live stage (`mh_stage3d_new_*`); `data.bytes` points at
/// `data.length` bytes; `error` is null or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_rectangle_texture_upload_from_byte_array(
    stage: *mut MhStage3D,
    context: MhContext3D,
    texture: MhTextureBase,
    data: MhByteArray,
    byte_array_offset: u32,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |c: &mut Context3D, h: &mut Handles| {
        let texture = h.own_texture(c.id(), texture)?;
        // SAFETY: `data.bytes` holds `data.length` bytes (contract).
        let data = unsafe { args::byte_array(&data, "data") }?;
        Ok(c.rectangle_texture_upload_from_byte_array(texture, data, byte_array_offset)?)
    };
    // SAFETY: `stage` and `error` as the contract above says.
    unsafe { with_context(stage, context, error, call) }
}

/// A video frame for a `VideoTexture`: what the VM's `attachNetStream` /
/// `attachCamera` decoding delivers, each frame as a BitmapData (recorded as
/// `v.attachFrame(bitmap)`).
///
/// # Errors
///
/// - Error #3694: the context or `texture` is disposed, or the context lost.
/// - Error #3675: `texture` is not a `VideoTexture`.
/// - Error #2015: `frame` has no pixels, or `frame.pixels` does not hold `width * height`.
/// - Error #3684: the renderer runs out of memory for the texture.
/// - Error #3710: with `enableErrorChecking` on, the renderer reports a driver error.
///
/// The facade's `Context3D::video_texture_attach_frame`.
///
/// # Safety
///
/// `stage` is null or a live stage (`mh_stage3d_new_*`); `frame.pixels` points at
/// `frame.length` pixels; `error` is null or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_video_texture_attach_frame(
    stage: *mut MhStage3D,
    context: MhContext3D,
    texture: MhTextureBase,
    frame: MhBitmapData,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |c: &mut Context3D, h: &mut Handles| {
        let texture = h.own_texture(c.id(), texture)?;
        // SAFETY: `frame.pixels` holds `frame.length` pixels (contract).
        let frame = unsafe { args::bitmap(&frame, "frame") }?;
        Ok(c.video_texture_attach_frame(texture, frame)?)
    };
    // SAFETY: `stage` and `error` as the contract above says.
    unsafe { with_context(stage, context, error, call) }
}

/// `Texture.uploadFromBitmapDataAsync(source, miplevel)`: the callback receives
/// `MH_EVENT_KIND_TEXTURE_READY` for `texture` after the call (none after a failed upload).
///
/// # Errors
///
/// - Error #3694: the context or `texture` is disposed, or the context lost.
/// - Error #3791: `miplevel` is not 0.
/// - Error #3675: `texture` is a `VideoTexture`.
/// - Error #2015: `source.pixels` does not hold `width * height` pixels.
/// - Error #3679: `source` is wider or taller than the texture.
/// - Error #3684: the renderer runs out of memory for the texture.
/// - Error #3710: with `enableErrorChecking` on, the renderer reports a driver error.
///
/// No `textureReady` follows a failed upload.
///
/// The facade's `Context3D::texture_upload_from_bitmap_data_async`.
///
/// # Safety
///
/// `stage` is null or a live stage (`mh_stage3d_new_*`); `source.pixels` points at
/// `source.length` pixels; `error` is null or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_texture_upload_from_bitmap_data_async(
    stage: *mut MhStage3D,
    context: MhContext3D,
    texture: MhTextureBase,
    source: MhBitmapData,
    miplevel: u32,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |c: &mut Context3D, h: &mut Handles| {
        let texture = h.own_texture(c.id(), texture)?;
        // SAFETY: `source.pixels` holds `source.length` pixels (contract).
        let source = unsafe { args::bitmap(&source, "source") }?;
        Ok(c.texture_upload_from_bitmap_data_async(texture, source, miplevel)?)
    };
    // SAFETY: `stage` and `error` as the contract above says.
    unsafe { with_context(stage, context, error, call) }
}

/// `Texture.uploadFromByteArrayAsync(data, byteArrayOffset, miplevel)`: the callback receives
/// `MH_EVENT_KIND_TEXTURE_READY` for `texture` after the call (none after a failed upload).
///
/// # Errors
///
/// In this order:
/// - Error #3694: the context or `texture` is disposed, or the context lost.
/// - Error #3791: `miplevel` is not 0.
/// - Error #3675: `texture` is compressed or a `VideoTexture`.
/// - Error #3669: fewer bytes after `byteArrayOffset` than the level needs.
/// - Error #3684: the renderer runs out of memory for the texture.
/// - Error #3710: with `enableErrorChecking` on, the renderer reports a driver error.
///
/// No `textureReady` follows a failed upload.
///
/// The facade's `Context3D::texture_upload_from_byte_array_async`.
///
/// # Safety
///
/// `stage` is null or a live stage (`mh_stage3d_new_*`); `data.bytes` points at
/// `data.length` bytes; `error` is null or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_texture_upload_from_byte_array_async(
    stage: *mut MhStage3D,
    context: MhContext3D,
    texture: MhTextureBase,
    data: MhByteArray,
    byte_array_offset: u32,
    miplevel: u32,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |c: &mut Context3D, h: &mut Handles| {
        let texture = h.own_texture(c.id(), texture)?;
        // SAFETY: `data.bytes` holds `data.length` bytes (contract).
        let data = unsafe { args::byte_array(&data, "data") }?;
        Ok(c.texture_upload_from_byte_array_async(texture, data, byte_array_offset, miplevel)?)
    };
    // SAFETY: `stage` and `error` as the contract above says.
    unsafe { with_context(stage, context, error, call) }
}

/// `Texture.uploadCompressedTextureFromByteArray(data, byteArrayOffset, async)` and the
/// same method of `CubeTexture` (with `async`, the callback receives
/// `MH_EVENT_KIND_TEXTURE_READY` for `texture` after the call; none after a failed upload).
///
/// # Errors
///
/// In this order:
/// - Error #3694: the context or `texture` is disposed, or the context lost.
/// - Error #3677: `byteArrayOffset` is past the end, the ATF container does not parse, or
///   it is JPEG-XR coded (not decoded by Molehill; checked after #3745).
/// - Error #3679: the container's size is not the texture's.
/// - Error #3675: the container's cube flag or format does not fit the texture (or
///   `texture` is a `RectangleTexture` or `VideoTexture`).
/// - Error #3745: the image is smaller than 4x4.
/// - Error #3674: the container has more mip levels than the texture.
/// - Error #3684: the renderer runs out of memory for the texture.
/// - Error #3710: with `enableErrorChecking` on, the renderer reports a driver error.
///
/// The facade's `Context3D::texture_upload_compressed_from_byte_array`.
///
/// # Safety
///
/// `stage` is null or a live stage (`mh_stage3d_new_*`); `data.bytes` points at
/// `data.length` bytes; `error` is null or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_texture_upload_compressed_from_byte_array(
    stage: *mut MhStage3D,
    context: MhContext3D,
    texture: MhTextureBase,
    data: MhByteArray,
    byte_array_offset: u32,
    is_async: bool,
    error: *mut *mut MhError,
) -> MhStatus {
    let call =
        |c: &mut Context3D, h: &mut Handles| {
            let texture = h.own_texture(c.id(), texture)?;
            // SAFETY: `data.bytes` holds `data.length` bytes (contract).
            let data = unsafe { args::byte_array(&data, "data") }?;
            Ok(c.texture_upload_compressed_from_byte_array(
                texture,
                data,
                byte_array_offset,
                is_async,
            )?)
        };
    // SAFETY: `stage` and `error` as the contract above says.
    unsafe { with_context(stage, context, error, call) }
}
