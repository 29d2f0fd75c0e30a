//! `Context3D.create*`: buffers, programs and every texture class.

use molehill_context3d::{
    BufferUsage, EnumArg, IndexBuffer3D, Program3D, TextureBase, TextureFormat, VertexBuffer3D,
};

#[cfg(feature = "record")]
use crate::record::{Recorded, RecordedEnum};
#[cfg(feature = "record")]
use molehill_trace::{Call, ResourceKind};

use crate::context::{Context3D, FlashResult};

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
            buffer_usage: impl EnumArg<BufferUsage>
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
            buffer_usage: impl EnumArg<BufferUsage>
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
        pub fn create_index_buffer(
            &mut self,
            num_indices: i32,
            buffer_usage: impl EnumArg<BufferUsage>
        ) -> IndexBuffer3D
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
            format: impl EnumArg<TextureFormat>,
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
            format: impl EnumArg<TextureFormat>,
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
            format: impl EnumArg<TextureFormat>,
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
}
