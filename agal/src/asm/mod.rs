//! The assembler for the text language of Adobe's AGALMiniAssembler.
