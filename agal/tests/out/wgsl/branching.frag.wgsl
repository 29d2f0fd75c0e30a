@group(0) @binding(1) var<uniform> fc: array<vec4<f32>, 64>;

struct Draw {
    scissor: vec4<f32>,
    scissor_enabled: u32,
}
@group(0) @binding(2) var<uniform> draw: Draw;

struct FragmentOutput {
    @location(0) oc0: vec4<f32>,
}

@fragment
fn fs_main(@builtin(position) position: vec4<f32>, @location(0) v0: vec4<f32>, @location(1) v1: vec4<f32>) -> FragmentOutput {
    var ft0 = vec4<f32>(0.0);
    var ft1 = vec4<f32>(0.0);
    var oc0 = vec4<f32>(0.0);
    var killed = false;
    ft0 = v0;
    let c0 = v0.x == fc[0].x;
    ft0.x = select(ft0.x, fc[0].y, c0);
    let c1 = v0.y != fc[0].y;
    let c2 = v0.z < fc[0].z;
    let p2 = c1 && c2;
    ft0.y = select(ft0.y, fc[1].x, p2);
    let e2 = c1 && !c2;
    let c3 = ft0.w >= fc[1].w;
    let p3 = e2 && c3;
    ft0.z = select(ft0.z, fc[1].y, p3);
    let e1 = !c1;
    ft0.w = select(ft0.w, fc[1].z, e1);
    ft1 = v1 - fc[2];
    killed = killed || ft1.z < 0.0;
    killed = killed || ft1.w < 0.0;
    oc0 = ft0;
    let outside = draw.scissor_enabled != 0u && (position.x < draw.scissor.x || position.y < draw.scissor.y || position.x >= draw.scissor.z || position.y >= draw.scissor.w);
    if (killed || outside) {
        discard;
    }
    return FragmentOutput(oc0);
}
