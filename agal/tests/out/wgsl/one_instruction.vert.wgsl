struct VertexOutput {
    @invariant @builtin(position) op: vec4<f32>,
}

@vertex
fn vs_main(@location(0) va0: vec4<f32>) -> VertexOutput {
    var op = vec4<f32>(0.0);
    op = va0;
    return VertexOutput(op);
}
