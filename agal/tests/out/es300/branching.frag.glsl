#version 300 es
precision highp float;
uniform vec4 fc[64];
in vec4 v0;
in vec4 v1;
layout(location = 0) out vec4 oc0;
void main() {
    vec4 ft0 = vec4(0.0);
    vec4 ft1 = vec4(0.0);
    ft0 = v0;
    if (v0.x == fc[0].x) {
        ft0.x = fc[0].y;
    }
    if (v0.y != fc[0].y) {
        if (v0.z < fc[0].z) {
            ft0.y = fc[1].x;
        } else {
            if (ft0.w >= fc[1].w) {
                ft0.z = fc[1].y;
            }
        }
    } else {
        ft0.w = fc[1].z;
    }
    ft1 = v1 - fc[2];
    if (ft1.z < 0.0) discard;
    if (ft1.w < 0.0) discard;
    oc0 = ft0;
}
