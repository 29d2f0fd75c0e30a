//! The corpus of ../shared/agal-corpus (skipped, with a note, when it is not beside the
//! project): for every program, decode-then-encode is the identity, assembling the `.agal`
//! text gives exactly the bytes of `bytecode/NAME.*.hex`, and disassemble-then-assemble is
//! the identity.

use std::path::Path;

use molehill_agal::asm::{assemble, assemble_with, AsmErrorKind, AsmOptions};
use molehill_agal::disasm::disassemble;
use molehill_agal::{ProgramKind, Version};

use crate::corpus::{dir as corpus_dir, hex_to_bytes};

/// One program of the corpus.
struct Case {
    name: String,
    kind: ProgramKind,
    version: Version,
    source: String,
    bytes: Vec<u8>,
}

/// The version the header comment states (`// NAME (vertex program, AGAL version 1)`).
fn stated_version(source: &str) -> Option<Version> {
    let at = source.find("AGAL version ")?;
    let n = source[at + 13..].chars().next()?.to_digit(10)?;
    Version::from_number(n)
}

/// The version index.json gives the pair (`"name": "X", ... "agal_version": N`).
fn indexed_version(index: &str, name: &str) -> Option<Version> {
    let at = index.find(&format!("\"name\": \"{name}\""))?;
    let rest = &index[at..];
    let v = rest.find("\"agal_version\":")?;
    let n = rest[v + 15..].trim_start().chars().next()?.to_digit(10)?;
    Version::from_number(n)
}

fn cases(dir: &Path) -> Vec<Case> {
    let index = std::fs::read_to_string(dir.join("index.json")).unwrap_or_default();
    let mut out = Vec::new();
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        let file = path.file_name().unwrap().to_str().unwrap().to_string();
        let (stem, kind) = if let Some(s) = file.strip_suffix(".vert.agal") {
            (s, ProgramKind::Vertex)
        } else if let Some(s) = file.strip_suffix(".frag.agal") {
            (s, ProgramKind::Fragment)
        } else {
            continue;
        };
        let source = std::fs::read_to_string(&path).unwrap();
        let hex_name = file.replace(".agal", ".hex");
        let bytes =
            hex_to_bytes(&std::fs::read_to_string(dir.join("bytecode").join(&hex_name)).unwrap());
        let version = stated_version(&source).unwrap_or_else(|| panic!("{file}: no version"));
        if let Some(v) = indexed_version(&index, stem) {
            assert_eq!(v, version, "{file}: index.json and header disagree");
        }
        out.push(Case {
            name: file,
            kind,
            version,
            source,
            bytes,
        });
    }
    out
}

#[test]
fn decode_encode_identity_on_corpus() {
    let Some(dir) = corpus_dir() else {
        eprintln!("agal-corpus not found beside the project; skipping");
        return;
    };
    let mut n = 0;
    for entry in std::fs::read_dir(dir.join("bytecode")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("hex") {
            continue;
        }
        let bytes = hex_to_bytes(&std::fs::read_to_string(&path).unwrap());
        let program =
            molehill_agal::decode(&bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(molehill_agal::encode(&program), bytes, "{}", path.display());
        n += 1;
    }
    assert_eq!(n, 134);
}

/// The corpus programs that keep an upstream typo Adobe's assembler ignores (see their notes);
/// strict mode refuses them, lenient mode gives the corpus bytes.
const NEEDS_LENIENT: &[&str] = &[
    "g2d_bloom_pass_filter.frag.agal", // "ft3.xytz"
    "g2d_pixelate_filter.frag.agal",   // "ft1,xy"
];

#[test]
fn assembling_the_corpus_gives_its_bytes() {
    let Some(dir) = corpus_dir() else {
        eprintln!("agal-corpus not found beside the project; skipping");
        return;
    };
    let cases = cases(&dir);
    assert_eq!(cases.len(), 134);
    let mut lenient_needed = Vec::new();
    for case in &cases {
        let strict = assemble(&case.source, case.kind, case.version);
        let lenient = assemble_with(&case.source, &AsmOptions::lenient(case.kind, case.version))
            .unwrap_or_else(|e| panic!("{}: lenient: {e}", case.name));
        assert_eq!(
            molehill_agal::encode(&lenient.program),
            case.bytes,
            "{}: lenient bytes",
            case.name
        );
        match strict {
            Ok(program) => {
                assert_eq!(
                    molehill_agal::encode(&program),
                    case.bytes,
                    "{}: strict bytes",
                    case.name
                );
                assert_eq!(program, lenient.program, "{}", case.name);
            }
            Err(e) => {
                assert!(
                    matches!(e.kind, AsmErrorKind::Strict(_)),
                    "{}: strict failed on a non-quirk: {e}",
                    case.name
                );
                assert!(!lenient.warnings.is_empty(), "{}", case.name);
                eprintln!("{}: strict: {e}", case.name);
                lenient_needed.push(case.name.clone());
            }
        }
    }
    assert_eq!(lenient_needed, NEEDS_LENIENT);
}

#[test]
fn disassemble_then_assemble_is_the_identity_on_corpus() {
    let Some(dir) = corpus_dir() else {
        eprintln!("agal-corpus not found beside the project; skipping");
        return;
    };
    for case in cases(&dir) {
        let program = molehill_agal::decode(&case.bytes).unwrap();
        let text = disassemble(&program);
        let again = assemble(&text, program.kind, program.version)
            .unwrap_or_else(|e| panic!("{}: {e}\n{text}", case.name));
        assert_eq!(
            molehill_agal::encode(&again),
            case.bytes,
            "{}\n{text}",
            case.name
        );
        // Canonical: disassembling the re-assembled program gives the same text.
        assert_eq!(disassemble(&again), text, "{}", case.name);
    }
}
