//! The GL state cache and call counter: every GL call Molehill makes in its drawing goes
//! through [`Calls`], which the device reaches only through [`Gl::current`], with the proof
//! ([`Current`]) that the context is current.
//!
//! [`Calls`] shadows the GL state it sets (bindings, fixed-function state, per-unit textures
//! and samplers). A shadow slot starts unknown (`None`), so the first request always reaches
//! GL; after that a request whose effect is already in place issues no call. Every call that
//! reaches GL is counted by [`CallKind`], for tests and benchmarks.
//!
//! Safety: [`Gl`] owns the [`GlContext`]; it is `!Send` (the glutin context is), and hands out
//! its [`Calls`] only for a [`Current`], which the context layer makes when it made or found
//! the context current on this thread (a backend call's entry), so each glow call of this
//! layer runs with its context current on the calling thread. Object arguments are
//! objects created by this same context and not yet deleted (the backend's maps own them).
#![allow(clippy::too_many_arguments)]

use glow::HasContext;

use super::counts::{CallCounts, CallKind};
use crate::context::{Current, GlContext};

/// Number of texture units shadowed.
pub const UNITS: usize = 16;

/// The shadowed state; `None` is unknown. In a host's context every field is also captured
/// and put back by `hoststate.rs` (a new field must be added there too).
#[derive(Debug, Default, Clone)]
pub(super) struct Shadow {
    pub(super) program: Option<Option<glow::Program>>,
    pub(super) vao: Option<Option<glow::VertexArray>>,
    pub(super) array_buffer: Option<Option<glow::Buffer>>,
    pub(super) copy_write_buffer: Option<Option<glow::Buffer>>,
    pub(super) draw_fbo: Option<Option<glow::Framebuffer>>,
    pub(super) read_fbo: Option<Option<glow::Framebuffer>>,
    pub(super) active_unit: Option<u32>,
    pub(super) tex_2d: [Option<Option<glow::Texture>>; UNITS],
    pub(super) tex_cube: [Option<Option<glow::Texture>>; UNITS],
    pub(super) samplers: [Option<Option<glow::Sampler>>; UNITS],
    pub(super) viewport: Option<[i32; 4]>,
    pub(super) scissor_test: Option<bool>,
    pub(super) scissor: Option<[i32; 4]>,
    pub(super) blend: Option<bool>,
    pub(super) blend_func: Option<(u32, u32)>,
    pub(super) color_mask: Option<[bool; 4]>,
    pub(super) cull: Option<bool>,
    pub(super) cull_face: Option<u32>,
    pub(super) front_face: Option<u32>,
    pub(super) depth_test: Option<bool>,
    pub(super) depth_func: Option<u32>,
    pub(super) depth_mask: Option<bool>,
    pub(super) stencil_test: Option<bool>,
    pub(super) stencil_func: [Option<(u32, i32, u32)>; 2],
    pub(super) stencil_op: [Option<(u32, u32, u32)>; 2],
    pub(super) stencil_mask: Option<u32>,
    pub(super) clear_color: Option<[u32; 4]>,
    pub(super) clear_depth: Option<u32>,
    pub(super) clear_stencil: Option<i32>,
}

/// Sets `slot` to `value`; `true` when it changed (the GL call must be made).
pub(super) fn update<T: PartialEq>(slot: &mut Option<T>, value: T) -> bool {
    if slot.as_ref() == Some(&value) {
        false
    } else {
        *slot = Some(value);
        true
    }
}

/// The GL layer as the device holds it: the context, and its [`Calls`] behind the proof that
/// the context is current.
pub(crate) struct Gl {
    calls: Calls,
}

impl std::fmt::Debug for Gl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.calls.fmt(f)
    }
}

impl Gl {
    /// Wraps a context whose GL state is unknown.
    pub(crate) fn new(ctx: GlContext) -> Gl {
        Gl {
            calls: Calls {
                ctx,
                shadow: Shadow::default(),
                counts: CallCounts::default(),
                state_writes: 0,
                #[cfg(target_arch = "wasm32")]
                rebind_all: false,
            },
        }
    }

    /// The calls, for a context made or found current ([`Current`]).
    pub(crate) fn current(&mut self, _proof: Current) -> &mut Calls {
        &mut self.calls
    }

    /// The context.
    pub(crate) fn context(&self) -> &GlContext {
        &self.calls.ctx
    }

    /// Calls so far.
    pub(crate) fn counts(&self) -> CallCounts {
        self.calls.counts
    }

    /// Forgets every shadowed value (after something outside touched GL, or the context
    /// went); makes no call.
    pub(crate) fn invalidate(&mut self) {
        self.calls.invalidate();
    }
}

/// The context, its shadow state and the call counter: the calls themselves.
pub(crate) struct Calls {
    pub(super) ctx: GlContext,
    pub(super) shadow: Shadow,
    pub(super) counts: CallCounts,
    /// Bumped by every fixed-function state call made and by [`Calls::invalidate`]: what
    /// `FixedState::apply` (the device's) compares to skip a draw's state when nothing
    /// changed since it last applied it.
    pub(super) state_writes: u64,
    /// In a player's WebGL2 context: the shadow was forgotten since the player's objects were
    /// last in place, so all of them are bound back at the exit (`webgl.rs`).
    #[cfg(target_arch = "wasm32")]
    pub(super) rebind_all: bool,
}

impl std::fmt::Debug for Calls {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Gl")
            .field("ctx", &self.ctx)
            .field("counts", &self.counts)
            .finish_non_exhaustive()
    }
}

impl Calls {
    /// The context.
    pub fn context(&self) -> &GlContext {
        &self.ctx
    }

    /// Forgets every shadowed value (after something outside touched GL).
    pub fn invalidate(&mut self) {
        self.shadow = Shadow::default();
        self.state_writes += 1;
        #[cfg(target_arch = "wasm32")]
        {
            self.rebind_all = true;
        }
    }

    /// The fixed-function writes so far (see the field).
    pub fn state_writes(&self) -> u64 {
        self.state_writes
    }

    pub(super) fn count(&mut self, kind: CallKind) -> &glow::Context {
        self.counts.add(kind);
        if kind == CallKind::State {
            self.state_writes += 1;
        }
        self.ctx.gl()
    }

    // ---- queries ------------------------------------------------------------------------

    /// `glGetGraphicsResetStatus` where the context reports resets (counted as a query), or
    /// the status [`GlContext::simulate_reset`] gave; `None` while not reset.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn reset_status(&mut self, current: Current) -> Option<crate::context::ResetStatus> {
        if self.ctx.detects_resets() {
            self.counts.add(CallKind::Query);
        }
        self.ctx.reset_status(current)
    }

    /// `glGetError`.
    pub fn get_error(&mut self) -> u32 {
        let gl = self.count(CallKind::Query);
        // SAFETY: context current (module docs); no arguments.
        unsafe { gl.get_error() }
    }

    /// `glGetIntegerv` of one value. WebGL2 has no `GL_MAJOR_VERSION` / `GL_MINOR_VERSION`
    /// query (INVALID_ENUM): it is OpenGL ES 3.0, answered without a call.
    pub fn get_integer(&mut self, pname: u32) -> i32 {
        if self.ctx.is_web() && matches!(pname, glow::MAJOR_VERSION | glow::MINOR_VERSION) {
            return if pname == glow::MAJOR_VERSION { 3 } else { 0 };
        }
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

    /// `glBindBuffer(GL_COPY_WRITE_BUFFER)` (the upload binding), when not already bound.
    pub fn bind_copy_write_buffer(&mut self, buffer: glow::Buffer) {
        if update(&mut self.shadow.copy_write_buffer, Some(buffer)) {
            let gl = self.count(CallKind::Bind);
            // SAFETY: context current; the buffer is live.
            unsafe { gl.bind_buffer(glow::COPY_WRITE_BUFFER, Some(buffer)) };
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

    pub(super) fn active_texture(&mut self, unit: u32) {
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

    /// Binds `texture` to `target` of unit 0 and makes unit 0 active, for the calls that act
    /// on the active unit's texture (parameters, image uploads). [`Calls::bind_texture`] alone
    /// does not do it: when the texture is already bound there it skips `glActiveTexture`
    /// too, and a draw may have left another unit active.
    pub fn bind_texture_to_edit(&mut self, target: u32, texture: glow::Texture) {
        self.active_texture(0);
        self.bind_texture(0, target, Some(texture));
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

    /// Forgets bindings of a deleted sampler.
    pub fn forget_sampler(&mut self, sampler: glow::Sampler) {
        for slot in self.shadow.samplers.iter_mut() {
            if *slot == Some(Some(sampler)) {
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

    /// Forgets the bindings of a deleted buffer (GL unbinds it from every target).
    pub fn forget_buffer(&mut self, buffer: glow::Buffer) {
        for slot in [
            &mut self.shadow.array_buffer,
            &mut self.shadow.copy_write_buffer,
        ] {
            if *slot == Some(Some(buffer)) {
                *slot = Some(None);
            }
        }
    }

    /// Forgets a deleted program. Unlike the objects above, GL keeps a program in use when it
    /// is deleted (it is only flagged for deletion), so the binding becomes unknown rather than
    /// none.
    pub fn forget_program(&mut self, program: glow::Program) {
        if self.shadow.program == Some(Some(program)) {
            self.shadow.program = None;
        }
    }

    // ---- fixed-function state -----------------------------------------------------------

    pub(super) fn enable(&mut self, cap: u32, on: bool) {
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
}
