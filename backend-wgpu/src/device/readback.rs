//! Read-back (`drawToBitmapData`): a rectangle of the back buffer copied to a mappable buffer
//! in the frame's encoder, submitted, waited for, and converted to `0xAARRGGBB`. In a browser
//! the wait suspends the WebAssembly call until the map's promise settles (`crate::web`).

use molehill_context3d::decode::packed::rgba_to_argb;
use molehill_context3d::{BackendError, PixelRect};

/// The copy of `rect` of `texture` (an `Rgba8Unorm` texture) to `kept` (the read-back buffer
/// kept from an earlier read, made again when missing or too small: `made` counts those),
/// recorded in `encoder`; returns the buffer and its padded row length.
pub fn record_copy(
    device: &wgpu::Device,
    encoder: &mut wgpu::CommandEncoder,
    texture: &wgpu::Texture,
    rect: PixelRect,
    kept: &mut Option<wgpu::Buffer>,
    made: &mut u64,
) -> (wgpu::Buffer, u32) {
    let row = (4 * rect.width).div_ceil(wgpu::COPY_BYTES_PER_ROW_ALIGNMENT)
        * wgpu::COPY_BYTES_PER_ROW_ALIGNMENT;
    let size = copied_bytes(row, rect);
    let buffer = match kept {
        Some(b) if b.size() >= size => b.clone(),
        _ => {
            let b = device.create_buffer(&wgpu::BufferDescriptor {
                label: Some("read-back"),
                size,
                usage: wgpu::BufferUsages::COPY_DST | wgpu::BufferUsages::MAP_READ,
                mapped_at_creation: false,
            });
            *made += 1;
            *kept = Some(b.clone());
            b
        }
    };
    encoder.copy_texture_to_buffer(
        wgpu::TexelCopyTextureInfo {
            texture,
            mip_level: 0,
            origin: wgpu::Origin3d {
                x: rect.x.max(0) as u32,
                y: rect.y.max(0) as u32,
                z: 0,
            },
            aspect: wgpu::TextureAspect::All,
        },
        wgpu::TexelCopyBufferInfo {
            buffer: &buffer,
            layout: wgpu::TexelCopyBufferLayout {
                offset: 0,
                bytes_per_row: Some(row),
                rows_per_image: Some(rect.height),
            },
        },
        wgpu::Extent3d {
            width: rect.width,
            height: rect.height,
            depth_or_array_layers: 1,
        },
    );
    (buffer, row)
}

/// The bytes the copy of `rect` writes, rows `row` bytes apart.
fn copied_bytes(row: u32, rect: PixelRect) -> u64 {
    u64::from(row) * u64::from(rect.height.max(1))
}

/// How many `T`s hold one pixel's 4 bytes: 1 `0xAARRGGBB` word, 4 bytes.
pub fn values_per_pixel<T>() -> usize {
    4 / std::mem::size_of::<T>().clamp(1, 4)
}

/// [`finish`] or [`finish_rgba`]: the device, the mapped buffer, its padded row length and the
/// rectangle read.
pub type Finish<T> =
    fn(&wgpu::Device, &wgpu::Buffer, u32, PixelRect) -> Result<Vec<T>, BackendError>;

/// Maps `buffer` (after the copy was submitted), waits, and returns the pixels rows top
/// first as `0xAARRGGBB`. A device that fails the wait is lost.
pub fn finish(
    device: &wgpu::Device,
    buffer: &wgpu::Buffer,
    row: u32,
    rect: PixelRect,
) -> Result<Vec<u32>, BackendError> {
    finish_with(device, buffer, row, rect, |out: &mut Vec<u32>, line| {
        out.extend(rgba_to_argb(line))
    })
}

/// [`finish`] with the pixels as `R, G, B, A` bytes, as the texture holds them (only the rows'
/// padding dropped).
pub fn finish_rgba(
    device: &wgpu::Device,
    buffer: &wgpu::Buffer,
    row: u32,
    rect: PixelRect,
) -> Result<Vec<u8>, BackendError> {
    finish_with(device, buffer, row, rect, |out: &mut Vec<u8>, line| {
        out.extend_from_slice(line)
    })
}

/// Maps and waits as [`finish`] says, then gives `push` each row's `4 * width` bytes, top first,
/// to append to a vector made for `width * height` pixels.
fn finish_with<T>(
    device: &wgpu::Device,
    buffer: &wgpu::Buffer,
    row: u32,
    rect: PixelRect,
    push: impl Fn(&mut Vec<T>, &[u8]),
) -> Result<Vec<T>, BackendError> {
    let slice = buffer.slice(..copied_bytes(row, rect));
    map_and_wait(device, slice)?;
    let data = match crate::compat::mapped_range(&slice) {
        Ok(d) => d,
        Err(e) => {
            log::error!("read-back map failed: {e}");
            return Err(BackendError::ContextLost);
        }
    };
    let mut out = Vec::new();
    if out
        .try_reserve_exact(rect.width as usize * rect.height as usize * values_per_pixel::<T>())
        .is_err()
    {
        drop(data);
        buffer.unmap();
        return Err(BackendError::OutOfMemory);
    }
    for y in 0..rect.height as usize {
        let start = y * row as usize;
        push(&mut out, &data[start..start + 4 * rect.width as usize]);
    }
    drop(data);
    buffer.unmap();
    Ok(out)
}

/// Maps `slice` for reading and waits until it is mapped. A device that fails the wait is lost.
#[cfg(not(target_arch = "wasm32"))]
fn map_and_wait(device: &wgpu::Device, slice: wgpu::BufferSlice<'_>) -> Result<(), BackendError> {
    let (tx, rx) = std::sync::mpsc::channel();
    slice.map_async(wgpu::MapMode::Read, move |r| {
        // The receiver waits below; a send error only means it is gone.
        let _ = tx.send(r);
    });
    if let Err(e) = device.poll(wgpu::PollType::Wait {
        submission_index: None,
        timeout: None,
    }) {
        log::error!("read-back wait failed: {e}");
        return Err(BackendError::ContextLost);
    }
    match rx.try_recv() {
        Ok(Ok(())) => Ok(()),
        other => {
            log::error!("read-back map failed: {other:?}");
            Err(BackendError::ContextLost)
        }
    }
}

/// In a browser the map is a promise: waited for by suspending the WebAssembly call (JSPI;
/// `crate::web::wait_mapped`, docs/web.md).
#[cfg(target_arch = "wasm32")]
fn map_and_wait(device: &wgpu::Device, slice: wgpu::BufferSlice<'_>) -> Result<(), BackendError> {
    crate::web::wait_mapped(device, slice)
}
