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
    var oc0 = vec4<f32>(0.0);
    let r0 = sign(v0.yx);
    ft0 = vec4<f32>(r0.x, r0.y, ft0.z, ft0.w);
    let r1 = v0.ww;
    ft0 = vec4<f32>(ft0.x, ft0.y, r1.x, r1.y);
    oc0 = ft0;
    let outside = draw.scissor_enabled != 0u && (position.x < draw.scissor.x || position.y < draw.scissor.y || position.x >= draw.scissor.z || position.y >= draw.scissor.w);
    if (outside) {
        discard;
    }
    return FragmentOutput(oc0);
}
