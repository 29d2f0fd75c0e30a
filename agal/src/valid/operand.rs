//! Source and destination operand checks (#3625-#3628, #3637-#3661, #3689, #3703, #3749,
//! #3750, #3786, #3788, #3789) and the per-component written state of temporaries.

use crate::model::{
    Address, Component, Destination, Dimension, Opcode, ProgramKind, RegisterType, Shape, Source,
    Swizzle, Version, WriteMask,
};
use crate::profile::Limits;

use super::error::ValidationErrorKind as K;

/// What a source operand is to its instruction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Role {
    /// An ordinary source; `lanes` are the swizzle lanes that matter (bit k = lane k).
    Value {
        /// Lanes read.
        lanes: u8,
    },
    /// The scalar source of `ife`..`ifl` or `kil` (lane 0 only; the swizzle must be scalar).
    Scalar,
    /// The coordinate of `tex`/`ted`/`tld`.
    TexCoord {
        /// Lanes read (xy for 2D, xyz for cube; `ted` adds w, its level).
        lanes: u8,
    },
    /// The matrix operand of `m33`/`m34`/`m44`: `rows` consecutive registers, `lanes` read
    /// of each.
    Matrix {
        /// Rows.
        rows: u16,
        /// Lanes read of each row.
        lanes: u8,
    },
}

const XYZ: u8 = 0b0111;
const XYZW: u8 = 0b1111;

/// The roles of source 1 and source 2 of an instruction (source 2 of a texture instruction
/// is the sampler and has none).
pub(super) fn roles(op: Opcode, dst: Option<WriteMask>, dim: Option<Dimension>) -> (Role, Role) {
    let per_component = Role::Value {
        lanes: dst.map_or(XYZW, |m| m.bits()),
    };
    match op.shape() {
        Shape::Compare | Shape::Kill => (Role::Scalar, Role::Scalar),
        Shape::Sample => {
            let coordinates = match dim {
                Some(Dimension::TwoD) | None => 0b0011,
                Some(_) => XYZ,
            };
            // `ted` also reads its explicit level from w (D3D9 texldl; the GLSL writer's
            // `textureLod(s, c.xy, c.w)`).
            let lanes = if op == Opcode::Ted {
                coordinates | 0b1000
            } else {
                coordinates
            };
            (Role::TexCoord { lanes }, Role::Scalar)
        }
        _ => match op {
            Opcode::M33 => (
                Role::Value { lanes: XYZ },
                Role::Matrix {
                    rows: 3,
                    lanes: XYZ,
                },
            ),
            Opcode::M34 => (
                Role::Value { lanes: XYZW },
                Role::Matrix {
                    rows: 3,
                    lanes: XYZW,
                },
            ),
            Opcode::M44 => (
                Role::Value { lanes: XYZW },
                Role::Matrix {
                    rows: 4,
                    lanes: XYZW,
                },
            ),
            Opcode::Dp3 | Opcode::Crs | Opcode::Nrm => {
                (Role::Value { lanes: XYZ }, Role::Value { lanes: XYZ })
            }
            Opcode::Dp4 => (Role::Value { lanes: XYZW }, Role::Value { lanes: XYZW }),
            _ => (per_component, per_component),
        },
    }
}

/// The program being checked: what operand checks need to know.
#[derive(Debug)]
pub(super) struct Ctx<'a> {
    /// Vertex or fragment (from the header: the rules follow what the program says it is).
    pub stage: ProgramKind,
    /// AGAL version.
    pub version: Version,
    /// The version's limits under the profile.
    pub limits: &'a Limits,
    /// Components written so far of each temporary (bit c = component c).
    pub temps: &'a [u8],
}

impl Ctx<'_> {
    fn temporary_read(&self, index: u16, components: u8) -> Result<(), K> {
        let written = match self.temps.get(usize::from(index)) {
            Some(w) => *w,
            None => return Err(K::TemporaryIndexOutOfBounds),
        };
        if written == 0 {
            Err(K::TemporaryNotWritten)
        } else if components & !written != 0 {
            Err(K::TemporaryComponentNotWritten)
        } else {
            Ok(())
        }
    }

    /// Checks one source operand.
    pub(super) fn source(&self, src: &Source, role: Role) -> Result<(), K> {
        let vertex = self.stage == ProgramKind::Vertex;
        if src.register == RegisterType::Sampler {
            return Err(if vertex {
                K::SamplerInVertexProgram
            } else {
                K::SamplerNotAllowed
            });
        }
        let lanes = match role {
            Role::Value { lanes } | Role::TexCoord { lanes } | Role::Matrix { lanes, .. } => lanes,
            Role::Scalar => 1,
        };
        let components = components_read(src.swizzle, lanes);
        let rows = match role {
            Role::Matrix { rows, .. } => rows,
            _ => 1,
        };
        match src.address {
            Address::Indirect {
                index_register,
                index_number,
                component,
                ..
            } => {
                if matches!(role, Role::TexCoord { .. }) {
                    return Err(K::IndirectNotAllowedHere);
                }
                if !vertex {
                    return Err(K::IndirectInFragment);
                }
                if src.register != RegisterType::Constant {
                    return Err(K::IndirectNotConstant);
                }
                self.index_register(index_register, index_number, component)?;
            }
            Address::Direct { index } => {
                self.direct_source(src.register, index, components, rows)?
            }
        }
        match role {
            Role::Scalar if src.swizzle.as_scalar().is_none() => Err(K::ScalarSwizzleRequired),
            Role::Matrix { .. } if src.swizzle != Swizzle::IDENTITY => Err(K::MatrixSwizzled),
            _ => Ok(()),
        }
    }

    /// The register holding a relative index (`va2.x` of `vc[va2.x+5]`).
    fn index_register(&self, register: RegisterType, number: u16, c: Component) -> Result<(), K> {
        match register {
            RegisterType::Attribute => {
                if number >= self.limits.attributes {
                    return Err(K::AttributeIndexOutOfBounds);
                }
            }
            RegisterType::Constant => {
                if number >= self.limits.constants(self.stage) {
                    return Err(K::ConstantIndexOutOfBounds);
                }
            }
            RegisterType::Temporary => {
                if number >= self.limits.temporaries(self.stage) {
                    return Err(K::TemporaryIndexOutOfBounds);
                }
                self.temporary_read(number, 1 << c.index())?;
            }
            _ => return Err(K::BadIndexRegisterType),
        }
        Ok(())
    }

    fn direct_source(
        &self,
        register: RegisterType,
        index: u16,
        components: u8,
        rows: u16,
    ) -> Result<(), K> {
        let vertex = self.stage == ProgramKind::Vertex;
        let last = u32::from(index) + u32::from(rows) - 1;
        match register {
            RegisterType::Attribute => {
                if !vertex {
                    return Err(K::AttributeReadInFragment);
                }
                if last >= u32::from(self.limits.attributes) {
                    return Err(K::AttributeIndexOutOfBounds);
                }
            }
            RegisterType::Constant => {
                if last >= u32::from(self.limits.constants(self.stage)) {
                    return Err(K::ConstantIndexOutOfBounds);
                }
            }
            RegisterType::Temporary => {
                if last >= u32::from(self.limits.temporaries(self.stage)) {
                    return Err(K::TemporaryIndexOutOfBounds);
                }
                for row in 0..rows {
                    self.temporary_read(index + row, components)?;
                }
            }
            RegisterType::Output => return Err(K::OutputRead),
            RegisterType::Varying => {
                if vertex {
                    return Err(K::VaryingReadInVertex);
                }
                if last >= u32::from(self.limits.varyings) {
                    return Err(K::VaryingIndexOutOfBounds);
                }
            }
            RegisterType::DepthOutput => {
                // Recorded: `fd` read in AGAL 1 gives the range error (#3749) first.
                if index >= self.limits.depth_outputs {
                    return Err(K::DepthOutputIndexOutOfBounds);
                }
                if vertex {
                    return Err(K::DepthOutputInVertex);
                }
                return Err(K::OutputRead);
            }
            RegisterType::InstanceId => self.instance_id(index)?,
            RegisterType::Sampler => return Err(K::SamplerNotAllowed),
        }
        Ok(())
    }

    fn instance_id(&self, index: u16) -> Result<(), K> {
        if self.version < Version::V3 {
            return Err(K::InstanceIdVersion);
        }
        if self.stage != ProgramKind::Vertex {
            return Err(K::InstanceIdInFragment);
        }
        if index >= self.limits.instance_ids {
            return Err(K::AttributeIndexOutOfBounds);
        }
        Ok(())
    }

    /// Checks a destination operand of `op` (register kind, mask, range, w for 3-component
    /// results). Output-specific rules are in `outputs`.
    pub(super) fn destination(&self, op: Opcode, dst: &Destination) -> Result<(), K> {
        let vertex = self.stage == ProgramKind::Vertex;
        match dst.register {
            RegisterType::Sampler => return Err(K::SamplerWritten),
            RegisterType::Attribute => return Err(K::AttributeWritten),
            RegisterType::Constant => return Err(K::ConstantWritten),
            RegisterType::Varying if !vertex => return Err(K::VaryingWrittenInFragment),
            RegisterType::InstanceId => {
                return Err(if self.version < Version::V3 {
                    K::InstanceIdVersion
                } else {
                    K::InstanceIdWritten
                })
            }
            RegisterType::DepthOutput => {
                if dst.index >= self.limits.depth_outputs {
                    return Err(K::DepthOutputIndexOutOfBounds);
                }
                if vertex {
                    return Err(K::DepthOutputInVertex);
                }
            }
            _ => {}
        }
        if dst.mask.bits() == 0 {
            return Err(K::ZeroWriteMask);
        }
        let out_of_bounds = match dst.register {
            RegisterType::Temporary => (dst.index >= self.limits.temporaries(self.stage))
                .then_some(K::TemporaryIndexOutOfBounds),
            RegisterType::Varying => {
                (dst.index >= self.limits.varyings).then_some(K::VaryingIndexOutOfBounds)
            }
            RegisterType::Output => {
                (dst.index >= self.limits.outputs(self.stage)).then_some(K::OutputIndexOutOfBounds)
            }
            _ => None,
        };
        if let Some(k) = out_of_bounds {
            return Err(k);
        }
        if op.writes_xyz_only() && dst.mask.contains(Component::W) {
            return Err(K::MustMaskW(op));
        }
        Ok(())
    }
}

/// The components a source reads through the lanes that matter.
pub(super) fn components_read(swizzle: Swizzle, lanes: u8) -> u8 {
    (0..4)
        .filter(|k| lanes & (1 << k) != 0)
        .fold(0, |acc, k| acc | 1 << swizzle.lane(k).index())
}

/// Checks between the two sources: #3626 (both relative), #3625 (both constants), #3758
/// (a condition comparing an operand with itself).
pub(super) fn source_pair(op: Opcode, a: &Source, b: &Source) -> Result<(), K> {
    // Relative reads are always of constants: #3626 is checked first or it could not occur.
    if a.is_indirect() && b.is_indirect() {
        return Err(K::BothIndirect(op));
    }
    if a.register == RegisterType::Constant && b.register == RegisterType::Constant {
        return Err(K::BothConstants);
    }
    if op.opens_block() && a == b {
        return Err(K::ConstantCondition);
    }
    Ok(())
}
