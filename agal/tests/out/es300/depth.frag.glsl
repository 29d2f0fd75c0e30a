#version 300 es
precision highp float;
uniform vec4 fc[64];
in vec4 v0;
layout(location = 0) out vec4 oc0;
void main() {
    vec4 ft0 = vec4(0.0);
    ft0 = v0 * fc[0];
    gl_FragDepth = ft0.z;
    oc0 = ft0;
}
