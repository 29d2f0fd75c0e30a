//! Shared by the `glsl_*` modules: glslangValidator.

use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

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
