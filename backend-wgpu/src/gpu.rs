//! The bottom layer: the wgpu device, a headless one made here (Vulkan by default, wgpu's GL backend selectable) or the
//! host's own `wgpu::Device` + `Queue`; what the adapter offers (sample counts, BC textures);
//! error capture without panics (error scopes, an uncaptured-error handler) and device loss.
//!
//! A device Molehill made is its own: it installs an uncaptured-error handler and a device-lost
//! callback there. A device the host lends ([`Gpu::from_parts`]) keeps the host's handlers:
//! each backend call runs inside error scopes of its own ([`Gpu::call_scope`]) instead, so
//! the errors Molehill causes come to Molehill and the host's handler sees only the host's.
//!
//! With `device/readback.rs`, this is where the backend waits on wgpu (`pollster::block_on` of
//! adapter, device and error-scope futures; `tests/api/layers.rs` keeps it so): on the web those
//! are asynchronous.

#[cfg(not(target_arch = "wasm32"))]
use std::sync::atomic::AtomicUsize;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use crate::compat;

/// The Debian packages that give Vulkan on the CPU (Mesa's lavapipe).
pub const DEBIAN_PACKAGES: &str = "mesa-vulkan-drivers libvulkan1";
/// The Debian packages wgpu's GL backend needs (EGL on Mesa's llvmpipe).
pub const DEBIAN_PACKAGES_GL: &str = "libegl1 libgl1-mesa-dri";

/// What gives WebGPU and WebGL2 without a GPU: Debian's Chromium, run with
/// `--enable-unsafe-webgpu --enable-unsafe-swiftshader` (docs/web.md).
pub const BROWSER_PACKAGES: &str =
    "chromium (run with --enable-unsafe-webgpu --enable-unsafe-swiftshader)";

/// Which of wgpu's native APIs a headless device uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Api {
    /// Vulkan (lavapipe without a GPU): the WebGPU-compliant path, the default.
    #[default]
    Vulkan,
    /// wgpu's GL backend (EGL / GL ES 3).
    Gl,
    /// The browser's WebGPU (wasm32 only; natively no adapter).
    WebGpu,
    /// wgpu's GL backend on the browser's WebGL2, on a canvas of its own (wasm32 only, with the
    /// feature `webgl`).
    WebGl2,
}

impl Api {
    pub(crate) fn backends(self) -> wgpu::Backends {
        match self {
            Api::Vulkan => wgpu::Backends::VULKAN,
            Api::Gl | Api::WebGl2 => wgpu::Backends::GL,
            Api::WebGpu => wgpu::Backends::BROWSER_WEBGPU,
        }
    }

    fn packages(self) -> &'static str {
        match self {
            Api::Vulkan => DEBIAN_PACKAGES,
            Api::Gl => DEBIAN_PACKAGES_GL,
            Api::WebGpu | Api::WebGl2 => BROWSER_PACKAGES,
        }
    }
}

/// How to make a headless device.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub struct DeviceOptions {
    /// The native API.
    pub api: Api,
    /// Ask for timestamp queries (`TIMESTAMP_QUERY` and `TIMESTAMP_QUERY_INSIDE_ENCODERS`)
    /// where the adapter has them, for tools that time the device's queue (`molehill bench
    /// --baseline --backend wgpu`). Off by default; the backend itself never uses them.
    pub timestamps: bool,
}

impl DeviceOptions {
    /// The options for a device of `api`.
    pub fn new(api: Api) -> DeviceOptions {
        DeviceOptions {
            api,
            timestamps: false,
        }
    }

    /// The same options, asking for timestamp queries where the adapter has them.
    pub fn with_timestamps(self) -> DeviceOptions {
        DeviceOptions {
            timestamps: true,
            ..self
        }
    }
}

/// Why no device could be made (the player reports Flash's #3702 "Context3D not available").
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DeviceError {
    /// No adapter of the API exists.
    #[error(
        "no {api:?} adapter ({reason}); install the Debian packages: apt-get install {packages}"
    )]
    NoAdapter {
        /// The API asked for.
        api: Api,
        /// wgpu's reason.
        reason: String,
        /// The packages to install.
        packages: &'static str,
    },
    /// The adapter refused to make a device.
    #[error("the {api:?} adapter refused a device ({reason}); install the Debian packages: apt-get install {packages}")]
    NoDevice {
        /// The API asked for.
        api: Api,
        /// wgpu's reason.
        reason: String,
        /// The packages to install.
        packages: &'static str,
    },
    /// In a browser, the device could only be had by waiting, outside a call that may
    /// suspend (WebAssembly JSPI; docs/web.md): await [`Gpu::request`] instead.
    #[error("{0}")]
    NotSuspendable(String),
}

/// What the device can do that Flash content asks about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Caps {
    /// BC1/BC3 textures are uploaded as they are (else DXT is decoded on the CPU).
    pub bc: bool,
    /// ETC2 textures are uploaded as they are (an ETC2-only ATF image needs it).
    pub etc2: bool,
    /// The multisample count `antiAlias > 0` maps to (1 when the adapter has no 4x for both
    /// `Rgba8Unorm` and `Depth24PlusStencil8`).
    pub msaa_samples: u32,
    /// `Rgba16Float` can be multisampled (else a half-float MSAA target draws single-sampled).
    pub msaa_half_float: bool,
    /// Largest 2D texture side.
    pub max_texture_size: u32,
    /// Most vertex buffer slots a pipeline may use.
    pub max_vertex_buffers: u32,
    /// `bgra` textures are stored as `Bgra8Unorm` and uploaded without a copy (else as
    /// `Rgba8Unorm`, swizzled on the CPU). Off on wgpu's GL backend, whose `Bgra8Unorm` uploads
    /// need `GL_BGRA` data into an `RGBA8` texture, which OpenGL ES does not allow, and where
    /// the adapter cannot multisample it when it multisamples `Rgba8Unorm`.
    pub bgra8: bool,
    /// A multisampled texture can be made with `COPY_SRC` and copied, so a 16-bit target
    /// quantises its samples (`device/packed.rs`). Off on wgpu's GL backend, which cannot copy
    /// a multisampled texture and fails to make one with `COPY_SRC` (`GL_TEXTURE_2D` as its
    /// target): there a 16-bit target quantises its resolve. (From the adapter: wgpu 27 has no
    /// `Device::adapter_info` to ask later.)
    pub msaa_copy: bool,
}

/// Errors the device reported outside any error scope, and whether it was lost; shared with
/// wgpu's callbacks.
#[derive(Debug, Default)]
pub struct ErrorSink {
    lost: AtomicBool,
    restorable: AtomicBool,
    uncaptured: Mutex<Vec<String>>,
}

impl ErrorSink {
    /// Whether the device was lost.
    pub fn is_lost(&self) -> bool {
        self.lost.load(Ordering::Acquire)
    }

    /// Marks the device lost.
    pub fn set_lost(&self) {
        self.lost.store(true, Ordering::Release);
    }

    /// After a loss: whether a new device can be had (in a browser, an adapter was found again
    /// after `GPUDevice.lost`), so that a backend made now would draw (`Backend::is_restored`).
    pub fn is_restorable(&self) -> bool {
        self.restorable.load(Ordering::Acquire)
    }

    /// Says a new device can be had after the loss.
    pub fn set_restorable(&self) {
        self.restorable.store(true, Ordering::Release);
    }

    /// Takes the errors seen outside error scopes, oldest first.
    pub fn take(&self) -> Vec<String> {
        match self.uncaptured.lock() {
            Ok(mut v) => std::mem::take(&mut *v),
            Err(_) => Vec::new(),
        }
    }

    pub(crate) fn push(&self, message: String) {
        if let Ok(mut v) = self.uncaptured.lock() {
            if v.len() < 64 {
                v.push(message);
            }
        }
    }
}

/// A device, its queue, its capabilities and its error sink.
#[derive(Debug, Clone)]
pub struct Gpu {
    /// The device.
    pub device: wgpu::Device,
    /// Its queue.
    pub queue: wgpu::Queue,
    /// What it can do.
    pub caps: Caps,
    /// `driverInfo` text.
    pub info: String,
    /// Errors and loss.
    pub sink: Arc<ErrorSink>,
    /// The host lent the device: its device-wide handlers are the host's, and Molehill's
    /// calls capture their errors with error scopes.
    lent: bool,
    /// In a browser: what the device's adapter needed kept (wgpu's WebGL2 backend's canvas).
    #[cfg(target_arch = "wasm32")]
    pub(crate) web: crate::web::WebParts,
}

/// The error scopes around one backend call on a lent device (see [`Gpu::call_scope`]).
#[derive(Debug)]
#[must_use = "close the scope to hand its errors to the sink"]
pub(crate) struct CallScope {
    scopes: [compat::ErrorScopeGuard; 3],
}

impl CallScope {
    /// Pops the scopes (the innermost first) and hands what they caught to `sink`, as the
    /// uncaptured-error handler does on a device of Molehill's own.
    /// In a browser the scopes' results are promises: what they caught reaches the sink a
    /// task later.
    #[cfg(target_arch = "wasm32")]
    pub(crate) fn close(self, sink: &Arc<ErrorSink>) {
        let sink = sink.clone();
        crate::web::close_scopes(self.scopes, move |e| sink.push(e));
    }

    #[cfg(not(target_arch = "wasm32"))]
    pub(crate) fn close(self, sink: &Arc<ErrorSink>) {
        let [validation, oom, internal] = self.scopes;
        for scope in [internal, oom, validation] {
            if let Some(e) = pollster::block_on(scope.pop()) {
                log::error!("wgpu: {e}");
                sink.push(e.to_string());
            }
        }
    }
}

/// A browser's instance of `api`.
#[cfg(target_arch = "wasm32")]
fn instance(api: Api) -> wgpu::Instance {
    crate::web::instance(api.backends())
}

/// Vulkan instances [`instance`] made in this process (one at most).
#[cfg(not(target_arch = "wasm32"))]
static VULKAN_INSTANCES_MADE: AtomicUsize = AtomicUsize::new(0);

/// The `wgpu::Instance` a headless device of `api` comes from.
///
/// Vulkan: the process's one instance, made on first use and kept. Loading the driver once
/// per process is what a player does, and it is needed: making and dropping an instance per
/// context loads and unloads the Vulkan loader and the driver each time, and NVIDIA's driver
/// (580, checked on an H200) answers every `vkCreateInstance` after the 30th such cycle in one
/// process with `VK_ERROR_INCOMPATIBLE_DRIVER` (wgpu: "vulkan drivers/libraries could not be
/// loaded"): `molehill replay` of the conformance folder failed its last 100 traces so.
///
/// GL: an instance per device, as before. wgpu's GL instance owns one EGL context that its
/// adapters make current, so devices of one instance on two threads at once fail
/// `eglMakeCurrent` (`BadAccess`, a panic inside wgpu).
///
/// Indirect-draw validation is off (Molehill issues no indirect draws): on wgpu's GL backend
/// it needs a compute pipeline that NVIDIA's GL ES context refused, which lost the device at
/// creation.
#[cfg(not(target_arch = "wasm32"))]
fn instance(api: Api) -> wgpu::Instance {
    static VULKAN: Mutex<Option<wgpu::Instance>> = Mutex::new(None);
    let make = || {
        let mut desc = compat::instance_descriptor();
        desc.backends = api.backends();
        desc.flags
            .remove(wgpu::InstanceFlags::VALIDATION_INDIRECT_CALL);
        compat::instance(desc)
    };
    match api {
        Api::Gl | Api::WebGpu | Api::WebGl2 => make(),
        Api::Vulkan => {
            let mut kept = VULKAN
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            kept.get_or_insert_with(|| {
                VULKAN_INSTANCES_MADE.fetch_add(1, Ordering::Relaxed);
                log::debug!("the Vulkan instance made (kept for the process)");
                make()
            })
            .clone()
        }
    }
}

impl Gpu {
    /// A headless device of `options.api`, waited for on the calling thread.
    ///
    /// In a browser (wasm32) the wait is a WebAssembly JSPI suspension (docs/web.md): it works
    /// inside a call that `molehill_wgpu::web::suspendable` runs and is
    /// [`DeviceError::NotSuspendable`] elsewhere; [`Gpu::request`] is the future to await.
    pub fn headless(options: &DeviceOptions) -> Result<Gpu, DeviceError> {
        #[cfg(not(target_arch = "wasm32"))]
        return pollster::block_on(Gpu::request(*options));
        #[cfg(target_arch = "wasm32")]
        return crate::web::block_on(Gpu::request(*options))
            .map_err(|e| DeviceError::NotSuspendable(e.to_string()))?;
    }

    /// A headless device of `options.api`, as a future: what a browser player awaits before it
    /// replays or runs content (wgpu's adapter and device requests are promises there).
    pub async fn request(options: DeviceOptions) -> Result<Gpu, DeviceError> {
        let api = options.api;
        #[cfg(all(target_arch = "wasm32", not(feature = "webgl")))]
        if api == Api::WebGl2 {
            return Err(DeviceError::NoAdapter {
                api,
                reason: "this build has no WebGL2 backend: molehill-wgpu's feature `webgl` adds it"
                    .into(),
                packages: api.packages(),
            });
        }
        let instance = instance(api);
        #[cfg(target_arch = "wasm32")]
        let surface = crate::web::adapter_surface(&instance, api.backends()).map_err(|reason| {
            DeviceError::NoAdapter {
                api,
                reason,
                packages: api.packages(),
            }
        })?;
        #[cfg(not(target_arch = "wasm32"))]
        let surface: Option<wgpu::Surface<'static>> = None;
        let adapter = instance
            .request_adapter(&compat::adapter_options(surface.as_ref()))
            .await
            .map_err(|e| DeviceError::NoAdapter {
                api,
                reason: e.to_string(),
                packages: api.packages(),
            })?;
        let mut wanted =
            wgpu::Features::TEXTURE_COMPRESSION_BC | wgpu::Features::TEXTURE_COMPRESSION_ETC2;
        if options.timestamps {
            wanted |=
                wgpu::Features::TIMESTAMP_QUERY | wgpu::Features::TIMESTAMP_QUERY_INSIDE_ENCODERS;
        }
        let features = adapter.features() & wanted;
        // wgpu's WebGL2 backend has no compute: its base limits say so.
        let base = if api == Api::WebGl2 {
            wgpu::Limits::downlevel_webgl2_defaults()
        } else {
            wgpu::Limits::downlevel_defaults()
        };
        let mut limits = base.using_resolution(adapter.limits());
        let al = adapter.limits();
        limits.max_vertex_buffers = al.max_vertex_buffers.min(16);
        limits.max_vertex_attributes = al.max_vertex_attributes.min(16);
        limits.max_texture_dimension_2d = al.max_texture_dimension_2d.min(16384);
        limits.max_sampled_textures_per_shader_stage = al.max_sampled_textures_per_shader_stage;
        limits.max_samplers_per_shader_stage = al.max_samplers_per_shader_stage;
        limits.max_uniform_buffer_binding_size = al.max_uniform_buffer_binding_size;
        limits.max_bindings_per_bind_group = al.max_bindings_per_bind_group;
        // Smaller offsets pack the per-draw constants of a frame tighter.
        limits.min_uniform_buffer_offset_alignment = al.min_uniform_buffer_offset_alignment;
        let (device, queue) = adapter
            .request_device(&wgpu::DeviceDescriptor {
                label: Some("molehill"),
                required_features: features,
                required_limits: limits,
                experimental_features: wgpu::ExperimentalFeatures::disabled(),
                memory_hints: wgpu::MemoryHints::Performance,
                trace: wgpu::Trace::Off,
            })
            .await
            .map_err(|e| DeviceError::NoDevice {
                api,
                reason: e.to_string(),
                packages: api.packages(),
            })?;
        #[allow(unused_mut)]
        let mut gpu = Gpu::make(&adapter, device, queue, false);
        #[cfg(target_arch = "wasm32")]
        {
            gpu.web = crate::web::WebParts::new(surface);
        }
        #[cfg(not(target_arch = "wasm32"))]
        drop(surface);
        // Molehill's own device: errors outside any scope and the loss come to the sink
        // through device-wide callbacks (nobody else uses the device).
        let s = gpu.sink.clone();
        gpu.device
            .on_uncaptured_error(Arc::new(move |e: wgpu::Error| {
                log::error!("wgpu: {e}");
                s.push(e.to_string());
            }));
        let s = gpu.sink.clone();
        gpu.device.set_device_lost_callback(move |reason, message| {
            log::error!("wgpu device lost ({reason:?}): {message}");
            s.set_lost();
            #[cfg(target_arch = "wasm32")]
            {
                let s = s.clone();
                crate::web::watch_restore(api.backends(), move || s.set_restorable());
            }
        });
        Ok(gpu)
    }

    /// The host's device and queue (the adapter they came from tells the sample counts).
    ///
    /// The device stays the host's: Molehill sets neither its uncaptured-error handler nor its
    /// device-lost callback. Each backend call runs inside validation, out-of-memory and
    /// internal error scopes of its own (on the calling thread's scope stack), so what
    /// Molehill's calls cause is Molehill's (#3710 with `enableErrorChecking`, a log line
    /// without) and the host's handler sees only the host's errors. wgpu drops the errors of a
    /// lost device, so a loss reaches Molehill through the host: its device-lost callback calls
    /// `set_lost` on a clone of [`Gpu::sink`] (docs/wgpu.md), or the host calls
    /// [`crate::WgpuBackend::lose_context`].
    pub fn from_parts(adapter: &wgpu::Adapter, device: wgpu::Device, queue: wgpu::Queue) -> Gpu {
        Gpu::make(adapter, device, queue, true)
    }

    fn make(adapter: &wgpu::Adapter, device: wgpu::Device, queue: wgpu::Queue, lent: bool) -> Gpu {
        let sink = Arc::new(ErrorSink::default());
        let four = |f: wgpu::TextureFormat| {
            adapter
                .get_texture_format_features(f)
                .flags
                .sample_count_supported(4)
        };
        let msaa =
            four(wgpu::TextureFormat::Rgba8Unorm) && four(wgpu::TextureFormat::Depth24PlusStencil8);
        let limits = device.limits();
        let i = adapter.get_info();
        let info = format!(
            "wgpu {:?} Vendor={} Renderer={} Driver={} {}",
            i.backend, i.vendor, i.name, i.driver, i.driver_info
        );
        let caps = Caps {
            bc: device
                .features()
                .contains(wgpu::Features::TEXTURE_COMPRESSION_BC),
            etc2: device
                .features()
                .contains(wgpu::Features::TEXTURE_COMPRESSION_ETC2),
            msaa_samples: if msaa { 4 } else { 1 },
            msaa_half_float: msaa && four(wgpu::TextureFormat::Rgba16Float),
            max_texture_size: limits.max_texture_dimension_2d,
            max_vertex_buffers: limits.max_vertex_buffers,
            bgra8: i.backend != wgpu::Backend::Gl
                && (!msaa || four(wgpu::TextureFormat::Bgra8Unorm)),
            msaa_copy: i.backend != wgpu::Backend::Gl,
        };
        log::info!("molehill-wgpu: {info}, {caps:?}");
        Gpu {
            caps,
            device,
            queue,
            info,
            sink,
            lent,
            #[cfg(target_arch = "wasm32")]
            web: crate::web::WebParts::default(),
        }
    }

    /// Whether the host lent the device ([`Gpu::from_parts`]).
    pub fn is_lent(&self) -> bool {
        self.lent
    }

    /// On a lent device, opens the error scopes one backend call runs in (close them with
    /// [`CallScope::close`] before the call returns); `None` on a device of Molehill's own,
    /// whose uncaptured-error handler does the same job.
    pub(crate) fn call_scope(&self) -> Option<CallScope> {
        self.lent.then(|| CallScope {
            scopes: [
                wgpu::ErrorFilter::Validation,
                wgpu::ErrorFilter::OutOfMemory,
                wgpu::ErrorFilter::Internal,
            ]
            .map(|f| compat::push_error_scope(&self.device, f)),
        })
    }

    /// Runs `f` inside validation and out-of-memory error scopes and returns its value with
    /// the first error either scope caught.
    ///
    /// In a browser an error scope's result is a promise: `f` runs without scopes and what it
    /// causes reaches the uncaptured-error handler (the sink) a task later.
    #[cfg(target_arch = "wasm32")]
    pub(crate) fn scoped<T>(&self, f: impl FnOnce() -> T) -> (T, Option<wgpu::Error>) {
        (f(), None)
    }

    /// See the browser's [`Gpu::scoped`].
    #[cfg(not(target_arch = "wasm32"))]
    pub(crate) fn scoped<T>(&self, f: impl FnOnce() -> T) -> (T, Option<wgpu::Error>) {
        let oom = compat::push_error_scope(&self.device, wgpu::ErrorFilter::OutOfMemory);
        let validation = compat::push_error_scope(&self.device, wgpu::ErrorFilter::Validation);
        let value = f();
        let v = pollster::block_on(validation.pop());
        let o = pollster::block_on(oom.pop());
        (value, v.or(o))
    }
}

/// The `BackendError` of a wgpu error caught around a resource creation.
pub(crate) fn resource_error(e: &wgpu::Error) -> molehill_context3d::BackendError {
    log::error!("wgpu: {e}");
    match e {
        wgpu::Error::OutOfMemory { .. } => molehill_context3d::BackendError::OutOfMemory,
        _ => molehill_context3d::BackendError::OutOfMemory,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headless_vulkan_devices_share_one_instance() {
        // Each device is made and dropped (a context made and disposed); the instance stays.
        for _ in 0..3 {
            match Gpu::headless(&DeviceOptions::new(Api::Vulkan)) {
                Ok(gpu) => drop(gpu),
                Err(e) => {
                    eprintln!("skipped: {e}");
                    return;
                }
            }
        }
        // One, whatever else this test binary made in parallel.
        assert_eq!(VULKAN_INSTANCES_MADE.load(Ordering::Relaxed), 1);
    }
}
