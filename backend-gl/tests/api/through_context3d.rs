//! What users do: drive `molehill_context3d::Context3D` with a `GlBackend`, read pixels back with
//! `drawToBitmapData`.

use molehill_agal::{ProgramKind, Version};
use molehill_context3d::{
    Context3D, Endian, IndexBuffer3D, Program3D, Rect, TextureBase, VertexBuffer3D,
};
use molehill_gl::{ContextOptions, GlApi, GlBackend};

fn bytes(src: &str, kind: ProgramKind) -> Vec<u8> {
    molehill_agal::encode(&molehill_agal::asm::assemble(src, kind, Version::V1).expect("assembles"))
}

fn argb(a: u8, r: u8, g: u8, b: u8) -> u32 {
    u32::from_be_bytes([a, r, g, b])
}

const RED: u32 = 0xFFFF_0000;
const GREEN: u32 = 0xFF00_FF00;
const BLUE: u32 = 0xFF00_00FF;
const WHITE: u32 = 0xFFFF_FFFF;

/// The objects [`scene_with`] made.
#[allow(dead_code)]
struct Handles {
    program: Program3D,
    vb: VertexBuffer3D,
    ib: IndexBuffer3D,
    tex: TextureBase,
}

/// A 64x64 back buffer showing a 2x2 texture (red, green / blue, white) over the whole
/// screen, through Context3D's calls.
fn scene(api: GlApi, profile: &str) -> Context3D<GlBackend> {
    scene_with(api, profile).0
}

/// [`scene`] and its objects.
fn scene_with(api: GlApi, profile: &str) -> (Context3D<GlBackend>, Handles) {
    let backend = GlBackend::headless(&ContextOptions::new(api)).expect("GL");
    let mut c = Context3D::request(backend, "auto", profile).expect("context");
    c.configure_back_buffer(64, 64, 0, true, false, false)
        .expect("back buffer");
    let program = c.create_program().expect("program");
    c.program_upload(
        program,
        &bytes("mov op, va0\nmov v0, va1", ProgramKind::Vertex),
        Endian::Little,
        &bytes(
            "tex ft0, v0, fs0 <2d,clamp,nearest,mipnone>\nmov oc, ft0",
            ProgramKind::Fragment,
        ),
        Endian::Little,
    )
    .expect("upload");
    let vb = c
        .create_vertex_buffer(4, 4, "staticDraw")
        .expect("vertex buffer");
    let quad = [
        -1.0, 1.0, 0.0, 0.0, 1.0, 1.0, 1.0, 0.0, 1.0, -1.0, 1.0, 1.0, -1.0, -1.0, 0.0, 1.0,
    ];
    c.vertex_buffer_upload_from_vector(vb, &quad, 0, 4)
        .expect("vertices");
    let ib = c
        .create_index_buffer(6, "staticDraw")
        .expect("index buffer");
    c.index_buffer_upload_from_vector(ib, &[0, 1, 2, 0, 2, 3], 0, 6)
        .expect("indices");
    let tex = c.create_texture(2, 2, "bgra", false, 0).expect("texture");
    c.texture_upload_from_bitmap_data(tex, &[RED, GREEN, BLUE, WHITE], 2, 2, 0, 0)
        .expect("pixels");
    c.texture_upload_from_bitmap_data(tex, &[argb(255, 128, 128, 128)], 1, 1, 0, 1)
        .expect("level 1");
    c.set_program(Some(program)).expect("set program");
    c.set_vertex_buffer_at(0, Some(vb), 0, "float2")
        .expect("va0");
    c.set_vertex_buffer_at(1, Some(vb), 2, "float2")
        .expect("va1");
    c.set_texture_at(0, Some(tex)).expect("fs0");
    c.clear(0.0, 0.0, 0.0, 1.0, 1.0, 0, 0xffff_ffff)
        .expect("clear");
    c.draw_triangles(Some(ib), 0, 2).expect("draw");
    let handles = Handles {
        program,
        vb,
        ib,
        tex,
    };
    (c, handles)
}

#[test]
fn draw_to_bitmap_data_gives_rows_top_first() {
    for (api, profile) in [(GlApi::Es30, "baseline"), (GlApi::Desktop33, "standard")] {
        let mut c = scene(api, profile);
        let mut bmp = vec![0u32; 64 * 64];
        c.draw_to_bitmap_data(&mut bmp, 64, 64, None, (0, 0))
            .expect("drawToBitmapData");
        let at = |x: usize, y: usize| bmp[y * 64 + x];
        assert_eq!(at(10, 10), RED, "{api:?} top-left");
        assert_eq!(at(50, 10), GREEN, "{api:?} top-right");
        assert_eq!(at(10, 50), BLUE, "{api:?} bottom-left");
        assert_eq!(at(50, 50), WHITE, "{api:?} bottom-right");
        // A source rectangle straddling the middle, copied to (1, 2) of a small bitmap.
        let mut small = vec![0u32; 4 * 4];
        let rect = Rect {
            x: 31.0,
            y: 31.0,
            width: 2.0,
            height: 2.0,
        };
        c.draw_to_bitmap_data(&mut small, 4, 4, Some(rect), (1, 2))
            .expect("sub rectangle");
        assert_eq!(small[2 * 4 + 1], RED);
        assert_eq!(small[2 * 4 + 2], GREEN);
        assert_eq!(small[3 * 4 + 1], BLUE);
        assert_eq!(small[3 * 4 + 2], WHITE);
        assert_eq!(small[0], 0, "pixels outside the copy are untouched");
        c.present().expect("present");
    }
}

#[test]
fn set_sampler_state_at_overrides_the_program_word() {
    let mut c = scene(GlApi::Es30, "baseline");
    // Linear filtering blends the 2x2 texels in the middle of the screen.
    c.set_sampler_state_at(0, "clamp", "linear", "mipnone")
        .expect("sampler state");
    c.clear(0.0, 0.0, 0.0, 1.0, 1.0, 0, 0xffff_ffff)
        .expect("clear");
    let ib = c
        .create_index_buffer(6, "staticDraw")
        .expect("index buffer");
    c.index_buffer_upload_from_vector(ib, &[0, 1, 2, 0, 2, 3], 0, 6)
        .expect("indices");
    c.draw_triangles(Some(ib), 0, 2).expect("draw");
    let mut bmp = vec![0u32; 64 * 64];
    c.draw_to_bitmap_data(&mut bmp, 64, 64, None, (0, 0))
        .expect("drawToBitmapData");
    let middle = bmp[32 * 64 + 32].to_be_bytes();
    // Average of red, green, blue, white around the centre: every channel well inside.
    assert!(
        middle[1] > 60 && middle[1] < 200 && middle[2] > 60 && middle[3] > 60,
        "{middle:?}"
    );
    assert_eq!(bmp[0], RED, "corners keep their texel");
}

#[test]
fn error_checking_finds_no_error_in_a_valid_frame_and_dispose_frees() {
    let mut c = scene(GlApi::Es30, "baseline");
    c.set_enable_error_checking(true)
        .expect("enableErrorChecking");
    let ib = c
        .create_index_buffer(3, "staticDraw")
        .expect("index buffer");
    c.index_buffer_upload_from_vector(ib, &[0, 1, 2], 0, 3)
        .expect("indices");
    c.draw_triangles(Some(ib), 0, 1).expect("draw");
    c.present().expect("present");
    assert!(c.backend_mut().take_gl_errors().is_empty());
    assert!(
        c.backend().call_counts().get(molehill_gl::CallKind::Query) > 0,
        "glGetError was called"
    );
    c.dispose(false);
    assert!(c.is_disposed());
}

#[test]
fn a_lost_context_disposes_every_resource() {
    let (mut c, h) = scene_with(GlApi::Es30, "baseline");
    c.backend_mut().lose_context();
    assert!(c.backend().is_lost());
    assert!(c.is_lost() && !c.is_disposed());
    assert_eq!(
        c.driver_info(),
        "Disposed",
        "how Flash content sees a lost device"
    );
    let disposed = |r: Result<(), molehill_agal::flash::FlashError>, what: &str| {
        let e = r.expect_err(what);
        assert_eq!(
            (e.id, e.message.as_str()),
            (
                3694,
                "Error #3694: The object was disposed by an earlier call of dispose() on it."
            ),
            "{what}"
        );
    };
    disposed(
        c.vertex_buffer_upload_from_vector(h.vb, &[0.0; 16], 0, 4),
        "vertex upload",
    );
    disposed(
        c.index_buffer_upload_from_vector(h.ib, &[0, 1, 2], 0, 3),
        "index upload",
    );
    disposed(
        c.texture_upload_from_bitmap_data(h.tex, &[RED; 4], 2, 2, 0, 0),
        "texture upload",
    );
    disposed(c.set_program(Some(h.program)), "setProgram");
    disposed(c.set_texture_at(0, Some(h.tex)), "setTextureAt");
    disposed(
        c.set_vertex_buffer_at(0, Some(h.vb), 0, "float2"),
        "setVertexBufferAt",
    );
    disposed(c.clear(0.0, 0.0, 0.0, 1.0, 1.0, 0, 7), "clear");
    disposed(c.draw_triangles(Some(h.ib), 0, 2), "drawTriangles");
    disposed(c.present(), "present");
    disposed(
        c.create_index_buffer(3, "staticDraw").map(|_| ()),
        "createIndexBuffer",
    );
    let mut bmp = vec![0u32; 64 * 64];
    disposed(
        c.draw_to_bitmap_data(&mut bmp, 64, 64, None, (0, 0)),
        "drawToBitmapData",
    );
    assert_eq!(c.backend().vertex_arrays(), 0, "GL objects are forgotten");
    c.texture_dispose(h.tex);
    c.dispose(false);
}

/// A video frame wider than any GL_MAX_TEXTURE_SIZE once reached glTexImage2D (GL_INVALID_VALUE:
/// #3710 with error checking, an incomplete texture without). context3d now bounds frames as
/// rectangle textures: #3766 with or without error checking, before any GL call, and the
/// context goes on (issue 16).
#[test]
fn an_oversized_video_frame_is_refused_before_gl() {
    let mut c = scene(GlApi::Es30, "baseline");
    let video = c.create_video_texture().expect("video texture");
    let wide = vec![RED; 1 << 17];
    let uploads = c.backend().call_counts().get(molehill_gl::CallKind::Upload);
    for checking in [false, true] {
        c.set_enable_error_checking(checking)
            .expect("enableErrorChecking");
        let e = c
            .video_texture_attach_frame(video, &wide, 1 << 17, 1)
            .expect_err("too wide");
        assert_eq!(
            (e.class, e.id),
            (molehill_agal::flash::ErrorClass::Error, 3766),
            "{e}"
        );
    }
    assert_eq!(
        c.backend().call_counts().get(molehill_gl::CallKind::Upload),
        uploads,
        "nothing reached GL"
    );
    // The context goes on: a valid frame and a draw throw nothing.
    c.video_texture_attach_frame(video, &[GREEN; 4], 2, 2)
        .expect("a valid frame");
    c.clear(0.0, 0.0, 0.0, 1.0, 1.0, 0, 7).expect("clear");
    c.present().expect("present");
    assert!(c.backend_mut().take_gl_errors().is_empty());
}

#[test]
fn a_scissor_rectangle_larger_than_i32_covers_the_whole_target() {
    let (mut c, h) = scene_with(GlApi::Es30, "baseline");
    // Rectangle sizes past i32::MAX once became negative and then empty: nothing was drawn.
    c.set_scissor_rectangle(Some(Rect {
        x: 0.0,
        y: 0.0,
        width: 1e10,
        height: 3e9,
    }))
    .expect("scissor");
    c.clear(0.0, 0.0, 0.0, 1.0, 1.0, 0, 7).expect("clear");
    c.draw_triangles(Some(h.ib), 0, 2).expect("draw");
    let mut bmp = vec![0u32; 64 * 64];
    c.draw_to_bitmap_data(&mut bmp, 64, 64, None, (0, 0))
        .expect("drawToBitmapData");
    assert_eq!(bmp[10 * 64 + 10], RED, "top-left drawn");
    assert_eq!(bmp[50 * 64 + 50], WHITE, "bottom-right drawn");
}
