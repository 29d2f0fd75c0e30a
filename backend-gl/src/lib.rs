//! OpenGL backend for context3d.
