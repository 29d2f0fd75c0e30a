@group(2) @binding(0) var<uniform> vc: array<vec4<f32>, 250>;

struct VertexOutput {
    @invariant @builtin(position) op: vec4<f32>,
    @location(0) v0: vec4<f32>,
}

@vertex
fn vs_main(@location(0) va0: vec4<f32>, @location(1) va1: vec4<f32>) -> VertexOutput {
    var op = vec4<f32>(0.0);
    var v0 = vec4<f32>(0.0);
    op = va0 * mat4x4<f32>(vc[0], vc[1], vc[2], vc[3]);
    v0 = va1;
    return VertexOutput(op, v0);
}
