//! Every valid pair of ../shared/agal-corpus (valid per `molehill_agal::valid`) translates to WGSL that
//! naga (the version wgpu uses) parses and validates, with matching varying locations and
//! sampling in uniform control flow, and the reflection agrees with `molehill_agal::valid::link`.

use crate::corpus;
use crate::wgsl_common;

use molehill_agal::wgsl::{translate, Options};

#[test]
fn corpus_translates_and_validates() {
    let Some(dir) = corpus::dir() else {
        eprintln!("agal-corpus not found beside the project; skipping");
        return;
    };
    let pairs = corpus::pairs(&dir);
    assert_eq!(pairs.len(), 66);
    let mut failures = Vec::new();
    let valid_pairs = corpus::valid_pairs(&pairs);
    let valid = valid_pairs.len();
    for (name, vertex, fragment, linkage) in &valid_pairs {
        let shaders = match translate(vertex, fragment, &Options::default()) {
            Ok(s) => s,
            Err(e) => {
                failures.push(format!("{name}: {e}"));
                continue;
            }
        };
        let r = &shaders.reflection;
        let slots: Vec<u16> = r.attributes.iter().map(|a| a.slot).collect();
        assert_eq!(slots, linkage.attributes_read, "{name}: attributes");
        let linked: Vec<u16> = r.varyings.iter().map(|v| v.register).collect();
        assert_eq!(linked, linkage.varyings_linked(), "{name}: varyings");
        let outputs: Vec<u16> = r.color_outputs.iter().map(|o| o.index).collect();
        assert_eq!(outputs, linkage.color_outputs, "{name}: outputs");
        assert_eq!(r.depth_written, linkage.depth_written, "{name}: depth");
        let samplers: Vec<_> = r.samplers.iter().map(|s| s.sampler).collect();
        assert_eq!(samplers, linkage.samplers, "{name}: samplers");
        if let Err(e) = wgsl_common::check_pair(name, &shaders) {
            failures.push(e);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert!(valid >= 65, "only {valid} corpus pairs are valid");
}
