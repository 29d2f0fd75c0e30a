//! A GL player for the host-context tests: its own headless EGL context, program, framebuffer
//! (a texture), vertex array, textures on two units, blend, viewport and scissor.
#![allow(dead_code)]

use std::ffi::CStr;

use glow::HasContext;
use molehill_gl::{ContextOptions, GlApi, GlContext, HostContext};

pub struct Player {
    pub ctx: GlContext,
    pub api: GlApi,
    pub program: glow::Program,
    pub color: Option<glow::UniformLocation>,
    pub vao: glow::VertexArray,
    pub vbo: glow::Buffer,
    pub fbo: glow::Framebuffer,
    pub target: glow::Texture,
    pub tex: [glow::Texture; 2],
    pub size: i32,
}

/// How many GL objects of each kind a context holds ([`Player::objects`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Objects {
    pub textures: usize,
    pub buffers: usize,
    pub framebuffers: usize,
    pub renderbuffers: usize,
    pub programs: usize,
    pub shaders: usize,
    pub vertex_arrays: usize,
    pub samplers: usize,
}

/// What the player expects bound after Molehill returns.
#[derive(Debug, PartialEq)]
pub struct Bound {
    pub program: Option<glow::Program>,
    pub vao: Option<glow::VertexArray>,
    pub array_buffer: Option<glow::Buffer>,
    pub draw_fbo: Option<glow::Framebuffer>,
    pub read_fbo: Option<glow::Framebuffer>,
    pub active: i32,
    pub unit0: Option<glow::Texture>,
    pub unit3: Option<glow::Texture>,
    pub blend: bool,
    pub blend_func: [i32; 4],
    pub viewport: [i32; 4],
    pub scissor_test: bool,
    pub scissor: [i32; 4],
    pub unpack_alignment: i32,
    pub depth_test: bool,
    pub clear_color: [u32; 4],
}

impl Player {
    pub fn new(size: i32) -> Player {
        Player::with_api(size, GlApi::Es30)
    }

    /// A player on an ES 3.0 or a desktop 3.3 core context (its shaders are GLSL ES 3.00,
    /// which desktop Mesa accepts through ARB_ES3_compatibility).
    pub fn with_api(size: i32, api: GlApi) -> Player {
        let options = ContextOptions::new(api);
        let ctx = GlContext::headless(&options).expect("player's context");
        let gl = ctx.gl();
        // SAFETY: (whole block) the player's context is current (just made); GLSL ES 3.00.
        unsafe {
            let program = gl.create_program().unwrap();
            for (kind, src) in [
                (
                    glow::VERTEX_SHADER,
                    "#version 300 es\nlayout(location = 0) in vec2 p;\nvoid main() { gl_Position = vec4(p, 0.0, 1.0); }\n",
                ),
                (
                    glow::FRAGMENT_SHADER,
                    "#version 300 es\nprecision mediump float;\nuniform vec4 c;\nout vec4 o;\nvoid main() { o = c; }\n",
                ),
            ] {
                let s = gl.create_shader(kind).unwrap();
                gl.shader_source(s, src);
                gl.compile_shader(s);
                assert!(gl.get_shader_compile_status(s), "{}", gl.get_shader_info_log(s));
                gl.attach_shader(program, s);
            }
            gl.link_program(program);
            assert!(gl.get_program_link_status(program));
            let color = gl.get_uniform_location(program, "c");
            let vao = gl.create_vertex_array().unwrap();
            gl.bind_vertex_array(Some(vao));
            let vbo = gl.create_buffer().unwrap();
            gl.bind_buffer(glow::ARRAY_BUFFER, Some(vbo));
            let quad: [f32; 8] = [-1.0, -1.0, 1.0, -1.0, -1.0, 1.0, 1.0, 1.0];
            let bytes: Vec<u8> = quad.iter().flat_map(|f| f.to_ne_bytes()).collect();
            gl.buffer_data_u8_slice(glow::ARRAY_BUFFER, &bytes, glow::STATIC_DRAW);
            gl.enable_vertex_attrib_array(0);
            gl.vertex_attrib_pointer_f32(0, 2, glow::FLOAT, false, 8, 0);
            let target = gl.create_texture().unwrap();
            gl.bind_texture(glow::TEXTURE_2D, Some(target));
            gl.tex_storage_2d(glow::TEXTURE_2D, 1, glow::RGBA8, size, size);
            let fbo = gl.create_framebuffer().unwrap();
            gl.bind_framebuffer(glow::FRAMEBUFFER, Some(fbo));
            gl.framebuffer_texture_2d(
                glow::FRAMEBUFFER,
                glow::COLOR_ATTACHMENT0,
                glow::TEXTURE_2D,
                Some(target),
                0,
            );
            let tex = [gl.create_texture().unwrap(), gl.create_texture().unwrap()];
            gl.active_texture(glow::TEXTURE0);
            gl.bind_texture(glow::TEXTURE_2D, Some(tex[0]));
            gl.active_texture(glow::TEXTURE3);
            gl.bind_texture(glow::TEXTURE_2D, Some(tex[1]));
            gl.use_program(Some(program));
            gl.enable(glow::BLEND);
            gl.blend_func_separate(
                glow::SRC_ALPHA,
                glow::ONE_MINUS_SRC_ALPHA,
                glow::ONE,
                glow::ZERO,
            );
            gl.viewport(0, 0, size, size);
            gl.enable(glow::SCISSOR_TEST);
            gl.scissor(4, 4, size - 8, size - 8);
            gl.pixel_store_i32(glow::UNPACK_ALIGNMENT, 2);
            gl.clear_color(0.25, 0.5, 0.75, 1.0);
            Player {
                ctx,
                api,
                program,
                color,
                vao,
                vbo,
                fbo,
                target,
                tex,
                size,
            }
        }
    }

    /// The player's own glow table for its context (as a player would load it).
    pub fn host_context(&self) -> HostContext {
        // SAFETY: the loader returns entry points of the player's display; its context is
        // current (callers make it so).
        unsafe { HostContext::from_loader(self.api, |name: &CStr| self.ctx.get_proc_address(name)) }
            .expect("host context")
    }

    pub fn gl(&self) -> &glow::Context {
        self.ctx.gl()
    }

    pub fn make_current(&mut self) {
        self.ctx.make_current().expect("player's context current");
    }

    /// Draws its quad in `rgba` with its state as it is (blend, scissor...).
    pub fn draw(&self, rgba: [f32; 4]) {
        let gl = self.gl();
        // SAFETY: the player's context is current; its own objects are bound.
        unsafe {
            gl.uniform_4_f32(self.color.as_ref(), rgba[0], rgba[1], rgba[2], rgba[3]);
            gl.draw_arrays(glow::TRIANGLE_STRIP, 0, 4);
        }
    }

    /// The player's framebuffer as RGBA bytes per pixel, GL rows (bottom first).
    pub fn pixels(&self) -> Vec<[u8; 4]> {
        read_rgba(self.gl(), self.size, self.size)
    }

    /// The GL objects alive in the player's context (names 1 to 4096 asked one by one with
    /// `glIs*`), by kind. The player's context must be current.
    pub fn objects(&self) -> Objects {
        type IsObject = unsafe extern "system" fn(u32) -> u8;
        let load = |name: &CStr| -> IsObject {
            let f = self.ctx.get_proc_address(name);
            assert!(!f.is_null(), "{name:?}");
            // SAFETY: a non-null entry point of this name has GL's signature for it.
            unsafe { std::mem::transmute::<*const std::ffi::c_void, IsObject>(f) }
        };
        let kinds = [
            load(c"glIsTexture"),
            load(c"glIsBuffer"),
            load(c"glIsFramebuffer"),
            load(c"glIsRenderbuffer"),
            load(c"glIsProgram"),
            load(c"glIsShader"),
            load(c"glIsVertexArray"),
            load(c"glIsSampler"),
        ];
        let count = |is: IsObject| {
            // SAFETY: the player's context is current; any name may be asked.
            (1..=4096u32).filter(|&n| unsafe { is(n) } != 0).count()
        };
        let [textures, buffers, framebuffers, renderbuffers, programs, shaders, vertex_arrays, samplers] =
            kinds.map(count);
        Objects {
            textures,
            buffers,
            framebuffers,
            renderbuffers,
            programs,
            shaders,
            vertex_arrays,
            samplers,
        }
    }

    pub fn bound(&self) -> Bound {
        let gl = self.gl();
        // SAFETY: (whole block) the player's context is current; plain queries (the active unit
        // is switched to read unit 0 and put back).
        unsafe {
            let active = gl.get_parameter_i32(glow::ACTIVE_TEXTURE);
            gl.active_texture(glow::TEXTURE0);
            let unit0 = gl.get_parameter_texture(glow::TEXTURE_BINDING_2D);
            gl.active_texture(glow::TEXTURE3);
            let unit3 = gl.get_parameter_texture(glow::TEXTURE_BINDING_2D);
            gl.active_texture(active as u32);
            let mut viewport = [0; 4];
            gl.get_parameter_i32_slice(glow::VIEWPORT, &mut viewport);
            let mut scissor = [0; 4];
            gl.get_parameter_i32_slice(glow::SCISSOR_BOX, &mut scissor);
            let mut clear = [0f32; 4];
            gl.get_parameter_f32_slice(glow::COLOR_CLEAR_VALUE, &mut clear);
            Bound {
                program: gl.get_parameter_program(glow::CURRENT_PROGRAM),
                vao: gl.get_parameter_vertex_array(glow::VERTEX_ARRAY_BINDING),
                array_buffer: gl.get_parameter_buffer(glow::ARRAY_BUFFER_BINDING),
                draw_fbo: gl.get_parameter_framebuffer(glow::DRAW_FRAMEBUFFER_BINDING),
                read_fbo: gl.get_parameter_framebuffer(glow::READ_FRAMEBUFFER_BINDING),
                active,
                unit0,
                unit3,
                blend: gl.is_enabled(glow::BLEND),
                blend_func: [
                    glow::BLEND_SRC_RGB,
                    glow::BLEND_DST_RGB,
                    glow::BLEND_SRC_ALPHA,
                    glow::BLEND_DST_ALPHA,
                ]
                .map(|p| gl.get_parameter_i32(p)),
                viewport,
                scissor_test: gl.is_enabled(glow::SCISSOR_TEST),
                scissor,
                unpack_alignment: gl.get_parameter_i32(glow::UNPACK_ALIGNMENT),
                depth_test: gl.is_enabled(glow::DEPTH_TEST),
                clear_color: clear.map(f32::to_bits),
            }
        }
    }

    pub fn gl_error(&self) -> u32 {
        // SAFETY: the player's context is current.
        unsafe { self.gl().get_error() }
    }
}

/// `glReadPixels` of the bound read framebuffer, RGBA bytes, GL rows.
pub fn read_rgba(gl: &glow::Context, w: i32, h: i32) -> Vec<[u8; 4]> {
    let mut bytes = vec![0u8; (w * h * 4) as usize];
    // SAFETY: a context is current; the buffer holds w * h RGBA8 pixels (PACK_ALIGNMENT 4).
    unsafe {
        gl.read_pixels(
            0,
            0,
            w,
            h,
            glow::RGBA,
            glow::UNSIGNED_BYTE,
            glow::PixelPackData::Slice(Some(&mut bytes)),
        )
    };
    bytes
        .chunks_exact(4)
        .map(|c| [c[0], c[1], c[2], c[3]])
        .collect()
}

/// The pixels of a frame texture, read through a framebuffer of the calling context, as
/// `0xAARRGGBB`, texture rows in order (row 0 first).
pub fn texture_argb(gl: &glow::Context, texture: glow::Texture, w: i32, h: i32) -> Vec<u32> {
    // SAFETY: (whole block) a context is current in which `texture` is a live RGBA8 texture;
    // the temporary framebuffer is deleted and the read binding put back.
    unsafe {
        let previous = gl.get_parameter_framebuffer(glow::READ_FRAMEBUFFER_BINDING);
        let fbo = gl.create_framebuffer().unwrap();
        gl.bind_framebuffer(glow::READ_FRAMEBUFFER, Some(fbo));
        gl.framebuffer_texture_2d(
            glow::READ_FRAMEBUFFER,
            glow::COLOR_ATTACHMENT0,
            glow::TEXTURE_2D,
            Some(texture),
            0,
        );
        let px = read_rgba(gl, w, h);
        gl.bind_framebuffer(glow::READ_FRAMEBUFFER, previous);
        gl.delete_framebuffer(fbo);
        px.iter()
            .map(|c| u32::from_be_bytes([c[3], c[0], c[1], c[2]]))
            .collect()
    }
}
