//! `mh_stage3d_context3d` is Flash's `stage3D.context3D` (the facade's `Stage3D::context3d`,
//! issue 23): the null handle after `dispose(false)`, while the handle the host kept still
//! answers as Flash's disposed `Context3D` (#3694); a replaced context's handle answers as the
//! facade's disposed stand-in (`Stage3D::context3d_by_id`, issue 24) and never reaches the new
//! context's frame. Headless GL (llvmpipe without a GPU).

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

/// A call the content can make on a `Context3D` object, run on the C handle and on the facade.
#[derive(Debug, Clone, Copy)]
enum Op {
    Profile,
    DriverInfo,
    Configure,
    Clear,
    Present,
    CreateVertexBuffer,
    Dispose(bool),
}

/// What a call answered: a value (strings for the properties), or a Flash error's ID.
#[derive(Debug, PartialEq)]
enum Answer {
    Ok(String),
    Flash(u32),
}

/// `op` through the C API on `ctx`; another status than OK or a Flash error fails the test.
fn c_answer(stage: *mut MhStage3D, ctx: MhContext3D, op: Op) -> Answer {
    let mut err = ptr::null_mut();
    let mut text = ptr::null_mut();
    let mut vb = MhVertexBuffer3D::default();
    // SAFETY: a live stage on this thread; valid strings and out pointers; the error and the
    // strings handed out are freed once below.
    unsafe {
        let status = match op {
            Op::Profile => mh_context3d_profile(stage, ctx, &mut text, &mut err),
            Op::DriverInfo => mh_context3d_driver_info(stage, ctx, &mut text, &mut err),
            Op::Configure => mh_context3d_configure_back_buffer(
                stage, ctx, 32, 32, 0, false, false, false, &mut err,
            ),
            Op::Clear => mh_context3d_clear(stage, ctx, 0.0, 0.0, 0.0, 1.0, 1.0, 0, 7, &mut err),
            Op::Present => mh_context3d_present(stage, ctx, &mut err),
            Op::CreateVertexBuffer => mh_context3d_create_vertex_buffer(
                stage,
                ctx,
                3,
                2,
                c"staticDraw".as_ptr(),
                &mut vb,
                &mut err,
            ),
            Op::Dispose(recreate) => mh_context3d_dispose(stage, ctx, recreate, &mut err),
        };
        match status {
            MhStatus::Ok if text.is_null() => Answer::Ok(String::new()),
            MhStatus::Ok => {
                let s = std::ffi::CStr::from_ptr(text)
                    .to_string_lossy()
                    .into_owned();
                mh_string_free(text);
                Answer::Ok(s)
            }
            MhStatus::FlashError => {
                let id = (*err).id;
                mh_error_free(err);
                Answer::Flash(id)
            }
            other => panic!("{op:?}: {other:?}"),
        }
    }
}

/// `op` through the facade on the context `id` names (`Stage3D::context3d_by_id`).
fn facade_answer(stage: &mut molehill_player::Stage3D, id: ContextIdOf, op: Op) -> Answer {
    let c = stage.context3d_by_id(id).expect("an id the stage gave");
    let r = match op {
        Op::Profile => Ok(c.profile().to_string()),
        Op::DriverInfo => Ok(c.driver_info()),
        Op::Configure => c
            .configure_back_buffer(32, 32, 0, false, false, false)
            .map(|()| String::new()),
        Op::Clear => c
            .clear(0.0, 0.0, 0.0, 1.0, 1.0, 0, 7)
            .map(|()| String::new()),
        Op::Present => c.present().map(|()| String::new()),
        Op::CreateVertexBuffer => c
            .create_vertex_buffer(3, 2, "staticDraw")
            .map(|_| String::new()),
        Op::Dispose(recreate) => {
            c.dispose(recreate);
            Ok(String::new())
        }
    };
    r.map_or_else(|e| Answer::Flash(e.id), Answer::Ok)
}

type ContextIdOf = molehill_player::ContextId;

/// Issue 24: a C context handle is the facade's `ContextId`: the handle of a context replaced
/// since (by a request, or by the recreation after `dispose(true)`) answers as the facade's
/// disposed stand-in does (`driverInfo` "Disposed", its own profile, `dispose` doing nothing,
/// #3694 from the rest), where it answered #3694 to every call, and never touches the new
/// context. Each call runs on the C API and on the facade, and the answers must agree.
#[test]
fn a_replaced_contexts_handle_answers_as_the_facades_stand_in() {
    use molehill_player::{HeadlessGl, Stage3D};

    let mut facade = Stage3D::new(Box::new(HeadlessGl::default()));
    let mut stage = ptr::null_mut();
    let mut err = ptr::null_mut();
    // SAFETY: valid out pointers; no callback; the stage is destroyed once at the end.
    unsafe {
        assert_eq!(
            mh_stage3d_new_headless(None, ptr::null_mut(), &mut stage, &mut err),
            MhStatus::Ok
        );
    }
    let request = |facade: &mut Stage3D, profile: &std::ffi::CStr| {
        let mut err = ptr::null_mut();
        // SAFETY: a live stage; NUL-terminated strings.
        let st = unsafe {
            mh_stage3d_request_context3d(stage, c"auto".as_ptr(), profile.as_ptr(), &mut err)
        };
        assert_eq!(st, MhStatus::Ok);
        facade
            .request_context3d("auto", profile.to_str().expect("ASCII"))
            .expect("a known profile");
        (context3d(stage), facade.context3d().map(|c| c.id()))
    };
    let (first, first_id) = request(&mut facade, c"baselineConstrained");
    let Some(first_id) = first_id else {
        eprintln!("skipped: no headless GL context here");
        // SAFETY: a live stage.
        unsafe { mh_stage3d_destroy(stage) };
        return;
    };
    assert_eq!(
        first.id,
        first_id.get(),
        "the handle is numbered as the facade's id"
    );
    let both = |facade: &mut Stage3D, ctx: MhContext3D, id: ContextIdOf, op: Op| {
        let (c, f) = (c_answer(stage, ctx, op), facade_answer(facade, id, op));
        assert_eq!(
            c, f,
            "{op:?} on context {}: the C API and the facade differ",
            ctx.id
        );
        c
    };
    for op in [Op::Configure, Op::Clear, Op::Present] {
        assert_eq!(
            both(&mut facade, first, first_id, op),
            Answer::Ok(String::new())
        );
    }

    let (second, second_id) = request(&mut facade, c"baseline");
    let second_id = second_id.expect("the second request made a context");
    assert_eq!(second.id, second_id.get());
    let disposed = Answer::Flash(3694);
    let expected = [
        (Op::Profile, Answer::Ok("baselineConstrained".into())),
        (Op::DriverInfo, Answer::Ok("Disposed".into())),
        (Op::Configure, Answer::Flash(3694)),
        (Op::Clear, Answer::Flash(3694)),
        (Op::Present, Answer::Flash(3694)),
        (Op::CreateVertexBuffer, Answer::Flash(3694)),
        (Op::Dispose(false), Answer::Ok(String::new())),
        (Op::Dispose(true), Answer::Ok(String::new())),
        (Op::Clear, Answer::Flash(3694)),
    ];
    for (op, want) in expected {
        assert_eq!(
            both(&mut facade, first, first_id, op),
            want,
            "{op:?} on the old handle"
        );
    }
    // The old handle's dispose calls reached neither the new context nor the stage.
    assert_eq!(
        context3d(stage),
        second,
        "stage3D.context3D is still the second context"
    );
    assert_eq!(
        both(&mut facade, second, second_id, Op::Profile),
        Answer::Ok("baseline".into())
    );
    for op in [Op::Configure, Op::Clear, Op::Present] {
        assert_eq!(
            both(&mut facade, second, second_id, op),
            Answer::Ok(String::new())
        );
    }
    assert_ne!(
        both(&mut facade, second, second_id, Op::DriverInfo),
        Answer::Ok("Disposed".into())
    );

    // dispose(true) replaces the second context with a third, of the same profile.
    assert_eq!(
        both(&mut facade, second, second_id, Op::Dispose(true)),
        Answer::Ok(String::new())
    );
    let third = context3d(stage);
    let third_id = facade.context3d().map(|c| c.id()).expect("recreated");
    assert_eq!((third.id, third_id.get()), (3, 3));
    for (op, want) in [
        (Op::Profile, Answer::Ok("baseline".into())),
        (Op::DriverInfo, Answer::Ok("Disposed".into())),
        (Op::Clear, disposed),
    ] {
        assert_eq!(
            both(&mut facade, second, second_id, op),
            want,
            "{op:?} on the second"
        );
    }
    assert_eq!(
        both(&mut facade, first, first_id, Op::Profile),
        Answer::Ok("baselineConstrained".into()),
        "each replaced context keeps its own profile"
    );
    assert_eq!(
        both(&mut facade, third, third_id, Op::Configure),
        Answer::Ok(String::new())
    );
    // SAFETY: a live stage, destroyed once.
    unsafe { mh_stage3d_destroy(stage) };
}

/// The player's loader for [`old_handles_never_reach_the_new_contexts_frame`]: `data` is its
/// `GlContext`.
unsafe extern "C" fn loader(
    data: *mut std::ffi::c_void,
    name: *const std::ffi::c_char,
) -> *const std::ffi::c_void {
    // SAFETY: the test passes a live `GlContext` as `data`; `name` is NUL-terminated.
    let (player, name) = unsafe {
        (
            &*(data as *const molehill_gl::GlContext),
            std::ffi::CStr::from_ptr(name),
        )
    };
    player.get_proc_address(name)
}

/// Issue 24: in the player's GL context, the calls that hand out the backend's frame or touch
/// the backend (`mh_context3d_frame_texture`, `mh_context3d_host_state_changed`) refuse a
/// replaced context's handle with #3694, while its AS3 calls answer as the stand-in's.
#[test]
fn old_handles_never_reach_the_new_contexts_frame() {
    let Ok(player) = molehill_gl::GlContext::headless(&molehill_gl::ContextOptions::default())
    else {
        eprintln!("skipped: no headless GL context here");
        return;
    };
    let mut stage = ptr::null_mut();
    let mut err = ptr::null_mut();
    let player_ptr = &player as *const molehill_gl::GlContext as *mut std::ffi::c_void;
    let request = |stage| {
        let mut err = ptr::null_mut();
        // SAFETY: a live stage; NUL-terminated strings.
        let st = unsafe {
            mh_stage3d_request_context3d(stage, c"auto".as_ptr(), c"baseline".as_ptr(), &mut err)
        };
        assert_eq!(st, MhStatus::Ok);
        context3d(stage)
    };
    let frame = |stage, ctx| {
        let mut frame = MhFrameTexture::default();
        let mut err = ptr::null_mut();
        // SAFETY: a live stage; writable out pointers; the error is freed once.
        match unsafe { mh_context3d_frame_texture(stage, ctx, &mut frame, &mut err) } {
            MhStatus::Ok => Ok(frame),
            MhStatus::FlashError => {
                // SAFETY: a Flash error was handed out; read, then freed once.
                let id = unsafe {
                    let id = (*err).id;
                    mh_error_free(err);
                    id
                };
                Err(id)
            }
            other => panic!("frame texture: {other:?}"),
        }
    };
    // SAFETY: the loader serves the player's context, current on this thread; the player
    // outlives the stage, destroyed once below with it current.
    unsafe {
        assert_eq!(
            mh_stage3d_new_on_host_context(
                MhGlApi::Es30 as u32,
                Some(loader),
                player_ptr,
                None,
                ptr::null_mut(),
                &mut stage,
                &mut err,
            ),
            MhStatus::Ok
        );
    }
    let first = request(stage);
    if first.id == 0 {
        eprintln!("skipped: no context in the player's GL context here");
        // SAFETY: a live stage, destroyed once.
        unsafe { mh_stage3d_destroy(stage) };
        return;
    }
    for op in [Op::Configure, Op::Clear, Op::Present] {
        assert_eq!(c_answer(stage, first, op), Answer::Ok(String::new()));
    }
    assert_ne!(frame(stage, first).expect("a frame").texture, 0);
    let second = request(stage);
    assert_eq!(second.id, first.id + 1);
    assert_eq!(
        frame(stage, first),
        Err(3694),
        "the old handle's frame texture"
    );
    // SAFETY: a live stage; the error is freed once.
    unsafe {
        assert_eq!(
            mh_context3d_host_state_changed(stage, first, &mut err),
            MhStatus::FlashError
        );
        assert_eq!((*err).id, 3694, "host_state_changed with the old handle");
        mh_error_free(err);
    }
    assert_eq!(
        c_answer(stage, first, Op::DriverInfo),
        Answer::Ok("Disposed".into())
    );
    assert_eq!(
        frame(stage, second).map(|f| f.texture),
        Ok(0),
        "the new context has presented nothing"
    );
    // SAFETY: a live stage, destroyed once, with the player's context current.
    unsafe { mh_stage3d_destroy(stage) };
    assert!(player.is_current());
}
