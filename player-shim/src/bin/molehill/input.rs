//! Reading program files given on the command line: AGAL assembly, hex or binary bytecode.
//! (Owned by the assembler work; shared by validate and glsl.)
