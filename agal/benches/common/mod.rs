//! What the translation benchmarks share (`benches/glsl.rs`, `benches/wgsl.rs`): the valid
//! pairs of ../shared/agal-corpus, a one-instruction pair, criterion's groups (the whole corpus,
//! the 833-instruction ray tracer, the one-instruction pair) and a printed report (the median
//! time per program over the corpus, the output size of the one-instruction pair), for one
//! shader writer.

use std::hint::black_box;
use std::path::PathBuf;
use std::time::Instant;

use criterion::Criterion;
use molehill_agal::{Program, ProgramKind, Version};

/// A shader writer under test.
pub struct Writer {
    /// The prefix of criterion's group names (`glsl`, `wgsl`).
    pub name: &'static str,
    /// The language as the report names it.
    pub language: &'static str,
    /// Translates a pair with the default options: the sizes of the two outputs, or `None`.
    pub translate: fn(&Program, &Program) -> Option<(usize, usize)>,
}

fn hex_to_bytes(text: &str) -> Vec<u8> {
    let digits: Vec<u8> = text.bytes().filter(|b| b.is_ascii_hexdigit()).collect();
    digits
        .chunks(2)
        .filter_map(|p| u8::from_str_radix(std::str::from_utf8(p).ok()?, 16).ok())
        .collect()
}

/// The valid corpus pairs, by name.
fn corpus(writer: &Writer) -> Vec<(String, Program, Program)> {
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
                molehill_agal::decode(&hex_to_bytes(&text)).ok()
            };
            let (v, f) = (read("vert")?, read("frag")?);
            (writer.translate)(&v, &f)?;
            Some((name, v, f))
        })
        .collect()
}

fn one_instruction() -> (Program, Program) {
    let v = molehill_agal::asm::assemble("mov op, va0", ProgramKind::Vertex, Version::V1);
    let f = molehill_agal::asm::assemble("mov oc, fc0", ProgramKind::Fragment, Version::V1);
    match (v, f) {
        (Ok(v), Ok(f)) => (v, f),
        (v, f) => panic!("one-instruction pair does not assemble: {v:?} {f:?}"),
    }
}

/// Median over `runs` of the mean time of a batch of translations of one pair, in µs.
fn median_pair_us(writer: &Writer, v: &Program, f: &Program, runs: usize) -> f64 {
    let batch = 50;
    let mut samples: Vec<f64> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            for _ in 0..batch {
                black_box((writer.translate)(black_box(v), black_box(f)));
            }
            start.elapsed().as_secs_f64() * 1e6 / batch as f64
        })
        .collect();
    samples.sort_by(f64::total_cmp);
    samples[samples.len() / 2]
}

fn report(writer: &Writer, pairs: &[(String, Program, Program)]) {
    if !pairs.is_empty() {
        let mut per_pair: Vec<f64> = pairs
            .iter()
            .map(|(_, v, f)| median_pair_us(writer, v, f, 21))
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
                median_pair_us(writer, v, f, 21)
            );
        }
    }
    let (v, f) = one_instruction();
    if let Some((vertex, fragment)) = (writer.translate)(&v, &f) {
        eprintln!(
            "one-instruction pair ({}): vertex {vertex} bytes, fragment {fragment} bytes",
            writer.language
        );
    }
}

/// Criterion's groups (`NAME/corpus_all_pairs`, `NAME/raytrace_pair`,
/// `NAME/one_instruction_pair`) for `writer`, after printing [`report`].
pub fn benches(c: &mut Criterion, writer: &Writer) {
    let pairs = corpus(writer);
    report(writer, &pairs);
    let name = writer.name;
    let translate = writer.translate;
    if !pairs.is_empty() {
        c.bench_function(&format!("{name}/corpus_all_pairs"), |b| {
            b.iter(|| {
                for (_, v, f) in &pairs {
                    black_box(translate(black_box(v), black_box(f)));
                }
            })
        });
    }
    if let Some((_, v, f)) = pairs
        .iter()
        .find(|(n, ..)| n == "ruffle_raytrace_ogsl_agal2")
    {
        c.bench_function(&format!("{name}/raytrace_pair"), |b| {
            b.iter(|| black_box(translate(black_box(v), black_box(f))))
        });
    }
    let (v, f) = one_instruction();
    c.bench_function(&format!("{name}/one_instruction_pair"), |b| {
        b.iter(|| black_box(translate(black_box(&v), black_box(&f))))
    });
}
