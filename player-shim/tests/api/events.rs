//! The one event model (docs/player.md, section 4): every event a Stage3D and its contexts
//! cause is a `Stage3DEvent` in the Stage3D's one queue, in the order of the calls that caused
//! them, until the VM takes them; `context3DCreate` names the context it announces. No GL:
//! context3d's RecordingBackend is the renderer.

use molehill_agal::flash::{ErrorClass, FlashError};
use molehill_context3d::Backend;
use molehill_player::as3::{BitmapData, ByteArray};
use molehill_player::{BackendCreationError, Stage3D, Stage3DEvent};

use crate::common::{recording_factory, stage};

fn refusing_stage() -> Stage3D {
    Stage3D::new(Box::new(
        || -> Result<Box<dyn Backend>, BackendCreationError> {
            Err(BackendCreationError::Refused("no GPU today".into()))
        },
    ))
}

fn green(px: &[u32; 4]) -> BitmapData<'_> {
    BitmapData {
        width: 2,
        height: 2,
        pixels: px,
        premultiplied: true,
        transparent: true,
    }
}

#[test]
fn requests_queue_context3d_create_with_the_new_contexts_id() {
    let mut s = stage();
    let e = s.request_context3d("auto", "Baseline").unwrap_err();
    assert_eq!(
        e.message,
        "Error #2008: Parameter profile must be one of the accepted values."
    );
    assert!(s.context3d().is_none());
    let e = s
        .request_context3d_matching_profiles(&[] as &[&str])
        .unwrap_err();
    assert_eq!(e.id, 2008);
    assert_eq!(s.take_events(), [], "a thrown request queues nothing");
    s.request_context3d_matching_profiles(&["baseline", "standard"])
        .unwrap();
    let first = s.context3d().unwrap().id();
    assert_eq!(s.context3d().unwrap().profile(), "standard");
    assert_eq!(s.take_events(), vec![Stage3DEvent::Context3DCreate(first)]);
    // A second request replaces the context: its own event, its own id.
    s.request_context3d("auto", "baselineConstrained").unwrap();
    let second = s.context3d().unwrap().id();
    assert_ne!(first, second);
    assert_eq!(s.context3d().unwrap().profile(), "baselineConstrained");
    assert_eq!(s.take_events(), vec![Stage3DEvent::Context3DCreate(second)]);
    assert_eq!(s.take_events(), [], "taken once");
}

#[test]
fn a_renderer_that_cannot_start_is_an_error_event() {
    let mut s = refusing_stage();
    s.request_context3d("auto", "baseline").unwrap();
    assert!(s.context3d().is_none());
    let events = s.take_events();
    assert_eq!(
        events,
        vec![Stage3DEvent::Error(FlashError::error(3702, &[]))]
    );
    let Stage3DEvent::Error(e) = &events[0] else {
        unreachable!()
    };
    assert_eq!(
        (e.class, e.message.as_str()),
        (ErrorClass::Error, "Error #3702: Context3D not available.")
    );
    // A bad profile is thrown (#2008) even then, and queues no event.
    let e = s.request_context3d("auto", "nonsense").unwrap_err();
    assert_eq!((e.id, e.class), (2008, ErrorClass::ArgumentError));
    let e = s
        .request_context3d_matching_profiles(&[] as &[&str])
        .unwrap_err();
    assert_eq!(e.id, 2008);
    assert_eq!(s.take_events(), []);
}

#[test]
fn async_uploads_queue_texture_ready_and_failed_ones_nothing() {
    let mut s = stage();
    s.request_context3d("auto", "baseline").unwrap();
    s.take_events();
    let ctx = s.context3d_mut().unwrap();
    let tex = ctx.create_texture(2, 2, "bgra", false, 0).unwrap();
    let px = [0xFF00FF00u32; 4];
    ctx.texture_upload_from_bitmap_data(tex, green(&px), 0)
        .unwrap();
    assert_eq!(s.take_events(), [], "a synchronous upload sends nothing");

    let ctx = s.context3d_mut().unwrap();
    ctx.texture_upload_from_bitmap_data_async(tex, green(&px), 0)
        .unwrap();
    let e = ctx
        .texture_upload_from_bitmap_data_async(tex, green(&px), 1)
        .unwrap_err();
    assert_eq!((e.class, e.id), (ErrorClass::Error, 3791));
    assert_eq!(s.take_events(), vec![Stage3DEvent::TextureReady(tex)]);

    // uploadFromByteArrayAsync: textureReady after a good upload, none after a failed one.
    let bytes = [0u8; 16];
    let ctx = s.context3d_mut().unwrap();
    let e = ctx
        .texture_upload_from_byte_array_async(tex, ByteArray::little_endian(&bytes), 0, 1)
        .unwrap_err();
    assert_eq!((e.class, e.id), (ErrorClass::Error, 3791));
    let e = ctx
        .texture_upload_from_byte_array_async(tex, ByteArray::little_endian(&bytes), 4, 0)
        .unwrap_err();
    assert_eq!((e.class, e.id), (ErrorClass::Error, 3669));
    assert_eq!(s.take_events(), []);
    let ctx = s.context3d_mut().unwrap();
    ctx.texture_upload_from_byte_array_async(tex, ByteArray::little_endian(&bytes), 0, 0)
        .unwrap();
    ctx.texture_upload_from_byte_array_async(tex, ByteArray::little_endian(&bytes), 0, 0)
        .unwrap();
    assert_eq!(
        s.take_events(),
        vec![
            Stage3DEvent::TextureReady(tex),
            Stage3DEvent::TextureReady(tex)
        ],
        "one event per upload"
    );
}

/// `uploadCompressedTextureFromByteArray`: `textureReady` with `async` only, and only after
/// an upload that succeeded; a cube texture's too.
#[test]
fn compressed_uploads_queue_texture_ready_when_async() {
    let mut s = stage();
    s.request_context3d("auto", "baseline").unwrap();
    s.take_events();
    // One 4x4 DXT1 level (one block).
    let block = [0u8; 8];
    let atf = molehill_context3d::atf::write_raw(
        false,
        false,
        2,
        2,
        1,
        &[[&block, &[][..], &[][..], &[][..]]],
    );
    let ctx = s.context3d_mut().unwrap();
    let tex = ctx.create_texture(4, 4, "compressed", false, 0).unwrap();
    let data = ByteArray::little_endian(&atf);
    ctx.texture_upload_compressed_from_byte_array(tex, data, 0, false)
        .unwrap();
    assert_eq!(s.take_events(), []);
    let ctx = s.context3d_mut().unwrap();
    ctx.texture_upload_compressed_from_byte_array(tex, data, 0, true)
        .unwrap();
    assert_eq!(s.take_events(), vec![Stage3DEvent::TextureReady(tex)]);
    let ctx = s.context3d_mut().unwrap();
    let e = ctx
        .texture_upload_compressed_from_byte_array(tex, ByteArray::little_endian(&[1, 2]), 0, true)
        .unwrap_err();
    assert_eq!(e.id, 3677, "{e}");
    assert_eq!(s.take_events(), [], "a failed async upload");

    let faces: Vec<[&[u8]; 4]> = (0..6)
        .map(|_| [&block[..], &[][..], &[][..], &[][..]])
        .collect();
    let cube_atf = molehill_context3d::atf::write_raw(false, true, 2, 2, 1, &faces);
    let ctx = s.context3d_mut().unwrap();
    let cube = ctx.create_cube_texture(4, "compressed", false, 0).unwrap();
    ctx.texture_upload_compressed_from_byte_array(
        cube,
        ByteArray::little_endian(&cube_atf),
        0,
        true,
    )
    .unwrap();
    assert_eq!(s.take_events(), vec![Stage3DEvent::TextureReady(cube)]);
}

/// One queue for the Stage3D and each of its contexts, in the order of the calls; another
/// Stage3D's events never mix in; a replaced context's stand-in queues nothing.
#[test]
fn the_stage_and_its_contexts_share_one_queue_in_call_order() {
    let mut s = stage();
    let mut other = stage();
    s.request_context3d("auto", "baseline").unwrap();
    let first = s.context3d().unwrap().id();
    let ctx = s.context3d_mut().unwrap();
    let tex = ctx.create_texture(2, 2, "bgra", false, 0).unwrap();
    let px = [0xFF00FF00u32; 4];
    ctx.texture_upload_from_bitmap_data_async(tex, green(&px), 0)
        .unwrap();
    other.request_context3d("auto", "baseline").unwrap();
    // dispose(true): the recreated context announces itself with its new id.
    s.context3d_mut().unwrap().dispose(true);
    let second = s.context3d().unwrap().id();
    let ctx = s.context3d_mut().unwrap();
    let tex2 = ctx.create_texture(2, 2, "bgra", false, 0).unwrap();
    ctx.texture_upload_from_bitmap_data_async(tex2, green(&px), 0)
        .unwrap();
    // The old context's object: #3694, no event.
    let old = s.context3d_by_id(first).unwrap();
    let e = old
        .texture_upload_from_bitmap_data_async(tex, green(&px), 0)
        .unwrap_err();
    assert_eq!(e.id, 3694);
    old.dispose(true);
    assert_eq!(
        s.take_events(),
        vec![
            Stage3DEvent::Context3DCreate(first),
            Stage3DEvent::TextureReady(tex),
            Stage3DEvent::Context3DCreate(second),
            Stage3DEvent::TextureReady(tex2),
        ]
    );
    let other_id = other.context3d().unwrap().id();
    assert_eq!(
        other.take_events(),
        vec![Stage3DEvent::Context3DCreate(other_id)]
    );
    assert_eq!(s.take_events(), []);
}

/// A recreation that finds no renderer is `ErrorEvent` #3702 in the same queue, after the
/// events before it.
#[test]
fn a_recreation_without_a_renderer_queues_an_error_after_what_came_before() {
    let made = std::cell::Cell::new(false);
    let factory = Box::new(move || -> Result<Box<dyn Backend>, BackendCreationError> {
        if made.replace(true) {
            return Err(BackendCreationError::Refused("lost for good".into()));
        }
        recording_factory().create_backend()
    });
    let mut s = Stage3D::new(factory);
    s.request_context3d("auto", "standard").unwrap();
    let id = s.context3d().unwrap().id();
    let ctx = s.context3d_mut().unwrap();
    let tex = ctx.create_texture(2, 2, "bgra", false, 0).unwrap();
    let px = [0xFF00FF00u32; 4];
    ctx.texture_upload_from_bitmap_data_async(tex, green(&px), 0)
        .unwrap();
    ctx.dispose(true);
    assert!(s.context3d().is_none());
    assert_eq!(
        s.take_events(),
        vec![
            Stage3DEvent::Context3DCreate(id),
            Stage3DEvent::TextureReady(tex),
            Stage3DEvent::Error(FlashError::error(3702, &[])),
        ]
    );
}
