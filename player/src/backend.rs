//! The boundary with the renderer, in the spirit of Ruffle's `RenderBackend::create_context3d`:
//! a player hands Molehill a [`BackendFactory`]; each `requestContext3D` asks it for a fresh
//! [`molehill_context3d::Backend`] (a GL context, or anything else that implements the trait), held as a
//! trait object so the AS3-facing types are not generic.

use std::cell::{Ref, RefCell, RefMut};
use std::rc::Rc;

use molehill_context3d::{
    BackBufferConfig, Backend, BackendError, Clear, IndexBufferDesc, IndexBufferId, PixelRect,
    ProgramId, RenderTarget, ResolvedDraw, TextureDesc, TextureId, TextureUpload, VertexBufferDesc,
    VertexBufferId,
};

/// Why no renderer could be made for a new context (Flash then reports #3702 "Context3D not
/// available." through [`crate::Stage3DEvents::error`]).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum BackendCreationError {
    /// The headless GL context could not be created (feature `gl`).
    #[cfg(feature = "gl")]
    #[error(transparent)]
    Gl(#[from] molehill_gl::ContextError),
    /// The headless wgpu device could not be created (feature `wgpu`).
    #[cfg(feature = "wgpu")]
    #[error(transparent)]
    Wgpu(#[from] molehill_wgpu::DeviceError),
    /// A player's own renderer refused, with its reason.
    #[error("the renderer could not create a context: {0}")]
    Refused(String),
}

/// Makes the renderer of each new `Context3D`. A player implements it over its own renderer;
/// `HeadlessGl` (feature `gl`: OpenGL ES through EGL, no window) and `HeadlessWgpu` (feature
/// `wgpu`: Vulkan, or wgpu's GL backend) are Molehill's own.
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
/// Feature `wgpu`.
#[cfg(feature = "wgpu")]
#[derive(Debug, Default, Clone)]
pub struct HeadlessWgpu {
    /// Device options (API).
    pub options: molehill_wgpu::DeviceOptions,
}

#[cfg(feature = "wgpu")]
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

/// Implements [`Backend`] for a wrapper by forwarding every method (those with a default
/// too, `draw_with_changes`, `take_error` and `is_lost`: a renderer's own answers must
/// reach context3d) to the backend that `$get(&self.0)` / `$get_mut(&mut self.0)` reach.
macro_rules! forward_backend {
    (impl$(<$g:ident: Backend>)? for $ty:ty, $get:path, $get_mut:path) => {
        impl$(<$g: Backend>)? Backend for $ty {
            fn driver_info(&self) -> String {
                $get(&self.0).driver_info()
            }
            fn set_error_checking(&mut self, enabled: bool) {
                $get_mut(&mut self.0).set_error_checking(enabled)
            }
            fn configure_back_buffer(
                &mut self,
                config: &BackBufferConfig,
            ) -> Result<(), BackendError> {
                $get_mut(&mut self.0).configure_back_buffer(config)
            }
            fn create_vertex_buffer(
                &mut self,
                id: VertexBufferId,
                desc: &VertexBufferDesc,
            ) -> Result<(), BackendError> {
                $get_mut(&mut self.0).create_vertex_buffer(id, desc)
            }
            fn upload_vertex_buffer(
                &mut self,
                id: VertexBufferId,
                byte_offset: u64,
                data: &[u8],
            ) -> Result<(), BackendError> {
                $get_mut(&mut self.0).upload_vertex_buffer(id, byte_offset, data)
            }
            fn dispose_vertex_buffer(&mut self, id: VertexBufferId) {
                $get_mut(&mut self.0).dispose_vertex_buffer(id)
            }
            fn create_index_buffer(
                &mut self,
                id: IndexBufferId,
                desc: &IndexBufferDesc,
            ) -> Result<(), BackendError> {
                $get_mut(&mut self.0).create_index_buffer(id, desc)
            }
            fn upload_index_buffer(
                &mut self,
                id: IndexBufferId,
                byte_offset: u64,
                indices: &[u16],
            ) -> Result<(), BackendError> {
                $get_mut(&mut self.0).upload_index_buffer(id, byte_offset, indices)
            }
            fn dispose_index_buffer(&mut self, id: IndexBufferId) {
                $get_mut(&mut self.0).dispose_index_buffer(id)
            }
            fn create_texture(
                &mut self,
                id: TextureId,
                desc: &TextureDesc,
            ) -> Result<(), BackendError> {
                $get_mut(&mut self.0).create_texture(id, desc)
            }
            fn upload_texture(
                &mut self,
                id: TextureId,
                upload: &TextureUpload<'_>,
            ) -> Result<(), BackendError> {
                $get_mut(&mut self.0).upload_texture(id, upload)
            }
            fn dispose_texture(&mut self, id: TextureId) {
                $get_mut(&mut self.0).dispose_texture(id)
            }
            fn create_program(
                &mut self,
                id: ProgramId,
                vertex: &molehill_agal::Program,
                fragment: &molehill_agal::Program,
            ) -> Result<(), BackendError> {
                $get_mut(&mut self.0).create_program(id, vertex, fragment)
            }
            fn dispose_program(&mut self, id: ProgramId) {
                $get_mut(&mut self.0).dispose_program(id)
            }
            fn clear(&mut self, clear: &Clear) {
                $get_mut(&mut self.0).clear(clear)
            }
            fn set_render_target(&mut self, target: &RenderTarget) {
                $get_mut(&mut self.0).set_render_target(target)
            }
            fn set_program_constants(
                &mut self,
                kind: molehill_agal::ProgramKind,
                first_register: u16,
                values: &[[f32; 4]],
            ) {
                $get_mut(&mut self.0).set_program_constants(kind, first_register, values)
            }
            fn draw(&mut self, draw: &ResolvedDraw) -> Result<(), BackendError> {
                $get_mut(&mut self.0).draw(draw)
            }
            fn draw_with_changes(
                &mut self,
                draw: &ResolvedDraw,
                changes: &molehill_context3d::DrawChanges<'_>,
            ) -> Result<(), BackendError> {
                $get_mut(&mut self.0).draw_with_changes(draw, changes)
            }
            fn set_render_changes(&mut self, r: &molehill_context3d::RenderChanges) {
                $get_mut(&mut self.0).set_render_changes(r)
            }
            fn present(&mut self) -> Result<(), BackendError> {
                $get_mut(&mut self.0).present()
            }
            fn read_back_buffer(&mut self, rect: PixelRect) -> Result<Vec<u32>, BackendError> {
                $get_mut(&mut self.0).read_back_buffer(rect)
            }
            fn dispose_context(&mut self) {
                $get_mut(&mut self.0).dispose_context()
            }
            fn take_error(&mut self) -> Option<BackendError> {
                $get_mut(&mut self.0).take_error()
            }
            fn is_lost(&self) -> bool {
                $get(&self.0).is_lost()
            }
        }
    };
}

/// A boxed backend as a sized [`Backend`] (what `molehill_context3d::Context3D<B>` needs). Forwards
/// every method, those with a default too (`take_error`, `is_lost`).
pub struct DynBackend(pub Box<dyn Backend>);

impl std::fmt::Debug for DynBackend {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "DynBackend({})", self.0.driver_info())
    }
}

#[allow(clippy::borrowed_box)] // `forward_backend!` hands it `&self.0`.
fn boxed(b: &Box<dyn Backend>) -> &dyn Backend {
    &**b
}

fn boxed_mut(b: &mut Box<dyn Backend>) -> &mut dyn Backend {
    &mut **b
}

forward_backend!(impl for DynBackend, boxed, boxed_mut);

/// A backend the player keeps a handle to while a context draws with it, e.g. to read
/// `molehill_gl::GlBackend::call_counts()` between frames (`molehill bench` does):
/// `SharedBackend(Rc::new(RefCell::new(gl)))`, a clone of the `Rc` kept, and
/// `Box::new(shared)` returned from the factory. Forwards every method. Borrow the backend
/// only between calls into the context (a borrow held across one panics).
#[derive(Debug)]
pub struct SharedBackend<B>(pub Rc<RefCell<B>>);

fn shared<B>(b: &Rc<RefCell<B>>) -> Ref<'_, B> {
    b.borrow()
}

fn shared_mut<B>(b: &mut Rc<RefCell<B>>) -> RefMut<'_, B> {
    b.borrow_mut()
}

forward_backend!(impl<B: Backend> for SharedBackend<B>, shared, shared_mut);
