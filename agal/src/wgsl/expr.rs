//! Right-hand sides, one function per opcode family, as in the GLSL writer: component-wise
//! arithmetic, comparisons that set 1/0, dot products, three-component results, matrices and
//! texture sampling. Every source is read in place (`ft0.yx`, `vc[4].w`, `vc_at(va2.x, 5.0)`).
//!
//! The rule of masks and swizzles (AGAL page, D3D9): a component-wise result's component `c`
//! is computed from lane `c` of each source swizzle, so for a mask `.xz` a source `.yzwx` is
//! read as `.yw`. Scalar and three-component results read the first lanes. An expression for a
//! mask of `n` components has type `f32` or `vecn<f32>`.

use std::fmt::Write as _;

use super::writer::Stage;
use crate::back::lanes::Lanes;
use crate::back::names::{self, push_u32};
use crate::model::{
    Dimension, Instruction, Opcode, Operands, RegisterType, Sampler, Source, WriteMask,
};

/// `f32`, `vec2<f32>`, `vec3<f32>`, `vec4<f32>` for 1 to 4 components.
fn vector_type(n: u32) -> &'static str {
    match n {
        0 | 1 => "f32",
        2 => "vec2<f32>",
        3 => "vec3<f32>",
        _ => "vec4<f32>",
    }
}

impl Stage<'_> {
    /// The right-hand side of an assignment through `mask` (`f32` or `vecN<f32>`, N = mask
    /// size).
    pub(super) fn expression(&mut self, ins: &Instruction, mask: WriteMask) {
        match (&ins.operands, ins.opcode) {
            (Operands::Unary { src, .. }, Opcode::Nrm) => {
                self.call("normalize", &[(src, 3)]);
                self.vec3_suffix(mask);
            }
            (Operands::Unary { src, .. }, op) => self.unary(op, src, mask),
            (Operands::Binary { a, b, .. }, Opcode::Dp3 | Opcode::Dp4) => {
                let n = if ins.opcode == Opcode::Dp3 { 3 } else { 4 };
                self.replicated(mask, |s| s.call("dot", &[(a, n), (b, n)]));
            }
            (Operands::Binary { a, b, .. }, Opcode::Crs) => {
                self.call("cross", &[(a, 3), (b, 3)]);
                self.vec3_suffix(mask);
            }
            (Operands::Binary { a, b, .. }, Opcode::M33 | Opcode::M34 | Opcode::M44) => {
                self.matrix(ins.opcode, a, b, mask)
            }
            (Operands::Binary { a, b, .. }, Opcode::Pow) => {
                // The helper works on four lanes: lane c of each source swizzle in lane c.
                self.out.push_str("agal_pow(");
                self.source(a, Lanes::first(a, 4));
                self.out.push_str(", ");
                self.source(b, Lanes::first(b, 4));
                self.out.push(')');
                if !mask.is_full() {
                    self.push_mask(mask);
                }
            }
            (Operands::Binary { a, b, .. }, op) => self.binary(op, a, b, mask),
            (Operands::Sample { coord, sampler, .. }, op) => self.sample(op, coord, sampler, mask),
            // Unreachable: the statement writer only asks for operands with a destination.
            (Operands::Compare { .. } | Operands::Kill { .. } | Operands::Bare, _) => {
                self.out.push_str(vector_type(mask.count()));
                self.out.push_str("(0.0)");
            }
        }
    }

    /// Component-wise functions of one source.
    fn unary(&mut self, op: Opcode, src: &Source, mask: WriteMask) {
        let (before, after) = match op {
            Opcode::Rcp => ("1.0 / ", ""),
            Opcode::Frc => ("fract(", ")"),
            Opcode::Sqt => ("sqrt(abs(", "))"),
            Opcode::Rsq => ("inverseSqrt(abs(", "))"),
            Opcode::Log => ("log2(abs(", "))"),
            Opcode::Exp => ("exp2(", ")"),
            Opcode::Sin => ("sin(", ")"),
            Opcode::Cos => ("cos(", ")"),
            Opcode::Abs => ("abs(", ")"),
            Opcode::Neg => ("-", ""),
            Opcode::Sat => ("saturate(", ")"),
            Opcode::Sgn => ("sign(", ")"),
            Opcode::Ddx => ("dpdx(", ")"),
            // WebGPU's framebuffer y grows downwards, as Flash's window y.
            Opcode::Ddy => ("dpdy(", ")"),
            _ => ("", ""), // mov (the scan refused every other opcode of another shape)
        };
        self.out.push_str(before);
        self.source(src, Lanes::masked(src, mask));
        self.out.push_str(after);
    }

    /// Component-wise functions of two sources: `a + b`, `min(a, b)`, and the comparisons
    /// that set 1.0 or 0.0 (`select(0.0, 1.0, a >= b)`).
    fn binary(&mut self, op: Opcode, a: &Source, b: &Source, mask: WriteMask) {
        let n = mask.count();
        let (before, between, after) = match op {
            Opcode::Add => ("", " + ", ""),
            Opcode::Sub => ("", " - ", ""),
            Opcode::Mul => ("", " * ", ""),
            Opcode::Div => ("", " / ", ""),
            Opcode::Min => ("min(", ", ", ")"),
            Opcode::Max => ("max(", ", ", ")"),
            Opcode::Sge | Opcode::Slt | Opcode::Seq | Opcode::Sne => {
                let operator = match op {
                    Opcode::Sge => " >= ",
                    Opcode::Slt => " < ",
                    Opcode::Seq => " == ",
                    _ => " != ",
                };
                if n == 1 {
                    self.out.push_str("select(0.0, 1.0, ");
                } else {
                    let ty = vector_type(n);
                    let _ = write!(self.out, "select({ty}(0.0), {ty}(1.0), ");
                }
                ("", operator, ")")
            }
            // Not a binary opcode: only reachable through hand-built operands. Writes `a`.
            _ => ("", "", ""),
        };
        self.out.push_str(before);
        self.source(a, Lanes::masked(a, mask));
        if between.is_empty() {
            return;
        }
        self.out.push_str(between);
        self.source(b, Lanes::masked(b, mask));
        self.out.push_str(after);
    }

    /// `m33`, `m34`, `m44`: `dst.i = dot(a, row i)`, rows `b`, `b+1`, ... Written as
    /// `a * matCxR<f32>(rows)` (a row vector times a matrix whose columns are the rows) for
    /// the whole result, else as the dot products of the written components.
    fn matrix(&mut self, op: Opcode, a: &Source, b: &Source, mask: WriteMask) {
        let (rows, width, ty) = match op {
            Opcode::M33 => (3u16, 3usize, "mat3x3<f32>"),
            Opcode::M34 => (3, 4, "mat3x4<f32>"),
            _ => (4, 4, "mat4x4<f32>"),
        };
        let whole = if rows == 3 {
            WriteMask::XYZ
        } else {
            WriteMask::ALL
        };
        if mask == whole {
            self.source(a, Lanes::first(a, width));
            self.out.push_str(" * ");
            self.out.push_str(ty);
            self.out.push('(');
            for r in 0..rows {
                if r > 0 {
                    self.out.push_str(", ");
                }
                self.row(b, r, width);
            }
            self.out.push(')');
            return;
        }
        let n = mask.count();
        if n > 1 {
            self.out.push_str(vector_type(n));
            self.out.push('(');
        }
        for (k, c) in mask.components().enumerate() {
            if k > 0 {
                self.out.push_str(", ");
            }
            self.out.push_str("dot(");
            self.source(a, Lanes::first(a, width));
            self.out.push_str(", ");
            self.row(b, c as u16, width);
            self.out.push(')');
        }
        if n > 1 {
            self.out.push(')');
        }
    }

    /// Row `r` of a matrix operand, its first `width` lanes.
    fn row(&mut self, b: &Source, r: u16, width: usize) {
        self.register(b, r);
        self.swizzle(Lanes::first(b, width));
    }

    /// `tex` and `ted`: `textureSample`, `textureSampleBias` (the sampler word's LOD bias;
    /// WebGPU samplers have none) or `textureSampleLevel` (`ted`, the level in w).
    fn sample(&mut self, op: Opcode, coord: &Source, sampler: &Sampler, mask: WriteMask) {
        let cube = sampler.dimension == Dimension::Cube;
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
        self.source(coord, Lanes::first(coord, if cube { 3 } else { 2 }));
        if op == Opcode::Ted {
            // Explicit level in the coordinate's w lane, as D3D9 texldl.
            self.out.push_str(", ");
            self.scalar_lane(coord, 3);
        } else if sampler.lod_bias != 0 {
            let _ = write!(self.out, ", {:?}", sampler.lod_bias_levels());
        }
        self.out.push(')');
        if !mask.is_full() {
            self.push_mask(mask);
        }
    }

    /// Writes `f(...)` once, or `vecN<f32>(f(...))` for several written components.
    fn replicated(&mut self, mask: WriteMask, f: impl FnOnce(&mut Self)) {
        let n = mask.count();
        if n > 1 {
            self.out.push_str(vector_type(n));
            self.out.push('(');
        }
        f(self);
        if n > 1 {
            self.out.push(')');
        }
    }

    /// `name(a.xyz, b.xyz)`: the first lanes of each source.
    fn call(&mut self, name: &str, args: &[(&Source, usize)]) {
        self.out.push_str(name);
        self.out.push('(');
        for (k, (src, n)) in args.iter().enumerate() {
            if k > 0 {
                self.out.push_str(", ");
            }
            self.source(src, Lanes::first(src, *n));
        }
        self.out.push(')');
    }

    /// The components of a three-component result that the mask writes.
    fn vec3_suffix(&mut self, mask: WriteMask) {
        if mask != WriteMask::XYZ {
            self.push_mask(mask);
        }
    }

    /// The single selected component (first lane) of a source, for `kil` and `if*`.
    pub(super) fn scalar(&mut self, src: &Source) {
        self.scalar_lane(src, 0);
    }

    fn scalar_lane(&mut self, src: &Source, lane: usize) {
        self.register(src, 0);
        self.out.push('.');
        self.out.push(src.swizzle.lane(lane).letter());
    }

    fn source(&mut self, src: &Source, lanes: Lanes) {
        self.register(src, 0);
        self.swizzle(lanes);
    }

    fn swizzle(&mut self, lanes: Lanes) {
        lanes.write_suffix(&mut self.out);
    }

    /// The `vec4<f32>` a source names, `row` registers after it (matrix rows).
    fn register(&mut self, src: &Source, row: u16) {
        let vertex = self.vertex();
        let constants = self.constants();
        if let Some(index) = src.address.index_source() {
            self.out.push_str(constants);
            self.out.push_str("_at(");
            self.scalar(&index);
            self.out.push_str(", ");
            push_u32(
                &mut self.out,
                u32::from(src.address.offset()) + u32::from(row),
            );
            self.out.push_str(".0)");
            return;
        }
        let index = src.direct_index().unwrap_or_default().saturating_add(row);
        let table: &'static [&'static str] = match src.register {
            RegisterType::Constant => {
                self.out.push_str(constants);
                self.out.push('[');
                push_u32(&mut self.out, u32::from(index));
                self.out.push(']');
                return;
            }
            RegisterType::InstanceId => {
                self.out.push_str(names::INSTANCE_ID);
                return;
            }
            RegisterType::Attribute => &names::ATTRIBUTES,
            RegisterType::Temporary if vertex => &names::VERTEX_TEMPORARIES,
            RegisterType::Temporary => &names::FRAGMENT_TEMPORARIES,
            RegisterType::Varying => &names::VARYINGS,
            // The scan rejects every other register type as a source.
            _ => &[],
        };
        self.out
            .push_str(names::lookup(table, index).unwrap_or("vec4<f32>(0.0)"));
    }
}
