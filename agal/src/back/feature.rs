//! The capabilities some AGAL programs need and some shading languages lack.

use std::fmt;

/// A capability that some AGAL programs need and some shading languages lack (every one is
/// core in WGSL; see [`crate::glsl::Dialect::support`] for GLSL).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Feature {
    /// Writing the fragment depth (`fd`, `gl_FragDepth`).
    FragDepth,
    /// `ddx` / `ddy` (`dFdx` / `dFdy`).
    Derivatives,
    /// Colour outputs other than `oc0` (`oc1`..`oc3`).
    MultipleRenderTargets,
    /// The instance id register `iid` (`gl_InstanceID`).
    InstanceId,
    /// `ted`, sampling at an explicit level of detail (`textureLod`) in a fragment shader.
    TextureLod,
}

impl Feature {
    /// A short description.
    pub fn describe(self) -> &'static str {
        match self {
            Feature::FragDepth => "fragment depth output (fd)",
            Feature::Derivatives => "derivatives (ddx/ddy)",
            Feature::MultipleRenderTargets => "multiple render targets (oc1..oc3)",
            Feature::InstanceId => "instance id (iid)",
            Feature::TextureLod => "explicit texture LOD in fragment shaders (ted)",
        }
    }
}

impl fmt::Display for Feature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.describe())
    }
}
