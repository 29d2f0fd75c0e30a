#version 330 core
invariant gl_Position;
uniform vec4 vc[128];
uniform float yflip;
layout(location = 0) in vec4 va0;
layout(location = 1) in vec4 va1;
out vec4 v0;
void main() {
    gl_Position = va0 * mat4(vc[0], vc[1], vc[2], vc[3]);
    v0 = va1;
    gl_Position.z = 2.0 * gl_Position.z - gl_Position.w;
    gl_Position.y *= yflip;
}
