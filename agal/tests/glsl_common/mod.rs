//! Shared by the `glsl_*` tests: the corpus beside the project, hex bytecode, and
//! glslangValidator.

#![allow(dead_code)] // reason: each test binary uses a different part of this module.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

/// `../shared/agal-corpus`, when it is beside the project.
pub fn corpus_dir() -> Option<PathBuf> {
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
pub fn corpus_pairs(dir: &Path) -> Vec<(String, molehill_agal::Program, molehill_agal::Program)> {
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

const GLSLANG: &str = "glslangValidator";

/// Whether glslangValidator can be run. When it cannot, says so, and panics if `CI` is set.
pub fn glslang_available() -> bool {
    let ok = Command::new(GLSLANG).arg("--version").output().is_ok();
    if !ok {
        eprintln!("glslangValidator not found (install glslang-tools); GLSL is not compiled");
        assert!(
            std::env::var_os("CI").is_none(),
            "glslangValidator is required when CI is set"
        );
    }
    ok
}

/// Compiles and links a vertex+fragment pair with glslangValidator (`-l`); the error is its
/// output.
pub fn glslang_link(label: &str, vertex: &str, fragment: &str) -> Result<(), String> {
    static COUNTER: AtomicUsize = AtomicUsize::new(0);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("molehill-glsl-{}-{n}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let v = dir.join("shader.vert");
    let f = dir.join("shader.frag");
    std::fs::write(&v, vertex).map_err(|e| e.to_string())?;
    std::fs::write(&f, fragment).map_err(|e| e.to_string())?;
    let output = Command::new(GLSLANG)
        .arg("-l")
        .arg(&v)
        .arg(&f)
        .output()
        .map_err(|e| e.to_string())?;
    let _ = std::fs::remove_dir_all(&dir);
    if output.status.success() {
        Ok(())
    } else {
        Err(format!(
            "{label}: glslangValidator failed:\n{}{}\n--- vertex ---\n{vertex}\n--- fragment ---\n{fragment}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        ))
    }
}
