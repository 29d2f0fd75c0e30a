#version 330 core
uniform sampler2D fs0;
uniform sampler2D fs1;
uniform sampler2D fs2;
uniform sampler2D fs3;
uniform samplerCube fs4;
uniform samplerCube fs5;
uniform sampler2D fs6;
uniform sampler2D fs7;
in vec4 v0;
in vec4 v1;
layout(location = 0) out vec4 oc0;
void main() {
    vec4 ft0 = vec4(0.0);
    vec4 ft1 = vec4(0.0);
    vec4 ft2 = vec4(0.0);
    vec4 ft3 = vec4(0.0);
    vec4 ft4 = vec4(0.0);
    vec4 ft5 = vec4(0.0);
    vec4 ft6 = vec4(0.0);
    ft0 = texture(fs0, v0.xy);
    ft1 = texture(fs1, v0.yx, 2.0);
    ft2.xyz = texture(fs2, v0.xy, -0.5).xyz;
    ft2.w = texture(fs3, v0.zw).w;
    ft3 = texture(fs4, v1.xyz);
    ft4.xy = texture(fs5, v1.zyx, 0.125).xy;
    ft5 = texture(fs6, v0.xy);
    ft6 = texture(fs7, v0.xy, -16.0);
    ft0 = ft0 + ft1;
    ft0 = ft0 + ft2;
    ft0 = ft0 + ft3;
    ft0.xy = ft0.xy + ft4.xy;
    ft0 = ft0 + ft5;
    ft0 = ft0 + ft6;
    oc0 = ft0;
}
