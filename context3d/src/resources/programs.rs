//! What a context keeps of each `Program3D`: the linked pair and what it uses (the calls,
//! `upload` through `molehill_agal::valid`, are in `context/programs.rs`).

use molehill_agal::{Program, RegisterType, Sampler};

use crate::backend::{ProgramId, MAX_SAMPLERS};
use crate::draw::ResolvedCache;

/// What a linked pair reads and writes: what the draw-time checks need.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ProgramUsage {
    /// Bit `i`: the vertex program reads `va<i>` (directly, as an index register, or as a
    /// further row of a matrix operand: `m44 op, va4, va0` reads `va0`-`va3`).
    pub attributes: u32,
    /// The flags of each sampler the fragment program uses.
    pub samplers: [Option<Sampler>; MAX_SAMPLERS],
    /// Bit `i`: `samplers[i]` is used.
    pub sampler_mask: u32,
    /// Bit `i`: the fragment program writes `oc<i>`.
    pub color_outputs: u8,
    /// The fragment program writes `fd`.
    pub depth_written: bool,
}

impl ProgramUsage {
    /// Scans a validated pair.
    pub fn of(vertex: &Program, fragment: &Program) -> ProgramUsage {
        let mut usage = ProgramUsage::default();
        let bit = |i: u16| 1u32.checked_shl(u32::from(i)).unwrap_or(0);
        for ins in &vertex.instructions {
            for src in ins.sources().copied().chain(ins.further_matrix_rows()) {
                if src.register == RegisterType::Attribute {
                    if let Some(i) = src.direct_index() {
                        usage.attributes |= bit(i);
                    }
                }
                if let molehill_agal::Address::Indirect {
                    index_register: RegisterType::Attribute,
                    index_number,
                    ..
                } = src.address
                {
                    usage.attributes |= bit(index_number);
                }
            }
        }
        for ins in &fragment.instructions {
            if let Some(s) = ins.sampler() {
                if let Some(slot) = usage.samplers.get_mut(usize::from(s.index)) {
                    slot.get_or_insert(*s);
                }
            }
            if let Some(dst) = ins.destination() {
                match dst.register {
                    RegisterType::Output => usage.color_outputs |= bit(dst.index) as u8,
                    RegisterType::DepthOutput => usage.depth_written = true,
                    _ => {}
                }
            }
        }
        usage.sampler_mask = usage
            .samplers
            .iter()
            .enumerate()
            .fold(0, |m, (i, s)| m | u32::from(s.is_some()) << i);
        usage
    }
}

/// A program that was uploaded successfully.
#[derive(Debug)]
pub(crate) struct LinkedProgram {
    pub id: ProgramId,
    pub usage: ProgramUsage,
    /// What the last draw with this program resolved (see [`ResolvedCache`]).
    pub resolved: ResolvedCache,
}

/// What a context keeps about a `Program3D`.
#[derive(Debug, Default)]
pub(crate) struct ProgramRes {
    pub linked: Option<LinkedProgram>,
}
