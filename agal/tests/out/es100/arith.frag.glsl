#version 100
#ifdef GL_FRAGMENT_PRECISION_HIGH
precision highp float;
#else
precision mediump float;
#endif
uniform vec4 fc[28];
varying vec4 v0;
varying vec4 v1;
varying vec4 v2;
varying vec4 v3;
varying vec4 v4;
varying vec4 v5;
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
    vec4 ft0 = vec4(0.0);
    vec4 ft1 = vec4(0.0);
    vec4 ft2 = vec4(0.0);
    vec4 ft3 = vec4(0.0);
    vec4 ft4 = vec4(0.0);
    vec4 ft5 = vec4(0.0);
    vec4 ft6 = vec4(0.0);
    vec4 ft7 = vec4(0.0);
    ft0 = v0 + v1;
    ft0.x = ft0.y - fc[0].x;
    ft1 = v2 * fc[1];
    ft1.yz = ft1.yy / fc[1].xx;
    ft2 = vec4(greaterThanEqual(ft0, ft1));
    ft2.x = float(ft0.x < fc[0].y);
    ft3.xy = vec2(equal(ft0.xy, fc[0].zw));
    ft3.zw = vec2(notEqual(ft0.xy, fc[0].zw));
    ft4 = max(v3, v4);
    ft4.xyz = min(ft4.zyx, v5.xyz);
    ft5 = abs(ft4);
    ft5.xz = -ft5.zx;
    ft5.w = clamp(ft5.w, 0.0, 1.0);
    ft6 = fract(v4.wzyx);
    ft6.x = sqrt(abs(v5.x));
    ft6.y = inversesqrt(abs(v5.y));
    ft6.z = agal_pow(v5.z, fc[2].x);
    ft6.w = log2(abs(v5.w));
    ft7 = exp2(ft6);
    ft7.xy = sin(ft7.xy);
    ft7.zw = cos(ft7.ww);
    ft7.x = 1.0 / ft7.x;
    ft0 = ft0 + ft1;
    ft0 = ft0 + ft2;
    ft0 = ft0 + ft3;
    ft0 = ft0 + ft4;
    ft0 = ft0 + ft5;
    ft0 = ft0 + ft6;
    ft0 = ft0 + ft7;
    gl_FragColor = ft0;
}
