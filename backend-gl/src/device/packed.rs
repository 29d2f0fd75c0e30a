//! `bgraPacked4444` render targets kept at 4 bits per channel where the driver does not: the
//! probe that finds out and the pass that rounds. When the pass runs, and why that is exact, is
//! context3d's rule for both backends (`molehill_context3d::targets::QuantiseSchedule`, which
//! `targets.rs` follows; its module docs hold the proof).
//!
//! A `bgraPacked4444` texture is stored as `GL_RGBA4`, and Flash's D3D9 A4R4G4B4 surface keeps
//! 4 bits per channel as a render target too. Mesa (llvmpipe) does so; NVIDIA's driver (580,
//! H200) stores `GL_RGBA4` with 8 bits per channel (and says 8 in
//! `GL_FRAMEBUFFER_ATTACHMENT_*_SIZE`, which is logged but not trusted: a driver may report the
//! size asked for). At the first such target ([`Rgba4::decide`]) a 1x1 `GL_RGBA4` target is
//! cleared to blue 0.5625 and read back: 136 (8 x 17) is 4 bits, 143 (`round(0.5625 x 255)`)
//! more. Only where the driver keeps more bits (or where [`Rgba4Targets::Quantise`] forces it)
//! are the target's 4444 slots quantised ([`Rgba4::quantise`]): each is blitted to a scratch
//! RGBA8 texture and drawn back with each channel rounded, `round(15 c) / 15`. On a driver that
//! keeps 4 bits nothing of this runs (no pass, no object made). A clear gives a 4444 slot the
//! colour a 4-bit surface keeps (`Packing::clear_color`, in `targets.rs`).
//!
//! An anti-aliased target draws into a multisampled surface resolved into the texture when the
//! target changes. Where the context has per-sample shading and multisampled textures (GL ES
//! 3.2, desktop GL 4.0 or `GL_ARB_sample_shading`: NVIDIA's and Mesa's do), its 4444 slots
//! are two multisampled `GL_RGBA4` textures ([`SampleSlot`]) instead of a renderbuffer: a pass
//! draws the attached one into the other, each sample rounded (the program reads
//! `gl_SampleID`), and attaches that one in its place (no copy, no feedback loop), when the
//! schedule says; the resolved texture is rounded after each resolve, the average of the
//! rounded samples rounded, as a 4-bit multisampled surface resolved into a 4-bit texture.
//! Elsewhere the renderbuffer stays and only the resolved texture is rounded (logged): blending
//! inside such a target then reads 8-bit samples.
//!
//! The pass binds its multisampled texture to unit 0's `GL_TEXTURE_2D_MULTISAMPLE`, which the
//! state cache does not shadow: it asks GL what is bound there first and binds that again
//! after its draws (in a host's context, the host's texture).

use super::fixed::FixedState;
use crate::context::{GlApi, Rgba4Targets};
use crate::gl::Calls;

/// The environment variable that overrides [`Rgba4Targets::Probe`] (the default option):
/// `quantise`, `native` or `probe`.
pub const RGBA4_ENV: &str = "MOLEHILL_GL_RGBA4";

/// The probe's clear: blue 0.5625 is 8.4375 in 4 bits (8 whether rounded or truncated, 136 in
/// 8 bits), and 143 in 8 bits.
const PROBE_BLUE: f32 = 0.5625;

/// `GL_FRAMEBUFFER_ATTACHMENT_{RED,GREEN,BLUE,ALPHA}_SIZE`.
const ATTACHMENT_SIZES: [u32; 4] = [0x8212, 0x8213, 0x8214, 0x8215];

const VERTEX: &str = "
void main() {
    gl_Position = vec4(float((gl_VertexID & 1) * 4 - 1), float((gl_VertexID >> 1) * 4 - 1), 0.0, 1.0);
}
";

/// The rounding fragment program: every output the same rounded colour (the pass enables one
/// draw buffer at a time), read from `copy` (`sampler` in GLSL) at `sample` (a level or
/// `gl_SampleID`).
fn fragment(sampler: &str, sample: &str) -> String {
    format!(
        "
uniform highp {sampler} copy;
layout(location = 0) out highp vec4 o0;
layout(location = 1) out highp vec4 o1;
layout(location = 2) out highp vec4 o2;
layout(location = 3) out highp vec4 o3;
void main() {{
    highp vec4 q = floor(texelFetch(copy, ivec2(gl_FragCoord.xy), {sample}) * 15.0 + 0.5) / 15.0;
    o0 = q;
    o1 = q;
    o2 = q;
    o3 = q;
}}
"
    )
}

/// Single-sampled: the copy's level 0.
fn fragment_single() -> String {
    fragment("sampler2D", "0")
}

/// The same, sample by sample: the program runs per sample (it reads `gl_SampleID`) and each
/// sample gets its own copy's sample, rounded.
fn fragment_samples() -> String {
    fragment("sampler2DMS", "gl_SampleID")
}

/// The two multisampled textures of a 4444 slot of an anti-aliased target rounded sample by
/// sample: `current` is attached; a pass draws it rounded into `spare`, attached in its
/// place, and the two change roles.
#[derive(Debug, Clone, Copy)]
pub struct SampleSlot {
    /// The texture attached and drawn into.
    pub current: glow::Texture,
    /// The texture the next pass draws into.
    pub spare: glow::Texture,
}

/// Compiles and links a pass program (`header`, then the shared vertex stage or `fragment`).
fn link(gl: &mut Calls, header: &str, fragment: &str) -> Result<glow::Program, String> {
    let vs = gl.compile_shader(glow::VERTEX_SHADER, &format!("{header}{VERTEX}"))?;
    let fs = match gl.compile_shader(glow::FRAGMENT_SHADER, &format!("{header}{fragment}")) {
        Ok(fs) => fs,
        Err(e) => {
            gl.delete_shader(vs);
            return Err(e);
        }
    };
    gl.link_program(vs, fs, &[])
}

/// The shader header of the per-sample pass, where the context has per-sample shading and
/// multisampled textures (GL ES 3.2; desktop GL 4.0 or `GL_ARB_sample_shading`).
fn sample_header(gl: &mut Calls) -> Option<&'static str> {
    let version = (
        gl.get_integer(glow::MAJOR_VERSION),
        gl.get_integer(glow::MINOR_VERSION),
    );
    match gl.context().info().api {
        GlApi::Es30 => (version >= (3, 2)).then_some(
            "#version 320 es\nprecision highp float;\nprecision highp int;\nprecision highp sampler2DMS;\n",
        ),
        GlApi::Desktop33 if version >= (4, 0) => Some("#version 400 core\n"),
        GlApi::Desktop33 => gl
            .has_extension("GL_ARB_sample_shading")
            .then_some("#version 330 core\n#extension GL_ARB_sample_shading : require\n"),
    }
}

/// The scratch texture an attachment is copied into, and its framebuffer.
#[derive(Debug)]
struct Scratch {
    texture: glow::Texture,
    fbo: glow::Framebuffer,
    width: i32,
    height: i32,
}

/// The quantising programs and what they draw with.
#[derive(Debug)]
struct Pass {
    program: glow::Program,
    /// The per-sample program, linked at the first anti-aliased target rounded.
    samples: Option<glow::Program>,
    vao: glow::VertexArray,
    scratch: Option<Scratch>,
}

impl Pass {
    fn new(gl: &mut Calls) -> Result<Pass, String> {
        let header = match gl.context().info().api {
            GlApi::Es30 => "#version 300 es\nprecision highp float;\nprecision highp int;\n",
            GlApi::Desktop33 => "#version 330 core\n",
        };
        let program = link(gl, header, &fragment_single())?;
        match gl.create_vertex_array() {
            Ok(vao) => Ok(Pass {
                program,
                samples: None,
                vao,
                scratch: None,
            }),
            Err(e) => {
                gl.delete_program(program);
                Err(e)
            }
        }
    }

    /// The scratch framebuffer, at least `width` x `height` (made or grown here).
    fn scratch(&mut self, gl: &mut Calls, width: i32, height: i32) -> Result<&Scratch, String> {
        let fits = self
            .scratch
            .as_ref()
            .is_some_and(|s| s.width >= width && s.height >= height);
        if !fits {
            let (w, h) = match &self.scratch {
                Some(s) => (s.width.max(width), s.height.max(height)),
                None => (width, height),
            };
            let (texture, fbo) = match self.scratch.take() {
                Some(s) => (s.texture, s.fbo),
                None => {
                    let texture = gl.create_texture()?;
                    let fbo = match gl.create_framebuffer() {
                        Ok(f) => f,
                        Err(e) => {
                            gl.delete_texture(texture);
                            return Err(e);
                        }
                    };
                    (texture, fbo)
                }
            };
            gl.bind_texture_to_edit(glow::TEXTURE_2D, texture);
            for p in [glow::TEXTURE_MIN_FILTER, glow::TEXTURE_MAG_FILTER] {
                gl.tex_parameter(glow::TEXTURE_2D, p, glow::NEAREST as i32);
            }
            // No data: only the part a blit has just written is ever read.
            gl.tex_image_2d(
                glow::TEXTURE_2D,
                0,
                glow::RGBA8,
                w,
                h,
                glow::RGBA,
                glow::UNSIGNED_BYTE,
                None,
            );
            gl.bind_draw_framebuffer(Some(fbo));
            gl.framebuffer_texture(glow::COLOR_ATTACHMENT0, glow::TEXTURE_2D, Some(texture));
            let status = gl.framebuffer_status();
            self.scratch = Some(Scratch {
                texture,
                fbo,
                width: w,
                height: h,
            });
            if status != glow::FRAMEBUFFER_COMPLETE {
                return Err(format!("scratch framebuffer incomplete (0x{status:x})"));
            }
        }
        self.scratch
            .as_ref()
            .ok_or_else(|| "no scratch framebuffer".to_string())
    }

    fn delete(self, gl: &mut Calls) {
        gl.delete_program(self.program);
        if let Some(p) = self.samples {
            gl.delete_program(p);
        }
        gl.delete_vertex_array(self.vao);
        if let Some(s) = self.scratch {
            gl.delete_framebuffer(s.fbo);
            gl.delete_texture(s.texture);
        }
    }
}

/// Whether 4444 targets are quantised, the pass's objects, and the passes run.
#[derive(Debug, Default)]
pub struct Rgba4 {
    mode: Rgba4Targets,
    /// What the probe found: `true` when the driver stores more than 4 bits.
    probed: Option<bool>,
    pass: Option<Pass>,
    /// The pass could not be made: logged once, not tried again.
    broken: bool,
    /// The per-sample pass's shader header where the context has what it needs (`None`:
    /// not asked yet).
    sample_header: Option<Option<&'static str>>,
    /// Quantising passes run (one per 4444 attachment rounded, texture or samples).
    pub passes: u64,
}

impl Rgba4 {
    /// Sets how targets are kept (the option); the environment variable overrides
    /// [`Rgba4Targets::Probe`].
    pub fn set_mode(&mut self, mode: Rgba4Targets) {
        let env = std::env::var(RGBA4_ENV).ok();
        if mode != Rgba4Targets::Probe && env.is_some() {
            // After the line `chosen` logged at device creation: the option wins.
            log::info!(
                "molehill-gl: 4444 render targets {mode:?} (the option; {RGBA4_ENV} ignored)"
            );
        }
        self.mode = chosen(mode, env.as_deref());
    }

    /// Whether targets are quantised, `None` until the probe ran (mode `Probe`, no 4444
    /// target made yet).
    pub fn quantising(&self) -> Option<bool> {
        match self.mode {
            Rgba4Targets::Probe => self.probed,
            Rgba4Targets::Quantise => Some(true),
            Rgba4Targets::Native => Some(false),
        }
    }

    /// Decides (probing the driver once, in mode `Probe`) whether 4444 targets are quantised.
    pub fn decide(&mut self, gl: &mut Calls) -> bool {
        if let Some(q) = self.quantising() {
            return q;
        }
        let q = probe(gl);
        self.probed = Some(q);
        q
    }

    /// Rounds each attachment of `slots` (bit `i`: `COLOR_ATTACHMENTi`) of `fbo` (`width` x
    /// `height`, drawing into `draw_buffers`, which are set again after) to 4 bits.
    pub fn quantise(
        &mut self,
        gl: &mut Calls,
        fbo: glow::Framebuffer,
        slots: u8,
        draw_buffers: &[u32],
        (width, height): (i32, i32),
    ) {
        if slots == 0 {
            return;
        }
        let Some(pass) = self.pass(gl) else {
            return;
        };
        let scratch = match pass.scratch(gl, width, height) {
            Ok(s) => (s.fbo, s.texture),
            Err(e) => {
                log::error!("molehill-gl: 4-bit quantising skipped: {e}");
                return;
            }
        };
        let (program, vao) = (pass.program, pass.vao);
        let rect = [0, 0, width, height];
        for i in 0..4u32 {
            if slots & (1 << i) == 0 {
                continue;
            }
            let attachment = glow::COLOR_ATTACHMENT0 + i;
            gl.bind_read_framebuffer(Some(fbo));
            gl.read_buffer(attachment);
            gl.bind_draw_framebuffer(Some(scratch.0));
            gl.blit(rect, rect, glow::COLOR_BUFFER_BIT, glow::NEAREST);
            gl.bind_draw_framebuffer(Some(fbo));
            full_target_state(gl, i, rect, program, vao);
            gl.bind_texture(0, glow::TEXTURE_2D, Some(scratch.1));
            gl.draw_arrays_triangles(3);
            self.passes += 1;
        }
        gl.read_buffer(glow::COLOR_ATTACHMENT0);
        gl.draw_buffers(draw_buffers);
    }

    /// The pass's objects, made at the first pass (`None`: they cannot be, logged once).
    fn pass(&mut self, gl: &mut Calls) -> Option<&mut Pass> {
        if self.broken {
            return None;
        }
        if self.pass.is_none() {
            match Pass::new(gl) {
                Ok(p) => self.pass = Some(p),
                Err(e) => {
                    log::error!("molehill-gl: the 4-bit quantising pass cannot be made: {e}");
                    self.broken = true;
                    return None;
                }
            }
        }
        self.pass.as_mut()
    }

    /// Whether an anti-aliased 4444 target is rounded sample by sample (quantising, and the
    /// context has per-sample shading and multisampled textures); else only its resolved
    /// texture is.
    pub fn per_sample(&mut self, gl: &mut Calls) -> bool {
        if self.quantising() != Some(true) {
            return false;
        }
        let header = *self.sample_header.get_or_insert_with(|| {
            let h = sample_header(gl);
            if h.is_none() {
                log::warn!(
                    "molehill-gl: no per-sample shading: anti-aliased 4444 targets are rounded after their resolve only"
                );
            }
            h
        });
        header.is_some()
    }

    /// A multisampled `GL_RGBA4` texture for a slot rounded sample by sample.
    pub fn sample_texture(
        &mut self,
        gl: &mut Calls,
        samples: i32,
        (width, height): (i32, i32),
    ) -> Result<glow::Texture, String> {
        let storage = gl.context().info().api == GlApi::Es30;
        gl.create_multisample_texture(glow::RGBA4, samples, width, height, storage)
    }

    /// Rounds each sample of the slots of `fbo` (multisampled, drawing into `draw_buffers`,
    /// set again after) that have [`SampleSlot`]s: each is drawn, rounded, into its spare
    /// texture, which takes its place.
    pub fn quantise_samples(
        &mut self,
        gl: &mut Calls,
        fbo: glow::Framebuffer,
        slots: &mut [Option<SampleSlot>; 4],
        draw_buffers: &[u32],
        size: (i32, i32),
    ) {
        if slots.iter().all(Option::is_none) {
            return;
        }
        let Some(header) = self.sample_header.flatten() else {
            return;
        };
        let Some(pass) = self.pass(gl) else {
            return;
        };
        let program = match pass.samples {
            Some(p) => p,
            None => match link(gl, header, &fragment_samples()) {
                Ok(p) => *pass.samples.insert(p),
                Err(e) => {
                    log::error!("molehill-gl: the per-sample 4-bit pass cannot be made: {e}");
                    self.sample_header = Some(None);
                    return;
                }
            },
        };
        let vao = pass.vao;
        let rect = [0, 0, size.0, size.1];
        // Not shadowed: what is bound there (a host's texture, or none) is bound again after.
        let before = gl.multisample_texture_binding();
        gl.bind_draw_framebuffer(Some(fbo));
        for (i, slot) in slots.iter_mut().enumerate() {
            let Some(s) = slot else { continue };
            let attachment = glow::COLOR_ATTACHMENT0 + i as u32;
            gl.framebuffer_texture(attachment, glow::TEXTURE_2D_MULTISAMPLE, Some(s.spare));
            full_target_state(gl, i as u32, rect, program, vao);
            gl.bind_multisample_texture(Some(s.current));
            gl.draw_arrays_triangles(3);
            *s = SampleSlot {
                current: s.spare,
                spare: s.current,
            };
            self.passes += 1;
        }
        gl.bind_multisample_texture(before);
        gl.draw_buffers(draw_buffers);
    }

    /// Frees the pass's objects (`gl` None: the context is gone); the decision stays.
    pub fn clear(&mut self, gl: Option<&mut Calls>) {
        if let (Some(p), Some(gl)) = (self.pass.take(), gl) {
            p.delete(gl);
        }
    }
}

/// The state of a pass's draw over the whole bound framebuffer into its slot `i` only, with
/// `program` and `vao`: no blending, depth, stencil, culling or scissor, every channel
/// written, unit 0 without a sampler object.
fn full_target_state(
    gl: &mut Calls,
    i: u32,
    rect: [i32; 4],
    program: glow::Program,
    vao: glow::VertexArray,
) {
    let mut only = [glow::NONE; 4];
    only[i as usize] = glow::COLOR_ATTACHMENT0 + i;
    gl.draw_buffers(&only[..=i as usize]);
    gl.viewport(rect);
    gl.blend(None);
    gl.color_mask([true; 4]);
    gl.cull(None, super::conv::FRONT_FACE);
    gl.depth(None, false);
    gl.stencil_test(false);
    gl.scissor(None);
    gl.use_program(Some(program));
    gl.bind_vertex_array(Some(vao));
    gl.bind_sampler(0, None);
}

/// The mode for the option `mode` and the value of [`RGBA4_ENV`] (`None`: unset): the
/// variable replaces [`Rgba4Targets::Probe`] only; a value it does not name is ignored (logged).
fn chosen(mode: Rgba4Targets, env: Option<&str>) -> Rgba4Targets {
    let Some(v) = env.filter(|_| mode == Rgba4Targets::Probe) else {
        return mode;
    };
    match Rgba4Targets::from_name(v) {
        Some(m) => {
            log::info!("molehill-gl: {RGBA4_ENV}={v}: 4444 render targets {m:?}");
            m
        }
        None => {
            log::warn!("molehill-gl: {RGBA4_ENV}={v} ignored (quantise, native or probe)");
            mode
        }
    }
}

/// Whether the probe's blue, read back in 8 bits, was stored with more than 4 bits: 4 bits
/// store 8 / 15, read back as 136; anything not a multiple of 17 kept more bits.
fn keeps_more_bits(blue: u8) -> bool {
    !blue.is_multiple_of(17)
}

/// Whether the driver stores `GL_RGBA4` with more than 4 bits per channel: a 1x1 `GL_RGBA4`
/// target cleared to blue 0.5625 and read back. Logged (with the sizes the driver reports,
/// which it may report as asked whatever it stores).
fn probe(gl: &mut Calls) -> bool {
    let Ok(texture) = gl.create_texture() else {
        log::warn!("molehill-gl: GL_RGBA4 probe: no texture; 4444 targets trusted to keep 4 bits");
        return false;
    };
    gl.bind_texture_to_edit(glow::TEXTURE_2D, texture);
    gl.tex_image_2d(
        glow::TEXTURE_2D,
        0,
        glow::RGBA4,
        1,
        1,
        glow::RGBA,
        glow::UNSIGNED_SHORT_4_4_4_4,
        Some(&[0, 0]),
    );
    let Ok(fbo) = gl.create_framebuffer() else {
        gl.delete_texture(texture);
        log::warn!(
            "molehill-gl: GL_RGBA4 probe: no framebuffer; 4444 targets trusted to keep 4 bits"
        );
        return false;
    };
    gl.bind_draw_framebuffer(Some(fbo));
    gl.framebuffer_texture(glow::COLOR_ATTACHMENT0, glow::TEXTURE_2D, Some(texture));
    let status = gl.framebuffer_status();
    let mut px = [0u8; 4];
    let mut sizes = [0; 4];
    if status == glow::FRAMEBUFFER_COMPLETE {
        sizes = ATTACHMENT_SIZES
            .map(|p| gl.framebuffer_attachment_parameter(glow::COLOR_ATTACHMENT0, p));
        FixedState::apply_for_clear(gl);
        gl.clear([0.0, 0.0, PROBE_BLUE, 1.0], 1.0, 0, glow::COLOR_BUFFER_BIT);
        gl.bind_read_framebuffer(Some(fbo));
        gl.read_buffer(glow::COLOR_ATTACHMENT0);
        gl.read_pixels([0, 0, 1, 1], &mut px);
    }
    gl.delete_framebuffer(fbo);
    gl.delete_texture(texture);
    if status != glow::FRAMEBUFFER_COMPLETE {
        log::warn!(
            "molehill-gl: GL_RGBA4 probe: framebuffer incomplete (0x{status:x}); 4444 targets trusted to keep 4 bits"
        );
        return false;
    }
    let more = keeps_more_bits(px[2]);
    log::info!(
        "molehill-gl: GL_RGBA4 render target probe: cleared blue {PROBE_BLUE} reads {} (4 bits: 136), \
         the driver reports {sizes:?} bits: {}",
        px[2],
        if more {
            "stored with more than 4 bits, 4444 targets are quantised"
        } else {
            "4 bits kept, nothing to do"
        }
    );
    more
}

#[cfg(test)]
mod tests;
