//! The resource calls of `Context3D`: `create*`, and the methods of `VertexBuffer3D`,
//! `IndexBuffer3D`, `Program3D` and the texture classes (each takes the handle first).

use agal::flash::FlashError;
use context3d::{IndexBuffer3D, Program3D, TextureBase, VertexBuffer3D};

use crate::as3::{BitmapData, ByteArray};
use crate::record::{Handle, Recorded};
use crate::trace::{Call, ResourceKind};

use super::{Context3D, FlashResult};

/// AS3's `int` `byteArrayOffset` of the buffer uploads: a negative one reads nothing (#3669,
/// like any bad range).
fn buffer_offset(byte_array_offset: i32) -> FlashResult<u32> {
    u32::try_from(byte_array_offset).map_err(|_| FlashError::error(3669, &[]))
}

impl Context3D {
    // --- Resources -----------------------------------------------------------------------------

    forward! {
        /// `createVertexBuffer(numVertices, data32PerVertex, bufferUsage)`.
        pub fn create_vertex_buffer(
            &mut self,
            num_vertices: i32,
            data32_per_vertex: i32,
            buffer_usage: &str
        ) -> VertexBuffer3D => CreateVertexBuffer creates VertexBuffer;

        /// `createVertexBufferForInstances(numVertices, data32PerVertex, instancesPerElement,
        /// bufferUsage)` (standardExtended).
        pub fn create_vertex_buffer_for_instances(
            &mut self,
            num_vertices: i32,
            data32_per_vertex: i32,
            instances_per_element: i32,
            buffer_usage: &str
        ) -> VertexBuffer3D => CreateVertexBufferForInstances creates VertexBuffer;

        /// `createIndexBuffer(numIndices, bufferUsage)`.
        pub fn create_index_buffer(&mut self, num_indices: i32, buffer_usage: &str) -> IndexBuffer3D
            => CreateIndexBuffer creates IndexBuffer;

        /// `createProgram()`.
        pub fn create_program(&mut self) -> Program3D => CreateProgram creates Program;

        /// `createTexture(width, height, format, optimizeForRenderToTexture, streamingLevels)`.
        pub fn create_texture(
            &mut self,
            width: i32,
            height: i32,
            format: &str,
            optimize_for_render_to_texture: bool,
            streaming_levels: i32
        ) -> TextureBase => CreateTexture creates Texture;

        /// `createCubeTexture(size, format, optimizeForRenderToTexture, streamingLevels)`.
        pub fn create_cube_texture(
            &mut self,
            size: i32,
            format: &str,
            optimize_for_render_to_texture: bool,
            streaming_levels: i32
        ) -> TextureBase => CreateCubeTexture creates CubeTexture;

        /// `createRectangleTexture(width, height, format, optimizeForRenderToTexture)`.
        pub fn create_rectangle_texture(
            &mut self,
            width: i32,
            height: i32,
            format: &str,
            optimize_for_render_to_texture: bool
        ) -> TextureBase => CreateRectangleTexture creates RectangleTexture;

        /// `createVideoTexture()`.
        pub fn create_video_texture(&mut self) -> TextureBase
            => CreateVideoTexture creates VideoTexture;
    }

    // --- VertexBuffer3D, IndexBuffer3D, Program3D ----------------------------------------------

    forward! {
        /// `VertexBuffer3D.uploadFromVector(data, startVertex, numVertices)`.
        pub fn vertex_buffer_upload_from_vector(
            &mut self,
            buffer: VertexBuffer3D,
            data: &[f64],
            start_vertex: i32,
            num_vertices: i32
        ) -> () => VertexBufferUploadFromVector;

        /// `VertexBuffer3D.uploadFromByteArray(data, byteArrayOffset, startVertex, numVertices)`.
        pub fn vertex_buffer_upload_from_byte_array(
            &mut self,
            buffer: VertexBuffer3D,
            data: ByteArray<'_>,
            byte_array_offset: i32,
            start_vertex: i32,
            num_vertices: i32
        ) -> () => VertexBufferUploadFromByteArray via |ctx| {
            buffer_offset(byte_array_offset).and_then(|offset| {
                ctx.inner.vertex_buffer_upload_from_byte_array(
                    buffer,
                    data.bytes,
                    offset,
                    start_vertex,
                    num_vertices,
                )
            })
        };

        /// `IndexBuffer3D.uploadFromVector(data, startOffset, count)`.
        pub fn index_buffer_upload_from_vector(
            &mut self,
            buffer: IndexBuffer3D,
            data: &[u32],
            start_offset: i32,
            count: i32
        ) -> () => IndexBufferUploadFromVector;

        /// `IndexBuffer3D.uploadFromByteArray(data, byteArrayOffset, startOffset, count)`.
        pub fn index_buffer_upload_from_byte_array(
            &mut self,
            buffer: IndexBuffer3D,
            data: ByteArray<'_>,
            byte_array_offset: i32,
            start_offset: i32,
            count: i32
        ) -> () => IndexBufferUploadFromByteArray via |ctx| {
            buffer_offset(byte_array_offset).and_then(|offset| {
                ctx.inner.index_buffer_upload_from_byte_array(
                    buffer,
                    data.bytes,
                    offset,
                    start_offset,
                    count,
                )
            })
        };

        /// `Program3D.upload(vertexProgram, fragmentProgram)`.
        pub fn program_upload(
            &mut self,
            program: Program3D,
            vertex_program: ByteArray<'_>,
            fragment_program: ByteArray<'_>
        ) -> () => ProgramUpload via |ctx| {
            ctx.inner.program_upload(
                program,
                vertex_program.bytes,
                vertex_program.endian,
                fragment_program.bytes,
                fragment_program.endian,
            )
        };
    }

    /// `VertexBuffer3D.dispose()`.
    pub fn vertex_buffer_dispose(&mut self, buffer: VertexBuffer3D) {
        self.inner.vertex_buffer_dispose(buffer);
        self.record_dispose(buffer);
    }

    /// `IndexBuffer3D.dispose()`.
    pub fn index_buffer_dispose(&mut self, buffer: IndexBuffer3D) {
        self.inner.index_buffer_dispose(buffer);
        self.record_dispose(buffer);
    }

    /// `Program3D.dispose()`.
    pub fn program_dispose(&mut self, program: Program3D) {
        self.inner.program_dispose(program);
        self.record_dispose(program);
    }

    /// `dispose()` of any texture class.
    pub fn texture_dispose(&mut self, texture: TextureBase) {
        self.inner.texture_dispose(texture);
        self.record_dispose(texture);
    }

    fn record_dispose(&self, handle: impl Into<Handle>) {
        let handle = handle.into();
        self.record(
            |rec| Call::Dispose {
                resource: rec.name(handle),
            },
            &Ok::<(), FlashError>(()),
        );
    }

    // --- Textures ------------------------------------------------------------------------------

    /// A `BitmapData` into one face and level of any texture class, premultiplied first when
    /// the VM's pixels are not.
    fn upload_bitmap(
        &mut self,
        texture: TextureBase,
        source: &BitmapData<'_>,
        side: u32,
        miplevel: u32,
    ) -> FlashResult<()> {
        self.inner.texture_upload_from_bitmap_data(
            texture,
            &source.premultiplied_pixels(),
            source.width,
            source.height,
            side,
            miplevel,
        )
    }

    forward! {
        /// `Texture.uploadFromBitmapData(source, miplevel)`.
        pub fn texture_upload_from_bitmap_data(
            &mut self,
            texture: TextureBase,
            source: BitmapData<'_>,
            miplevel: u32
        ) -> () => TextureUploadFromBitmapData via |ctx| {
            ctx.upload_bitmap(texture, &source, 0, miplevel)
        };

        /// `Texture.uploadFromByteArray(data, byteArrayOffset, miplevel)`.
        pub fn texture_upload_from_byte_array(
            &mut self,
            texture: TextureBase,
            data: ByteArray<'_>,
            byte_array_offset: u32,
            miplevel: u32
        ) -> () => TextureUploadFromByteArray via |ctx| {
            ctx.inner.texture_upload_from_byte_array(
                texture,
                data.bytes,
                byte_array_offset,
                0,
                miplevel,
            )
        };

        /// `CubeTexture.uploadFromBitmapData(source, side, miplevel)`.
        pub fn cube_texture_upload_from_bitmap_data(
            &mut self,
            texture: TextureBase,
            source: BitmapData<'_>,
            side: u32,
            miplevel: u32
        ) -> () => CubeTextureUploadFromBitmapData via |ctx| {
            ctx.upload_bitmap(texture, &source, side, miplevel)
        };

        /// `CubeTexture.uploadFromByteArray(data, byteArrayOffset, side, miplevel)`.
        pub fn cube_texture_upload_from_byte_array(
            &mut self,
            texture: TextureBase,
            data: ByteArray<'_>,
            byte_array_offset: u32,
            side: u32,
            miplevel: u32
        ) -> () => CubeTextureUploadFromByteArray via |ctx| {
            ctx.inner.texture_upload_from_byte_array(
                texture,
                data.bytes,
                byte_array_offset,
                side,
                miplevel,
            )
        };

        /// `RectangleTexture.uploadFromBitmapData(source)`.
        pub fn rectangle_texture_upload_from_bitmap_data(
            &mut self,
            texture: TextureBase,
            source: BitmapData<'_>
        ) -> () => RectangleTextureUploadFromBitmapData via |ctx| {
            ctx.upload_bitmap(texture, &source, 0, 0)
        };

        /// `RectangleTexture.uploadFromByteArray(data, byteArrayOffset)`.
        pub fn rectangle_texture_upload_from_byte_array(
            &mut self,
            texture: TextureBase,
            data: ByteArray<'_>,
            byte_array_offset: u32
        ) -> () => RectangleTextureUploadFromByteArray via |ctx| {
            ctx
                .inner
                .texture_upload_from_byte_array(texture, data.bytes, byte_array_offset, 0, 0)
        };

        /// A video frame for a `VideoTexture`: what the VM's `attachNetStream` /
        /// `attachCamera` decoding delivers, each frame as a BitmapData (recorded as
        /// `v.attachFrame(bitmap)`).
        pub fn video_texture_attach_frame(
            &mut self,
            texture: TextureBase,
            frame: BitmapData<'_>
        ) -> () => VideoTextureAttachFrame via |ctx| {
            ctx.inner.video_texture_attach_frame(
                texture,
                &frame.premultiplied_pixels(),
                frame.width,
                frame.height,
            )
        };
    }

    forward! {
        /// `Texture.uploadFromBitmapDataAsync(source, miplevel)`: `textureReady` follows
        /// through [`crate::Stage3DEvents::texture_ready`].
        pub fn texture_upload_from_bitmap_data_async(
            &mut self,
            texture: TextureBase,
            source: BitmapData<'_>,
            miplevel: u32
        ) -> () => TextureUploadFromBitmapDataAsync via |ctx| {
            ctx.inner.texture_upload_from_bitmap_data_async(
                texture,
                &source.premultiplied_pixels(),
                source.width,
                source.height,
                miplevel,
            )
        }, then dispatch_events;

        /// `Texture.uploadCompressedTextureFromByteArray(data, byteArrayOffset, async)` and the
        /// same method of `CubeTexture` (with `async`, `textureReady` follows through
        /// [`crate::Stage3DEvents::texture_ready`]).
        pub fn texture_upload_compressed_from_byte_array(
            &mut self,
            texture: TextureBase,
            data: ByteArray<'_>,
            byte_array_offset: u32,
            is_async: bool
        ) -> () => UploadCompressedTextureFromByteArray via |ctx| {
            ctx.inner.texture_upload_compressed_from_byte_array(
                texture,
                data.bytes,
                byte_array_offset,
                is_async,
            )
        }, then dispatch_events;
    }
}
