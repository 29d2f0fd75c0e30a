#version 100
#extension GL_OES_standard_derivatives : enable
#ifdef GL_FRAGMENT_PRECISION_HIGH
precision highp float;
#else
precision mediump float;
#endif
uniform mediump float yflip;
varying vec4 v0;
void main() {
    vec4 ft0 = vec4(0.0);
    vec4 ft1 = vec4(0.0);
    vec4 ft2 = vec4(0.0);
    ft0 = dFdx(v0);
    ft1 = -yflip * dFdy(v0);
    ft2.xy = dFdx(v0.zw);
    ft2.zw = -yflip * dFdy(v0.xx);
    ft0 = ft0 + ft1;
    ft0 = ft0 + ft2;
    gl_FragColor = ft0;
}
