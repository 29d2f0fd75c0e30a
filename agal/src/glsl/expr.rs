//! Right-hand sides, one function per opcode family: component-wise arithmetic, comparisons
//! that set 1/0, dot products, three-component results, matrices and texture sampling. Every
//! source is read in place (`ft0.yx`, `vc[4].w`, `vc_at(va2.x, 5)`), never through a copy.
//!
//! The rule of masks and swizzles (AGAL page, D3D9): a component-wise result's component `c`
//! is computed from lane `c` of each source swizzle, so for a mask `.xz` a source `.yzwx` is
//! read as `.yw`. Scalar and three-component results read the first lanes.

use std::fmt::Write as _;

use super::writer::Stage;
use crate::back::lanes::Lanes;
use crate::back::names;
use crate::model::{
    Dimension, Instruction, Opcode, Operands, RegisterType, Sampler, Source, WriteMask,
};

/// `float`, `vec2`, `vec3`, `vec4` for 1 to 4 components.
fn vector_type(n: u32) -> &'static str {
    match n {
        0 | 1 => "float",
        2 => "vec2",
        3 => "vec3",
        _ => "vec4",
    }
}

impl Stage<'_> {
    /// The right-hand side of an assignment through `mask` (a `floatN`, N = mask size).
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
            Opcode::Rsq => ("inversesqrt(abs(", "))"),
            Opcode::Log => ("log2(abs(", "))"),
            Opcode::Exp => ("exp2(", ")"),
            Opcode::Sin => ("sin(", ")"),
            Opcode::Cos => ("cos(", ")"),
            Opcode::Abs => ("abs(", ")"),
            Opcode::Neg => ("-", ""),
            Opcode::Sat => ("clamp(", ", 0.0, 1.0)"),
            Opcode::Sgn => ("sign(", ")"),
            Opcode::Ddx => ("dFdx(", ")"),
            // Flash's window y grows downwards; GL's grows upwards unless y is flipped
            // (`Y_FLIP_UNIFORM`, checked by a test).
            Opcode::Ddy => ("-yflip * dFdy(", ")"),
            _ => ("", ""), // mov (the scan refused every other opcode of another shape)
        };
        self.out.push_str(before);
        self.source(src, Lanes::masked(src, mask));
        self.out.push_str(after);
    }

    /// Component-wise functions of two sources: `a + b`, `min(a, b)`, `agal_pow(a, b)` (D3D9's
    /// `pow`, see `Stage::pow_helper`), and
    /// the comparisons that set 1.0 or 0.0 (`float(a >= b)`, `vecN(greaterThanEqual(a, b))`).
    fn binary(&mut self, op: Opcode, a: &Source, b: &Source, mask: WriteMask) {
        let n = mask.count();
        let (before, between, after) = match op {
            Opcode::Add => ("", " + ", ""),
            Opcode::Sub => ("", " - ", ""),
            Opcode::Mul => ("", " * ", ""),
            Opcode::Div => ("", " / ", ""),
            Opcode::Min => ("min(", ", ", ")"),
            Opcode::Max => ("max(", ", ", ")"),
            Opcode::Pow => ("agal_pow(", ", ", ")"),
            Opcode::Sge | Opcode::Slt | Opcode::Seq | Opcode::Sne => {
                let (function, operator) = match op {
                    Opcode::Sge => ("greaterThanEqual(", " >= "),
                    Opcode::Slt => ("lessThan(", " < "),
                    Opcode::Seq => ("equal(", " == "),
                    _ => ("notEqual(", " != "),
                };
                if n == 1 {
                    ("float(", operator, ")")
                } else {
                    self.out.push_str(vector_type(n));
                    self.out.push('(');
                    (function, ", ", "))")
                }
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
    /// `a * matN(rows)` (vector times a matrix whose columns are the rows) for the whole
    /// result, else as the dot products of the written components.
    fn matrix(&mut self, op: Opcode, a: &Source, b: &Source, mask: WriteMask) {
        let (rows, width, ty) = match op {
            Opcode::M33 => (3u16, 3usize, "mat3"),
            Opcode::M34 => (3, 4, "mat3x4"),
            _ => (4, 4, "mat4"),
        };
        let whole = if rows == 3 {
            WriteMask::XYZ
        } else {
            WriteMask::ALL
        };
        let matrix_form =
            mask == whole && (op != Opcode::M34 || self.dialect.has_nonsquare_matrices());
        if matrix_form {
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

    /// `tex` and `ted`.
    fn sample(&mut self, op: Opcode, coord: &Source, sampler: &Sampler, mask: WriteMask) {
        let cube = sampler.dimension == Dimension::Cube;
        let generic = self.dialect.has_generic_texture();
        let function = match (op, generic, cube) {
            (Opcode::Ted, _, _) => "textureLod(",
            (_, true, _) => "texture(",
            (_, false, false) => "texture2D(",
            (_, false, true) => "textureCube(",
        };
        self.out.push_str(function);
        self.out
            .push_str(names::lookup(&names::SAMPLERS, sampler.index).unwrap_or("fs0"));
        self.out.push_str(", ");
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

    /// Writes `f(...)` once, or `vecN(f(...))` for several written components.
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

    /// The `vec4` a source names, `row` registers after it (matrix rows).
    fn register(&mut self, src: &Source, row: u16) {
        let vertex = self.vertex();
        let constants = if vertex {
            names::VERTEX_CONSTANTS
        } else {
            names::FRAGMENT_CONSTANTS
        };
        if let Some(index) = src.address.index_source() {
            self.out.push_str(constants);
            self.out.push_str("_at(");
            self.scalar(&index);
            self.out.push_str(", ");
            names::push_u32(
                &mut self.out,
                u32::from(src.address.offset()) + u32::from(row),
            );
            self.out.push(')');
            return;
        }
        let index = src.direct_index().unwrap_or_default().saturating_add(row);
        let table: &'static [&'static str] = match src.register {
            RegisterType::Constant => {
                self.out.push_str(constants);
                self.out.push('[');
                names::push_u32(&mut self.out, u32::from(index));
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
            .push_str(names::lookup(table, index).unwrap_or("vec4(0.0)"));
    }
}
