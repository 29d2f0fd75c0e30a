//! Textures: storage for every level (and face) at creation, and uploads of every
//! `Context3DTextureFormat` (converted or decoded on the CPU where GL cannot take the bytes).
//!
//! Every level a texture can hold is allocated when it is created, so the texture is always
//! complete and an uploaded level is never replaced by a generated one (Molehill never calls
//! `glGenerateMipmap`). Rows go to GL in upload order: the first uploaded row is GL row 0,
//! which is `v = 0`, as in Flash.

use molehill_context3d::{
    CompressedImage, TextureData, TextureDesc, TextureFormat, TextureKind, TextureUpload,
};

use molehill_context3d::decode::{self, packed, UploadError};

use crate::gl::Calls;

/// `GL_COMPRESSED_RGB_S3TC_DXT1_EXT`.
const COMPRESSED_RGB_S3TC_DXT1: u32 = 0x83F0;
/// `GL_COMPRESSED_RGBA_S3TC_DXT5_EXT`.
const COMPRESSED_RGBA_S3TC_DXT5: u32 = 0x83F3;

/// `GL_BGRA_EXT` (ES, EXT_texture_format_BGRA8888) and `GL_BGRA` (desktop): the same value.
pub const BGRA: u32 = 0x80E1;

/// How a texture is stored in GL.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Storage {
    /// RGBA8 (`bgra`, and compressed formats decoded on the CPU).
    Rgba8,
    /// `GL_BGRA_EXT` (`bgra` on GL ES with EXT_texture_format_BGRA8888): Flash's bytes go to
    /// GL as they are.
    Bgra8,
    /// RGBA4 from `bgraPacked4444`.
    Rgba4,
    /// RGB565 from `bgrPacked565`.
    Rgb565,
    /// RGBA16F from `rgbaHalfFloat`.
    RgbaHalf,
    /// S3TC DXT1 (`compressed`) uploaded as is.
    Dxt1,
    /// S3TC DXT5 (`compressedAlpha`) uploaded as is.
    Dxt5,
    /// ETC2 RGB8 (`compressed` from an ATF file carrying only ETC2) uploaded as is.
    Etc2Rgb,
    /// ETC2 RGBA8 with EAC alpha (`compressedAlpha`, ETC2 only) uploaded as is.
    Etc2Rgba,
    /// A compressed texture before its first upload: the first ATF image decides between
    /// S3TC (when it carries DXT data and the driver has S3TC) and RGBA8 (decoded).
    Undecided,
}

impl Storage {
    /// `(internal format, format, type)` of an uncompressed storage.
    pub fn gl_formats(self) -> (u32, u32, u32) {
        match self {
            Storage::Rgba8 => (glow::RGBA8, glow::RGBA, glow::UNSIGNED_BYTE),
            Storage::Bgra8 => (BGRA, BGRA, glow::UNSIGNED_BYTE),
            Storage::Rgba4 => (glow::RGBA4, glow::RGBA, glow::UNSIGNED_SHORT_4_4_4_4),
            Storage::Rgb565 => (glow::RGB565, glow::RGB, glow::UNSIGNED_SHORT_5_6_5),
            Storage::RgbaHalf => (glow::RGBA16F, glow::RGBA, glow::HALF_FLOAT),
            Storage::Dxt1 => (COMPRESSED_RGB_S3TC_DXT1, 0, 0),
            Storage::Dxt5 => (COMPRESSED_RGBA_S3TC_DXT5, 0, 0),
            Storage::Etc2Rgb => (glow::COMPRESSED_RGB8_ETC2, 0, 0),
            Storage::Etc2Rgba => (glow::COMPRESSED_RGBA8_ETC2_EAC, 0, 0),
            Storage::Undecided => (glow::RGBA8, glow::RGBA, glow::UNSIGNED_BYTE),
        }
    }

    /// Bytes per texel of an uncompressed storage as uploaded.
    fn texel_bytes(self) -> usize {
        match self {
            Storage::Rgba4 | Storage::Rgb565 => 2,
            Storage::RgbaHalf => 8,
            _ => 4,
        }
    }

    fn compressed(self) -> bool {
        matches!(
            self,
            Storage::Dxt1 | Storage::Dxt5 | Storage::Etc2Rgb | Storage::Etc2Rgba
        )
    }

    /// The internal format of a renderbuffer of the same kind (for multisampled targets).
    pub fn renderbuffer_format(self) -> u32 {
        match self {
            Storage::RgbaHalf => glow::RGBA16F,
            Storage::Rgba4 => glow::RGBA4,
            Storage::Rgb565 => glow::RGB565,
            // GL ES has no BGRA renderbuffer: multisampled targets of such textures resolve
            // through RGBA8 (see `target`).
            _ => glow::RGBA8,
        }
    }
}

/// A GL texture and what it was made for.
#[derive(Debug)]
pub struct Texture {
    /// The GL object.
    pub gl: glow::Texture,
    /// `TEXTURE_2D` or `TEXTURE_CUBE_MAP`.
    pub target: u32,
    /// The description it was created with (video textures: the current frame size).
    pub desc: TextureDesc,
    /// How it is stored.
    pub storage: Storage,
    /// `TEXTURE_BASE_LEVEL`: 0, or for a streaming texture the finest level uploaded so far.
    base_level: u8,
}

impl Texture {
    /// Levels the texture holds.
    fn levels(&self) -> u8 {
        if matches!(self.desc.kind, TextureKind::Rectangle | TextureKind::Video) {
            1
        } else {
            self.desc.levels.max(1)
        }
    }

    /// The GL target of `face` (a cube face or the 2D target).
    fn image_target(&self, face: u8) -> u32 {
        if self.target == glow::TEXTURE_CUBE_MAP {
            glow::TEXTURE_CUBE_MAP_POSITIVE_X + u32::from(face.min(5))
        } else {
            glow::TEXTURE_2D
        }
    }
}

/// What the driver can take directly.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TextureCaps {
    /// S3TC (DXT1/DXT5) compressed textures.
    pub s3tc: bool,
    /// ETC2 / EAC compressed textures (every GL ES 3.0; desktop with ARB_ES3_compatibility).
    pub etc2: bool,
    /// Anisotropic filtering.
    pub anisotropy: bool,
    /// How `bgra` texels reach GL.
    pub bgra: BgraUpload,
}

/// How `bgra` texels (Flash's B, G, R, A bytes) reach GL.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BgraUpload {
    /// Stored as `GL_BGRA_EXT` (GL ES with EXT_texture_format_BGRA8888): no conversion.
    Storage,
    /// RGBA8 storage, uploaded with the `GL_BGRA` source format (desktop GL): no conversion.
    SourceFormat,
    /// Swizzled to RGBA on the CPU, in a buffer reused between uploads.
    Swizzle,
}

fn storage_for(format: TextureFormat, caps: &TextureCaps) -> Storage {
    match format {
        TextureFormat::Bgra if caps.bgra == BgraUpload::Storage => Storage::Bgra8,
        TextureFormat::Bgra => Storage::Rgba8,
        TextureFormat::BgraPacked4444 => Storage::Rgba4,
        TextureFormat::BgrPacked565 => Storage::Rgb565,
        TextureFormat::RgbaHalfFloat => Storage::RgbaHalf,
        TextureFormat::Compressed | TextureFormat::CompressedAlpha => Storage::Undecided,
    }
}

/// Bytes of a compressed image of 4x4 blocks (allocation of compressed levels).
fn dxt_size(width: u32, height: u32, storage: Storage) -> usize {
    let blocks = width.div_ceil(4) as usize * height.div_ceil(4) as usize;
    blocks
        * if matches!(storage, Storage::Dxt1 | Storage::Etc2Rgb) {
            8
        } else {
            16
        }
}

/// Creates a texture with every level (and face) allocated.
pub fn create(gl: &mut Calls, desc: &TextureDesc, caps: &TextureCaps) -> Result<Texture, String> {
    let target = if desc.kind == TextureKind::Cube {
        glow::TEXTURE_CUBE_MAP
    } else {
        glow::TEXTURE_2D
    };
    let mut tex = Texture {
        gl: gl.create_texture()?,
        target,
        desc: *desc,
        storage: storage_for(desc.format, caps),
        base_level: 0,
    };
    gl.bind_texture_to_edit(target, tex.gl);
    // A streaming texture (`streamingLevels` > 0) samples its finest uploaded level; until
    // something is uploaded that is the coarsest one.
    if desc.streaming_levels > 0 {
        tex.base_level = tex.levels() - 1;
    }
    gl.tex_parameter(target, glow::TEXTURE_BASE_LEVEL, i32::from(tex.base_level));
    gl.tex_parameter(target, glow::TEXTURE_MAX_LEVEL, i32::from(tex.levels()) - 1);
    if desc.width > 0 && desc.height > 0 && tex.storage != Storage::Undecided {
        if let Err(e) = allocate(gl, &tex, tex.levels()) {
            gl.delete_texture(tex.gl);
            return Err(e.to_string());
        }
    }
    Ok(tex)
}

/// (Re)allocates every face of levels `0..levels` with zeroed texels: content gets zeroed
/// storage, never what the driver's memory held before (GL leaves a `NULL` image undefined).
/// One zero buffer, the size of level 0, serves every level and face.
fn allocate(gl: &mut Calls, tex: &Texture, levels: u8) -> Result<(), UploadError> {
    let faces = if tex.target == glow::TEXTURE_CUBE_MAP {
        6
    } else {
        1
    };
    let (internal, format, ty) = tex.storage.gl_formats();
    let bytes = |(w, h): (u32, u32)| {
        if tex.storage.compressed() {
            dxt_size(w, h, tex.storage)
        } else {
            w as usize * h as usize * tex.storage.texel_bytes()
        }
    };
    let zeros =
        decode::try_zeroed(bytes(tex.desc.level_size(0))).ok_or(UploadError::OutOfMemory)?;
    for face in 0..faces {
        for level in 0..levels {
            let (w, h) = tex.desc.level_size(level);
            let target = tex.image_target(face);
            let zeros = &zeros[..bytes((w, h))];
            if tex.storage.compressed() {
                gl.compressed_tex_image_2d(
                    target,
                    i32::from(level),
                    internal,
                    w as i32,
                    h as i32,
                    zeros,
                );
            } else {
                gl.tex_image_2d(
                    target,
                    i32::from(level),
                    internal,
                    w as i32,
                    h as i32,
                    format,
                    ty,
                    Some(zeros),
                );
            }
        }
    }
    Ok(())
}

/// `n` texels of `texel_bytes` bytes each, filled by `fill(i, texel)`, in a buffer allocated
/// fallibly (its size comes from content).
fn converted(
    n: usize,
    texel_bytes: usize,
    mut fill: impl FnMut(usize, &mut [u8]),
) -> Result<Vec<u8>, UploadError> {
    let mut out = n
        .checked_mul(texel_bytes)
        .and_then(decode::try_zeroed)
        .ok_or(UploadError::OutOfMemory)?;
    for (i, t) in out.chunks_exact_mut(texel_bytes).enumerate() {
        fill(i, t);
    }
    Ok(out)
}

/// Makes room for `n` bytes in `scratch` fallibly (the size comes from content).
fn reserve(scratch: &mut Vec<u8>, n: usize) -> Result<(), UploadError> {
    scratch
        .try_reserve(n.saturating_sub(scratch.len()))
        .map_err(|_| UploadError::OutOfMemory)
}

/// Replaces one face/level (a video texture is reallocated when the frame size changes).
/// `scratch` holds converted texels between uploads (bgra goes to GL without a conversion
/// where the context takes it, see [`BgraUpload`]).
pub fn upload(
    gl: &mut Calls,
    tex: &mut Texture,
    up: &TextureUpload<'_>,
    caps: &TextureCaps,
    scratch: &mut Vec<u8>,
) -> Result<(), UploadError> {
    gl.bind_texture_to_edit(tex.target, tex.gl);
    if tex.desc.kind == TextureKind::Video
        && (tex.desc.width, tex.desc.height) != (up.width, up.height)
    {
        tex.desc.width = up.width;
        tex.desc.height = up.height;
        allocate(gl, tex, 1)?;
    }
    if tex.storage == Storage::Undecided {
        let alpha = tex.desc.format == TextureFormat::CompressedAlpha;
        let img = match up.data {
            TextureData::Compressed(img) => img,
            _ => CompressedImage::default(),
        };
        // DXT through S3TC first; then anything the CPU decodes; ETC2 natively when it is
        // all there is.
        let decodable = img.dxt.is_some() || img.etc1.is_some() || img.pvrtc.is_some();
        tex.storage = match (
            alpha,
            caps.s3tc && img.dxt.is_some(),
            !decodable && caps.etc2 && img.etc2.is_some(),
        ) {
            (false, true, _) => Storage::Dxt1,
            (true, true, _) => Storage::Dxt5,
            (false, false, true) => Storage::Etc2Rgb,
            (true, false, true) => Storage::Etc2Rgba,
            _ => Storage::Rgba8,
        };
        allocate(gl, tex, tex.levels())?;
    }
    if let TextureData::Compressed(img) = up.data {
        // An ATF image without the encoding an earlier one made the storage (a DXT1-only file,
        // then an ETC1-only one): store the texture decoded instead. An ATF upload sends every
        // level, so the new file fills the reallocated levels.
        let fits = match tex.storage {
            Storage::Dxt1 | Storage::Dxt5 => img.dxt.is_some(),
            Storage::Etc2Rgb | Storage::Etc2Rgba => img.etc2.is_some(),
            _ => true,
        };
        if !fits && (img.dxt.is_some() || img.etc1.is_some() || img.pvrtc.is_some()) {
            log::debug!("compressed texture re-stored as RGBA8 for a differently encoded ATF");
            tex.storage = Storage::Rgba8;
            allocate(gl, tex, tex.levels())?;
        }
    }
    if up.level < tex.base_level {
        tex.base_level = up.level;
        gl.tex_parameter(tex.target, glow::TEXTURE_BASE_LEVEL, i32::from(up.level));
    }
    let target = tex.image_target(up.face);
    let level = i32::from(up.level);
    let (w, h) = (up.width as i32, up.height as i32);
    let (internal, mut format, ty) = tex.storage.gl_formats();
    if tex.storage.compressed() && !matches!(up.data, TextureData::Compressed(_)) {
        return Err(UploadError::NotCompressed);
    }
    // Flash's bgra bytes as they are, where GL takes them (a BitmapData's 0xAARRGGBB words
    // are those bytes in little-endian memory).
    let as_is = tex.storage == Storage::Bgra8
        || (tex.storage == Storage::Rgba8 && caps.bgra == BgraUpload::SourceFormat);
    let little = cfg!(target_endian = "little");
    let decoded: Vec<u8>;
    let bytes: &[u8] = match (&up.data, tex.storage) {
        (TextureData::Bgra8(px), _) if as_is => {
            format = BGRA;
            px
        }
        (TextureData::Argb32(px), _) if as_is && little => {
            format = BGRA;
            bytemuck::cast_slice(px)
        }
        (TextureData::Compressed(img), Storage::Dxt1 | Storage::Dxt5) => match img.dxt {
            Some(d) => {
                gl.compressed_tex_image_2d(target, level, internal, w, h, d);
                return Ok(());
            }
            None => {
                // Storage was chosen as S3TC because the driver has it; an ATF file without
                // DXT data cannot be mixed into it.
                return Err(UploadError::NoEncoding);
            }
        },
        (TextureData::Compressed(img), Storage::Etc2Rgb | Storage::Etc2Rgba) => match img.etc2 {
            Some(d) => {
                gl.compressed_tex_image_2d(target, level, internal, w, h, d);
                return Ok(());
            }
            None => return Err(UploadError::NoEncoding),
        },
        (TextureData::Compressed(img), storage) => {
            let alpha = tex.desc.format == TextureFormat::CompressedAlpha;
            decoded = decode::compressed_to_rgba8(img, alpha, up.width, up.height)?;
            if storage == Storage::Bgra8 {
                // Decoded RGBA into bgra storage (not reached: compressed textures are
                // never Bgra8); kept correct all the same.
                packed::bgra_to_rgba_into(&decoded, scratch);
                scratch
            } else {
                &decoded
            }
        }
        // Into the reused scratch buffer (reserved fallibly: the size comes from content) or
        // buffers allocated fallibly.
        (TextureData::Argb32(px), _) => {
            reserve(scratch, px.len().saturating_mul(4))?;
            packed::argb_to_rgba_into(px, scratch);
            if tex.storage == Storage::Bgra8 {
                // Big-endian host: RGBA bytes back to B, G, R, A.
                let rgba = std::mem::take(scratch);
                reserve(scratch, rgba.len())?;
                packed::bgra_to_rgba_into(&rgba, scratch);
            }
            scratch
        }
        (TextureData::Bgra8(px), _) => {
            reserve(scratch, px.len())?;
            packed::bgra_to_rgba_into(px, scratch);
            scratch
        }
        (TextureData::Bgra4444(px), _) => {
            decoded = converted(px.len(), 2, |i, t| {
                t.copy_from_slice(&px[i].rotate_left(4).to_ne_bytes());
            })?;
            &decoded
        }
        (TextureData::Bgr565(px), _) => {
            decoded = converted(px.len(), 2, |i, t| t.copy_from_slice(&px[i].to_ne_bytes()))?;
            &decoded
        }
        (TextureData::RgbaHalf(px), _) => bytemuck::cast_slice(px),
    };
    // GL reads width * height texels from the pointer: never hand it fewer bytes (context3d
    // checked the sizes; this keeps the safe API sound if a caller did not).
    let needed = up.width as usize * up.height as usize * tex.storage.texel_bytes();
    if bytes.len() < needed {
        return Err(UploadError::Short {
            needed,
            got: bytes.len(),
        });
    }
    if (up.width, up.height) == tex.desc.level_size(up.level) {
        gl.tex_image_2d(target, level, internal, w, h, format, ty, Some(bytes));
    } else {
        // A BitmapData smaller than the level: its top-left corner only (every level was
        // allocated at creation or at the storage choice, so the level is at least w x h).
        let (lw, lh) = tex.desc.level_size(up.level);
        if up.width > lw || up.height > lh {
            return Err(UploadError::TooLarge);
        }
        gl.tex_sub_image_2d_corner(target, level, w, h, format, ty, bytes);
    }
    Ok(())
}
