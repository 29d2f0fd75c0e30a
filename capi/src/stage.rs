//! `Stage3D`'s C functions, as the facade's `player-shim/src/stage3d.rs`: creation and
//! destruction, properties, `requestContext3D`, recording. The stage object and
//! [`with_stage`], which every call runs through, are [`crate::entry`]'s; contexts are in
//! [`crate::context`], resources in [`crate::resources`], event delivery in [`crate::events`].

use std::ffi::{c_char, c_void};

use molehill_player::{HeadlessGl, Recorder};

use crate::entry::{new_stage, with_stage, MhStage3D};
use crate::error::{c_string, Fail, MhError, MhStatus};
use crate::events::MhEventCallback;
use crate::ffi;
use crate::handles::MhContext3D;

/// Makes a Stage3D whose contexts draw with headless OpenGL (EGL; Mesa's llvmpipe when there
/// is no GPU). `callback` (may be null) receives its events with `user_data`. The stage is
/// written to `*out_stage`; free it with `mh_stage3d_destroy`.
///
/// # Safety
///
/// `out_stage` is valid for writing one pointer; `error` is null or valid for writing one
/// pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_stage3d_new_headless(
    callback: MhEventCallback,
    user_data: *mut c_void,
    out_stage: *mut *mut MhStage3D,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = || {
        // SAFETY: `out_stage` is null or writable (contract).
        unsafe {
            new_stage(
                Box::new(HeadlessGl::default()),
                None,
                callback,
                user_data,
                out_stage,
            )
        }
    };
    // SAFETY: `error` is null or writable (contract).
    unsafe { ffi::guard(error, call) }
}

/// Destroys a stage: its context, every resource and the GL context. Null is ignored. Handles
/// of the stage mean nothing afterwards. Called from another thread than the stage's, it logs
/// an error and leaks the stage rather than free it from the wrong thread.
///
/// A stage in the player's GL context (`mh_stage3d_new_on_host_context`) deletes its GL objects
/// there, those of a context lost because the player's context was not current at a call
/// included: destroy it with the player's context current. Destroyed while it is not, it can
/// delete nothing safely, and its objects stay until the player destroys its context.
///
/// # Safety
///
/// `stage` is null or a live stage (`mh_stage3d_new_*`), not used afterwards, and
/// destroyed on the thread that made it.
#[no_mangle]
pub unsafe extern "C" fn mh_stage3d_destroy(stage: *mut MhStage3D) {
    if stage.is_null() {
        return;
    }
    let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        // SAFETY: by the contract, `stage` is a live stage; only its thread id is read.
        let thread = unsafe { (*stage).thread };
        if thread != std::thread::current().id() {
            // Its GL context and reference counts belong to that thread: leaking beats racing.
            log::error!("mh_stage3d_destroy from another thread than the stage's: leaked");
            return;
        }
        // SAFETY: by the contract, `stage` came from `Box::into_raw` in `new_stage` and is
        // destroyed once.
        drop(unsafe { Box::from_raw(stage) });
    }));
}

/// `stage3D.x`.
///
/// # Safety
///
/// `stage` is null or a live stage; `out` is valid for writing; `error` is null or valid for
/// writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_stage3d_x(
    stage: *mut MhStage3D,
    out: *mut f64,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |s: &mut MhStage3D| {
        let value = s.stage.x();
        // SAFETY: `out` is writable (contract).
        unsafe { ffi::write(out, value, "out") }
    };
    // SAFETY: the contract above, passed on.
    unsafe { with_stage(stage, error, call) }
}

/// The memory budget, in bytes, of the contexts this stage creates from now on (textures,
/// render surfaces, buffers and the back buffer together; an allocation over it is Error
/// #3691). A context that exists keeps its own. The default is 1 GiB; `UINT64_MAX` for none.
///
/// The facade's `Stage3D::set_context_options`. Cannot fail but for the statuses every call has.
///
/// # Safety
///
/// `stage` is null or a live stage; `error` is null or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_stage3d_set_memory_budget(
    stage: *mut MhStage3D,
    bytes: u64,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |s: &mut MhStage3D| {
        let mut options = s.stage.context_options();
        options.memory_budget = bytes;
        s.stage.set_context_options(options);
        Ok(())
    };
    // SAFETY: the contract above, passed on.
    unsafe { with_stage(stage, error, call) }
}

/// The memory budget, in bytes, of the contexts this stage creates
/// ([`mh_stage3d_set_memory_budget`]).
///
/// The facade's `Stage3D::context_options`.
///
/// # Safety
///
/// `stage` is null or a live stage; `out` is valid for writing; `error` is null or valid for
/// writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_stage3d_memory_budget(
    stage: *mut MhStage3D,
    out: *mut u64,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |s: &mut MhStage3D| {
        let value = s.stage.context_options().memory_budget;
        // SAFETY: `out` is writable (contract).
        unsafe { ffi::write(out, value, "out") }
    };
    // SAFETY: the contract above, passed on.
    unsafe { with_stage(stage, error, call) }
}

/// `stage3D.y`.
///
/// # Safety
///
/// `stage` is null or a live stage; `out` is valid for writing; `error` is null or valid for
/// writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_stage3d_y(
    stage: *mut MhStage3D,
    out: *mut f64,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |s: &mut MhStage3D| {
        let value = s.stage.y();
        // SAFETY: `out` is writable (contract).
        unsafe { ffi::write(out, value, "out") }
    };
    // SAFETY: the contract above, passed on.
    unsafe { with_stage(stage, error, call) }
}

/// `stage3D.visible`.
///
/// # Safety
///
/// `stage` is null or a live stage; `out` is valid for writing; `error` is null or valid for
/// writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_stage3d_visible(
    stage: *mut MhStage3D,
    out: *mut bool,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |s: &mut MhStage3D| {
        let value = s.stage.visible();
        // SAFETY: `out` is writable (contract).
        unsafe { ffi::write(out, value, "out") }
    };
    // SAFETY: the contract above, passed on.
    unsafe { with_stage(stage, error, call) }
}

/// The SWF version of the content (default 44; see `mh_stage3d_set_swf_version`).
///
/// # Safety
///
/// `stage` is null or a live stage; `out` is valid for writing; `error` is null or valid for
/// writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_stage3d_swf_version(
    stage: *mut MhStage3D,
    out: *mut u32,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |s: &mut MhStage3D| {
        let value = s.stage.swf_version();
        // SAFETY: `out` is writable (contract).
        unsafe { ffi::write(out, value, "out") }
    };
    // SAFETY: the contract above, passed on.
    unsafe { with_stage(stage, error, call) }
}

/// `stage3D.context3D`: its handle, 0 (`null`) before the first `context3DCreate`, after
/// `dispose(false)` and after a `dispose(true)` whose new context could not be made, as in
/// Flash (the facade's `Stage3D::context3d`); a handle kept from before still answers its
/// calls, as Flash's disposed `Context3D` (see `MhContext3D`).
///
/// # Safety
///
/// `stage` is null or a live stage; `out` is valid for writing; `error` is null or valid for
/// writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_stage3d_context3d(
    stage: *mut MhStage3D,
    out: *mut MhContext3D,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |s: &mut MhStage3D| {
        let value = s.current_context();
        // SAFETY: `out` is writable (contract).
        unsafe { ffi::write(out, value, "out") }
    };
    // SAFETY: the contract above, passed on.
    unsafe { with_stage(stage, error, call) }
}

/// `stage3D.x = value`.
///
/// # Errors
///
/// - ArgumentError #2006: `value` is NaN or outside -8192..=8191.
///
/// The facade's `Stage3D::set_x`.
///
/// # Safety
///
/// `stage` is null or a live stage; `error` is null or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_stage3d_set_x(
    stage: *mut MhStage3D,
    value: f64,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |s: &mut MhStage3D| Ok(s.stage.set_x(value)?);
    // SAFETY: the contract above, passed on.
    unsafe { with_stage(stage, error, call) }
}

/// `stage3D.y = value`.
///
/// # Errors
///
/// - ArgumentError #2006: `value` is NaN or outside -8192..=8191.
///
/// The facade's `Stage3D::set_y`.
///
/// # Safety
///
/// `stage` is null or a live stage; `error` is null or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_stage3d_set_y(
    stage: *mut MhStage3D,
    value: f64,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |s: &mut MhStage3D| Ok(s.stage.set_y(value)?);
    // SAFETY: the contract above, passed on.
    unsafe { with_stage(stage, error, call) }
}

/// `stage3D.visible = value`.
///
/// # Safety
///
/// `stage` is null or a live stage; `error` is null or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_stage3d_set_visible(
    stage: *mut MhStage3D,
    value: bool,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |s: &mut MhStage3D| {
        s.stage.set_visible(value);
        Ok(())
    };
    // SAFETY: the contract above, passed on.
    unsafe { with_stage(stage, error, call) }
}

/// Sets the SWF version of the content: some errors depend on it (before SWF 30 a
/// `configureBackBuffer` size outside 32..=16384 is #3669). Applies to later contexts.
///
/// # Safety
///
/// `stage` is null or a live stage; `error` is null or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_stage3d_set_swf_version(
    stage: *mut MhStage3D,
    version: u32,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |s: &mut MhStage3D| {
        s.stage.set_swf_version(version);
        Ok(())
    };
    // SAFETY: the contract above, passed on.
    unsafe { with_stage(stage, error, call) }
}

/// `requestContext3D(context3DRenderMode, profile)`: on success the callback receives
/// `MH_EVENT_KIND_CONTEXT3D_CREATE` (with the new context's handle) before this returns, or
/// `MH_EVENT_KIND_ERROR` (#3702) when no GL context can be made (the call itself succeeds).
///
/// # Errors
///
/// - ArgumentError #2008: `render_mode` is not `"auto"` or `"software"`, or `profile` is not a
///   `Context3DProfile` value.
///
/// The facade's `Stage3D::request_context3d`.
///
/// # Safety
///
/// `stage` is null or a live stage; `render_mode` and `profile` are NUL-terminated strings;
/// `error` is null or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_stage3d_request_context3d(
    stage: *mut MhStage3D,
    render_mode: *const c_char,
    profile: *const c_char,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |s: &mut MhStage3D| {
        // SAFETY: NUL-terminated strings (contract).
        let render_mode = unsafe { ffi::string(render_mode, "render_mode") }?;
        // SAFETY: as above.
        let profile = unsafe { ffi::string(profile, "profile") }?;
        Ok(s.stage.request_context3d(&render_mode, &profile)?)
    };
    // SAFETY: the contract above, passed on.
    unsafe { with_stage(stage, error, call) }
}

/// `requestContext3DMatchingProfiles(profiles)`: `profiles` is an array of `count`
/// NUL-terminated strings. Events as `mh_stage3d_request_context3d`.
///
/// # Errors
///
/// - ArgumentError #2008: `profiles` is empty or holds a name that is not a `Context3DProfile`
///   value.
///
/// The facade's `Stage3D::request_context3d_matching_profiles`.
///
/// # Safety
///
/// `stage` is null or a live stage; `profiles` points at `count` NUL-terminated strings;
/// `error` is null or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_stage3d_request_context3d_matching_profiles(
    stage: *mut MhStage3D,
    profiles: *const *const c_char,
    count: usize,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |s: &mut MhStage3D| {
        // SAFETY: `count` pointers at `profiles` (contract).
        let ptrs = unsafe { ffi::slice(profiles, count, "profiles") }?;
        let mut names = Vec::with_capacity(ptrs.len());
        for (i, &p) in ptrs.iter().enumerate() {
            // SAFETY: each is a NUL-terminated string (contract).
            names.push(unsafe { ffi::string(p, &format!("profiles[{i}]")) }?);
        }
        let names: Vec<&str> = names.iter().map(|n| n.as_ref()).collect();
        Ok(s.stage.request_context3d_matching_profiles(&names)?)
    };
    // SAFETY: the contract above, passed on.
    unsafe { with_stage(stage, error, call) }
}

/// Starts recording every call this stage and its contexts receive, as a `molehill-trace 1`
/// text (docs/trace-format.md) that `molehill replay` replays. Start before
/// `requestContext3D`. Not an AS3 call: for bug reports.
///
/// # Safety
///
/// `stage` is null or a live stage; `error` is null or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_stage3d_start_recording(
    stage: *mut MhStage3D,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |s: &mut MhStage3D| {
        s.stage.start_recording(Recorder::new());
        Ok(())
    };
    // SAFETY: the contract above, passed on.
    unsafe { with_stage(stage, error, call) }
}

/// Stops recording: the trace text is written to `*out_trace` (free it with
/// `mh_string_free`), or null when the stage was not recording.
///
/// # Safety
///
/// `stage` is null or a live stage; `out_trace` is valid for writing one pointer; `error` is
/// null or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_stage3d_stop_recording(
    stage: *mut MhStage3D,
    out_trace: *mut *mut c_char,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |s: &mut MhStage3D| {
        if out_trace.is_null() {
            return Err(Fail::null("out_trace"));
        }
        let text = s
            .stage
            .stop_recording()
            .map_or(std::ptr::null_mut(), |r| c_string(r.to_text()).into_raw());
        // SAFETY: `out_trace` is non-null and writable (contract).
        unsafe { ffi::write(out_trace, text, "out_trace") }
    };
    // SAFETY: the contract above, passed on.
    unsafe { with_stage(stage, error, call) }
}

/// Brings a lost context back as Flash does after a device reset (the facade's
/// `Stage3D::recover_lost_context`): when the stage's context is lost
/// (`MH_EVENT_KIND_CONTEXT3D_LOST`) and its renderer reports the device back (at once for
/// Molehill's own headless GL context and after `mh_stage3d_force_context_loss`; never for a
/// lost context of the player's, whose player requests a new one), a new context of the same
/// profile replaces it and the callback gets `MH_EVENT_KIND_CONTEXT3D_CREATE` with its handle
/// (or `MH_EVENT_KIND_ERROR`, #3702, when no renderer can be made). The lost context's handle
/// and its objects stay #3694. Call it once a frame; `*out` (when not NULL) is whether it
/// recovered.
///
/// The facade's `Stage3D::recover_lost_context`.
///
/// # Safety
///
/// `stage` is null or a live stage; `out` is null or valid for writing; `error` is null or
/// valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_stage3d_recover_lost_context(
    stage: *mut MhStage3D,
    out: *mut bool,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |s: &mut MhStage3D| {
        let recovered = s.stage.recover_lost_context();
        if out.is_null() {
            return Ok(());
        }
        // SAFETY: `out` is non-null and writable (contract).
        unsafe { ffi::write(out, recovered, "out") }
    };
    // SAFETY: the contract above, passed on.
    unsafe { with_stage(stage, error, call) }
}

/// Loses the stage's context as a device reset would, for tests (the facade's
/// `Stage3D::force_context_loss`; Molehill's GL objects are deleted): every call on it and its
/// objects is #3694 from now on, the callback gets `MH_EVENT_KIND_CONTEXT3D_LOST`, and the next
/// `mh_stage3d_recover_lost_context` makes a new context. `*out` (when not NULL) is whether it
/// was lost now (`false` without a live context).
///
/// The facade's `Stage3D::force_context_loss`.
///
/// # Safety
///
/// `stage` is null or a live stage; `out` is null or valid for writing; `error` is null or
/// valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_stage3d_force_context_loss(
    stage: *mut MhStage3D,
    out: *mut bool,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |s: &mut MhStage3D| {
        let lost = s.stage.force_context_loss();
        if out.is_null() {
            return Ok(());
        }
        // SAFETY: `out` is non-null and writable (contract).
        unsafe { ffi::write(out, lost, "out") }
    };
    // SAFETY: the contract above, passed on.
    unsafe { with_stage(stage, error, call) }
}
