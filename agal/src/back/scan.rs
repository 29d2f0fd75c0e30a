//! What each program uses, checked against its version's limits, and the varying map of the
//! pair: the first pass of every writer. Nothing here writes shader source.

use super::error::TranslateError;
use super::feature::Feature;
use super::names;
use crate::model::{
    Address, Component, Destination, Dimension, Instruction, Opcode, Program, ProgramKind,
    RegisterType, Sampler, Source,
};
use crate::profile::{self, Limits};

/// The register counts of one stage, from [`crate::profile::limits`] (the one place they live).
#[derive(Debug, Clone, Copy)]
pub(crate) struct StageLimits {
    pub attributes: u16,
    pub constants: u16,
    pub temporaries: u16,
    pub varyings: u16,
    pub samplers: u16,
    pub outputs: u16,
    pub depth_outputs: u16,
    pub instance_ids: u16,
}

impl StageLimits {
    pub fn of(program: &Program) -> StageLimits {
        let l: Limits = profile::limits(program.version);
        // The name tables bound every count, so a name lookup can never miss.
        let cap = |n: u16, table: usize| n.min(u16::try_from(table).unwrap_or(u16::MAX));
        StageLimits {
            attributes: cap(l.attributes, names::ATTRIBUTES.len()),
            constants: l.constants(program.kind),
            temporaries: cap(l.temporaries(program.kind), names::VERTEX_TEMPORARIES.len()),
            varyings: cap(l.varyings, names::VARYINGS.len()),
            samplers: cap(l.samplers, names::SAMPLERS.len()),
            outputs: cap(l.outputs(program.kind), names::COLOR_OUTPUTS.len()),
            depth_outputs: l.depth_outputs,
            instance_ids: l.instance_ids,
        }
    }
}

/// A set of register numbers below 256.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct RegSet([u64; 4]);

impl RegSet {
    pub fn insert(&mut self, n: u16) {
        if let Some(word) = self.0.get_mut(usize::from(n >> 6)) {
            *word |= 1 << (n & 63);
        }
    }

    pub fn contains(&self, n: u16) -> bool {
        self.0
            .get(usize::from(n >> 6))
            .is_some_and(|w| w & (1 << (n & 63)) != 0)
    }

    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|w| *w == 0)
    }

    /// The members, ascending.
    pub fn iter(&self) -> impl Iterator<Item = u16> + '_ {
        self.0.iter().zip(0u16..).flat_map(|(&word, w)| {
            let mut bits = word;
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let b = bits.trailing_zeros() as u16;
                    bits &= bits - 1;
                    w * 64 + b
                })
            })
        })
    }

    /// The members as sorted, disjoint, non-adjacent ranges.
    pub fn ranges(&self) -> Vec<std::ops::Range<u16>> {
        let mut out: Vec<std::ops::Range<u16>> = Vec::new();
        for n in self.iter() {
            match out.last_mut() {
                Some(r) if r.end == n => r.end = n + 1,
                _ => out.push(n..n + 1),
            }
        }
        out
    }
}

/// Everything one program reads and writes.
#[derive(Debug, Clone, Default)]
pub(crate) struct Usage {
    pub attributes: RegSet,
    pub constants: RegSet,
    pub relative: bool,
    pub temporaries: RegSet,
    /// Varyings read (fragment) or written (vertex).
    pub varyings: RegSet,
    /// Samplers by unit, with the first sampler word seen for each.
    pub samplers: Vec<(u16, Sampler)>,
    /// Colour outputs written (fragment).
    pub outputs: RegSet,
    pub instance_id: bool,
    /// The first instruction needing each feature that some dialect lacks.
    pub first_use: Vec<(Feature, usize)>,
    pub uses_ddy: bool,
    /// `pow` appears: the stage needs the D3D9 `pow` helper.
    pub uses_pow: bool,
    /// Whether the program has `kil`.
    pub kills: bool,
}

impl Usage {
    fn need(&mut self, feature: Feature, instruction: usize) {
        if !self.first_use.iter().any(|(f, _)| *f == feature) {
            self.first_use.push((feature, instruction));
        }
    }

    pub fn depth_written(&self) -> bool {
        self.first_use.iter().any(|(f, _)| *f == Feature::FragDepth)
    }
}

/// Scans `program`, checking every register against the stage's rules and limits.
pub(crate) fn scan(program: &Program, limits: &StageLimits) -> Result<Usage, TranslateError> {
    let mut scanner = Scanner {
        kind: program.kind,
        limits,
        usage: Usage::default(),
        instruction: 0,
    };
    let mut depth = 0usize;
    for (i, ins) in program.instructions.iter().enumerate() {
        scanner.instruction = i;
        scanner.instruction(ins)?;
        match ins.opcode {
            Opcode::Ife | Opcode::Ine | Opcode::Ifg | Opcode::Ifl => depth += 1,
            Opcode::Els if depth == 0 => return Err(scanner.unbalanced()),
            Opcode::Eif => depth = depth.checked_sub(1).ok_or_else(|| scanner.unbalanced())?,
            _ => {}
        }
    }
    if depth != 0 {
        return Err(TranslateError::UnbalancedBlock {
            stage: program.kind,
            instruction: program.instructions.len(),
        });
    }
    scanner.usage.samplers.sort_by_key(|(unit, _)| *unit);
    Ok(scanner.usage)
}

struct Scanner<'a> {
    kind: ProgramKind,
    limits: &'a StageLimits,
    usage: Usage,
    instruction: usize,
}

impl Scanner<'_> {
    fn unbalanced(&self) -> TranslateError {
        TranslateError::UnbalancedBlock {
            stage: self.kind,
            instruction: self.instruction,
        }
    }

    fn bad(&self, register: RegisterType, role: &'static str) -> TranslateError {
        TranslateError::BadRegister {
            stage: self.kind,
            instruction: self.instruction,
            register,
            role,
        }
    }

    fn range(&self, register: RegisterType, index: u16, limit: u16) -> Result<(), TranslateError> {
        if index < limit {
            Ok(())
        } else {
            Err(TranslateError::RegisterOutOfRange {
                stage: self.kind,
                instruction: self.instruction,
                register,
                index,
                limit,
            })
        }
    }

    fn instruction(&mut self, ins: &Instruction) -> Result<(), TranslateError> {
        let unsupported = TranslateError::UnsupportedOpcode {
            stage: self.kind,
            instruction: self.instruction,
            opcode: ins.opcode,
        };
        // A hand-built instruction whose operands do not have the opcode's shape is refused
        // like an opcode this writer does not know.
        if !ins.opcode.allowed_in(self.kind)
            || ins.opcode == Opcode::Tld
            || ins.opcode.shape() != ins.operands.shape()
        {
            return Err(unsupported);
        }
        match ins.opcode {
            Opcode::Ddx | Opcode::Ddy => self.usage.need(Feature::Derivatives, self.instruction),
            Opcode::Ted => self.usage.need(Feature::TextureLod, self.instruction),
            _ => {}
        }
        if ins.opcode == Opcode::Ddy {
            self.usage.uses_ddy = true;
        }
        if ins.opcode == Opcode::Pow {
            self.usage.uses_pow = true;
        }
        if ins.opcode == Opcode::Kil {
            self.usage.kills = true;
        }
        if let Some(dst) = ins.destination() {
            self.destination(dst)?;
            if ins.opcode.writes_xyz_only() && dst.mask.contains(Component::W) {
                return Err(TranslateError::InvalidMask {
                    stage: self.kind,
                    instruction: self.instruction,
                    opcode: ins.opcode,
                });
            }
        }
        for src in ins.sources().copied().chain(ins.further_matrix_rows()) {
            self.source(&src)?;
        }
        if let Some(sampler) = ins.sampler() {
            self.sampler(sampler)?;
        }
        Ok(())
    }

    fn destination(&mut self, dst: &Destination) -> Result<(), TranslateError> {
        let l = self.limits;
        let vertex = self.kind == ProgramKind::Vertex;
        match dst.register {
            RegisterType::Temporary => {
                self.range(dst.register, dst.index, l.temporaries)?;
                self.usage.temporaries.insert(dst.index);
            }
            RegisterType::Output => {
                self.range(dst.register, dst.index, l.outputs)?;
                if !vertex {
                    self.usage.outputs.insert(dst.index);
                    if dst.index > 0 {
                        self.usage
                            .need(Feature::MultipleRenderTargets, self.instruction);
                    }
                }
            }
            RegisterType::Varying if vertex => {
                self.range(dst.register, dst.index, l.varyings)?;
                self.usage.varyings.insert(dst.index);
            }
            RegisterType::DepthOutput if !vertex => {
                self.range(dst.register, dst.index, l.depth_outputs)?;
                self.usage.need(Feature::FragDepth, self.instruction);
            }
            other => return Err(self.bad(other, "destination")),
        }
        Ok(())
    }

    fn source(&mut self, src: &Source) -> Result<(), TranslateError> {
        match src.address {
            Address::Direct { index } => self.read(src.register, index, "source"),
            Address::Indirect {
                index_register,
                index_number,
                ..
            } => {
                if src.register != RegisterType::Constant {
                    return Err(self.bad(src.register, "source"));
                }
                self.usage.relative = true;
                self.read(index_register, index_number, "index")
            }
        }
    }

    fn read(
        &mut self,
        register: RegisterType,
        index: u16,
        role: &'static str,
    ) -> Result<(), TranslateError> {
        let l = self.limits;
        let vertex = self.kind == ProgramKind::Vertex;
        match register {
            RegisterType::Attribute if vertex => {
                self.range(register, index, l.attributes)?;
                self.usage.attributes.insert(index);
            }
            RegisterType::Constant => {
                self.range(register, index, l.constants)?;
                self.usage.constants.insert(index);
            }
            RegisterType::Temporary => {
                self.range(register, index, l.temporaries)?;
                self.usage.temporaries.insert(index);
            }
            RegisterType::Varying if !vertex => {
                self.range(register, index, l.varyings)?;
                self.usage.varyings.insert(index);
            }
            RegisterType::InstanceId if vertex => {
                self.range(register, index, l.instance_ids)?;
                self.usage.instance_id = true;
                self.usage.need(Feature::InstanceId, self.instruction);
            }
            other => return Err(self.bad(other, role)),
        }
        Ok(())
    }

    /// The rows after the first of a matrix operand (the first was read as a source).
    fn sampler(&mut self, sampler: &Sampler) -> Result<(), TranslateError> {
        self.range(RegisterType::Sampler, sampler.index, self.limits.samplers)?;
        if sampler.dimension == Dimension::ThreeD {
            return Err(TranslateError::UnsupportedDimension {
                stage: self.kind,
                instruction: self.instruction,
                dimension: sampler.dimension,
            });
        }
        if !self.usage.samplers.iter().any(|(u, _)| *u == sampler.index) {
            self.usage.samplers.push((sampler.index, *sampler));
        }
        Ok(())
    }
}

/// The linked varyings: written by the vertex program and read by the fragment program, in
/// register order (their position is their squeezed location).
pub(crate) fn link_varyings(vertex: &Usage, fragment: &Usage) -> Result<Vec<u16>, TranslateError> {
    if let Some(index) = fragment
        .varyings
        .iter()
        .find(|v| !vertex.varyings.contains(*v))
    {
        return Err(TranslateError::VaryingNotWritten { index });
    }
    Ok(fragment.varyings.iter().collect())
}
