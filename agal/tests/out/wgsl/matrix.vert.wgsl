@group(2) @binding(0) var<uniform> vc: array<vec4<f32>, 128>;

struct VertexOutput {
    @invariant @builtin(position) op: vec4<f32>,
    @location(0) v0: vec4<f32>,
    @location(1) v1: vec4<f32>,
    @location(2) v2: vec4<f32>,
    @location(3) v3: vec4<f32>,
    @location(4) v4: vec4<f32>,
    @location(5) v5: vec4<f32>,
    @location(6) v6: vec4<f32>,
}

@vertex
fn vs_main(@location(0) va0: vec4<f32>, @location(1) va1: vec4<f32>, @location(2) va2: vec4<f32>) -> VertexOutput {
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
    var v6 = vec4<f32>(0.0);
    op = va0 * mat4x4<f32>(vc[0], vc[1], vc[2], vc[3]);
    let r1 = vec2<f32>(dot(va0, vc[4]), dot(va0, vc[5]));
    vt0 = vec4<f32>(r1.x, r1.y, vt0.z, vt0.w);
    let r2 = vec2<f32>(dot(va1, vc[6]), dot(va1, vc[7]));
    vt0 = vec4<f32>(vt0.x, vt0.y, r2.x, r2.y);
    let r3 = va1.xyz * mat3x3<f32>(vc[8].xyz, vc[9].xyz, vc[10].xyz);
    vt1 = vec4<f32>(r3.x, r3.y, r3.z, vt1.w);
    vt1.y = dot(va1.zyx, vc[9].xyz);
    let r5 = va2 * mat3x4<f32>(vc[11], vc[12], vc[13]);
    vt2 = vec4<f32>(r5.x, r5.y, r5.z, vt2.w);
    let r6 = vec2<f32>(dot(va2, vc[11]), dot(va2, vc[13]));
    vt2 = vec4<f32>(r6.x, vt2.y, r6.y, vt2.w);
    vt3.x = dot(va1.xyz, vc[14].xyz);
    let r8 = vec3<f32>(dot(va1.zyx, vc[14].xxy));
    vt3 = vec4<f32>(vt3.x, r8.x, r8.y, r8.z);
    vt4 = vec4<f32>(dot(va2, vc[15]));
    vt4.w = dot(va2, vt0);
    let r11 = normalize(va1.xyz);
    vt5 = vec4<f32>(r11.x, r11.y, r11.z, vt5.w);
    let r12 = normalize(vt1.zyx).xy;
    vt5 = vec4<f32>(r12.x, r12.y, vt5.z, vt5.w);
    let r13 = cross(va1.xyz, va2.xyz);
    vt6 = vec4<f32>(r13.x, r13.y, r13.z, vt6.w);
    vt6.z = cross(vt5.xyz, vt1.yzx).z;
    vt1.w = vc[16].x;
    vt2.w = vc[16].y;
    let r17 = vc[16].ww;
    vt5 = vec4<f32>(vt5.x, vt5.y, r17.x, r17.y);
    let r18 = vc[16].wzy;
    vt6 = vec4<f32>(r18.x, r18.y, vt6.z, r18.z);
    v0 = vt0;
    v1 = vt1;
    v2 = vt2;
    v3 = vt3;
    v4 = vt4;
    v5 = vt5;
    v6 = vt6;
    return VertexOutput(op, v0, v1, v2, v3, v4, v5, v6);
}
