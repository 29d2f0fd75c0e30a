//! Translating ../shared/agal-corpus to WGSL.
//!
//! `cargo bench -p agal --bench wgsl`. Besides criterion's groups (the whole corpus, the
//! 833-instruction ray tracer, a one-instruction pair) it prints the median time per program
//! over the corpus and the WGSL size of the one-instruction pair.

use std::hint::black_box;
use std::path::PathBuf;
use std::time::Instant;

use agal::wgsl::{translate, Options};
use agal::{Program, ProgramKind, Version};
use criterion::{criterion_group, criterion_main, Criterion};

fn hex_to_bytes(text: &str) -> Vec<u8> {
    let digits: Vec<u8> = text.bytes().filter(|b| b.is_ascii_hexdigit()).collect();
    digits
        .chunks(2)
        .filter_map(|p| u8::from_str_radix(std::str::from_utf8(p).ok()?, 16).ok())
        .collect()
}

/// The valid corpus pairs, by name.
fn corpus() -> Vec<(String, Program, Program)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/agal-corpus/bytecode");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        eprintln!("agal-corpus not found beside the project; corpus benchmarks skipped");
        return Vec::new();
    };
    let mut names: Vec<String> = entries
        .filter_map(|e| {
            let name = e.ok()?.file_name().into_string().ok()?;
            Some(name.strip_suffix(".vert.hex")?.to_string())
        })
        .collect();
    names.sort();
    names
        .into_iter()
        .filter_map(|name| {
            let read = |stage: &str| {
                let text = std::fs::read_to_string(dir.join(format!("{name}.{stage}.hex"))).ok()?;
                agal::decode(&hex_to_bytes(&text)).ok()
            };
            let (v, f) = (read("vert")?, read("frag")?);
            translate(&v, &f, &Options::default()).ok()?;
            Some((name, v, f))
        })
        .collect()
}

fn one_instruction() -> (Program, Program) {
    let v = agal::asm::assemble("mov op, va0", ProgramKind::Vertex, Version::V1);
    let f = agal::asm::assemble("mov oc, fc0", ProgramKind::Fragment, Version::V1);
    match (v, f) {
        (Ok(v), Ok(f)) => (v, f),
        (v, f) => panic!("one-instruction pair does not assemble: {v:?} {f:?}"),
    }
}

/// Median over `runs` of the mean time of a batch of translations of one pair, in µs.
fn median_pair_us(v: &Program, f: &Program, runs: usize) -> f64 {
    let options = Options::default();
    let batch = 50;
    let mut samples: Vec<f64> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            for _ in 0..batch {
                black_box(translate(black_box(v), black_box(f), &options).ok());
            }
            start.elapsed().as_secs_f64() * 1e6 / batch as f64
        })
        .collect();
    samples.sort_by(f64::total_cmp);
    samples[samples.len() / 2]
}

fn report(pairs: &[(String, Program, Program)]) {
    if !pairs.is_empty() {
        let mut per_pair: Vec<f64> = pairs
            .iter()
            .map(|(_, v, f)| median_pair_us(v, f, 21))
            .collect();
        per_pair.sort_by(f64::total_cmp);
        let median = per_pair[per_pair.len() / 2];
        eprintln!(
            "corpus: {} pairs, median {median:.2} us per pair ({:.2} us per program), max {:.1} us",
            pairs.len(),
            median / 2.0,
            per_pair[per_pair.len() - 1]
        );
        if let Some((_, v, f)) = pairs
            .iter()
            .find(|(n, ..)| n == "ruffle_raytrace_ogsl_agal2")
        {
            eprintln!(
                "ruffle_raytrace_ogsl_agal2 ({} + {} instructions): {:.1} us per pair",
                v.instructions.len(),
                f.instructions.len(),
                median_pair_us(v, f, 21)
            );
        }
    }
    let (v, f) = one_instruction();
    if let Ok(s) = translate(&v, &f, &Options::default()) {
        eprintln!(
            "one-instruction pair (WGSL): vertex {} bytes, fragment {} bytes",
            s.vertex.len(),
            s.fragment.len()
        );
    }
}

fn benches(c: &mut Criterion) {
    let pairs = corpus();
    report(&pairs);
    let options = Options::default();
    if !pairs.is_empty() {
        c.bench_function("wgsl/corpus_all_pairs", |b| {
            b.iter(|| {
                for (_, v, f) in &pairs {
                    black_box(translate(black_box(v), black_box(f), &options).ok());
                }
            })
        });
    }
    if let Some((_, v, f)) = pairs
        .iter()
        .find(|(n, ..)| n == "ruffle_raytrace_ogsl_agal2")
    {
        c.bench_function("wgsl/raytrace_pair", |b| {
            b.iter(|| black_box(translate(black_box(v), black_box(f), &options).ok()))
        });
    }
    let (v, f) = one_instruction();
    c.bench_function("wgsl/one_instruction_pair", |b| {
        b.iter(|| black_box(translate(black_box(&v), black_box(&f), &options).ok()))
    });
}

criterion_group!(wgsl, benches);
criterion_main!(wgsl);
