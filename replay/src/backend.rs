//! Which of Molehill's headless renderers a replay (or `molehill bench`) draws with.

/// Which of Molehill's headless renderers to use (`molehill replay --backend`, the replay
/// API's [`crate::ReplayOptions::backend`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum BackendKind {
    /// molehill-gl on OpenGL ES 3.0 through EGL (the default).
    #[default]
    Gl,
    /// molehill-wgpu on Vulkan (lavapipe without a GPU).
    Wgpu,
    /// molehill-wgpu on wgpu's GL backend.
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
            #[cfg(not(target_arch = "wasm32"))]
            BackendKind::Wgpu => Box::new(molehill_player::HeadlessWgpu::default()),
            #[cfg(not(target_arch = "wasm32"))]
            BackendKind::WgpuGl => Box::new(molehill_player::HeadlessWgpu {
                options: molehill_wgpu::DeviceOptions::new(molehill_wgpu::Api::Gl),
            }),
            // In a browser (wasm32) molehill-wgpu is not built yet: every request is refused
            // (Flash's #3702 through the Stage3D's error event).
            #[cfg(target_arch = "wasm32")]
            BackendKind::Wgpu | BackendKind::WgpuGl => Box::new(
                move || -> Result<
                    Box<dyn molehill_context3d::Backend>,
                    molehill_player::backend::BackendCreationError,
                > {
                    Err(molehill_player::backend::BackendCreationError::Refused(
                        format!("molehill-wgpu ({self}) is not built for the browser yet"),
                    ))
                },
            ),
        }
    }
}

impl std::fmt::Display for BackendKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
