//! Clear, orientation, read-back rectangles, culling, scissor, colour mask.

use crate::common::*;
use molehill_context3d::*;

#[test]
fn clear_reads_back_the_colour() {
    let mut r = Rig::new(32, 32);
    r.clear([1.0, 0.5, 0.0, 1.0]);
    let px = r.read();
    assert!(
        px.iter().all(|&p| near(p, argb(255, 255, 128, 0), 1)),
        "{:08x}",
        px[0]
    );
}

#[test]
fn top_of_clip_space_is_row_zero_of_the_read_back() {
    // A quad covering the upper half of clip space (y from 0 to 1) must fill rows 0..16 of a
    // 32-row back buffer: drawToBitmapData gives rows top first, as BitmapData holds them.
    let mut r = Rig::new(32, 32);
    r.clear([0.0, 0.0, 0.0, 1.0]);
    let p = r.program(POS_COLOR_VS, COLOR_FS);
    let q = r.color_quad([-1.0, 0.0, 1.0, 1.0], 0.0, [0.0, 1.0, 0.0, 1.0]);
    r.draw_color(p, q);
    let px = r.read();
    assert_px(r.at(&px, 5, 2), argb(255, 0, 255, 0), 0, "top row");
    assert_px(r.at(&px, 5, 15), argb(255, 0, 255, 0), 0, "row 15");
    assert_px(r.at(&px, 5, 16), argb(255, 0, 0, 0), 0, "row 16");
    assert_px(r.at(&px, 5, 31), argb(255, 0, 0, 0), 0, "bottom row");
    // A rectangle of the back buffer: rows 14..18, columns 3..5.
    let sub =
        r.b.read_back_buffer(PixelRect {
            x: 3,
            y: 14,
            width: 2,
            height: 4,
        })
        .unwrap();
    assert_eq!(sub.len(), 8);
    assert_px(sub[0], argb(255, 0, 255, 0), 0, "sub row 0 (y 14)");
    assert_px(sub[3], argb(255, 0, 255, 0), 0, "sub row 1 (y 15)");
    assert_px(sub[4], argb(255, 0, 0, 0), 0, "sub row 2 (y 16)");
    // The same rectangle as R, G, B, A bytes (what a player uploads to its own texture).
    let rect = PixelRect {
        x: 3,
        y: 14,
        width: 2,
        height: 4,
    };
    let bytes = r.b.read_back_buffer_rgba(rect).unwrap();
    let words: Vec<u32> = bytes
        .chunks_exact(4)
        .map(|p| u32::from_be_bytes([p[3], p[0], p[1], p[2]]))
        .collect();
    assert_eq!(words, sub, "the bytes are the words' pixels");
    assert_eq!(&bytes[..4], [0, 255, 0, 255], "R, G, B, A order");
}

#[test]
fn left_of_clip_space_is_column_zero() {
    let mut r = Rig::new(32, 32);
    r.clear([0.0, 0.0, 0.0, 1.0]);
    let p = r.program(POS_COLOR_VS, COLOR_FS);
    let q = r.color_quad([-1.0, -1.0, 0.0, 1.0], 0.0, [1.0, 0.0, 0.0, 1.0]);
    r.draw_color(p, q);
    let px = r.read();
    assert_px(r.at(&px, 0, 10), argb(255, 255, 0, 0), 0, "left");
    assert_px(r.at(&px, 31, 10), argb(255, 0, 0, 0), 0, "right");
}

/// Draws one triangle of each winding: left half clockwise on screen (Flash front), right
/// half counter-clockwise (back). Returns (left, right) pixels.
fn draw_windings(cull: TriangleFace) -> (u32, u32) {
    let mut r = Rig::new(32, 32);
    r.clear([0.0, 0.0, 0.0, 1.0]);
    r.b.set_culling(cull);
    let p = r.program(POS_COLOR_VS, COLOR_FS);
    let c = [1.0, 1.0, 1.0, 1.0];
    let mut v = Vec::new();
    // Left: top-left, top-right, bottom-left: clockwise on screen (y down).
    for (x, y) in [(-1.0, 1.0), (0.0, 1.0), (-1.0, -1.0)] {
        v.extend_from_slice(&[x, y, 0.0]);
        v.extend_from_slice(&c);
    }
    // Right: top-left, bottom-left, top-right: counter-clockwise on screen.
    for (x, y) in [(0.0, 1.0), (0.0, -1.0), (1.0, 1.0)] {
        v.extend_from_slice(&[x, y, 0.0]);
        v.extend_from_slice(&c);
    }
    let vb = r.vertex_buffer(7, &v);
    let ib = r.index_buffer(&[0, 1, 2, 3, 4, 5]);
    r.draw_color(p, (vb, ib));
    let px = r.read();
    (r.at(&px, 2, 2), r.at(&px, 18, 2))
}

#[test]
fn culling_follows_flash_clockwise_front_faces() {
    let white = argb(255, 255, 255, 255);
    let black = argb(255, 0, 0, 0);
    assert_eq!(draw_windings(TriangleFace::None), (white, white));
    assert_eq!(draw_windings(TriangleFace::Back), (white, black));
    assert_eq!(draw_windings(TriangleFace::Front), (black, white));
    assert_eq!(draw_windings(TriangleFace::FrontAndBack), (black, black));
}

#[test]
fn scissor_uses_top_left_origin_and_clear_ignores_it() {
    let mut r = Rig::new(32, 32);
    r.clear([0.0, 0.0, 0.0, 1.0]);
    r.b.set_scissor(Some(PixelRect {
        x: 4,
        y: 2,
        width: 8,
        height: 6,
    }));
    let p = r.program(POS_COLOR_VS, COLOR_FS);
    let q = r.color_quad([-1.0, -1.0, 1.0, 1.0], 0.0, [0.0, 0.0, 1.0, 1.0]);
    r.draw_color(p, q);
    let px = r.read();
    let blue = argb(255, 0, 0, 255);
    let black = argb(255, 0, 0, 0);
    assert_eq!(r.at(&px, 4, 2), blue);
    assert_eq!(r.at(&px, 11, 7), blue);
    assert_eq!(r.at(&px, 3, 2), black);
    assert_eq!(r.at(&px, 4, 1), black);
    assert_eq!(r.at(&px, 12, 7), black);
    assert_eq!(r.at(&px, 11, 8), black);
    // A clear covers the whole target whatever the scissor.
    r.clear([1.0, 1.0, 1.0, 1.0]);
    let px = r.read();
    assert!(px.iter().all(|&p| p == argb(255, 255, 255, 255)));
    // Scissor off again: the whole target is drawn.
    r.b.set_scissor(None);
    r.draw_color(p, q);
    let px = r.read();
    assert!(px.iter().all(|&p| p == blue));
}

#[test]
fn color_mask_limits_draws_but_not_clears() {
    let mut r = Rig::new(32, 32);
    r.clear([0.0, 0.0, 0.0, 0.0]);
    r.b.set_color_mask(ColorMask {
        red: true,
        green: false,
        blue: true,
        alpha: false,
    });
    let p = r.program(POS_COLOR_VS, COLOR_FS);
    let q = r.color_quad([-1.0, -1.0, 1.0, 1.0], 0.0, [1.0, 1.0, 1.0, 1.0]);
    r.draw_color(p, q);
    let px = r.read();
    assert_eq!(px[0], argb(0, 255, 0, 255));
    r.clear([0.0, 1.0, 0.0, 1.0]);
    let px = r.read();
    assert_eq!(px[0], argb(255, 0, 255, 0));
}

#[test]
fn vertex_constants_and_bytes4_colours() {
    // Colour from a bytes4 stream (bytes read in memory order: byte 0 -> x, ... byte 3 -> w, as
    // Starling's RGBA vertex colours need), position offset by a vertex constant.
    let mut r = Rig::new(16, 16);
    r.clear([0.0, 0.0, 0.0, 1.0]);
    let p = r.program("add op, va0, vc0\nmov v0, va1", "mov oc, v0");
    let color = f32::from_bits(0xFF40_8020u32); // little-endian bytes 20 80 40 FF
    let mut v = Vec::new();
    for (x, y) in [(-1.0f32, 1.0f32), (1.0, 1.0), (1.0, -1.0), (-1.0, -1.0)] {
        v.extend_from_slice(&[x, y, 0.0, color]);
    }
    let vb = r.vertex_buffer(4, &v);
    let ib = r.index_buffer(&[0, 1, 2, 0, 2, 3]);
    // Shift right by half the screen: the left half stays clear.
    r.b.set_program_constants(
        molehill_agal::ProgramKind::Vertex,
        0,
        &[[1.0, 0.0, 0.0, 0.0]],
    );
    let mut streams = [None; MAX_STREAMS];
    streams[0] = Rig::stream(vb, 0, 4, VertexFormat::Float3);
    streams[1] = Rig::stream(vb, 3, 4, VertexFormat::Bytes4);
    r.draw(p, streams, [None; MAX_SAMPLERS], ib, 6);
    let px = r.read();
    assert_eq!(r.at(&px, 2, 8), argb(255, 0, 0, 0));
    assert_px(
        r.at(&px, 12, 8),
        argb(0xFF, 0x20, 0x80, 0x40),
        0,
        "bytes4 colour",
    );
}

#[test]
fn instanced_draws_read_per_instance_streams() {
    // A quad in the left quarter, drawn twice with per-instance x offsets 0 and 1.
    let mut r = Rig::new(32, 8);
    r.clear([0.0, 0.0, 0.0, 1.0]);
    let p = r.program_v(
        "add op, va0, va2\nmov v0, va1",
        "mov oc, v0",
        molehill_agal::Version::V2,
    );
    let q = r.color_quad([-1.0, -1.0, -0.5, 1.0], 0.0, [1.0, 1.0, 0.0, 1.0]);
    let id = VertexBufferId(9000);
    let desc = VertexBufferDesc {
        num_vertices: 2,
        data32_per_vertex: 4,
        usage: BufferUsage::StaticDraw,
        instances_per_element: Some(1),
    };
    r.b.create_vertex_buffer(id, &desc).unwrap();
    let offsets: Vec<u8> = [0.0f32, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0]
        .iter()
        .flat_map(|f| f.to_le_bytes())
        .collect();
    r.b.upload_vertex_buffer(id, 0, &offsets).unwrap();
    let mut streams = [None; MAX_STREAMS];
    streams[0] = Rig::stream(q.0, 0, 7, VertexFormat::Float3);
    streams[1] = Rig::stream(q.0, 3, 7, VertexFormat::Float4);
    streams[2] = Some(VertexStream {
        buffer: id,
        byte_offset: 0,
        stride: 16,
        format: VertexFormat::Float4,
        divisor: 1,
    });
    let d = ResolvedDraw {
        program: p,
        streams,
        samplers: [None; MAX_SAMPLERS],
        index_buffer: q.1,
        first_index: 0,
        index_count: 6,
        instances: Some(2),
    };
    r.b.draw(&d).unwrap();
    let px = r.read();
    let yellow = argb(255, 255, 255, 0);
    let black = argb(255, 0, 0, 0);
    assert_eq!(
        [
            r.at(&px, 2, 4),
            r.at(&px, 10, 4),
            r.at(&px, 18, 4),
            r.at(&px, 26, 4)
        ],
        [yellow, black, yellow, black]
    );
}

#[test]
fn partial_uploads_at_offsets_and_first_index() {
    let mut r = Rig::new(16, 16);
    r.clear([0.0, 0.0, 0.0, 1.0]);
    let p = r.program(POS_COLOR_VS, COLOR_FS);
    // Two quads in one buffer: the second's colour is replaced by a partial upload.
    let mut v = Vec::new();
    for (x0, x1) in [(-1.0f32, 0.0f32), (0.0, 1.0)] {
        for (x, y) in [(x0, 1.0f32), (x1, 1.0), (x1, -1.0), (x0, -1.0)] {
            v.extend_from_slice(&[x, y, 0.0, 1.0, 0.0, 0.0, 1.0]);
        }
    }
    let vb = r.vertex_buffer(7, &v);
    let blue: Vec<u8> = [0.0f32, 0.0, 1.0, 1.0]
        .iter()
        .flat_map(|f| f.to_le_bytes())
        .collect();
    for vertex in 4..8u64 {
        r.b.upload_vertex_buffer(vb, (vertex * 7 + 3) * 4, &blue)
            .unwrap();
    }
    let ib = r.index_buffer(&[0, 1, 2, 0, 2, 3, 0, 0, 0, 0, 0, 0]);
    // The second quad's indices go in at an offset of 6 indices.
    r.b.upload_index_buffer(ib, 12, &[4, 5, 6, 4, 6, 7])
        .unwrap();
    let mut streams = [None; MAX_STREAMS];
    streams[0] = Rig::stream(vb, 0, 7, VertexFormat::Float3);
    streams[1] = Rig::stream(vb, 3, 7, VertexFormat::Float4);
    let d = ResolvedDraw {
        program: p,
        streams,
        samplers: [None; MAX_SAMPLERS],
        index_buffer: ib,
        first_index: 6,
        index_count: 6,
        instances: None,
    };
    r.b.draw(&d).unwrap();
    let px = r.read();
    assert_eq!(r.at(&px, 4, 8), argb(255, 0, 0, 0), "first quad not drawn");
    assert_eq!(
        r.at(&px, 12, 8),
        argb(255, 0, 0, 255),
        "second quad, recoloured"
    );
}
