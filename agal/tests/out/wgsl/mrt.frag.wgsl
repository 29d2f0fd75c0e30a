@group(0) @binding(1) var<uniform> fc: array<vec4<f32>, 64>;

struct Draw {
    scissor: vec4<f32>,
    scissor_enabled: u32,
}
@group(0) @binding(2) var<uniform> draw: Draw;

struct FragmentOutput {
    @location(0) oc0: vec4<f32>,
    @location(1) oc1: vec4<f32>,
    @location(2) oc2: vec4<f32>,
    @location(3) oc3: vec4<f32>,
}

@fragment
fn fs_main(@builtin(position) position: vec4<f32>, @location(0) v0: vec4<f32>) -> FragmentOutput {
    var oc0 = vec4<f32>(0.0);
    var oc1 = vec4<f32>(0.0);
    var oc2 = vec4<f32>(0.0);
    var oc3 = vec4<f32>(0.0);
    oc0 = v0;
    oc1 = v0 * fc[0];
    oc2 = v0 + fc[1];
    oc3 = fc[2] - v0;
    let outside = draw.scissor_enabled != 0u && (position.x < draw.scissor.x || position.y < draw.scissor.y || position.x >= draw.scissor.z || position.y >= draw.scissor.w);
    if (outside) {
        discard;
    }
    return FragmentOutput(oc0, oc1, oc2, oc3);
}
