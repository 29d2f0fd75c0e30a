//! What crosses the backend boundary about buffers and textures: their descriptions and data.

/// `Context3DBufferUsage`: a hint, the backend may map it to `GL_STATIC_DRAW`/`GL_DYNAMIC_DRAW`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum BufferUsage {
    /// `"staticDraw"` (the default).
    #[default]
    StaticDraw,
    /// `"dynamicDraw"`.
    DynamicDraw,
}

/// What `createVertexBuffer` / `createVertexBufferForInstances` asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct VertexBufferDesc {
    /// Number of vertices (or instance elements).
    pub num_vertices: u32,
    /// 32-bit words per vertex, 1..=64. The stride in bytes is `4 * data32_per_vertex`.
    pub data32_per_vertex: u8,
    /// Usage hint.
    pub usage: BufferUsage,
    /// `Some(n)` for `createVertexBufferForInstances`: each element serves `n` instances (the
    /// attribute divisor); `None` for a per-vertex buffer.
    pub instances_per_element: Option<u32>,
}

impl VertexBufferDesc {
    /// Size of the buffer in bytes (`num_vertices * data32_per_vertex * 4`).
    pub fn byte_len(&self) -> u64 {
        u64::from(self.num_vertices) * u64::from(self.data32_per_vertex) * 4
    }

    /// Bytes from one vertex to the next.
    pub fn stride(&self) -> u32 {
        u32::from(self.data32_per_vertex) * 4
    }
}

/// What `createIndexBuffer` asked for. Indices are always unsigned 16-bit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct IndexBufferDesc {
    /// Number of indices.
    pub num_indices: u32,
    /// Usage hint.
    pub usage: BufferUsage,
}

// ---------------------------------------------------------------------------------------------
// Textures
// ---------------------------------------------------------------------------------------------

/// The four texture classes of Stage3D.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TextureKind {
    /// `Texture`: power-of-two 2D, mipmapped (`levels` = full chain).
    TwoD,
    /// `CubeTexture`: six square power-of-two faces, mipmapped.
    Cube,
    /// `RectangleTexture`: any size, one level, sampled with clamp and no mipmaps.
    Rectangle,
    /// `VideoTexture`: one level of BGRA pixels whose size follows the video frames.
    Video,
}

/// `Context3DTextureFormat` (the storage format of a texture).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum TextureFormat {
    /// `"bgra"`: 8 bits per channel (the default).
    #[default]
    Bgra,
    /// `"bgraPacked4444"`: 4 bits per channel, see [`TextureData::Bgra4444`].
    BgraPacked4444,
    /// `"bgrPacked565"`: 5-6-5 bits, no alpha, see [`TextureData::Bgr565`].
    BgrPacked565,
    /// `"compressed"`: block-compressed without alpha (DXT1 / ETC1 / PVRTC / ETC2 from ATF).
    Compressed,
    /// `"compressedAlpha"`: block-compressed with alpha (DXT5 / ETC1+alpha / PVRTC / ETC2).
    CompressedAlpha,
    /// `"rgbaHalfFloat"`: four 16-bit floats (standard profiles).
    RgbaHalfFloat,
}

/// What `createTexture`, `createCubeTexture`, `createRectangleTexture` or `createVideoTexture`
/// asked for, after every check.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TextureDesc {
    /// Which texture class.
    pub kind: TextureKind,
    /// Width of level 0 in pixels (cube: edge length). 0 for a video texture before its first
    /// frame (the backend allocates on the first upload).
    pub width: u32,
    /// Height of level 0 in pixels (cube: edge length).
    pub height: u32,
    /// Storage format.
    pub format: TextureFormat,
    /// Number of mip levels the texture can hold: `log2(max(width, height)) + 1` for 2D and
    /// cube textures (Flash lets a program upload any of them), 1 for rectangle and video.
    pub levels: u8,
    /// `optimizeForRenderToTexture`: a hint that the texture will be a render target.
    pub optimize_for_render_to_texture: bool,
    /// `streamingLevels` of `createTexture` (0 = not streaming): levels below it may be missing
    /// and sampling falls back to the lowest uploaded level.
    pub streaming_levels: u8,
}

impl TextureDesc {
    /// Width and height of mip level `level` (each halved per level, at least 1).
    pub fn level_size(&self, level: u8) -> (u32, u32) {
        let shift = u32::from(level).min(31);
        ((self.width >> shift).max(1), (self.height >> shift).max(1))
    }
}

/// One compressed image from an ATF container, in every encoding the container carries. A
/// backend uploads the first encoding it supports; Molehill guarantees at least one is present.
///
/// All blocks are 4x4 pixels; for images smaller than 4 pixels a block still covers 4x4.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CompressedImage<'a> {
    /// S3TC blocks: DXT1 (8 bytes per block) for [`TextureFormat::Compressed`], DXT5 (16 bytes
    /// per block) for [`TextureFormat::CompressedAlpha`].
    pub dxt: Option<&'a [u8]>,
    /// ETC1 RGB blocks (8 bytes per block). For alpha textures ATF stores the alpha channel as a
    /// second ETC1 image of the same size in [`CompressedImage::etc1_alpha`] (alpha = its red).
    pub etc1: Option<&'a [u8]>,
    /// ETC1 blocks carrying the alpha channel of a [`TextureFormat::CompressedAlpha`] image.
    pub etc1_alpha: Option<&'a [u8]>,
    /// PVRTC 4 bits per pixel blocks (8 bytes per 4x4 block), RGB or RGBA after the format.
    pub pvrtc: Option<&'a [u8]>,
    /// ETC2 blocks: RGB8 (8 bytes per block) or RGBA8 EAC (16 bytes per block) after the format.
    pub etc2: Option<&'a [u8]>,
}

/// Pixel data of one texture surface, already in a typed form; its length matches the
/// surface's `width * height` (or block count).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TextureData<'a> {
    /// `BitmapData` pixels: one `u32` per pixel, `0xAARRGGBB`, as `BitmapData` holds them
    /// (premultiplied by alpha, as Flash uploads them). On a little-endian machine the bytes in
    /// memory are B, G, R, A, the same layout as [`TextureData::Bgra8`].
    Argb32(&'a [u32]),
    /// `ByteArray` pixels of a [`TextureFormat::Bgra`] texture: 4 bytes per pixel in the order
    /// B, G, R, A.
    Bgra8(&'a [u8]),
    /// [`TextureFormat::BgraPacked4444`]: one `u16` per pixel (read little-endian from the
    /// `ByteArray`), A in bits 15-12, R in 11-8, G in 7-4, B in 3-0 (D3D's A4R4G4B4).
    Bgra4444(&'a [u16]),
    /// [`TextureFormat::BgrPacked565`]: one `u16` per pixel (little-endian in the `ByteArray`),
    /// R in bits 15-11, G in 10-5, B in 4-0 (GL's `UNSIGNED_SHORT_5_6_5` with `GL_RGB`).
    Bgr565(&'a [u16]),
    /// [`TextureFormat::RgbaHalfFloat`]: four IEEE 754 binary16 values per pixel (as bits), in
    /// the order R, G, B, A.
    RgbaHalf(&'a [u16]),
    /// A compressed image from an ATF container.
    Compressed(CompressedImage<'a>),
}

/// Where an upload lands and how big it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TextureUpload<'a> {
    /// Cube face 0..=5 (+X, -X, +Y, -Y, +Z, -Z); 0 for every other kind.
    pub face: u8,
    /// Mip level; 0 for rectangle and video textures.
    pub level: u8,
    /// Width of the data in pixels: the level's width (`max(1, width >> level)`; a video
    /// frame's width), or less for a `BitmapData` smaller than the level, whose pixels go to
    /// the level's top-left corner (the rest of the level keeps its texels). Only
    /// uncompressed data is ever smaller than its level.
    pub width: u32,
    /// Height of the data in pixels (the level's height, or less as for `width`).
    pub height: u32,
    /// The pixels.
    pub data: TextureData<'a>,
}
