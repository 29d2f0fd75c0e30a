//! The rules of docs/semantics.md that are easiest to get subtly wrong, one statement each:
//! source lanes chosen by destination component, scalar lanes of `kil`/`if*`, `ted`'s level
//! lane, relative matrix rows. The golden files show every opcode; these name the rule.

use molehill_agal::asm::assemble;
use molehill_agal::glsl::{translate, Options};
use molehill_agal::{ProgramKind, Version};

/// The GLSL ES 3.00 fragment shader of `fragment` (behind a vertex program writing v0).
fn fragment(fragment: &str, version: Version) -> String {
    let v = assemble("mov op, va0\nmov v0, va0", ProgramKind::Vertex, version).expect("vertex");
    let f = assemble(fragment, ProgramKind::Fragment, version).expect("fragment");
    translate(&v, &f, &Options::default())
        .expect("translate")
        .fragment
}

fn vertex(vertex: &str) -> String {
    let v = assemble(vertex, ProgramKind::Vertex, Version::V1).expect("vertex");
    let f = assemble("mov oc, fc0", ProgramKind::Fragment, Version::V1).expect("fragment");
    translate(&v, &f, &Options::default())
        .expect("translate")
        .vertex
}

fn assert_line(shader: &str, line: &str) {
    assert!(
        shader.lines().any(|l| l.trim() == line),
        "expected `{line}` in:\n{shader}"
    );
}

/// D3D9/AGAL: the swizzle makes a four-lane value, the mask picks lanes of it by destination
/// component. `.xy` is xyyy, so `mov ft0.zw, fc0.xy` writes fc0.y to both z and w.
#[test]
fn masked_writes_take_the_source_lane_of_each_destination_component() {
    let glsl = fragment(
        "mov ft0, v0\nmov ft0.zw, fc0.xy\nadd ft0.xz, ft0.yzwx, fc1\n\
         sge ft0.yw, ft0.wzyx, fc2.x\nmov oc, ft0",
        Version::V1,
    );
    assert_line(&glsl, "ft0.zw = fc[0].yy;");
    assert_line(&glsl, "ft0.xz = ft0.yw + fc[1].xz;");
    assert_line(&glsl, "ft0.yw = vec2(greaterThanEqual(ft0.zx, fc[2].xx));");
}

/// Scalar results and three-component results read the first lanes, whatever the mask.
#[test]
fn dot_products_and_three_component_results_read_the_first_lanes() {
    let glsl = fragment(
        "dp3 ft0.zw, v0.wzyx, fc0\nnrm ft1.yz, v0.zyx\nmov ft0.xy, fc1\nmov ft1.xw, fc1\n\
         add ft0, ft0, ft1\nmov oc, ft0",
        Version::V1,
    );
    assert_line(&glsl, "ft0.zw = vec2(dot(v0.wzy, fc[0].xyz));");
    assert_line(&glsl, "ft1.yz = normalize(v0.zyx).yz;");
}

/// `kil` and the conditionals read the single selected component, the first lane; `ifg` is
/// "greater than or equal".
#[test]
fn kil_and_conditionals_use_the_first_lane() {
    let glsl = fragment(
        "kil v0.w\nifg v0.y, fc0.z\nmov ft0, v0\nels\nmov ft0, fc1\neif\nmov oc, ft0",
        Version::V2,
    );
    assert_line(&glsl, "if (v0.w < 0.0) discard;");
    assert_line(&glsl, "if (v0.y >= fc[0].z) {");
}

/// `ted` samples at the explicit level held in the coordinate's w lane.
#[test]
fn ted_level_is_the_w_lane() {
    let glsl = fragment(
        "ted ft0, v0.yxwz, fs0 <2d, linear, miplinear>\nmov oc, ft0",
        Version::V2,
    );
    assert_line(&glsl, "ft0 = textureLod(fs0, v0.yx, v0.z);");
}

/// A relative matrix reads its rows at consecutive offsets from the same index, each row
/// bounds-checked (a read outside the file is zero).
#[test]
fn relative_matrix_rows_follow_the_index() {
    let glsl = vertex("m44 op, va0, vc[va2.x+4]\nmov v0, va0");
    assert_line(
        &glsl,
        "gl_Position = va0 * mat4(vc_at(va2.x, 4), vc_at(va2.x, 5), vc_at(va2.x, 6), vc_at(va2.x, 7));",
    );
    assert_line(
        &glsl,
        "return n >= 0.0 && n < 128.0 ? vc[int(n)] : vec4(0.0);",
    );
}
