//! `mh_stage3d_context3d` is Flash's `stage3D.context3D` (the facade's `Stage3D::context3d`,
//! issue 23): the null handle after `dispose(false)`, while the handle the host kept still
//! answers as Flash's disposed `Context3D` (#3694). Headless GL (llvmpipe without a GPU).

use std::ptr;

use molehill_capi::*;

/// The stage's `context3D` handle.
fn context3d(stage: *mut MhStage3D) -> MhContext3D {
    let mut ctx = MhContext3D { id: 99 };
    // SAFETY: a live stage on this thread; a writable out pointer.
    let st = unsafe { mh_stage3d_context3d(stage, &mut ctx, ptr::null_mut()) };
    assert_eq!(st, MhStatus::Ok);
    ctx
}

#[test]
fn context3d_is_null_after_dispose_false_and_the_kept_handle_is_disposed() {
    let mut stage = ptr::null_mut();
    let mut err = ptr::null_mut();
    // SAFETY: valid out pointers; no callback; every error pointer is freed once.
    unsafe {
        assert_eq!(
            mh_stage3d_new_headless(None, ptr::null_mut(), &mut stage, &mut err),
            MhStatus::Ok
        );
        assert_eq!(
            mh_stage3d_request_context3d(stage, c"auto".as_ptr(), c"baseline".as_ptr(), &mut err),
            MhStatus::Ok
        );
        let kept = context3d(stage);
        assert_ne!(kept.id, 0, "a context after the request");
        assert_eq!(
            mh_context3d_configure_back_buffer(
                stage, kept, 32, 32, 0, false, false, false, &mut err
            ),
            MhStatus::Ok
        );
        assert_eq!(
            mh_context3d_dispose(stage, kept, false, &mut err),
            MhStatus::Ok
        );
        assert_eq!(
            context3d(stage).id,
            0,
            "stage3D.context3D is null after dispose(false)"
        );
        assert_eq!(
            mh_context3d_clear(stage, kept, 0.0, 0.0, 0.0, 1.0, 1.0, 0, 7, &mut err),
            MhStatus::FlashError
        );
        assert_eq!((*err).id, 3694, "the kept handle is a disposed context");
        mh_error_free(err);
        err = ptr::null_mut();

        assert_eq!(
            mh_stage3d_request_context3d(stage, c"auto".as_ptr(), c"baseline".as_ptr(), &mut err),
            MhStatus::Ok
        );
        let next = context3d(stage);
        assert!(next.id > kept.id, "a new request, a new handle");
        mh_stage3d_destroy(stage);
    }
}
