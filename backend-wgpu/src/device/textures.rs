//! Textures: every `Context3DTextureFormat` as a wgpu format (converted or decoded on the CPU
//! where wgpu has no such format), every level (and face) allocated at creation, uploads, the
//! sampling view (a streaming texture samples its finest uploaded level), and the placeholders
//! bound where a texture has no storage. Samplers are `samplers.rs`.
//!
//! | Flash format | wgpu format |
//! |---|---|
//! | `bgra` | `Bgra8Unorm`, uploaded as given; `Rgba8Unorm` with the bytes swizzled on upload on wgpu's GL backend (see [`crate::gpu::Caps::bgra8`]) |
//! | `bgraPacked4444`, `bgrPacked565` | `Rgba8Unorm` (expanded on the CPU: wgpu has no packed 16-bit formats) |
//! | `rgbaHalfFloat` | `Rgba16Float` |
//! | `compressed` / `compressedAlpha` | `Bc1RgbaUnorm` / `Bc3RgbaUnorm` when the device has BC and the size is a multiple of 4; else decoded (DXT, ETC1, PVRTC) to `Rgba8Unorm`; ETC2-only images as `Etc2Rgb8Unorm` / `Etc2Rgba8Unorm` where the device has ETC2 |
//!
//! Rows go to wgpu in upload order: the first uploaded row is texel row 0, `v = 0`, as in
//! Flash (wgpu's texture origin is the top-left, so no flip anywhere).

use std::borrow::Cow;

use molehill_context3d::decode::{self, packed, UploadError};

use molehill_context3d::{
    CompressedImage, TextureData, TextureDesc, TextureFormat, TextureKind, TextureUpload,
};

/// How a texture is stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Storage {
    /// `Rgba8Unorm`.
    Rgba8,
    /// `Bgra8Unorm` (`bgra` textures where the device stores them as they are uploaded).
    Bgra8,
    /// `Rgba16Float`.
    RgbaHalf,
    /// `Bc1RgbaUnorm` (DXT1 as uploaded).
    Bc1,
    /// `Bc3RgbaUnorm` (DXT5 as uploaded).
    Bc3,
    /// `Etc2Rgb8Unorm` (an ATF image that carries only ETC2, RGB).
    Etc2Rgb,
    /// `Etc2Rgba8Unorm` (ETC2 with EAC alpha).
    Etc2Rgba,
}

impl Storage {
    /// The wgpu format.
    pub fn format(self) -> wgpu::TextureFormat {
        match self {
            Storage::Rgba8 => wgpu::TextureFormat::Rgba8Unorm,
            Storage::Bgra8 => wgpu::TextureFormat::Bgra8Unorm,
            Storage::RgbaHalf => wgpu::TextureFormat::Rgba16Float,
            Storage::Bc1 => wgpu::TextureFormat::Bc1RgbaUnorm,
            Storage::Bc3 => wgpu::TextureFormat::Bc3RgbaUnorm,
            Storage::Etc2Rgb => wgpu::TextureFormat::Etc2Rgb8Unorm,
            Storage::Etc2Rgba => wgpu::TextureFormat::Etc2Rgba8Unorm,
        }
    }

    fn compressed(self) -> bool {
        !matches!(self, Storage::Rgba8 | Storage::Bgra8 | Storage::RgbaHalf)
    }

    /// Bytes per 4x4 block of a compressed storage.
    fn block_bytes(self) -> u32 {
        match self {
            Storage::Bc1 | Storage::Etc2Rgb => 8,
            _ => 16,
        }
    }

    fn texel_bytes(self) -> u32 {
        match self {
            Storage::RgbaHalf => 8,
            _ => 4,
        }
    }
}

/// A texture.
#[derive(Debug)]
pub struct Texture {
    /// The wgpu texture (`None`: a video texture before its first frame).
    pub texture: Option<wgpu::Texture>,
    /// The view shaders sample (`None` with no texture).
    pub view: Option<wgpu::TextureView>,
    /// A view of the sampled base level alone, for `mipnone` samplers, when `view` has more
    /// levels (`None` otherwise: `view` is one level already). So `mipnone` needs no
    /// `lod_max_clamp = 0` on the sampler, which costs lavapipe a level selection per sample
    /// (measured in docs/wgpu.md).
    pub base_view: Option<wgpu::TextureView>,
    /// The description (video: the current frame size).
    pub desc: TextureDesc,
    /// How it is stored.
    pub storage: Storage,
    /// Whether the storage is still open: a compressed texture before its first upload
    /// (the first ATF image decides between BC and decoded RGBA8).
    undecided: bool,
    /// The finest level sampled (streaming textures: the finest uploaded so far).
    base_level: u8,
    /// Changes whenever `texture` or `view` is replaced (bind groups made with the old ones
    /// are stale).
    pub generation: u64,
    /// The frame whose commands last read or wrote it.
    pub used_in: u64,
}

impl Texture {
    /// Levels the texture holds.
    pub fn levels(&self) -> u8 {
        if matches!(self.desc.kind, TextureKind::Rectangle | TextureKind::Video) {
            1
        } else {
            self.desc.levels.max(1)
        }
    }

    /// Whether it is a cube texture.
    pub fn is_cube(&self) -> bool {
        self.desc.kind == TextureKind::Cube
    }
}

/// Creates the wgpu texture and view of `tex` for its current description and storage.
fn allocate(device: &wgpu::Device, tex: &mut Texture) {
    tex.generation += 1;
    if tex.desc.width == 0 || tex.desc.height == 0 {
        tex.texture = None;
        tex.view = None;
        tex.base_view = None;
        return;
    }
    let mut usage = wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::COPY_DST;
    if !tex.storage.compressed() {
        usage |= wgpu::TextureUsages::RENDER_ATTACHMENT | wgpu::TextureUsages::COPY_SRC;
    }
    let texture = device.create_texture(&wgpu::TextureDescriptor {
        label: Some("texture"),
        size: wgpu::Extent3d {
            width: tex.desc.width,
            height: tex.desc.height,
            depth_or_array_layers: if tex.is_cube() { 6 } else { 1 },
        },
        mip_level_count: u32::from(tex.levels()),
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format: tex.storage.format(),
        usage,
        view_formats: &[],
    });
    tex.texture = Some(texture);
    make_view(tex);
}

fn make_view(tex: &mut Texture) {
    let Some(texture) = &tex.texture else { return };
    tex.generation += 1;
    tex.view = Some(texture.create_view(&wgpu::TextureViewDescriptor {
        label: Some("sampled view"),
        dimension: Some(if tex.is_cube() {
            wgpu::TextureViewDimension::Cube
        } else {
            wgpu::TextureViewDimension::D2
        }),
        base_mip_level: u32::from(tex.base_level),
        mip_level_count: Some(u32::from(tex.levels() - tex.base_level)),
        ..Default::default()
    }));
    tex.base_view = (tex.levels() - tex.base_level > 1).then(|| {
        texture.create_view(&wgpu::TextureViewDescriptor {
            label: Some("sampled base level"),
            dimension: Some(if tex.is_cube() {
                wgpu::TextureViewDimension::Cube
            } else {
                wgpu::TextureViewDimension::D2
            }),
            base_mip_level: u32::from(tex.base_level),
            mip_level_count: Some(1),
            ..Default::default()
        })
    });
}

/// Creates a texture with every level (and face) allocated (zeroed); `bgra` textures as
/// `Bgra8Unorm` when `caps.bgra8`.
pub fn create(device: &wgpu::Device, desc: &TextureDesc, caps: &crate::gpu::Caps) -> Texture {
    let (storage, undecided) = match desc.format {
        TextureFormat::RgbaHalfFloat => (Storage::RgbaHalf, false),
        TextureFormat::Bgra if caps.bgra8 => (Storage::Bgra8, false),
        TextureFormat::Compressed | TextureFormat::CompressedAlpha => (Storage::Rgba8, true),
        _ => (Storage::Rgba8, false),
    };
    let mut tex = Texture {
        texture: None,
        view: None,
        base_view: None,
        desc: *desc,
        storage,
        undecided,
        base_level: 0,
        generation: 0,
        used_in: 0,
    };
    // A streaming texture samples its coarsest level until finer ones arrive.
    if desc.streaming_levels > 0 {
        tex.base_level = tex.levels() - 1;
    }
    allocate(device, &mut tex);
    tex
}

fn u32s_to_bytes(px: &[u32]) -> Vec<u8> {
    px.iter().flat_map(|p| p.to_le_bytes()).collect()
}

/// ARGB words as B, G, R, A bytes (their little-endian layout): borrowed where the machine is
/// little-endian.
fn argb_as_bgra(px: &[u32]) -> Cow<'_, [u8]> {
    if cfg!(target_endian = "little") {
        Cow::Borrowed(bytemuck::cast_slice(px))
    } else {
        Cow::Owned(u32s_to_bytes(px))
    }
}

fn u16s_to_bytes(px: &[u16]) -> Vec<u8> {
    px.iter().flat_map(|p| p.to_le_bytes()).collect()
}

/// Replaces one face/level (a video texture is reallocated when the frame size changes).
pub fn upload(
    device: &wgpu::Device,
    queue: &wgpu::Queue,
    tex: &mut Texture,
    up: &TextureUpload<'_>,
    caps: &crate::gpu::Caps,
) -> Result<(), UploadError> {
    if tex.desc.kind == TextureKind::Video
        && (tex.desc.width, tex.desc.height) != (up.width, up.height)
    {
        tex.desc.width = up.width;
        tex.desc.height = up.height;
        allocate(device, tex);
    }
    if tex.undecided {
        tex.undecided = false;
        let alpha = tex.desc.format == TextureFormat::CompressedAlpha;
        let img = match up.data {
            TextureData::Compressed(img) => img,
            _ => CompressedImage::default(),
        };
        // wgpu takes block-compressed textures whose size is a multiple of the block.
        let aligned = tex.desc.width.is_multiple_of(4) && tex.desc.height.is_multiple_of(4);
        // DXT through BC first; then anything the CPU decodes; ETC2 natively when it is
        // all there is (as molehill-gl).
        let decodable = img.dxt.is_some() || img.etc1.is_some() || img.pvrtc.is_some();
        let native = match (
            alpha,
            caps.bc && img.dxt.is_some(),
            !decodable && caps.etc2 && img.etc2.is_some(),
        ) {
            (false, true, _) => Some(Storage::Bc1),
            (true, true, _) => Some(Storage::Bc3),
            (false, false, true) => Some(Storage::Etc2Rgb),
            (true, false, true) => Some(Storage::Etc2Rgba),
            _ => None,
        };
        if let (Some(storage), true) = (native, aligned) {
            tex.storage = storage;
            allocate(device, tex);
        }
    }
    if up.level < tex.base_level {
        tex.base_level = up.level;
        make_view(tex);
    }
    let Some(texture) = &tex.texture else {
        return Err(UploadError::NoStorage);
    };
    let (lw, lh) = tex.desc.level_size(up.level);
    if up.width > lw || up.height > lh {
        return Err(UploadError::TooLarge);
    }
    let target = wgpu::TexelCopyTextureInfo {
        texture,
        mip_level: u32::from(up.level),
        origin: wgpu::Origin3d {
            x: 0,
            y: 0,
            z: if tex.is_cube() {
                u32::from(up.face.min(5))
            } else {
                0
            },
        },
        aspect: wgpu::TextureAspect::All,
    };
    if tex.storage.compressed() {
        let TextureData::Compressed(img) = up.data else {
            return Err(UploadError::NotCompressed);
        };
        let blocks = match tex.storage {
            Storage::Etc2Rgb | Storage::Etc2Rgba => img.etc2,
            _ => img.dxt,
        };
        let Some(blocks) = blocks else {
            return Err(UploadError::NoEncoding);
        };
        // A compressed level is copied whole: its physical size is rounded up to 4x4 blocks.
        let (bw, bh) = (lw.div_ceil(4), lh.div_ceil(4));
        let block_bytes = tex.storage.block_bytes();
        let needed = (bw * bh * block_bytes) as usize;
        if blocks.len() < needed {
            return Err(UploadError::Short {
                needed,
                got: blocks.len(),
            });
        }
        queue.write_texture(
            target,
            &blocks[..needed],
            wgpu::TexelCopyBufferLayout {
                offset: 0,
                bytes_per_row: Some(bw * block_bytes),
                rows_per_image: Some(bh),
            },
            wgpu::Extent3d {
                width: bw * 4,
                height: bh * 4,
                depth_or_array_layers: 1,
            },
        );
        return Ok(());
    }
    let bgra = tex.storage == Storage::Bgra8;
    let bytes: Cow<'_, [u8]> = match up.data {
        TextureData::Compressed(img) => {
            let alpha = tex.desc.format == TextureFormat::CompressedAlpha;
            decode::compressed_to_rgba8(&img, alpha, up.width, up.height)?.into()
        }
        // A `Bgra8Unorm` texture takes Flash's B, G, R, A bytes as they are: no copy.
        TextureData::Argb32(px) if bgra => argb_as_bgra(px),
        TextureData::Bgra8(px) if bgra => Cow::Borrowed(px),
        TextureData::Argb32(px) => packed::bgra_to_rgba(&argb_as_bgra(px)).into(),
        TextureData::Bgra8(px) => packed::bgra_to_rgba(px).into(),
        TextureData::Bgra4444(px) => packed::argb4444_to_rgba8(&u16s_to_bytes(px)).into(),
        TextureData::Bgr565(px) => packed::rgb565_to_rgba8(&u16s_to_bytes(px)).into(),
        TextureData::RgbaHalf(px) => u16s_to_bytes(px).into(),
    };
    let texel = tex.storage.texel_bytes();
    // A half-float texture given 8-bit data, or the reverse, cannot happen (context3d checks
    // the format); the size check keeps the copy in bounds regardless.
    let needed = (up.width * up.height * texel) as usize;
    if bytes.len() < needed || up.width == 0 || up.height == 0 {
        return Err(UploadError::Short {
            needed,
            got: bytes.len(),
        });
    }
    queue.write_texture(
        target,
        &bytes[..needed],
        wgpu::TexelCopyBufferLayout {
            offset: 0,
            bytes_per_row: Some(up.width * texel),
            rows_per_image: Some(up.height),
        },
        wgpu::Extent3d {
            width: up.width,
            height: up.height,
            depth_or_array_layers: 1,
        },
    );
    Ok(())
}

/// 1x1 opaque black textures (2D and cube) bound where a texture has no storage yet (GL
/// samples an incomplete texture as `(0, 0, 0, 1)`).
#[derive(Debug)]
pub struct Placeholders {
    /// The 2D view.
    pub d2: wgpu::TextureView,
    /// The cube view.
    pub cube: wgpu::TextureView,
}

impl Placeholders {
    /// Makes both.
    pub fn new(device: &wgpu::Device, queue: &wgpu::Queue) -> Placeholders {
        let make = |layers: u32, dim: wgpu::TextureViewDimension| {
            let t = device.create_texture(&wgpu::TextureDescriptor {
                label: Some("placeholder"),
                size: wgpu::Extent3d {
                    width: 1,
                    height: 1,
                    depth_or_array_layers: layers,
                },
                mip_level_count: 1,
                sample_count: 1,
                dimension: wgpu::TextureDimension::D2,
                format: wgpu::TextureFormat::Rgba8Unorm,
                usage: wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::COPY_DST,
                view_formats: &[],
            });
            let texels: Vec<u8> = [0u8, 0, 0, 255].repeat(layers as usize);
            queue.write_texture(
                t.as_image_copy(),
                &texels,
                wgpu::TexelCopyBufferLayout {
                    offset: 0,
                    bytes_per_row: Some(4),
                    rows_per_image: Some(1),
                },
                wgpu::Extent3d {
                    width: 1,
                    height: 1,
                    depth_or_array_layers: layers,
                },
            );
            t.create_view(&wgpu::TextureViewDescriptor {
                dimension: Some(dim),
                ..Default::default()
            })
        };
        Placeholders {
            d2: make(1, wgpu::TextureViewDimension::D2),
            cube: make(6, wgpu::TextureViewDimension::Cube),
        }
    }
}
