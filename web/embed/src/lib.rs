//! What a browser player adds to embed Molehill's Stage3D, as one small module: a Stage3D on
//! one renderer (molehill-gl on WebGL2, feature `gl`; molehill-wgpu on the browser's WebGPU,
//! feature `wgpu`), and the calls content makes in its first frame ([`draw`]). It is the
//! runnable example of docs/web.md ("Embedding Molehill in a browser player") and the module
//! whose size that page gives for each renderer alone (`scripts/web-sizes`).
//!
//! [`draw`] runs natively too: the tests run it on both headless backends and check its
//! pixels, so the example cannot rot.
#![forbid(unsafe_code)]

use molehill_agal::{ProgramKind, Version};
use molehill_player::as3::{BitmapData, BitmapDataMut, ByteArray};
use molehill_player::{
    BlendFactor, BufferUsage, CompareMode, Stage3D, Stage3DEvent, TextureFormat, TriangleFace,
    VertexFormat,
};

#[cfg(target_arch = "wasm32")]
mod exports;

/// The stage's width and height.
pub const SIDE: u32 = 32;

/// What [`draw`] gives back: the frame `drawToBitmapData` copied (`SIDE * SIDE` pixels
/// `0xAARRGGBB`, premultiplied, rows top first) and the id of the context it made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Drawn {
    /// The pixels.
    pub pixels: Vec<u32>,
    /// `context3DCreate`'s context id.
    pub context: u64,
}

/// Why [`draw`] stopped: Flash's error text (`Error #3694: ...` and the like), or an event
/// that was not `context3DCreate`.
pub type Failure = String;

fn agal(text: &str, kind: ProgramKind) -> Result<Vec<u8>, Failure> {
    let program =
        molehill_agal::asm::assemble(text, kind, Version::V1).map_err(|e| e.to_string())?;
    Ok(molehill_agal::encode(&program))
}

/// Asks `stage` for a context, then makes the calls a Stage3D game makes in its first frame,
/// typed as a VM with typed values calls them (docs/player.md): a program from AGAL bytecode,
/// a vertex and an index buffer, a texture from a BitmapData, state, constants, a draw of a
/// textured quad over a cleared back buffer, `drawToBitmapData`, `present`.
///
/// The quad covers the stage's right half; its texture is 2x2, red and green over blue and
/// white, sampled nearest, tinted by a constant of (1, 1, 1, 1); the left half stays the clear
/// colour, 0xFF203040.
pub fn draw(stage: &mut Stage3D) -> Result<Drawn, Failure> {
    stage
        .request_context3d("auto", "baseline")
        .map_err(|e| e.to_string())?;
    let context = match stage.take_events().into_iter().next() {
        Some(Stage3DEvent::Context3DCreate(id)) => id.get(),
        // No renderer could be made (#3702): Flash's ErrorEvent, as the content would see it.
        Some(Stage3DEvent::Error(e)) => return Err(e.to_string()),
        other => return Err(format!("expected context3DCreate, got {other:?}")),
    };
    let ctx = stage
        .context3d_mut()
        .ok_or("no context after context3DCreate")?;
    let e = |e: molehill_agal::flash::FlashError| e.to_string();
    ctx.configure_back_buffer(SIDE as i32, SIDE as i32, 0, true, false, false)
        .map_err(e)?;
    let vertex = agal("mov op, va0\nmov v0, va1", ProgramKind::Vertex)?;
    let fragment = agal(
        "tex ft0, v0, fs0 <2d, nearest, mipnone, clamp>\nmul oc, ft0, fc0",
        ProgramKind::Fragment,
    )?;
    let program = ctx.create_program().map_err(e)?;
    ctx.program_upload(
        program,
        ByteArray::little_endian(&vertex),
        ByteArray::little_endian(&fragment),
    )
    .map_err(e)?;
    // x, y, u, v: the right half of clip space.
    let quad: [f32; 16] = [
        0.0, 1.0, 0.0, 0.0, 1.0, 1.0, 1.0, 0.0, 1.0, -1.0, 1.0, 1.0, 0.0, -1.0, 0.0, 1.0,
    ];
    let vertices = ctx
        .create_vertex_buffer(4, 4, BufferUsage::StaticDraw)
        .map_err(e)?;
    ctx.vertex_buffer_upload_from_vector(vertices, &quad, 0, 4)
        .map_err(e)?;
    let indices = ctx
        .create_index_buffer(6, BufferUsage::StaticDraw)
        .map_err(e)?;
    ctx.index_buffer_upload_from_vector(indices, &[0, 1, 2, 0, 2, 3], 0, 6)
        .map_err(e)?;
    let texture = ctx
        .create_texture(2, 2, TextureFormat::Bgra, false, 0)
        .map_err(e)?;
    let texels = [0xFFFF_0000, 0xFF00_FF00, 0xFF00_00FF, 0xFFFF_FFFF];
    ctx.texture_upload_from_bitmap_data(
        texture,
        BitmapData {
            width: 2,
            height: 2,
            pixels: &texels,
            premultiplied: true,
            transparent: true,
        },
        0,
    )
    .map_err(e)?;
    ctx.clear(0.125, 0.1875, 0.25, 1.0, 1.0, 0, 0xFFFF_FFFF)
        .map_err(e)?;
    ctx.set_program(Some(program)).map_err(e)?;
    ctx.set_vertex_buffer_at(0, Some(vertices), 0, VertexFormat::Float2)
        .map_err(e)?;
    ctx.set_vertex_buffer_at(1, Some(vertices), 2, VertexFormat::Float2)
        .map_err(e)?;
    ctx.set_texture_at(0, Some(texture)).map_err(e)?;
    ctx.set_blend_factors(BlendFactor::One, BlendFactor::Zero)
        .map_err(e)?;
    ctx.set_depth_test(false, CompareMode::Always).map_err(e)?;
    ctx.set_culling(TriangleFace::None).map_err(e)?;
    ctx.set_program_constants_from_vector(ProgramKind::Fragment, 0, &[1.0f32; 4], -1)
        .map_err(e)?;
    ctx.draw_triangles(indices, 0, -1).map_err(e)?;
    let mut pixels = vec![0u32; (SIDE * SIDE) as usize];
    ctx.draw_to_bitmap_data(
        &mut BitmapDataMut {
            width: SIDE,
            height: SIDE,
            pixels: &mut pixels,
            premultiplied: true,
            transparent: true,
        },
        None,
        None,
    )
    .map_err(e)?;
    ctx.present().map_err(e)?;
    Ok(Drawn { pixels, context })
}
