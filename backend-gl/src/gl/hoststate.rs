//! The host's GL state around Molehill's calls in the host's context (a child of
//! the GL layer, so that it reads and seeds the shadow directly).
//!
//! [`HostState::capture`] reads every piece of state Molehill may change (the whole shadow,
//! and the state the shadow does not cover: renderbuffer binding, pixel-pack and unpack
//! buffers and parameters, and the state Molehill relies on being at its default: blend
//! equation, polygon offset, sample coverage, rasterizer discard, primitive restart, depth
//! range, sRGB writes). The shadow is seeded with the captured values, so no call is made for
//! state already in place. [`Calls::enter_host`] then sets what Molehill relies on;
//! [`Calls::leave_host`] puts back every captured value that differs from the shadow, and leaves
//! the shadow equal to the host's state, so the next call starts with a correct cache unless
//! the host changes GL state (then it calls `GlBackend::host_state_changed`, and the next
//! call captures again).

use glow::HasContext;

use super::calls::{update, Calls, Shadow, UNITS};
use super::counts::CallKind;
#[cfg(target_arch = "wasm32")]
use super::webgl::WebBindings;

/// Capabilities Molehill needs off (`GL_FRAMEBUFFER_SRGB` only on desktop GL).
const OFF_CAPS: [u32; 5] = [
    glow::POLYGON_OFFSET_FILL,
    glow::SAMPLE_ALPHA_TO_COVERAGE,
    glow::SAMPLE_COVERAGE,
    glow::RASTERIZER_DISCARD,
    glow::PRIMITIVE_RESTART_FIXED_INDEX,
];

/// Pixel-store parameters and the values Molehill needs.
const PIXEL_STORE: [(u32, i32); 10] = [
    (glow::UNPACK_ALIGNMENT, 1),
    (glow::PACK_ALIGNMENT, 4),
    (glow::UNPACK_ROW_LENGTH, 0),
    (glow::UNPACK_IMAGE_HEIGHT, 0),
    (glow::UNPACK_SKIP_ROWS, 0),
    (glow::UNPACK_SKIP_PIXELS, 0),
    (glow::UNPACK_SKIP_IMAGES, 0),
    (glow::PACK_ROW_LENGTH, 0),
    (glow::PACK_SKIP_ROWS, 0),
    (glow::PACK_SKIP_PIXELS, 0),
];

/// The host's state as captured.
#[derive(Debug)]
pub struct HostState {
    shadow: Shadow,
    blend_separate: [u32; 4],
    stencil_writemask: [u32; 2],
    renderbuffer: Option<glow::Renderbuffer>,
    pack_buffer: Option<glow::Buffer>,
    unpack_buffer: Option<glow::Buffer>,
    pixel_store: [i32; PIXEL_STORE.len()],
    caps: [bool; OFF_CAPS.len()],
    srgb: Option<bool>,
    blend_equation: [u32; 2],
    depth_range: [f32; 2],
    /// In a player's WebGL2 context: its object bindings, as the browser names them (the
    /// shadow's object slots, `renderbuffer` and the pixel buffers are then unknown/none).
    #[cfg(target_arch = "wasm32")]
    web: Option<WebBindings>,
}

impl HostState {
    /// Reads the host's state (its context is current) and seeds `gl`'s shadow with it.
    pub fn capture(gl: &mut Calls, desktop: bool) -> HostState {
        // Every closure below makes one GL call with the host's context current (the
        // backend's entry checked it), with a GL ES 3.0 query enum; `n` counts them.
        let n = std::cell::Cell::new(0u64);
        let g = gl.ctx.gl();
        let tick = || n.set(n.get() + 1);
        let int = |p: u32| {
            tick();
            // SAFETY: see above; a single-valued query.
            unsafe { g.get_parameter_i32(p) }
        };
        let u = |p: u32| int(p) as u32;
        let ints4 = |p: u32| {
            let mut v = [0; 4];
            tick();
            // SAFETY: see above; a four-valued query (viewport, scissor box).
            unsafe { g.get_parameter_i32_slice(p, &mut v) };
            v
        };
        let floats = |p: u32, out: &mut [f32]| {
            tick();
            // SAFETY: see above; `out` has as many values as the query returns.
            unsafe { g.get_parameter_f32_slice(p, out) };
        };
        let on = |cap: u32| {
            tick();
            // SAFETY: see above; a capability.
            unsafe { g.is_enabled(cap) }
        };
        let buffer = |p: u32| {
            tick();
            // SAFETY: see above; a buffer binding query.
            unsafe { g.get_parameter_buffer(p) }
        };
        let framebuffer = |p: u32| {
            tick();
            // SAFETY: see above; a framebuffer binding query.
            unsafe { g.get_parameter_framebuffer(p) }
        };
        let texture = |p: u32| {
            tick();
            // SAFETY: see above; a texture binding query of the active unit.
            unsafe { g.get_parameter_texture(p) }
        };
        let unit = |unit: u32| {
            tick();
            // SAFETY: see above; unit < 16 <= GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS.
            unsafe { g.active_texture(glow::TEXTURE0 + unit) };
        };
        // Desktop GL has primitive restart with a fixed index from 4.3 (or the ES3
        // compatibility extension); asking a 3.3 driver would leave GL_INVALID_ENUM behind.
        // WebGL2 has it always on and cannot be asked (INVALID_ENUM).
        let web = gl.ctx.is_web();
        let restart = !web && (!desktop || gl.has_extension("GL_ARB_ES3_compatibility"));
        let mut s = Shadow::default();
        let active = u(glow::ACTIVE_TEXTURE).wrapping_sub(glow::TEXTURE0);
        if !web {
            tick();
            // SAFETY: see above.
            s.program = Some(unsafe { g.get_parameter_program(glow::CURRENT_PROGRAM) });
            tick();
            // SAFETY: see above.
            s.vao = Some(unsafe { g.get_parameter_vertex_array(glow::VERTEX_ARRAY_BINDING) });
            s.array_buffer = Some(buffer(glow::ARRAY_BUFFER_BINDING));
            s.copy_write_buffer = Some(buffer(glow::COPY_WRITE_BUFFER_BINDING));
            s.draw_fbo = Some(framebuffer(glow::DRAW_FRAMEBUFFER_BINDING));
            s.read_fbo = Some(framebuffer(glow::READ_FRAMEBUFFER_BINDING));
            for i in 0..UNITS {
                unit(i as u32);
                s.tex_2d[i] = Some(texture(glow::TEXTURE_BINDING_2D));
                s.tex_cube[i] = Some(texture(glow::TEXTURE_BINDING_CUBE_MAP));
                tick();
                // SAFETY: see above.
                s.samplers[i] = Some(unsafe { g.get_parameter_sampler(glow::SAMPLER_BINDING) });
            }
            unit(active);
        }
        s.active_unit = Some(active);
        s.viewport = Some(ints4(glow::VIEWPORT));
        s.scissor_test = Some(on(glow::SCISSOR_TEST));
        s.scissor = Some(ints4(glow::SCISSOR_BOX));
        s.blend = Some(on(glow::BLEND));
        let blend_separate = [
            u(glow::BLEND_SRC_RGB),
            u(glow::BLEND_DST_RGB),
            u(glow::BLEND_SRC_ALPHA),
            u(glow::BLEND_DST_ALPHA),
        ];
        s.blend_func = (blend_separate[0..2] == blend_separate[2..4])
            .then_some((blend_separate[0], blend_separate[1]));
        tick();
        // SAFETY: see above; COLOR_WRITEMASK has four values.
        s.color_mask = Some(unsafe { g.get_parameter_bool_array::<4>(glow::COLOR_WRITEMASK) });
        s.cull = Some(on(glow::CULL_FACE));
        s.cull_face = Some(u(glow::CULL_FACE_MODE));
        s.front_face = Some(u(glow::FRONT_FACE));
        s.depth_test = Some(on(glow::DEPTH_TEST));
        s.depth_func = Some(u(glow::DEPTH_FUNC));
        tick();
        // SAFETY: see above; a boolean query.
        s.depth_mask = Some(unsafe { g.get_parameter_bool(glow::DEPTH_WRITEMASK) });
        s.stencil_test = Some(on(glow::STENCIL_TEST));
        for (i, [func, r, m, fail, zfail, pass]) in [
            [
                glow::STENCIL_FUNC,
                glow::STENCIL_REF,
                glow::STENCIL_VALUE_MASK,
                glow::STENCIL_FAIL,
                glow::STENCIL_PASS_DEPTH_FAIL,
                glow::STENCIL_PASS_DEPTH_PASS,
            ],
            [
                glow::STENCIL_BACK_FUNC,
                glow::STENCIL_BACK_REF,
                glow::STENCIL_BACK_VALUE_MASK,
                glow::STENCIL_BACK_FAIL,
                glow::STENCIL_BACK_PASS_DEPTH_FAIL,
                glow::STENCIL_BACK_PASS_DEPTH_PASS,
            ],
        ]
        .into_iter()
        .enumerate()
        {
            s.stencil_func[i] = Some((u(func), int(r), u(m)));
            s.stencil_op[i] = Some((u(fail), u(zfail), u(pass)));
        }
        let stencil_writemask = [u(glow::STENCIL_WRITEMASK), u(glow::STENCIL_BACK_WRITEMASK)];
        s.stencil_mask =
            (stencil_writemask[0] == stencil_writemask[1]).then_some(stencil_writemask[0]);
        let mut clear = [0f32; 4];
        floats(glow::COLOR_CLEAR_VALUE, &mut clear);
        s.clear_color = Some(clear.map(f32::to_bits));
        let mut depth = [0f32; 1];
        floats(glow::DEPTH_CLEAR_VALUE, &mut depth);
        s.clear_depth = Some(depth[0].to_bits());
        s.clear_stencil = Some(int(glow::STENCIL_CLEAR_VALUE));
        let mut depth_range = [0f32; 2];
        floats(glow::DEPTH_RANGE, &mut depth_range);
        let (renderbuffer, pack_buffer, unpack_buffer) = if web {
            (None, None, None)
        } else {
            tick();
            // SAFETY: see above.
            let renderbuffer = unsafe { g.get_parameter_renderbuffer(glow::RENDERBUFFER_BINDING) };
            (
                renderbuffer,
                buffer(glow::PIXEL_PACK_BUFFER_BINDING),
                buffer(glow::PIXEL_UNPACK_BUFFER_BINDING),
            )
        };
        #[cfg(target_arch = "wasm32")]
        let web = web.then(|| {
            let mut queries = 0;
            let b = WebBindings::capture(gl.ctx.webgl(), active, &mut queries);
            n.set(n.get() + queries);
            b
        });
        let state = HostState {
            blend_separate,
            stencil_writemask,
            renderbuffer,
            pack_buffer,
            unpack_buffer,
            pixel_store: PIXEL_STORE.map(|(p, _)| int(p)),
            caps: OFF_CAPS
                .map(|cap| (cap != glow::PRIMITIVE_RESTART_FIXED_INDEX || restart) && on(cap)),
            srgb: desktop.then(|| on(glow::FRAMEBUFFER_SRGB)),
            blend_equation: [u(glow::BLEND_EQUATION_RGB), u(glow::BLEND_EQUATION_ALPHA)],
            depth_range,
            shadow: s,
            #[cfg(target_arch = "wasm32")]
            web,
        };
        gl.counts.add_many(CallKind::Query, n.get());
        gl.shadow = state.shadow.clone();
        gl.state_writes += 1;
        #[cfg(target_arch = "wasm32")]
        {
            // What GL holds now is the player's: nothing of Molehill's to bind back yet.
            gl.rebind_all = false;
        }
        state
    }
}

impl Calls {
    /// Sets the state Molehill relies on where the host's differs (the host's context is
    /// current and `host` is its captured state).
    pub(crate) fn enter_host(&mut self, host: &HostState) {
        self.set_outside_shadow(host, true);
    }

    /// Puts the host's captured state back: every shadowed value Molehill changed, then the
    /// state outside the shadow.
    pub(crate) fn leave_host(&mut self, host: &HostState) {
        #[cfg(target_arch = "wasm32")]
        if let Some(web) = &host.web {
            self.leave_web_host(web);
        }
        let h = &host.shadow;
        if let Some(p) = h.program {
            self.use_program(p);
        }
        if let Some(v) = h.vao {
            self.bind_vertex_array(v);
        }
        if let Some(b) = h.array_buffer {
            self.bind_array_buffer(b);
        }
        if let Some(b) = h.copy_write_buffer {
            if update(&mut self.shadow.copy_write_buffer, b) {
                let g = self.count(CallKind::Bind);
                // SAFETY: context current; the host's buffer (or none) as it was bound.
                unsafe { g.bind_buffer(glow::COPY_WRITE_BUFFER, b) };
            }
        }
        if let Some(f) = h.draw_fbo {
            self.bind_draw_framebuffer(f);
        }
        if let Some(f) = h.read_fbo {
            self.bind_read_framebuffer(f);
        }
        for unit in 0..UNITS {
            if let Some(t) = h.tex_2d[unit] {
                self.bind_texture(unit, glow::TEXTURE_2D, t);
            }
            if let Some(t) = h.tex_cube[unit] {
                self.bind_texture(unit, glow::TEXTURE_CUBE_MAP, t);
            }
            if let Some(s) = h.samplers[unit] {
                self.bind_sampler(unit, s);
            }
        }
        if let Some(unit) = h.active_unit {
            self.active_texture(unit);
        }
        if let Some(v) = h.viewport {
            self.viewport(v);
        }
        if let Some(r) = h.scissor {
            if update(&mut self.shadow.scissor, r) {
                let g = self.count(CallKind::State);
                // SAFETY: context current; the host's scissor box as GL reported it.
                unsafe { g.scissor(r[0], r[1], r[2], r[3]) };
            }
        }
        if let Some(on) = h.scissor_test {
            self.toggle(|s| &mut s.scissor_test, glow::SCISSOR_TEST, on);
        }
        if let Some(on) = h.blend {
            self.toggle(|s| &mut s.blend, glow::BLEND, on);
        }
        let b = host.blend_separate;
        if self.shadow.blend_func.is_none() || self.shadow.blend_func != h.blend_func {
            let g = self.count(CallKind::State);
            // SAFETY: context current; the host's blend factors as GL reported them.
            unsafe { g.blend_func_separate(b[0], b[1], b[2], b[3]) };
            self.shadow.blend_func = h.blend_func;
        }
        if let Some(m) = h.color_mask {
            self.color_mask(m);
        }
        if let Some(f) = h.front_face {
            if update(&mut self.shadow.front_face, f) {
                let g = self.count(CallKind::State);
                // SAFETY: context current; CW or CCW as GL reported it.
                unsafe { g.front_face(f) };
            }
        }
        if let Some(f) = h.cull_face {
            if update(&mut self.shadow.cull_face, f) {
                let g = self.count(CallKind::State);
                // SAFETY: context current; a face enum as GL reported it.
                unsafe { g.cull_face(f) };
            }
        }
        if let Some(on) = h.cull {
            self.toggle(|s| &mut s.cull, glow::CULL_FACE, on);
        }
        if let Some(f) = h.depth_func {
            if update(&mut self.shadow.depth_func, f) {
                let g = self.count(CallKind::State);
                // SAFETY: context current; a comparison enum as GL reported it.
                unsafe { g.depth_func(f) };
            }
        }
        if let Some(on) = h.depth_test {
            self.toggle(|s| &mut s.depth_test, glow::DEPTH_TEST, on);
        }
        if let Some(w) = h.depth_mask {
            self.depth_mask(w);
        }
        if let Some(on) = h.stencil_test {
            self.stencil_test(on);
        }
        for back in [false, true] {
            let i = usize::from(back);
            if let (Some(func), Some(ops)) = (h.stencil_func[i], h.stencil_op[i]) {
                self.stencil_face(back, func, ops);
            }
        }
        if self.shadow.stencil_mask.is_none() || self.shadow.stencil_mask != h.stencil_mask {
            for (face, mask) in [glow::FRONT, glow::BACK]
                .into_iter()
                .zip(host.stencil_writemask)
            {
                let g = self.count(CallKind::State);
                // SAFETY: context current; the host's write mask as GL reported it.
                unsafe { g.stencil_mask_separate(face, mask) };
            }
            self.shadow.stencil_mask = h.stencil_mask;
        }
        if let Some(c) = h.clear_color {
            if update(&mut self.shadow.clear_color, c) {
                let c = c.map(f32::from_bits);
                let g = self.count(CallKind::State);
                // SAFETY: context current; plain floats.
                unsafe { g.clear_color(c[0], c[1], c[2], c[3]) };
            }
        }
        if let Some(d) = h.clear_depth {
            if update(&mut self.shadow.clear_depth, d) {
                let g = self.count(CallKind::State);
                // SAFETY: context current; a float in 0..=1.
                unsafe { g.clear_depth_f32(f32::from_bits(d)) };
            }
        }
        if let Some(v) = h.clear_stencil {
            if update(&mut self.shadow.clear_stencil, v) {
                let g = self.count(CallKind::State);
                // SAFETY: context current; the host's value.
                unsafe { g.clear_stencil(v) };
            }
        }
        self.set_outside_shadow(host, false);
    }

    fn toggle(&mut self, slot: fn(&mut Shadow) -> &mut Option<bool>, cap: u32, on: bool) {
        if update(slot(&mut self.shadow), on) {
            self.enable(cap, on);
        }
    }

    /// The state outside the shadow: Molehill's values (`ours`) or the host's. Calls are made
    /// only where the two differ (GL holds the other set of values at this point); the
    /// renderbuffer binding, which Molehill's target creation changes, is asked of GL.
    ///
    /// Every call below runs with the host's context current (the backend's entry checked
    /// it); the values are GL ES 3.0 enums, or the host's own values and live objects as GL
    /// reported them.
    fn set_outside_shadow(&mut self, host: &HostState, ours: bool) {
        #[cfg(target_arch = "wasm32")]
        if let Some(web) = &host.web {
            self.web_outside_shadow(web, ours);
        }
        for (i, &(p, mine)) in PIXEL_STORE.iter().enumerate() {
            if host.pixel_store[i] != mine {
                let v = if ours { mine } else { host.pixel_store[i] };
                let g = self.count(CallKind::State);
                // SAFETY: see above; a pixel-store parameter and a value GL accepted before.
                unsafe { g.pixel_store_i32(p, v) };
            }
        }
        for (target, buffer) in [
            (glow::PIXEL_PACK_BUFFER, host.pack_buffer),
            (glow::PIXEL_UNPACK_BUFFER, host.unpack_buffer),
        ] {
            if buffer.is_some() {
                let g = self.count(CallKind::Bind);
                // SAFETY: see above; none, or the host's live buffer.
                unsafe { g.bind_buffer(target, buffer.filter(|_| !ours)) };
            }
        }
        let srgb = (glow::FRAMEBUFFER_SRGB, host.srgb == Some(true));
        for (cap, on) in OFF_CAPS.iter().copied().zip(host.caps).chain([srgb]) {
            if on {
                self.enable(cap, !ours);
            }
        }
        if host.blend_equation != [glow::FUNC_ADD; 2] {
            let [rgb, alpha] = if ours {
                [glow::FUNC_ADD; 2]
            } else {
                host.blend_equation
            };
            let g = self.count(CallKind::State);
            // SAFETY: see above; blend equation enums.
            unsafe { g.blend_equation_separate(rgb, alpha) };
        }
        if host.depth_range != [0.0, 1.0] {
            let [n, f] = if ours { [0.0, 1.0] } else { host.depth_range };
            let g = self.count(CallKind::State);
            // SAFETY: see above; values in 0..=1.
            unsafe { g.depth_range_f32(n, f) };
        }
        if !ours && !self.ctx.is_web() {
            let g = self.count(CallKind::Query);
            // SAFETY: see above; a binding query.
            let bound = unsafe { g.get_parameter_renderbuffer(glow::RENDERBUFFER_BINDING) };
            if bound != host.renderbuffer {
                let g = self.count(CallKind::Bind);
                // SAFETY: see above; none, or the host's live renderbuffer.
                unsafe { g.bind_renderbuffer(glow::RENDERBUFFER, host.renderbuffer) };
            }
        }
    }
}
