//! [`RecordingBackend`]: a backend with no GL that records every call it gets, so tests can
//! check exactly what reaches a backend. It can also be told to fail (a lost context, a driver
//! that refuses shaders) to exercise the error paths, and answers read-backs with a fixed
//! colour.

use molehill_agal::{Program, ProgramKind};

use crate::backend::{
    BackBufferConfig, Backend, BackendError, BlendState, Clear, ColorMask, CompressedImage,
    DepthState, IndexBufferDesc, IndexBufferId, PixelRect, ProgramId, ProgramUpload, RenderTarget,
    ResolvedDraw, StencilState, TextureData, TextureDesc, TextureId, TextureUpload, TriangleFace,
    VertexBufferDesc, VertexBufferId,
};

/// Texture data as recorded (owned copies of [`TextureData`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RecordedTextureData {
    /// [`TextureData::Argb32`].
    Argb32(Vec<u32>),
    /// [`TextureData::Bgra8`].
    Bgra8(Vec<u8>),
    /// [`TextureData::Bgra4444`].
    Bgra4444(Vec<u16>),
    /// [`TextureData::Bgr565`].
    Bgr565(Vec<u16>),
    /// [`TextureData::RgbaHalf`].
    RgbaHalf(Vec<u16>),
    /// [`TextureData::Compressed`]: DXT, ETC1, ETC1 alpha, PVRTC, ETC2 records.
    Compressed([Option<Vec<u8>>; 5]),
}

impl RecordedTextureData {
    fn of(data: &TextureData<'_>) -> RecordedTextureData {
        match data {
            TextureData::Argb32(d) => RecordedTextureData::Argb32(d.to_vec()),
            TextureData::Bgra8(d) => RecordedTextureData::Bgra8(d.to_vec()),
            TextureData::Bgra4444(d) => RecordedTextureData::Bgra4444(d.to_vec()),
            TextureData::Bgr565(d) => RecordedTextureData::Bgr565(d.to_vec()),
            TextureData::RgbaHalf(d) => RecordedTextureData::RgbaHalf(d.to_vec()),
            TextureData::Compressed(CompressedImage {
                dxt,
                etc1,
                etc1_alpha,
                pvrtc,
                etc2,
            }) => {
                let o = |d: &Option<&[u8]>| d.map(<[u8]>::to_vec);
                RecordedTextureData::Compressed([o(dxt), o(etc1), o(etc1_alpha), o(pvrtc), o(etc2)])
            }
        }
    }
}

/// One backend call, with owned copies of its arguments.
#[derive(Debug, Clone, PartialEq)]
pub enum Call {
    /// [`Backend::set_error_checking`].
    SetErrorChecking(bool),
    /// [`Backend::configure_back_buffer`].
    ConfigureBackBuffer(BackBufferConfig),
    /// [`Backend::create_vertex_buffer`].
    CreateVertexBuffer(VertexBufferId, VertexBufferDesc),
    /// [`Backend::upload_vertex_buffer`]: id, byte offset, bytes.
    UploadVertexBuffer(VertexBufferId, u64, Vec<u8>),
    /// [`Backend::dispose_vertex_buffer`].
    DisposeVertexBuffer(VertexBufferId),
    /// [`Backend::create_index_buffer`].
    CreateIndexBuffer(IndexBufferId, IndexBufferDesc),
    /// [`Backend::upload_index_buffer`]: id, byte offset, indices.
    UploadIndexBuffer(IndexBufferId, u64, Vec<u16>),
    /// [`Backend::dispose_index_buffer`].
    DisposeIndexBuffer(IndexBufferId),
    /// [`Backend::create_texture`].
    CreateTexture(TextureId, TextureDesc),
    /// [`Backend::upload_texture`]: id, face, level, width, height, data.
    UploadTexture {
        /// Texture.
        id: TextureId,
        /// Face.
        face: u8,
        /// Level.
        level: u8,
        /// Width.
        width: u32,
        /// Height.
        height: u32,
        /// Pixels.
        data: RecordedTextureData,
    },
    /// [`Backend::dispose_texture`].
    DisposeTexture(TextureId),
    /// [`Backend::create_program`]: the pair it got.
    CreateProgram(ProgramId, Box<(Program, Program)>),
    /// [`Backend::dispose_program`].
    DisposeProgram(ProgramId),
    /// [`Backend::force_loss`].
    ForceLoss,
    /// [`Backend::clear`].
    Clear(Clear),
    /// [`Backend::set_render_target`].
    SetRenderTarget(RenderTarget),
    /// [`Backend::set_blend`].
    SetBlend(BlendState),
    /// [`Backend::set_color_mask`].
    SetColorMask(ColorMask),
    /// [`Backend::set_culling`].
    SetCulling(TriangleFace),
    /// [`Backend::set_depth`].
    SetDepth(DepthState),
    /// [`Backend::set_stencil`].
    SetStencil(StencilState),
    /// [`Backend::set_scissor`].
    SetScissor(Option<PixelRect>),
    /// [`Backend::set_program_constants`].
    SetProgramConstants(ProgramKind, u16, Vec<[f32; 4]>),
    /// [`Backend::draw`].
    Draw(Box<ResolvedDraw>),
    /// [`Backend::present`].
    Present,
    /// [`Backend::read_back_buffer`].
    ReadBackBuffer(PixelRect),
    /// [`Backend::dispose_context`].
    DisposeContext,
}

/// A backend that records every call.
#[derive(Debug, Default)]
pub struct RecordingBackend {
    /// Every call received, in order.
    pub calls: Vec<Call>,
    /// When set, every fallible call fails with this error (and is still recorded).
    pub fail_with: Option<BackendError>,
    /// What [`Backend::is_lost`] answers.
    pub lost: bool,
    /// What [`Backend::is_restored`] answers.
    pub restored: bool,
    /// When set, the next `clear` or `set_render_target` keeps this error for
    /// [`Backend::take_error`] (as a backend with error checking on keeps a driver error).
    pub fail_next_unit_call: Option<BackendError>,
    /// The error kept for [`Backend::take_error`].
    kept_error: Option<BackendError>,
    /// The `0xAARRGGBB` value read-backs answer with.
    pub read_back_color: u32,
}

impl RecordingBackend {
    /// An empty recorder.
    pub fn new() -> RecordingBackend {
        RecordingBackend::default()
    }

    /// Takes the calls recorded so far.
    pub fn take(&mut self) -> Vec<Call> {
        std::mem::take(&mut self.calls)
    }

    fn result(&self) -> Result<(), BackendError> {
        match &self.fail_with {
            Some(e) => Err(e.clone()),
            None => Ok(()),
        }
    }
}

impl Backend for RecordingBackend {
    fn driver_info(&self) -> String {
        String::from("Molehill recording backend")
    }

    fn set_error_checking(&mut self, enabled: bool) {
        self.calls.push(Call::SetErrorChecking(enabled));
    }

    fn configure_back_buffer(&mut self, config: &BackBufferConfig) -> Result<(), BackendError> {
        self.calls.push(Call::ConfigureBackBuffer(*config));
        self.result()
    }

    fn create_vertex_buffer(
        &mut self,
        id: VertexBufferId,
        desc: &VertexBufferDesc,
    ) -> Result<(), BackendError> {
        self.calls.push(Call::CreateVertexBuffer(id, *desc));
        self.result()
    }

    fn upload_vertex_buffer(
        &mut self,
        id: VertexBufferId,
        byte_offset: u64,
        data: &[u8],
    ) -> Result<(), BackendError> {
        self.calls
            .push(Call::UploadVertexBuffer(id, byte_offset, data.to_vec()));
        self.result()
    }

    fn dispose_vertex_buffer(&mut self, id: VertexBufferId) {
        self.calls.push(Call::DisposeVertexBuffer(id));
    }

    fn create_index_buffer(
        &mut self,
        id: IndexBufferId,
        desc: &IndexBufferDesc,
    ) -> Result<(), BackendError> {
        self.calls.push(Call::CreateIndexBuffer(id, *desc));
        self.result()
    }

    fn upload_index_buffer(
        &mut self,
        id: IndexBufferId,
        byte_offset: u64,
        indices: &[u16],
    ) -> Result<(), BackendError> {
        self.calls
            .push(Call::UploadIndexBuffer(id, byte_offset, indices.to_vec()));
        self.result()
    }

    fn dispose_index_buffer(&mut self, id: IndexBufferId) {
        self.calls.push(Call::DisposeIndexBuffer(id));
    }

    fn create_texture(&mut self, id: TextureId, desc: &TextureDesc) -> Result<(), BackendError> {
        self.calls.push(Call::CreateTexture(id, *desc));
        self.result()
    }

    fn upload_texture(
        &mut self,
        id: TextureId,
        upload: &TextureUpload<'_>,
    ) -> Result<(), BackendError> {
        self.calls.push(Call::UploadTexture {
            id,
            face: upload.face,
            level: upload.level,
            width: upload.width,
            height: upload.height,
            data: RecordedTextureData::of(&upload.data),
        });
        self.result()
    }

    fn dispose_texture(&mut self, id: TextureId) {
        self.calls.push(Call::DisposeTexture(id));
    }

    fn create_program(
        &mut self,
        id: ProgramId,
        program: &ProgramUpload<'_>,
    ) -> Result<(), BackendError> {
        self.calls.push(Call::CreateProgram(
            id,
            Box::new((program.vertex().clone(), program.fragment().clone())),
        ));
        self.result()
    }

    fn dispose_program(&mut self, id: ProgramId) {
        self.calls.push(Call::DisposeProgram(id));
    }

    fn clear(&mut self, clear: &Clear) {
        self.calls.push(Call::Clear(*clear));
        self.kept_error = self.fail_next_unit_call.take();
    }

    fn set_render_target(&mut self, target: &RenderTarget) {
        self.calls.push(Call::SetRenderTarget(*target));
        self.kept_error = self.fail_next_unit_call.take();
    }

    /// Records each change as its own call, in the order blend, colour mask, culling, depth,
    /// stencil, scissor.
    fn set_render_changes(&mut self, r: &crate::backend::RenderChanges) {
        if let Some(blend) = r.blend {
            self.calls.push(Call::SetBlend(blend));
        }
        if let Some(mask) = r.color_mask {
            self.calls.push(Call::SetColorMask(mask));
        }
        if let Some(cull) = r.culling {
            self.calls.push(Call::SetCulling(cull));
        }
        if let Some(depth) = r.depth {
            self.calls.push(Call::SetDepth(depth));
        }
        if let Some(stencil) = r.stencil {
            self.calls.push(Call::SetStencil(stencil));
        }
        if let Some(scissor) = r.scissor {
            self.calls.push(Call::SetScissor(scissor));
        }
    }

    fn set_program_constants(
        &mut self,
        kind: ProgramKind,
        first_register: u16,
        values: &[[f32; 4]],
    ) {
        self.calls.push(Call::SetProgramConstants(
            kind,
            first_register,
            values.to_vec(),
        ));
    }

    fn draw(&mut self, draw: &ResolvedDraw) -> Result<(), BackendError> {
        self.calls.push(Call::Draw(Box::new(*draw)));
        self.result()
    }

    fn present(&mut self) -> Result<(), BackendError> {
        self.calls.push(Call::Present);
        self.result()
    }

    fn read_back_buffer(&mut self, rect: PixelRect) -> Result<Vec<u32>, BackendError> {
        self.calls.push(Call::ReadBackBuffer(rect));
        self.result()?;
        Ok(vec![
            self.read_back_color;
            rect.width as usize * rect.height as usize
        ])
    }

    fn dispose_context(&mut self) {
        self.calls.push(Call::DisposeContext);
    }

    fn take_error(&mut self) -> Option<BackendError> {
        self.kept_error.take()
    }

    fn is_lost(&self) -> bool {
        self.lost
    }

    fn is_restored(&self) -> bool {
        self.restored
    }

    /// Lost and restored at once (`lost`, `restored`), recorded as `ForceLoss`.
    fn force_loss(&mut self) -> bool {
        self.calls.push(Call::ForceLoss);
        self.lost = true;
        self.restored = true;
        true
    }
}
