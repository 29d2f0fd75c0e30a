//! [`WgpuBackend`]: context3d's [`Backend`] over wgpu.

use rustc_hash::FxHashMap as HashMap;

use molehill_agal::ProgramKind;
use molehill_context3d::{
    BackBufferConfig, Backend, BackendError, Clear, IndexBufferDesc, IndexBufferId, PixelRect,
    ProgramId, ProgramUpload, RenderChanges, RenderState, RenderTarget, ResolvedDraw, TextureDesc,
    TextureId, TextureUpload, VertexBufferDesc, VertexBufferId,
};

use molehill_context3d::resources::index_shadow::IndexShadow;
use molehill_context3d::targets::QuantiseSchedule;

use crate::bindings::TextureBindings;
use crate::device::{DeviceError, DeviceOptions, Gpu};
use crate::pass::{ClearOps, ConstantStream, Recorder};
use crate::pipeline::{Pipelines, ProgramLayout, ProgramSource, SourceKey};
use crate::resources::{Counters, IndexBuffer, VertexBuffer};
use crate::targets::{Attachments, Targets, BACK_BUFFER_FORMAT};
use crate::textures::{self, Placeholders, Samplers, Texture};

/// Initial size of the per-frame constant stream (it doubles after a frame that fills it).
const STREAM_BYTES: u64 = 1 << 20;

/// The back buffer as the host sees it after [`Backend::present`].
///
/// - format [`BACK_BUFFER_FORMAT`] (`Rgba8Unorm`, not sRGB: Flash blends in gamma space);
/// - colours premultiplied by alpha, as Flash composites the Stage3D layer (blend it with
///   `One, OneMinusSrcAlpha`);
/// - row 0 is the top row (sample it with `v = 0` at the top, no flip);
/// - `width` x `height` of the last `configureBackBuffer`, single-sampled (an anti-aliased
///   back buffer is resolved into it at the end of each pass).
///
/// The texture lives until the next `configureBackBuffer` (then ask again) and holds the last
/// presented frame until the content draws to the back buffer again.
#[derive(Debug, Clone, Copy)]
pub struct FrameTexture<'a> {
    /// The texture (usages: `TEXTURE_BINDING`, `COPY_SRC`, `COPY_DST`, `RENDER_ATTACHMENT`).
    pub texture: &'a wgpu::Texture,
    /// A default view of it.
    pub view: &'a wgpu::TextureView,
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// Its format.
    pub format: wgpu::TextureFormat,
}

/// Context3D over wgpu. Not `Send` (one context, one thread, as in Flash).
#[derive(Debug)]
pub struct WgpuBackend {
    gpu: Gpu,
    pipelines: Pipelines,
    bindings: TextureBindings,
    vertex_buffers: HashMap<VertexBufferId, VertexBuffer>,
    index_buffers: HashMap<IndexBufferId, IndexBuffer>,
    textures: HashMap<TextureId, Texture>,
    samplers: Samplers,
    placeholders: Placeholders,
    targets: Targets,
    recorder: Recorder,
    stream: ConstantStream,
    /// The fixed-function state context3d last sent.
    state: RenderState,
    /// When targets in 16-bit formats are quantised (context3d's rule).
    quantise: QuantiseSchedule,
    counters: Counters,
    error_checking: bool,
    kept_error: Option<BackendError>,
    lost: bool,
    /// The read-back buffer of the last read, used again (`readback::record_copy`).
    readback: Option<wgpu::Buffer>,
}

/// Reduces the translator's reflection to what the backend binds.
pub fn program_layout(r: &molehill_agal::wgsl::Reflection) -> ProgramLayout {
    ProgramLayout {
        attributes: r.attributes.iter().map(|a| a.slot).collect(),
        samplers: r
            .samplers
            .iter()
            .map(|s| (s.unit, s.dimension == molehill_agal::Dimension::Cube))
            .collect(),
        vertex_constants: r.vertex_constants.size,
        fragment_constants: r.fragment_constants.size,
        constants_read: [&r.vertex_constants, &r.fragment_constants].map(|f| {
            if f.relative {
                f.size
            } else {
                f.used.iter().map(|u| u.end).max().unwrap_or(0).min(f.size)
            }
        }),
        color_outputs: r.color_outputs.iter().map(|c| c.index).collect(),
    }
}

impl WgpuBackend {
    /// A backend on a new headless device (Vulkan by default).
    pub fn headless(options: &DeviceOptions) -> Result<WgpuBackend, DeviceError> {
        Ok(WgpuBackend::new(Gpu::headless(options)?))
    }

    /// A backend on the host's device and queue (`adapter`: the one they came from).
    pub fn with_device(
        adapter: &wgpu::Adapter,
        device: wgpu::Device,
        queue: wgpu::Queue,
    ) -> WgpuBackend {
        WgpuBackend::new(Gpu::from_parts(adapter, device, queue))
    }

    /// A backend on `gpu`.
    pub fn new(gpu: Gpu) -> WgpuBackend {
        // On a lent device what is made here is Molehill's work too: inside its own scopes.
        let scope = gpu.call_scope();
        let pipelines = Pipelines::new(&gpu.device);
        let stream = ConstantStream::new(&gpu.device, STREAM_BYTES);
        let placeholders = Placeholders::new(&gpu.device, &gpu.queue);
        if let Some(scope) = scope {
            scope.close(&gpu.sink);
        }
        let mut targets = Targets::default();
        targets.set_msaa(gpu.caps.msaa_samples, gpu.caps.msaa_half_float);
        WgpuBackend {
            placeholders,
            pipelines,
            bindings: TextureBindings::default(),
            vertex_buffers: HashMap::default(),
            index_buffers: HashMap::default(),
            textures: HashMap::default(),
            samplers: Samplers::default(),
            targets,
            recorder: Recorder::new(),
            stream,
            state: RenderState::default(),
            quantise: QuantiseSchedule::default(),
            counters: Counters::default(),
            error_checking: false,
            kept_error: None,
            lost: false,
            readback: None,
            gpu,
        }
    }

    /// The device, queue and capabilities.
    pub fn gpu(&self) -> &Gpu {
        &self.gpu
    }

    /// Work done so far (passes, submits, pipelines, ...).
    pub fn counters(&self) -> Counters {
        Counters {
            pipelines: self.pipelines.pipelines_made,
            pipeline_lookups: self.pipelines.lookups,
            shader_modules: self.pipelines.modules_made,
            ..self.counters
        }
    }

    /// Pipelines in the cache.
    pub fn cached_pipelines(&self) -> usize {
        self.pipelines.cached()
    }

    /// Samplers made (one per distinct state).
    pub fn sampler_objects(&self) -> usize {
        self.samplers.len()
    }

    /// The wgpu format a texture is stored in (`None`: unknown, or a video texture before
    /// its first frame): see the table in [`crate::textures`].
    pub fn texture_format(&self, id: TextureId) -> Option<wgpu::TextureFormat> {
        let tex = self.textures.get(&id)?;
        tex.texture.as_ref()?;
        Some(tex.storage.format())
    }

    /// Decode DXT on the CPU even where the device has BC textures (for tests of the
    /// fallback path). Takes effect for textures uploaded afterwards.
    pub fn force_cpu_dxt(&mut self) {
        self.gpu.caps.bc = false;
    }

    /// The back buffer for the host as a wgpu texture (see [`FrameTexture`]; molehill-gl's
    /// `FrameTexture` is the same for GL); `None` before `configureBackBuffer`.
    pub fn frame(&self) -> Option<FrameTexture<'_>> {
        let b = self.targets.back_buffer()?;
        Some(FrameTexture {
            texture: &b.texture,
            view: &b.view,
            width: b.config.width,
            height: b.config.height,
            format: BACK_BUFFER_FORMAT,
        })
    }

    /// Creates program `id` from WGSL written by hand (tests, tools): what
    /// [`Backend::create_program`] does after translating the AGAL pair.
    pub fn create_program_wgsl(
        &mut self,
        id: ProgramId,
        source: ProgramSource,
    ) -> Result<(), BackendError> {
        let key = SourceKey::Wgsl(source.vertex.clone(), source.fragment.clone());
        self.call("Program3D.upload", |b| {
            b.pipelines.create(&b.gpu, id, key, || Ok(source))
        })
    }

    /// Marks the context lost (the host saw the device go): every resource counts as
    /// disposed and every later call fails with [`BackendError::ContextLost`].
    pub fn lose_context(&mut self) {
        self.lost = true;
        self.recorder.abandon();
        self.vertex_buffers.clear();
        self.index_buffers.clear();
        self.textures.clear();
        self.pipelines.clear();
        self.bindings.clear();
        self.samplers.clear();
        self.targets.clear();
        self.quantise.reset();
        self.readback = None;
    }

    fn enter(&mut self) -> Result<(), BackendError> {
        if !self.lost && self.gpu.sink.is_lost() {
            log::error!("the wgpu device was lost: the context is lost");
            self.lose_context();
        }
        if self.lost {
            return Err(BackendError::ContextLost);
        }
        Ok(())
    }

    /// One backend call that does wgpu work: it fails at once on a lost device; on a device
    /// the host lent, `f` runs inside the call's own error scopes (the host's uncaptured-error
    /// handler never sees Molehill's errors); then, with error checking on, the first wgpu
    /// error the call caused fails it (#3710).
    fn call<T>(
        &mut self,
        name: &'static str,
        f: impl FnOnce(&mut Self) -> Result<T, BackendError>,
    ) -> Result<T, BackendError> {
        self.enter()?;
        let scope = self.gpu.call_scope();
        let r = f(self);
        if let Some(scope) = scope {
            scope.close(&self.gpu.sink);
        }
        let value = r?;
        self.check(name)?;
        Ok(value)
    }

    /// After a call: a lost device fails it; with error checking on, a wgpu error reported
    /// since the last call fails it as #3710. With it off the sink is not even looked at (a
    /// lock and a swap of its list at every call): what it holds then belongs to nobody and
    /// is dropped when checking is switched on ([`Backend::set_error_checking`]).
    fn check(&mut self, call: &'static str) -> Result<(), BackendError> {
        self.enter()?;
        if self.error_checking {
            let errors = self.gpu.sink.take();
            if let Some(first) = errors.first() {
                log::error!("{call}: {first}");
                return Err(BackendError::Driver {
                    call,
                    detail: first.clone(),
                });
            }
        }
        Ok(())
    }

    fn submit(&mut self) {
        self.recorder
            .submit(&self.gpu, &mut self.stream, &mut self.counters);
    }

    /// Records a clear of the current target (nothing when it has nothing to clear).
    fn record_clear(&mut self, clear: &Clear) {
        let frame = self.recorder.frame;
        let target = match self.targets.current(&self.gpu.device, &self.textures) {
            Ok(Some(t)) => t,
            Ok(None) => return,
            Err(e) => {
                log::error!("clear: {e}");
                return;
            }
        };
        let m = clear.mask;
        let has_depth = target.depth.is_some();
        let ops = ClearOps {
            color: m.color.then_some(clear.color),
            depth: (m.depth && has_depth).then_some(clear.depth),
            stencil: (m.stencil && has_depth).then_some(clear.stencil),
        };
        if ops == ClearOps::default() {
            return;
        }
        for id in &target.textures {
            if let Some(t) = self.textures.get_mut(id) {
                t.used_in = frame;
            }
        }
        self.recorder
            .clear(&self.gpu.device, target, ops, &mut self.counters);
        self.quantise.cleared(ops.color.is_some());
    }

    /// Quantises the target left now, when context3d's schedule says so.
    fn quantise_left(&mut self) {
        let Some(key) = self.quantise.leaving() else {
            return;
        };
        if let Some(target) = self.targets.attachments(&key) {
            quantise(
                &mut self.recorder,
                target,
                &mut self.textures,
                &self.gpu.device,
                &mut self.counters,
            );
        }
    }

    /// Submits first when the pending commands read a resource about to be written
    /// (`queue.write_*` lands before the next submission's commands).
    fn before_write(&mut self, used_in: u64) {
        if used_in == self.recorder.frame && self.recorder.has_work() {
            self.counters.upload_flushes += 1;
            self.submit();
        }
    }
}

impl Backend for WgpuBackend {
    fn driver_info(&self) -> String {
        self.gpu.info.clone()
    }

    fn set_error_checking(&mut self, enabled: bool) {
        if enabled && !self.error_checking {
            // Start clean: errors from before the switch belong to nobody.
            self.gpu.sink.take();
        }
        self.error_checking = enabled;
    }

    fn configure_back_buffer(&mut self, config: &BackBufferConfig) -> Result<(), BackendError> {
        self.call("configureBackBuffer", |b| {
            b.recorder.end_pass(&b.gpu.device, &mut b.counters);
            let (_, error) = b
                .gpu
                .scoped(|| b.targets.configure_back_buffer(&b.gpu.device, config));
            match error {
                Some(e) => Err(crate::device::resource_error(&e)),
                None => Ok(()),
            }
        })
    }

    fn create_vertex_buffer(
        &mut self,
        id: VertexBufferId,
        desc: &VertexBufferDesc,
    ) -> Result<(), BackendError> {
        self.call("createVertexBuffer", |b| {
            let repeat = desc.instances_per_element.map(|n| (desc.stride(), n));
            let (vb, error) = b
                .gpu
                .scoped(|| VertexBuffer::new(&b.gpu.device, desc.byte_len(), repeat));
            if let Some(e) = error {
                return Err(crate::device::resource_error(&e));
            }
            b.vertex_buffers.insert(id, vb);
            Ok(())
        })
    }

    fn upload_vertex_buffer(
        &mut self,
        id: VertexBufferId,
        byte_offset: u64,
        data: &[u8],
    ) -> Result<(), BackendError> {
        self.call("VertexBuffer3D.upload*", |b| {
            let Some(used) = b.vertex_buffers.get(&id).map(|v| v.used_in) else {
                return Ok(());
            };
            b.before_write(used);
            if let Some(vb) = b.vertex_buffers.get_mut(&id) {
                if !vb.write(&b.gpu.queue, byte_offset, data) {
                    log::warn!("vertex upload past the end of buffer {id:?} ignored");
                }
            }
            Ok(())
        })
    }

    fn dispose_vertex_buffer(&mut self, id: VertexBufferId) {
        self.vertex_buffers.remove(&id);
    }

    fn create_index_buffer(
        &mut self,
        id: IndexBufferId,
        desc: &IndexBufferDesc,
    ) -> Result<(), BackendError> {
        self.call("createIndexBuffer", |b| {
            let shadow =
                IndexShadow::zeroed(desc.num_indices).map_err(|_| BackendError::OutOfMemory)?;
            let (ib, error) = b.gpu.scoped(|| IndexBuffer::new(&b.gpu.device, shadow));
            if let Some(e) = error {
                return Err(crate::device::resource_error(&e));
            }
            b.index_buffers.insert(id, ib);
            Ok(())
        })
    }

    fn upload_index_buffer(
        &mut self,
        id: IndexBufferId,
        byte_offset: u64,
        indices: &[u16],
    ) -> Result<(), BackendError> {
        self.call("IndexBuffer3D.upload*", |b| {
            let Some(used) = b.index_buffers.get(&id).map(|ib| ib.used_in) else {
                return Ok(());
            };
            b.before_write(used);
            if let Some(ib) = b.index_buffers.get_mut(&id) {
                let first = usize::try_from(byte_offset / 2).unwrap_or(usize::MAX);
                if !ib.write(&b.gpu.queue, first, indices) {
                    log::warn!("index upload past the end of buffer {id:?} ignored");
                }
            }
            Ok(())
        })
    }

    fn dispose_index_buffer(&mut self, id: IndexBufferId) {
        self.index_buffers.remove(&id);
    }

    fn create_texture(&mut self, id: TextureId, desc: &TextureDesc) -> Result<(), BackendError> {
        self.call("createTexture", |b| {
            let (tex, error) = b
                .gpu
                .scoped(|| textures::create(&b.gpu.device, desc, &b.gpu.caps));
            if let Some(e) = error {
                return Err(crate::device::resource_error(&e));
            }
            b.textures.insert(id, tex);
            Ok(())
        })
    }

    fn upload_texture(
        &mut self,
        id: TextureId,
        upload: &TextureUpload<'_>,
    ) -> Result<(), BackendError> {
        self.call("TextureBase.upload*", |b| {
            let Some(used) = b.textures.get(&id).map(|t| t.used_in) else {
                return Ok(());
            };
            b.before_write(used);
            let caps = b.gpu.caps;
            if let Some(tex) = b.textures.get_mut(&id) {
                let (result, error) = b
                    .gpu
                    .scoped(|| textures::upload(&b.gpu.device, &b.gpu.queue, tex, upload, &caps));
                if let Some(e) = error {
                    return Err(crate::device::resource_error(&e));
                }
                // Refused as molehill-gl refuses it (never dropped silently): #3710, or the
                // texture out-of-memory error, through context3d.
                result.map_err(|e| {
                    log::warn!(
                        "texture upload to {id:?} (face {}, level {}) refused: {e}",
                        upload.face,
                        upload.level
                    );
                    e.into_backend_error()
                })?;
            }
            Ok(())
        })
    }

    fn dispose_texture(&mut self, id: TextureId) {
        if self.textures.remove(&id).is_some() {
            self.bindings.texture_disposed(id);
            self.targets.texture_disposed(id);
            self.quantise.texture_disposed(id);
        }
    }

    fn create_program(
        &mut self,
        id: ProgramId,
        program: &ProgramUpload<'_>,
    ) -> Result<(), BackendError> {
        // Translated only when the cache has no program of this key.
        let translate = || {
            let options = molehill_agal::wgsl::Options::default().with_scissor_override(true);
            let shaders =
                molehill_agal::wgsl::translate(program.vertex(), program.fragment(), &options)
                    .map_err(|e| BackendError::ShaderCompile {
                        stage: ProgramKind::Vertex,
                        log: format!("WGSL translation failed: {e}"),
                    })?;
            Ok(ProgramSource {
                layout: program_layout(&shaders.reflection),
                vertex: shaders.vertex,
                fragment: shaders.fragment,
            })
        };
        let key = SourceKey::Agal(program.key().clone());
        self.call("Program3D.upload", |b| {
            b.pipelines.create(&b.gpu, id, key, translate)
        })
    }

    fn dispose_program(&mut self, id: ProgramId) {
        if let Some(slot) = self.pipelines.dispose(id) {
            self.bindings.program_disposed(slot);
        }
    }

    /// The error it meets (a lost device included) is kept for [`Backend::take_error`].
    fn clear(&mut self, clear: &Clear) {
        self.kept_error = self
            .call("clear", |b| {
                b.record_clear(clear);
                Ok(())
            })
            .err();
    }

    /// A target in a 16-bit format that is left is quantised first (context3d's schedule);
    /// the error that meets is kept for [`Backend::take_error`].
    fn set_render_target(&mut self, target: &RenderTarget) {
        self.kept_error = None;
        if self.quantise.waiting().is_some() {
            self.kept_error = self
                .call("setRenderToTexture", |b| {
                    b.quantise_left();
                    Ok(())
                })
                .err();
        }
        self.targets.set_current(target);
    }

    /// Recorded for the next draw's pipeline key and pass state (no wgpu call).
    fn set_render_changes(&mut self, r: &RenderChanges) {
        self.state.apply(r);
    }

    fn set_program_constants(
        &mut self,
        kind: ProgramKind,
        first_register: u16,
        values: &[[f32; 4]],
    ) {
        let stage = match kind {
            ProgramKind::Vertex => 0,
            ProgramKind::Fragment => 1,
        };
        self.stream.set(stage, usize::from(first_register), values);
    }

    fn draw(&mut self, draw: &ResolvedDraw) -> Result<(), BackendError> {
        let name = if draw.instances.is_some() {
            "drawTrianglesInstanced"
        } else {
            "drawTriangles"
        };
        self.call(name, |b| crate::draw::record(b, draw))
    }

    fn present(&mut self) -> Result<(), BackendError> {
        self.call("present", |b| {
            b.submit();
            b.counters.presents += 1;
            // Once a frame: frees what finished submissions held and runs the device-lost
            // callback of a device that went away.
            if let Err(e) = b.gpu.device.poll(wgpu::PollType::Poll) {
                log::error!("present: {e}");
                b.gpu.sink.set_lost();
            }
            Ok(())
        })
    }

    fn read_back_buffer(&mut self, rect: PixelRect) -> Result<Vec<u32>, BackendError> {
        self.read_back_with(rect, crate::readback::finish)
    }

    fn read_back_buffer_rgba(&mut self, rect: PixelRect) -> Result<Vec<u8>, BackendError> {
        self.read_back_with(rect, crate::readback::finish_rgba)
    }

    fn take_error(&mut self) -> Option<BackendError> {
        self.kept_error.take()
    }

    fn is_lost(&self) -> bool {
        self.lost || self.gpu.sink.is_lost()
    }

    fn dispose_context(&mut self) {
        if self.enter().is_err() {
            return;
        }
        let scope = self.gpu.call_scope();
        self.submit();
        if let Some(scope) = scope {
            scope.close(&self.gpu.sink);
        }
        self.vertex_buffers.clear();
        self.index_buffers.clear();
        self.textures.clear();
        self.pipelines.clear();
        self.bindings.clear();
        self.samplers.clear();
        self.targets.clear();
        self.quantise.reset();
        self.readback = None;
    }
}

impl WgpuBackend {
    /// `drawToBitmapData`'s read of `rect` of the back buffer through `finish`; zeroes where
    /// there is no back buffer.
    fn read_back_with<T: Clone + Default>(
        &mut self,
        rect: PixelRect,
        finish: crate::readback::Finish<T>,
    ) -> Result<Vec<T>, BackendError> {
        self.call("drawToBitmapData", |b| {
            let n = rect.width as usize * rect.height as usize;
            let Some(back) = b.targets.back_buffer() else {
                return Ok(vec![
                    T::default();
                    n * crate::readback::values_per_pixel::<T>()
                ]);
            };
            if n == 0 {
                return Ok(Vec::new());
            }
            let encoder = b
                .recorder
                .encoder_after_pass(&b.gpu.device, &mut b.counters);
            let (buffer, row) = crate::readback::record_copy(
                &b.gpu.device,
                encoder,
                &back.texture,
                rect,
                &mut b.readback,
                &mut b.counters.readback_buffers,
            );
            b.submit();
            let px = finish(&b.gpu.device, &buffer, row, rect);
            // A failed wait or map loses the device; no room for the pixels (#3691) does not.
            if matches!(px, Err(BackendError::ContextLost)) {
                b.lose_context();
            }
            px
        })
    }
}

// Field access for `draw.rs` (the draw path lives there, by concern).
impl WgpuBackend {
    pub(crate) fn parts(&mut self) -> DrawParts<'_> {
        DrawParts {
            gpu: &self.gpu,
            pipelines: &mut self.pipelines,
            bindings: &mut self.bindings,
            vertex_buffers: &mut self.vertex_buffers,
            index_buffers: &mut self.index_buffers,
            textures: &mut self.textures,
            samplers: &mut self.samplers,
            placeholders: &self.placeholders,
            targets: &mut self.targets,
            recorder: &mut self.recorder,
            stream: &mut self.stream,
            state: &self.state,
            quantise: &mut self.quantise,
            counters: &mut self.counters,
        }
    }
}

/// Ends the pass and records the quantisation of `target` (context3d's schedule named it), its
/// textures marked as read and written by the pending commands (`used_in`).
pub(crate) fn quantise(
    recorder: &mut Recorder,
    target: &Attachments,
    textures: &mut HashMap<TextureId, Texture>,
    device: &wgpu::Device,
    counters: &mut Counters,
) {
    recorder.quantise(device, target, counters);
    for id in &target.textures {
        if let Some(t) = textures.get_mut(id) {
            t.used_in = recorder.frame;
        }
    }
}

/// The backend's parts a draw uses, borrowed separately.
#[derive(Debug)]
pub(crate) struct DrawParts<'a> {
    pub(crate) gpu: &'a Gpu,
    pub(crate) pipelines: &'a mut Pipelines,
    pub(crate) bindings: &'a mut TextureBindings,
    pub(crate) vertex_buffers: &'a mut HashMap<VertexBufferId, VertexBuffer>,
    pub(crate) index_buffers: &'a mut HashMap<IndexBufferId, IndexBuffer>,
    pub(crate) textures: &'a mut HashMap<TextureId, Texture>,
    pub(crate) samplers: &'a mut Samplers,
    pub(crate) placeholders: &'a Placeholders,
    pub(crate) targets: &'a mut Targets,
    pub(crate) recorder: &'a mut Recorder,
    pub(crate) stream: &'a mut ConstantStream,
    pub(crate) state: &'a RenderState,
    pub(crate) quantise: &'a mut QuantiseSchedule,
    pub(crate) counters: &'a mut Counters,
}
