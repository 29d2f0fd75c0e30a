#version 300 es
precision highp float;
in vec4 v0;
layout(location = 0) out vec4 oc0;
void main() {
    vec4 ft0 = vec4(0.0);
    ft0.xy = sign(v0.yx);
    ft0.zw = v0.ww;
    oc0 = ft0;
}
