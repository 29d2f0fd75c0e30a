//! The calls of a textured quad through `Context3D`, with every argument the methods take,
//! recorded by `RecordingBackend` (no GPU): what docs/context3d.md's opening sample shows.
//!
//! ```text
//! cargo run -p molehill-context3d --example textured_quad
//! ```

use molehill_agal::flash::FlashError;
use molehill_context3d::{Context3D, Endian, RecordingBackend};

fn assemble(text: &str, kind: molehill_agal::ProgramKind) -> Vec<u8> {
    let program =
        molehill_agal::asm::assemble(text, kind, molehill_agal::Version::V1).expect("valid AGAL");
    molehill_agal::encode(&program)
}

fn main() -> Result<(), FlashError> {
    let mut c = Context3D::request(RecordingBackend::new(), "auto", "standard")?;
    c.configure_back_buffer(640, 480, 0, true, false, false)?;

    // x, y, u, v per vertex; two triangles.
    let vb = c.create_vertex_buffer(4, 4, "staticDraw")?;
    #[rustfmt::skip]
    let data = [
        -1.0, -1.0, 0.0, 1.0,
         1.0, -1.0, 1.0, 1.0,
         1.0,  1.0, 1.0, 0.0,
        -1.0,  1.0, 0.0, 0.0,
    ];
    c.vertex_buffer_upload_from_vector(vb, &data, 0, 4)?; // data, startVertex, numVertices
    let ib = c.create_index_buffer(6, "staticDraw")?;
    c.index_buffer_upload_from_vector(ib, &[0, 1, 2, 0, 2, 3], 0, 6)?; // data, startOffset, count

    // Program3D.upload(vertexProgram, fragmentProgram): AGAL bytecode, each with its ByteArray's
    // endianness (Flash needs little-endian bytecode: #3612 otherwise).
    let program = c.create_program()?;
    let vertex = assemble(
        "mov op, va0\nmov v0, va1",
        molehill_agal::ProgramKind::Vertex,
    );
    let fragment = assemble(
        "tex ft0, v0, fs0 <2d,linear,clamp>\nmov oc, ft0",
        molehill_agal::ProgramKind::Fragment,
    );
    c.program_upload(program, &vertex, Endian::Little, &fragment, Endian::Little)?;

    // Texture.uploadFromBitmapData(source, miplevel): 0xAARRGGBB pixels, the bitmap's width and
    // height, the cube side (0 for a 2D texture) and the mip level.
    let texture = c.create_texture(2, 2, "bgra", false, 0)?;
    let pixels = [0xFFFF_0000, 0xFF00_FF00, 0xFF00_00FF, 0xFFFF_FFFF];
    c.texture_upload_from_bitmap_data(texture, &pixels, 2, 2, 0, 0)?;

    c.set_program(Some(program))?;
    c.set_vertex_buffer_at(0, Some(vb), 0, "float2")?; // index, buffer, bufferOffset, format
    c.set_vertex_buffer_at(1, Some(vb), 2, "float2")?;
    c.set_texture_at(0, Some(texture))?;
    c.set_culling("back")?; // AS3 enum strings, case-sensitive
    c.clear(0.0, 0.0, 0.0, 1.0, 1.0, 0, 7)?;
    c.draw_triangles(Some(ib), 0, -1)?; // firstIndex, numTriangles (-1: all)
    c.present()?;

    let calls = c.backend_mut().take();
    println!("{} backend calls recorded:", calls.len());
    for call in calls {
        println!("  {call:?}");
    }
    Ok(())
}
