//! Render targets: the back buffer (always a framebuffer object of ours), texture targets
//! (2D, cube face, up to four colour outputs, depth and stencil), multisampled buffers with
//! their resolve, read-back and present.
//!
//! Orientation: every target keeps Flash's top row at GL row 0 (programs run with the y-flip
//! uniform at -1), so read-back rows come top first with no flip, a scissor rectangle's y is
//! GL's y, and a render-to-texture result is sampled with `v = 0` at its top row, like an
//! uploaded texture. The one flip is at present, where the back buffer is blitted upside
//! down into the window (whose row 0 is its bottom).

use molehill_context3d::targets::{Packing, QuantiseSchedule, RenderTargetTable, TargetKey};
use molehill_context3d::{
    BackBufferConfig, BlendState, ColorMask, PixelRect, RenderTarget, TextureId,
};
use rustc_hash::FxHashMap;

use super::packed::{Rgba4, SampleSlot};
use super::textures::{Storage, Texture};
use crate::gl::Calls;

/// A framebuffer being drawn into, with its attachments.
#[derive(Debug)]
struct Surface {
    fbo: glow::Framebuffer,
    colors: Vec<glow::Renderbuffer>,
    depth: Option<glow::Renderbuffer>,
}

impl Surface {
    fn delete(self, gl: &mut Calls) {
        gl.delete_framebuffer(self.fbo);
        for rb in self.colors {
            gl.delete_renderbuffer(rb);
        }
        if let Some(rb) = self.depth {
            gl.delete_renderbuffer(rb);
        }
    }
}

/// The back buffer: a single-sampled surface, or a multisampled one plus its resolve.
#[derive(Debug)]
struct BackBuffer {
    config: BackBufferConfig,
    draw: Surface,
    resolve: Option<Surface>,
    /// Drawn into since the last resolve.
    dirty: bool,
}

#[derive(Debug)]
struct TextureTarget {
    /// The textures attached (the resolve destination when multisampled).
    textures: Surface,
    /// The multisampled surface draws go to.
    msaa: Option<Surface>,
    /// Single-sampled RGBA8 renderbuffers the multisampled surface resolves into first when
    /// a texture is stored as BGRA (GL ES resolves only between equal formats; a
    /// single-sampled blit then converts).
    via: Option<Surface>,
    width: i32,
    height: i32,
    draw_buffers: Vec<u32>,
    /// The colour slots stored as `GL_RGBA4` (bit `i`: `COLOR_ATTACHMENTi`), which
    /// `packed.rs` keeps at 4 bits where the driver does not.
    rgba4: u8,
    /// The multisampled textures of the 4444 slots of the multisampled surface, where they
    /// are rounded sample by sample (`packed.rs`); renderbuffers otherwise.
    sample_slots: [Option<SampleSlot>; 4],
}

impl TextureTarget {
    fn delete(self, gl: &mut Calls) {
        self.textures.delete(gl);
        for m in [self.msaa, self.via].into_iter().flatten() {
            m.delete(gl);
        }
        for s in self.sample_slots.into_iter().flatten() {
            gl.delete_texture(s.current);
            gl.delete_texture(s.spare);
        }
    }
}

/// Why a target could not be made.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum TargetError {
    /// A GL object could not be created.
    #[error("GL object creation failed: {0}")]
    Create(String),
    /// The framebuffer is incomplete.
    #[error("framebuffer incomplete (status 0x{0:x})")]
    Incomplete(u32),
    /// A texture of the target is unknown.
    #[error("render target texture {0:?} is unknown")]
    UnknownTexture(TextureId),
}

/// The back buffer, the texture targets and which one is current (context3d's table), and
/// the multisampled target waiting for its resolve.
#[derive(Debug, Default)]
pub struct Targets {
    table: RenderTargetTable<BackBuffer, TextureTarget>,
    /// A multisampled texture target drawn into and not yet resolved.
    pending: Option<TargetKey>,
    max_samples: i32,
    /// How `bgraPacked4444` targets are kept at 4 bits, and the passes run.
    pub(super) rgba4: Rgba4,
    /// When the quantised 4444 slots are rounded (context3d's rule).
    schedule: QuantiseSchedule,
}

/// Samples for `antiAlias` (0: none), at most the driver's `max`.
fn samples_for(anti_alias: u8, max: i32) -> u32 {
    if anti_alias == 0 {
        0
    } else {
        u32::from(anti_alias).min(max.max(0) as u32)
    }
}

fn new_surface(
    gl: &mut Calls,
    width: i32,
    height: i32,
    samples: i32,
    color_formats: &[u32],
    depth: bool,
) -> Result<Surface, TargetError> {
    let fbo = gl.create_framebuffer().map_err(TargetError::Create)?;
    let mut surface = Surface {
        fbo,
        colors: Vec::new(),
        depth: None,
    };
    match attach_renderbuffers(
        gl,
        &mut surface,
        width,
        height,
        samples,
        color_formats,
        depth,
    ) {
        Ok(()) => Ok(surface),
        Err(e) => {
            surface.delete(gl);
            Err(e)
        }
    }
}

/// Gives `surface` its renderbuffers (each kept in `surface` as soon as it exists, so that a
/// failure deletes what was made) and checks it is complete.
fn attach_renderbuffers(
    gl: &mut Calls,
    surface: &mut Surface,
    width: i32,
    height: i32,
    samples: i32,
    color_formats: &[u32],
    depth: bool,
) -> Result<(), TargetError> {
    gl.bind_draw_framebuffer(Some(surface.fbo));
    let mut buffers = Vec::new();
    for (i, &format) in color_formats.iter().enumerate() {
        let rb = gl
            .create_renderbuffer(format, samples, width, height)
            .map_err(TargetError::Create)?;
        surface.colors.push(rb);
        gl.framebuffer_renderbuffer(glow::COLOR_ATTACHMENT0 + i as u32, Some(rb));
        buffers.push(glow::COLOR_ATTACHMENT0 + i as u32);
    }
    if depth {
        let rb = gl
            .create_renderbuffer(glow::DEPTH24_STENCIL8, samples, width, height)
            .map_err(TargetError::Create)?;
        surface.depth = Some(rb);
        gl.framebuffer_renderbuffer(glow::DEPTH_STENCIL_ATTACHMENT, Some(rb));
    }
    if buffers.len() > 1 {
        gl.draw_buffers(&buffers);
    }
    match gl.framebuffer_status() {
        glow::FRAMEBUFFER_COMPLETE => Ok(()),
        status => Err(TargetError::Incomplete(status)),
    }
}

impl Targets {
    /// Sets the most samples a multisampled buffer may have.
    pub fn set_max_samples(&mut self, max: i32) {
        self.max_samples = max;
    }

    /// (Re)allocates the back buffer.
    pub fn configure_back_buffer(
        &mut self,
        gl: &mut Calls,
        config: &BackBufferConfig,
    ) -> Result<(), TargetError> {
        if let Some(old) = self.table.take_back() {
            old.draw.delete(gl);
            if let Some(r) = old.resolve {
                r.delete(gl);
            }
        }
        let (w, h) = (config.width as i32, config.height as i32);
        let samples = samples_for(config.anti_alias, self.max_samples) as i32;
        let draw = new_surface(gl, w, h, samples, &[glow::RGBA8], config.depth_and_stencil)?;
        let resolve = if samples > 0 {
            Some(new_surface(gl, w, h, 0, &[glow::RGBA8], false)?)
        } else {
            None
        };
        self.table.set_back(BackBuffer {
            config: *config,
            draw,
            resolve,
            dirty: false,
        });
        Ok(())
    }

    /// Whether draws to the current target land in a multisampled buffer.
    pub fn current_is_multisampled(&self) -> bool {
        match self.table.current() {
            None => self.table.back().is_some_and(|b| b.resolve.is_some()),
            Some(key) => key.samples > 0,
        }
    }

    /// The back buffer's configuration.
    pub fn back_buffer(&self) -> Option<&BackBufferConfig> {
        self.table.back().map(|b| &b.config)
    }

    /// Selects the current target; leaving a multisampled texture target resolves it.
    pub fn set_current(&mut self, gl: &mut Calls, target: &RenderTarget) {
        // A 4444 target left is rounded: its samples before the resolve, the texture after.
        if let Some(key) = self.schedule.leaving() {
            self.quantise(gl, key);
        }
        if let Some(key) = self.resolve_pending(gl) {
            self.quantise_texture(gl, key);
        }
        let max = self.max_samples;
        self.table.select(target, |aa| samples_for(aa, max));
    }

    /// Resolves the multisampled target drawn into, if any; returns its key.
    fn resolve_pending(&mut self, gl: &mut Calls) -> Option<TargetKey> {
        let key = self.pending.take()?;
        let t = self.table.get(&key)?;
        let msaa = t.msaa.as_ref()?;
        let steps = match &t.via {
            Some(via) => [Some((msaa.fbo, via.fbo)), Some((via.fbo, t.textures.fbo))],
            None => [Some((msaa.fbo, t.textures.fbo)), None],
        };
        let rect = [0, 0, t.width, t.height];
        for (read, draw) in steps.into_iter().flatten() {
            gl.bind_read_framebuffer(Some(read));
            gl.bind_draw_framebuffer(Some(draw));
            for (i, &buffer) in t.draw_buffers.iter().enumerate() {
                if buffer == glow::NONE {
                    continue;
                }
                gl.read_buffer(buffer);
                let mut only = vec![glow::NONE; i + 1];
                only[i] = buffer;
                gl.draw_buffers(&only);
                gl.blit(rect, rect, glow::COLOR_BUFFER_BIT, glow::NEAREST);
            }
        }
        gl.read_buffer(glow::COLOR_ATTACHMENT0);
        gl.draw_buffers(&t.draw_buffers);
        Some(key)
    }

    /// Rounds the 4444 slots of target `key` to 4 bits (`packed.rs`), when the schedule says:
    /// a single-sampled target's textures, a multisampled one's samples (where they are
    /// textures; its resolve is rounded after it, `quantise_texture`).
    fn quantise(&mut self, gl: &mut Calls, key: TargetKey) {
        if key.samples == 0 {
            self.quantise_texture(gl, key);
            return;
        }
        let rgba4 = &mut self.rgba4;
        if let Some(t) = self.table.get_mut(&key) {
            if let Some(m) = &t.msaa {
                let size = (t.width, t.height);
                rgba4.quantise_samples(gl, m.fbo, &mut t.sample_slots, &t.draw_buffers, size);
            }
        }
    }

    /// Rounds the 4444 textures of target `key` to 4 bits (where quantised).
    fn quantise_texture(&mut self, gl: &mut Calls, key: TargetKey) {
        if self.rgba4.quantising() != Some(true) {
            return;
        }
        if let Some(t) = self.table.get(&key) {
            let size = (t.width, t.height);
            self.rgba4
                .quantise(gl, t.textures.fbo, t.rgba4, &t.draw_buffers, size);
        }
    }

    /// Before a draw with `blend` into the current target (not yet bound for it): a draw
    /// that reads the target finds its 4444 slots rounded first.
    pub fn before_draw(&mut self, gl: &mut Calls, blend: BlendState) {
        if let Some(key) = self.schedule.before_draw(blend) {
            self.quantise(gl, key);
        }
    }

    /// After a draw into the current target with `color_mask`: its 4444 slots hold more bits
    /// than they should where the driver keeps them (rounded when next needed).
    pub fn after_draw(&mut self, color_mask: ColorMask) {
        let current = self.table.current();
        let (table, rgba4) = (&self.table, &self.rgba4);
        self.schedule.after_draw(current, color_mask, |key| {
            rgba4.quantising() == Some(true) && table.get(key).is_some_and(|t| t.rgba4 != 0)
        });
    }

    /// The current texture target's 4444 slots and all its colour slots, when it has 4444
    /// slots and they are quantised.
    fn current_rgba4(&self) -> Option<(u8, u8)> {
        // Asked first: no lookup of the target per draw or clear where nothing is quantised.
        if self.rgba4.quantising() != Some(true) {
            return None;
        }
        let t = self.table.get(&self.table.current()?)?;
        if t.rgba4 == 0 {
            return None;
        }
        let all = t
            .draw_buffers
            .iter()
            .enumerate()
            .filter(|(_, b)| **b != glow::NONE)
            .fold(0u8, |m, (i, _)| m | 1 << i);
        Some((t.rgba4, all))
    }

    /// `glClear` of the bound current target (whole target, every channel: see
    /// `FixedState::apply_for_clear`). Where 4444 slots are quantised they get the colour a
    /// 4-bit surface keeps ([`Packing::clear_color`]; with other formats beside them, through
    /// `glClearBufferfv` after the clear), and are left with nothing to round.
    pub fn clear_current(
        &mut self,
        gl: &mut Calls,
        color: [f32; 4],
        depth: f32,
        stencil: i32,
        mask: u32,
    ) {
        let packed = (mask & glow::COLOR_BUFFER_BIT != 0)
            .then(|| self.current_rgba4())
            .flatten();
        let Some((rgba4, all)) = packed else {
            gl.clear(color, depth, stencil, mask);
            return;
        };
        let four = Packing::Argb4444.clear_color(color);
        if rgba4 == all {
            gl.clear(four, depth, stencil, mask);
        } else {
            gl.clear(color, depth, stencil, mask);
            for i in (0..4).filter(|i| rgba4 & (1 << i) != 0) {
                gl.clear_buffer_color(i, four);
            }
        }
        self.schedule.cleared(true);
    }

    /// Binds the current target for drawing and sets the viewport to it; returns its size,
    /// or `None` when there is nothing to draw into (no back buffer yet).
    pub fn bind_current(
        &mut self,
        gl: &mut Calls,
        textures: &FxHashMap<TextureId, Texture>,
    ) -> Result<Option<(i32, i32)>, TargetError> {
        match self.table.current() {
            None => {
                let Some(back) = self.table.back_mut() else {
                    return Ok(None);
                };
                back.dirty = true;
                gl.bind_draw_framebuffer(Some(back.draw.fbo));
                let (w, h) = (back.config.width as i32, back.config.height as i32);
                gl.viewport([0, 0, w, h]);
                Ok(Some((w, h)))
            }
            Some(key) => {
                let rgba4 = &mut self.rgba4;
                let t = self
                    .table
                    .get_or_make(key, |k| make_texture_target(gl, k, textures, rgba4))?;
                let fbo = match &t.msaa {
                    Some(m) => {
                        self.pending = Some(key);
                        m.fbo
                    }
                    None => t.textures.fbo,
                };
                gl.bind_draw_framebuffer(Some(fbo));
                gl.viewport([0, 0, t.width, t.height]);
                Ok(Some((t.width, t.height)))
            }
        }
    }

    /// Resolves the back buffer if multisampled and binds the single-sampled surface for
    /// reading.
    pub(crate) fn bind_back_for_read(&mut self, gl: &mut Calls) -> Option<(i32, i32)> {
        let back = self.table.back_mut()?;
        let (w, h) = (back.config.width as i32, back.config.height as i32);
        match &back.resolve {
            Some(resolve) => {
                if back.dirty {
                    gl.bind_read_framebuffer(Some(back.draw.fbo));
                    gl.bind_draw_framebuffer(Some(resolve.fbo));
                    gl.blit(
                        [0, 0, w, h],
                        [0, 0, w, h],
                        glow::COLOR_BUFFER_BIT,
                        glow::NEAREST,
                    );
                    back.dirty = false;
                }
                gl.bind_read_framebuffer(Some(resolve.fbo));
            }
            None => gl.bind_read_framebuffer(Some(back.draw.fbo)),
        }
        Some((w, h))
    }

    /// Reads `rect` of the back buffer, rows top first, pixels `0xAARRGGBB`; `None` when the
    /// buffers cannot be allocated (the size comes from content: an error, never an abort).
    pub fn read_back(&mut self, gl: &mut Calls, rect: PixelRect) -> Option<Vec<u32>> {
        let bytes = self.read_back_rgba(gl, rect)?;
        let mut px = Vec::new();
        px.try_reserve_exact(bytes.len() / 4).ok()?;
        px.extend(molehill_context3d::decode::packed::rgba_to_argb(&bytes));
        Some(px)
    }

    /// [`read_back`](Self::read_back) as `R, G, B, A` bytes, as `glReadPixels` gives them.
    pub fn read_back_rgba(&mut self, gl: &mut Calls, rect: PixelRect) -> Option<Vec<u8>> {
        let n = (rect.width as usize).checked_mul(rect.height as usize)?;
        let mut bytes = molehill_context3d::decode::try_zeroed(n.checked_mul(4)?)?;
        if self.bind_back_for_read(gl).is_none() || n == 0 {
            return Some(bytes);
        }
        gl.read_pixels(
            [rect.x, rect.y, rect.width as i32, rect.height as i32],
            &mut bytes,
        );
        Some(bytes)
    }

    /// Shows the back buffer in the window (flipped: the window's row 0 is its bottom).
    pub fn present_to_window(&mut self, gl: &mut Calls, window_size: (i32, i32)) {
        let Some((w, h)) = self.bind_back_for_read(gl) else {
            return;
        };
        gl.bind_draw_framebuffer(None);
        let (ww, wh) = window_size;
        gl.blit(
            [0, 0, w, h],
            [0, wh, ww, 0],
            glow::COLOR_BUFFER_BIT,
            glow::NEAREST,
        );
    }

    /// Drops the texture targets that use `texture`.
    pub fn texture_disposed(&mut self, gl: &mut Calls, texture: TextureId) {
        for (k, t) in self.table.remove_using(texture) {
            t.delete(gl);
            if self.pending == Some(k) {
                self.pending = None;
            }
        }
        self.schedule.texture_disposed(texture);
    }

    /// Frees everything (`gl` None: the context is gone).
    pub fn clear(&mut self, mut gl: Option<&mut Calls>) {
        let (back, targets) = self.table.clear();
        self.rgba4.clear(gl.as_deref_mut());
        self.schedule.reset();
        if let Some(gl) = gl {
            if let Some(b) = back {
                b.draw.delete(gl);
                if let Some(r) = b.resolve {
                    r.delete(gl);
                }
            }
            for t in targets {
                t.delete(gl);
            }
        }
        self.pending = None;
    }
}

fn make_texture_target(
    gl: &mut Calls,
    key: &TargetKey,
    textures: &FxHashMap<TextureId, Texture>,
    packing: &mut Rgba4,
) -> Result<TextureTarget, TargetError> {
    // Every texture first: nothing is made for a target that cannot be.
    let attached = key
        .attach(|id| textures.get(&id))
        .map_err(TargetError::UnknownTexture)?;
    let has_rgba4 = attached
        .iter()
        .flatten()
        .any(|a| a.texture.storage == Storage::Rgba4);
    if has_rgba4 && packing.quantising().is_none() {
        // The first 4444 target: does the driver keep 4 bits?
        packing.decide(gl);
    }
    let mut size = (1, 1);
    let mut formats = Vec::new();
    let mut bgra = false;
    let mut rgba4 = 0u8;
    let mut draw_buffers = Vec::new();
    let fbo = gl.create_framebuffer().map_err(TargetError::Create)?;
    gl.bind_draw_framebuffer(Some(fbo));
    for (i, slot) in attached.iter().enumerate() {
        let attachment = glow::COLOR_ATTACHMENT0 + i as u32;
        match slot {
            Some(a) => {
                let tex = a.texture;
                let tex_target = if tex.target == glow::TEXTURE_CUBE_MAP {
                    glow::TEXTURE_CUBE_MAP_POSITIVE_X + a.layer(true)
                } else {
                    glow::TEXTURE_2D
                };
                gl.framebuffer_texture(attachment, tex_target, Some(tex.gl));
                size = (tex.desc.width as i32, tex.desc.height as i32);
                formats.push(tex.storage.renderbuffer_format());
                bgra |= tex.storage == Storage::Bgra8;
                if tex.storage == Storage::Rgba4 {
                    rgba4 |= 1 << i;
                }
                draw_buffers.push(attachment);
            }
            None => {
                formats.push(glow::RGBA8);
                draw_buffers.push(glow::NONE);
            }
        }
    }
    while draw_buffers.last() == Some(&glow::NONE) {
        draw_buffers.pop();
        formats.pop();
    }
    gl.draw_buffers(&draw_buffers);
    let mut textures_surface = Surface {
        fbo,
        colors: Vec::new(),
        depth: None,
    };
    // Depth and stencil go to the multisampled surface when there is one.
    let single_depth = key.depth_and_stencil && key.samples == 0;
    let samples = key.samples as i32;
    let made = attach_renderbuffers(
        gl,
        &mut textures_surface,
        size.0,
        size.1,
        0,
        &[],
        single_depth,
    )
    .and_then(|()| {
        if key.samples == 0 {
            return Ok(None);
        }
        let m = new_surface(gl, size.0, size.1, samples, &formats, key.depth_and_stencil)?;
        gl.bind_draw_framebuffer(Some(m.fbo));
        gl.draw_buffers(&draw_buffers);
        if !bgra {
            return Ok(Some((m, None)));
        }
        match new_surface(gl, size.0, size.1, 0, &formats, false) {
            Ok(v) => {
                gl.bind_draw_framebuffer(Some(v.fbo));
                gl.draw_buffers(&draw_buffers);
                Ok(Some((m, Some(v))))
            }
            Err(e) => {
                m.delete(gl);
                Err(e)
            }
        }
    });
    let (mut msaa, via) = match made {
        Ok(Some((m, v))) => (Some(m), v),
        Ok(None) => (None, None),
        Err(e) => {
            textures_surface.delete(gl);
            return Err(e);
        }
    };
    let sample_slots = match &mut msaa {
        Some(m) if rgba4 != 0 && packing.per_sample(gl) => {
            sample_slots(gl, packing, m, rgba4, samples, size)
        }
        _ => [None; 4],
    };
    Ok(TextureTarget {
        textures: textures_surface,
        msaa,
        via,
        width: size.0,
        height: size.1,
        draw_buffers,
        rgba4,
        sample_slots,
    })
}

/// Replaces the 4444 renderbuffers of the multisampled surface `m` by multisampled textures
/// (two each, see [`SampleSlot`]), so that they can be rounded sample by sample; each
/// renderbuffer replaced gives its storage back (a 1x1 one takes its place). Where that fails
/// (or leaves the surface incomplete) the renderbuffers stay, and the target is rounded after
/// its resolve only.
fn sample_slots(
    gl: &mut Calls,
    packing: &mut Rgba4,
    m: &mut Surface,
    rgba4: u8,
    samples: i32,
    size: (i32, i32),
) -> [Option<SampleSlot>; 4] {
    let mut slots = [None; 4];
    gl.bind_draw_framebuffer(Some(m.fbo));
    let mut failed = None;
    for i in (0..4).filter(|i| rgba4 & (1 << i) != 0) {
        let made = packing
            .sample_texture(gl, samples, size)
            .and_then(|current| match packing.sample_texture(gl, samples, size) {
                Ok(spare) => Ok(SampleSlot { current, spare }),
                Err(e) => {
                    gl.delete_texture(current);
                    Err(e)
                }
            });
        match made {
            Ok(s) => {
                let attachment = glow::COLOR_ATTACHMENT0 + i as u32;
                gl.framebuffer_texture(attachment, glow::TEXTURE_2D_MULTISAMPLE, Some(s.current));
                slots[i] = Some(s);
            }
            Err(e) => {
                failed = Some(e);
                break;
            }
        }
    }
    let status = gl.framebuffer_status();
    if failed.is_none() && status == glow::FRAMEBUFFER_COMPLETE {
        for i in (0..4).filter(|&i| slots[i].is_some()) {
            if let Ok(tiny) = gl.create_renderbuffer(glow::RGBA4, samples, 1, 1) {
                gl.delete_renderbuffer(std::mem::replace(&mut m.colors[i], tiny));
            }
        }
        return slots;
    }
    log::warn!(
        "molehill-gl: anti-aliased 4444 target rounded after its resolve only: {}",
        failed.unwrap_or_else(|| format!("framebuffer incomplete (0x{status:x})"))
    );
    for (i, slot) in slots.iter_mut().enumerate() {
        if let Some(s) = slot.take() {
            gl.framebuffer_renderbuffer(glow::COLOR_ATTACHMENT0 + i as u32, Some(m.colors[i]));
            gl.delete_texture(s.current);
            gl.delete_texture(s.spare);
        }
    }
    slots
}
