//! AGAL to WGSL: a linked vertex+fragment pair as two WebGPU shader modules.
//!
//! ```
//! use molehill_agal::wgsl::{translate, Options};
//! use molehill_agal::{asm::assemble, ProgramKind, Version};
//!
//! let vertex = assemble("m44 op, va0, vc0\nmov v0, va1", ProgramKind::Vertex, Version::V1).unwrap();
//! let fragment = assemble("tex ft0, v0, fs0 <2d, linear>\nmov oc, ft0", ProgramKind::Fragment, Version::V1).unwrap();
//! let shaders = translate(&vertex, &fragment, &Options::default())?;
//! assert!(shaders.vertex.contains("fn vs_main("));
//! assert!(shaders.fragment.contains("fn fs_main("));
//! assert_eq!(shaders.reflection.samplers[0].name, "fs0");
//! # Ok::<(), molehill_agal::wgsl::WgslError>(())
//! ```
//!
//! The pair is translated with the same linker, varying squeeze and reflection as
//! [`crate::glsl`], and with the same semantics (`docs/semantics.md`); only the shading language
//! differs. `vertex` is a complete WGSL module whose entry point is [`VERTEX_ENTRY`] (`vs_main`),
//! `fragment` one whose entry point is [`FRAGMENT_ENTRY`] (`fs_main`).
//!
//! # Binding contract
//!
//! What a backend (`molehill-wgpu`) must create. Every number below is also a constant of this
//! module, so that the backend never writes one by hand.
//!
//! | group | binding | WGSL | stage | bytes |
//! |---|---|---|---|---|
//! | 0 ([`FRAGMENT_UNIFORM_GROUP`]) | 1 ([`FRAGMENT_CONSTANTS_BINDING`]) | `var<uniform> fc: array<vec4<f32>, NF>` | fragment | `16 * NF` |
//! | 0 | 2 ([`DRAW_BINDING`]) | `var<uniform> draw: Draw` | fragment | [`DRAW_SIZE`] (32) |
//! | 1 ([`TEXTURE_GROUP`]) | `2 * i` ([`texture_binding`]) | `var fs<i>: texture_2d<f32>` or `texture_cube<f32>` | fragment | |
//! | 1 | `2 * i + 1` ([`sampler_binding`]) | `var fs<i>_sampler: sampler` (filtering) | fragment | |
//! | 2 ([`VERTEX_UNIFORM_GROUP`]) | 0 ([`VERTEX_CONSTANTS_BINDING`]) | `var<uniform> vc: array<vec4<f32>, NV>` | vertex | `16 * NV` |
//!
//! - `NV` and `NF` are the stage's constant counts for the program's AGAL version
//!   ([`crate::profile::limits`]: vc 128 in AGAL 1, 250 from AGAL 2; fc 28, 64, 200), the
//!   `size` of [`Reflection::vertex_constants`] / [`Reflection::fragment_constants`]. A stage
//!   that reads no constant declares no array (`size` 0); binding a larger buffer range (e.g.
//!   always `16 * 250` and `16 * 200` bytes) is always valid. Register `i` is bytes
//!   `16 * i .. 16 * i + 16`, four little-endian `f32`, exactly `setProgramConstants`' data.
//! - Group 0 holds `fc` and `draw` and group 2 `vc`, for every program: use explicit bind
//!   group layouts with these entries (a shader that does not use an entry is still
//!   compatible with them); do not use an automatic layout. Group 1 is there only for a
//!   program that samples: the pipeline layout leaves it empty otherwise. `vc` has the last
//!   group because it changes most often (a skinned mesh's bones, each object's matrix):
//!   wgpu sets every group after the one a pass sets again (Vulkan's layout compatibility
//!   rules), and a driver takes the uniforms of a group set again as new state of its
//!   stage; with `vc` last, a draw that changes only `vc` gives the fragment stage nothing
//!   new (llvmpipe stores its fragment state again at each draw that gives it fragment
//!   uniforms: a large copy per draw; measured in docs/wgpu.md).
//! - `Draw`, the per-draw values the backend fills (32 bytes, [`Draw`] writes them):
//!   ```wgsl
//!   struct Draw {
//!       scissor: vec4<f32>,   // offset  0: x0, y0, x1, y1 in framebuffer pixels
//!       scissor_enabled: u32, // offset 16: 1 = discard fragments outside, 0 = off
//!   }                         // offsets 20..32: padding (write zeros)
//!   ```
//!   Framebuffer pixels have their origin at the top-left corner, as Flash's scissor
//!   rectangle: pass `setScissorRectangle`'s `x, y, x + width, y + height` unchanged, for the
//!   back buffer and for texture targets alike. A fragment is discarded when its position
//!   (`@builtin(position)`, pixel centres at `.5`) is outside `[x0, x1) x [y0, y1)`. Keep the
//!   render pass's hardware scissor too: the discard is there because lavapipe's 4x MSAA
//!   writes samples just outside a scissor's left and top edges. With
//!   [`Options::scissor_override`] the test is behind `override scissor_discard: bool = true;`,
//!   which a pipeline for a single-sampled target sets to `false` (the hardware scissor is
//!   exact there, and a discard costs even when nothing is discarded).
//! - Sampler `fs<i>`: only the units the fragment program reads are declared
//!   ([`Reflection::samplers`], with their dimension and the AGAL sampler word). The texture's
//!   sample type is filterable float; the sampler a filtering sampler. Wrap (per axis:
//!   `clamp_u_repeat_v`...), filter, mip filter and anisotropy are the backend's
//!   `wgpu::Sampler` state, taken from the sampler word, or from `setSamplerStateAt` when the
//!   word has `ignoresampler` (as in the GLSL path). The LOD bias is in the shader
//!   (`textureSampleBias`), since WebGPU samplers have none. `rect` and `video` textures are
//!   `texture_2d<f32>` sampled with normalised coordinates. WebGPU has no "no mipmap"
//!   filter: `mipnone` is `lod_max_clamp = 0` (or a one-level view), and an anisotropy clamp
//!   above 1 needs linear min, mag and mipmap filters.
//! - Attributes: `va<i>` at `@location(i)` as `vec4<f32>`; the backend gives the vertex buffer
//!   attribute its own format (`float1` is `Float32`, `bytes4` is `Unorm8x4`...), and WebGPU
//!   fills missing components with 0, 0, 0, 1 ([`Reflection::attributes`]).
//! - Varyings: `v<r>` squeezed to consecutive `@location`s from 0, in register order
//!   ([`Reflection::varyings`]), identical in both modules.
//! - Outputs: `oc<i>` at `@location(i)` (colour target `i` of MRT), `fd` as
//!   `@builtin(frag_depth)` ([`Reflection::color_outputs`], [`Reflection::depth_output`]).
//!   WebGPU refuses a pipeline that writes the depth without a depth attachment: for a target
//!   without one, translate with [`Options::with_frag_depth`]`(false)` (Flash ignores `fd`
//!   there).
//! - `iid` is `@builtin(instance_index)`: draw with `first_instance` 0.
//!
//! # Clip space and orientation
//!
//! WebGPU's clip space is Flash's (Direct3D's): z in `[0, w]`, y up, and normalised y = +1
//! is framebuffer row 0, the top row. So `op` is written unchanged (no `2z - w`, no y flip),
//! Flash's top row is row 0 of the back buffer and of a texture rendered to, and a texture
//! rendered to is sampled with v = 0 at that row, as an uploaded one. No uniform is needed.
//! Framebuffer y grows downwards as Flash's window y, so `ddy` is `dpdy` unchanged.
//! What the backend must set: nothing for orientation; for culling, a triangle that Flash
//! calls front-facing is clockwise on screen, so use `wgpu::FrontFace::Cw` and map Flash's
//! `Context3DTriangleFace` names to `wgpu::Face` as they are (`BACK` culls `Face::Back`).
//!
//! # Uniform control flow
//!
//! WGSL allows `textureSample`, `textureSampleBias` and derivatives only in uniform control
//! flow. The writer therefore keeps every AGAL instruction in the entry point's top-level
//! block: `ife`/`ine`/`ifg`/`ifl`/`els`/`eif` become predicates (`let c0 = ...;`) and each
//! instruction inside a conditional block writes through `select`, so that its destination
//! keeps its value where the predicate is false (D3D9 results, as in the GLSL path's `if`);
//! `kil` sets a flag, and the one `discard` is at the end of `fs_main` (after which nothing is
//! computed, so the fragment's outputs are the same). Every validator-accepted program is
//! therefore valid WGSL under the strictest uniformity analysis (Tint's; naga 30 does not
//! check fragment-stage uniformity yet, so the tests check that no sampling or derivative line
//! is inside a block).
//!
//! # Modules
//!
//! `bindings` (the contract's numbers), `options` ([`Options`]), `reflection` ([`Shaders`],
//! [`Reflection`]), `writer` (declarations, entry points, predicates and assignments; [`Draw`])
//! and `expr` (WGSL's spellings for the shared expression emitter).

mod bindings;
mod expr;
mod options;
mod reflection;
mod writer;

pub use bindings::{
    sampler_binding, texture_binding, DRAW_BINDING, DRAW_SIZE, FRAGMENT_CONSTANTS_BINDING,
    FRAGMENT_ENTRY, FRAGMENT_UNIFORM_GROUP, TEXTURE_GROUP, VERTEX_CONSTANTS_BINDING, VERTEX_ENTRY,
    VERTEX_UNIFORM_GROUP,
};
pub use options::{Options, SCISSOR_DISCARD_OVERRIDE};
pub use reflection::{
    Attribute, ColorOutput, ConstantFile, Reflection, SamplerBinding, Shaders, Varying,
};
pub use writer::{Draw, Writer};

use crate::model::Program;

/// Why a pair could not be translated: the one error type of both writers,
/// [`crate::back::TranslateError`]. The WGSL writer never returns its `MissingFeature`
/// variant: WGSL has every feature AGAL needs.
pub type WgslError = crate::back::error::TranslateError;

/// Translates a vertex+fragment pair (as validated and linked by `molehill_agal::valid`) to WGSL.
pub fn translate(
    vertex: &Program,
    fragment: &Program,
    options: &Options,
) -> Result<Shaders, WgslError> {
    Writer::new(*options).write(vertex, fragment)
}
