//! `../shared/agal-corpus` (the AGAL programs beside the project), read by the corpus, fuzz and
//! property modules; each skips with a note when it is absent.

use std::path::{Path, PathBuf};

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
pub fn pairs(dir: &Path) -> Vec<(String, molehill_agal::Program, molehill_agal::Program)> {
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
