#version 330 core
uniform vec4 fc[64];
in vec4 v0;
layout(location = 0) out vec4 oc0;
layout(location = 1) out vec4 oc1;
layout(location = 2) out vec4 oc2;
layout(location = 3) out vec4 oc3;
void main() {
    oc0 = v0;
    oc1 = v0 * fc[0];
    oc2 = v0 + fc[1];
    oc3 = fc[2] - v0;
}
