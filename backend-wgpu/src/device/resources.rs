//! The device's resource calls: buffers, textures and programs made, uploaded and disposed.
//! An upload to a resource the pending commands read submits them first (`Device::before_write`).

use molehill_agal::ProgramKind;
use molehill_context3d::resources::index_shadow::IndexShadow;
use molehill_context3d::{
    BackendError, IndexBufferDesc, IndexBufferId, ProgramId, ProgramUpload, TextureDesc, TextureId,
    TextureUpload, VertexBufferDesc, VertexBufferId,
};

use super::buffers::{IndexBuffer, VertexBuffer};
use super::core::Device;
use super::pipeline::{program_layout, ProgramSource, SourceKey};
use super::textures;
use crate::gpu::resource_error;

impl Device {
    pub(crate) fn create_vertex_buffer(
        &mut self,
        id: VertexBufferId,
        desc: &VertexBufferDesc,
    ) -> Result<(), BackendError> {
        let repeat = desc.instances_per_element.map(|n| (desc.stride(), n));
        let (vb, error) = self
            .gpu
            .scoped(|| VertexBuffer::new(&self.gpu.device, desc.byte_len(), repeat));
        if let Some(e) = error {
            return Err(resource_error(&e));
        }
        self.vertex_buffers.insert(id, vb);
        Ok(())
    }

    pub(crate) fn upload_vertex_buffer(
        &mut self,
        id: VertexBufferId,
        byte_offset: u64,
        data: &[u8],
    ) -> Result<(), BackendError> {
        let Some(used) = self.vertex_buffers.get(&id).map(|v| v.used_in) else {
            return Ok(());
        };
        self.before_write(used);
        if let Some(vb) = self.vertex_buffers.get_mut(&id) {
            if !vb.write(&self.gpu.queue, byte_offset, data) {
                log::warn!("vertex upload past the end of buffer {id:?} ignored");
            }
        }
        Ok(())
    }

    pub(crate) fn dispose_vertex_buffer(&mut self, id: VertexBufferId) {
        self.vertex_buffers.remove(&id);
    }

    pub(crate) fn create_index_buffer(
        &mut self,
        id: IndexBufferId,
        desc: &IndexBufferDesc,
    ) -> Result<(), BackendError> {
        let shadow =
            IndexShadow::zeroed(desc.num_indices).map_err(|_| BackendError::OutOfMemory)?;
        let (ib, error) = self
            .gpu
            .scoped(|| IndexBuffer::new(&self.gpu.device, shadow));
        if let Some(e) = error {
            return Err(resource_error(&e));
        }
        self.index_buffers.insert(id, ib);
        Ok(())
    }

    pub(crate) fn upload_index_buffer(
        &mut self,
        id: IndexBufferId,
        byte_offset: u64,
        indices: &[u16],
    ) -> Result<(), BackendError> {
        let Some(used) = self.index_buffers.get(&id).map(|ib| ib.used_in) else {
            return Ok(());
        };
        self.before_write(used);
        if let Some(ib) = self.index_buffers.get_mut(&id) {
            let first = usize::try_from(byte_offset / 2).unwrap_or(usize::MAX);
            if !ib.write(&self.gpu.queue, first, indices) {
                log::warn!("index upload past the end of buffer {id:?} ignored");
            }
        }
        Ok(())
    }

    pub(crate) fn dispose_index_buffer(&mut self, id: IndexBufferId) {
        self.index_buffers.remove(&id);
    }

    pub(crate) fn create_texture(
        &mut self,
        id: TextureId,
        desc: &TextureDesc,
    ) -> Result<(), BackendError> {
        let (tex, error) = self
            .gpu
            .scoped(|| textures::create(&self.gpu.device, desc, &self.gpu.caps));
        if let Some(e) = error {
            return Err(resource_error(&e));
        }
        self.textures.insert(id, tex);
        Ok(())
    }

    pub(crate) fn upload_texture(
        &mut self,
        id: TextureId,
        upload: &TextureUpload<'_>,
    ) -> Result<(), BackendError> {
        let Some(used) = self.textures.get(&id).map(|t| t.used_in) else {
            return Ok(());
        };
        self.before_write(used);
        let caps = self.gpu.caps;
        if let Some(tex) = self.textures.get_mut(&id) {
            let (result, error) = self
                .gpu
                .scoped(|| textures::upload(&self.gpu.device, &self.gpu.queue, tex, upload, &caps));
            if let Some(e) = error {
                return Err(resource_error(&e));
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
    }

    pub(crate) fn dispose_texture(&mut self, id: TextureId) {
        if self.textures.remove(&id).is_some() {
            self.bindings.texture_disposed(id);
            self.targets.texture_disposed(id);
            self.quantise.texture_disposed(id);
        }
    }

    /// Program `id` of an AGAL pair, translated to WGSL only when the cache has no program of
    /// its key.
    pub(crate) fn create_program(
        &mut self,
        id: ProgramId,
        program: &ProgramUpload<'_>,
    ) -> Result<(), BackendError> {
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
        self.pipelines.create(&self.gpu, id, key, translate)
    }

    /// Program `id` from WGSL written by hand (keyed by its text).
    pub(crate) fn create_program_wgsl(
        &mut self,
        id: ProgramId,
        source: ProgramSource,
    ) -> Result<(), BackendError> {
        let key = SourceKey::Wgsl(source.vertex.clone(), source.fragment.clone());
        self.pipelines.create(&self.gpu, id, key, || Ok(source))
    }

    pub(crate) fn dispose_program(&mut self, id: ProgramId) {
        if let Some(slot) = self.pipelines.dispose(id) {
            self.bindings.program_disposed(slot);
        }
    }
}
