//! Sampler options: the words of `<...>` (`[\w.\-+]+`, from the `<` to the end of the line),
//! the flag table, and the LOD bias as AS3's `Number()` and `int()` compute it.

use super::error::Quirk;
use super::lines::Span;
use crate::model::{Dimension, Filter, MipFilter, Sampler, SpecialFlags, TextureFormat, Wrap};

/// The fields of the sampler word, by their shift.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Field {
    Format = 8,
    Dimension = 12,
    Special = 16,
    Wrap = 20,
    Mip = 24,
    Filter = 28,
}

/// Adobe's `SAMPLEMAP`: a flag word's field and value (case-sensitive).
pub(super) fn flag_word(word: &str) -> Option<(Field, u8)> {
    use Field as F;
    Some(match word {
        "rgba" => (F::Format, 0),
        "dxt1" | "compressed" => (F::Format, 1),
        "dxt5" | "compressedalpha" => (F::Format, 2),
        "video" => (F::Format, 3),
        "2d" => (F::Dimension, 0),
        "cube" => (F::Dimension, 1),
        "3d" => (F::Dimension, 2),
        "centroid" => (F::Special, 1),
        "single" => (F::Special, 2),
        "ignoresampler" => (F::Special, 4),
        "clamp" => (F::Wrap, 0),
        "repeat" | "wrap" => (F::Wrap, 1),
        "clamp_u_repeat_v" => (F::Wrap, 2),
        "repeat_u_clamp_v" => (F::Wrap, 3),
        "mipnone" | "nomip" => (F::Mip, 0),
        "mipnearest" => (F::Mip, 1),
        "miplinear" => (F::Mip, 2),
        "nearest" => (F::Filter, 0),
        "linear" => (F::Filter, 1),
        "anisotropic2x" => (F::Filter, 2),
        "anisotropic4x" => (F::Filter, 3),
        "anisotropic8x" => (F::Filter, 4),
        "anisotropic16x" => (F::Filter, 5),
        _ => return None,
    })
}

fn is_option_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'-' | b'+')
}

/// The option words of `<...>` text: `match(/([\w\.\-\+]+)/gi)`.
pub(super) fn words(options: Span<'_>) -> Vec<Span<'_>> {
    let b = options.text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if is_option_char(b[i]) {
            let start = i;
            while i < b.len() && is_option_char(b[i]) {
                i += 1;
            }
            out.push(options.slice(start, i));
        } else {
            i += 1;
        }
    }
    out
}

/// The first character of `<...>` text that is neither part of a word nor a separator (space,
/// tab, comma, `<`, `>`): Adobe's assembler ignores it.
pub(super) fn stray_char(options: Span<'_>) -> Option<Span<'_>> {
    let b = options.text.as_bytes();
    let i = b
        .iter()
        .position(|c| !(is_option_char(*c) || matches!(c, b' ' | b'\t' | b',' | b'<' | b'>')))?;
    let len = options.text[i..].chars().next().map_or(1, char::len_utf8);
    Some(options.slice(i, i + len))
}

/// AS3's `Number(string)` for the strings an option word can be (ECMAScript 3 ToNumber:
/// decimal with optional sign and exponent, `0x` hexadecimal, `Infinity`; anything else NaN).
pub(super) fn as3_number(s: &str) -> f64 {
    let b = s.as_bytes();
    if b.len() > 2 && (s.starts_with("0x") || s.starts_with("0X")) {
        return b[2..]
            .iter()
            .try_fold(0.0f64, |acc, c| {
                char::from(*c)
                    .to_digit(16)
                    .map(|d| acc * 16.0 + f64::from(d))
            })
            .unwrap_or(f64::NAN);
    }
    let (negative, body) = match b.first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    let sign = if negative { -1.0 } else { 1.0 };
    if body == "Infinity" {
        return sign * f64::INFINITY;
    }
    if !is_decimal_literal(body.as_bytes()) {
        return f64::NAN;
    }
    body.parse::<f64>().map_or(f64::NAN, |v| sign * v)
}

/// `digits [. digits] | . digits`, then an optional `e[+-]digits`.
fn is_decimal_literal(b: &[u8]) -> bool {
    let int = b.iter().take_while(|c| c.is_ascii_digit()).count();
    let mut i = int;
    let mut frac = 0;
    if b.get(i) == Some(&b'.') {
        i += 1;
        frac = b[i..].iter().take_while(|c| c.is_ascii_digit()).count();
        i += frac;
    }
    if int + frac == 0 {
        return false;
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(b.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        let exp = b[i.min(b.len())..]
            .iter()
            .take_while(|c| c.is_ascii_digit())
            .count();
        if exp == 0 {
            return false;
        }
        i += exp;
    }
    i == b.len()
}

/// ECMAScript's ToInt32.
fn to_int32(value: f64) -> i32 {
    super::operands::to_uint32(value) as i32
}

/// The sampler operand Adobe writes for `options` (the words of the current `<...>`), with
/// the quirks met, each at the word it is about.
pub(super) fn evaluate<'a>(index: u16, options: &[Span<'a>]) -> (Sampler, Vec<(Span<'a>, Quirk)>) {
    let mut bits: u32 = 5;
    let mut bias = 0.0f64;
    let mut bias_word: Option<Span<'a>> = None;
    let mut last: Vec<(Field, u8, Span<'a>)> = Vec::new();
    let mut quirks = Vec::new();
    for word in options {
        match flag_word(word.text) {
            Some((field, value)) => {
                let shift = field as u32;
                if field != Field::Special {
                    bits &= !(0xF << shift);
                    if let Some((_, v, first)) = last.iter().rev().find(|(f, _, _)| *f == field) {
                        if *v != value {
                            quirks.push((
                                *word,
                                Quirk::ConflictingSamplerOptions {
                                    first: first.text.to_string(),
                                    second: word.text.to_string(),
                                },
                            ));
                        }
                    }
                    last.push((field, value, *word));
                }
                bits |= u32::from(value) << shift;
            }
            None => {
                let value = as3_number(word.text);
                if value.is_nan() {
                    quirks.push((
                        *word,
                        Quirk::UnknownSamplerOption {
                            word: word.text.to_string(),
                        },
                    ));
                } else if let Some(first) = bias_word {
                    if as3_number(first.text) != value {
                        quirks.push((
                            *word,
                            Quirk::ConflictingSamplerOptions {
                                first: first.text.to_string(),
                                second: word.text.to_string(),
                            },
                        ));
                    }
                }
                bias = value;
                bias_word = Some(*word);
            }
        }
    }
    let scaled = bias * 8.0;
    let byte = to_int32(scaled) as u8 as i8;
    if let Some(word) = bias_word {
        let in_range = scaled > -129.0 && scaled < 128.0;
        if !bias.is_nan() && !in_range {
            quirks.push((
                word,
                Quirk::LodBiasOutOfRange {
                    word: word.text.to_string(),
                    byte,
                },
            ));
        }
    }
    let nibble = |field: Field| ((bits >> field as u32) & 0xF) as u8;
    let sampler = Sampler {
        index,
        lod_bias: byte,
        format: TextureFormat::from_code(nibble(Field::Format)).unwrap_or_default(),
        dimension: Dimension::from_code(nibble(Field::Dimension)).unwrap_or_default(),
        special: SpecialFlags::from_code(nibble(Field::Special)).unwrap_or_default(),
        wrap: Wrap::from_code(nibble(Field::Wrap)).unwrap_or_default(),
        mip: MipFilter::from_code(nibble(Field::Mip)).unwrap_or_default(),
        filter: Filter::from_code(nibble(Field::Filter)).unwrap_or_default(),
    };
    (sampler, quirks)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn span(text: &str) -> Span<'_> {
        Span { text, start: 0 }
    }

    #[test]
    fn numbers_like_as3() {
        assert_eq!(as3_number("2.0"), 2.0);
        assert_eq!(as3_number("-1"), -1.0);
        assert_eq!(as3_number("+.5"), 0.5);
        assert_eq!(as3_number("5."), 5.0);
        assert_eq!(as3_number("1e1"), 10.0);
        assert_eq!(as3_number("1.5E-1"), 0.15);
        assert_eq!(as3_number("0x10"), 16.0);
        assert_eq!(as3_number("-Infinity"), f64::NEG_INFINITY);
        for nan in [
            "linear2", "1e", ".", "1.2.3", "0x", "-0x10", "inf", "nan", "1_0", "e5", "--1",
        ] {
            assert!(as3_number(nan).is_nan(), "{nan}");
        }
    }

    #[test]
    fn words_and_stray_characters() {
        let w: Vec<_> = words(span("< 2d , linear;-1.5>x"))
            .into_iter()
            .map(|s| s.text)
            .collect();
        assert_eq!(w, ["2d", "linear", "-1.5", "x"]);
        assert_eq!(stray_char(span("<2d;linear>")).map(|s| s.text), Some(";"));
        assert_eq!(stray_char(span("<2d, linear>")), None);
    }

    #[test]
    fn bias_wraps_like_write_byte() {
        let eval = |t: &str| {
            let ws = words(span(t));
            let (s, q) = evaluate(0, &ws);
            (s.lod_bias, q.len())
        };
        assert_eq!(eval("<2.0>"), (16, 0));
        assert_eq!(eval("<-0.375>"), (-3, 0));
        assert_eq!(eval("<0.1>"), (0, 0));
        assert_eq!(eval("<15.875>"), (127, 0));
        assert_eq!(eval("<16>"), (-128, 1));
        assert_eq!(eval("<-16.1>"), (-128, 0));
        assert_eq!(eval("<-16.2>"), (127, 1));
        assert_eq!(eval("<2.0,oops>"), (0, 1));
        assert_eq!(eval("<Infinity>"), (0, 1));
    }
}
