//! Shared by the `wgsl_*` modules: naga's WGSL front end and validator (the version wgpu uses),
//! and the checks every translated pair must pass.

use naga::valid::{Capabilities, ValidationFlags, Validator};
use naga::ShaderStage;

/// Parses and validates one module with naga, and checks its one entry point.
pub fn naga_module(source: &str, stage: ShaderStage, entry: &str) -> Result<naga::Module, String> {
    let module = naga::front::wgsl::parse_str(source).map_err(|e| e.emit_to_string(source))?;
    Validator::new(ValidationFlags::all(), Capabilities::default())
        .validate(&module)
        .map_err(|e| e.emit_to_string(source))?;
    match module.entry_points.as_slice() {
        [ep] if ep.stage == stage && ep.name == entry => Ok(module),
        eps => Err(format!(
            "expected one {stage:?} entry point {entry}, found {:?}",
            eps.iter().map(|e| (&e.name, e.stage)).collect::<Vec<_>>()
        )),
    }
}

/// The `@location`s of the vertex module's outputs or the fragment module's inputs.
fn interface_locations(module: &naga::Module, vertex: bool) -> Vec<u32> {
    let ep = &module.entry_points[0];
    let mut out = Vec::new();
    let mut push = |binding: &Option<naga::Binding>| {
        if let Some(naga::Binding::Location { location, .. }) = binding {
            out.push(*location);
        }
    };
    if vertex {
        if let Some(result) = &ep.function.result {
            push(&result.binding);
            if let naga::TypeInner::Struct { members, .. } = &module.types[result.ty].inner {
                for m in members {
                    push(&m.binding);
                }
            }
        }
    } else {
        for arg in &ep.function.arguments {
            push(&arg.binding);
        }
    }
    out.sort_unstable();
    out
}

/// The lines that sample a texture or take a derivative are all in the entry point's
/// top-level block (WGSL's uniform control flow, whatever the analysis).
fn check_uniformity(source: &str) -> Result<(), String> {
    let mut depth = 0usize;
    for line in source.lines() {
        let needs_uniform = ["textureSample(", "textureSampleBias(", "dpdx(", "dpdy("]
            .iter()
            .any(|f| line.contains(f));
        if needs_uniform && depth != 1 {
            return Err(format!("non-uniform control flow (depth {depth}): {line}"));
        }
        depth += line.matches('{').count();
        depth = depth.saturating_sub(line.matches('}').count());
    }
    Ok(())
}

/// Everything a translated pair must pass: both modules parse and validate, the varyings'
/// locations agree, and sampling and derivatives are in uniform control flow.
pub fn check_pair(label: &str, shaders: &molehill_agal::wgsl::Shaders) -> Result<(), String> {
    let fail = |what: &str, e: String| {
        format!(
            "{label}: {what}:\n{e}\n--- vertex ---\n{}\n--- fragment ---\n{}",
            shaders.vertex, shaders.fragment
        )
    };
    let v = naga_module(
        &shaders.vertex,
        ShaderStage::Vertex,
        molehill_agal::wgsl::VERTEX_ENTRY,
    )
    .map_err(|e| fail("vertex module refused by naga", e))?;
    let f = naga_module(
        &shaders.fragment,
        ShaderStage::Fragment,
        molehill_agal::wgsl::FRAGMENT_ENTRY,
    )
    .map_err(|e| fail("fragment module refused by naga", e))?;
    let (out, input) = (
        interface_locations(&v, true),
        interface_locations(&f, false),
    );
    let expected: Vec<u32> = shaders
        .reflection
        .varyings
        .iter()
        .map(|v| v.location)
        .collect();
    if out != expected || input != expected {
        return Err(fail(
            "varying locations",
            format!("vertex {out:?}, fragment {input:?}, reflection {expected:?}"),
        ));
    }
    check_uniformity(&shaders.fragment).map_err(|e| fail("uniformity", e))?;
    Ok(())
}
