#version 100
#ifdef GL_FRAGMENT_PRECISION_HIGH
precision highp float;
#else
precision mediump float;
#endif
uniform vec4 agal_scissor;
uniform sampler2D fs0;
varying vec4 v0;
void main() {
    vec4 ft0 = vec4(0.0);
    ft0 = texture2D(fs0, v0.xy);
    if (ft0.w < 0.0) discard;
    gl_FragColor = ft0;
    if (gl_FragCoord.x < agal_scissor.x || gl_FragCoord.y < agal_scissor.y || gl_FragCoord.x >= agal_scissor.z || gl_FragCoord.y >= agal_scissor.w) discard;
}
