//! Translating ../shared/agal-corpus to GLSL ES 3.00.
//!
//! `cargo bench -p agal --bench glsl`. Besides criterion's groups (the whole corpus, the
//! 833-instruction ray tracer, a one-instruction pair) it prints the median time per program
//! over the corpus and the GLSL size of the one-instruction pair (`common`, shared with the
//! WGSL benchmark).

mod common;

use criterion::{criterion_group, criterion_main, Criterion};
use molehill_agal::glsl::{translate, Options};
use molehill_agal::Program;

fn glsl_es300(v: &Program, f: &Program) -> Option<(usize, usize)> {
    let s = translate(v, f, &Options::default()).ok()?;
    Some((s.vertex.len(), s.fragment.len()))
}

fn benches(c: &mut Criterion) {
    let writer = common::Writer {
        name: "glsl",
        language: "GLSL ES 3.00",
        translate: glsl_es300,
    };
    common::benches(c, &writer);
}

criterion_group!(glsl, benches);
criterion_main!(glsl);
