//! No program panics the WGSL writer: corpus pairs with mutated tokens (bytes flipped, tokens
//! moved between programs). Whatever it writes, naga (the version wgpu uses) parses and
//! validates, and a mutated pair that `agal::valid` accepts always translates.

mod glsl_common;
mod wgsl_common;

use agal::bytecode::{decode_token, encode_instruction, TOKEN_LEN};
use agal::profile::Profile;
use agal::wgsl::{translate, Options};
use agal::{Program, ProgramKind};
use proptest::prelude::*;

fn pairs() -> &'static [(Program, Program)] {
    static PAIRS: std::sync::OnceLock<Vec<(Program, Program)>> = std::sync::OnceLock::new();
    PAIRS.get_or_init(|| match glsl_common::corpus_dir() {
        Some(dir) => glsl_common::corpus_pairs(&dir)
            .into_iter()
            .map(|(_, v, f)| (v, f))
            .collect(),
        None => {
            eprintln!("agal-corpus not found beside the project; fuzzing two small pairs");
            let asm = |text: &str, kind| {
                agal::asm::assemble(text, kind, agal::Version::V2).expect("assemble")
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

/// Flips `xor` into byte `at` of token `token` of `program`, keeping the token when it still
/// decodes.
fn flip(program: &mut Program, token: usize, at: usize, xor: u8) {
    let n = program.instructions.len();
    if n == 0 {
        return;
    }
    let i = token % n;
    let mut token_bytes = encode_instruction(&program.instructions[i]);
    token_bytes[at % TOKEN_LEN] ^= xor;
    if let Ok(ins) = decode_token(&token_bytes, i) {
        program.instructions[i] = ins;
    }
}

fn check(vertex: &Program, fragment: &Program) -> Result<(), TestCaseError> {
    let result = translate(vertex, fragment, &Options::default());
    if let Ok(s) = &result {
        if let Err(e) = wgsl_common::check_pair("mutated pair", s) {
            prop_assert!(false, "{}", e);
        }
    }
    let profile = Profile::Enhanced;
    let valid = agal::valid::validate_program(vertex, ProgramKind::Vertex, profile)
        .and_then(|()| agal::valid::validate_program(fragment, ProgramKind::Fragment, profile))
        .and_then(|()| agal::valid::link(vertex, fragment));
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
            flip(if vertex { &mut v } else { &mut f }, token, at, xor);
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
