//! The shader writers, the naga way (one model, several back ends): [`glsl`] and [`wgsl`]
//! (also at the crate root, `molehill_agal::glsl` and `molehill_agal::wgsl`), and what they
//! share: the scan of each program (what it uses, checked against its version's limits), the
//! link of the pair (the varying squeeze), the register names, the expression emitter (`emit`,
//! with each language's spellings as hooks), the one error type [`TranslateError`] and the
//! reflection types both writers report. The two writers only differ in the language they
//! write.

pub(crate) mod emit;
mod error;
pub mod glsl;
pub(crate) mod lanes;
pub(crate) mod names;
pub(crate) mod scan;
pub mod wgsl;

use std::fmt;
use std::ops::Range;

pub use error::TranslateError;
use scan::{StageLimits, Usage};

use crate::model::{Dimension, Program, ProgramKind, Sampler};

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

/// The shared pass over a pair: both programs scanned and their varyings linked.
#[derive(Debug, Clone)]
pub(crate) struct Linked {
    pub vertex_limits: StageLimits,
    pub fragment_limits: StageLimits,
    pub vertex: Usage,
    pub fragment: Usage,
    /// The linked varying registers, in register order (position = squeezed location).
    pub varyings: Vec<u16>,
}

impl Linked {
    /// Checks the kinds and versions, scans both programs and links their varyings.
    pub fn new(vertex: &Program, fragment: &Program) -> Result<Linked, TranslateError> {
        for (program, expected) in [
            (vertex, ProgramKind::Vertex),
            (fragment, ProgramKind::Fragment),
        ] {
            if program.kind != expected {
                return Err(TranslateError::WrongKind {
                    expected,
                    found: program.kind,
                });
            }
        }
        if vertex.version != fragment.version {
            return Err(TranslateError::VersionMismatch {
                vertex: vertex.version,
                fragment: fragment.version,
            });
        }
        let vertex_limits = StageLimits::of(vertex);
        let fragment_limits = StageLimits::of(fragment);
        let vertex_usage = scan::scan(vertex, &vertex_limits)?;
        let fragment_usage = scan::scan(fragment, &fragment_limits)?;
        let varyings = scan::link_varyings(&vertex_usage, &fragment_usage)?;
        Ok(Linked {
            vertex_limits,
            fragment_limits,
            vertex: vertex_usage,
            fragment: fragment_usage,
            varyings,
        })
    }

    /// The attributes the vertex program reads.
    pub fn attributes(&self) -> Vec<Attribute> {
        self.vertex
            .attributes
            .iter()
            .filter_map(|slot| {
                Some(Attribute {
                    slot,
                    name: names::lookup(&names::ATTRIBUTES, slot)?,
                    location: u32::from(slot),
                })
            })
            .collect()
    }

    /// The vertex constant file.
    pub fn vertex_constants(&self) -> ConstantFile {
        constant_file(names::VERTEX_CONSTANTS, &self.vertex, &self.vertex_limits)
    }

    /// The fragment constant file.
    pub fn fragment_constants(&self) -> ConstantFile {
        constant_file(
            names::FRAGMENT_CONSTANTS,
            &self.fragment,
            &self.fragment_limits,
        )
    }

    /// The samplers the fragment program reads.
    pub fn samplers(&self) -> Vec<SamplerBinding> {
        self.fragment
            .samplers
            .iter()
            .filter_map(|(unit, sampler)| {
                Some(SamplerBinding {
                    unit: *unit,
                    name: names::lookup(&names::SAMPLERS, *unit)?,
                    dimension: sampler.dimension,
                    sampler: *sampler,
                })
            })
            .collect()
    }

    /// The linked varyings with their squeezed locations.
    pub fn linked_varyings(&self) -> Vec<Varying> {
        self.varyings
            .iter()
            .zip(0u32..)
            .filter_map(|(register, location)| {
                Some(Varying {
                    register: *register,
                    name: names::lookup(&names::VARYINGS, *register)?,
                    location,
                })
            })
            .collect()
    }

    /// Varyings written but never read (their writes are dropped), logged when any.
    pub fn dropped_varyings(&self) -> Vec<u16> {
        let dropped: Vec<u16> = self
            .vertex
            .varyings
            .iter()
            .filter(|v| !self.varyings.contains(v))
            .collect();
        if !dropped.is_empty() {
            log::debug!("varyings written but never read, writes dropped: {dropped:?}");
        }
        dropped
    }

    /// The colour outputs the fragment program writes, named by `name`.
    pub fn color_outputs(&self, name: impl Fn(u16) -> Option<&'static str>) -> Vec<ColorOutput> {
        self.fragment
            .outputs
            .iter()
            .filter_map(|index| {
                Some(ColorOutput {
                    index,
                    name: name(index)?,
                    location: u32::from(index),
                })
            })
            .collect()
    }
}

fn constant_file(name: &'static str, usage: &Usage, limits: &StageLimits) -> ConstantFile {
    let used = usage.relative || !usage.constants.is_empty();
    ConstantFile {
        name,
        size: if used { limits.constants } else { 0 },
        used: usage.constants.ranges(),
        relative: usage.relative,
    }
}
