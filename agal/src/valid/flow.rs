//! Nesting of the flow-control opcodes `ife`/`ine`/`ifg`/`ifl`, `els` and `eif`.

use crate::model::Opcode;

use super::error::ValidationErrorKind as K;

/// The deepest nesting of conditional blocks. Adobe's AGAL2 mini assembler comments the
/// nesting limit as 4; Flash's own value is not recorded (see docs/validation.md).
pub(super) const MAX_NESTING: usize = 4;

#[derive(Debug, Clone, Copy)]
struct Block {
    /// An `els` was seen.
    has_else: bool,
    /// Instructions in the current branch (a nested `if` block counts as one).
    branch_len: usize,
}

/// The open conditional blocks.
#[derive(Debug, Default)]
pub(super) struct Flow {
    blocks: Vec<Block>,
}

impl Flow {
    /// Whether an instruction now would be inside a conditional block.
    pub(super) fn in_conditional(&self) -> bool {
        !self.blocks.is_empty()
    }

    /// Updates the nesting for `op`: #3624 (too deep), #3623 (`els`/`eif` with no open
    /// block), #3752 (second `els`), #3748 (a branch with no instruction).
    pub(super) fn step(&mut self, op: Opcode) -> Result<(), K> {
        match op {
            Opcode::Ife | Opcode::Ine | Opcode::Ifg | Opcode::Ifl => {
                if self.blocks.len() >= MAX_NESTING {
                    return Err(K::NestingOverflow);
                }
                self.count_instruction();
                self.blocks.push(Block {
                    has_else: false,
                    branch_len: 0,
                });
            }
            Opcode::Els => {
                let top = self.blocks.last_mut().ok_or(K::NestingUnderflow)?;
                if top.has_else {
                    return Err(K::BrokenElseChain);
                }
                if top.branch_len == 0 {
                    return Err(K::EmptyBranch);
                }
                top.has_else = true;
                top.branch_len = 0;
            }
            Opcode::Eif => {
                let top = self.blocks.last().ok_or(K::NestingUnderflow)?;
                if top.branch_len == 0 {
                    return Err(K::EmptyBranch);
                }
                self.blocks.pop();
            }
            _ => self.count_instruction(),
        }
        Ok(())
    }

    fn count_instruction(&mut self) {
        if let Some(top) = self.blocks.last_mut() {
            top.branch_len += 1;
        }
    }

    /// End of program: #3739 when a block is still open.
    pub(super) fn finish(&self) -> Result<(), K> {
        if self.blocks.is_empty() {
            Ok(())
        } else {
            Err(K::OpenConditional)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(ops: &[Opcode]) -> Result<(), K> {
        let mut f = Flow::default();
        for op in ops {
            f.step(*op)?;
        }
        f.finish()
    }

    #[test]
    fn nesting_rules() {
        use Opcode::*;
        assert_eq!(run(&[Ife, Mov, Els, Mov, Eif]), Ok(()));
        assert_eq!(run(&[Ife, Ifg, Mov, Eif, Eif]), Ok(()));
        assert_eq!(run(&[Eif]), Err(K::NestingUnderflow));
        assert_eq!(run(&[Els]), Err(K::NestingUnderflow));
        assert_eq!(run(&[Ife, Mov, Els, Mov, Els]), Err(K::BrokenElseChain));
        assert_eq!(run(&[Ife, Eif]), Err(K::EmptyBranch));
        assert_eq!(run(&[Ife, Els]), Err(K::EmptyBranch));
        assert_eq!(run(&[Ife, Mov, Els, Eif]), Err(K::EmptyBranch));
        assert_eq!(run(&[Ife, Mov]), Err(K::OpenConditional));
        assert_eq!(run(&[Ife, Ife, Ife, Ife, Ife]), Err(K::NestingOverflow));
    }
}
