//! GLSL's spellings for the shared emitter ([`crate::back::emit`]): its types, the functions
//! it names its own way (`inversesqrt`, `clamp`, `dFdx`, `-yflip * dFdy`), comparisons as
//! `float(a >= b)` / `vecN(greaterThanEqual(a, b))`, `texture2D`/`textureCube` in GLSL ES
//! 1.00, and the `gl_` outputs.

use super::dialect::Extension;
use super::writer::{color_output_name, Stage};
use crate::back::emit::Emit;
use crate::back::lanes::Lanes;
use crate::back::names;
use crate::model::{Dimension, Opcode, ProgramKind, Sampler, Source, WriteMask};

impl Emit for Stage<'_> {
    const VECTOR_TYPES: [&'static str; 4] = ["float", "vec2", "vec3", "vec4"];
    const MATRIX_TYPES: [&'static str; 3] = ["mat3", "mat3x4", "mat4"];
    const OFFSET_END: &'static str = ")";

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
            Opcode::Rsq => ("inversesqrt(abs(", "))"),
            Opcode::Sat => ("clamp(", ", 0.0, 1.0)"),
            Opcode::Ddx => ("dFdx(", ")"),
            // Flash's window y grows downwards; GL's grows upwards unless y is flipped
            // (`Y_FLIP_UNIFORM`, checked by a test).
            Opcode::Ddy => ("-yflip * dFdy(", ")"),
            _ => return None,
        })
    }

    /// `float(a >= b)`, or `vecN(greaterThanEqual(a, b))` for several components.
    fn comparison(
        &mut self,
        operator: &'static str,
        op: Opcode,
        n: u32,
    ) -> (&'static str, &'static str, &'static str) {
        if n == 1 {
            return ("float(", operator, ")");
        }
        self.out.push_str(Self::vector_type(n));
        self.out.push('(');
        let function = match op {
            Opcode::Sge => "greaterThanEqual(",
            Opcode::Slt => "lessThan(",
            Opcode::Seq => "equal(",
            _ => "notEqual(",
        };
        (function, ", ", "))")
    }

    /// `agal_pow(a, b)`, component-wise (D3D9's `pow`, see `Stage::pow_helper`).
    fn pow(&mut self, a: &Source, b: &Source, mask: WriteMask) {
        self.out.push_str("agal_pow(");
        self.source(a, Lanes::masked(a, mask));
        self.out.push_str(", ");
        self.source(b, Lanes::masked(b, mask));
        self.out.push(')');
    }

    /// `textureLod(`, `texture(`, or GLSL ES 1.00's `texture2D(` / `textureCube(`, and the
    /// sampler.
    fn sample_function(&mut self, op: Opcode, sampler: &Sampler) {
        let cube = sampler.dimension == Dimension::Cube;
        let function = match (op, self.dialect.has_generic_texture(), cube) {
            (Opcode::Ted, _, _) => "textureLod(",
            (_, true, _) => "texture(",
            (_, false, false) => "texture2D(",
            (_, false, true) => "textureCube(",
        };
        self.out.push_str(function);
        self.out
            .push_str(names::lookup(&names::SAMPLERS, sampler.index).unwrap_or("fs0"));
        self.out.push_str(", ");
    }

    /// `gl_Position`, `oc<i>`, or `gl_FragColor` in GLSL ES 1.00.
    fn output_name(&self, index: u16) -> Option<&'static str> {
        if self.vertex() {
            Some("gl_Position")
        } else {
            color_output_name(self.dialect, index)
        }
    }

    fn depth_name(&self) -> &'static str {
        if self.extensions.contains(&Extension::FragDepth) {
            "gl_FragDepthEXT"
        } else {
            "gl_FragDepth"
        }
    }

    /// GLSL ES 1.00 has no `mat3x4`: `m34` is written as dot products there.
    fn matrix_form(&self, op: Opcode) -> bool {
        op != Opcode::M34 || self.dialect.has_nonsquare_matrices()
    }
}
