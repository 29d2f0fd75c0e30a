//! The resource calls of `Context3D`: `create*`, and the methods of `VertexBuffer3D`,
//! `IndexBuffer3D`, `Program3D` and the texture classes (each takes the handle first).

use molehill_context3d::{IndexBuffer3D, Program3D, TextureBase, VertexBuffer3D};

use crate::as3::{BitmapData, ByteArray};
#[cfg(feature = "record")]
use crate::record::{Handle, Recorded};
#[cfg(feature = "record")]
use molehill_trace::{Call, ResourceKind};

use super::{Context3D, FlashResult};

/// AS3's `int` `byteArrayOffset` of the buffer uploads as context3d's `u32`: a negative one is
/// an offset past the end of any ByteArray, so context3d gives #3669 (like any bad range)
/// after its own earlier checks (#3694 for a disposed context or buffer comes first).
fn buffer_offset(byte_array_offset: i32) -> u32 {
    u32::try_from(byte_array_offset).unwrap_or(u32::MAX)
}

impl Context3D {
    // --- Resources -----------------------------------------------------------------------------

    forward! {
        /// `createVertexBuffer(numVertices, data32PerVertex, bufferUsage)`.
        ///
        /// # Errors
        ///
        /// - Error #3694: the context is disposed or lost.
        /// - ArgumentError #2008: `bufferUsage` is not a `Context3DBufferUsage` value.
        /// - Error #3669: `numVertices` or `data32PerVertex` is negative.
        /// - Error #3670: `data32PerVertex` above 64 or `numVertices` above 65535.
        /// - Error #3671: `numVertices` or `data32PerVertex` is 0.
        /// - Error #3691: 4096 vertex buffers are live, or the new one would pass 256 MB in all.
        /// - Error #3672: the renderer runs out of memory for the buffer.
        /// - Error #3710: with `enableErrorChecking` on, the renderer reports a driver error.
        pub fn create_vertex_buffer(
            &mut self,
            num_vertices: i32,
            data32_per_vertex: i32,
            buffer_usage: &str
        ) -> VertexBuffer3D => CreateVertexBuffer creates VertexBuffer;

        /// `createVertexBufferForInstances(numVertices, data32PerVertex, instancesPerElement,
        /// bufferUsage)` (standardExtended).
        ///
        /// # Errors
        ///
        /// - Error #3694: the context is disposed or lost.
        /// - Error #3787: the profile is below standardExtended.
        /// - ArgumentError #2008: `bufferUsage` is not a `Context3DBufferUsage` value.
        /// - Error #3784: `instancesPerElement` is not above 0.
        /// - Error #3669: `numVertices` or `data32PerVertex` is negative.
        /// - Error #3670: `data32PerVertex` above 64 or `numVertices` above 65535.
        /// - Error #3671: `numVertices` or `data32PerVertex` is 0.
        /// - Error #3691: 4096 vertex buffers are live, or the new one would pass 256 MB in all.
        /// - Error #3672: the renderer runs out of memory for the buffer.
        /// - Error #3710: with `enableErrorChecking` on, the renderer reports a driver error.
        pub fn create_vertex_buffer_for_instances(
            &mut self,
            num_vertices: i32,
            data32_per_vertex: i32,
            instances_per_element: i32,
            buffer_usage: &str
        ) -> VertexBuffer3D => CreateVertexBufferForInstances creates VertexBuffer;

        /// `createIndexBuffer(numIndices, bufferUsage)`.
        ///
        /// # Errors
        ///
        /// - Error #3694: the context is disposed or lost.
        /// - ArgumentError #2008: `bufferUsage` is not a `Context3DBufferUsage` value.
        /// - Error #3669: `numIndices` is negative.
        /// - Error #3670: `numIndices` above 524287.
        /// - Error #3671: `numIndices` is 0.
        /// - Error #3691: 4096 index buffers are live, or the new one would pass 128 MB in all.
        /// - Error #3672: the renderer runs out of memory for the buffer.
        /// - Error #3710: with `enableErrorChecking` on, the renderer reports a driver error.
        pub fn create_index_buffer(&mut self, num_indices: i32, buffer_usage: &str) -> IndexBuffer3D
            => CreateIndexBuffer creates IndexBuffer;

        /// `createProgram()`.
        ///
        /// # Errors
        ///
        /// - Error #3694: the context is disposed or lost.
        /// - Error #3691: 4096 programs are live.
        pub fn create_program(&mut self) -> Program3D => CreateProgram creates Program;

        /// `createTexture(width, height, format, optimizeForRenderToTexture, streamingLevels)`.
        ///
        /// # Errors
        ///
        /// In this order:
        /// - Error #3694: the context is disposed or lost.
        /// - ArgumentError #2008: `format` is not a `Context3DTextureFormat` value
        ///   (`textureFormat`).
        /// - Error #3759: the profile does not allow `format`.
        /// - Error #3681: `width` or `height` is 0 or negative.
        /// - Error #3682: `width` or `height` is not a power of two.
        /// - Error #3683: `width` or `height` above the profile's maximum.
        /// - Error #3711: `streamingLevels` negative or not below the number of mip levels.
        /// - Error #3691: 4096 textures are live.
        /// - Error #3684: the renderer runs out of memory for the texture.
        /// - Error #3710: with `enableErrorChecking` on, the renderer reports a driver error.
        pub fn create_texture(
            &mut self,
            width: i32,
            height: i32,
            format: &str,
            optimize_for_render_to_texture: bool,
            streaming_levels: i32
        ) -> TextureBase => CreateTexture creates Texture;

        /// `createCubeTexture(size, format, optimizeForRenderToTexture, streamingLevels)`.
        ///
        /// # Errors
        ///
        /// In this order:
        /// - Error #3694: the context is disposed or lost.
        /// - ArgumentError #2008: `format` is not a `Context3DTextureFormat` value
        ///   (`textureFormat`).
        /// - Error #3759: the profile does not allow `format`.
        /// - Error #3681: `size` is 0 or negative.
        /// - Error #3682: `size` is not a power of two.
        /// - Error #3705: `size` above the profile's maximum (1024).
        /// - Error #3711: `streamingLevels` negative or not below the number of mip levels.
        /// - Error #3691: 4096 textures are live.
        /// - Error #3684: the renderer runs out of memory for the texture.
        /// - Error #3710: with `enableErrorChecking` on, the renderer reports a driver error.
        pub fn create_cube_texture(
            &mut self,
            size: i32,
            format: &str,
            optimize_for_render_to_texture: bool,
            streaming_levels: i32
        ) -> TextureBase => CreateCubeTexture creates CubeTexture;

        /// `createRectangleTexture(width, height, format, optimizeForRenderToTexture)`.
        ///
        /// # Errors
        ///
        /// In this order:
        /// - Error #3694: the context is disposed or lost.
        /// - Error #3765: the profile is baselineConstrained.
        /// - ArgumentError #2008: `format` is not a `Context3DTextureFormat` value
        ///   (`textureFormat`).
        /// - Error #3762: `format` is compressed.
        /// - Error #3759: the profile does not allow `format`.
        /// - Error #3681: `width` or `height` is 0 or negative.
        /// - Error #3766: `width` or `height` above the larger of the profile's maximum and the
        ///   back buffer's size.
        /// - Error #3691: 4096 textures are live.
        /// - Error #3684: the renderer runs out of memory for the texture.
        /// - Error #3710: with `enableErrorChecking` on, the renderer reports a driver error.
        pub fn create_rectangle_texture(
            &mut self,
            width: i32,
            height: i32,
            format: &str,
            optimize_for_render_to_texture: bool
        ) -> TextureBase => CreateRectangleTexture creates RectangleTexture;

        /// `createVideoTexture()`.
        ///
        /// # Errors
        ///
        /// - Error #3694: the context is disposed or lost.
        /// - Error #3691: 4096 textures are live.
        /// - Error #3684: the renderer runs out of memory for the texture.
        /// - Error #3710: with `enableErrorChecking` on, the renderer reports a driver error.
        pub fn create_video_texture(&mut self) -> TextureBase
            => CreateVideoTexture creates VideoTexture;
    }

    // --- VertexBuffer3D, IndexBuffer3D, Program3D ----------------------------------------------

    forward! {
        /// `VertexBuffer3D.uploadFromVector(data, startVertex, numVertices)`.
        ///
        /// # Errors
        ///
        /// - Error #3694: the context or `buffer` is disposed, or the context lost.
        /// - Error #3669: `startVertex` or `numVertices` negative, the range runs past the buffer,
        ///   or `data` holds fewer than `numVertices * data32PerVertex` values.
        /// - Error #3672: the renderer runs out of memory for the buffer.
        /// - Error #3710: with `enableErrorChecking` on, the renderer reports a driver error.
        pub fn vertex_buffer_upload_from_vector(
            &mut self,
            buffer: VertexBuffer3D,
            data: &[f64],
            start_vertex: i32,
            num_vertices: i32
        ) -> () => VertexBufferUploadFromVector;

        /// `VertexBuffer3D.uploadFromByteArray(data, byteArrayOffset, startVertex, numVertices)`.
        ///
        /// # Errors
        ///
        /// - Error #3694: the context or `buffer` is disposed, or the context lost.
        /// - Error #3669: `byteArrayOffset`, `startVertex` or `numVertices` negative, the range
        ///   runs past the buffer, or fewer than `numVertices * data32PerVertex * 4` bytes after
        ///   the offset.
        /// - Error #3672: the renderer runs out of memory for the buffer.
        /// - Error #3710: with `enableErrorChecking` on, the renderer reports a driver error.
        pub fn vertex_buffer_upload_from_byte_array(
            &mut self,
            buffer: VertexBuffer3D,
            data: ByteArray<'_>,
            byte_array_offset: i32,
            start_vertex: i32,
            num_vertices: i32
        ) -> () => VertexBufferUploadFromByteArray via |ctx| {
            ctx.inner.vertex_buffer_upload_from_byte_array(
                buffer,
                data.bytes,
                buffer_offset(byte_array_offset),
                start_vertex,
                num_vertices,
            )
        };

        /// `IndexBuffer3D.uploadFromVector(data, startOffset, count)`.
        ///
        /// # Errors
        ///
        /// - Error #3694: the context or `buffer` is disposed, or the context lost.
        /// - Error #3669: `startOffset` or `count` negative, the range runs past the buffer, or
        ///   `data` holds fewer than `count` values.
        /// - Error #3672: the renderer runs out of memory for the buffer.
        /// - Error #3710: with `enableErrorChecking` on, the renderer reports a driver error.
        pub fn index_buffer_upload_from_vector(
            &mut self,
            buffer: IndexBuffer3D,
            data: &[u32],
            start_offset: i32,
            count: i32
        ) -> () => IndexBufferUploadFromVector;

        /// `IndexBuffer3D.uploadFromByteArray(data, byteArrayOffset, startOffset, count)`.
        ///
        /// # Errors
        ///
        /// - Error #3694: the context or `buffer` is disposed, or the context lost.
        /// - Error #3669: `byteArrayOffset`, `startOffset` or `count` negative, the range runs past
        ///   the buffer, or fewer than `2 * count` bytes after the offset.
        /// - Error #3672: the renderer runs out of memory for the buffer.
        /// - Error #3710: with `enableErrorChecking` on, the renderer reports a driver error.
        pub fn index_buffer_upload_from_byte_array(
            &mut self,
            buffer: IndexBuffer3D,
            data: ByteArray<'_>,
            byte_array_offset: i32,
            start_offset: i32,
            count: i32
        ) -> () => IndexBufferUploadFromByteArray via |ctx| {
            ctx.inner.index_buffer_upload_from_byte_array(
                buffer,
                data.bytes,
                buffer_offset(byte_array_offset),
                start_offset,
                count,
            )
        };

        /// `Program3D.upload(vertexProgram, fragmentProgram)`.
        ///
        /// # Errors
        ///
        /// The vertex program is checked first, then the fragment program, then the pair:
        /// - Error #3694: the context or `program` is disposed, or the context lost.
        /// - ArgumentError #3615: a program `ByteArray` is empty.
        /// - ArgumentError #3612: a program `ByteArray` is not `littleEndian`.
        /// - Error #3615, #3616, #3617, #3618, #3619: the program is shorter than a header and one
        ///   token, or its magic byte, version, type tag or program type byte is wrong.
        /// - Error #3631, #3630: the header's program type is not the slot's (vertex, fragment).
        /// - Error #3725: the profile does not allow the program's AGAL version.
        /// - Error #2030: the program ends inside a token.
        /// - Error #3620, #3621, #3622, #3623, #3624, #3625, #3626, #3627, #3628, #3629, #3636,
        ///   #3637, #3638, #3639, #3640, #3641, #3642, #3643, #3644, #3645, #3646, #3647, #3648,
        ///   #3649, #3650, #3651, #3652, #3653, #3654, #3655, #3656, #3657, #3658, #3659, #3660,
        ///   #3661, #3662, #3664, #3665, #3666, #3667, #3668, #3689, #3693, #3696, #3701, #3703,
        ///   #3726, #3739, #3740, #3741, #3742, #3743, #3744, #3748, #3749, #3750, #3751, #3752,
        ///   #3756, #3758, #3786, #3788, #3789, #3803, #3805: AGAL validation of a program fails
        ///   (the first failing token; `molehill_agal::valid::validate`, `docs/validation.md` lists the
        ///   rules).
        /// - Error #3757, #3635, #3632, #3633, #3634, #3775: the pair does not link, in this order:
        ///   the versions differ, the vertex output is not fully written, a varying is read and not
        ///   written or only partly written, the colour outputs are not fully written or are not
        ///   consecutive (`molehill_agal::valid::link`).
        /// - Error #3613, #3614: the renderer's shader compiler refuses the pair (#3614 with its
        ///   log).
        /// - Error #3691: the renderer runs out of memory.
        /// - Error #3710: with `enableErrorChecking` on, the renderer reports a driver error.
        ///
        /// A failed upload leaves the program empty: a draw with it is #3600.
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

    /// `VertexBuffer3D.dispose()`. Cannot fail: disposing twice, or after the context, does
    /// nothing.
    pub fn vertex_buffer_dispose(&mut self, buffer: VertexBuffer3D) {
        self.inner.vertex_buffer_dispose(buffer);
        #[cfg(feature = "record")]
        self.record_dispose(buffer);
    }

    /// `IndexBuffer3D.dispose()`. Cannot fail: disposing twice, or after the context, does
    /// nothing.
    pub fn index_buffer_dispose(&mut self, buffer: IndexBuffer3D) {
        self.inner.index_buffer_dispose(buffer);
        #[cfg(feature = "record")]
        self.record_dispose(buffer);
    }

    /// `Program3D.dispose()`. Cannot fail: disposing twice, or after the context, does nothing.
    pub fn program_dispose(&mut self, program: Program3D) {
        self.inner.program_dispose(program);
        #[cfg(feature = "record")]
        self.record_dispose(program);
    }

    /// `dispose()` of any texture class. Cannot fail: disposing twice, or after the context,
    /// does nothing.
    pub fn texture_dispose(&mut self, texture: TextureBase) {
        self.inner.texture_dispose(texture);
        #[cfg(feature = "record")]
        self.record_dispose(texture);
    }

    #[cfg(feature = "record")]
    fn record_dispose(&self, handle: impl Into<Handle>) {
        let handle = handle.into();
        self.record(
            |rec| Call::Dispose {
                resource: rec.name(handle),
            },
            &Ok::<(), molehill_agal::flash::FlashError>(()),
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
        ///
        /// # Errors
        ///
        /// - Error #3694: the context or `texture` is disposed, or the context lost.
        /// - Error #3674: `texture` has no level `miplevel`.
        /// - Error #3675: `texture` is a `VideoTexture`.
        /// - Error #2015: `source.pixels` does not hold `width * height` pixels.
        /// - Error #3679: `miplevel` is 0 and `source` is wider or taller than the texture.
        /// - Error #3684: the renderer runs out of memory for the texture.
        /// - Error #3710: with `enableErrorChecking` on, the renderer reports a driver error.
        pub fn texture_upload_from_bitmap_data(
            &mut self,
            texture: TextureBase,
            source: BitmapData<'_>,
            miplevel: u32
        ) -> () => TextureUploadFromBitmapData via |ctx| {
            ctx.upload_bitmap(texture, &source, 0, miplevel)
        };

        /// `Texture.uploadFromByteArray(data, byteArrayOffset, miplevel)`.
        ///
        /// # Errors
        ///
        /// - Error #3694: the context or `texture` is disposed, or the context lost.
        /// - Error #3674: `texture` has no level `miplevel`.
        /// - Error #3675: `texture` is compressed or a `VideoTexture`.
        /// - Error #3669: fewer bytes after `byteArrayOffset` than the level needs.
        /// - Error #3684: the renderer runs out of memory for the texture.
        /// - Error #3710: with `enableErrorChecking` on, the renderer reports a driver error.
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
        ///
        /// # Errors
        ///
        /// - Error #3694: the context or `texture` is disposed, or the context lost.
        /// - Error #3673: `texture` is a cube texture and `side` is above 5.
        /// - Error #3674: `texture` has no level `miplevel`.
        /// - Error #3675: `texture` is a `VideoTexture`.
        /// - Error #2015: `source.pixels` does not hold `width * height` pixels.
        /// - Error #3679: `miplevel` is 0 and `source` is wider or taller than the face.
        /// - Error #3684: the renderer runs out of memory for the texture.
        /// - Error #3710: with `enableErrorChecking` on, the renderer reports a driver error.
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
        ///
        /// # Errors
        ///
        /// - Error #3694: the context or `texture` is disposed, or the context lost.
        /// - Error #3673: `texture` is a cube texture and `side` is above 5.
        /// - Error #3674: `texture` has no level `miplevel`.
        /// - Error #3675: `texture` is compressed or a `VideoTexture`.
        /// - Error #3669: fewer bytes after `byteArrayOffset` than the level needs.
        /// - Error #3684: the renderer runs out of memory for the texture.
        /// - Error #3710: with `enableErrorChecking` on, the renderer reports a driver error.
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
        ///
        /// # Errors
        ///
        /// - Error #3694: the context or `texture` is disposed, or the context lost.
        /// - Error #3675: `texture` is a `VideoTexture`.
        /// - Error #2015: `source.pixels` does not hold `width * height` pixels.
        /// - Error #3679: `source` is wider or taller than the texture.
        /// - Error #3684: the renderer runs out of memory for the texture.
        /// - Error #3710: with `enableErrorChecking` on, the renderer reports a driver error.
        pub fn rectangle_texture_upload_from_bitmap_data(
            &mut self,
            texture: TextureBase,
            source: BitmapData<'_>
        ) -> () => RectangleTextureUploadFromBitmapData via |ctx| {
            ctx.upload_bitmap(texture, &source, 0, 0)
        };

        /// `RectangleTexture.uploadFromByteArray(data, byteArrayOffset)`.
        ///
        /// # Errors
        ///
        /// - Error #3694: the context or `texture` is disposed, or the context lost.
        /// - Error #3675: `texture` is compressed or a `VideoTexture`.
        /// - Error #3669: fewer bytes after `byteArrayOffset` than the texture needs.
        /// - Error #3684: the renderer runs out of memory for the texture.
        /// - Error #3710: with `enableErrorChecking` on, the renderer reports a driver error.
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
        ///
        /// # Errors
        ///
        /// - Error #3694: the context or `texture` is disposed, or the context lost.
        /// - Error #3675: `texture` is not a `VideoTexture`.
        /// - Error #2015: `frame` has no pixels, or `frame.pixels` does not hold `width * height`.
        /// - Error #3684: the renderer runs out of memory for the texture.
        /// - Error #3710: with `enableErrorChecking` on, the renderer reports a driver error.
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
        ///
        /// # Errors
        ///
        /// - Error #3694: the context or `texture` is disposed, or the context lost.
        /// - Error #3791: `miplevel` is not 0.
        /// - Error #3675: `texture` is a `VideoTexture`.
        /// - Error #2015: `source.pixels` does not hold `width * height` pixels.
        /// - Error #3679: `source` is wider or taller than the texture.
        /// - Error #3684: the renderer runs out of memory for the texture.
        /// - Error #3710: with `enableErrorChecking` on, the renderer reports a driver error.
        ///
        /// No `textureReady` follows a failed upload.
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

        /// `Texture.uploadFromByteArrayAsync(data, byteArrayOffset, miplevel)`: `textureReady`
        /// follows through [`crate::Stage3DEvents::texture_ready`].
        ///
        /// # Errors
        ///
        /// In this order:
        /// - Error #3694: the context or `texture` is disposed, or the context lost.
        /// - Error #3791: `miplevel` is not 0.
        /// - Error #3675: `texture` is compressed or a `VideoTexture`.
        /// - Error #3669: fewer bytes after `byteArrayOffset` than the level needs.
        /// - Error #3684: the renderer runs out of memory for the texture.
        /// - Error #3710: with `enableErrorChecking` on, the renderer reports a driver error.
        ///
        /// No `textureReady` follows a failed upload.
        pub fn texture_upload_from_byte_array_async(
            &mut self,
            texture: TextureBase,
            data: ByteArray<'_>,
            byte_array_offset: u32,
            miplevel: u32
        ) -> () => TextureUploadFromByteArrayAsync via |ctx| {
            ctx.inner.texture_upload_from_byte_array_async(
                texture,
                data.bytes,
                byte_array_offset,
                miplevel,
            )
        }, then dispatch_events;

        /// `Texture.uploadCompressedTextureFromByteArray(data, byteArrayOffset, async)` and the
        /// same method of `CubeTexture` (with `async`, `textureReady` follows through
        /// [`crate::Stage3DEvents::texture_ready`]).
        ///
        /// # Errors
        ///
        /// In this order:
        /// - Error #3694: the context or `texture` is disposed, or the context lost.
        /// - Error #3677: `byteArrayOffset` is past the end, the ATF container does not parse, or
        ///   it is JPEG-XR coded (not decoded by Molehill; checked after #3745).
        /// - Error #3679: the container's size is not the texture's.
        /// - Error #3675: the container's cube flag or format does not fit the texture (or
        ///   `texture` is a `RectangleTexture` or `VideoTexture`).
        /// - Error #3745: the image is smaller than 4x4.
        /// - Error #3674: the container has more mip levels than the texture.
        /// - Error #3684: the renderer runs out of memory for the texture.
        /// - Error #3710: with `enableErrorChecking` on, the renderer reports a driver error.
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
