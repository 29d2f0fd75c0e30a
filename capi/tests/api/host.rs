//! The GL-host entry points through the C ABI: a stage drawing in the player's own GL context
//! (here a headless EGL context made by molehill-gl plays the player), the frame texture after
//! `present` read back in the player's context, and #3702 when the player's context is not
//! current. Skips with a note where no headless GL context can be made.

use std::ffi::{c_char, c_void, CStr};
use std::ptr;

use glow::HasContext;
use molehill_capi::*;
use molehill_gl::{ContextOptions, GlContext};

/// The player's loader: `data` is its `GlContext`.
unsafe extern "C" fn loader(data: *mut c_void, name: *const c_char) -> *const c_void {
    // SAFETY: the test passes a live `GlContext` as `data`; `name` is NUL-terminated.
    let (player, name) = unsafe { (&*(data as *const GlContext), CStr::from_ptr(name)) };
    player.get_proc_address(name)
}

#[derive(Default)]
struct Seen {
    context: MhContext3D,
    errors: Vec<u32>,
}

unsafe extern "C" fn on_event(user: *mut c_void, event: *const MhEvent) {
    // SAFETY: `user` is the test's `Seen`; `event` is valid during the callback.
    let (seen, event) = unsafe { (&mut *(user as *mut Seen), &*event) };
    match event.kind {
        MhEventKind::Context3dCreate => seen.context = event.context,
        // SAFETY: an error event carries a valid error.
        MhEventKind::Error => seen.errors.push(unsafe { (*event.error).id }),
        MhEventKind::TextureReady | MhEventKind::Context3dLost => {}
    }
}

/// `clear(r, g, b, 1, 1, 0, ALL)` on a live stage and context; panics on failure.
fn clear(stage: *mut MhStage3D, ctx: MhContext3D, [r, g, b]: [f64; 3]) {
    let mut err = ptr::null_mut();
    // SAFETY: the callers pass a live stage and its context; `err` is writable.
    let status =
        unsafe { mh_context3d_clear(stage, ctx, r, g, b, 1.0, 1.0, 0, 0xFFFF_FFFF, &mut err) };
    ok(status, err, "clear");
}

fn ok(status: MhStatus, error: *mut MhError, what: &str) {
    if status != MhStatus::Ok {
        // SAFETY: a failing call with an error pointer handed out a valid error.
        let message = unsafe { CStr::from_ptr((*error).message) }
            .to_string_lossy()
            .into_owned();
        // SAFETY: the error is freed once.
        unsafe { mh_error_free(error) };
        panic!("{what}: {status:?}: {message}");
    }
}

#[test]
fn a_stage_in_the_players_context_hands_out_its_frame_texture() {
    let Ok(player) = GlContext::headless(&ContextOptions::default()) else {
        eprintln!("skipped: no headless GL context here");
        return;
    };
    let mut seen = Seen::default();
    let mut stage = ptr::null_mut();
    let mut err = ptr::null_mut();
    let player_ptr = &player as *const GlContext as *mut c_void;
    let seen_ptr = &mut seen as *mut Seen as *mut c_void;
    // SAFETY: the loader serves the player's context, current on this thread; the pointers
    // outlive the stage.
    let st = unsafe {
        mh_stage3d_new_on_host_context(
            MhGlApi::Es30 as u32,
            Some(loader),
            player_ptr,
            Some(on_event),
            seen_ptr,
            &mut stage,
            &mut err,
        )
    };
    ok(st, err, "new_on_host_context");
    // SAFETY: a live stage and valid strings; the same for every call below.
    let st = unsafe {
        mh_stage3d_request_context3d(stage, c"auto".as_ptr(), c"baseline".as_ptr(), &mut err)
    };
    ok(st, err, "requestContext3D");
    assert!(seen.errors.is_empty(), "{:?}", seen.errors);
    let ctx = seen.context;
    assert_ne!(ctx.id, 0);
    let mut frame = MhFrameTexture::default();
    // SAFETY: as above.
    ok(
        unsafe { mh_context3d_frame_texture(stage, ctx, &mut frame, &mut err) },
        err,
        "frame",
    );
    assert_eq!(frame.texture, 0, "no frame before present");
    // SAFETY: as above.
    unsafe {
        ok(
            mh_context3d_configure_back_buffer(
                stage, ctx, 64, 32, 0, false, false, false, &mut err,
            ),
            err,
            "configure",
        );
        clear(stage, ctx, [1.0, 0.5, 0.0]);
        ok(mh_context3d_present(stage, ctx, &mut err), err, "present");
        ok(
            mh_context3d_frame_texture(stage, ctx, &mut frame, &mut err),
            err,
            "frame",
        );
    }
    assert_ne!(frame.texture, 0);
    assert_eq!((frame.width, frame.height, frame.sequence), (64, 32, 1));
    assert!(player.is_current(), "the player's context stays current");

    // The texture in the player's context holds the frame: read it through a framebuffer.
    // SAFETY: the player's context is current; its loader serves it.
    let gl = unsafe { glow::Context::from_loader_function_cstr(|n| player.get_proc_address(n)) };
    let mut rgba = vec![0u8; 64 * 32 * 4];
    // SAFETY: plain GL calls on the current context with live objects and a buffer of the size
    // glReadPixels writes.
    unsafe {
        let fbo = gl.create_framebuffer().expect("framebuffer");
        gl.bind_framebuffer(glow::FRAMEBUFFER, Some(fbo));
        let texture = glow::NativeTexture(std::num::NonZeroU32::new(frame.texture).unwrap());
        gl.framebuffer_texture_2d(
            glow::FRAMEBUFFER,
            glow::COLOR_ATTACHMENT0,
            glow::TEXTURE_2D,
            Some(texture),
            0,
        );
        gl.read_pixels(
            0,
            0,
            64,
            32,
            glow::RGBA,
            glow::UNSIGNED_BYTE,
            glow::PixelPackData::Slice(Some(&mut rgba)),
        );
        gl.bind_framebuffer(glow::FRAMEBUFFER, None);
        gl.delete_framebuffer(fbo);
    }
    for px in rgba.chunks(4) {
        assert!(
            px[0] == 255 && (127..=128).contains(&px[1]) && px[2] == 0 && px[3] == 255,
            "{px:?}"
        );
    }
    // SAFETY: as above.
    unsafe {
        ok(
            mh_context3d_host_state_changed(stage, ctx, &mut err),
            err,
            "host_state_changed",
        );
        mh_stage3d_destroy(stage);
    }
}

#[test]
fn a_player_whose_context_is_not_current_gets_3702_and_headless_stages_have_no_frames() {
    let Ok(player) = GlContext::headless(&ContextOptions::default()) else {
        eprintln!("skipped: no headless GL context here");
        return;
    };
    GlContext::release_current().expect("release");
    let mut seen = Seen::default();
    let mut stage = ptr::null_mut();
    let mut err = ptr::null_mut();
    // SAFETY: as in the test above.
    unsafe {
        let player_ptr = &player as *const GlContext as *mut c_void;
        let seen_ptr = &mut seen as *mut Seen as *mut c_void;
        ok(
            mh_stage3d_new_on_host_context(
                0,
                Some(loader),
                player_ptr,
                Some(on_event),
                seen_ptr,
                &mut stage,
                &mut err,
            ),
            err,
            "new",
        );
        ok(
            mh_stage3d_request_context3d(stage, c"auto".as_ptr(), c"baseline".as_ptr(), &mut err),
            err,
            "request",
        );
        mh_stage3d_destroy(stage);
    }
    assert_eq!(seen.errors, [3702]);
    assert_eq!(seen.context.id, 0);

    let mut seen = Seen::default();
    // SAFETY: as above; a headless stage.
    unsafe {
        let seen_ptr = &mut seen as *mut Seen as *mut c_void;
        ok(
            mh_stage3d_new_headless(Some(on_event), seen_ptr, &mut stage, &mut err),
            err,
            "new",
        );
        ok(
            mh_stage3d_request_context3d(stage, c"auto".as_ptr(), c"baseline".as_ptr(), &mut err),
            err,
            "request",
        );
        let mut frame = MhFrameTexture::default();
        let st = mh_context3d_frame_texture(stage, seen.context, &mut frame, &mut err);
        assert_eq!(st, MhStatus::InvalidArgument);
        mh_error_free(err);
        let st = mh_stage3d_new_on_host_context(
            7,
            Some(loader),
            ptr::null_mut(),
            None,
            ptr::null_mut(),
            &mut ptr::null_mut(),
            ptr::null_mut(),
        );
        assert_eq!(st, MhStatus::InvalidArgument, "an api outside MhGlApi");
        mh_stage3d_destroy(stage);
    }
}

/// How many textures, buffers, framebuffers, renderbuffers and programs live in `player`'s
/// context (names 1 to 2048 asked with `glIs*`); it must be current.
fn gl_objects(player: &GlContext) -> [usize; 5] {
    // SAFETY: the player's context is current; its loader serves it.
    let gl = unsafe { glow::Context::from_loader_function_cstr(|n| player.get_proc_address(n)) };
    let names = || (1..=2048u32).map(|n| std::num::NonZeroU32::new(n).unwrap());
    // SAFETY: (each) the player's context is current; any name may be asked.
    unsafe {
        [
            names()
                .filter(|&n| gl.is_texture(glow::NativeTexture(n)))
                .count(),
            names()
                .filter(|&n| gl.is_buffer(glow::NativeBuffer(n)))
                .count(),
            names()
                .filter(|&n| gl.is_framebuffer(glow::NativeFramebuffer(n)))
                .count(),
            names()
                .filter(|&n| gl.is_renderbuffer(glow::NativeRenderbuffer(n)))
                .count(),
            names()
                .filter(|&n| gl.is_program(glow::NativeProgram(n)))
                .count(),
        ]
    }
}

/// A stage in the player's context with a context that presented one frame and cleared the
/// next, and made a vertex buffer (returned) and a texture; `seen` must outlive the stage.
fn busy_host_stage(
    player: &GlContext,
    seen: &mut Seen,
) -> (*mut MhStage3D, MhContext3D, MhVertexBuffer3D) {
    let mut stage = ptr::null_mut();
    let mut err = ptr::null_mut();
    let mut vb = MhVertexBuffer3D::default();
    let mut texture = MhTextureBase::default();
    // SAFETY: the loader serves the player's context, current on this thread; `seen` and the
    // player outlive the stage; valid strings and out pointers.
    unsafe {
        ok(
            mh_stage3d_new_on_host_context(
                MhGlApi::Es30 as u32,
                Some(loader),
                player as *const GlContext as *mut c_void,
                Some(on_event),
                seen as *mut Seen as *mut c_void,
                &mut stage,
                &mut err,
            ),
            err,
            "new_on_host_context",
        );
        ok(
            mh_stage3d_request_context3d(stage, c"auto".as_ptr(), c"baseline".as_ptr(), &mut err),
            err,
            "requestContext3D",
        );
        let ctx = seen.context;
        ok(
            mh_context3d_configure_back_buffer(stage, ctx, 32, 32, 0, true, false, false, &mut err),
            err,
            "configure",
        );
        ok(
            mh_context3d_create_vertex_buffer(
                stage,
                ctx,
                3,
                2,
                c"staticDraw".as_ptr(),
                &mut vb,
                &mut err,
            ),
            err,
            "createVertexBuffer",
        );
        ok(
            mh_context3d_create_texture(
                stage,
                ctx,
                4,
                4,
                c"bgra".as_ptr(),
                true,
                0,
                &mut texture,
                &mut err,
            ),
            err,
            "createTexture",
        );
        clear(stage, ctx, [0.0, 0.0, 1.0]);
        ok(mh_context3d_present(stage, ctx, &mut err), err, "present");
        // The next frame begun: drawToBitmapData is allowed (no #3692).
        clear(stage, ctx, [0.0, 1.0, 0.0]);
        (stage, ctx, vb)
    }
}

type Call = dyn Fn(*mut MhStage3D, MhContext3D, MhVertexBuffer3D, *mut *mut MhError) -> MhStatus;

/// Issue 26: with the player's context not current, `clear` answered OK and #3694 came one
/// call late; and the lost stage's objects stayed in the player's context after destroy.
#[test]
fn a_call_in_a_context_not_current_is_3694_at_once_and_destroy_leaves_nothing() {
    let Ok(player) = GlContext::headless(&ContextOptions::default()) else {
        eprintln!("skipped: no headless GL context here");
        return;
    };
    let before = gl_objects(&player);
    let mut pixels = vec![0u32; 32 * 32];
    let px = pixels.as_mut_ptr() as usize;
    // SAFETY: (each call) a live stage and context, valid strings and pointers; `px` points
    // at 32 x 32 writable pixels that outlive the calls.
    let calls: Vec<(&str, bool, Box<Call>)> = vec![
        (
            "clear",
            false,
            Box::new(|s, c, _, e| unsafe {
                mh_context3d_clear(s, c, 1.0, 0.0, 0.0, 1.0, 1.0, 0, 0xFFFF_FFFF, e)
            }),
        ),
        (
            "clear",
            true,
            Box::new(|s, c, _, e| unsafe {
                mh_context3d_clear(s, c, 1.0, 0.0, 0.0, 1.0, 1.0, 0, 0xFFFF_FFFF, e)
            }),
        ),
        (
            "present",
            false,
            Box::new(|s, c, _, e| unsafe { mh_context3d_present(s, c, e) }),
        ),
        (
            "configureBackBuffer",
            false,
            Box::new(|s, c, _, e| unsafe {
                mh_context3d_configure_back_buffer(s, c, 64, 64, 0, true, false, false, e)
            }),
        ),
        (
            "createIndexBuffer",
            false,
            Box::new(|s, c, _, e| unsafe {
                let mut ib = MhIndexBuffer3D::default();
                mh_context3d_create_index_buffer(s, c, 3, c"staticDraw".as_ptr(), &mut ib, e)
            }),
        ),
        (
            "uploadFromVector",
            false,
            Box::new(|s, c, vb, e| unsafe {
                let data = [0.0f64; 6];
                mh_vertex_buffer_upload_from_vector(s, c, vb, data.as_ptr(), 6, 0, 3, e)
            }),
        ),
        (
            "enableErrorChecking",
            false,
            Box::new(|s, c, _, e| unsafe { mh_context3d_set_enable_error_checking(s, c, true, e) }),
        ),
        (
            "drawToBitmapData",
            false,
            Box::new(move |s, c, _, e| unsafe {
                let bitmap = MhBitmapDataMut {
                    pixels: px as *mut u32,
                    length: 32 * 32,
                    width: 32,
                    height: 32,
                    premultiplied: false,
                    transparent: true,
                };
                mh_context3d_draw_to_bitmap_data(s, c, bitmap, ptr::null(), ptr::null(), e)
            }),
        ),
    ];
    for (name, checking, call) in calls {
        player.make_current().expect("player current");
        let mut seen = Seen::default();
        let (stage, ctx, vb) = busy_host_stage(&player, &mut seen);
        assert!(
            gl_objects(&player) != before,
            "{name}: the stage made objects"
        );
        let mut err = ptr::null_mut();
        // SAFETY: a live stage.
        ok(
            unsafe { mh_context3d_set_enable_error_checking(stage, ctx, checking, &mut err) },
            err,
            "enableErrorChecking",
        );
        let other = GlContext::headless(&ContextOptions::default()).expect("another context");
        other.make_current().expect("the other context current");
        let st = call(stage, ctx, vb, &mut err);
        assert_eq!(st, MhStatus::FlashError, "{name} (checking {checking})");
        // SAFETY: a failed call with an error pointer handed out an error; freed once.
        unsafe {
            assert_eq!((*err).id, 3694, "{name} (checking {checking})");
            mh_error_free(err);
        }
        player.make_current().expect("player current");
        // SAFETY: a live stage, destroyed once, with the player's context current.
        unsafe { mh_stage3d_destroy(stage) };
        assert_eq!(
            gl_objects(&player),
            before,
            "{name} (checking {checking}): objects left in the player's context"
        );
    }
}

/// Issue 26: a context handle the stage never gave out was #3694; it is an invalid argument,
/// as for buffers and textures. A replaced context's handle is still #3694.
#[test]
fn a_context_handle_never_given_out_is_an_invalid_argument() {
    let mut seen = Seen::default();
    let mut stage = ptr::null_mut();
    let mut err = ptr::null_mut();
    // SAFETY: valid out pointers; `seen` outlives the stage.
    unsafe {
        ok(
            mh_stage3d_new_headless(
                Some(on_event),
                &mut seen as *mut Seen as *mut c_void,
                &mut stage,
                &mut err,
            ),
            err,
            "new",
        );
        ok(
            mh_stage3d_request_context3d(stage, c"auto".as_ptr(), c"baseline".as_ptr(), &mut err),
            err,
            "request",
        );
    }
    if seen.context.id == 0 {
        eprintln!("skipped: no headless GL context here ({:?})", seen.errors);
        // SAFETY: a live stage.
        unsafe { mh_stage3d_destroy(stage) };
        return;
    }
    let first = seen.context;
    let never = MhContext3D { id: first.id + 1 };
    // SAFETY: a live stage; an error pointer freed once each.
    unsafe {
        assert_eq!(
            mh_context3d_present(stage, never, &mut err),
            MhStatus::InvalidArgument
        );
        let message = CStr::from_ptr((*err).message)
            .to_string_lossy()
            .into_owned();
        assert!(message.contains("not made by this stage"), "{message}");
        mh_error_free(err);
        ok(
            mh_stage3d_request_context3d(stage, c"auto".as_ptr(), c"baseline".as_ptr(), &mut err),
            err,
            "request again",
        );
        assert_eq!(
            seen.context, never,
            "the second context takes the next handle"
        );
        assert_eq!(
            mh_context3d_present(stage, first, &mut err),
            MhStatus::FlashError
        );
        assert_eq!((*err).id, 3694, "the replaced context was disposed");
        mh_error_free(err);
        let later = MhContext3D { id: never.id + 1 };
        assert_eq!(
            mh_context3d_present(stage, later, &mut err),
            MhStatus::InvalidArgument
        );
        mh_error_free(err);
        mh_stage3d_destroy(stage);
    }
}
