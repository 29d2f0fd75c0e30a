//! Operands as Adobe's assembler finds them: one global, case-insensitive regular expression
//! run over the text after the opcode,
//!
//! ```text
//! vc\[([vofi][acostdip]?[d]?)(\d*)?((\.[xyzw])?(\+\d{1,3})?)?\](\.[xyzw]{1,4})?
//!   | ([vofi][acostdip]?[d]?)(\d*)?(\.[xyzw]{1,4})?
//! ```
//!
//! reproduced here by hand (it never needs to backtrack), and the register table with its
//! per-version ranges.

use super::lines::Span;
use crate::model::{Component, ProgramKind, RegisterType, Version};
use crate::profile;

/// One operand the expression matched.
#[derive(Debug, Clone, Copy)]
pub(super) struct RawOperand<'a> {
    /// The whole match.
    pub span: Span<'a>,
    /// The register name as written (`vc` of `vc[...]`, any case).
    pub name: &'a str,
    /// Digits after the name (direct operands; empty when none).
    pub digits: &'a str,
    /// The `vc[...]` part, for relative operands.
    pub relative: Option<Relative<'a>>,
    /// The swizzle or mask suffix, with its dot (letters in any case).
    pub suffix: Option<Span<'a>>,
}

/// The inside of `vc[...]`.
#[derive(Debug, Clone, Copy)]
pub(super) struct Relative<'a> {
    /// The index register's name.
    pub name: &'a str,
    /// Its number's digits (may be empty).
    pub digits: &'a str,
    /// The `.x` component letter (any case), if written.
    pub component: Option<u8>,
    /// The offset's digits after `+`, if written.
    pub offset: Option<&'a str>,
}

fn is_reg_first(b: u8) -> bool {
    matches!(b.to_ascii_lowercase(), b'v' | b'o' | b'f' | b'i')
}

fn is_reg_second(b: u8) -> bool {
    matches!(
        b.to_ascii_lowercase(),
        b'a' | b'c' | b'o' | b's' | b't' | b'd' | b'i' | b'p'
    )
}

fn is_component(b: u8) -> bool {
    matches!(b.to_ascii_lowercase(), b'x' | b'y' | b'z' | b'w')
}

/// `[vofi][acostdip]?[d]?` at `i`: the end of the name, or `None`.
fn name_at(b: &[u8], i: usize) -> Option<usize> {
    if !b.get(i).is_some_and(|c| is_reg_first(*c)) {
        return None;
    }
    let mut j = i + 1;
    if b.get(j).is_some_and(|c| is_reg_second(*c)) {
        j += 1;
    }
    if b.get(j).is_some_and(|c| c.eq_ignore_ascii_case(&b'd')) {
        j += 1;
    }
    Some(j)
}

fn digits_from(b: &[u8], i: usize) -> usize {
    i + b
        .get(i..)
        .map_or(0, |r| r.iter().take_while(|c| c.is_ascii_digit()).count())
}

/// `(\.[xyzw]{1,4})?` at `i`: the end.
fn suffix_from(b: &[u8], i: usize) -> usize {
    if b.get(i) != Some(&b'.') {
        return i;
    }
    let n = b.get(i + 1..).map_or(0, |r| {
        r.iter().take(4).take_while(|c| is_component(**c)).count()
    });
    if n == 0 {
        i
    } else {
        i + 1 + n
    }
}

/// The relative alternative at `i`.
fn relative_at<'a>(s: Span<'a>, i: usize) -> Option<RawOperand<'a>> {
    let b = s.text.as_bytes();
    let head = b.get(i..i + 3)?;
    if !(head[0].eq_ignore_ascii_case(&b'v')
        && head[1].eq_ignore_ascii_case(&b'c')
        && head[2] == b'[')
    {
        return None;
    }
    let name_start = i + 3;
    let name_end = name_at(b, name_start)?;
    let digits_end = digits_from(b, name_end);
    let mut k = digits_end;
    let mut component = None;
    if b.get(k) == Some(&b'.') && b.get(k + 1).is_some_and(|c| is_component(*c)) {
        component = b.get(k + 1).copied();
        k += 2;
    }
    let mut offset = None;
    if b.get(k) == Some(&b'+') {
        let end = digits_from(b, k + 1);
        let n = end - (k + 1);
        if !(1..=3).contains(&n) {
            return None;
        }
        offset = Some(s.text.get(k + 1..end)?);
        k = end;
    }
    if b.get(k) != Some(&b']') {
        return None;
    }
    let close = k + 1;
    let end = suffix_from(b, close);
    Some(RawOperand {
        span: s.slice(i, end),
        name: s.text.get(i..i + 2)?,
        digits: "",
        relative: Some(Relative {
            name: s.text.get(name_start..name_end)?,
            digits: s.text.get(name_end..digits_end)?,
            component,
            offset,
        }),
        suffix: (end > close).then(|| s.slice(close, end)),
    })
}

/// The direct alternative at `i`.
fn direct_at<'a>(s: Span<'a>, i: usize) -> Option<RawOperand<'a>> {
    let b = s.text.as_bytes();
    let name_end = name_at(b, i)?;
    let digits_end = digits_from(b, name_end);
    let end = suffix_from(b, digits_end);
    Some(RawOperand {
        span: s.slice(i, end),
        name: s.text.get(i..name_end)?,
        digits: s.text.get(name_end..digits_end)?,
        relative: None,
        suffix: (end > digits_end).then(|| s.slice(digits_end, end)),
    })
}

/// Every match of the expression in `s`, left to right, as AS3's `String.match` with the `g`
/// flag finds them.
pub(super) fn scan(s: Span<'_>) -> Vec<RawOperand<'_>> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < s.text.len() {
        match relative_at(s, i).or_else(|| direct_at(s, i)) {
            Some(op) => {
                i += op.span.text.len().max(1);
                out.push(op);
            }
            None => i += 1,
        }
    }
    out
}

/// A register of Adobe's table (`REGMAP`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct RegisterInfo {
    /// Its type code.
    pub register: RegisterType,
    /// Allowed in vertex programs.
    pub vertex: bool,
    /// Allowed in fragment programs.
    pub fragment: bool,
}

/// Looks up a register name, case-sensitively, aliases included.
pub(super) fn register(name: &str) -> Option<RegisterInfo> {
    use RegisterType as R;
    let (register, vertex, fragment) = match name {
        "va" => (R::Attribute, true, false),
        "vc" => (R::Constant, true, false),
        "vt" => (R::Temporary, true, false),
        "vo" | "op" => (R::Output, true, false),
        "vi" | "v" | "i" | "fi" => (R::Varying, true, true),
        "fc" => (R::Constant, false, true),
        "ft" => (R::Temporary, false, true),
        "fs" => (R::Sampler, false, true),
        "fo" | "oc" => (R::Output, false, true),
        "fd" | "od" => (R::DepthOutput, false, true),
        "iid" => (R::InstanceId, true, false),
        "vs" => (R::Sampler, true, false),
        _ => return None,
    };
    Some(RegisterInfo {
        register,
        vertex,
        fragment,
    })
}

/// Adobe's range (highest register number) of a register: the AGAL limits of `version`
/// ([`profile::limits`], the one table of them), except where the 2017 assembler differs from
/// the player: `fs0-15` and `vs0-3` in every version, `iid` in every version (the player asks
/// for AGAL 3, #3789), and `fd` in version 1, `uint(-1)`.
pub(super) fn adobe_range(info: RegisterInfo, version: Version) -> u32 {
    use RegisterType as R;
    match info.register {
        R::Sampler if info.vertex => 3,
        R::Sampler => 15,
        R::InstanceId => 0,
        R::DepthOutput if version == Version::V1 => u32::MAX,
        register => {
            let kind = if info.vertex {
                ProgramKind::Vertex
            } else {
                ProgramKind::Fragment
            };
            u32::from(profile::limits(version).count(register, kind)).saturating_sub(1)
        }
    }
}

/// The range strict mode checks: Adobe's, but 0 for `fd` in version 1.
pub(super) fn strict_range(info: RegisterInfo, version: Version) -> u32 {
    if info.register == RegisterType::DepthOutput {
        0
    } else {
        adobe_range(info, version)
    }
}

/// `uint(digits)` of AS3: the number, modulo 2^32 (0 for none, or past `f64`'s range).
pub(super) fn as3_uint(digits: &str) -> u32 {
    if digits.is_empty() {
        return 0;
    }
    let value: f64 = digits.parse().unwrap_or(0.0);
    to_uint32(value)
}

/// ECMAScript's ToUint32.
pub(super) fn to_uint32(value: f64) -> u32 {
    if !value.is_finite() {
        return 0;
    }
    let m = value.trunc().rem_euclid(4_294_967_296.0);
    m as u32
}

/// The true value of a digit string, saturating at `u64::MAX`.
pub(super) fn digits_value(digits: &str) -> u64 {
    digits.bytes().fold(0u64, |acc, d| {
        acc.saturating_mul(10)
            .saturating_add(u64::from(d.wrapping_sub(b'0')))
    })
}

/// A destination mask from lower-case letters (`x`..`w`; order and repeats do not matter).
pub(super) fn mask_bits(letters: &[u8]) -> u8 {
    letters.iter().fold(0, |m, c| m | (1 << component_of(*c)))
}

/// A swizzle from 1..4 lower-case letters, the last repeated.
pub(super) fn swizzle_bits(letters: &[u8]) -> u8 {
    let mut bits = 0u8;
    let mut last = 0u8;
    for k in 0..4 {
        if let Some(c) = letters.get(k) {
            last = component_of(*c);
        }
        bits |= last << (2 * k);
    }
    bits
}

/// `charCode - 'x'`, anything above 2 being 3 (so `w` is 3).
pub(super) fn component_of(c: u8) -> u8 {
    match c {
        b'x' => 0,
        b'y' => 1,
        b'z' => 2,
        _ => 3,
    }
}

/// The component of a lower-case letter.
pub(super) fn component(c: u8) -> Component {
    Component::from_bits(component_of(c))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(s: &str) -> Vec<&str> {
        scan(Span { text: s, start: 0 })
            .into_iter()
            .map(|o| o.span.text)
            .collect()
    }

    #[test]
    fn scan_finds_what_adobe_finds() {
        assert_eq!(
            texts(" ft0.xy, ft1,xy, fc1.zw"),
            ["ft0.xy", "ft1", "fc1.zw"]
        );
        assert_eq!(texts(" ft3.xytz, v0"), ["ft3.xy", "v0"]);
        assert_eq!(texts(" vt1, vc[va2.x+5].xyzw"), ["vt1", "vc[va2.x+5].xyzw"]);
        assert_eq!(texts(" vc[va0.x+1000]"), ["vc", "va0.x"]);
        assert_eq!(texts(" iid fdd0 VC[VA0.X]"), ["iid", "fdd0", "VC[VA0.X]"]);
        assert_eq!(texts(" op, oc1.XYZW"), ["op", "oc1.XYZW"]);
        assert_eq!(texts(" offset"), ["o", "f", "fs"]);
        assert_eq!(texts(" vc[va.x]"), ["vc[va.x]"]);
        assert_eq!(texts(" vc[va0.xy]"), ["vc", "va0.xy"]);
        assert_eq!(texts(""), Vec::<&str>::new());
    }

    #[test]
    fn relative_parts() {
        let ops = scan(Span {
            text: "vc[vt12.w+255].xy",
            start: 4,
        });
        let r = ops[0].relative.unwrap();
        assert_eq!(
            (r.name, r.digits, r.component, r.offset),
            ("vt", "12", Some(b'w'), Some("255"))
        );
        assert_eq!(ops[0].suffix.unwrap().text, ".xy");
        assert_eq!(ops[0].span.start, 4);
    }

    #[test]
    fn numbers_wrap_like_as3_uint() {
        assert_eq!(as3_uint("7"), 7);
        assert_eq!(as3_uint("0007"), 7);
        assert_eq!(as3_uint("4294967297"), 1);
        assert_eq!(as3_uint(&"9".repeat(400)), 0);
        assert_eq!(digits_value("4294967297"), 4_294_967_297);
        assert_eq!(digits_value(&"9".repeat(40)), u64::MAX);
    }

    #[test]
    fn masks_and_swizzles() {
        assert_eq!(mask_bits(b"zzzz"), 4);
        assert_eq!(mask_bits(b"xyzw"), 15);
        assert_eq!(swizzle_bits(b"xy"), 0x54);
        assert_eq!(swizzle_bits(b"x"), 0x00);
        assert_eq!(swizzle_bits(b"w"), 0xff);
        assert_eq!(swizzle_bits(b"xyz"), 0xa4);
        assert_eq!(swizzle_bits(b"yzxw"), 0xc9);
    }
}
