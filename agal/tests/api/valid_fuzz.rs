//! No input panics the validator: corpus programs with flipped bytes, truncations and
//! spliced tokens. Where the mutated bytes still decode, validating the bytes and validating
//! the decoded model agree, and an accepted program re-encodes to the same bytes.

use crate::common;

use molehill_agal::bytecode::{decode, encode, HEADER_LEN, TOKEN_LEN};
use molehill_agal::profile::Profile;
use molehill_agal::valid::{link, validate, validate_program};
use molehill_agal::ProgramKind;
use proptest::prelude::*;

/// The programs to mutate, and whether they are the corpus (`false`: two stand-ins).
fn programs() -> &'static (Vec<Vec<u8>>, bool) {
    static PROGRAMS: std::sync::OnceLock<(Vec<Vec<u8>>, bool)> = std::sync::OnceLock::new();
    PROGRAMS.get_or_init(load)
}

fn load() -> (Vec<Vec<u8>>, bool) {
    let pairs = common::corpus_pairs();
    if pairs.is_empty() {
        // No corpus: two small programs stand in.
        return (stand_ins(), false);
    }
    (
        pairs.into_iter().flat_map(|(_, v, f)| [v, f]).collect(),
        true,
    )
}

/// `mov op, va0` and `mov oc, v0`: what the mutation tests use without the corpus.
fn stand_ins() -> Vec<Vec<u8>> {
    vec![
        common::prog(1, common::VERT, &[common::mov_op()]),
        common::prog(1, common::FRAG, &[common::mov_oc()]),
    ]
}

#[derive(Debug, Clone)]
enum Mutation {
    Flip {
        at: usize,
        xor: u8,
    },
    Truncate {
        len: usize,
    },
    Splice {
        from: usize,
        token: usize,
        at: usize,
    },
    Set {
        at: usize,
        value: u8,
    },
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<usize>(), 1..=255u8).prop_map(|(at, xor)| Mutation::Flip { at, xor }),
        any::<usize>().prop_map(|len| Mutation::Truncate { len }),
        (any::<usize>(), any::<usize>(), any::<usize>())
            .prop_map(|(from, token, at)| Mutation::Splice { from, token, at }),
        (any::<usize>(), any::<u8>()).prop_map(|(at, value)| Mutation::Set { at, value }),
    ]
}

fn apply(corpus: &[Vec<u8>], mut p: Vec<u8>, m: &Mutation) -> Vec<u8> {
    match *m {
        Mutation::Flip { at, xor } => {
            if !p.is_empty() {
                let i = at % p.len();
                p[i] ^= xor;
            }
        }
        Mutation::Set { at, value } => {
            if !p.is_empty() {
                let i = at % p.len();
                p[i] = value;
            }
        }
        Mutation::Truncate { len } => p.truncate(len % (p.len() + 1)),
        Mutation::Splice { from, token, at } => {
            let src = &corpus[from % corpus.len()];
            let n = (src.len().saturating_sub(HEADER_LEN)) / TOKEN_LEN;
            let slots = (p.len().saturating_sub(HEADER_LEN)) / TOKEN_LEN;
            if n > 0 && p.len() >= HEADER_LEN {
                let start = HEADER_LEN + (token % n) * TOKEN_LEN;
                let at = HEADER_LEN + (at % (slots + 1)) * TOKEN_LEN;
                let t = src[start..start + TOKEN_LEN].to_vec();
                p.splice(at..at, t);
            }
        }
    }
    p
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    #[test]
    fn mutated_programs_never_panic(
        pick in any::<usize>(),
        other in any::<usize>(),
        mutations in prop::collection::vec(mutation(), 1..6),
        profile in 0..Profile::ALL.len(),
        fragment in any::<bool>(),
        swap in any::<u8>(),
    ) {
        let corpus = &programs().0;
        let base = corpus[pick % corpus.len()].clone();
        let bytes = mutations.iter().fold(base, |p, m| apply(corpus, p, m));
        let profile = Profile::ALL[profile];
        // Mostly the slot the header names (so that the token checks run), sometimes the other.
        let header_fragment = bytes.get(6) == Some(&1);
        let kind = if header_fragment != (fragment && swap % 8 == 0) {
            ProgramKind::Fragment
        } else {
            ProgramKind::Vertex
        };
        let result = validate(&bytes, kind, profile);
        // Every error maps to a Flash message.
        if let Err(e) = &result {
            let f = e.to_flash();
            let prefix = format!("Error #{}: ", f.id);
            prop_assert!(f.message.starts_with(&prefix));
            prop_assert!(!f.message.contains("Unknown error."));
        }
        if let Ok(program) = decode(&bytes) {
            if profile.accepts(program.version) {
                let model = validate_program(&program, kind, profile);
                prop_assert_eq!(result.as_ref().map(|_| ()), model.as_ref().map(|_| ()));
            }
        }
        if let Ok(program) = &result {
            prop_assert_eq!(&encode(program), &bytes);
            // Linking with any other corpus program never panics either.
            let partner = &corpus[other % corpus.len()];
            if let Ok(p2) = validate(partner, ProgramKind::Fragment, Profile::Enhanced) {
                let _ = link(program, &p2);
                let _ = link(&p2, program);
            }
        }
    }
}

/// Changes every byte of every program once (the bit pattern rotating with the position,
/// which keeps it fast while every field sees every pattern; the upload slot is the
/// original's): (mutated uploads, accepted, Flash IDs of the refusals).
fn change_every_byte(programs: &[Vec<u8>]) -> (usize, usize, std::collections::BTreeSet<u32>) {
    let mut ids = std::collections::BTreeSet::new();
    let mut accepted = 0usize;
    let mut total = 0usize;
    for p in programs {
        for at in 0..p.len() {
            let xor = [0x01u8, 0x10, 0x80, 0xFF, 0x04, 0x40][at % 6];
            let kind = if p.get(6) == Some(&1) {
                ProgramKind::Fragment
            } else {
                ProgramKind::Vertex
            };
            let mut bytes = p.clone();
            bytes[at] ^= xor;
            total += 1;
            match validate(&bytes, kind, Profile::Standard) {
                Ok(_) => accepted += 1,
                Err(e) => {
                    ids.insert(e.flash_id());
                }
            }
        }
    }
    (total, accepted, ids)
}

#[test]
fn a_change_of_every_corpus_byte() {
    let (corpus, from_corpus) = programs();
    if !*from_corpus {
        eprintln!(
            "note: corpus missing, a_change_of_every_corpus_byte skipped (the stand-in test runs)"
        );
        return;
    }
    let (total, accepted, ids) = change_every_byte(corpus);
    eprintln!("{total} mutated uploads, {accepted} accepted, Flash IDs seen: {ids:?}");
    // The corpus's variety of opcodes, registers and samplers reaches most of the table.
    assert!(ids.len() >= 20, "{ids:?}");
}

#[test]
fn a_change_of_every_stand_in_byte() {
    // Two one-instruction programs (62 changed bytes) reach what their header, opcode,
    // destination and source fields can show: the magic, version and type checks, opcode and
    // register-type errors, register numbers, write masks and usage.
    let (total, accepted, ids) = change_every_byte(&stand_ins());
    assert_eq!((total, accepted), (62, 4));
    let expected = [
        3616, 3617, 3618, 3620, 3630, 3631, 3636, 3643, 3654, 3657, 3658, 3660,
    ];
    assert_eq!(ids.into_iter().collect::<Vec<_>>(), expected);
}
