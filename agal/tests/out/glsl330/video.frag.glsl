#version 330 core
uniform sampler2D fs0;
uniform sampler2D fs15;
in vec4 v0;
layout(location = 0) out vec4 oc0;
void main() {
    vec4 ft0 = vec4(0.0);
    vec4 ft1 = vec4(0.0);
    ft0 = texture(fs0, v0.xy);
    ft1 = texture(fs15, v0.xy);
    oc0 = ft0 * ft1;
}
