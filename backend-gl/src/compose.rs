//! The optional compositing helper: draws up to four Stage3D layers (their frame textures)
//! into the host's framebuffer as Flash Player shows them, by the one rule of
//! [`context3d::stage`]: the stage colour, then each visible layer in stage order at its
//! `x`, `y`, clipped to the stage ([`context3d::stage::layer_destination`]), opaque (the
//! back buffer's alpha is ignored, colour copied as it is, nothing blended).
//!
//! The [`Compositor`] lives in the host's context (it is made and used with the host's glow
//! table, its context current). It draws into the draw framebuffer the host has bound, with
//! the stage's top-left corner at `origin` (top-left coordinates, rows down) of a framebuffer
//! `framebuffer_height` rows tall, and puts back every piece of GL state it changes: program,
//! vertex array, active texture unit, unit 0's 2D texture and sampler, viewport, scissor test
//! and box, blend, depth, stencil, cull, rasterizer-discard enables, colour mask and clear
//! colour. Frame textures of a backend in a sharing context are waited for
//! ([`crate::FrameTexture::wait`]) before they are sampled.

use context3d::stage::{layer_destination, LayerPlacement, StageLayout};
use glow::HasContext;

use crate::egl::GlApi;
use crate::frame::FrameTexture;

const VERTEX: &str = "void main() {
    vec2 p = vec2(float(gl_VertexID & 1), float(gl_VertexID >> 1));
    gl_Position = vec4(p * 2.0 - 1.0, 0.0, 1.0);
}
";

const FRAGMENT: &str = "precision highp float;
precision highp int;
uniform highp sampler2D layer;
// Texel = (frag.x + map.x, map.y - frag.y): the layer's rows are stored top first.
uniform ivec2 map;
out vec4 color;
void main() {
    ivec2 f = ivec2(gl_FragCoord.xy);
    color = vec4(texelFetch(layer, ivec2(f.x + map.x, map.y - f.y), 0).rgb, 1.0);
}
";

/// Why the compositor could not be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("compositor {step} failed: {log}")]
pub struct ComposeError {
    /// The step (`"vertex shader"`, `"fragment shader"`, `"link"`, `"create"`).
    pub step: &'static str,
    /// The driver's log or error.
    pub log: String,
}

/// Where the stage lands in the host's framebuffer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ComposeTarget {
    /// Height in rows of the host's bound draw framebuffer (to turn rows-down into GL's
    /// rows-up).
    pub framebuffer_height: u32,
    /// The stage's top-left corner in the framebuffer, top-left coordinates.
    pub origin: (i32, i32),
}

/// One layer to compose: where its `Stage3D` is and its last frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ComposeLayer {
    /// `Stage3D.x`, `y`, `visible`.
    pub placement: LayerPlacement,
    /// The frame ([`crate::GlBackend::frame`]).
    pub frame: FrameTexture,
}

/// The compositing program, in the host's context.
#[derive(Debug)]
pub struct Compositor {
    program: glow::Program,
    vao: glow::VertexArray,
    map: Option<glow::UniformLocation>,
}

impl Compositor {
    /// Makes the program in the host's context (`gl`, current), of the host's `api`.
    pub fn new(gl: &glow::Context, api: GlApi) -> Result<Compositor, ComposeError> {
        let version = match api {
            GlApi::Es30 => "#version 300 es\n",
            GlApi::Desktop33 => "#version 330 core\n",
        };
        let err = |step| move |log| ComposeError { step, log };
        // SAFETY: (whole block) the host's context is current (this function's contract); the
        // shaders are deleted after the link; the program and VAO are owned by the result.
        unsafe {
            let program = gl.create_program().map_err(err("create"))?;
            let mut shaders = Vec::new();
            for (kind, body, step) in [
                (glow::VERTEX_SHADER, VERTEX, "vertex shader"),
                (glow::FRAGMENT_SHADER, FRAGMENT, "fragment shader"),
            ] {
                let s = gl.create_shader(kind).map_err(err("create"))?;
                gl.shader_source(s, &format!("{version}{body}"));
                gl.compile_shader(s);
                if !gl.get_shader_compile_status(s) {
                    let log = gl.get_shader_info_log(s);
                    gl.delete_shader(s);
                    gl.delete_program(program);
                    return Err(ComposeError { step, log });
                }
                gl.attach_shader(program, s);
                shaders.push(s);
            }
            gl.link_program(program);
            for s in shaders {
                gl.detach_shader(program, s);
                gl.delete_shader(s);
            }
            if !gl.get_program_link_status(program) {
                let log = gl.get_program_info_log(program);
                gl.delete_program(program);
                return Err(ComposeError { step: "link", log });
            }
            let vao = match gl.create_vertex_array() {
                Ok(v) => v,
                Err(log) => {
                    gl.delete_program(program);
                    return Err(ComposeError {
                        step: "create",
                        log,
                    });
                }
            };
            let map = gl.get_uniform_location(program, "map");
            let layer = gl.get_uniform_location(program, "layer");
            let previous = gl.get_parameter_program(glow::CURRENT_PROGRAM);
            gl.use_program(Some(program));
            gl.uniform_1_i32(layer.as_ref(), 0);
            gl.use_program(previous);
            Ok(Compositor { program, vao, map })
        }
    }

    /// Draws the stage colour and `layers` (bottom first) into the host's bound draw
    /// framebuffer; puts back the state it changed (module docs). Layers past the fourth are
    /// drawn too (Flash has four; nothing here depends on it).
    pub fn draw(
        &self,
        gl: &glow::Context,
        stage: &StageLayout,
        target: ComposeTarget,
        layers: &[ComposeLayer],
    ) {
        let fb_h = target.framebuffer_height as i32;
        let (ox, oy) = target.origin;
        // GL's y of a rows-down rectangle's bottom edge.
        let gl_y = |top: i32, height: i32| fb_h - (top + height);
        // SAFETY: (whole block) the host's context is current (this function's contract); the
        // values queried are put back before returning; texture names come from backends on
        // this context or its share group.
        unsafe {
            let saved = Saved::read(gl);
            gl.disable(glow::BLEND);
            gl.disable(glow::DEPTH_TEST);
            gl.disable(glow::STENCIL_TEST);
            gl.disable(glow::CULL_FACE);
            gl.disable(glow::RASTERIZER_DISCARD);
            gl.color_mask(true, true, true, true);
            gl.enable(glow::SCISSOR_TEST);
            let (sw, sh) = (stage.width as i32, stage.height as i32);
            gl.scissor(ox, gl_y(oy, sh), sw, sh);
            let c = stage.color;
            let ch = |shift: u32| ((c >> shift) & 0xFF) as f32 / 255.0;
            gl.clear_color(ch(16), ch(8), ch(0), 1.0);
            gl.clear(glow::COLOR_BUFFER_BIT);
            gl.use_program(Some(self.program));
            gl.bind_vertex_array(Some(self.vao));
            gl.active_texture(glow::TEXTURE0);
            gl.bind_sampler(0, None);
            for layer in layers {
                let f = &layer.frame;
                let Some(d) = layer_destination(stage, &layer.placement, f.width, f.height) else {
                    continue;
                };
                f.wait(gl);
                let (dx, dy) = (ox + d.dst_x as i32, oy + d.dst_y as i32);
                let (w, h) = (d.width as i32, d.height as i32);
                gl.bind_texture(glow::TEXTURE_2D, Some(f.texture));
                gl.viewport(dx, gl_y(dy, h), w, h);
                gl.scissor(dx, gl_y(dy, h), w, h);
                gl.uniform_2_i32(
                    self.map.as_ref(),
                    d.src_x as i32 - dx,
                    d.src_y as i32 - dy + fb_h - 1,
                );
                gl.draw_arrays(glow::TRIANGLE_STRIP, 0, 4);
            }
            saved.restore(gl);
        }
    }

    /// Deletes the program (the host's context current).
    pub fn delete(self, gl: &glow::Context) {
        // SAFETY: the host's context is current; the objects are this compositor's.
        unsafe {
            gl.delete_program(self.program);
            gl.delete_vertex_array(self.vao);
        }
    }
}

/// The state [`Compositor::draw`] changes.
struct Saved {
    program: Option<glow::Program>,
    vao: Option<glow::VertexArray>,
    active: i32,
    texture: Option<glow::Texture>,
    sampler: Option<glow::Sampler>,
    viewport: [i32; 4],
    scissor: [i32; 4],
    caps: [(u32, bool); 6],
    color_mask: [bool; 4],
    clear: [f32; 4],
}

impl Saved {
    /// # Safety
    /// A context is current.
    unsafe fn read(gl: &glow::Context) -> Saved {
        let mut viewport = [0; 4];
        let mut scissor = [0; 4];
        let mut clear = [0.0; 4];
        // SAFETY: (whole block) the caller's context is current; plain queries.
        unsafe {
            gl.get_parameter_i32_slice(glow::VIEWPORT, &mut viewport);
            gl.get_parameter_i32_slice(glow::SCISSOR_BOX, &mut scissor);
            gl.get_parameter_f32_slice(glow::COLOR_CLEAR_VALUE, &mut clear);
            let active = gl.get_parameter_i32(glow::ACTIVE_TEXTURE);
            gl.active_texture(glow::TEXTURE0);
            let texture = gl.get_parameter_texture(glow::TEXTURE_BINDING_2D);
            let sampler = gl.get_parameter_sampler(glow::SAMPLER_BINDING);
            gl.active_texture(active as u32);
            Saved {
                program: gl.get_parameter_program(glow::CURRENT_PROGRAM),
                vao: gl.get_parameter_vertex_array(glow::VERTEX_ARRAY_BINDING),
                active,
                texture,
                sampler,
                viewport,
                scissor,
                caps: [
                    glow::BLEND,
                    glow::DEPTH_TEST,
                    glow::STENCIL_TEST,
                    glow::CULL_FACE,
                    glow::RASTERIZER_DISCARD,
                    glow::SCISSOR_TEST,
                ]
                .map(|c| (c, gl.is_enabled(c))),
                color_mask: gl.get_parameter_bool_array::<4>(glow::COLOR_WRITEMASK),
                clear,
            }
        }
    }

    /// # Safety
    /// The context of [`Saved::read`] is current.
    unsafe fn restore(&self, gl: &glow::Context) {
        // SAFETY: (whole block) the caller's context is current; the values were read from it.
        unsafe {
            gl.use_program(self.program);
            gl.bind_vertex_array(self.vao);
            gl.active_texture(glow::TEXTURE0);
            gl.bind_texture(glow::TEXTURE_2D, self.texture);
            gl.bind_sampler(0, self.sampler);
            gl.active_texture(self.active as u32);
            let [x, y, w, h] = self.viewport;
            gl.viewport(x, y, w, h);
            let [x, y, w, h] = self.scissor;
            gl.scissor(x, y, w, h);
            for (cap, on) in self.caps {
                if on {
                    gl.enable(cap)
                } else {
                    gl.disable(cap)
                }
            }
            let [r, g, b, a] = self.color_mask;
            gl.color_mask(r, g, b, a);
            let [r, g, b, a] = self.clear;
            gl.clear_color(r, g, b, a);
        }
    }
}
