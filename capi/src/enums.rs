//! The AS3 enum classes of `flash.display3D` as C enums, for C callers: each class's
//! `mh_*_name` function gives the AS3 string that the API's `const char *` arguments take
//! (`mh_blend_factor_name(MH_BLEND_FACTOR_ONE)` is `"one"`). A VM passes
//! the strings the SWF gave as they are, so that a wrong one is Flash's ArgumentError #2008.
//!
//! The functions take `uint32_t` (not the enum type) so that any value a C caller passes is
//! defined behaviour: an unknown one gives null, which the API answers with
//! `MH_STATUS_NULL_POINTER`.

use std::ffi::{c_char, CStr};

/// The static C string of `names[value]`, or null.
fn name_of(names: &[&'static CStr], value: u32) -> *const c_char {
    usize::try_from(value)
        .ok()
        .and_then(|i| names.get(i))
        .map_or(std::ptr::null(), |n| n.as_ptr())
}

/// `Context3DProfile`: the values, in the order of `mh_profile_name`.
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MhProfile {
    /// `"baselineConstrained"`.
    BaselineConstrained = 0,
    /// `"baseline"`.
    Baseline = 1,
    /// `"baselineExtended"`.
    BaselineExtended = 2,
    /// `"standardConstrained"`.
    StandardConstrained = 3,
    /// `"standard"`.
    Standard = 4,
    /// `"standardExtended"`.
    StandardExtended = 5,
    /// `"enhanced"`.
    Enhanced = 6,
}

/// The AS3 strings of [`MhProfile`], by value.
pub(crate) const PROFILE_NAMES: [&CStr; 7] = [
    c"baselineConstrained",
    c"baseline",
    c"baselineExtended",
    c"standardConstrained",
    c"standard",
    c"standardExtended",
    c"enhanced",
];

/// The AS3 string of a `MhProfile` value (static, never freed), or null for a value
/// outside the enum.
#[no_mangle]
pub extern "C" fn mh_profile_name(value: u32) -> *const c_char {
    name_of(&PROFILE_NAMES, value)
}

/// `Context3DRenderMode`: the values, in the order of `mh_render_mode_name`.
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MhRenderMode {
    /// `"auto"`.
    Auto = 0,
    /// `"software"`.
    Software = 1,
}

/// The AS3 strings of [`MhRenderMode`], by value.
pub(crate) const RENDER_MODE_NAMES: [&CStr; 2] = [c"auto", c"software"];

/// The AS3 string of a `MhRenderMode` value (static, never freed), or null for a value
/// outside the enum.
#[no_mangle]
pub extern "C" fn mh_render_mode_name(value: u32) -> *const c_char {
    name_of(&RENDER_MODE_NAMES, value)
}

/// `Context3DBufferUsage`: the values, in the order of `mh_buffer_usage_name`.
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MhBufferUsage {
    /// `"staticDraw"`.
    StaticDraw = 0,
    /// `"dynamicDraw"`.
    DynamicDraw = 1,
}

/// The AS3 strings of [`MhBufferUsage`], by value.
pub(crate) const BUFFER_USAGE_NAMES: [&CStr; 2] = [c"staticDraw", c"dynamicDraw"];

/// The AS3 string of a `MhBufferUsage` value (static, never freed), or null for a value
/// outside the enum.
#[no_mangle]
pub extern "C" fn mh_buffer_usage_name(value: u32) -> *const c_char {
    name_of(&BUFFER_USAGE_NAMES, value)
}

/// `Context3DVertexBufferFormat`: the values, in the order of `mh_vertex_buffer_format_name`.
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MhVertexBufferFormat {
    /// `"bytes4"`.
    Bytes4 = 0,
    /// `"float1"`.
    Float1 = 1,
    /// `"float2"`.
    Float2 = 2,
    /// `"float3"`.
    Float3 = 3,
    /// `"float4"`.
    Float4 = 4,
}

/// The AS3 strings of [`MhVertexBufferFormat`], by value.
pub(crate) const VERTEX_BUFFER_FORMAT_NAMES: [&CStr; 5] =
    [c"bytes4", c"float1", c"float2", c"float3", c"float4"];

/// The AS3 string of a `MhVertexBufferFormat` value (static, never freed), or null for a value
/// outside the enum.
#[no_mangle]
pub extern "C" fn mh_vertex_buffer_format_name(value: u32) -> *const c_char {
    name_of(&VERTEX_BUFFER_FORMAT_NAMES, value)
}

/// `Context3DProgramType`: the values, in the order of `mh_program_type_name`.
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MhProgramType {
    /// `"vertex"`.
    Vertex = 0,
    /// `"fragment"`.
    Fragment = 1,
}

/// The AS3 strings of [`MhProgramType`], by value.
pub(crate) const PROGRAM_TYPE_NAMES: [&CStr; 2] = [c"vertex", c"fragment"];

/// The AS3 string of a `MhProgramType` value (static, never freed), or null for a value
/// outside the enum.
#[no_mangle]
pub extern "C" fn mh_program_type_name(value: u32) -> *const c_char {
    name_of(&PROGRAM_TYPE_NAMES, value)
}

/// `Context3DTextureFormat`: the values, in the order of `mh_texture_format_name`.
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MhTextureFormat {
    /// `"bgra"`.
    Bgra = 0,
    /// `"bgraPacked4444"`.
    BgraPacked4444 = 1,
    /// `"bgrPacked565"`.
    BgrPacked565 = 2,
    /// `"compressed"`.
    Compressed = 3,
    /// `"compressedAlpha"`.
    CompressedAlpha = 4,
    /// `"rgbaHalfFloat"`.
    RgbaHalfFloat = 5,
}

/// The AS3 strings of [`MhTextureFormat`], by value.
pub(crate) const TEXTURE_FORMAT_NAMES: [&CStr; 6] = [
    c"bgra",
    c"bgraPacked4444",
    c"bgrPacked565",
    c"compressed",
    c"compressedAlpha",
    c"rgbaHalfFloat",
];

/// The AS3 string of a `MhTextureFormat` value (static, never freed), or null for a value
/// outside the enum.
#[no_mangle]
pub extern "C" fn mh_texture_format_name(value: u32) -> *const c_char {
    name_of(&TEXTURE_FORMAT_NAMES, value)
}

/// `Context3DWrapMode`: the values, in the order of `mh_wrap_mode_name`.
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MhWrapMode {
    /// `"clamp"`.
    Clamp = 0,
    /// `"clamp_u_repeat_v"`.
    ClampURepeatV = 1,
    /// `"repeat"`.
    Repeat = 2,
    /// `"repeat_u_clamp_v"`.
    RepeatUClampV = 3,
}

/// The AS3 strings of [`MhWrapMode`], by value.
pub(crate) const WRAP_MODE_NAMES: [&CStr; 4] = [
    c"clamp",
    c"clamp_u_repeat_v",
    c"repeat",
    c"repeat_u_clamp_v",
];

/// The AS3 string of a `MhWrapMode` value (static, never freed), or null for a value
/// outside the enum.
#[no_mangle]
pub extern "C" fn mh_wrap_mode_name(value: u32) -> *const c_char {
    name_of(&WRAP_MODE_NAMES, value)
}

/// `Context3DTextureFilter`: the values, in the order of `mh_texture_filter_name`.
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MhTextureFilter {
    /// `"nearest"`.
    Nearest = 0,
    /// `"linear"`.
    Linear = 1,
    /// `"anisotropic2x"`.
    Anisotropic2x = 2,
    /// `"anisotropic4x"`.
    Anisotropic4x = 3,
    /// `"anisotropic8x"`.
    Anisotropic8x = 4,
    /// `"anisotropic16x"`.
    Anisotropic16x = 5,
}

/// The AS3 strings of [`MhTextureFilter`], by value.
pub(crate) const TEXTURE_FILTER_NAMES: [&CStr; 6] = [
    c"nearest",
    c"linear",
    c"anisotropic2x",
    c"anisotropic4x",
    c"anisotropic8x",
    c"anisotropic16x",
];

/// The AS3 string of a `MhTextureFilter` value (static, never freed), or null for a value
/// outside the enum.
#[no_mangle]
pub extern "C" fn mh_texture_filter_name(value: u32) -> *const c_char {
    name_of(&TEXTURE_FILTER_NAMES, value)
}

/// `Context3DMipFilter`: the values, in the order of `mh_mip_filter_name`.
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MhMipFilter {
    /// `"mipnone"`.
    Mipnone = 0,
    /// `"mipnearest"`.
    Mipnearest = 1,
    /// `"miplinear"`.
    Miplinear = 2,
}

/// The AS3 strings of [`MhMipFilter`], by value.
pub(crate) const MIP_FILTER_NAMES: [&CStr; 3] = [c"mipnone", c"mipnearest", c"miplinear"];

/// The AS3 string of a `MhMipFilter` value (static, never freed), or null for a value
/// outside the enum.
#[no_mangle]
pub extern "C" fn mh_mip_filter_name(value: u32) -> *const c_char {
    name_of(&MIP_FILTER_NAMES, value)
}

/// `Context3DBlendFactor`: the values, in the order of `mh_blend_factor_name`.
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MhBlendFactor {
    /// `"zero"`.
    Zero = 0,
    /// `"one"`.
    One = 1,
    /// `"sourceAlpha"`.
    SourceAlpha = 2,
    /// `"sourceColor"`.
    SourceColor = 3,
    /// `"destinationAlpha"`.
    DestinationAlpha = 4,
    /// `"destinationColor"`.
    DestinationColor = 5,
    /// `"oneMinusSourceAlpha"`.
    OneMinusSourceAlpha = 6,
    /// `"oneMinusSourceColor"`.
    OneMinusSourceColor = 7,
    /// `"oneMinusDestinationAlpha"`.
    OneMinusDestinationAlpha = 8,
    /// `"oneMinusDestinationColor"`.
    OneMinusDestinationColor = 9,
}

/// The AS3 strings of [`MhBlendFactor`], by value.
pub(crate) const BLEND_FACTOR_NAMES: [&CStr; 10] = [
    c"zero",
    c"one",
    c"sourceAlpha",
    c"sourceColor",
    c"destinationAlpha",
    c"destinationColor",
    c"oneMinusSourceAlpha",
    c"oneMinusSourceColor",
    c"oneMinusDestinationAlpha",
    c"oneMinusDestinationColor",
];

/// The AS3 string of a `MhBlendFactor` value (static, never freed), or null for a value
/// outside the enum.
#[no_mangle]
pub extern "C" fn mh_blend_factor_name(value: u32) -> *const c_char {
    name_of(&BLEND_FACTOR_NAMES, value)
}

/// `Context3DTriangleFace`: the values, in the order of `mh_triangle_face_name`.
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MhTriangleFace {
    /// `"none"`.
    None = 0,
    /// `"front"`.
    Front = 1,
    /// `"back"`.
    Back = 2,
    /// `"frontAndBack"`.
    FrontAndBack = 3,
}

/// The AS3 strings of [`MhTriangleFace`], by value.
pub(crate) const TRIANGLE_FACE_NAMES: [&CStr; 4] = [c"none", c"front", c"back", c"frontAndBack"];

/// The AS3 string of a `MhTriangleFace` value (static, never freed), or null for a value
/// outside the enum.
#[no_mangle]
pub extern "C" fn mh_triangle_face_name(value: u32) -> *const c_char {
    name_of(&TRIANGLE_FACE_NAMES, value)
}

/// `Context3DCompareMode`: the values, in the order of `mh_compare_mode_name`.
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MhCompareMode {
    /// `"always"`.
    Always = 0,
    /// `"never"`.
    Never = 1,
    /// `"equal"`.
    Equal = 2,
    /// `"notEqual"`.
    NotEqual = 3,
    /// `"less"`.
    Less = 4,
    /// `"lessEqual"`.
    LessEqual = 5,
    /// `"greater"`.
    Greater = 6,
    /// `"greaterEqual"`.
    GreaterEqual = 7,
}

/// The AS3 strings of [`MhCompareMode`], by value.
pub(crate) const COMPARE_MODE_NAMES: [&CStr; 8] = [
    c"always",
    c"never",
    c"equal",
    c"notEqual",
    c"less",
    c"lessEqual",
    c"greater",
    c"greaterEqual",
];

/// The AS3 string of a `MhCompareMode` value (static, never freed), or null for a value
/// outside the enum.
#[no_mangle]
pub extern "C" fn mh_compare_mode_name(value: u32) -> *const c_char {
    name_of(&COMPARE_MODE_NAMES, value)
}

/// `Context3DStencilAction`: the values, in the order of `mh_stencil_action_name`.
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MhStencilAction {
    /// `"keep"`.
    Keep = 0,
    /// `"zero"`.
    Zero = 1,
    /// `"set"`.
    Set = 2,
    /// `"incrementSaturate"`.
    IncrementSaturate = 3,
    /// `"incrementWrap"`.
    IncrementWrap = 4,
    /// `"decrementSaturate"`.
    DecrementSaturate = 5,
    /// `"decrementWrap"`.
    DecrementWrap = 6,
    /// `"invert"`.
    Invert = 7,
}

/// The AS3 strings of [`MhStencilAction`], by value.
pub(crate) const STENCIL_ACTION_NAMES: [&CStr; 8] = [
    c"keep",
    c"zero",
    c"set",
    c"incrementSaturate",
    c"incrementWrap",
    c"decrementSaturate",
    c"decrementWrap",
    c"invert",
];

/// The AS3 string of a `MhStencilAction` value (static, never freed), or null for a value
/// outside the enum.
#[no_mangle]
pub extern "C" fn mh_stencil_action_name(value: u32) -> *const c_char {
    name_of(&STENCIL_ACTION_NAMES, value)
}

/// `Context3DFillMode` (AIR): the values, in the order of `mh_fill_mode_name`.
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MhFillMode {
    /// `"solid"`.
    Solid = 0,
    /// `"wireframe"`.
    Wireframe = 1,
}

/// The AS3 strings of [`MhFillMode`], by value.
pub(crate) const FILL_MODE_NAMES: [&CStr; 2] = [c"solid", c"wireframe"];

/// The AS3 string of a `MhFillMode` value (static, never freed), or null for a value
/// outside the enum.
#[no_mangle]
pub extern "C" fn mh_fill_mode_name(value: u32) -> *const c_char {
    name_of(&FILL_MODE_NAMES, value)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each C enum's names are the AS3 values the facade accepts (context3d parses them).
    #[test]
    fn names_are_context3d_strings() {
        use molehill_agal::profile::Profile;
        use molehill_context3d::enums::As3Enum;
        fn check<T: As3Enum>(names: &[&CStr]) {
            assert_eq!(names.len(), T::NAMES.len());
            for n in names {
                let n = n.to_str().unwrap();
                assert!(T::from_as3(n).is_some(), "{n}");
            }
        }
        check::<molehill_context3d::BufferUsage>(&BUFFER_USAGE_NAMES);
        check::<molehill_context3d::VertexFormat>(&VERTEX_BUFFER_FORMAT_NAMES);
        check::<molehill_agal::ProgramKind>(&PROGRAM_TYPE_NAMES);
        check::<molehill_context3d::TextureFormat>(&TEXTURE_FORMAT_NAMES);
        check::<molehill_agal::Wrap>(&WRAP_MODE_NAMES);
        check::<molehill_agal::Filter>(&TEXTURE_FILTER_NAMES);
        check::<molehill_agal::MipFilter>(&MIP_FILTER_NAMES);
        check::<molehill_context3d::BlendFactor>(&BLEND_FACTOR_NAMES);
        check::<molehill_context3d::TriangleFace>(&TRIANGLE_FACE_NAMES);
        check::<molehill_context3d::CompareMode>(&COMPARE_MODE_NAMES);
        check::<molehill_context3d::StencilAction>(&STENCIL_ACTION_NAMES);
        check::<molehill_context3d::enums::RenderMode>(&RENDER_MODE_NAMES);
        assert_eq!(Profile::ALL.len(), PROFILE_NAMES.len());
        for n in PROFILE_NAMES {
            assert!(
                Profile::from_as3_name(n.to_str().unwrap()).is_some(),
                "{n:?}"
            );
        }
        assert!(mh_blend_factor_name(99).is_null());
        // SAFETY: a static C string from the table.
        let one = unsafe { CStr::from_ptr(mh_blend_factor_name(1)) };
        assert_eq!(one, c"one");
    }
}
