//! The sampler operand of `tex`, `ted` and `tld`: register number, LOD bias and the flags.
//!
//! Bits of the 64-bit field (see `agal-reference.md` 1.5 and 1.7): number (0-15), LOD bias
//! (16-23, signed, in 1/8), a reserved byte (24-31), register type 5 (32-39), format (40-43),
//! dimension (44-47), special flags (48-51), wrap (52-55), mip filter (56-59), filter (60-63).

macro_rules! field_enum {
    ($(#[$doc:meta])* $name:ident { $($(#[$vdoc:meta])* $variant:ident = $value:literal, $word:literal;)* }) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
        pub enum $name {
            $(
                #[doc = concat!("`", $word, "` (", stringify!($value), ").")]
                $(#[$vdoc])*
                $variant,
            )*
        }

        impl $name {
            /// Every value, in code order.
            pub const ALL: &'static [$name] = &[$($name::$variant),*];

            /// The 4-bit field value.
            pub fn code(self) -> u8 {
                match self { $($name::$variant => $value,)* }
            }

            /// The value of a 4-bit field, `None` when unknown.
            pub fn from_code(code: u8) -> Option<$name> {
                match code { $($value => Some($name::$variant),)* _ => None }
            }

            /// The canonical assembler option word.
            pub fn word(self) -> &'static str {
                match self { $($name::$variant => $word,)* }
            }
        }
    };
}

field_enum! {
    /// Texture format bits, what the program expects to read (Flash error #3763 on mismatch).
    TextureFormat {
        #[default]
        Rgba = 0, "rgba";
        /// Also `compressed` in assembly.
        Dxt1 = 1, "dxt1";
        /// Also `compressedalpha` in assembly.
        Dxt5 = 2, "dxt5";
        Video = 3, "video";
    }
}

field_enum! {
    /// Sampler dimension. `3d` is known to the assembler and rejected by the player (#3664).
    Dimension {
        #[default]
        TwoD = 0, "2d";
        Cube = 1, "cube";
        ThreeD = 2, "3d";
    }
}

field_enum! {
    /// Texture coordinate wrapping.
    Wrap {
        #[default]
        Clamp = 0, "clamp";
        /// Also `wrap` in assembly.
        Repeat = 1, "repeat";
        ClampURepeatV = 2, "clamp_u_repeat_v";
        RepeatUClampV = 3, "repeat_u_clamp_v";
    }
}

field_enum! {
    /// Mipmap filter.
    MipFilter {
        /// Also `nomip` in assembly.
        #[default]
        None = 0, "mipnone";
        Nearest = 1, "mipnearest";
        Linear = 2, "miplinear";
    }
}

field_enum! {
    /// Texture filter.
    Filter {
        #[default]
        Nearest = 0, "nearest";
        Linear = 1, "linear";
        Anisotropic2x = 2, "anisotropic2x";
        Anisotropic4x = 3, "anisotropic4x";
        Anisotropic8x = 4, "anisotropic8x";
        Anisotropic16x = 5, "anisotropic16x";
    }
}

/// The special flags nibble: `centroid` (1), `single` (2), `ignoresampler` (4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct SpecialFlags(u8);

impl SpecialFlags {
    /// `centroid`.
    pub const CENTROID: SpecialFlags = SpecialFlags(1);
    /// `single`.
    pub const SINGLE: SpecialFlags = SpecialFlags(2);
    /// `ignoresampler`: keep the sampler state set by `setSamplerStateAt`.
    pub const IGNORE_SAMPLER: SpecialFlags = SpecialFlags(4);
    /// Every known flag.
    pub const KNOWN: SpecialFlags = SpecialFlags(7);

    /// The flags of a 4-bit field, `None` when an unknown bit (8) is set (#3668).
    pub fn from_code(code: u8) -> Option<SpecialFlags> {
        (code & !7 == 0).then_some(SpecialFlags(code))
    }

    /// The 4-bit value.
    pub fn code(self) -> u8 {
        self.0
    }

    /// Whether every flag of `other` is set.
    pub fn contains(self, other: SpecialFlags) -> bool {
        self.0 & other.0 == other.0
    }

    /// Both sets of flags.
    pub fn union(self, other: SpecialFlags) -> SpecialFlags {
        SpecialFlags(self.0 | other.0)
    }

    /// The option words of the set flags, in bit order.
    pub fn words(self) -> impl Iterator<Item = &'static str> {
        [(1, "centroid"), (2, "single"), (4, "ignoresampler")]
            .into_iter()
            .filter(move |(bit, _)| self.0 & bit != 0)
            .map(|(_, w)| w)
    }
}

/// A sampler operand: `fsN <flags>` (or `vsN` for `tld`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Sampler {
    /// Sampler register number.
    pub index: u16,
    /// LOD bias in eighths of a level (`<2.0>` -> 16), as the signed byte of the bytecode.
    pub lod_bias: i8,
    /// What the program expects to read.
    pub format: TextureFormat,
    /// 2D, cube (or 3D, which the player rejects).
    pub dimension: Dimension,
    /// centroid / single / ignoresampler.
    pub special: SpecialFlags,
    /// Coordinate wrapping.
    pub wrap: Wrap,
    /// Mipmap filter.
    pub mip: MipFilter,
    /// Texture filter.
    pub filter: Filter,
}

impl Sampler {
    /// The LOD bias in levels (byte / 8).
    pub fn lod_bias_levels(&self) -> f32 {
        f32::from(self.lod_bias) / 8.0
    }

    /// The flags as the 32-bit high word of the operand (what the corpus notes call the
    /// "sampler word"): type 5, format, dimension, special, wrap, mip, filter.
    pub fn flags_word(&self) -> u32 {
        5 | u32::from(self.format.code()) << 8
            | u32::from(self.dimension.code()) << 12
            | u32::from(self.special.code()) << 16
            | u32::from(self.wrap.code()) << 20
            | u32::from(self.mip.code()) << 24
            | u32::from(self.filter.code()) << 28
    }

    /// Whether two uses of one sampler register agree on every property (Flash error #3696
    /// when they do not): everything but the register number.
    pub fn same_properties(&self, other: &Sampler) -> bool {
        Sampler { index: 0, ..*self } == Sampler { index: 0, ..*other }
    }
}
