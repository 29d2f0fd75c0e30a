//! The AS3 enum strings of `flash.display3D` (`Context3DBlendFactor.SOURCE_ALPHA` is
//! `"sourceAlpha"`, ...): exact, case-sensitive parsing, and the name each one prints as.
//!
//! A string that is not exactly one of the accepted values is ArgumentError #2008 naming the
//! parameter as Flash names it (agal-reference.md 2.4); [`parse`] builds that error.
//!
//! Every call with an enum argument takes it as an [`EnumArg`]: the AS3 string a VM hands
//! over (`"sourceAlpha"`, parsed as Flash parses it) or the typed value
//! (`BlendFactor::SourceAlpha`, which a VM that parses its own strings into typed values passes
//! without a string: nothing to parse, nothing allocated, no #2008).

use molehill_agal::profile::Profile;
use molehill_agal::{Filter, MipFilter, ProgramKind, Wrap};

use crate::backend::{
    BlendFactor, BufferUsage, CompareMode, StencilAction, TextureFormat, TriangleFace, VertexFormat,
};
use crate::error::Context3DError;

/// An enum with AS3 string constants.
pub trait As3Enum: Sized + Copy + PartialEq + 'static {
    /// Every value with its AS3 string.
    const NAMES: &'static [(&'static str, Self)];

    /// The value of an exact AS3 string.
    fn from_as3(name: &str) -> Option<Self> {
        Self::NAMES
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| *v)
    }

    /// The AS3 string of a value.
    fn as3_name(self) -> &'static str {
        Self::NAMES
            .iter()
            .find(|(_, v)| *v == self)
            .map(|(n, _)| *n)
            .unwrap_or("")
    }
}

/// Parses `value` as a `T`, or ArgumentError #2008 naming `parameter`.
pub fn parse<T: As3Enum>(value: &str, parameter: &'static str) -> Result<T, Context3DError> {
    T::from_as3(value).ok_or(Context3DError::InvalidEnum { parameter })
}

/// An argument's AS3 spelling: what a recorder writes for it (the string as given, or the
/// typed value's AS3 string).
pub trait As3Spelled {
    /// The AS3 string.
    fn as3_str(&self) -> &str;
}

/// An enum argument of type `T` as a VM hands it to a call: the typed value itself, or its AS3
/// string (`&str`, `&String` or `&Cow<str>`), parsed exactly and case-sensitively; a string that is none
/// of `T`'s values is ArgumentError #2008 naming the parameter, at the point of the call's
/// checks where Flash checks it (after #3694 for a disposed context, for instance).
pub trait EnumArg<T>: Copy + As3Spelled {
    /// The value, or #2008 naming `parameter`.
    fn resolve(self, parameter: &'static str) -> Result<T, Context3DError>;
}

impl<T: As3Enum> As3Spelled for T {
    fn as3_str(&self) -> &str {
        self.as3_name()
    }
}

impl<T: As3Enum> EnumArg<T> for T {
    #[inline]
    fn resolve(self, _: &'static str) -> Result<T, Context3DError> {
        Ok(self)
    }
}

/// The string forms a VM may hold an AS3 string in: `&str`, `&String`, and `&Cow<str>` (what a
/// lossy UTF-8 conversion, such as `CStr::to_string_lossy` or Ruffle's `WStr::to_utf8_lossy`,
/// gives without allocating for valid text).
macro_rules! string_arg {
    ($($ty:ty),*) => {$(
        impl As3Spelled for $ty {
            fn as3_str(&self) -> &str {
                self
            }
        }

        impl<T: As3Enum> EnumArg<T> for $ty {
            fn resolve(self, parameter: &'static str) -> Result<T, Context3DError> {
                parse(self, parameter)
            }
        }
    )*};
}
string_arg!(&str, &String, &std::borrow::Cow<'_, str>);

macro_rules! as3_enum {
    ($ty:ty { $($name:literal => $value:expr,)* }) => {
        impl As3Enum for $ty {
            const NAMES: &'static [(&'static str, Self)] = &[$(($name, $value)),*];
        }
    };
}

as3_enum!(BlendFactor {
    "destinationAlpha" => BlendFactor::DestinationAlpha,
    "destinationColor" => BlendFactor::DestinationColor,
    "one" => BlendFactor::One,
    "oneMinusDestinationAlpha" => BlendFactor::OneMinusDestinationAlpha,
    "oneMinusDestinationColor" => BlendFactor::OneMinusDestinationColor,
    "oneMinusSourceAlpha" => BlendFactor::OneMinusSourceAlpha,
    "oneMinusSourceColor" => BlendFactor::OneMinusSourceColor,
    "sourceAlpha" => BlendFactor::SourceAlpha,
    "sourceColor" => BlendFactor::SourceColor,
    "zero" => BlendFactor::Zero,
});

as3_enum!(CompareMode {
    "always" => CompareMode::Always,
    "equal" => CompareMode::Equal,
    "greater" => CompareMode::Greater,
    "greaterEqual" => CompareMode::GreaterEqual,
    "less" => CompareMode::Less,
    "lessEqual" => CompareMode::LessEqual,
    "never" => CompareMode::Never,
    "notEqual" => CompareMode::NotEqual,
});

as3_enum!(TriangleFace {
    "back" => TriangleFace::Back,
    "front" => TriangleFace::Front,
    "frontAndBack" => TriangleFace::FrontAndBack,
    "none" => TriangleFace::None,
});

as3_enum!(StencilAction {
    "decrementSaturate" => StencilAction::DecrementSaturate,
    "decrementWrap" => StencilAction::DecrementWrap,
    "incrementSaturate" => StencilAction::IncrementSaturate,
    "incrementWrap" => StencilAction::IncrementWrap,
    "invert" => StencilAction::Invert,
    "keep" => StencilAction::Keep,
    "set" => StencilAction::Set,
    "zero" => StencilAction::Zero,
});

as3_enum!(VertexFormat {
    "bytes4" => VertexFormat::Bytes4,
    "float1" => VertexFormat::Float1,
    "float2" => VertexFormat::Float2,
    "float3" => VertexFormat::Float3,
    "float4" => VertexFormat::Float4,
});

as3_enum!(TextureFormat {
    "bgra" => TextureFormat::Bgra,
    "bgraPacked4444" => TextureFormat::BgraPacked4444,
    "bgrPacked565" => TextureFormat::BgrPacked565,
    "compressed" => TextureFormat::Compressed,
    "compressedAlpha" => TextureFormat::CompressedAlpha,
    "rgbaHalfFloat" => TextureFormat::RgbaHalfFloat,
});

as3_enum!(BufferUsage {
    "dynamicDraw" => BufferUsage::DynamicDraw,
    "staticDraw" => BufferUsage::StaticDraw,
});

as3_enum!(ProgramKind {
    "fragment" => ProgramKind::Fragment,
    "vertex" => ProgramKind::Vertex,
});

// `Context3DWrapMode`, `Context3DTextureFilter`, `Context3DMipFilter`: the AS3 strings are
// the AGAL assembler's canonical words.
as3_enum!(Wrap {
    "clamp" => Wrap::Clamp,
    "clamp_u_repeat_v" => Wrap::ClampURepeatV,
    "repeat" => Wrap::Repeat,
    "repeat_u_clamp_v" => Wrap::RepeatUClampV,
});

as3_enum!(Filter {
    "anisotropic16x" => Filter::Anisotropic16x,
    "anisotropic2x" => Filter::Anisotropic2x,
    "anisotropic4x" => Filter::Anisotropic4x,
    "anisotropic8x" => Filter::Anisotropic8x,
    "linear" => Filter::Linear,
    "nearest" => Filter::Nearest,
});

as3_enum!(MipFilter {
    "miplinear" => MipFilter::Linear,
    "mipnearest" => MipFilter::Nearest,
    "mipnone" => MipFilter::None,
});

/// `Context3DRenderMode` of `requestContext3D`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum RenderMode {
    /// `"auto"`: hardware if available (the default).
    #[default]
    Auto,
    /// `"software"`: Flash's software renderer (Molehill draws the same way either way).
    Software,
}

as3_enum!(RenderMode {
    "auto" => RenderMode::Auto,
    "software" => RenderMode::Software,
});

as3_enum!(Profile {
    "baseline" => Profile::Baseline,
    "baselineConstrained" => Profile::BaselineConstrained,
    "baselineExtended" => Profile::BaselineExtended,
    "enhanced" => Profile::Enhanced,
    "standard" => Profile::Standard,
    "standardConstrained" => Profile::StandardConstrained,
    "standardExtended" => Profile::StandardExtended,
});

/// `Context3DFillMode` of `setFillMode` (AIR).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum FillMode {
    /// `"solid"`: what Molehill draws (the default).
    #[default]
    Solid,
    /// `"wireframe"`: accepted, and drawn solid.
    Wireframe,
}

as3_enum!(FillMode {
    "solid" => FillMode::Solid,
    "wireframe" => FillMode::Wireframe,
});

/// Parameter names Flash prints in #2008, one constant per parameter.
pub mod param {
    /// `setCulling`.
    pub const TRIANGLE_FACE_TO_CULL: &str = "triangleFaceToCull";
    /// `setDepthTest`.
    pub const PASS_COMPARE_MODE: &str = "passCompareMode";
    /// `setBlendFactors` first argument.
    pub const SOURCE_FACTOR: &str = "sourceFactor";
    /// `setBlendFactors` second argument.
    pub const DESTINATION_FACTOR: &str = "destinationFactor";
    /// `setStencilActions` first argument.
    pub const TRIANGLE_FACE: &str = "triangleFace";
    /// `setStencilActions` second argument.
    pub const COMPARE_MODE: &str = "compareMode";
    /// `setStencilActions` third argument.
    pub const ACTION_ON_BOTH_PASS: &str = "actionOnBothPass";
    /// `setStencilActions` fourth argument.
    pub const ACTION_ON_DEPTH_FAIL: &str = "actionOnDepthFail";
    /// `setStencilActions` fifth argument.
    pub const ACTION_ON_DEPTH_PASS_STENCIL_FAIL: &str = "actionOnDepthPassStencilFail";
    /// `setSamplerStateAt` wrap.
    pub const WRAP: &str = "wrap";
    /// `setSamplerStateAt` filter.
    pub const FILTER: &str = "filter";
    /// `setSamplerStateAt` mip filter.
    pub const MIPFILTER: &str = "mipfilter";
    /// `setVertexBufferAt` format.
    pub const VERTEX_STREAM_FORMAT: &str = "vertexStreamFormat";
    /// `setProgramConstantsFrom*` programType.
    pub const PROGRAM_TYPE: &str = "programType";
    /// `create*Texture` format.
    pub const TEXTURE_FORMAT: &str = "textureFormat";
    /// `create*Buffer` bufferUsage.
    pub const BUFFER_USAGE: &str = "bufferUsage";
    /// `requestContext3D` profile.
    pub const PROFILE: &str = "profile";
    /// `requestContext3DMatchingProfiles` profiles.
    pub const PROFILES: &str = "profiles";
    /// `requestContext3D` context3DRenderMode.
    pub const RENDER_MODE: &str = "context3DRenderMode";
    /// `setFillMode` fillMode.
    pub const FILL_MODE: &str = "fillMode";
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip<T: As3Enum + PartialEq + std::fmt::Debug>() {
        for (name, value) in T::NAMES {
            assert_eq!(T::from_as3(name), Some(*value));
            assert_eq!(value.as3_name(), *name);
            // Case-sensitive: an upper-cased first letter never parses.
            let mut upper = name.to_string();
            upper[..1].make_ascii_uppercase();
            assert_eq!(T::from_as3(&upper), None, "{upper}");
            assert_eq!(T::from_as3(&name.to_ascii_uppercase()), None);
        }
        assert_eq!(T::from_as3(""), None);
        assert_eq!(T::from_as3("garbage"), None);
    }

    #[test]
    fn every_enum_round_trips_and_is_case_sensitive() {
        round_trip::<BlendFactor>();
        round_trip::<CompareMode>();
        round_trip::<TriangleFace>();
        round_trip::<StencilAction>();
        round_trip::<VertexFormat>();
        round_trip::<TextureFormat>();
        round_trip::<BufferUsage>();
        round_trip::<ProgramKind>();
        round_trip::<Wrap>();
        round_trip::<Filter>();
        round_trip::<MipFilter>();
        round_trip::<RenderMode>();
        round_trip::<Profile>();
        round_trip::<FillMode>();
    }

    #[test]
    fn profile_names_are_agals() {
        assert_eq!(Profile::NAMES.len(), Profile::ALL.len());
        for p in Profile::ALL {
            assert_eq!(As3Enum::as3_name(p), p.as3_name());
        }
    }

    #[test]
    fn an_enum_argument_is_a_value_or_its_string() {
        fn resolve<A: EnumArg<BlendFactor>>(a: A) -> Result<BlendFactor, Context3DError> {
            a.resolve(param::SOURCE_FACTOR)
        }
        assert_eq!(
            resolve(BlendFactor::SourceAlpha),
            Ok(BlendFactor::SourceAlpha)
        );
        assert_eq!(resolve("sourceAlpha"), Ok(BlendFactor::SourceAlpha));
        assert_eq!(resolve(&"zero".to_string()), Ok(BlendFactor::Zero));
        assert_eq!(
            resolve("SourceAlpha"),
            Err(Context3DError::InvalidEnum {
                parameter: param::SOURCE_FACTOR
            })
        );
        assert_eq!(BlendFactor::SourceAlpha.as3_str(), "sourceAlpha");
        assert_eq!("garbage".as3_str(), "garbage");
    }

    #[test]
    fn counts_match_flash() {
        assert_eq!(BlendFactor::NAMES.len(), 10);
        assert_eq!(CompareMode::NAMES.len(), 8);
        assert_eq!(StencilAction::NAMES.len(), 8);
        assert_eq!(TextureFormat::NAMES.len(), 6);
        assert_eq!(Filter::NAMES.len(), 6);
        assert_eq!(Wrap::NAMES.len(), 4);
    }

    #[test]
    fn parse_error_names_the_parameter() {
        let e = parse::<CompareMode>("Always", param::PASS_COMPARE_MODE).unwrap_err();
        let f = e.to_flash();
        assert_eq!(f.class, molehill_agal::flash::ErrorClass::ArgumentError);
        assert_eq!(f.id, 2008);
        assert_eq!(
            f.message,
            "Error #2008: Parameter passCompareMode must be one of the accepted values."
        );
        assert_eq!(
            parse::<CompareMode>("lessEqual", param::PASS_COMPARE_MODE),
            Ok(CompareMode::LessEqual)
        );
    }
}
