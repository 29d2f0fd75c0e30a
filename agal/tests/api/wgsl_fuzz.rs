//! No program panics the WGSL writer: corpus pairs with mutated tokens (bytes flipped, tokens
//! moved between programs). Whatever it writes, naga (the version wgpu uses) parses and
//! validates, and a mutated pair that `molehill_agal::valid` accepts always translates.

use crate::corpus;
use crate::wgsl_common;

use molehill_agal::profile::Profile;
use molehill_agal::wgsl::{translate, Options};
use molehill_agal::{Program, ProgramKind};
use proptest::prelude::*;

fn pairs() -> &'static [(Program, Program)] {
    static PAIRS: std::sync::OnceLock<Vec<(Program, Program)>> = std::sync::OnceLock::new();
    PAIRS.get_or_init(|| match corpus::dir() {
        Some(dir) => corpus::pairs(&dir)
            .into_iter()
            .map(|(_, v, f)| (v, f))
            .collect(),
        None => {
            eprintln!("agal-corpus not found beside the project; fuzzing two small pairs");
            let asm = |text: &str, kind| {
                molehill_agal::asm::assemble(text, kind, molehill_agal::Version::V2)
                    .expect("assemble")
            };
            vec![
                (
                    asm("m44 op, va0, vc0\nmov v0, va1", ProgramKind::Vertex),
                    asm(
                        "tex ft0, v0, fs0 <2d>\nmul oc, ft0, fc0",
                        ProgramKind::Fragment,
                    ),
                ),
                (
                    asm(
                        "mov vt0, vc[va1.x+2]\nm44 op, va0, vc0\nmov v0, vt0\nmov v1, va1",
                        ProgramKind::Vertex,
                    ),
                    asm(
                        "ifg v0.x, fc0.x\ntex ft0, v1, fs0 <cube, linear, 1.0>\nkil ft0.w\n\
                         els\npow ft0.xz, v0, fc1\nddy ft0.yw, v1\neif\nmov oc, ft0\nmov fd, v0.z",
                        ProgramKind::Fragment,
                    ),
                ),
            ]
        }
    })
}

fn check(vertex: &Program, fragment: &Program) -> Result<(), TestCaseError> {
    let result = translate(vertex, fragment, &Options::default());
    if let Ok(s) = &result {
        if let Err(e) = wgsl_common::check_pair("mutated pair", s) {
            prop_assert!(false, "{}", e);
        }
    }
    let profile = Profile::Enhanced;
    let valid = corpus::validate_pair(vertex, fragment, profile);
    if valid.is_ok() {
        if let Err(e) = result {
            prop_assert!(false, "valid pair refused: {e}");
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn mutated_pairs_never_panic_and_naga_accepts_the_output(
        pick in any::<usize>(),
        flips in prop::collection::vec((any::<bool>(), any::<usize>(), any::<usize>(), any::<u8>()), 0..6),
        moves in prop::collection::vec((any::<usize>(), any::<usize>()), 0..3),
    ) {
        let all = pairs();
        let (mut v, mut f) = all[pick % all.len()].clone();
        for (vertex, token, at, xor) in flips {
            corpus::flip(if vertex { &mut v } else { &mut f }, token, at, xor);
        }
        // Move tokens between the programs (an opcode in the wrong stage, foreign registers).
        for (from, to) in moves {
            if let Some(ins) = v.instructions.get(from % v.instructions.len().max(1)).copied() {
                let at = to % (f.instructions.len() + 1);
                f.instructions.insert(at, ins);
            }
        }
        check(&v, &f)?;
    }
}

/// One fragment instruction of a generated program, as assembly: opcode families, masks,
/// swizzles, samplers (every flag), conditionals (balanced by the caller), `kil`, `fd`.
fn fragment_line(choice: u8, a: u8, b: u8, c: u8) -> String {
    const MASKS: [&str; 8] = ["", ".x", ".yw", ".xyz", ".zw", ".y", ".xz", ".w"];
    const SWIZZLES: [&str; 6] = ["", ".yzwx", ".x", ".wz", ".zyx", ".ww"];
    let t = |n: u8| format!("ft{}", n % 4);
    let s = |n: u8| {
        let reg = match n % 4 {
            0 => format!("ft{}", n / 4 % 4),
            1 => format!("fc{}", n / 4 % 8),
            2 => format!("v{}", n / 4 % 2),
            _ => format!("ft{}", n / 4 % 4),
        };
        format!("{reg}{}", SWIZZLES[usize::from(n / 16) % SWIZZLES.len()])
    };
    // A source that is never a constant (two constant sources are #3629-like errors).
    let r = |n: u8| s(if n % 4 == 1 { n + 1 } else { n });
    let mask = MASKS[usize::from(c) % MASKS.len()];
    let xyz = ["", ".x", ".xy", ".xyz", ".yz", ".z"][usize::from(c) % 6];
    let unary = [
        "mov", "rcp", "frc", "sqt", "rsq", "log", "exp", "sin", "cos", "abs", "neg", "sat", "ddx",
        "ddy",
    ];
    let binary = [
        "add", "sub", "mul", "div", "min", "max", "pow", "sge", "slt", "seq", "sne", "dp3", "dp4",
    ];
    let flags = [
        "2d, linear",
        "2d, nearest, mipnone, repeat",
        "cube, linear, miplinear, 1.5",
        "2d, anisotropic8x, mipnearest, clamp_u_repeat_v, -0.5",
        "2d, dxt5, linear, ignoresampler",
    ];
    match choice % 12 {
        0..=3 => format!(
            "{} {}{mask}, {}",
            unary[usize::from(a) % unary.len()],
            t(b),
            s(a / 3)
        ),
        4..=6 => format!(
            "{} {}{mask}, {}, {}",
            binary[usize::from(a) % binary.len()],
            t(c / 8),
            s(b),
            r(a / 2)
        ),
        7 => format!(
            "{} {}{xyz}, {}, {}",
            ["m33", "crs", "nrm"][usize::from(a) % 3],
            t(b),
            r(c / 8),
            if a.is_multiple_of(3) { "fc2" } else { "ft1" }
        )
        .replace(", ft1", if a % 3 == 2 { "" } else { ", ft1" }),
        8 => format!("m44 {}, {}, fc0", t(b), s(a)),
        9 => {
            // Sampler unit by flags, so that one unit always has one set of flags (#3696).
            let k = usize::from(a) % flags.len();
            format!("tex {}{mask}, {}, fs{k} <{}>", t(b), s(c), flags[k])
        }
        10 => format!(
            "kil ft{}.{}",
            a % 4,
            ["x", "y", "z", "w"][usize::from(b) % 4]
        ),
        _ => format!("mov fd.x, {}", s(b)),
    }
}

/// A fragment program: temporaries initialised, random instructions with balanced
/// conditionals, then the colour output.
fn fragment_program(lines: &[(u8, u8, u8, u8)]) -> String {
    let mut out = vec![
        "mov ft0, v0".to_string(),
        "mov ft1, v1".to_string(),
        "mov ft2, fc0".to_string(),
        "mov ft3, fc1".to_string(),
    ];
    let mut depth = 0;
    let mut has_else = Vec::new();
    for &(choice, a, b, c) in lines {
        match choice % 20 {
            12 | 13 if depth < 3 => {
                let op = ["ife", "ine", "ifg", "ifl"][usize::from(a) % 4];
                out.push(format!("{op} ft{}.x, fc{}.y", b % 4, c % 4));
                depth += 1;
                has_else.push(false);
            }
            14 if depth > 0 && !has_else.last().copied().unwrap_or(true) => {
                out.push("els".into());
                if let Some(e) = has_else.last_mut() {
                    *e = true;
                }
            }
            15 if depth > 0 => {
                out.push("eif".into());
                depth -= 1;
                has_else.pop();
            }
            _ => out.push(fragment_line(choice, a, b, c)),
        }
    }
    for _ in 0..depth {
        out.push("eif".into());
    }
    out.push("mov oc, ft0".into());
    out.join("\n")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Generated AGAL 2 pairs that `molehill_agal::valid` accepts always translate, and naga accepts
    /// both modules (sampling and derivatives in uniform control flow included).
    #[test]
    fn generated_valid_pairs_translate_and_naga_accepts_them(
        lines in prop::collection::vec((any::<u8>(), any::<u8>(), any::<u8>(), any::<u8>()), 1..40),
        relative in any::<bool>(),
    ) {
        let vertex_text = if relative {
            "mov vt0, vc[va1.x+3]\nm44 op, va0, vc[va1.y+4]\nmov v0, vt0\nmov v1, va1"
        } else {
            "m44 op, va0, vc0\nmov v0, va1\nmov v1, va0"
        };
        let vertex = molehill_agal::asm::assemble(vertex_text, ProgramKind::Vertex, molehill_agal::Version::V2)
            .expect("vertex");
        let text = fragment_program(&lines);
        let Ok(fragment) = molehill_agal::asm::assemble(&text, ProgramKind::Fragment, molehill_agal::Version::V2)
        else {
            return Ok(()); // e.g. a mask the opcode cannot write: not an AGAL program
        };
        let valid = corpus::validate_pair(&vertex, &fragment, Profile::Standard);
        prop_assume!(valid.is_ok());
        match translate(&vertex, &fragment, &Options::default()) {
            Ok(s) => {
                if let Err(e) = wgsl_common::check_pair(&text, &s) {
                    prop_assert!(false, "{}", e);
                }
            }
            Err(e) => prop_assert!(false, "valid pair refused: {e}\n{text}"),
        }
    }
}
