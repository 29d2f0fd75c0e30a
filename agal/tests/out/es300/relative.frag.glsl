#version 300 es
precision highp float;
in vec4 v0;
in vec4 v1;
in vec4 v2;
in vec4 v3;
layout(location = 0) out vec4 oc0;
void main() {
    vec4 ft0 = vec4(0.0);
    ft0 = v0 + v1;
    ft0 = ft0 + v2;
    ft0 = ft0 + v3;
    oc0 = ft0;
}
