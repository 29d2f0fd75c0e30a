//! The typed meaning of each call's arguments: AS3's parameter lists with their types and
//! defaults (the table of `docs/trace-format.md`, section 4).

use super::error::{ParseError, ParseErrorKind as K};
use super::model::{BitmapArg, ByteArrayArg, Call, Located, Name, Pos, ResourceKind as R};
use super::syntax::{Arg, Args, Names, Value};
use super::values::{
    expected, to_bitmap, to_bool, to_bytes, to_i32, to_number, to_numbers, to_point_or_null,
    to_rect_or_null, to_string, to_strings, to_u32, to_uints,
};

/// What a call is made on.
#[derive(Debug, Clone)]
pub(crate) enum Receiver {
    /// `stage` (0) or `stage3Ds[N]`.
    Stage(usize),
    /// `context` (0) or `contextN`.
    Context(usize),
    Resource(R, Name),
}

impl Receiver {
    fn class_name(&self) -> String {
        match self {
            Receiver::Stage(_) => "Stage3D".into(),
            Receiver::Context(_) => "Context3D".into(),
            Receiver::Resource(kind, name) => format!("`{name}` ({})", kind.as3_name()),
        }
    }
}

const ANY_TEXTURE: &[R] = &[
    R::Texture,
    R::CubeTexture,
    R::RectangleTexture,
    R::VideoTexture,
];

fn to_resource(
    arg: &Arg,
    names: &Names,
    kinds: &[R],
    what: &'static str,
) -> Result<Name, ParseError> {
    match &arg.value {
        Value::Name(n) => match names.get(n) {
            Some(kind) if kinds.contains(kind) => Ok(Name(n.clone())),
            Some(&kind) => Err(ParseError::new(
                arg.pos,
                K::WrongKind {
                    name: n.clone(),
                    kind,
                    expected: what,
                },
            )),
            None => Err(ParseError::new(arg.pos, K::UnknownName(n.clone()))),
        },
        _ => Err(expected(arg, what)),
    }
}

fn to_opt_resource(
    arg: &Arg,
    names: &Names,
    kinds: &[R],
    what: &'static str,
) -> Result<Option<Name>, ParseError> {
    match arg.value {
        Value::Null => Ok(None),
        _ => to_resource(arg, names, kinds, what).map(Some),
    }
}

// Shorthands for the table below.
fn int(v: &Arg, _: &Names) -> Result<i32, ParseError> {
    to_i32(v)
}
fn uint(v: &Arg, _: &Names) -> Result<u32, ParseError> {
    to_u32(v, "uint")
}
fn num(v: &Arg, _: &Names) -> Result<f64, ParseError> {
    to_number(v)
}
fn boolean(v: &Arg, _: &Names) -> Result<bool, ParseError> {
    to_bool(v)
}
fn string(v: &Arg, _: &Names) -> Result<String, ParseError> {
    to_string(v)
}
fn bytes(v: &Arg, _: &Names) -> Result<ByteArrayArg, ParseError> {
    to_bytes(v)
}
fn bitmap(v: &Arg, _: &Names) -> Result<BitmapArg, ParseError> {
    to_bitmap(v)
}
fn numbers(v: &Arg, _: &Names) -> Result<Vec<f64>, ParseError> {
    to_numbers(v)
}
fn matrix(v: &Arg, _: &Names) -> Result<[f64; 16], ParseError> {
    let numbers = to_numbers(v)?;
    <[f64; 16]>::try_from(numbers.as_slice())
        .map_err(|_| ParseError::new(v.pos, K::MatrixLength(numbers.len())))
}
fn s(text: &str) -> String {
    text.to_string()
}

// ---------------------------------------------------------------------------------------------
// The table
// ---------------------------------------------------------------------------------------------

/// `receiver.member(args)` to a typed call.
pub(crate) fn build(
    receiver: &Receiver,
    member: &Located<String>,
    items: Vec<Arg>,
    close: Pos,
    names: &Names,
) -> Result<Call, ParseError> {
    let unknown = || {
        ParseError::new(
            member.pos,
            K::UnknownMethod {
                receiver: receiver.class_name(),
                method: member.value.clone(),
            },
        )
    };
    let method = member.value.as_str();
    let mut a = Args::new(method, items, close, names);
    let call = match receiver {
        Receiver::Stage(_) => match method {
            "requestContext3D" => Call::RequestContext3D {
                render_mode: a.opt(s("auto"), string)?,
                profile: a.opt(s("baseline"), string)?,
            },
            "requestContext3DMatchingProfiles" => Call::RequestContext3DMatchingProfiles {
                profiles: a.req("profiles", |v, _| to_strings(v))?,
            },
            "forceContextLoss" => Call::ForceContextLoss,
            "recoverLostContext" => Call::RecoverLostContext,
            _ => return Err(unknown()),
        },
        Receiver::Context(_) => context_call(method, &mut a).ok_or_else(unknown)??,
        Receiver::Resource(kind, name) => {
            resource_call(*kind, name, method, &mut a).ok_or_else(unknown)??
        }
    };
    a.finish()?;
    Ok(call)
}

fn context_call(method: &str, a: &mut Args<'_>) -> Option<Result<Call, ParseError>> {
    let program_or_null =
        |v: &Arg, n: &Names| to_opt_resource(v, n, &[R::Program], "a Program3D or null");
    let vb_or_null =
        |v: &Arg, n: &Names| to_opt_resource(v, n, &[R::VertexBuffer], "a VertexBuffer3D or null");
    let texture_or_null =
        |v: &Arg, n: &Names| to_opt_resource(v, n, ANY_TEXTURE, "a texture or null");
    let index_buffer =
        |v: &Arg, n: &Names| to_resource(v, n, &[R::IndexBuffer], "an IndexBuffer3D");
    let result = (|| -> Result<Option<Call>, ParseError> {
        Ok(Some(match method {
            "configureBackBuffer" => Call::ConfigureBackBuffer {
                width: a.req("width", int)?,
                height: a.req("height", int)?,
                anti_alias: a.req("antiAlias", int)?,
                enable_depth_and_stencil: a.opt(true, boolean)?,
                wants_best_resolution: a.opt(false, boolean)?,
                wants_best_resolution_on_browser_zoom: a.opt(false, boolean)?,
            },
            "clear" => Call::Clear {
                red: a.opt(0.0, num)?,
                green: a.opt(0.0, num)?,
                blue: a.opt(0.0, num)?,
                alpha: a.opt(1.0, num)?,
                depth: a.opt(1.0, num)?,
                stencil: a.opt(0, uint)?,
                mask: a.opt(0xFFFF_FFFF, uint)?,
            },
            "createVertexBuffer" => Call::CreateVertexBuffer {
                num_vertices: a.req("numVertices", int)?,
                data32_per_vertex: a.req("data32PerVertex", int)?,
                buffer_usage: a.opt(s("staticDraw"), string)?,
            },
            "createVertexBufferForInstances" => Call::CreateVertexBufferForInstances {
                num_vertices: a.req("numVertices", int)?,
                data32_per_vertex: a.req("data32PerVertex", int)?,
                instances_per_element: a.req("instancesPerElement", int)?,
                buffer_usage: a.opt(s("staticDraw"), string)?,
            },
            "createIndexBuffer" => Call::CreateIndexBuffer {
                num_indices: a.req("numIndices", int)?,
                buffer_usage: a.opt(s("staticDraw"), string)?,
            },
            "createProgram" => Call::CreateProgram,
            "createTexture" => Call::CreateTexture {
                width: a.req("width", int)?,
                height: a.req("height", int)?,
                format: a.req("format", string)?,
                optimize_for_render_to_texture: a.req("optimizeForRenderToTexture", boolean)?,
                streaming_levels: a.opt(0, int)?,
            },
            "createCubeTexture" => Call::CreateCubeTexture {
                size: a.req("size", int)?,
                format: a.req("format", string)?,
                optimize_for_render_to_texture: a.req("optimizeForRenderToTexture", boolean)?,
                streaming_levels: a.opt(0, int)?,
            },
            "createRectangleTexture" => Call::CreateRectangleTexture {
                width: a.req("width", int)?,
                height: a.req("height", int)?,
                format: a.req("format", string)?,
                optimize_for_render_to_texture: a.req("optimizeForRenderToTexture", boolean)?,
            },
            "createVideoTexture" => Call::CreateVideoTexture,
            "setProgram" => Call::SetProgram {
                program: a.req("program", program_or_null)?,
            },
            "setVertexBufferAt" => Call::SetVertexBufferAt {
                index: a.req("index", int)?,
                buffer: a.req("buffer", vb_or_null)?,
                buffer_offset: a.opt(0, int)?,
                format: a.opt(s("float4"), string)?,
            },
            "setProgramConstantsFromVector" => Call::SetProgramConstantsFromVector {
                program_type: a.req("programType", string)?,
                first_register: a.req("firstRegister", int)?,
                data: a.req("data", numbers)?,
                num_registers: a.opt(-1, int)?,
            },
            "setProgramConstantsFromMatrix" => Call::SetProgramConstantsFromMatrix {
                program_type: a.req("programType", string)?,
                first_register: a.req("firstRegister", int)?,
                raw_data: a.req("matrix", matrix)?,
                transposed_matrix: a.opt(false, boolean)?,
            },
            "setProgramConstantsFromByteArray" => Call::SetProgramConstantsFromByteArray {
                program_type: a.req("programType", string)?,
                first_register: a.req("firstRegister", int)?,
                num_registers: a.req("numRegisters", int)?,
                data: a.req("data", bytes)?,
                byte_array_offset: a.req("byteArrayOffset", uint)?,
            },
            "setTextureAt" => Call::SetTextureAt {
                sampler: a.req("sampler", int)?,
                texture: a.req("texture", texture_or_null)?,
            },
            "setSamplerStateAt" => Call::SetSamplerStateAt {
                sampler: a.req("sampler", int)?,
                wrap: a.req("wrap", string)?,
                filter: a.req("filter", string)?,
                mip_filter: a.req("mipfilter", string)?,
            },
            "setBlendFactors" => Call::SetBlendFactors {
                source_factor: a.req("sourceFactor", string)?,
                destination_factor: a.req("destinationFactor", string)?,
            },
            "setColorMask" => Call::SetColorMask {
                red: a.req("red", boolean)?,
                green: a.req("green", boolean)?,
                blue: a.req("blue", boolean)?,
                alpha: a.req("alpha", boolean)?,
            },
            "setCulling" => Call::SetCulling {
                triangle_face_to_cull: a.req("triangleFaceToCull", string)?,
            },
            "setDepthTest" => Call::SetDepthTest {
                depth_mask: a.req("depthMask", boolean)?,
                pass_compare_mode: a.req("passCompareMode", string)?,
            },
            "setStencilActions" => Call::SetStencilActions {
                triangle_face: a.opt(s("frontAndBack"), string)?,
                compare_mode: a.opt(s("always"), string)?,
                action_on_both_pass: a.opt(s("keep"), string)?,
                action_on_depth_fail: a.opt(s("keep"), string)?,
                action_on_depth_pass_stencil_fail: a.opt(s("keep"), string)?,
            },
            "setStencilReferenceValue" => Call::SetStencilReferenceValue {
                reference_value: a.req("referenceValue", uint)?,
                read_mask: a.opt(255, uint)?,
                write_mask: a.opt(255, uint)?,
            },
            "setScissorRectangle" => Call::SetScissorRectangle {
                rectangle: a.req("rectangle", |v, _| to_rect_or_null(v))?,
            },
            "setRenderToTexture" => Call::SetRenderToTexture {
                texture: a.req("texture", texture_or_null)?,
                enable_depth_and_stencil: a.opt(false, boolean)?,
                anti_alias: a.opt(0, int)?,
                surface_selector: a.opt(0, int)?,
                color_output_index: a.opt(0, int)?,
            },
            "setRenderToBackBuffer" => Call::SetRenderToBackBuffer,
            "setFillMode" => Call::SetFillMode {
                fill_mode: a.req("fillMode", string)?,
            },
            "drawTriangles" => Call::DrawTriangles {
                index_buffer: a.req("indexBuffer", index_buffer)?,
                first_index: a.opt(0, int)?,
                num_triangles: a.opt(-1, int)?,
            },
            "drawTrianglesInstanced" => Call::DrawTrianglesInstanced {
                index_buffer: a.req("indexBuffer", index_buffer)?,
                num_instances: a.req("numInstances", int)?,
                first_index: a.opt(0, int)?,
                num_triangles: a.opt(-1, int)?,
            },
            "present" => Call::Present,
            "drawToBitmapData" => Call::DrawToBitmapData {
                destination: a.req("destination", bitmap)?,
                src_rect: a.opt(None, |v, _| to_rect_or_null(v))?,
                dest_point: a.opt(None, |v, _| to_point_or_null(v))?,
            },
            "dispose" => Call::DisposeContext {
                recreate: a.opt(true, boolean)?,
            },
            _ => return Ok(None),
        }))
    })();
    result.transpose()
}

fn resource_call(
    kind: R,
    name: &Name,
    method: &str,
    a: &mut Args<'_>,
) -> Option<Result<Call, ParseError>> {
    let n = || name.clone();
    let result = (|| -> Result<Option<Call>, ParseError> {
        Ok(Some(match (kind, method) {
            (_, "dispose") => Call::Dispose { resource: n() },
            (_, "collect") => Call::Collect { resource: n() },
            (R::VertexBuffer, "uploadFromVector") => Call::VertexBufferUploadFromVector {
                buffer: n(),
                data: a.req("data", numbers)?,
                start_vertex: a.req("startVertex", int)?,
                num_vertices: a.req("numVertices", int)?,
            },
            (R::VertexBuffer, "uploadFromByteArray") => Call::VertexBufferUploadFromByteArray {
                buffer: n(),
                data: a.req("data", bytes)?,
                byte_array_offset: a.req("byteArrayOffset", int)?,
                start_vertex: a.req("startVertex", int)?,
                num_vertices: a.req("numVertices", int)?,
            },
            (R::IndexBuffer, "uploadFromVector") => Call::IndexBufferUploadFromVector {
                buffer: n(),
                data: a.req("data", |v, _| to_uints(v))?,
                start_offset: a.req("startOffset", int)?,
                count: a.req("count", int)?,
            },
            (R::IndexBuffer, "uploadFromByteArray") => Call::IndexBufferUploadFromByteArray {
                buffer: n(),
                data: a.req("data", bytes)?,
                byte_array_offset: a.req("byteArrayOffset", int)?,
                start_offset: a.req("startOffset", int)?,
                count: a.req("count", int)?,
            },
            (R::Program, "upload") => Call::ProgramUpload {
                program: n(),
                vertex_program: a.req("vertexProgram", bytes)?,
                fragment_program: a.req("fragmentProgram", bytes)?,
            },
            (R::Texture, "uploadFromBitmapData") => Call::TextureUploadFromBitmapData {
                texture: n(),
                source: a.req("source", bitmap)?,
                miplevel: a.opt(0, uint)?,
            },
            (R::Texture, "uploadFromBitmapDataAsync") => Call::TextureUploadFromBitmapDataAsync {
                texture: n(),
                source: a.req("source", bitmap)?,
                miplevel: a.opt(0, uint)?,
            },
            (R::Texture, "uploadFromByteArray") => Call::TextureUploadFromByteArray {
                texture: n(),
                data: a.req("data", bytes)?,
                byte_array_offset: a.req("byteArrayOffset", uint)?,
                miplevel: a.opt(0, uint)?,
            },
            (R::Texture, "uploadFromByteArrayAsync") => Call::TextureUploadFromByteArrayAsync {
                texture: n(),
                data: a.req("data", bytes)?,
                byte_array_offset: a.req("byteArrayOffset", uint)?,
                miplevel: a.opt(0, uint)?,
            },
            (R::Texture | R::CubeTexture, "uploadCompressedTextureFromByteArray") => {
                Call::UploadCompressedTextureFromByteArray {
                    texture: n(),
                    data: a.req("data", bytes)?,
                    byte_array_offset: a.req("byteArrayOffset", uint)?,
                    is_async: a.opt(false, boolean)?,
                }
            }
            (R::CubeTexture, "uploadFromBitmapData") => Call::CubeTextureUploadFromBitmapData {
                texture: n(),
                source: a.req("source", bitmap)?,
                side: a.req("side", uint)?,
                miplevel: a.opt(0, uint)?,
            },
            (R::CubeTexture, "uploadFromByteArray") => Call::CubeTextureUploadFromByteArray {
                texture: n(),
                data: a.req("data", bytes)?,
                byte_array_offset: a.req("byteArrayOffset", uint)?,
                side: a.req("side", uint)?,
                miplevel: a.opt(0, uint)?,
            },
            (R::RectangleTexture, "uploadFromBitmapData") => {
                Call::RectangleTextureUploadFromBitmapData {
                    texture: n(),
                    source: a.req("source", bitmap)?,
                }
            }
            (R::RectangleTexture, "uploadFromByteArray") => {
                Call::RectangleTextureUploadFromByteArray {
                    texture: n(),
                    data: a.req("data", bytes)?,
                    byte_array_offset: a.req("byteArrayOffset", uint)?,
                }
            }
            (R::VideoTexture, "attachFrame") => Call::VideoTextureAttachFrame {
                texture: n(),
                frame: a.req("frame", bitmap)?,
            },
            _ => return Ok(None),
        }))
    })();
    result.transpose()
}

/// `receiver.member = value`.
pub(crate) fn build_property(
    receiver: &Receiver,
    member: &Located<String>,
    value: &Arg,
) -> Result<Call, ParseError> {
    match (receiver, member.value.as_str()) {
        (Receiver::Stage(_), "x") => Ok(Call::SetStageX(to_number(value)?)),
        (Receiver::Stage(_), "y") => Ok(Call::SetStageY(to_number(value)?)),
        (Receiver::Stage(_), "visible") => Ok(Call::SetStageVisible(to_bool(value)?)),
        (Receiver::Context(_), "enableErrorChecking") => {
            Ok(Call::SetEnableErrorChecking(to_bool(value)?))
        }
        _ => Err(ParseError::new(
            member.pos,
            K::UnknownProperty {
                receiver: receiver.class_name(),
                property: member.value.clone(),
            },
        )),
    }
}

/// The AS3 method (or property) name of a call.
pub fn method_name(call: &Call) -> &'static str {
    match call {
        Call::RequestContext3D { .. } => "requestContext3D",
        Call::RequestContext3DMatchingProfiles { .. } => "requestContext3DMatchingProfiles",
        Call::SetStageX(_) => "x",
        Call::SetStageY(_) => "y",
        Call::SetStageVisible(_) => "visible",
        Call::ForceContextLoss => "forceContextLoss",
        Call::RecoverLostContext => "recoverLostContext",
        Call::ConfigureBackBuffer { .. } => "configureBackBuffer",
        Call::Clear { .. } => "clear",
        Call::CreateVertexBuffer { .. } => "createVertexBuffer",
        Call::CreateVertexBufferForInstances { .. } => "createVertexBufferForInstances",
        Call::CreateIndexBuffer { .. } => "createIndexBuffer",
        Call::CreateProgram => "createProgram",
        Call::CreateTexture { .. } => "createTexture",
        Call::CreateCubeTexture { .. } => "createCubeTexture",
        Call::CreateRectangleTexture { .. } => "createRectangleTexture",
        Call::CreateVideoTexture => "createVideoTexture",
        Call::SetProgram { .. } => "setProgram",
        Call::SetVertexBufferAt { .. } => "setVertexBufferAt",
        Call::SetProgramConstantsFromVector { .. } => "setProgramConstantsFromVector",
        Call::SetProgramConstantsFromMatrix { .. } => "setProgramConstantsFromMatrix",
        Call::SetProgramConstantsFromByteArray { .. } => "setProgramConstantsFromByteArray",
        Call::SetTextureAt { .. } => "setTextureAt",
        Call::SetSamplerStateAt { .. } => "setSamplerStateAt",
        Call::SetBlendFactors { .. } => "setBlendFactors",
        Call::SetColorMask { .. } => "setColorMask",
        Call::SetCulling { .. } => "setCulling",
        Call::SetDepthTest { .. } => "setDepthTest",
        Call::SetStencilActions { .. } => "setStencilActions",
        Call::SetStencilReferenceValue { .. } => "setStencilReferenceValue",
        Call::SetScissorRectangle { .. } => "setScissorRectangle",
        Call::SetRenderToTexture { .. } => "setRenderToTexture",
        Call::SetRenderToBackBuffer => "setRenderToBackBuffer",
        Call::SetFillMode { .. } => "setFillMode",
        Call::DrawTriangles { .. } => "drawTriangles",
        Call::DrawTrianglesInstanced { .. } => "drawTrianglesInstanced",
        Call::Present => "present",
        Call::DrawToBitmapData { .. } => "drawToBitmapData",
        Call::DisposeContext { .. } => "dispose",
        Call::SetEnableErrorChecking(_) => "enableErrorChecking",
        Call::VertexBufferUploadFromVector { .. } | Call::IndexBufferUploadFromVector { .. } => {
            "uploadFromVector"
        }
        Call::VertexBufferUploadFromByteArray { .. }
        | Call::IndexBufferUploadFromByteArray { .. }
        | Call::TextureUploadFromByteArray { .. }
        | Call::CubeTextureUploadFromByteArray { .. }
        | Call::RectangleTextureUploadFromByteArray { .. } => "uploadFromByteArray",
        Call::ProgramUpload { .. } => "upload",
        Call::TextureUploadFromBitmapData { .. }
        | Call::CubeTextureUploadFromBitmapData { .. }
        | Call::RectangleTextureUploadFromBitmapData { .. } => "uploadFromBitmapData",
        Call::TextureUploadFromBitmapDataAsync { .. } => "uploadFromBitmapDataAsync",
        Call::TextureUploadFromByteArrayAsync { .. } => "uploadFromByteArrayAsync",
        Call::UploadCompressedTextureFromByteArray { .. } => "uploadCompressedTextureFromByteArray",
        Call::VideoTextureAttachFrame { .. } => "attachFrame",
        Call::Dispose { .. } => "dispose",
        Call::Collect { .. } => "collect",
    }
}
