//! Trace values as AS3 argument types: numbers in `int`/`uint` range, strings, vectors, and the
//! value constructors (`rect`, `bytes`, `bytesFile`, `hexFile`, `agal`, `agalFile`, `bitmap`,
//! `bitmapFile`; `docs/trace-format.md`, section 3). Each failure names the value's position.

use molehill_agal::{ProgramKind, Version};

use super::error::{ParseError, ParseErrorKind as K};
use super::model::{
    AgalSource, BitmapArg, ByteArrayArg, ByteSource, Endian, Point, Pos, Rect,
    MAX_BITMAP_SIDE as MAX_SIDE,
};
use super::syntax::{Arg, Args, Names, Value};

pub(crate) fn expected(arg: &Arg, what: &'static str) -> ParseError {
    ParseError::new(
        arg.pos,
        K::Expected {
            expected: what,
            found: arg.value.describe(),
        },
    )
}

pub(crate) fn to_number(arg: &Arg) -> Result<f64, ParseError> {
    match arg.value {
        Value::Number(n) => Ok(n),
        _ => Err(expected(arg, "a number")),
    }
}

/// A whole number in `min..=max`.
pub(crate) fn to_whole(arg: &Arg, ty: &'static str, min: f64, max: f64) -> Result<f64, ParseError> {
    let n = to_number(arg)?;
    if n.fract() == 0.0 && n >= min && n <= max {
        Ok(n)
    } else {
        Err(ParseError::new(arg.pos, K::NotAnInteger { ty, value: n }))
    }
}

pub(crate) fn to_i32(arg: &Arg) -> Result<i32, ParseError> {
    Ok(to_whole(arg, "int", f64::from(i32::MIN), f64::from(i32::MAX))? as i32)
}

pub(crate) fn to_u32(arg: &Arg, ty: &'static str) -> Result<u32, ParseError> {
    Ok(to_whole(arg, ty, 0.0, f64::from(u32::MAX))? as u32)
}

pub(crate) fn to_u8(arg: &Arg) -> Result<u8, ParseError> {
    Ok(to_whole(arg, "tolerance (0..255)", 0.0, 255.0)? as u8)
}

pub(crate) fn to_bool(arg: &Arg) -> Result<bool, ParseError> {
    match arg.value {
        Value::Bool(b) => Ok(b),
        _ => Err(expected(arg, "`true` or `false`")),
    }
}

pub(crate) fn to_string(arg: &Arg) -> Result<String, ParseError> {
    match &arg.value {
        Value::Str(s) => Ok(s.clone()),
        _ => Err(expected(arg, "a string")),
    }
}

pub(crate) fn to_array(arg: &Arg) -> Result<&[Arg], ParseError> {
    match &arg.value {
        Value::Array(items) => Ok(items),
        _ => Err(expected(arg, "a vector `[...]`")),
    }
}

pub(crate) fn to_numbers(arg: &Arg) -> Result<Vec<f64>, ParseError> {
    to_array(arg)?.iter().map(to_number).collect()
}

pub(crate) fn to_uints(arg: &Arg) -> Result<Vec<u32>, ParseError> {
    to_array(arg)?.iter().map(|a| to_u32(a, "uint")).collect()
}

pub(crate) fn to_strings(arg: &Arg) -> Result<Vec<String>, ParseError> {
    to_array(arg)?.iter().map(to_string).collect()
}

pub(crate) fn ctor<'v>(
    arg: &'v Arg,
    what: &'static str,
) -> Result<(&'v str, &'v [Arg], Pos), ParseError> {
    match &arg.value {
        Value::Ctor { name, args, close } => Ok((name.as_str(), args, *close)),
        _ => Err(expected(arg, what)),
    }
}

pub(crate) fn to_rect_or_null(arg: &Arg) -> Result<Option<Rect>, ParseError> {
    if let Value::Null = arg.value {
        return Ok(None);
    }
    let (name, items, close) = ctor(arg, "`rect(x, y, width, height)` or `null`")?;
    if name != "rect" {
        return Err(expected(arg, "`rect(x, y, width, height)` or `null`"));
    }
    let names = Names::new();
    let mut a = Args::new("rect", items.to_vec(), close, &names);
    let r = Rect {
        x: a.req("x", |v, _| to_number(v))?,
        y: a.req("y", |v, _| to_number(v))?,
        width: a.req("width", |v, _| to_number(v))?,
        height: a.req("height", |v, _| to_number(v))?,
    };
    a.finish()?;
    Ok(Some(r))
}

pub(crate) fn to_point_or_null(arg: &Arg) -> Result<Option<Point>, ParseError> {
    if let Value::Null = arg.value {
        return Ok(None);
    }
    let (name, items, close) = ctor(arg, "`point(x, y)` or `null`")?;
    if name != "point" {
        return Err(expected(arg, "`point(x, y)` or `null`"));
    }
    let names = Names::new();
    let mut a = Args::new("point", items.to_vec(), close, &names);
    let p = Point {
        x: a.req("x", |v, _| to_number(v))?,
        y: a.req("y", |v, _| to_number(v))?,
    };
    a.finish()?;
    Ok(Some(p))
}

pub(crate) fn parse_hex(arg: &Arg, text: &str) -> Result<Vec<u8>, ParseError> {
    let digits: Vec<u8> = text
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| c.to_digit(16).map(|d| d as u8))
        .collect::<Option<_>>()
        .ok_or_else(|| {
            ParseError::new(arg.pos, K::BadHex("a character that is not a hex digit"))
        })?;
    if !digits.len().is_multiple_of(2) {
        return Err(ParseError::new(
            arg.pos,
            K::BadHex("an odd number of hex digits"),
        ));
    }
    Ok(digits.chunks(2).map(|p| p[0] << 4 | p[1]).collect())
}

/// Hex text (whitespace ignored) to bytes; `None` when malformed. Used for `hexFile` at replay.
pub fn hex_to_bytes(text: &str) -> Option<Vec<u8>> {
    let arg = Arg {
        pos: Pos::default(),
        value: Value::Null,
    };
    parse_hex(&arg, text).ok()
}

pub(crate) fn to_program_kind(arg: &Arg) -> Result<ProgramKind, ParseError> {
    let s = to_string(arg)?;
    match s.as_str() {
        "vertex" => Ok(ProgramKind::Vertex),
        "fragment" => Ok(ProgramKind::Fragment),
        _ => Err(ParseError::new(arg.pos, K::BadProgramType(s))),
    }
}

pub(crate) fn to_version(arg: &Arg) -> Result<Version, ParseError> {
    let n = to_number(arg)?;
    if n.fract() == 0.0 && (1.0..=3.0).contains(&n) {
        Version::from_number(n as u32).ok_or(ParseError::new(arg.pos, K::BadAgalVersion(n)))
    } else {
        Err(ParseError::new(arg.pos, K::BadAgalVersion(n)))
    }
}

pub(crate) fn to_endian(arg: &Arg) -> Result<Endian, ParseError> {
    let s = to_string(arg)?;
    Endian::from_as3_name(&s).ok_or_else(|| ParseError::new(arg.pos, K::BadEndian(s)))
}

const BYTES_WHAT: &str =
    "a ByteArray: `bytes(...)`, `bytesFile(...)`, `hexFile(...)`, `agal(...)` or `agalFile(...)`";

pub(crate) fn to_bytes(arg: &Arg) -> Result<ByteArrayArg, ParseError> {
    let (name, items, close) = ctor(arg, BYTES_WHAT)?;
    let names = Names::new();
    let (method, agal_file) = match name {
        "bytes" => ("bytes", false),
        "bytesFile" => ("bytesFile", false),
        "hexFile" => ("hexFile", false),
        "agal" => ("agal", false),
        "agalFile" => ("agalFile", true),
        _ => return Err(expected(arg, BYTES_WHAT)),
    };
    let mut a = Args::new(method, items.to_vec(), close, &names);
    let out = match method {
        "agal" | "agalFile" => {
            let kind = a.req("type", |v, _| to_program_kind(v))?;
            let text = a.req(if agal_file { "file" } else { "source" }, |v, _| {
                to_string(v)
            })?;
            let version = a.opt(Version::V1, |v, _| to_version(v))?;
            let source = if agal_file {
                AgalSource::File(text)
            } else {
                AgalSource::Inline(text)
            };
            ByteArrayArg {
                source: ByteSource::Agal {
                    kind,
                    version,
                    source,
                },
                endian: Endian::Little,
                position: 0,
            }
        }
        _ => {
            let source = match method {
                "bytes" => a.req("hex", |v, _| {
                    let text = to_string(v)?;
                    parse_hex(v, &text).map(ByteSource::Inline)
                })?,
                "bytesFile" => ByteSource::File(a.req("file", |v, _| to_string(v))?),
                _ => ByteSource::HexFile(a.req("file", |v, _| to_string(v))?),
            };
            let endian = a.opt(Endian::Little, |v, _| to_endian(v))?;
            let position = a.opt(0, |v, _| to_u32(v, "uint"))?;
            ByteArrayArg {
                source,
                endian,
                position,
            }
        }
    };
    a.finish()?;
    Ok(out)
}

/// Largest BitmapData side we accept in a trace.
const MAX_BITMAP_SIDE: f64 = MAX_SIDE as f64;

pub(crate) fn to_bitmap(arg: &Arg) -> Result<BitmapArg, ParseError> {
    const WHAT: &str =
        "a BitmapData: `bitmap(w, h, fill)`, `bitmap(w, h, [pixels])` or `bitmapFile(...)`";
    let (name, items, close) = ctor(arg, WHAT)?;
    let names = Names::new();
    match name {
        "bitmap" => {
            let mut a = Args::new("bitmap", items.to_vec(), close, &names);
            let w = a.req("width", |v, _| to_number(v))?;
            let h = a.req("height", |v, _| to_number(v))?;
            let size_ok = |n: f64| n.fract() == 0.0 && (1.0..=MAX_BITMAP_SIDE).contains(&n);
            if !size_ok(w) || !size_ok(h) {
                return Err(ParseError::new(
                    arg.pos,
                    K::BitmapSize {
                        width: w,
                        height: h,
                    },
                ));
            }
            let (width, height) = (w as u32, h as u32);
            enum Content {
                Fill(u32),
                Pixels(Vec<u32>),
            }
            let content = a.req("fill or pixels", |v, _| match v.value {
                Value::Array(_) => {
                    let pixels = to_uints(v)?;
                    let expected = u64::from(width) * u64::from(height);
                    if pixels.len() as u64 != expected {
                        return Err(ParseError::new(
                            v.pos,
                            K::PixelCount {
                                width,
                                height,
                                expected,
                                found: pixels.len(),
                            },
                        ));
                    }
                    Ok(Content::Pixels(pixels))
                }
                _ => to_u32(v, "ARGB uint").map(Content::Fill),
            })?;
            let transparent = a.opt(true, |v, _| to_bool(v))?;
            a.finish()?;
            Ok(match content {
                Content::Fill(fill) => BitmapArg::Fill {
                    width,
                    height,
                    fill,
                    transparent,
                },
                Content::Pixels(pixels) => BitmapArg::Pixels {
                    width,
                    height,
                    pixels,
                    transparent,
                },
            })
        }
        "bitmapFile" => {
            let mut a = Args::new("bitmapFile", items.to_vec(), close, &names);
            let path = a.req("file", |v, _| to_string(v))?;
            let transparent = a.opt(true, |v, _| to_bool(v))?;
            a.finish()?;
            Ok(BitmapArg::File { path, transparent })
        }
        _ => Err(expected(arg, WHAT)),
    }
}
