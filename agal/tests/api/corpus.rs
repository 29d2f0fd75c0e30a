//! `../shared/agal-corpus` (the AGAL programs beside the project), read by the corpus, fuzz and
//! property modules; each skips with a note when it is absent. Also what those modules do to its
//! pairs: validate and link them, and mutate their tokens.

use std::path::{Path, PathBuf};

use molehill_agal::bytecode::{decode_token, encode_instruction, TOKEN_LEN};
use molehill_agal::profile::Profile;
use molehill_agal::valid::{Linkage, ValidationError};
use molehill_agal::{Program, ProgramKind};

/// `../shared/agal-corpus`, when it is beside the project.
pub fn dir() -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/agal-corpus");
    dir.is_dir().then_some(dir)
}

/// The bytes of a hex file (whitespace ignored).
pub fn hex_to_bytes(text: &str) -> Vec<u8> {
    let digits: Vec<u8> = text.bytes().filter(|b| b.is_ascii_hexdigit()).collect();
    digits
        .chunks(2)
        .map(|p| u8::from_str_radix(std::str::from_utf8(p).expect("ascii"), 16).expect("hex"))
        .collect()
}

/// The corpus pairs, decoded, sorted by name: `(name, vertex, fragment)`. Skips the one pair
/// that is invalid on purpose.
pub fn pairs(dir: &Path) -> Vec<(String, Program, Program)> {
    let mut names: Vec<String> = std::fs::read_dir(dir.join("bytecode"))
        .expect("corpus bytecode dir")
        .filter_map(|e| {
            let name = e.ok()?.file_name().into_string().ok()?;
            Some(name.strip_suffix(".vert.hex")?.to_string())
        })
        .filter(|n| n != "ruffle_sampler_conflict_invalid")
        .collect();
    names.sort();
    names
        .into_iter()
        .map(|name| {
            let read = |stage: &str| {
                let path = dir.join("bytecode").join(format!("{name}.{stage}.hex"));
                let text = std::fs::read_to_string(&path).expect("read corpus hex");
                molehill_agal::decode(&hex_to_bytes(&text))
                    .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
            };
            let (v, f) = (read("vert"), read("frag"));
            (name, v, f)
        })
        .collect()
}

/// Validates both programs of a pair under `profile`, then links them.
pub fn validate_pair(
    vertex: &Program,
    fragment: &Program,
    profile: Profile,
) -> Result<Linkage, ValidationError> {
    molehill_agal::valid::validate_program(vertex, ProgramKind::Vertex, profile)?;
    molehill_agal::valid::validate_program(fragment, ProgramKind::Fragment, profile)?;
    molehill_agal::valid::link(vertex, fragment)
}

/// The pairs that validate and link at the lowest profile accepting their version, with their
/// linkage; each one that does not is named on stderr ("not translated") and left out.
pub fn valid_pairs(
    pairs: &[(String, Program, Program)],
) -> Vec<(&str, &Program, &Program, Linkage)> {
    pairs
        .iter()
        .filter_map(|(name, vertex, fragment)| {
            let profile = Profile::lowest_accepting(vertex.version);
            match validate_pair(vertex, fragment, profile) {
                Ok(linkage) => Some((name.as_str(), vertex, fragment, linkage)),
                Err(e) => {
                    eprintln!("{name}: not valid ({e:?}); not translated");
                    None
                }
            }
        })
        .collect()
}

/// Flips `xor` into byte `at` of token `token` of `program`, keeping the token when it still
/// decodes.
pub fn flip(program: &mut Program, token: usize, at: usize, xor: u8) {
    let n = program.instructions.len();
    if n == 0 {
        return;
    }
    let i = token % n;
    let mut token_bytes = encode_instruction(&program.instructions[i]);
    token_bytes[at % TOKEN_LEN] ^= xor;
    if let Ok(ins) = decode_token(&token_bytes, i) {
        program.instructions[i] = ins;
    }
}
