//! What the backend needs to know about the GLSL it got: every name it binds, every slot, and
//! what the programs write. The backend never guesses a name.

use super::dialect::{Dialect, Extension};
pub use crate::back::interface::{Attribute, ColorOutput, ConstantFile, SamplerBinding, Varying};

/// The name of the `float` uniform that orients clip space: the vertex shader ends with
/// `gl_Position.y *= yflip;` after the depth remap. `1.0` keeps Flash's y (y up in clip
/// space, so row 0 of the GL framebuffer is Flash's bottom row); `-1.0` flips it, so that GL
/// row 0 is Flash's top row. The fragment shader declares it too when it uses `ddy`, which is
/// `-yflip * dFdy(x)` so that it always has Flash's sign (window y growing downwards).
pub const Y_FLIP_UNIFORM: &str = "yflip";

/// The name of the `vec4` uniform of the per-pixel scissor test written with
/// [`Options::scissor_discard`](super::options::Options::scissor_discard): `(x0, y0, x1, y1)` in
/// `gl_FragCoord` pixels (GL's window coordinates of the target); the fragment shader ends with
/// a `discard` of every fragment whose `gl_FragCoord.xy` lies outside `[x0, x1) x [y0, y1)`.
/// A backend sets it to cover the whole target when no scissor rectangle is set.
pub const SCISSOR_UNIFORM: &str = "agal_scissor";

/// A translated pair.
#[derive(Debug, Clone, PartialEq)]
pub struct Shaders {
    /// The vertex shader, starting with its `#version` line.
    pub vertex: String,
    /// The fragment shader, starting with its `#version` line.
    pub fragment: String,
    /// Names, slots and usage of both.
    pub reflection: Reflection,
}

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
    /// ([`Options::scissor_discard`](super::options::Options::scissor_discard)), else `None`.
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
