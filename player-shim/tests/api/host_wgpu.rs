//! A wgpu player's own device (`HostWgpu`): each present hands the player the frame as a
//! texture of its device (`Context3D::present_frame_texture`), one that keeps the presented
//! picture while the content draws the next frame, even when that work reaches the GPU first
//! (`drawToBitmapData` submits it), as Flash shows the back buffer as it was at `present()`.

use molehill_player::molehill_wgpu::wgpu;
use molehill_player::{HostWgpu, Stage3D, Stage3DEvent};

/// The player's device on lavapipe.
fn player_device() -> (wgpu::Adapter, wgpu::Device, wgpu::Queue) {
    let mut desc = wgpu::InstanceDescriptor::new_without_display_handle();
    desc.backends = wgpu::Backends::VULKAN;
    let instance = wgpu::Instance::new(desc);
    let adapter = pollster::block_on(instance.request_adapter(&Default::default()))
        .expect("a Vulkan adapter (apt-get install mesa-vulkan-drivers libvulkan1)");
    let (device, queue) =
        pollster::block_on(adapter.request_device(&Default::default())).expect("device");
    (adapter, device, queue)
}

/// The top-left pixel of `texture`, read as the player's own work would (its own submission).
fn first_pixel(device: &wgpu::Device, queue: &wgpu::Queue, texture: &wgpu::Texture) -> [u8; 4] {
    let buffer = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("the player's read"),
        size: 256,
        usage: wgpu::BufferUsages::COPY_DST | wgpu::BufferUsages::MAP_READ,
        mapped_at_creation: false,
    });
    let mut encoder = device.create_command_encoder(&Default::default());
    encoder.copy_texture_to_buffer(
        texture.as_image_copy(),
        wgpu::TexelCopyBufferInfo {
            buffer: &buffer,
            layout: wgpu::TexelCopyBufferLayout {
                offset: 0,
                bytes_per_row: Some(256),
                rows_per_image: None,
            },
        },
        wgpu::Extent3d {
            width: 1,
            height: 1,
            depth_or_array_layers: 1,
        },
    );
    queue.submit([encoder.finish()]);
    let slice = buffer.slice(..);
    slice.map_async(wgpu::MapMode::Read, |r| r.expect("mapped"));
    device
        .poll(wgpu::PollType::Wait {
            submission_index: None,
            timeout: None,
        })
        .expect("poll");
    let data = slice.get_mapped_range().expect("mapped range");
    [data[0], data[1], data[2], data[3]]
}

#[test]
fn the_presented_frame_stays_on_the_players_device_until_the_next_present() {
    let (adapter, device, queue) = player_device();
    let factory = HostWgpu::new(&adapter, device.clone(), queue.clone());
    let mut frames = factory.frames();
    let mut s = Stage3D::new(Box::new(factory));
    s.request_context3d("auto", "baseline").unwrap();
    let id = s.context3d().expect("made on the player's device").id();
    assert_eq!(s.take_events(), vec![Stage3DEvent::Context3DCreate(id)]);
    let ctx = s.context3d_mut().unwrap();
    ctx.configure_back_buffer(32, 32, 0, false, false, false)
        .unwrap();
    ctx.clear(1.0, 0.0, 0.0, 1.0, 1.0, 0, 0xFFFF_FFFF).unwrap();
    let red = ctx
        .present_frame_texture(&mut frames)
        .unwrap()
        .expect("a frame on the player's device");
    assert_eq!((red.width, red.height), (32, 32));
    assert_eq!(red.texture.format(), wgpu::TextureFormat::Rgba8Unorm);
    assert_eq!(first_pixel(&device, &queue, &red.texture), [255, 0, 0, 255]);

    // The next frame reaches the GPU before the player samples (drawToBitmapData submits it):
    // what the player was handed still shows the presented frame.
    ctx.clear(0.0, 0.0, 1.0, 1.0, 1.0, 0, 0xFFFF_FFFF).unwrap();
    let mut px = vec![0u32; 32 * 32];
    ctx.draw_to_bitmap_data(
        &mut molehill_player::as3::BitmapDataMut {
            width: 32,
            height: 32,
            pixels: &mut px,
            premultiplied: true,
            transparent: true,
        },
        None,
        None,
    )
    .unwrap();
    assert_eq!(px[0], 0xFF00_00FF, "the back buffer holds the next frame");
    assert_eq!(first_pixel(&device, &queue, &red.texture), [255, 0, 0, 255]);

    // Its present: the same texture (serial), the new picture.
    let blue = ctx.present_frame_texture(&mut frames).unwrap().unwrap();
    assert_eq!(blue.serial, red.serial);
    assert_eq!(
        first_pixel(&device, &queue, &blue.texture),
        [0, 0, 255, 255]
    );

    // A new size: a new texture.
    ctx.configure_back_buffer(64, 32, 0, false, false, false)
        .unwrap();
    ctx.clear(0.0, 1.0, 0.0, 1.0, 1.0, 0, 0xFFFF_FFFF).unwrap();
    let wide = ctx.present_frame_texture(&mut frames).unwrap().unwrap();
    assert_ne!(wide.serial, red.serial);
    assert_eq!((wide.width, wide.height), (64, 32));
    assert_eq!(
        first_pixel(&device, &queue, &wide.texture),
        [0, 255, 0, 255]
    );
}

#[test]
fn after_dispose_true_the_new_context_presents_on_the_players_device() {
    let (adapter, device, queue) = player_device();
    let factory = HostWgpu::new(&adapter, device.clone(), queue.clone());
    let mut frames = factory.frames();
    let mut s = Stage3D::new(Box::new(factory));
    s.request_context3d("auto", "baseline").unwrap();
    let first = s.context3d().unwrap().id();
    s.context3d_mut().unwrap().dispose(true);
    let second = s.context3d().expect("recreated").id();
    assert_ne!(first, second);
    // The replaced context presents nothing (#3694); the new one does, on the player's device.
    let old = s.context3d_by_id(first).unwrap();
    assert_eq!(old.present_frame_texture(&mut frames).unwrap_err().id, 3694);
    let ctx = s.context3d_mut().unwrap();
    ctx.configure_back_buffer(32, 32, 0, false, false, false)
        .unwrap();
    ctx.clear(1.0, 1.0, 1.0, 1.0, 1.0, 0, 0xFFFF_FFFF).unwrap();
    let frame = ctx.present_frame_texture(&mut frames).unwrap().unwrap();
    assert_eq!(first_pixel(&device, &queue, &frame.texture), [255; 4]);
}
