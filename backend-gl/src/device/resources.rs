//! The device's resource calls: vertex and index buffers, textures and programs (create,
//! upload, dispose). A failed creation is no resource for context3d, which will never dispose
//! it: it is disposed here.

use molehill_context3d::{
    BackendError, IndexBufferDesc, IndexBufferId, ProgramId, ProgramUpload, TextureDesc, TextureId,
    TextureUpload, VertexBufferDesc, VertexBufferId,
};

use super::buffers::{gl_size, usage, IndexBuffer, VertexBuffer};
use super::core::Device;
use super::textures;
use crate::context::Current;
use molehill_context3d::resources::index_shadow::IndexShadow;

impl Device {
    pub(crate) fn create_vertex_buffer(
        &mut self,
        current: Current,
        id: VertexBufferId,
        desc: &VertexBufferDesc,
    ) -> Result<(), BackendError> {
        self.alive()?;
        let gl = self.gl.current(current);
        let len = desc.byte_len() as usize;
        let buffer = gl.create_buffer().map_err(|_| BackendError::OutOfMemory)?;
        if !gl.buffer_alloc(buffer, gl_size(desc.byte_len()), usage(desc.usage)) {
            gl.delete_buffer(buffer);
            return Err(BackendError::OutOfMemory);
        }
        self.vertex_buffers
            .insert(id, VertexBuffer { gl: buffer, len });
        self.check(current, "createVertexBuffer")
            .inspect_err(|_| self.dispose_vertex_buffer(current, id))
    }

    pub(crate) fn upload_vertex_buffer(
        &mut self,
        current: Current,
        id: VertexBufferId,
        byte_offset: u64,
        data: &[u8],
    ) -> Result<(), BackendError> {
        self.alive()?;
        let Some(vb) = self.vertex_buffers.get_mut(&id) else {
            return Ok(());
        };
        let start = usize::try_from(byte_offset).unwrap_or(usize::MAX);
        if start.checked_add(data.len()).is_none_or(|end| end > vb.len) {
            log::warn!("vertex upload past the end of buffer {id:?} ignored");
            return Ok(());
        }
        self.gl
            .current(current)
            .buffer_write(vb.gl, start as i32, data);
        self.check(current, "VertexBuffer3D.upload*")
    }

    pub(crate) fn dispose_vertex_buffer(&mut self, current: Current, id: VertexBufferId) {
        if self.is_lost() {
            return;
        }
        if let Some(vb) = self.vertex_buffers.remove(&id) {
            let gl = self.gl.current(current);
            self.vertex_arrays.vertex_buffer_disposed(gl, id);
            gl.delete_buffer(vb.gl);
        }
    }

    pub(crate) fn create_index_buffer(
        &mut self,
        current: Current,
        id: IndexBufferId,
        desc: &IndexBufferDesc,
    ) -> Result<(), BackendError> {
        self.alive()?;
        let shadow =
            IndexShadow::zeroed(desc.num_indices).map_err(|_| BackendError::OutOfMemory)?;
        let gl = self.gl.current(current);
        let buffer = gl
            .create_index_buffer()
            .map_err(|_| BackendError::OutOfMemory)?;
        if !gl.buffer_alloc(buffer, gl_size(shadow.gpu_bytes()), usage(desc.usage)) {
            gl.delete_buffer(buffer);
            return Err(BackendError::OutOfMemory);
        }
        self.index_buffers
            .insert(id, IndexBuffer { gl: buffer, shadow });
        self.check(current, "createIndexBuffer")
            .inspect_err(|_| self.dispose_index_buffer(current, id))
    }

    pub(crate) fn upload_index_buffer(
        &mut self,
        current: Current,
        id: IndexBufferId,
        byte_offset: u64,
        indices: &[u16],
    ) -> Result<(), BackendError> {
        self.alive()?;
        let Some(ib) = self.index_buffers.get_mut(&id) else {
            return Ok(());
        };
        let first = usize::try_from(byte_offset / 2).unwrap_or(usize::MAX);
        let Some(write) = ib.shadow.write(first, indices) else {
            log::warn!("index upload past the end of buffer {id:?} ignored");
            return Ok(());
        };
        if write.bytes.is_empty() {
            return Ok(());
        }
        // The aligned span, never a write of 2 or 6 bytes (see IndexShadow).
        let buffer = ib.gl;
        self.gl
            .current(current)
            .buffer_write(buffer, write.offset as i32, write.bytes);
        self.check(current, "IndexBuffer3D.upload*")
    }

    pub(crate) fn dispose_index_buffer(&mut self, current: Current, id: IndexBufferId) {
        if self.is_lost() {
            return;
        }
        if let Some(buffer) = self.index_buffers.remove(&id) {
            let gl = self.gl.current(current);
            self.vertex_arrays.index_buffer_disposed(gl, id);
            gl.delete_buffer(buffer.gl);
        }
    }

    pub(crate) fn create_texture(
        &mut self,
        current: Current,
        id: TextureId,
        desc: &TextureDesc,
    ) -> Result<(), BackendError> {
        self.alive()?;
        let tex = textures::create(self.gl.current(current), desc, &self.caps)
            .map_err(|_| BackendError::OutOfMemory)?;
        self.textures.insert(id, tex);
        self.check(current, "createTexture")
            .inspect_err(|_| self.dispose_texture(current, id))
    }

    pub(crate) fn upload_texture(
        &mut self,
        current: Current,
        id: TextureId,
        upload: &TextureUpload<'_>,
    ) -> Result<(), BackendError> {
        self.alive()?;
        let Some(tex) = self.textures.get_mut(&id) else {
            return Ok(());
        };
        if let Err(e) = textures::upload(
            self.gl.current(current),
            tex,
            upload,
            &self.caps,
            &mut self.upload_scratch,
        ) {
            log::warn!(
                "texture upload to {id:?} (face {}, level {}) failed: {e}",
                upload.face,
                upload.level
            );
            return Err(e.into_backend_error());
        }
        self.check(current, "TextureBase.upload*")
    }

    pub(crate) fn dispose_texture(&mut self, current: Current, id: TextureId) {
        if self.is_lost() {
            return;
        }
        if let Some(tex) = self.textures.remove(&id) {
            let gl = self.gl.current(current);
            self.targets.texture_disposed(gl, id);
            gl.delete_texture(tex.gl);
        }
    }

    pub(crate) fn create_program(
        &mut self,
        current: Current,
        id: ProgramId,
        program: &ProgramUpload<'_>,
    ) -> Result<(), BackendError> {
        self.alive()?;
        self.programs
            .create(self.gl.current(current), id, program)?;
        self.check(current, "Program3D.upload")
            .inspect_err(|_| self.dispose_program(current, id))
    }

    pub(crate) fn dispose_program(&mut self, current: Current, id: ProgramId) {
        if self.is_lost() {
            return;
        }
        self.programs.dispose(self.gl.current(current), id);
    }
}
