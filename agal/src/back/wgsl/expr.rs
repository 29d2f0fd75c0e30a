//! WGSL's spellings for the shared emitter ([`crate::back::emit`]): its types, the functions
//! it names its own way (`inverseSqrt`, `saturate`, `dpdx`, `dpdy`), comparisons through
//! `select`, `pow` on four lanes, `textureSample*` with the texture's sampler, and the outputs
//! `op` and `fd`.

use std::fmt::Write as _;

use super::writer::Stage;
use crate::back::emit::Emit;
use crate::back::lanes::Lanes;
use crate::back::names;
use crate::model::{Opcode, ProgramKind, Sampler, Source, WriteMask};

impl Emit for Stage<'_> {
    const VECTOR_TYPES: [&'static str; 4] = ["f32", "vec2<f32>", "vec3<f32>", "vec4<f32>"];
    const MATRIX_TYPES: [&'static str; 3] = ["mat3x3<f32>", "mat3x4<f32>", "mat4x4<f32>"];
    /// The offset of `vc_at(i: f32, o: f32)` is a float.
    const OFFSET_END: &'static str = ".0)";

    fn out(&mut self) -> &mut String {
        &mut self.out
    }

    fn kind(&self) -> ProgramKind {
        self.program.kind
    }

    fn linked(&self) -> &[u16] {
        self.linked
    }

    fn unary_function(&self, op: Opcode) -> Option<(&'static str, &'static str)> {
        Some(match op {
            Opcode::Rsq => ("inverseSqrt(abs(", "))"),
            Opcode::Sat => ("saturate(", ")"),
            Opcode::Ddx => ("dpdx(", ")"),
            // WebGPU's framebuffer y grows downwards, as Flash's window y.
            Opcode::Ddy => ("dpdy(", ")"),
            _ => return None,
        })
    }

    /// `select(0.0, 1.0, a >= b)`, or `select(vecN<f32>(0.0), vecN<f32>(1.0), a >= b)`.
    fn comparison(
        &mut self,
        operator: &'static str,
        _op: Opcode,
        n: u32,
    ) -> (&'static str, &'static str, &'static str) {
        if n == 1 {
            self.out.push_str("select(0.0, 1.0, ");
        } else {
            let ty = Self::vector_type(n);
            let _ = write!(self.out, "select({ty}(0.0), {ty}(1.0), ");
        }
        ("", operator, ")")
    }

    /// `agal_pow(a, b)` on four lanes (lane c of each source swizzle in lane c), then the
    /// mask.
    fn pow(&mut self, a: &Source, b: &Source, mask: WriteMask) {
        self.out.push_str("agal_pow(");
        self.source(a, Lanes::first(a, 4));
        self.out.push_str(", ");
        self.source(b, Lanes::first(b, 4));
        self.out.push(')');
        if !mask.is_full() {
            self.push_mask(mask);
        }
    }

    /// `textureSample`, `textureSampleBias` (the sampler word's LOD bias; WebGPU samplers
    /// have none) or `textureSampleLevel` (`ted`), the texture and its sampler.
    fn sample_function(&mut self, op: Opcode, sampler: &Sampler) {
        let function = match op {
            Opcode::Ted => "textureSampleLevel(",
            _ if sampler.lod_bias != 0 => "textureSampleBias(",
            _ => "textureSample(",
        };
        let name = names::lookup(&names::SAMPLERS, sampler.index).unwrap_or("fs0");
        self.out.push_str(function);
        self.out.push_str(name);
        self.out.push_str(", ");
        self.out.push_str(name);
        self.out.push_str("_sampler, ");
    }

    /// `op`, or `oc<i>`.
    fn output_name(&self, index: u16) -> Option<&'static str> {
        if self.vertex() {
            Some("op")
        } else {
            names::lookup(&names::COLOR_OUTPUTS, index)
        }
    }

    fn depth_name(&self) -> &'static str {
        "fd"
    }
}
