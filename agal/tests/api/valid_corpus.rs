//! Every pair of the shared AGAL corpus validates and links under the lowest profile its
//! version needs, except the two decided failures (docs/validation.md): the recorded #3696
//! of `ruffle_sampler_conflict_invalid`, and `ruffle_misc_opcodes_agal2`, whose `m33 vt4, vc0,
//! vt3` reads the matrix rows vt4 and vt5 before any write (#3647, checked before its
//! destination, whose .xyzw mask would be #3628).

use crate::common;

use molehill_agal::bytecode::decode_header;
use molehill_agal::profile::Profile;
use molehill_agal::valid::{link, validate};
use molehill_agal::ProgramKind;

#[test]
fn corpus_pairs_validate_and_link() {
    let pairs = common::corpus_pairs();
    if pairs.is_empty() {
        return;
    }
    assert_eq!(pairs.len(), 67);
    let mut failures = Vec::new();
    for (name, v, f) in &pairs {
        let version = decode_header(v).expect("header").version;
        let profile = Profile::lowest_accepting(version);
        let result = validate(v, ProgramKind::Vertex, profile).and_then(|vp| {
            let fp = validate(f, ProgramKind::Fragment, profile)?;
            link(&vp, &fp)
        });
        let expected = match name.as_str() {
            "ruffle_sampler_conflict_invalid" => Some(
                "Error #3696: AGAL validation failed: Second use of sampler register needs to \
                 specify the exact same properties. At token 2 of fragment program.",
            ),
            "ruffle_misc_opcodes_agal2" => Some(
                "Error #3647: AGAL validation failed: Temporary register read without being \
                 written to for source operand 2 at token 5 of vertex program.",
            ),
            _ => None,
        };
        match (result, expected) {
            (Ok(_), None) => {}
            (Err(e), Some(msg)) if e.to_flash().message == msg => {}
            (r, _) => failures.push(format!("{name}: {:?}", r.map_err(|e| e.to_string()))),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn decoded_corpus_gives_the_same_result_through_validate_program() {
    for (name, v, f) in common::corpus_pairs() {
        for (bytes, kind) in [(&v, ProgramKind::Vertex), (&f, ProgramKind::Fragment)] {
            let program = molehill_agal::decode(bytes).expect("corpus decodes");
            let profile = Profile::lowest_accepting(program.version);
            let from_bytes = validate(bytes, kind, profile).map(|_| ());
            let from_model = molehill_agal::valid::validate_program(&program, kind, profile);
            assert_eq!(from_bytes, from_model, "{name} {kind}");
            // A profile below the version's is #3725.
            if profile != Profile::BaselineConstrained {
                let e = validate(bytes, kind, Profile::BaselineConstrained).unwrap_err();
                assert_eq!(e.flash_id(), 3725, "{name}");
            }
        }
    }
}

#[test]
fn every_profile_that_accepts_the_version_gives_the_same_result() {
    for (name, v, f) in common::corpus_pairs() {
        let version = decode_header(&v).expect("header").version;
        let results: Vec<(Profile, Result<(), String>)> = Profile::ALL
            .into_iter()
            .filter(|p| p.accepts(version))
            .map(|p| {
                let r = validate(&v, ProgramKind::Vertex, p)
                    .and_then(|vp| Ok((vp, validate(&f, ProgramKind::Fragment, p)?)))
                    .and_then(|(vp, fp)| link(&vp, &fp))
                    .map(|_| ())
                    .map_err(|e| e.to_string());
                (p, r)
            })
            .collect();
        assert!(!results.is_empty(), "{name}");
        for (p, r) in &results {
            assert_eq!(r, &results[0].1, "{name} under {p}");
        }
    }
}
