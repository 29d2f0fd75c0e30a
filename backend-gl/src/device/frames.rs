//! The frame output of [`crate::GlBackend`]: the two frame textures each present copies the
//! back buffer into, and the ring of pixel buffer objects it reads frames back through. What
//! they hand out, and the GL calls, are the GL layer's (`gl/frame.rs`, whose docs say what a
//! frame texture holds and how it is fenced).

use super::targets::Targets;
use crate::gl::{Calls, FramePixels, FrameTexture, FRAME_FORMAT};

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
    pub fn publish(&mut self, gl: &mut Calls, targets: &mut Targets, fenced: bool) {
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
            gl.wait_sync(release);
            gl.delete_fence(release);
        }
        gl.bind_draw_framebuffer(Some(slot.fbo));
        gl.blit(
            [0, 0, w, h],
            [0, 0, w, h],
            glow::COLOR_BUFFER_BIT,
            glow::NEAREST,
        );
        if let Some(f) = slot.fence.take() {
            gl.delete_fence(f);
        }
        if fenced {
            slot.fence = gl.fence();
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
    pub fn released(&mut self, gl: &mut Calls, texture: glow::Texture, fence: glow::Fence) -> bool {
        let Some(slot) = self
            .slots
            .iter_mut()
            .flatten()
            .find(|s| s.texture == texture)
        else {
            return false;
        };
        if let Some(old) = slot.release.replace(fence) {
            gl.delete_fence(old);
        }
        true
    }

    /// Deletes the textures (`gl` None: the context is gone).
    pub fn clear(&mut self, gl: Option<&mut Calls>) {
        let slots = std::mem::take(&mut self.slots);
        if let Some(gl) = gl {
            for slot in slots.into_iter().flatten() {
                delete_slot(gl, slot);
            }
        }
        self.last = None;
    }
}

fn new_slot(gl: &mut Calls, w: i32, h: i32) -> Result<Slot, String> {
    let texture = gl.create_texture()?;
    gl.bind_texture_to_edit(glow::TEXTURE_2D, texture);
    gl.tex_storage_2d(glow::TEXTURE_2D, 1, FRAME_FORMAT, w, h);
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

fn delete_slot(gl: &mut Calls, slot: Slot) {
    for f in [slot.fence, slot.release].into_iter().flatten() {
        gl.delete_fence(f);
    }
    gl.delete_framebuffer(slot.fbo);
    gl.delete_texture(slot.texture);
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
    pub fn set_depth(&mut self, gl: &mut Calls, depth: usize) {
        self.depth = depth;
        while self.pending.len() > depth {
            if let Some(p) = self.pending.pop_front() {
                gl.delete_fence(p.fence);
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
    pub fn start(&mut self, gl: &mut Calls, targets: &mut Targets) {
        let Some((w, h)) = targets.bind_back_for_read(gl) else {
            return;
        };
        self.sequence += 1;
        if self.pending.len() >= self.depth {
            if let Some(p) = self.pending.pop_front() {
                self.dropped += 1;
                gl.delete_fence(p.fence);
                self.free
                    .push((p.buffer, (p.width * p.height * 4) as usize));
            }
        }
        let size = (w * h * 4) as usize;
        let buffer = match self.free.iter().position(|&(_, s)| s == size) {
            Some(i) => self.free.swap_remove(i).0,
            None => match gl.create_buffer() {
                Ok(b) => {
                    gl.pack_buffer_alloc(b, size as i32);
                    b
                }
                Err(e) => {
                    log::error!("read-back buffer: {e}");
                    return;
                }
            },
        };
        gl.read_pixels_to_pack(buffer, w, h);
        let fence = gl.fence();
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
    pub fn take(&mut self, gl: &mut Calls, wait: bool) -> Option<FramePixels> {
        let p = self.pending.front()?;
        if !gl.client_wait(p.fence, wait) {
            return None;
        }
        let p = self.pending.pop_front()?;
        let size = (p.width * p.height * 4) as usize;
        let mut pixels = Vec::new();
        if pixels.try_reserve_exact(size / 4).is_ok() {
            gl.read_pack_buffer(p.buffer, size, |bytes| {
                pixels.extend(
                    bytes
                        .chunks_exact(4)
                        .map(|c| u32::from_be_bytes([c[3], c[0], c[1], c[2]])),
                );
            });
        }
        gl.delete_fence(p.fence);
        self.free.push((p.buffer, size));
        (pixels.len() == size / 4).then_some(FramePixels {
            sequence: p.sequence,
            width: p.width as u32,
            height: p.height as u32,
            pixels,
        })
    }

    /// Deletes the buffers and fences (`gl` None: the context is gone).
    pub fn clear(&mut self, gl: Option<&mut Calls>) {
        let pending: Vec<Pending> = self.pending.drain(..).collect();
        let free: Vec<_> = std::mem::take(&mut self.free);
        if let Some(gl) = gl {
            for p in pending {
                gl.delete_fence(p.fence);
                gl.delete_buffer(p.buffer);
            }
            for (b, _) in free {
                gl.delete_buffer(b);
            }
        }
    }
}
