//! The per-context memory budget on headless GL (issue 16): textures are created until the
//! budget is reached, the next creation is #3691, `totalGPUMemory` stays within the budget, and
//! a draw with the textures already made still works.

use molehill_player::as3::{BitmapData, BitmapDataMut, ByteArray};
use molehill_player::{ContextOptions, HeadlessGl, Stage3D};

const MIB: u64 = 1 << 20;

fn agal(source: &str, kind: molehill_agal::ProgramKind) -> Vec<u8> {
    molehill_agal::encode(
        &molehill_agal::asm::assemble(source, kind, molehill_agal::Version::V1).unwrap(),
    )
}

#[test]
fn textures_until_the_budget_then_a_draw_with_those_made() {
    let budget = 40 * MIB;
    let mut stage = Stage3D::new(Box::new(HeadlessGl::default()));
    stage.set_context_options(ContextOptions::default().with_memory_budget(budget));
    stage.request_context3d("auto", "baseline").unwrap();
    let ctx = stage.context3d_mut().unwrap();
    ctx.configure_back_buffer(64, 64, 0, false, false, false)
        .unwrap();
    let green = vec![0xFF00FF00u32; 1024 * 1024];
    let mut made = Vec::new();
    let err = loop {
        match ctx.create_texture(1024, 1024, "bgra", false, 0) {
            Ok(t) => {
                let bitmap = BitmapData {
                    width: 1024,
                    height: 1024,
                    pixels: &green,
                    premultiplied: true,
                    transparent: true,
                };
                ctx.texture_upload_from_bitmap_data(t, bitmap, 0).unwrap();
                made.push(t);
            }
            Err(e) => break e,
        }
        assert!(made.len() < 100, "the budget was never reached");
    };
    // 1024x1024 bgra with its chain is 4 MiB and a third: 7 fit in 40 MiB with the back buffer.
    assert_eq!(made.len(), 7);
    assert_eq!(err.id, 3691, "{err}");
    assert_eq!(
        err.message,
        "Error #3691: Resource limit for this resource type exceeded."
    );
    assert!(ctx.total_gpu_memory() <= budget);
    assert!(ctx.total_gpu_memory() > budget - 6 * MIB);

    // The context keeps working: a draw sampling the first texture.
    let vb = ctx.create_vertex_buffer(4, 4, "staticDraw").unwrap();
    let quad = [
        -1.0, 1.0, 0.0, 0.0, 1.0, 1.0, 1.0, 0.0, 1.0, -1.0, 1.0, 1.0, -1.0, -1.0, 0.0, 1.0,
    ];
    ctx.vertex_buffer_upload_from_vector(vb, &quad, 0, 4)
        .unwrap();
    let ib = ctx.create_index_buffer(6, "staticDraw").unwrap();
    ctx.index_buffer_upload_from_vector(ib, &[0, 1, 2, 0, 2, 3], 0, 6)
        .unwrap();
    let program = ctx.create_program().unwrap();
    let vs = agal(
        "mov op, va0\nmov v0, va1",
        molehill_agal::ProgramKind::Vertex,
    );
    let fs = agal(
        "tex ft0, v0, fs0 <2d,nearest,clamp,mipnone>\nmov oc, ft0",
        molehill_agal::ProgramKind::Fragment,
    );
    ctx.program_upload(
        program,
        ByteArray::little_endian(&vs),
        ByteArray::little_endian(&fs),
    )
    .unwrap();
    ctx.set_enable_error_checking(true).unwrap();
    ctx.set_program(Some(program)).unwrap();
    ctx.set_vertex_buffer_at(0, Some(vb), 0, "float2").unwrap();
    ctx.set_vertex_buffer_at(1, Some(vb), 2, "float2").unwrap();
    ctx.set_texture_at(0, Some(made[0])).unwrap();
    ctx.clear(1.0, 0.0, 0.0, 1.0, 1.0, 0, 0xFFFF_FFFF).unwrap();
    ctx.draw_triangles(ib, 0, 2).unwrap();
    // The count a host reads (the glue's draws per frame inside Ruffle).
    assert_eq!(ctx.draws_since_present(), 1);
    let mut pixels = vec![0u32; 64 * 64];
    ctx.draw_to_bitmap_data(
        &mut BitmapDataMut {
            width: 64,
            height: 64,
            pixels: &mut pixels,
            premultiplied: true,
            transparent: true,
        },
        None,
        None,
    )
    .unwrap();
    assert_eq!(pixels[32 * 64 + 32], 0xFF00FF00);

    // Disposal gives the memory back: one more texture fits.
    ctx.texture_dispose(made[6]);
    ctx.create_texture(1024, 1024, "bgra", false, 0).unwrap();
}
