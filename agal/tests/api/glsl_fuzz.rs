//! No program panics the GLSL writer: corpus pairs with mutated tokens (bytes flipped, tokens
//! moved between programs), in every dialect. Whatever it writes has balanced braces and starts
//! at its `#version` line, and a mutated pair that `molehill_agal::valid` accepts always translates
//! (only a dialect's missing feature may refuse it).

use crate::corpus;

use molehill_agal::glsl::{translate, Dialect, GlslError, Options};
use molehill_agal::profile::Profile;
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
            eprintln!("agal-corpus not found beside the project; fuzzing one small pair");
            let v = molehill_agal::asm::assemble(
                "m44 op, va0, vc0\nmov v0, va1",
                ProgramKind::Vertex,
                molehill_agal::Version::V2,
            );
            let f = molehill_agal::asm::assemble(
                "tex ft0, v0, fs0 <2d>\nmul oc, ft0, fc0",
                ProgramKind::Fragment,
                molehill_agal::Version::V2,
            );
            vec![(v.expect("vertex"), f.expect("fragment"))]
        }
    })
}

fn check(vertex: &Program, fragment: &Program, dialect: Dialect) -> Result<(), TestCaseError> {
    let result = translate(vertex, fragment, &Options::new(dialect));
    if let Ok(s) = &result {
        for source in [&s.vertex, &s.fragment] {
            prop_assert!(source.starts_with(dialect.version_directive()));
            prop_assert_eq!(source.matches('{').count(), source.matches('}').count());
        }
    }
    let profile = Profile::Enhanced;
    let valid = corpus::validate_pair(vertex, fragment, profile);
    if valid.is_ok() {
        match result {
            Ok(_) | Err(GlslError::MissingFeature { .. }) => {}
            Err(e) => prop_assert!(false, "valid pair refused: {e}"),
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn mutated_pairs_never_panic(
        pick in any::<usize>(),
        flips in prop::collection::vec((any::<bool>(), any::<usize>(), any::<usize>(), any::<u8>()), 0..6),
        moves in prop::collection::vec((any::<usize>(), any::<usize>()), 0..3),
        dialect in 0usize..3,
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
        check(&v, &f, Dialect::ALL[dialect])?;
    }
}
