#version 100
#extension GL_EXT_frag_depth : enable
#ifdef GL_FRAGMENT_PRECISION_HIGH
precision highp float;
#else
precision mediump float;
#endif
uniform vec4 fc[64];
varying vec4 v0;
void main() {
    vec4 ft0 = vec4(0.0);
    ft0 = v0 * fc[0];
    gl_FragDepthEXT = ft0.z;
    gl_FragColor = ft0;
}
