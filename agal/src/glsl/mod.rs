//! AGAL to GLSL: a linked vertex+fragment pair in three dialects.
