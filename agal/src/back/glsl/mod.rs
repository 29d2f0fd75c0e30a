//! AGAL to GLSL: a linked vertex+fragment pair in three dialects.
//!
//! ```
//! use molehill_agal::glsl::{translate, Dialect, Options};
//! use molehill_agal::{asm::assemble, ProgramKind, Version};
//!
//! let vertex = assemble("m44 op, va0, vc0\nmov v0, va1", ProgramKind::Vertex, Version::V1).unwrap();
//! let fragment = assemble("tex ft0, v0, fs0 <2d, linear>\nmov oc, ft0", ProgramKind::Fragment, Version::V1).unwrap();
//! let shaders = translate(&vertex, &fragment, &Options::new(Dialect::Es300))?;
//! assert!(shaders.vertex.starts_with("#version 300 es\n"));
//! assert!(shaders.vertex.contains("gl_Position = va0 * mat4(vc[0], vc[1], vc[2], vc[3]);"));
//! assert!(shaders.fragment.contains("ft0 = texture(fs0, v0.xy);"));
//! assert_eq!(shaders.reflection.samplers[0].name, "fs0");
//! assert_eq!(shaders.reflection.varyings[0].name, "v0");
//! # Ok::<(), molehill_agal::glsl::GlslError>(())
//! ```
//!
//! The pair is translated together (see `docs/semantics.md`):
//! - attributes `va<i>` at location `i`; one `uniform vec4 vc[N]` / `fc[N]` array per stage,
//!   `N` from the program version's limits, so relative addressing is a plain index (reads
//!   outside the file give `vec4(0)`);
//! - only the varyings that the vertex program writes and the fragment program reads are
//!   declared (`v<i>`, squeezed to consecutive locations);
//! - temporaries `vt<i>` / `ft<i>` start at `vec4(0)`; samplers `fs<i>`; outputs `oc<i>`;
//! - after the vertex program, `z' = 2z - w` (Flash's clip z is in [0, w]) and `y *= yflip`
//!   (the [`Y_FLIP_UNIFORM`]), so one program serves the back buffer and render-to-texture.
//!
//! Modules: [`dialect`](Dialect) (capabilities; the shared error names it too), `options`
//! ([`Options`]), `writer` (declarations and statements), `expr` (GLSL's spellings for the
//! shared expression emitter), `reflection` ([`Shaders`], [`Reflection`]). What each stage
//! uses, the varying map, the expressions, the error type and the shared reflection types are
//! [`crate::back`]'s, shared with [`crate::wgsl`].

pub(super) mod dialect;
mod expr;
mod options;
mod reflection;
mod writer;

pub use dialect::{Dialect, Extension, Feature, Support};
pub use options::Options;
pub use reflection::{
    Attribute, ColorOutput, ConstantFile, Reflection, SamplerBinding, Shaders, Varying,
    SCISSOR_UNIFORM, Y_FLIP_UNIFORM,
};
pub use writer::Writer;

use crate::model::Program;

/// Why a pair could not be translated: the one error type of both writers,
/// [`crate::back::TranslateError`] (its `MissingFeature` variant is the GLSL writer's alone).
pub type GlslError = crate::back::error::TranslateError;

/// Translates a vertex+fragment pair (as validated and linked by `molehill_agal::valid`) to GLSL.
pub fn translate(
    vertex: &Program,
    fragment: &Program,
    options: &Options,
) -> Result<Shaders, GlslError> {
    Writer::new(*options).write(vertex, fragment)
}
