//! One AS3 call, typed, with AS3's argument names.

use super::args::{BitmapArg, ByteArrayArg, Name, Point, Rect, ResourceKind};

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
    /// `stage.forceContextLoss()` (not AS3): the Stage3D's context is lost as a device reset
    /// would lose it (molehill-player's `Stage3D::force_context_loss`); every call on it and
    /// its objects is #3694 from then on.
    ForceContextLoss,
    /// `stage.recoverLostContext()` (not AS3): the VM's once-a-frame check that brings a lost
    /// context back (`Stage3D::recover_lost_context`): a new context of the same profile and
    /// `context3DCreate`; the replay fails when no lost context came back.
    RecoverLostContext,

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
    /// `x.collect()` on any resource (not AS3): the VM's garbage collector freed the AS3
    /// object of `resource` without `dispose()` (molehill-player's `*_collect`).
    Collect { resource: Name },
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
