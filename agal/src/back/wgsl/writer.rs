//! The writer: the shared scan and link of the pair ([`crate::back`]), then each stage's
//! declarations, entry point, predicates and assignments. Expressions are written by
//! `expr.rs`.

use super::bindings::{sampler_binding, texture_binding, DRAW_SIZE, FRAGMENT_ENTRY, VERTEX_ENTRY};
use super::options::Options;
use super::reflection::{Reflection, Shaders};
use crate::back::emit::{condition_operator, Emit};
use crate::back::error::TranslateError as WgslError;
use crate::back::linked::Linked;
use crate::back::names::{self, push_u32};
use crate::back::scan::{StageLimits, Usage};
use crate::model::{Dimension, Instruction, Opcode, Operands, Program, WriteMask};

/// The per-draw values of the `draw` uniform (binding [`DRAW_BINDING`](super::DRAW_BINDING)).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Draw {
    /// The scissor rectangle `[x0, y0, x1, y1]` in framebuffer pixels (origin top-left, `x1`
    /// and `y1` exclusive), or `None` when scissoring is off.
    pub scissor: Option<[f32; 4]>,
}

impl Draw {
    /// The 32 bytes of the uniform struct ([`DRAW_SIZE`]), little-endian.
    pub fn to_bytes(&self) -> [u8; DRAW_SIZE as usize] {
        let mut out = [0u8; DRAW_SIZE as usize];
        if let Some(rect) = self.scissor {
            for (chunk, v) in out.chunks_exact_mut(4).zip(rect) {
                chunk.copy_from_slice(&v.to_le_bytes());
            }
            out[16..20].copy_from_slice(&1u32.to_le_bytes());
        }
        out
    }
}

/// Translates vertex+fragment pairs with one set of [`Options`].
///
/// Two passes per pair: the shared scan of both programs ([`crate::back`]: usage checked
/// against the version's limits, the varying map), then one `String` per stage written front
/// to back, with no intermediate tree.
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
    pub fn write(&self, vertex: &Program, fragment: &Program) -> Result<Shaders, WgslError> {
        let linked = Linked::new(vertex, fragment)?;
        let vertex_source = Stage::new(
            self.options,
            vertex,
            linked.vertex_limits,
            &linked.vertex,
            &linked.varyings,
        )
        .write();
        let fragment_source = Stage::new(
            self.options,
            fragment,
            linked.fragment_limits,
            &linked.fragment,
            &linked.varyings,
        )
        .write();
        log::debug!("AGAL to WGSL, vertex module:\n{vertex_source}");
        log::debug!("AGAL to WGSL, fragment module:\n{fragment_source}");
        let reflection = Reflection {
            attributes: linked.attributes(),
            vertex_constants: linked.vertex_constants(),
            fragment_constants: linked.fragment_constants(),
            samplers: linked.samplers(),
            varyings: linked.linked_varyings(),
            dropped_varyings: linked.dropped_varyings(),
            color_outputs: linked
                .color_outputs(|index| names::lookup(&names::COLOR_OUTPUTS, index)),
            depth_written: linked.fragment.depth_written(),
            depth_output: linked.fragment.depth_written() && self.options.frag_depth,
            kills: linked.fragment.kills,
        };
        Ok(Shaders {
            vertex: vertex_source,
            fragment: fragment_source,
            reflection,
        })
    }
}

/// The `let` that holds a conditional block's predicate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Predicate {
    /// `c<n>`: block `n`'s own condition, at the top level.
    Condition(usize),
    /// `p<n>`: block `n`'s condition and the enclosing predicate.
    Nested(usize),
    /// `e<n>`: the `els` side of block `n` (and the enclosing predicate).
    Else(usize),
}

/// An open conditional block: its number and the predicate around it.
struct Block {
    number: usize,
    parent: Option<Predicate>,
}

/// One stage being written.
pub(super) struct Stage<'a> {
    pub out: String,
    pub options: Options,
    pub program: &'a Program,
    pub limits: StageLimits,
    pub usage: &'a Usage,
    pub linked: &'a [u16],
    /// Open conditional blocks, innermost last.
    blocks: Vec<Block>,
    /// The predicate of the current block (`None` outside any).
    predicate: Option<Predicate>,
    /// Conditional blocks opened so far (numbers their predicates).
    opened: usize,
}

impl<'a> Stage<'a> {
    fn new(
        options: Options,
        program: &'a Program,
        limits: StageLimits,
        usage: &'a Usage,
        linked: &'a [u16],
    ) -> Stage<'a> {
        Stage {
            out: String::with_capacity(1024 + 64 * program.instructions.len()),
            options,
            program,
            limits,
            usage,
            linked,
            blocks: Vec::new(),
            predicate: None,
            opened: 0,
        }
    }

    fn write(mut self) -> String {
        self.declarations();
        if self.vertex() {
            self.vertex_entry();
        } else {
            self.fragment_entry();
        }
        if self.out.starts_with('\n') {
            self.out.remove(0);
        }
        self.out
    }

    /// Uniforms, textures, the I/O structs and helpers.
    fn declarations(&mut self) {
        let vertex = self.vertex();
        let name = self.constants();
        if self.usage.relative || !self.usage.constants.is_empty() {
            self.out.push_str(if vertex {
                "@group(2) @binding(0) var<uniform> "
            } else {
                "@group(0) @binding(1) var<uniform> "
            });
            self.out.push_str(name);
            self.out.push_str(": array<vec4<f32>, ");
            push_u32(&mut self.out, u32::from(self.limits.constants));
            self.out.push_str(">;\n");
        }
        if !vertex {
            self.line("\nstruct Draw {\n    scissor: vec4<f32>,\n    scissor_enabled: u32,\n}");
            self.line("@group(0) @binding(2) var<uniform> draw: Draw;");
            if self.options.scissor_override {
                self.line("override scissor_discard: bool = true;");
            }
            for (unit, sampler) in &self.usage.samplers {
                let Some(n) = names::lookup(&names::SAMPLERS, *unit) else {
                    continue;
                };
                self.out.push_str("@group(1) @binding(");
                push_u32(&mut self.out, texture_binding(*unit));
                self.out.push_str(") var ");
                self.out.push_str(n);
                self.out.push_str(match sampler.dimension {
                    Dimension::Cube => ": texture_cube<f32>;\n",
                    _ => ": texture_2d<f32>;\n",
                });
                self.out.push_str("@group(1) @binding(");
                push_u32(&mut self.out, sampler_binding(*unit));
                self.out.push_str(") var ");
                self.out.push_str(n);
                self.out.push_str("_sampler: sampler;\n");
            }
        }
        if vertex {
            self.line("\nstruct VertexOutput {\n    @invariant @builtin(position) op: vec4<f32>,");
            self.varying_members();
            self.line("}");
        } else if self.has_outputs() {
            self.line("\nstruct FragmentOutput {");
            for index in self.usage.outputs.iter() {
                if let Some(n) = names::lookup(&names::COLOR_OUTPUTS, index) {
                    self.out.push_str("    @location(");
                    push_u32(&mut self.out, u32::from(index));
                    self.out.push_str(") ");
                    self.out.push_str(n);
                    self.out.push_str(": vec4<f32>,\n");
                }
            }
            if self.depth_output() {
                self.line("    @builtin(frag_depth) fd: f32,");
            }
            self.line("}");
        }
        if self.usage.relative {
            self.relative_helper(name);
        }
        if self.uses(Opcode::Pow) {
            self.out.push('\n');
            self.line(POW_HELPER);
        }
    }

    /// Whether the fragment stage returns anything.
    fn has_outputs(&self) -> bool {
        !self.usage.outputs.is_empty() || self.depth_output()
    }

    /// Whether the fragment stage outputs `fd` as `@builtin(frag_depth)`.
    fn depth_output(&self) -> bool {
        self.usage.depth_written() && self.options.frag_depth
    }

    fn uses(&self, opcode: Opcode) -> bool {
        self.program.instructions.iter().any(|i| i.opcode == opcode)
    }

    /// `    @location(k) v<r>: vec4<f32>,` per linked varying.
    fn varying_members(&mut self) {
        for (v, location) in self.linked.iter().zip(0u32..) {
            if let Some(n) = names::lookup(&names::VARYINGS, *v) {
                self.out.push_str("    @location(");
                push_u32(&mut self.out, location);
                self.out.push_str(") ");
                self.out.push_str(n);
                self.out.push_str(": vec4<f32>,\n");
            }
        }
    }

    /// `fn vc_at(i: f32, o: f32) -> vec4<f32>`: the constant at `round(i) + o`, or `vec4(0)`
    /// outside the file. `round` is to nearest, ties up, written so that it is exact in
    /// `f32` (`floor(i + 0.5)` turns 0.49999997 into 1). The bounds are compared in float, so
    /// that no index (huge, infinite, NaN) reaches a float-to-integer conversion out of range,
    /// and the array index is always in range.
    fn relative_helper(&mut self, name: &str) {
        self.out.push_str("\nfn ");
        self.out.push_str(name);
        self.out.push_str(
            "_at(i: f32, o: f32) -> vec4<f32> {\n    let f = floor(i);\n    let n = f + select(0.0, 1.0, i - f >= 0.5) + o;\n    let inside = n >= 0.0 && n < ",
        );
        push_u32(&mut self.out, u32::from(self.limits.constants));
        self.out.push_str(".0;\n    return select(vec4<f32>(0.0), ");
        self.out.push_str(name);
        self.out
            .push_str("[u32(select(0.0, n, inside))], inside);\n}\n");
    }

    fn vertex_entry(&mut self) {
        self.out.push_str("\n@vertex\nfn ");
        self.out.push_str(VERTEX_ENTRY);
        self.out.push('(');
        let mut first = true;
        for slot in self.usage.attributes.iter() {
            let Some(n) = names::lookup(&names::ATTRIBUTES, slot) else {
                continue;
            };
            if !first {
                self.out.push_str(", ");
            }
            first = false;
            self.out.push_str("@location(");
            push_u32(&mut self.out, u32::from(slot));
            self.out.push_str(") ");
            self.out.push_str(n);
            self.out.push_str(": vec4<f32>");
        }
        if self.usage.instance_id {
            if !first {
                self.out.push_str(", ");
            }
            self.out
                .push_str("@builtin(instance_index) instance_index: u32");
        }
        self.out.push_str(") -> VertexOutput {\n");
        if self.usage.instance_id {
            self.out.push_str("    let ");
            self.out.push_str(names::INSTANCE_ID);
            self.out.push_str(" = vec4<f32>(f32(instance_index));\n");
        }
        self.temporaries();
        self.line("    var op = vec4<f32>(0.0);");
        for v in self.linked {
            if let Some(n) = names::lookup(&names::VARYINGS, *v) {
                self.out.push_str("    var ");
                self.out.push_str(n);
                self.out.push_str(" = vec4<f32>(0.0);\n");
            }
        }
        self.body();
        self.out.push_str("    return VertexOutput(op");
        for v in self.linked {
            if let Some(n) = names::lookup(&names::VARYINGS, *v) {
                self.out.push_str(", ");
                self.out.push_str(n);
            }
        }
        self.out.push_str(");\n}\n");
    }

    fn fragment_entry(&mut self) {
        self.out.push_str("\n@fragment\nfn ");
        self.out.push_str(FRAGMENT_ENTRY);
        self.out.push_str("(@builtin(position) position: vec4<f32>");
        for (v, location) in self.linked.iter().zip(0u32..) {
            if let Some(n) = names::lookup(&names::VARYINGS, *v) {
                self.out.push_str(", @location(");
                push_u32(&mut self.out, location);
                self.out.push_str(") ");
                self.out.push_str(n);
                self.out.push_str(": vec4<f32>");
            }
        }
        self.out.push_str(if self.has_outputs() {
            ") -> FragmentOutput {\n"
        } else {
            ") {\n"
        });
        self.temporaries();
        for index in self.usage.outputs.iter() {
            if let Some(n) = names::lookup(&names::COLOR_OUTPUTS, index) {
                self.out.push_str("    var ");
                self.out.push_str(n);
                self.out.push_str(" = vec4<f32>(0.0);\n");
            }
        }
        let depth = self.usage.depth_written();
        if depth {
            // Where a conditional block skips every write of fd, the rasterised depth stays.
            self.line("    var fd = position.z;");
        }
        if self.usage.kills {
            self.line("    var killed = false;");
        }
        self.body();
        self.out.push_str("    let outside = ");
        if self.options.scissor_override {
            self.out.push_str("scissor_discard && ");
        }
        self.line("draw.scissor_enabled != 0u && (position.x < draw.scissor.x || position.y < draw.scissor.y || position.x >= draw.scissor.z || position.y >= draw.scissor.w);");
        self.line(if self.usage.kills {
            "    if (killed || outside) {\n        discard;\n    }"
        } else {
            "    if (outside) {\n        discard;\n    }"
        });
        if self.has_outputs() {
            self.out.push_str("    return FragmentOutput(");
            let mut first = true;
            for index in self.usage.outputs.iter() {
                if let Some(n) = names::lookup(&names::COLOR_OUTPUTS, index) {
                    if !first {
                        self.out.push_str(", ");
                    }
                    first = false;
                    self.out.push_str(n);
                }
            }
            if self.depth_output() {
                if !first {
                    self.out.push_str(", ");
                }
                self.out.push_str("fd");
            }
            self.out.push_str(");\n");
        }
        self.out.push_str("}\n");
    }

    /// `var vt<i> = vec4<f32>(0.0);` for each temporary used: temporaries start at zero.
    fn temporaries(&mut self) {
        let table = self.temporaries_table();
        for t in self.usage.temporaries.iter() {
            if let Some(n) = names::lookup(table, t) {
                self.out.push_str("    var ");
                self.out.push_str(n);
                self.out.push_str(" = vec4<f32>(0.0);\n");
            }
        }
    }

    fn body(&mut self) {
        let program = self.program;
        for (i, ins) in program.instructions.iter().enumerate() {
            self.statement(i, ins);
        }
    }

    /// One AGAL instruction: one statement, or two for a partial mask of several components
    /// (the scan checked registers, masks and block balance).
    fn statement(&mut self, i: usize, ins: &Instruction) {
        match &ins.operands {
            Operands::Compare { a, b } => {
                let number = self.opened;
                self.opened += 1;
                self.out.push_str("    let c");
                push_u32(&mut self.out, number as u32);
                self.out.push_str(" = ");
                self.scalar(a);
                self.out.push_str(condition_operator(ins.opcode));
                self.scalar(b);
                self.out.push_str(";\n");
                let parent = self.predicate.take();
                self.predicate = Some(match parent {
                    None => Predicate::Condition(number),
                    Some(p) => {
                        self.let_predicate(Predicate::Nested(number), p, "c");
                        Predicate::Nested(number)
                    }
                });
                self.blocks.push(Block { number, parent });
            }
            Operands::Bare => {
                let Some(block) = self.blocks.pop() else {
                    return; // unreachable: the scan checked the balance
                };
                if ins.opcode == Opcode::Els {
                    let own = Predicate::Else(block.number);
                    match block.parent {
                        None => {
                            self.out.push_str("    let ");
                            self.push_predicate(own);
                            self.out.push_str(" = !c");
                            push_u32(&mut self.out, block.number as u32);
                            self.out.push_str(";\n");
                        }
                        Some(p) => self.let_predicate(own, p, "!c"),
                    }
                    self.predicate = Some(own);
                    self.blocks.push(block);
                } else {
                    self.predicate = block.parent;
                }
            }
            Operands::Kill { src } => {
                self.out.push_str("    killed = killed || ");
                if let Some(p) = self.predicate {
                    self.out.push('(');
                    self.push_predicate(p);
                    self.out.push_str(" && ");
                    self.scalar(src);
                    self.out.push_str(" < 0.0);\n");
                } else {
                    self.scalar(src);
                    self.out.push_str(" < 0.0;\n");
                }
            }
            Operands::Unary { dst, .. }
            | Operands::Binary { dst, .. }
            | Operands::Sample { dst, .. } => {
                let Some((name, mask, vector)) = self.assignment_target(i, dst) else {
                    return;
                };
                self.assignment(i, ins, name, mask, vector);
            }
        }
    }

    /// `let p<n> = <parent> && c<n>;` (or `e<n>`, `!c<n>`): a predicate inside another.
    fn let_predicate(&mut self, name: Predicate, parent: Predicate, condition: &str) {
        let number = match name {
            Predicate::Condition(n) | Predicate::Nested(n) | Predicate::Else(n) => n,
        };
        self.out.push_str("    let ");
        self.push_predicate(name);
        self.out.push_str(" = ");
        self.push_predicate(parent);
        self.out.push_str(" && ");
        self.out.push_str(condition);
        push_u32(&mut self.out, number as u32);
        self.out.push_str(";\n");
    }

    fn push_predicate(&mut self, p: Predicate) {
        let (prefix, n) = match p {
            Predicate::Condition(n) => ('c', n),
            Predicate::Nested(n) => ('p', n),
            Predicate::Else(n) => ('e', n),
        };
        self.out.push(prefix);
        push_u32(&mut self.out, n as u32);
    }

    /// Writes the result of `ins` through `mask` into `name` (a `vec4<f32>` variable, or the
    /// scalar `fd` when `vector` is false), keeping the old value where the predicate is false.
    fn assignment(
        &mut self,
        i: usize,
        ins: &Instruction,
        name: &'static str,
        mask: WriteMask,
        vector: bool,
    ) {
        let predicate = self.predicate;
        let n = mask.count();
        let whole = !vector || n == 4;
        let single = vector && n == 1;
        if whole || single {
            self.out.push_str("    ");
            self.out.push_str(name);
            if single {
                self.push_mask(mask);
            }
            self.out.push_str(" = ");
            if predicate.is_some() {
                self.out.push_str("select(");
                self.out.push_str(name);
                if single {
                    self.push_mask(mask);
                }
                self.out.push_str(", ");
            }
            self.expression(ins, mask);
        } else {
            // Several lanes of a vector: the result once, then the whole register.
            self.out.push_str("    let r");
            push_u32(&mut self.out, i as u32);
            self.out.push_str(" = ");
            self.expression(ins, mask);
            self.out.push_str(";\n    ");
            self.out.push_str(name);
            self.out.push_str(" = ");
            if predicate.is_some() {
                self.out.push_str("select(");
                self.out.push_str(name);
                self.out.push_str(", ");
            }
            self.out.push_str("vec4<f32>(");
            let mut k = 0u8;
            for (lane, letter) in ['x', 'y', 'z', 'w'].into_iter().enumerate() {
                if lane > 0 {
                    self.out.push_str(", ");
                }
                if mask.components().any(|c| c.index() == lane) {
                    self.out.push('r');
                    push_u32(&mut self.out, i as u32);
                    self.out.push('.');
                    self.out.push(char::from(b"xyzw"[usize::from(k)]));
                    k += 1;
                } else {
                    self.out.push_str(name);
                    self.out.push('.');
                    self.out.push(letter);
                }
            }
            self.out.push(')');
        }
        if let Some(p) = predicate {
            self.out.push_str(", ");
            self.push_predicate(p);
            self.out.push(')');
        }
        self.out.push_str(";\n");
    }
}

/// D3D9 `pow`: 1 when y == 0, +infinity when x == 0 and y < 0, 0 when x == 0 and y > 0,
/// otherwise `pow(abs(x), y)`. `1.0 / abs(x)` is +infinity at run time where x == 0 (WGSL has
/// no infinite literal).
const POW_HELPER: &str = "fn agal_pow(x: vec4<f32>, y: vec4<f32>) -> vec4<f32> {
    let at_zero = select(vec4<f32>(0.0), 1.0 / abs(x), y < vec4<f32>(0.0));
    let p = select(pow(abs(x), y), at_zero, x == vec4<f32>(0.0));
    return select(p, vec4<f32>(1.0), y == vec4<f32>(0.0));
}";
