//! The baseline: [`Renderer`] as a small hand-written GL program would do it, over
//! [`molehill_gl::raw`] (one GL call per method, no cache, no checks). It sets state when the
//! scenario sets it, draws into its own framebuffer with the same conventions as Molehill
//! (Flash's top row at GL row 0, `z' = 2z - w`, clockwise front faces), and uploads bgra
//! bytes as `GL_BGRA` where the context takes them (else through a reused swizzle buffer).
//!
//! It takes the scenario's numbers as the content gives them to a Flash player, AS3's
//! `Number` (`f64`), and converts them to `f32` in one tight loop into a reused buffer before
//! each vertex upload and `glUniform4fv`: the work any player must do with that data, so that
//! the ratio measures what Molehill adds to it.

use molehill_gl::raw::{
    glow, RawAttribute, RawGl, RawIndexBuffer, RawLayout, RawTarget, RawVertexBuffer,
};
use molehill_gl::ContextOptions;
use molehill_player::as3::unpremultiply;

use crate::renderer::{Attribute, Blend, Compare, Cull, Renderer, Sampling, Shader, SIDE};

/// `GL_BGRA_EXT` / `GL_BGRA` (the same value).
const BGRA: u32 = 0x80E1;

/// A linked program and its constant registers' locations.
#[derive(Debug)]
struct RawProgram {
    gl: glow::Program,
    vc: Vec<glow::UniformLocation>,
    fc: Vec<glow::UniformLocation>,
}

/// The scenarios drawn with plain GL.
#[derive(Debug)]
pub struct RawRenderer {
    gl: RawGl,
    target: RawTarget,
    programs: Vec<RawProgram>,
    program: usize,
    mesh: Option<(RawLayout, RawIndexBuffer)>,
    /// `(internal format, format)` of bgra uploads, when GL takes bgra.
    bgra: Option<(u32, u32)>,
    swizzled: Vec<u8>,
    /// The last `Number`s converted to `f32`.
    floats: Vec<f32>,
    color_mask: [bool; 4],
    depth_write: bool,
    scissor: Option<[i32; 4]>,
    /// What the frame set last, so that a setting repeated by the scenario issues nothing
    /// (a hand-written program knows what its frame changes).
    last: Last,
}

/// The last value of each setting (`None`: not set yet).
#[derive(Debug, Default)]
struct Last {
    blend: Option<Blend>,
    depth: Option<(bool, Compare)>,
    cull: Option<Cull>,
    program: Option<usize>,
    layout: Option<glow::VertexArray>,
    textures: [Option<glow::Texture>; 8],
}

fn gl_err(e: impl std::fmt::Display) -> String {
    format!("raw GL: {e}")
}

impl RawRenderer {
    /// A new headless context with a [`SIDE`]-square framebuffer.
    pub fn new() -> Result<RawRenderer, String> {
        let mut gl = RawGl::headless(&ContextOptions::default()).map_err(gl_err)?;
        let es = gl.context().info().api == molehill_gl::GlApi::Es30;
        let raw = gl.current().map_err(gl_err)?;
        let bgra = if !es {
            Some((glow::RGBA8, BGRA))
        } else if raw.has_extension("GL_EXT_texture_format_BGRA8888") {
            Some((BGRA, BGRA))
        } else {
            None
        };
        let target = raw.target(SIDE as i32, SIDE as i32).map_err(gl_err)?;
        raw.front_face(glow::CCW);
        Ok(RawRenderer {
            gl,
            target,
            programs: Vec::new(),
            program: 0,
            mesh: None,
            bgra,
            swizzled: Vec::new(),
            floats: Vec::new(),
            color_mask: [true; 4],
            depth_write: true,
            scissor: None,
            last: Last::default(),
        })
    }

    /// The context's version and renderer strings.
    pub fn driver(&self) -> String {
        let info = self.gl.context().info();
        format!("{} / {}", info.version, info.renderer)
    }

    /// Whether bgra bytes go to GL as they are.
    pub fn takes_bgra(&self) -> bool {
        self.bgra.is_some()
    }
}

/// The context's calls, without asking EGL: [`Renderer::begin_round`] made it current, as a
/// minimal program with one context does once (nothing is made current on the thread
/// during a round).
macro_rules! gl {
    ($self:ident) => {
        $self.gl.calls()
    };
}

/// `data` as `f32`s in `buffer` (reused between calls).
fn narrow<'a>(buffer: &'a mut Vec<f32>, data: &[f64]) -> &'a [f32] {
    buffer.clear();
    buffer.extend(data.iter().map(|&v| v as f32));
    buffer
}

fn compare(c: Compare) -> u32 {
    match c {
        Compare::Always => glow::ALWAYS,
        Compare::Less => glow::LESS,
        Compare::LessEqual => glow::LEQUAL,
    }
}

impl Renderer for RawRenderer {
    type Num = f64;
    type Program = usize;
    type Texture = glow::Texture;
    type Vertices = RawVertexBuffer;
    type Mesh = (RawLayout, RawIndexBuffer);

    fn begin_round(&mut self) -> Result<(), String> {
        self.gl.current().map_err(gl_err)?;
        Ok(())
    }

    fn program(&mut self, shader: &Shader) -> Result<usize, String> {
        let raw = gl!(self);
        let p = raw.program(shader.glsl_vertex, shader.glsl_fragment)?;
        let locate = |file: &str, n: u32| -> Vec<glow::UniformLocation> {
            (0..n)
                .filter_map(|i| raw.uniform_location(p, &format!("{file}[{i}]")))
                .collect()
        };
        let (vc, fc) = (locate("vc", shader.vc), locate("fc", shader.fc));
        raw.use_program(p);
        for s in 0..shader.samplers {
            if let Some(l) = raw.uniform_location(p, &format!("fs{s}")) {
                raw.uniform_1i(&l, s as i32);
            }
        }
        self.programs.push(RawProgram { gl: p, vc, fc });
        self.program = self.programs.len() - 1;
        self.last.program = Some(self.program);
        Ok(self.program)
    }

    fn texture(&mut self, side: u32, sampling: Sampling) -> Result<glow::Texture, String> {
        let filter = if sampling.linear {
            glow::LINEAR
        } else {
            glow::NEAREST
        };
        let wrap = if sampling.repeat {
            glow::REPEAT
        } else {
            glow::CLAMP_TO_EDGE
        };
        // Creating binds the texture on the active unit.
        self.last.textures = Default::default();
        gl!(self).texture(side as i32, side as i32, filter, wrap)
    }

    fn upload_texture(&mut self, t: glow::Texture, bgra: &[u8]) -> Result<(), String> {
        let side = ((bgra.len() / 4) as f64).sqrt() as i32;
        // Uploading binds the texture on the active unit.
        self.last.textures = Default::default();
        match self.bgra {
            Some((internal, format)) => {
                gl!(self).upload_texture(t, internal, format, side, side, bgra);
            }
            None => {
                self.swizzled.resize(bgra.len(), 0);
                for (o, i) in self.swizzled.chunks_exact_mut(4).zip(bgra.chunks_exact(4)) {
                    o.copy_from_slice(&[i[2], i[1], i[0], i[3]]);
                }
                let raw = gl!(self);
                raw.upload_texture(t, glow::RGBA8, glow::RGBA, side, side, &self.swizzled);
            }
        }
        Ok(())
    }

    fn vertices(
        &mut self,
        count: u32,
        per_vertex: u32,
        dynamic: bool,
    ) -> Result<RawVertexBuffer, String> {
        let usage = if dynamic {
            glow::DYNAMIC_DRAW
        } else {
            glow::STATIC_DRAW
        };
        gl!(self).vertex_buffer((count * per_vertex * 4) as usize, usage)
    }

    fn upload_vertices(&mut self, v: RawVertexBuffer, data: &[f64]) -> Result<(), String> {
        let floats = narrow(&mut self.floats, data);
        gl!(self).upload_vertices(&v, floats);
        Ok(())
    }

    fn mesh(
        &mut self,
        v: RawVertexBuffer,
        attributes: &[Attribute],
        indices: &[u16],
    ) -> Result<(RawLayout, RawIndexBuffer), String> {
        // Making the index buffer and the vertex array unbinds the current vertex array.
        self.last.layout = None;
        let raw = gl!(self);
        let ib = raw.index_buffer(indices)?;
        let stride = attributes
            .iter()
            .map(|a| (a.offset + a.size) * 4)
            .max()
            .unwrap_or(0) as usize;
        let attributes: Vec<RawAttribute> = attributes
            .iter()
            .enumerate()
            .map(|(slot, a)| RawAttribute {
                location: slot as u32,
                size: a.size as i32,
                stride,
                offset: a.offset as usize * 4,
            })
            .collect();
        Ok((raw.layout(&v, &attributes, &ib)?, ib))
    }

    fn clear(&mut self, rgba: [f32; 4]) -> Result<(), String> {
        let raw = gl!(self);
        // Clears cover the whole target: masks and scissor off, then back.
        raw.color_mask([true; 4]);
        raw.depth_mask(true);
        if self.scissor.is_some() {
            raw.enable(glow::SCISSOR_TEST, false);
        }
        raw.clear(rgba, 1.0, 0);
        raw.color_mask(self.color_mask);
        raw.depth_mask(self.depth_write);
        if self.scissor.is_some() {
            raw.enable(glow::SCISSOR_TEST, true);
        }
        Ok(())
    }

    fn blend(&mut self, blend: Blend) -> Result<(), String> {
        if self.last.blend.replace(blend) == Some(blend) {
            return Ok(());
        }
        let raw = gl!(self);
        let factors = match blend {
            Blend::Opaque => None,
            Blend::Premultiplied => Some((glow::ONE, glow::ONE_MINUS_SRC_ALPHA)),
            Blend::Alpha => Some((glow::SRC_ALPHA, glow::ONE_MINUS_SRC_ALPHA)),
            Blend::Add => Some((glow::ONE, glow::ONE)),
        };
        raw.enable(glow::BLEND, factors.is_some());
        if let Some((s, d)) = factors {
            raw.blend_func(s, d);
        }
        Ok(())
    }

    fn depth(&mut self, write: bool, c: Compare) -> Result<(), String> {
        if self.last.depth.replace((write, c)) == Some((write, c)) {
            return Ok(());
        }
        let raw = gl!(self);
        let test = c != Compare::Always || write;
        raw.enable(glow::DEPTH_TEST, test);
        if test {
            raw.depth_func(compare(c));
        }
        raw.depth_mask(write);
        self.depth_write = write;
        Ok(())
    }

    fn cull(&mut self, cull: Cull) -> Result<(), String> {
        if self.last.cull.replace(cull) == Some(cull) {
            return Ok(());
        }
        let raw = gl!(self);
        let face = match cull {
            Cull::None => None,
            Cull::Back => Some(glow::BACK),
            Cull::Front => Some(glow::FRONT),
        };
        raw.enable(glow::CULL_FACE, face.is_some());
        if let Some(f) = face {
            raw.cull_face(f);
        }
        Ok(())
    }

    fn scissor(&mut self, rect: Option<[i32; 4]>) -> Result<(), String> {
        if self.scissor == rect {
            return Ok(());
        }
        let raw = gl!(self);
        raw.enable(glow::SCISSOR_TEST, rect.is_some());
        if let Some([x, y, w, h]) = rect {
            raw.scissor(x, y, w, h);
        }
        self.scissor = rect;
        Ok(())
    }

    fn color_mask(&mut self, mask: [bool; 4]) -> Result<(), String> {
        if self.color_mask == mask {
            return Ok(());
        }
        gl!(self).color_mask(mask);
        self.color_mask = mask;
        Ok(())
    }

    fn use_program(&mut self, p: usize) -> Result<(), String> {
        let program = self.programs.get(p).ok_or("unknown program")?;
        if self.last.program.replace(p) == Some(p) {
            return Ok(());
        }
        gl!(self).use_program(program.gl);
        self.program = p;
        Ok(())
    }

    fn use_mesh(&mut self, m: (RawLayout, RawIndexBuffer)) -> Result<(), String> {
        self.mesh = Some(m);
        if self.last.layout.replace(m.0.vao()) == Some(m.0.vao()) {
            return Ok(());
        }
        gl!(self).bind_layout(&m.0);
        Ok(())
    }

    fn texture_at(&mut self, sampler: u32, t: Option<glow::Texture>) -> Result<(), String> {
        // A program that does not sample a unit ignores what is bound there.
        let Some(t) = t else { return Ok(()) };
        let last = self
            .last
            .textures
            .get_mut(sampler as usize)
            .ok_or("sampler")?;
        if last.replace(t) != Some(t) {
            gl!(self).bind_texture(sampler, t);
        }
        Ok(())
    }

    fn vertex_constants(&mut self, first: u32, data: &[f64]) -> Result<(), String> {
        let floats = narrow(&mut self.floats, data);
        let raw = gl!(self);
        if let Some(l) = self.programs[self.program].vc.get(first as usize) {
            raw.uniform_4fv(l, floats);
        }
        Ok(())
    }

    fn fragment_constants(&mut self, first: u32, data: &[f64]) -> Result<(), String> {
        let floats = narrow(&mut self.floats, data);
        let raw = gl!(self);
        if let Some(l) = self.programs[self.program].fc.get(first as usize) {
            raw.uniform_4fv(l, floats);
        }
        Ok(())
    }

    fn draw(&mut self, first_index: u32, triangles: u32) -> Result<(), String> {
        let (layout, ib) = self.mesh.as_ref().ok_or("no mesh")?;
        let raw = gl!(self);
        raw.draw(layout, ib, first_index as usize, triangles as usize * 3);
        Ok(())
    }

    fn present(&mut self) -> Result<(), String> {
        gl!(self).flush();
        Ok(())
    }

    fn picture(&mut self) -> Result<Vec<u32>, String> {
        let mut pixels = gl!(self).read_back(&self.target);
        // As Molehill's capture: unpremultiplied.
        for p in &mut pixels {
            *p = unpremultiply(*p);
        }
        Ok(pixels)
    }
}

impl Drop for RawRenderer {
    /// Leaves no context current: a context destroyed while current lives on until released,
    /// and Molehill's next call would take it for the host's and fail to make it current
    /// again (a logged `EGL_BAD_CONTEXT`).
    fn drop(&mut self) {
        if let Err(code) = molehill_gl::raw::release_current() {
            log::debug!("eglMakeCurrent(EGL_NO_CONTEXT): EGL error 0x{code:x}");
        }
    }
}
