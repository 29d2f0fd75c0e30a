//! Typed errors of the Context3D layer and their one mapping to Flash's (class, ID, message).
//!
//! Every check in this crate fails with a [`Context3DError`]; [`Context3DError::to_flash`] is
//! the only place that turns one into an [`molehill_agal::flash::FlashError`], and it builds every error
//! through [`FlashError::new`], so no message text is written here.

use molehill_agal::flash::{ErrorClass, FlashError};
use molehill_agal::valid::ValidationError;

use crate::backend::BackendError;

/// Which kind of call a [`BackendError`] came from: it decides the Flash error.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BackendCall {
    /// Creating or filling a vertex or index buffer (#3672 on memory exhaustion).
    Buffer,
    /// Creating or filling a texture (#3684 on memory exhaustion).
    Texture,
    /// `Program3D.upload` (#3613 / #3614 on a driver refusal).
    Program,
    /// Anything else (#3691 on memory exhaustion).
    Other,
}

/// Everything a Context3D call can fail with. Each variant's doc names the Flash error.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Context3DError {
    /// An enum string that is not exactly one of the accepted values: ArgumentError #2008
    /// naming the parameter as Flash names it.
    #[error("parameter {parameter} is not one of the accepted values")]
    InvalidEnum {
        /// Flash's parameter name (`"sourceFactor"`, `"textureFormat"`, ...).
        parameter: &'static str,
    },
    /// An index outside its range (a register, sampler or stream number): RangeError #2006.
    #[error("index out of bounds")]
    IndexOutOfBounds,
    /// The object (or the whole context) was disposed: Error #3694.
    #[error("the object was disposed")]
    Disposed,
    /// A wrong count, offset or length: Error #3669.
    #[error("bad input size")]
    BadInputSize,
    /// A buffer larger than Flash allows: Error #3670.
    #[error("buffer too big")]
    BufferTooBig,
    /// A buffer of zero size: Error #3671.
    #[error("buffer has zero size")]
    BufferZeroSize,
    /// Cube side outside 0..=5: Error #3673.
    #[error("cube side must be 0..=5")]
    CubeSide,
    /// A mip level the texture does not have: Error #3674.
    #[error("miplevel too large")]
    MipLevelTooLarge,
    /// Data of a format the texture does not have (ATF format or cube flag): Error #3675.
    #[error("texture format mismatch")]
    TextureFormatMismatch,
    /// Malformed texture data (an ATF container that does not parse): Error #3677.
    #[error("texture decoding failed")]
    TextureDecodingFailed,
    /// Data of another size than the texture level: Error #3679.
    #[error("texture size does not match")]
    TextureSizeMismatch,
    /// Width or height zero: Error #3681.
    #[error("texture size is zero")]
    TextureSizeZero,
    /// A `Texture` or `CubeTexture` size that is not a power of two: Error #3682.
    #[error("texture size not a power of two")]
    NotPowerOfTwo,
    /// A `Texture` larger than the profile allows: Error #3683 (`%1` = the maximum).
    #[error("texture too big (max {max})")]
    TextureTooBig {
        /// The profile's maximum.
        max: u32,
    },
    /// An allocation over the context's memory budget (`crate::memory`): Error #3691, Flash's
    /// resource-limit error; nothing was allocated.
    #[error("memory budget exceeded: {requested} bytes asked with {used} of {budget} in use")]
    MemoryBudget {
        /// Bytes the allocation needs.
        requested: u64,
        /// Bytes in use before it.
        used: u64,
        /// The budget.
        budget: u64,
    },
    /// More resources of one type than Flash allows: Error #3691.
    #[error("resource limit exceeded")]
    ResourceLimit,
    /// A `CubeTexture` larger than 1024: Error #3705.
    #[error("cube texture too big")]
    CubeTextureTooBig,
    /// `streamingLevels` not below the texture's level count: Error #3711.
    #[error("streaming levels too large")]
    StreamingLevelsTooLarge,
    /// A streaming texture as a render target: Error #3712.
    #[error("rendering to a streaming texture")]
    RenderToStreaming,
    /// An ATF image smaller than 4x4: Error #3745.
    #[error("compressed texture smaller than 4x4")]
    CompressedTooSmall,
    /// A compressed texture as a render target: Error #3746.
    #[error("rendering to a compressed texture")]
    RenderToCompressed,
    /// A texture format the profile does not allow: Error #3759.
    #[error("texture format not valid in this profile")]
    FormatNotInProfile,
    /// A compressed `RectangleTexture`: Error #3762.
    #[error("texture format not supported for rectangle textures")]
    FormatNotForRectangle,
    /// A `RectangleTexture` larger than the profile allows: Error #3766 (`%1` = the maximum).
    #[error("rectangle texture too big (max {max})")]
    RectangleTooBig {
        /// The profile's maximum.
        max: u32,
    },
    /// An async upload to a level other than 0: Error #3791.
    #[error("async upload only for miplevel 0")]
    AsyncMipLevel,
    /// `createRectangleTexture` in baselineConstrained: Error #3765.
    #[error("requires the baseline profile or above")]
    RequiresBaseline,
    /// A standard-profile feature (float textures, several render targets): Error #3779.
    #[error("requires the standard profile or above")]
    RequiresStandard,
    /// Instanced drawing outside standardExtended: Error #3787.
    #[error("requires the standardExtended profile or above")]
    RequiresStandardExtended,
    /// `instancesPerElement` not positive: Error #3784.
    #[error("instances per element must be greater than 0")]
    InstancesPerElement,
    /// `configureBackBuffer` width outside the range: Error #3780.
    #[error("back buffer width not in {min}..={max}")]
    BackBufferWidth {
        /// Smallest width.
        min: u32,
        /// Largest width.
        max: u32,
    },
    /// `configureBackBuffer` height outside the range: Error #3781.
    #[error("back buffer height not in {min}..={max}")]
    BackBufferHeight {
        /// Smallest height.
        min: u32,
        /// Largest height.
        max: u32,
    },
    /// Drawing, clearing or presenting with no back buffer: Error #3698.
    #[error("the back buffer is not configured")]
    BackBufferNotConfigured,
    /// A program `ByteArray` that is not little-endian: ArgumentError #3612.
    #[error("programs must be little endian")]
    ProgramNotLittleEndian,
    /// Upload or link validation failed (#3615-#3805, its own mapping).
    #[error("AGAL validation failed: {0}")]
    Validation(ValidationError),
    /// `colorOutputIndex` outside 0..=3: Error #3770.
    #[error("colorOutputIndex must be 0..=3")]
    ColorOutputIndex,
    /// A 2D texture with a surfaceSelector other than 0: Error #3771.
    #[error("2D textures need surfaceSelector 0")]
    SurfaceSelector2D,
    /// A cube texture with a surfaceSelector outside 0..=5: Error #3772.
    #[error("cube textures need surfaceSelector 0..=5")]
    SurfaceSelectorCube,
    /// A rectangle texture with a surfaceSelector other than 0: Error #3773.
    #[error("rectangle textures need surfaceSelector 0")]
    SurfaceSelectorRectangle,
    /// Render targets with slot 0 empty: Error #3728.
    #[error("slot 0 must be active")]
    RenderTargetSlot0,
    /// Render targets of different sizes or settings: Error #3729.
    #[error("render targets differ in size or settings")]
    RenderTargetMismatch,
    /// One texture (face) in two render target slots: Error #3730.
    #[error("one texture in several render target slots")]
    RenderTargetDuplicate,
    /// Render targets of different bit depths: Error #3761.
    #[error("render targets differ in bit depth")]
    RenderTargetBitDepth,
    /// A texture kind that can not be a render target (video): Error #3731.
    #[error("feature not available")]
    NotAvailable,
    /// Draw: no program, or one never uploaded: Error #3600.
    #[error("no valid program set")]
    NoProgram,
    /// Draw: no index buffer: Error #3601.
    #[error("no valid index buffer set")]
    NoIndexBuffer,
    /// Draw: negative first index or triangle count below -1: Error #3602.
    #[error("sanity check failed: {triangles} triangles at index offset {offset}")]
    DrawSanity {
        /// numTriangles.
        triangles: i64,
        /// firstIndex.
        offset: i64,
    },
    /// Draw: the range runs past the index buffer: Error #3603.
    #[error("{triangles} triangles at offset {offset}, but only {indices} indices")]
    NotEnoughIndices {
        /// numTriangles.
        triangles: i64,
        /// firstIndex.
        offset: i64,
        /// Indices in the buffer.
        indices: u32,
    },
    /// Draw: a sampler reads the current render target: Error #3604.
    #[error("sampler {0} binds the render target")]
    SamplerBindsRenderTarget(u16),
    /// Draw: a sampler's texture was disposed: Error #3605.
    #[error("sampler {0} binds an invalid texture")]
    SamplerInvalidTexture(u16),
    /// Draw: the sampler's format flag names another format than the texture's: Error #3606.
    #[error("sampler {0} format does not match the texture")]
    SamplerFormatMismatch(u16),
    /// Draw: a stream is set that the vertex program does not read: Error #3607.
    #[error("stream {0} is set but not used")]
    StreamNotUsed(u16),
    /// Draw: a stream's buffer was disposed: Error #3608.
    #[error("stream {0} is invalid")]
    StreamInvalid(u16),
    /// Draw: an index reaches past a stream's vertices: Error #3609.
    #[error("stream {0} does not have enough vertices")]
    StreamNotEnoughVertices(u16),
    /// Draw: a stream's offset plus format runs past its vertex: Error #3610.
    #[error("stream {0} vertex offset is out of bounds")]
    StreamOffsetOutOfBounds(u16),
    /// Draw: the vertex program reads a stream that is not set: Error #3611.
    #[error("stream {0} is read but not set")]
    StreamNotSet(u16),
    /// Draw: the program samples a sampler with no texture: Error #3663.
    #[error("sampler {0} binds an undefined texture")]
    SamplerUndefinedTexture(u16),
    /// Draw: more draws than Flash allows before `present`: Error #3690.
    #[error("too many draw calls before present")]
    TooManyDrawCalls,
    /// Draw after `present` with no `clear`: Error #3692.
    #[error("buffers need to be cleared every frame")]
    NotClearedThisFrame,
    /// Draw: one texture on two samplers with different properties: Error #3695.
    #[error("samplers {0} and {1} sample one texture differently")]
    SamplerPropertiesMismatch(u16, u16),
    /// Draw: a texture is bound to a sampler the fragment program does not use: Error #3697.
    #[error("sampler {0} binds a texture the program does not use")]
    TextureNotUsed(u16),
    /// Draw: a texture level the sampling needs was never uploaded: Error #3700.
    #[error("incomplete texture")]
    IncompleteTexture,
    /// Draw: a streaming texture whose level 0 was never uploaded, sampled without mipmaps:
    /// Error #3713.
    #[error("incomplete streaming texture")]
    IncompleteStreamingTexture,
    /// Draw: a cube or rectangle texture sampled with wrapping: Error #3753.
    #[error("rectangle or cube textures need clamp")]
    NeedsClamp,
    /// Draw: the sampler's dimension does not match the texture: Error #3754.
    #[error("sampler dimension mismatch")]
    DimensionMismatch,
    /// Draw: a rectangle texture sampled with mipmaps or a LOD bias: Error #3755.
    #[error("rectangle textures can not mipmap")]
    RectangleMip,
    /// Draw: a compressed texture read without the matching read mode: Error #3763.
    #[error("sampler {0} read mode does not match the texture")]
    SamplerReadMode(u16),
    /// Draw: the render targets do not match the program's colour outputs: Error #3774.
    #[error("render targets do not match the fragment outputs")]
    OutputsMismatch,
    /// Draw: the program writes depth but the target has no depth buffer: Error #3776.
    #[error("depth output requires depthAndStencil")]
    DepthOutputNeedsDepth,
    /// Draw before the first clear after `configureBackBuffer`: Error #3777.
    #[error("buffers need to be cleared before the first draw")]
    NotClearedBeforeFirstDraw,
    /// Draw: a scissor rectangle that does not intersect the render target: Error #3706.
    #[error("the scissor rectangle does not intersect the render target")]
    ScissorOutside,
    /// Draw: a video texture sampled with mipmaps or a LOD bias: Error #3778.
    #[error("video textures can not mipmap")]
    VideoMip,
    /// Draw: a per-instance stream with fewer elements than the instances need: Error #3785.
    #[error("stream {0} does not contain enough elements for the instances")]
    InstanceStreamTooShort(u16),
    /// The backend failed (#3613/#3614, #3672/#3684/#3691, #3694, #3710).
    #[error("backend: {error}")]
    Backend {
        /// The call kind.
        call: BackendCall,
        /// The error.
        error: BackendError,
    },
}

impl From<ValidationError> for Context3DError {
    fn from(e: ValidationError) -> Self {
        Context3DError::Validation(e)
    }
}

impl Context3DError {
    /// The one mapping to Flash's (class, ID, message).
    pub fn to_flash(&self) -> FlashError {
        use Context3DError as E;
        let err = |id: u32| FlashError::new(ErrorClass::Error, id, &[]);
        let err1 = |id: u32, a: &str| FlashError::new(ErrorClass::Error, id, &[a]);
        match self {
            E::InvalidEnum { parameter } => {
                FlashError::new(ErrorClass::ArgumentError, 2008, &[parameter])
            }
            E::IndexOutOfBounds => FlashError::new(ErrorClass::RangeError, 2006, &[]),
            E::Disposed => err(3694),
            E::BadInputSize => err(3669),
            E::BufferTooBig => err(3670),
            E::BufferZeroSize => err(3671),
            E::CubeSide => err(3673),
            E::MipLevelTooLarge => err(3674),
            E::TextureFormatMismatch => err(3675),
            E::TextureDecodingFailed => err(3677),
            E::TextureSizeMismatch => err(3679),
            E::TextureSizeZero => err(3681),
            E::NotPowerOfTwo => err(3682),
            E::TextureTooBig { max } => err1(3683, &max.to_string()),
            E::ResourceLimit | E::MemoryBudget { .. } => err(3691),
            E::CubeTextureTooBig => err(3705),
            E::StreamingLevelsTooLarge => err(3711),
            E::RenderToStreaming => err(3712),
            E::CompressedTooSmall => err(3745),
            E::RenderToCompressed => err(3746),
            E::FormatNotInProfile => err(3759),
            E::FormatNotForRectangle => err(3762),
            E::RectangleTooBig { max } => err1(3766, &max.to_string()),
            E::AsyncMipLevel => err(3791),
            E::RequiresBaseline => err(3765),
            E::RequiresStandard => err(3779),
            E::RequiresStandardExtended => err(3787),
            E::InstancesPerElement => err(3784),
            E::BackBufferWidth { min, max } => FlashError::new(
                ErrorClass::Error,
                3780,
                &[&min.to_string(), &max.to_string()],
            ),
            E::BackBufferHeight { min, max } => FlashError::new(
                ErrorClass::Error,
                3781,
                &[&min.to_string(), &max.to_string()],
            ),
            E::BackBufferNotConfigured => err(3698),
            E::ProgramNotLittleEndian => FlashError::new(ErrorClass::ArgumentError, 3612, &[]),
            E::Validation(v) => v.to_flash(),
            E::ColorOutputIndex => err(3770),
            E::SurfaceSelector2D => err(3771),
            E::SurfaceSelectorCube => err(3772),
            E::SurfaceSelectorRectangle => err(3773),
            E::RenderTargetSlot0 => err(3728),
            E::RenderTargetMismatch => err(3729),
            E::RenderTargetDuplicate => err(3730),
            E::RenderTargetBitDepth => err(3761),
            E::NotAvailable => err(3731),
            E::NoProgram => err(3600),
            E::NoIndexBuffer => err(3601),
            E::DrawSanity { triangles, offset } => FlashError::new(
                ErrorClass::Error,
                3602,
                &[&triangles.to_string(), &offset.to_string()],
            ),
            E::NotEnoughIndices {
                triangles,
                offset,
                indices,
            } => FlashError::new(
                ErrorClass::Error,
                3603,
                &[
                    &triangles.to_string(),
                    &offset.to_string(),
                    &indices.to_string(),
                ],
            ),
            E::SamplerBindsRenderTarget(s) => err1(3604, &s.to_string()),
            E::SamplerInvalidTexture(s) => err1(3605, &s.to_string()),
            E::SamplerFormatMismatch(s) => err1(3606, &s.to_string()),
            E::StreamNotUsed(s) => err1(3607, &s.to_string()),
            E::StreamInvalid(s) => err1(3608, &s.to_string()),
            E::StreamNotEnoughVertices(s) => err1(3609, &s.to_string()),
            E::StreamOffsetOutOfBounds(s) => err1(3610, &s.to_string()),
            E::StreamNotSet(s) => err1(3611, &s.to_string()),
            E::SamplerUndefinedTexture(s) => err1(3663, &s.to_string()),
            E::TooManyDrawCalls => err(3690),
            E::NotClearedThisFrame => err(3692),
            E::SamplerPropertiesMismatch(a, b) => {
                FlashError::new(ErrorClass::Error, 3695, &[&a.to_string(), &b.to_string()])
            }
            E::TextureNotUsed(s) => err1(3697, &s.to_string()),
            E::IncompleteTexture => err(3700),
            E::IncompleteStreamingTexture => err(3713),
            E::NeedsClamp => err(3753),
            E::DimensionMismatch => err(3754),
            E::RectangleMip => err(3755),
            E::SamplerReadMode(s) => err1(3763, &s.to_string()),
            E::OutputsMismatch => err(3774),
            E::DepthOutputNeedsDepth => err(3776),
            E::NotClearedBeforeFirstDraw => err(3777),
            E::ScissorOutside => err(3706),
            E::VideoMip => err(3778),
            E::InstanceStreamTooShort(s) => err1(3785, &s.to_string()),
            E::Backend { call, error } => backend_to_flash(*call, error),
        }
    }
}

/// A backend failure as Flash reports the failure of that call.
fn backend_to_flash(call: BackendCall, error: &BackendError) -> FlashError {
    match error {
        BackendError::ContextLost => FlashError::new(ErrorClass::Error, 3694, &[]),
        BackendError::OutOfMemory => {
            let id = match call {
                BackendCall::Buffer => 3672,
                BackendCall::Texture => 3684,
                BackendCall::Program | BackendCall::Other => 3691,
            };
            FlashError::new(ErrorClass::Error, id, &[])
        }
        BackendError::ShaderCompile { log, .. } | BackendError::ShaderLink { log } => {
            if log.is_empty() {
                FlashError::new(ErrorClass::Error, 3613, &[])
            } else {
                FlashError::new(ErrorClass::Error, 3614, &[log])
            }
        }
        // #3710 rather than #3699 "Requested Operation failed to complete": the Stage3D
        // variant of the message. The call and the driver's words are in the error's Display and
        // were logged by the backend; Flash's message has no placeholder for them.
        BackendError::Driver { .. } | BackendError::Unsupported(_) => {
            FlashError::new(ErrorClass::Error, 3710, &[])
        }
    }
}

impl From<Context3DError> for FlashError {
    fn from(e: Context3DError) -> FlashError {
        e.to_flash()
    }
}

/// Shorthand for the crate's results.
pub type Result<T> = std::result::Result<T, Context3DError>;

/// What the public methods return: Flash's error as a value.
pub type FlashResult<T> = std::result::Result<T, FlashError>;
