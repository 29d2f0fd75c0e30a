//! The bench's programs: each in AGAL for Molehill, hand-written in GLSL ES 3.00 for the raw
//! GL baseline and in WGSL for the raw wgpu baseline, with the same arithmetic as Molehill's
//! translations (GL: `z' = 2z - w`, y flipped so that Flash's top row is GL's row 0; WebGPU's
//! clip space is Flash's as it is), so that both pictures come out identical.
//!
//! The WGSL binds what a hand-written wgpu program would: `@group(0)` the `vc` registers the
//! program reads at binding 0 and its `fc` at binding 1 (dynamic offsets into one buffer per
//! frame), `@group(1)` texture `i` at binding `2i` and its sampler at `2i + 1`. It keeps the
//! arithmetic of Molehill's WGSL (`@invariant` position, the same products in the same order)
//! and leaves out what Molehill adds for Flash's sake: the scissor discard and the bounds
//! check of relative constant reads.

use crate::renderer::Shader;

/// Starling 2's textured, tinted mesh style.
pub const STARLING: Shader = Shader {
    agal_vertex: "m44 op, va0, vc0\nmov v0, va1\nmul v1, va2, vc4\n",
    agal_fragment: "tex ft0, v0, fs0 <2d,linear,mipnone,clamp>\nmul oc, ft0, v1\n",
    glsl_vertex: "#version 300 es
uniform vec4 vc[5];
layout(location = 0) in vec4 va0;
layout(location = 1) in vec4 va1;
layout(location = 2) in vec4 va2;
out vec4 v0;
out vec4 v1;
void main() {
    gl_Position = va0 * mat4(vc[0], vc[1], vc[2], vc[3]);
    v0 = va1;
    v1 = va2 * vc[4];
    gl_Position.z = 2.0 * gl_Position.z - gl_Position.w;
    gl_Position.y = -gl_Position.y;
}
",
    glsl_fragment: "#version 300 es
precision highp float;
uniform highp sampler2D fs0;
in vec4 v0;
in vec4 v1;
layout(location = 0) out vec4 oc0;
void main() {
    oc0 = texture(fs0, v0.xy) * v1;
}
",
    wgsl_vertex: "@group(0) @binding(0) var<uniform> vc: array<vec4<f32>, 5>;
struct Out {
    @invariant @builtin(position) op: vec4<f32>,
    @location(0) v0: vec4<f32>,
    @location(1) v1: vec4<f32>,
}
@vertex
fn vs_main(@location(0) va0: vec4<f32>, @location(1) va1: vec4<f32>, @location(2) va2: vec4<f32>) -> Out {
    return Out(va0 * mat4x4<f32>(vc[0], vc[1], vc[2], vc[3]), va1, va2 * vc[4]);
}
",
    wgsl_fragment: "@group(1) @binding(0) var fs0: texture_2d<f32>;
@group(1) @binding(1) var fs0_sampler: sampler;
@fragment
fn fs_main(@location(0) v0: vec4<f32>, @location(1) v1: vec4<f32>) -> @location(0) vec4<f32> {
    return textureSample(fs0, fs0_sampler, v0.xy) * v1;
}
",
    vc: 5,
    fc: 0,
    samplers: 1,
};

/// A position + uv vertex program, shared by the untextured fragment programs.
const POSITION_UV_VERTEX: &str = "#version 300 es
uniform vec4 vc[4];
layout(location = 0) in vec4 va0;
layout(location = 1) in vec4 va1;
out vec4 v0;
void main() {
    gl_Position = va0 * mat4(vc[0], vc[1], vc[2], vc[3]);
    v0 = va1;
    gl_Position.z = 2.0 * gl_Position.z - gl_Position.w;
    gl_Position.y = -gl_Position.y;
}
";

/// The state scenario's two fragment programs over the Starling vertex program.
pub const TINT: Shader = Shader {
    agal_fragment: "mul oc, v1, fc0\n",
    glsl_fragment: "#version 300 es
precision highp float;
uniform vec4 fc[1];
in vec4 v0;
in vec4 v1;
layout(location = 0) out vec4 oc0;
void main() {
    oc0 = v1 * fc[0];
}
",
    wgsl_fragment: "@group(0) @binding(1) var<uniform> fc: array<vec4<f32>, 1>;
@fragment
fn fs_main(@location(0) v0: vec4<f32>, @location(1) v1: vec4<f32>) -> @location(0) vec4<f32> {
    return v1 * fc[0];
}
",
    fc: 1,
    samplers: 0,
    ..STARLING
};
pub const COLOR: Shader = Shader {
    agal_fragment: "mov oc, fc0\n",
    glsl_fragment: "#version 300 es
precision highp float;
uniform vec4 fc[1];
in vec4 v0;
in vec4 v1;
layout(location = 0) out vec4 oc0;
void main() {
    oc0 = fc[0];
}
",
    wgsl_fragment: "@group(0) @binding(1) var<uniform> fc: array<vec4<f32>, 1>;
@fragment
fn fs_main() -> @location(0) vec4<f32> {
    return fc[0];
}
",
    fc: 1,
    samplers: 0,
    ..STARLING
};

/// The WGSL twin of [`POSITION_UV_VERTEX`].
const POSITION_UV_VERTEX_WGSL: &str = "@group(0) @binding(0) var<uniform> vc: array<vec4<f32>, 4>;
struct Out {
    @invariant @builtin(position) op: vec4<f32>,
    @location(0) v0: vec4<f32>,
}
@vertex
fn vs_main(@location(0) va0: vec4<f32>, @location(1) va1: vec4<f32>) -> Out {
    return Out(va0 * mat4x4<f32>(vc[0], vc[1], vc[2], vc[3]), va1);
}
";

/// Mesh scene: one texture, two textures, and uv as colour.
pub const MESH_ONE: Shader = Shader {
    agal_vertex: "m44 op, va0, vc0\nmov v0, va1\n",
    agal_fragment: "tex ft0, v0, fs0 <2d,linear,mipnone,repeat>\nmul oc, ft0, fc0\n",
    glsl_vertex: POSITION_UV_VERTEX,
    glsl_fragment: "#version 300 es
precision highp float;
uniform vec4 fc[1];
uniform highp sampler2D fs0;
in vec4 v0;
layout(location = 0) out vec4 oc0;
void main() {
    oc0 = texture(fs0, v0.xy) * fc[0];
}
",
    wgsl_vertex: POSITION_UV_VERTEX_WGSL,
    wgsl_fragment: "@group(0) @binding(1) var<uniform> fc: array<vec4<f32>, 1>;
@group(1) @binding(0) var fs0: texture_2d<f32>;
@group(1) @binding(1) var fs0_sampler: sampler;
@fragment
fn fs_main(@location(0) v0: vec4<f32>) -> @location(0) vec4<f32> {
    return textureSample(fs0, fs0_sampler, v0.xy) * fc[0];
}
",
    vc: 4,
    fc: 1,
    samplers: 1,
};
pub const MESH_TWO: Shader = Shader {
    agal_fragment: "tex ft0, v0, fs0 <2d,linear,mipnone,repeat>\n\
                    tex ft1, v0, fs1 <2d,nearest,mipnone,repeat>\n\
                    mul ft0, ft0, ft1\nmul oc, ft0, fc0\n",
    glsl_fragment: "#version 300 es
precision highp float;
uniform vec4 fc[1];
uniform highp sampler2D fs0;
uniform highp sampler2D fs1;
in vec4 v0;
layout(location = 0) out vec4 oc0;
void main() {
    vec4 ft0 = texture(fs0, v0.xy) * texture(fs1, v0.xy);
    oc0 = ft0 * fc[0];
}
",
    wgsl_fragment: "@group(0) @binding(1) var<uniform> fc: array<vec4<f32>, 1>;
@group(1) @binding(0) var fs0: texture_2d<f32>;
@group(1) @binding(1) var fs0_sampler: sampler;
@group(1) @binding(2) var fs1: texture_2d<f32>;
@group(1) @binding(3) var fs1_sampler: sampler;
@fragment
fn fs_main(@location(0) v0: vec4<f32>) -> @location(0) vec4<f32> {
    let ft0 = textureSample(fs0, fs0_sampler, v0.xy) * textureSample(fs1, fs1_sampler, v0.xy);
    return ft0 * fc[0];
}
",
    samplers: 2,
    ..MESH_ONE
};
pub const MESH_PLAIN: Shader = Shader {
    agal_fragment: "mul oc, v0, fc0\n",
    glsl_fragment: "#version 300 es
precision highp float;
uniform vec4 fc[1];
in vec4 v0;
layout(location = 0) out vec4 oc0;
void main() {
    oc0 = v0 * fc[0];
}
",
    wgsl_fragment: "@group(0) @binding(1) var<uniform> fc: array<vec4<f32>, 1>;
@fragment
fn fs_main(@location(0) v0: vec4<f32>) -> @location(0) vec4<f32> {
    return v0 * fc[0];
}
",
    samplers: 0,
    ..MESH_ONE
};

/// Skinning: one bone of 36 per vertex (`va1.x` = 3 * bone), then the matrix.
pub const SKIN: Shader = Shader {
    agal_vertex: "m34 vt0.xyz, va0, vc[va1.x+4]\nmov vt0.w, va0.w\nm44 op, vt0, vc0\nmov v0, va2\n",
    agal_fragment: "mov oc, v0\n",
    glsl_vertex: "#version 300 es
uniform vec4 vc[112];
layout(location = 0) in vec4 va0;
layout(location = 1) in vec4 va1;
layout(location = 2) in vec4 va2;
out vec4 v0;
void main() {
    int n = int(floor(va1.x + 0.5)) + 4;
    vec4 vt0 = vec4(va0 * mat3x4(vc[n], vc[n + 1], vc[n + 2]), va0.w);
    gl_Position = vt0 * mat4(vc[0], vc[1], vc[2], vc[3]);
    v0 = va2;
    gl_Position.z = 2.0 * gl_Position.z - gl_Position.w;
    gl_Position.y = -gl_Position.y;
}
",
    glsl_fragment: "#version 300 es
precision highp float;
in vec4 v0;
layout(location = 0) out vec4 oc0;
void main() {
    oc0 = v0;
}
",
    wgsl_vertex: "@group(0) @binding(0) var<uniform> vc: array<vec4<f32>, 112>;
struct Out {
    @invariant @builtin(position) op: vec4<f32>,
    @location(0) v0: vec4<f32>,
}
@vertex
fn vs_main(@location(0) va0: vec4<f32>, @location(1) va1: vec4<f32>, @location(2) va2: vec4<f32>) -> Out {
    let n = u32(floor(va1.x + 0.5)) + 4u;
    let vt0 = vec4<f32>(va0 * mat3x4<f32>(vc[n], vc[n + 1u], vc[n + 2u]), va0.w);
    return Out(vt0 * mat4x4<f32>(vc[0], vc[1], vc[2], vc[3]), va2);
}
",
    wgsl_fragment: "@fragment
fn fs_main(@location(0) v0: vec4<f32>) -> @location(0) vec4<f32> {
    return v0;
}
",
    vc: 112,
    fc: 0,
    samplers: 0,
};
