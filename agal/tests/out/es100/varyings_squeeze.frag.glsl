#version 100
#ifdef GL_FRAGMENT_PRECISION_HIGH
precision highp float;
#else
precision mediump float;
#endif
varying vec4 v2;
varying vec4 v7;
varying vec4 v9;
void main() {
    vec4 ft0 = vec4(0.0);
    ft0 = v2 + v9;
    gl_FragColor = ft0 * v7;
}
