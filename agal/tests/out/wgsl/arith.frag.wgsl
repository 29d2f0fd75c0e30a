@group(0) @binding(1) var<uniform> fc: array<vec4<f32>, 28>;

struct Draw {
    scissor: vec4<f32>,
    scissor_enabled: u32,
}
@group(0) @binding(2) var<uniform> draw: Draw;

struct FragmentOutput {
    @location(0) oc0: vec4<f32>,
}

fn agal_pow(x: vec4<f32>, y: vec4<f32>) -> vec4<f32> {
    let at_zero = select(vec4<f32>(0.0), 1.0 / abs(x), y < vec4<f32>(0.0));
    let p = select(pow(abs(x), y), at_zero, x == vec4<f32>(0.0));
    return select(p, vec4<f32>(1.0), y == vec4<f32>(0.0));
}

@fragment
fn fs_main(@builtin(position) position: vec4<f32>, @location(0) v0: vec4<f32>, @location(1) v1: vec4<f32>, @location(2) v2: vec4<f32>, @location(3) v3: vec4<f32>, @location(4) v4: vec4<f32>, @location(5) v5: vec4<f32>) -> FragmentOutput {
    var ft0 = vec4<f32>(0.0);
    var ft1 = vec4<f32>(0.0);
    var ft2 = vec4<f32>(0.0);
    var ft3 = vec4<f32>(0.0);
    var ft4 = vec4<f32>(0.0);
    var ft5 = vec4<f32>(0.0);
    var ft6 = vec4<f32>(0.0);
    var ft7 = vec4<f32>(0.0);
    var oc0 = vec4<f32>(0.0);
    ft0 = v0 + v1;
    ft0.x = ft0.y - fc[0].x;
    ft1 = v2 * fc[1];
    let r3 = ft1.yy / fc[1].xx;
    ft1 = vec4<f32>(ft1.x, r3.x, r3.y, ft1.w);
    ft2 = select(vec4<f32>(0.0), vec4<f32>(1.0), ft0 >= ft1);
    ft2.x = select(0.0, 1.0, ft0.x < fc[0].y);
    let r6 = select(vec2<f32>(0.0), vec2<f32>(1.0), ft0.xy == fc[0].zw);
    ft3 = vec4<f32>(r6.x, r6.y, ft3.z, ft3.w);
    let r7 = select(vec2<f32>(0.0), vec2<f32>(1.0), ft0.xy != fc[0].zw);
    ft3 = vec4<f32>(ft3.x, ft3.y, r7.x, r7.y);
    ft4 = max(v3, v4);
    let r9 = min(ft4.zyx, v5.xyz);
    ft4 = vec4<f32>(r9.x, r9.y, r9.z, ft4.w);
    ft5 = abs(ft4);
    let r11 = -ft5.zx;
    ft5 = vec4<f32>(r11.x, ft5.y, r11.y, ft5.w);
    ft5.w = saturate(ft5.w);
    ft6 = fract(v4.wzyx);
    ft6.x = sqrt(abs(v5.x));
    ft6.y = inverseSqrt(abs(v5.y));
    ft6.z = agal_pow(v5.zzzz, fc[2].xxxx).z;
    ft6.w = log2(abs(v5.w));
    ft7 = exp2(ft6);
    let r19 = sin(ft7.xy);
    ft7 = vec4<f32>(r19.x, r19.y, ft7.z, ft7.w);
    let r20 = cos(ft7.ww);
    ft7 = vec4<f32>(ft7.x, ft7.y, r20.x, r20.y);
    ft7.x = 1.0 / ft7.x;
    ft0 = ft0 + ft1;
    ft0 = ft0 + ft2;
    ft0 = ft0 + ft3;
    ft0 = ft0 + ft4;
    ft0 = ft0 + ft5;
    ft0 = ft0 + ft6;
    ft0 = ft0 + ft7;
    oc0 = ft0;
    let outside = draw.scissor_enabled != 0u && (position.x < draw.scissor.x || position.y < draw.scissor.y || position.x >= draw.scissor.z || position.y >= draw.scissor.w);
    if (outside) {
        discard;
    }
    return FragmentOutput(oc0);
}
