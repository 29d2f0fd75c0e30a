#version 330 core
in vec4 v2;
in vec4 v7;
in vec4 v9;
layout(location = 0) out vec4 oc0;
void main() {
    vec4 ft0 = vec4(0.0);
    ft0 = v2 + v9;
    oc0 = ft0 * v7;
}
