//! The collect functions through the C ABI (issue 36, item 2), headless GL: a collected
//! texture's memory budget comes back at once (a creation that was #3691 then succeeds), the
//! handle is forgotten (`MH_STATUS_INVALID_ARGUMENT` after), collecting it again succeeds, a
//! bound one is kept until unbound, and a disposed context's handle can be collected.

use std::ptr;

use molehill_capi::*;

/// 256x256 bgra with its mip chain.
const TEXTURE_BYTES: u64 = 349_524;

unsafe fn texture(stage: *mut MhStage3D, ctx: MhContext3D) -> Result<MhTextureBase, u32> {
    let mut t = MhTextureBase::default();
    let mut err = ptr::null_mut();
    // SAFETY: a live stage on this thread; writable out pointers.
    let st = unsafe {
        mh_context3d_create_texture(
            stage,
            ctx,
            256,
            256,
            c"bgra".as_ptr(),
            false,
            0,
            &mut t,
            &mut err,
        )
    };
    if st == MhStatus::Ok {
        return Ok(t);
    }
    // SAFETY: the error the call wrote, read before it is freed.
    let id = unsafe { (*err).id };
    // SAFETY: freed once.
    unsafe { mh_error_free(err) };
    Err(id)
}

unsafe fn memory(stage: *mut MhStage3D, ctx: MhContext3D) -> u64 {
    let mut bytes = 0;
    // SAFETY: as above.
    let st = unsafe { mh_context3d_total_gpu_memory(stage, ctx, &mut bytes, ptr::null_mut()) };
    assert_eq!(st, MhStatus::Ok);
    bytes
}

#[test]
fn a_collected_texture_gives_its_budget_back_and_its_handle_is_forgotten() {
    let mut stage = ptr::null_mut();
    // SAFETY: valid out pointers, no callback, a stage used on this thread and destroyed once.
    unsafe {
        assert_eq!(
            mh_stage3d_new_headless(None, ptr::null_mut(), &mut stage, ptr::null_mut()),
            MhStatus::Ok
        );
        assert_eq!(
            mh_stage3d_set_memory_budget(stage, 1 << 20, ptr::null_mut()),
            MhStatus::Ok
        );
        let ctx = request(stage);
        if ctx.id == 0 {
            eprintln!("skipped: no headless GL context here");
            mh_stage3d_destroy(stage);
            return;
        }
        let made: Vec<_> = (0..3).map(|_| texture(stage, ctx).unwrap()).collect();
        assert_eq!(texture(stage, ctx), Err(3691));
        assert_eq!(memory(stage, ctx), 3 * TEXTURE_BYTES);

        assert_eq!(
            mh_texture_collect(stage, ctx, made[0], ptr::null_mut()),
            MhStatus::Ok
        );
        assert_eq!(memory(stage, ctx), 2 * TEXTURE_BYTES);
        assert_eq!(
            mh_texture_collect(stage, ctx, made[0], ptr::null_mut()),
            MhStatus::Ok
        );
        assert_eq!(
            mh_context3d_set_texture_at(stage, ctx, 0, made[0], ptr::null_mut()),
            MhStatus::InvalidArgument,
            "a collected handle names nothing"
        );
        let again = texture(stage, ctx).unwrap();
        assert_eq!(
            mh_texture_collect(
                stage,
                ctx,
                MhTextureBase { id: again.id + 100 },
                ptr::null_mut()
            ),
            MhStatus::InvalidArgument,
            "a handle never given out"
        );

        // Bound: kept until the sampler lets it go.
        assert_eq!(
            mh_context3d_set_texture_at(stage, ctx, 0, made[1], ptr::null_mut()),
            MhStatus::Ok
        );
        assert_eq!(
            mh_texture_collect(stage, ctx, made[1], ptr::null_mut()),
            MhStatus::Ok
        );
        assert_eq!(memory(stage, ctx), 3 * TEXTURE_BYTES);
        let null = MhTextureBase::default();
        assert_eq!(
            mh_context3d_set_texture_at(stage, ctx, 0, null, ptr::null_mut()),
            MhStatus::Ok
        );
        assert_eq!(memory(stage, ctx), 2 * TEXTURE_BYTES);

        let mut vb = MhVertexBuffer3D::default();
        let usage = c"staticDraw".as_ptr();
        assert_eq!(
            mh_context3d_create_vertex_buffer(stage, ctx, 4, 4, usage, &mut vb, ptr::null_mut()),
            MhStatus::Ok
        );
        let mut ib = MhIndexBuffer3D::default();
        assert_eq!(
            mh_context3d_create_index_buffer(stage, ctx, 6, usage, &mut ib, ptr::null_mut()),
            MhStatus::Ok
        );
        let mut program = MhProgram3D::default();
        assert_eq!(
            mh_context3d_create_program(stage, ctx, &mut program, ptr::null_mut()),
            MhStatus::Ok
        );
        assert_eq!(
            mh_vertex_buffer_collect(stage, ctx, vb, ptr::null_mut()),
            MhStatus::Ok
        );
        assert_eq!(
            mh_index_buffer_collect(stage, ctx, ib, ptr::null_mut()),
            MhStatus::Ok
        );
        assert_eq!(
            mh_program_collect(stage, ctx, program, ptr::null_mut()),
            MhStatus::Ok
        );
        assert_eq!(memory(stage, ctx), 2 * TEXTURE_BYTES);

        assert_eq!(
            mh_context3d_collect(stage, ctx, ptr::null_mut()),
            MhStatus::Ok,
            "live: kept"
        );
        assert_eq!(
            mh_context3d_dispose(stage, ctx, false, ptr::null_mut()),
            MhStatus::Ok
        );
        assert_eq!(
            mh_context3d_collect(stage, ctx, ptr::null_mut()),
            MhStatus::Ok
        );
        assert_eq!(
            mh_texture_collect(stage, ctx, made[2], ptr::null_mut()),
            MhStatus::Ok
        );
        let mut err = ptr::null_mut();
        assert_eq!(
            mh_context3d_clear(stage, ctx, 0.0, 0.0, 0.0, 1.0, 1.0, 0, 7, &mut err),
            MhStatus::FlashError
        );
        assert_eq!((*err).id, 3694, "still Flash's disposed Context3D");
        mh_error_free(err);
        mh_stage3d_destroy(stage);
    }
}

unsafe fn request(stage: *mut MhStage3D) -> MhContext3D {
    let mut ctx = MhContext3D::default();
    // SAFETY: a live stage on this thread; a writable out pointer.
    unsafe {
        let st = mh_stage3d_request_context3d(
            stage,
            c"auto".as_ptr(),
            c"baseline".as_ptr(),
            ptr::null_mut(),
        );
        assert_eq!(st, MhStatus::Ok);
        assert_eq!(
            mh_stage3d_context3d(stage, &mut ctx, ptr::null_mut()),
            MhStatus::Ok
        );
    }
    ctx
}

/// The message of a failed call's error (freed here).
unsafe fn message(err: *mut MhError) -> String {
    // SAFETY: an error a call wrote, read once and freed once.
    unsafe {
        let text = std::ffi::CStr::from_ptr((*err).message)
            .to_string_lossy()
            .into_owned();
        mh_error_free(err);
        text
    }
}

#[test]
fn a_resource_named_with_a_context_that_did_not_make_it_is_refused_and_kept() {
    let mut stage = ptr::null_mut();
    // SAFETY: valid out pointers, no callback, a stage used on this thread and destroyed once.
    unsafe {
        assert_eq!(
            mh_stage3d_new_headless(None, ptr::null_mut(), &mut stage, ptr::null_mut()),
            MhStatus::Ok
        );
        let old = request(stage);
        if old.id == 0 {
            eprintln!("skipped: no headless GL context here");
            mh_stage3d_destroy(stage);
            return;
        }
        let old_texture = texture(stage, old).unwrap();
        let new = request(stage);
        assert_ne!(old, new, "the second request replaced the context");
        let live = texture(stage, new).unwrap();
        let usage = c"staticDraw".as_ptr();
        let mut vb = MhVertexBuffer3D::default();
        assert_eq!(
            mh_context3d_create_vertex_buffer(stage, new, 4, 4, usage, &mut vb, ptr::null_mut()),
            MhStatus::Ok
        );
        assert_eq!(memory(stage, new), TEXTURE_BYTES + 4 * 4 * 4);

        // The replaced context's handle with the live context's objects: refused, as their
        // dispose and upload are, and nothing is forgotten or freed.
        let mut err = ptr::null_mut();
        assert_eq!(
            mh_texture_collect(stage, old, live, &mut err),
            MhStatus::InvalidArgument
        );
        let text = message(err);
        assert!(text.contains("another Context3D"), "{text}");
        assert_eq!(
            mh_vertex_buffer_collect(stage, old, vb, ptr::null_mut()),
            MhStatus::InvalidArgument
        );
        assert_eq!(
            mh_texture_dispose(stage, old, live, ptr::null_mut()),
            MhStatus::InvalidArgument
        );
        assert_eq!(
            mh_vertex_buffer_dispose(stage, old, vb, ptr::null_mut()),
            MhStatus::InvalidArgument
        );
        let data = [0.0f64; 16];
        assert_eq!(
            mh_vertex_buffer_upload_from_vector(
                stage,
                old,
                vb,
                data.as_ptr(),
                data.len(),
                0,
                4,
                ptr::null_mut()
            ),
            MhStatus::InvalidArgument
        );
        // A live texture's handle given as a vertex buffer's: refused, not forgotten.
        assert_eq!(
            mh_vertex_buffer_collect(
                stage,
                new,
                MhVertexBuffer3D { id: live.id },
                ptr::null_mut()
            ),
            MhStatus::InvalidArgument
        );
        assert_eq!(memory(stage, new), TEXTURE_BYTES + 4 * 4 * 4);
        assert_eq!(
            mh_context3d_set_texture_at(stage, new, 0, live, ptr::null_mut()),
            MhStatus::Ok,
            "the live texture's handle still names it"
        );
        assert_eq!(
            mh_context3d_set_vertex_buffer_at(
                stage,
                new,
                0,
                vb,
                0,
                c"float4".as_ptr(),
                ptr::null_mut()
            ),
            MhStatus::Ok,
            "the live buffer's handle still names it"
        );

        // The old context's texture through the new context: refused too; through its own
        // (replaced) context it is collected.
        assert_eq!(
            mh_texture_collect(stage, new, old_texture, ptr::null_mut()),
            MhStatus::InvalidArgument
        );
        assert_eq!(
            mh_texture_collect(stage, old, old_texture, ptr::null_mut()),
            MhStatus::Ok
        );

        // Named with their own context, the live objects are collected (kept while bound).
        let null_vb = MhVertexBuffer3D::default();
        let null_t = MhTextureBase::default();
        assert_eq!(
            mh_context3d_set_vertex_buffer_at(
                stage,
                new,
                0,
                null_vb,
                0,
                c"float4".as_ptr(),
                ptr::null_mut()
            ),
            MhStatus::Ok
        );
        assert_eq!(
            mh_context3d_set_texture_at(stage, new, 0, null_t, ptr::null_mut()),
            MhStatus::Ok
        );
        assert_eq!(
            mh_texture_collect(stage, new, live, ptr::null_mut()),
            MhStatus::Ok
        );
        assert_eq!(
            mh_vertex_buffer_collect(stage, new, vb, ptr::null_mut()),
            MhStatus::Ok
        );
        assert_eq!(memory(stage, new), 0);
        mh_stage3d_destroy(stage);
    }
}
