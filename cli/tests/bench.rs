//! `molehill bench`: each scenario runs (2 frames on headless GL) and prints its fields. The
//! numbers are not checked, only that they are there and are numbers.

use std::process::Command;

/// The number after `name ` in `line`.
fn number_after(line: &str, name: &str) -> f64 {
    let rest = line
        .split(&format!("{name} "))
        .nth(1)
        .unwrap_or_else(|| panic!("no `{name}` in {line:?}"));
    let word = rest.split_whitespace().next().unwrap_or("");
    word.parse()
        .unwrap_or_else(|e| panic!("`{name}` is {word:?} ({e}) in {line:?}"))
}

fn bench(scenario: &str) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_molehill"))
        .args(["bench", "--frames", "2", scenario])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

fn check(scenario: &str) {
    let stdout = bench(scenario);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 4, "{stdout}");
    assert!(
        lines[0].starts_with(&format!("scenario {scenario}: ")),
        "{stdout}"
    );
    assert!(lines[0].contains(" 2 frames"), "{stdout}");
    assert!(number_after(lines[1], "frames/s") > 0.0, "{stdout}");
    assert!(number_after(lines[2], "draws/s") > 0.0, "{stdout}");
    let calls = lines[3]
        .strip_prefix("gl calls per draw: ")
        .unwrap_or_else(|| panic!("{stdout}"));
    let kinds = [
        "state", "bind", "uniform", "upload", "draw", "clear", "create", "delete", "query", "blit",
    ];
    for kind in kinds {
        assert!(number_after(calls, kind) >= 0.0, "{stdout}");
    }
    // Every draw reached GL once (the bench fails when a draw is dropped).
    assert_eq!(number_after(calls, "draw"), 1.0, "{stdout}");
    assert!(number_after(calls, "total") >= 1.0, "{stdout}");
}

#[test]
fn bench_starling_prints_its_fields() {
    check("starling");
}

#[test]
fn bench_state_prints_its_fields() {
    check("state");
}

#[test]
fn bench_runs_every_scenario_when_none_is_named() {
    let out = Command::new(env!("CARGO_BIN_EXE_molehill"))
        .args(["bench", "--frames", "1"])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    let scenarios: Vec<&str> = stdout
        .lines()
        .filter_map(|l| l.strip_prefix("scenario "))
        .filter_map(|l| l.split(':').next())
        .collect();
    assert_eq!(
        scenarios,
        ["starling", "state", "mesh", "skinning", "streaming"],
        "{stdout}"
    );
}

#[test]
fn bench_mesh_skinning_and_streaming_print_their_fields() {
    for scenario in ["mesh", "skinning", "streaming"] {
        check(scenario);
    }
}

/// `--baseline` on llvmpipe: every scenario's Molehill picture is identical to the
/// hand-written GL program's (the command exits 1 when one differs), and each prints both
/// sides and the ratio.
#[test]
fn baseline_pictures_are_identical_in_every_scenario() {
    let out = Command::new(env!("CARGO_BIN_EXE_molehill"))
        .args(["bench", "--baseline", "--frames", "2", "--rounds", "2"])
        .env_remove("GALLIUM_NOOP")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let names = [
        "starling:",
        "state:",
        "mesh:",
        "skinning:",
        "streaming:",
        "upload 256x256:",
        "upload 512x512:",
        "upload 1024x1024:",
        "upload 2048x2048:",
    ];
    let blocks: Vec<&str> = stdout.lines().filter(|l| !l.starts_with(' ')).collect();
    assert_eq!(blocks.len(), names.len(), "{stdout}");
    for (line, name) in blocks.iter().zip(names) {
        assert!(line.starts_with(name), "{stdout}");
    }
    assert_eq!(
        stdout.matches("  pictures identical (512x512)\n").count(),
        names.len(),
        "{stdout}"
    );
    assert_eq!(
        stdout.matches("  ratio molehill/raw: min ").count(),
        names.len(),
        "{stdout}"
    );
    for line in stdout
        .lines()
        .filter(|l| l.starts_with("  molehill") || l.starts_with("  raw"))
    {
        assert!(line.contains(" ms/frame, "), "{stdout}");
    }
}

#[test]
fn baseline_only_runs_one_side() {
    let out = Command::new(env!("CARGO_BIN_EXE_molehill"))
        .args([
            "bench",
            "--baseline",
            "--only",
            "raw",
            "--frames",
            "1",
            "--rounds",
            "1",
            "state",
        ])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(stdout.contains("\n  raw "), "{stdout}");
    assert!(!stdout.contains("molehill "), "{stdout}");
    assert!(!stdout.contains("ratio"), "{stdout}");
}

#[test]
fn bench_refuses_zero_frames_and_unknown_scenarios() {
    for args in [["bench", "--frames", "0"], ["bench", "--frames", "x"]] {
        let out = Command::new(env!("CARGO_BIN_EXE_molehill"))
            .args(args)
            .output()
            .unwrap();
        assert!(!out.status.success(), "{args:?}");
    }
    let out = Command::new(env!("CARGO_BIN_EXE_molehill"))
        .args(["bench", "nosuch"])
        .output()
        .unwrap();
    assert!(!out.status.success());
}
