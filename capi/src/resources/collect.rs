//! Objects the player's garbage collector dropped: one C function per kind, and one for a
//! `Context3D` (the facade's `*_collect` and `Stage3D::context3d_collect`).
//!
//! Each frees the object (its GPU object and memory budget; a bound one when its binding lets
//! it go, as Flash's context holds what is bound) and forgets the handle: a later call with it
//! is `MH_STATUS_INVALID_ARGUMENT` (no AS3 call can name a collected object). Collecting a
//! handle again, or one of a disposed object or of a replaced context (named with that
//! context's handle), succeeds and does nothing. No event, no Flash error. A handle named
//! with a context handle that did not make it, or a live handle of another kind, is
//! `MH_STATUS_INVALID_ARGUMENT` as for its upload and `dispose` (`Handles::forget_*`), and
//! nothing is forgotten.

use molehill_player::Context3D;

use crate::entry::{with_context, with_stage, MhStage3D};
use crate::error::{MhError, MhStatus};
use crate::handles::{
    Handles, MhContext3D, MhIndexBuffer3D, MhProgram3D, MhTextureBase, MhVertexBuffer3D,
};

/// The player's `VertexBuffer3D` object was garbage-collected (not AS3's `dispose()`): the
/// buffer and its share of the memory budget are freed now, or, while a `setVertexBufferAt`
/// slot holds it, when the last such slot lets it go; the handle is forgotten (a later call
/// with it is `MH_STATUS_INVALID_ARGUMENT`). Again, or after the context: nothing, `MH_STATUS_OK`.
/// `MH_STATUS_INVALID_ARGUMENT`, forgetting nothing, when `context` did not make `buffer`.
///
/// The facade's `Context3D::vertex_buffer_collect`.
///
/// # Safety
///
/// `stage` is null or a live stage (`mh_stage3d_new_*`); `error` is null or valid
/// for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_vertex_buffer_collect(
    stage: *mut MhStage3D,
    context: MhContext3D,
    buffer: MhVertexBuffer3D,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |c: &mut Context3D, h: &mut Handles| {
        if let Some(buffer) = h.forget_vertex_buffer(c.id(), buffer)? {
            c.vertex_buffer_collect(buffer);
        }
        Ok(())
    };
    // SAFETY: `stage` and `error` as the contract above says.
    unsafe { with_context(stage, context, error, call) }
}

/// The player's `IndexBuffer3D` object was garbage-collected: freed now; otherwise as
/// `mh_vertex_buffer_collect`.
///
/// The facade's `Context3D::index_buffer_collect`.
///
/// # Safety
///
/// `stage` is null or a live stage (`mh_stage3d_new_*`); `error` is null or valid
/// for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_index_buffer_collect(
    stage: *mut MhStage3D,
    context: MhContext3D,
    buffer: MhIndexBuffer3D,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |c: &mut Context3D, h: &mut Handles| {
        if let Some(buffer) = h.forget_index_buffer(c.id(), buffer)? {
            c.index_buffer_collect(buffer);
        }
        Ok(())
    };
    // SAFETY: `stage` and `error` as the contract above says.
    unsafe { with_context(stage, context, error, call) }
}

/// The player's `Program3D` object was garbage-collected: freed now, or, while it is the
/// context's program, when `setProgram` replaces it; otherwise as `mh_vertex_buffer_collect`.
///
/// The facade's `Context3D::program_collect`.
///
/// # Safety
///
/// `stage` is null or a live stage (`mh_stage3d_new_*`); `error` is null or valid
/// for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_program_collect(
    stage: *mut MhStage3D,
    context: MhContext3D,
    program: MhProgram3D,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |c: &mut Context3D, h: &mut Handles| {
        if let Some(program) = h.forget_program(c.id(), program)? {
            c.program_collect(program);
        }
        Ok(())
    };
    // SAFETY: `stage` and `error` as the contract above says.
    unsafe { with_context(stage, context, error, call) }
}

/// The player's `Texture`, `CubeTexture`, `RectangleTexture` or `VideoTexture` object was
/// garbage-collected: freed now (storage, render surfaces, their budget), or, while a sampler
/// or a render target slot holds it, when the last of them lets it go; otherwise as
/// `mh_vertex_buffer_collect`.
///
/// The facade's `Context3D::texture_collect`.
///
/// # Safety
///
/// `stage` is null or a live stage (`mh_stage3d_new_*`); `error` is null or valid
/// for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_texture_collect(
    stage: *mut MhStage3D,
    context: MhContext3D,
    texture: MhTextureBase,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |c: &mut Context3D, h: &mut Handles| {
        if let Some(texture) = h.forget_texture(c.id(), texture)? {
            c.texture_collect(texture);
        }
        Ok(())
    };
    // SAFETY: `stage` and `error` as the contract above says.
    unsafe { with_context(stage, context, error, call) }
}

/// The player's `Context3D` object for `context` was garbage-collected. The stage's
/// `context3D` is never collected in Flash (the Stage3D holds it): a live or lost context is
/// left as it is; one disposed by `dispose(false)` gives its renderer (GL context) back now and
/// still answers as disposed. The handle stays valid (it answers as Flash's disposed
/// `Context3D`), so its resources' handles can still be collected.
///
/// The facade's `Stage3D::context3d_collect`.
///
/// # Safety
///
/// `stage` is null or a live stage (`mh_stage3d_new_*`); `error` is null or valid
/// for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_context3d_collect(
    stage: *mut MhStage3D,
    context: MhContext3D,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |s: &mut MhStage3D| {
        let id = s.contexts.resolve(context)?;
        s.stage.context3d_collect(id);
        Ok(())
    };
    // SAFETY: `stage` and `error` as the contract above says.
    unsafe { with_stage(stage, error, call) }
}
