#version 300 es
invariant gl_Position;
uniform vec4 vc[128];
uniform float yflip;
layout(location = 0) in vec4 va0;
layout(location = 1) in vec4 va1;
layout(location = 2) in vec4 va2;
layout(location = 3) in vec4 va3;
out vec4 v0;
out vec4 v1;
out vec4 v2;
out vec4 v3;
vec4 vc_at(float i, int o) {
    float f = floor(i);
    float n = f + (i - f >= 0.5 ? 1.0 : 0.0) + float(o);
    return n >= 0.0 && n < 128.0 ? vc[int(n)] : vec4(0.0);
}
void main() {
    vec4 vt0 = vec4(0.0);
    vec4 vt1 = vec4(0.0);
    vec4 vt2 = vec4(0.0);
    vec4 vt3 = vec4(0.0);
    vec4 vt4 = vec4(0.0);
    vec4 vt5 = vec4(0.0);
    vt0 = vc_at(va2.x, 5);
    vt0.xy = vt0.xy + vc_at(va2.y, 0).zw;
    vt1.x = va2.w * vc[0].x;
    vt2 = vc_at(vt1.x, 1);
    vt3 = va0 * mat4(vc_at(va2.z, 4), vc_at(va2.z, 5), vc_at(va2.z, 6), vc_at(va2.z, 7));
    vt4.x = dot(va0, vc_at(vc[1].w, 255));
    vt5.xyz = va1.xyz * mat3(vc_at(va3.x, 0).xyz, vc_at(va3.x, 1).xyz, vc_at(va3.x, 2).xyz);
    vt4.yzw = vt5.yzw;
    gl_Position = va0 * mat4(vc[0], vc[1], vc[2], vc[3]);
    v0 = vt0;
    v1 = vt2;
    v2 = vt3;
    v3 = vt4;
    gl_Position.z = 2.0 * gl_Position.z - gl_Position.w;
    gl_Position.y *= yflip;
}
