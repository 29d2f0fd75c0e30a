//! What the manifests promise, checked against `cargo metadata`:
//! - the workspace's `rust-version` is the oldest Rust that the locked dependencies allow: the
//!   highest `rust-version` among the packages the workspace's crates build with (normal and
//!   build dependencies, followed through the lock file; dev-dependencies are left out, since an
//!   embedder never builds them). Our own code is held to the same version by clippy's
//!   `incompatible_msrv` lint, which reads `rust-version` (`cargo clippy -- -D warnings` in CI);
//! - an embedder of the facade (`molehill-player`, with its `gl` backend) builds no
//!   command-line, image or logger-implementation crate, and decodes JPEG-XR coded ATF without
//!   building C (no cc, bindgen, clang-sys or jpegxr);
//! - the AGAL tools alone (`molehill-cli --no-default-features`) build no GPU or codec crate;
//! - an embedder of the facade that does not record (no feature `record`) builds no
//!   `molehill-trace`.

use std::collections::{BTreeSet, HashMap};
use std::process::Command;

use serde_json::Value;

fn version(text: &str) -> Vec<u32> {
    text.split('.').map(|p| p.parse().unwrap_or(0)).collect()
}

/// What `cargo ARGS` prints, in this workspace (it must succeed).
fn cargo(args: &[&str]) -> Vec<u8> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo runs");
    assert!(
        out.status.success(),
        "cargo {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

fn metadata() -> Value {
    let out = cargo(&["metadata", "--format-version", "1", "--locked"]);
    serde_json::from_slice(&out).expect("cargo metadata JSON")
}

/// The names of every package `root` (a package name) builds with: normal and build
/// dependencies, transitively (with the features the workspace resolves, so `molehill-player`
/// counts with its `gl` backend).
fn built_with(meta: &Value, root: &str) -> BTreeSet<String> {
    let packages: HashMap<&str, &Value> = meta["packages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["id"].as_str().unwrap(), p))
        .collect();
    let nodes: HashMap<&str, &Value> = meta["resolve"]["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| (n["id"].as_str().unwrap(), n))
        .collect();
    let start = packages
        .iter()
        .find(|(_, p)| p["name"] == root)
        .map(|(id, _)| *id)
        .expect("the package is in the workspace");
    let mut seen = BTreeSet::new();
    let mut stack = vec![start];
    while let Some(id) = stack.pop() {
        for dep in nodes[id]["deps"].as_array().unwrap() {
            let built = dep["dep_kinds"]
                .as_array()
                .unwrap()
                .iter()
                .any(|k| k["kind"].is_null() || k["kind"] == "build");
            let pkg = dep["pkg"].as_str().unwrap();
            if built && seen.insert(pkg) {
                stack.push(pkg);
            }
        }
    }
    seen.iter()
        .map(|id| packages[id]["name"].as_str().unwrap().to_owned())
        .collect()
}

#[test]
fn an_embedder_of_the_facade_builds_no_cli_image_or_logger_crate() {
    let meta = metadata();
    let deps = built_with(&meta, "molehill-player");
    assert!(deps.contains("molehill-gl"), "{deps:?}");
    for unwanted in [
        "clap",
        "indicatif",
        "png",
        "image",
        "env_logger",
        "simplelog",
        "molehill-replay",
        "molehill-cli",
    ] {
        assert!(
            !deps.contains(unwanted),
            "molehill-player builds {unwanted}: {deps:?}"
        );
    }
}

#[test]
fn rust_version_is_the_oldest_the_locked_dependencies_allow() {
    let meta = metadata();
    let packages: HashMap<&str, &Value> = meta["packages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["id"].as_str().unwrap(), p))
        .collect();
    let nodes: HashMap<&str, &Value> = meta["resolve"]["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| (n["id"].as_str().unwrap(), n))
        .collect();
    let members: BTreeSet<&str> = meta["workspace_members"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();

    // Every package reachable from a member through normal or build dependencies.
    let mut seen = BTreeSet::new();
    let mut stack: Vec<&str> = members.iter().copied().collect();
    while let Some(id) = stack.pop() {
        for dep in nodes[id]["deps"].as_array().unwrap() {
            let built = dep["dep_kinds"]
                .as_array()
                .unwrap()
                .iter()
                .any(|k| k["kind"].is_null() || k["kind"] == "build");
            let pkg = dep["pkg"].as_str().unwrap();
            if built && seen.insert(pkg) {
                stack.push(pkg);
            }
        }
    }
    let (needed, by) = seen
        .iter()
        .filter(|id| !members.contains(*id))
        .filter_map(|id| {
            let p = packages[id];
            let v = p["rust_version"].as_str()?;
            Some((version(v), p["name"].as_str().unwrap().to_owned()))
        })
        .max()
        .expect("dependencies declare a rust-version");
    for id in &members {
        let p = packages[id];
        let declared = p["rust_version"].as_str().unwrap_or("none");
        let declared_v = version(declared);
        // 1.85 and 1.85.0 are the same version.
        let trim = |mut v: Vec<u32>| {
            while v.len() > 2 && v.last() == Some(&0) {
                v.pop();
            }
            v
        };
        assert_eq!(
            trim(declared_v),
            trim(needed.clone()),
            "{} declares rust-version {declared}; the locked dependencies need {:?} ({by})",
            p["name"],
            needed
        );
    }
}

/// The packages `cargo tree` lists for `package` with `args` (normal and build dependencies,
/// this package's features only, as an embedder's build resolves them).
fn tree(package: &str, args: &[&str]) -> BTreeSet<String> {
    let mut all = vec![
        "tree",
        "--locked",
        "-p",
        package,
        "-e",
        "normal,build",
        "--prefix",
        "none",
        "--format",
        "{p}",
    ];
    all.extend_from_slice(args);
    String::from_utf8_lossy(&cargo(&all))
        .lines()
        .filter_map(|l| l.split_whitespace().next().map(str::to_owned))
        .collect()
}

/// JPEG-XR coded ATF is decoded by default, in Rust (issue 27): an embedder of the facade, with
/// its default features or with the GL backend, builds the `jxr` and `lzma-rs` decoders and no
/// C compiler driver, binding generator or C JPEG XR codec (jxrlib, the `jpegxr` crate, which
/// needed cc, bindgen and libclang).
#[test]
fn an_embedder_decodes_atf_without_building_c() {
    for features in [&[][..], &["--features", "gl"][..]] {
        let names = tree("molehill-player", features);
        for wanted in ["jxr", "lzma-rs"] {
            assert!(
                names.contains(wanted),
                "molehill-player {features:?} lacks {wanted}: {names:?}"
            );
        }
        for unwanted in ["cc", "bindgen", "clang-sys", "jpegxr"] {
            assert!(
                !names.contains(unwanted),
                "molehill-player {features:?} builds {unwanted}: {names:?}"
            );
        }
    }
}

/// `molehill agal ...` without the drawing subcommands (issue 26: assembling AGAL needed the
/// whole CLI built, wgpu and, then, jxrlib included): `--no-default-features` builds the AGAL tools on
/// agal and clap alone.
#[test]
fn the_agal_tools_alone_build_no_gpu_or_codec_crate() {
    let names = tree("molehill-cli", &["--no-default-features"]);
    assert!(names.contains("molehill-agal"), "{names:?}");
    assert!(names.contains("clap"), "{names:?}");
    for unwanted in [
        "wgpu",
        "glow",
        "glutin",
        "jpegxr",
        "jxr",
        "molehill-context3d",
        "molehill-replay",
        "molehill-player",
        "indicatif",
        "png",
    ] {
        assert!(
            !names.contains(unwanted),
            "molehill-cli --no-default-features builds {unwanted}: {names:?}"
        );
    }
}

/// The trace format is its own crate (issue 24), built only for recording: molehill-player
/// without its feature `record` (the default, with or without a backend) builds no
/// `molehill-trace`; with it, it does.
#[test]
fn the_trace_format_comes_only_with_recording() {
    for features in [
        &[][..],
        &["--features", "gl"][..],
        &["--features", "gl,wgpu"][..],
    ] {
        let names = tree("molehill-player", features);
        assert!(names.contains("molehill-context3d"), "{names:?}");
        assert!(
            !names.contains("molehill-trace"),
            "molehill-player {features:?} builds molehill-trace: {names:?}"
        );
    }
    let with = tree("molehill-player", &["--features", "record"]);
    assert!(with.contains("molehill-trace"), "{with:?}");
    // What replays and records: the trace format, directly or through the recorder.
    for package in ["molehill-replay", "molehill-capi"] {
        let names = tree(package, &[]);
        assert!(names.contains("molehill-trace"), "{package}: {names:?}");
    }
}
