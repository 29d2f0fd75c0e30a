#version 330 core
invariant gl_Position;
uniform vec4 vc[250];
uniform float yflip;
layout(location = 0) in vec4 va0;
layout(location = 15) in vec4 va15;
out vec4 v0;
out vec4 v1;
vec4 vc_at(float i, int o) {
    float f = floor(i);
    float n = f + (i - f >= 0.5 ? 1.0 : 0.0) + float(o);
    return n >= 0.0 && n < 250.0 ? vc[int(n)] : vec4(0.0);
}
void main() {
    vec4 vt0 = vec4(0.0);
    vec4 vt1 = vec4(0.0);
    vec4 iid = vec4(float(gl_InstanceID));
    vt0 = iid.xxxx * vc[0];
    vt0 = vt0 + va15;
    vt1 = vc_at(iid.x, 10);
    gl_Position = va0 * mat4(vc[1], vc[2], vc[3], vc[4]);
    v0 = vt0;
    v1 = vt1;
    gl_Position.z = 2.0 * gl_Position.z - gl_Position.w;
    gl_Position.y *= yflip;
}
