//! The per-context memory budget (issue 16): what counts, #3691 before anything is allocated,
//! `totalGPUMemory`, disposal and loss.

use molehill_agal::flash::ErrorClass;
use molehill_agal::profile::Profile;
use molehill_context3d::{BackendError, Call, ContextOptions, DEFAULT_MEMORY_BUDGET};

use crate::common::*;

const MIB: u64 = 1 << 20;
const LIMIT: &str = "Error #3691: Resource limit for this resource type exceeded.";

#[test]
fn every_object_counts_with_all_its_levels_faces_and_surfaces() {
    let mut c = ctx(Profile::Standard);
    assert_eq!(c.options().memory_budget, DEFAULT_MEMORY_BUDGET);
    assert_eq!(c.total_gpu_memory(), 0);
    // Back buffer 64x64, antiAlias 4, depth: colour 4 + 4 samples x 4 + depth 4 samples x 4.
    c.configure_back_buffer(64, 64, 4, true, false, false)
        .unwrap();
    let bb = 64 * 64 * (4 + 16 + 16);
    assert_eq!(c.total_gpu_memory(), bb);
    // A full chain 8x8 bgra: (64 + 16 + 4 + 1) texels x 4.
    let t = c.create_texture(8, 8, "bgra", true, 0).unwrap();
    assert_eq!(c.total_gpu_memory(), bb + 85 * 4);
    // A cube of 4x4 rgbaHalfFloat: 6 faces x (16 + 4 + 1) x 8.
    let cube = c.create_cube_texture(4, "rgbaHalfFloat", false, 0).unwrap();
    let cube_bytes = 6 * 21 * 8;
    assert_eq!(c.total_gpu_memory(), bb + 340 + cube_bytes);
    let vb = c.create_vertex_buffer(10, 3, "staticDraw").unwrap();
    let ib = c.create_index_buffer(9, "staticDraw").unwrap();
    assert_eq!(c.total_gpu_memory(), bb + 340 + cube_bytes + 120 + 18);
    // Rendering to the texture with depth and antiAlias 2: depth 2 samples x 4, colour 2 x 4.
    c.set_render_to_texture(Some(t), true, 2, 0, 0).unwrap();
    let surfaces = 64 * (8 + 8);
    assert_eq!(c.total_gpu_memory(), bb + 340 + cube_bytes + 138 + surfaces);
    // Charged once, at the largest: a smaller setting adds nothing.
    c.set_render_to_texture(Some(t), false, 0, 0, 0).unwrap();
    assert_eq!(c.total_gpu_memory(), bb + 340 + cube_bytes + 138 + surfaces);
    // Disposal gives everything back (a texture with its surfaces).
    c.texture_dispose(t);
    c.texture_dispose(t);
    c.texture_dispose(cube);
    c.vertex_buffer_dispose(vb);
    c.index_buffer_dispose(ib);
    assert_eq!(c.total_gpu_memory(), bb);
    // A smaller back buffer replaces the old charge.
    c.configure_back_buffer(32, 32, 0, false, false, false)
        .unwrap();
    assert_eq!(c.total_gpu_memory(), 32 * 32 * 4);
    // Video textures: the current frame.
    let v = c.create_video_texture().unwrap();
    c.video_texture_attach_frame(v, &[0; 8], 4, 2).unwrap();
    assert_eq!(c.total_gpu_memory(), 4096 + 32);
    c.video_texture_attach_frame(v, &[0; 1], 1, 1).unwrap();
    assert_eq!(c.total_gpu_memory(), 4096 + 4);
    c.dispose(false);
    assert_eq!(c.total_gpu_memory(), 0, "dispose resets the count");
}

#[test]
fn an_allocation_over_the_budget_is_3691_before_anything_is_allocated() {
    let mut c = ctx(Profile::Standard);
    c.set_options(ContextOptions::default().with_memory_budget(8 * MIB));
    // 1024x1024 bgra with its chain: 4 MiB + a third.
    let mut made = Vec::new();
    let err = loop {
        match c.create_texture(1024, 1024, "bgra", false, 0) {
            Ok(t) => made.push(t),
            Err(e) => break e,
        }
        assert!(made.len() < 10, "the budget never hit");
    };
    assert_eq!(made.len(), 1);
    assert_eq!(
        (err.class, err.id, err.message.as_str()),
        (ErrorClass::Error, 3691, LIMIT)
    );
    let used = c.total_gpu_memory();
    assert!(used <= 8 * MIB);
    c.backend_mut().take();
    // Every kind is refused the same way, and nothing reaches the backend.
    assert_err(
        c.create_cube_texture(1024, "bgra", false, 0),
        ErrorClass::Error,
        3691,
        LIMIT,
    );
    assert_err(
        c.create_rectangle_texture(2048, 2048, "bgra", false),
        ErrorClass::Error,
        3691,
        LIMIT,
    );
    assert_err(
        c.configure_back_buffer(2048, 2048, 0, true, false, false),
        ErrorClass::Error,
        3691,
        LIMIT,
    );
    assert_err(
        c.set_render_to_texture(Some(made[0]), true, 16, 0, 0),
        ErrorClass::Error,
        3691,
        LIMIT,
    );
    let v = c.create_video_texture().unwrap();
    assert_err(
        c.video_texture_attach_frame(v, &vec![0; 1 << 20], 1024, 1024),
        ErrorClass::Error,
        3691,
        LIMIT,
    );
    let calls = c.backend_mut().take();
    assert!(
        calls
            .iter()
            .all(|call| matches!(call, Call::CreateTexture(_, d) if d.width == 0)),
        "{calls:?}"
    );
    assert_eq!(c.total_gpu_memory(), used);
    // The context keeps working: small objects fit, and a disposal makes room again.
    c.create_vertex_buffer(4, 2, "staticDraw").unwrap();
    c.texture_dispose(made[0]);
    c.create_texture(1024, 1024, "bgra", false, 0).unwrap();
}

#[test]
fn losing_the_context_resets_the_count_and_recreating_keeps_the_budget() {
    let mut c = ctx(Profile::Baseline);
    c.set_options(ContextOptions::default().with_memory_budget(3 * MIB));
    c.create_texture(256, 256, "bgra", false, 0).unwrap();
    assert!(c.total_gpu_memory() > 0);
    c.backend_mut().fail_with = Some(BackendError::ContextLost);
    assert_eq!(
        c.create_texture(4, 4, "bgra", false, 0).unwrap_err().id,
        3694
    );
    assert_eq!(c.total_gpu_memory(), 0, "a lost context holds nothing");
    let fresh = c.recreated(molehill_context3d::RecordingBackend::new());
    assert_eq!(fresh.options().memory_budget, 3 * MIB);
    assert_eq!(fresh.total_gpu_memory(), 0);
}
