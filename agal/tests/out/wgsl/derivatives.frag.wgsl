struct Draw {
    scissor: vec4<f32>,
    scissor_enabled: u32,
}
@group(0) @binding(2) var<uniform> draw: Draw;

struct FragmentOutput {
    @location(0) oc0: vec4<f32>,
}

@fragment
fn fs_main(@builtin(position) position: vec4<f32>, @location(0) v0: vec4<f32>) -> FragmentOutput {
    var ft0 = vec4<f32>(0.0);
    var ft1 = vec4<f32>(0.0);
    var ft2 = vec4<f32>(0.0);
    var oc0 = vec4<f32>(0.0);
    ft0 = dpdx(v0);
    ft1 = dpdy(v0);
    let r2 = dpdx(v0.zw);
    ft2 = vec4<f32>(r2.x, r2.y, ft2.z, ft2.w);
    let r3 = dpdy(v0.xx);
    ft2 = vec4<f32>(ft2.x, ft2.y, r3.x, r3.y);
    ft0 = ft0 + ft1;
    ft0 = ft0 + ft2;
    oc0 = ft0;
    let outside = draw.scissor_enabled != 0u && (position.x < draw.scissor.x || position.y < draw.scissor.y || position.x >= draw.scissor.z || position.y >= draw.scissor.w);
    if (outside) {
        discard;
    }
    return FragmentOutput(oc0);
}
