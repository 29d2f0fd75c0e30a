//! `Context3D`'s properties (`profile`, `driverInfo`, the back buffer's size, ...) and render
//! state calls (`setProgram`, `setProgramConstants*`, `setVertexBufferAt`, `setTextureAt`,
//! `setBlendFactors`, `setDepthTest`, `setCulling`, `setScissorRectangle`, `setRenderTo*`,
//! ...).

use molehill_agal::{Filter, MipFilter, ProgramKind, Wrap};
use molehill_context3d::enums::param;
use molehill_context3d::{
    BlendFactor, CompareMode, EnumArg, FillMode, Float, Program3D, Rect, StencilAction,
    TextureBase, TriangleFace, VertexBuffer3D, VertexFormat,
};

use crate::as3::ByteArray;
#[cfg(feature = "record")]
use crate::record::{Recorded, RecordedEnum, RecordedMatrix, RecordedNumbers};
#[cfg(feature = "record")]
use molehill_trace::Call;

use super::{Context3D, FlashResult};

impl Context3D {
    // --- Properties ----------------------------------------------------------------------------

    /// `profile`.
    pub fn profile(&self) -> &'static str {
        self.inner.profile()
    }

    /// `driverInfo`.
    pub fn driver_info(&self) -> String {
        self.inner.driver_info()
    }

    /// `backBufferWidth`.
    pub fn back_buffer_width(&self) -> u32 {
        self.inner.back_buffer_width()
    }

    /// `backBufferHeight`.
    pub fn back_buffer_height(&self) -> u32 {
        self.inner.back_buffer_height()
    }

    /// `maxBackBufferWidth`.
    pub fn max_back_buffer_width(&self) -> u32 {
        self.inner.max_back_buffer_width()
    }

    /// `maxBackBufferHeight`.
    pub fn max_back_buffer_height(&self) -> u32 {
        self.inner.max_back_buffer_height()
    }

    /// `totalGPUMemory`: bytes this context's textures, render surfaces, buffers and back
    /// buffer take, as counted against its memory budget (`molehill_context3d::memory`).
    pub fn total_gpu_memory(&self) -> u64 {
        self.inner.total_gpu_memory()
    }

    /// `enableErrorChecking`.
    pub fn enable_error_checking(&self) -> bool {
        self.inner.enable_error_checking()
    }

    /// The draw calls since the last `present()` (`molehill_context3d::Context3D::draws_since_present`;
    /// not a Flash property: a host counts the work of a frame with it).
    pub fn draws_since_present(&self) -> u32 {
        self.inner.draws_since_present()
    }

    /// `enableErrorChecking = value`.
    ///
    /// # Errors
    ///
    /// - Error #3694: the context is disposed or lost.
    pub fn set_enable_error_checking(&mut self, value: bool) -> FlashResult<()> {
        let r = self.inner.set_enable_error_checking(value);
        #[cfg(feature = "record")]
        self.record(|_| Call::SetEnableErrorChecking(value), &r);
        r
    }

    // --- State ---------------------------------------------------------------------------------

    forward! {
        /// `setProgram(program)`.
        ///
        /// # Errors
        ///
        /// - Error #3694: the context or `program` is disposed, or the context lost.
        pub fn set_program(&mut self, program: Option<Program3D>) -> () => SetProgram;

        /// `setVertexBufferAt(index, buffer, bufferOffset, format)`.
        ///
        /// # Errors
        ///
        /// - Error #3694: the context or `buffer` is disposed, or the context lost.
        /// - RangeError #2006: `index` is not one of the profile's attribute registers, or
        ///   `bufferOffset` is negative (with a buffer).
        /// - ArgumentError #2008: `format` is not a `Context3DVertexBufferFormat` value (checked
        ///   only with a buffer; `vertexStreamFormat`).
        pub fn set_vertex_buffer_at(
            &mut self,
            index: i32,
            buffer: Option<VertexBuffer3D>,
            buffer_offset: i32,
            format: impl EnumArg<VertexFormat>
        ) -> () => SetVertexBufferAt;

        /// `setProgramConstantsFromVector(programType, firstRegister, data, numRegisters)`.
        ///
        /// # Errors
        ///
        /// - Error #3694: the context is disposed or lost.
        /// - ArgumentError #2008: `programType` is not `"vertex"` or `"fragment"`.
        /// - Error #3669: `numRegisters` below -1, -1 with a length that is not a multiple of 4, or
        ///   `data` shorter than `4 * numRegisters`.
        /// - RangeError #2006: the registers run outside the profile's constant registers (a
        ///   negative `firstRegister` included).
        pub fn set_program_constants_from_vector(
            &mut self,
            program_type: impl EnumArg<ProgramKind>,
            first_register: i32,
            data: &[impl Float],
            num_registers: i32
        ) -> () => SetProgramConstantsFromVector;

        /// `setProgramConstantsFromMatrix(programType, firstRegister, matrix, transposedMatrix)`
        /// with the matrix's `rawData`.
        ///
        /// # Errors
        ///
        /// - Error #3694: the context is disposed or lost.
        /// - ArgumentError #2008: `programType` is not `"vertex"` or `"fragment"`.
        /// - RangeError #2006: the four registers run outside the profile's constant registers (a
        ///   negative `firstRegister` included).
        pub fn set_program_constants_from_matrix(
            &mut self,
            program_type: impl EnumArg<ProgramKind>,
            first_register: i32,
            raw_data: &[impl Float; 16],
            transposed_matrix: bool
        ) -> () => SetProgramConstantsFromMatrix;

        /// `setProgramConstantsFromByteArray(programType, firstRegister, numRegisters, data,
        /// byteArrayOffset)`.
        ///
        /// # Errors
        ///
        /// - Error #3694: the context is disposed or lost.
        /// - ArgumentError #2008: `programType` is not `"vertex"` or `"fragment"`.
        /// - Error #3669: `numRegisters` negative, no bytes after `byteArrayOffset`, or fewer than
        ///   `16 * numRegisters` of them.
        /// - RangeError #2006: the registers run outside the profile's constant registers (a
        ///   negative `firstRegister` included).
        pub fn set_program_constants_from_byte_array(
            &mut self,
            program_type: impl EnumArg<ProgramKind>,
            first_register: i32,
            num_registers: i32,
            data: ByteArray<'_>,
            byte_array_offset: u32
        ) -> () => SetProgramConstantsFromByteArray via |ctx| {
            ctx.inner.set_program_constants_from_byte_array(
                program_type,
                first_register,
                num_registers,
                data.bytes,
                byte_array_offset,
                data.endian,
            )
        };

        /// `setTextureAt(sampler, texture)`.
        ///
        /// # Errors
        ///
        /// - Error #3694: the context or `texture` is disposed, or the context lost.
        /// - RangeError #2006: `sampler` is not one of the profile's samplers.
        pub fn set_texture_at(
            &mut self,
            sampler: i32,
            texture: Option<TextureBase>
        ) -> () => SetTextureAt;

        /// `setSamplerStateAt(sampler, wrap, filter, mipfilter)`.
        ///
        /// # Errors
        ///
        /// - Error #3694: the context is disposed or lost.
        /// - RangeError #2006: `sampler` is not one of the profile's samplers.
        /// - ArgumentError #2008: `wrap`, `filter` or `mipfilter` (the first bad one, in that
        ///   order) is not one of its class's values.
        pub fn set_sampler_state_at(
            &mut self,
            sampler: i32,
            wrap: impl EnumArg<Wrap>,
            filter: impl EnumArg<Filter>,
            mip_filter: impl EnumArg<MipFilter>
        ) -> () => SetSamplerStateAt;

        /// `setBlendFactors(sourceFactor, destinationFactor)`.
        ///
        /// # Errors
        ///
        /// - Error #3694: the context is disposed or lost.
        /// - ArgumentError #2008: `sourceFactor` or `destinationFactor` (the first bad one) is not
        ///   a `Context3DBlendFactor` value.
        pub fn set_blend_factors(
            &mut self,
            source_factor: impl EnumArg<BlendFactor>,
            destination_factor: impl EnumArg<BlendFactor>
        ) -> () => SetBlendFactors;

        /// `setColorMask(red, green, blue, alpha)`.
        ///
        /// # Errors
        ///
        /// - Error #3694: the context is disposed or lost.
        pub fn set_color_mask(
            &mut self,
            red: bool,
            green: bool,
            blue: bool,
            alpha: bool
        ) -> () => SetColorMask;

        /// `setCulling(triangleFaceToCull)`.
        ///
        /// # Errors
        ///
        /// - Error #3694: the context is disposed or lost.
        /// - ArgumentError #2008: `triangleFaceToCull` is not a `Context3DTriangleFace` value.
        pub fn set_culling(
            &mut self,
            triangle_face_to_cull: impl EnumArg<TriangleFace>
        ) -> () => SetCulling;

        /// `setDepthTest(depthMask, passCompareMode)`.
        ///
        /// # Errors
        ///
        /// - Error #3694: the context is disposed or lost.
        /// - ArgumentError #2008: `passCompareMode` is not a `Context3DCompareMode` value.
        pub fn set_depth_test(
            &mut self,
            depth_mask: bool,
            pass_compare_mode: impl EnumArg<CompareMode>
        ) -> () => SetDepthTest;

        /// `setStencilActions(triangleFace, compareMode, actionOnBothPass, actionOnDepthFail,
        /// actionOnDepthPassStencilFail)`.
        ///
        /// # Errors
        ///
        /// - Error #3694: the context is disposed or lost.
        /// - ArgumentError #2008: the first argument, in order, that is not one of its class's
        ///   values (`Context3DTriangleFace`, `Context3DCompareMode`, `Context3DStencilAction`).
        pub fn set_stencil_actions(
            &mut self,
            triangle_face: impl EnumArg<TriangleFace>,
            compare_mode: impl EnumArg<CompareMode>,
            action_on_both_pass: impl EnumArg<StencilAction>,
            action_on_depth_fail: impl EnumArg<StencilAction>,
            action_on_depth_pass_stencil_fail: impl EnumArg<StencilAction>
        ) -> () => SetStencilActions;

        /// `setStencilReferenceValue(referenceValue, readMask, writeMask)`.
        ///
        /// # Errors
        ///
        /// - Error #3694: the context is disposed or lost.
        pub fn set_stencil_reference_value(
            &mut self,
            reference_value: u32,
            read_mask: u32,
            write_mask: u32
        ) -> () => SetStencilReferenceValue;

        /// `setScissorRectangle(rectangle)`.
        ///
        /// # Errors
        ///
        /// - Error #3694: the context is disposed or lost.
        pub fn set_scissor_rectangle(
            &mut self,
            rectangle: Option<Rect>
        ) -> () => SetScissorRectangle;

        /// `setRenderToTexture(texture, enableDepthAndStencil, antiAlias, surfaceSelector,
        /// colorOutputIndex)`.
        ///
        /// # Errors
        ///
        /// In this order:
        /// - Error #3694: the context or `texture` is disposed, or the context lost.
        /// - Error #3770: `colorOutputIndex` outside 0..=3.
        /// - Error #3779: `colorOutputIndex` above 0 in a profile below standard.
        /// - Error #3731: `texture` is a `VideoTexture`.
        /// - Error #3771: `surfaceSelector` other than 0 for a `Texture`.
        /// - Error #3773: `surfaceSelector` other than 0 for a `RectangleTexture`.
        /// - Error #3772: `surfaceSelector` outside 0..=5 for a `CubeTexture`.
        /// - Error #3746: `texture` has a compressed format.
        /// - Error #3712: `texture` is a streaming texture (`streamingLevels` above 0).
        ///
        /// The slots are checked together at the next `clear` or draw (#3728, #3729, #3730, #3761).
        pub fn set_render_to_texture(
            &mut self,
            texture: Option<TextureBase>,
            enable_depth_and_stencil: bool,
            anti_alias: i32,
            surface_selector: i32,
            color_output_index: i32
        ) -> () => SetRenderToTexture;

        /// `setRenderToBackBuffer()`.
        ///
        /// # Errors
        ///
        /// - Error #3694: the context is disposed or lost.
        pub fn set_render_to_back_buffer(&mut self) -> () => SetRenderToBackBuffer;

        /// `setFillMode(fillMode)` (AIR): `"solid"` is what Molehill draws; `"wireframe"` is
        /// accepted and drawn solid (logged); anything else is ArgumentError #2008.
        /// context3d has no fill mode, so this one check lives here.
        ///
        /// # Errors
        ///
        /// In this order:
        /// - Error #3694: the context is disposed or lost.
        /// - ArgumentError #2008: `fillMode` is neither `"solid"` nor `"wireframe"`.
        pub fn set_fill_mode(
            &mut self,
            fill_mode: impl EnumArg<FillMode>
        ) -> () => SetFillMode via |ctx| ctx.inner.check_live().and_then(|()| {
            match fill_mode.resolve(param::FILL_MODE)? {
                FillMode::Solid => Ok(()),
                FillMode::Wireframe => {
                    log::warn!("setFillMode(\"wireframe\") is drawn solid");
                    Ok(())
                }
            }
        });
    }
}
