//! The disassembler: canonical assembly that re-assembles to identical bytes.
