//! The `molehill replay` command: one line per trace and a summary line, folders searched
//! without following links to folders, corpus traces counted as skipped without the corpus.

use std::path::{Path, PathBuf};
use std::process::Command;

fn traces() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../replay/tests/traces")
}

#[test]
fn molehill_replay_command_prints_one_line_per_trace_and_a_summary() {
    let exe = env!("CARGO_BIN_EXE_molehill");
    let dir = std::env::temp_dir().join(format!("molehill-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.trace");
    std::fs::write(
        &bad,
        "molehill-trace 1\nstage.requestContext3D()\ncontext.configureBackBuffer(32, 32, 0)\ncontext.clear(0, 1, 0, 1)\ncontext.present()\nexpect pixel 0 0 0xFFFF0000\n",
    )
    .unwrap();
    let good = traces().join("quadrant.trace");
    let out = Command::new(exe)
        .args(["replay", "--out"])
        .arg(dir.join("out"))
        .arg(&good)
        .arg(&bad)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert_eq!(lines.len(), 3, "{stdout}");
    assert_eq!(lines[0], format!("PASS {}", good.display()));
    assert_eq!(
        lines[1],
        format!(
            "FAIL {}: line 6, column 1: pixel (0, 0) is 0xFF00FF00, expected 0xFFFF0000 (tolerance 0)",
            bad.display()
        )
    );
    assert_eq!(lines[2], "1 passed, 1 failed");
    assert!(dir.join("out/quadrant-1.png").exists());
    assert!(dir.join("out/bad-1.png").exists());

    // --update writes the expected image; the trace then passes.
    let upd = dir.join("upd.trace");
    std::fs::write(
        &upd,
        "molehill-trace 1\nstage.requestContext3D()\ncontext.configureBackBuffer(32, 32, 0)\ncontext.clear(0, 1, 0, 1)\ncontext.present()\nexpect image \"upd/green.png\"\n",
    )
    .unwrap();
    let first = Command::new(exe).arg("replay").arg(&upd).output().unwrap();
    assert_eq!(first.status.code(), Some(1));
    let update = Command::new(exe)
        .args(["replay", "--update"])
        .arg(&upd)
        .output()
        .unwrap();
    assert_eq!(update.status.code(), Some(0));
    let again = Command::new(exe).arg("replay").arg(&upd).output().unwrap();
    assert_eq!(again.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&again.stdout).ends_with("1 passed, 0 failed\n"));
    let green = molehill_replay::image::Image::read_png(&dir.join("upd/green.png")).unwrap();
    assert_eq!(green.pixel(5, 5), Some(0xFF00FF00));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A folder argument is searched without following links to folders: a link back to a parent
/// used to be followed until the path grew too long, failing the whole run (exit 2).
#[cfg(unix)]
#[test]
fn molehill_replay_does_not_follow_folder_links() {
    let exe = env!("CARGO_BIN_EXE_molehill");
    let dir = std::env::temp_dir().join(format!("molehill-cli-loop-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    std::fs::copy(traces().join("quadrant.trace"), dir.join("sub/q.trace")).unwrap();
    std::fs::copy(traces().join("quadrant.png"), dir.join("sub/quadrant.png")).unwrap();
    std::os::unix::fs::symlink(&dir, dir.join("sub/loop")).unwrap();
    let out = Command::new(exe).arg("replay").arg(&dir).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(stdout.ends_with("1 passed, 0 failed\n"), "{stdout}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A trace marked `# requires_corpus` whose corpus folder is missing counts as skipped, and
/// the command exits 0 (a fresh clone has no `../shared`).
#[test]
fn molehill_replay_counts_corpus_traces_as_skipped_without_the_corpus() {
    let dir = std::env::temp_dir().join(format!("molehill-cli-corpus-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let trace = dir.join("corpus.trace");
    std::fs::write(
        &trace,
        "molehill-trace 1\n# requires_corpus\nstage.requestContext3D()\ncontext.configureBackBuffer(32, 32, 0)\np = context.createProgram()\np.upload(hexFile(\"agal-corpus/x.vert.hex\"), hexFile(\"agal-corpus/x.frag.hex\"))\n",
    )
    .unwrap();
    let good = traces().join("quadrant.trace");
    let out = Command::new(env!("CARGO_BIN_EXE_molehill"))
        .arg("replay")
        .arg(&good)
        .arg(&trace)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{stdout}");
    assert!(
        lines[1].starts_with(&format!(
            "SKIP {}: it reads the AGAL corpus",
            trace.display()
        )),
        "{stdout}"
    );
    assert_eq!(lines[2], "1 passed, 0 failed, 1 skipped");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn molehill_replay_takes_the_backend() {
    let good = traces().join("quadrant.trace");
    let out = Command::new(env!("CARGO_BIN_EXE_molehill"))
        .args(["replay", "--backend", "wgpu"])
        .arg(&good)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert_eq!(stdout.lines().last(), Some("1 passed, 0 failed"));
    let out = Command::new(env!("CARGO_BIN_EXE_molehill"))
        .args(["replay", "--backend", "metal"])
        .arg(&good)
        .output()
        .unwrap();
    assert!(!out.status.success());
}

#[test]
fn no_vulkan_device_is_error_3702_with_the_install_hint() {
    // The Vulkan loader finds no driver: requestContext3D dispatches #3702 and the log says
    // which packages to install.
    let out = Command::new(env!("CARGO_BIN_EXE_molehill"))
        .args(["replay", "--backend", "wgpu"])
        .arg(traces().join("quadrant.trace"))
        .env("VK_ICD_FILENAMES", "/nonexistent/icd.json")
        .env("VK_DRIVER_FILES", "/nonexistent/icd.json")
        .env("RUST_LOG", "warn")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{stdout}");
    assert!(
        stdout.contains("Error #3702: Context3D not available."),
        "{stdout}"
    );
    assert!(
        stderr.contains("apt-get install mesa-vulkan-drivers libvulkan1"),
        "{stderr}"
    );
}
