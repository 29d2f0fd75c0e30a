//! The calls Molehill makes in the host's own context with the host's glow table: the
//! [`crate::Compositor`]'s, [`crate::FrameTexture::wait`]'s and the host-side fence of
//! `GlBackend::frame_released`. They are not counted and not cached (the state is the
//! host's, and the compositor puts back what it changes); they are reached, like [`Calls`],
//! only with a [`Current`].
//!
//! Safety: a [`HostGl`] is made only with a [`Current`] for the host's context: the context
//! layer gives one ([`Current::by_contract`]) at a public function whose documented contract
//! is that the host's context (the glow table it is given) is current on the calling thread.
//! So each glow call below runs with its context current. Object arguments are objects of
//! that context or its share group (the compositor's own, frame textures, fences), or what
//! GL itself reported as bound; a name GL does not know is a GL error, never a crash.
//!
//! [`Calls`]: super::Calls

// In a browser only the fences are used (the compositor is the desktop's).
#![cfg_attr(target_arch = "wasm32", allow(dead_code))]

use glow::HasContext;

use crate::context::Current;

/// The host's glow table, its context current (the [`Current`] it was made with).
pub(crate) struct HostGl<'a> {
    gl: &'a glow::Context,
}

impl<'a> HostGl<'a> {
    /// The host's glow table `gl`, whose context `_proof` says is current.
    pub(crate) fn new(gl: &'a glow::Context, _proof: Current) -> HostGl<'a> {
        HostGl { gl }
    }

    // ---- programs and shaders -----------------------------------------------------------

    /// `glCreateProgram`.
    pub(crate) fn create_program(&self) -> Result<glow::Program, String> {
        // SAFETY: context current (module docs); no arguments.
        unsafe { self.gl.create_program() }
    }

    /// `glDeleteProgram`.
    pub(crate) fn delete_program(&self, program: glow::Program) {
        // SAFETY: context current; a program of this context (module docs).
        unsafe { self.gl.delete_program(program) }
    }

    /// `glCreateShader`.
    pub(crate) fn create_shader(&self, kind: u32) -> Result<glow::Shader, String> {
        // SAFETY: context current; `kind` is a shader type (an unknown one is a GL error).
        unsafe { self.gl.create_shader(kind) }
    }

    /// `glShaderSource` and `glCompileShader`; whether it compiled, else the log.
    pub(crate) fn compile_shader(&self, shader: glow::Shader, source: &str) -> Result<(), String> {
        // SAFETY: context current; a shader of this context; glow passes the source with its
        // length.
        unsafe { self.gl.shader_source(shader, source) };
        // SAFETY: as above.
        unsafe { self.gl.compile_shader(shader) };
        // SAFETY: as above; a query of the shader.
        if unsafe { self.gl.get_shader_compile_status(shader) } {
            Ok(())
        } else {
            // SAFETY: as above; glow sizes the buffer from GL_INFO_LOG_LENGTH.
            Err(unsafe { self.gl.get_shader_info_log(shader) })
        }
    }

    /// `glAttachShader`.
    pub(crate) fn attach_shader(&self, program: glow::Program, shader: glow::Shader) {
        // SAFETY: context current; a program and a shader of this context.
        unsafe { self.gl.attach_shader(program, shader) }
    }

    /// `glDeleteShader` (an attached shader is only flagged, and goes with its program).
    pub(crate) fn delete_shader(&self, shader: glow::Shader) {
        // SAFETY: context current; a shader of this context.
        unsafe { self.gl.delete_shader(shader) }
    }

    /// `glLinkProgram`; whether it linked, else the log.
    pub(crate) fn link_program(&self, program: glow::Program) -> Result<(), String> {
        // SAFETY: context current; a program of this context.
        unsafe { self.gl.link_program(program) };
        // SAFETY: as above; a query of the program.
        if unsafe { self.gl.get_program_link_status(program) } {
            Ok(())
        } else {
            // SAFETY: as above; glow sizes the buffer from GL_INFO_LOG_LENGTH.
            Err(unsafe { self.gl.get_program_info_log(program) })
        }
    }

    /// `glGetUniformLocation`.
    pub(crate) fn uniform_location(
        &self,
        program: glow::Program,
        name: &str,
    ) -> Option<glow::UniformLocation> {
        // SAFETY: context current; a linked program of this context; glow makes the name a C
        // string.
        unsafe { self.gl.get_uniform_location(program, name) }
    }

    /// `glUseProgram`.
    pub(crate) fn use_program(&self, program: Option<glow::Program>) {
        // SAFETY: context current; a linked program of this context, or one GL reported in
        // use, or none.
        unsafe { self.gl.use_program(program) }
    }

    /// `glUniform1i` of the program in use.
    pub(crate) fn uniform_1_i32(&self, at: Option<&glow::UniformLocation>, x: i32) {
        // SAFETY: context current; a location of the program in use (none is ignored by GL).
        unsafe { self.gl.uniform_1_i32(at, x) }
    }

    /// `glUniform2i` of the program in use.
    pub(crate) fn uniform_2_i32(&self, at: Option<&glow::UniformLocation>, x: i32, y: i32) {
        // SAFETY: context current; a location of the program in use (none is ignored by GL).
        unsafe { self.gl.uniform_2_i32(at, x, y) }
    }

    // ---- objects and bindings -----------------------------------------------------------

    /// `glGenVertexArrays` (one).
    pub(crate) fn create_vertex_array(&self) -> Result<glow::VertexArray, String> {
        // SAFETY: context current; no arguments.
        unsafe { self.gl.create_vertex_array() }
    }

    /// `glDeleteVertexArrays` (one).
    pub(crate) fn delete_vertex_array(&self, vao: glow::VertexArray) {
        // SAFETY: context current; a vertex array of this context.
        unsafe { self.gl.delete_vertex_array(vao) }
    }

    /// `glBindVertexArray`.
    pub(crate) fn bind_vertex_array(&self, vao: Option<glow::VertexArray>) {
        // SAFETY: context current; a vertex array of this context, one GL reported, or none.
        unsafe { self.gl.bind_vertex_array(vao) }
    }

    /// `glActiveTexture(GL_TEXTURE0 + ...)`, `unit_enum` being the enum itself.
    pub(crate) fn active_texture(&self, unit_enum: u32) {
        // SAFETY: context current; `GL_TEXTURE0` or the unit GL reported active.
        unsafe { self.gl.active_texture(unit_enum) }
    }

    /// `glBindTexture(GL_TEXTURE_2D, ...)` on the active unit.
    pub(crate) fn bind_texture_2d(&self, texture: Option<glow::Texture>) {
        // SAFETY: context current; a 2D texture of the share group (a frame texture), one GL
        // reported bound, or none.
        unsafe { self.gl.bind_texture(glow::TEXTURE_2D, texture) }
    }

    /// `glBindSampler` on `unit`.
    pub(crate) fn bind_sampler(&self, unit: u32, sampler: Option<glow::Sampler>) {
        // SAFETY: context current; unit 0 (always there); a sampler GL reported, or none.
        unsafe { self.gl.bind_sampler(unit, sampler) }
    }

    // ---- fixed-function state and drawing -----------------------------------------------

    /// `glEnable` or `glDisable` of `cap`.
    pub(crate) fn set_enabled(&self, cap: u32, on: bool) {
        if on {
            // SAFETY: context current; a GL ES 3.0 capability.
            unsafe { self.gl.enable(cap) }
        } else {
            // SAFETY: as above.
            unsafe { self.gl.disable(cap) }
        }
    }

    /// `glColorMask`.
    pub(crate) fn color_mask(&self, [r, g, b, a]: [bool; 4]) {
        // SAFETY: context current; plain values.
        unsafe { self.gl.color_mask(r, g, b, a) }
    }

    /// `glViewport`.
    pub(crate) fn viewport(&self, [x, y, w, h]: [i32; 4]) {
        // SAFETY: context current; plain values (a negative size is a GL error).
        unsafe { self.gl.viewport(x, y, w, h) }
    }

    /// `glScissor`.
    pub(crate) fn scissor(&self, [x, y, w, h]: [i32; 4]) {
        // SAFETY: context current; plain values (a negative size is a GL error).
        unsafe { self.gl.scissor(x, y, w, h) }
    }

    /// `glClearColor`.
    pub(crate) fn clear_color(&self, [r, g, b, a]: [f32; 4]) {
        // SAFETY: context current; plain values.
        unsafe { self.gl.clear_color(r, g, b, a) }
    }

    /// `glClear(GL_COLOR_BUFFER_BIT)` of the bound draw framebuffer.
    pub(crate) fn clear_color_buffer(&self) {
        // SAFETY: context current; a valid mask.
        unsafe { self.gl.clear(glow::COLOR_BUFFER_BIT) }
    }

    /// `glDrawArrays(GL_TRIANGLE_STRIP, 0, count)` with the bound program and vertex array,
    /// which read no attributes.
    pub(crate) fn draw_strip(&self, count: i32) {
        // SAFETY: context current; no attribute array is enabled on the bound vertex array,
        // so nothing is read from client memory or buffers.
        unsafe { self.gl.draw_arrays(glow::TRIANGLE_STRIP, 0, count) }
    }

    // ---- queries ------------------------------------------------------------------------

    /// `glIsEnabled`.
    pub(crate) fn is_enabled(&self, cap: u32) -> bool {
        // SAFETY: context current; a GL ES 3.0 capability.
        unsafe { self.gl.is_enabled(cap) }
    }

    /// `glGetIntegerv` of a four-valued integer state (`GL_VIEWPORT`, `GL_SCISSOR_BOX`).
    pub(crate) fn ints4(&self, which: u32) -> [i32; 4] {
        debug_assert!(matches!(which, glow::VIEWPORT | glow::SCISSOR_BOX));
        let mut v = [0; 4];
        // SAFETY: context current; `which` is a four-valued query, `v` holds four.
        unsafe { self.gl.get_parameter_i32_slice(which, &mut v) };
        v
    }

    /// `glGetFloatv(GL_COLOR_CLEAR_VALUE)`.
    pub(crate) fn clear_color_value(&self) -> [f32; 4] {
        let mut v = [0.0; 4];
        // SAFETY: context current; four values.
        unsafe {
            self.gl
                .get_parameter_f32_slice(glow::COLOR_CLEAR_VALUE, &mut v)
        };
        v
    }

    /// `glGetBooleanv(GL_COLOR_WRITEMASK)`.
    pub(crate) fn color_writemask(&self) -> [bool; 4] {
        // SAFETY: context current; four values.
        unsafe { self.gl.get_parameter_bool_array::<4>(glow::COLOR_WRITEMASK) }
    }

    /// `glGetIntegerv(GL_ACTIVE_TEXTURE)`: the active unit's enum.
    pub(crate) fn active_texture_enum(&self) -> u32 {
        // SAFETY: context current; a single-valued query.
        unsafe { self.gl.get_parameter_i32(glow::ACTIVE_TEXTURE) as u32 }
    }

    /// The 2D texture bound to the active unit.
    pub(crate) fn texture_2d_binding(&self) -> Option<glow::Texture> {
        // SAFETY: context current; a binding query.
        unsafe { self.gl.get_parameter_texture(glow::TEXTURE_BINDING_2D) }
    }

    /// The sampler bound to the active unit.
    pub(crate) fn sampler_binding(&self) -> Option<glow::Sampler> {
        // SAFETY: context current; a binding query.
        unsafe { self.gl.get_parameter_sampler(glow::SAMPLER_BINDING) }
    }

    /// The program in use.
    pub(crate) fn program_binding(&self) -> Option<glow::Program> {
        // SAFETY: context current; a binding query.
        unsafe { self.gl.get_parameter_program(glow::CURRENT_PROGRAM) }
    }

    /// The bound vertex array.
    pub(crate) fn vertex_array_binding(&self) -> Option<glow::VertexArray> {
        // SAFETY: context current; a binding query.
        unsafe {
            self.gl
                .get_parameter_vertex_array(glow::VERTEX_ARRAY_BINDING)
        }
    }

    // ---- fences -------------------------------------------------------------------------

    /// A fence after the host's commands so far, flushed so that Molehill's context sees it;
    /// `None` when GL refuses one.
    pub(crate) fn fence(&self) -> Option<glow::Fence> {
        // SAFETY: context current; the only condition and flags GL ES 3.0 allows.
        let fence = unsafe { self.gl.fence_sync(glow::SYNC_GPU_COMMANDS_COMPLETE, 0) }.ok()?;
        // SAFETY: context current; makes the fence visible to the share group.
        unsafe { self.gl.flush() };
        Some(fence)
    }

    /// `glDeleteSync` of a fence made by [`HostGl::fence`] and not kept.
    pub(crate) fn delete_fence(&self, fence: glow::Fence) {
        // SAFETY: context current; a live sync object of the share group, not kept.
        unsafe { self.gl.delete_sync(fence) }
    }

    /// `glWaitSync`: the host's later commands wait (on the GPU) for `fence`.
    pub(crate) fn wait_sync(&self, fence: glow::Fence) {
        // SAFETY: context current; a live sync object of the share group (a frame's fence,
        // deleted only two presents later).
        unsafe { self.gl.wait_sync(fence, 0, glow::TIMEOUT_IGNORED) }
    }
}
