//! The presented frame out of the backend without a CPU round trip: as a GL texture
//! ([`FrameTexture`]) and, for hosts that want every frame's pixels, through pixel buffer
//! objects ([`FramePixels`]).
//!
//! **Frame textures.** At each `present()` the back buffer (resolved when multisampled) is
//! copied with one blit into the next of two textures, so the host samples frame N while
//! Molehill draws frame N+1 into its back buffer. The texture:
//! - is `GL_TEXTURE_2D`, internal format `GL_RGBA8` ([`FRAME_FORMAT`]), one level, the back
//!   buffer's size, `GL_NEAREST` filters and `GL_CLAMP_TO_EDGE` wraps;
//! - holds the back buffer's bytes unchanged: colour as the content drew it (Flash content
//!   draws premultiplied colour; nothing is converted), alpha as drawn (Flash Player shows the
//!   layer opaque: a host should ignore it, as [`crate::compose::Compositor`] does);
//! - has its **top row at row 0** (texel `(x, 0)` is the frame's top-left row; sample with
//!   `v = 0` at the top), the same order as `drawToBitmapData` and [`FramePixels`];
//! - belongs to the backend's context: the host's own ([`crate::GlBackend::on_host_context`])
//!   or one sharing objects with it ([`crate::GlBackend::sharing`]). In the second case the
//!   copy is fenced: call [`FrameTexture::wait`] in the host's context before sampling.
//!
//! Frame N's texture is written again at the present of frame N+2. In the host's own context
//! GL orders that after the host's sampling by itself. In a sharing context the host calls
//! [`crate::GlBackend::frame_released`] after its last use of a frame: a fence in the host's
//! context that the copy of frame N+2 waits for (on the GPU); without it, the host must have
//! finished sampling frame N before Molehill presents frame N+2.
//!
//! **Pixels through PBOs.** With [`crate::GlBackend::set_frame_readback`] each present also
//! starts an asynchronous `glReadPixels` into a pixel buffer object (a ring of them) with a
//! fence; [`crate::GlBackend::take_frame_pixels`] hands out the oldest one whose copy is done,
//! without stalling the next frame. `drawToBitmapData` stays synchronous, as in Flash.

use glow::HasContext;

use crate::state::{CallKind, Gl};
use crate::target::Targets;

/// The internal format of a frame texture.
pub const FRAME_FORMAT: u32 = glow::RGBA8;

/// One presented frame as a GL texture (see the [module docs](self)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FrameTexture {
    /// The texture name (`GL_TEXTURE_2D`) in the backend's context.
    pub texture: glow::Texture,
    /// Width in pixels (the back buffer's).
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// Which present made it: 1 for the first, counting every present with output on.
    pub sequence: u64,
    /// Signalled when the copy is done; only where the host's context is another one.
    pub fence: Option<glow::Fence>,
}

impl FrameTexture {
    /// Makes the host's context wait (on the GPU, `glWaitSync`) for the copy into this
    /// texture; nothing to do when the backend runs in the host's own context. `host_gl` is
    /// the host's context, current on this thread. Call it before sampling, and before the
    /// backend's next present but one.
    pub fn wait(&self, host_gl: &glow::Context) {
        if let Some(fence) = self.fence {
            // SAFETY: the host's context is current (this function's contract); the fence is a
            // live sync object of the share group, deleted only two presents later.
            unsafe { host_gl.wait_sync(fence, 0, glow::TIMEOUT_IGNORED) };
        }
    }
}

#[derive(Debug)]
struct Slot {
    texture: glow::Texture,
    fbo: glow::Framebuffer,
    width: i32,
    height: i32,
    fence: Option<glow::Fence>,
    /// Signalled when the host is done sampling the texture ([`Frames::released`]).
    release: Option<glow::Fence>,
}

/// The two frame textures.
#[derive(Debug, Default)]
pub(crate) struct Frames {
    slots: [Option<Slot>; 2],
    next: usize,
    last: Option<FrameTexture>,
    sequence: u64,
}

impl Frames {
    /// Copies the back buffer into the next texture (fenced when `fenced`).
    pub fn publish(&mut self, gl: &mut Gl, targets: &mut Targets, fenced: bool) {
        let Some((w, h)) = targets.bind_back_for_read(gl) else {
            return;
        };
        let i = self.next;
        if self.slots[i]
            .as_ref()
            .is_some_and(|s| (s.width, s.height) != (w, h))
        {
            if let Some(old) = self.slots[i].take() {
                delete_slot(gl, old);
            }
        }
        if self.slots[i].is_none() {
            match new_slot(gl, w, h) {
                Ok(slot) => self.slots[i] = Some(slot),
                Err(e) => {
                    log::error!("frame texture: {e}");
                    return;
                }
            }
            // new_slot bound the draw framebuffer; the read one is still the back buffer.
            targets.bind_back_for_read(gl);
        }
        let Some(slot) = self.slots[i].as_mut() else {
            return;
        };
        if let Some(release) = slot.release.take() {
            // The host's sampling of this texture (two frames ago) comes first.
            let g = gl.count(CallKind::Query);
            // SAFETY: context current; a live fence of the share group, made and flushed by
            // the host in `released`, deleted right after.
            unsafe { g.wait_sync(release, 0, glow::TIMEOUT_IGNORED) };
            delete_fence(gl, release);
        }
        gl.bind_draw_framebuffer(Some(slot.fbo));
        gl.blit(
            [0, 0, w, h],
            [0, 0, w, h],
            glow::COLOR_BUFFER_BIT,
            glow::NEAREST,
        );
        if let Some(f) = slot.fence.take() {
            delete_fence(gl, f);
        }
        if fenced {
            slot.fence = fence(gl);
        }
        self.sequence += 1;
        self.last = Some(FrameTexture {
            texture: slot.texture,
            width: w as u32,
            height: h as u32,
            sequence: self.sequence,
            fence: slot.fence,
        });
        self.next = 1 - i;
    }

    /// The last frame published.
    pub fn last(&self) -> Option<FrameTexture> {
        self.last
    }

    /// Keeps `fence` (made in the host's context after its last use of `texture`) for the
    /// next copy into that texture to wait for; a fence already kept is replaced. `false`
    /// when `texture` is no frame texture (the fence is then the caller's to delete).
    pub fn released(&mut self, gl: &mut Gl, texture: glow::Texture, fence: glow::Fence) -> bool {
        let Some(slot) = self
            .slots
            .iter_mut()
            .flatten()
            .find(|s| s.texture == texture)
        else {
            return false;
        };
        if let Some(old) = slot.release.replace(fence) {
            delete_fence(gl, old);
        }
        true
    }

    /// Deletes the textures (`gl` None: the context is gone).
    pub fn clear(&mut self, gl: Option<&mut Gl>) {
        let slots = std::mem::take(&mut self.slots);
        if let Some(gl) = gl {
            for slot in slots.into_iter().flatten() {
                delete_slot(gl, slot);
            }
        }
        self.last = None;
    }
}

fn new_slot(gl: &mut Gl, w: i32, h: i32) -> Result<Slot, String> {
    let texture = gl.create_texture()?;
    gl.bind_texture_to_edit(glow::TEXTURE_2D, texture);
    let g = gl.count(CallKind::Create);
    // SAFETY: context current; the texture is bound to unit 0's 2D target just above; sizes
    // are a configured back buffer's (positive, within GL's limits).
    unsafe { g.tex_storage_2d(glow::TEXTURE_2D, 1, FRAME_FORMAT, w, h) };
    for (p, v) in [
        (glow::TEXTURE_MIN_FILTER, glow::NEAREST),
        (glow::TEXTURE_MAG_FILTER, glow::NEAREST),
        (glow::TEXTURE_WRAP_S, glow::CLAMP_TO_EDGE),
        (glow::TEXTURE_WRAP_T, glow::CLAMP_TO_EDGE),
    ] {
        gl.tex_parameter(glow::TEXTURE_2D, p, v as i32);
    }
    let fbo = match gl.create_framebuffer() {
        Ok(f) => f,
        Err(e) => {
            gl.delete_texture(texture);
            return Err(e);
        }
    };
    gl.bind_draw_framebuffer(Some(fbo));
    gl.framebuffer_texture(glow::COLOR_ATTACHMENT0, glow::TEXTURE_2D, Some(texture));
    match gl.framebuffer_status() {
        glow::FRAMEBUFFER_COMPLETE => Ok(Slot {
            texture,
            fbo,
            width: w,
            height: h,
            fence: None,
            release: None,
        }),
        status => {
            gl.delete_framebuffer(fbo);
            gl.delete_texture(texture);
            Err(format!("framebuffer incomplete (0x{status:x})"))
        }
    }
}

fn delete_slot(gl: &mut Gl, slot: Slot) {
    for f in [slot.fence, slot.release].into_iter().flatten() {
        delete_fence(gl, f);
    }
    gl.delete_framebuffer(slot.fbo);
    gl.delete_texture(slot.texture);
}

/// A fence after the commands so far, flushed (so that other contexts of the share group,
/// and `glClientWaitSync`, see it signalled).
fn fence(gl: &mut Gl) -> Option<glow::Fence> {
    let g = gl.count(CallKind::Create);
    // SAFETY: context current; the only condition and flags GL ES 3.0 allows.
    let f = unsafe { g.fence_sync(glow::SYNC_GPU_COMMANDS_COMPLETE, 0) }.ok();
    gl.flush();
    f
}

/// `glBindBuffer(GL_PIXEL_PACK_BUFFER)`: outside the state cache; the read-back binds its
/// buffer and puts the binding back to none within one call.
fn bind_pack(gl: &mut Gl, buffer: Option<glow::Buffer>) {
    let g = gl.count(CallKind::Bind);
    // SAFETY: context current; a live buffer of this context, or none.
    unsafe { g.bind_buffer(glow::PIXEL_PACK_BUFFER, buffer) };
}

fn delete_fence(gl: &mut Gl, fence: glow::Fence) {
    let g = gl.count(CallKind::Delete);
    // SAFETY: context current; a live sync object of this share group, dropped by its owner.
    unsafe { g.delete_sync(fence) };
}

/// One frame's pixels read back through a pixel buffer object.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FramePixels {
    /// The present it was read at (1 for the first with read-back on).
    pub sequence: u64,
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// `0xAARRGGBB`, rows top first (as `drawToBitmapData`).
    pub pixels: Vec<u32>,
}

#[derive(Debug)]
struct Pending {
    buffer: glow::Buffer,
    fence: glow::Fence,
    width: i32,
    height: i32,
    sequence: u64,
}

/// The ring of pixel buffer objects.
#[derive(Debug, Default)]
pub(crate) struct Readback {
    depth: usize,
    pending: std::collections::VecDeque<Pending>,
    free: Vec<(glow::Buffer, usize)>,
    sequence: u64,
    /// Frames dropped because the host did not take them before the ring filled.
    pub dropped: u64,
}

impl Readback {
    /// How many reads may be in flight (0: off).
    pub fn set_depth(&mut self, gl: &mut Gl, depth: usize) {
        self.depth = depth;
        while self.pending.len() > depth {
            if let Some(p) = self.pending.pop_front() {
                delete_fence(gl, p.fence);
                gl.delete_buffer(p.buffer);
            }
        }
        if depth == 0 {
            for (b, _) in self.free.drain(..) {
                gl.delete_buffer(b);
            }
        }
    }

    /// Whether read-back is on.
    pub fn enabled(&self) -> bool {
        self.depth > 0
    }

    /// Starts reading the back buffer into a buffer of the ring.
    pub fn start(&mut self, gl: &mut Gl, targets: &mut Targets) {
        let Some((w, h)) = targets.bind_back_for_read(gl) else {
            return;
        };
        self.sequence += 1;
        if self.pending.len() >= self.depth {
            if let Some(p) = self.pending.pop_front() {
                self.dropped += 1;
                delete_fence(gl, p.fence);
                self.free
                    .push((p.buffer, (p.width * p.height * 4) as usize));
            }
        }
        let size = (w * h * 4) as usize;
        let buffer = match self.free.iter().position(|&(_, s)| s == size) {
            Some(i) => self.free.swap_remove(i).0,
            None => match gl.create_buffer() {
                Ok(b) => {
                    bind_pack(gl, Some(b));
                    let g = gl.count(CallKind::Upload);
                    // SAFETY: context current; the new buffer is bound to the pack target.
                    unsafe {
                        g.buffer_data_size(glow::PIXEL_PACK_BUFFER, size as i32, glow::STREAM_READ)
                    };
                    b
                }
                Err(e) => {
                    log::error!("read-back buffer: {e}");
                    return;
                }
            },
        };
        bind_pack(gl, Some(buffer));
        let g = gl.count(CallKind::Query);
        // SAFETY: context current; the read framebuffer is the back buffer (complete, w x h
        // RGBA8); the bound pack buffer holds w * h * 4 bytes, written from offset 0 with
        // PACK_ALIGNMENT 4 (the backend's, also in a host's context).
        unsafe {
            g.read_pixels(
                0,
                0,
                w,
                h,
                glow::RGBA,
                glow::UNSIGNED_BYTE,
                glow::PixelPackData::BufferOffset(0),
            )
        };
        bind_pack(gl, None);
        let fence = fence(gl);
        match fence {
            Some(fence) => self.pending.push_back(Pending {
                buffer,
                fence,
                width: w,
                height: h,
                sequence: self.sequence,
            }),
            None => gl.delete_buffer(buffer),
        }
    }

    /// The oldest read, when it is done (or, with `wait`, once it is).
    pub fn take(&mut self, gl: &mut Gl, wait: bool) -> Option<FramePixels> {
        let p = self.pending.front()?;
        let g = gl.count(CallKind::Query);
        let timeout = if wait { i32::MAX } else { 0 };
        // SAFETY: context current; a live fence of this context.
        let status = unsafe { g.client_wait_sync(p.fence, glow::SYNC_FLUSH_COMMANDS_BIT, timeout) };
        if status == glow::TIMEOUT_EXPIRED || status == glow::WAIT_FAILED {
            return None;
        }
        let p = self.pending.pop_front()?;
        let size = (p.width * p.height * 4) as usize;
        let mut pixels = Vec::new();
        if pixels.try_reserve_exact(size / 4).is_ok() {
            bind_pack(gl, Some(p.buffer));
            let g = gl.count(CallKind::Query);
            // SAFETY: context current; the bound pack buffer holds `size` bytes, written by
            // the finished read.
            let ptr = unsafe {
                g.map_buffer_range(glow::PIXEL_PACK_BUFFER, 0, size as i32, glow::MAP_READ_BIT)
            };
            if !ptr.is_null() {
                // SAFETY: a successful mapping of `size` bytes, readable until the unmap below.
                let bytes = unsafe { std::slice::from_raw_parts(ptr, size) };
                pixels.extend(
                    bytes
                        .chunks_exact(4)
                        .map(|c| u32::from_be_bytes([c[3], c[0], c[1], c[2]])),
                );
                // SAFETY: context current; the buffer mapped above (`bytes` is not used after).
                unsafe { g.unmap_buffer(glow::PIXEL_PACK_BUFFER) };
            }
            bind_pack(gl, None);
        }
        delete_fence(gl, p.fence);
        self.free.push((p.buffer, size));
        (pixels.len() == size / 4).then_some(FramePixels {
            sequence: p.sequence,
            width: p.width as u32,
            height: p.height as u32,
            pixels,
        })
    }

    /// Deletes the buffers and fences (`gl` None: the context is gone).
    pub fn clear(&mut self, gl: Option<&mut Gl>) {
        let pending: Vec<Pending> = self.pending.drain(..).collect();
        let free: Vec<_> = std::mem::take(&mut self.free);
        if let Some(gl) = gl {
            for p in pending {
                delete_fence(gl, p.fence);
                gl.delete_buffer(p.buffer);
            }
            for (b, _) in free {
                gl.delete_buffer(b);
            }
        }
    }
}
