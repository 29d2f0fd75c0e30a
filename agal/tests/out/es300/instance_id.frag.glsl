#version 300 es
precision highp float;
uniform vec4 fc[200];
in vec4 v0;
in vec4 v1;
layout(location = 0) out vec4 oc0;
void main() {
    vec4 ft0 = vec4(0.0);
    ft0 = v0 + v1;
    oc0 = ft0 * fc[199];
}
