//! The binding contract's numbers (the module docs' table): entry points, bind groups,
//! bindings and the size of the `draw` uniform, so that a backend never writes one by hand.

/// The vertex entry point of [`Shaders::vertex`](super::Shaders::vertex).
pub const VERTEX_ENTRY: &str = "vs_main";
/// The fragment entry point of [`Shaders::fragment`](super::Shaders::fragment).
pub const FRAGMENT_ENTRY: &str = "fs_main";
/// The bind group of `fc` and `draw` (the fragment stage's uniforms).
pub const FRAGMENT_UNIFORM_GROUP: u32 = 0;
/// The bind group of `vc` (the vertex stage's uniforms): the last, as it changes most often.
pub const VERTEX_UNIFORM_GROUP: u32 = 2;
/// `vc` in [`VERTEX_UNIFORM_GROUP`].
pub const VERTEX_CONSTANTS_BINDING: u32 = 0;
/// `fc` in [`FRAGMENT_UNIFORM_GROUP`].
pub const FRAGMENT_CONSTANTS_BINDING: u32 = 1;
/// `draw` (the [`Draw`](super::Draw) values) in [`FRAGMENT_UNIFORM_GROUP`].
pub const DRAW_BINDING: u32 = 2;
/// The size in bytes of the `draw` uniform struct.
pub const DRAW_SIZE: u64 = 32;
/// The bind group of the textures and samplers.
pub const TEXTURE_GROUP: u32 = 1;

/// The binding in [`TEXTURE_GROUP`] of texture unit `unit`'s texture (`fs<unit>`): `2 * unit`.
pub const fn texture_binding(unit: u16) -> u32 {
    2 * unit as u32
}

/// The binding in [`TEXTURE_GROUP`] of texture unit `unit`'s sampler: `2 * unit + 1`.
pub const fn sampler_binding(unit: u16) -> u32 {
    2 * unit as u32 + 1
}
