//! A GL player embedding Molehill through the facade: its factory puts each context's
//! backend in the player's own GL context and keeps a handle to read the frame texture.

use std::cell::RefCell;
use std::rc::Rc;

use molehill_agal::flash::FlashError;
use molehill_context3d::Backend;
use molehill_gl::{ContextOptions, GlBackend, GlContext, HostContext};
use molehill_player::as3::BitmapDataMut;
use molehill_player::{BackendCreationError, Stage3D, Stage3DEvent};

type Handle = Rc<RefCell<Option<Rc<RefCell<GlBackend>>>>>;

/// A factory making backends in `player`'s context, keeping the last one in `handle`.
fn factory(player: Rc<GlContext>, handle: Handle) -> Box<dyn molehill_player::BackendFactory> {
    Box::new(move || -> Result<Box<dyn Backend>, BackendCreationError> {
        let backend = GlBackend::on_host_context(HostContext::of(&player)?)?;
        let shared = Rc::new(RefCell::new(backend));
        *handle.borrow_mut() = Some(shared.clone());
        Ok(Box::new(shared))
    })
}

#[test]
fn a_stage3d_draws_in_the_players_context_and_hands_out_its_frame() {
    let player = Rc::new(GlContext::headless(&ContextOptions::default()).expect("player"));
    let handle: Handle = Rc::default();
    let mut s = Stage3D::new(factory(player.clone(), handle.clone()));
    s.request_context3d("auto", "baseline").unwrap();
    let id = s.context3d().expect("made").id();
    assert_eq!(s.take_events(), vec![Stage3DEvent::Context3DCreate(id)]);
    let ctx = s.context3d_mut().unwrap();
    ctx.configure_back_buffer(64, 32, 0, false, false, false)
        .unwrap();
    ctx.clear(1.0, 0.5, 0.0, 1.0, 1.0, 0, 0xFFFF_FFFF).unwrap();
    // The frame through drawToBitmapData (before present, as Flash requires).
    let mut px = vec![0u32; 64 * 32];
    ctx.draw_to_bitmap_data(
        &mut BitmapDataMut {
            width: 64,
            height: 32,
            pixels: &mut px,
            premultiplied: true,
            transparent: true,
        },
        None,
        None,
    )
    .unwrap();
    assert!(px.iter().all(|&p| p == 0xFFFF_8000), "{:08x}", px[0]);
    // The player wants every frame's pixels too, off the hot path.
    let backend = handle.borrow().clone().expect("backend made");
    backend.borrow_mut().set_frame_readback(2);
    let ctx = s.context3d_mut().unwrap();
    ctx.present().unwrap();
    let read = backend.borrow_mut().take_frame_pixels(true).unwrap();
    assert_eq!(read.expect("the frame's pixels").pixels, px);
    let frame = backend
        .borrow()
        .frame()
        .expect("a frame texture after present");
    assert_eq!((frame.width, frame.height, frame.sequence), (64, 32, 1));
    assert!(
        frame.fence.is_none(),
        "the player's own context: nothing to wait for"
    );
    assert!(player.is_current(), "the player's context stays current");
}

#[test]
fn a_player_whose_context_is_not_current_gets_3702() {
    let player = Rc::new(GlContext::headless(&ContextOptions::default()).expect("player"));
    GlContext::release_current().unwrap();
    let handle: Handle = Rc::default();
    let mut s = Stage3D::new(factory(player, handle));
    s.request_context3d("auto", "baseline").unwrap();
    assert!(s.context3d().is_none());
    let events = s.take_events();
    assert_eq!(
        events,
        vec![Stage3DEvent::Error(FlashError::error(3702, &[]))],
        "no context3DCreate"
    );
    assert!(
        matches!(&events[0], Stage3DEvent::Error(e) if e.message == "Error #3702: Context3D not available.")
    );
}
