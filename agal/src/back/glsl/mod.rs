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
//! Modules: [`dialect`](Dialect) (capabilities), `writer` (declarations and statements),
//! `expr` (GLSL's spellings for the shared expression emitter), [`Reflection`]. What each
//! stage uses, the varying map, the expressions, the error type and the shared reflection
//! types are [`crate::back`]'s, shared with [`crate::wgsl`].

mod dialect;
mod expr;
mod reflection;
mod writer;

pub use dialect::{Dialect, Extension, Feature, Support};
pub use reflection::{
    Attribute, ColorOutput, ConstantFile, Reflection, SamplerBinding, Varying, SCISSOR_UNIFORM,
    Y_FLIP_UNIFORM,
};
pub use writer::Writer;

use crate::model::Program;

/// Why a pair could not be translated: the one error type of both writers,
/// [`crate::back::TranslateError`] (its `MissingFeature` variant is the GLSL writer's alone).
pub type GlslError = crate::back::TranslateError;

/// Translation options.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Options {
    /// The dialect to write (default GLSL ES 3.00).
    pub dialect: Dialect,
    /// In GLSL ES 1.00, enable `GL_EXT_frag_depth` for `fd` and `GL_OES_standard_derivatives`
    /// for `ddx`/`ddy` (listed in [`Reflection::extensions`]); when `false` those programs are a
    /// [`GlslError::MissingFeature`]. Default `true`. Other dialects need no extension.
    pub allow_extensions: bool,
    /// End the fragment shader with a per-pixel scissor test: `uniform vec4 agal_scissor`
    /// ([`SCISSOR_UNIFORM`]: `(x0, y0, x1, y1)` in `gl_FragCoord` pixels) and a `discard` of
    /// every fragment outside `[x0, x1) x [y0, y1)` (listed as [`Reflection::scissor`]). A
    /// backend uses it where the rasterizer's own scissor test is not exact (Mesa 22.3's
    /// llvmpipe with multisampling covers samples of the pixel column left of the rectangle
    /// and the row above it). Default `false`.
    pub scissor_discard: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            dialect: Dialect::Es300,
            allow_extensions: true,
            scissor_discard: false,
        }
    }
}

impl Options {
    /// The default options for `dialect`.
    pub fn new(dialect: Dialect) -> Options {
        Options {
            dialect,
            ..Options::default()
        }
    }

    /// These options with [`Options::allow_extensions`] set to `allow`.
    pub fn with_allow_extensions(mut self, allow: bool) -> Options {
        self.allow_extensions = allow;
        self
    }

    /// These options with [`Options::scissor_discard`] set to `on`.
    pub fn with_scissor_discard(mut self, on: bool) -> Options {
        self.scissor_discard = on;
        self
    }
}

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

/// Translates a vertex+fragment pair (as validated and linked by `molehill_agal::valid`) to GLSL.
pub fn translate(
    vertex: &Program,
    fragment: &Program,
    options: &Options,
) -> Result<Shaders, GlslError> {
    Writer::new(*options).write(vertex, fragment)
}
