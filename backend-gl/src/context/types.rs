//! What the context layer hands up: which API to ask for, how, what the driver reports, and
//! why no context could be had.

/// The Debian packages that give EGL and Mesa's software rasteriser.
pub const DEBIAN_PACKAGES: &str = "libegl1 libgl1-mesa-dri";

/// Which OpenGL flavour to ask for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum GlApi {
    /// OpenGL ES 3.0 (the default; GLSL ES 3.00 shaders).
    #[default]
    Es30,
    /// Desktop OpenGL 3.3 core profile (GLSL 3.30 shaders).
    Desktop33,
}

impl GlApi {
    /// The human name used in errors and logs.
    pub fn name(self) -> &'static str {
        match self {
            GlApi::Es30 => "OpenGL ES 3.0",
            GlApi::Desktop33 => "OpenGL 3.3 core",
        }
    }
}

/// How `bgraPacked4444` render targets (`GL_RGBA4`) are kept at 4 bits per channel, as
/// D3D9's A4R4G4B4 surface (Flash) keeps them. Some drivers (NVIDIA's) store `GL_RGBA4` with
/// 8 bits per channel: draws and blending then keep bits the format has not. See docs/gl.md,
/// "4-bit render targets".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Rgba4Targets {
    /// Find out at the first `bgraPacked4444` render target whether the driver keeps 4 bits
    /// (a 1x1 `GL_RGBA4` target cleared and read back), and quantise only where it does not.
    /// The environment variable `MOLEHILL_GL_RGBA4` (`quantise`, `native` or `probe`)
    /// overrides this default, for tests and for runs of `molehill replay`.
    #[default]
    Probe,
    /// Quantise whatever the driver does: for tests (the emulation on a driver that keeps 4
    /// bits) and for drivers the probe misjudges.
    Quantise,
    /// Trust the driver to keep 4 bits (no probe, no quantising).
    Native,
}

impl Rgba4Targets {
    /// The mode named `name` (`probe`, `quantise`, `native`; `quantize` too).
    pub fn from_name(name: &str) -> Option<Rgba4Targets> {
        match name.trim().to_ascii_lowercase().as_str() {
            "probe" => Some(Rgba4Targets::Probe),
            "quantise" | "quantize" => Some(Rgba4Targets::Quantise),
            "native" => Some(Rgba4Targets::Native),
            _ => None,
        }
    }
}

/// How to make a headless context.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub struct ContextOptions {
    /// The API to ask for.
    pub api: GlApi,
    /// Use Mesa's software device even when a hardware device exists (reproducible pixels).
    pub force_software: bool,
    /// Ask for a debug context.
    pub debug: bool,
    /// How `bgraPacked4444` render targets are kept at 4 bits ([`Rgba4Targets::Probe`] by
    /// default: quantised only on a driver that stores `GL_RGBA4` with more bits). The
    /// environment variable `MOLEHILL_GL_RGBA4` (`quantise`, `native`, `probe`) replaces
    /// `Probe` only: `Quantise` or `Native` given here win over it.
    pub rgba4_targets: Rgba4Targets,
}

impl ContextOptions {
    /// The default options for `api` (a hardware device when there is one, no debug context).
    pub fn new(api: GlApi) -> ContextOptions {
        ContextOptions {
            api,
            ..ContextOptions::default()
        }
    }

    /// These options with [`ContextOptions::force_software`] set to `on`.
    pub fn with_force_software(mut self, on: bool) -> ContextOptions {
        self.force_software = on;
        self
    }

    /// These options with [`ContextOptions::debug`] set to `on`.
    pub fn with_debug(mut self, on: bool) -> ContextOptions {
        self.debug = on;
        self
    }

    /// These options with [`ContextOptions::rgba4_targets`] set to `mode`.
    pub fn with_rgba4_targets(mut self, mode: Rgba4Targets) -> ContextOptions {
        self.rgba4_targets = mode;
        self
    }
}

/// Why no GL context could be had.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ContextError {
    /// libEGL could not be loaded or offers no device platform.
    #[cfg(not(target_arch = "wasm32"))]
    #[error(
        "no EGL available ({source}); install the Debian packages: apt-get install {packages}"
    )]
    NoEgl {
        /// glutin's error.
        source: glutin::error::Error,
        /// The packages to install.
        packages: &'static str,
    },
    /// EGL lists no usable device.
    #[error("EGL lists no device (neither hardware nor Mesa's software device); install the Debian packages: apt-get install {packages}")]
    NoDevice {
        /// The packages to install.
        packages: &'static str,
    },
    /// Every device failed; the last error is kept.
    #[cfg(not(target_arch = "wasm32"))]
    #[error("no {api} context on any EGL device (last error: {source}); install the Debian packages: apt-get install {packages}")]
    NoContext {
        /// The API asked for.
        api: &'static str,
        /// The last device's error.
        source: glutin::error::Error,
        /// The packages to install.
        packages: &'static str,
    },
    /// A step of window-surface creation failed.
    #[cfg(not(target_arch = "wasm32"))]
    #[error("{step} failed for the window surface: {source}")]
    Window {
        /// The EGL step.
        step: &'static str,
        /// glutin's error.
        source: glutin::error::Error,
    },
    /// No EGL config matched the request.
    #[error("no EGL config offers {api}")]
    NoConfig {
        /// The API asked for.
        api: &'static str,
    },
    /// Making the context current failed.
    #[cfg(not(target_arch = "wasm32"))]
    #[error("making the GL context current failed: {0}")]
    MakeCurrent(glutin::error::Error),
    /// Presenting (swapping buffers) failed.
    #[cfg(not(target_arch = "wasm32"))]
    #[error("swapping buffers failed: {0}")]
    Swap(glutin::error::Error),
    /// The host broke the contract of a host context: its context is not the current one
    /// (another context, or none, is current on this thread).
    #[error("the host's GL context is not current on this thread ({found}); make it current before calling Molehill, or give a make-current hook")]
    HostNotCurrent {
        /// What is current instead: `"no context"` or `"another context"`.
        found: &'static str,
    },
    /// The host's loader has no entry point of this name.
    #[error("the host's GL loader returns no {0}")]
    HostLoader(&'static str),
    /// The host's make-current hook failed.
    #[error("the host's make-current hook failed: {0}")]
    HostHook(String),
    /// The browser gives no WebGL2 context (`canvas.getContext("webgl2")` answered null or
    /// threw): the browser has no WebGL2, or it is turned off or blocklisted for this GPU.
    #[cfg(target_arch = "wasm32")]
    #[error("the browser gives no WebGL2 context ({reason})")]
    NoWebGl2 {
        /// What the browser said (or that it answered null).
        reason: String,
    },
    /// EGL, GL or the browser reports the context lost (`EGL_CONTEXT_LOST`, `GL_CONTEXT_LOST`,
    /// `webglcontextlost`).
    #[error("the GL context is lost ({0})")]
    Lost(&'static str),
}

/// What the driver reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GlInfo {
    /// GL_VERSION.
    pub version: String,
    /// GL_RENDERER.
    pub renderer: String,
    /// GL_VENDOR.
    pub vendor: String,
    /// The API of the context.
    pub api: GlApi,
}
