@group(2) @binding(0) var<uniform> vc: array<vec4<f32>, 128>;

struct VertexOutput {
    @invariant @builtin(position) op: vec4<f32>,
    @location(0) v0: vec4<f32>,
    @location(1) v1: vec4<f32>,
    @location(2) v2: vec4<f32>,
    @location(3) v3: vec4<f32>,
}

fn vc_at(i: f32, o: f32) -> vec4<f32> {
    let f = floor(i);
    let n = f + select(0.0, 1.0, i - f >= 0.5) + o;
    let inside = n >= 0.0 && n < 128.0;
    return select(vec4<f32>(0.0), vc[u32(select(0.0, n, inside))], inside);
}

@vertex
fn vs_main(@location(0) va0: vec4<f32>, @location(1) va1: vec4<f32>, @location(2) va2: vec4<f32>, @location(3) va3: vec4<f32>) -> VertexOutput {
    var vt0 = vec4<f32>(0.0);
    var vt1 = vec4<f32>(0.0);
    var vt2 = vec4<f32>(0.0);
    var vt3 = vec4<f32>(0.0);
    var vt4 = vec4<f32>(0.0);
    var vt5 = vec4<f32>(0.0);
    var op = vec4<f32>(0.0);
    var v0 = vec4<f32>(0.0);
    var v1 = vec4<f32>(0.0);
    var v2 = vec4<f32>(0.0);
    var v3 = vec4<f32>(0.0);
    vt0 = vc_at(va2.x, 5.0);
    let r1 = vt0.xy + vc_at(va2.y, 0.0).zw;
    vt0 = vec4<f32>(r1.x, r1.y, vt0.z, vt0.w);
    vt1.x = va2.w * vc[0].x;
    vt2 = vc_at(vt1.x, 1.0);
    vt3 = va0 * mat4x4<f32>(vc_at(va2.z, 4.0), vc_at(va2.z, 5.0), vc_at(va2.z, 6.0), vc_at(va2.z, 7.0));
    vt4.x = dot(va0, vc_at(vc[1].w, 255.0));
    let r6 = va1.xyz * mat3x3<f32>(vc_at(va3.x, 0.0).xyz, vc_at(va3.x, 1.0).xyz, vc_at(va3.x, 2.0).xyz);
    vt5 = vec4<f32>(r6.x, r6.y, r6.z, vt5.w);
    let r7 = vt5.yzw;
    vt4 = vec4<f32>(vt4.x, r7.x, r7.y, r7.z);
    op = va0 * mat4x4<f32>(vc[0], vc[1], vc[2], vc[3]);
    v0 = vt0;
    v1 = vt2;
    v2 = vt3;
    v3 = vt4;
    return VertexOutput(op, v0, v1, v2, v3);
}
