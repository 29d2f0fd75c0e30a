@group(2) @binding(0) var<uniform> vc: array<vec4<f32>, 128>;

struct VertexOutput {
    @invariant @builtin(position) op: vec4<f32>,
    @location(0) v0: vec4<f32>,
    @location(1) v1: vec4<f32>,
    @location(2) v2: vec4<f32>,
    @location(3) v3: vec4<f32>,
    @location(4) v4: vec4<f32>,
    @location(5) v5: vec4<f32>,
}

fn agal_pow(x: vec4<f32>, y: vec4<f32>) -> vec4<f32> {
    let at_zero = select(vec4<f32>(0.0), 1.0 / abs(x), y < vec4<f32>(0.0));
    let p = select(pow(abs(x), y), at_zero, x == vec4<f32>(0.0));
    return select(p, vec4<f32>(1.0), y == vec4<f32>(0.0));
}

@vertex
fn vs_main(@location(0) va0: vec4<f32>, @location(1) va1: vec4<f32>) -> VertexOutput {
    var vt0 = vec4<f32>(0.0);
    var vt1 = vec4<f32>(0.0);
    var vt2 = vec4<f32>(0.0);
    var vt3 = vec4<f32>(0.0);
    var vt4 = vec4<f32>(0.0);
    var vt5 = vec4<f32>(0.0);
    var vt6 = vec4<f32>(0.0);
    var op = vec4<f32>(0.0);
    var v0 = vec4<f32>(0.0);
    var v1 = vec4<f32>(0.0);
    var v2 = vec4<f32>(0.0);
    var v3 = vec4<f32>(0.0);
    var v4 = vec4<f32>(0.0);
    var v5 = vec4<f32>(0.0);
    vt0 = va0;
    vt1 = va0 + vc[0];
    let r2 = vt1.yx - vc[1].zw;
    vt1 = vec4<f32>(r2.x, r2.y, vt1.z, vt1.w);
    vt1.z = vt1.x * vc[1].w;
    vt1.w = vc[2].x / va1.y;
    vt2 = 1.0 / vt1;
    let r6 = min(vt2.xz, vc[3].wy);
    vt2 = vec4<f32>(r6.x, vt2.y, r6.y, vt2.w);
    let r7 = max(vt2.yy, vc[3].xz);
    vt2 = vec4<f32>(vt2.x, r7.x, vt2.z, r7.y);
    vt3 = fract(vt2.wzyx);
    vt3.x = sqrt(abs(vt2.y));
    vt3.y = inverseSqrt(abs(vt2.z));
    let r11 = agal_pow(vt2.xyyy, vt1.zwww).zw;
    vt3 = vec4<f32>(vt3.x, vt3.y, r11.x, r11.y);
    vt4 = log2(abs(vt3));
    let r13 = exp2(vt4.xxy);
    vt4 = vec4<f32>(r13.x, r13.y, r13.z, vt4.w);
    vt5.x = sin(vt4.x);
    vt5.y = cos(vt4.y);
    vt5.z = abs(vt4.z);
    vt5.w = -vt4.w;
    vt6 = saturate(vt5);
    op = vt6;
    v0 = vt0;
    v1 = vt1;
    v2 = vt2;
    v3 = vt3;
    v4 = vt4;
    v5 = vt5;
    return VertexOutput(op, v0, v1, v2, v3, v4, v5);
}
