//! The upload methods of the texture classes (`Texture`, `CubeTexture`, `RectangleTexture`,
//! `VideoTexture`): from `BitmapData`, `ByteArray` and ATF, synchronous and asynchronous.

use molehill_context3d::TextureBase;

use crate::as3::{BitmapData, ByteArray};
#[cfg(feature = "record")]
use crate::record::Recorded;
#[cfg(feature = "record")]
use molehill_trace::Call;

use crate::context::{Context3D, FlashResult};

impl Context3D {
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
        /// `Texture.uploadFromBitmapDataAsync(source, miplevel)`: queues `textureReady`
        /// ([`crate::Stage3DEvent::TextureReady`]).
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
            let r = ctx.inner.texture_upload_from_bitmap_data_async(
                texture,
                &source.premultiplied_pixels(),
                source.width,
                source.height,
                miplevel,
            );
            ctx.texture_ready(texture, r)
        };

        /// `Texture.uploadFromByteArrayAsync(data, byteArrayOffset, miplevel)`: queues
        /// `textureReady` ([`crate::Stage3DEvent::TextureReady`]).
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
            let r = ctx.inner.texture_upload_from_byte_array_async(
                texture,
                data.bytes,
                byte_array_offset,
                miplevel,
            );
            ctx.texture_ready(texture, r)
        };

        /// `Texture.uploadCompressedTextureFromByteArray(data, byteArrayOffset, async)` and the
        /// same method of `CubeTexture` (with `async`, queues `textureReady`:
        /// [`crate::Stage3DEvent::TextureReady`]).
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
            let r = ctx.inner.texture_upload_compressed_from_byte_array(
                texture,
                data.bytes,
                byte_array_offset,
                is_async,
            );
            if is_async {
                ctx.texture_ready(texture, r)
            } else {
                r
            }
        };
    }
}
