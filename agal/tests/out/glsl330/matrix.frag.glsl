#version 330 core
uniform vec4 fc[28];
in vec4 v0;
in vec4 v1;
in vec4 v2;
in vec4 v3;
in vec4 v4;
in vec4 v5;
in vec4 v6;
layout(location = 0) out vec4 oc0;
void main() {
    vec4 ft0 = vec4(0.0);
    vec4 ft1 = vec4(0.0);
    vec4 ft2 = vec4(0.0);
    vec4 ft3 = vec4(0.0);
    vec4 ft4 = vec4(0.0);
    vec4 ft5 = vec4(0.0);
    vec4 ft6 = vec4(0.0);
    ft0.xyz = v0.xyz * mat3(fc[0].xyz, fc[1].xyz, fc[2].xyz);
    ft1.xyz = v1 * mat3x4(fc[3], fc[4], fc[5]);
    ft2 = v5 * mat4(fc[6], fc[7], fc[8], fc[9]);
    ft3.xyz = v6.xyz * mat3(v2.xyz, v3.xyz, v4.xyz);
    ft4 = vec4(dot(ft0.xyz, ft1.xyz));
    ft4.y = dot(ft2, v6);
    ft5.xyz = normalize(ft3.xyz);
    ft6.xyz = cross(ft5.xyz, ft0.xyz);
    ft0.w = fc[10].x;
    ft1.w = fc[10].y;
    ft3.w = fc[10].z;
    ft5.w = fc[10].w;
    ft6.w = fc[10].w;
    ft0 = ft0 + ft1;
    ft0 = ft0 + ft2;
    ft0 = ft0 + ft3;
    ft0 = ft0 + ft4;
    ft0 = ft0 + ft5;
    ft0 = ft0 + ft6;
    oc0 = ft0;
}
