//! enableErrorChecking: GL errors become typed errors naming the Context3D call; without it
//! no glGetError is issued. Bad data reaching the backend directly is refused, not read.

use molehill_context3d::*;
use molehill_gl::{CallKind, ContextOptions, GlBackend};

fn desc(width: u32) -> TextureDesc {
    TextureDesc {
        kind: TextureKind::Rectangle,
        width,
        height: 1,
        format: TextureFormat::Bgra,
        levels: 1,
        optimize_for_render_to_texture: false,
        streaming_levels: 0,
    }
}

#[test]
fn gl_errors_are_reported_with_the_call_only_when_checking() {
    let mut b = GlBackend::headless(&ContextOptions::default()).expect("GL");
    // Wider than any GL_MAX_TEXTURE_SIZE: GL_INVALID_VALUE from glTexImage2D.
    let too_wide = 1 << 20;
    b.create_texture(TextureId(1), &desc(too_wide))
        .expect("no error surfaces unchecked");
    assert_eq!(
        b.call_counts().get(CallKind::Query),
        1,
        "only GL_MAX_SAMPLES was queried"
    );
    assert!(b.take_gl_errors().is_empty());
    b.set_error_checking(true);
    let e = b
        .create_texture(TextureId(2), &desc(too_wide))
        .expect_err("returned by the call");
    assert_eq!(
        e,
        BackendError::Driver {
            call: "createTexture",
            detail: "GL error 0x0501".into()
        }
    );
    let errors = b.take_gl_errors();
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(errors[0].call, "createTexture");
    assert_eq!(errors[0].code, 0x0501, "GL_INVALID_VALUE");
    assert!(errors[0].to_string().contains("GL_INVALID_VALUE"));
    // A valid call afterwards reports nothing.
    b.create_texture(TextureId(3), &desc(4))
        .expect("valid texture");
    assert!(b.take_gl_errors().is_empty());
}

#[test]
fn short_texture_data_is_refused_not_read() {
    let mut b = GlBackend::headless(&ContextOptions::default()).expect("GL");
    b.set_error_checking(true);
    b.create_texture(TextureId(1), &desc(64)).expect("texture");
    let short = [0u8; 16];
    let up = TextureUpload {
        face: 0,
        level: 0,
        width: 64,
        height: 1,
        data: TextureData::Bgra8(&short),
    };
    let refused = |r: Result<(), BackendError>| {
        assert!(matches!(r, Err(BackendError::Unsupported(_))), "{r:?}");
    };
    refused(b.upload_texture(TextureId(1), &up));
    let uploads = b.call_counts().get(CallKind::Upload);
    refused(b.upload_texture(TextureId(1), &up));
    assert_eq!(
        b.call_counts().get(CallKind::Upload),
        uploads,
        "no glTexImage2D with short data"
    );
    assert!(b.take_gl_errors().is_empty());
}

#[test]
fn uploads_past_a_buffer_are_refused_not_written() {
    let mut b = GlBackend::headless(&ContextOptions::default()).expect("GL");
    b.set_error_checking(true);
    let vb = VertexBufferId(1);
    b.create_vertex_buffer(
        vb,
        &VertexBufferDesc {
            num_vertices: 4,
            data32_per_vertex: 1,
            usage: BufferUsage::StaticDraw,
            instances_per_element: None,
        },
    )
    .expect("vertex buffer");
    let ib = IndexBufferId(2);
    b.create_index_buffer(
        ib,
        &IndexBufferDesc {
            num_indices: 3,
            usage: BufferUsage::StaticDraw,
        },
    )
    .expect("index buffer");
    let uploads = b.call_counts().get(CallKind::Upload);
    // An offset whose sum with the length overflows once panicked (debug) or wrapped.
    b.upload_vertex_buffer(vb, u64::MAX - 2, &[0; 8])
        .expect("logged and skipped");
    b.upload_vertex_buffer(vb, 12, &[0; 8])
        .expect("logged and skipped");
    b.upload_index_buffer(ib, 4, &[1, 2])
        .expect("logged and skipped");
    b.upload_index_buffer(ib, u64::MAX, &[1])
        .expect("logged and skipped");
    assert_eq!(
        b.call_counts().get(CallKind::Upload),
        uploads,
        "nothing reached GL"
    );
    b.upload_vertex_buffer(vb, 8, &[0; 8]).expect("fits");
    b.upload_index_buffer(ib, 2, &[1, 2]).expect("fits");
    assert_eq!(b.call_counts().get(CallKind::Upload), uploads + 2);
    assert!(b.take_gl_errors().is_empty());
}

/// A creation that fails its GL error check is no resource for context3d (which will never
/// dispose it): the backend deletes what it made instead of keeping it for ever.
#[test]
fn a_creation_failing_its_error_check_leaves_nothing_behind() {
    let mut b = GlBackend::headless(&ContextOptions::default()).expect("GL");
    b.set_error_checking(true);
    let before = b.call_counts();
    b.create_texture(TextureId(1), &desc(1 << 20))
        .expect_err("GL_INVALID_VALUE");
    let calls = b.call_counts().since(&before);
    assert_eq!(
        calls.get(CallKind::Delete),
        1,
        "the texture is deleted: {calls:?}"
    );
    // Disposing the id afterwards finds nothing to delete.
    let before = b.call_counts();
    b.dispose_texture(TextureId(1));
    assert_eq!(b.call_counts().since(&before).get(CallKind::Delete), 0);
}
