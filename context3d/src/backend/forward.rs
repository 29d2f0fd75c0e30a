//! A boxed backend and a shared one are backends themselves: `Box<B>` (so `Box<dyn Backend>`
//! too) and `Rc<RefCell<B>>` forward every method to the backend inside, those the trait
//! provides included (`draw_with_changes`, the six `set_*`, `take_error`, `is_lost`), so a
//! renderer's own answers and overrides reach [`crate::Context3D`] through either.

use std::cell::RefCell;
use std::rc::Rc;

use molehill_agal::ProgramKind;

use super::*;

/// Implements [`Backend`] for a handle by forwarding every method to the backend that
/// `$get` (from `&self` bound to `$s`) and `$get_mut` (from `&mut self` bound to `$sm`) reach.
macro_rules! forward_backend {
    (impl for $ty:ty, |$s:ident| $get:expr, |$sm:ident| $get_mut:expr) => {
        impl<B: Backend + ?Sized> Backend for $ty {
            fn driver_info(&self) -> String {
                let $s = self;
                $get.driver_info()
            }
            fn set_error_checking(&mut self, enabled: bool) {
                let $sm = self;
                $get_mut.set_error_checking(enabled)
            }
            fn configure_back_buffer(
                &mut self,
                config: &BackBufferConfig,
            ) -> Result<(), BackendError> {
                let $sm = self;
                $get_mut.configure_back_buffer(config)
            }
            fn create_vertex_buffer(
                &mut self,
                id: VertexBufferId,
                desc: &VertexBufferDesc,
            ) -> Result<(), BackendError> {
                let $sm = self;
                $get_mut.create_vertex_buffer(id, desc)
            }
            fn upload_vertex_buffer(
                &mut self,
                id: VertexBufferId,
                byte_offset: u64,
                data: &[u8],
            ) -> Result<(), BackendError> {
                let $sm = self;
                $get_mut.upload_vertex_buffer(id, byte_offset, data)
            }
            fn dispose_vertex_buffer(&mut self, id: VertexBufferId) {
                let $sm = self;
                $get_mut.dispose_vertex_buffer(id)
            }
            fn create_index_buffer(
                &mut self,
                id: IndexBufferId,
                desc: &IndexBufferDesc,
            ) -> Result<(), BackendError> {
                let $sm = self;
                $get_mut.create_index_buffer(id, desc)
            }
            fn upload_index_buffer(
                &mut self,
                id: IndexBufferId,
                byte_offset: u64,
                indices: &[u16],
            ) -> Result<(), BackendError> {
                let $sm = self;
                $get_mut.upload_index_buffer(id, byte_offset, indices)
            }
            fn dispose_index_buffer(&mut self, id: IndexBufferId) {
                let $sm = self;
                $get_mut.dispose_index_buffer(id)
            }
            fn create_texture(
                &mut self,
                id: TextureId,
                desc: &TextureDesc,
            ) -> Result<(), BackendError> {
                let $sm = self;
                $get_mut.create_texture(id, desc)
            }
            fn upload_texture(
                &mut self,
                id: TextureId,
                upload: &TextureUpload<'_>,
            ) -> Result<(), BackendError> {
                let $sm = self;
                $get_mut.upload_texture(id, upload)
            }
            fn dispose_texture(&mut self, id: TextureId) {
                let $sm = self;
                $get_mut.dispose_texture(id)
            }
            fn create_program(
                &mut self,
                id: ProgramId,
                program: &ProgramUpload<'_>,
            ) -> Result<(), BackendError> {
                let $sm = self;
                $get_mut.create_program(id, program)
            }
            fn dispose_program(&mut self, id: ProgramId) {
                let $sm = self;
                $get_mut.dispose_program(id)
            }
            fn clear(&mut self, clear: &Clear) {
                let $sm = self;
                $get_mut.clear(clear)
            }
            fn set_render_target(&mut self, target: &RenderTarget) {
                let $sm = self;
                $get_mut.set_render_target(target)
            }
            fn set_program_constants(
                &mut self,
                kind: ProgramKind,
                first_register: u16,
                values: &[[f32; 4]],
            ) {
                let $sm = self;
                $get_mut.set_program_constants(kind, first_register, values)
            }
            fn draw(&mut self, draw: &ResolvedDraw) -> Result<(), BackendError> {
                let $sm = self;
                $get_mut.draw(draw)
            }
            fn draw_with_changes(
                &mut self,
                draw: &ResolvedDraw,
                changes: &DrawChanges<'_>,
            ) -> Result<(), BackendError> {
                let $sm = self;
                $get_mut.draw_with_changes(draw, changes)
            }
            fn set_render_changes(&mut self, r: &RenderChanges) {
                let $sm = self;
                $get_mut.set_render_changes(r)
            }
            fn set_blend(&mut self, blend: BlendState) {
                let $sm = self;
                $get_mut.set_blend(blend)
            }
            fn set_color_mask(&mut self, mask: ColorMask) {
                let $sm = self;
                $get_mut.set_color_mask(mask)
            }
            fn set_culling(&mut self, cull: TriangleFace) {
                let $sm = self;
                $get_mut.set_culling(cull)
            }
            fn set_depth(&mut self, depth: DepthState) {
                let $sm = self;
                $get_mut.set_depth(depth)
            }
            fn set_stencil(&mut self, stencil: StencilState) {
                let $sm = self;
                $get_mut.set_stencil(stencil)
            }
            fn set_scissor(&mut self, scissor: Option<PixelRect>) {
                let $sm = self;
                $get_mut.set_scissor(scissor)
            }
            fn present(&mut self) -> Result<(), BackendError> {
                let $sm = self;
                $get_mut.present()
            }
            fn read_back_buffer(&mut self, rect: PixelRect) -> Result<Vec<u32>, BackendError> {
                let $sm = self;
                $get_mut.read_back_buffer(rect)
            }
            fn read_back_buffer_rgba(&mut self, rect: PixelRect) -> Result<Vec<u8>, BackendError> {
                let $sm = self;
                $get_mut.read_back_buffer_rgba(rect)
            }
            fn dispose_context(&mut self) {
                let $sm = self;
                $get_mut.dispose_context()
            }
            fn take_error(&mut self) -> Option<BackendError> {
                let $sm = self;
                $get_mut.take_error()
            }
            fn is_lost(&self) -> bool {
                let $s = self;
                $get.is_lost()
            }
            fn is_restored(&self) -> bool {
                let $s = self;
                $get.is_restored()
            }
            fn force_loss(&mut self) -> bool {
                let $sm = self;
                $get_mut.force_loss()
            }
            fn live_objects(&self) -> Option<LiveObjects> {
                let $s = self;
                $get.live_objects()
            }
        }
    };
}

// A boxed backend, `Box<dyn Backend>` included: what a player holds when the renderer is
// picked at run time (`Context3D<Box<dyn Backend>>`).
forward_backend!(impl for Box<B>, |s| (**s), |s| (**s));

// A backend the caller keeps a handle to while a context draws with it (a clone of the `Rc`),
// e.g. to read a renderer's counters between frames. Every call borrows it for its own length:
// a borrow the caller holds across a call into the context panics there.
forward_backend!(impl for Rc<RefCell<B>>, |s| s.borrow(), |s| s.borrow_mut());
