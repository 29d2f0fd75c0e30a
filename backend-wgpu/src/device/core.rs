//! [`Device`]: the backend's resources and state over the wgpu device (`crate::gpu`), with
//! inherent methods only (the one `Backend` implementation is `crate::WgpuBackend`'s, above
//! it). This file holds the device, its making, its loss and its error checking, the frame's
//! submission and the rule for uploads; `resources.rs`, `render.rs` and `draw.rs` its calls.

use rustc_hash::FxHashMap as HashMap;

use molehill_context3d::targets::QuantiseSchedule;
use molehill_context3d::{BackendError, IndexBufferId, RenderState, TextureId, VertexBufferId};

use super::bindings::TextureBindings;
use super::buffers::{IndexBuffer, VertexBuffer};
use super::counters::CallCounts;
use super::pass::Recorder;
use super::pipeline::Pipelines;
use super::samplers::Samplers;
use super::stream::ConstantStream;
use super::targets::Targets;
use super::textures::{Placeholders, Texture};
use crate::gpu::{CallScope, Gpu};

/// Initial size of the per-frame constant stream (it doubles after a frame that fills it).
const STREAM_BYTES: u64 = 1 << 20;

/// The backend's resources and calls, below `crate::WgpuBackend` (which runs each call inside
/// its error scopes and checks).
#[derive(Debug)]
pub(crate) struct Device {
    pub(crate) gpu: Gpu,
    pub(super) pipelines: Pipelines,
    pub(super) bindings: TextureBindings,
    pub(super) vertex_buffers: HashMap<VertexBufferId, VertexBuffer>,
    pub(super) index_buffers: HashMap<IndexBufferId, IndexBuffer>,
    pub(super) textures: HashMap<TextureId, Texture>,
    pub(super) samplers: Samplers,
    pub(super) placeholders: Placeholders,
    pub(super) targets: Targets,
    pub(super) recorder: Recorder,
    pub(super) stream: ConstantStream,
    /// The fixed-function state context3d last sent.
    pub(super) state: RenderState,
    /// When targets in 16-bit formats are quantised (context3d's rule).
    pub(super) quantise: QuantiseSchedule,
    pub(super) counters: CallCounts,
    error_checking: bool,
    /// The error the last call that returns nothing met (`Backend::take_error`).
    kept_error: Option<BackendError>,
    lost: bool,
    /// The read-back buffer of the last read, used again (`readback::record_copy`).
    pub(super) readback: Option<wgpu::Buffer>,
}

impl Device {
    /// The device's objects on `gpu` (on a lent device, made inside error scopes of their own:
    /// Molehill's work too).
    pub(crate) fn new(gpu: Gpu) -> Device {
        let scope = gpu.call_scope();
        let pipelines = Pipelines::new(&gpu.device);
        let stream = ConstantStream::new(&gpu.device, STREAM_BYTES);
        let placeholders = Placeholders::new(&gpu.device, &gpu.queue);
        if let Some(scope) = scope {
            scope.close(&gpu.sink);
        }
        let mut targets = Targets::default();
        targets.set_msaa(
            gpu.caps.msaa_samples,
            gpu.caps.msaa_half_float,
            gpu.caps.msaa_copy,
        );
        Device {
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
            counters: CallCounts::default(),
            error_checking: false,
            kept_error: None,
            lost: false,
            readback: None,
            gpu,
        }
    }

    /// Work done so far (passes, submits, pipelines, ...).
    pub(crate) fn counters(&self) -> CallCounts {
        CallCounts {
            pipelines: self.pipelines.pipelines_made,
            pipeline_lookups: self.pipelines.lookups,
            shader_modules: self.pipelines.modules_made,
            ..self.counters
        }
    }

    /// Pipelines in the cache.
    pub(crate) fn cached_pipelines(&self) -> usize {
        self.pipelines.cached()
    }

    /// Samplers made (one per distinct state).
    pub(crate) fn sampler_objects(&self) -> usize {
        self.samplers.len()
    }

    /// The wgpu format a texture is stored in (`None`: unknown, or a video texture before
    /// its first frame).
    pub(crate) fn texture_format(&self, id: TextureId) -> Option<wgpu::TextureFormat> {
        let tex = self.textures.get(&id)?;
        tex.texture.as_ref()?;
        Some(tex.storage.format())
    }

    /// Decodes DXT on the CPU from now on, even where the device has BC textures.
    pub(crate) fn force_cpu_dxt(&mut self) {
        self.gpu.caps.bc = false;
    }

    /// Drops every resource (the device is gone, or the context disposed).
    fn drop_resources(&mut self) {
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

    /// Marks the context lost: every resource counts as disposed and every later call fails
    /// with [`BackendError::ContextLost`].
    pub(crate) fn lose_context(&mut self) {
        self.lost = true;
        self.recorder.abandon();
        self.drop_resources();
    }

    /// The buffers and textures the device holds (each a wgpu object, freed when dropped).
    pub(crate) fn live_objects(&self) -> molehill_context3d::LiveObjects {
        molehill_context3d::LiveObjects {
            vertex_buffers: self.vertex_buffers.len(),
            index_buffers: self.index_buffers.len(),
            textures: self.textures.len(),
        }
    }

    /// Destroys the device when it is Molehill's own (not lent by a host): what a forced
    /// loss does after [`Device::lose_context`].
    pub(crate) fn destroy_own_device(&mut self) {
        if !self.gpu.is_lent() {
            self.gpu.device.destroy();
        }
    }

    /// Whether the context is lost (here, or by the device: its sink says so).
    pub(crate) fn is_lost(&self) -> bool {
        self.lost || self.gpu.sink.is_lost()
    }

    /// At a call's entry: a device the sink says is gone loses the context; a lost context
    /// fails the call.
    pub(crate) fn enter(&mut self) -> Result<(), BackendError> {
        if !self.lost && self.gpu.sink.is_lost() {
            log::error!("the wgpu device was lost: the context is lost");
            self.lose_context();
        }
        if self.lost {
            return Err(BackendError::ContextLost);
        }
        Ok(())
    }

    /// On a lent device, the error scopes a call runs in (`None` on a device of Molehill's
    /// own, whose uncaptured-error handler does their job).
    pub(crate) fn call_scope(&self) -> Option<CallScope> {
        self.gpu.call_scope()
    }

    /// Closes a call's error scopes, handing what they caught to the sink.
    pub(crate) fn close_scope(&self, scope: Option<CallScope>) {
        if let Some(scope) = scope {
            scope.close(&self.gpu.sink);
        }
    }

    /// After a call: a lost device fails it; with error checking on, a wgpu error reported
    /// since the last call fails it as #3710. With it off the sink is not even looked at (a
    /// lock and a swap of its list at every call): what it holds then belongs to nobody and
    /// is dropped when checking is switched on ([`Device::set_error_checking`]).
    pub(crate) fn check(&mut self, call: &'static str) -> Result<(), BackendError> {
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

    /// `enableErrorChecking`.
    pub(crate) fn set_error_checking(&mut self, enabled: bool) {
        if enabled && !self.error_checking {
            // Start clean: errors from before the switch belong to nobody.
            self.gpu.sink.take();
        }
        self.error_checking = enabled;
    }

    /// Keeps the error of a call that returns nothing (`clear`, `set_render_target`).
    pub(crate) fn keep_error(&mut self, error: Option<BackendError>) {
        self.kept_error = error;
    }

    /// The error the last call that returns nothing met, taken.
    pub(crate) fn take_error(&mut self) -> Option<BackendError> {
        self.kept_error.take()
    }

    /// Ends the pass, writes the constant stream and submits the frame's commands.
    pub(super) fn submit(&mut self) {
        self.recorder
            .submit(&self.gpu, &mut self.stream, &mut self.counters);
    }

    /// Submits first when the pending commands read a resource about to be written
    /// (`queue.write_*` lands before the next submission's commands).
    pub(super) fn before_write(&mut self, used_in: u64) {
        if used_in == self.recorder.frame && self.recorder.has_work() {
            self.counters.upload_flushes += 1;
            self.submit();
        }
    }

    /// `Context3D.dispose`: what was recorded is submitted, every resource dropped.
    pub(crate) fn dispose_context(&mut self) {
        if self.enter().is_err() {
            return;
        }
        let scope = self.call_scope();
        self.submit();
        self.close_scope(scope);
        self.drop_resources();
    }
}
