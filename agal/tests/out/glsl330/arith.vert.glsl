#version 330 core
invariant gl_Position;
uniform vec4 vc[128];
uniform float yflip;
layout(location = 0) in vec4 va0;
layout(location = 1) in vec4 va1;
out vec4 v0;
out vec4 v1;
out vec4 v2;
out vec4 v3;
out vec4 v4;
out vec4 v5;
float agal_pow(float x, float y) {
    return y == 0.0 ? 1.0 : x == 0.0 ? (y < 0.0 ? 1.0 / abs(x) : 0.0) : pow(abs(x), y);
}
vec2 agal_pow(vec2 x, vec2 y) {
    return vec2(agal_pow(x.x, y.x), agal_pow(x.y, y.y));
}
vec3 agal_pow(vec3 x, vec3 y) {
    return vec3(agal_pow(x.x, y.x), agal_pow(x.y, y.y), agal_pow(x.z, y.z));
}
vec4 agal_pow(vec4 x, vec4 y) {
    return vec4(agal_pow(x.x, y.x), agal_pow(x.y, y.y), agal_pow(x.z, y.z), agal_pow(x.w, y.w));
}
void main() {
    vec4 vt0 = vec4(0.0);
    vec4 vt1 = vec4(0.0);
    vec4 vt2 = vec4(0.0);
    vec4 vt3 = vec4(0.0);
    vec4 vt4 = vec4(0.0);
    vec4 vt5 = vec4(0.0);
    vec4 vt6 = vec4(0.0);
    vt0 = va0;
    vt1 = va0 + vc[0];
    vt1.xy = vt1.yx - vc[1].zw;
    vt1.z = vt1.x * vc[1].w;
    vt1.w = vc[2].x / va1.y;
    vt2 = 1.0 / vt1;
    vt2.xz = min(vt2.xz, vc[3].wy);
    vt2.yw = max(vt2.yy, vc[3].xz);
    vt3 = fract(vt2.wzyx);
    vt3.x = sqrt(abs(vt2.y));
    vt3.y = inversesqrt(abs(vt2.z));
    vt3.zw = agal_pow(vt2.yy, vt1.ww);
    vt4 = log2(abs(vt3));
    vt4.xyz = exp2(vt4.xxy);
    vt5.x = sin(vt4.x);
    vt5.y = cos(vt4.y);
    vt5.z = abs(vt4.z);
    vt5.w = -vt4.w;
    vt6 = clamp(vt5, 0.0, 1.0);
    gl_Position = vt6;
    v0 = vt0;
    v1 = vt1;
    v2 = vt2;
    v3 = vt3;
    v4 = vt4;
    v5 = vt5;
    gl_Position.z = 2.0 * gl_Position.z - gl_Position.w;
    gl_Position.y *= yflip;
}
