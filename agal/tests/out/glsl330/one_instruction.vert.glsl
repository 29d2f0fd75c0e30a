#version 330 core
invariant gl_Position;
uniform float yflip;
layout(location = 0) in vec4 va0;
void main() {
    gl_Position = va0;
    gl_Position.z = 2.0 * gl_Position.z - gl_Position.w;
    gl_Position.y *= yflip;
}
