#version 330 core
uniform vec4 agal_scissor;
uniform sampler2D fs0;
in vec4 v0;
layout(location = 0) out vec4 oc0;
void main() {
    vec4 ft0 = vec4(0.0);
    ft0 = texture(fs0, v0.xy);
    if (ft0.w < 0.0) discard;
    oc0 = ft0;
    if (gl_FragCoord.x < agal_scissor.x || gl_FragCoord.y < agal_scissor.y || gl_FragCoord.x >= agal_scissor.z || gl_FragCoord.y >= agal_scissor.w) discard;
}
