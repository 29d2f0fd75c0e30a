struct Draw {
    scissor: vec4<f32>,
    scissor_enabled: u32,
}
@group(0) @binding(2) var<uniform> draw: Draw;
@group(1) @binding(0) var fs0: texture_2d<f32>;
@group(1) @binding(1) var fs0_sampler: sampler;

struct FragmentOutput {
    @location(0) oc0: vec4<f32>,
}

@fragment
fn fs_main(@builtin(position) position: vec4<f32>, @location(0) v0: vec4<f32>) -> FragmentOutput {
    var ft0 = vec4<f32>(0.0);
    var oc0 = vec4<f32>(0.0);
    var killed = false;
    ft0 = textureSample(fs0, fs0_sampler, v0.xy);
    killed = killed || ft0.w < 0.0;
    oc0 = ft0;
    let outside = draw.scissor_enabled != 0u && (position.x < draw.scissor.x || position.y < draw.scissor.y || position.x >= draw.scissor.z || position.y >= draw.scissor.w);
    if (killed || outside) {
        discard;
    }
    return FragmentOutput(oc0);
}
