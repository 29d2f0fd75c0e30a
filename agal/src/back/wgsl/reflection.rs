//! What the backend needs to know about the WGSL it got: the two modules and the shader
//! interface shared with the GLSL writer, with the WGSL bindings.

pub use crate::back::interface::{Attribute, ColorOutput, ConstantFile, SamplerBinding, Varying};

/// A translated pair.
#[derive(Debug, Clone, PartialEq)]
pub struct Shaders {
    /// The vertex module, entry point [`VERTEX_ENTRY`](super::VERTEX_ENTRY).
    pub vertex: String,
    /// The fragment module, entry point [`FRAGMENT_ENTRY`](super::FRAGMENT_ENTRY).
    pub fragment: String,
    /// Names, slots and usage of both.
    pub reflection: Reflection,
}

/// Reflection of a translated pair: the types shared with [`crate::glsl`], with the WGSL
/// bindings of the module docs' contract.
#[derive(Debug, Clone, PartialEq)]
pub struct Reflection {
    /// Vertex attributes read, by slot (`va<i>` at `@location(i)`), sorted by slot.
    pub attributes: Vec<Attribute>,
    /// The vertex constant file `vc` (binding
    /// [`VERTEX_CONSTANTS_BINDING`](super::VERTEX_CONSTANTS_BINDING)).
    pub vertex_constants: ConstantFile,
    /// The fragment constant file `fc` (binding
    /// [`FRAGMENT_CONSTANTS_BINDING`](super::FRAGMENT_CONSTANTS_BINDING)).
    pub fragment_constants: ConstantFile,
    /// Samplers read by the fragment program, sorted by unit (bindings
    /// [`texture_binding`](super::texture_binding), [`sampler_binding`](super::sampler_binding)).
    pub samplers: Vec<SamplerBinding>,
    /// The linked varyings, sorted by AGAL register, with consecutive locations from 0.
    pub varyings: Vec<Varying>,
    /// Varyings the vertex program writes but the fragment program never reads (dropped).
    pub dropped_varyings: Vec<u16>,
    /// Colour outputs written by the fragment program, sorted by index (`@location(index)`).
    pub color_outputs: Vec<ColorOutput>,
    /// Whether the fragment program writes `fd`.
    pub depth_written: bool,
    /// Whether the fragment module outputs `@builtin(frag_depth)`: `depth_written` and
    /// [`Options::frag_depth`](super::Options::frag_depth). The pipeline needs a depth attachment
    /// when it is true.
    pub depth_output: bool,
    /// Whether the fragment program has `kil` (the fragment stage always has the scissor discard).
    pub kills: bool,
}
