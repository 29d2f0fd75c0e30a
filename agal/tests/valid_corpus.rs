//! Every pair of the shared AGAL corpus validates and links under the lowest profile its
//! version needs, except the two decided failures (docs/validation.md): the recorded #3696
//! of `ruffle_sampler_conflict_invalid`, and `ruffle_misc_opcodes_agal2`, whose `m33 vt4, vc0,
//! vt3` reads the matrix rows vt4 and vt5 before any write (#3647, checked before its
//! destination, whose .xyzw mask would be #3628).

use std::path::PathBuf;

use agal::bytecode::decode_header;
use agal::profile::Profile;
use agal::valid::{link, validate};
use agal::ProgramKind;

fn corpus() -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/agal-corpus/bytecode");
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!("note: {} not found, corpus tests skipped", dir.display());
        None
    }
}

fn hex(text: &str) -> Vec<u8> {
    let digits: Vec<u8> = text
        .bytes()
        .filter(|b| b.is_ascii_hexdigit())
        .map(|b| (b as char).to_digit(16).unwrap_or(0) as u8)
        .collect();
    digits
        .chunks(2)
        .map(|p| p[0] << 4 | p.get(1).copied().unwrap_or(0))
        .collect()
}

/// (name, vertex bytes, fragment bytes) of every pair.
pub fn pairs() -> Vec<(String, Vec<u8>, Vec<u8>)> {
    let Some(dir) = corpus() else {
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
                hex(&std::fs::read_to_string(dir.join(format!("{n}{suffix}"))).expect("read hex"))
            };
            let v = read(".vert.hex");
            let f = read(".frag.hex");
            (n, v, f)
        })
        .collect()
}

#[test]
fn corpus_pairs_validate_and_link() {
    let pairs = pairs();
    if pairs.is_empty() {
        return;
    }
    assert_eq!(pairs.len(), 67);
    let mut failures = Vec::new();
    for (name, v, f) in &pairs {
        let version = decode_header(v).expect("header").version;
        let profile = Profile::lowest_accepting(version);
        let result = validate(v, ProgramKind::Vertex, profile).and_then(|vp| {
            let fp = validate(f, ProgramKind::Fragment, profile)?;
            link(&vp, &fp)
        });
        let expected = match name.as_str() {
            "ruffle_sampler_conflict_invalid" => Some(
                "Error #3696: AGAL validation failed: Second use of sampler register needs to \
                 specify the exact same properties. At token 2 of fragment program.",
            ),
            "ruffle_misc_opcodes_agal2" => Some(
                "Error #3647: AGAL validation failed: Temporary register read without being \
                 written to for source operand 2 at token 5 of vertex program.",
            ),
            _ => None,
        };
        match (result, expected) {
            (Ok(_), None) => {}
            (Err(e), Some(msg)) if e.to_flash().message == msg => {}
            (r, _) => failures.push(format!("{name}: {:?}", r.map_err(|e| e.to_string()))),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
