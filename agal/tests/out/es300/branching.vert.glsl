#version 300 es
invariant gl_Position;
uniform vec4 vc[250];
uniform float yflip;
layout(location = 0) in vec4 va0;
layout(location = 1) in vec4 va1;
out vec4 v0;
out vec4 v1;
void main() {
    vec4 vt0 = vec4(0.0);
    vt0 = va1;
    if (va0.x >= vc[4].x) {
        vt0 = vt0 + vc[5];
    } else {
        vt0 = vt0 - vc[5];
    }
    gl_Position = va0 * mat4(vc[0], vc[1], vc[2], vc[3]);
    v0 = vt0;
    v1 = va0;
    gl_Position.z = 2.0 * gl_Position.z - gl_Position.w;
    gl_Position.y *= yflip;
}
