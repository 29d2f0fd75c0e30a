//! Every valid pair of ../shared/agal-corpus (valid per `molehill_agal::valid`) translates in every
//! dialect that can express it, glslangValidator compiles and links the result, and the
//! reflection agrees with `molehill_agal::valid::link`.

use crate::corpus;
use crate::glsl_common;

use molehill_agal::glsl::{translate, Dialect, GlslError, Options};

#[test]
fn corpus_translates_and_compiles_in_every_dialect() {
    let Some(dir) = corpus::dir() else {
        eprintln!("agal-corpus not found beside the project; skipping");
        return;
    };
    let glslang = glsl_common::glslang_available();
    let pairs = corpus::pairs(&dir);
    assert_eq!(pairs.len(), 66);
    let mut failures = Vec::new();
    let mut compiled = 0;
    let valid_pairs = corpus::valid_pairs(&pairs);
    let valid = valid_pairs.len();
    for (name, vertex, fragment, linkage) in &valid_pairs {
        for dialect in Dialect::ALL {
            let label = format!("{name} ({dialect})");
            match translate(vertex, fragment, &Options::new(dialect)) {
                Ok(shaders) => {
                    let r = &shaders.reflection;
                    let slots: Vec<u16> = r.attributes.iter().map(|a| a.slot).collect();
                    assert_eq!(slots, linkage.attributes_read, "{label}: attributes");
                    let linked: Vec<u16> = r.varyings.iter().map(|v| v.register).collect();
                    assert_eq!(linked, linkage.varyings_linked(), "{label}: varyings");
                    let outputs: Vec<u16> = r.color_outputs.iter().map(|o| o.index).collect();
                    assert_eq!(outputs, linkage.color_outputs, "{label}: outputs");
                    assert_eq!(r.depth_written, linkage.depth_written, "{label}: depth");
                    let samplers: Vec<_> = r.samplers.iter().map(|s| s.sampler).collect();
                    assert_eq!(samplers, linkage.samplers, "{label}: samplers");
                    if glslang {
                        if let Err(e) =
                            glsl_common::glslang_link(&label, &shaders.vertex, &shaders.fragment)
                        {
                            failures.push(e);
                        }
                        compiled += 1;
                    }
                }
                // Only a dialect's missing feature may refuse a valid pair.
                Err(GlslError::MissingFeature { .. }) if dialect == Dialect::Es100 => {}
                Err(e) => failures.push(format!("{label}: {e}")),
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert!(valid >= 65, "only {valid} corpus pairs are valid");
    if glslang {
        assert!(compiled >= valid * 2, "only {compiled} pairs compiled");
    }
}
