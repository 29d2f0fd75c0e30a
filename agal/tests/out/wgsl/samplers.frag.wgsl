struct Draw {
    scissor: vec4<f32>,
    scissor_enabled: u32,
}
@group(0) @binding(2) var<uniform> draw: Draw;
@group(1) @binding(0) var fs0: texture_2d<f32>;
@group(1) @binding(1) var fs0_sampler: sampler;
@group(1) @binding(2) var fs1: texture_2d<f32>;
@group(1) @binding(3) var fs1_sampler: sampler;
@group(1) @binding(4) var fs2: texture_2d<f32>;
@group(1) @binding(5) var fs2_sampler: sampler;
@group(1) @binding(6) var fs3: texture_2d<f32>;
@group(1) @binding(7) var fs3_sampler: sampler;
@group(1) @binding(8) var fs4: texture_cube<f32>;
@group(1) @binding(9) var fs4_sampler: sampler;
@group(1) @binding(10) var fs5: texture_cube<f32>;
@group(1) @binding(11) var fs5_sampler: sampler;
@group(1) @binding(12) var fs6: texture_2d<f32>;
@group(1) @binding(13) var fs6_sampler: sampler;
@group(1) @binding(14) var fs7: texture_2d<f32>;
@group(1) @binding(15) var fs7_sampler: sampler;

struct FragmentOutput {
    @location(0) oc0: vec4<f32>,
}

@fragment
fn fs_main(@builtin(position) position: vec4<f32>, @location(0) v0: vec4<f32>, @location(1) v1: vec4<f32>) -> FragmentOutput {
    var ft0 = vec4<f32>(0.0);
    var ft1 = vec4<f32>(0.0);
    var ft2 = vec4<f32>(0.0);
    var ft3 = vec4<f32>(0.0);
    var ft4 = vec4<f32>(0.0);
    var ft5 = vec4<f32>(0.0);
    var ft6 = vec4<f32>(0.0);
    var oc0 = vec4<f32>(0.0);
    ft0 = textureSample(fs0, fs0_sampler, v0.xy);
    ft1 = textureSampleBias(fs1, fs1_sampler, v0.yx, 2.0);
    let r2 = textureSampleBias(fs2, fs2_sampler, v0.xy, -0.5).xyz;
    ft2 = vec4<f32>(r2.x, r2.y, r2.z, ft2.w);
    ft2.w = textureSample(fs3, fs3_sampler, v0.zw).w;
    ft3 = textureSample(fs4, fs4_sampler, v1.xyz);
    let r5 = textureSampleBias(fs5, fs5_sampler, v1.zyx, 0.125).xy;
    ft4 = vec4<f32>(r5.x, r5.y, ft4.z, ft4.w);
    ft5 = textureSample(fs6, fs6_sampler, v0.xy);
    ft6 = textureSampleBias(fs7, fs7_sampler, v0.xy, -16.0);
    ft0 = ft0 + ft1;
    ft0 = ft0 + ft2;
    ft0 = ft0 + ft3;
    let r11 = ft0.xy + ft4.xy;
    ft0 = vec4<f32>(r11.x, r11.y, ft0.z, ft0.w);
    ft0 = ft0 + ft5;
    ft0 = ft0 + ft6;
    oc0 = ft0;
    let outside = draw.scissor_enabled != 0u && (position.x < draw.scissor.x || position.y < draw.scissor.y || position.x >= draw.scissor.z || position.y >= draw.scissor.w);
    if (outside) {
        discard;
    }
    return FragmentOutput(oc0);
}
