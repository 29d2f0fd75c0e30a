//! The resource calls as C functions: `Context3D.create*`: the new handle is written to `*out`.
//!
//! A resource method takes the stage, the context and the resource's handle first; written
//! after the facade's signatures and docs (`player-shim/src/context/resources.rs`), whose
//! errors they list.

use std::ffi::c_char;

use molehill_player::Context3D;

use crate::entry::{with_context, MhStage3D};
use crate::error::{MhError, MhStatus};
use crate::ffi;
use crate::handles::{
    Handles, MhContext3D, MhIndexBuffer3D, MhProgram3D, MhTextureBase, MhVertexBuffer3D,
};

/// `createVertexBuffer(numVertices, data32PerVertex, bufferUsage)`.
///
/// # Errors
///
/// - Error #3694: the context is disposed or lost.
/// - ArgumentError #2008: `bufferUsage` is not a `Context3DBufferUsage` value.
/// - Error #3669: `numVertices` or `data32PerVertex` is negative.
/// - Error #3670: `data32PerVertex` above 64 or `numVertices` above 65535.
/// - Error #3671: `numVertices` or `data32PerVertex` is 0.
/// - Error #3691: 4096 vertex buffers are live, or the new one would pass 256 MB in all.
/// - Error #3672: the renderer runs out of memory for the buffer.
/// - Error #3710: with `enableErrorChecking` on, the renderer reports a driver error.
///
/// The new handle is written to `*out`.
/// The facade's `Context3D::create_vertex_buffer`.
///
/// # Safety
///
/// `stage` is null or a live stage (`mh_stage3d_new_*`); `buffer_usage` is a
/// NUL-terminated string; `out` is valid for writing one handle; `error` is null or valid for
/// writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_context3d_create_vertex_buffer(
    stage: *mut MhStage3D,
    context: MhContext3D,
    num_vertices: i32,
    data32_per_vertex: i32,
    buffer_usage: *const c_char,
    out: *mut MhVertexBuffer3D,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |c: &mut Context3D, h: &mut Handles| {
        // SAFETY: `buffer_usage` is a NUL-terminated string (contract).
        let buffer_usage = unsafe { ffi::string(buffer_usage, "buffer_usage") }?;
        let created = c.create_vertex_buffer(num_vertices, data32_per_vertex, &buffer_usage)?;
        let handle = h.add_vertex_buffer(c.id(), created);
        // SAFETY: `out` is writable (contract).
        unsafe { ffi::write(out, handle, "out") }
    };
    // SAFETY: `stage` and `error` as the contract above says.
    unsafe { with_context(stage, context, error, call) }
}

/// `createVertexBufferForInstances(numVertices, data32PerVertex, instancesPerElement,
/// bufferUsage)` (standardExtended).
///
/// # Errors
///
/// - Error #3694: the context is disposed or lost.
/// - Error #3787: the profile is below standardExtended.
/// - ArgumentError #2008: `bufferUsage` is not a `Context3DBufferUsage` value.
/// - Error #3784: `instancesPerElement` is not above 0.
/// - Error #3669: `numVertices` or `data32PerVertex` is negative.
/// - Error #3670: `data32PerVertex` above 64 or `numVertices` above 65535.
/// - Error #3671: `numVertices` or `data32PerVertex` is 0.
/// - Error #3691: 4096 vertex buffers are live, or the new one would pass 256 MB in all.
/// - Error #3672: the renderer runs out of memory for the buffer.
/// - Error #3710: with `enableErrorChecking` on, the renderer reports a driver error.
///
/// The new handle is written to `*out`.
/// The facade's `Context3D::create_vertex_buffer_for_instances`.
///
/// # Safety
///
/// `stage` is null or a live stage (`mh_stage3d_new_*`); `buffer_usage` is a
/// NUL-terminated string; `out` is valid for writing one handle; `error` is null or valid for
/// writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_context3d_create_vertex_buffer_for_instances(
    stage: *mut MhStage3D,
    context: MhContext3D,
    num_vertices: i32,
    data32_per_vertex: i32,
    instances_per_element: i32,
    buffer_usage: *const c_char,
    out: *mut MhVertexBuffer3D,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |c: &mut Context3D, h: &mut Handles| {
        // SAFETY: `buffer_usage` is a NUL-terminated string (contract).
        let buffer_usage = unsafe { ffi::string(buffer_usage, "buffer_usage") }?;
        let created = c.create_vertex_buffer_for_instances(
            num_vertices,
            data32_per_vertex,
            instances_per_element,
            &buffer_usage,
        )?;
        let handle = h.add_vertex_buffer(c.id(), created);
        // SAFETY: `out` is writable (contract).
        unsafe { ffi::write(out, handle, "out") }
    };
    // SAFETY: `stage` and `error` as the contract above says.
    unsafe { with_context(stage, context, error, call) }
}

/// `createIndexBuffer(numIndices, bufferUsage)`.
///
/// # Errors
///
/// - Error #3694: the context is disposed or lost.
/// - ArgumentError #2008: `bufferUsage` is not a `Context3DBufferUsage` value.
/// - Error #3669: `numIndices` is negative.
/// - Error #3670: `numIndices` above 524287.
/// - Error #3671: `numIndices` is 0.
/// - Error #3691: 4096 index buffers are live, or the new one would pass 128 MB in all.
/// - Error #3672: the renderer runs out of memory for the buffer.
/// - Error #3710: with `enableErrorChecking` on, the renderer reports a driver error.
///
/// The new handle is written to `*out`.
/// The facade's `Context3D::create_index_buffer`.
///
/// # Safety
///
/// `stage` is null or a live stage (`mh_stage3d_new_*`); `buffer_usage` is a
/// NUL-terminated string; `out` is valid for writing one handle; `error` is null or valid for
/// writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_context3d_create_index_buffer(
    stage: *mut MhStage3D,
    context: MhContext3D,
    num_indices: i32,
    buffer_usage: *const c_char,
    out: *mut MhIndexBuffer3D,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |c: &mut Context3D, h: &mut Handles| {
        // SAFETY: `buffer_usage` is a NUL-terminated string (contract).
        let buffer_usage = unsafe { ffi::string(buffer_usage, "buffer_usage") }?;
        let created = c.create_index_buffer(num_indices, &buffer_usage)?;
        let handle = h.add_index_buffer(c.id(), created);
        // SAFETY: `out` is writable (contract).
        unsafe { ffi::write(out, handle, "out") }
    };
    // SAFETY: `stage` and `error` as the contract above says.
    unsafe { with_context(stage, context, error, call) }
}

/// `createProgram()`.
///
/// # Errors
///
/// - Error #3694: the context is disposed or lost.
/// - Error #3691: 4096 programs are live.
///
/// The new handle is written to `*out`.
/// The facade's `Context3D::create_program`.
///
/// # Safety
///
/// `stage` is null or a live stage (`mh_stage3d_new_*`); `out` is valid for
/// writing one handle; `error` is null or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_context3d_create_program(
    stage: *mut MhStage3D,
    context: MhContext3D,
    out: *mut MhProgram3D,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |c: &mut Context3D, h: &mut Handles| {
        let created = c.create_program()?;
        let handle = h.add_program(c.id(), created);
        // SAFETY: `out` is writable (contract).
        unsafe { ffi::write(out, handle, "out") }
    };
    // SAFETY: `stage` and `error` as the contract above says.
    unsafe { with_context(stage, context, error, call) }
}

/// `createTexture(width, height, format, optimizeForRenderToTexture, streamingLevels)`.
///
/// # Errors
///
/// In this order:
/// - Error #3694: the context is disposed or lost.
/// - ArgumentError #2008: `format` is not a `Context3DTextureFormat` value
///   (`textureFormat`).
/// - Error #3759: the profile does not allow `format`.
/// - Error #3681: `width` or `height` is 0 or negative.
/// - Error #3682: `width` or `height` is not a power of two.
/// - Error #3683: `width` or `height` above the profile's maximum.
/// - Error #3711: `streamingLevels` negative or not below the number of mip levels.
/// - Error #3691: 4096 textures are live.
/// - Error #3684: the renderer runs out of memory for the texture.
/// - Error #3710: with `enableErrorChecking` on, the renderer reports a driver error.
///
/// The new handle is written to `*out`.
/// The facade's `Context3D::create_texture`.
///
/// # Safety
///
/// `stage` is null or a live stage (`mh_stage3d_new_*`); `format` is a
/// NUL-terminated string; `out` is valid for writing one handle; `error` is null or valid for
/// writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_context3d_create_texture(
    stage: *mut MhStage3D,
    context: MhContext3D,
    width: i32,
    height: i32,
    format: *const c_char,
    optimize_for_render_to_texture: bool,
    streaming_levels: i32,
    out: *mut MhTextureBase,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |c: &mut Context3D, h: &mut Handles| {
        // SAFETY: `format` is a NUL-terminated string (contract).
        let format = unsafe { ffi::string(format, "format") }?;
        let created = c.create_texture(
            width,
            height,
            &format,
            optimize_for_render_to_texture,
            streaming_levels,
        )?;
        let handle = h.add_texture(c.id(), created);
        // SAFETY: `out` is writable (contract).
        unsafe { ffi::write(out, handle, "out") }
    };
    // SAFETY: `stage` and `error` as the contract above says.
    unsafe { with_context(stage, context, error, call) }
}

/// `createCubeTexture(size, format, optimizeForRenderToTexture, streamingLevels)`.
///
/// # Errors
///
/// In this order:
/// - Error #3694: the context is disposed or lost.
/// - ArgumentError #2008: `format` is not a `Context3DTextureFormat` value
///   (`textureFormat`).
/// - Error #3759: the profile does not allow `format`.
/// - Error #3681: `size` is 0 or negative.
/// - Error #3682: `size` is not a power of two.
/// - Error #3705: `size` above the profile's maximum (1024).
/// - Error #3711: `streamingLevels` negative or not below the number of mip levels.
/// - Error #3691: 4096 textures are live.
/// - Error #3684: the renderer runs out of memory for the texture.
/// - Error #3710: with `enableErrorChecking` on, the renderer reports a driver error.
///
/// The new handle is written to `*out`.
/// The facade's `Context3D::create_cube_texture`.
///
/// # Safety
///
/// `stage` is null or a live stage (`mh_stage3d_new_*`); `format` is a
/// NUL-terminated string; `out` is valid for writing one handle; `error` is null or valid for
/// writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_context3d_create_cube_texture(
    stage: *mut MhStage3D,
    context: MhContext3D,
    size: i32,
    format: *const c_char,
    optimize_for_render_to_texture: bool,
    streaming_levels: i32,
    out: *mut MhTextureBase,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |c: &mut Context3D, h: &mut Handles| {
        // SAFETY: `format` is a NUL-terminated string (contract).
        let format = unsafe { ffi::string(format, "format") }?;
        let created = c.create_cube_texture(
            size,
            &format,
            optimize_for_render_to_texture,
            streaming_levels,
        )?;
        let handle = h.add_texture(c.id(), created);
        // SAFETY: `out` is writable (contract).
        unsafe { ffi::write(out, handle, "out") }
    };
    // SAFETY: `stage` and `error` as the contract above says.
    unsafe { with_context(stage, context, error, call) }
}

/// `createRectangleTexture(width, height, format, optimizeForRenderToTexture)`.
///
/// # Errors
///
/// In this order:
/// - Error #3694: the context is disposed or lost.
/// - Error #3765: the profile is baselineConstrained.
/// - ArgumentError #2008: `format` is not a `Context3DTextureFormat` value
///   (`textureFormat`).
/// - Error #3762: `format` is compressed.
/// - Error #3759: the profile does not allow `format`.
/// - Error #3681: `width` or `height` is 0 or negative.
/// - Error #3766: `width` or `height` above the larger of the profile's maximum and the
///   back buffer's size.
/// - Error #3691: 4096 textures are live.
/// - Error #3684: the renderer runs out of memory for the texture.
/// - Error #3710: with `enableErrorChecking` on, the renderer reports a driver error.
///
/// The new handle is written to `*out`.
/// The facade's `Context3D::create_rectangle_texture`.
///
/// # Safety
///
/// `stage` is null or a live stage (`mh_stage3d_new_*`); `format` is a
/// NUL-terminated string; `out` is valid for writing one handle; `error` is null or valid for
/// writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_context3d_create_rectangle_texture(
    stage: *mut MhStage3D,
    context: MhContext3D,
    width: i32,
    height: i32,
    format: *const c_char,
    optimize_for_render_to_texture: bool,
    out: *mut MhTextureBase,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |c: &mut Context3D, h: &mut Handles| {
        // SAFETY: `format` is a NUL-terminated string (contract).
        let format = unsafe { ffi::string(format, "format") }?;
        let created =
            c.create_rectangle_texture(width, height, &format, optimize_for_render_to_texture)?;
        let handle = h.add_texture(c.id(), created);
        // SAFETY: `out` is writable (contract).
        unsafe { ffi::write(out, handle, "out") }
    };
    // SAFETY: `stage` and `error` as the contract above says.
    unsafe { with_context(stage, context, error, call) }
}

/// `createVideoTexture()`.
///
/// # Errors
///
/// - Error #3694: the context is disposed or lost.
/// - Error #3691: 4096 textures are live.
/// - Error #3684: the renderer runs out of memory for the texture.
/// - Error #3710: with `enableErrorChecking` on, the renderer reports a driver error.
///
/// The new handle is written to `*out`.
/// The facade's `Context3D::create_video_texture`.
///
/// # Safety
///
/// `stage` is null or a live stage (`mh_stage3d_new_*`); `out` is valid for
/// writing one handle; `error` is null or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_context3d_create_video_texture(
    stage: *mut MhStage3D,
    context: MhContext3D,
    out: *mut MhTextureBase,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |c: &mut Context3D, h: &mut Handles| {
        let created = c.create_video_texture()?;
        let handle = h.add_texture(c.id(), created);
        // SAFETY: `out` is writable (contract).
        unsafe { ffi::write(out, handle, "out") }
    };
    // SAFETY: `stage` and `error` as the contract above says.
    unsafe { with_context(stage, context, error, call) }
}
