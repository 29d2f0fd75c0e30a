//! How to translate: whether `fd` is an output, and whether the scissor discard can be
//! switched off per pipeline.

/// Translation options. WGSL has one dialect and every feature AGAL needs; the one option
/// follows the render target.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Options {
    /// Whether a fragment program that writes `fd` outputs it as `@builtin(frag_depth)` (default
    /// `true`). WebGPU refuses a pipeline whose fragment shader writes the depth but that has no
    /// depth attachment, while Flash ignores `fd` when the target has no depth buffer: translate
    /// with `false` for such targets (the program is the same; `fd` is computed and dropped).
    /// [`Reflection::depth_written`](super::Reflection::depth_written) still says what the program
    /// does; [`Reflection::depth_output`](super::Reflection::depth_output) what the module outputs.
    pub frag_depth: bool,
    /// Whether the fragment stage's scissor discard can be switched off per pipeline (default
    /// `false`: the discard is always there, as documented above). With `true` the module
    /// declares `override scissor_discard: bool = true;` ([`SCISSOR_DISCARD_OVERRIDE`]) and
    /// the discard tests it first: a pipeline that needs no per-pixel scissor test (a
    /// single-sampled target, where the hardware scissor is exact) sets it to `false` and
    /// the driver compiles a shader with no discard for the scissor. Discards cost even when
    /// no fragment is discarded (early depth testing and the like), so this matters.
    pub scissor_override: bool,
}

/// The name of the pipeline-overridable constant that [`Options::scissor_override`] declares.
pub const SCISSOR_DISCARD_OVERRIDE: &str = "scissor_discard";

impl Default for Options {
    fn default() -> Options {
        Options {
            frag_depth: true,
            scissor_override: false,
        }
    }
}

impl Options {
    /// These options with [`Options::scissor_override`] set to `on`.
    pub fn with_scissor_override(self, on: bool) -> Options {
        Options {
            scissor_override: on,
            ..self
        }
    }

    /// These options with [`Options::frag_depth`] set to `on`.
    pub fn with_frag_depth(self, on: bool) -> Options {
        Options {
            frag_depth: on,
            ..self
        }
    }
}
