#version 100
#ifdef GL_FRAGMENT_PRECISION_HIGH
precision highp float;
#else
precision mediump float;
#endif
varying vec4 v0;
void main() {
    vec4 ft0 = vec4(0.0);
    ft0.xy = sign(v0.yx);
    ft0.zw = v0.ww;
    gl_FragColor = ft0;
}
