//! The frame output's GL side: the frame texture and read-back types the backend hands out
//! (their docs hold the contract), the host-side fence of `GlBackend::frame_released`, and the
//! calls the device's frame output (`device/frames.rs`) makes.

use glow::HasContext;

use super::calls::Calls;
use super::counts::CallKind;
use super::hostgl::HostGl;
use crate::context::Current;

/// The internal format of a frame texture.
pub const FRAME_FORMAT: u32 = glow::RGBA8;

/// The presented frame out of the backend without a CPU round trip: as a GL texture
/// (this type) and, for hosts that want every frame's pixels, through pixel buffer
/// objects ([`FramePixels`]).
///
/// **Frame textures.** At each `present()` the back buffer (resolved when multisampled) is
/// copied with one blit into the next of two textures, so the host samples frame N while
/// Molehill draws frame N+1 into its back buffer. The texture:
/// - is `GL_TEXTURE_2D`, internal format `GL_RGBA8` ([`FRAME_FORMAT`]), one level, the back
///   buffer's size, `GL_NEAREST` filters and `GL_CLAMP_TO_EDGE` wraps;
/// - holds the back buffer's bytes unchanged: colour as the content drew it (Flash content
///   draws premultiplied colour; nothing is converted), alpha as drawn (Flash Player shows the
///   layer opaque: a host should ignore it, as [`crate::Compositor`] does);
/// - has its **top row at row 0** (texel `(x, 0)` is the frame's top-left row; sample with
///   `v = 0` at the top), the same order as `drawToBitmapData` and [`FramePixels`];
/// - belongs to the backend's context: the host's own ([`crate::GlBackend::on_host_context`])
///   or one sharing objects with it ([`crate::GlBackend::sharing`]). In the second case the
///   copy is fenced: call [`FrameTexture::wait`] in the host's context before sampling.
///
/// Frame N's texture is written again at the present of frame N+2. In the host's own context
/// GL orders that after the host's sampling by itself. In a sharing context the host calls
/// [`crate::GlBackend::frame_released`] after its last use of a frame: a fence in the host's
/// context that the copy of frame N+2 waits for (on the GPU); without it, the host must have
/// finished sampling frame N before Molehill presents frame N+2.
///
/// **Pixels through PBOs.** With [`crate::GlBackend::set_frame_readback`] each present also
/// starts an asynchronous `glReadPixels` into a pixel buffer object (a ring of them) with a
/// fence; [`crate::GlBackend::take_frame_pixels`] hands out the oldest one whose copy is done,
/// without stalling the next frame. `drawToBitmapData` stays synchronous, as in Flash.
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
            HostGl::new(host_gl, Current::by_contract()).wait_sync(fence);
        }
    }
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

/// A fence in the host's context (`host_gl`, current on this thread: the caller's
/// contract, `frame_released`'s) after its commands so far, flushed so that Molehill's
/// context sees it; `None` when GL refuses one.
pub(crate) fn host_fence(host_gl: &glow::Context) -> Option<glow::Fence> {
    HostGl::new(host_gl, Current::by_contract()).fence()
}

/// Deletes a fence made by [`host_fence`] and not kept, in the host's context (current).
pub(crate) fn delete_host_fence(host_gl: &glow::Context, fence: glow::Fence) {
    HostGl::new(host_gl, Current::by_contract()).delete_fence(fence);
}

/// The calls of frame output: immutable texture storage, fences, and reads through a pixel
/// buffer object (outside the state cache: the pack binding is put back to none within each
/// call).
impl Calls {
    /// `glTexStorage2D` of the texture bound to `target` of the active unit.
    pub(crate) fn tex_storage_2d(
        &mut self,
        target: u32,
        levels: i32,
        internal: u32,
        width: i32,
        height: i32,
    ) {
        let g = self.count(CallKind::Create);
        // SAFETY: context current; the caller bound the texture just before; sizes are a
        // configured back buffer's (positive, within GL's limits).
        unsafe { g.tex_storage_2d(target, levels, internal, width, height) };
    }

    /// A fence after the commands so far, flushed (so that other contexts of the share group,
    /// and `glClientWaitSync`, see it signalled).
    pub(crate) fn fence(&mut self) -> Option<glow::Fence> {
        let g = self.count(CallKind::Create);
        // SAFETY: context current; the only condition and flags GL ES 3.0 allows.
        let f = unsafe { g.fence_sync(glow::SYNC_GPU_COMMANDS_COMPLETE, 0) }.ok();
        self.flush();
        f
    }

    /// `glWaitSync`: this context's later commands wait (on the GPU) for `fence`.
    pub(crate) fn wait_sync(&mut self, fence: glow::Fence) {
        let g = self.count(CallKind::Query);
        // SAFETY: context current; a live fence of the share group (made and flushed by the
        // host's `host_fence`, deleted by the caller right after).
        unsafe { g.wait_sync(fence, 0, glow::TIMEOUT_IGNORED) };
    }

    /// `glDeleteSync`.
    pub(crate) fn delete_fence(&mut self, fence: glow::Fence) {
        let g = self.count(CallKind::Delete);
        // SAFETY: context current; a live sync object of this share group, dropped by its
        // owner.
        unsafe { g.delete_sync(fence) };
    }

    /// Whether `fence` is signalled (`wait`: waiting until it is); `false` on a timeout or a
    /// failed wait.
    ///
    /// WebGL2 cannot wait (its `MAX_CLIENT_WAIT_TIMEOUT_WEBGL` is 0, and a fence signals only
    /// in a later task of the page): there the fence is polled, and `wait` answers `true`
    /// whatever it says, since the read that follows (`getBufferSubData`,
    /// [`Calls::read_pack_buffer`]) waits for the copy itself.
    pub(crate) fn client_wait(&mut self, fence: glow::Fence, wait: bool) -> bool {
        let web = self.ctx.is_web();
        let g = self.count(CallKind::Query);
        let timeout = if wait && !web { i32::MAX } else { 0 };
        // SAFETY: context current; a live fence of this context.
        let status = unsafe { g.client_wait_sync(fence, glow::SYNC_FLUSH_COMMANDS_BIT, timeout) };
        let signalled = !(status == glow::TIMEOUT_EXPIRED || status == glow::WAIT_FAILED);
        signalled || (wait && web)
    }

    /// `glBindBuffer(GL_PIXEL_PACK_BUFFER)`: outside the state cache; the read-back binds its
    /// buffer and puts the binding back to none within one call.
    fn bind_pack(&mut self, buffer: Option<glow::Buffer>) {
        let g = self.count(CallKind::Bind);
        // SAFETY: context current; a live buffer of this context, or none.
        unsafe { g.bind_buffer(glow::PIXEL_PACK_BUFFER, buffer) };
    }

    /// Gives the new `buffer` `size` bytes of pack storage (`GL_STREAM_READ`), leaving it
    /// bound to the pack target (the next call binds it again and unbinds it).
    pub(crate) fn pack_buffer_alloc(&mut self, buffer: glow::Buffer, size: i32) {
        self.bind_pack(Some(buffer));
        let g = self.count(CallKind::Upload);
        // SAFETY: context current; the new buffer is bound to the pack target.
        unsafe { g.buffer_data_size(glow::PIXEL_PACK_BUFFER, size, glow::STREAM_READ) };
    }

    /// Starts reading the bound read framebuffer's `w` x `h` RGBA8 pixels into `buffer`.
    pub(crate) fn read_pixels_to_pack(&mut self, buffer: glow::Buffer, w: i32, h: i32) {
        self.bind_pack(Some(buffer));
        let g = self.count(CallKind::Query);
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
        self.bind_pack(None);
    }

    /// Maps the first `size` bytes of the pack `buffer` (a finished read) for reading and
    /// hands them to `read`; nothing when GL refuses the mapping. WebGL2 has no mapping: the
    /// bytes are copied out with `getBufferSubData` (into a buffer allocated fallibly).
    pub(crate) fn read_pack_buffer(
        &mut self,
        buffer: glow::Buffer,
        size: usize,
        read: impl FnOnce(&[u8]),
    ) {
        self.bind_pack(Some(buffer));
        if self.ctx.is_web() {
            let mut bytes = Vec::new();
            if bytes.try_reserve_exact(size).is_ok() {
                bytes.resize(size, 0);
                let g = self.count(CallKind::Query);
                // SAFETY: context current; the bound pack buffer holds `size` bytes, written by
                // the read; `bytes` holds as many.
                unsafe { g.get_buffer_sub_data(glow::PIXEL_PACK_BUFFER, 0, &mut bytes) };
                read(&bytes);
            }
            self.bind_pack(None);
            return;
        }
        let g = self.count(CallKind::Query);
        // SAFETY: context current; the bound pack buffer holds `size` bytes, written by the
        // finished read.
        let ptr = unsafe {
            g.map_buffer_range(glow::PIXEL_PACK_BUFFER, 0, size as i32, glow::MAP_READ_BIT)
        };
        if !ptr.is_null() {
            // SAFETY: a successful mapping of `size` bytes, readable until the unmap below.
            read(unsafe { std::slice::from_raw_parts(ptr, size) });
            // SAFETY: context current; the buffer mapped above (the slice is gone).
            unsafe { g.unmap_buffer(glow::PIXEL_PACK_BUFFER) };
        }
        self.bind_pack(None);
    }
}
