//! A device the host lends ([`WgpuBackend::on_host_device`]) stays the host's: its own
//! uncaptured-error handler keeps firing for its own errors, Molehill's errors stay
//! Molehill's (#3710 with error checking on), and neither is blamed for the other's.

use std::sync::{Arc, Mutex};

use molehill_context3d::Context3D;
use molehill_wgpu::WgpuBackend;

/// The host's device on lavapipe, with the host's own uncaptured-error handler, which keeps
/// what it sees.
fn host_device() -> (
    wgpu::Adapter,
    wgpu::Device,
    wgpu::Queue,
    Arc<Mutex<Vec<String>>>,
) {
    let instance = vulkan_instance();
    let adapter = pollster::block_on(instance.request_adapter(&Default::default()))
        .expect("a Vulkan adapter (apt-get install mesa-vulkan-drivers libvulkan1)");
    let (device, queue) =
        pollster::block_on(adapter.request_device(&Default::default())).expect("device");
    let seen = Arc::new(Mutex::new(Vec::new()));
    let s = seen.clone();
    device.on_uncaptured_error(Arc::new(move |e: wgpu::Error| {
        s.lock().unwrap().push(e.to_string());
    }));
    (adapter, device, queue, seen)
}

/// The host's Vulkan instance, written for the major molehill-wgpu is built against.
#[cfg(not(feature = "wgpu27"))]
fn vulkan_instance() -> wgpu::Instance {
    let mut desc = wgpu::InstanceDescriptor::new_without_display_handle();
    desc.backends = wgpu::Backends::VULKAN;
    wgpu::Instance::new(desc)
}

/// The host's Vulkan instance on wgpu 27 (the feature `wgpu27`).
#[cfg(feature = "wgpu27")]
fn vulkan_instance() -> wgpu::Instance {
    wgpu::Instance::new(&wgpu::InstanceDescriptor {
        backends: wgpu::Backends::VULKAN,
        ..Default::default()
    })
}

/// The host pushes a validation error scope; the closure pops it. wgpu 30 pops through the
/// scope's guard, wgpu 27 (the feature `wgpu27`) through the device (its innermost scope).
fn push_host_scope(device: &wgpu::Device) -> impl FnOnce() -> Option<wgpu::Error> + '_ {
    #[cfg(not(feature = "wgpu27"))]
    {
        let scope = device.push_error_scope(wgpu::ErrorFilter::Validation);
        move || pollster::block_on(scope.pop())
    }
    #[cfg(feature = "wgpu27")]
    {
        device.push_error_scope(wgpu::ErrorFilter::Validation);
        move || pollster::block_on(device.pop_error_scope())
    }
}

/// A buffer wgpu refuses (MAP_READ with MAP_WRITE needs a feature the device lacks): a
/// validation error outside any error scope, the host's own mistake.
fn hosts_bad_buffer(device: &wgpu::Device) -> wgpu::Buffer {
    device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("the host's bad buffer"),
        size: 16,
        usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::MAP_WRITE,
        mapped_at_creation: false,
    })
}

fn clear_and_present(
    ctx: &mut Context3D<WgpuBackend>,
) -> Result<(), molehill_agal::flash::FlashError> {
    ctx.clear(0.0, 0.0, 1.0, 1.0, 1.0, 0, 0xffff_ffff)?;
    ctx.present()
}

#[test]
fn the_hosts_uncaptured_error_handler_still_fires_for_the_hosts_errors() {
    let (adapter, device, queue, seen) = host_device();
    let backend = WgpuBackend::on_host_device(&adapter, device.clone(), queue);
    assert!(backend.gpu().is_lent());
    let mut ctx = Context3D::request(backend, "auto", "baseline").expect("context");
    for checking in [false, true] {
        ctx.set_enable_error_checking(checking).expect("checking");
        ctx.configure_back_buffer(32, 32, 0, true, false, false)
            .expect("back buffer");
        clear_and_present(&mut ctx).expect("a clean frame");
        assert!(seen.lock().unwrap().is_empty(), "{:?}", seen.lock());

        let _bad = hosts_bad_buffer(&device);
        let errors = seen.lock().unwrap().len();
        assert_eq!(errors, 1, "the host's handler saw its own error");
        seen.lock().unwrap().clear();

        // Molehill's next calls are not blamed for it, error checking on or off.
        clear_and_present(&mut ctx).expect("not #3710 for the host's error");
        let mut px = vec![0u32; 32 * 32];
        ctx.draw_to_bitmap_data(&mut px, 32, 32, None, (0, 0))
            .expect("read back");
        assert_eq!(px[0], 0xff00_00ff, "the frame is drawn");
    }
}

#[test]
fn errors_of_molehills_calls_on_a_lent_device_are_molehills() {
    let (adapter, device, queue, seen) = host_device();
    let backend = WgpuBackend::on_host_device(&adapter, device, queue);
    let mut ctx = Context3D::request(backend, "auto", "baseline").expect("context");
    ctx.set_enable_error_checking(true).expect("checking");
    ctx.configure_back_buffer(32, 32, 0, false, false, false)
        .expect("back buffer");
    clear_and_present(&mut ctx).expect("a clean frame");
    // The host breaks Molehill's frame texture (a bug of the host's): the error arises inside
    // Molehill's next frame, so it is Molehill's call that fails, and the host's handler
    // hears nothing of it.
    ctx.backend().frame().expect("frame").texture.destroy();
    let e = clear_and_present(&mut ctx).expect_err("drawing into a destroyed texture");
    assert_eq!(e.id, 3710, "{}", e.message);
    assert!(seen.lock().unwrap().is_empty(), "{:?}", seen.lock());
}

#[test]
fn a_host_scope_around_molehills_calls_gets_only_the_hosts_errors() {
    let (adapter, device, queue, seen) = host_device();
    let backend = WgpuBackend::on_host_device(&adapter, device.clone(), queue);
    let mut ctx = Context3D::request(backend, "auto", "baseline").expect("context");
    ctx.set_enable_error_checking(true).expect("checking");
    ctx.configure_back_buffer(32, 32, 0, false, false, false)
        .expect("back buffer");
    clear_and_present(&mut ctx).expect("a clean frame");

    // The host's scope around a frame of Molehill's in which Molehill meets an error of its
    // own: Molehill's scopes are pushed and popped inside the host's, so the host's catches
    // nothing of Molehill's, and its stack is balanced when it pops.
    let host_scope = push_host_scope(&device);
    ctx.backend().frame().expect("frame").texture.destroy();
    let e = clear_and_present(&mut ctx).expect_err("drawing into a destroyed texture");
    assert_eq!(e.id, 3710, "{}", e.message);
    assert!(host_scope().is_none(), "Molehill's error stayed Molehill's");

    // The host's own error inside its scope, around Molehill's calls, is the host's.
    let host_scope = push_host_scope(&device);
    let _ = ctx.present();
    let _bad = hosts_bad_buffer(&device);
    let _ = ctx.present();
    assert!(
        host_scope().is_some(),
        "the host's scope caught the host's error"
    );
    assert!(seen.lock().unwrap().is_empty(), "{:?}", seen.lock());
}

#[test]
fn the_hosts_device_lost_callback_still_fires_and_can_tell_molehill() {
    let (adapter, device, queue, _seen) = host_device();
    let backend = WgpuBackend::on_host_device(&adapter, device.clone(), queue);
    // What docs/wgpu.md asks of a host: its own callback, which also tells Molehill
    // (the sink is Send + Sync; the backend is not).
    let sink = backend.gpu().sink.clone();
    let host_saw = Arc::new(Mutex::new(None));
    let h = host_saw.clone();
    device.set_device_lost_callback(move |reason, _message| {
        *h.lock().unwrap() = Some(format!("{reason:?}"));
        sink.set_lost();
    });
    let mut ctx = Context3D::request(backend, "auto", "baseline").expect("context");
    ctx.configure_back_buffer(32, 32, 0, false, false, false)
        .expect("back buffer");
    clear_and_present(&mut ctx).expect("a clean frame");
    assert!(host_saw.lock().unwrap().is_none());
    device.destroy();
    // wgpu loses a destroyed device once its queue is empty, at a poll.
    let _ = device.poll(wgpu::PollType::wait_indefinitely());
    assert!(
        host_saw.lock().unwrap().is_some(),
        "the host's device-lost callback fired"
    );
    let e = clear_and_present(&mut ctx).expect_err("a lost device");
    assert_eq!(e.id, 3694, "{}", e.message);
    assert!(ctx.is_lost());
}

/// With error checking off a call's wgpu error is not thrown, and it is not kept for a later
/// call either: switching checking on starts clean (the backend does not look at its errors
/// while checking is off).
#[test]
fn an_error_met_while_checking_is_off_is_not_thrown_after_it_is_switched_on() {
    let (adapter, device, queue, _seen) = host_device();
    let backend = WgpuBackend::on_host_device(&adapter, device, queue);
    let mut ctx = Context3D::request(backend, "auto", "baseline").expect("context");
    ctx.configure_back_buffer(32, 32, 0, false, false, false)
        .expect("back buffer");
    clear_and_present(&mut ctx).expect("a clean frame");
    ctx.backend().frame().expect("frame").texture.destroy();
    clear_and_present(&mut ctx).expect("checking off: not thrown");
    ctx.configure_back_buffer(32, 32, 0, false, false, false)
        .expect("a new back buffer");
    ctx.set_enable_error_checking(true).expect("checking");
    clear_and_present(&mut ctx).expect("not #3710 for the error met while checking was off");
    let e = {
        ctx.backend().frame().expect("frame").texture.destroy();
        clear_and_present(&mut ctx).expect_err("checking on: thrown")
    };
    assert_eq!(e.id, 3710, "{}", e.message);
}
