//! `backend_diff` (issue 24): one random Stage3D call sequence run through molehill-player on
//! headless GL (molehill-gl) and headless wgpu (molehill-wgpu) side by side. Every call must give
//! the same outcome on both (nothing, or the same Flash error: class, ID and message), and every
//! `drawToBitmapData` (and the back buffer after half the draws on it and at the end) the same
//! premultiplied pixels within the conformance suite's tolerance ([`TOLERANCE`](image::TOLERANCE),
//! [`MAX_OUTLIERS`](image::MAX_OUTLIERS): `molehill_replay::image::compare`, the rule of `expect
//! image`), except for at most [`MAX_EDGE_PIXELS`](image::MAX_EDGE_PIXELS) pixels where an edge
//! lands one pixel apart (`image.rs`). A difference panics with the call, both outcomes and the
//! first differing pixel, and lists the calls before it. `BACKEND_DIFF_VERBOSE=1` prints the calls
//! of every input.
//!
//! The generator leaves out what Flash leaves undefined, so that a difference is a bug:
//! - memory never written: a vertex or index buffer is uploaded whole right after it is made;
//!   texture uploads are whole levels; a texture target whose level 0 was never uploaded is
//!   uploaded before `setRenderToTexture`; a target with a depth buffer or antialiasing is
//!   cleared right after it (its depth and multisample contents start undefined); the first
//!   clear of a target clears all of colour, depth and stencil;
//! - values whose conversion the APIs leave open: constants, vertex data and clear colours are
//!   finite (a NaN clear colour is allowed: context3d turns it into 0), half-float texels are
//!   small exact values;
//! - programs: a fixed set of valid AGAL pairs ([`PROGRAMS`]); arithmetic on them is exact
//!   enough that both rasterisers agree within the tolerance.
//!
//! The two contexts are made once per thread (a wgpu device takes far longer than a run) and
//! reset at the start of each input: every object of the previous input disposed, Flash's
//! default state set back call by call, the back buffer configured anew.

use std::cell::RefCell;

use molehill_player::{
    Context3D, FlashResult, HeadlessGl, HeadlessWgpu, IndexBuffer3D, Program3D, Rect, Stage3D,
    TextureBase, VertexBuffer3D,
};

use super::bytes::Bytes;
use super::errors::check_error;

mod draw;
mod image;
mod resources;

use image::{dump, pixel_difference};

/// Calls per input at most (setup calls the generator adds not counted).
const MAX_CALLS: usize = 64;
/// Vertex and fragment constant registers the reset zeroes (the programs read 0..=4).
const CONSTANT_REGISTERS: i32 = 16;

/// The programs (AGAL 1 source, vertex then fragment): vertex colour, a 2D texture, a
/// constant colour, a cube texture, a texture times a constant, a mipmapped texture, a matrix
/// and `kil`, two textures.
pub const PROGRAMS: &[(&str, &str)] = &[
    ("mov op, va0\nmov v0, va1", "mov oc, v0"),
    (
        "mov op, va0\nmov v0, va1",
        "tex ft0, v0, fs0 <2d,linear,mipnone,clamp>\nmov oc, ft0",
    ),
    ("mov op, va0", "mov oc, fc0"),
    (
        "mov op, va0\nmov v0, va1",
        "tex ft0, v0, fs0 <cube,linear,mipnone>\nmov oc, ft0",
    ),
    (
        "mov op, va0\nmov v0, va1",
        "tex ft0, v0, fs0 <2d,nearest,mipnone,repeat>\nmul ft0, ft0, fc0\nmov oc, ft0",
    ),
    (
        "mov op, va0\nmov v0, va1",
        "tex ft0, v0, fs0 <2d,linear,miplinear,repeat>\nmov oc, ft0",
    ),
    (
        "m44 op, va0, vc0\nmov v0, va1",
        "sub ft0, v0, fc0\nkil ft0.x\nmov oc, v0",
    ),
    (
        "mov op, va0\nmov v0, va1",
        "tex ft0, v0, fs0 <2d,nearest,mipnone,clamp>\ntex ft1, v0, fs1 <2d,linear,mipnone,clamp>\nadd ft0, ft0, ft1\nmov oc, ft0",
    ),
];

const TEXTURE_FORMATS: &[&str] = &[
    "bgra",
    "bgra",
    "bgraPacked4444",
    "bgrPacked565",
    "rgbaHalfFloat",
    "compressed",
    "nope",
];
const VERTEX_FORMATS: &[&str] = &["float1", "float2", "float3", "float4", "bytes4", "x"];
const BLEND_FACTORS: &[&str] = &[
    "one",
    "zero",
    "sourceAlpha",
    "sourceColor",
    "oneMinusSourceAlpha",
    "oneMinusSourceColor",
    "destinationAlpha",
    "destinationColor",
    "oneMinusDestinationAlpha",
    "oneMinusDestinationColor",
    "bad",
];
const COMPARE_MODES: &[&str] = &[
    "always",
    "never",
    "less",
    "lessEqual",
    "equal",
    "greaterEqual",
    "greater",
    "notEqual",
    "bad",
];
const FACES: &[&str] = &["none", "back", "front", "frontAndBack", "bad"];
const STENCIL_ACTIONS: &[&str] = &[
    "keep",
    "zero",
    "set",
    "incrementSaturate",
    "decrementSaturate",
    "invert",
    "incrementWrap",
    "decrementWrap",
    "bad",
];
const WRAPS: &[&str] = &[
    "clamp",
    "repeat",
    "clamp_u_repeat_v",
    "repeat_u_clamp_v",
    "x",
];
const FILTERS: &[&str] = &["nearest", "linear", "anisotropic2x", "x"];
const MIP_FILTERS: &[&str] = &["mipnone", "mipnearest", "miplinear", "x"];

/// The two contexts: index 0 on GL, 1 on wgpu.
struct Pair {
    stages: [Stage3D; 2],
}

thread_local! {
    /// Leaked, never dropped: wgpu-core's lock tracing (debug builds) reads a thread-local
    /// when a queue is dropped, which panics inside this thread-local's destructor.
    static PAIR: RefCell<Option<&'static mut Pair>> = const { RefCell::new(None) };
}

impl Pair {
    fn new() -> Pair {
        let make = |factory: Box<dyn molehill_player::BackendFactory>| {
            let mut s = Stage3D::new(factory);
            s.request_context3d("auto", "standardExtended")
                .expect("requestContext3D");
            assert!(s.context3d().is_some(), "no headless context");
            s
        };
        Pair {
            stages: [
                make(Box::<HeadlessGl>::default()),
                make(Box::<HeadlessWgpu>::default()),
            ],
        }
    }

    fn ctx(&mut self, side: usize) -> &mut Context3D {
        self.stages[side].context3d_mut().expect("context")
    }
}

/// A texture of the run, with what the generator needs to upload it whole.
#[derive(Debug, Clone, Copy)]
struct Tex {
    h: [TextureBase; 2],
    kind: TexKind,
    width: u32,
    height: u32,
    format: &'static str,
    /// Bit `face`: level 0 of that face holds defined texels.
    defined: u8,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum TexKind {
    Flat,
    Cube,
    Rectangle,
}

impl Tex {
    fn faces(&self) -> u32 {
        if self.kind == TexKind::Cube {
            6
        } else {
            1
        }
    }
}

/// One run: the contexts, the objects made so far, what the generator tracks, the calls made.
struct Run<'p, 'b> {
    pair: &'p mut Pair,
    b: Bytes<'b>,
    /// Vertex buffers and their `data32PerVertex`.
    vb: Vec<([VertexBuffer3D; 2], u32)>,
    /// Index buffers and their `numIndices`.
    ib: Vec<([IndexBuffer3D; 2], u32)>,
    /// Programs and their index in [`PROGRAMS`].
    prog: Vec<([Program3D; 2], usize)>,
    tex: Vec<Tex>,
    /// The current target has been cleared whole (colour, depth, stencil) since it became one.
    target_cleared: bool,
    /// The target is a texture (`setRenderToTexture` succeeded last).
    to_texture: bool,
    /// The back buffer needs a clear before a draw (configured or presented since the last).
    needs_clear: bool,
    /// The calls so far, for the failure message.
    log: Vec<String>,
}

/// `backend_diff`: up to [`MAX_CALLS`] Stage3D calls from the bytes, on GL and wgpu; see the
/// module docs.
pub fn backend_diff(data: &[u8]) {
    PAIR.with(|cell| {
        let mut slot = cell.borrow_mut();
        let pair = slot.get_or_insert_with(|| Box::leak(Box::new(Pair::new())));
        let mut run = Run {
            pair,
            b: Bytes(data),
            vb: Vec::new(),
            ib: Vec::new(),
            prog: Vec::new(),
            tex: Vec::new(),
            target_cleared: false,
            to_texture: false,
            needs_clear: true,
            log: Vec::new(),
        };
        run.reset();
        for _ in 0..MAX_CALLS {
            if run.b.is_empty() {
                break;
            }
            run.step();
        }
        run.compare_back_buffers("the back buffer at the end");
        run.dispose_all();
        if std::env::var_os("BACKEND_DIFF_VERBOSE").is_some() {
            eprintln!("backend_diff: {} calls, GL and wgpu agree:", run.log.len());
            for (i, c) in run.log.iter().enumerate() {
                eprintln!("  #{} {c}", i + 1);
            }
        }
    });
}

/// A finite value in -1.28..=1.27 in steps of 1/100 (positions that reach past the edges,
/// colours and coordinates mostly in 0..1).
fn finite(b: &mut Bytes<'_>) -> f64 {
    f64::from(b.u8() as i8) / 100.0
}

/// A colour channel for `clear`: mostly 0..1 in steps of 1/16, sometimes out of range or NaN.
fn channel(b: &mut Bytes<'_>) -> f64 {
    match b.u8() % 20 {
        0 => f64::NAN,
        1 => -0.5,
        2 => 1.5,
        n => f64::from(n - 3) / 16.0,
    }
}

impl Run<'_, '_> {
    /// Runs `call` on both contexts (`side` 0: GL, 1: wgpu): both succeed (their values are
    /// returned) or both throw the same error, else the run panics.
    fn both<T>(
        &mut self,
        what: impl FnOnce() -> String,
        mut call: impl FnMut(&mut Context3D, usize) -> FlashResult<T>,
    ) -> Option<[T; 2]> {
        let what = what();
        let a = call(self.pair.ctx(0), 0);
        let b = call(self.pair.ctx(1), 1);
        self.log.push(what);
        match (a, b) {
            (Ok(a), Ok(b)) => Some([a, b]),
            (Err(a), Err(b)) => {
                check_error(&a);
                if let Some(last) = self.log.last_mut() {
                    last.push_str(&format!(" -> {a}"));
                }
                if a != b {
                    self.fail(&format!("different errors:\n  gl:   {a:?}\n  wgpu: {b:?}"));
                }
                None
            }
            (a, b) => {
                let show = |r: &FlashResult<T>| match r {
                    Ok(_) => String::from("ok"),
                    Err(e) => format!("{e:?}"),
                };
                self.fail(&format!(
                    "different outcomes:\n  gl:   {}\n  wgpu: {}",
                    show(&a),
                    show(&b)
                ))
            }
        }
    }

    fn fail(&self, why: &str) -> ! {
        let start = self.log.len().saturating_sub(40);
        let calls: Vec<String> = self.log[start..]
            .iter()
            .enumerate()
            .map(|(i, c)| format!("  #{} {c}", start + i + 1))
            .collect();
        panic!(
            "backend_diff: GL and wgpu differ at call #{} ({}): {why}\ncalls (the last 40):\n{}",
            self.log.len(),
            self.log.last().map_or("", String::as_str),
            calls.join("\n")
        );
    }

    /// Compares two images of `w * h` premultiplied pixels under the suite's rule.
    fn compare_pixels(&mut self, what: &str, w: u32, h: u32, gl: Vec<u32>, wgpu: Vec<u32>) {
        if std::env::var_os("BACKEND_DIFF_VERBOSE").is_some() {
            let mut colours = gl.clone();
            colours.sort_unstable();
            colours.dedup();
            if let Some(last) = self.log.last_mut() {
                last.push_str(&format!(" [{w}x{h}, {} colours]", colours.len()));
            }
        }
        let pictures = std::env::var_os("BACKEND_DIFF_DUMP").map(|d| (d, gl.clone(), wgpu.clone()));
        if let Some(why) = pixel_difference(what, w, h, gl, wgpu) {
            if let Some((dir, gl, wgpu)) = pictures {
                dump(std::path::Path::new(&dir), w, h, gl, wgpu);
            }
            self.fail(&why);
        }
    }

    fn compare_back_buffers(&mut self, what: &str) {
        if let Some([(w, h, a), (_, _, b)]) = self.both(
            || String::from("(read the back buffer)"),
            |c, _| c.back_buffer_pixels(),
        ) {
            self.compare_pixels(what, w, h, a, b);
        }
    }

    /// Flash's initial state on both contexts (objects of earlier runs are gone already).
    fn reset(&mut self) {
        let checking = self.b.bool();
        let (w, h) = (32 + self.b.small(49), 32 + self.b.small(49));
        let aa = [0, 0, 2, 4][self.b.small(4) as usize];
        let depth = self.b.bool();
        self.both(
            || format!("configureBackBuffer({w}, {h}, {aa}, {depth})"),
            |c, _| c.configure_back_buffer(w, h, aa, depth, false, false),
        );
        self.both(
            || format!("enableErrorChecking = {checking}"),
            |c, _| {
                c.set_enable_error_checking(checking)?;
                c.set_render_to_back_buffer()?;
                c.set_program(None)?;
                for i in 0..8 {
                    c.set_vertex_buffer_at(i, None, 0, "float4")?;
                    c.set_texture_at(i, None)?;
                }
                c.set_blend_factors("one", "zero")?;
                c.set_color_mask(true, true, true, true)?;
                c.set_culling("none")?;
                c.set_depth_test(true, "less")?;
                c.set_stencil_actions("frontAndBack", "always", "keep", "keep", "keep")?;
                c.set_stencil_reference_value(0, 255, 255)?;
                c.set_scissor_rectangle(None)?;
                let zeros = [0.0; 4 * CONSTANT_REGISTERS as usize];
                c.set_program_constants_from_vector("vertex", 0, &zeros, -1)?;
                c.set_program_constants_from_vector("fragment", 0, &zeros, -1)
            },
        );
        self.target_cleared = false;
        self.to_texture = false;
        self.needs_clear = true;
    }

    fn dispose_all(&mut self) {
        let pair = &mut *self.pair;
        for side in 0..2 {
            let c = pair.ctx(side);
            for t in &self.tex {
                c.texture_dispose(t.h[side]);
            }
            for (v, _) in &self.vb {
                c.vertex_buffer_dispose(v[side]);
            }
            for (i, _) in &self.ib {
                c.index_buffer_dispose(i[side]);
            }
            for (p, _) in &self.prog {
                c.program_dispose(p[side]);
            }
        }
    }

    fn step(&mut self) {
        match self.b.u8() % 30 {
            0 => self.configure(),
            1..=2 => self.clear(None),
            3 => {
                if self
                    .both(|| String::from("present()"), |c, _| c.present())
                    .is_some()
                {
                    self.needs_clear = true;
                }
            }
            4 => self.create_vertex_buffer(),
            5 => self.create_index_buffer(),
            6 => self.upload_vertices(),
            7 => self.upload_indices(),
            8 => self.create_texture(),
            9 => self.upload_texture(),
            10 => self.create_program(),
            11 => {
                let p = self.pick(&self.prog.clone()).map(|p| p.0);
                self.both(
                    || format!("setProgram({})", p.is_some()),
                    |c, s| c.set_program(p.map(|p| p[s])),
                );
            }
            12 => {
                let v = self.pick(&self.vb.clone()).map(|v| v.0);
                let (i, off, f) = (
                    self.b.small(9) - 1,
                    self.b.small(6) - 1,
                    self.b.pick(VERTEX_FORMATS),
                );
                self.both(
                    || format!("setVertexBufferAt({i}, {}, {off}, {f})", v.is_some()),
                    |c, s| c.set_vertex_buffer_at(i, v.map(|v| v[s]), off, f),
                );
            }
            13 => {
                let t = self.pick(&self.tex.clone()).map(|t| t.h);
                let i = self.b.small(4) - 1;
                self.both(
                    || format!("setTextureAt({i}, {})", t.is_some()),
                    |c, s| c.set_texture_at(i, t.map(|t| t[s])),
                );
            }
            14 => {
                let kind = if self.b.bool() { "vertex" } else { "fragment" };
                let first = self.b.small(8) - 1;
                let n = self.b.small(5) - 1;
                let len = if n < 0 { 4 * self.b.small(3) } else { 4 * n };
                let data: Vec<f64> = (0..len).map(|_| finite(&mut self.b)).collect();
                self.both(
                    || format!("setProgramConstantsFromVector({kind}, {first}, {data:?}, {n})"),
                    |c, _| c.set_program_constants_from_vector(kind, first, &data, n),
                );
            }
            15..=17 => self.draw(),
            18 => self.render_to_texture(),
            19 => {
                self.both(
                    || String::from("setRenderToBackBuffer()"),
                    |c, _| c.set_render_to_back_buffer(),
                );
                self.target_cleared = false;
                self.to_texture = false;
            }
            20..=21 => self.draw_to_bitmap_data(),
            22 => self.dispose(),
            23 => {
                let (s, d) = (self.b.pick(BLEND_FACTORS), self.b.pick(BLEND_FACTORS));
                self.both(
                    || format!("setBlendFactors({s}, {d})"),
                    |c, _| c.set_blend_factors(s, d),
                );
            }
            24 => {
                let (m, f) = (self.b.bool(), self.b.pick(COMPARE_MODES));
                self.both(
                    || format!("setDepthTest({m}, {f})"),
                    |c, _| c.set_depth_test(m, f),
                );
            }
            25 => {
                let f = self.b.pick(FACES);
                self.both(|| format!("setCulling({f})"), |c, _| c.set_culling(f));
            }
            26 => self.stencil(),
            27 => {
                let r = self.b.bool().then(|| Rect {
                    x: f64::from(self.b.small(80)) - 8.0,
                    y: f64::from(self.b.small(80)) - 8.0,
                    width: f64::from(self.b.small(80)),
                    height: f64::from(self.b.small(80)),
                });
                self.both(
                    || format!("setScissorRectangle({r:?})"),
                    |c, _| c.set_scissor_rectangle(r),
                );
            }
            28 => {
                let i = self.b.small(4) - 1;
                let (w, f, m) = (
                    self.b.pick(WRAPS),
                    self.b.pick(FILTERS),
                    self.b.pick(MIP_FILTERS),
                );
                self.both(
                    || format!("setSamplerStateAt({i}, {w}, {f}, {m})"),
                    |c, _| c.set_sampler_state_at(i, w, f, m),
                );
            }
            _ => {
                let on = self.b.bool();
                self.both(
                    || format!("enableErrorChecking = {on}"),
                    |c, _| c.set_enable_error_checking(on),
                );
            }
        }
    }

    fn pick<T: Copy>(&mut self, items: &[T]) -> Option<T> {
        let i = usize::from(self.b.u8());
        (!items.is_empty()).then(|| items[i % items.len()])
    }

    fn configure(&mut self) {
        let w = [16, 32, 40, 64, 80][self.b.small(5) as usize];
        let h = [16, 32, 48, 64, 80][self.b.small(5) as usize];
        let aa = [0, 0, 1, 2, 4, 16][self.b.small(6) as usize];
        let depth = self.b.bool();
        self.both(
            || format!("configureBackBuffer({w}, {h}, {aa}, {depth})"),
            |c, _| c.configure_back_buffer(w, h, aa, depth, false, false),
        );
        self.target_cleared = false;
        self.needs_clear = true;
    }

    /// `clear`, with `mask` or a fuzzed one (all of it while the target was never cleared).
    fn clear(&mut self, mask: Option<u32>) {
        let (r, g, bl, a) = (
            channel(&mut self.b),
            channel(&mut self.b),
            channel(&mut self.b),
            channel(&mut self.b),
        );
        let depth = [1.0, 1.0, 0.5, 0.0][self.b.small(4) as usize];
        let stencil = u32::from(self.b.u8());
        let fuzzed = u32::from(self.b.u8()) % 8;
        let mask = mask.unwrap_or(if self.target_cleared { fuzzed } else { 7 });
        let ok = self
            .both(
                || format!("clear({r}, {g}, {bl}, {a}, {depth}, {stencil}, {mask})"),
                |c, _| c.clear(r, g, bl, a, depth, stencil, mask),
            )
            .is_some();
        if ok && mask & 7 == 7 {
            self.target_cleared = true;
        }
        if ok && !self.to_texture {
            self.needs_clear = false;
        }
    }

    fn dispose(&mut self) {
        let pair = &mut *self.pair;
        match self.b.u8() % 4 {
            0 if !self.vb.is_empty() => {
                let (v, _) = self
                    .vb
                    .swap_remove(usize::from(self.b.u8()) % self.vb.len());
                (0..2).for_each(|s| pair.ctx(s).vertex_buffer_dispose(v[s]));
            }
            1 if !self.tex.is_empty() => {
                let t = self
                    .tex
                    .swap_remove(usize::from(self.b.u8()) % self.tex.len());
                (0..2).for_each(|s| pair.ctx(s).texture_dispose(t.h[s]));
            }
            2 if !self.prog.is_empty() => {
                let (p, _) = self
                    .prog
                    .swap_remove(usize::from(self.b.u8()) % self.prog.len());
                (0..2).for_each(|s| pair.ctx(s).program_dispose(p[s]));
            }
            3 if !self.ib.is_empty() => {
                let (i, _) = self
                    .ib
                    .swap_remove(usize::from(self.b.u8()) % self.ib.len());
                (0..2).for_each(|s| pair.ctx(s).index_buffer_dispose(i[s]));
            }
            _ => return,
        }
        self.log.push(String::from("dispose()"));
    }

    fn stencil(&mut self) {
        let face = self.b.pick(FACES);
        let cmp = self.b.pick(COMPARE_MODES);
        let (p, df, sf) = (
            self.b.pick(STENCIL_ACTIONS),
            self.b.pick(STENCIL_ACTIONS),
            self.b.pick(STENCIL_ACTIONS),
        );
        self.both(
            || format!("setStencilActions({face}, {cmp}, {p}, {df}, {sf})"),
            |c, _| c.set_stencil_actions(face, cmp, p, df, sf),
        );
        let (r, rm, wm) = (
            u32::from(self.b.u8()),
            u32::from(self.b.u8()),
            u32::from(self.b.u8()),
        );
        self.both(
            || format!("setStencilReferenceValue({r}, {rm}, {wm})"),
            |c, _| c.set_stencil_reference_value(r, rm, wm),
        );
    }
}
