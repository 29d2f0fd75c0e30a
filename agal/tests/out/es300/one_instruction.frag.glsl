#version 300 es
precision highp float;
uniform vec4 fc[28];
layout(location = 0) out vec4 oc0;
void main() {
    oc0 = fc[0];
}
