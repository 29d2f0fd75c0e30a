//! The GL-host embedding: a stage whose contexts draw **in the player's own GL context**
//! (molehill-gl's `GlBackend::on_host_context`, docs/embedding-gl.md), the frame as a GL texture
//! after `present`, and the player's notice that it changed GL state.

use std::cell::RefCell;
use std::ffi::{c_char, c_void};
use std::rc::Rc;

use molehill_context3d::Backend;
use molehill_gl::{GlApi, GlBackend, HostContext};
use molehill_player::BackendCreationError;

use crate::entry::{new_stage, with_stage, HostBackend, MhStage3D};
use crate::error::{Fail, MhError, MhStatus};
use crate::events::MhEventCallback;
use crate::ffi;
use crate::handles::MhContext3D;

/// Which GL the player's context is: it decides the shader dialect.
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MhGlApi {
    /// OpenGL ES 3.0 or later (GLSL ES 3.00).
    Es30 = 0,
    /// Desktop OpenGL 3.3 core or later (GLSL 3.30).
    Desktop33 = 1,
}

/// The player's GL loader (`eglGetProcAddress`, `SDL_GL_GetProcAddress`, ...): the entry point
/// `name` of its context, or null. `loader_data` is what the player registered.
pub type MhGlLoader =
    Option<unsafe extern "C" fn(loader_data: *mut c_void, name: *const c_char) -> *const c_void>;

/// A presented frame as a GL texture of the player's context.
#[repr(C)]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MhFrameTexture {
    /// The `GL_TEXTURE_2D` name (`GL_RGBA8`, `GL_NEAREST`, `GL_CLAMP_TO_EDGE`; rows top first,
    /// colour as drawn: premultiplied); 0 before the first `present`.
    pub texture: u32,
    /// Width in pixels (the back buffer's).
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// Which present made it: 1 for the first.
    pub sequence: u64,
}

/// Makes a Stage3D whose contexts draw in the player's GL context, current on this thread now
/// and during every later call on the stage (Molehill restores the player's GL state before
/// each call returns: docs/embedding-gl.md). Each `requestContext3D` loads GL through
/// `loader(loader_data, name)`; when the player's context is not current then, the request
/// sends `MH_EVENT_KIND_ERROR` (#3702), as Flash does without a context. Events and
/// `*out_stage` as `mh_stage3d_new_headless`. `api` is an `MhGlApi` value.
///
/// # Safety
///
/// `loader` returns entry points of the player's context (or null) for as long as the stage
/// lives; `out_stage` is valid for writing one pointer; `error` is null or valid for writing
/// one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_stage3d_new_on_host_context(
    api: u32,
    loader: MhGlLoader,
    loader_data: *mut c_void,
    callback: MhEventCallback,
    user_data: *mut c_void,
    out_stage: *mut *mut MhStage3D,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = || {
        let api = match api {
            0 => GlApi::Es30,
            1 => GlApi::Desktop33,
            other => {
                return Err(Fail::invalid(format!(
                    "api is {other}, not MH_GL_API_ES30 (0) or MH_GL_API_DESKTOP33 (1)"
                )))
            }
        };
        let loader = loader.ok_or_else(|| Fail::null("loader"))?;
        let host: HostBackend = Rc::default();
        let latest = host.clone();
        let factory = move || -> Result<Box<dyn Backend>, BackendCreationError> {
            let load = |name: &std::ffi::CStr| {
                // SAFETY: the player's loader with its data (the stage's contract), given a
                // NUL-terminated name that outlives the call.
                unsafe { loader(loader_data, name.as_ptr()) }
            };
            // SAFETY: the loader returns the player's entry points and its context is current
            // during calls on the stage (the contract of `mh_stage3d_new_on_host_context`);
            // when it is not, `from_loader` answers `HostNotCurrent` before any other GL call.
            let context = unsafe { HostContext::from_loader(api, load) }?;
            let backend = Rc::new(RefCell::new(GlBackend::on_host_context(context)?));
            *latest.borrow_mut() = Some(backend.clone());
            Ok(Box::new(backend))
        };
        // SAFETY: `out_stage` is null or writable (contract).
        unsafe {
            new_stage(
                Box::new(factory),
                Some(host),
                callback,
                user_data,
                out_stage,
            )
        }
    };
    // SAFETY: `error` is null or writable (contract).
    unsafe { ffi::guard(error, call) }
}

/// The frame the last `present` of `context` made, as a texture of the player's context
/// (`texture` is 0 before the first `present`, and once the context is lost). Frames are
/// double-buffered: frame N's texture is written again at the present of frame N+2. After a
/// call has thrown #3694, forget any frame texture you hold: it is deleted with the lost
/// context's other objects, and GL may give its name to something else. A replaced context's
/// handle is #3694 (it never reaches the frame of the context that replaced it). Not an AS3
/// call; only for stages made by `mh_stage3d_new_on_host_context`
/// (`MH_STATUS_INVALID_ARGUMENT` otherwise).
///
/// # Safety
///
/// `stage` is null or a live stage (`mh_stage3d_new_*`); `out` is valid for writing; `error`
/// is null or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_context3d_frame_texture(
    stage: *mut MhStage3D,
    context: MhContext3D,
    out: *mut MhFrameTexture,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |s: &mut MhStage3D| {
        let backend = s.host_backend(context)?;
        let frame = backend.borrow().frame();
        let value = frame.map_or(MhFrameTexture::default(), |f| MhFrameTexture {
            texture: f.texture.0.get(),
            width: f.width,
            height: f.height,
            sequence: f.sequence,
        });
        // SAFETY: `out` is writable (contract).
        unsafe { ffi::write(out, value, "out") }
    };
    // SAFETY: the contract above, passed on.
    unsafe { with_stage(stage, error, call) }
}

/// The player changed GL state since Molehill's last call (bound its own objects, changed
/// blending, viewport...): the next call captures the player's state again before drawing.
/// A player that restores its own state around Molehill's calls may skip it. A replaced
/// context's handle is #3694. Not an AS3 call; only for stages made by
/// `mh_stage3d_new_on_host_context`.
///
/// # Safety
///
/// `stage` is null or a live stage (`mh_stage3d_new_*`); `error` is null or valid for writing
/// one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_context3d_host_state_changed(
    stage: *mut MhStage3D,
    context: MhContext3D,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |s: &mut MhStage3D| {
        s.host_backend(context)?.borrow_mut().host_state_changed();
        Ok(())
    };
    // SAFETY: the contract above, passed on.
    unsafe { with_stage(stage, error, call) }
}
