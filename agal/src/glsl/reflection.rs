//! What the backend needs to know about the GLSL it got: every name it binds, every slot, and
//! what the programs write. The backend never guesses a name.

use std::ops::Range;

use super::dialect::{Dialect, Extension};
use crate::model::{Dimension, Sampler};

/// The name of the `float` uniform that orients clip space: the vertex shader ends with
/// `gl_Position.y *= yflip;` after the depth remap. `1.0` keeps Flash's y (y up in clip
/// space, so row 0 of the GL framebuffer is Flash's bottom row); `-1.0` flips it, so that GL
/// row 0 is Flash's top row. The fragment shader declares it too when it uses `ddy`, which is
/// `-yflip * dFdy(x)` so that it always has Flash's sign (window y growing downwards).
pub const Y_FLIP_UNIFORM: &str = "yflip";

/// The name of the `vec4` uniform of the per-pixel scissor test written with
/// [`Options::scissor_discard`](super::Options::scissor_discard): `(x0, y0, x1, y1)` in
/// `gl_FragCoord` pixels (GL's window coordinates of the target); the fragment shader ends with
/// a `discard` of every fragment whose `gl_FragCoord.xy` lies outside `[x0, x1) x [y0, y1)`.
/// A backend sets it to cover the whole target when no scissor rectangle is set.
pub const SCISSOR_UNIFORM: &str = "agal_scissor";

/// Reflection of a translated pair.
#[derive(Debug, Clone, PartialEq)]
pub struct Reflection {
    /// The dialect written.
    pub dialect: Dialect,
    /// Extensions the shaders enable (only in GLSL ES 1.00); the driver must have them.
    pub extensions: Vec<Extension>,
    /// Vertex attributes read, by slot (`va<i>`), sorted by slot.
    pub attributes: Vec<Attribute>,
    /// The vertex constant file `vc`.
    pub vertex_constants: ConstantFile,
    /// The fragment constant file `fc`.
    pub fragment_constants: ConstantFile,
    /// Samplers read by the fragment program, sorted by unit.
    pub samplers: Vec<SamplerBinding>,
    /// The y-flip uniform, [`Y_FLIP_UNIFORM`] (always declared by the vertex shader).
    pub y_flip: &'static str,
    /// Whether the fragment shader declares the y-flip uniform too (it uses `ddy`).
    pub y_flip_in_fragment: bool,
    /// [`SCISSOR_UNIFORM`] when the fragment shader has the per-pixel scissor test
    /// ([`Options::scissor_discard`](super::Options::scissor_discard)), else `None`.
    pub scissor: Option<&'static str>,
    /// The linked varyings: written by the vertex program and read by the fragment program,
    /// sorted by AGAL register, with consecutive locations from 0.
    pub varyings: Vec<Varying>,
    /// Varyings the vertex program writes but the fragment program never reads: their writes
    /// were dropped.
    pub dropped_varyings: Vec<u16>,
    /// Colour outputs written by the fragment program, sorted by index.
    pub color_outputs: Vec<ColorOutput>,
    /// Whether the fragment program writes `fd` (the shader writes `gl_FragDepth`).
    pub depth_written: bool,
}

/// A vertex attribute `va<slot>`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Attribute {
    /// The AGAL slot (`setVertexBufferAt` index).
    pub slot: u16,
    /// The GLSL name, `va<slot>`.
    pub name: &'static str,
    /// The GL attribute location: always `slot` (declared with `layout(location)` where the
    /// dialect has it; bind it with `glBindAttribLocation` in GLSL ES 1.00).
    pub location: u32,
}

/// One stage's constant file: a `uniform vec4 NAME[SIZE];` array, so that
/// `setProgramConstants` data is uploaded with one `glUniform4fv(location(NAME), ...)`.
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
    /// The GLSL name of the `sampler2D` / `samplerCube` uniform, `fs<unit>`.
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
    /// The GLSL name in both shaders, `v<register>`.
    pub name: &'static str,
    /// The squeezed location: the position among the linked varyings (declaration order).
    pub location: u32,
}

/// A colour output `oc<index>`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ColorOutput {
    /// The AGAL output register (render target index of `setRenderToTexture`'s MRT slot).
    pub index: u16,
    /// The GLSL name: `oc<index>`, or `gl_FragColor` in GLSL ES 1.00.
    pub name: &'static str,
    /// The fragment output location / draw buffer: always `index`.
    pub location: u32,
}
