//! The tests of molehill-agal in one binary: the assembler (`asm_*`, `proptest_asm`), the
//! corpus round trips, the validator and linker (`valid_*`, with Flash's error IDs) and the GLSL
//! and WGSL writers (`glsl_*`, `wgsl_*`: goldens in tests/in and tests/out, glslangValidator and
//! naga checks). One module per former test file; the helpers they share are `common` (raw
//! bytecode tokens), `corpus` (../shared/agal-corpus: its pairs, validated, linked and mutated),
//! `golden` (tests/in and tests/out), `glsl_common` and `wgsl_common`.

mod asm_errors;
mod asm_syntax;
mod common;
mod corpus;
mod corpus_bytecode;
mod glsl_common;
mod glsl_corpus;
mod glsl_errors;
mod glsl_fuzz;
mod glsl_golden;
mod glsl_reflection;
mod glsl_semantics;
mod golden;
mod proptest_asm;
mod valid_corpus;
mod valid_fuzz;
mod valid_header_opcodes;
mod valid_link;
mod valid_operands;
mod valid_samplers_outputs;
mod wgsl_common;
mod wgsl_corpus;
mod wgsl_fuzz;
mod wgsl_golden;
mod wgsl_semantics;
