//! `createTexture`, `createCubeTexture`, `createRectangleTexture`, `createVideoTexture`,
//! their uploads (BitmapData, ByteArray, ATF, video frames) and `dispose`: the calls on the
//! textures [`crate::resources::textures`] keeps.

use super::Context3D;
use crate::atf::{self, AtfError, AtfFormat, Decoded};
use crate::backend::{
    Backend, CompressedImage, TextureData, TextureDesc, TextureFormat, TextureId, TextureKind,
    TextureUpload,
};
use crate::enums::{param, EnumArg};
use crate::error::{BackendCall, Context3DError, FlashResult, Result};
use crate::memory::Charge;
use crate::resources::buffers::byte_array_slice;
use crate::resources::handles::{TextureBase, MAX_OBJECTS_PER_TYPE};
use crate::resources::textures::{
    argb_to_4444, argb_to_565, full_chain, unorm8_to_half, TextureRes,
};

impl<B: Backend> Context3D<B> {
    fn check_format_allowed(&self, format: TextureFormat) -> Result<()> {
        let ok = match format {
            TextureFormat::RgbaHalfFloat => self.profile.supports_rgba_half_float(),
            TextureFormat::BgraPacked4444 | TextureFormat::BgrPacked565 => {
                self.profile.supports_packed_formats()
            }
            _ => true,
        };
        if ok {
            Ok(())
        } else {
            Err(Context3DError::FormatNotInProfile)
        }
    }

    fn new_texture(&mut self, desc: TextureDesc) -> Result<TextureBase> {
        if self.res.textures.len() >= MAX_OBJECTS_PER_TYPE {
            return Err(Context3DError::ResourceLimit);
        }
        let bytes = crate::memory::texture_bytes(&desc);
        self.memory.check(Charge::New, bytes)?;
        let id = TextureId(self.fresh_id());
        let r = self.backend.create_texture(id, &desc);
        self.backend_result(BackendCall::Texture, r)?;
        let handle = self.res.textures.insert(TextureRes {
            id,
            desc,
            defined: [0; 6],
        });
        self.memory.set(Charge::Texture(handle), bytes);
        Ok(handle)
    }

    /// `createTexture(width, height, format, optimizeForRenderToTexture, streamingLevels)`.
    ///
    /// In order: #2008 `textureFormat`; #3759 for a format the profile lacks; #3681 for a size
    /// of zero (or negative); #3682 for a size that is not a power of two; #3683 above the
    /// profile's maximum; #3711 for `streamingLevels` outside `0..levels`.
    pub fn create_texture(
        &mut self,
        width: i32,
        height: i32,
        format: impl EnumArg<TextureFormat>,
        optimize_for_render_to_texture: bool,
        streaming_levels: i32,
    ) -> FlashResult<TextureBase> {
        self.live()?;
        let max = self.profile.max_texture_size();
        let desc = self.mipmapped_desc(
            TextureKind::TwoD,
            (width, height),
            format,
            (max, Context3DError::TextureTooBig { max }),
            streaming_levels,
        )?;
        Ok(self.new_texture(TextureDesc {
            optimize_for_render_to_texture,
            ..desc
        })?)
    }

    /// `createCubeTexture(size, format, optimizeForRenderToTexture, streamingLevels)`: as
    /// `createTexture`, with #3705 above 1024.
    pub fn create_cube_texture(
        &mut self,
        size: i32,
        format: impl EnumArg<TextureFormat>,
        optimize_for_render_to_texture: bool,
        streaming_levels: i32,
    ) -> FlashResult<TextureBase> {
        self.live()?;
        let max = self.profile.max_cube_texture_size();
        let desc = self.mipmapped_desc(
            TextureKind::Cube,
            (size, size),
            format,
            (max, Context3DError::CubeTextureTooBig),
            streaming_levels,
        )?;
        Ok(self.new_texture(TextureDesc {
            optimize_for_render_to_texture,
            ..desc
        })?)
    }

    /// The checks `createTexture` and `createCubeTexture` share, in Flash's order: #2008
    /// `textureFormat`, #3759, #3681, #3682, `too_big` above `max`, #3711. The description has
    /// the full mip chain.
    fn mipmapped_desc(
        &self,
        kind: TextureKind,
        (width, height): (i32, i32),
        format: impl EnumArg<TextureFormat>,
        (max, too_big): (u32, Context3DError),
        streaming_levels: i32,
    ) -> Result<TextureDesc> {
        let format = format.resolve(param::TEXTURE_FORMAT)?;
        self.check_format_allowed(format)?;
        let (w, h) = (positive(width)?, positive(height)?);
        if !w.is_power_of_two() || !h.is_power_of_two() {
            return Err(Context3DError::NotPowerOfTwo);
        }
        if w > max || h > max {
            return Err(too_big);
        }
        let levels = full_chain(w, h);
        let streaming = u8::try_from(streaming_levels)
            .ok()
            .filter(|s| *s < levels)
            .ok_or(Context3DError::StreamingLevelsTooLarge)?;
        Ok(TextureDesc {
            kind,
            width: w,
            height: h,
            format,
            levels,
            optimize_for_render_to_texture: false,
            streaming_levels: streaming,
        })
    }

    /// `createRectangleTexture(width, height, format, optimizeForRenderToTexture)`.
    ///
    /// In order: #3765 in baselineConstrained; #2008 `textureFormat`; #3762 for a compressed
    /// format; #3759 for a format the profile lacks; #3681 for zero; #3766 above the larger of
    /// the profile's maximum and the back buffer's size.
    pub fn create_rectangle_texture(
        &mut self,
        width: i32,
        height: i32,
        format: impl EnumArg<TextureFormat>,
        optimize_for_render_to_texture: bool,
    ) -> FlashResult<TextureBase> {
        self.live()?;
        if !self.profile.supports_rectangle_textures() {
            return Err(Context3DError::RequiresBaseline.into());
        }
        let format = format.resolve(param::TEXTURE_FORMAT)?;
        if matches!(
            format,
            TextureFormat::Compressed | TextureFormat::CompressedAlpha
        ) {
            return Err(Context3DError::FormatNotForRectangle.into());
        }
        self.check_format_allowed(format)?;
        let (w, h) = (positive(width)?, positive(height)?);
        // #3766: "max is the larger of %1x%1 or the size of the backbuffer".
        let max = self.profile.max_rectangle_texture_size();
        if w > max.max(self.back_buffer_width()) || h > max.max(self.back_buffer_height()) {
            return Err(Context3DError::RectangleTooBig { max }.into());
        }
        Ok(self.new_texture(TextureDesc {
            kind: TextureKind::Rectangle,
            width: w,
            height: h,
            format,
            levels: 1,
            optimize_for_render_to_texture,
            streaming_levels: 0,
        })?)
    }

    /// `createVideoTexture()`: a BGRA texture whose size follows the frames attached with
    /// [`video_texture_attach_frame`](Self::video_texture_attach_frame).
    pub fn create_video_texture(&mut self) -> FlashResult<TextureBase> {
        self.live()?;
        Ok(self.new_texture(TextureDesc {
            kind: TextureKind::Video,
            width: 0,
            height: 0,
            format: TextureFormat::Bgra,
            levels: 1,
            optimize_for_render_to_texture: false,
            streaming_levels: 0,
        })?)
    }

    /// Resolves a texture handle, side and level for an upload: #3694, #3673 (cube side
    /// above 5), #3674 (level the texture does not have). Returns the face and the level size.
    fn upload_target(&self, texture: TextureBase, side: u32, level: u32) -> Result<(u8, u32, u32)> {
        let res = self
            .res
            .textures
            .get(texture)
            .ok_or(Context3DError::Disposed)?;
        let face = if res.desc.kind == TextureKind::Cube {
            u8::try_from(side)
                .ok()
                .filter(|s| *s < 6)
                .ok_or(Context3DError::CubeSide)?
        } else {
            0
        };
        let level = u8::try_from(level)
            .ok()
            .filter(|l| *l < res.desc.levels)
            .ok_or(Context3DError::MipLevelTooLarge)?;
        let (w, h) = res.level_size(level);
        Ok((face, w, h))
    }

    fn send_upload(&mut self, texture: TextureBase, upload: &TextureUpload<'_>) -> Result<()> {
        let id = self.texture_res(texture)?.id;
        let r = self.backend.upload_texture(id, upload);
        self.backend_result(BackendCall::Texture, r)?;
        if let Some(res) = self.res.textures.get_mut(texture) {
            res.mark_uploaded(upload.face, upload.level);
        }
        Ok(())
    }

    /// `Texture.uploadFromBitmapData(source, miplevel)`,
    /// `CubeTexture.uploadFromBitmapData(source, side, miplevel)`,
    /// `RectangleTexture.uploadFromBitmapData(source)` (`side` and `miplevel` 0).
    ///
    /// `pixels` are the `BitmapData`'s `0xAARRGGBB` values, `width * height` of them (else
    /// #2015). #3694, #3673, #3674 as for every upload; a video texture #3675. The bitmap's
    /// top-left corner goes to the level's top-left corner:
    /// - a bitmap larger than level 0 (in either dimension) is #3679;
    /// - a mip level above 0 takes the top-left corner of a larger bitmap (Starling 1.x uploads
    ///   one level-1-sized canvas for every level, and ran on Flash Player that way);
    /// - a smaller bitmap fills only the level's top-left corner, the rest keeps what it held
    ///   (Fancy Pants World 4 uploads a 4x4 BitmapData to an 8x8 texture and runs on Flash
    ///   Player: ruffle-rs/ruffle PR #14492, issue #14312); the backend gets a
    ///   [`TextureUpload`] smaller than the level.
    ///
    /// Packed and float formats are converted.
    ///
    /// A `compressed` / `compressedAlpha` texture takes the pixels too: desktop Flash Player
    /// compresses them at run time (Adobe's `uploadFromBitmapData` docs give #3675 only "on a
    /// mobile platform where runtime texture compression is not supported"; ruffle-rs/ruffle
    /// PR #10102 notes SWFs uploading opaque BitmapData to `compressed` textures). Molehill
    /// keeps them uncompressed (no DXT artefacts).
    pub fn texture_upload_from_bitmap_data(
        &mut self,
        texture: TextureBase,
        pixels: &[u32],
        width: u32,
        height: u32,
        side: u32,
        mip_level: u32,
    ) -> FlashResult<()> {
        self.live()?;
        let (face, w, h) = self.upload_target(texture, side, mip_level)?;
        let format = self.texture_desc(texture)?.format;
        let kind = self.texture_desc(texture)?.kind;
        if kind == TextureKind::Video {
            return Err(Context3DError::TextureFormatMismatch.into());
        }
        if pixels.len() as u64 != u64::from(width) * u64::from(height) {
            return Err(molehill_agal::flash::FlashError::error(2015, &[]));
        }
        if mip_level == 0 && (width > w || height > h) {
            return Err(Context3DError::TextureSizeMismatch.into());
        }
        // The bitmap's top-left min(width, w) x min(height, h) goes to the level's top-left.
        let (cw, ch) = (width.min(w), height.min(h));
        let cropped: Vec<u32>;
        let pixels = if cw == width {
            pixels
        } else {
            cropped = pixels
                .chunks_exact(width as usize)
                .take(ch as usize)
                .flat_map(|row| row.iter().take(cw as usize).copied())
                .collect();
            &cropped
        };
        let pixels = pixels.get(..cw as usize * ch as usize).unwrap_or(pixels);
        let converted_u16: Vec<u16>;
        let data = match format {
            TextureFormat::BgraPacked4444 => {
                converted_u16 = pixels.iter().map(|p| argb_to_4444(*p)).collect();
                TextureData::Bgra4444(&converted_u16)
            }
            TextureFormat::BgrPacked565 => {
                converted_u16 = pixels.iter().map(|p| argb_to_565(*p)).collect();
                TextureData::Bgr565(&converted_u16)
            }
            TextureFormat::RgbaHalfFloat => {
                converted_u16 = pixels
                    .iter()
                    .flat_map(|p| {
                        let c = |s: u32| unorm8_to_half((p >> s) as u8);
                        [c(16), c(8), c(0), c(24)]
                    })
                    .collect();
                TextureData::RgbaHalf(&converted_u16)
            }
            _ => TextureData::Argb32(pixels),
        };
        let upload = TextureUpload {
            face,
            level: mip_level as u8,
            width: cw,
            height: ch,
            data,
        };
        Ok(self.send_upload(texture, &upload)?)
    }

    /// `uploadFromBitmapDataAsync(source, miplevel)`: #3791 for a level other than 0, then as
    /// the synchronous upload (done when it returns: `textureReady` is the facade's to send,
    /// after an `Ok`).
    pub fn texture_upload_from_bitmap_data_async(
        &mut self,
        texture: TextureBase,
        pixels: &[u32],
        width: u32,
        height: u32,
        mip_level: u32,
    ) -> FlashResult<()> {
        self.live()?;
        if mip_level != 0 {
            return Err(Context3DError::AsyncMipLevel.into());
        }
        self.texture_upload_from_bitmap_data(texture, pixels, width, height, 0, 0)
    }

    /// `uploadFromByteArrayAsync(data, byteArrayOffset, miplevel)`: #3791 for a level other
    /// than 0, then as the synchronous upload (done when it returns, as
    /// [`texture_upload_from_bitmap_data_async`](Self::texture_upload_from_bitmap_data_async)).
    pub fn texture_upload_from_byte_array_async(
        &mut self,
        texture: TextureBase,
        data: &[u8],
        byte_array_offset: u32,
        mip_level: u32,
    ) -> FlashResult<()> {
        self.live()?;
        if mip_level != 0 {
            return Err(Context3DError::AsyncMipLevel.into());
        }
        self.texture_upload_from_byte_array(texture, data, byte_array_offset, 0, 0)
    }

    /// `uploadFromByteArray(data, byteArrayOffset, [side,] miplevel)`: raw pixels in the
    /// texture's format (BGRA bytes; little-endian `u16` for the packed formats; four
    /// little-endian binary16 per pixel for `rgbaHalfFloat`), whatever the `ByteArray`'s
    /// `endian`. #3694, #3673, #3674; a compressed or video texture #3675 (use
    /// `uploadCompressedTextureFromByteArray`; what layout desktop Flash Player's run-time
    /// compression would expect in a ByteArray is not documented); fewer bytes after
    /// the offset than the level needs #3669.
    pub fn texture_upload_from_byte_array(
        &mut self,
        texture: TextureBase,
        data: &[u8],
        byte_array_offset: u32,
        side: u32,
        mip_level: u32,
    ) -> FlashResult<()> {
        self.live()?;
        let (face, w, h) = self.upload_target(texture, side, mip_level)?;
        let desc = *self.texture_desc(texture)?;
        let bytes_per_pixel = match desc.format {
            TextureFormat::Bgra => 4,
            TextureFormat::BgraPacked4444 | TextureFormat::BgrPacked565 => 2,
            TextureFormat::RgbaHalfFloat => 8,
            TextureFormat::Compressed | TextureFormat::CompressedAlpha => {
                return Err(Context3DError::TextureFormatMismatch.into())
            }
        };
        if desc.kind == TextureKind::Video {
            return Err(Context3DError::TextureFormatMismatch.into());
        }
        let len = w as usize * h as usize * bytes_per_pixel;
        let bytes = byte_array_slice(data, byte_array_offset, len)?;
        let halves: Vec<u16>;
        let data = match desc.format {
            TextureFormat::Bgra => TextureData::Bgra8(bytes),
            format => {
                halves = bytes
                    .chunks_exact(2)
                    .map(|b| u16::from_le_bytes([b[0], b[1]]))
                    .collect();
                match format {
                    TextureFormat::BgraPacked4444 => TextureData::Bgra4444(&halves),
                    TextureFormat::BgrPacked565 => TextureData::Bgr565(&halves),
                    _ => TextureData::RgbaHalf(&halves),
                }
            }
        };
        let upload = TextureUpload {
            face,
            level: mip_level as u8,
            width: w,
            height: h,
            data,
        };
        Ok(self.send_upload(texture, &upload)?)
    }

    /// `uploadCompressedTextureFromByteArray(data, byteArrayOffset, async)`: an ATF container.
    ///
    /// #3694; a container that does not parse #3677; in Flash's order (recorded): a size other
    /// than the texture's #3679, a cube flag or format that does not fit the texture #3675; an
    /// image below 4x4 #3745; more levels than the texture #3674. JPEG-XR coded containers
    /// (formats 0/1 into `bgra` textures, 2/4/0xC/0xD as DXT1/DXT5 blocks) are decoded with
    /// [`atf::decode`], every face/level before any is uploaded; a record that does not
    /// decode, or not to the level's size, #3677. Uploads every level the container has, with
    /// `async` too (done when it returns: `textureReady` is the facade's to send, after an
    /// `Ok`).
    pub fn texture_upload_compressed_from_byte_array(
        &mut self,
        texture: TextureBase,
        data: &[u8],
        byte_array_offset: u32,
        async_upload: bool,
    ) -> FlashResult<()> {
        // Uploaded at the call either way (as `wantsBestResolution`, accepted for AS3's shape).
        let _ = async_upload;
        self.live()?;
        let desc = *self.texture_desc(texture)?;
        let bytes = data
            .get(byte_array_offset as usize..)
            .ok_or(Context3DError::TextureDecodingFailed)?;
        let file = atf::parse(bytes).map_err(decoding_failed)?;
        if (file.width, file.height) != (desc.width, desc.height) {
            return Err(Context3DError::TextureSizeMismatch.into());
        }
        let cube = desc.kind == TextureKind::Cube;
        if file.cubemap != cube || !matches!(desc.kind, TextureKind::TwoD | TextureKind::Cube) {
            return Err(Context3DError::TextureFormatMismatch.into());
        }
        let fits = match file.format {
            AtfFormat::RawCompressed => desc.format == TextureFormat::Compressed,
            AtfFormat::RawCompressedAlpha => desc.format == TextureFormat::CompressedAlpha,
            AtfFormat::Rgb888 | AtfFormat::Rgba8888 => desc.format == TextureFormat::Bgra,
            AtfFormat::Compressed | AtfFormat::CompressedLossy => {
                desc.format == TextureFormat::Compressed
            }
            AtfFormat::CompressedAlpha | AtfFormat::CompressedLossyAlpha => {
                desc.format == TextureFormat::CompressedAlpha
            }
        };
        if !fits {
            return Err(Context3DError::TextureFormatMismatch.into());
        }
        if file.width < 4 || file.height < 4 {
            return Err(Context3DError::CompressedTooSmall.into());
        }
        if usize::from(file.levels) > usize::from(desc.levels) {
            return Err(Context3DError::MipLevelTooLarge.into());
        }
        // JPEG-XR coded formats: decode every face/level before uploading any.
        let decoded = file
            .coded
            .iter()
            .map(|image| atf::decode(&file, image))
            .collect::<std::result::Result<Vec<_>, _>>()
            .map_err(decoding_failed)?;
        let coded = file.coded.iter().zip(&decoded).map(|(image, pixels)| {
            let data = match pixels {
                Decoded::Bgra(bgra) => TextureData::Bgra8(bgra),
                Decoded::Dxt(blocks) => TextureData::Compressed(CompressedImage {
                    dxt: Some(blocks),
                    etc1: None,
                    etc1_alpha: None,
                    pvrtc: None,
                    etc2: None,
                }),
            };
            (image.face, image.level, data)
        });
        let raw = file.images.iter().map(|image| {
            let data = TextureData::Compressed(CompressedImage {
                dxt: image.dxt,
                etc1: image.etc1,
                etc1_alpha: image.etc1_alpha,
                pvrtc: image.pvrtc,
                etc2: image.etc2,
            });
            (image.face, image.level, data)
        });
        for (face, level, data) in coded.chain(raw) {
            let (width, height) = file.level_size(level);
            let upload = TextureUpload {
                face,
                level,
                width,
                height,
                data,
            };
            self.send_upload(texture, &upload)?;
        }
        Ok(())
    }

    /// A video frame for a `VideoTexture` (what `attachNetStream` / `attachCamera` deliver):
    /// `width * height` ARGB pixels (else #2015); a non-video texture #3675; #3694; a frame
    /// wider or taller than a `RectangleTexture` may be (the larger of the profile's maximum and
    /// the back buffer) #3766, as Flash bounds the rectangle textures a video frame is drawn as.
    pub fn video_texture_attach_frame(
        &mut self,
        texture: TextureBase,
        pixels: &[u32],
        width: u32,
        height: u32,
    ) -> FlashResult<()> {
        self.live()?;
        if self.texture_desc(texture)?.kind != TextureKind::Video {
            return Err(Context3DError::TextureFormatMismatch.into());
        }
        if pixels.len() as u64 != u64::from(width) * u64::from(height) || pixels.is_empty() {
            return Err(molehill_agal::flash::FlashError::error(2015, &[]));
        }
        let max = self.profile.max_rectangle_texture_size();
        if width > max.max(self.back_buffer_width()) || height > max.max(self.back_buffer_height())
        {
            return Err(Context3DError::RectangleTooBig { max }.into());
        }
        let bytes = u64::from(width) * u64::from(height) * 4;
        self.memory.check(Charge::Texture(texture), bytes)?;
        self.memory.set(Charge::Texture(texture), bytes);
        if let Some(res) = self.res.textures.get_mut(texture) {
            res.desc.width = width;
            res.desc.height = height;
        }
        let upload = TextureUpload {
            face: 0,
            level: 0,
            width,
            height,
            data: TextureData::Argb32(pixels),
        };
        Ok(self.send_upload(texture, &upload)?)
    }

    /// `TextureBase.dispose()`: harmless when repeated. A sampler or render target still
    /// naming it fails at the next draw (#3605 / #3694).
    pub fn texture_dispose(&mut self, texture: TextureBase) {
        self.memory.release(Charge::Texture(texture));
        if let Some(res) = self.res.textures.remove(texture) {
            self.state.samplers_epoch += 1;
            self.backend.dispose_texture(res.id);
        }
    }

    /// `videoWidth` / `videoHeight` of a video texture, or the size of any texture.
    pub fn texture_size(&self, texture: TextureBase) -> Option<(u32, u32)> {
        self.res
            .textures
            .get(texture)
            .map(|r| (r.desc.width, r.desc.height))
    }

    pub(crate) fn texture_desc(&self, texture: TextureBase) -> Result<&TextureDesc> {
        Ok(&self.texture_res(texture)?.desc)
    }

    /// A live texture, or #3694.
    fn texture_res(&self, texture: TextureBase) -> Result<&TextureRes> {
        self.res
            .textures
            .get(texture)
            .ok_or(Context3DError::Disposed)
    }
}

fn positive(v: i32) -> Result<u32> {
    u32::try_from(v)
        .ok()
        .filter(|v| *v > 0)
        .ok_or(Context3DError::TextureSizeZero)
}

/// The one place an ATF error becomes Flash's #3677 ("Texture decoding failed"), logged.
fn decoding_failed(e: AtfError) -> Context3DError {
    log::warn!("ATF container rejected (#3677): {e}");
    Context3DError::TextureDecodingFailed
}
