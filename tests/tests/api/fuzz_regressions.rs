//! Every kept fuzz input (`fuzz/regressions/TARGET/*`) replayed through its target's body with a
//! plain `cargo test`: the bodies are `fuzz/src/lib.rs`, included here, so no libFuzzer or
//! nightly toolchain is needed (issue 16).

#[allow(dead_code)]
#[path = "../../../fuzz/src/lib.rs"]
mod harness;

use std::path::Path;

#[test]
fn every_kept_fuzz_input_passes_its_target() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz/regressions");
    let mut ran = 0;
    for (name, body) in harness::TARGETS {
        let dir = root.join(name);
        assert!(dir.is_dir(), "no regressions directory for target {name}");
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .expect("regressions dir")
            .flatten()
            .map(|e| e.path())
            .collect();
        files.sort();
        for path in files {
            let data = std::fs::read(&path).expect("regression input");
            eprintln!("{name}: {}", path.display());
            body(&data);
            ran += 1;
        }
    }
    assert!(ran >= harness::TARGETS.len(), "only {ran} inputs");
}

#[test]
fn every_target_has_a_fuzz_target_file() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz/fuzz_targets");
    for (name, _) in harness::TARGETS {
        assert!(
            root.join(format!("{name}.rs")).is_file(),
            "fuzz/fuzz_targets/{name}.rs"
        );
    }
}
