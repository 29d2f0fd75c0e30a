//! The calls glow's web build cannot make (`wasm32` only; a child of the GL layer, beside
//! `hoststate.rs`), made through the WebGL2 context itself: the player's own objects bound in
//! its context, read and bound again, and the binding that gives an index buffer its kind.
//!
//! glow's web build names objects by keys of its own tables and knows only the objects made
//! through it: asked what is bound (`get_parameter_program` and the like) when the player's
//! object is, or nothing is, it panics. So in the player's context the object bindings are
//! kept as the browser's own values (`JsValue`s: a `WebGLProgram`, `WebGLTexture`..., or
//! null), and the shadow's object slots are left unknown: Molehill's next bind of each is
//! always made, and [`Calls::leave_web_host`] binds the player's objects back, each with one
//! call. Everything else (the fixed-function state, pixel-store values) goes through the
//! shadow as on the desktop (`hoststate.rs`), plus the three WebGL unpack parameters
//! (`UNPACK_FLIP_Y_WEBGL`, `UNPACK_PREMULTIPLY_ALPHA_WEBGL`,
//! `UNPACK_COLORSPACE_CONVERSION_WEBGL`), which apply to Molehill's uploads from typed arrays
//! too and must be at their defaults for them.
//!
//! Safety: one glow call (the kind-giving bind); the rest are the browser's own calls, which
//! check every argument (a value of another context is INVALID_OPERATION, never a crash).

use wasm_bindgen::{JsCast, JsValue};
use web_sys::WebGl2RenderingContext as W;

use super::calls::{Calls, UNITS};
use super::counts::CallKind;

/// `UNPACK_FLIP_Y_WEBGL`, `UNPACK_PREMULTIPLY_ALPHA_WEBGL`, `UNPACK_COLORSPACE_CONVERSION_WEBGL`
/// and the values Molehill's uploads need (`BROWSER_DEFAULT_WEBGL` is WebGL's default, and
/// applies to DOM sources only).
const UNPACK_WEBGL: [(u32, i32); 3] = [(0x9240, 0), (0x9241, 0), (0x9243, 0x9244)];

/// The player's bindings (the browser's values: an object, or null).
#[derive(Debug, Clone)]
pub(crate) struct WebBindings {
    program: JsValue,
    vao: JsValue,
    array_buffer: JsValue,
    copy_write_buffer: JsValue,
    pack_buffer: JsValue,
    unpack_buffer: JsValue,
    draw_fbo: JsValue,
    read_fbo: JsValue,
    renderbuffer: JsValue,
    tex_2d: Vec<JsValue>,
    tex_cube: Vec<JsValue>,
    samplers: Vec<JsValue>,
    /// The three WebGL unpack parameters, as numbers (booleans as 0 or 1).
    unpack: [i32; 3],
}

/// A parameter as a number (`getParameter` answers booleans for two of the unpack ones).
fn number(v: &JsValue) -> i32 {
    v.as_f64()
        .map(|f| f as i32)
        .or_else(|| v.as_bool().map(i32::from))
        .unwrap_or(0)
}

impl WebBindings {
    /// Reads the player's bindings (`queries`: how many calls).
    pub(crate) fn capture(w: &W, active_unit: u32, queries: &mut u64) -> WebBindings {
        let mut get = |p: u32| {
            *queries += 1;
            w.get_parameter(p).unwrap_or(JsValue::NULL)
        };
        let mut b = WebBindings {
            program: get(W::CURRENT_PROGRAM),
            vao: get(W::VERTEX_ARRAY_BINDING),
            array_buffer: get(W::ARRAY_BUFFER_BINDING),
            copy_write_buffer: get(W::COPY_WRITE_BUFFER_BINDING),
            pack_buffer: get(W::PIXEL_PACK_BUFFER_BINDING),
            unpack_buffer: get(W::PIXEL_UNPACK_BUFFER_BINDING),
            draw_fbo: get(W::DRAW_FRAMEBUFFER_BINDING),
            read_fbo: get(W::READ_FRAMEBUFFER_BINDING),
            renderbuffer: get(W::RENDERBUFFER_BINDING),
            tex_2d: Vec::with_capacity(UNITS),
            tex_cube: Vec::with_capacity(UNITS),
            samplers: Vec::with_capacity(UNITS),
            unpack: [0; 3],
        };
        b.unpack = UNPACK_WEBGL.map(|(p, _)| number(&get(p)));
        for unit in 0..UNITS as u32 {
            w.active_texture(W::TEXTURE0 + unit);
            b.tex_2d.push(get(W::TEXTURE_BINDING_2D));
            b.tex_cube.push(get(W::TEXTURE_BINDING_CUBE_MAP));
            b.samplers.push(get(W::SAMPLER_BINDING));
        }
        w.active_texture(W::TEXTURE0 + active_unit);
        *queries += UNITS as u64 + 1;
        b
    }
}

/// Runs `bind` when `changed`: the number of calls made.
fn rebind(changed: bool, bind: impl FnOnce()) -> u64 {
    if changed {
        bind();
    }
    u64::from(changed)
}

impl Calls {
    /// The WebGL2 context (the player's).
    fn webgl(&self) -> &W {
        self.ctx.webgl()
    }

    /// WebGL2 fixes a buffer's kind at its first binding to anything but the copy targets
    /// (WebGL 2.0, 5.1), and a buffer first bound to `COPY_WRITE_BUFFER` (where Molehill
    /// uploads) is never an element array after that (INVALID_OPERATION at the vertex
    /// array's `bindBuffer`): a new index buffer is bound to `ELEMENT_ARRAY_BUFFER` once, and
    /// the element array of whatever vertex array is bound (the player's, or the default one)
    /// is put back right after.
    pub(crate) fn web_first_bind_as_elements(&mut self, buffer: glow::Buffer) {
        use glow::HasContext;
        let w = self.webgl().clone();
        let before = w
            .get_parameter(W::ELEMENT_ARRAY_BUFFER_BINDING)
            .unwrap_or(JsValue::NULL);
        let gl = self.count(CallKind::Bind);
        // SAFETY: the context is live (its entry checked); a buffer of this context, just made.
        unsafe { gl.bind_buffer(glow::ELEMENT_ARRAY_BUFFER, Some(buffer)) };
        w.bind_buffer(W::ELEMENT_ARRAY_BUFFER, before.dyn_ref());
        self.counts.add(CallKind::Query);
        self.counts.add(CallKind::Bind);
    }

    /// Sets what Molehill's calls rely on outside the shadow (`ours`), or the player's values
    /// back: no pixel pack or unpack buffer, and the WebGL unpack parameters at their
    /// defaults. Calls are made only where the player's values differ.
    pub(crate) fn web_outside_shadow(&mut self, b: &WebBindings, ours: bool) {
        let mut calls = 0;
        let w = self.webgl().clone();
        for (target, buffer) in [
            (W::PIXEL_PACK_BUFFER, &b.pack_buffer),
            (W::PIXEL_UNPACK_BUFFER, &b.unpack_buffer),
        ] {
            if !buffer.is_null() {
                let player = buffer.dyn_ref();
                w.bind_buffer(target, if ours { None } else { player });
                calls += 1;
            }
        }
        for (i, &(p, mine)) in UNPACK_WEBGL.iter().enumerate() {
            if b.unpack[i] != mine {
                w.pixel_storei(p, if ours { mine } else { b.unpack[i] });
                calls += 1;
            }
        }
        self.counts.add_many(CallKind::State, calls);
    }

    /// Binds the player's objects back where Molehill bound its own since the player's were
    /// in place (the shadow's slots Molehill set; one call each, and one for the renderbuffer,
    /// which the shadow does not cover; all of them when the shadow was forgotten meanwhile),
    /// then leaves those slots unknown: GL holds objects Molehill cannot name. The active unit is left unknown too when a unit was rebound
    /// (`leave_host` sets the player's after this).
    pub(crate) fn leave_web_host(&mut self, b: &WebBindings) {
        let w = self.webgl().clone();
        let all = std::mem::take(&mut self.rebind_all);
        let s = &mut self.shadow;
        let mut calls = 1;
        calls += rebind(s.program.take().is_some() || all, || {
            w.use_program(b.program.dyn_ref())
        });
        calls += rebind(s.vao.take().is_some() || all, || {
            w.bind_vertex_array(b.vao.dyn_ref())
        });
        calls += rebind(s.array_buffer.take().is_some() || all, || {
            w.bind_buffer(W::ARRAY_BUFFER, b.array_buffer.dyn_ref())
        });
        calls += rebind(s.copy_write_buffer.take().is_some() || all, || {
            w.bind_buffer(W::COPY_WRITE_BUFFER, b.copy_write_buffer.dyn_ref())
        });
        calls += rebind(s.draw_fbo.take().is_some() || all, || {
            w.bind_framebuffer(W::DRAW_FRAMEBUFFER, b.draw_fbo.dyn_ref())
        });
        calls += rebind(s.read_fbo.take().is_some() || all, || {
            w.bind_framebuffer(W::READ_FRAMEBUFFER, b.read_fbo.dyn_ref())
        });
        w.bind_renderbuffer(W::RENDERBUFFER, b.renderbuffer.dyn_ref());
        for unit in 0..UNITS {
            let (t2, tc, sm) = (
                s.tex_2d[unit].take().is_some() || all,
                s.tex_cube[unit].take().is_some() || all,
                s.samplers[unit].take().is_some() || all,
            );
            if t2 || tc {
                w.active_texture(W::TEXTURE0 + unit as u32);
                s.active_unit = None;
                calls += 1;
            }
            calls += rebind(t2, || {
                w.bind_texture(W::TEXTURE_2D, b.tex_2d[unit].dyn_ref())
            });
            calls += rebind(tc, || {
                w.bind_texture(W::TEXTURE_CUBE_MAP, b.tex_cube[unit].dyn_ref())
            });
            calls += rebind(sm, || {
                w.bind_sampler(unit as u32, b.samplers[unit].dyn_ref())
            });
        }
        self.counts.add_many(CallKind::Bind, calls);
    }
}
