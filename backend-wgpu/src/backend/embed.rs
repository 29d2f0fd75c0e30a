//! [`WgpuBackend`]'s own methods: making one (on a headless device, or on the host's device
//! and queue), what an embedder asks (the device, the frame as a texture, counters) and tells
//! it (a lost device), and what tests and tools use (hand-written WGSL, the CPU DXT path).

use molehill_context3d::{BackendError, ProgramId, TextureId};

use super::WgpuBackend;
use crate::device::{CallCounts, Device, FrameTexture, ProgramSource};
use crate::gpu::{DeviceError, DeviceOptions, Gpu};

impl WgpuBackend {
    /// A backend on a new headless device (Vulkan by default).
    pub fn headless(options: &DeviceOptions) -> Result<WgpuBackend, DeviceError> {
        Ok(WgpuBackend::new(Gpu::headless(options)?))
    }

    /// A backend on the host's device and queue (`adapter`: the one they came from); the
    /// device stays the host's (docs/wgpu.md, "Errors and loss on a device the host lends").
    /// molehill-gl's counterpart is `GlBackend::on_host_context`.
    pub fn on_host_device(
        adapter: &wgpu::Adapter,
        device: wgpu::Device,
        queue: wgpu::Queue,
    ) -> WgpuBackend {
        WgpuBackend::new(Gpu::from_parts(adapter, device, queue))
    }

    /// A backend on `gpu`.
    pub fn new(gpu: Gpu) -> WgpuBackend {
        WgpuBackend {
            device: Device::new(gpu),
        }
    }

    /// The device, queue and capabilities.
    pub fn gpu(&self) -> &Gpu {
        &self.device.gpu
    }

    /// wgpu calls and work so far (passes, submits, pipelines, ...), for tests and benchmarks:
    /// what molehill-gl's `GlBackend::call_counts` is for GL.
    pub fn call_counts(&self) -> CallCounts {
        self.device.counters()
    }

    /// Pipelines in the cache.
    pub fn cached_pipelines(&self) -> usize {
        self.device.cached_pipelines()
    }

    /// Samplers made (one per distinct state).
    pub fn sampler_objects(&self) -> usize {
        self.device.sampler_objects()
    }

    /// The wgpu format a texture is stored in (`None`: unknown, or a video texture before
    /// its first frame): see the table in docs/wgpu.md, "Formats".
    pub fn texture_format(&self, id: TextureId) -> Option<wgpu::TextureFormat> {
        self.device.texture_format(id)
    }

    /// Decode DXT on the CPU even where the device has BC textures (for tests of the
    /// fallback path). Takes effect for textures uploaded afterwards.
    pub fn force_cpu_dxt(&mut self) {
        self.device.force_cpu_dxt();
    }

    /// The back buffer for the host as a wgpu texture (see [`FrameTexture`]; molehill-gl's
    /// `FrameTexture` is the same for GL); `None` before `configureBackBuffer`.
    pub fn frame(&self) -> Option<FrameTexture<'_>> {
        self.device.frame()
    }

    /// Creates program `id` from WGSL written by hand (tests, tools): what
    /// `Backend::create_program` does after translating the AGAL pair.
    pub fn create_program_wgsl(
        &mut self,
        id: ProgramId,
        source: ProgramSource,
    ) -> Result<(), BackendError> {
        self.call("Program3D.upload", |d| d.create_program_wgsl(id, source))
    }

    /// Marks the context lost (the host saw the device go): every resource counts as
    /// disposed and every later call fails with [`BackendError::ContextLost`].
    pub fn lose_context(&mut self) {
        self.device.lose_context();
    }
}
