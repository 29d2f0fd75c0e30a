//! Context3D profiles and the register and token limits of each AGAL version: the one place
//! they live. `context3d`, the validator and the GLSL writer read limits from here and nowhere
//! else.
//!
//! Sources: the AGAL bytecode page of airsdk.dev (per-version register counts and token limits,
//! `shared/reference/agal-reference.md` 1.3), the `Context3DProfile` reference page (what each
//! profile adds: larger textures for `baselineExtended`, MRT + AGAL2 + float textures for
//! `standard`, AGAL2 + float textures without MRT for `standardConstrained`, AGAL3 + instanced
//! drawing for `standardExtended`, AGAL4 for `enhanced`) and Flash's error texts (#3683, #3705,
//! #3725, #3765, #3779, #3787). Where the documentation is silent the choice is written on the
//! method and in `docs/validation.md`.

use std::fmt;

use crate::model::{ProgramKind, RegisterType, Version};

/// A Context3D profile, as `Stage3D.requestContext3D(profile)` names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Profile {
    /// `"baselineConstrained"`: PS 2.0 class GPUs; AGAL 1.
    BaselineConstrained,
    /// `"baseline"`: the default; AGAL 1.
    Baseline,
    /// `"baselineExtended"`: AGAL 1 with 4096x4096 textures.
    BaselineExtended,
    /// `"standardConstrained"`: AGAL 2 and float textures, no multiple render targets.
    StandardConstrained,
    /// `"standard"`: AGAL 2, multiple render targets, float textures.
    Standard,
    /// `"standardExtended"`: AGAL 3 and instanced drawing.
    StandardExtended,
    /// `"enhanced"`: `standardExtended` plus AGAL 4 (vertex texture fetch). Molehill has no
    /// AGAL 4 model yet, so it accepts what `standardExtended` accepts.
    Enhanced,
}

impl Profile {
    /// Every profile, lowest first (the order `requestContext3DMatchingProfiles` ranks them).
    pub const ALL: [Profile; 7] = [
        Profile::BaselineConstrained,
        Profile::Baseline,
        Profile::BaselineExtended,
        Profile::StandardConstrained,
        Profile::Standard,
        Profile::StandardExtended,
        Profile::Enhanced,
    ];

    /// The profile of an exact (case-sensitive) AS3 `Context3DProfile` string.
    pub fn from_as3_name(name: &str) -> Option<Profile> {
        Profile::ALL.into_iter().find(|p| p.as3_name() == name)
    }

    /// The AS3 `Context3DProfile` string.
    pub fn as3_name(self) -> &'static str {
        match self {
            Profile::BaselineConstrained => "baselineConstrained",
            Profile::Baseline => "baseline",
            Profile::BaselineExtended => "baselineExtended",
            Profile::StandardConstrained => "standardConstrained",
            Profile::Standard => "standard",
            Profile::StandardExtended => "standardExtended",
            Profile::Enhanced => "enhanced",
        }
    }

    /// The highest AGAL version the profile accepts (baseline: 1, standard: 2,
    /// standardExtended and enhanced: 3).
    pub fn max_version(self) -> Version {
        match self {
            Profile::BaselineConstrained | Profile::Baseline | Profile::BaselineExtended => {
                Version::V1
            }
            Profile::StandardConstrained | Profile::Standard => Version::V2,
            Profile::StandardExtended | Profile::Enhanced => Version::V3,
        }
    }

    /// Whether programs of `version` may be uploaded (else Flash error #3725). Every profile
    /// accepts every version up to its [`max_version`](Profile::max_version).
    pub fn accepts(self, version: Version) -> bool {
        version <= self.max_version()
    }

    /// The lowest profile that accepts `version` (the CLI's default profile).
    pub fn lowest_accepting(version: Version) -> Profile {
        match version {
            Version::V1 => Profile::BaselineConstrained,
            Version::V2 => Profile::StandardConstrained,
            Version::V3 => Profile::StandardExtended,
        }
    }

    /// Whether this is one of the standard profiles (standardConstrained and above): the
    /// profiles Flash errors #3724 / #3779 ask for.
    pub fn is_standard_or_above(self) -> bool {
        self >= Profile::StandardConstrained
    }

    /// The register and token limits of `version` under this profile. They are the version's
    /// [`limits`], except that a profile without multiple render targets
    /// ([`supports_mrt`](Profile::supports_mrt)) has one colour output.
    pub fn limits(self, version: Version) -> Limits {
        let mut l = limits(version);
        if !self.supports_mrt() {
            l.color_outputs = 1;
        }
        l
    }

    /// Largest width/height of a 2D `Texture` (Flash error #3683 "max is %1x%1"): 2048 in the
    /// baseline and baselineConstrained profiles, 4096 from baselineExtended up (the
    /// `Context3DProfile` page: "increases the maximum 2D Texture and RectangleTexture size to
    /// 4096x4096"; the standard profiles build on baselineExtended).
    pub fn max_texture_size(self) -> u32 {
        match self {
            Profile::BaselineConstrained | Profile::Baseline => 2048,
            _ => 4096,
        }
    }

    /// Largest width/height of a `RectangleTexture` (#3766): the same as
    /// [`max_texture_size`](Profile::max_texture_size).
    pub fn max_rectangle_texture_size(self) -> u32 {
        self.max_texture_size()
    }

    /// Largest size of a `CubeTexture` (#3705 "max is 1024x1024", a fixed text in every profile).
    pub fn max_cube_texture_size(self) -> u32 {
        1024
    }

    /// Whether `createRectangleTexture` is allowed. Error #3765 ("requires a Context3D that is
    /// created with the baseline or baselineExtended profile") names the baseline profiles,
    /// which we read as excluding only baselineConstrained (its PS 2.0 target GPUs lack
    /// non-power-of-two textures); the standard profiles include everything baseline has.
    pub fn supports_rectangle_textures(self) -> bool {
        self != Profile::BaselineConstrained
    }

    /// Whether `Context3DTextureFormat.RGBA_HALF_FLOAT` is allowed (else #3759): the standard
    /// profiles ("AGAL2 and float textures", and #3779 "requires ... standard profile or
    /// above").
    pub fn supports_rgba_half_float(self) -> bool {
        self.is_standard_or_above()
    }

    /// Whether `Context3DTextureFormat.BGRA_PACKED` (4444) and `BGR_PACKED` (565) are allowed:
    /// every profile (the formats are not tied to a profile in Adobe's documentation).
    pub fn supports_packed_formats(self) -> bool {
        true
    }

    /// Whether several render targets (`setRenderToTexture` with colorOutputIndex > 0, `oc1`-
    /// `oc3`) are allowed: standard, standardExtended and enhanced. standardConstrained is
    /// "standard without MRT" on the `Context3DProfile` page.
    pub fn supports_mrt(self) -> bool {
        matches!(
            self,
            Profile::Standard | Profile::StandardExtended | Profile::Enhanced
        )
    }

    /// Whether instanced drawing (`drawTrianglesInstanced`, `setVertexBufferAt` with
    /// instances per element, the `iid` register) is allowed: standardExtended and enhanced
    /// (#3787 "requires ... standard extended profile or above").
    pub fn supports_instancing(self) -> bool {
        self >= Profile::StandardExtended
    }
}

impl fmt::Display for Profile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as3_name())
    }
}

/// The register counts and token limit of one AGAL version: index `n` of a register type is
/// valid when `n < count`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Limits {
    /// Vertex attributes `va` (8; 16 in AGAL 3).
    pub attributes: u16,
    /// Vertex constants `vc` (128; 250 in AGAL 2 and 3).
    pub vertex_constants: u16,
    /// Fragment constants `fc` (28; 64 in AGAL 2; 200 in AGAL 3).
    pub fragment_constants: u16,
    /// Vertex temporaries `vt` (8; 26 in AGAL 2 and 3).
    pub vertex_temporaries: u16,
    /// Fragment temporaries `ft` (8; 26 in AGAL 2 and 3).
    pub fragment_temporaries: u16,
    /// Varyings `v` (8; 10 in AGAL 2 and 3).
    pub varyings: u16,
    /// Texture samplers `fs` (8; 16 in AGAL 2 and 3).
    pub samplers: u16,
    /// Fragment colour outputs `oc` (1; 4 in AGAL 2 and 3 where the profile has MRT).
    pub color_outputs: u16,
    /// Fragment depth outputs `fd` (0; 1 in AGAL 2 and 3).
    pub depth_outputs: u16,
    /// Vertex position outputs `op` (always 1).
    pub position_outputs: u16,
    /// Instance id registers `iid` (0; 1 in AGAL 3).
    pub instance_ids: u16,
    /// Most tokens (instructions) in one program (200; 1024 in AGAL 2; 2048 in AGAL 3).
    pub max_tokens: usize,
}

impl Limits {
    /// The constant count of a stage.
    pub fn constants(&self, kind: ProgramKind) -> u16 {
        match kind {
            ProgramKind::Vertex => self.vertex_constants,
            ProgramKind::Fragment => self.fragment_constants,
        }
    }

    /// The temporary count of a stage.
    pub fn temporaries(&self, kind: ProgramKind) -> u16 {
        match kind {
            ProgramKind::Vertex => self.vertex_temporaries,
            ProgramKind::Fragment => self.fragment_temporaries,
        }
    }

    /// The output count of a stage (`op`: 1; `oc`: [`color_outputs`](Limits::color_outputs)).
    pub fn outputs(&self, kind: ProgramKind) -> u16 {
        match kind {
            ProgramKind::Vertex => self.position_outputs,
            ProgramKind::Fragment => self.color_outputs,
        }
    }

    /// How many registers of `register` a program of `kind` may name (number `n` is valid when
    /// `n < count`), whether or not the stage may use that register type at all.
    pub fn count(&self, register: RegisterType, kind: ProgramKind) -> u16 {
        match register {
            RegisterType::Attribute => self.attributes,
            RegisterType::Constant => self.constants(kind),
            RegisterType::Temporary => self.temporaries(kind),
            RegisterType::Output => self.outputs(kind),
            RegisterType::Varying => self.varyings,
            RegisterType::Sampler => self.samplers,
            RegisterType::DepthOutput => self.depth_outputs,
            RegisterType::InstanceId => self.instance_ids,
        }
    }
}

/// The limits of an AGAL version (the airsdk.dev bytecode page's table).
pub fn limits(version: Version) -> Limits {
    match version {
        Version::V1 => Limits {
            attributes: 8,
            vertex_constants: 128,
            fragment_constants: 28,
            vertex_temporaries: 8,
            fragment_temporaries: 8,
            varyings: 8,
            samplers: 8,
            color_outputs: 1,
            depth_outputs: 0,
            position_outputs: 1,
            instance_ids: 0,
            max_tokens: 200,
        },
        Version::V2 => Limits {
            attributes: 8,
            vertex_constants: 250,
            fragment_constants: 64,
            vertex_temporaries: 26,
            fragment_temporaries: 26,
            varyings: 10,
            samplers: 16,
            color_outputs: 4,
            depth_outputs: 1,
            position_outputs: 1,
            instance_ids: 0,
            max_tokens: 1024,
        },
        // AGAL 3 is AGAL 2 with 16 attributes, 200 fragment constants, `iid` and 2048 tokens.
        Version::V3 => Limits {
            attributes: 16,
            fragment_constants: 200,
            instance_ids: 1,
            max_tokens: 2048,
            ..limits(Version::V2)
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_are_case_sensitive() {
        for p in Profile::ALL {
            assert_eq!(Profile::from_as3_name(p.as3_name()), Some(p));
        }
        assert_eq!(Profile::from_as3_name("Baseline"), None);
        assert_eq!(Profile::from_as3_name(""), None);
    }

    #[test]
    fn versions_per_profile() {
        assert!(Profile::Baseline.accepts(Version::V1));
        assert!(!Profile::BaselineExtended.accepts(Version::V2));
        assert!(Profile::StandardConstrained.accepts(Version::V2));
        assert!(!Profile::Standard.accepts(Version::V3));
        assert!(Profile::Enhanced.accepts(Version::V3));
        for v in Version::ALL {
            assert!(Profile::lowest_accepting(v).accepts(v));
            let lowest = Profile::lowest_accepting(v);
            assert!(Profile::ALL
                .into_iter()
                .filter(|p| *p < lowest)
                .all(|p| !p.accepts(v)));
        }
    }

    #[test]
    fn documented_limits() {
        let v1 = limits(Version::V1);
        assert_eq!((v1.vertex_constants, v1.fragment_constants), (128, 28));
        assert_eq!((v1.vertex_temporaries, v1.varyings, v1.samplers), (8, 8, 8));
        assert_eq!(v1.max_tokens, 200);
        let v2 = limits(Version::V2);
        assert_eq!((v2.vertex_constants, v2.fragment_constants), (250, 64));
        assert_eq!(
            (v2.fragment_temporaries, v2.varyings, v2.samplers),
            (26, 10, 16)
        );
        assert_eq!((v2.depth_outputs, v2.max_tokens), (1, 1024));
        let v3 = limits(Version::V3);
        assert_eq!(
            (v3.attributes, v3.fragment_constants, v3.max_tokens),
            (16, 200, 2048)
        );
        assert_eq!(
            Profile::StandardConstrained
                .limits(Version::V2)
                .color_outputs,
            1
        );
        assert_eq!(Profile::Standard.limits(Version::V2).color_outputs, 4);
    }
}
