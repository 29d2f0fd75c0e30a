//! Bytes to model. Never panics: every input gives a program or a typed [`DecodeError`].

use super::error::{DecodeError, DecodeErrorKind as K, OperandPosition as Pos};
use super::layout::{HEADER_LEN, MAGIC, SHADER_TYPE_TAG, TOKEN_LEN};
use crate::model::{
    Address, Component, Destination, Dimension, Filter, Instruction, MipFilter, Opcode, Operands,
    Program, ProgramKind, RegisterType, Sampler, Shape, Source, SpecialFlags, Swizzle,
    TextureFormat, Version, WriteMask,
};

/// A decoded header.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Header {
    /// AGAL version.
    pub version: Version,
    /// Program kind from the type byte.
    pub kind: ProgramKind,
}

/// Checks the length and decodes the header, in Flash Player's order: empty (#3615), shorter
/// than a header and one token (#3615), magic (#3616), version (#3617), tag (#3618),
/// type (#3619).
pub fn decode_header(bytes: &[u8]) -> Result<Header, DecodeError> {
    if bytes.is_empty() {
        return Err(DecodeError::header(K::Empty));
    }
    if bytes.len() < HEADER_LEN + TOKEN_LEN {
        return Err(DecodeError::header(K::TooShort { len: bytes.len() }));
    }
    if bytes[0] != MAGIC {
        return Err(DecodeError::header(K::BadMagic { found: bytes[0] }));
    }
    let number = u32::from_le_bytes([bytes[1], bytes[2], bytes[3], bytes[4]]);
    let version =
        Version::from_number(number).ok_or(DecodeError::header(K::BadVersion { found: number }))?;
    if bytes[5] != SHADER_TYPE_TAG {
        return Err(DecodeError::header(K::BadShaderTypeTag { found: bytes[5] }));
    }
    let kind = ProgramKind::from_code(bytes[6])
        .ok_or(DecodeError::header(K::BadProgramType { found: bytes[6] }))?;
    Ok(Header { version, kind })
}

/// The tokens after a valid header, decoded one at a time so that a validator can check each
/// before looking at the next (Flash reports the first failing token). A partial last token is
/// one [`PartialToken`](K::PartialToken) error, the last item.
#[derive(Debug, Clone)]
pub struct Tokens<'a> {
    chunks: std::iter::Enumerate<std::slice::Chunks<'a, u8>>,
    whole: usize,
}

impl<'a> Tokens<'a> {
    /// The tokens of `bytes`, whose header must already have been checked.
    pub fn new(bytes: &'a [u8]) -> Tokens<'a> {
        let body = bytes.get(HEADER_LEN..).unwrap_or(&[]);
        Tokens {
            chunks: body.chunks(TOKEN_LEN).enumerate(),
            whole: body.len() / TOKEN_LEN,
        }
    }

    /// How many whole tokens there are.
    pub fn count_whole(&self) -> usize {
        self.whole
    }

    /// The next token's number and bytes, not decoded.
    pub fn next_raw(&mut self) -> Option<Result<(usize, &'a [u8; TOKEN_LEN]), DecodeError>> {
        let (index, chunk) = self.chunks.next()?;
        Some(
            <&[u8; TOKEN_LEN]>::try_from(chunk)
                .map(|token| (index, token))
                .map_err(|_| DecodeError {
                    kind: K::PartialToken { extra: chunk.len() },
                    token: Some(index),
                    operand: None,
                }),
        )
    }
}

impl Iterator for Tokens<'_> {
    type Item = Result<Instruction, DecodeError>;

    fn next(&mut self) -> Option<Self::Item> {
        Some(
            self.next_raw()?
                .and_then(|(index, token)| decode_token(token, index)),
        )
    }
}

/// Decodes a whole program.
pub fn decode(bytes: &[u8]) -> Result<Program, DecodeError> {
    let header = decode_header(bytes)?;
    let instructions = Tokens::new(bytes).collect::<Result<Vec<_>, _>>()?;
    Ok(Program {
        kind: header.kind,
        version: header.version,
        instructions,
    })
}

/// Decodes token number `index` (0-based, used only for error reports).
///
/// Operands are read in Flash Player's order: opcode, source 1, source 2 or sampler type,
/// destination, then the sampler's fields.
pub fn decode_token(token: &[u8; TOKEN_LEN], index: usize) -> Result<Instruction, DecodeError> {
    let err = |kind, operand| DecodeError {
        kind,
        token: Some(index),
        operand,
    };
    let word =
        |at: usize| u32::from_le_bytes([token[at], token[at + 1], token[at + 2], token[at + 3]]);
    let code = word(0);
    let opcode = Opcode::from_code(code).ok_or(err(K::InvalidOpcode { code }, None))?;
    let dest: [u8; 4] = [token[4], token[5], token[6], token[7]];
    let src1: [u8; 8] = token[8..16].try_into().unwrap_or_default();
    let src2: [u8; 8] = token[16..24].try_into().unwrap_or_default();
    let shape = opcode.shape();
    let zero8 = |b: &[u8; 8], pos| {
        if b.iter().any(|x| *x != 0) {
            Err(err(K::UnusedOperandNotZero, Some(pos)))
        } else {
            Ok(())
        }
    };

    let operands = match shape {
        Shape::Bare => {
            zero8(&src1, Pos::Source1)?;
            zero8(&src2, Pos::Source2)?;
            no_destination(&dest).map_err(|k| err(k, Some(Pos::Destination)))?;
            Operands::Bare
        }
        Shape::Kill => {
            let src = source(&src1).map_err(|k| err(k, Some(Pos::Source1)))?;
            zero8(&src2, Pos::Source2)?;
            no_destination(&dest).map_err(|k| err(k, Some(Pos::Destination)))?;
            Operands::Kill { src }
        }
        Shape::Compare => {
            let a = source(&src1).map_err(|k| err(k, Some(Pos::Source1)))?;
            let b = source(&src2).map_err(|k| err(k, Some(Pos::Source2)))?;
            no_destination(&dest).map_err(|k| err(k, Some(Pos::Destination)))?;
            Operands::Compare { a, b }
        }
        Shape::Unary => {
            let src = source(&src1).map_err(|k| err(k, Some(Pos::Source1)))?;
            zero8(&src2, Pos::Source2)?;
            let dst = destination(&dest).map_err(|k| err(k, Some(Pos::Destination)))?;
            Operands::Unary { dst, src }
        }
        Shape::Binary => {
            let a = source(&src1).map_err(|k| err(k, Some(Pos::Source1)))?;
            let b = source(&src2).map_err(|k| err(k, Some(Pos::Source2)))?;
            let dst = destination(&dest).map_err(|k| err(k, Some(Pos::Destination)))?;
            Operands::Binary { dst, a, b }
        }
        Shape::Sample => {
            let coord = source(&src1).map_err(|k| err(k, Some(Pos::Source1)))?;
            if src2[4] != RegisterType::Sampler.code() {
                return Err(err(K::SamplerRequired, Some(Pos::Source2)));
            }
            let dst = destination(&dest).map_err(|k| err(k, Some(Pos::Destination)))?;
            let sampler = sampler(&src2).map_err(|k| err(k, Some(Pos::Source2)))?;
            Operands::Sample {
                dst,
                coord,
                sampler,
            }
        }
    };
    Ok(Instruction { opcode, operands })
}

fn register_type(byte: u8) -> Result<RegisterType, K> {
    if byte & 0xF0 != 0 {
        return Err(K::ReservedBits);
    }
    RegisterType::from_code(byte).ok_or(K::UnknownRegisterType { code: byte })
}

fn no_destination(d: &[u8; 4]) -> Result<(), K> {
    if d.iter().any(|b| *b != 0) {
        Err(K::DestinationNotZero)
    } else {
        Ok(())
    }
}

/// `num lo, num hi, mask, type`.
fn destination(d: &[u8; 4]) -> Result<Destination, K> {
    if d[2] & 0xF0 != 0 {
        return Err(K::ReservedBits);
    }
    Ok(Destination {
        register: register_type(d[3])?,
        index: u16::from_le_bytes([d[0], d[1]]),
        mask: WriteMask::from_bits(d[2]),
    })
}

/// `num lo, num hi, offset, swizzle, type, index type, index select, 0x80 if indirect`.
fn source(s: &[u8; 8]) -> Result<Source, K> {
    let register = register_type(s[4])?;
    let number = u16::from_le_bytes([s[0], s[1]]);
    let swizzle = Swizzle::from_bits(s[3]);
    if s[7] & 0x7F != 0 {
        return Err(K::ReservedBits);
    }
    let address = if s[7] & 0x80 != 0 {
        if s[6] & !3 != 0 {
            return Err(K::ReservedBits);
        }
        Address::Indirect {
            index_register: register_type(s[5])?,
            index_number: number,
            component: Component::from_bits(s[6]),
            offset: s[2],
        }
    } else {
        if s[2] != 0 || s[5] != 0 || s[6] != 0 {
            return Err(K::IndirectFieldsNotZero);
        }
        Address::Direct { index: number }
    };
    Ok(Source {
        register,
        address,
        swizzle,
    })
}

/// `num lo, num hi, lod bias, 0, 5, dim|format, wrap|special, filter|mip`.
fn sampler(s: &[u8; 8]) -> Result<Sampler, K> {
    if s[3] != 0 {
        return Err(K::ReservedBits);
    }
    let (dim, format) = (s[5] >> 4, s[5] & 0xF);
    let (wrap, special) = (s[6] >> 4, s[6] & 0xF);
    let (filter, mip) = (s[7] >> 4, s[7] & 0xF);
    Ok(Sampler {
        index: u16::from_le_bytes([s[0], s[1]]),
        lod_bias: i8::from_le_bytes([s[2]]),
        dimension: Dimension::from_code(dim).ok_or(K::UnknownSamplerDimension { value: dim })?,
        filter: Filter::from_code(filter).ok_or(K::UnknownSamplerFilter { value: filter })?,
        mip: MipFilter::from_code(mip).ok_or(K::UnknownSamplerMipFilter { value: mip })?,
        wrap: crate::model::Wrap::from_code(wrap).ok_or(K::UnknownSamplerWrap { value: wrap })?,
        special: SpecialFlags::from_code(special)
            .ok_or(K::UnknownSamplerSpecial { value: special })?,
        format: TextureFormat::from_code(format)
            .ok_or(K::UnknownSamplerFormat { value: format })?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_end_with_one_partial_token_error() {
        // Header, one `mov vt0, va0` token, then 5 stray bytes.
        let program = crate::asm::assemble("mov vt0, va0", ProgramKind::Vertex, Version::V1);
        let mut bytes = super::super::encode(&program.unwrap());
        bytes.extend_from_slice(&[1, 2, 3, 4, 5]);
        let mut tokens = Tokens::new(&bytes);
        assert_eq!(tokens.count_whole(), 1);
        let (index, token) = tokens.next_raw().unwrap().unwrap();
        assert_eq!((index, &token[..]), (0, &bytes[7..31]));
        let e = tokens.next_raw().unwrap().unwrap_err();
        assert_eq!(e.kind, K::PartialToken { extra: 5 });
        assert_eq!(e.token, Some(1));
        assert!(tokens.next_raw().is_none());

        let decoded: Vec<_> = Tokens::new(&bytes).collect();
        assert_eq!(decoded.len(), 2);
        assert_eq!(decoded[0].as_ref().map(|i| i.opcode), Ok(Opcode::Mov));
        assert_eq!(decoded[1].as_ref().unwrap_err(), &e);
        assert_eq!(decode(&bytes), Err(e));
    }
}
