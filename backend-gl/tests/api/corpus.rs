//! Every valid vertex+fragment pair of the shared AGAL corpus translates, compiles and links
//! in the driver, in GLSL ES 3.00 (ES 3.0 context) and GLSL 3.30 (desktop 3.3 core context).

use crate::common::{agal_corpus, read_hex};
use molehill_context3d::{Backend, ProgramId, ProgramUpload};
use molehill_gl::{ContextOptions, GlApi, GlBackend};

/// The one pair that Flash itself rejects (#3696).
const INVALID: &[&str] = &["ruffle_sampler_conflict_invalid"];

fn pairs(dir: &std::path::Path) -> Vec<(String, molehill_agal::Program, molehill_agal::Program)> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("corpus dir")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter_map(|n| n.strip_suffix(".vert.hex").map(str::to_owned))
        .filter(|n| !INVALID.contains(&n.as_str()))
        .collect();
    names.sort();
    names
        .into_iter()
        .map(|n| {
            let v = molehill_agal::decode(&read_hex(&dir.join(format!("{n}.vert.hex"))))
                .expect("vertex decodes");
            let f = molehill_agal::decode(&read_hex(&dir.join(format!("{n}.frag.hex"))))
                .expect("fragment decodes");
            (n, v, f)
        })
        .collect()
}

fn compile_all(api: GlApi) {
    let Some(dir) = agal_corpus() else {
        eprintln!("shared/agal-corpus not found; corpus test skipped");
        return;
    };
    let pairs = pairs(&dir);
    assert!(pairs.len() >= 60, "corpus has {} pairs", pairs.len());
    let mut backend = GlBackend::headless(&ContextOptions::new(api)).expect("GL context");
    let mut failures = Vec::new();
    let mut unlinkable = Vec::new();
    for (i, (name, v, f)) in pairs.iter().enumerate() {
        // Only pairs that Flash links are valid pairs (a fragment program reading a varying
        // the vertex program never writes is #3632 at link time).
        if let Err(e) = molehill_agal::valid::link(v, f) {
            eprintln!(
                "{name}: not a valid pair ({}), skipped",
                e.to_flash().message
            );
            unlinkable.push(name.clone());
            continue;
        }
        if let Err(e) = backend.create_program(ProgramId(i as u64), &ProgramUpload::new(v, f)) {
            failures.push(format!("{name}: {e}"));
        }
    }
    assert!(
        unlinkable.len() <= 2,
        "too many pairs refused by molehill_agal::valid::link: {unlinkable:?}"
    );
    assert!(
        failures.is_empty(),
        "{} of {} pairs failed on {api:?}:\n{}",
        failures.len(),
        pairs.len(),
        failures.join("\n")
    );
    // Uploading the same pairs again links nothing new.
    let links = backend.program_links();
    for (i, (name, v, f)) in pairs.iter().enumerate() {
        if unlinkable.contains(name) {
            continue;
        }
        backend
            .create_program(ProgramId(1000 + i as u64), &ProgramUpload::new(v, f))
            .expect("cached pair");
    }
    assert_eq!(backend.program_links(), links);
}

#[test]
fn corpus_links_in_gles30() {
    compile_all(GlApi::Es30);
}

#[test]
fn corpus_links_in_desktop33() {
    compile_all(GlApi::Desktop33);
}
