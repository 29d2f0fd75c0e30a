//! The types of calls' arguments: resource names and kinds, `ByteArray`s, AGAL sources,
//! `BitmapData`s, rectangles and points.

use molehill_agal::{ProgramKind, Version};

/// A resource name bound in a trace (`vb` in `vb = context.createVertexBuffer(4, 6)`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Name(pub String);

impl std::fmt::Display for Name {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// The AS3 class of a resource; it decides which methods a name has.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ResourceKind {
    /// `VertexBuffer3D`.
    VertexBuffer,
    /// `IndexBuffer3D`.
    IndexBuffer,
    /// `Program3D`.
    Program,
    /// `Texture`.
    Texture,
    /// `CubeTexture`.
    CubeTexture,
    /// `RectangleTexture`.
    RectangleTexture,
    /// `VideoTexture`.
    VideoTexture,
}

impl ResourceKind {
    /// The AS3 class name.
    pub fn as3_name(self) -> &'static str {
        match self {
            ResourceKind::VertexBuffer => "VertexBuffer3D",
            ResourceKind::IndexBuffer => "IndexBuffer3D",
            ResourceKind::Program => "Program3D",
            ResourceKind::Texture => "Texture",
            ResourceKind::CubeTexture => "CubeTexture",
            ResourceKind::RectangleTexture => "RectangleTexture",
            ResourceKind::VideoTexture => "VideoTexture",
        }
    }

    /// Whether it is one of the four texture classes.
    pub fn is_texture(self) -> bool {
        matches!(
            self,
            ResourceKind::Texture
                | ResourceKind::CubeTexture
                | ResourceKind::RectangleTexture
                | ResourceKind::VideoTexture
        )
    }
}

/// `ByteArray.endian`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Endian {
    /// `"littleEndian"` (the default in traces, as Stage3D content sets it).
    #[default]
    Little,
    /// `"bigEndian"` (AS3's default for a new ByteArray).
    Big,
}

impl Endian {
    /// The AS3 string.
    pub fn as3_name(self) -> &'static str {
        match self {
            Endian::Little => "littleEndian",
            Endian::Big => "bigEndian",
        }
    }

    /// The endian of an AS3 string.
    pub fn from_as3_name(s: &str) -> Option<Endian> {
        match s {
            "littleEndian" => Some(Endian::Little),
            "bigEndian" => Some(Endian::Big),
            _ => None,
        }
    }
}

/// A `ByteArray` argument.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ByteArrayArg {
    /// Where the bytes come from.
    pub source: ByteSource,
    /// `endian`.
    pub endian: Endian,
    /// `position`.
    pub position: u32,
}

/// The contents of a `ByteArray` argument.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ByteSource {
    /// `bytes("a0 01 ...")`.
    Inline(Vec<u8>),
    /// `bytesFile("x.bin")`: raw bytes of a file beside the trace.
    File(String),
    /// `hexFile("x.hex")`: hex text in a file beside the trace.
    HexFile(String),
    /// `agal(TYPE, SOURCE, VERSION)` / `agalFile(TYPE, FILE, VERSION)`: assembled at replay.
    Agal {
        /// `"vertex"` or `"fragment"`.
        kind: ProgramKind,
        /// The AGAL version of the program.
        version: Version,
        /// The assembly.
        source: AgalSource,
    },
}

/// Where the assembly of an `agal(...)` value is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AgalSource {
    /// Inline, instructions separated by `;` or newlines.
    Inline(String),
    /// A file beside the trace.
    File(String),
}

impl AgalSource {
    /// Inline text as assembler input: `;` separators become newlines.
    pub fn inline_to_lines(text: &str) -> String {
        text.split(';')
            .map(str::trim)
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// A `BitmapData` argument (pixels unpremultiplied `0xAARRGGBB`, as `getPixel32` reads them).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BitmapArg {
    /// `bitmap(W, H, FILL[, TRANSPARENT])`.
    Fill {
        /// Width in pixels.
        width: u32,
        /// Height in pixels.
        height: u32,
        /// ARGB fill colour.
        fill: u32,
        /// `transparent`.
        transparent: bool,
    },
    /// `bitmap(W, H, [ARGB, ...][, TRANSPARENT])`.
    Pixels {
        /// Width in pixels.
        width: u32,
        /// Height in pixels.
        height: u32,
        /// `width * height` pixels, rows from the top.
        pixels: Vec<u32>,
        /// `transparent`.
        transparent: bool,
    },
    /// `bitmapFile("x.png"[, TRANSPARENT])`.
    File {
        /// PNG path relative to the trace's folder.
        path: String,
        /// `transparent`.
        transparent: bool,
    },
}

/// A `flash.geom.Rectangle`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rect {
    /// `x`.
    pub x: f64,
    /// `y`.
    pub y: f64,
    /// `width`.
    pub width: f64,
    /// `height`.
    pub height: f64,
}

/// A `flash.geom.Point`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Point {
    /// `x`.
    pub x: f64,
    /// `y`.
    pub y: f64,
}
