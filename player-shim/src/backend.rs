//! The boundary with the renderer, in the spirit of Ruffle's `RenderBackend::create_context3d`:
//! a player hands Molehill a [`BackendFactory`]; each `requestContext3D` asks it for a fresh
//! [`molehill_context3d::Backend`] (a GL context, or anything else that implements the trait), held as a
//! `Box<dyn Backend>` so the AS3-facing types are not generic. context3d makes `Box<B>` and
//! `Rc<RefCell<B>>` backends themselves (forwarding every method), so a player that keeps a
//! handle to its backend returns `Box::new(Rc::clone(&shared))` from its factory.

use molehill_context3d::Backend;

/// Why no renderer could be made for a new context (Flash then reports #3702 "Context3D not
/// available." as an `ErrorEvent`, [`crate::Stage3DEvent::Error`]).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum BackendCreationError {
    /// The headless GL context could not be created (feature `gl`).
    #[cfg(feature = "gl")]
    #[error(transparent)]
    Gl(#[from] molehill_gl::ContextError),
    /// The headless wgpu device could not be created (feature `wgpu` or `wgpu27`).
    #[cfg(any(feature = "wgpu", feature = "wgpu27"))]
    #[error(transparent)]
    Wgpu(#[from] molehill_wgpu::DeviceError),
    /// A player's own renderer refused, with its reason.
    #[error("the renderer could not create a context: {0}")]
    Refused(String),
}

/// Makes the renderer of each new `Context3D`. A player implements it over its own renderer;
/// `HeadlessGl` (feature `gl`: OpenGL ES through EGL, no window), `HeadlessWgpu` (feature
/// `wgpu` or `wgpu27`: Vulkan, or wgpu's GL backend) and `HostWgpu` (the same features: the
/// player's own wgpu device) are Molehill's own.
pub trait BackendFactory {
    /// A fresh backend for one context.
    fn create_backend(&mut self) -> Result<Box<dyn Backend>, BackendCreationError>;
}

/// A Stage3D's factory, shared with its context (which makes a new backend on
/// `dispose(recreate = true)`).
pub(crate) type SharedFactory = std::rc::Rc<std::cell::RefCell<Box<dyn BackendFactory>>>;

/// Headless OpenGL contexts from molehill-gl (EGL; llvmpipe when there is no GPU). Feature `gl`.
#[cfg(feature = "gl")]
#[derive(Debug, Default, Clone)]
pub struct HeadlessGl {
    /// Context options (API, debug).
    pub options: molehill_gl::ContextOptions,
}

#[cfg(feature = "gl")]
impl BackendFactory for HeadlessGl {
    fn create_backend(&mut self) -> Result<Box<dyn Backend>, BackendCreationError> {
        Ok(Box::new(molehill_gl::GlBackend::headless(&self.options)?))
    }
}

/// Headless wgpu devices from molehill-wgpu (Vulkan by default: lavapipe when there is no GPU).
/// Feature `wgpu` (wgpu 30) or `wgpu27` (wgpu 27).
#[cfg(any(feature = "wgpu", feature = "wgpu27"))]
#[derive(Debug, Default, Clone)]
pub struct HeadlessWgpu {
    /// Device options (API).
    pub options: molehill_wgpu::DeviceOptions,
}

#[cfg(any(feature = "wgpu", feature = "wgpu27"))]
impl BackendFactory for HeadlessWgpu {
    fn create_backend(&mut self) -> Result<Box<dyn Backend>, BackendCreationError> {
        Ok(Box::new(molehill_wgpu::WgpuBackend::headless(
            &self.options,
        )?))
    }
}

/// Any factory closure works too (tests use `molehill_context3d::RecordingBackend`).
impl<F> BackendFactory for F
where
    F: FnMut() -> Result<Box<dyn Backend>, BackendCreationError>,
{
    fn create_backend(&mut self) -> Result<Box<dyn Backend>, BackendCreationError> {
        self()
    }
}
