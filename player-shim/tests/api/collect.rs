//! Objects the VM's garbage collector dropped (issue 36, item 2): `*_collect` frees the object
//! and its memory budget at once, sends no event and throws nothing, is idempotent, leaves a
//! bound object drawing until its binding lets it go (where it differs from `dispose()`), and
//! never touches another context's objects.

use std::cell::RefCell;
use std::rc::Rc;

use molehill_context3d::recording::Call;
use molehill_context3d::{Backend, RecordingBackend};
use molehill_player::{BackendCreationError, ContextOptions, Stage3D};

/// A Stage3D whose every context draws on a RecordingBackend the test keeps.
fn kept_stage() -> (Stage3D, Rc<RefCell<RecordingBackend>>) {
    let kept: Rc<RefCell<RecordingBackend>> = Rc::default();
    let shared = kept.clone();
    let factory =
        move || -> Result<Box<dyn Backend>, BackendCreationError> { Ok(Box::new(shared.clone())) };
    (Stage3D::new(Box::new(factory)), kept)
}

fn disposed_textures(backend: &RecordingBackend) -> usize {
    backend
        .calls
        .iter()
        .filter(|c| matches!(c, Call::DisposeTexture(_)))
        .count()
}

/// 256x256 bgra with its mip chain: 349,524 bytes; three fit in 1 MiB, a fourth does not.
const TEXTURE_BYTES: u64 = 349_524;

#[test]
fn collecting_gives_the_budget_back_at_once_without_an_event() {
    let (mut stage, kept) = kept_stage();
    stage.set_context_options(ContextOptions::default().with_memory_budget(1 << 20));
    stage.request_context3d("auto", "baseline").unwrap();
    stage.take_events();
    let ctx = stage.context3d_mut().unwrap();
    let made: Vec<_> = (0..3)
        .map(|_| ctx.create_texture(256, 256, "bgra", false, 0).unwrap())
        .collect();
    assert_eq!(ctx.total_gpu_memory(), 3 * TEXTURE_BYTES);
    let err = ctx.create_texture(256, 256, "bgra", false, 0).unwrap_err();
    assert_eq!(err.id, 3691, "{err}");

    ctx.texture_collect(made[1]);
    assert_eq!(
        ctx.total_gpu_memory(),
        2 * TEXTURE_BYTES,
        "given back at once"
    );
    assert_eq!(
        disposed_textures(&kept.borrow()),
        1,
        "the GPU texture is freed"
    );
    ctx.texture_collect(made[1]);
    assert_eq!(
        disposed_textures(&kept.borrow()),
        1,
        "collecting twice does nothing"
    );
    let again = ctx.create_texture(256, 256, "bgra", false, 0).unwrap();
    assert_eq!(ctx.total_gpu_memory(), 3 * TEXTURE_BYTES);
    // A later call with the collected handle is #3694, as for a disposed object.
    let e = ctx.set_texture_at(0, Some(made[1])).unwrap_err();
    assert_eq!(e.id, 3694, "{e}");
    assert_ne!(again, made[1]);
    assert!(stage.take_events().is_empty(), "no event");
}

#[test]
fn every_kind_is_freed_with_its_budget() {
    let (mut stage, kept) = kept_stage();
    stage.request_context3d("auto", "standard").unwrap();
    let ctx = stage.context3d_mut().unwrap();
    let vb = ctx.create_vertex_buffer(16, 4, "staticDraw").unwrap();
    let ib = ctx.create_index_buffer(6, "staticDraw").unwrap();
    let program = ctx.create_program().unwrap();
    let cube = ctx.create_cube_texture(16, "bgra", false, 0).unwrap();
    let rect = ctx.create_rectangle_texture(8, 8, "bgra", false).unwrap();
    let video = ctx.create_video_texture().unwrap();
    assert!(ctx.total_gpu_memory() > 0);
    ctx.vertex_buffer_collect(vb);
    ctx.index_buffer_collect(ib);
    ctx.program_collect(program);
    for t in [cube, rect, video] {
        ctx.texture_collect(t);
    }
    assert_eq!(ctx.total_gpu_memory(), 0);
    let calls = &kept.borrow().calls;
    let count = |f: fn(&Call) -> bool| calls.iter().filter(|c| f(c)).count();
    assert_eq!(count(|c| matches!(c, Call::DisposeVertexBuffer(_))), 1);
    assert_eq!(count(|c| matches!(c, Call::DisposeIndexBuffer(_))), 1);
    assert_eq!(count(|c| matches!(c, Call::DisposeTexture(_))), 3);
    let ctx = stage.context3d_mut().unwrap();
    let e = ctx
        .vertex_buffer_upload_from_vector(vb, &[0.0f64; 4], 0, 1)
        .unwrap_err();
    assert_eq!(e.id, 3694, "{e}");
    let e = ctx
        .index_buffer_upload_from_vector(ib, &[0, 1, 2], 0, 3)
        .unwrap_err();
    assert_eq!(e.id, 3694, "{e}");
    let e = ctx.set_program(Some(program)).unwrap_err();
    assert_eq!(e.id, 3694, "{e}");
}

/// Flash's context holds what is bound: a collected texture, buffer or program still bound
/// draws as before and is freed when the binding lets it go. `dispose()` does not wait.
#[test]
fn a_bound_object_stays_until_unbound_where_dispose_does_not() {
    let (mut stage, kept) = kept_stage();
    stage.request_context3d("auto", "baseline").unwrap();
    let ctx = stage.context3d_mut().unwrap();
    let t = ctx.create_texture(4, 4, "bgra", false, 0).unwrap();
    let target = ctx.create_texture(4, 4, "bgra", true, 0).unwrap();
    let vb = ctx.create_vertex_buffer(3, 2, "staticDraw").unwrap();
    let program = ctx.create_program().unwrap();
    ctx.set_texture_at(0, Some(t)).unwrap();
    ctx.set_texture_at(1, Some(t)).unwrap();
    ctx.set_render_to_texture(Some(target), false, 0, 0, 0)
        .unwrap();
    ctx.set_vertex_buffer_at(0, Some(vb), 0, "float2").unwrap();
    ctx.set_program(Some(program)).unwrap();
    let before = ctx.total_gpu_memory();
    for texture in [t, target] {
        ctx.texture_collect(texture);
    }
    ctx.vertex_buffer_collect(vb);
    ctx.program_collect(program);
    assert_eq!(ctx.total_gpu_memory(), before, "all still bound");
    assert_eq!(ctx.inner().collected_but_bound(), 4);
    assert_eq!(disposed_textures(&kept.borrow()), 0);

    ctx.set_texture_at(0, None).unwrap();
    assert_eq!(
        disposed_textures(&kept.borrow()),
        0,
        "sampler 1 still holds it"
    );
    ctx.set_texture_at(1, None).unwrap();
    assert_eq!(
        disposed_textures(&kept.borrow()),
        1,
        "the last sampler let it go"
    );
    ctx.set_render_to_back_buffer().unwrap();
    assert_eq!(disposed_textures(&kept.borrow()), 2);
    ctx.set_vertex_buffer_at(0, None, 0, "float2").unwrap();
    ctx.set_program(None).unwrap();
    assert_eq!(ctx.inner().collected_but_bound(), 0);
    assert_eq!(ctx.total_gpu_memory(), 0);

    // dispose() frees at once, bound or not.
    let t = ctx.create_texture(4, 4, "bgra", false, 0).unwrap();
    ctx.set_texture_at(0, Some(t)).unwrap();
    let n = disposed_textures(&kept.borrow());
    ctx.texture_dispose(t);
    assert_eq!(disposed_textures(&kept.borrow()), n + 1);
    assert_eq!(ctx.total_gpu_memory(), 0);
}

#[test]
fn collecting_never_touches_another_context() {
    let (mut stage, kept) = kept_stage();
    stage.request_context3d("auto", "baseline").unwrap();
    let first = stage.context3d().unwrap().id();
    let ctx = stage.context3d_mut().unwrap();
    let old = ctx.create_texture(4, 4, "bgra", false, 0).unwrap();
    ctx.dispose(true); // a new context, same profile
    let ctx = stage.context3d_mut().unwrap();
    let new = ctx.create_texture(4, 4, "bgra", false, 0).unwrap();
    let n = disposed_textures(&kept.borrow());
    ctx.texture_collect(old); // a handle of the replaced context names nothing here
    stage.context3d_by_id(first).unwrap().texture_collect(old);
    assert_eq!(disposed_textures(&kept.borrow()), n);
    let ctx = stage.context3d_mut().unwrap();
    ctx.set_texture_at(0, Some(new)).unwrap();
    assert!(ctx.total_gpu_memory() > 0);
}

#[test]
fn a_collected_disposed_context_gives_its_renderer_back() {
    let (mut stage, kept) = kept_stage();
    stage.request_context3d("auto", "standard").unwrap();
    let id = stage.context3d().unwrap().id();
    stage.context3d_collect(id); // still the Stage3D's context3D: kept
    assert!(stage.context3d().is_some());
    stage.context3d_mut().unwrap().dispose(false);
    // The test's clone and the context's hold the backend.
    assert_eq!(Rc::strong_count(&kept), 3);
    stage.context3d_collect(id);
    assert_eq!(Rc::strong_count(&kept), 2, "the renderer is dropped");
    let ctx = stage.context3d_by_id(id).unwrap();
    assert_eq!(ctx.driver_info(), "Disposed");
    assert_eq!(ctx.profile(), "standard");
    assert_eq!(ctx.create_program().unwrap_err().id, 3694);
    stage.context3d_collect(id);
}
