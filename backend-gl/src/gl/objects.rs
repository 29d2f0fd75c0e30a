//! GL object creation, uploads, programs, draws and read-back: the rest of [`Calls`]' calls,
//! each counted (see [`super::calls`] for the safety argument that covers every block here).
#![allow(clippy::too_many_arguments)]

use glow::{HasContext, PixelPackData, PixelUnpackData};

use super::calls::Calls;
use super::counts::CallKind;

/// The `glDelete*` wrapper of an object type: counted, and the object's bindings forgotten by
/// the cache.
macro_rules! delete {
    ($ty:ty, $delete:ident, $gl_delete:literal, $forget:ident) => {
        #[doc = concat!("`", $gl_delete, "`; the cache forgets the object's bindings.")]
        pub fn $delete(&mut self, object: $ty) {
            self.$forget(object);
            let gl = self.count(CallKind::Delete);
            // SAFETY: context current; the object is live and the caller drops its handle.
            unsafe { gl.$delete(object) };
        }
    };
}

/// `glGen*` and `glDelete*` of an object type whose creation takes no argument.
macro_rules! gen_and_delete {
    ($ty:ty, $create:ident, $gl_create:literal, $delete:ident, $gl_delete:literal, $forget:ident) => {
        #[doc = concat!("`", $gl_create, "`.")]
        pub fn $create(&mut self) -> Result<$ty, String> {
            let gl = self.count(CallKind::Create);
            // SAFETY: context current (module docs of `state`); no arguments.
            unsafe { gl.$create() }
        }

        delete!($ty, $delete, $gl_delete, $forget);
    };
}

impl Calls {
    // ---- objects ------------------------------------------------------------------------

    gen_and_delete!(
        glow::Buffer,
        create_buffer,
        "glGenBuffers",
        delete_buffer,
        "glDeleteBuffers",
        forget_buffer
    );
    gen_and_delete!(
        glow::VertexArray,
        create_vertex_array,
        "glGenVertexArrays",
        delete_vertex_array,
        "glDeleteVertexArrays",
        forget_vertex_array
    );
    gen_and_delete!(
        glow::Texture,
        create_texture,
        "glGenTextures",
        delete_texture,
        "glDeleteTextures",
        forget_texture
    );
    gen_and_delete!(
        glow::Framebuffer,
        create_framebuffer,
        "glGenFramebuffers",
        delete_framebuffer,
        "glDeleteFramebuffers",
        forget_framebuffer
    );

    /// A new buffer for indices (`glGenBuffers`; in WebGL2 given its kind, see
    /// `webgl.rs`'s `web_first_bind_as_elements`).
    pub fn create_index_buffer(&mut self) -> Result<glow::Buffer, String> {
        let buffer = self.create_buffer()?;
        #[cfg(target_arch = "wasm32")]
        self.web_first_bind_as_elements(buffer);
        Ok(buffer)
    }

    /// Allocates `size` zeroed bytes of `buffer` (bound to `GL_COPY_WRITE_BUFFER`, which
    /// touches neither vertex array state nor the array-buffer binding). Zeroed: GL leaves a
    /// `NULL` store undefined, and content must never read another allocation's bytes (the CPU
    /// shadow of an index buffer assumes zeros). `false` when the zeros cannot be allocated.
    #[must_use]
    pub fn buffer_alloc(&mut self, buffer: glow::Buffer, size: i32, usage: u32) -> bool {
        let Some(zeros) = molehill_context3d::decode::try_zeroed(size.max(0) as usize) else {
            return false;
        };
        self.bind_copy_write_buffer(buffer);
        let gl = self.count(CallKind::Upload);
        // SAFETY: context current; a buffer is bound to COPY_WRITE_BUFFER just above.
        unsafe { gl.buffer_data_u8_slice(glow::COPY_WRITE_BUFFER, &zeros, usage) };
        true
    }

    /// Writes `data` at `offset` of `buffer` (through `GL_COPY_WRITE_BUFFER`).
    pub fn buffer_write(&mut self, buffer: glow::Buffer, offset: i32, data: &[u8]) {
        self.bind_copy_write_buffer(buffer);
        let gl = self.count(CallKind::Upload);
        // SAFETY: context current; offset + data.len() lies within the buffer (context3d
        // checked the upload against the buffer's size).
        unsafe { gl.buffer_sub_data_u8_slice(glow::COPY_WRITE_BUFFER, offset, data) };
    }

    /// Sets up attribute `index` of the bound vertex array from the bound array buffer.
    pub fn vertex_attrib(
        &mut self,
        index: u32,
        size: i32,
        ty: u32,
        normalized: bool,
        stride: i32,
        offset: i32,
        divisor: u32,
    ) {
        let gl = self.count(CallKind::Create);
        // SAFETY: context current; index < 16, a vertex array and an array buffer are bound.
        unsafe { gl.enable_vertex_attrib_array(index) };
        let gl = self.count(CallKind::Create);
        // SAFETY: as above; size 1..=4, FLOAT or UNSIGNED_BYTE, offset and stride within
        // the buffer (context3d checked them).
        unsafe { gl.vertex_attrib_pointer_f32(index, size, ty, normalized, stride, offset) };
        if divisor != 0 {
            let gl = self.count(CallKind::Create);
            // SAFETY: as above.
            unsafe { gl.vertex_attrib_divisor(index, divisor) };
        }
    }

    /// Binds `buffer` as the element array of the bound vertex array (vertex array state).
    pub fn vertex_array_element_buffer(&mut self, buffer: glow::Buffer) {
        let gl = self.count(CallKind::Create);
        // SAFETY: context current; a vertex array being set up is bound; the buffer is live.
        unsafe { gl.bind_buffer(glow::ELEMENT_ARRAY_BUFFER, Some(buffer)) };
    }

    /// `glTexParameteri` on the texture bound to `target` of the active unit.
    pub fn tex_parameter(&mut self, target: u32, pname: u32, value: i32) {
        let gl = self.count(CallKind::Create);
        // SAFETY: context current; the caller bound the texture just before.
        unsafe { gl.tex_parameter_i32(target, pname, value) };
    }

    /// `glTexImage2D` into the texture bound to the active unit (`data` None: allocate).
    pub fn tex_image_2d(
        &mut self,
        target: u32,
        level: i32,
        internal: u32,
        width: i32,
        height: i32,
        format: u32,
        ty: u32,
        data: Option<&[u8]>,
    ) {
        let gl = self.count(CallKind::Upload);
        // SAFETY: context current; the caller bound the texture; `data` holds
        // width * height texels of format/ty (texture.rs sizes it), or is None.
        unsafe {
            gl.tex_image_2d(
                target,
                level,
                internal as i32,
                width,
                height,
                0,
                format,
                ty,
                PixelUnpackData::Slice(data),
            )
        };
    }

    /// `glTexSubImage2D` of the `width` x `height` rectangle at the level's top-left corner.
    #[allow(clippy::too_many_arguments)]
    pub fn tex_sub_image_2d_corner(
        &mut self,
        target: u32,
        level: i32,
        width: i32,
        height: i32,
        format: u32,
        ty: u32,
        data: &[u8],
    ) {
        let gl = self.count(CallKind::Upload);
        // SAFETY: context current; the caller bound the texture, whose level is at least
        // width x height; `data` holds width * height texels of format/ty (texture.rs sizes it).
        unsafe {
            gl.tex_sub_image_2d(
                target,
                level,
                0,
                0,
                width,
                height,
                format,
                ty,
                PixelUnpackData::Slice(Some(data)),
            )
        };
    }

    /// `glCompressedTexImage2D` into the texture bound to the active unit.
    pub fn compressed_tex_image_2d(
        &mut self,
        target: u32,
        level: i32,
        internal: u32,
        width: i32,
        height: i32,
        data: &[u8],
    ) {
        let gl = self.count(CallKind::Upload);
        // SAFETY: context current; the caller bound the texture; `data` holds exactly the
        // blocks of a width x height image of `internal`.
        unsafe {
            gl.compressed_tex_image_2d(
                target,
                level,
                internal as i32,
                width,
                height,
                0,
                data.len() as i32,
                data,
            )
        };
    }

    /// `glGenSamplers` with its parameters.
    pub fn create_sampler(
        &mut self,
        params_i: &[(u32, i32)],
        params_f: &[(u32, f32)],
    ) -> Result<glow::Sampler, String> {
        let gl = self.count(CallKind::Create);
        // SAFETY: context current.
        let sampler = unsafe { gl.create_sampler() }?;
        for &(p, v) in params_i {
            let gl = self.count(CallKind::Create);
            // SAFETY: context current; the sampler was just created; wrap/filter enums.
            unsafe { gl.sampler_parameter_i32(sampler, p, v) };
        }
        for &(p, v) in params_f {
            let gl = self.count(CallKind::Create);
            // SAFETY: context current; the sampler was just created; anisotropy or LOD bias.
            unsafe { gl.sampler_parameter_f32(sampler, p, v) };
        }
        Ok(sampler)
    }

    delete!(
        glow::Sampler,
        delete_sampler,
        "glDeleteSamplers",
        forget_sampler
    );

    /// Attaches a texture image to the bound draw framebuffer.
    pub fn framebuffer_texture(
        &mut self,
        attachment: u32,
        tex_target: u32,
        texture: Option<glow::Texture>,
    ) {
        let gl = self.count(CallKind::Create);
        // SAFETY: context current; a framebuffer is bound for drawing; level 0 exists.
        unsafe {
            gl.framebuffer_texture_2d(glow::DRAW_FRAMEBUFFER, attachment, tex_target, texture, 0)
        };
    }

    /// Attaches a renderbuffer to the bound draw framebuffer.
    pub fn framebuffer_renderbuffer(&mut self, attachment: u32, rb: Option<glow::Renderbuffer>) {
        let gl = self.count(CallKind::Create);
        // SAFETY: context current; a framebuffer is bound for drawing; rb is live or None.
        unsafe {
            gl.framebuffer_renderbuffer(glow::DRAW_FRAMEBUFFER, attachment, glow::RENDERBUFFER, rb)
        };
    }

    /// A multisampled texture (`GL_TEXTURE_2D_MULTISAMPLE`, fixed sample locations) of
    /// `internal` with storage: `glTexStorage2DMultisample` on GL ES 3.1+ (`storage`), else
    /// `glTexImage2DMultisample` (desktop GL 3.2+). Made on unit 0, whose multisampled texture
    /// is bound again after (see [`Calls::bind_multisample_texture`]).
    pub fn create_multisample_texture(
        &mut self,
        internal: u32,
        samples: i32,
        width: i32,
        height: i32,
        storage: bool,
    ) -> Result<glow::Texture, String> {
        let gl = self.count(CallKind::Create);
        // SAFETY: context current.
        let texture = unsafe { gl.create_texture() }?;
        let before = self.multisample_texture_binding();
        self.bind_multisample_texture(Some(texture));
        let gl = self.count(CallKind::Create);
        // SAFETY: context current; the new texture is bound to TEXTURE_2D_MULTISAMPLE of the
        // active unit; samples <= GL_MAX_SAMPLES (targets.rs clamps), a colour-renderable
        // internal format.
        unsafe {
            if storage {
                gl.tex_storage_2d_multisample(
                    glow::TEXTURE_2D_MULTISAMPLE,
                    samples,
                    internal,
                    width,
                    height,
                    true,
                )
            } else {
                gl.tex_image_2d_multisample(
                    glow::TEXTURE_2D_MULTISAMPLE,
                    samples,
                    internal as i32,
                    width,
                    height,
                    true,
                )
            }
        };
        self.bind_multisample_texture(before);
        Ok(texture)
    }

    /// The texture bound to `GL_TEXTURE_2D_MULTISAMPLE` of unit 0 (made active), asked of GL:
    /// that binding is not shadowed, and in a host's context it may be the host's.
    pub fn multisample_texture_binding(&mut self) -> Option<glow::Texture> {
        self.active_texture(0);
        let gl = self.count(CallKind::Query);
        // SAFETY: context current (GL ES 3.1 or desktop GL 3.2: the caller checked).
        unsafe { gl.get_parameter_texture(glow::TEXTURE_BINDING_2D_MULTISAMPLE) }
    }

    /// Binds `texture` to `GL_TEXTURE_2D_MULTISAMPLE` of unit 0 (made active). Not shadowed:
    /// only the 4-bit quantising pass binds one, and it first asks what is bound there
    /// ([`Calls::multisample_texture_binding`]) and binds that again right after its draws
    /// (a host's texture, or none), so the binding is never left changed.
    pub fn bind_multisample_texture(&mut self, texture: Option<glow::Texture>) {
        self.active_texture(0);
        let gl = self.count(CallKind::Bind);
        // SAFETY: context current (GL ES 3.1 or desktop GL 3.2: the caller checked); the
        // texture is live and multisampled, or None.
        unsafe { gl.bind_texture(glow::TEXTURE_2D_MULTISAMPLE, texture) };
    }

    /// `glGetFramebufferAttachmentParameteriv` of the bound draw framebuffer's `attachment`
    /// (a `GL_FRAMEBUFFER_ATTACHMENT_*` query such as `..._BLUE_SIZE`).
    pub fn framebuffer_attachment_parameter(&mut self, attachment: u32, pname: u32) -> i32 {
        let gl = self.count(CallKind::Query);
        // SAFETY: context current; a framebuffer is bound for drawing with `attachment`
        // attached; pname is a GL_FRAMEBUFFER_ATTACHMENT_* enum.
        unsafe {
            gl.get_framebuffer_attachment_parameter_i32(glow::DRAW_FRAMEBUFFER, attachment, pname)
        }
    }

    /// `glClearBufferfv(GL_COLOR, draw_buffer, color)` on the bound draw framebuffer (obeys
    /// the colour mask and the scissor test, as `glClear` does).
    pub fn clear_buffer_color(&mut self, draw_buffer: u32, color: [f32; 4]) {
        let gl = self.count(CallKind::Clear);
        // SAFETY: context current; draw_buffer < 4 (GL ES 3.0's minimum GL_MAX_DRAW_BUFFERS)
        // and `color` holds the four values glClearBufferfv reads.
        unsafe { gl.clear_buffer_f32_slice(glow::COLOR, draw_buffer, &color) };
    }

    /// Completeness of the bound draw framebuffer.
    pub fn framebuffer_status(&mut self) -> u32 {
        let gl = self.count(CallKind::Query);
        // SAFETY: context current.
        unsafe { gl.check_framebuffer_status(glow::DRAW_FRAMEBUFFER) }
    }

    /// A renderbuffer with storage (`samples` 0: single-sampled).
    pub fn create_renderbuffer(
        &mut self,
        internal: u32,
        samples: i32,
        width: i32,
        height: i32,
    ) -> Result<glow::Renderbuffer, String> {
        let gl = self.count(CallKind::Create);
        // SAFETY: context current.
        let rb = unsafe { gl.create_renderbuffer() }?;
        let gl = self.count(CallKind::Create);
        // SAFETY: context current; rb was just created.
        unsafe { gl.bind_renderbuffer(glow::RENDERBUFFER, Some(rb)) };
        let gl = self.count(CallKind::Create);
        // SAFETY: context current; rb is bound; samples <= GL_MAX_SAMPLES (target.rs clamps).
        unsafe {
            if samples > 0 {
                gl.renderbuffer_storage_multisample(
                    glow::RENDERBUFFER,
                    samples,
                    internal,
                    width,
                    height,
                )
            } else {
                gl.renderbuffer_storage(glow::RENDERBUFFER, internal, width, height)
            }
        };
        Ok(rb)
    }

    /// `glDeleteRenderbuffers`.
    pub fn delete_renderbuffer(&mut self, rb: glow::Renderbuffer) {
        let gl = self.count(CallKind::Delete);
        // SAFETY: context current; rb is live and the caller drops its handle.
        unsafe { gl.delete_renderbuffer(rb) };
    }

    /// Blits between the bound read and draw framebuffers, with the scissor test off (a blit
    /// obeys it, and a resolve or present must copy the whole surface; the next draw
    /// restores the scissor through the cache).
    pub fn blit(&mut self, src: [i32; 4], dst: [i32; 4], mask: u32, filter: u32) {
        self.scissor(None);
        let gl = self.count(CallKind::Blit);
        // SAFETY: context current; both framebuffers are bound and complete.
        unsafe {
            gl.blit_framebuffer(
                src[0], src[1], src[2], src[3], dst[0], dst[1], dst[2], dst[3], mask, filter,
            )
        };
    }

    /// `glReadPixels` of RGBA8 from the bound read framebuffer into `out`.
    pub fn read_pixels(&mut self, rect: [i32; 4], out: &mut [u8]) {
        let gl = self.count(CallKind::Query);
        // SAFETY: context current; `out` holds rect width * height * 4 bytes (PACK_ALIGNMENT
        // is 4 and rows of RGBA8 are 4-byte multiples).
        unsafe {
            gl.read_pixels(
                rect[0],
                rect[1],
                rect[2],
                rect[3],
                glow::RGBA,
                glow::UNSIGNED_BYTE,
                PixelPackData::Slice(Some(out)),
            )
        };
    }

    // ---- programs -----------------------------------------------------------------------

    /// Compiles one shader; `Err(log)` when the driver refuses it.
    pub fn compile_shader(&mut self, kind: u32, source: &str) -> Result<glow::Shader, String> {
        let gl = self.count(CallKind::Create);
        // SAFETY: context current; kind is VERTEX_SHADER or FRAGMENT_SHADER.
        let shader = unsafe { gl.create_shader(kind) }?;
        let gl = self.count(CallKind::Create);
        // SAFETY: context current; the shader was just created.
        unsafe { gl.shader_source(shader, source) };
        let gl = self.count(CallKind::Create);
        // SAFETY: context current; the shader is live and has its source.
        unsafe { gl.compile_shader(shader) };
        let gl = self.count(CallKind::Query);
        // SAFETY: context current; the shader is live.
        let ok = unsafe { gl.get_shader_compile_status(shader) };
        if ok {
            return Ok(shader);
        }
        let gl = self.count(CallKind::Query);
        // SAFETY: context current; the shader is live.
        let log = unsafe { gl.get_shader_info_log(shader) };
        self.delete_shader(shader);
        Err(log)
    }

    /// Links two compiled shaders; the shaders are deleted either way.
    pub fn link_program(
        &mut self,
        vs: glow::Shader,
        fs: glow::Shader,
        attributes: &[(u32, &str)],
    ) -> Result<glow::Program, String> {
        let gl = self.count(CallKind::Create);
        // SAFETY: context current.
        let program = unsafe { gl.create_program() };
        let program = match program {
            Ok(p) => p,
            Err(e) => {
                self.delete_shader(vs);
                self.delete_shader(fs);
                return Err(e);
            }
        };
        for shader in [vs, fs] {
            let gl = self.count(CallKind::Create);
            // SAFETY: context current; the program and the compiled shader are live.
            unsafe { gl.attach_shader(program, shader) };
        }
        for &(loc, name) in attributes {
            let gl = self.count(CallKind::Create);
            // SAFETY: context current; the program is live; loc < 16 (an AGAL attribute slot).
            unsafe { gl.bind_attrib_location(program, loc, name) };
        }
        let gl = self.count(CallKind::Create);
        // SAFETY: context current; the program is live with both shaders attached.
        unsafe { gl.link_program(program) };
        for shader in [vs, fs] {
            let gl = self.count(CallKind::Create);
            // SAFETY: context current; the shader is attached to the live program.
            unsafe { gl.detach_shader(program, shader) };
        }
        self.delete_shader(vs);
        self.delete_shader(fs);
        let gl = self.count(CallKind::Query);
        // SAFETY: context current; the program is live.
        let ok = unsafe { gl.get_program_link_status(program) };
        if ok {
            return Ok(program);
        }
        let gl = self.count(CallKind::Query);
        // SAFETY: context current; the program is live.
        let log = unsafe { gl.get_program_info_log(program) };
        self.delete_program(program);
        Err(log)
    }

    /// `glDeleteShader`.
    pub fn delete_shader(&mut self, shader: glow::Shader) {
        let gl = self.count(CallKind::Delete);
        // SAFETY: context current; the shader is live and dropped by the caller.
        unsafe { gl.delete_shader(shader) };
    }

    delete!(
        glow::Program,
        delete_program,
        "glDeleteProgram",
        forget_program
    );

    /// `glGetUniformLocation`.
    pub fn uniform_location(
        &mut self,
        program: glow::Program,
        name: &str,
    ) -> Option<glow::UniformLocation> {
        let gl = self.count(CallKind::Query);
        // SAFETY: context current; the program is live and linked.
        unsafe { gl.get_uniform_location(program, name) }
    }

    /// `glUniform4fv` of `values` at `location` of the program in use.
    pub fn uniform_vec4s(&mut self, location: &glow::UniformLocation, values: &[[f32; 4]]) {
        let flat: &[f32] = values.as_flattened();
        let gl = self.count(CallKind::Uniform);
        // SAFETY: context current; the location belongs to the program in use and the
        // array holds at least values.len() elements from it (program.rs checks the range).
        unsafe { gl.uniform_4_f32_slice(Some(location), flat) };
    }

    /// `glUniform1i` (sampler units) on the program in use.
    pub fn uniform_int(&mut self, location: &glow::UniformLocation, value: i32) {
        let gl = self.count(CallKind::Uniform);
        // SAFETY: context current; the location belongs to the program in use.
        unsafe { gl.uniform_1_i32(Some(location), value) };
    }

    /// `glUniform1f` on the program in use.
    pub fn uniform_float(&mut self, location: &glow::UniformLocation, value: f32) {
        let gl = self.count(CallKind::Uniform);
        // SAFETY: context current; the location belongs to the program in use.
        unsafe { gl.uniform_1_f32(Some(location), value) };
    }

    // ---- draws --------------------------------------------------------------------------

    /// `glDrawElements(GL_TRIANGLES)` of 16-bit indices, instanced when `instances` is Some.
    pub fn draw_triangles(&mut self, count: i32, byte_offset: i32, instances: Option<i32>) {
        let gl = self.count(CallKind::Draw);
        // SAFETY: context current; the bound vertex array holds an element buffer in which
        // byte_offset + 2 * count lies, and every enabled attribute reads within its buffer
        // (context3d's draw checks).
        unsafe {
            match instances {
                Some(n) => gl.draw_elements_instanced(
                    glow::TRIANGLES,
                    count,
                    glow::UNSIGNED_SHORT,
                    byte_offset,
                    n,
                ),
                None => gl.draw_elements(glow::TRIANGLES, count, glow::UNSIGNED_SHORT, byte_offset),
            }
        };
    }

    /// `glDrawArrays(GL_TRIANGLES, 0, count)` with the bound vertex array, for programs that
    /// read no attribute (their vertices come from `gl_VertexID`).
    pub fn draw_arrays_triangles(&mut self, count: i32) {
        let gl = self.count(CallKind::Draw);
        // SAFETY: context current; a vertex array is bound and the program in use enables no
        // attribute array (its vertices come from gl_VertexID), so nothing is read from buffers.
        unsafe { gl.draw_arrays(glow::TRIANGLES, 0, count) };
    }

    /// `glFlush`.
    pub fn flush(&mut self) {
        let gl = self.count(CallKind::Blit);
        // SAFETY: context current.
        unsafe { gl.flush() };
    }
}
