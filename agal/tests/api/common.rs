//! Raw token builders for the validation tests: every field as it is in bytecode, so that
//! tests can also build what the model cannot represent.

use molehill_agal::profile::Profile;
use molehill_agal::valid::{link, validate};
use molehill_agal::ProgramKind;

pub const VA: u8 = 0;
pub const C: u8 = 1;
pub const T: u8 = 2;
pub const OUT: u8 = 3;
pub const V: u8 = 4;
pub const FS: u8 = 5;
pub const FD: u8 = 6;
pub const IID: u8 = 7;

pub const XYZW: u8 = 0xF;
pub const IDENT: u8 = 0xE4;

pub const VERT: ProgramKind = ProgramKind::Vertex;
pub const FRAG: ProgramKind = ProgramKind::Fragment;

/// A destination: register type, number, mask.
pub fn d(reg: u8, index: u16, mask: u8) -> [u8; 4] {
    let n = index.to_le_bytes();
    [n[0], n[1], mask, reg]
}

/// A direct source: register type, number, swizzle.
pub fn s(reg: u8, index: u16, swizzle: u8) -> [u8; 8] {
    let n = index.to_le_bytes();
    [n[0], n[1], 0, swizzle, reg, 0, 0, 0]
}

/// A relative source `reg[index_reg index_num . comp + offset]`.
pub fn ind(reg: u8, index_reg: u8, index_num: u16, comp: u8, offset: u8) -> [u8; 8] {
    let n = index_num.to_le_bytes();
    [n[0], n[1], offset, IDENT, reg, index_reg, comp, 0x80]
}

/// A sampler operand: number, then (dim, wrap, mip, filter, special, format), LOD bias byte.
#[allow(clippy::too_many_arguments)]
pub fn smp(
    index: u16,
    dim: u8,
    wrap: u8,
    mip: u8,
    filter: u8,
    special: u8,
    format: u8,
    bias: i8,
) -> [u8; 8] {
    let n = index.to_le_bytes();
    [
        n[0],
        n[1],
        bias.to_le_bytes()[0],
        0,
        5,
        dim << 4 | format,
        wrap << 4 | special,
        filter << 4 | mip,
    ]
}

/// `<2d, clamp, nearest, mipnone>` on `fsN`.
pub fn fs(index: u16) -> [u8; 8] {
    smp(index, 0, 0, 0, 0, 0, 0, 0)
}

pub const Z4: [u8; 4] = [0; 4];
pub const Z8: [u8; 8] = [0; 8];

/// One token.
pub fn tok(op: u32, dst: [u8; 4], s1: [u8; 8], s2: [u8; 8]) -> Vec<u8> {
    let mut t = op.to_le_bytes().to_vec();
    t.extend_from_slice(&dst);
    t.extend_from_slice(&s1);
    t.extend_from_slice(&s2);
    t
}

/// A program: header of `version` and `kind`, then the tokens.
pub fn prog(version: u32, kind: ProgramKind, tokens: &[Vec<u8>]) -> Vec<u8> {
    let mut p = vec![0xA0];
    p.extend_from_slice(&version.to_le_bytes());
    p.extend_from_slice(&[0xA1, kind.code()]);
    for t in tokens {
        p.extend_from_slice(t);
    }
    p
}

/// The lowest profile accepting `version`.
pub fn profile_for(version: u32) -> Profile {
    Profile::lowest_accepting(
        molehill_agal::Version::from_number(version).unwrap_or(molehill_agal::Version::V1),
    )
}

/// The version field of a program's header (1 when the header is cut short).
fn header_version(bytes: &[u8]) -> u32 {
    match bytes.get(1..5) {
        Some(&[a, b, c, d]) => u32::from_le_bytes([a, b, c, d]),
        _ => 1,
    }
}

/// Uploads `bytes` as `kind` under the lowest profile of its header version (or baseline):
/// `"ok"` or Flash's message.
pub fn upload(bytes: &[u8], kind: ProgramKind) -> String {
    upload_in(bytes, kind, profile_for(header_version(bytes)))
}

/// Uploads the program of `tokens` (header `version`, `kind`) in the `kind` slot: `"ok"` or
/// Flash's message.
pub fn upload_tokens(version: u32, kind: ProgramKind, tokens: &[Vec<u8>]) -> String {
    upload(&prog(version, kind, tokens), kind)
}

pub fn upload_in(bytes: &[u8], kind: ProgramKind, profile: Profile) -> String {
    match validate(bytes, kind, profile) {
        Ok(_) => "ok".into(),
        Err(e) => e.to_flash().message,
    }
}

/// Uploads both and links: `"ok"` or the first Flash message.
pub fn pair(vertex: &[u8], fragment: &[u8]) -> String {
    let version = header_version(vertex).max(header_version(fragment));
    let p = profile_for(version);
    let r = validate(vertex, VERT, p)
        .and_then(|v| Ok((v, validate(fragment, FRAG, p)?)))
        .and_then(|(v, f)| link(&v, &f));
    match r {
        Ok(_) => "ok".into(),
        Err(e) => e.to_flash().message,
    }
}

/// Opcodes.
pub const MOV: u32 = 0x00;
pub const ADD: u32 = 0x01;
pub const NRM: u32 = 0x0e;
pub const M33: u32 = 0x17;
pub const M44: u32 = 0x18;
pub const DDX: u32 = 0x1a;
pub const IFE: u32 = 0x1c;
pub const IFG: u32 = 0x1e;
pub const ELS: u32 = 0x20;
pub const EIF: u32 = 0x21;
pub const TED: u32 = 0x26;
pub const KIL: u32 = 0x27;
pub const TEX: u32 = 0x28;
pub const SGN: u32 = 0x2b;
pub const TLD: u32 = 0x2e;

/// `mov op, va0`: a vertex program's minimal valid body.
pub fn mov_op() -> Vec<u8> {
    tok(MOV, d(OUT, 0, XYZW), s(VA, 0, IDENT), Z8)
}

/// `mov oc, v0`.
pub fn mov_oc() -> Vec<u8> {
    tok(MOV, d(OUT, 0, XYZW), s(V, 0, IDENT), Z8)
}

/// (name, vertex bytes, fragment bytes) of every pair.
pub fn corpus_pairs() -> Vec<(String, Vec<u8>, Vec<u8>)> {
    let Some(dir) = crate::corpus::dir().map(|d| d.join("bytecode")) else {
        eprintln!("note: ../shared/agal-corpus not found, corpus tests skipped");
        return Vec::new();
    };
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("corpus dir")
        .filter_map(|e| e.ok())
        .filter_map(|e| e.file_name().to_str().map(str::to_owned))
        .filter_map(|n| n.strip_suffix(".vert.hex").map(str::to_owned))
        .collect();
    names.sort();
    names
        .into_iter()
        .map(|n| {
            let read = |suffix: &str| {
                let text = std::fs::read_to_string(dir.join(format!("{n}{suffix}")));
                crate::corpus::hex_to_bytes(&text.expect("read hex"))
            };
            let v = read(".vert.hex");
            let f = read(".frag.hex");
            (n, v, f)
        })
        .collect()
}
