//! Decode-then-encode is the identity on every program of ../shared/agal-corpus (skipped,
//! with a note, when the corpus is not beside the project).

use std::path::PathBuf;

fn corpus_dir() -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/agal-corpus");
    dir.is_dir().then_some(dir)
}

fn hex_to_bytes(text: &str) -> Vec<u8> {
    let digits: Vec<u8> = text.bytes().filter(|b| b.is_ascii_hexdigit()).collect();
    digits
        .chunks(2)
        .map(|p| u8::from_str_radix(std::str::from_utf8(p).unwrap(), 16).unwrap())
        .collect()
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
        let program = agal::decode(&bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(agal::encode(&program), bytes, "{}", path.display());
        n += 1;
    }
    assert_eq!(n, 134);
}
