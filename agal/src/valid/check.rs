//! The per-program checker: state carried from token to token, and the order of checks
//! within a token (agal-reference.md 2.3): opcode (#3620, #3621, #3726, #3622, #3803, #3805),
//! nesting, source 1, source 2, the pair of sources, destination, sampler.

use crate::bytecode::{decode_token, DecodeError, DecodeErrorKind, OperandPosition, TOKEN_LEN};
use crate::model::{Instruction, Opcode, Operands, ProgramKind, Version};
use crate::profile::{Limits, Profile};

use super::error::{ValidationError, ValidationErrorKind as K};
use super::flow::Flow;
use super::operand::{roles, source_pair, Ctx};
use super::outputs::Outputs;
use super::sampler::Samplers;

/// Checks one program token by token.
#[derive(Debug)]
pub(super) struct Checker {
    /// Vertex or fragment from the header: the rules follow it.
    stage: ProgramKind,
    version: Version,
    /// What the upload call said: Flash's `%1`.
    upload: ProgramKind,
    limits: Limits,
    /// Components written so far of each temporary.
    temps: Vec<u8>,
    flow: Flow,
    outputs: Outputs,
    samplers: Samplers,
}

impl Checker {
    pub(super) fn new(
        stage: ProgramKind,
        version: Version,
        upload: ProgramKind,
        profile: Profile,
    ) -> Checker {
        let limits = profile.limits(version);
        Checker {
            stage,
            version,
            upload,
            limits,
            temps: vec![0; usize::from(limits.temporaries(stage))],
            flow: Flow::default(),
            outputs: Outputs::new(stage, version),
            samplers: Samplers::default(),
        }
    }

    fn err(&self, kind: K, index: usize, operand: Option<OperandPosition>) -> ValidationError {
        ValidationError::at(kind, self.upload, index, operand)
    }

    /// Opcode checks from the raw token, before the operands are decoded. An unknown opcode
    /// value is left to the decoder (#3620).
    pub(super) fn check_opcode_word(
        &mut self,
        index: usize,
        token: &[u8; TOKEN_LEN],
    ) -> Result<(), ValidationError> {
        let code = u32::from_le_bytes([token[0], token[1], token[2], token[3]]);
        match Opcode::from_code(code) {
            Some(op) => self.check_opcode(index, op),
            None => Ok(()),
        }
    }

    /// The opcode's own checks and the nesting update.
    pub(super) fn check_opcode(&mut self, index: usize, op: Opcode) -> Result<(), ValidationError> {
        let kind = if op == Opcode::Sgn {
            Some(K::NotImplemented(op))
        } else if op.min_version() > self.version {
            Some(K::RequiresVersion2(op))
        } else if !op.allowed_in(self.stage) {
            Some(match self.stage {
                ProgramKind::Vertex => K::FragmentOnly(op),
                ProgramKind::Fragment => K::VertexOnly(op),
            })
        } else if op == Opcode::Tld {
            Some(K::VertexTextureFetch)
        } else if matches!(op, Opcode::Ddx | Opcode::Ddy) && self.flow.in_conditional() {
            Some(K::DerivativeInConditional)
        } else {
            None
        };
        if let Some(kind) = kind {
            return Err(self.err(kind, index, None));
        }
        self.flow.step(op).map_err(|k| self.err(k, index, None))
    }

    /// The operand checks of a decoded instruction, then its effects (temporaries written,
    /// outputs written, samplers used).
    pub(super) fn check_operands(
        &mut self,
        index: usize,
        ins: &Instruction,
    ) -> Result<(), ValidationError> {
        self.check_until(index, ins, Step::End)?;
        if let Some(dst) = ins.destination() {
            if dst.register == crate::model::RegisterType::Temporary {
                if let Some(w) = self.temps.get_mut(usize::from(dst.index)) {
                    *w |= dst.mask.bits();
                }
            }
        }
        Ok(())
    }

    fn ctx(&self) -> Ctx<'_> {
        Ctx {
            stage: self.stage,
            version: self.version,
            limits: &self.limits,
            temps: &self.temps,
        }
    }

    /// The operand checks in Flash's order, up to (not including) `stop`: source 1, source 2
    /// and the pair, destination and outputs, sampler.
    fn check_until(
        &mut self,
        index: usize,
        ins: &Instruction,
        stop: Step,
    ) -> Result<(), ValidationError> {
        let op = ins.opcode;
        let dim = ins.sampler().map(|s| s.dimension);
        let (role1, role2) = roles(op, ins.destination().map(|d| d.mask), dim);
        let (a, b) = ins.source_operands();
        let src_err = |k, pos| self.err(k, index, Some(pos));
        if stop > Step::Source1 {
            if let Some(a) = a {
                self.ctx()
                    .source(a, role1)
                    .map_err(|k| src_err(k, OperandPosition::Source1))?;
            }
        }
        if stop > Step::Source2 {
            if let Some(b) = b {
                self.ctx()
                    .source(b, role2)
                    .map_err(|k| src_err(k, OperandPosition::Source2))?;
            }
            if let (Some(a), Some(b)) = (a, b) {
                source_pair(op, a, b).map_err(|k| self.err(k, index, None))?;
            }
        }
        if stop > Step::Destination {
            if let Some(dst) = ins.destination() {
                let pos = Some(OperandPosition::Destination);
                self.ctx()
                    .destination(op, dst)
                    .map_err(|k| self.err(k, index, pos))?;
                let in_conditional = self.flow.in_conditional();
                self.outputs
                    .write(dst, in_conditional)
                    .map_err(|k| self.err(k, index, pos))?;
            }
        }
        if stop > Step::Sampler {
            if let Operands::Sample { coord, sampler, .. } = &ins.operands {
                let in_conditional = self.flow.in_conditional();
                self.samplers
                    .use_sampler(op, coord, sampler, self.limits.samplers, in_conditional)
                    .map_err(|k| self.err(k, index, Some(OperandPosition::Source2)))?;
            }
        }
        Ok(())
    }

    /// Turns a decoder failure into the error Flash reports: an earlier step's fault first
    /// (found by decoding the token with the failing part replaced by a valid filler), else
    /// the decoder's error.
    pub(super) fn decode_failure(
        &mut self,
        token: &[u8; TOKEN_LEN],
        index: usize,
        e: DecodeError,
    ) -> ValidationError {
        let code = u32::from_le_bytes([token[0], token[1], token[2], token[3]]);
        let Some(op) = Opcode::from_code(code) else {
            return ValidationError::from_decode(e, self.upload);
        };
        let step = failing_step(op, &e);
        if step > Step::Source1 {
            let patched = patch(token, op, step);
            if let Ok(ins) = decode_token(&patched, index) {
                if let Err(earlier) = self.check_until(index, &ins, step) {
                    return earlier;
                }
            }
        }
        if e.kind == DecodeErrorKind::DestinationNotZero {
            return self.err(K::DestinationNotZero(op), index, e.operand);
        }
        ValidationError::from_decode(e, self.upload)
    }

    /// After the last token: the token limit (#3629), then open blocks (#3739).
    pub(super) fn finish(&mut self, count: usize) -> Result<(), ValidationError> {
        if count > self.limits.max_tokens {
            return Err(ValidationError::program(
                K::TooManyTokens {
                    count,
                    limit: self.limits.max_tokens,
                },
                self.upload,
            ));
        }
        self.flow
            .finish()
            .map_err(|k| ValidationError::program(k, self.upload))
    }
}

/// The steps of a token's operand checks, in Flash's order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Step {
    Source1,
    Source2,
    Destination,
    Sampler,
    End,
}

/// The step a decoder error belongs to. The decoder reads a texture instruction's sampler
/// type with source 2 (#3693) but its fields after the destination.
fn failing_step(op: Opcode, e: &DecodeError) -> Step {
    match e.operand {
        None | Some(OperandPosition::Source1) => Step::Source1,
        Some(OperandPosition::Destination) => Step::Destination,
        Some(OperandPosition::Source2) => {
            if op.shape() == crate::model::Shape::Sample
                && e.kind != DecodeErrorKind::SamplerRequired
            {
                Step::Sampler
            } else {
                Step::Source2
            }
        }
    }
}

/// `token` with the part checked at `step` and everything decoded after it replaced by values
/// that decode.
fn patch(token: &[u8; TOKEN_LEN], op: Opcode, step: Step) -> [u8; TOKEN_LEN] {
    use crate::model::Shape;
    let mut t = *token;
    let shape = op.shape();
    if step == Step::Sampler {
        // Keep the sampler number, clear the flags and the reserved byte.
        t[18..24].copy_from_slice(&[0, 0, 5, 0, 0, 0]);
        return t;
    }
    // Keep the write mask: it decides which source lanes are read.
    let mask = match token[6] & 0xF {
        0 => 0xF,
        m => m,
    };
    let dest: [u8; 4] = if shape.has_destination() {
        [0, 0, mask, 2]
    } else {
        [0; 4]
    };
    t[4..8].copy_from_slice(&dest);
    if step == Step::Source2 {
        let src2: [u8; 8] = match shape {
            Shape::Sample => [0, 0, 0, 0, 5, 0, 0, 0],
            Shape::Binary | Shape::Compare => [0, 0, 0, 0xE4, 1, 0, 0, 0],
            _ => [0; 8],
        };
        t[16..24].copy_from_slice(&src2);
    }
    t
}
