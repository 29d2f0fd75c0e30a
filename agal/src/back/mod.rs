//! The shader writers, the naga way (one model, several back ends): [`glsl`] and [`wgsl`]
//! (also at the crate root, `molehill_agal::glsl` and `molehill_agal::wgsl`), and what they
//! share: the scan of each program (what it uses, checked against its version's limits), the
//! link of the pair (the varying squeeze), the register names, the expression emitter (`emit`,
//! with each language's spellings as hooks), the one error type [`TranslateError`] and the
//! reflection types both writers report. The two writers only differ in the language they
//! write.

pub(crate) mod emit;
mod error;
mod feature;
pub mod glsl;
mod interface;
pub(crate) mod lanes;
mod linked;
pub(crate) mod names;
pub(crate) mod scan;
pub mod wgsl;

pub use error::TranslateError;
pub use feature::Feature;
pub use interface::{Attribute, ColorOutput, ConstantFile, SamplerBinding, Varying};
