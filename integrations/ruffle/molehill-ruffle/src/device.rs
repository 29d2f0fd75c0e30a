//! The frame on Ruffle's own device: when Ruffle's renderer is wgpu, each Stage3D's contexts
//! draw with molehill-wgpu on the renderer's adapter, device and queue
//! (`molehill_player::HostWgpu`), and each `present` hands Ruffle the frame as a texture of
//! that device (`molehill_player::WgpuFrames`: copied on the GPU into a front texture nothing
//! draws into before the next present), which Ruffle wraps as a bitmap of its renderer. No
//! read-back, no upload. Feature `wgpu` (molehill-wgpu against wgpu 27, Ruffle's major).

use molehill_player::molehill_wgpu::wgpu;
use molehill_player::{Context3D, FlashResult, HostWgpu, PresentedFrame, WgpuFrames};

use crate::timing::{self, CallTimer};

/// Ruffle's wgpu renderer's adapter, device and queue (its `Descriptors`): the device the
/// Stage3D draws on.
#[derive(Debug, Clone)]
pub struct HostDevice {
    /// The adapter the device came from.
    pub adapter: wgpu::Adapter,
    /// The renderer's device.
    pub device: wgpu::Device,
    /// The renderer's queue: Molehill submits on it, so Ruffle's later submissions see each frame.
    pub queue: wgpu::Queue,
}

impl HostDevice {
    /// The factory of the Stage3D's backends on this device, and the handle its frames come from.
    pub(crate) fn factory(&self) -> (HostWgpu, WgpuFrames) {
        let factory = HostWgpu::new(&self.adapter, self.device.clone(), self.queue.clone());
        let frames = factory.frames();
        (factory, frames)
    }
}

/// `present()` on the renderer's device: the frame as a texture of it.
pub(crate) fn present(
    ctx: &mut Context3D,
    frames: &mut WgpuFrames,
) -> FlashResult<Option<PresentedFrame>> {
    let timer = CallTimer::start();
    let frame = ctx.present_frame_texture(frames);
    let spent = timer.stop();
    match &frame {
        Ok(Some(_)) => timing::presented(spent),
        _ => timing::frame_without_picture(spent),
    }
    frame
}
