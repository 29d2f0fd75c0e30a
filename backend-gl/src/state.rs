//! The GL state cache and call counter: every GL call of this crate goes through [`Gl`].
//!
//! [`Gl`] shadows the GL state it sets (bindings, fixed-function state, per-unit textures
//! and samplers). A shadow slot starts unknown (`None`), so the first request always reaches
//! GL; after that a request whose effect is already in place issues no call. Every call that
//! reaches GL is counted by [`CallKind`], for tests and benchmarks.
//!
//! Safety: `Gl` owns the [`GlContext`]; it is `!Send` (the glutin context is), and every
//! backend entry point makes the context current before it calls in here, so each glow
//! call below runs with its context current on the calling thread. Object arguments are
//! objects created by this same context and not yet deleted (the backend's maps own them).
#![allow(clippy::too_many_arguments)]

use glow::{HasContext, PixelPackData, PixelUnpackData};

use crate::egl::GlContext;

/// What a GL call does, for counting.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CallKind {
    /// Fixed-function state: enable/disable, blend, depth, stencil, masks, scissor, viewport,
    /// culling, clear values, pixel store, draw buffers.
    State,
    /// Binding an object: program, vertex array, buffer, texture, sampler, framebuffer,
    /// active texture unit.
    Bind,
    /// Uniform uploads.
    Uniform,
    /// Data uploads: buffer data, texture images.
    Upload,
    /// Draw calls.
    Draw,
    /// Clears.
    Clear,
    /// Object creation and setup (parameters of new objects, attribute pointers, shaders).
    Create,
    /// Object deletion.
    Delete,
    /// Queries: errors, logs, locations, read-back.
    Query,
    /// Blits and presents.
    Blit,
}

impl CallKind {
    /// Every kind.
    pub const ALL: [CallKind; 10] = [
        CallKind::State,
        CallKind::Bind,
        CallKind::Uniform,
        CallKind::Upload,
        CallKind::Draw,
        CallKind::Clear,
        CallKind::Create,
        CallKind::Delete,
        CallKind::Query,
        CallKind::Blit,
    ];
}

/// GL calls issued, by kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct CallCounts {
    counts: [u64; 10],
}

impl CallCounts {
    /// Calls of one kind.
    pub fn get(&self, kind: CallKind) -> u64 {
        self.counts[kind as usize]
    }

    /// All calls.
    pub fn total(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// State, bind and uniform calls: what the cache exists to avoid.
    pub fn state_changes(&self) -> u64 {
        self.get(CallKind::State) + self.get(CallKind::Bind) + self.get(CallKind::Uniform)
    }

    /// The calls issued since `earlier`.
    pub fn since(&self, earlier: &CallCounts) -> CallCounts {
        let mut counts = [0; 10];
        for (i, c) in counts.iter_mut().enumerate() {
            *c = self.counts[i].saturating_sub(earlier.counts[i]);
        }
        CallCounts { counts }
    }
}

/// Number of texture units shadowed.
pub const UNITS: usize = 16;

/// The shadowed state; `None` is unknown.
#[derive(Debug, Default)]
struct Shadow {
    program: Option<Option<glow::Program>>,
    vao: Option<Option<glow::VertexArray>>,
    array_buffer: Option<Option<glow::Buffer>>,
    draw_fbo: Option<Option<glow::Framebuffer>>,
    read_fbo: Option<Option<glow::Framebuffer>>,
    active_unit: Option<u32>,
    tex_2d: [Option<Option<glow::Texture>>; UNITS],
    tex_cube: [Option<Option<glow::Texture>>; UNITS],
    samplers: [Option<Option<glow::Sampler>>; UNITS],
    viewport: Option<[i32; 4]>,
    scissor_test: Option<bool>,
    scissor: Option<[i32; 4]>,
    blend: Option<bool>,
    blend_func: Option<(u32, u32)>,
    color_mask: Option<[bool; 4]>,
    cull: Option<bool>,
    cull_face: Option<u32>,
    front_face: Option<u32>,
    depth_test: Option<bool>,
    depth_func: Option<u32>,
    depth_mask: Option<bool>,
    stencil_test: Option<bool>,
    stencil_func: [Option<(u32, i32, u32)>; 2],
    stencil_op: [Option<(u32, u32, u32)>; 2],
    stencil_mask: Option<u32>,
    clear_color: Option<[u32; 4]>,
    clear_depth: Option<u32>,
    clear_stencil: Option<i32>,
}

/// Sets `slot` to `value`; `true` when it changed (the GL call must be made).
fn update<T: PartialEq>(slot: &mut Option<T>, value: T) -> bool {
    if slot.as_ref() == Some(&value) {
        false
    } else {
        *slot = Some(value);
        true
    }
}

/// The context, its shadow state and the call counter.
pub struct Gl {
    ctx: GlContext,
    shadow: Shadow,
    counts: CallCounts,
}

impl std::fmt::Debug for Gl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Gl")
            .field("ctx", &self.ctx)
            .field("counts", &self.counts)
            .finish_non_exhaustive()
    }
}

impl Gl {
    /// Wraps a context whose GL state is unknown.
    pub fn new(ctx: GlContext) -> Gl {
        Gl {
            ctx,
            shadow: Shadow::default(),
            counts: CallCounts::default(),
        }
    }

    /// The context.
    pub fn context(&self) -> &GlContext {
        &self.ctx
    }

    /// Calls so far.
    pub fn counts(&self) -> CallCounts {
        self.counts
    }

    /// Forgets every shadowed value (after something outside touched GL).
    pub fn invalidate(&mut self) {
        self.shadow = Shadow::default();
    }

    fn count(&mut self, kind: CallKind) -> &glow::Context {
        self.counts.counts[kind as usize] += 1;
        self.ctx.gl()
    }

    // ---- queries ------------------------------------------------------------------------

    /// `glGetError`.
    pub fn get_error(&mut self) -> u32 {
        let gl = self.count(CallKind::Query);
        // SAFETY: context current (module docs); no arguments.
        unsafe { gl.get_error() }
    }

    /// `glGetIntegerv` of one value.
    pub fn get_integer(&mut self, pname: u32) -> i32 {
        let gl = self.count(CallKind::Query);
        // SAFETY: context current; pname is a single-valued GL enum chosen by this crate.
        unsafe { gl.get_parameter_i32(pname) }
    }

    /// Whether the driver lists `name`.
    pub fn has_extension(&self, name: &str) -> bool {
        self.ctx.gl().supported_extensions().contains(name)
    }

    // ---- bindings -----------------------------------------------------------------------

    /// `glUseProgram`, when not already in use.
    pub fn use_program(&mut self, program: Option<glow::Program>) {
        if update(&mut self.shadow.program, program) {
            let gl = self.count(CallKind::Bind);
            // SAFETY: context current; the program is live or None.
            unsafe { gl.use_program(program) };
        }
    }

    /// `glBindVertexArray`, when not already bound.
    pub fn bind_vertex_array(&mut self, vao: Option<glow::VertexArray>) {
        if update(&mut self.shadow.vao, vao) {
            let gl = self.count(CallKind::Bind);
            // SAFETY: context current; the vertex array is live or None.
            unsafe { gl.bind_vertex_array(vao) };
        }
    }

    /// `glBindBuffer(GL_ARRAY_BUFFER)`, when not already bound.
    pub fn bind_array_buffer(&mut self, buffer: Option<glow::Buffer>) {
        if update(&mut self.shadow.array_buffer, buffer) {
            let gl = self.count(CallKind::Bind);
            // SAFETY: context current; the buffer is live or None.
            unsafe { gl.bind_buffer(glow::ARRAY_BUFFER, buffer) };
        }
    }

    /// Binds `fbo` for drawing, when not already bound.
    pub fn bind_draw_framebuffer(&mut self, fbo: Option<glow::Framebuffer>) {
        if update(&mut self.shadow.draw_fbo, fbo) {
            let gl = self.count(CallKind::Bind);
            // SAFETY: context current; the framebuffer is live or None (the default one).
            unsafe { gl.bind_framebuffer(glow::DRAW_FRAMEBUFFER, fbo) };
        }
    }

    /// Binds `fbo` for reading, when not already bound.
    pub fn bind_read_framebuffer(&mut self, fbo: Option<glow::Framebuffer>) {
        if update(&mut self.shadow.read_fbo, fbo) {
            let gl = self.count(CallKind::Bind);
            // SAFETY: context current; the framebuffer is live or None (the default one).
            unsafe { gl.bind_framebuffer(glow::READ_FRAMEBUFFER, fbo) };
        }
    }

    fn active_texture(&mut self, unit: u32) {
        if update(&mut self.shadow.active_unit, unit) {
            let gl = self.count(CallKind::Bind);
            // SAFETY: context current; unit < UNITS, within every GL ES 3.0 implementation's 16.
            unsafe { gl.active_texture(glow::TEXTURE0 + unit) };
        }
    }

    /// Binds `texture` to `target` (2D or cube map) of `unit`, when not already bound.
    pub fn bind_texture(&mut self, unit: usize, target: u32, texture: Option<glow::Texture>) {
        let unit = unit.min(UNITS - 1);
        let slot = if target == glow::TEXTURE_CUBE_MAP {
            &mut self.shadow.tex_cube[unit]
        } else {
            &mut self.shadow.tex_2d[unit]
        };
        if update(slot, texture) {
            self.active_texture(unit as u32);
            let gl = self.count(CallKind::Bind);
            // SAFETY: context current; the texture is live or None and was created for `target`.
            unsafe { gl.bind_texture(target, texture) };
        }
    }

    /// `glBindSampler`, when not already bound.
    pub fn bind_sampler(&mut self, unit: usize, sampler: Option<glow::Sampler>) {
        let unit = unit.min(UNITS - 1);
        if update(&mut self.shadow.samplers[unit], sampler) {
            let gl = self.count(CallKind::Bind);
            // SAFETY: context current; the sampler is live or None; unit < 16.
            unsafe { gl.bind_sampler(unit as u32, sampler) };
        }
    }

    /// Forgets bindings of a deleted texture (GL unbinds it from every unit).
    pub fn forget_texture(&mut self, texture: glow::Texture) {
        for slot in self
            .shadow
            .tex_2d
            .iter_mut()
            .chain(self.shadow.tex_cube.iter_mut())
        {
            if *slot == Some(Some(texture)) {
                *slot = Some(None);
            }
        }
    }

    /// Forgets bindings of a deleted framebuffer (GL rebinds the default one).
    pub fn forget_framebuffer(&mut self, fbo: glow::Framebuffer) {
        for slot in [&mut self.shadow.draw_fbo, &mut self.shadow.read_fbo] {
            if *slot == Some(Some(fbo)) {
                *slot = Some(None);
            }
        }
    }

    /// Forgets a deleted vertex array / buffer / program binding.
    pub fn forget_vertex_array(&mut self, vao: glow::VertexArray) {
        if self.shadow.vao == Some(Some(vao)) {
            self.shadow.vao = Some(None);
        }
    }

    /// See [`Gl::forget_vertex_array`].
    pub fn forget_buffer(&mut self, buffer: glow::Buffer) {
        if self.shadow.array_buffer == Some(Some(buffer)) {
            self.shadow.array_buffer = Some(None);
        }
    }

    /// See [`Gl::forget_vertex_array`].
    pub fn forget_program(&mut self, program: glow::Program) {
        if self.shadow.program == Some(Some(program)) {
            self.shadow.program = Some(None);
        }
    }

    // ---- fixed-function state -----------------------------------------------------------

    fn enable(&mut self, cap: u32, on: bool) {
        let gl = self.count(CallKind::State);
        // SAFETY: context current; cap is a GL ES 3.0 capability enum.
        unsafe {
            if on {
                gl.enable(cap)
            } else {
                gl.disable(cap)
            }
        };
    }

    /// `glViewport`.
    pub fn viewport(&mut self, rect: [i32; 4]) {
        if update(&mut self.shadow.viewport, rect) {
            let gl = self.count(CallKind::State);
            // SAFETY: context current; plain integers.
            unsafe { gl.viewport(rect[0], rect[1], rect[2], rect[3]) };
        }
    }

    /// Scissor test on with `rect`, or off.
    pub fn scissor(&mut self, rect: Option<[i32; 4]>) {
        if update(&mut self.shadow.scissor_test, rect.is_some()) {
            self.enable(glow::SCISSOR_TEST, rect.is_some());
        }
        if let Some(r) = rect {
            if update(&mut self.shadow.scissor, r) {
                let gl = self.count(CallKind::State);
                // SAFETY: context current; width and height are non-negative.
                unsafe { gl.scissor(r[0], r[1], r[2].max(0), r[3].max(0)) };
            }
        }
    }

    /// Blending with `(source, destination)` factors, or off.
    pub fn blend(&mut self, func: Option<(u32, u32)>) {
        if update(&mut self.shadow.blend, func.is_some()) {
            self.enable(glow::BLEND, func.is_some());
        }
        if let Some((s, d)) = func {
            if update(&mut self.shadow.blend_func, (s, d)) {
                let gl = self.count(CallKind::State);
                // SAFETY: context current; blend factor enums from conv.
                unsafe { gl.blend_func(s, d) };
            }
        }
    }

    /// `glColorMask`.
    pub fn color_mask(&mut self, mask: [bool; 4]) {
        if update(&mut self.shadow.color_mask, mask) {
            let gl = self.count(CallKind::State);
            // SAFETY: context current; plain booleans.
            unsafe { gl.color_mask(mask[0], mask[1], mask[2], mask[3]) };
        }
    }

    /// Face culling of `face`, or off; and the front-face winding.
    pub fn cull(&mut self, face: Option<u32>, front_face: u32) {
        if update(&mut self.shadow.front_face, front_face) {
            let gl = self.count(CallKind::State);
            // SAFETY: context current; CW or CCW.
            unsafe { gl.front_face(front_face) };
        }
        if update(&mut self.shadow.cull, face.is_some()) {
            self.enable(glow::CULL_FACE, face.is_some());
        }
        if let Some(f) = face {
            if update(&mut self.shadow.cull_face, f) {
                let gl = self.count(CallKind::State);
                // SAFETY: context current; FRONT, BACK or FRONT_AND_BACK.
                unsafe { gl.cull_face(f) };
            }
        }
    }

    /// Depth test with `func` (or off), and the depth write mask.
    pub fn depth(&mut self, func: Option<u32>, write: bool) {
        if update(&mut self.shadow.depth_test, func.is_some()) {
            self.enable(glow::DEPTH_TEST, func.is_some());
        }
        if let Some(f) = func {
            if update(&mut self.shadow.depth_func, f) {
                let gl = self.count(CallKind::State);
                // SAFETY: context current; a comparison enum.
                unsafe { gl.depth_func(f) };
            }
        }
        self.depth_mask(write);
    }

    /// `glDepthMask`.
    pub fn depth_mask(&mut self, write: bool) {
        if update(&mut self.shadow.depth_mask, write) {
            let gl = self.count(CallKind::State);
            // SAFETY: context current; a boolean.
            unsafe { gl.depth_mask(write) };
        }
    }

    /// Stencil test on or off.
    pub fn stencil_test(&mut self, on: bool) {
        if update(&mut self.shadow.stencil_test, on) {
            self.enable(glow::STENCIL_TEST, on);
        }
    }

    /// `glStencilFuncSeparate` and `glStencilOpSeparate` of one face (0 front, 1 back).
    pub fn stencil_face(&mut self, back: bool, func: (u32, i32, u32), ops: (u32, u32, u32)) {
        let i = usize::from(back);
        let face = if back { glow::BACK } else { glow::FRONT };
        if update(&mut self.shadow.stencil_func[i], func) {
            let gl = self.count(CallKind::State);
            // SAFETY: context current; enums from conv, reference and mask are 8-bit values.
            unsafe { gl.stencil_func_separate(face, func.0, func.1, func.2) };
        }
        if update(&mut self.shadow.stencil_op[i], ops) {
            let gl = self.count(CallKind::State);
            // SAFETY: context current; stencil op enums from conv.
            unsafe { gl.stencil_op_separate(face, ops.0, ops.1, ops.2) };
        }
    }

    /// `glStencilMask` (both faces).
    pub fn stencil_mask(&mut self, mask: u32) {
        if update(&mut self.shadow.stencil_mask, mask) {
            let gl = self.count(CallKind::State);
            // SAFETY: context current; a bit mask.
            unsafe { gl.stencil_mask(mask) };
        }
    }

    /// `glClear` with the given values for the buffers in `mask`.
    pub fn clear(&mut self, color: [f32; 4], depth: f32, stencil: i32, mask: u32) {
        if mask & glow::COLOR_BUFFER_BIT != 0
            && update(&mut self.shadow.clear_color, color.map(f32::to_bits))
        {
            let gl = self.count(CallKind::State);
            // SAFETY: context current; plain floats.
            unsafe { gl.clear_color(color[0], color[1], color[2], color[3]) };
        }
        if mask & glow::DEPTH_BUFFER_BIT != 0
            && update(&mut self.shadow.clear_depth, depth.to_bits())
        {
            let gl = self.count(CallKind::State);
            // SAFETY: context current; a float in 0..=1.
            unsafe { gl.clear_depth_f32(depth) };
        }
        if mask & glow::STENCIL_BUFFER_BIT != 0 && update(&mut self.shadow.clear_stencil, stencil) {
            let gl = self.count(CallKind::State);
            // SAFETY: context current; an 8-bit value.
            unsafe { gl.clear_stencil(stencil) };
        }
        let gl = self.count(CallKind::Clear);
        // SAFETY: context current; mask holds buffer bits only.
        unsafe { gl.clear(mask) };
    }

    /// `glDrawBuffers` for the bound draw framebuffer (framebuffer state: set once per FBO).
    pub fn draw_buffers(&mut self, buffers: &[u32]) {
        let gl = self.count(CallKind::State);
        // SAFETY: context current; COLOR_ATTACHMENTi or NONE entries, at most 4.
        unsafe { gl.draw_buffers(buffers) };
    }

    /// `glReadBuffer` for the bound read framebuffer.
    pub fn read_buffer(&mut self, buffer: u32) {
        let gl = self.count(CallKind::State);
        // SAFETY: context current; COLOR_ATTACHMENTi or BACK.
        unsafe { gl.read_buffer(buffer) };
    }

    /// `glPixelStorei`.
    pub fn pixel_store(&mut self, pname: u32, value: i32) {
        let gl = self.count(CallKind::State);
        // SAFETY: context current; pack/unpack alignment values 1, 2, 4 or 8.
        unsafe { gl.pixel_store_i32(pname, value) };
    }

    // ---- objects ------------------------------------------------------------------------

    /// `glGenBuffers`.
    pub fn create_buffer(&mut self) -> Result<glow::Buffer, String> {
        let gl = self.count(CallKind::Create);
        // SAFETY: context current.
        unsafe { gl.create_buffer() }
    }

    /// `glDeleteBuffers`.
    pub fn delete_buffer(&mut self, buffer: glow::Buffer) {
        self.forget_buffer(buffer);
        let gl = self.count(CallKind::Delete);
        // SAFETY: context current; the buffer is live and the caller drops its handle.
        unsafe { gl.delete_buffer(buffer) };
    }

    /// Allocates `size` bytes of `buffer` (bound to `GL_COPY_WRITE_BUFFER`, which touches
    /// neither vertex array state nor the array-buffer binding).
    pub fn buffer_alloc(&mut self, buffer: glow::Buffer, size: i32, usage: u32) {
        let gl = self.count(CallKind::Bind);
        // SAFETY: context current; the buffer is live.
        unsafe { gl.bind_buffer(glow::COPY_WRITE_BUFFER, Some(buffer)) };
        let gl = self.count(CallKind::Upload);
        // SAFETY: context current; a buffer is bound to COPY_WRITE_BUFFER just above.
        unsafe { gl.buffer_data_size(glow::COPY_WRITE_BUFFER, size, usage) };
    }

    /// Writes `data` at `offset` of `buffer` (through `GL_COPY_WRITE_BUFFER`).
    pub fn buffer_write(&mut self, buffer: glow::Buffer, offset: i32, data: &[u8]) {
        let gl = self.count(CallKind::Bind);
        // SAFETY: context current; the buffer is live.
        unsafe { gl.bind_buffer(glow::COPY_WRITE_BUFFER, Some(buffer)) };
        let gl = self.count(CallKind::Upload);
        // SAFETY: context current; offset + data.len() lies within the buffer (context3d
        // checked the upload against the buffer's size).
        unsafe { gl.buffer_sub_data_u8_slice(glow::COPY_WRITE_BUFFER, offset, data) };
    }

    /// `glGenVertexArrays`.
    pub fn create_vertex_array(&mut self) -> Result<glow::VertexArray, String> {
        let gl = self.count(CallKind::Create);
        // SAFETY: context current.
        unsafe { gl.create_vertex_array() }
    }

    /// `glDeleteVertexArrays`.
    pub fn delete_vertex_array(&mut self, vao: glow::VertexArray) {
        self.forget_vertex_array(vao);
        let gl = self.count(CallKind::Delete);
        // SAFETY: context current; the vertex array is live and the caller drops its handle.
        unsafe { gl.delete_vertex_array(vao) };
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
        unsafe {
            gl.enable_vertex_attrib_array(index);
        }
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

    /// `glGenTextures`.
    pub fn create_texture(&mut self) -> Result<glow::Texture, String> {
        let gl = self.count(CallKind::Create);
        // SAFETY: context current.
        unsafe { gl.create_texture() }
    }

    /// `glDeleteTextures`.
    pub fn delete_texture(&mut self, texture: glow::Texture) {
        self.forget_texture(texture);
        let gl = self.count(CallKind::Delete);
        // SAFETY: context current; the texture is live and the caller drops its handle.
        unsafe { gl.delete_texture(texture) };
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

    /// `glDeleteSamplers`.
    pub fn delete_sampler(&mut self, sampler: glow::Sampler) {
        for slot in self.shadow.samplers.iter_mut() {
            if *slot == Some(Some(sampler)) {
                *slot = Some(None);
            }
        }
        let gl = self.count(CallKind::Delete);
        // SAFETY: context current; the sampler is live and the caller drops its handle.
        unsafe { gl.delete_sampler(sampler) };
    }

    /// `glGenFramebuffers`.
    pub fn create_framebuffer(&mut self) -> Result<glow::Framebuffer, String> {
        let gl = self.count(CallKind::Create);
        // SAFETY: context current.
        unsafe { gl.create_framebuffer() }
    }

    /// `glDeleteFramebuffers`.
    pub fn delete_framebuffer(&mut self, fbo: glow::Framebuffer) {
        self.forget_framebuffer(fbo);
        let gl = self.count(CallKind::Delete);
        // SAFETY: context current; the framebuffer is live and the caller drops its handle.
        unsafe { gl.delete_framebuffer(fbo) };
    }

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

    /// Blits between the bound read and draw framebuffers.
    pub fn blit(&mut self, src: [i32; 4], dst: [i32; 4], mask: u32, filter: u32) {
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
        unsafe {
            gl.shader_source(shader, source);
            gl.compile_shader(shader);
        }
        let gl = self.count(CallKind::Query);
        // SAFETY: context current; the shader is live.
        let ok = unsafe { gl.get_shader_compile_status(shader) };
        if ok {
            return Ok(shader);
        }
        let gl = self.count(CallKind::Query);
        // SAFETY: context current; the shader is live.
        let log = unsafe { gl.get_shader_info_log(shader) };
        let gl = self.count(CallKind::Delete);
        // SAFETY: context current; the shader is live and dropped here.
        unsafe { gl.delete_shader(shader) };
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
        let gl = self.count(CallKind::Create);
        // SAFETY: context current; program and shaders are live; locations < 16.
        unsafe {
            gl.attach_shader(program, vs);
            gl.attach_shader(program, fs);
            for &(loc, name) in attributes {
                gl.bind_attrib_location(program, loc, name);
            }
            gl.link_program(program);
            gl.detach_shader(program, vs);
            gl.detach_shader(program, fs);
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

    /// `glDeleteProgram`.
    pub fn delete_program(&mut self, program: glow::Program) {
        self.forget_program(program);
        let gl = self.count(CallKind::Delete);
        // SAFETY: context current; the program is live and the caller drops its handle.
        unsafe { gl.delete_program(program) };
    }

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

    /// `glFlush`.
    pub fn flush(&mut self) {
        let gl = self.count(CallKind::Blit);
        // SAFETY: context current.
        unsafe { gl.flush() };
    }
}
