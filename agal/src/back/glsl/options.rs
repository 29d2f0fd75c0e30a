//! How to translate: the dialect, whether GLSL ES 1.00 may enable extensions, and the
//! per-pixel scissor test.

use super::dialect::Dialect;

/// Translation options.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Options {
    /// The dialect to write (default GLSL ES 3.00).
    pub dialect: Dialect,
    /// In GLSL ES 1.00, enable `GL_EXT_frag_depth` for `fd` and `GL_OES_standard_derivatives` for
    /// `ddx`/`ddy` (listed in [`Reflection::extensions`](super::Reflection::extensions)); when
    /// `false` those programs are a
    /// [`GlslError::MissingFeature`](super::GlslError::MissingFeature). Default `true`. Other
    /// dialects need no extension.
    pub allow_extensions: bool,
    /// End the fragment shader with a per-pixel scissor test: `uniform vec4 agal_scissor`
    /// ([`SCISSOR_UNIFORM`](super::SCISSOR_UNIFORM): `(x0, y0, x1, y1)` in `gl_FragCoord` pixels)
    /// and a `discard` of every fragment outside `[x0, x1) x [y0, y1)` (listed as
    /// [`Reflection::scissor`](super::Reflection::scissor)). A backend uses it where the
    /// rasterizer's own scissor test is not exact (Mesa 22.3's llvmpipe with multisampling covers
    /// samples of the pixel column left of the rectangle and the row above it). Default `false`.
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
