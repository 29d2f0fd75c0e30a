//! The sizes and fixed bytes of the bytecode layout (the header and the tokens).

/// Size of the header in bytes.
pub const HEADER_LEN: usize = 7;
/// Size of one instruction token in bytes.
pub const TOKEN_LEN: usize = 24;
/// The first header byte.
pub const MAGIC: u8 = 0xA0;
/// The header byte before the program type.
pub const SHADER_TYPE_TAG: u8 = 0xA1;
