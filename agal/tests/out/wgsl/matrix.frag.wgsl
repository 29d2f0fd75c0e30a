@group(0) @binding(1) var<uniform> fc: array<vec4<f32>, 28>;

struct Draw {
    scissor: vec4<f32>,
    scissor_enabled: u32,
}
@group(0) @binding(2) var<uniform> draw: Draw;

struct FragmentOutput {
    @location(0) oc0: vec4<f32>,
}

@fragment
fn fs_main(@builtin(position) position: vec4<f32>, @location(0) v0: vec4<f32>, @location(1) v1: vec4<f32>, @location(2) v2: vec4<f32>, @location(3) v3: vec4<f32>, @location(4) v4: vec4<f32>, @location(5) v5: vec4<f32>, @location(6) v6: vec4<f32>) -> FragmentOutput {
    var ft0 = vec4<f32>(0.0);
    var ft1 = vec4<f32>(0.0);
    var ft2 = vec4<f32>(0.0);
    var ft3 = vec4<f32>(0.0);
    var ft4 = vec4<f32>(0.0);
    var ft5 = vec4<f32>(0.0);
    var ft6 = vec4<f32>(0.0);
    var oc0 = vec4<f32>(0.0);
    let r0 = v0.xyz * mat3x3<f32>(fc[0].xyz, fc[1].xyz, fc[2].xyz);
    ft0 = vec4<f32>(r0.x, r0.y, r0.z, ft0.w);
    let r1 = v1 * mat3x4<f32>(fc[3], fc[4], fc[5]);
    ft1 = vec4<f32>(r1.x, r1.y, r1.z, ft1.w);
    ft2 = v5 * mat4x4<f32>(fc[6], fc[7], fc[8], fc[9]);
    let r3 = v6.xyz * mat3x3<f32>(v2.xyz, v3.xyz, v4.xyz);
    ft3 = vec4<f32>(r3.x, r3.y, r3.z, ft3.w);
    ft4 = vec4<f32>(dot(ft0.xyz, ft1.xyz));
    ft4.y = dot(ft2, v6);
    let r6 = normalize(ft3.xyz);
    ft5 = vec4<f32>(r6.x, r6.y, r6.z, ft5.w);
    let r7 = cross(ft5.xyz, ft0.xyz);
    ft6 = vec4<f32>(r7.x, r7.y, r7.z, ft6.w);
    ft0.w = fc[10].x;
    ft1.w = fc[10].y;
    ft3.w = fc[10].z;
    ft5.w = fc[10].w;
    ft6.w = fc[10].w;
    ft0 = ft0 + ft1;
    ft0 = ft0 + ft2;
    ft0 = ft0 + ft3;
    ft0 = ft0 + ft4;
    ft0 = ft0 + ft5;
    ft0 = ft0 + ft6;
    oc0 = ft0;
    let outside = draw.scissor_enabled != 0u && (position.x < draw.scissor.x || position.y < draw.scissor.y || position.x >= draw.scissor.z || position.y >= draw.scissor.w);
    if (outside) {
        discard;
    }
    return FragmentOutput(oc0);
}
