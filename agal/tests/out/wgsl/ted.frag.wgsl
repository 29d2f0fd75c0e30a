struct Draw {
    scissor: vec4<f32>,
    scissor_enabled: u32,
}
@group(0) @binding(2) var<uniform> draw: Draw;
@group(1) @binding(0) var fs0: texture_2d<f32>;
@group(1) @binding(1) var fs0_sampler: sampler;
@group(1) @binding(2) var fs1: texture_cube<f32>;
@group(1) @binding(3) var fs1_sampler: sampler;

struct FragmentOutput {
    @location(0) oc0: vec4<f32>,
}

@fragment
fn fs_main(@builtin(position) position: vec4<f32>, @location(0) v0: vec4<f32>) -> FragmentOutput {
    var ft0 = vec4<f32>(0.0);
    var ft1 = vec4<f32>(0.0);
    var oc0 = vec4<f32>(0.0);
    ft0 = textureSampleLevel(fs0, fs0_sampler, v0.xy, v0.w);
    let r1 = textureSampleLevel(fs1, fs1_sampler, v0.xyz, v0.z).xy;
    ft1 = vec4<f32>(r1.x, r1.y, ft1.z, ft1.w);
    let r2 = ft0.xy + ft1.xy;
    ft0 = vec4<f32>(r2.x, r2.y, ft0.z, ft0.w);
    oc0 = ft0;
    let outside = draw.scissor_enabled != 0u && (position.x < draw.scissor.x || position.y < draw.scissor.y || position.x >= draw.scissor.z || position.y >= draw.scissor.w);
    if (outside) {
        discard;
    }
    return FragmentOutput(oc0);
}
