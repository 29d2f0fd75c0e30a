//! Golden tests of the GLSL writer, naga style.
//!
//! Inputs: `tests/in/NAME.vert.agal` + `NAME.frag.agal` (AGAL assembly) and an optional
//! `NAME.toml` with `version = N` (default 1), `dialects = ["es300", ...]` (default: all) and
//! `scissor_discard = true` (`Options::scissor_discard`, default false).
//! Outputs: `tests/out/<dialect>/NAME.{vert,frag}.glsl`. The test compares each output with
//! the file, rewrites the file when they differ, and fails: review the diff with `git diff`
//! and commit it, or fix the writer. A dialect left out of `dialects` must refuse the pair with
//! `GlslError::MissingFeature`. Every output is compiled and linked by glslangValidator.
//! `AGAL_SNAPSHOT=NAME` narrows the run to names containing NAME.

use crate::glsl_common;
use crate::golden::{self, check_file, root};

use std::collections::BTreeSet;

use molehill_agal::glsl::{translate, Dialect, GlslError, Options};
use molehill_agal::{Opcode, Program, ProgramKind, Version};

/// The options of a `NAME.toml`: the three keys this test knows, anything else is an error.
struct Case {
    name: String,
    version: Version,
    dialects: Vec<Dialect>,
    scissor_discard: bool,
}

fn parse_toml(name: &str, text: &str) -> Case {
    let mut case = Case {
        name: name.to_string(),
        version: Version::V1,
        dialects: Dialect::ALL.to_vec(),
        scissor_discard: false,
    };
    for line in text.lines() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let (key, value) = line
            .split_once('=')
            .unwrap_or_else(|| panic!("{name}.toml: bad line {line:?}"));
        match (key.trim(), value.trim()) {
            ("version", v) => {
                case.version = v
                    .parse()
                    .ok()
                    .and_then(Version::from_number)
                    .unwrap_or_else(|| panic!("{name}.toml: bad version {v}"))
            }
            ("dialects", v) => {
                case.dialects = v
                    .trim_start_matches('[')
                    .trim_end_matches(']')
                    .split(',')
                    .map(|d| d.trim().trim_matches('"'))
                    .filter(|d| !d.is_empty())
                    .map(|d| {
                        Dialect::from_name(d)
                            .unwrap_or_else(|| panic!("{name}.toml: bad dialect {d}"))
                    })
                    .collect()
            }
            ("scissor_discard", v) => {
                case.scissor_discard = v
                    .parse()
                    .unwrap_or_else(|_| panic!("{name}.toml: bad scissor_discard {v}"))
            }
            (k, _) => panic!("{name}.toml: unknown key {k}"),
        }
    }
    case
}

fn cases() -> Vec<Case> {
    let dir = root().join("in");
    let filter = std::env::var("AGAL_SNAPSHOT").ok();
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("tests/in")
        .filter_map(|e| {
            let name = e.ok()?.file_name().into_string().ok()?;
            Some(name.strip_suffix(".vert.agal")?.to_string())
        })
        .filter(|n| filter.as_deref().is_none_or(|f| n.contains(f)))
        .collect();
    names.sort();
    names
        .into_iter()
        .map(
            |name| match std::fs::read_to_string(dir.join(format!("{name}.toml"))) {
                Ok(text) => parse_toml(&name, &text),
                Err(_) => parse_toml(&name, ""),
            },
        )
        .collect()
}

fn assemble(case: &Case, kind: ProgramKind) -> Program {
    golden::assemble(&case.name, case.version, kind)
}

#[test]
fn golden_outputs() {
    let glslang = glsl_common::glslang_available();
    let mut failures = Vec::new();
    let cases = cases();
    assert!(!cases.is_empty(), "no inputs in tests/in");
    for case in &cases {
        let vertex = assemble(case, ProgramKind::Vertex);
        let fragment = assemble(case, ProgramKind::Fragment);
        for dialect in Dialect::ALL {
            let label = format!("{} ({dialect})", case.name);
            let options = Options::new(dialect).with_scissor_discard(case.scissor_discard);
            let result = translate(&vertex, &fragment, &options);
            if !case.dialects.contains(&dialect) {
                match result {
                    Err(GlslError::MissingFeature { .. }) => {}
                    other => failures.push(format!("{label}: expected MissingFeature: {other:?}")),
                }
                continue;
            }
            let shaders = match result {
                Ok(s) => s,
                Err(e) => {
                    failures.push(format!("{label}: {e}"));
                    continue;
                }
            };
            let out = root().join("out").join(dialect.name());
            check_file(
                &out.join(format!("{}.vert.glsl", case.name)),
                &shaders.vertex,
                &mut failures,
            );
            check_file(
                &out.join(format!("{}.frag.glsl", case.name)),
                &shaders.fragment,
                &mut failures,
            );
            if glslang {
                if let Err(e) =
                    glsl_common::glslang_link(&label, &shaders.vertex, &shaders.fragment)
                {
                    failures.push(e);
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The inputs cover every opcode the writer translates and every sampler option.
#[test]
fn inputs_cover_every_opcode_and_sampler_option() {
    if std::env::var_os("AGAL_SNAPSHOT").is_some() {
        return;
    }
    let mut opcodes = BTreeSet::new();
    let mut words = BTreeSet::new();
    for case in cases() {
        for kind in [ProgramKind::Vertex, ProgramKind::Fragment] {
            for ins in assemble(&case, kind).instructions {
                opcodes.insert(ins.opcode);
                if let Some(s) = ins.sampler() {
                    words.insert(s.format.word());
                    words.insert(s.dimension.word());
                    words.insert(s.wrap.word());
                    words.insert(s.mip.word());
                    words.insert(s.filter.word());
                    words.extend(s.special.words());
                    words.insert(match s.lod_bias {
                        0 => "no bias",
                        b if b > 0 => "positive bias",
                        _ => "negative bias",
                    });
                }
            }
        }
    }
    let missing: Vec<_> = Opcode::ALL
        .iter()
        .filter(|op| **op != Opcode::Tld && !opcodes.contains(op))
        .collect();
    assert!(
        missing.is_empty(),
        "opcodes without a golden input: {missing:?}"
    );
    let expected = [
        "rgba",
        "dxt1",
        "dxt5",
        "video",
        "2d",
        "cube",
        "clamp",
        "repeat",
        "clamp_u_repeat_v",
        "repeat_u_clamp_v",
        "mipnone",
        "mipnearest",
        "miplinear",
        "nearest",
        "linear",
        "anisotropic2x",
        "anisotropic4x",
        "anisotropic8x",
        "anisotropic16x",
        "centroid",
        "single",
        "ignoresampler",
        "no bias",
        "positive bias",
        "negative bias",
    ];
    let missing: Vec<_> = expected.iter().filter(|w| !words.contains(*w)).collect();
    assert!(
        missing.is_empty(),
        "sampler options without a golden input: {missing:?}"
    );
}
