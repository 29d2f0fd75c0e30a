//! Ruffle's AVM2 arguments as the typed arguments `molehill_player` takes (docs/player.md,
//! section 2.1), with no heap allocation per call: an enum `String` is parsed from the code
//! units Ruffle holds it in (`WStr::units`: Latin-1 bytes or UTF-16) into Molehill's enum, as
//! Ruffle's own natives parse it into theirs (`FromWStr`: the string compared with each name),
//! and a `Vector.<Number>`, `Vector.<uint>` or `BitmapData` is converted into a buffer its
//! Context3D object keeps ([`Scratch`]), which allocates only when it grows.

use std::borrow::Cow;

use molehill_context3d::Context3DError;
use molehill_player::{As3Enum, As3Spelled, EnumArg};

/// An AS3 string's code units as Ruffle holds them (`ruffle_wstr::Units` of `WStr::units`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Units<'a> {
    /// One byte per character (Latin-1).
    Latin1(&'a [u8]),
    /// UTF-16 code units.
    Utf16(&'a [u16]),
}

impl Units<'_> {
    /// Whether these units spell the ASCII string `name` exactly (case-sensitively).
    pub fn spell(self, name: &str) -> bool {
        let name = name.as_bytes();
        match self {
            Units::Latin1(bytes) => bytes == name,
            Units::Utf16(wide) => {
                wide.len() == name.len() && wide.iter().zip(name).all(|(&w, &b)| w == u16::from(b))
            }
        }
    }
}

/// The value of `T` whose AS3 string `units` spell exactly, if any.
pub fn parse_enum<T: As3Enum>(units: Units<'_>) -> Option<T> {
    T::NAMES
        .iter()
        .find(|(name, _)| units.spell(name))
        .map(|&(_, value)| value)
}

/// An enum argument as a native hands it to Molehill (as `&EnumString<T>`, an
/// `EnumArg<T>`): the typed value when the string is one of `T`'s, else the string itself,
/// which Molehill answers with ArgumentError #2008 at the point of its checks where Flash does
/// (after #3694 for a disposed context, for instance).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EnumString<T> {
    /// One of `T`'s AS3 strings.
    Typed(T),
    /// Any other string; `"null"` for AS3's `null` where a parameter allows it.
    Other(Cow<'static, str>),
}

impl<T: As3Enum> EnumString<T> {
    /// Parses `units` (no allocation); only a string that is none of `T`'s is made into text
    /// (`text`, called then: Ruffle's `to_utf8_lossy`), for the error Molehill gives.
    pub fn parse(units: Units<'_>, text: impl FnOnce() -> String) -> EnumString<T> {
        match parse_enum(units) {
            Some(value) => EnumString::Typed(value),
            None => EnumString::Other(Cow::Owned(text())),
        }
    }

    /// AS3's `null` where the parameter allows it, as AS3 coerces it to a `String`.
    pub fn null() -> EnumString<T> {
        EnumString::Other(Cow::Borrowed("null"))
    }
}

impl<T: As3Enum> As3Spelled for &EnumString<T> {
    fn as3_str(&self) -> &str {
        match self {
            EnumString::Typed(value) => value.as3_name(),
            EnumString::Other(text) => text,
        }
    }
}

impl<T: As3Enum> EnumArg<T> for &EnumString<T> {
    #[inline]
    fn resolve(self, parameter: &'static str) -> Result<T, Context3DError> {
        match self {
            EnumString::Typed(value) => Ok(*value),
            EnumString::Other(text) => EnumArg::<T>::resolve(text.as_ref(), parameter),
        }
    }
}

/// Buffers a Ruffle `Context3D` object keeps for converting its calls' arguments: each call
/// refills one and hands Molehill a slice of it, so only a call whose argument is larger than
/// any before allocates (the buffer grows; it is never shrunk while the object lives).
#[derive(Debug, Default)]
pub struct Scratch {
    floats: Vec<f32>,
    uints: Vec<u32>,
    pixels: Vec<u32>,
}

impl Scratch {
    /// `Vector.<Number>` values as the 32-bit floats Molehill stores (an `f64` rounded to
    /// `f32`, as Flash and Molehill's own `f64` path round it).
    pub fn floats(&mut self, values: impl IntoIterator<Item = f64>) -> &[f32] {
        self.floats.clear();
        self.floats.extend(values.into_iter().map(|v| v as f32));
        &self.floats
    }

    /// `Vector.<uint>` values (index uploads).
    pub fn uints(&mut self, values: impl IntoIterator<Item = u32>) -> &[u32] {
        self.uints.clear();
        self.uints.extend(values);
        &self.uints
    }

    /// A `BitmapData`'s pixels as Molehill's `0xAARRGGBB` words, which a call may also write
    /// (`drawToBitmapData`).
    pub fn pixels(&mut self, values: impl IntoIterator<Item = u32>) -> &mut [u32] {
        self.pixels.clear();
        self.pixels.extend(values);
        &mut self.pixels
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use molehill_player::{BlendFactor, CompareMode, TextureFormat, VertexFormat};

    fn wide(s: &str) -> Vec<u16> {
        s.encode_utf16().collect()
    }

    #[test]
    fn every_name_parses_from_latin1_and_utf16() {
        fn all<T: As3Enum + std::fmt::Debug>() {
            for &(name, value) in T::NAMES {
                assert_eq!(parse_enum::<T>(Units::Latin1(name.as_bytes())), Some(value));
                assert_eq!(parse_enum::<T>(Units::Utf16(&wide(name))), Some(value));
            }
        }
        all::<BlendFactor>();
        all::<CompareMode>();
        all::<TextureFormat>();
        all::<VertexFormat>();
    }

    #[test]
    fn only_exact_spellings_parse() {
        for s in ["One", "one ", "on", "", "\u{e9}one"] {
            let latin1: Vec<u8> = s.chars().map(|c| c as u8).collect();
            assert_eq!(
                parse_enum::<BlendFactor>(Units::Latin1(&latin1)),
                None,
                "{s:?}"
            );
            assert_eq!(
                parse_enum::<BlendFactor>(Units::Utf16(&wide(s))),
                None,
                "{s:?}"
            );
        }
        // A UTF-16 unit whose low byte is an ASCII letter is not that letter.
        let mut near = wide("one");
        near[0] += 0x100;
        assert_eq!(parse_enum::<BlendFactor>(Units::Utf16(&near)), None);
    }

    #[test]
    fn an_unknown_string_is_passed_on_for_molehills_2008() {
        let arg = EnumString::<BlendFactor>::parse(Units::Latin1(b"ONE"), || "ONE".into());
        assert_eq!(arg, EnumString::Other("ONE".into()));
        assert_eq!(
            EnumArg::<BlendFactor>::resolve(&arg, "sourceFactor"),
            Err(Context3DError::InvalidEnum {
                parameter: "sourceFactor"
            })
        );
        assert_eq!((&arg).as3_str(), "ONE");
        let typed = EnumString::<BlendFactor>::parse(Units::Latin1(b"zero"), || unreachable!());
        assert_eq!(EnumArg::resolve(&typed, "x"), Ok(BlendFactor::Zero));
        assert_eq!((&typed).as3_str(), "zero");
        assert_eq!((&EnumString::<VertexFormat>::null()).as3_str(), "null");
    }

    #[test]
    fn scratch_converts_and_keeps_its_buffers() {
        let mut s = Scratch::default();
        assert_eq!(s.floats([0.1, 2.0]), [0.1f64 as f32, 2.0]);
        assert_eq!(s.floats([3.0]), [3.0]);
        assert_eq!(s.uints([1, 2, 3]), [1, 2, 3]);
        let p = s.pixels([0xFF00_0000, 1]);
        p[1] = 7;
        assert_eq!(s.pixels.as_slice(), [0xFF00_0000, 7]);
    }
}
