#version 100
#ifdef GL_FRAGMENT_PRECISION_HIGH
precision highp float;
#else
precision mediump float;
#endif
uniform sampler2D fs0;
uniform sampler2D fs1;
uniform sampler2D fs2;
uniform sampler2D fs3;
uniform samplerCube fs4;
uniform samplerCube fs5;
uniform sampler2D fs6;
uniform sampler2D fs7;
varying vec4 v0;
varying vec4 v1;
void main() {
    vec4 ft0 = vec4(0.0);
    vec4 ft1 = vec4(0.0);
    vec4 ft2 = vec4(0.0);
    vec4 ft3 = vec4(0.0);
    vec4 ft4 = vec4(0.0);
    vec4 ft5 = vec4(0.0);
    vec4 ft6 = vec4(0.0);
    ft0 = texture2D(fs0, v0.xy);
    ft1 = texture2D(fs1, v0.yx, 2.0);
    ft2.xyz = texture2D(fs2, v0.xy, -0.5).xyz;
    ft2.w = texture2D(fs3, v0.zw).w;
    ft3 = textureCube(fs4, v1.xyz);
    ft4.xy = textureCube(fs5, v1.zyx, 0.125).xy;
    ft5 = texture2D(fs6, v0.xy);
    ft6 = texture2D(fs7, v0.xy, -16.0);
    ft0 = ft0 + ft1;
    ft0 = ft0 + ft2;
    ft0 = ft0 + ft3;
    ft0.xy = ft0.xy + ft4.xy;
    ft0 = ft0 + ft5;
    ft0 = ft0 + ft6;
    gl_FragColor = ft0;
}
