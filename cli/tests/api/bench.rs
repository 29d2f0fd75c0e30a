//! `molehill bench`: each scenario runs (2 frames on headless GL, and on wgpu) and prints its
//! fields; `--baseline` on GL and on wgpu draws the pictures of the hand-written programs. The numbers are not checked, only that they are there and are numbers; the counts of
//! work are (every draw reached the device once; a wgpu frame is one pass and one submit).

use std::process::Command;

/// The number after `name ` in `line`.
fn number_after(line: &str, name: &str) -> f64 {
    let rest = line
        .split(&format!("{name} "))
        .nth(1)
        .unwrap_or_else(|| panic!("no `{name}` in {line:?}"));
    let word = rest
        .split_whitespace()
        .next()
        .unwrap_or("")
        .trim_end_matches([',', ')']);
    word.parse()
        .unwrap_or_else(|e| panic!("`{name}` is {word:?} ({e}) in {line:?}"))
}

fn bench(scenario: &str, backend: &str) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_molehill"))
        .args(["bench", "--backend", backend, "--frames", "2", scenario])
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
    let stdout = bench(scenario, "gl");
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 6, "{stdout}");
    assert!(
        lines[0].starts_with(&format!("scenario {scenario}: ")),
        "{stdout}"
    );
    assert!(lines[0].contains(" 2 frames"), "{stdout}");
    assert!(number_after(lines[1], "frames/s") > 0.0, "{stdout}");
    assert!(number_after(lines[2], "draws/s") > 0.0, "{stdout}");
    assert!(number_after(lines[3], "us per draw") > 0.0, "{stdout}");
    let calls = lines[4]
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
    check_allocations(lines[5], &stdout);
}

/// The `heap allocations per draw: N (...)` line: N is 0, and the uploads' and present's counts
/// per frame are numbers (issue 36).
fn check_allocations(line: &str, stdout: &str) {
    let rest = line
        .strip_prefix("heap allocations per draw: ")
        .unwrap_or_else(|| panic!("{stdout}"));
    // Counted work, not time: after the warm-up frame no draw, state or constant call
    // allocates on either backend (player-shim's allocations test counts each call).
    let per_draw = rest.split_whitespace().next().unwrap_or("");
    assert_eq!(per_draw, "0", "{stdout}");
    assert!(number_after(rest, "uploads") >= 0.0, "{stdout}");
    assert!(number_after(rest, "present") >= 0.0, "{stdout}");
}

#[test]
fn bench_starling_prints_its_fields() {
    check("starling");
}

#[test]
fn bench_state_prints_its_fields() {
    check("state");
}

fn check_wgpu(scenario: &str) {
    let stdout = bench(scenario, "wgpu");
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 6, "{stdout}");
    assert!(lines[0].contains("backend wgpu"), "{stdout}");
    assert!(number_after(lines[1], "frames/s") > 0.0, "{stdout}");
    assert!(number_after(lines[3], "us per draw") > 0.0, "{stdout}");
    let work = lines[4]
        .strip_prefix("wgpu per frame: ")
        .unwrap_or_else(|| panic!("{stdout}"));
    // One render pass and one submit per frame; every pipeline made in the warm-up frame.
    assert_eq!(number_after(work, "passes"), 1.0, "{stdout}");
    assert_eq!(number_after(work, "submits"), 1.0, "{stdout}");
    assert_eq!(number_after(work, "created"), 0.0, "{stdout}");
    assert_eq!(number_after(work, "flushes"), 0.0, "{stdout}");
    check_allocations(lines[5], &stdout);
}

#[test]
fn bench_starling_on_wgpu_is_one_pass_and_one_submit_per_frame() {
    check_wgpu("starling");
}

#[test]
fn bench_state_on_wgpu_is_one_pass_and_one_submit_per_frame() {
    check_wgpu("state");
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

/// `--baseline --backend wgpu` on lavapipe: the hand-written wgpu program's picture is
/// identical to Molehill's in every scenario (the command exits 1 when one differs); each
/// prints both sides, the ratio, and where a frame's time goes on each side (numbers, not
/// checked). `upload` is left out: its rounds are at least 10 frames of up to 2048x2048
/// textures (about 25 s in a debug build); `streaming` uploads the same way.
#[test]
fn wgpu_baseline_pictures_are_identical_in_every_scenario() {
    for scenario in ["starling", "state", "mesh", "skinning", "streaming"] {
        let out = Command::new(env!("CARGO_BIN_EXE_molehill"))
            .args([
                "bench",
                "--baseline",
                "--backend",
                "wgpu",
                "--frames",
                "1",
                "--rounds",
                "2",
                scenario,
            ])
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{stdout}{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let lines: Vec<&str> = stdout.lines().collect();
        assert_eq!(lines.len(), 9, "{stdout}");
        assert!(lines[0].starts_with(&format!("{scenario}: ")), "{stdout}");
        assert!(
            lines[0].contains(", 2 rounds of 1 frames per side, one device; wgpu Vulkan "),
            "{stdout}"
        );
        assert!(lines[1].starts_with("  molehill  "), "{stdout}");
        assert!(lines[2].starts_with("  raw       "), "{stdout}");
        for line in &lines[1..3] {
            assert!(line.contains(" ms/frame, "), "{stdout}");
            // CPU time of every thread, per frame.
            assert!(number_after(line, "cpu") > 0.0, "{stdout}");
        }
        assert!(number_after(lines[3], "min") > 0.0, "{stdout}");
        assert!(number_after(lines[3], "median") > 0.0, "{stdout}");
        assert!(
            lines[4].starts_with("  cpu ratio molehill/raw: "),
            "{stdout}"
        );
        assert!(number_after(lines[4], "median") > 0.0, "{stdout}");
        assert!(lines[5].starts_with("  ms per frame: encode "), "{stdout}");
        for (line, side) in lines[6..8].iter().zip(["  molehill ", "  raw      "]) {
            assert!(line.starts_with(side), "{stdout}");
            for field in ["encode", "submit", "drain", "wait"] {
                assert!(number_after(line, field) >= 0.0, "{stdout}");
            }
            assert!(
                line.contains(" | alone: ") && line.contains(" queue "),
                "{stdout}"
            );
        }
        assert_eq!(lines[8], "  pictures identical (512x512)", "{stdout}");
    }
}

#[test]
fn baseline_refuses_wgpu_gl() {
    let out = Command::new(env!("CARGO_BIN_EXE_molehill"))
        .args(["bench", "--baseline", "--backend", "wgpu-gl", "state"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--backend gl or wgpu"));
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

/// Under `GALLIUM_NOOP` the pictures are not compared, and the threaded-context hint shows
/// exactly when `GALLIUM_THREAD` is not `0`.
#[test]
fn baseline_under_gallium_noop_says_when_mesa_runs_a_driver_thread() {
    let hint = "Mesa's threaded context is on";
    for (thread, hinted) in [(None, true), (Some("1"), true), (Some("0"), false)] {
        let mut command = Command::new(env!("CARGO_BIN_EXE_molehill"));
        command
            .args([
                "bench",
                "--baseline",
                "--frames",
                "1",
                "--rounds",
                "2",
                "mesh",
            ])
            .env("GALLIUM_NOOP", "1");
        match thread {
            Some(v) => command.env("GALLIUM_THREAD", v),
            None => command.env_remove("GALLIUM_THREAD"),
        };
        let out = command.output().unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{stdout}{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(stdout.contains("(GALLIUM_NOOP)"), "{stdout}");
        assert!(
            stdout.contains("  pictures not compared (GALLIUM_NOOP draws nothing)\n"),
            "{stdout}"
        );
        assert_eq!(
            stdout.contains(hint),
            hinted,
            "GALLIUM_THREAD {thread:?}: {stdout}"
        );
    }
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
    let out = Command::new(env!("CARGO_BIN_EXE_molehill"))
        .args(["bench", "--backend", "vulkan"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("gl, wgpu, wgpu-gl"));
}
