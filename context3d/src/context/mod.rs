//! [`Context3D`]: the object, its creation from a profile, the back buffer, `clear`,
//! `present`, `drawToBitmapData`, `dispose` and the read-only properties.
//!
//! The other calls are in this module's files, one per family, each beside what it keeps
//! elsewhere: `state.rs` (render state and bindings, kept in [`crate::state`]), `constants.rs`,
//! `buffers.rs`, `textures.rs` and `programs.rs` (the objects of [`crate::resources`]),
//! `draw.rs` (the draw-time checks of [`crate::draw`]) and `memory.rs` ([`crate::memory`]).
//! Only these files name [`Context3D`]: what a context keeps never reaches back to it.
//!
//! Every public method takes arguments close to AS3's (enum strings or their typed values,
//! [`crate::EnumArg`]; `i32` for `int`, `u32` for `uint`, `f64` for `Number`, `&[f64]` or
//! `&[f32]` for `Vector.<Number>` ([`crate::Float`]), `&[u8]` plus an offset for a `ByteArray`,
//! `&[u32]` ARGB pixels for a `BitmapData`) and returns Flash's error as a value.

mod buffers;
mod collect;
mod constants;
mod draw;
mod memory;
mod programs;
mod state;
mod textures;

use molehill_agal::flash::FlashError;
use molehill_agal::profile::Profile;

use crate::backend::{
    BackBufferConfig, Backend, BackendError, Clear, ClearMask, PixelRect, MAX_SAMPLERS, MAX_STREAMS,
};
use crate::enums::{param, EnumArg, RenderMode};
use crate::error::{BackendCall, Context3DError, FlashResult, Result};
use crate::memory::Charge;
use crate::resources::Resources;
use crate::state::{ClearStatus, FrameState, State};

pub use crate::values::{
    Endian, Point, Rect, MAX_BACK_BUFFER_SIZE, MAX_DRAWS_PER_FRAME, MIN_BACK_BUFFER_SIZE,
};

/// A Stage3D context: Flash's `Context3D`, checked the way Flash Player checks it, drawing
/// through a [`Backend`].
#[derive(Debug)]
pub struct Context3D<B: Backend> {
    pub(crate) backend: B,
    pub(crate) profile: Profile,
    pub(crate) disposed: bool,
    /// The backend reported a lost context: every resource is gone, every call is #3694.
    pub(crate) lost: bool,
    pub(crate) error_checking: bool,
    pub(crate) next_id: u64,
    pub(crate) res: Resources,
    pub(crate) state: State,
    pub(crate) frame: FrameState,
    pub(crate) swf_version: u8,
    /// The profile's attribute and sampler slots (asked at every draw).
    pub(crate) slots: (usize, usize),
    /// `VertexBuffer3D.uploadFromVector`'s conversion buffer, kept between calls.
    pub(crate) scratch_bytes: Vec<u8>,
    /// What the objects take, against the budget (see [`crate::memory`]).
    pub(crate) memory: crate::memory::Memory,
}

impl<B: Backend> Context3D<B> {
    /// A context of `profile` drawing through `backend`. The backend starts with Flash's
    /// default state (see [`crate::backend`]).
    pub fn new(backend: B, profile: Profile) -> Context3D<B> {
        let limits = profile.limits(profile.max_version());
        Context3D {
            backend,
            profile,
            disposed: false,
            lost: false,
            error_checking: false,
            next_id: 1,
            res: Resources::default(),
            state: State::new(
                usize::from(limits.vertex_constants),
                usize::from(limits.fragment_constants),
            ),
            frame: FrameState::default(),
            swf_version: u8::MAX,
            slots: (
                usize::from(limits.attributes).min(MAX_STREAMS),
                usize::from(limits.samplers).min(MAX_SAMPLERS),
            ),
            scratch_bytes: Vec::new(),
            memory: crate::memory::Memory::default(),
        }
    }

    /// `Stage3D.requestContext3D(context3DRenderMode, profile)`: ArgumentError #2008 for an
    /// unknown render mode (`context3DRenderMode`) or profile (`profile`).
    pub fn request(
        backend: B,
        render_mode: impl EnumArg<RenderMode>,
        profile: impl EnumArg<Profile>,
    ) -> FlashResult<Context3D<B>> {
        render_mode.resolve(param::RENDER_MODE)?;
        let profile = profile.resolve(param::PROFILE)?;
        Ok(Context3D::new(backend, profile))
    }

    /// `Stage3D.requestContext3DMatchingProfiles(profiles)`: the highest profile of the list
    /// (Molehill supports them all). An unknown name or an empty list is ArgumentError #2008
    /// (`profiles`).
    pub fn request_matching_profiles(
        backend: B,
        profiles: &[impl EnumArg<Profile>],
    ) -> FlashResult<Context3D<B>> {
        let bad = Context3DError::InvalidEnum {
            parameter: param::PROFILES,
        };
        let mut best: Option<Profile> = None;
        for p in profiles {
            best = best.max(Some(p.resolve(param::PROFILES)?));
        }
        let profile = best.ok_or(bad)?;
        Ok(Context3D::new(backend, profile))
    }

    /// The SWF version of the content (default: the newest). Before SWF 30 a back buffer size
    /// out of range is #3669 instead of #3780 / #3781, and `configureBackBuffer(0, 0, 0,
    /// false)` is silently accepted (recorded from Flash Player).
    pub fn set_swf_version(&mut self, version: u8) {
        self.swf_version = version;
    }

    /// The backend.
    pub fn backend(&self) -> &B {
        &self.backend
    }

    /// The backend, mutably (for a host that needs it between calls).
    pub fn backend_mut(&mut self) -> &mut B {
        &mut self.backend
    }

    /// Gives the backend back.
    pub fn into_backend(self) -> B {
        self.backend
    }

    /// `profile`: the AS3 name of the context's profile.
    pub fn profile(&self) -> &'static str {
        self.profile.as3_name()
    }

    /// The profile as a value.
    pub fn profile_value(&self) -> Profile {
        self.profile
    }

    /// `driverInfo`: the backend's description, `"Disposed"` after `dispose` or once the
    /// context is lost (what Flash content checks to detect a device loss).
    pub fn driver_info(&self) -> String {
        if self.live().is_err() {
            String::from("Disposed")
        } else {
            self.backend.driver_info()
        }
    }

    /// `enableErrorChecking` (getter).
    pub fn enable_error_checking(&self) -> bool {
        self.error_checking
    }

    /// The `drawTriangles` / `drawTrianglesInstanced` calls since the last `present()` that
    /// were counted against the limit of 32768 (every call that reached the count, including
    /// those that failed a later check); not a Flash property (hosts count work with it).
    pub fn draws_since_present(&self) -> u32 {
        self.frame.draws
    }

    /// `enableErrorChecking` (setter): passed to the backend when it changes.
    pub fn set_enable_error_checking(&mut self, enabled: bool) -> FlashResult<()> {
        self.live()?;
        if enabled != self.error_checking {
            self.error_checking = enabled;
            self.backend.set_error_checking(enabled);
            self.take_backend_error()?;
        }
        Ok(())
    }

    /// `maxBackBufferWidth`.
    pub fn max_back_buffer_width(&self) -> u32 {
        MAX_BACK_BUFFER_SIZE
    }

    /// `maxBackBufferHeight`.
    pub fn max_back_buffer_height(&self) -> u32 {
        MAX_BACK_BUFFER_SIZE
    }

    /// `backBufferWidth` (0 before `configureBackBuffer`).
    pub fn back_buffer_width(&self) -> u32 {
        self.frame.back_buffer.map_or(0, |b| b.width)
    }

    /// `backBufferHeight` (0 before `configureBackBuffer`).
    pub fn back_buffer_height(&self) -> u32 {
        self.frame.back_buffer.map_or(0, |b| b.height)
    }

    /// `configureBackBuffer(width, height, antiAlias, enableDepthAndStencil,
    /// wantsBestResolution, wantsBestResolutionOnBrowserZoom)`.
    ///
    /// Width, then height, outside 32..=16384: #3780 / #3781 (SWF 30 and later; see
    /// [`set_swf_version`](Self::set_swf_version) for older content). `antiAlias` is clamped to
    /// 0..=16. `wantsBestResolution*` are accepted and have no effect (Molehill has no
    /// content scale). After it the back buffer must be cleared before the first draw (#3777).
    pub fn configure_back_buffer(
        &mut self,
        width: i32,
        height: i32,
        anti_alias: i32,
        enable_depth_and_stencil: bool,
        wants_best_resolution: bool,
        wants_best_resolution_on_browser_zoom: bool,
    ) -> FlashResult<()> {
        let _ = (wants_best_resolution, wants_best_resolution_on_browser_zoom);
        self.live()?;
        let old_swf = self.swf_version < 30;
        if old_swf && (width, height, anti_alias, enable_depth_and_stencil) == (0, 0, 0, false) {
            return Ok(());
        }
        let range = i64::from(MIN_BACK_BUFFER_SIZE)..=i64::from(MAX_BACK_BUFFER_SIZE);
        let in_range = |v: i32| range.contains(&i64::from(v));
        if old_swf && !(in_range(width) && in_range(height)) {
            return Err(Context3DError::BadInputSize.into());
        }
        if !in_range(width) {
            return Err(Context3DError::BackBufferWidth {
                min: MIN_BACK_BUFFER_SIZE,
                max: MAX_BACK_BUFFER_SIZE,
            }
            .into());
        }
        if !in_range(height) {
            return Err(Context3DError::BackBufferHeight {
                min: MIN_BACK_BUFFER_SIZE,
                max: MAX_BACK_BUFFER_SIZE,
            }
            .into());
        }
        let config = BackBufferConfig {
            width: width as u32,
            height: height as u32,
            anti_alias: anti_alias.clamp(0, 16) as u8,
            depth_and_stencil: enable_depth_and_stencil,
        };
        let bytes = crate::memory::back_buffer_bytes(&config);
        self.memory.check(Charge::BackBuffer, bytes)?;
        let r = self.backend.configure_back_buffer(&config);
        self.backend_result(BackendCall::Other, r)?;
        self.memory.set(Charge::BackBuffer, bytes);
        self.frame.back_buffer = Some(config);
        self.frame.clear = ClearStatus::NeverCleared;
        Ok(())
    }

    /// `clear(red, green, blue, alpha, depth, stencil, mask)`.
    ///
    /// Colours and depth are clamped to 0..=1 (NaN becomes 0), the stencil value and the mask
    /// keep their low 8 / 3 bits. Clearing the back buffer needs `configureBackBuffer` first
    /// (#3698, always thrown); clearing a texture target checks the targets as a draw does
    /// (#3728-#3730, #3761, #3694), thrown only with `enableErrorChecking` (otherwise the clear
    /// is dropped, like a draw).
    #[allow(clippy::too_many_arguments)] // AS3's signature.
    pub fn clear(
        &mut self,
        red: f64,
        green: f64,
        blue: f64,
        alpha: f64,
        depth: f64,
        stencil: u32,
        mask: u32,
    ) -> FlashResult<()> {
        self.live()?;
        match self.flush_render_target() {
            Ok(()) => {}
            Err(e @ Context3DError::BackBufferNotConfigured) => return Err(e.into()),
            Err(e) if self.error_checking => return Err(e.into()),
            Err(e) => {
                log::warn!(
                    "clear dropped (enableErrorChecking is off): {}",
                    e.to_flash()
                );
                return Ok(());
            }
        }
        let unit = |v: f64| {
            if v.is_nan() {
                0.0
            } else {
                v.clamp(0.0, 1.0) as f32
            }
        };
        let clear = Clear {
            color: [unit(red), unit(green), unit(blue), unit(alpha)],
            depth: unit(depth),
            stencil: (stencil & 0xff) as u8,
            mask: ClearMask {
                color: mask & 1 != 0,
                depth: mask & 2 != 0,
                stencil: mask & 4 != 0,
            },
        };
        self.backend.clear(&clear);
        self.take_backend_error()?;
        if !self.state.to_texture {
            self.frame.clear = ClearStatus::Cleared;
        }
        Ok(())
    }

    /// `present()`: needs `configureBackBuffer` (#3698). The next draw to the back buffer
    /// needs a clear first (#3692); the draw count starts again; the render target goes back
    /// to the back buffer (as Flash documents).
    pub fn present(&mut self) -> FlashResult<()> {
        self.live()?;
        if self.frame.back_buffer.is_none() {
            return Err(Context3DError::BackBufferNotConfigured.into());
        }
        let r = self.backend.present();
        self.backend_result(BackendCall::Other, r)?;
        self.frame.draws = 0;
        self.frame.clear = ClearStatus::Presented;
        self.frame.filled = false;
        // "Like setRenderToBackBuffer(), calling present() also resets the render target."
        self.state.to_texture = false;
        self.state.targets = [None; 4];
        self.free_collected_unbound();
        Ok(())
    }

    /// The checks `drawToBitmapData` makes before it copies anything: #3694; #3698 without a
    /// back buffer; #3692 after `present()` with no `clear()` since, whether error checking is
    /// on or not (Flash Player 32, recorded by ruffle-rs/ruffle's `context3d_draw_to_bitmap_data`
    /// test, PR #24448: "after present: Error #3692"). A VM's `drawToBitmapData` calls this,
    /// then [`draw_to_bitmap_data`](Self::draw_to_bitmap_data).
    pub fn check_draw_to_bitmap_data(&self) -> FlashResult<()> {
        self.live()?;
        if self.frame.back_buffer.is_none() {
            return Err(Context3DError::BackBufferNotConfigured.into());
        }
        if self.frame.clear == ClearStatus::Presented {
            return Err(Context3DError::NotClearedThisFrame.into());
        }
        Ok(())
    }

    /// `drawToBitmapData(destination, srcRect, destPoint)`: copies the back buffer into
    /// `destination` (`dest_width * dest_height` ARGB pixels, top row first).
    ///
    /// `src_rect` (default: the whole back buffer) is clipped to the back buffer, then copied
    /// to `dest_point` in the destination and clipped to it; pixels outside are untouched.
    /// Needs `configureBackBuffer` (#3698); a destination whose length is not
    /// `dest_width * dest_height` is Error #2015 (an invalid `BitmapData`).
    /// The copy is 1:1 from the top-left, neither scaled nor stretched: a larger destination
    /// keeps its pixels past the back buffer, a smaller one gets the back buffer's top-left
    /// (recorded in Flash Player 32 by ruffle-rs/ruffle's `context3d_draw_to_bitmap_data`
    /// test, PR #24448: a 50x50 back buffer into 80x60 and 30x30 BitmapData).
    ///
    /// This method does not check that the back buffer was cleared since `present()` (Flash
    /// throws #3692 then): replays also use it to capture what `present()` shows, which must
    /// work in that state. The AS3 call is [`check_draw_to_bitmap_data`](Self::check_draw_to_bitmap_data)
    /// and then this method.
    pub fn draw_to_bitmap_data(
        &mut self,
        destination: &mut [u32],
        dest_width: u32,
        dest_height: u32,
        src_rect: Option<Rect>,
        dest_point: (i32, i32),
    ) -> FlashResult<()> {
        self.live()?;
        let Some(bb) = self.frame.back_buffer else {
            return Err(Context3DError::BackBufferNotConfigured.into());
        };
        if destination.len() as u64 != u64::from(dest_width) * u64::from(dest_height) {
            return Err(FlashError::error(2015, &[]));
        }
        let src = src_rect.map_or(
            PixelRect {
                x: 0,
                y: 0,
                width: bb.width,
                height: bb.height,
            },
            Rect::to_pixels,
        );
        // Clip the source to the back buffer and the destination, in i64 to never overflow.
        let (sx, sy) = (i64::from(src.x), i64::from(src.y));
        let (dx, dy) = (i64::from(dest_point.0), i64::from(dest_point.1));
        let x0 = sx.max(0).max(sx - dx);
        let y0 = sy.max(0).max(sy - dy);
        let x1 = (sx + i64::from(src.width))
            .min(i64::from(bb.width))
            .min(sx - dx + i64::from(dest_width));
        let y1 = (sy + i64::from(src.height))
            .min(i64::from(bb.height))
            .min(sy - dy + i64::from(dest_height));
        if x1 <= x0 || y1 <= y0 {
            return Ok(());
        }
        let rect = PixelRect {
            x: x0 as i32,
            y: y0 as i32,
            width: (x1 - x0) as u32,
            height: (y1 - y0) as u32,
        };
        let r = self.backend.read_back_buffer(rect);
        let pixels = self.backend_result(BackendCall::Other, r)?;
        let w = (x1 - x0) as usize;
        for row in 0..(y1 - y0) as usize {
            let ty = (y0 - sy + dy) as usize + row;
            let tx = (x0 - sx + dx) as usize;
            let start = ty * dest_width as usize + tx;
            let (Some(target), Some(source)) = (
                destination.get_mut(start..start + w),
                pixels.get(row * w..row * w + w),
            ) else {
                break;
            };
            target.copy_from_slice(source);
        }
        Ok(())
    }

    /// The whole back buffer, premultiplied ARGB pixels, top row first:
    /// `(width, height, pixels)`, as the backend reads it (one read, no copy into a
    /// destination: what a player shows at `present` or composites). Needs
    /// `configureBackBuffer` (#3698). Like [`draw_to_bitmap_data`](Self::draw_to_bitmap_data)
    /// it does not check for #3692: a player reads what `present()` shows.
    pub fn read_back_buffer(&mut self) -> FlashResult<(u32, u32, Vec<u32>)> {
        self.read_whole_back_buffer(|b, rect| b.read_back_buffer(rect), 1)
    }

    /// [`read_back_buffer`](Self::read_back_buffer) as `R, G, B, A` bytes, as the backend reads
    /// them (`Backend::read_back_buffer_rgba`): what a player uploads to a texture of its own.
    pub fn read_back_buffer_rgba(&mut self) -> FlashResult<(u32, u32, Vec<u8>)> {
        self.read_whole_back_buffer(|b, rect| b.read_back_buffer_rgba(rect), 4)
    }

    /// The whole back buffer through `read`, which gives `per_pixel` elements a pixel.
    fn read_whole_back_buffer<T: Copy + Default>(
        &mut self,
        read: impl FnOnce(&mut B, PixelRect) -> std::result::Result<Vec<T>, BackendError>,
        per_pixel: usize,
    ) -> FlashResult<(u32, u32, Vec<T>)> {
        self.live()?;
        let Some(bb) = self.frame.back_buffer else {
            return Err(Context3DError::BackBufferNotConfigured.into());
        };
        let rect = PixelRect {
            x: 0,
            y: 0,
            width: bb.width,
            height: bb.height,
        };
        let r = read(&mut self.backend, rect);
        let mut pixels = self.backend_result(BackendCall::Other, r)?;
        let n = bb.width as usize * bb.height as usize * per_pixel;
        if pixels.len() != n {
            // A backend that read the wrong amount: the frame keeps its size.
            log::warn!(
                "read back {} values for a {}x{} back buffer",
                pixels.len(),
                bb.width,
                bb.height
            );
            pixels.resize(n, T::default());
        }
        Ok((bb.width, bb.height, pixels))
    }

    /// `dispose(recreate)`: frees everything; every later call is #3694 (and `driverInfo`
    /// says `"Disposed"`). Disposing twice does nothing. The context itself is gone either way;
    /// `recreate` is Flash's simulated device loss, done by the VM: it makes the new context
    /// with [`recreated`](Self::recreated) on a fresh backend and dispatches `context3DCreate`
    /// again (molehill-player's `Context3D::dispose` does both).
    pub fn dispose(&mut self, recreate: bool) {
        if recreate {
            log::debug!("dispose(recreate = true): the VM recreates the context");
        }
        if self.disposed {
            return;
        }
        self.disposed = true;
        self.res = Resources::default();
        self.memory.reset();
        self.backend.dispose_context();
    }

    /// The context Flash makes after a device loss (or `dispose(true)`): the same profile, SWF
    /// version and options, on `backend`, with nothing else kept (no back buffer, no resources, default
    /// state, error checking off). Handles of this context are #3694 there.
    pub fn recreated(&self, backend: B) -> Context3D<B> {
        let mut c = Context3D::new(backend, self.profile);
        c.swf_version = self.swf_version;
        c.set_options(self.options());
        c
    }

    /// Whether `dispose` was called.
    pub fn is_disposed(&self) -> bool {
        self.disposed
    }

    /// Whether the context was lost (the backend reported a device loss): it then behaves as
    /// disposed (every call #3694, `driverInfo` `"Disposed"`), though `dispose` was not called.
    pub fn is_lost(&self) -> bool {
        self.lost || self.backend.is_lost()
    }

    /// Loses the context as a device reset would ([`Backend::force_loss`]), for tests and
    /// tools: every object is gone, every later call is #3694 (`driverInfo` `"Disposed"`), as
    /// after a real loss. `false` (nothing changed) when the context is disposed or lost
    /// already, or its backend cannot.
    pub fn force_loss(&mut self) -> bool {
        if self.disposed || self.is_lost() || !self.backend.force_loss() {
            return false;
        }
        log::info!("the rendering context was lost on request: every resource is disposed");
        self.lost = true;
        self.res = Resources::default();
        self.memory.reset();
        true
    }

    /// Error #3694 after `dispose` or once the context is lost, as every checked call gives
    /// first; for the calls a facade answers itself (AIR's `setFillMode`).
    ///
    /// # Errors
    ///
    /// - Error #3694: the context is disposed or lost.
    pub fn check_live(&self) -> FlashResult<()> {
        Ok(self.live()?)
    }

    /// #3694 after `dispose` or once the context is lost.
    pub(crate) fn live(&self) -> Result<()> {
        if self.disposed || self.is_lost() {
            Err(Context3DError::Disposed)
        } else {
            Ok(())
        }
    }

    /// A backend call's result as this crate's error for a call of kind `call`. A lost
    /// context marks the whole context lost: every resource is disposed and every later call
    /// is #3694.
    pub(crate) fn backend_result<T>(
        &mut self,
        call: BackendCall,
        result: std::result::Result<T, BackendError>,
    ) -> Result<T> {
        result.map_err(|error| {
            if error == BackendError::ContextLost && !self.lost {
                log::warn!("the rendering context was lost: every resource is disposed");
                self.lost = true;
                self.res = Resources::default();
                self.memory.reset();
            }
            Context3DError::Backend { call, error }
        })
    }

    /// The error the backend kept for the call that returns nothing just made (`clear`,
    /// `set_render_target`; see [`Backend::take_error`]).
    ///
    /// A backend that found its context gone during the call (it returns nothing to say so)
    /// is [`BackendError::ContextLost`] here, so that the call that met the loss is the one
    /// that throws #3694, as every call returning a result does.
    pub(crate) fn take_backend_error(&mut self) -> Result<()> {
        match self.backend.take_error() {
            None if !self.lost && self.backend.is_lost() => {
                self.backend_result(BackendCall::Other, Err(BackendError::ContextLost))
            }
            None => Ok(()),
            Some(e) => self.backend_result(BackendCall::Other, Err(e)),
        }
    }

    /// A fresh backend id (never reused).
    pub(crate) fn fresh_id(&mut self) -> u64 {
        let id = self.next_id;
        self.next_id += 1;
        id
    }
}
