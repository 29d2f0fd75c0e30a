//! AGAL bytecode: the 7-byte header and 24-byte tokens, to and from the [model](crate::model).
//!
//! ```text
//! header   A0 | version u32 LE | A1 | 00 vertex / 01 fragment
//! token    opcode u32 | destination u32 | source 1 u64 | source 2 or sampler u64   (all LE)
//! ```
//! See `docs/agal.md` for every field.

mod decode;
mod encode;
mod error;
mod layout;

pub use decode::{decode, decode_header, decode_token, Header, Tokens};
pub use encode::{encode, encode_header, encode_instruction};
pub use error::{DecodeError, DecodeErrorKind, OperandPosition};
pub use layout::{HEADER_LEN, MAGIC, SHADER_TYPE_TAG, TOKEN_LEN};
