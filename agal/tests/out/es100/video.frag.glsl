#version 100
#ifdef GL_FRAGMENT_PRECISION_HIGH
precision highp float;
#else
precision mediump float;
#endif
uniform sampler2D fs0;
uniform sampler2D fs15;
varying vec4 v0;
void main() {
    vec4 ft0 = vec4(0.0);
    vec4 ft1 = vec4(0.0);
    ft0 = texture2D(fs0, v0.xy);
    ft1 = texture2D(fs15, v0.xy);
    gl_FragColor = ft0 * ft1;
}
