//! GLSL dialects and what each one can express.
//!
//! Every decision that differs between dialects is a predicate here, so that the writer never
//! tests a dialect by name.

use std::fmt;

pub use crate::back::feature::Feature;

/// The GLSL dialect to write.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub enum Dialect {
    /// GLSL ES 3.00 (`#version 300 es`), for OpenGL ES 3.0 and WebGL 2. The default.
    #[default]
    Es300,
    /// GLSL ES 1.00 (`#version 100`), for OpenGL ES 2.0 and WebGL 1.
    Es100,
    /// Desktop GLSL 3.30 core (`#version 330 core`), for OpenGL 3.3 core profiles.
    Glsl330,
}

impl Dialect {
    /// Every dialect.
    pub const ALL: [Dialect; 3] = [Dialect::Es300, Dialect::Es100, Dialect::Glsl330];

    /// The short name used on the command line and in test files: `es300`, `es100`, `glsl330`.
    pub fn name(self) -> &'static str {
        match self {
            Dialect::Es300 => "es300",
            Dialect::Es100 => "es100",
            Dialect::Glsl330 => "glsl330",
        }
    }

    /// The dialect of a short name (see [`Dialect::name`]).
    pub fn from_name(name: &str) -> Option<Dialect> {
        Dialect::ALL.into_iter().find(|d| d.name() == name)
    }

    /// The `#version` line, without its newline.
    pub fn version_directive(self) -> &'static str {
        match self {
            Dialect::Es300 => "#version 300 es",
            Dialect::Es100 => "#version 100",
            Dialect::Glsl330 => "#version 330 core",
        }
    }

    /// OpenGL ES flavour: needs precision qualifiers.
    pub fn is_es(self) -> bool {
        matches!(self, Dialect::Es300 | Dialect::Es100)
    }

    /// `in`/`out` and `layout(location = N)` on attributes and colour outputs; otherwise
    /// `attribute`/`varying` and `gl_FragColor`.
    pub fn has_in_out(self) -> bool {
        !matches!(self, Dialect::Es100)
    }

    /// Non-square matrices (`mat3x4`).
    pub fn has_nonsquare_matrices(self) -> bool {
        self.has_in_out()
    }

    /// The overloaded `texture()` function; otherwise `texture2D` / `textureCube`.
    pub fn has_generic_texture(self) -> bool {
        self.has_in_out()
    }

    /// Several colour outputs (`oc1`..`oc3`). GLSL ES 1.00 would need GL_EXT_draw_buffers,
    /// which this writer does not use.
    pub fn supports_mrt(self) -> bool {
        self.has_in_out()
    }

    /// How the dialect reaches a feature: built in, through an extension, or not at all.
    pub fn support(self, feature: Feature) -> Support {
        match (self, feature) {
            (Dialect::Es100, Feature::FragDepth) => Support::Extension(Extension::FragDepth),
            (Dialect::Es100, Feature::Derivatives) => {
                Support::Extension(Extension::StandardDerivatives)
            }
            (Dialect::Es100, Feature::MultipleRenderTargets) => Support::None,
            (Dialect::Es100, Feature::InstanceId) => Support::None,
            (Dialect::Es100, Feature::TextureLod) => Support::None,
            _ => Support::Core,
        }
    }
}

impl fmt::Display for Dialect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A GLSL extension the writer may enable (only in GLSL ES 1.00, only when
/// [`Options::allow_extensions`](super::Options::allow_extensions) is set). Enabled ones are
/// listed in [`Reflection::extensions`](super::Reflection::extensions): the backend must check
/// that the driver has them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Extension {
    /// `GL_EXT_frag_depth`: `gl_FragDepthEXT` in GLSL ES 1.00.
    FragDepth,
    /// `GL_OES_standard_derivatives`: `dFdx` / `dFdy` in GLSL ES 1.00.
    StandardDerivatives,
}

impl Extension {
    /// The extension's name, as in `#extension NAME : enable`.
    pub fn name(self) -> &'static str {
        match self {
            Extension::FragDepth => "GL_EXT_frag_depth",
            Extension::StandardDerivatives => "GL_OES_standard_derivatives",
        }
    }
}

impl fmt::Display for Extension {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How a dialect provides a [`Feature`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Support {
    /// Built into the language.
    Core,
    /// Through an extension the shader must enable.
    Extension(Extension),
    /// Not at all.
    None,
}
