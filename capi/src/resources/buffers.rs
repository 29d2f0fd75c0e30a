//! The resource calls as C functions: buffer and program methods, every `dispose`.
//!
//! A resource method takes the stage, the context that made the resource and the resource's
//! handle first (another context's handle is `MH_STATUS_INVALID_ARGUMENT`); written
//! after the facade's signatures and docs (`player-shim/src/context/resources.rs`), whose
//! errors they list.

use molehill_player::Context3D;

use crate::args::{self, MhByteArray};
use crate::entry::{with_context, MhStage3D};
use crate::error::{MhError, MhStatus};
use crate::ffi;
use crate::handles::{
    Handles, MhContext3D, MhIndexBuffer3D, MhProgram3D, MhTextureBase, MhVertexBuffer3D,
};

/// `VertexBuffer3D.uploadFromVector(data, startVertex, numVertices)`.
///
/// # Errors
///
/// - Error #3694: the context or `buffer` is disposed, or the context lost.
/// - Error #3669: `startVertex` or `numVertices` negative, the range runs past the buffer,
///   or `data` holds fewer than `numVertices * data32PerVertex` values.
/// - Error #3672: the renderer runs out of memory for the buffer.
/// - Error #3710: with `enableErrorChecking` on, the renderer reports a driver error.
///
/// The facade's `Context3D::vertex_buffer_upload_from_vector`.
///
/// # Safety
///
/// `stage` is null or a live stage (`mh_stage3d_new_*`); `data` points at
/// `data_length` numbers; `error` is null or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_vertex_buffer_upload_from_vector(
    stage: *mut MhStage3D,
    context: MhContext3D,
    buffer: MhVertexBuffer3D,
    data: *const f64,
    data_length: usize,
    start_vertex: i32,
    num_vertices: i32,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |c: &mut Context3D, h: &mut Handles| {
        let buffer = h.own_vertex_buffer(c.id(), buffer)?;
        // SAFETY: `data` holds `data_length` numbers (contract).
        let data = unsafe { ffi::slice(data, data_length, "data") }?;
        Ok(c.vertex_buffer_upload_from_vector(buffer, data, start_vertex, num_vertices)?)
    };
    // SAFETY: `stage` and `error` as the contract above says.
    unsafe { with_context(stage, context, error, call) }
}

/// `VertexBuffer3D.uploadFromByteArray(data, byteArrayOffset, startVertex, numVertices)`.
///
/// # Errors
///
/// - Error #3694: the context or `buffer` is disposed, or the context lost.
/// - Error #3669: `byteArrayOffset`, `startVertex` or `numVertices` negative, the range
///   runs past the buffer, or fewer than `numVertices * data32PerVertex * 4` bytes after
///   the offset.
/// - Error #3672: the renderer runs out of memory for the buffer.
/// - Error #3710: with `enableErrorChecking` on, the renderer reports a driver error.
///
/// The facade's `Context3D::vertex_buffer_upload_from_byte_array`.
///
/// # Safety
///
/// `stage` is null or a live stage (`mh_stage3d_new_*`); `data.bytes` points at
/// `data.length` bytes; `error` is null or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_vertex_buffer_upload_from_byte_array(
    stage: *mut MhStage3D,
    context: MhContext3D,
    buffer: MhVertexBuffer3D,
    data: MhByteArray,
    byte_array_offset: i32,
    start_vertex: i32,
    num_vertices: i32,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |c: &mut Context3D, h: &mut Handles| {
        let buffer = h.own_vertex_buffer(c.id(), buffer)?;
        // SAFETY: `data.bytes` holds `data.length` bytes (contract).
        let data = unsafe { args::byte_array(&data, "data") }?;
        Ok(c.vertex_buffer_upload_from_byte_array(
            buffer,
            data,
            byte_array_offset,
            start_vertex,
            num_vertices,
        )?)
    };
    // SAFETY: `stage` and `error` as the contract above says.
    unsafe { with_context(stage, context, error, call) }
}

/// `IndexBuffer3D.uploadFromVector(data, startOffset, count)`.
///
/// # Errors
///
/// - Error #3694: the context or `buffer` is disposed, or the context lost.
/// - Error #3669: `startOffset` or `count` negative, the range runs past the buffer, or
///   `data` holds fewer than `count` values.
/// - Error #3672: the renderer runs out of memory for the buffer.
/// - Error #3710: with `enableErrorChecking` on, the renderer reports a driver error.
///
/// The facade's `Context3D::index_buffer_upload_from_vector`.
///
/// # Safety
///
/// `stage` is null or a live stage (`mh_stage3d_new_*`); `data` points at
/// `data_length` values; `error` is null or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_index_buffer_upload_from_vector(
    stage: *mut MhStage3D,
    context: MhContext3D,
    buffer: MhIndexBuffer3D,
    data: *const u32,
    data_length: usize,
    start_offset: i32,
    count: i32,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |c: &mut Context3D, h: &mut Handles| {
        let buffer = h.own_index_buffer(c.id(), buffer)?;
        // SAFETY: `data` holds `data_length` values (contract).
        let data = unsafe { ffi::slice(data, data_length, "data") }?;
        Ok(c.index_buffer_upload_from_vector(buffer, data, start_offset, count)?)
    };
    // SAFETY: `stage` and `error` as the contract above says.
    unsafe { with_context(stage, context, error, call) }
}

/// `IndexBuffer3D.uploadFromByteArray(data, byteArrayOffset, startOffset, count)`.
///
/// # Errors
///
/// - Error #3694: the context or `buffer` is disposed, or the context lost.
/// - Error #3669: `byteArrayOffset`, `startOffset` or `count` negative, the range runs past
///   the buffer, or fewer than `2 * count` bytes after the offset.
/// - Error #3672: the renderer runs out of memory for the buffer.
/// - Error #3710: with `enableErrorChecking` on, the renderer reports a driver error.
///
/// The facade's `Context3D::index_buffer_upload_from_byte_array`.
///
/// # Safety
///
/// `stage` is null or a live stage (`mh_stage3d_new_*`); `data.bytes` points at
/// `data.length` bytes; `error` is null or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_index_buffer_upload_from_byte_array(
    stage: *mut MhStage3D,
    context: MhContext3D,
    buffer: MhIndexBuffer3D,
    data: MhByteArray,
    byte_array_offset: i32,
    start_offset: i32,
    count: i32,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |c: &mut Context3D, h: &mut Handles| {
        let buffer = h.own_index_buffer(c.id(), buffer)?;
        // SAFETY: `data.bytes` holds `data.length` bytes (contract).
        let data = unsafe { args::byte_array(&data, "data") }?;
        Ok(c.index_buffer_upload_from_byte_array(
            buffer,
            data,
            byte_array_offset,
            start_offset,
            count,
        )?)
    };
    // SAFETY: `stage` and `error` as the contract above says.
    unsafe { with_context(stage, context, error, call) }
}

/// `Program3D.upload(vertexProgram, fragmentProgram)`.
///
/// # Errors
///
/// The vertex program is checked first, then the fragment program, then the pair:
/// - Error #3694: the context or `program` is disposed, or the context lost.
/// - ArgumentError #3615: a program `ByteArray` is empty.
/// - ArgumentError #3612: a program `ByteArray` is not `littleEndian`.
/// - Error #3615, #3616, #3617, #3618, #3619: the program is shorter than a header and one
///   token, or its magic byte, version, type tag or program type byte is wrong.
/// - Error #3631, #3630: the header's program type is not the slot's (vertex, fragment).
/// - Error #3725: the profile does not allow the program's AGAL version.
/// - Error #2030: the program ends inside a token.
/// - Error #3620, #3621, #3622, #3623, #3624, #3625, #3626, #3627, #3628, #3629, #3636,
///   #3637, #3638, #3639, #3640, #3641, #3642, #3643, #3644, #3645, #3646, #3647, #3648,
///   #3649, #3650, #3651, #3652, #3653, #3654, #3655, #3656, #3657, #3658, #3659, #3660,
///   #3661, #3662, #3664, #3665, #3666, #3667, #3668, #3689, #3693, #3696, #3701, #3703,
///   #3726, #3739, #3740, #3741, #3742, #3743, #3744, #3748, #3749, #3750, #3751, #3752,
///   #3756, #3758, #3786, #3788, #3789, #3803, #3805: AGAL validation of a program fails
///   (the first failing token; `molehill_agal::valid::validate`, `docs/validation.md` lists the
///   rules).
/// - Error #3757, #3635, #3632, #3633, #3634, #3775: the pair does not link, in this order:
///   the versions differ, the vertex output is not fully written, a varying is read and not
///   written or only partly written, the colour outputs are not fully written or are not
///   consecutive (`molehill_agal::valid::link`).
/// - Error #3613, #3614: the renderer's shader compiler refuses the pair (#3614 with its
///   log).
/// - Error #3691: the renderer runs out of memory.
/// - Error #3710: with `enableErrorChecking` on, the renderer reports a driver error.
///
/// A failed upload leaves the program empty: a draw with it is #3600.
///
/// The facade's `Context3D::program_upload`.
///
/// # Safety
///
/// `stage` is null or a live stage (`mh_stage3d_new_*`); `vertex_program.bytes`
/// points at `vertex_program.length` bytes; `fragment_program.bytes` points at
/// `fragment_program.length` bytes; `error` is null or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_program_upload(
    stage: *mut MhStage3D,
    context: MhContext3D,
    program: MhProgram3D,
    vertex_program: MhByteArray,
    fragment_program: MhByteArray,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |c: &mut Context3D, h: &mut Handles| {
        let program = h.own_program(c.id(), program)?;
        // SAFETY: `vertex_program.bytes` holds `vertex_program.length` bytes (contract).
        let vertex_program = unsafe { args::byte_array(&vertex_program, "vertex_program") }?;
        // SAFETY: `fragment_program.bytes` holds `fragment_program.length` bytes (contract).
        let fragment_program = unsafe { args::byte_array(&fragment_program, "fragment_program") }?;
        Ok(c.program_upload(program, vertex_program, fragment_program)?)
    };
    // SAFETY: `stage` and `error` as the contract above says.
    unsafe { with_context(stage, context, error, call) }
}

/// `VertexBuffer3D.dispose()`. No Flash error: disposing twice, or after the context, does nothing
/// (`MH_STATUS_INVALID_ARGUMENT` when `context` did not make it).
///
/// The facade's `Context3D::vertex_buffer_dispose`.
///
/// # Safety
///
/// `stage` is null or a live stage (`mh_stage3d_new_*`); `error` is null or valid
/// for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_vertex_buffer_dispose(
    stage: *mut MhStage3D,
    context: MhContext3D,
    buffer: MhVertexBuffer3D,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |c: &mut Context3D, h: &mut Handles| {
        let buffer = h.own_vertex_buffer(c.id(), buffer)?;
        c.vertex_buffer_dispose(buffer);
        Ok(())
    };
    // SAFETY: `stage` and `error` as the contract above says.
    unsafe { with_context(stage, context, error, call) }
}

/// `IndexBuffer3D.dispose()`. No Flash error: disposing twice, or after the context, does nothing
/// (`MH_STATUS_INVALID_ARGUMENT` when `context` did not make it).
///
/// The facade's `Context3D::index_buffer_dispose`.
///
/// # Safety
///
/// `stage` is null or a live stage (`mh_stage3d_new_*`); `error` is null or valid
/// for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_index_buffer_dispose(
    stage: *mut MhStage3D,
    context: MhContext3D,
    buffer: MhIndexBuffer3D,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |c: &mut Context3D, h: &mut Handles| {
        let buffer = h.own_index_buffer(c.id(), buffer)?;
        c.index_buffer_dispose(buffer);
        Ok(())
    };
    // SAFETY: `stage` and `error` as the contract above says.
    unsafe { with_context(stage, context, error, call) }
}

/// `Program3D.dispose()`. No Flash error: disposing twice, or after the context, does nothing
/// (`MH_STATUS_INVALID_ARGUMENT` when `context` did not make it).
///
/// The facade's `Context3D::program_dispose`.
///
/// # Safety
///
/// `stage` is null or a live stage (`mh_stage3d_new_*`); `error` is null or valid
/// for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_program_dispose(
    stage: *mut MhStage3D,
    context: MhContext3D,
    program: MhProgram3D,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |c: &mut Context3D, h: &mut Handles| {
        let program = h.own_program(c.id(), program)?;
        c.program_dispose(program);
        Ok(())
    };
    // SAFETY: `stage` and `error` as the contract above says.
    unsafe { with_context(stage, context, error, call) }
}

/// `dispose()` of any texture class. No Flash error: disposing twice, or after the context,
/// does nothing (`MH_STATUS_INVALID_ARGUMENT` when `context` did not make it).
///
/// The facade's `Context3D::texture_dispose`.
///
/// # Safety
///
/// `stage` is null or a live stage (`mh_stage3d_new_*`); `error` is null or valid
/// for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_texture_dispose(
    stage: *mut MhStage3D,
    context: MhContext3D,
    texture: MhTextureBase,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |c: &mut Context3D, h: &mut Handles| {
        let texture = h.own_texture(c.id(), texture)?;
        c.texture_dispose(texture);
        Ok(())
    };
    // SAFETY: `stage` and `error` as the contract above says.
    unsafe { with_context(stage, context, error, call) }
}
