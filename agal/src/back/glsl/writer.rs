//! The writer: checks the pair, then writes each stage's declarations, `main`, its control flow
//! and its assignments. Expressions are written by `expr.rs`.

use super::dialect::{Dialect, Extension, Support};
use super::options::Options;
use super::reflection::{Reflection, Shaders, SCISSOR_UNIFORM, Y_FLIP_UNIFORM};
use crate::back::emit::{condition_operator, Emit};
use crate::back::error::TranslateError as GlslError;
use crate::back::linked::Linked;
use crate::back::names;
use crate::back::scan::{StageLimits, Usage};
use crate::model::{Dimension, Instruction, Opcode, Operands, Program, ProgramKind};

/// Translates vertex+fragment pairs with one set of [`Options`].
///
/// The work happens in two passes per pair: a scan of both programs (what each uses, checked
/// against the version's limits and the dialect's features, the varying map), then one
/// `String` per stage written front to back, with no intermediate tree.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Writer {
    options: Options,
}

impl Writer {
    /// A writer for `options`.
    pub fn new(options: Options) -> Writer {
        Writer { options }
    }

    /// The options.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// Translates a pair. See [`translate`](super::translate).
    pub fn write(&self, vertex: &Program, fragment: &Program) -> Result<Shaders, GlslError> {
        let dialect = self.options.dialect;
        let linked = Linked::new(vertex, fragment)?;
        let (vertex_limits, fragment_limits) = (linked.vertex_limits, linked.fragment_limits);
        let (vertex_usage, fragment_usage) = (&linked.vertex, &linked.fragment);
        let vertex_extensions = self.extensions(ProgramKind::Vertex, vertex_usage)?;
        let fragment_extensions = self.extensions(ProgramKind::Fragment, fragment_usage)?;

        let vertex_source = Stage::new(
            dialect,
            vertex,
            vertex_limits,
            vertex_usage,
            &linked.varyings,
            &vertex_extensions,
        )
        .write();
        let fragment_source = Stage::new(
            dialect,
            fragment,
            fragment_limits,
            fragment_usage,
            &linked.varyings,
            &fragment_extensions,
        )
        .scissor_discard(self.options.scissor_discard)
        .write();
        log::debug!("AGAL to GLSL ({dialect}), vertex shader:\n{vertex_source}");
        log::debug!("AGAL to GLSL ({dialect}), fragment shader:\n{fragment_source}");

        let mut extensions = vertex_extensions;
        extensions.extend(fragment_extensions);
        extensions.sort();
        extensions.dedup();
        let reflection = Reflection {
            dialect,
            extensions,
            attributes: linked.attributes(),
            vertex_constants: linked.vertex_constants(),
            fragment_constants: linked.fragment_constants(),
            samplers: linked.samplers(),
            y_flip: Y_FLIP_UNIFORM,
            y_flip_in_fragment: fragment_usage.uses_ddy,
            scissor: self.options.scissor_discard.then_some(SCISSOR_UNIFORM),
            varyings: linked.linked_varyings(),
            dropped_varyings: linked.dropped_varyings(),
            color_outputs: linked.color_outputs(|index| color_output_name(dialect, index)),
            depth_written: fragment_usage.depth_written(),
        };
        Ok(Shaders {
            vertex: vertex_source,
            fragment: fragment_source,
            reflection,
        })
    }

    /// The extensions a stage needs in this dialect, or the first feature it cannot have.
    fn extensions(&self, stage: ProgramKind, usage: &Usage) -> Result<Vec<Extension>, GlslError> {
        let dialect = self.options.dialect;
        let mut out = Vec::new();
        for &(feature, instruction) in &usage.first_use {
            match dialect.support(feature) {
                Support::Core => {}
                Support::Extension(e) if self.options.allow_extensions => out.push(e),
                Support::Extension(_) | Support::None => {
                    return Err(GlslError::MissingFeature {
                        dialect,
                        feature,
                        stage,
                        instruction,
                    })
                }
            }
        }
        Ok(out)
    }
}

/// `oc<i>`, or `gl_FragColor` for `oc0` in GLSL ES 1.00 (which has no other).
pub(super) fn color_output_name(dialect: Dialect, index: u16) -> Option<&'static str> {
    if dialect.supports_mrt() {
        names::lookup(&names::COLOR_OUTPUTS, index)
    } else {
        (index == 0).then_some("gl_FragColor")
    }
}

/// One stage being written.
pub(super) struct Stage<'a> {
    pub out: String,
    pub dialect: Dialect,
    pub program: &'a Program,
    pub limits: StageLimits,
    pub usage: &'a Usage,
    pub linked: &'a [u16],
    pub extensions: &'a [Extension],
    /// Indentation depth of the next statement.
    pub depth: usize,
    /// Write the per-pixel scissor test (fragment stage, [`Options::scissor_discard`]).
    pub scissor_discard: bool,
}

impl<'a> Stage<'a> {
    fn new(
        dialect: Dialect,
        program: &'a Program,
        limits: StageLimits,
        usage: &'a Usage,
        linked: &'a [u16],
        extensions: &'a [Extension],
    ) -> Stage<'a> {
        Stage {
            // The header and about 48 bytes per instruction: one allocation in most cases.
            out: String::with_capacity(384 + 48 * program.instructions.len()),
            dialect,
            program,
            limits,
            usage,
            linked,
            extensions,
            depth: 1,
            scissor_discard: false,
        }
    }

    /// With the per-pixel scissor test ([`SCISSOR_UNIFORM`]) when `on` and this is the
    /// fragment stage.
    fn scissor_discard(mut self, on: bool) -> Stage<'a> {
        self.scissor_discard = on && !self.vertex();
        self
    }

    fn write(mut self) -> String {
        self.header();
        self.out.push_str("void main() {\n");
        self.locals();
        for (i, ins) in self.program.instructions.iter().enumerate() {
            self.statement(i, ins);
        }
        if self.vertex() {
            self.out.push_str(
                "    gl_Position.z = 2.0 * gl_Position.z - gl_Position.w;\n    gl_Position.y *= ",
            );
            self.out.push_str(Y_FLIP_UNIFORM);
            self.out.push_str(";\n");
        }
        if self.scissor_discard {
            // At the end, so that no derivative above sees a discarded neighbour.
            let s = SCISSOR_UNIFORM;
            self.out.push_str(&format!(
                "    if (gl_FragCoord.x < {s}.x || gl_FragCoord.y < {s}.y || gl_FragCoord.x >= {s}.z || gl_FragCoord.y >= {s}.w) discard;\n"
            ));
        }
        self.out.push_str("}\n");
        self.out
    }

    /// `#version`, extensions, precision, uniforms, inputs, outputs, helpers.
    fn header(&mut self) {
        let d = self.dialect;
        self.line(d.version_directive());
        for e in self.extensions {
            self.out.push_str("#extension ");
            self.out.push_str(e.name());
            self.out.push_str(" : enable\n");
        }
        let vertex = self.vertex();
        if !vertex && d.is_es() {
            if d.has_in_out() {
                self.line("precision highp float;");
                for (dim, ty) in [
                    (Dimension::TwoD, "sampler2D"),
                    (Dimension::Cube, "samplerCube"),
                ] {
                    if self.usage.samplers.iter().any(|(_, s)| s.dimension == dim) {
                        self.out.push_str("precision highp ");
                        self.out.push_str(ty);
                        self.out.push_str(";\n");
                    }
                }
            } else {
                self.line("#ifdef GL_FRAGMENT_PRECISION_HIGH\nprecision highp float;\n#else\nprecision mediump float;\n#endif");
            }
        }
        if vertex {
            self.line("invariant gl_Position;");
        }
        let constants = self.limits.constants;
        let name = self.constants();
        if self.usage.relative || !self.usage.constants.is_empty() {
            self.out.push_str("uniform vec4 ");
            self.out.push_str(name);
            self.out.push('[');
            names::push_u32(&mut self.out, u32::from(constants));
            self.out.push_str("];\n");
        }
        if vertex || self.usage.uses_ddy {
            // One precision in both stages: ES 1.00 fragment shaders may lack highp; the
            // other dialects default to highp in both stages.
            self.out.push_str(if d.has_in_out() {
                "uniform float "
            } else {
                "uniform mediump float "
            });
            self.out.push_str(Y_FLIP_UNIFORM);
            self.out.push_str(";\n");
        }
        if self.scissor_discard {
            // The default float precision: highp where the stage has it (see above).
            self.out.push_str("uniform vec4 ");
            self.out.push_str(SCISSOR_UNIFORM);
            self.out.push_str(";\n");
        }
        for (unit, sampler) in &self.usage.samplers {
            let Some(n) = names::lookup(&names::SAMPLERS, *unit) else {
                continue;
            };
            self.out.push_str(match sampler.dimension {
                Dimension::Cube => "uniform samplerCube ",
                _ => "uniform sampler2D ",
            });
            self.out.push_str(n);
            self.out.push_str(";\n");
        }
        if vertex {
            for slot in self.usage.attributes.iter() {
                let Some(n) = names::lookup(&names::ATTRIBUTES, slot) else {
                    continue;
                };
                if d.has_in_out() {
                    self.out.push_str("layout(location = ");
                    names::push_u32(&mut self.out, u32::from(slot));
                    self.out.push_str(") in vec4 ");
                } else {
                    self.out.push_str("attribute vec4 ");
                }
                self.out.push_str(n);
                self.out.push_str(";\n");
            }
        }
        let varying = match (d.has_in_out(), vertex) {
            (false, _) => "varying vec4 ",
            (true, true) => "out vec4 ",
            (true, false) => "in vec4 ",
        };
        for v in self.linked {
            if let Some(n) = names::lookup(&names::VARYINGS, *v) {
                self.out.push_str(varying);
                self.out.push_str(n);
                self.out.push_str(";\n");
            }
        }
        if !vertex && d.has_in_out() {
            for index in self.usage.outputs.iter() {
                if let Some(n) = names::lookup(&names::COLOR_OUTPUTS, index) {
                    self.out.push_str("layout(location = ");
                    names::push_u32(&mut self.out, u32::from(index));
                    self.out.push_str(") out vec4 ");
                    self.out.push_str(n);
                    self.out.push_str(";\n");
                }
            }
        }
        if self.usage.relative {
            self.relative_helper(name, constants);
        }
        if self.usage.uses_pow {
            self.pow_helper();
        }
    }

    /// `agal_pow(x, y)` for `float` and `vec2`..`vec4`, component-wise, D3D9's `pow`
    /// (`exp(y * log(abs(x)))`) where GLSL's `pow` is undefined: 1 when `y == 0`; at `x == 0`,
    /// +infinity when `y < 0` (written `1.0 / abs(x)`, a run-time division by +0, so that no
    /// compiler sees a constant division by zero) and 0 when `y > 0`; else `pow(abs(x), y)`.
    fn pow_helper(&mut self) {
        self.out.push_str(
            "float agal_pow(float x, float y) {\n    return y == 0.0 ? 1.0 : x == 0.0 ? (y < 0.0 ? 1.0 / abs(x) : 0.0) : pow(abs(x), y);\n}\n",
        );
        for (ty, lanes) in [("vec2", "xy"), ("vec3", "xyz"), ("vec4", "xyzw")] {
            self.out.push_str(ty);
            self.out.push_str(" agal_pow(");
            self.out.push_str(ty);
            self.out.push_str(" x, ");
            self.out.push_str(ty);
            self.out.push_str(" y) {\n    return ");
            self.out.push_str(ty);
            self.out.push('(');
            for (i, lane) in lanes.chars().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.out.push_str("agal_pow(x.");
                self.out.push(lane);
                self.out.push_str(", y.");
                self.out.push(lane);
                self.out.push(')');
            }
            self.out.push_str(");\n}\n");
        }
    }

    /// `vec4 vc_at(float i, int o)`: the constant at `round(i) + o`, or `vec4(0)` outside the
    /// file (D3D9 `mova` rounds to nearest). The rounding is exact, ties up:
    /// `f = floor(i); f + (i - f >= 0.5 ? 1 : 0)` (`i - f` is exact in float, where
    /// `floor(i + 0.5)` rounds 0.49999997 + 0.5 up to 1.0). The bounds are checked in float,
    /// so that no index (huge, infinite, NaN) reaches an undefined float-to-int conversion.
    fn relative_helper(&mut self, name: &str, size: u16) {
        self.out.push_str("vec4 ");
        self.out.push_str(name);
        self.out.push_str(
            "_at(float i, int o) {\n    float f = floor(i);\n    float n = f + (i - f >= 0.5 ? 1.0 : 0.0) + float(o);\n    return n >= 0.0 && n < ",
        );
        names::push_u32(&mut self.out, u32::from(size));
        self.out.push_str(".0 ? ");
        self.out.push_str(name);
        self.out.push_str("[int(n)] : vec4(0.0);\n}\n");
    }

    /// Temporaries (zero), and the instance id.
    fn locals(&mut self) {
        let table = self.temporaries_table();
        for t in self.usage.temporaries.iter() {
            if let Some(n) = names::lookup(table, t) {
                self.out.push_str("    vec4 ");
                self.out.push_str(n);
                self.out.push_str(" = vec4(0.0);\n");
            }
        }
        if self.usage.instance_id {
            self.out.push_str("    vec4 ");
            self.out.push_str(names::INSTANCE_ID);
            self.out.push_str(" = vec4(float(gl_InstanceID));\n");
        }
    }

    pub fn indent(&mut self) {
        for _ in 0..self.depth {
            self.out.push_str("    ");
        }
    }

    /// One AGAL instruction: one statement (the scan checked registers and masks).
    fn statement(&mut self, i: usize, ins: &Instruction) {
        match &ins.operands {
            Operands::Compare { a, b } => {
                self.indent();
                self.out.push_str("if (");
                self.scalar(a);
                self.out.push_str(condition_operator(ins.opcode));
                self.scalar(b);
                self.out.push_str(") {\n");
                self.depth += 1;
            }
            Operands::Bare => {
                self.depth = self.depth.saturating_sub(1).max(1);
                self.indent();
                if ins.opcode == Opcode::Els {
                    self.out.push_str("} else {\n");
                    self.depth += 1;
                } else {
                    self.out.push_str("}\n");
                }
            }
            Operands::Kill { src } => {
                self.indent();
                self.out.push_str("if (");
                self.scalar(src);
                self.out.push_str(" < 0.0) discard;\n");
            }
            Operands::Unary { dst, .. }
            | Operands::Binary { dst, .. }
            | Operands::Sample { dst, .. } => {
                let Some((name, mask, vector)) = self.assignment_target(i, dst) else {
                    return;
                };
                self.indent();
                self.out.push_str(name);
                if vector && !mask.is_full() {
                    self.push_mask(mask);
                }
                self.out.push_str(" = ");
                self.expression(ins, mask);
                self.out.push_str(";\n");
            }
        }
    }
}
