//! The shader interface both writers report (their reflection): the attributes, constant
//! files, samplers, varyings and colour outputs of a translated pair, with their names and
//! locations.

use std::ops::Range;

use crate::model::{Dimension, Sampler};

/// A vertex attribute `va<slot>`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Attribute {
    /// The AGAL slot (`setVertexBufferAt` index).
    pub slot: u16,
    /// The name in both languages, `va<slot>`.
    pub name: &'static str,
    /// The location: always `slot` (GLSL: `layout(location)` where the dialect has it, else
    /// `glBindAttribLocation` in GLSL ES 1.00; WGSL: `@location(slot)`).
    pub location: u32,
}

/// One stage's constant file: one array of `SIZE` four-float registers (GLSL
/// `uniform vec4 NAME[SIZE];`, uploaded with one `glUniform4fv`; WGSL
/// `var<uniform> NAME: array<vec4<f32>, SIZE>`), so that `setProgramConstants` data is one copy.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ConstantFile {
    /// `vc` or `fc`.
    pub name: &'static str,
    /// The array length: the stage's constant count for the program's AGAL version. `0` when
    /// the stage reads no constant; then the array is not declared.
    pub size: u16,
    /// The registers read directly, as sorted, disjoint, non-adjacent ranges.
    pub used: Vec<Range<u16>>,
    /// Whether the stage reads constants relatively (`vc[va0.x+5]`): any register may be read.
    pub relative: bool,
}

impl ConstantFile {
    /// Whether the stage reads any constant.
    pub fn is_used(&self) -> bool {
        self.size > 0
    }
}

/// A texture sampler `fs<unit>`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SamplerBinding {
    /// The texture unit (`setTextureAt` index, the `N` of `fsN`).
    pub unit: u16,
    /// The name of the texture, `fs<unit>` (GLSL `sampler2D` / `samplerCube`; WGSL
    /// `texture_2d<f32>` / `texture_cube<f32>`, its sampler `fs<unit>_sampler`).
    pub name: &'static str,
    /// 2D or cube.
    pub dimension: Dimension,
    /// The AGAL sampler word of the first `tex` reading it (format dxt1/dxt5/video, wrap,
    /// filter, mip, LOD bias, special flags such as `ignoresampler`).
    pub sampler: Sampler,
}

/// A linked varying.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Varying {
    /// The AGAL register (`v<register>`).
    pub register: u16,
    /// The name in both shaders, `v<register>`.
    pub name: &'static str,
    /// The squeezed location: the position among the linked varyings (declaration order).
    pub location: u32,
}

/// A colour output `oc<index>`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ColorOutput {
    /// The AGAL output register (render target index of `setRenderToTexture`'s MRT slot).
    pub index: u16,
    /// The name: `oc<index>`, or `gl_FragColor` in GLSL ES 1.00.
    pub name: &'static str,
    /// The fragment output location / draw buffer / colour target: always `index`.
    pub location: u32,
}
