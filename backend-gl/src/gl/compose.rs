//! The compositing helper ([`Compositor`], whose docs hold the contract): Stage3D layers drawn
//! into the host's framebuffer with the host's glow table. It makes no GL call itself: its
//! calls are [`HostGl`]'s, made with the proof ([`Current::by_contract`]) that its public
//! functions' contract gives, that the host's context is current.

use molehill_context3d::stage::{layer_destination, LayerPlacement, StageLayout};

use super::frame::FrameTexture;
use super::hostgl::HostGl;
use crate::context::{Current, GlApi};

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
    pub fn new(gl: &glow::Context, api: GlApi) -> Result<Compositor, ComposeError> {
        let gl = HostGl::new(gl, Current::by_contract());
        let version = match api {
            GlApi::Es30 => "#version 300 es\n",
            GlApi::Desktop33 => "#version 330 core\n",
        };
        let program = gl.create_program().map_err(|log| ComposeError {
            step: "create",
            log,
        })?;
        let fail = |step, log| {
            gl.delete_program(program);
            ComposeError { step, log }
        };
        for (kind, body, step) in [
            (glow::VERTEX_SHADER, VERTEX, "vertex shader"),
            (glow::FRAGMENT_SHADER, FRAGMENT, "fragment shader"),
        ] {
            let shader = gl.create_shader(kind).map_err(|log| fail(step, log))?;
            let compiled = gl.compile_shader(shader, &format!("{version}{body}"));
            if compiled.is_ok() {
                gl.attach_shader(program, shader);
            }
            // An attached shader is only flagged for deletion, and goes with the program.
            gl.delete_shader(shader);
            compiled.map_err(|log| fail(step, log))?;
        }
        gl.link_program(program).map_err(|log| fail("link", log))?;
        let vao = gl
            .create_vertex_array()
            .map_err(|log| fail("create", log))?;
        let map = gl.uniform_location(program, "map");
        let layer = gl.uniform_location(program, "layer");
        let previous = gl.program_binding();
        gl.use_program(Some(program));
        gl.uniform_1_i32(layer.as_ref(), 0);
        gl.use_program(previous);
        Ok(Compositor { program, vao, map })
    }

    /// Draws the stage colour and `layers` (bottom first) into the host's bound draw
    /// framebuffer; puts back the state it changed (module docs). Layers past the fourth are
    /// drawn too (Flash has four; nothing here depends on it). The host's context (`gl`) must
    /// be current; frame textures come from backends on it or on its share group.
    pub fn draw(
        &self,
        gl: &glow::Context,
        stage: &StageLayout,
        target: ComposeTarget,
        layers: &[ComposeLayer],
    ) {
        let gl = HostGl::new(gl, Current::by_contract());
        let fb_h = target.framebuffer_height as i32;
        let (ox, oy) = target.origin;
        // GL's box of a rows-down rectangle.
        let gl_box = |left: i32, top: i32, w: i32, h: i32| [left, fb_h - (top + h), w, h];
        let saved = Saved::read(&gl);
        for (cap, on) in saved.caps {
            if on != (cap == glow::SCISSOR_TEST) {
                gl.set_enabled(cap, cap == glow::SCISSOR_TEST);
            }
        }
        gl.color_mask([true; 4]);
        gl.scissor(gl_box(ox, oy, stage.width as i32, stage.height as i32));
        let c = stage.color;
        let ch = |shift: u32| ((c >> shift) & 0xFF) as f32 / 255.0;
        gl.clear_color([ch(16), ch(8), ch(0), 1.0]);
        gl.clear_color_buffer();
        gl.use_program(Some(self.program));
        gl.bind_vertex_array(Some(self.vao));
        gl.active_texture(glow::TEXTURE0);
        gl.bind_sampler(0, None);
        for layer in layers {
            let f = &layer.frame;
            let Some(d) = layer_destination(stage, &layer.placement, f.width, f.height) else {
                continue;
            };
            if let Some(fence) = f.fence {
                gl.wait_sync(fence);
            }
            let (dx, dy) = (ox + d.dst_x as i32, oy + d.dst_y as i32);
            let (w, h) = (d.width as i32, d.height as i32);
            gl.bind_texture_2d(Some(f.texture));
            gl.viewport(gl_box(dx, dy, w, h));
            gl.scissor(gl_box(dx, dy, w, h));
            let (mx, my) = (d.src_x as i32 - dx, d.src_y as i32 - dy + fb_h - 1);
            gl.uniform_2_i32(self.map.as_ref(), mx, my);
            // No attributes are read (positions from gl_VertexID).
            gl.draw_strip(4);
        }
        saved.restore(&gl);
    }

    /// Deletes the program (the host's context current).
    pub fn delete(self, gl: &glow::Context) {
        let gl = HostGl::new(gl, Current::by_contract());
        gl.delete_program(self.program);
        gl.delete_vertex_array(self.vao);
    }
}

/// The state [`Compositor::draw`] changes, as GL reported it.
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
    fn read(gl: &HostGl<'_>) -> Saved {
        let clear = gl.clear_color_value();
        let active = gl.active_texture_enum();
        gl.active_texture(glow::TEXTURE0);
        let texture = gl.texture_2d_binding();
        let sampler = gl.sampler_binding();
        gl.active_texture(active);
        Saved {
            program: gl.program_binding(),
            vao: gl.vertex_array_binding(),
            active,
            texture,
            sampler,
            viewport: gl.ints4(glow::VIEWPORT),
            scissor: gl.ints4(glow::SCISSOR_BOX),
            caps: [
                glow::BLEND,
                glow::DEPTH_TEST,
                glow::STENCIL_TEST,
                glow::CULL_FACE,
                glow::RASTERIZER_DISCARD,
                glow::SCISSOR_TEST,
            ]
            .map(|c| (c, gl.is_enabled(c))),
            color_mask: gl.color_writemask(),
            clear,
        }
    }

    fn restore(&self, gl: &HostGl<'_>) {
        gl.use_program(self.program);
        gl.bind_vertex_array(self.vao);
        gl.active_texture(glow::TEXTURE0);
        gl.bind_texture_2d(self.texture);
        gl.bind_sampler(0, self.sampler);
        gl.active_texture(self.active);
        gl.viewport(self.viewport);
        gl.scissor(self.scissor);
        for (cap, on) in self.caps {
            gl.set_enabled(cap, on);
        }
        gl.color_mask(self.color_mask);
        gl.clear_color(self.clear);
    }
}
