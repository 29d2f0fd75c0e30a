//! The C boundary's own rules, without GL: another thread's call is refused, null stages and
//! outputs are statuses, errors are freed (no GL context is made: no `requestContext3D`).

use std::ffi::CStr;
use std::ptr;

use molehill_capi::*;

#[test]
fn a_stage_refuses_calls_from_another_thread() {
    let mut stage = ptr::null_mut();
    // SAFETY: valid out pointer; no callback.
    let st = unsafe { mh_stage3d_new_headless(None, ptr::null_mut(), &mut stage, ptr::null_mut()) };
    assert_eq!(st, MhStatus::Ok);
    let address = stage as usize;
    let status = std::thread::spawn(move || {
        let mut err = ptr::null_mut();
        // SAFETY: the stage is live; the call is refused before it is touched beyond its
        // thread id.
        let st = unsafe { mh_stage3d_set_x(address as *mut MhStage3D, 10.0, &mut err) };
        // SAFETY: the refused call handed out an error.
        let message = unsafe { CStr::from_ptr((*err).message) }
            .to_string_lossy()
            .into_owned();
        // SAFETY: freed once.
        unsafe { mh_error_free(err) };
        (st, message)
    })
    .join()
    .unwrap();
    assert_eq!(status.0, MhStatus::WrongThread);
    assert!(status.1.contains("thread"), "{}", status.1);
    let mut x = -1.0;
    // SAFETY: a live stage, on its thread.
    unsafe {
        assert_eq!(mh_stage3d_x(stage, &mut x, ptr::null_mut()), MhStatus::Ok);
        assert_eq!(x, 0.0, "the refused call changed nothing");
        assert_eq!(
            mh_stage3d_x(stage, ptr::null_mut(), ptr::null_mut()),
            MhStatus::NullPointer
        );
        let mut ctx = MhContext3D { id: 5 };
        assert_eq!(
            mh_stage3d_context3d(stage, &mut ctx, ptr::null_mut()),
            MhStatus::Ok
        );
        assert_eq!(ctx.id, 0, "no context before requestContext3D");
        assert_eq!(
            mh_context3d_present(stage, ctx, ptr::null_mut()),
            MhStatus::NoContext
        );
        mh_stage3d_destroy(stage);
        mh_stage3d_destroy(ptr::null_mut());
        mh_error_free(ptr::null_mut());
        mh_string_free(ptr::null_mut());
    }
    // SAFETY: a null stage is a status, not a crash.
    let st = unsafe { mh_stage3d_set_visible(ptr::null_mut(), true, ptr::null_mut()) };
    assert_eq!(st, MhStatus::NullPointer);
}

#[test]
fn the_version_matches_the_crate() {
    assert_eq!(
        mh_version(),
        (VERSION_MAJOR << 16) | (VERSION_MINOR << 8) | VERSION_PATCH
    );
    // SAFETY: a static NUL-terminated string.
    let s = unsafe { CStr::from_ptr(mh_version_string()) };
    assert_eq!(s.to_str().unwrap(), env!("CARGO_PKG_VERSION"));
}
