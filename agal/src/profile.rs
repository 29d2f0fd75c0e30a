//! Context3D profiles and the register and token limits of each AGAL version: the one place they live.
