#version 100
#ifdef GL_FRAGMENT_PRECISION_HIGH
precision highp float;
#else
precision mediump float;
#endif
varying vec4 v0;
varying vec4 v1;
varying vec4 v2;
varying vec4 v3;
void main() {
    vec4 ft0 = vec4(0.0);
    ft0 = v0 + v1;
    ft0 = ft0 + v2;
    ft0 = ft0 + v3;
    gl_FragColor = ft0;
}
