#version 300 es
precision highp float;
precision highp sampler2D;
precision highp samplerCube;
uniform sampler2D fs0;
uniform samplerCube fs1;
in vec4 v0;
layout(location = 0) out vec4 oc0;
void main() {
    vec4 ft0 = vec4(0.0);
    vec4 ft1 = vec4(0.0);
    ft0 = textureLod(fs0, v0.xy, v0.w);
    ft1.xy = textureLod(fs1, v0.xyz, v0.z).xy;
    ft0.xy = ft0.xy + ft1.xy;
    oc0 = ft0;
}
