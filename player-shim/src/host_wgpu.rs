//! Stage3D on a wgpu player's own device: [`HostWgpu`] makes each context's molehill-wgpu
//! backend on the adapter, device and queue the player draws with, and [`WgpuFrames`] hands the
//! player each presented frame as a texture of that device, copied on the GPU (no read-back).
//!
//! Flash shows the back buffer as it was at `present()`. molehill-wgpu's frame texture is the
//! back buffer itself: the content's next clear and draws reach the GPU before the player's
//! next submission whenever something submits them early (`drawToBitmapData`, a write to a
//! texture the frame used, a dispose). So at each present the frame is copied, in a submission
//! of its own right after Molehill's, into a texture of [`WgpuFrames`] that only the next
//! present writes again: the player samples that one, in any submission before the next present
//! (queue order does the rest).

use std::cell::RefCell;
use std::rc::{Rc, Weak};
use std::sync::atomic::{AtomicU64, Ordering};

use molehill_context3d::Backend;
use molehill_wgpu::{wgpu, WgpuBackend, FRAME_FORMAT};

use crate::backend::{BackendCreationError, BackendFactory};

/// The backends a [`HostWgpu`] made, oldest first; those whose context dropped them are dead.
type Made = Rc<RefCell<Vec<Weak<RefCell<WgpuBackend>>>>>;

/// Makes each context's backend with `molehill_wgpu::WgpuBackend::on_host_device` on the
/// player's adapter, device and queue (feature `wgpu` or `wgpu27`: the player's wgpu major is
/// `molehill_wgpu::wgpu`). [`frames`](Self::frames) gives the handle the player takes the
/// presented frames from. Making a backend cannot fail.
#[derive(Debug)]
pub struct HostWgpu {
    adapter: wgpu::Adapter,
    device: wgpu::Device,
    queue: wgpu::Queue,
    made: Made,
}

impl HostWgpu {
    /// A factory over the player's `adapter` (the one `device` came from), `device` and
    /// `queue` (cheap handles: the player keeps its own).
    pub fn new(adapter: &wgpu::Adapter, device: wgpu::Device, queue: wgpu::Queue) -> HostWgpu {
        HostWgpu {
            adapter: adapter.clone(),
            device,
            queue,
            made: Made::default(),
        }
    }

    /// The handle the player takes each presented frame from
    /// (`Context3D::present_frame_texture`), for the Stage3D this factory is given to.
    pub fn frames(&self) -> WgpuFrames {
        WgpuFrames {
            made: Rc::clone(&self.made),
            device: self.device.clone(),
            queue: self.queue.clone(),
            front: None,
        }
    }
}

impl BackendFactory for HostWgpu {
    fn create_backend(&mut self) -> Result<Box<dyn Backend>, BackendCreationError> {
        let backend = Rc::new(RefCell::new(WgpuBackend::on_host_device(
            &self.adapter,
            self.device.clone(),
            self.queue.clone(),
        )));
        let mut made = self.made.borrow_mut();
        made.retain(|b| b.strong_count() > 0);
        made.push(Rc::downgrade(&backend));
        Ok(Box::new(backend))
    }
}

/// A presented frame on the player's device: premultiplied `Rgba8Unorm` (`FRAME_FORMAT`), row 0
/// on top, single-sampled, usages `TEXTURE_BINDING | COPY_SRC | COPY_DST`. Nothing draws into it
/// until the next `present` of its Stage3D copies the next frame in (the player samples it in
/// any submission before then).
#[derive(Debug, Clone)]
pub struct PresentedFrame {
    /// The texture (a handle: clone it to keep it).
    pub texture: wgpu::Texture,
    /// Width in pixels (the back buffer's).
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// Which texture this is, unique in the process: the same number as the last frame's means
    /// the same texture with new pixels (a player keeps what it made around it, e.g. a bitmap);
    /// a new number comes with a new size (or the first frame).
    pub serial: u64,
}

/// One front texture: what the player samples.
#[derive(Debug)]
struct Front {
    frame: PresentedFrame,
}

/// The presented frames of the Stage3D a [`HostWgpu`] serves, copied on the GPU into a front
/// texture of its own ([`present`](Self::present)).
#[derive(Debug)]
pub struct WgpuFrames {
    made: Made,
    device: wgpu::Device,
    queue: wgpu::Queue,
    front: Option<Front>,
}

impl WgpuFrames {
    /// The frame the last successful `present()` of the Stage3D's current context showed,
    /// copied into the front texture (one copy on the GPU, submitted after Molehill's frame):
    /// call it right after that `present`. `None` when the context has no back buffer (never
    /// the case after a successful present) or its backend is gone.
    ///
    /// The current context's backend is the newest this factory made that is still alive: a
    /// Stage3D keeps each backend it made as its current context (or drops it at once, when the
    /// request threw), and a replaced context presents nothing (#3694).
    pub fn present(&mut self) -> Option<PresentedFrame> {
        let backend = {
            let made = self.made.borrow();
            made.iter().rev().find_map(Weak::upgrade)?
        };
        let backend = backend.borrow();
        if backend.is_lost() {
            return None;
        }
        let frame = backend.frame()?;
        let (width, height) = (frame.width, frame.height);
        let front = match &self.front {
            Some(f) if f.frame.width == width && f.frame.height == height => f,
            _ => self.front.insert(Front {
                frame: PresentedFrame {
                    texture: front_texture(&self.device, width, height),
                    width,
                    height,
                    serial: next_serial(),
                },
            }),
        };
        let mut encoder = self
            .device
            .create_command_encoder(&wgpu::CommandEncoderDescriptor {
                label: Some("molehill: the presented frame"),
            });
        encoder.copy_texture_to_texture(
            frame.texture.as_image_copy(),
            front.frame.texture.as_image_copy(),
            wgpu::Extent3d {
                width,
                height,
                depth_or_array_layers: 1,
            },
        );
        self.queue.submit([encoder.finish()]);
        Some(front.frame.clone())
    }
}

fn next_serial() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

fn front_texture(device: &wgpu::Device, width: u32, height: u32) -> wgpu::Texture {
    device.create_texture(&wgpu::TextureDescriptor {
        label: Some("molehill: Stage3D front buffer"),
        size: wgpu::Extent3d {
            width,
            height,
            depth_or_array_layers: 1,
        },
        mip_level_count: 1,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format: FRAME_FORMAT,
        view_formats: &[],
        usage: wgpu::TextureUsages::TEXTURE_BINDING
            | wgpu::TextureUsages::COPY_SRC
            | wgpu::TextureUsages::COPY_DST,
    })
}
