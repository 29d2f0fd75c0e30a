//! Programs: `molehill_agal::glsl` output for the context's dialect, compiled and linked once per
//! distinct pair (context3d's [`ProgramKey`], the pair's AGAL bytecode), shared by every
//! `ProgramId` that uploads the same pair; and the constant files, uploaded as the dirty
//! register ranges of one array per stage.

use molehill_agal::glsl::{Dialect, Options, Reflection, Shaders};
use molehill_agal::ProgramKind;
use molehill_context3d::{BackendError, ProgramId, ProgramKey, ProgramUpload};

use crate::gl::Calls;
use rustc_hash::FxHashMap;

/// A linked GL program and what the backend binds on it.
#[derive(Debug)]
pub struct LinkedProgram {
    /// The GL program.
    pub gl: glow::Program,
    /// The translator's reflection.
    pub reflection: Reflection,
    /// Bit `i`: the fragment program samples `fs<i>` (from the reflection, for the draw's
    /// texture loop).
    pub sampler_mask: u32,
    /// Location of `vc[0]` and the array's size (0 when unused): constants go up from
    /// register 0, so the array is located once per link.
    vc: (Option<glow::UniformLocation>, usize),
    /// The same for `fc`.
    fc: (Option<glow::UniformLocation>, usize),
    /// The constant generation this program last saw, per stage.
    synced: [u64; 2],
    /// How many `ProgramId`s use it.
    users: usize,
    /// The translation with the per-pixel scissor test (`Options::scissor_discard`), kept
    /// when the cache writes it, linked at the first draw that needs it.
    scissored_source: Option<Box<Shaders>>,
    /// That translation linked.
    scissored: Option<Box<LinkedProgram>>,
    /// The location of `agal_scissor` (in a scissored program) and the value last set.
    scissor_uniform: Option<(glow::UniformLocation, [f32; 4])>,
}

/// One stage's constant registers as the context holds them, with the generation at which
/// each was last written.
#[derive(Debug)]
pub struct ConstantFile {
    values: Vec<[f32; 4]>,
    written: Vec<u64>,
}

impl ConstantFile {
    fn new() -> ConstantFile {
        ConstantFile {
            values: Vec::new(),
            written: Vec::new(),
        }
    }

    fn set(&mut self, first: usize, values: &[[f32; 4]], generation: u64) {
        let end = first + values.len();
        if self.values.len() < end {
            self.values.resize(end, [0.0; 4]);
            self.written.resize(end, 0);
        }
        self.values[first..end].copy_from_slice(values);
        for w in &mut self.written[first..end] {
            *w = generation;
        }
    }
}

/// One past the last register in `0..size` written after generation `since` (0: none). The
/// registers `0..end` go up in one `glUniform4fv` from `vc[0]`/`fc[0]`: one call per stage
/// however many dirty runs there are (the clean registers among them hold the context's
/// values already, so sending them again changes nothing).
fn dirty_end(file: &ConstantFile, size: usize, since: u64) -> usize {
    let written = &file.written[..size.min(file.written.len())];
    written
        .iter()
        .rposition(|&w| w > since)
        .map_or(0, |i| i + 1)
}

/// Programs by id, linked programs by context3d's key of their pair, and the two constant
/// files.
#[derive(Debug)]
pub struct Programs {
    dialect: Dialect,
    linked: Vec<Option<LinkedProgram>>,
    by_pair: FxHashMap<ProgramKey, usize>,
    by_id: FxHashMap<ProgramId, usize>,
    constants: [ConstantFile; 2],
    generation: u64,
    /// Translations and links done (one per distinct pair, one more for its scissored
    /// variant where that is used).
    pub links: u64,
    /// Whether draws with a scissor rectangle into a multisampled target use programs with
    /// the per-pixel scissor test (see [`Programs::set_scissor_discard`]).
    scissor_discard: bool,
}

fn stage_index(kind: ProgramKind) -> usize {
    match kind {
        ProgramKind::Vertex => 0,
        ProgramKind::Fragment => 1,
    }
}

impl Programs {
    /// An empty cache writing `dialect`.
    pub fn new(dialect: Dialect) -> Programs {
        Programs {
            dialect,
            linked: Vec::new(),
            by_pair: FxHashMap::default(),
            by_id: FxHashMap::default(),
            constants: [ConstantFile::new(), ConstantFile::new()],
            generation: 0,
            links: 0,
            scissor_discard: false,
        }
    }

    /// Makes draws with a scissor rectangle into a multisampled target use a variant of each
    /// program that ends with `discard` outside the rectangle (`molehill_agal::glsl::Options::
    /// scissor_discard`), where the rasterizer's scissor test leaks at the rectangle's edges
    /// with multisampling (Mesa 22.3's llvmpipe). Other draws keep the plain program, so a
    /// frame without a scissor pays nothing. Takes effect for programs created afterwards.
    pub fn set_scissor_discard(&mut self, on: bool) {
        self.scissor_discard = on;
    }

    /// Whether [`set_scissor_discard`](Self::set_scissor_discard) is on.
    pub fn scissor_discard(&self) -> bool {
        self.scissor_discard
    }

    /// The dialect the programs are written in.
    pub fn dialect(&self) -> Dialect {
        self.dialect
    }

    /// Creates program `id` from a validated pair, translating and linking only when its
    /// key has not been seen.
    pub fn create(
        &mut self,
        gl: &mut Calls,
        id: ProgramId,
        program: &ProgramUpload<'_>,
    ) -> Result<(), BackendError> {
        let key = program.key();
        if let Some(&slot) = self.by_pair.get(key) {
            if let Some(Some(p)) = self.linked.get_mut(slot) {
                p.users += 1;
                self.by_id.insert(id, slot);
                return Ok(());
            }
        }
        let (vertex, fragment) = (program.vertex(), program.fragment());
        let shaders = molehill_agal::glsl::translate(vertex, fragment, &Options::new(self.dialect))
            .map_err(|e| BackendError::ShaderCompile {
                stage: ProgramKind::Vertex,
                log: format!("GLSL translation failed: {e}"),
            })?;
        let scissored_source = if self.scissor_discard {
            let options = Options::new(self.dialect).with_scissor_discard(true);
            molehill_agal::glsl::translate(vertex, fragment, &options)
                .ok()
                .map(Box::new)
        } else {
            None
        };
        let mut linked = link(gl, &shaders)?;
        linked.scissored_source = scissored_source;
        self.links += 1;
        let slot = match self.linked.iter().position(Option::is_none) {
            Some(free) => free,
            None => {
                self.linked.push(None);
                self.linked.len() - 1
            }
        };
        self.linked[slot] = Some(LinkedProgram { users: 1, ..linked });
        self.by_pair.insert(key.clone(), slot);
        self.by_id.insert(id, slot);
        Ok(())
    }

    /// Frees program `id`; the GL program goes when its last user does.
    pub fn dispose(&mut self, gl: &mut Calls, id: ProgramId) {
        let Some(slot) = self.by_id.remove(&id) else {
            return;
        };
        let Some(Some(p)) = self.linked.get_mut(slot) else {
            return;
        };
        p.users -= 1;
        if p.users == 0 {
            gl.delete_program(p.gl);
            if let Some(v) = &p.scissored {
                gl.delete_program(v.gl);
            }
            self.linked[slot] = None;
            self.by_pair.retain(|_, s| *s != slot);
        }
    }

    /// Frees everything (GL objects included).
    pub fn clear(&mut self, gl: Option<&mut Calls>) {
        if let Some(gl) = gl {
            for p in self.linked.iter().flatten() {
                gl.delete_program(p.gl);
                if let Some(v) = &p.scissored {
                    gl.delete_program(v.gl);
                }
            }
        }
        self.linked.clear();
        self.by_pair.clear();
        self.by_id.clear();
    }

    /// Records constant registers (they belong to the context, not to a program).
    pub fn set_constants(&mut self, kind: ProgramKind, first: u16, values: &[[f32; 4]]) {
        self.generation += 1;
        self.constants[stage_index(kind)].set(usize::from(first), values, self.generation);
    }

    /// Makes `id` current and uploads the constant registers it has not seen yet, one
    /// `glUniform4fv` per stage (see [`dirty_end`]). With `scissor` (`[x0, y0, x1, y1]` in GL
    /// window pixels) and [`set_scissor_discard`](Self::set_scissor_discard) on, the program's
    /// scissored variant is made current instead (linked now if it never was; the plain
    /// program when that fails) and its `agal_scissor` set.
    pub fn bind(
        &mut self,
        gl: &mut Calls,
        id: ProgramId,
        scissor: Option<[f32; 4]>,
    ) -> Option<&LinkedProgram> {
        let slot = *self.by_id.get(&id)?;
        let p = self.linked.get_mut(slot)?.as_mut()?;
        let mut variant = false;
        if let (Some(_), Some(source)) = (scissor, p.scissored_source.as_deref()) {
            if p.scissored.is_none() {
                match link(gl, source) {
                    Ok(mut v) => {
                        let name = v
                            .reflection
                            .scissor
                            .unwrap_or(molehill_agal::glsl::SCISSOR_UNIFORM);
                        v.scissor_uniform = gl
                            .uniform_location(v.gl, name)
                            .map(|loc| (loc, [f32::NAN; 4]));
                        p.scissored = Some(Box::new(v));
                        self.links += 1;
                    }
                    Err(e) => {
                        log::warn!("scissored program variant not linked: {e}");
                        p.scissored_source = None;
                    }
                }
            }
            variant = p.scissored.is_some();
        }
        let p: &mut LinkedProgram = if variant {
            p.scissored.as_deref_mut()?
        } else {
            p
        };
        gl.use_program(Some(p.gl));
        if let (Some(rect), Some((loc, last))) = (scissor, &mut p.scissor_uniform) {
            // NaN never compares equal: the first draw always sets it.
            if *last != rect {
                gl.uniform_vec4s(loc, &[rect]);
                *last = rect;
            }
        }
        for stage in 0..2 {
            if p.synced[stage] == self.generation {
                continue;
            }
            let (location, size) = if stage == 0 { &p.vc } else { &p.fc };
            let file = &self.constants[stage];
            let end = dirty_end(file, *size, p.synced[stage]);
            if let (Some(loc), true) = (location, end > 0) {
                gl.uniform_vec4s(loc, &file.values[..end]);
            }
            p.synced[stage] = self.generation;
        }
        Some(p)
    }
}

/// Compiles and links a translated pair, binds its fixed uniforms (sampler units and the
/// y flip) once, and locates each constant array (its element 0).
fn link(gl: &mut Calls, shaders: &Shaders) -> Result<LinkedProgram, BackendError> {
    log::debug!("vertex shader:\n{}", shaders.vertex);
    log::debug!("fragment shader:\n{}", shaders.fragment);
    let vs = gl
        .compile_shader(glow::VERTEX_SHADER, &shaders.vertex)
        .map_err(|log| BackendError::ShaderCompile {
            stage: ProgramKind::Vertex,
            log,
        })?;
    let fs = match gl.compile_shader(glow::FRAGMENT_SHADER, &shaders.fragment) {
        Ok(fs) => fs,
        Err(log) => {
            gl.delete_shader(vs);
            return Err(BackendError::ShaderCompile {
                stage: ProgramKind::Fragment,
                log,
            });
        }
    };
    let r = &shaders.reflection;
    let attributes: Vec<(u32, &str)> = r.attributes.iter().map(|a| (a.location, a.name)).collect();
    let program = gl
        .link_program(vs, fs, &attributes)
        .map_err(|log| BackendError::ShaderLink { log })?;
    let mut lookup = |file: &molehill_agal::glsl::ConstantFile| {
        if !file.is_used() {
            return (None, 0);
        }
        let base = gl.uniform_location(program, &format!("{}[0]", file.name));
        (base, usize::from(file.size))
    };
    let vc = lookup(&r.vertex_constants);
    let fc = lookup(&r.fragment_constants);
    gl.use_program(Some(program));
    for s in &r.samplers {
        if let Some(loc) = gl.uniform_location(program, s.name) {
            gl.uniform_int(&loc, i32::from(s.unit));
        }
    }
    if let Some(loc) = gl.uniform_location(program, r.y_flip) {
        // Every render target keeps Flash's top row at GL row 0 (see docs/gl.md).
        gl.uniform_float(&loc, -1.0);
    }
    Ok(LinkedProgram {
        gl: program,
        reflection: r.clone(),
        sampler_mask: r.samplers.iter().fold(0, |m, s| {
            m | 1u32.checked_shl(u32::from(s.unit)).unwrap_or(0)
        }),
        vc,
        fc,
        synced: [0, 0],
        users: 0,
        scissored_source: None,
        scissored: None,
        scissor_uniform: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pair() -> Shaders {
        let v = molehill_agal::asm::assemble(
            "mov op, va0\nmov v0, va1",
            ProgramKind::Vertex,
            molehill_agal::Version::V1,
        )
        .unwrap();
        let f = molehill_agal::asm::assemble(
            "mov oc, v0",
            ProgramKind::Fragment,
            molehill_agal::Version::V1,
        )
        .unwrap();
        molehill_agal::glsl::translate(&v, &f, &Options::default()).unwrap()
    }

    #[test]
    fn driver_refusals_carry_the_stage_and_the_driver_log() {
        let ctx = crate::context::GlContext::headless(&crate::context::ContextOptions::default())
            .expect("GL");
        let current = ctx.enter().expect("current");
        let mut holder = crate::gl::Gl::new(ctx);
        let gl = holder.current(current);
        assert!(link(gl, &pair()).is_ok());
        let mut bad = pair();
        bad.vertex = bad
            .vertex
            .replace("void main() {", "void main() { undeclared_name = 1.0;");
        match link(gl, &bad) {
            Err(BackendError::ShaderCompile {
                stage: ProgramKind::Vertex,
                log,
            }) => {
                assert!(log.contains("undeclared_name"), "{log}")
            }
            other => panic!("{other:?}"),
        }
        let mut bad = pair();
        bad.fragment = bad
            .fragment
            .replace("void main() {", "void main() { vec2 x = vec3(1.0);");
        assert!(
            matches!(link(gl, &bad), Err(BackendError::ShaderCompile { stage: ProgramKind::Fragment, ref log }) if !log.is_empty())
        );
        // A varying of another type in each stage compiles but does not link.
        let mut bad = pair();
        bad.fragment = bad
            .fragment
            .replace("oc0 = v0;", "oc0 = vec4(v0, 1.0);")
            .replace("in vec4 v0;", "in vec3 v0;");
        match link(gl, &bad) {
            Err(BackendError::ShaderLink { log }) => assert!(!log.is_empty()),
            other => panic!("{other:?}\n{}", bad.fragment),
        }
    }

    #[test]
    fn dirty_end_covers_the_last_register_written_since_and_respects_size() {
        let mut f = ConstantFile::new();
        f.set(0, &[[1.0; 4]; 3], 1);
        f.set(5, &[[2.0; 4]; 2], 2);
        f.set(9, &[[3.0; 4]; 4], 3);
        assert_eq!(dirty_end(&f, 128, 0), 13);
        assert_eq!(dirty_end(&f, 128, 1), 13);
        assert_eq!(dirty_end(&f, 128, 2), 13);
        assert_eq!(dirty_end(&f, 10, 2), 10);
        assert_eq!(dirty_end(&f, 8, 1), 7);
        assert_eq!(dirty_end(&f, 8, 2), 0);
        assert_eq!(dirty_end(&f, 4, 0), 3);
        assert_eq!(dirty_end(&f, 4, 1), 0);
        assert_eq!(dirty_end(&f, 128, 3), 0);
        assert_eq!(dirty_end(&f, 0, 0), 0);
    }
}
