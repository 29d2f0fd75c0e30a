//! Call traces (`molehill-trace 1`, see `docs/trace-format.md`): the typed model, the parser
//! ([`parse()`]) and the writer ([`write()`]).
//!
//! A [`Trace`] is what a trace file says, typed: every call with its AS3 arguments (optional
//! ones filled in with AS3's defaults), resources by name, data inline or as files beside the
//! trace (not read here: the crate `molehill-replay` reads them), and the expectations.
//! Parsing never panics: any malformed input is a [`ParseError`] with its line and column.
//! `parse(&write(&t)) == Ok(t)` for every trace `t` (positions are not part of equality).
//!
//! Who uses it: `molehill-player`'s recorder writes traces (behind its feature `record`, so an
//! embedder that does not record builds none of this crate), `molehill-replay` and the
//! `molehill` command replay them.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod calls;
mod error;
mod lex;
mod parse;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_stage3ds;
mod values;
mod write;

pub use calls::method_name;
pub use error::{ParseError, ParseErrorKind};
pub use parse::parse;
pub use values::hex_to_bytes;
pub use write::{write, write_call, write_call_on, write_statement};

use molehill_agal::flash::ErrorClass;
use molehill_agal::{ProgramKind, Version};

/// The format version this crate writes (and the only one it reads so far).
pub const FORMAT_VERSION: u32 = 1;

/// The first line of every trace.
pub const HEADER: &str = "molehill-trace 1";

/// The comment line that marks a trace reading the AGAL corpus (`shared/agal-corpus`, beside
/// the repository, not part of it): where the corpus is missing, a replay of such a trace is
/// skipped, not failed (`molehill_replay::TraceOutcome::skipped`).
pub const REQUIRES_CORPUS_MARKER: &str = "# requires_corpus";

/// Whether a trace's text has the [`REQUIRES_CORPUS_MARKER`] line (alone on its line, spaces
/// around it allowed).
pub fn requires_corpus(text: &str) -> bool {
    has_marker(text, REQUIRES_CORPUS_MARKER)
}

/// The comment line that marks a trace reading ATF files or pictures from `shared/atf` beside
/// the repository (files of other projects, which the repository does not hold: Adobe-made
/// ATF files, Flash Player's pictures of them): where a file it reads there is missing, the
/// folder or only that file, a replay of such a trace is skipped, not failed
/// (`molehill_replay::TraceOutcome::skipped`).
pub const REQUIRES_SHARED_ATF_MARKER: &str = "# requires_shared_atf";

/// Whether a trace's text has the [`REQUIRES_SHARED_ATF_MARKER`] line (alone on its line,
/// spaces around it allowed).
pub fn requires_shared_atf(text: &str) -> bool {
    has_marker(text, REQUIRES_SHARED_ATF_MARKER)
}

fn has_marker(text: &str, marker: &str) -> bool {
    text.lines().any(|line| line.trim() == marker)
}

/// The largest width or height of a `BitmapData` argument (AS3's limit, the largest back
/// buffer), the bound `parse` checks bitmap sizes against.
pub const MAX_BITMAP_SIDE: u32 = molehill_context3d::context::MAX_BACK_BUFFER_SIZE;

/// Default `config swfVersion`.
pub const DEFAULT_SWF_VERSION: u32 = 44;

/// A parsed trace.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Trace {
    /// The `config` lines.
    pub config: Config,
    /// Calls and expectations in file order.
    pub statements: Vec<Located<Statement>>,
}

/// `config NAME VALUE` settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Config {
    /// `swfVersion`: the SWF version of the content.
    pub swf_version: u32,
    /// `stage WIDTH HEIGHT 0xRRGGBB`: the stage size and colour (default 550x400, white).
    pub stage: molehill_context3d::stage::StageLayout,
}

impl Config {
    /// The defaults with `swfVersion` set to `swf_version`.
    pub fn with_swf_version(mut self, swf_version: u32) -> Config {
        self.swf_version = swf_version;
        self
    }

    /// The defaults with the stage set to `stage`.
    pub fn with_stage(mut self, stage: molehill_context3d::stage::StageLayout) -> Config {
        self.stage = stage;
        self
    }
}

impl Default for Config {
    fn default() -> Self {
        Config {
            swf_version: DEFAULT_SWF_VERSION,
            stage: molehill_context3d::stage::StageLayout::default(),
        }
    }
}

/// A line and column in a trace file (1-based; columns count characters).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Pos {
    /// Line, from 1.
    pub line: u32,
    /// Column, from 1.
    pub column: u32,
}

impl std::fmt::Display for Pos {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// A value with the place it came from. Equality ignores the place: it is where a statement
/// was written, not what it says (so a written-then-parsed trace equals the original).
#[derive(Debug, Clone)]
pub struct Located<T> {
    /// Where it starts (a default `Pos` for values built in code).
    pub pos: Pos,
    /// The value.
    pub value: T,
}

impl<T> Located<T> {
    /// `value` at `pos`.
    pub fn new(pos: Pos, value: T) -> Self {
        Located { pos, value }
    }

    /// `value` with no position (built in code, e.g. by the recorder).
    pub fn unplaced(value: T) -> Self {
        Located {
            pos: Pos::default(),
            value,
        }
    }
}

impl<T: PartialEq> PartialEq for Located<T> {
    fn eq(&self, other: &Self) -> bool {
        self.value == other.value
    }
}

/// One statement of a trace.
#[derive(Debug, Clone, PartialEq)]
pub enum Statement {
    /// A call or property assignment; `result` is the name a `create*` call binds.
    Call {
        /// `NAME = ...` for the calls that create a resource.
        result: Option<Name>,
        /// The call.
        call: Call,
        /// Which `Stage3D` (`stage.stage3Ds[N]`, 0..=3) receives it: `stage` and `context` are
        /// 0, `stage3Ds[N]` and `contextN` are N; a resource's calls go to the Stage3D whose
        /// context created it.
        stage3d: usize,
    },
    /// `expect error ID [CLASS] ["MESSAGE"]`: the previous call threw this error.
    ExpectError {
        /// Flash's error ID.
        id: u32,
        /// The AS3 class, when given.
        class: Option<ErrorClass>,
        /// The full `message` (`"Error #3670: Buffer too big."`), when given.
        message: Option<String>,
    },
    /// `expect pixel X Y ARGB [tolerance T]` on the last capture.
    ExpectPixel {
        /// Column from the left.
        x: u32,
        /// Row from the top.
        y: u32,
        /// Unpremultiplied `0xAARRGGBB`.
        argb: u32,
        /// Largest allowed difference per channel.
        tolerance: u8,
    },
    /// `expect image "FILE" [tolerance T] [max_outliers N]` on the last capture.
    ExpectImage {
        /// PNG path relative to the trace's folder.
        file: String,
        /// Largest channel difference that is not an outlier.
        tolerance: u8,
        /// Most outlier channels allowed.
        max_outliers: u64,
    },
    /// `expect screen "FILE" [tolerance T] [max_outliers N]`: what Flash Player shows, the
    /// stage colour and the visible Stage3D layers as their last `present()` left them
    /// (`molehill_context3d::stage::compose`).
    ExpectScreen {
        /// PNG path relative to the trace's folder.
        file: String,
        /// Largest channel difference that is not an outlier.
        tolerance: u8,
        /// Most outlier channels allowed.
        max_outliers: u64,
    },
}

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

/// One AS3 call (or property assignment), typed, with AS3's argument names. Enum arguments stay
/// the strings the content passed (so a wrong one reaches Context3D and gives Flash's #2008).
#[derive(Debug, Clone, PartialEq)]
#[allow(missing_docs)] // Field names are AS3's parameter names, documented in trace-format.md.
pub enum Call {
    // --- Stage3D -------------------------------------------------------------------------------
    /// `stage.requestContext3D(context3DRenderMode, profile)`.
    RequestContext3D {
        render_mode: String,
        profile: String,
    },
    /// `stage.requestContext3DMatchingProfiles(profiles)`.
    RequestContext3DMatchingProfiles { profiles: Vec<String> },
    /// `stage.x = N`.
    SetStageX(f64),
    /// `stage.y = N`.
    SetStageY(f64),
    /// `stage.visible = B`.
    SetStageVisible(bool),

    // --- Context3D -----------------------------------------------------------------------------
    /// `context.configureBackBuffer(...)`.
    ConfigureBackBuffer {
        width: i32,
        height: i32,
        anti_alias: i32,
        enable_depth_and_stencil: bool,
        wants_best_resolution: bool,
        wants_best_resolution_on_browser_zoom: bool,
    },
    /// `context.clear(...)`.
    Clear {
        red: f64,
        green: f64,
        blue: f64,
        alpha: f64,
        depth: f64,
        stencil: u32,
        mask: u32,
    },
    /// `NAME = context.createVertexBuffer(numVertices, data32PerVertex, bufferUsage)`.
    CreateVertexBuffer {
        num_vertices: i32,
        data32_per_vertex: i32,
        buffer_usage: String,
    },
    /// `NAME = context.createVertexBufferForInstances(numVertices, data32PerVertex,
    /// instancesPerElement, bufferUsage)`.
    CreateVertexBufferForInstances {
        num_vertices: i32,
        data32_per_vertex: i32,
        instances_per_element: i32,
        buffer_usage: String,
    },
    /// `NAME = context.createIndexBuffer(numIndices, bufferUsage)`.
    CreateIndexBuffer {
        num_indices: i32,
        buffer_usage: String,
    },
    /// `NAME = context.createProgram()`.
    CreateProgram,
    /// `NAME = context.createTexture(...)`.
    CreateTexture {
        width: i32,
        height: i32,
        format: String,
        optimize_for_render_to_texture: bool,
        streaming_levels: i32,
    },
    /// `NAME = context.createCubeTexture(...)`.
    CreateCubeTexture {
        size: i32,
        format: String,
        optimize_for_render_to_texture: bool,
        streaming_levels: i32,
    },
    /// `NAME = context.createRectangleTexture(...)`.
    CreateRectangleTexture {
        width: i32,
        height: i32,
        format: String,
        optimize_for_render_to_texture: bool,
    },
    /// `NAME = context.createVideoTexture()`.
    CreateVideoTexture,
    /// `context.setProgram(program)`.
    SetProgram { program: Option<Name> },
    /// `context.setVertexBufferAt(index, buffer, bufferOffset, format)`.
    SetVertexBufferAt {
        index: i32,
        buffer: Option<Name>,
        buffer_offset: i32,
        format: String,
    },
    /// `context.setProgramConstantsFromVector(programType, firstRegister, data, numRegisters)`.
    SetProgramConstantsFromVector {
        program_type: String,
        first_register: i32,
        data: Vec<f64>,
        num_registers: i32,
    },
    /// `context.setProgramConstantsFromMatrix(programType, firstRegister, matrix, transposedMatrix)`
    /// (the matrix as its `rawData`).
    SetProgramConstantsFromMatrix {
        program_type: String,
        first_register: i32,
        raw_data: [f64; 16],
        transposed_matrix: bool,
    },
    /// `context.setProgramConstantsFromByteArray(...)`.
    SetProgramConstantsFromByteArray {
        program_type: String,
        first_register: i32,
        num_registers: i32,
        data: ByteArrayArg,
        byte_array_offset: u32,
    },
    /// `context.setTextureAt(sampler, texture)`.
    SetTextureAt { sampler: i32, texture: Option<Name> },
    /// `context.setSamplerStateAt(sampler, wrap, filter, mipfilter)`.
    SetSamplerStateAt {
        sampler: i32,
        wrap: String,
        filter: String,
        mip_filter: String,
    },
    /// `context.setBlendFactors(sourceFactor, destinationFactor)`.
    SetBlendFactors {
        source_factor: String,
        destination_factor: String,
    },
    /// `context.setColorMask(red, green, blue, alpha)`.
    SetColorMask {
        red: bool,
        green: bool,
        blue: bool,
        alpha: bool,
    },
    /// `context.setCulling(triangleFaceToCull)`.
    SetCulling { triangle_face_to_cull: String },
    /// `context.setDepthTest(depthMask, passCompareMode)`.
    SetDepthTest {
        depth_mask: bool,
        pass_compare_mode: String,
    },
    /// `context.setStencilActions(...)`.
    SetStencilActions {
        triangle_face: String,
        compare_mode: String,
        action_on_both_pass: String,
        action_on_depth_fail: String,
        action_on_depth_pass_stencil_fail: String,
    },
    /// `context.setStencilReferenceValue(referenceValue, readMask, writeMask)`.
    SetStencilReferenceValue {
        reference_value: u32,
        read_mask: u32,
        write_mask: u32,
    },
    /// `context.setScissorRectangle(rectangle)`.
    SetScissorRectangle { rectangle: Option<Rect> },
    /// `context.setRenderToTexture(...)`.
    SetRenderToTexture {
        texture: Option<Name>,
        enable_depth_and_stencil: bool,
        anti_alias: i32,
        surface_selector: i32,
        color_output_index: i32,
    },
    /// `context.setRenderToBackBuffer()`.
    SetRenderToBackBuffer,
    /// `context.setFillMode(fillMode)`.
    SetFillMode { fill_mode: String },
    /// `context.drawTriangles(indexBuffer, firstIndex, numTriangles)`.
    DrawTriangles {
        index_buffer: Name,
        first_index: i32,
        num_triangles: i32,
    },
    /// `context.drawTrianglesInstanced(indexBuffer, numInstances, firstIndex, numTriangles)`.
    DrawTrianglesInstanced {
        index_buffer: Name,
        num_instances: i32,
        first_index: i32,
        num_triangles: i32,
    },
    /// `context.present()`.
    Present,
    /// `context.drawToBitmapData(destination, srcRect, destPoint)`.
    DrawToBitmapData {
        destination: BitmapArg,
        /// `srcRect` (`null`: the whole back buffer).
        src_rect: Option<Rect>,
        /// `destPoint` (`null`: (0, 0)).
        dest_point: Option<Point>,
    },
    /// `context.dispose(recreate)`.
    DisposeContext { recreate: bool },
    /// `context.enableErrorChecking = B`.
    SetEnableErrorChecking(bool),

    // --- Buffers and programs ------------------------------------------------------------------
    /// `vb.uploadFromVector(data, startVertex, numVertices)`.
    VertexBufferUploadFromVector {
        buffer: Name,
        data: Vec<f64>,
        start_vertex: i32,
        num_vertices: i32,
    },
    /// `vb.uploadFromByteArray(data, byteArrayOffset, startVertex, numVertices)`.
    VertexBufferUploadFromByteArray {
        buffer: Name,
        data: ByteArrayArg,
        byte_array_offset: i32,
        start_vertex: i32,
        num_vertices: i32,
    },
    /// `ib.uploadFromVector(data, startOffset, count)`.
    IndexBufferUploadFromVector {
        buffer: Name,
        data: Vec<u32>,
        start_offset: i32,
        count: i32,
    },
    /// `ib.uploadFromByteArray(data, byteArrayOffset, startOffset, count)`.
    IndexBufferUploadFromByteArray {
        buffer: Name,
        data: ByteArrayArg,
        byte_array_offset: i32,
        start_offset: i32,
        count: i32,
    },
    /// `p.upload(vertexProgram, fragmentProgram)`.
    ProgramUpload {
        program: Name,
        vertex_program: ByteArrayArg,
        fragment_program: ByteArrayArg,
    },

    // --- Textures ------------------------------------------------------------------------------
    /// `t.uploadFromBitmapData(source, miplevel)` (Texture).
    TextureUploadFromBitmapData {
        texture: Name,
        source: BitmapArg,
        miplevel: u32,
    },
    /// `t.uploadFromBitmapDataAsync(source, miplevel)` (Texture).
    TextureUploadFromBitmapDataAsync {
        texture: Name,
        source: BitmapArg,
        miplevel: u32,
    },
    /// `t.uploadFromByteArray(data, byteArrayOffset, miplevel)` (Texture).
    TextureUploadFromByteArray {
        texture: Name,
        data: ByteArrayArg,
        byte_array_offset: u32,
        miplevel: u32,
    },
    /// `t.uploadFromByteArrayAsync(data, byteArrayOffset, miplevel)` (Texture).
    TextureUploadFromByteArrayAsync {
        texture: Name,
        data: ByteArrayArg,
        byte_array_offset: u32,
        miplevel: u32,
    },
    /// `t.uploadCompressedTextureFromByteArray(data, byteArrayOffset, async)` (Texture,
    /// CubeTexture).
    UploadCompressedTextureFromByteArray {
        texture: Name,
        data: ByteArrayArg,
        byte_array_offset: u32,
        is_async: bool,
    },
    /// `c.uploadFromBitmapData(source, side, miplevel)` (CubeTexture).
    CubeTextureUploadFromBitmapData {
        texture: Name,
        source: BitmapArg,
        side: u32,
        miplevel: u32,
    },
    /// `c.uploadFromByteArray(data, byteArrayOffset, side, miplevel)` (CubeTexture).
    CubeTextureUploadFromByteArray {
        texture: Name,
        data: ByteArrayArg,
        byte_array_offset: u32,
        side: u32,
        miplevel: u32,
    },
    /// `r.uploadFromBitmapData(source)` (RectangleTexture).
    RectangleTextureUploadFromBitmapData { texture: Name, source: BitmapArg },
    /// `r.uploadFromByteArray(data, byteArrayOffset)` (RectangleTexture).
    RectangleTextureUploadFromByteArray {
        texture: Name,
        data: ByteArrayArg,
        byte_array_offset: u32,
    },
    /// `v.attachFrame(frame)` (VideoTexture): Molehill's stand-in for a frame that
    /// `attachNetStream` / `attachCamera` deliver.
    VideoTextureAttachFrame { texture: Name, frame: BitmapArg },
    /// `x.dispose()` on any resource.
    Dispose { resource: Name },
}

impl Call {
    /// The kind of resource this call creates, if it is a `create*` call.
    pub fn creates(&self) -> Option<ResourceKind> {
        match self {
            Call::CreateVertexBuffer { .. } | Call::CreateVertexBufferForInstances { .. } => {
                Some(ResourceKind::VertexBuffer)
            }
            Call::CreateIndexBuffer { .. } => Some(ResourceKind::IndexBuffer),
            Call::CreateProgram => Some(ResourceKind::Program),
            Call::CreateTexture { .. } => Some(ResourceKind::Texture),
            Call::CreateCubeTexture { .. } => Some(ResourceKind::CubeTexture),
            Call::CreateRectangleTexture { .. } => Some(ResourceKind::RectangleTexture),
            Call::CreateVideoTexture => Some(ResourceKind::VideoTexture),
            _ => None,
        }
    }
}

/// The README's examples, compiled as doctests so that they stay true.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
