//! Translating ../shared/agal-corpus to WGSL.
//!
//! `cargo bench -p agal --bench wgsl`. Besides criterion's groups (the whole corpus, the
//! 833-instruction ray tracer, a one-instruction pair) it prints the median time per program
//! over the corpus and the WGSL size of the one-instruction pair (`common`, shared with the
//! GLSL benchmark).

mod common;

use criterion::{criterion_group, criterion_main, Criterion};
use molehill_agal::wgsl::{translate, Options};
use molehill_agal::Program;

fn wgsl_module(v: &Program, f: &Program) -> Option<(usize, usize)> {
    let s = translate(v, f, &Options::default()).ok()?;
    Some((s.vertex.len(), s.fragment.len()))
}

fn benches(c: &mut Criterion) {
    let writer = common::Writer {
        name: "wgsl",
        language: "WGSL",
        translate: wgsl_module,
    };
    common::benches(c, &writer);
}

criterion_group!(wgsl, benches);
criterion_main!(wgsl);
