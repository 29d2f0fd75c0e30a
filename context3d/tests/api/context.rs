//! Context creation, back buffer, clear, present, drawToBitmapData, dispose, properties.

use molehill_agal::flash::ErrorClass;
use molehill_agal::profile::Profile;
use molehill_context3d::{
    BackBufferConfig, Call, Clear, ClearMask, Context3D, PixelRect, RecordingBackend, Rect,
    RenderTarget,
};

use crate::common::*;

#[test]
fn request_parses_render_mode_and_profile() {
    let c = Context3D::request(RecordingBackend::new(), "auto", "standard").unwrap();
    assert_eq!(c.profile(), "standard");
    let c = Context3D::request(RecordingBackend::new(), "software", "baselineConstrained").unwrap();
    assert_eq!(c.profile(), "baselineConstrained");
    assert_2008(
        Context3D::request(RecordingBackend::new(), "auto", "Standard"),
        "profile",
    );
    assert_2008(
        Context3D::request(RecordingBackend::new(), "AUTO", "baseline"),
        "context3DRenderMode",
    );
}

#[test]
fn request_matching_profiles_takes_the_highest() {
    let c = Context3D::request_matching_profiles(
        RecordingBackend::new(),
        &["baseline", "standardExtended", "standard"],
    )
    .unwrap();
    assert_eq!(c.profile(), "standardExtended");
    assert_2008(
        Context3D::request_matching_profiles(RecordingBackend::new(), &["baseline", "nope"]),
        "profiles",
    );
    assert_2008(
        Context3D::request_matching_profiles(RecordingBackend::new(), &[] as &[&str]),
        "profiles",
    );
}

#[test]
fn configure_back_buffer_sends_the_config() {
    let mut c = ctx(Profile::Baseline);
    assert_eq!((c.back_buffer_width(), c.back_buffer_height()), (0, 0));
    c.configure_back_buffer(640, 480, 4, true, true, false)
        .unwrap();
    assert_eq!((c.back_buffer_width(), c.back_buffer_height()), (640, 480));
    assert_eq!(
        (c.max_back_buffer_width(), c.max_back_buffer_height()),
        (16384, 16384)
    );
    assert_eq!(
        c.backend_mut().take(),
        vec![Call::ConfigureBackBuffer(BackBufferConfig {
            width: 640,
            height: 480,
            anti_alias: 4,
            depth_and_stencil: true
        })]
    );
    // Limits are inclusive; antiAlias is clamped.
    c.configure_back_buffer(32, 16384, 99, false, false, false)
        .unwrap();
    assert!(matches!(
        c.backend_mut().take()[..],
        [Call::ConfigureBackBuffer(BackBufferConfig {
            anti_alias: 16,
            ..
        })]
    ));
}

#[test]
fn configure_back_buffer_range_errors() {
    let mut c = ctx(Profile::Baseline);
    let w = "Error #3780: Requested width of backbuffer is not in allowed range 32 to 16384.";
    let h = "Error #3781: Requested height of backbuffer is not in allowed range 32 to 16384.";
    assert_error(
        c.configure_back_buffer(31, 100, 0, false, false, false),
        3780,
        w,
    );
    assert_error(
        c.configure_back_buffer(16385, 100, 0, false, false, false),
        3780,
        w,
    );
    assert_error(
        c.configure_back_buffer(-5, 100, 0, false, false, false),
        3780,
        w,
    );
    assert_error(
        c.configure_back_buffer(0, 0, 0, false, false, false),
        3780,
        w,
    );
    assert_error(
        c.configure_back_buffer(100, 31, 0, false, false, false),
        3781,
        h,
    );
    assert_error(
        c.configure_back_buffer(100, 20000, 0, false, false, false),
        3781,
        h,
    );
    assert!(c.backend().calls.is_empty());
}

#[test]
fn clear_clamps_and_masks() {
    let mut c = ctx(Profile::Baseline);
    c.configure_back_buffer(64, 64, 0, false, false, false)
        .unwrap();
    c.backend_mut().take();
    c.clear(2.0, -1.0, 0.5, f64::NAN, 0.25, 0x1ff, 0xff)
        .unwrap();
    assert_eq!(
        c.backend_mut().take(),
        vec![Call::Clear(Clear {
            color: [1.0, 0.0, 0.5, 0.0],
            depth: 0.25,
            stencil: 0xff,
            mask: ClearMask {
                color: true,
                depth: true,
                stencil: true
            }
        })]
    );
    c.clear(0.0, 0.0, 0.0, 1.0, 1.0, 0, 2).unwrap();
    assert!(matches!(
        c.backend_mut().take()[..],
        [Call::Clear(Clear {
            mask: ClearMask {
                color: false,
                depth: true,
                stencil: false
            },
            ..
        })]
    ));
}

#[test]
fn clear_and_present_need_a_back_buffer() {
    let mut c = ctx(Profile::Baseline);
    let m = "Error #3698: The back buffer is not configured.";
    assert_error(c.clear(0.0, 0.0, 0.0, 1.0, 1.0, 0, 7), 3698, m);
    assert_error(c.present(), 3698, m);
    assert_error(c.check_draw_to_bitmap_data(), 3698, m);
    let mut dest = vec![0u32; 4];
    assert_error(
        c.draw_to_bitmap_data(&mut dest, 2, 2, None, (0, 0)),
        3698,
        m,
    );
    assert!(c.backend().calls.is_empty());
}

#[test]
fn present_reaches_the_backend() {
    let mut c = ready(Profile::Baseline);
    c.present().unwrap();
    assert_eq!(c.backend_mut().take(), vec![Call::Present]);
}

#[test]
fn draw_to_bitmap_data_copies_and_clips() {
    let mut c = ready(Profile::Baseline);
    c.backend_mut().read_back_color = 0xff11_2233;
    let mut dest = vec![0u32; 16];
    c.draw_to_bitmap_data(&mut dest, 4, 4, None, (0, 0))
        .unwrap();
    assert!(dest.iter().all(|p| *p == 0xff11_2233));
    assert_eq!(
        c.backend_mut().take(),
        vec![Call::ReadBackBuffer(PixelRect {
            x: 0,
            y: 0,
            width: 4,
            height: 4
        })]
    );
    // A source rectangle at (62, 10) in a 64-wide buffer gives 2 columns, placed at (1, 1).
    let mut dest = vec![0u32; 16];
    let src = Rect {
        x: 62.0,
        y: 10.0,
        width: 10.0,
        height: 2.0,
    };
    c.draw_to_bitmap_data(&mut dest, 4, 4, Some(src), (1, 1))
        .unwrap();
    assert_eq!(
        c.backend_mut().take(),
        vec![Call::ReadBackBuffer(PixelRect {
            x: 62,
            y: 10,
            width: 2,
            height: 2
        })]
    );
    let set: Vec<usize> = (0..16).filter(|i| dest[*i] != 0).collect();
    assert_eq!(set, vec![5, 6, 9, 10]);
    // Entirely outside: nothing read.
    let src = Rect {
        x: 100.0,
        y: 0.0,
        width: 4.0,
        height: 4.0,
    };
    c.draw_to_bitmap_data(&mut dest, 4, 4, Some(src), (0, 0))
        .unwrap();
    assert!(c.backend().calls.is_empty());
    // A destination of the wrong length is an invalid BitmapData.
    assert_error(
        c.draw_to_bitmap_data(&mut dest, 5, 5, None, (0, 0)),
        2015,
        "Error #2015: Invalid BitmapData.",
    );
}

#[test]
fn read_back_buffer_reads_the_whole_back_buffer_once_as_words_or_bytes() {
    // What a player shows at present: no #3692 for a presented buffer, one read of the whole
    // back buffer, and as bytes R, G, B, A (RecordingBackend keeps Backend's default
    // read_back_buffer_rgba, which converts the words).
    let mut c = ctx(Profile::Baseline);
    let m = "Error #3698: The back buffer is not configured.";
    assert_error(c.read_back_buffer(), 3698, m);
    assert_error(c.read_back_buffer_rgba(), 3698, m);
    assert!(c.backend().calls.is_empty());
    let mut c = ready(Profile::Baseline);
    c.backend_mut().read_back_color = 0xff11_2233;
    c.present().unwrap();
    c.backend_mut().take();
    let whole = Call::ReadBackBuffer(PixelRect {
        x: 0,
        y: 0,
        width: 64,
        height: 64,
    });
    let (w, h, words) = c.read_back_buffer().unwrap();
    assert_eq!((w, h, words.len()), (64, 64, 64 * 64));
    assert!(words.iter().all(|p| *p == 0xff11_2233));
    assert_eq!(c.backend_mut().take(), vec![whole.clone()]);
    let (w, h, bytes) = c.read_back_buffer_rgba().unwrap();
    assert_eq!((w, h, bytes.len()), (64, 64, 64 * 64 * 4));
    assert!(bytes.chunks_exact(4).all(|p| p == [0x11, 0x22, 0x33, 0xff]));
    assert_eq!(c.backend_mut().take(), vec![whole]);
    c.dispose(false);
    assert_disposed(c.read_back_buffer());
    assert_disposed(c.read_back_buffer_rgba());
}

#[test]
fn draw_to_bitmap_data_after_present_needs_a_clear() {
    // Flash Player 32 throws #3692 from drawToBitmapData after present() with no clear, error
    // checking off (ruffle-rs/ruffle tests/swfs/avm2/context3d_draw_to_bitmap_data, PR #24448).
    let mut c = ready(Profile::Baseline);
    c.set_enable_error_checking(false).unwrap();
    c.present().unwrap();
    c.backend_mut().take();
    assert_error(
        c.check_draw_to_bitmap_data(),
        3692,
        "Error #3692: All buffers need to be cleared every frame before drawing.",
    );
    assert!(c.backend().calls.is_empty());
    c.clear(0.0, 0.0, 0.0, 1.0, 1.0, 0, 7).unwrap();
    c.check_draw_to_bitmap_data().unwrap();
    let mut dest = vec![0u32; 4];
    c.draw_to_bitmap_data(&mut dest, 2, 2, None, (0, 0))
        .unwrap();
}

#[test]
fn dispose_makes_every_call_fail_and_is_harmless_twice() {
    let mut c = ready(Profile::Baseline);
    let vb = c.create_vertex_buffer(3, 2, "staticDraw").unwrap();
    c.backend_mut().take();
    assert_eq!(c.driver_info(), "Molehill recording backend");
    c.dispose(false);
    c.dispose(true);
    assert!(c.is_disposed());
    assert_eq!(c.driver_info(), "Disposed");
    assert_eq!(c.backend_mut().take(), vec![Call::DisposeContext]);
    assert_disposed(c.clear(0.0, 0.0, 0.0, 1.0, 1.0, 0, 7));
    assert_disposed(c.present());
    assert_disposed(c.configure_back_buffer(64, 64, 0, false, false, false));
    assert_disposed(c.create_vertex_buffer(3, 2, "staticDraw"));
    assert_disposed(c.vertex_buffer_upload_from_vector(vb, &[0.0; 6], 0, 3));
    assert_disposed(c.set_culling("back"));
    assert_disposed(c.set_enable_error_checking(true));
    assert_disposed(c.draw_triangles(None, 0, -1));
    c.vertex_buffer_dispose(vb);
    assert!(c.backend().calls.is_empty());
}

#[test]
fn error_checking_reaches_the_backend_when_it_changes() {
    let mut c = ctx(Profile::Baseline);
    assert!(!c.enable_error_checking());
    c.set_enable_error_checking(false).unwrap();
    c.set_enable_error_checking(true).unwrap();
    c.set_enable_error_checking(true).unwrap();
    assert!(c.enable_error_checking());
    assert_eq!(c.backend_mut().take(), vec![Call::SetErrorChecking(true)]);
}

#[test]
fn backend_failures_map_to_flash_errors() {
    use molehill_context3d::BackendError;
    let mut c = ctx(Profile::Baseline);
    c.backend_mut().fail_with = Some(BackendError::OutOfMemory);
    assert_error(
        c.create_vertex_buffer(3, 2, "staticDraw"),
        3672,
        "Error #3672: Buffer creation failed. Internal error.",
    );
    assert_error(
        c.create_texture(4, 4, "bgra", false, 0),
        3684,
        "Error #3684: Texture creation failed. Internal error.",
    );
    let e = molehill_context3d::Context3DError::Backend {
        call: molehill_context3d::BackendCall::Program,
        error: BackendError::ShaderLink {
            log: String::from("too many varyings"),
        },
    }
    .to_flash();
    assert_eq!(
        (e.class, e.id, e.message.as_str()),
        (
            ErrorClass::Error,
            3614,
            "Error #3614: The native shader compilation failed.enGL specific: too many varyings"
        )
    );
    let e = molehill_context3d::Context3DError::Backend {
        call: molehill_context3d::BackendCall::Program,
        error: BackendError::ShaderLink { log: String::new() },
    }
    .to_flash();
    assert_eq!(
        e.message,
        "Error #3613: The native shader compilation failed."
    );
}

#[test]
fn render_target_is_sent_lazily_once() {
    let mut c = ready(Profile::Baseline);
    // The back buffer was sent by nobody: it is the backend's default.
    c.clear(0.0, 0.0, 0.0, 1.0, 1.0, 0, 7).unwrap();
    assert!(matches!(c.backend_mut().take()[..], [Call::Clear(_)]));
    let t = c.create_texture(8, 8, "bgra", true, 0).unwrap();
    c.set_render_to_texture(Some(t), false, 0, 0, 0).unwrap();
    c.set_render_to_texture(Some(t), false, 0, 0, 0).unwrap();
    c.backend_mut().take();
    c.clear(0.0, 0.0, 0.0, 1.0, 1.0, 0, 7).unwrap();
    c.clear(0.0, 0.0, 0.0, 1.0, 1.0, 0, 7).unwrap();
    let calls = c.backend_mut().take();
    assert_eq!(calls.len(), 3);
    assert!(matches!(
        calls[0],
        Call::SetRenderTarget(RenderTarget::Textures { .. })
    ));
    c.set_render_to_back_buffer().unwrap();
    c.clear(0.0, 0.0, 0.0, 1.0, 1.0, 0, 7).unwrap();
    let calls = c.backend_mut().take();
    assert_eq!(calls[0], Call::SetRenderTarget(RenderTarget::BackBuffer));
}

#[test]
fn configure_back_buffer_before_swf_30() {
    let mut c = ctx(Profile::Baseline);
    c.set_swf_version(29);
    c.configure_back_buffer(0, 0, 0, false, false, false)
        .unwrap();
    assert!(c.backend().calls.is_empty());
    assert_eq!(c.back_buffer_width(), 0);
    assert_error(
        c.configure_back_buffer(0, 0, 0, true, false, false),
        3669,
        "Error #3669: Bad input size.",
    );
    assert_error(
        c.configure_back_buffer(64, 20000, 0, false, false, false),
        3669,
        "Error #3669: Bad input size.",
    );
    c.configure_back_buffer(64, 64, 0, false, false, false)
        .unwrap();
    c.set_swf_version(30);
    assert_error(
        c.configure_back_buffer(0, 0, 0, false, false, false),
        3780,
        "Error #3780: Requested width of backbuffer is not in allowed range 32 to 16384.",
    );
}

#[test]
fn a_driver_error_is_3710_with_the_call_and_code_in_its_display() {
    use molehill_context3d::BackendError;
    let error = BackendError::Driver {
        call: "clear",
        detail: "GL error 0x0502".into(),
    };
    assert_eq!(error.to_string(), "clear: GL error 0x0502");
    for call in [
        molehill_context3d::BackendCall::Buffer,
        molehill_context3d::BackendCall::Texture,
        molehill_context3d::BackendCall::Program,
        molehill_context3d::BackendCall::Other,
    ] {
        let e = molehill_context3d::Context3DError::Backend {
            call,
            error: error.clone(),
        }
        .to_flash();
        assert_eq!(
            (e.class, e.id, e.message.as_str()),
            (
                ErrorClass::Error,
                3710,
                "Error #3710: Requested Stage3D Operation failed to complete."
            )
        );
    }
}

#[test]
fn a_driver_error_of_clear_is_thrown_by_that_clear() {
    use molehill_context3d::BackendError;
    let mut c = ready(Profile::Baseline);
    let gl_error = BackendError::Driver {
        call: "clear",
        detail: "GL error 0x0502".into(),
    };
    c.backend_mut().fail_next_unit_call = Some(gl_error);
    assert_error(
        c.clear(0.0, 0.0, 0.0, 1.0, 1.0, 0, 7),
        3710,
        "Error #3710: Requested Stage3D Operation failed to complete.",
    );
    // Taken: the next clear is fine, and the clear reached the backend each time.
    c.clear(0.0, 0.0, 0.0, 1.0, 1.0, 0, 7).unwrap();
    let calls = c.backend_mut().take();
    assert!(
        matches!(calls[..], [Call::Clear(_), Call::Clear(_)]),
        "{calls:?}"
    );
    // An error of the render target switch is thrown by the clear that sent it.
    let t = c.create_texture(8, 8, "bgra", true, 0).unwrap();
    c.set_render_to_texture(Some(t), false, 0, 0, 0).unwrap();
    c.backend_mut().fail_next_unit_call = Some(BackendError::Driver {
        call: "setRenderToTexture",
        detail: "GL error 0x0506".into(),
    });
    assert_error(
        c.clear(0.0, 0.0, 0.0, 1.0, 1.0, 0, 7),
        3710,
        "Error #3710: Requested Stage3D Operation failed to complete.",
    );
}

#[test]
fn a_lost_context_disposes_every_resource() {
    use molehill_context3d::BackendError;
    let mut c = ready(Profile::Standard);
    let vb = c.create_vertex_buffer(3, 2, "staticDraw").unwrap();
    let ib = c.create_index_buffer(3, "staticDraw").unwrap();
    let t = c.create_texture(4, 4, "bgra", false, 0).unwrap();
    let p = c.create_program().unwrap();
    assert_eq!(c.driver_info(), "Molehill recording backend");
    // The device is lost, and the backend only says so through its errors (as one that does
    // not answer `is_lost`): the first call that reaches the backend finds out.
    c.backend_mut().fail_with = Some(BackendError::ContextLost);
    assert_disposed(c.present());
    // Even once the backend answers again, the context stays lost.
    c.backend_mut().fail_with = None;
    assert!(c.is_lost());
    assert!(!c.is_disposed());
    assert_eq!(c.driver_info(), "Disposed");
    c.backend_mut().take();
    assert_disposed(c.vertex_buffer_upload_from_vector(vb, &[0.0; 6], 0, 3));
    assert_disposed(c.index_buffer_upload_from_vector(ib, &[0, 1, 2], 0, 3));
    assert_disposed(c.texture_upload_from_bitmap_data(t, &[0; 16], 4, 4, 0, 0));
    assert_disposed(c.set_program(Some(p)));
    assert_disposed(c.set_texture_at(0, Some(t)));
    assert_disposed(c.set_vertex_buffer_at(0, Some(vb), 0, "float2"));
    assert_disposed(c.create_vertex_buffer(3, 2, "staticDraw"));
    assert_disposed(c.clear(0.0, 0.0, 0.0, 1.0, 1.0, 0, 7));
    assert_disposed(c.draw_triangles(Some(ib), 0, 1));
    assert_disposed(c.set_culling("back"));
    assert_eq!(c.vertex_buffer_len(vb), None, "the buffer is gone");
    assert_eq!(c.texture_size(t), None, "the texture is gone");
    // Disposing the objects or the context is harmless, and nothing else reached the backend.
    c.vertex_buffer_dispose(vb);
    c.texture_dispose(t);
    assert!(c.backend().calls.is_empty());
    c.dispose(false);
    assert_eq!(c.backend_mut().take(), vec![Call::DisposeContext]);
}

#[test]
fn a_backend_that_says_it_is_lost_makes_every_call_3694() {
    let mut c = ready(Profile::Baseline);
    let vb = c.create_vertex_buffer(3, 2, "staticDraw").unwrap();
    c.backend_mut().take();
    c.backend_mut().lost = true;
    // No backend call needed: `Backend::is_lost` is asked first.
    assert_disposed(c.set_vertex_buffer_at(0, Some(vb), 0, "float2"));
    assert_disposed(c.set_blend_factors("one", "zero"));
    assert_eq!(c.driver_info(), "Disposed");
    assert!(c.backend_mut().take().is_empty());
}

#[test]
fn a_handle_of_another_context_is_3694_never_its_object() {
    // What a VM does after a device loss: a new context, old handles still around.
    let mut old = ready(Profile::Baseline);
    let vb = old.create_vertex_buffer(3, 2, "staticDraw").unwrap();
    let t = old.create_texture(2, 2, "bgra", false, 0).unwrap();
    let p = old.create_program().unwrap();
    let mut new = ready(Profile::Baseline);
    let vb_new = new.create_vertex_buffer(3, 2, "staticDraw").unwrap();
    new.create_texture(2, 2, "bgra", false, 0).unwrap();
    new.create_program().unwrap();
    assert_ne!(vb, vb_new);
    new.backend_mut().take();
    assert_disposed(new.vertex_buffer_upload_from_vector(vb, &[0.0; 6], 0, 3));
    assert_disposed(new.texture_upload_from_bitmap_data(t, &[0; 4], 2, 2, 0, 0));
    assert_disposed(new.set_program(Some(p)));
    assert!(
        new.backend().calls.is_empty(),
        "nothing reached the new backend"
    );
    // The old context still has them.
    old.vertex_buffer_upload_from_vector(vb, &[0.0; 6], 0, 3)
        .unwrap();
}
