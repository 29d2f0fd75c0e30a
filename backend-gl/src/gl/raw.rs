//! A minimal safe face of plain GL for hand-written baselines (`molehill bench --baseline`).
//!
//! [`RawGl`] is what a small program written directly against GL would do: no state cache, no
//! call counting, no Flash checks. Each method is one GL call (two where GL needs a bind
//! first), so a benchmark can compare Molehill's cost per frame with the GL calls the same
//! frame needs. Setup helpers (programs, framebuffers) do more, once.
//!
//! Safety: the GL calls run through [`Raw`], which only [`RawGl::current`] makes, after making
//! the context current on this thread. Objects are created by this context. Draws are checked
//! against the sizes this module recorded (an index range inside the index buffer, indices
//! below the vertex count the layout's buffers hold), so no draw reads outside a buffer.
#![allow(clippy::too_many_arguments)]

pub use glow;
use glow::{HasContext, PixelPackData, PixelUnpackData};

use crate::context::{ContextError, ContextOptions, GlContext};

/// A headless GL context driven without any of Molehill's machinery.
#[derive(Debug)]
pub struct RawGl {
    ctx: GlContext,
}

/// A vertex buffer and its size in bytes.
#[derive(Debug, Clone, Copy)]
pub struct RawVertexBuffer {
    gl: glow::Buffer,
    bytes: usize,
}

/// A 16-bit index buffer: its length and largest index.
#[derive(Debug, Clone, Copy)]
pub struct RawIndexBuffer {
    gl: glow::Buffer,
    len: usize,
    max: u16,
}

/// A vertex array object and the number of vertices every attribute can read.
#[derive(Debug, Clone, Copy)]
pub struct RawLayout {
    vao: glow::VertexArray,
    index: glow::Buffer,
    vertices: usize,
}

impl RawLayout {
    /// The vertex array object.
    pub fn vao(&self) -> glow::VertexArray {
        self.vao
    }
}

/// One float attribute of a [`RawLayout`]: location, components (1..=4), stride and offset
/// in bytes.
#[derive(Debug, Clone, Copy)]
pub struct RawAttribute {
    /// `layout(location = N)`.
    pub location: u32,
    /// Components, 1..=4.
    pub size: i32,
    /// Bytes from one vertex to the next.
    pub stride: usize,
    /// Byte offset of the first component.
    pub offset: usize,
}

/// A colour texture and depth-stencil framebuffer.
#[derive(Debug, Clone, Copy)]
pub struct RawTarget {
    fbo: glow::Framebuffer,
    width: i32,
    height: i32,
}

impl RawGl {
    /// A new headless context (see [`GlContext::headless`]).
    pub fn headless(options: &ContextOptions) -> Result<RawGl, ContextError> {
        let ctx = GlContext::headless(options)?;
        Ok(RawGl { ctx })
    }

    /// The context, made current on this thread, to issue calls on.
    pub fn current(&mut self) -> Result<Raw<'_>, ContextError> {
        self.ctx.make_current()?;
        Ok(Raw { gl: self.ctx.gl() })
    }

    /// Calls on the context without making it current: for a caller that made it current
    /// with [`RawGl::current`] and made no other context current since (a minimal program
    /// checks once per frame, not per call). Calls made while it is not current go to
    /// whatever context is (or, with none, are ignored by EGL): a logic error, not a memory
    /// error.
    pub fn calls(&self) -> Raw<'_> {
        Raw { gl: self.ctx.gl() }
    }

    /// The context (driver strings, API).
    pub fn context(&self) -> &GlContext {
        &self.ctx
    }
}

/// GL calls on a current [`RawGl`] context (see the module docs).
#[derive(Debug)]
pub struct Raw<'a> {
    gl: &'a glow::Context,
}

impl Raw<'_> {
    /// Whether the context lists an extension.
    pub fn has_extension(&self, name: &str) -> bool {
        self.gl.supported_extensions().contains(name)
    }

    /// Compiles and links a program; `Err` holds the driver's log.
    pub fn program(&self, vertex: &str, fragment: &str) -> Result<glow::Program, String> {
        let gl = self.gl;
        let compile = |kind, source: &str| -> Result<glow::Shader, String> {
            // SAFETY: context current; a new shader object of this context.
            unsafe {
                let s = gl.create_shader(kind)?;
                gl.shader_source(s, source);
                gl.compile_shader(s);
                if gl.get_shader_compile_status(s) {
                    Ok(s)
                } else {
                    let log = gl.get_shader_info_log(s);
                    gl.delete_shader(s);
                    Err(log)
                }
            }
        };
        let vs = compile(glow::VERTEX_SHADER, vertex)?;
        let fs = compile(glow::FRAGMENT_SHADER, fragment)?;
        // SAFETY: context current; vs and fs are live shaders of this context.
        unsafe {
            let p = gl.create_program()?;
            gl.attach_shader(p, vs);
            gl.attach_shader(p, fs);
            gl.link_program(p);
            gl.delete_shader(vs);
            gl.delete_shader(fs);
            if gl.get_program_link_status(p) {
                Ok(p)
            } else {
                Err(gl.get_program_info_log(p))
            }
        }
    }

    /// `glGetUniformLocation`.
    pub fn uniform_location(&self, p: glow::Program, name: &str) -> Option<glow::UniformLocation> {
        // SAFETY: context current; p is a program of this context.
        unsafe { self.gl.get_uniform_location(p, name) }
    }

    /// `glUseProgram`.
    pub fn use_program(&self, p: glow::Program) {
        // SAFETY: context current; p is a program of this context.
        unsafe { self.gl.use_program(Some(p)) }
    }

    /// `glUniform4fv` (`data.len() / 4` vectors).
    pub fn uniform_4fv(&self, location: &glow::UniformLocation, data: &[f32]) {
        // SAFETY: context current; glow passes the slice's length.
        unsafe { self.gl.uniform_4_f32_slice(Some(location), data) }
    }

    /// `glUniform1i`.
    pub fn uniform_1i(&self, location: &glow::UniformLocation, value: i32) {
        // SAFETY: context current.
        unsafe { self.gl.uniform_1_i32(Some(location), value) }
    }

    /// A vertex buffer of `bytes` bytes (`usage`: `GL_STATIC_DRAW`, `GL_DYNAMIC_DRAW`).
    pub fn vertex_buffer(&self, bytes: usize, usage: u32) -> Result<RawVertexBuffer, String> {
        let size = i32::try_from(bytes).map_err(|e| e.to_string())?;
        // SAFETY: context current; a new buffer of this context.
        unsafe {
            let b = self.gl.create_buffer()?;
            self.gl.bind_buffer(glow::ARRAY_BUFFER, Some(b));
            self.gl.buffer_data_size(glow::ARRAY_BUFFER, size, usage);
            Ok(RawVertexBuffer { gl: b, bytes })
        }
    }

    /// `glBufferSubData` of `data` at byte 0 (cut to the buffer's size), the floats' bytes
    /// passed as they are in memory, as a C program passes its array.
    pub fn upload_vertices(&self, b: &RawVertexBuffer, data: &[f32]) {
        // SAFETY: f32 has no padding and alignment >= u8's; the byte view covers exactly
        // the floats' memory and lives as long as `data`'s borrow.
        let data = unsafe {
            std::slice::from_raw_parts(data.as_ptr().cast::<u8>(), std::mem::size_of_val(data))
        };
        let data = &data[..data.len().min(b.bytes)];
        // SAFETY: context current; the slice fits in the buffer.
        unsafe {
            self.gl.bind_buffer(glow::ARRAY_BUFFER, Some(b.gl));
            self.gl
                .buffer_sub_data_u8_slice(glow::ARRAY_BUFFER, 0, data);
        }
    }

    /// An index buffer holding `indices` (`GL_STATIC_DRAW`).
    pub fn index_buffer(&self, indices: &[u16]) -> Result<RawIndexBuffer, String> {
        let bytes: Vec<u8> = indices.iter().flat_map(|i| i.to_le_bytes()).collect();
        // SAFETY: context current; a new buffer; the element binding is restored to none
        // after it, so no vertex array keeps it by accident.
        unsafe {
            let b = self.gl.create_buffer()?;
            self.gl.bind_vertex_array(None);
            self.gl.bind_buffer(glow::ELEMENT_ARRAY_BUFFER, Some(b));
            self.gl
                .buffer_data_u8_slice(glow::ELEMENT_ARRAY_BUFFER, &bytes, glow::STATIC_DRAW);
            self.gl.bind_buffer(glow::ELEMENT_ARRAY_BUFFER, None);
            Ok(RawIndexBuffer {
                gl: b,
                len: indices.len(),
                max: indices.iter().copied().max().unwrap_or(0),
            })
        }
    }

    /// A vertex array reading `attributes` from `vertices` with `indices` as its elements.
    pub fn layout(
        &self,
        vertices: &RawVertexBuffer,
        attributes: &[RawAttribute],
        indices: &RawIndexBuffer,
    ) -> Result<RawLayout, String> {
        let mut count = usize::MAX;
        for a in attributes {
            let end = a.offset + 4 * a.size as usize;
            count = count.min(if vertices.bytes < end || a.stride == 0 {
                0
            } else {
                (vertices.bytes - end) / a.stride + 1
            });
        }
        // SAFETY: context current; objects of this context; offsets are byte offsets into
        // the bound array buffer.
        let vao = unsafe {
            let vao = self.gl.create_vertex_array()?;
            self.gl.bind_vertex_array(Some(vao));
            self.gl.bind_buffer(glow::ARRAY_BUFFER, Some(vertices.gl));
            for a in attributes {
                self.gl.enable_vertex_attrib_array(a.location);
                self.gl.vertex_attrib_pointer_f32(
                    a.location,
                    a.size,
                    glow::FLOAT,
                    false,
                    a.stride as i32,
                    a.offset as i32,
                );
            }
            self.gl
                .bind_buffer(glow::ELEMENT_ARRAY_BUFFER, Some(indices.gl));
            self.gl.bind_vertex_array(None);
            vao
        };
        Ok(RawLayout {
            vao,
            index: indices.gl,
            vertices: count,
        })
    }

    /// `glBindVertexArray`.
    pub fn bind_layout(&self, layout: &RawLayout) {
        // SAFETY: context current; a vertex array of this context.
        unsafe { self.gl.bind_vertex_array(Some(layout.vao)) }
    }

    /// `glDrawElements(GL_TRIANGLES)` of `count` indices from `first` with `layout` bound; a
    /// range outside `indices`, or indices past the layout's vertices, draws nothing.
    pub fn draw(&self, layout: &RawLayout, indices: &RawIndexBuffer, first: usize, count: usize) {
        if layout.index != indices.gl
            || first + count > indices.len
            || usize::from(indices.max) >= layout.vertices
        {
            return;
        }
        // SAFETY: context current; the caller bound `layout`, whose element buffer is
        // `indices`; the range lies inside it and every index reads inside each attribute's
        // buffer (checked above).
        unsafe {
            self.gl.draw_elements(
                glow::TRIANGLES,
                count as i32,
                glow::UNSIGNED_SHORT,
                (first * 2) as i32,
            )
        }
    }

    /// A 2D texture with level 0 allocated as RGBA8, filter and wrap set (no mipmaps).
    pub fn texture(
        &self,
        width: i32,
        height: i32,
        filter: u32,
        wrap: u32,
    ) -> Result<glow::Texture, String> {
        // SAFETY: context current; a new texture; no data (allocation only).
        unsafe {
            let t = self.gl.create_texture()?;
            self.gl.bind_texture(glow::TEXTURE_2D, Some(t));
            self.gl.tex_image_2d(
                glow::TEXTURE_2D,
                0,
                glow::RGBA8 as i32,
                width,
                height,
                0,
                glow::RGBA,
                glow::UNSIGNED_BYTE,
                PixelUnpackData::Slice(None),
            );
            for (p, v) in [
                (glow::TEXTURE_MIN_FILTER, filter),
                (glow::TEXTURE_MAG_FILTER, filter),
                (glow::TEXTURE_WRAP_S, wrap),
                (glow::TEXTURE_WRAP_T, wrap),
            ] {
                self.gl.tex_parameter_i32(glow::TEXTURE_2D, p, v as i32);
            }
            Ok(t)
        }
    }

    /// `glTexImage2D` of level 0 from `data` (`format`: `GL_RGBA`, or `GL_BGRA_EXT` where
    /// the context takes it, with `internal` to match); too little data uploads nothing.
    pub fn upload_texture(
        &self,
        t: glow::Texture,
        internal: u32,
        format: u32,
        width: i32,
        height: i32,
        data: &[u8],
    ) {
        if data.len() < width.max(0) as usize * height.max(0) as usize * 4 {
            return;
        }
        // SAFETY: context current; a texture of this context; data holds width * height
        // 4-byte texels (checked; UNPACK_ALIGNMENT is irrelevant for 4-byte texels).
        unsafe {
            self.gl.bind_texture(glow::TEXTURE_2D, Some(t));
            self.gl.tex_image_2d(
                glow::TEXTURE_2D,
                0,
                internal as i32,
                width,
                height,
                0,
                format,
                glow::UNSIGNED_BYTE,
                PixelUnpackData::Slice(Some(data)),
            );
        }
    }

    /// `glActiveTexture` + `glBindTexture(GL_TEXTURE_2D)`.
    pub fn bind_texture(&self, unit: u32, t: glow::Texture) {
        // SAFETY: context current; a texture of this context.
        unsafe {
            self.gl.active_texture(glow::TEXTURE0 + unit);
            self.gl.bind_texture(glow::TEXTURE_2D, Some(t));
        }
    }

    /// A framebuffer with an RGBA8 colour and a DEPTH24_STENCIL8 renderbuffer, bound for
    /// drawing and reading, its viewport set.
    pub fn target(&self, width: i32, height: i32) -> Result<RawTarget, String> {
        // SAFETY: context current; new objects of this context.
        let fbo = unsafe {
            let fbo = self.gl.create_framebuffer()?;
            self.gl.bind_framebuffer(glow::FRAMEBUFFER, Some(fbo));
            for (format, attachment) in [
                (glow::RGBA8, glow::COLOR_ATTACHMENT0),
                (glow::DEPTH24_STENCIL8, glow::DEPTH_STENCIL_ATTACHMENT),
            ] {
                let rb = self.gl.create_renderbuffer()?;
                self.gl.bind_renderbuffer(glow::RENDERBUFFER, Some(rb));
                self.gl
                    .renderbuffer_storage(glow::RENDERBUFFER, format, width, height);
                self.gl.framebuffer_renderbuffer(
                    glow::FRAMEBUFFER,
                    attachment,
                    glow::RENDERBUFFER,
                    Some(rb),
                );
            }
            if self.gl.check_framebuffer_status(glow::FRAMEBUFFER) != glow::FRAMEBUFFER_COMPLETE {
                return Err("incomplete framebuffer".into());
            }
            self.gl.viewport(0, 0, width, height);
            self.gl.pixel_store_i32(glow::UNPACK_ALIGNMENT, 1);
            fbo
        };
        Ok(RawTarget { fbo, width, height })
    }

    /// `glEnable(cap)` or `glDisable(cap)`.
    pub fn enable(&self, cap: u32, on: bool) {
        // SAFETY: context current.
        unsafe {
            if on {
                self.gl.enable(cap)
            } else {
                self.gl.disable(cap)
            }
        }
    }

    /// `glBlendFunc`.
    pub fn blend_func(&self, source: u32, destination: u32) {
        // SAFETY: context current.
        unsafe { self.gl.blend_func(source, destination) }
    }

    /// `glDepthFunc`.
    pub fn depth_func(&self, func: u32) {
        // SAFETY: context current.
        unsafe { self.gl.depth_func(func) }
    }

    /// `glDepthMask`.
    pub fn depth_mask(&self, write: bool) {
        // SAFETY: context current.
        unsafe { self.gl.depth_mask(write) }
    }

    /// `glCullFace`.
    pub fn cull_face(&self, face: u32) {
        // SAFETY: context current.
        unsafe { self.gl.cull_face(face) }
    }

    /// `glFrontFace`.
    pub fn front_face(&self, winding: u32) {
        // SAFETY: context current.
        unsafe { self.gl.front_face(winding) }
    }

    /// `glScissor`.
    pub fn scissor(&self, x: i32, y: i32, width: i32, height: i32) {
        // SAFETY: context current.
        unsafe { self.gl.scissor(x, y, width.max(0), height.max(0)) }
    }

    /// `glColorMask`.
    pub fn color_mask(&self, mask: [bool; 4]) {
        // SAFETY: context current.
        unsafe { self.gl.color_mask(mask[0], mask[1], mask[2], mask[3]) }
    }

    /// `glClearColor`, `glClearDepthf`, `glClearStencil`, then `glClear` of all three.
    pub fn clear(&self, color: [f32; 4], depth: f32, stencil: i32) {
        // SAFETY: context current.
        unsafe {
            self.gl.clear_color(color[0], color[1], color[2], color[3]);
            self.gl.clear_depth_f32(depth);
            self.gl.clear_stencil(stencil);
            self.gl
                .clear(glow::COLOR_BUFFER_BIT | glow::DEPTH_BUFFER_BIT | glow::STENCIL_BUFFER_BIT);
        }
    }

    /// `glFlush`.
    pub fn flush(&self) {
        // SAFETY: context current.
        unsafe { self.gl.flush() }
    }

    /// The target's pixels as `0xAARRGGBB`, GL row 0 first.
    pub fn read_back(&self, target: &RawTarget) -> Vec<u32> {
        let n = target.width.max(0) as usize * target.height.max(0) as usize;
        let mut bytes = vec![0u8; n * 4];
        // SAFETY: context current; `bytes` holds width * height RGBA8 texels.
        unsafe {
            self.gl
                .bind_framebuffer(glow::READ_FRAMEBUFFER, Some(target.fbo));
            self.gl.pixel_store_i32(glow::PACK_ALIGNMENT, 4);
            self.gl.read_pixels(
                0,
                0,
                target.width,
                target.height,
                glow::RGBA,
                glow::UNSIGNED_BYTE,
                PixelPackData::Slice(Some(&mut bytes)),
            );
        }
        molehill_context3d::decode::packed::rgba_to_argb(&bytes).collect()
    }
}

/// Makes no context current on this thread (`eglMakeCurrent` with `EGL_NO_CONTEXT`), as a
/// program that draws with one context finds it before its first call; `Err` with the EGL
/// error code when EGL refuses. In a browser there is no current context: nothing to do.
pub fn release_current() -> Result<(), i32> {
    #[cfg(not(target_arch = "wasm32"))]
    {
        crate::context::current::release()
    }
    #[cfg(target_arch = "wasm32")]
    {
        Ok(())
    }
}
