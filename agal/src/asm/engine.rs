//! The assembler proper: Adobe's loop over lines, its checks in its order, and the strict
//! checks between them.

use super::error::{AsmError, AsmErrorKind as K, AsmWarning, Quirk};
use super::lines::{self, is_separator, is_word, SourceMap, Span};
use super::operands::{self, RawOperand};
use super::options::{AsmOptions, Assembly, MAX_INSTRUCTIONS};
use super::sampler;
use crate::model::{
    Address, Destination, Instruction, Opcode, Operands, Program, ProgramKind, RegisterType,
    Sampler, Shape, Source, StageRule, Swizzle, Version, WriteMask,
};

/// Assembles a whole source.
pub(super) fn assemble(source: &str, options: &AsmOptions) -> Result<Assembly, AsmError> {
    let mut asm = Assembler {
        options: *options,
        map: SourceMap::new(source),
        warnings: Vec::new(),
        opts: None,
        instructions: Vec::new(),
    };
    for line in lines::adobe_lines(source) {
        asm.line(line)?;
    }
    Ok(Assembly {
        program: Program {
            kind: options.kind,
            version: options.version,
            instructions: asm.instructions,
        },
        warnings: asm.warnings,
    })
}

/// The last `<...>` seen (Adobe's `opts`, never reset).
#[derive(Debug, Clone)]
struct Opts<'a> {
    words: Vec<Span<'a>>,
    line: usize,
}

#[derive(Debug)]
struct Assembler<'a> {
    options: AsmOptions,
    map: SourceMap<'a>,
    warnings: Vec<AsmWarning>,
    opts: Option<Opts<'a>>,
    instructions: Vec<Instruction>,
}

/// What an operand is, decided by its position and the opcode.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    Destination,
    Source,
    Sampler,
}

#[derive(Debug, Clone, Copy)]
enum Value {
    Destination(Destination),
    Source(Source),
    Sampler(Sampler),
}

impl<'a> Assembler<'a> {
    fn error(&self, at: usize, kind: K) -> AsmError {
        let (line, column) = self.map.position(at);
        AsmError { line, column, kind }
    }

    fn warn(&mut self, at: usize, kind: Quirk) {
        let (line, column) = self.map.position(at);
        self.warnings.push(AsmWarning { line, column, kind });
    }

    /// A quirk: an error in strict mode, a warning in lenient mode.
    fn quirk(&mut self, at: usize, kind: Quirk) -> Result<(), AsmError> {
        if self.options.lenient {
            self.warn(at, kind);
            Ok(())
        } else {
            Err(self.error(at, K::Strict(kind)))
        }
    }

    fn line(&mut self, raw: Span<'a>) -> Result<(), AsmError> {
        let line = lines::split_line(raw);
        if let Some(o) = line.options {
            if let Some(c) = sampler::stray_char(o) {
                self.quirk(
                    c.start,
                    Quirk::IgnoredText {
                        text: c.text.to_string(),
                    },
                )?;
            }
            self.opts = Some(Opts {
                words: sampler::words(o),
                line: self.map.line(o.start),
            });
        }
        let code = line.code;
        let mnemonic = code
            .text
            .get(..3)
            .filter(|w| w.bytes().all(is_word))
            .and_then(Opcode::from_mnemonic);
        let Some(opcode) = mnemonic else {
            let text = code.text.trim_end_matches([' ', '\t']);
            if !text.is_empty() {
                self.quirk(
                    code.start,
                    Quirk::UnknownOpcode {
                        text: text.to_string(),
                    },
                )?;
            }
            if let Some(o) = line.options {
                self.quirk(o.start, Quirk::SamplerOptionsWithoutSampler)?;
            }
            return Ok(());
        };
        let rest = code.slice(3, code.text.len());
        let suffix = rest.text.bytes().take_while(|c| !is_separator(*c)).count();
        if suffix > 0 {
            self.quirk(
                code.start,
                Quirk::OpcodeSuffix {
                    word: code.text.get(..3 + suffix).unwrap_or(code.text).to_string(),
                    opcode,
                },
            )?;
        }
        self.opcode_checks(opcode, code.start)?;

        let found = operands::scan(rest);
        self.check_gaps(rest, suffix, &found)?;
        let shape = opcode.shape();
        let expected = shape.operand_count();
        if found.len() != expected {
            let at = found.get(expected).map_or(code.start, |o| o.span.start);
            return Err(self.error(
                at,
                K::WrongOperandCount {
                    opcode,
                    found: found.len(),
                    expected,
                },
            ));
        }
        let mut values = Vec::with_capacity(expected);
        for (j, op) in found.iter().enumerate() {
            let role = if j == 0 && shape.has_destination() {
                Role::Destination
            } else if j == 2 && shape == Shape::Sample {
                Role::Sampler
            } else {
                Role::Source
            };
            values.push(self.operand(j, op, role, line.options.is_some())?);
        }
        let operands = build(shape, &values).ok_or_else(|| {
            self.error(
                code.start,
                K::WrongOperandCount {
                    opcode,
                    found: values.len(),
                    expected,
                },
            )
        })?;
        self.instructions.push(Instruction { opcode, operands });
        if let Some(o) = line.options {
            if shape != Shape::Sample {
                self.quirk(o.start, Quirk::SamplerOptionsWithoutSampler)?;
            }
        }
        Ok(())
    }

    /// Version, stage and count, in Adobe's order.
    fn opcode_checks(&self, opcode: Opcode, at: usize) -> Result<(), AsmError> {
        if opcode.min_version() > Version::V1 && self.options.version == Version::V1 {
            return Err(self.error(at, K::RequiresVersion2 { opcode }));
        }
        let fragment = self.options.kind == ProgramKind::Fragment;
        match opcode.stage_rule() {
            StageRule::VertexOnly if fragment => {
                return Err(self.error(at, K::OpcodeOnlyInVertexPrograms { opcode }))
            }
            StageRule::FragmentOnly if !fragment => {
                return Err(self.error(at, K::OpcodeOnlyInFragmentPrograms { opcode }))
            }
            _ => {}
        }
        if self.instructions.len() >= MAX_INSTRUCTIONS {
            return Err(self.error(at, K::TooManyOpcodes));
        }
        Ok(())
    }

    /// Strict mode: between operands there may only be spaces, tabs and commas, and each
    /// operand starts after one of them. `skip` bytes (an opcode's suffix) are not looked at.
    fn check_gaps(
        &mut self,
        rest: Span<'a>,
        skip: usize,
        found: &[RawOperand<'a>],
    ) -> Result<(), AsmError> {
        let bytes = rest.text.as_bytes();
        let mut pos = skip;
        let ends = found
            .iter()
            .map(|o| (o.span.start - rest.start, Some(o)))
            .filter(|(s, _)| *s >= skip)
            .chain(std::iter::once((bytes.len(), None)));
        for (start, op) in ends {
            let gap = rest.slice(pos, start);
            let g = gap.text.as_bytes();
            if let Some(k) = g.iter().position(|c| !is_separator(*c)) {
                let len = g[k..].iter().take_while(|c| !is_separator(**c)).count();
                let stray = gap.slice(k, k + len);
                self.quirk(
                    stray.start,
                    Quirk::IgnoredText {
                        text: stray.text.to_string(),
                    },
                )?;
            } else if let Some(op) = op {
                let glued = start > skip && start > 0 && !is_separator(bytes[start - 1]);
                if glued {
                    self.quirk(
                        op.span.start,
                        Quirk::UnseparatedOperand {
                            text: op.span.text.to_string(),
                        },
                    )?;
                }
            }
            if let Some(op) = op {
                pos = start + op.span.text.len();
            }
        }
        Ok(())
    }

    fn operand(
        &mut self,
        j: usize,
        op: &RawOperand<'a>,
        role: Role,
        own_options: bool,
    ) -> Result<Value, AsmError> {
        let at = op.span.start;
        let text = op.span.text;
        let version = self.options.version;
        let Some(info) = operands::register(op.name) else {
            return Err(self.error(
                at,
                K::UnknownRegister {
                    operand: j,
                    text: text.to_string(),
                },
            ));
        };
        if self.options.kind == ProgramKind::Fragment {
            if !info.fragment {
                return Err(self.error(
                    at,
                    K::RegisterOnlyInVertexPrograms {
                        operand: j,
                        text: text.to_string(),
                    },
                ));
            }
            if op.relative.is_some() {
                return Err(self.error(
                    at,
                    K::RelativeInFragmentProgram {
                        operand: j,
                        text: text.to_string(),
                    },
                ));
            }
        } else if !info.vertex {
            return Err(self.error(
                at,
                K::RegisterOnlyInFragmentPrograms {
                    operand: j,
                    text: text.to_string(),
                },
            ));
        }

        // The register number: for `vc[...]`, the first digits inside the brackets.
        let digits = match op.relative {
            Some(r) if r.digits.is_empty() => r.offset.unwrap_or(""),
            Some(r) => r.digits,
            None => op.digits,
        };
        let index = operands::as3_uint(digits);
        let out_of_range = |highest: u32| K::IndexOutOfRange {
            operand: j,
            text: text.to_string(),
            limit: u64::from(highest) + 1,
        };
        let range = operands::adobe_range(info, version);
        if range < index {
            return Err(self.error(at, out_of_range(range)));
        }
        let strict_range = operands::strict_range(info, version);
        if operands::digits_value(digits) > u64::from(strict_range) {
            if self.options.lenient {
                self.warn(
                    at,
                    Quirk::UncheckedIndex {
                        text: text.to_string(),
                        written: index as u16,
                    },
                );
            } else {
                return Err(self.error(at, out_of_range(strict_range)));
            }
        }
        if let Some(r) = op.relative {
            if r.digits.is_empty() && r.offset.is_some() {
                self.quirk(
                    at,
                    Quirk::OffsetAsIndexNumber {
                        text: text.to_string(),
                    },
                )?;
            }
        }

        // Swizzle or mask: only the lower-case letters right after the dot count.
        let letters = op
            .suffix
            .map_or(&[][..], |s| s.text.as_bytes().get(1..).unwrap_or(&[]));
        if let Some(s) = op
            .suffix
            .filter(|_| letters.iter().any(u8::is_ascii_uppercase))
        {
            self.quirk(
                s.start,
                Quirk::UpperCaseSwizzle {
                    text: s.text.to_string(),
                },
            )?;
        }
        let lower = &letters[..letters
            .iter()
            .take_while(|c| c.is_ascii_lowercase())
            .count()];

        if role == Role::Destination && op.relative.is_some() {
            return Err(self.error(at, K::RelativeDestination));
        }
        let address = match op.relative {
            None => Address::Direct {
                index: index as u16,
            },
            Some(r) => {
                let Some(index_info) = operands::register(r.name) else {
                    return Err(self.error(
                        at,
                        K::BadIndexRegister {
                            text: text.to_string(),
                        },
                    ));
                };
                let Some(c) = r.component.filter(u8::is_ascii_lowercase) else {
                    return Err(self.error(
                        at,
                        K::MissingIndexComponent {
                            text: text.to_string(),
                        },
                    ));
                };
                let offset = r.offset.map_or(0, operands::digits_value);
                if offset > 255 {
                    return Err(self.error(
                        at,
                        K::IndexOffsetOutOfRange {
                            offset: offset as u32,
                        },
                    ));
                }
                Address::Indirect {
                    index_register: index_info.register,
                    index_number: index as u16,
                    component: operands::component(c),
                    offset: offset as u8,
                }
            }
        };

        Ok(match role {
            Role::Destination => Value::Destination(Destination {
                register: info.register,
                index: index as u16,
                mask: WriteMask::from_bits(if lower.is_empty() {
                    0xF
                } else {
                    operands::mask_bits(lower)
                }),
            }),
            Role::Source => Value::Source(Source {
                register: info.register,
                address,
                swizzle: if lower.is_empty() {
                    Swizzle::IDENTITY
                } else {
                    Swizzle::from_bits(operands::swizzle_bits(lower))
                },
            }),
            Role::Sampler => {
                if info.register != RegisterType::Sampler || op.relative.is_some() {
                    self.quirk(
                        at,
                        Quirk::NotASampler {
                            text: text.to_string(),
                        },
                    )?;
                }
                let (words, from_line) = match &self.opts {
                    Some(o) => (o.words.clone(), o.line),
                    None => (Vec::new(), 0),
                };
                if !own_options && !words.is_empty() {
                    self.warn(at, Quirk::InheritedSamplerOptions { from_line });
                }
                let (sampler, quirks) = sampler::evaluate(index as u16, &words);
                for (word, q) in quirks {
                    self.quirk(word.start, q)?;
                }
                Value::Sampler(sampler)
            }
        })
    }
}

/// The operands of a shape from values in Adobe's order.
fn build(shape: Shape, values: &[Value]) -> Option<Operands> {
    use Value as V;
    Some(match (shape, values) {
        (Shape::Unary, [V::Destination(dst), V::Source(src)]) => Operands::Unary {
            dst: *dst,
            src: *src,
        },
        (Shape::Binary, [V::Destination(dst), V::Source(a), V::Source(b)]) => Operands::Binary {
            dst: *dst,
            a: *a,
            b: *b,
        },
        (Shape::Sample, [V::Destination(dst), V::Source(coord), V::Sampler(sampler)]) => {
            Operands::Sample {
                dst: *dst,
                coord: *coord,
                sampler: *sampler,
            }
        }
        (Shape::Compare, [V::Source(a), V::Source(b)]) => Operands::Compare { a: *a, b: *b },
        (Shape::Kill, [V::Source(src)]) => Operands::Kill { src: *src },
        (Shape::Bare, []) => Operands::Bare,
        _ => return None,
    })
}
