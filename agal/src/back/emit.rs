//! The emitter both writers share: right-hand sides, one function per opcode family
//! (component-wise arithmetic, comparisons that set 1/0, dot products, three-component
//! results, matrices, texture sampling), register reads and assignment targets. Every source
//! is read in place (`ft0.yx`, `vc[4].w`, `vc_at(va2.x, 5)`), never through a copy.
//!
//! What the two languages spell differently is a hook of [`Emit`], implemented by each
//! writer's stage (`glsl/expr.rs`, `wgsl/expr.rs`); everything else is written here once.
//!
//! The rule of masks and swizzles (AGAL page, D3D9): a component-wise result's component `c`
//! is computed from lane `c` of each source swizzle, so for a mask `.xz` a source `.yzwx` is
//! read as `.yw`. Scalar and three-component results read the first lanes. An expression for
//! a mask of `n` components has the language's `n`-component float type.

use std::fmt::Write as _;

use super::lanes::Lanes;
use super::names;
use crate::model::{
    Destination, Dimension, Instruction, Opcode, Operands, ProgramKind, RegisterType, Sampler,
    Source, WriteMask,
};

/// Where an assignment goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Target {
    /// A four-component variable (temporary, output, varying), written through the mask.
    Vector(&'static str),
    /// The scalar depth output, written from the mask's x lane.
    Depth(&'static str),
    /// A varying the fragment program never reads: the write is dropped.
    Dropped,
}

/// `" >= "`, `" < "`, `" == "`, `" != "` for `sge`, `slt`, `seq`, `sne`.
pub(crate) fn comparison_operator(op: Opcode) -> &'static str {
    match op {
        Opcode::Sge => " >= ",
        Opcode::Slt => " < ",
        Opcode::Seq => " == ",
        _ => " != ",
    }
}

/// The condition of `ife`, `ine`, `ifg`, `ifl`: `" == "`, `" != "`, `" >= "`, `" < "`.
pub(crate) fn condition_operator(op: Opcode) -> &'static str {
    match op {
        Opcode::Ife => " == ",
        Opcode::Ine => " != ",
        Opcode::Ifg => " >= ",
        _ => " < ",
    }
}

/// One stage being written, as the shared emitter sees it: its output, its program kind, the
/// linked varyings, and the spellings of its language (the hooks without a body).
pub(crate) trait Emit {
    /// The float types of 1, 2, 3 and 4 components (`float`, `vec2`.. or `f32`, `vec2<f32>`..).
    const VECTOR_TYPES: [&'static str; 4];
    /// The types of `m33`, `m34` and `m44`'s matrix form.
    const MATRIX_TYPES: [&'static str; 3];
    /// What ends a relative constant read after its offset: `)` (an `int` offset) or `.0)`.
    const OFFSET_END: &'static str;

    /// The source written so far.
    fn out(&mut self) -> &mut String;
    /// The stage.
    fn kind(&self) -> ProgramKind;
    /// The linked varyings (register numbers).
    fn linked(&self) -> &[u16];

    /// The functions of one source that the language spells its own way (`rsq`, `sat`, `ddx`,
    /// `ddy`): what goes before and after the source; `None` for the shared spelling.
    fn unary_function(&self, op: Opcode) -> Option<(&'static str, &'static str)>;
    /// Starts a comparison that sets 1.0 or 0.0 (`sge`, `slt`, `seq`, `sne`; `operator` is
    /// its [`comparison_operator`]) with a result of `n` components, and returns what goes
    /// before the first source, between the two and after the second.
    fn comparison(
        &mut self,
        operator: &'static str,
        op: Opcode,
        n: u32,
    ) -> (&'static str, &'static str, &'static str);
    /// `pow`, through the language's D3D9 `agal_pow` helper.
    fn pow(&mut self, a: &Source, b: &Source, mask: WriteMask);
    /// The start of a texture read up to its coordinate (`texture(fs0, `).
    fn sample_function(&mut self, op: Opcode, sampler: &Sampler);
    /// The name of colour output `index` (fragment) or of the position (vertex).
    fn output_name(&self, index: u16) -> Option<&'static str>;
    /// The name of the depth output.
    fn depth_name(&self) -> &'static str;
    /// Whether `op`'s whole result may be written as a vector times a matrix.
    fn matrix_form(&self, _op: Opcode) -> bool {
        true
    }

    /// Whether this is the vertex stage.
    fn vertex(&self) -> bool {
        self.kind() == ProgramKind::Vertex
    }

    /// The stage's constant array, `vc` or `fc`.
    fn constants(&self) -> &'static str {
        if self.vertex() {
            names::VERTEX_CONSTANTS
        } else {
            names::FRAGMENT_CONSTANTS
        }
    }

    /// The stage's temporaries, `vt<i>` or `ft<i>`.
    fn temporaries_table(&self) -> &'static [&'static str] {
        if self.vertex() {
            &names::VERTEX_TEMPORARIES
        } else {
            &names::FRAGMENT_TEMPORARIES
        }
    }

    /// The float type of `n` components (1 for 0).
    fn vector_type(n: u32) -> &'static str {
        Self::VECTOR_TYPES[(n.clamp(1, 4) - 1) as usize]
    }

    /// `text` and a newline.
    fn line(&mut self, text: &str) {
        let out = self.out();
        out.push_str(text);
        out.push('\n');
    }

    /// `.xz` for a mask.
    fn push_mask(&mut self, mask: WriteMask) {
        let out = self.out();
        out.push('.');
        for c in mask.components() {
            out.push(c.letter());
        }
    }

    /// The variable a destination register names (the scan checked every register).
    fn target(&self, register: RegisterType, index: u16) -> Target {
        let found = match register {
            RegisterType::Temporary => names::lookup(self.temporaries_table(), index),
            RegisterType::Output => self.output_name(index),
            RegisterType::Varying if self.linked().contains(&index) => {
                names::lookup(&names::VARYINGS, index)
            }
            RegisterType::DepthOutput => return Target::Depth(self.depth_name()),
            _ => None,
        };
        found.map_or(Target::Dropped, Target::Vector)
    }

    /// What instruction `i` assigns to: the variable, the mask to write and whether it is a
    /// vector (`fd` is not: only its x lane is the depth). `None` when nothing is written (a
    /// dropped varying, an empty mask).
    fn assignment_target(
        &self,
        i: usize,
        dst: &Destination,
    ) -> Option<(&'static str, WriteMask, bool)> {
        let (name, mask, vector) = match self.target(dst.register, dst.index) {
            Target::Dropped => return None,
            Target::Vector(name) => (name, dst.mask, true),
            Target::Depth(name) => {
                if dst.mask != WriteMask::X {
                    log::warn!("fd written with mask {:?}: only x is the depth", dst.mask);
                }
                (name, WriteMask::X, false)
            }
        };
        if mask.count() == 0 {
            log::warn!("{} instruction {i}: empty write mask, ignored", self.kind());
            return None;
        }
        Some((name, mask, vector))
    }

    /// The right-hand side of an assignment through `mask` (`n` components, n = mask size).
    fn expression(&mut self, ins: &Instruction, mask: WriteMask) {
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
            (Operands::Binary { a, b, .. }, Opcode::Pow) => self.pow(a, b, mask),
            (Operands::Binary { a, b, .. }, op) => self.binary(op, a, b, mask),
            (Operands::Sample { coord, sampler, .. }, op) => self.sample(op, coord, sampler, mask),
            // Unreachable: the statement writer only asks for operands with a destination.
            (Operands::Compare { .. } | Operands::Kill { .. } | Operands::Bare, _) => {
                let ty = Self::vector_type(mask.count());
                let out = self.out();
                out.push_str(ty);
                out.push_str("(0.0)");
            }
        }
    }

    /// Component-wise functions of one source.
    fn unary(&mut self, op: Opcode, src: &Source, mask: WriteMask) {
        let (before, after) = self.unary_function(op).unwrap_or(match op {
            Opcode::Rcp => ("1.0 / ", ""),
            Opcode::Frc => ("fract(", ")"),
            Opcode::Sqt => ("sqrt(abs(", "))"),
            Opcode::Log => ("log2(abs(", "))"),
            Opcode::Exp => ("exp2(", ")"),
            Opcode::Sin => ("sin(", ")"),
            Opcode::Cos => ("cos(", ")"),
            Opcode::Abs => ("abs(", ")"),
            Opcode::Neg => ("-", ""),
            Opcode::Sgn => ("sign(", ")"),
            _ => ("", ""), // mov (the scan refused every other opcode of another shape)
        });
        self.out().push_str(before);
        self.source(src, Lanes::masked(src, mask));
        self.out().push_str(after);
    }

    /// Component-wise functions of two sources: `a + b`, `min(a, b)`, and the comparisons
    /// that set 1.0 or 0.0 ([`Emit::comparison`]).
    fn binary(&mut self, op: Opcode, a: &Source, b: &Source, mask: WriteMask) {
        let (before, between, after) = match op {
            Opcode::Add => ("", " + ", ""),
            Opcode::Sub => ("", " - ", ""),
            Opcode::Mul => ("", " * ", ""),
            Opcode::Div => ("", " / ", ""),
            Opcode::Min => ("min(", ", ", ")"),
            Opcode::Max => ("max(", ", ", ")"),
            Opcode::Sge | Opcode::Slt | Opcode::Seq | Opcode::Sne => {
                self.comparison(comparison_operator(op), op, mask.count())
            }
            // Not a binary opcode: only reachable through hand-built operands. Writes `a`.
            _ => ("", "", ""),
        };
        self.out().push_str(before);
        self.source(a, Lanes::masked(a, mask));
        if between.is_empty() {
            return;
        }
        self.out().push_str(between);
        self.source(b, Lanes::masked(b, mask));
        self.out().push_str(after);
    }

    /// `m33`, `m34`, `m44`: `dst.i = dot(a, row i)`, rows `b`, `b+1`, ... Written as
    /// `a * matN(rows)` (a row vector times a matrix whose columns are the rows) for the whole
    /// result where [`Emit::matrix_form`] allows it, else as the dot products of the written
    /// components.
    fn matrix(&mut self, op: Opcode, a: &Source, b: &Source, mask: WriteMask) {
        let (rows, width, ty) = match op {
            Opcode::M33 => (3u16, 3usize, Self::MATRIX_TYPES[0]),
            Opcode::M34 => (3, 4, Self::MATRIX_TYPES[1]),
            _ => (4, 4, Self::MATRIX_TYPES[2]),
        };
        let whole = if rows == 3 {
            WriteMask::XYZ
        } else {
            WriteMask::ALL
        };
        if mask == whole && self.matrix_form(op) {
            self.source(a, Lanes::first(a, width));
            self.out().push_str(" * ");
            self.out().push_str(ty);
            self.out().push('(');
            for r in 0..rows {
                if r > 0 {
                    self.out().push_str(", ");
                }
                self.row(b, r, width);
            }
            self.out().push(')');
            return;
        }
        let n = mask.count();
        if n > 1 {
            self.out().push_str(Self::vector_type(n));
            self.out().push('(');
        }
        for (k, c) in mask.components().enumerate() {
            if k > 0 {
                self.out().push_str(", ");
            }
            self.out().push_str("dot(");
            self.source(a, Lanes::first(a, width));
            self.out().push_str(", ");
            self.row(b, c as u16, width);
            self.out().push(')');
        }
        if n > 1 {
            self.out().push(')');
        }
    }

    /// Row `r` of a matrix operand, its first `width` lanes.
    fn row(&mut self, b: &Source, r: u16, width: usize) {
        self.register(b, r);
        Lanes::first(b, width).write_suffix(self.out());
    }

    /// `tex` and `ted`: [`Emit::sample_function`], the coordinate, then the level (`ted`, in
    /// the coordinate's w lane, as D3D9 `texldl`) or the sampler word's LOD bias.
    fn sample(&mut self, op: Opcode, coord: &Source, sampler: &Sampler, mask: WriteMask) {
        let cube = sampler.dimension == Dimension::Cube;
        self.sample_function(op, sampler);
        self.source(coord, Lanes::first(coord, if cube { 3 } else { 2 }));
        if op == Opcode::Ted {
            self.out().push_str(", ");
            self.scalar_lane(coord, 3);
        } else if sampler.lod_bias != 0 {
            let _ = write!(self.out(), ", {:?}", sampler.lod_bias_levels());
        }
        self.out().push(')');
        if !mask.is_full() {
            self.push_mask(mask);
        }
    }

    /// Writes `f(...)` once, or `vecN(f(...))` for several written components.
    fn replicated(&mut self, mask: WriteMask, f: impl FnOnce(&mut Self)) {
        let n = mask.count();
        if n > 1 {
            self.out().push_str(Self::vector_type(n));
            self.out().push('(');
        }
        f(self);
        if n > 1 {
            self.out().push(')');
        }
    }

    /// `name(a.xyz, b.xyz)`: the first lanes of each source.
    fn call(&mut self, name: &str, args: &[(&Source, usize)]) {
        self.out().push_str(name);
        self.out().push('(');
        for (k, (src, n)) in args.iter().enumerate() {
            if k > 0 {
                self.out().push_str(", ");
            }
            self.source(src, Lanes::first(src, *n));
        }
        self.out().push(')');
    }

    /// The components of a three-component result that the mask writes.
    fn vec3_suffix(&mut self, mask: WriteMask) {
        if mask != WriteMask::XYZ {
            self.push_mask(mask);
        }
    }

    /// The single selected component (first lane) of a source, for `kil` and `if*`.
    fn scalar(&mut self, src: &Source) {
        self.scalar_lane(src, 0);
    }

    /// Lane `lane` of a source's swizzle.
    fn scalar_lane(&mut self, src: &Source, lane: usize) {
        self.register(src, 0);
        self.out().push('.');
        self.out().push(src.swizzle.lane(lane).letter());
    }

    /// A source read through `lanes`.
    fn source(&mut self, src: &Source, lanes: Lanes) {
        self.register(src, 0);
        lanes.write_suffix(self.out());
    }

    /// The four-component value a source names, `row` registers after it (matrix rows).
    fn register(&mut self, src: &Source, row: u16) {
        let constants = self.constants();
        if let Some(index) = src.address.index_source() {
            self.out().push_str(constants);
            self.out().push_str("_at(");
            self.scalar(&index);
            self.out().push_str(", ");
            let offset = u32::from(src.address.offset()) + u32::from(row);
            names::push_u32(self.out(), offset);
            self.out().push_str(Self::OFFSET_END);
            return;
        }
        let index = src.direct_index().unwrap_or_default().saturating_add(row);
        let table: &'static [&'static str] = match src.register {
            RegisterType::Constant => {
                let out = self.out();
                out.push_str(constants);
                out.push('[');
                names::push_u32(out, u32::from(index));
                out.push(']');
                return;
            }
            RegisterType::InstanceId => {
                self.out().push_str(names::INSTANCE_ID);
                return;
            }
            RegisterType::Attribute => &names::ATTRIBUTES,
            RegisterType::Temporary => self.temporaries_table(),
            RegisterType::Varying => &names::VARYINGS,
            // The scan rejects every other register type as a source.
            _ => &[],
        };
        match names::lookup(table, index) {
            Some(name) => self.out().push_str(name),
            None => {
                self.out().push_str(Self::vector_type(4));
                self.out().push_str("(0.0)");
            }
        }
    }
}
