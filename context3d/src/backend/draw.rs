//! What crosses the backend boundary for a draw: vertex streams, sampler states, the resolved
//! draw.

use molehill_agal::{Filter, MipFilter, ProgramKind, Wrap};

use super::ids::{IndexBufferId, ProgramId, TextureId, VertexBufferId};
use super::render::RenderChanges;

/// Most vertex attribute slots any profile has (`va0..va15`); [`ResolvedDraw::streams`] has
/// this many entries.
pub const MAX_STREAMS: usize = 16;
/// Most texture samplers any profile has (`fs0..fs15`); [`ResolvedDraw::samplers`] has this
/// many entries.
pub const MAX_SAMPLERS: usize = 16;

/// `Context3DVertexBufferFormat`: how one attribute reads its stream.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum VertexFormat {
    /// `"float1"`: one 32-bit float; the attribute reads `(x, 0, 0, 1)`.
    Float1,
    /// `"float2"`: `(x, y, 0, 1)`.
    Float2,
    /// `"float3"`: `(x, y, z, 1)`.
    Float3,
    /// `"float4"`: `(x, y, z, w)`.
    Float4,
    /// `"bytes4"`: four unsigned bytes normalised to 0..=1, in memory order: byte 0 is `x`,
    /// byte 1 `y`, byte 2 `z`, byte 3 `w` (GL's `UNSIGNED_BYTE` with `normalized`, no swizzle;
    /// D3D's `UBYTE4N`). Starling writes its colours as the bytes R, G, B, A (`switchEndian`
    /// into a little-endian `ByteArray`) and reads `va.xyzw` as RGBA.
    Bytes4,
}

impl VertexFormat {
    /// Number of 32-bit words the format reads.
    pub fn words(self) -> u32 {
        match self {
            VertexFormat::Float1 | VertexFormat::Bytes4 => 1,
            VertexFormat::Float2 => 2,
            VertexFormat::Float3 => 3,
            VertexFormat::Float4 => 4,
        }
    }
}

/// One vertex attribute of a draw (`setVertexBufferAt(index, buffer, bufferOffset, format)`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct VertexStream {
    /// The buffer.
    pub buffer: VertexBufferId,
    /// Byte offset of the attribute inside a vertex (`4 * bufferOffset`).
    pub byte_offset: u32,
    /// Bytes from one vertex to the next (`4 * data32PerVertex`).
    pub stride: u32,
    /// How to read it.
    pub format: VertexFormat,
    /// 0 for a per-vertex buffer; `instancesPerElement` for a buffer made with
    /// `createVertexBufferForInstances` (GL's attribute divisor).
    pub divisor: u32,
}

/// The sampler state a draw samples a texture with, after the precedence of
/// `semantics.md` (program sampler word, then `setSamplerStateAt`, `ignoresampler` keeping the
/// current state).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SamplerState {
    /// Coordinate wrapping (cube and rectangle textures are always [`Wrap::Clamp`]).
    pub wrap: Wrap,
    /// Magnification/minification filter, anisotropic levels included.
    pub filter: Filter,
    /// Mipmap filter ([`MipFilter::None`] for rectangle and video textures).
    pub mip: MipFilter,
    /// LOD bias in levels (the program's byte / 8; 0 for rectangle and video textures).
    pub lod_bias: f32,
}

impl Default for SamplerState {
    /// `clamp`, `nearest`, `mipnone`, no bias.
    fn default() -> Self {
        SamplerState {
            wrap: Wrap::Clamp,
            filter: Filter::Nearest,
            mip: MipFilter::None,
            lod_bias: 0.0,
        }
    }
}

/// A texture bound to a sampler the fragment program reads.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SamplerBinding {
    /// The texture (never one that is also the current render target).
    pub texture: TextureId,
    /// How to sample it.
    pub state: SamplerState,
}

/// `drawTriangles` / `drawTrianglesInstanced` after every draw-time check: what to draw and with
/// what. Render state is not here: it arrived earlier through the `set_*` calls.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ResolvedDraw {
    /// The program (both stages, linked).
    pub program: ProgramId,
    /// Attribute `va<i>` reads `streams[i]`; exactly the attributes the vertex program reads
    /// are `Some`.
    pub streams: [Option<VertexStream>; MAX_STREAMS],
    /// Sampler `fs<i>` samples `samplers[i]`; exactly the samplers the fragment program uses are
    /// `Some`.
    pub samplers: [Option<SamplerBinding>; MAX_SAMPLERS],
    /// The index buffer.
    pub index_buffer: IndexBufferId,
    /// First index read (`firstIndex`).
    pub first_index: u32,
    /// Number of indices read (`3 * numTriangles`), within the buffer.
    pub index_count: u32,
    /// `Some(n)` for `drawTrianglesInstanced(..., numInstances = n)`, `None` for
    /// `drawTriangles`.
    pub instances: Option<u32>,
}

/// What changed since the previous draw [`crate::Context3D`] sent, sent with the next one
/// ([`super::Backend::draw_with_changes`]): the render state set since then where it differs
/// from what the backend has, and per stage the constant registers written with new values
/// (the first register and the values from there; one range covers every change, so
/// registers between two changed ones go again with the values they had; a
/// `setProgramConstants*` call of more than 16 registers counts as new without comparing).
/// Registers never sent are `(0, 0, 0, 0)`.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct DrawChanges<'a> {
    /// The fixed-function render state.
    pub render: RenderChanges,
    /// `vc` registers from the first on.
    pub vertex_constants: Option<ConstantRange<'a>>,
    /// `fc` registers from the first on.
    pub fragment_constants: Option<ConstantRange<'a>>,
}

/// Constant registers of one stage: the first register and the values from there on.
pub type ConstantRange<'a> = (u16, &'a [[f32; 4]]);

impl<'a> DrawChanges<'a> {
    /// Both stages' constant changes, vertex first.
    pub fn constants(&self) -> [(ProgramKind, Option<ConstantRange<'a>>); 2] {
        [
            (ProgramKind::Vertex, self.vertex_constants),
            (ProgramKind::Fragment, self.fragment_constants),
        ]
    }
}
