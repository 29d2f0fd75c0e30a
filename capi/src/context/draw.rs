//! `Context3D`'s draws (`drawTriangles` and its instanced form) as C functions.
//!
//! Each takes the stage, the context handle, the AS3 arguments and `MhError **error`; written
//! after the facade's signatures and docs (`player-shim/src/context/draw.rs`), whose errors they list.

use molehill_player::Context3D;

use crate::entry::{with_context, MhStage3D};
use crate::error::{MhError, MhStatus};
use crate::handles::{Handles, MhContext3D, MhIndexBuffer3D};

/// `drawTriangles(indexBuffer, firstIndex, numTriangles)`.
///
/// # Errors
///
/// Thrown whatever `enableErrorChecking` says:
/// - Error #3694: the context is disposed or lost (also when the renderer loses it during
///   the draw).
/// - Error #3690: more than 32768 draws since the last `present()`.
///
/// Thrown only with `enableErrorChecking` on (otherwise the draw is dropped and logged), in
/// this order:
/// - Error #3698: the target is the back buffer and `configureBackBuffer` was never called.
/// - Error #3777: the back buffer was not cleared since `configureBackBuffer`.
/// - Error #3692: the back buffer was not cleared since `present()` (error checking off:
///   the back buffer is filled yellow or green instead).
/// - Error #3728, #3694, #3730, #3729, #3761: the texture targets have no slot 0, one was
///   disposed, two share a texture (face), or they differ in size or format.
/// - Error #3706: the scissor rectangle does not intersect the target.
/// - Error #3600: no program set, or one that was never uploaded successfully.
/// - Error #3694: `indexBuffer` was disposed.
/// - Error #3602: `firstIndex` negative or `numTriangles` below -1.
/// - Error #3603: the triangles run past the end of `indexBuffer`.
/// - Error #3774: the texture targets do not match the fragment program's colour outputs.
/// - Error #3776: the fragment program writes depth and the target has no depth buffer.
/// - Error #3607, #3611, #3608, #3610, #3609: per attribute slot, a stream is set and
///   unused, used and not set, disposed, its offset and format run past the vertex, or an
///   index reaches past its vertices.
/// - Error #3697, #3663, #3605, #3604: per sampler, a texture bound where the program
///   samples nothing, none bound, a disposed one, or one that is also a render target.
/// - Error #3754, #3763, #3606: the texture does not match the sampler's dimension, read
///   mode (compressed formats) or format flag.
/// - Error #3753, #3755, #3778: a cube or rectangle texture sampled with wrapping; a
///   rectangle or video texture sampled with mipmaps or a LOD bias.
/// - Error #3700, #3713: a texture level the sampling needs was never uploaded (#3713:
///   level 0 of a streaming texture sampled without mipmaps).
/// - Error #3695: one texture on two samplers with different sampler states.
/// - Error #3691: the renderer runs out of memory.
/// - Error #3710: the renderer reports a driver error.
///
/// The facade's `Context3D::draw_triangles`.
///
/// # Safety
///
/// `stage` is null or a live stage (`mh_stage3d_new_*`); `error` is null or valid
/// for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_context3d_draw_triangles(
    stage: *mut MhStage3D,
    context: MhContext3D,
    index_buffer: MhIndexBuffer3D,
    first_index: i32,
    num_triangles: i32,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |c: &mut Context3D, h: &mut Handles| {
        let index_buffer = h.index_buffer(index_buffer)?;
        Ok(c.draw_triangles(index_buffer, first_index, num_triangles)?)
    };
    // SAFETY: `stage` and `error` as the contract above says.
    unsafe { with_context(stage, context, error, call) }
}

/// `drawTrianglesInstanced(indexBuffer, numInstances, firstIndex, numTriangles)`.
///
/// # Errors
///
/// Thrown whatever `enableErrorChecking` says:
/// - Error #3694: the context is disposed or lost (also when the renderer loses it during
///   the draw).
/// - Error #3787: the profile is below standardExtended.
/// - RangeError #2006: `numInstances` is negative.
/// - Error #3690: more than 32768 draws since the last `present()`.
///
/// Thrown only with `enableErrorChecking` on (otherwise the draw is dropped and logged), in
/// this order:
/// - Error #3698: the target is the back buffer and `configureBackBuffer` was never called.
/// - Error #3777: the back buffer was not cleared since `configureBackBuffer`.
/// - Error #3692: the back buffer was not cleared since `present()` (error checking off:
///   the back buffer is filled yellow or green instead).
/// - Error #3728, #3694, #3730, #3729, #3761: the texture targets have no slot 0, one was
///   disposed, two share a texture (face), or they differ in size or format.
/// - Error #3706: the scissor rectangle does not intersect the target.
/// - Error #3600: no program set, or one that was never uploaded successfully.
/// - Error #3694: `indexBuffer` was disposed.
/// - Error #3602: `firstIndex` negative or `numTriangles` below -1.
/// - Error #3603: the triangles run past the end of `indexBuffer`.
/// - Error #3774: the texture targets do not match the fragment program's colour outputs.
/// - Error #3776: the fragment program writes depth and the target has no depth buffer.
/// - Error #3607, #3611, #3608, #3610, #3609: per attribute slot, a stream is set and
///   unused, used and not set, disposed, its offset and format run past the vertex, or an
///   index reaches past its vertices.
/// - Error #3785: a per-instance stream has fewer elements than the instances need.
/// - Error #3697, #3663, #3605, #3604: per sampler, a texture bound where the program
///   samples nothing, none bound, a disposed one, or one that is also a render target.
/// - Error #3754, #3763, #3606: the texture does not match the sampler's dimension, read
///   mode (compressed formats) or format flag.
/// - Error #3753, #3755, #3778: a cube or rectangle texture sampled with wrapping; a
///   rectangle or video texture sampled with mipmaps or a LOD bias.
/// - Error #3700, #3713: a texture level the sampling needs was never uploaded (#3713:
///   level 0 of a streaming texture sampled without mipmaps).
/// - Error #3695: one texture on two samplers with different sampler states.
/// - Error #3691: the renderer runs out of memory.
/// - Error #3710: the renderer reports a driver error.
///
/// The facade's `Context3D::draw_triangles_instanced`.
///
/// # Safety
///
/// `stage` is null or a live stage (`mh_stage3d_new_*`); `error` is null or valid
/// for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_context3d_draw_triangles_instanced(
    stage: *mut MhStage3D,
    context: MhContext3D,
    index_buffer: MhIndexBuffer3D,
    num_instances: i32,
    first_index: i32,
    num_triangles: i32,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |c: &mut Context3D, h: &mut Handles| {
        let index_buffer = h.index_buffer(index_buffer)?;
        Ok(c.draw_triangles_instanced(index_buffer, num_instances, first_index, num_triangles)?)
    };
    // SAFETY: `stage` and `error` as the contract above says.
    unsafe { with_context(stage, context, error, call) }
}
