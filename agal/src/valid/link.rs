//! Link checks of a vertex+fragment pair: program types (#3630, #3631), versions (#3757),
//! the position output (#3635), varyings (#3632, #3633), colour outputs (#3634, #3775).
//! Writes are tracked per component across instructions.

use crate::model::{
    Address, Operands, Program, ProgramKind, RegisterType, Sampler, Source, WriteMask,
};

use super::error::{ValidationError, ValidationErrorKind as K};

/// What a linked vertex+fragment pair uses: what the GLSL writer declares and what context3d
/// checks at draw time. Every list is sorted and without duplicates.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Linkage {
    /// Varyings the vertex program writes (all four components).
    pub varyings_written: Vec<u16>,
    /// Varyings the fragment program reads.
    pub varyings_read: Vec<u16>,
    /// Vertex attributes (`va`) the vertex program reads, index registers included.
    pub attributes_read: Vec<u16>,
    /// Colour outputs (`oc`) the fragment program writes.
    pub color_outputs: Vec<u16>,
    /// Whether the fragment program writes the depth output `fd`.
    pub depth_written: bool,
    /// Whether the vertex program reads the instance id `iid`.
    pub instance_id_read: bool,
    /// Samplers the fragment program uses with their flags (one entry per register: every
    /// use of a register has the same flags, else upload failed with #3696).
    pub samplers: Vec<Sampler>,
}

impl Linkage {
    /// Varyings both written and read: the ones the GLSL writer links.
    pub fn varyings_linked(&self) -> Vec<u16> {
        self.varyings_read
            .iter()
            .copied()
            .filter(|v| self.varyings_written.contains(v))
            .collect()
    }
}

/// What one program writes and reads.
#[derive(Debug, Default)]
struct Usage {
    /// Components written of each varying (vertex) / read (fragment: bit set when read).
    varyings: [u8; 16],
    /// Components written of each output (`op` / `oc0..3`).
    outputs: [u8; 8],
    depth_written: bool,
    attributes: Vec<u16>,
    instance_id: bool,
    samplers: Vec<Sampler>,
}

fn slot(index: u16) -> usize {
    usize::from(index)
}

fn scan(program: &Program) -> Usage {
    let mut u = Usage::default();
    for ins in &program.instructions {
        // The matrix operand of m33/m34/m44 reads its further rows too.
        for src in ins.sources().copied().chain(ins.further_matrix_rows()) {
            read(&mut u, &src);
        }
        if let Some(dst) = ins.destination() {
            let bits = dst.mask.bits();
            let target = match dst.register {
                RegisterType::Varying => u.varyings.get_mut(slot(dst.index)),
                RegisterType::Output => u.outputs.get_mut(slot(dst.index)),
                RegisterType::DepthOutput => {
                    u.depth_written = true;
                    None
                }
                _ => None,
            };
            if let Some(t) = target {
                *t |= bits;
            }
        }
        if let Operands::Sample { sampler, .. } = &ins.operands {
            if !u.samplers.iter().any(|s| s.index == sampler.index) {
                u.samplers.push(*sampler);
            }
        }
    }
    u.attributes.sort_unstable();
    u.attributes.dedup();
    u.samplers.sort_by_key(|s| s.index);
    u
}

fn read(u: &mut Usage, src: &Source) {
    match (src.register, src.address) {
        (RegisterType::Varying, Address::Direct { index }) => {
            if let Some(v) = u.varyings.get_mut(slot(index)) {
                *v = 0xF;
            }
        }
        (RegisterType::Attribute, Address::Direct { index }) => u.attributes.push(index),
        (RegisterType::InstanceId, _) => u.instance_id = true,
        _ => {}
    }
    // The register holding a relative index is read too (`va2` of `vc[va2.x]`).
    if let Some(index) = src.address.index_source() {
        read(u, &index);
    }
}

fn indices(masks: &[u8], f: impl Fn(u8) -> bool) -> Vec<u16> {
    (0u16..)
        .zip(masks)
        .filter(|(_, m)| f(**m))
        .map(|(i, _)| i)
        .collect()
}

pub(super) fn link(vertex: &Program, fragment: &Program) -> Result<Linkage, ValidationError> {
    if vertex.kind != ProgramKind::Vertex {
        return Err(ValidationError::program(
            K::VertexNotVertex,
            ProgramKind::Vertex,
        ));
    }
    if fragment.kind != ProgramKind::Fragment {
        return Err(ValidationError::program(
            K::FragmentNotFragment,
            ProgramKind::Fragment,
        ));
    }
    if vertex.version != fragment.version {
        return Err(ValidationError::program(
            K::VersionMismatch {
                vertex: vertex.version,
                fragment: fragment.version,
            },
            ProgramKind::Fragment,
        ));
    }
    let v = scan(vertex);
    let f = scan(fragment);
    let full = WriteMask::ALL.bits();
    if v.outputs[0] != full {
        return Err(ValidationError::program(
            K::VertexOutputIncomplete,
            ProgramKind::Vertex,
        ));
    }
    for (varying, (written, read)) in (0u16..).zip(v.varyings.iter().zip(&f.varyings)) {
        if *read != 0 && *written == 0 {
            return Err(ValidationError::program(
                K::VaryingNotWritten { varying },
                ProgramKind::Fragment,
            ));
        }
        if *written != 0 && *written != full {
            return Err(ValidationError::program(
                K::VaryingPartiallyWritten { varying },
                ProgramKind::Vertex,
            ));
        }
    }
    let color_outputs = indices(&f.outputs, |m| m != 0);
    if color_outputs.is_empty() || f.outputs.iter().any(|m| *m != 0 && *m != full) {
        return Err(ValidationError::program(
            K::FragmentOutputIncomplete,
            ProgramKind::Fragment,
        ));
    }
    if (0u16..).zip(&color_outputs).any(|(i, o)| i != *o) {
        return Err(ValidationError::program(
            K::NonConsecutiveOutputs,
            ProgramKind::Fragment,
        ));
    }
    Ok(Linkage {
        varyings_written: indices(&v.varyings, |m| m == full),
        varyings_read: indices(&f.varyings, |m| m != 0),
        attributes_read: v.attributes,
        color_outputs,
        depth_written: f.depth_written,
        instance_id_read: v.instance_id,
        samplers: f.samplers,
    })
}
