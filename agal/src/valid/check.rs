//! The per-program checker: state carried from token to token, and the order of checks.

use crate::bytecode::{DecodeError, TOKEN_LEN};
use crate::model::{Instruction, Opcode, ProgramKind, Version};
use crate::profile::Profile;

use super::error::ValidationError;

/// Checks one program token by token.
#[derive(Debug)]
pub(super) struct Checker {
    upload: ProgramKind,
}

impl Checker {
    pub(super) fn new(
        _stage: ProgramKind,
        _version: Version,
        upload: ProgramKind,
        _profile: Profile,
    ) -> Checker {
        Checker { upload }
    }

    pub(super) fn check_opcode_word(
        &mut self,
        _index: usize,
        _token: &[u8; TOKEN_LEN],
    ) -> Result<(), ValidationError> {
        Ok(())
    }

    pub(super) fn check_opcode(
        &mut self,
        _index: usize,
        _op: Opcode,
    ) -> Result<(), ValidationError> {
        Ok(())
    }

    pub(super) fn check_operands(
        &mut self,
        _index: usize,
        _ins: &Instruction,
    ) -> Result<(), ValidationError> {
        Ok(())
    }

    pub(super) fn decode_failure(
        &mut self,
        _token: &[u8; TOKEN_LEN],
        _index: usize,
        e: DecodeError,
    ) -> ValidationError {
        ValidationError::from_decode(e, self.upload)
    }

    pub(super) fn finish(&mut self, _count: usize) -> Result<(), ValidationError> {
        Ok(())
    }
}
