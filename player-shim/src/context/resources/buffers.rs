//! The methods of `VertexBuffer3D`, `IndexBuffer3D` and `Program3D` (uploads, `dispose`), the
//! `dispose` of textures, and every object's collection by the VM's garbage collector.

use molehill_context3d::{Float, IndexBuffer3D, Program3D, TextureBase, VertexBuffer3D};

use crate::as3::ByteArray;
#[cfg(feature = "record")]
use crate::record::{Handle, Recorded, RecordedNumbers};
#[cfg(feature = "record")]
use molehill_trace::Call;

use super::buffer_offset;
use crate::context::{Context3D, FlashResult};

impl Context3D {
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
            data: &[impl Float],
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

    // --- Objects the VM's garbage collector dropped (docs/player.md, "Collected objects") ----

    /// The VM's `VertexBuffer3D` object for `buffer` was garbage-collected (not AS3's
    /// `dispose()`): the buffer and its share of the memory budget are freed now, or, while a
    /// `setVertexBufferAt` slot still holds it (Flash's context keeps what is bound), when the
    /// last such slot lets it go; until then it draws as before. No error, no event; repeating
    /// it, or a handle of a disposed object or of another context, does nothing. A later call
    /// with the handle of a freed buffer is Error #3694, as for a disposed one (AS3 cannot make
    /// such a call: its object is gone). Recorded as `vb.collect()`.
    pub fn vertex_buffer_collect(&mut self, buffer: VertexBuffer3D) {
        self.inner.vertex_buffer_collect(buffer);
        #[cfg(feature = "record")]
        self.record_collect(buffer);
    }

    /// The VM's `IndexBuffer3D` object for `buffer` was garbage-collected: freed now (a context
    /// holds no index buffer between calls). Otherwise as
    /// [`vertex_buffer_collect`](Self::vertex_buffer_collect).
    pub fn index_buffer_collect(&mut self, buffer: IndexBuffer3D) {
        self.inner.index_buffer_collect(buffer);
        #[cfg(feature = "record")]
        self.record_collect(buffer);
    }

    /// The VM's `Program3D` object for `program` was garbage-collected: freed now, or, while it
    /// is the context's program (`setProgram`), when another program or `null` replaces it.
    /// Otherwise as [`vertex_buffer_collect`](Self::vertex_buffer_collect).
    pub fn program_collect(&mut self, program: Program3D) {
        self.inner.program_collect(program);
        #[cfg(feature = "record")]
        self.record_collect(program);
    }

    /// The VM's `Texture`, `CubeTexture`, `RectangleTexture` or `VideoTexture` object for
    /// `texture` was garbage-collected: freed now (its storage, its render surfaces, their
    /// memory budget), or, while a sampler (`setTextureAt`) or a render target slot
    /// (`setRenderToTexture`) holds it, when the last of them lets it go. Otherwise as
    /// [`vertex_buffer_collect`](Self::vertex_buffer_collect).
    pub fn texture_collect(&mut self, texture: TextureBase) {
        self.inner.texture_collect(texture);
        #[cfg(feature = "record")]
        self.record_collect(texture);
    }

    #[cfg(feature = "record")]
    fn record_collect(&self, handle: impl Into<Handle>) {
        let handle = handle.into();
        self.record(
            |rec| Call::Collect {
                resource: rec.name(handle),
            },
            &Ok::<(), molehill_agal::flash::FlashError>(()),
        );
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
}
