#version 100
#ifdef GL_FRAGMENT_PRECISION_HIGH
precision highp float;
#else
precision mediump float;
#endif
uniform vec4 fc[28];
void main() {
    gl_FragColor = fc[0];
}
