//! The resource calls of `Context3D`: `create*`, and the methods of `VertexBuffer3D`,
//! `IndexBuffer3D`, `Program3D` and the texture classes (each takes the handle first).

use agal::flash::FlashError;
use context3d::{IndexBuffer3D, Program3D, TextureBase, VertexBuffer3D};

use crate::as3::{BitmapData, ByteArray};
use crate::record::{bitmap_arg, byte_array_arg, Handle};
use crate::trace::{Call, ResourceKind};

use super::{Context3D, FlashResult};

impl Context3D {
    // --- Resources -----------------------------------------------------------------------------

    /// `createVertexBuffer(numVertices, data32PerVertex, bufferUsage)`.
    pub fn create_vertex_buffer(
        &mut self,
        num_vertices: i32,
        data32_per_vertex: i32,
        buffer_usage: &str,
    ) -> FlashResult<VertexBuffer3D> {
        let r = self
            .inner
            .create_vertex_buffer(num_vertices, data32_per_vertex, buffer_usage);
        self.record_create(
            ResourceKind::VertexBuffer,
            Handle::VertexBuffer,
            || Call::CreateVertexBuffer {
                num_vertices,
                data32_per_vertex,
                buffer_usage: buffer_usage.to_string(),
            },
            &r,
        );
        r
    }

    /// `createVertexBufferForInstances(numVertices, data32PerVertex, instancesPerElement,
    /// bufferUsage)` (standardExtended).
    pub fn create_vertex_buffer_for_instances(
        &mut self,
        num_vertices: i32,
        data32_per_vertex: i32,
        instances_per_element: i32,
        buffer_usage: &str,
    ) -> FlashResult<VertexBuffer3D> {
        let r = self.inner.create_vertex_buffer_for_instances(
            num_vertices,
            data32_per_vertex,
            instances_per_element,
            buffer_usage,
        );
        self.record_create(
            ResourceKind::VertexBuffer,
            Handle::VertexBuffer,
            || Call::CreateVertexBufferForInstances {
                num_vertices,
                data32_per_vertex,
                instances_per_element,
                buffer_usage: buffer_usage.to_string(),
            },
            &r,
        );
        r
    }

    /// `createIndexBuffer(numIndices, bufferUsage)`.
    pub fn create_index_buffer(
        &mut self,
        num_indices: i32,
        buffer_usage: &str,
    ) -> FlashResult<IndexBuffer3D> {
        let r = self.inner.create_index_buffer(num_indices, buffer_usage);
        self.record_create(
            ResourceKind::IndexBuffer,
            Handle::IndexBuffer,
            || Call::CreateIndexBuffer {
                num_indices,
                buffer_usage: buffer_usage.to_string(),
            },
            &r,
        );
        r
    }

    /// `createProgram()`.
    pub fn create_program(&mut self) -> FlashResult<Program3D> {
        let r = self.inner.create_program();
        self.record_create(
            ResourceKind::Program,
            Handle::Program,
            || Call::CreateProgram,
            &r,
        );
        r
    }

    /// `createTexture(width, height, format, optimizeForRenderToTexture, streamingLevels)`.
    pub fn create_texture(
        &mut self,
        width: i32,
        height: i32,
        format: &str,
        optimize_for_render_to_texture: bool,
        streaming_levels: i32,
    ) -> FlashResult<TextureBase> {
        let r = self.inner.create_texture(
            width,
            height,
            format,
            optimize_for_render_to_texture,
            streaming_levels,
        );
        self.record_create(
            ResourceKind::Texture,
            Handle::Texture,
            || Call::CreateTexture {
                width,
                height,
                format: format.to_string(),
                optimize_for_render_to_texture,
                streaming_levels,
            },
            &r,
        );
        r
    }

    /// `createCubeTexture(size, format, optimizeForRenderToTexture, streamingLevels)`.
    pub fn create_cube_texture(
        &mut self,
        size: i32,
        format: &str,
        optimize_for_render_to_texture: bool,
        streaming_levels: i32,
    ) -> FlashResult<TextureBase> {
        let r = self.inner.create_cube_texture(
            size,
            format,
            optimize_for_render_to_texture,
            streaming_levels,
        );
        self.record_create(
            ResourceKind::CubeTexture,
            Handle::Texture,
            || Call::CreateCubeTexture {
                size,
                format: format.to_string(),
                optimize_for_render_to_texture,
                streaming_levels,
            },
            &r,
        );
        r
    }

    /// `createRectangleTexture(width, height, format, optimizeForRenderToTexture)`.
    pub fn create_rectangle_texture(
        &mut self,
        width: i32,
        height: i32,
        format: &str,
        optimize_for_render_to_texture: bool,
    ) -> FlashResult<TextureBase> {
        let r = self.inner.create_rectangle_texture(
            width,
            height,
            format,
            optimize_for_render_to_texture,
        );
        self.record_create(
            ResourceKind::RectangleTexture,
            Handle::Texture,
            || Call::CreateRectangleTexture {
                width,
                height,
                format: format.to_string(),
                optimize_for_render_to_texture,
            },
            &r,
        );
        r
    }

    /// `createVideoTexture()`.
    pub fn create_video_texture(&mut self) -> FlashResult<TextureBase> {
        let r = self.inner.create_video_texture();
        self.record_create(
            ResourceKind::VideoTexture,
            Handle::Texture,
            || Call::CreateVideoTexture,
            &r,
        );
        r
    }

    // --- VertexBuffer3D, IndexBuffer3D, Program3D ----------------------------------------------

    /// `VertexBuffer3D.uploadFromVector(data, startVertex, numVertices)`.
    pub fn vertex_buffer_upload_from_vector(
        &mut self,
        buffer: VertexBuffer3D,
        data: &[f64],
        start_vertex: i32,
        num_vertices: i32,
    ) -> FlashResult<()> {
        let r =
            self.inner
                .vertex_buffer_upload_from_vector(buffer, data, start_vertex, num_vertices);
        self.record(
            |rec| Call::VertexBufferUploadFromVector {
                buffer: rec.name(Handle::VertexBuffer(buffer)),
                data: data.to_vec(),
                start_vertex,
                num_vertices,
            },
            &r,
        );
        r
    }

    /// `VertexBuffer3D.uploadFromByteArray(data, byteArrayOffset, startVertex, numVertices)`.
    pub fn vertex_buffer_upload_from_byte_array(
        &mut self,
        buffer: VertexBuffer3D,
        data: ByteArray<'_>,
        byte_array_offset: i32,
        start_vertex: i32,
        num_vertices: i32,
    ) -> FlashResult<()> {
        // AS3's `int` offset: a negative one reads nothing (#3669, like any bad range).
        let r = match u32::try_from(byte_array_offset) {
            Ok(offset) => self.inner.vertex_buffer_upload_from_byte_array(
                buffer,
                data.bytes,
                offset,
                start_vertex,
                num_vertices,
            ),
            Err(_) => Err(FlashError::error(3669, &[])),
        };
        self.record(
            |rec| Call::VertexBufferUploadFromByteArray {
                buffer: rec.name(Handle::VertexBuffer(buffer)),
                data: byte_array_arg(&data),
                byte_array_offset,
                start_vertex,
                num_vertices,
            },
            &r,
        );
        r
    }

    /// `VertexBuffer3D.dispose()`.
    pub fn vertex_buffer_dispose(&mut self, buffer: VertexBuffer3D) {
        self.inner.vertex_buffer_dispose(buffer);
        self.record_dispose(Handle::VertexBuffer(buffer));
    }

    /// `IndexBuffer3D.uploadFromVector(data, startOffset, count)`.
    pub fn index_buffer_upload_from_vector(
        &mut self,
        buffer: IndexBuffer3D,
        data: &[u32],
        start_offset: i32,
        count: i32,
    ) -> FlashResult<()> {
        let r = self
            .inner
            .index_buffer_upload_from_vector(buffer, data, start_offset, count);
        self.record(
            |rec| Call::IndexBufferUploadFromVector {
                buffer: rec.name(Handle::IndexBuffer(buffer)),
                data: data.to_vec(),
                start_offset,
                count,
            },
            &r,
        );
        r
    }

    /// `IndexBuffer3D.uploadFromByteArray(data, byteArrayOffset, startOffset, count)`.
    pub fn index_buffer_upload_from_byte_array(
        &mut self,
        buffer: IndexBuffer3D,
        data: ByteArray<'_>,
        byte_array_offset: i32,
        start_offset: i32,
        count: i32,
    ) -> FlashResult<()> {
        let r = match u32::try_from(byte_array_offset) {
            Ok(offset) => self.inner.index_buffer_upload_from_byte_array(
                buffer,
                data.bytes,
                offset,
                start_offset,
                count,
            ),
            Err(_) => Err(FlashError::error(3669, &[])),
        };
        self.record(
            |rec| Call::IndexBufferUploadFromByteArray {
                buffer: rec.name(Handle::IndexBuffer(buffer)),
                data: byte_array_arg(&data),
                byte_array_offset,
                start_offset,
                count,
            },
            &r,
        );
        r
    }

    /// `IndexBuffer3D.dispose()`.
    pub fn index_buffer_dispose(&mut self, buffer: IndexBuffer3D) {
        self.inner.index_buffer_dispose(buffer);
        self.record_dispose(Handle::IndexBuffer(buffer));
    }

    /// `Program3D.upload(vertexProgram, fragmentProgram)`.
    pub fn program_upload(
        &mut self,
        program: Program3D,
        vertex_program: ByteArray<'_>,
        fragment_program: ByteArray<'_>,
    ) -> FlashResult<()> {
        let r = self.inner.program_upload(
            program,
            vertex_program.bytes,
            vertex_program.endian,
            fragment_program.bytes,
            fragment_program.endian,
        );
        self.record(
            |rec| Call::ProgramUpload {
                program: rec.name(Handle::Program(program)),
                vertex_program: byte_array_arg(&vertex_program),
                fragment_program: byte_array_arg(&fragment_program),
            },
            &r,
        );
        r
    }

    /// `Program3D.dispose()`.
    pub fn program_dispose(&mut self, program: Program3D) {
        self.inner.program_dispose(program);
        self.record_dispose(Handle::Program(program));
    }

    fn record_dispose(&self, handle: Handle) {
        self.record(
            |rec| Call::Dispose {
                resource: rec.name(handle),
            },
            &Ok::<(), FlashError>(()),
        );
    }

    // --- Textures ------------------------------------------------------------------------------

    /// `Texture.uploadFromBitmapData(source, miplevel)`.
    pub fn texture_upload_from_bitmap_data(
        &mut self,
        texture: TextureBase,
        source: BitmapData<'_>,
        miplevel: u32,
    ) -> FlashResult<()> {
        let pixels = source.premultiplied_pixels();
        let r = self.inner.texture_upload_from_bitmap_data(
            texture,
            &pixels,
            source.width,
            source.height,
            0,
            miplevel,
        );
        self.record(
            |rec| Call::TextureUploadFromBitmapData {
                texture: rec.name(Handle::Texture(texture)),
                source: bitmap_arg(&source),
                miplevel,
            },
            &r,
        );
        r
    }

    /// `Texture.uploadFromBitmapDataAsync(source, miplevel)`: `textureReady` follows through
    /// [`crate::Stage3DEvents::texture_ready`].
    pub fn texture_upload_from_bitmap_data_async(
        &mut self,
        texture: TextureBase,
        source: BitmapData<'_>,
        miplevel: u32,
    ) -> FlashResult<()> {
        let pixels = source.premultiplied_pixels();
        let r = self.inner.texture_upload_from_bitmap_data_async(
            texture,
            &pixels,
            source.width,
            source.height,
            miplevel,
        );
        self.record(
            |rec| Call::TextureUploadFromBitmapDataAsync {
                texture: rec.name(Handle::Texture(texture)),
                source: bitmap_arg(&source),
                miplevel,
            },
            &r,
        );
        self.dispatch_events();
        r
    }

    /// `Texture.uploadFromByteArray(data, byteArrayOffset, miplevel)`.
    pub fn texture_upload_from_byte_array(
        &mut self,
        texture: TextureBase,
        data: ByteArray<'_>,
        byte_array_offset: u32,
        miplevel: u32,
    ) -> FlashResult<()> {
        let r = self.inner.texture_upload_from_byte_array(
            texture,
            data.bytes,
            byte_array_offset,
            0,
            miplevel,
        );
        self.record(
            |rec| Call::TextureUploadFromByteArray {
                texture: rec.name(Handle::Texture(texture)),
                data: byte_array_arg(&data),
                byte_array_offset,
                miplevel,
            },
            &r,
        );
        r
    }

    /// `Texture.uploadCompressedTextureFromByteArray(data, byteArrayOffset, async)` and the
    /// same method of `CubeTexture`.
    pub fn texture_upload_compressed_from_byte_array(
        &mut self,
        texture: TextureBase,
        data: ByteArray<'_>,
        byte_array_offset: u32,
        is_async: bool,
    ) -> FlashResult<()> {
        let r = self.inner.texture_upload_compressed_from_byte_array(
            texture,
            data.bytes,
            byte_array_offset,
            is_async,
        );
        self.record(
            |rec| Call::UploadCompressedTextureFromByteArray {
                texture: rec.name(Handle::Texture(texture)),
                data: byte_array_arg(&data),
                byte_array_offset,
                is_async,
            },
            &r,
        );
        self.dispatch_events();
        r
    }

    /// `CubeTexture.uploadFromBitmapData(source, side, miplevel)`.
    pub fn cube_texture_upload_from_bitmap_data(
        &mut self,
        texture: TextureBase,
        source: BitmapData<'_>,
        side: u32,
        miplevel: u32,
    ) -> FlashResult<()> {
        let pixels = source.premultiplied_pixels();
        let r = self.inner.texture_upload_from_bitmap_data(
            texture,
            &pixels,
            source.width,
            source.height,
            side,
            miplevel,
        );
        self.record(
            |rec| Call::CubeTextureUploadFromBitmapData {
                texture: rec.name(Handle::Texture(texture)),
                source: bitmap_arg(&source),
                side,
                miplevel,
            },
            &r,
        );
        r
    }

    /// `CubeTexture.uploadFromByteArray(data, byteArrayOffset, side, miplevel)`.
    pub fn cube_texture_upload_from_byte_array(
        &mut self,
        texture: TextureBase,
        data: ByteArray<'_>,
        byte_array_offset: u32,
        side: u32,
        miplevel: u32,
    ) -> FlashResult<()> {
        let r = self.inner.texture_upload_from_byte_array(
            texture,
            data.bytes,
            byte_array_offset,
            side,
            miplevel,
        );
        self.record(
            |rec| Call::CubeTextureUploadFromByteArray {
                texture: rec.name(Handle::Texture(texture)),
                data: byte_array_arg(&data),
                byte_array_offset,
                side,
                miplevel,
            },
            &r,
        );
        r
    }

    /// `RectangleTexture.uploadFromBitmapData(source)`.
    pub fn rectangle_texture_upload_from_bitmap_data(
        &mut self,
        texture: TextureBase,
        source: BitmapData<'_>,
    ) -> FlashResult<()> {
        let pixels = source.premultiplied_pixels();
        let r = self.inner.texture_upload_from_bitmap_data(
            texture,
            &pixels,
            source.width,
            source.height,
            0,
            0,
        );
        self.record(
            |rec| Call::RectangleTextureUploadFromBitmapData {
                texture: rec.name(Handle::Texture(texture)),
                source: bitmap_arg(&source),
            },
            &r,
        );
        r
    }

    /// `RectangleTexture.uploadFromByteArray(data, byteArrayOffset)`.
    pub fn rectangle_texture_upload_from_byte_array(
        &mut self,
        texture: TextureBase,
        data: ByteArray<'_>,
        byte_array_offset: u32,
    ) -> FlashResult<()> {
        let r =
            self.inner
                .texture_upload_from_byte_array(texture, data.bytes, byte_array_offset, 0, 0);
        self.record(
            |rec| Call::RectangleTextureUploadFromByteArray {
                texture: rec.name(Handle::Texture(texture)),
                data: byte_array_arg(&data),
                byte_array_offset,
            },
            &r,
        );
        r
    }

    /// A video frame for a `VideoTexture`: what the VM's `attachNetStream` / `attachCamera`
    /// decoding delivers, each frame as a BitmapData (recorded as `v.attachFrame(bitmap)`).
    pub fn video_texture_attach_frame(
        &mut self,
        texture: TextureBase,
        frame: BitmapData<'_>,
    ) -> FlashResult<()> {
        let pixels = frame.premultiplied_pixels();
        let r = self
            .inner
            .video_texture_attach_frame(texture, &pixels, frame.width, frame.height);
        self.record(
            |rec| Call::VideoTextureAttachFrame {
                texture: rec.name(Handle::Texture(texture)),
                frame: bitmap_arg(&frame),
            },
            &r,
        );
        r
    }

    /// `dispose()` of any texture class.
    pub fn texture_dispose(&mut self, texture: TextureBase) {
        self.inner.texture_dispose(texture);
        self.record_dispose(Handle::Texture(texture));
    }
}
