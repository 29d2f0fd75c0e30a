@group(2) @binding(0) var<uniform> vc: array<vec4<f32>, 250>;

struct VertexOutput {
    @invariant @builtin(position) op: vec4<f32>,
    @location(0) v0: vec4<f32>,
    @location(1) v1: vec4<f32>,
}

fn vc_at(i: f32, o: f32) -> vec4<f32> {
    let f = floor(i);
    let n = f + select(0.0, 1.0, i - f >= 0.5) + o;
    let inside = n >= 0.0 && n < 250.0;
    return select(vec4<f32>(0.0), vc[u32(select(0.0, n, inside))], inside);
}

@vertex
fn vs_main(@location(0) va0: vec4<f32>, @location(15) va15: vec4<f32>, @builtin(instance_index) instance_index: u32) -> VertexOutput {
    let iid = vec4<f32>(f32(instance_index));
    var vt0 = vec4<f32>(0.0);
    var vt1 = vec4<f32>(0.0);
    var op = vec4<f32>(0.0);
    var v0 = vec4<f32>(0.0);
    var v1 = vec4<f32>(0.0);
    vt0 = iid.xxxx * vc[0];
    vt0 = vt0 + va15;
    vt1 = vc_at(iid.x, 10.0);
    op = va0 * mat4x4<f32>(vc[1], vc[2], vc[3], vc[4]);
    v0 = vt0;
    v1 = vt1;
    return VertexOutput(op, v0, v1);
}
