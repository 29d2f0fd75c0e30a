#version 330 core
uniform float yflip;
in vec4 v0;
layout(location = 0) out vec4 oc0;
void main() {
    vec4 ft0 = vec4(0.0);
    vec4 ft1 = vec4(0.0);
    vec4 ft2 = vec4(0.0);
    ft0 = dFdx(v0);
    ft1 = -yflip * dFdy(v0);
    ft2.xy = dFdx(v0.zw);
    ft2.zw = -yflip * dFdy(v0.xx);
    ft0 = ft0 + ft1;
    ft0 = ft0 + ft2;
    oc0 = ft0;
}
