//! Which of Molehill's headless renderers a replay (or `molehill bench`) draws with.

/// Which of Molehill's headless renderers to use (`molehill replay --backend`, the replay
/// API's [`crate::ReplayOptions::backend`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum BackendKind {
    /// molehill-gl on OpenGL ES 3.0 through EGL (the default).
    #[default]
    Gl,
    /// molehill-wgpu on Vulkan (lavapipe without a GPU); in a browser on its WebGPU.
    Wgpu,
    /// molehill-wgpu on wgpu's GL backend (EGL; in a browser WebGL2).
    WgpuGl,
}

impl BackendKind {
    /// Every kind, in the order `--backend` lists them.
    pub const ALL: [BackendKind; 3] = [BackendKind::Gl, BackendKind::Wgpu, BackendKind::WgpuGl];

    /// The name `--backend` takes: `gl`, `wgpu`, `wgpu-gl`.
    pub fn name(self) -> &'static str {
        match self {
            BackendKind::Gl => "gl",
            BackendKind::Wgpu => "wgpu",
            BackendKind::WgpuGl => "wgpu-gl",
        }
    }

    /// The kind named `name` ([`BackendKind::name`]).
    pub fn from_name(name: &str) -> Option<BackendKind> {
        BackendKind::ALL.into_iter().find(|k| k.name() == name)
    }

    /// A factory of headless backends of this kind.
    pub fn factory(self) -> Box<dyn molehill_player::BackendFactory> {
        match self {
            BackendKind::Gl => Box::new(molehill_player::HeadlessGl::default()),
            BackendKind::Wgpu => Box::new(molehill_player::HeadlessWgpu {
                options: molehill_wgpu::DeviceOptions::new(WGPU_API),
            }),
            BackendKind::WgpuGl => Box::new(molehill_player::HeadlessWgpu {
                options: molehill_wgpu::DeviceOptions::new(WGPU_GL_API),
            }),
        }
    }
}

impl std::fmt::Display for BackendKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// `wgpu`'s API: Vulkan on the desktop, the browser's WebGPU in a browser.
#[cfg(not(target_arch = "wasm32"))]
const WGPU_API: molehill_wgpu::Api = molehill_wgpu::Api::Vulkan;
#[cfg(target_arch = "wasm32")]
const WGPU_API: molehill_wgpu::Api = molehill_wgpu::Api::WebGpu;
/// `wgpu-gl`'s API: wgpu's GL backend on EGL on the desktop, on WebGL2 in a browser.
#[cfg(not(target_arch = "wasm32"))]
const WGPU_GL_API: molehill_wgpu::Api = molehill_wgpu::Api::Gl;
#[cfg(target_arch = "wasm32")]
const WGPU_GL_API: molehill_wgpu::Api = molehill_wgpu::Api::WebGl2;
