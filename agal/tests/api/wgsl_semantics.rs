//! The rules of docs/semantics.md as the WGSL writer states them, one statement each: source
//! lanes chosen by destination component, masked writes of several lanes, predicated
//! conditionals, deferred `kil`, the scissor discard, `ted`'s level lane, relative reads
//! (rounding and bounds), D3D9 `pow`, orientation (no y flip, `ddy` unchanged). The golden
//! files show every opcode; these name the rule.

use crate::wgsl_common;

use molehill_agal::asm::assemble;
use molehill_agal::wgsl::{translate, Draw, Options, Shaders};
use molehill_agal::{ProgramKind, Version};

fn pair(vertex: &str, fragment: &str, version: Version) -> Shaders {
    let v = assemble(vertex, ProgramKind::Vertex, version).expect("vertex");
    let f = assemble(fragment, ProgramKind::Fragment, version).expect("fragment");
    let shaders = translate(&v, &f, &Options::default()).expect("translate");
    wgsl_common::check_pair("semantics", &shaders).unwrap_or_else(|e| panic!("{e}"));
    shaders
}

/// The fragment module of `fragment` (behind a vertex program writing v0).
fn fragment(fragment: &str, version: Version) -> String {
    pair("mov op, va0\nmov v0, va0", fragment, version).fragment
}

fn vertex(vertex: &str) -> String {
    pair(vertex, "mov oc, fc0", Version::V1).vertex
}

fn assert_line(shader: &str, line: &str) {
    assert!(
        shader.lines().any(|l| l.trim() == line),
        "expected `{line}` in:\n{shader}"
    );
}

/// D3D9/AGAL: the swizzle makes a four-lane value, the mask picks lanes of it by destination
/// component; several lanes are computed once and written with the others kept.
#[test]
fn masked_writes_take_the_source_lane_of_each_destination_component() {
    let wgsl = fragment(
        "mov ft0, v0\nmov ft0.zw, fc0.xy\nadd ft0.xz, ft0.yzwx, fc1\n\
         sge ft0.yw, ft0.wzyx, fc2.x\nslt ft0.x, v0.y, fc0\nmov oc, ft0",
        Version::V1,
    );
    assert_line(&wgsl, "let r1 = fc[0].yy;");
    assert_line(&wgsl, "ft0 = vec4<f32>(ft0.x, ft0.y, r1.x, r1.y);");
    assert_line(&wgsl, "let r2 = ft0.yw + fc[1].xz;");
    assert_line(&wgsl, "ft0 = vec4<f32>(r2.x, ft0.y, r2.y, ft0.w);");
    assert_line(
        &wgsl,
        "let r3 = select(vec2<f32>(0.0), vec2<f32>(1.0), ft0.zx >= fc[2].xx);",
    );
    assert_line(&wgsl, "ft0.x = select(0.0, 1.0, v0.y < fc[0].x);");
}

/// Scalar results and three-component results read the first lanes, whatever the mask.
#[test]
fn dot_products_and_three_component_results_read_the_first_lanes() {
    let wgsl = fragment(
        "dp3 ft0.zw, v0.wzyx, fc0\nnrm ft1.yz, v0.zyx\nmov ft0.xy, fc1\nmov ft1.xw, fc1\n\
         add ft0, ft0, ft1\nmov oc, ft0",
        Version::V1,
    );
    assert_line(&wgsl, "let r0 = vec2<f32>(dot(v0.wzy, fc[0].xyz));");
    assert_line(&wgsl, "let r1 = normalize(v0.zyx).yz;");
}

/// Conditionals become predicates on the first lane (`ifg` is >=), nested ones the
/// conjunction with the enclosing one, `els` the negation; every write inside keeps the old
/// value where the predicate is false, so textureSample stays in uniform control flow.
#[test]
fn conditionals_are_predicates_and_sampling_stays_uniform() {
    let wgsl = fragment(
        "ifg v0.y, fc0.z\nine v0.x, fc0.x\ntex ft0, v0, fs0 <2d, linear>\neif\nels\n\
         mov ft0.xy, fc1\neif\nmov oc, ft0",
        Version::V2,
    );
    assert_line(&wgsl, "let c0 = v0.y >= fc[0].z;");
    assert_line(&wgsl, "let c1 = v0.x != fc[0].x;");
    assert_line(&wgsl, "let p1 = c0 && c1;");
    assert_line(
        &wgsl,
        "ft0 = select(ft0, textureSample(fs0, fs0_sampler, v0.xy), p1);",
    );
    assert_line(&wgsl, "let e0 = !c0;");
    assert_line(
        &wgsl,
        "ft0 = select(ft0, vec4<f32>(r5.x, r5.y, ft0.z, ft0.w), e0);",
    );
    assert!(!wgsl.contains("if (c"), "no branch on a predicate:\n{wgsl}");
}

/// `kil` reads the single selected component and sets a flag; the one discard, with the
/// scissor test, ends the fragment stage.
#[test]
fn kil_is_deferred_and_the_scissor_discards() {
    let wgsl = fragment(
        "kil v0.w\nife v0.x, fc0.x\nkil v0.zyxw\neif\nmov oc, v0",
        Version::V2,
    );
    assert_line(&wgsl, "killed = killed || v0.w < 0.0;");
    assert_line(&wgsl, "killed = killed || (c0 && v0.z < 0.0);");
    assert_line(&wgsl, "if (killed || outside) {");
    assert_line(
        &wgsl,
        "let outside = draw.scissor_enabled != 0u && (position.x < draw.scissor.x || position.y < draw.scissor.y || position.x >= draw.scissor.z || position.y >= draw.scissor.w);",
    );
    let (discard, last_assignment) = (
        wgsl.find("discard;").expect("discard"),
        wgsl.find("oc0 = v0;").expect("write"),
    );
    assert!(discard > last_assignment, "discard after the program");
}

/// `ted` samples at the explicit level held in the coordinate's w lane; a LOD bias is
/// `textureSampleBias`.
#[test]
fn ted_level_is_the_w_lane_and_bias_is_in_the_shader() {
    let wgsl = fragment(
        "ted ft0, v0.yxwz, fs0 <2d, linear, miplinear>\ntex ft1, v0, fs1 <cube, linear, -1.5>\n\
         add oc, ft0, ft1",
        Version::V2,
    );
    assert_line(
        &wgsl,
        "ft0 = textureSampleLevel(fs0, fs0_sampler, v0.yx, v0.z);",
    );
    assert_line(
        &wgsl,
        "ft1 = textureSampleBias(fs1, fs1_sampler, v0.xyz, -1.5);",
    );
    assert_line(&wgsl, "@group(1) @binding(2) var fs1: texture_cube<f32>;");
    assert_line(&wgsl, "@group(1) @binding(3) var fs1_sampler: sampler;");
}

/// A relative read rounds to nearest with ties up, exactly in f32, and is zero outside the
/// file; a relative matrix reads its rows at consecutive offsets.
#[test]
fn relative_reads_round_exactly_and_are_bounds_checked() {
    let wgsl = vertex("m44 op, va0, vc[va2.x+4]\nmov v0, va0");
    assert_line(
        &wgsl,
        "op = va0 * mat4x4<f32>(vc_at(va2.x, 4.0), vc_at(va2.x, 5.0), vc_at(va2.x, 6.0), vc_at(va2.x, 7.0));",
    );
    assert_line(&wgsl, "let n = f + select(0.0, 1.0, i - f >= 0.5) + o;");
    assert_line(&wgsl, "let inside = n >= 0.0 && n < 128.0;");
    assert_line(
        &wgsl,
        "return select(vec4<f32>(0.0), vc[u32(select(0.0, n, inside))], inside);",
    );
}

/// D3D9 pow: 1 for y == 0, +inf for 0^negative, 0 for 0^positive, else |x|^y.
#[test]
fn pow_is_d3d9_pow() {
    let wgsl = fragment("pow ft0.yw, v0.xzyw, fc0\nmov oc, ft0", Version::V1);
    assert_line(&wgsl, "let r0 = agal_pow(v0.xzyw, fc[0]).yw;");
    assert_line(
        &wgsl,
        "let at_zero = select(vec4<f32>(0.0), 1.0 / abs(x), y < vec4<f32>(0.0));",
    );
    assert_line(
        &wgsl,
        "let p = select(pow(abs(x), y), at_zero, x == vec4<f32>(0.0));",
    );
    assert_line(
        &wgsl,
        "return select(p, vec4<f32>(1.0), y == vec4<f32>(0.0));",
    );
}

/// WebGPU's clip space and framebuffer are Flash's: `op` is written as it is, and `ddy` is
/// `dpdy` with no flip.
#[test]
fn clip_space_and_derivatives_need_no_conversion() {
    let s = pair(
        "m44 op, va0, vc0\nmov v0, va0",
        "ddx ft0, v0\nddy ft1, v0\nadd oc, ft0, ft1",
        Version::V2,
    );
    assert_line(&s.vertex, "return VertexOutput(op, v0);");
    assert!(!s.vertex.contains("op.z") && !s.vertex.contains("op.y"));
    assert_line(&s.fragment, "ft0 = dpdx(v0);");
    assert_line(&s.fragment, "ft1 = dpdy(v0);");
}

/// `fd` keeps the rasterised depth unless written; MRT outputs at their index.
#[test]
fn depth_and_multiple_render_targets() {
    let s = pair(
        "mov op, va0\nmov v0, va0",
        "ife v0.x, fc0.x\nmov fd.x, v0.z\neif\nmov oc0, v0\nmov oc2, fc0",
        Version::V2,
    );
    assert_line(&s.fragment, "var fd = position.z;");
    assert_line(&s.fragment, "fd = select(fd, v0.z, c0);");
    assert_line(&s.fragment, "@location(2) oc2: vec4<f32>,");
    assert_line(&s.fragment, "@builtin(frag_depth) fd: f32,");
    assert_line(&s.fragment, "return FragmentOutput(oc0, oc2, fd);");
    let outputs: Vec<u32> = s
        .reflection
        .color_outputs
        .iter()
        .map(|o| o.location)
        .collect();
    assert_eq!(outputs, [0, 2]);
    assert!(s.reflection.depth_written);
}

/// The `draw` uniform's bytes: the rectangle as four f32, then the enabled flag.
#[test]
fn draw_uniform_layout() {
    assert_eq!(Draw::default().to_bytes(), [0; 32]);
    let bytes = Draw {
        scissor: Some([1.0, 2.0, 3.5, 4.0]),
    }
    .to_bytes();
    assert_eq!(bytes[0..4], 1.0f32.to_le_bytes());
    assert_eq!(bytes[8..12], 3.5f32.to_le_bytes());
    assert_eq!(bytes[12..16], 4.0f32.to_le_bytes());
    assert_eq!(bytes[16..20], 1u32.to_le_bytes());
    assert_eq!(bytes[20..], [0; 12]);
    assert_eq!(molehill_agal::wgsl::DRAW_SIZE, 32);
    assert_eq!(
        (
            molehill_agal::wgsl::texture_binding(3),
            molehill_agal::wgsl::sampler_binding(3)
        ),
        (6, 7)
    );
}

/// For a target without a depth buffer the module computes `fd` but does not output it
/// (WebGPU refuses the pipeline otherwise; Flash ignores `fd` there).
#[test]
fn frag_depth_can_be_left_out() {
    let v = assemble("mov op, va0\nmov v0, va0", ProgramKind::Vertex, Version::V2).unwrap();
    let f = assemble(
        "mov fd.x, v0.z\nmov oc, v0",
        ProgramKind::Fragment,
        Version::V2,
    )
    .unwrap();
    let with = translate(&v, &f, &Options::default()).unwrap();
    let without = translate(&v, &f, &Options::default().with_frag_depth(false)).unwrap();
    for s in [&with, &without] {
        wgsl_common::check_pair("frag_depth", s).unwrap_or_else(|e| panic!("{e}"));
        assert!(s.reflection.depth_written);
    }
    assert!(with.reflection.depth_output && !without.reflection.depth_output);
    assert!(with.fragment.contains("@builtin(frag_depth) fd: f32,"));
    assert!(
        !without.fragment.contains("frag_depth"),
        "{}",
        without.fragment
    );
    assert_line(&without.fragment, "fd = v0.z;");
    assert_line(&without.fragment, "return FragmentOutput(oc0);");
}
