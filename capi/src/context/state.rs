//! `Context3D`'s render state (`set*`) as C functions.
//!
//! Each takes the stage, the context handle, the AS3 arguments (strings for enums,
//! `MhByteArray` and friends for AS3 objects) and `MhError **error`; written after the
//! facade's signatures and docs (`player-shim/src/context/`), whose errors they list.

use std::ffi::c_char;

use molehill_context3d::Rect;
use molehill_player::Context3D;

use crate::args::{self, MhByteArray, MhRect};
use crate::entry::{with_context, MhStage3D};
use crate::error::{Fail, MhError, MhStatus};
use crate::ffi;
use crate::handles::{Handles, MhContext3D, MhProgram3D, MhTextureBase, MhVertexBuffer3D};

/// `setProgram(program)`.
///
/// # Errors
///
/// - Error #3694: the context or `program` is disposed, or the context lost.
///
/// The facade's `Context3D::set_program`.
///
/// # Safety
///
/// `stage` is null or a live stage (`mh_stage3d_new_*`); `error` is null or valid
/// for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_context3d_set_program(
    stage: *mut MhStage3D,
    context: MhContext3D,
    program: MhProgram3D,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |c: &mut Context3D, h: &mut Handles| {
        let program = h.program_opt(program)?;
        Ok(c.set_program(program)?)
    };
    // SAFETY: `stage` and `error` as the contract above says.
    unsafe { with_context(stage, context, error, call) }
}

/// `setVertexBufferAt(index, buffer, bufferOffset, format)`.
///
/// # Errors
///
/// - Error #3694: the context or `buffer` is disposed, or the context lost.
/// - RangeError #2006: `index` is not one of the profile's attribute registers, or
///   `bufferOffset` is negative (with a buffer).
/// - ArgumentError #2008: `format` is not a `Context3DVertexBufferFormat` value (checked
///   only with a buffer; `vertexStreamFormat`).
///
/// The facade's `Context3D::set_vertex_buffer_at`.
///
/// # Safety
///
/// `stage` is null or a live stage (`mh_stage3d_new_*`); `format` is a
/// NUL-terminated string; `error` is null or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_context3d_set_vertex_buffer_at(
    stage: *mut MhStage3D,
    context: MhContext3D,
    index: i32,
    buffer: MhVertexBuffer3D,
    buffer_offset: i32,
    format: *const c_char,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |c: &mut Context3D, h: &mut Handles| {
        let buffer = h.vertex_buffer_opt(buffer)?;
        // SAFETY: `format` is a NUL-terminated string (contract).
        let format = unsafe { ffi::string(format, "format") }?;
        Ok(c.set_vertex_buffer_at(index, buffer, buffer_offset, &format)?)
    };
    // SAFETY: `stage` and `error` as the contract above says.
    unsafe { with_context(stage, context, error, call) }
}

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
///
/// The facade's `Context3D::set_program_constants_from_vector`.
///
/// # Safety
///
/// `stage` is null or a live stage (`mh_stage3d_new_*`); `program_type` is a
/// NUL-terminated string; `data` points at `data_length` numbers; `error` is null or valid for
/// writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_context3d_set_program_constants_from_vector(
    stage: *mut MhStage3D,
    context: MhContext3D,
    program_type: *const c_char,
    first_register: i32,
    data: *const f64,
    data_length: usize,
    num_registers: i32,
    error: *mut *mut MhError,
) -> MhStatus {
    let call =
        |c: &mut Context3D, _h: &mut Handles| {
            // SAFETY: `program_type` is a NUL-terminated string (contract).
            let program_type = unsafe { ffi::string(program_type, "program_type") }?;
            // SAFETY: `data` holds `data_length` numbers (contract).
            let data = unsafe { ffi::slice(data, data_length, "data") }?;
            Ok(c.set_program_constants_from_vector(
                &program_type,
                first_register,
                data,
                num_registers,
            )?)
        };
    // SAFETY: `stage` and `error` as the contract above says.
    unsafe { with_context(stage, context, error, call) }
}

/// `setProgramConstantsFromMatrix(programType, firstRegister, matrix, transposedMatrix)`
/// with the matrix's `rawData`.
///
/// # Errors
///
/// - Error #3694: the context is disposed or lost.
/// - ArgumentError #2008: `programType` is not `"vertex"` or `"fragment"`.
/// - RangeError #2006: the four registers run outside the profile's constant registers (a
///   negative `firstRegister` included).
///
/// The facade's `Context3D::set_program_constants_from_matrix`.
///
/// # Safety
///
/// `stage` is null or a live stage (`mh_stage3d_new_*`); `program_type` is a
/// NUL-terminated string; `raw_data` points at 16 numbers (`Matrix3D.rawData`); `error` is null
/// or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_context3d_set_program_constants_from_matrix(
    stage: *mut MhStage3D,
    context: MhContext3D,
    program_type: *const c_char,
    first_register: i32,
    raw_data: *const f64,
    transposed_matrix: bool,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |c: &mut Context3D, _h: &mut Handles| {
        // SAFETY: `program_type` is a NUL-terminated string (contract).
        let program_type = unsafe { ffi::string(program_type, "program_type") }?;
        // SAFETY: `raw_data` points at 16 numbers (contract).
        let raw_data: &[f64; 16] = unsafe { ffi::slice(raw_data, 16, "raw_data") }?
            .try_into()
            .map_err(|_| Fail::invalid("raw_data holds 16 numbers"))?;
        Ok(c.set_program_constants_from_matrix(
            &program_type,
            first_register,
            raw_data,
            transposed_matrix,
        )?)
    };
    // SAFETY: `stage` and `error` as the contract above says.
    unsafe { with_context(stage, context, error, call) }
}

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
///
/// The facade's `Context3D::set_program_constants_from_byte_array`.
///
/// # Safety
///
/// `stage` is null or a live stage (`mh_stage3d_new_*`); `program_type` is a
/// NUL-terminated string; `data.bytes` points at `data.length` bytes; `error` is null or valid
/// for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_context3d_set_program_constants_from_byte_array(
    stage: *mut MhStage3D,
    context: MhContext3D,
    program_type: *const c_char,
    first_register: i32,
    num_registers: i32,
    data: MhByteArray,
    byte_array_offset: u32,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |c: &mut Context3D, _h: &mut Handles| {
        // SAFETY: `program_type` is a NUL-terminated string (contract).
        let program_type = unsafe { ffi::string(program_type, "program_type") }?;
        // SAFETY: `data.bytes` holds `data.length` bytes (contract).
        let data = unsafe { args::byte_array(&data, "data") }?;
        Ok(c.set_program_constants_from_byte_array(
            &program_type,
            first_register,
            num_registers,
            data,
            byte_array_offset,
        )?)
    };
    // SAFETY: `stage` and `error` as the contract above says.
    unsafe { with_context(stage, context, error, call) }
}

/// `setTextureAt(sampler, texture)`.
///
/// # Errors
///
/// - Error #3694: the context or `texture` is disposed, or the context lost.
/// - RangeError #2006: `sampler` is not one of the profile's samplers.
///
/// The facade's `Context3D::set_texture_at`.
///
/// # Safety
///
/// `stage` is null or a live stage (`mh_stage3d_new_*`); `error` is null or valid
/// for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_context3d_set_texture_at(
    stage: *mut MhStage3D,
    context: MhContext3D,
    sampler: i32,
    texture: MhTextureBase,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |c: &mut Context3D, h: &mut Handles| {
        let texture = h.texture_opt(texture)?;
        Ok(c.set_texture_at(sampler, texture)?)
    };
    // SAFETY: `stage` and `error` as the contract above says.
    unsafe { with_context(stage, context, error, call) }
}

/// `setSamplerStateAt(sampler, wrap, filter, mipfilter)`.
///
/// # Errors
///
/// - Error #3694: the context is disposed or lost.
/// - RangeError #2006: `sampler` is not one of the profile's samplers.
/// - ArgumentError #2008: `wrap`, `filter` or `mipfilter` (the first bad one, in that
///   order) is not one of its class's values.
///
/// The facade's `Context3D::set_sampler_state_at`.
///
/// # Safety
///
/// `stage` is null or a live stage (`mh_stage3d_new_*`); `wrap` is a
/// NUL-terminated string; `filter` is a NUL-terminated string; `mip_filter` is a NUL-terminated
/// string; `error` is null or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_context3d_set_sampler_state_at(
    stage: *mut MhStage3D,
    context: MhContext3D,
    sampler: i32,
    wrap: *const c_char,
    filter: *const c_char,
    mip_filter: *const c_char,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |c: &mut Context3D, _h: &mut Handles| {
        // SAFETY: `wrap` is a NUL-terminated string (contract).
        let wrap = unsafe { ffi::string(wrap, "wrap") }?;
        // SAFETY: `filter` is a NUL-terminated string (contract).
        let filter = unsafe { ffi::string(filter, "filter") }?;
        // SAFETY: `mip_filter` is a NUL-terminated string (contract).
        let mip_filter = unsafe { ffi::string(mip_filter, "mip_filter") }?;
        Ok(c.set_sampler_state_at(sampler, &wrap, &filter, &mip_filter)?)
    };
    // SAFETY: `stage` and `error` as the contract above says.
    unsafe { with_context(stage, context, error, call) }
}

/// `setBlendFactors(sourceFactor, destinationFactor)`.
///
/// # Errors
///
/// - Error #3694: the context is disposed or lost.
/// - ArgumentError #2008: `sourceFactor` or `destinationFactor` (the first bad one) is not
///   a `Context3DBlendFactor` value.
///
/// The facade's `Context3D::set_blend_factors`.
///
/// # Safety
///
/// `stage` is null or a live stage (`mh_stage3d_new_*`); `source_factor` is a
/// NUL-terminated string; `destination_factor` is a NUL-terminated string; `error` is null or
/// valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_context3d_set_blend_factors(
    stage: *mut MhStage3D,
    context: MhContext3D,
    source_factor: *const c_char,
    destination_factor: *const c_char,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |c: &mut Context3D, _h: &mut Handles| {
        // SAFETY: `source_factor` is a NUL-terminated string (contract).
        let source_factor = unsafe { ffi::string(source_factor, "source_factor") }?;
        // SAFETY: `destination_factor` is a NUL-terminated string (contract).
        let destination_factor = unsafe { ffi::string(destination_factor, "destination_factor") }?;
        Ok(c.set_blend_factors(&source_factor, &destination_factor)?)
    };
    // SAFETY: `stage` and `error` as the contract above says.
    unsafe { with_context(stage, context, error, call) }
}

/// `setColorMask(red, green, blue, alpha)`.
///
/// # Errors
///
/// - Error #3694: the context is disposed or lost.
///
/// The facade's `Context3D::set_color_mask`.
///
/// # Safety
///
/// `stage` is null or a live stage (`mh_stage3d_new_*`); `error` is null or valid
/// for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_context3d_set_color_mask(
    stage: *mut MhStage3D,
    context: MhContext3D,
    red: bool,
    green: bool,
    blue: bool,
    alpha: bool,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |c: &mut Context3D, _h: &mut Handles| Ok(c.set_color_mask(red, green, blue, alpha)?);
    // SAFETY: `stage` and `error` as the contract above says.
    unsafe { with_context(stage, context, error, call) }
}

/// `setCulling(triangleFaceToCull)`.
///
/// # Errors
///
/// - Error #3694: the context is disposed or lost.
/// - ArgumentError #2008: `triangleFaceToCull` is not a `Context3DTriangleFace` value.
///
/// The facade's `Context3D::set_culling`.
///
/// # Safety
///
/// `stage` is null or a live stage (`mh_stage3d_new_*`); `triangle_face_to_cull`
/// is a NUL-terminated string; `error` is null or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_context3d_set_culling(
    stage: *mut MhStage3D,
    context: MhContext3D,
    triangle_face_to_cull: *const c_char,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |c: &mut Context3D, _h: &mut Handles| {
        // SAFETY: `triangle_face_to_cull` is a NUL-terminated string (contract).
        let triangle_face_to_cull =
            unsafe { ffi::string(triangle_face_to_cull, "triangle_face_to_cull") }?;
        Ok(c.set_culling(&triangle_face_to_cull)?)
    };
    // SAFETY: `stage` and `error` as the contract above says.
    unsafe { with_context(stage, context, error, call) }
}

/// `setDepthTest(depthMask, passCompareMode)`.
///
/// # Errors
///
/// - Error #3694: the context is disposed or lost.
/// - ArgumentError #2008: `passCompareMode` is not a `Context3DCompareMode` value.
///
/// The facade's `Context3D::set_depth_test`.
///
/// # Safety
///
/// `stage` is null or a live stage (`mh_stage3d_new_*`); `pass_compare_mode` is a
/// NUL-terminated string; `error` is null or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_context3d_set_depth_test(
    stage: *mut MhStage3D,
    context: MhContext3D,
    depth_mask: bool,
    pass_compare_mode: *const c_char,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |c: &mut Context3D, _h: &mut Handles| {
        // SAFETY: `pass_compare_mode` is a NUL-terminated string (contract).
        let pass_compare_mode = unsafe { ffi::string(pass_compare_mode, "pass_compare_mode") }?;
        Ok(c.set_depth_test(depth_mask, &pass_compare_mode)?)
    };
    // SAFETY: `stage` and `error` as the contract above says.
    unsafe { with_context(stage, context, error, call) }
}

/// `setStencilActions(triangleFace, compareMode, actionOnBothPass, actionOnDepthFail,
/// actionOnDepthPassStencilFail)`.
///
/// # Errors
///
/// - Error #3694: the context is disposed or lost.
/// - ArgumentError #2008: the first argument, in order, that is not one of its class's
///   values (`Context3DTriangleFace`, `Context3DCompareMode`, `Context3DStencilAction`).
///
/// The facade's `Context3D::set_stencil_actions`.
///
/// # Safety
///
/// `stage` is null or a live stage (`mh_stage3d_new_*`); `triangle_face` is a
/// NUL-terminated string; `compare_mode` is a NUL-terminated string; `action_on_both_pass` is a
/// NUL-terminated string; `action_on_depth_fail` is a NUL-terminated string;
/// `action_on_depth_pass_stencil_fail` is a NUL-terminated string; `error` is null or valid for
/// writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_context3d_set_stencil_actions(
    stage: *mut MhStage3D,
    context: MhContext3D,
    triangle_face: *const c_char,
    compare_mode: *const c_char,
    action_on_both_pass: *const c_char,
    action_on_depth_fail: *const c_char,
    action_on_depth_pass_stencil_fail: *const c_char,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |c: &mut Context3D, _h: &mut Handles| {
        // SAFETY: `triangle_face` is a NUL-terminated string (contract).
        let triangle_face = unsafe { ffi::string(triangle_face, "triangle_face") }?;
        // SAFETY: `compare_mode` is a NUL-terminated string (contract).
        let compare_mode = unsafe { ffi::string(compare_mode, "compare_mode") }?;
        // SAFETY: `action_on_both_pass` is a NUL-terminated string (contract).
        let action_on_both_pass =
            unsafe { ffi::string(action_on_both_pass, "action_on_both_pass") }?;
        // SAFETY: `action_on_depth_fail` is a NUL-terminated string (contract).
        let action_on_depth_fail =
            unsafe { ffi::string(action_on_depth_fail, "action_on_depth_fail") }?;
        // SAFETY: `action_on_depth_pass_stencil_fail` is a NUL-terminated string (contract).
        let action_on_depth_pass_stencil_fail = unsafe {
            ffi::string(
                action_on_depth_pass_stencil_fail,
                "action_on_depth_pass_stencil_fail",
            )
        }?;
        Ok(c.set_stencil_actions(
            &triangle_face,
            &compare_mode,
            &action_on_both_pass,
            &action_on_depth_fail,
            &action_on_depth_pass_stencil_fail,
        )?)
    };
    // SAFETY: `stage` and `error` as the contract above says.
    unsafe { with_context(stage, context, error, call) }
}

/// `setStencilReferenceValue(referenceValue, readMask, writeMask)`.
///
/// # Errors
///
/// - Error #3694: the context is disposed or lost.
///
/// The facade's `Context3D::set_stencil_reference_value`.
///
/// # Safety
///
/// `stage` is null or a live stage (`mh_stage3d_new_*`); `error` is null or valid
/// for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_context3d_set_stencil_reference_value(
    stage: *mut MhStage3D,
    context: MhContext3D,
    reference_value: u32,
    read_mask: u32,
    write_mask: u32,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |c: &mut Context3D, _h: &mut Handles| {
        Ok(c.set_stencil_reference_value(reference_value, read_mask, write_mask)?)
    };
    // SAFETY: `stage` and `error` as the contract above says.
    unsafe { with_context(stage, context, error, call) }
}

/// `setScissorRectangle(rectangle)`.
///
/// # Errors
///
/// - Error #3694: the context is disposed or lost.
///
/// The facade's `Context3D::set_scissor_rectangle`.
///
/// # Safety
///
/// `stage` is null or a live stage (`mh_stage3d_new_*`); `rectangle` is null (AS3
/// `null`) or points at an `MhRect`; `error` is null or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_context3d_set_scissor_rectangle(
    stage: *mut MhStage3D,
    context: MhContext3D,
    rectangle: *const MhRect,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |c: &mut Context3D, _h: &mut Handles| {
        // SAFETY: `rectangle` is null or readable (contract).
        let rectangle = unsafe { ffi::read_opt(rectangle, "rectangle") }?.map(Rect::from);
        Ok(c.set_scissor_rectangle(rectangle)?)
    };
    // SAFETY: `stage` and `error` as the contract above says.
    unsafe { with_context(stage, context, error, call) }
}

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
///
/// The facade's `Context3D::set_render_to_texture`.
///
/// # Safety
///
/// `stage` is null or a live stage (`mh_stage3d_new_*`); `error` is null or valid
/// for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_context3d_set_render_to_texture(
    stage: *mut MhStage3D,
    context: MhContext3D,
    texture: MhTextureBase,
    enable_depth_and_stencil: bool,
    anti_alias: i32,
    surface_selector: i32,
    color_output_index: i32,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |c: &mut Context3D, h: &mut Handles| {
        let texture = h.texture_opt(texture)?;
        Ok(c.set_render_to_texture(
            texture,
            enable_depth_and_stencil,
            anti_alias,
            surface_selector,
            color_output_index,
        )?)
    };
    // SAFETY: `stage` and `error` as the contract above says.
    unsafe { with_context(stage, context, error, call) }
}

/// `setRenderToBackBuffer()`.
///
/// # Errors
///
/// - Error #3694: the context is disposed or lost.
///
/// The facade's `Context3D::set_render_to_back_buffer`.
///
/// # Safety
///
/// `stage` is null or a live stage (`mh_stage3d_new_*`); `error` is null or valid
/// for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_context3d_set_render_to_back_buffer(
    stage: *mut MhStage3D,
    context: MhContext3D,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |c: &mut Context3D, _h: &mut Handles| Ok(c.set_render_to_back_buffer()?);
    // SAFETY: `stage` and `error` as the contract above says.
    unsafe { with_context(stage, context, error, call) }
}

/// `setFillMode(fillMode)` (AIR): `"solid"` is what Molehill draws; `"wireframe"` is
/// accepted and drawn solid (logged); anything else is ArgumentError #2008.
/// context3d has no fill mode, so this one check lives here.
///
/// # Errors
///
/// In this order:
/// - Error #3694: the context is disposed or lost.
/// - ArgumentError #2008: `fillMode` is neither `"solid"` nor `"wireframe"`.
///
/// The facade's `Context3D::set_fill_mode`.
///
/// # Safety
///
/// `stage` is null or a live stage (`mh_stage3d_new_*`); `fill_mode` is a
/// NUL-terminated string; `error` is null or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_context3d_set_fill_mode(
    stage: *mut MhStage3D,
    context: MhContext3D,
    fill_mode: *const c_char,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |c: &mut Context3D, _h: &mut Handles| {
        // SAFETY: `fill_mode` is a NUL-terminated string (contract).
        let fill_mode = unsafe { ffi::string(fill_mode, "fill_mode") }?;
        Ok(c.set_fill_mode(&fill_mode)?)
    };
    // SAFETY: `stage` and `error` as the contract above says.
    unsafe { with_context(stage, context, error, call) }
}
