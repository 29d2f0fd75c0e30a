//! The compositing helper ([`Compositor`], whose docs hold the contract): Stage3D layers drawn
//! into the host's framebuffer with the host's glow table.

use glow::HasContext;
use molehill_context3d::stage::{layer_destination, LayerPlacement, StageLayout};

use super::frame::FrameTexture;
use crate::context::GlApi;

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

/// The optional compositing helper: draws up to four Stage3D layers (their frame textures)
/// into the host's framebuffer as Flash Player shows them, by the one rule of
/// [`molehill_context3d::stage`]: the stage colour, then each visible layer in stage order at its
/// `x`, `y`, clipped to the stage ([`molehill_context3d::stage::layer_destination`]), opaque (the
/// back buffer's alpha is ignored, colour copied as it is, nothing blended).
///
/// It lives in the host's context (it is made and used with the host's glow
/// table, its context current). It draws into the draw framebuffer the host has bound, with
/// the stage's top-left corner at `origin` (top-left coordinates, rows down) of a framebuffer
/// `framebuffer_height` rows tall, and puts back every piece of GL state it changes: program,
/// vertex array, active texture unit, unit 0's 2D texture and sampler, viewport, scissor test
/// and box, blend, depth, stencil, cull, rasterizer-discard enables, colour mask and clear
/// colour. Frame textures of a backend in a sharing context are waited for
/// ([`crate::FrameTexture::wait`]) before they are sampled.
#[derive(Debug)]
pub struct Compositor {
    program: glow::Program,
    vao: glow::VertexArray,
    map: Option<glow::UniformLocation>,
}

impl Compositor {
    /// Makes the program in the host's context (`gl`, current), of the host's `api`.
    ///
    /// Every unsafe block below is one GL call with the host's context current (this
    /// function's contract), on objects made here.
    pub fn new(gl: &glow::Context, api: GlApi) -> Result<Compositor, ComposeError> {
        let version = match api {
            GlApi::Es30 => "#version 300 es\n",
            GlApi::Desktop33 => "#version 330 core\n",
        };
        let err = |step| move |log| ComposeError { step, log };
        // SAFETY: see above.
        let program = unsafe { gl.create_program() }.map_err(err("create"))?;
        let delete_program = || {
            // SAFETY: see above; the program made here, not used after.
            unsafe { gl.delete_program(program) }
        };
        for (kind, body, step) in [
            (glow::VERTEX_SHADER, VERTEX, "vertex shader"),
            (glow::FRAGMENT_SHADER, FRAGMENT, "fragment shader"),
        ] {
            // SAFETY: see above.
            let shader = match unsafe { gl.create_shader(kind) } {
                Ok(shader) => shader,
                Err(log) => {
                    delete_program();
                    return Err(ComposeError { step, log });
                }
            };
            // SAFETY: see above.
            unsafe { gl.shader_source(shader, &format!("{version}{body}")) };
            // SAFETY: see above.
            unsafe { gl.compile_shader(shader) };
            // SAFETY: see above.
            let compiled = unsafe { gl.get_shader_compile_status(shader) };
            // SAFETY: see above.
            let log = (!compiled).then(|| unsafe { gl.get_shader_info_log(shader) });
            if compiled {
                // SAFETY: see above.
                unsafe { gl.attach_shader(program, shader) };
            }
            // SAFETY: see above; an attached shader is only flagged for deletion, and goes
            // with the program.
            unsafe { gl.delete_shader(shader) };
            if let Some(log) = log {
                delete_program();
                return Err(ComposeError { step, log });
            }
        }
        // SAFETY: see above.
        unsafe { gl.link_program(program) };
        // SAFETY: see above.
        if !unsafe { gl.get_program_link_status(program) } {
            // SAFETY: see above.
            let log = unsafe { gl.get_program_info_log(program) };
            delete_program();
            return Err(ComposeError { step: "link", log });
        }
        // SAFETY: see above.
        let vao = match unsafe { gl.create_vertex_array() } {
            Ok(v) => v,
            Err(log) => {
                delete_program();
                return Err(ComposeError {
                    step: "create",
                    log,
                });
            }
        };
        // SAFETY: see above.
        let map = unsafe { gl.get_uniform_location(program, "map") };
        // SAFETY: see above.
        let layer = unsafe { gl.get_uniform_location(program, "layer") };
        // SAFETY: see above.
        let previous = unsafe { gl.get_parameter_program(glow::CURRENT_PROGRAM) };
        // SAFETY: see above.
        unsafe { gl.use_program(Some(program)) };
        // SAFETY: see above; the sampler uniform of the program in use.
        unsafe { gl.uniform_1_i32(layer.as_ref(), 0) };
        // SAFETY: see above; the host's program (or none) as GL reported it.
        unsafe { gl.use_program(previous) };
        Ok(Compositor { program, vao, map })
    }

    /// Draws the stage colour and `layers` (bottom first) into the host's bound draw
    /// framebuffer; puts back the state it changed (module docs). Layers past the fourth are
    /// drawn too (Flash has four; nothing here depends on it). The host's context (`gl`) must
    /// be current; frame textures come from backends on it or on its share group.
    ///
    /// Every unsafe block below is one GL call with the host's context current, on this
    /// compositor's objects and live frame textures.
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
        let saved = Saved::read(gl);
        for (cap, on) in saved.caps {
            if on != (cap == glow::SCISSOR_TEST) {
                set_cap(gl, cap, cap == glow::SCISSOR_TEST);
            }
        }
        // SAFETY: see above.
        unsafe { gl.color_mask(true, true, true, true) };
        let (sw, sh) = (stage.width as i32, stage.height as i32);
        // SAFETY: see above.
        unsafe { gl.scissor(ox, gl_y(oy, sh), sw, sh) };
        let c = stage.color;
        let ch = |shift: u32| ((c >> shift) & 0xFF) as f32 / 255.0;
        // SAFETY: see above.
        unsafe { gl.clear_color(ch(16), ch(8), ch(0), 1.0) };
        // SAFETY: see above.
        unsafe { gl.clear(glow::COLOR_BUFFER_BIT) };
        // SAFETY: see above.
        unsafe { gl.use_program(Some(self.program)) };
        // SAFETY: see above.
        unsafe { gl.bind_vertex_array(Some(self.vao)) };
        // SAFETY: see above.
        unsafe { gl.active_texture(glow::TEXTURE0) };
        // SAFETY: see above; unit 0.
        unsafe { gl.bind_sampler(0, None) };
        for layer in layers {
            let f = &layer.frame;
            let Some(d) = layer_destination(stage, &layer.placement, f.width, f.height) else {
                continue;
            };
            f.wait(gl);
            let (dx, dy) = (ox + d.dst_x as i32, oy + d.dst_y as i32);
            let (w, h) = (d.width as i32, d.height as i32);
            // SAFETY: see above; a frame texture of the share group.
            unsafe { gl.bind_texture(glow::TEXTURE_2D, Some(f.texture)) };
            // SAFETY: see above.
            unsafe { gl.viewport(dx, gl_y(dy, h), w, h) };
            // SAFETY: see above.
            unsafe { gl.scissor(dx, gl_y(dy, h), w, h) };
            let (mx, my) = (d.src_x as i32 - dx, d.src_y as i32 - dy + fb_h - 1);
            // SAFETY: see above; the compositor's program is in use.
            unsafe { gl.uniform_2_i32(self.map.as_ref(), mx, my) };
            // SAFETY: see above; no attributes are read (positions from gl_VertexID).
            unsafe { gl.draw_arrays(glow::TRIANGLE_STRIP, 0, 4) };
        }
        saved.restore(gl);
    }

    /// Deletes the program (the host's context current).
    pub fn delete(self, gl: &glow::Context) {
        // SAFETY: the host's context is current; the program is this compositor's.
        unsafe { gl.delete_program(self.program) };
        // SAFETY: the host's context is current; the vertex array is this compositor's.
        unsafe { gl.delete_vertex_array(self.vao) };
    }
}

fn set_cap(gl: &glow::Context, cap: u32, on: bool) {
    if on {
        // SAFETY: the host's context is current (callers' contract); a GL ES 3.0 capability.
        unsafe { gl.enable(cap) }
    } else {
        // SAFETY: as above.
        unsafe { gl.disable(cap) }
    }
}

/// The state [`Compositor::draw`] changes. Every unsafe block below is one GL call with the
/// host's context current ([`Compositor::draw`]'s contract), putting back values GL reported.
struct Saved {
    program: Option<glow::Program>,
    vao: Option<glow::VertexArray>,
    active: u32,
    texture: Option<glow::Texture>,
    sampler: Option<glow::Sampler>,
    viewport: [i32; 4],
    scissor: [i32; 4],
    caps: [(u32, bool); 6],
    color_mask: [bool; 4],
    clear: [f32; 4],
}

impl Saved {
    fn read(gl: &glow::Context) -> Saved {
        let ints4 = |p: u32| {
            let mut v = [0; 4];
            // SAFETY: see above; a four-valued query.
            unsafe { gl.get_parameter_i32_slice(p, &mut v) };
            v
        };
        let mut clear = [0.0; 4];
        // SAFETY: see above; four values.
        unsafe { gl.get_parameter_f32_slice(glow::COLOR_CLEAR_VALUE, &mut clear) };
        // SAFETY: see above.
        let active = unsafe { gl.get_parameter_i32(glow::ACTIVE_TEXTURE) } as u32;
        // SAFETY: see above.
        unsafe { gl.active_texture(glow::TEXTURE0) };
        // SAFETY: see above.
        let texture = unsafe { gl.get_parameter_texture(glow::TEXTURE_BINDING_2D) };
        // SAFETY: see above.
        let sampler = unsafe { gl.get_parameter_sampler(glow::SAMPLER_BINDING) };
        // SAFETY: see above; the unit GL reported.
        unsafe { gl.active_texture(active) };
        Saved {
            // SAFETY: see above.
            program: unsafe { gl.get_parameter_program(glow::CURRENT_PROGRAM) },
            // SAFETY: see above.
            vao: unsafe { gl.get_parameter_vertex_array(glow::VERTEX_ARRAY_BINDING) },
            active,
            texture,
            sampler,
            viewport: ints4(glow::VIEWPORT),
            scissor: ints4(glow::SCISSOR_BOX),
            caps: [
                glow::BLEND,
                glow::DEPTH_TEST,
                glow::STENCIL_TEST,
                glow::CULL_FACE,
                glow::RASTERIZER_DISCARD,
                glow::SCISSOR_TEST,
            ]
            .map(|c| {
                // SAFETY: see above.
                (c, unsafe { gl.is_enabled(c) })
            }),
            // SAFETY: see above; four values.
            color_mask: unsafe { gl.get_parameter_bool_array::<4>(glow::COLOR_WRITEMASK) },
            clear,
        }
    }

    fn restore(&self, gl: &glow::Context) {
        // SAFETY: see above.
        unsafe { gl.use_program(self.program) };
        // SAFETY: see above.
        unsafe { gl.bind_vertex_array(self.vao) };
        // SAFETY: see above.
        unsafe { gl.active_texture(glow::TEXTURE0) };
        // SAFETY: see above.
        unsafe { gl.bind_texture(glow::TEXTURE_2D, self.texture) };
        // SAFETY: see above; unit 0.
        unsafe { gl.bind_sampler(0, self.sampler) };
        // SAFETY: see above.
        unsafe { gl.active_texture(self.active) };
        let [x, y, w, h] = self.viewport;
        // SAFETY: see above.
        unsafe { gl.viewport(x, y, w, h) };
        let [x, y, w, h] = self.scissor;
        // SAFETY: see above.
        unsafe { gl.scissor(x, y, w, h) };
        for (cap, on) in self.caps {
            set_cap(gl, cap, on);
        }
        let [r, g, b, a] = self.color_mask;
        // SAFETY: see above.
        unsafe { gl.color_mask(r, g, b, a) };
        let [r, g, b, a] = self.clear;
        // SAFETY: see above.
        unsafe { gl.clear_color(r, g, b, a) };
    }
}
