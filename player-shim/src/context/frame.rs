//! `Context3D`'s frame calls: `configureBackBuffer`, `clear`, `present`, `drawToBitmapData`,
//! the back buffer read for replays and players, and `dispose`.

use molehill_agal::flash::FlashError;
use molehill_context3d::{Point, Rect};

use crate::as3::{premultiply, unpremultiply, BitmapDataMut};
#[cfg(feature = "record")]
use crate::record::{bitmap_arg_from, Recorded};
#[cfg(feature = "record")]
use molehill_trace::Call;

use super::{Context3D, FlashResult};
use crate::events::Stage3DEvent;

impl Context3D {
    // --- Frame ---------------------------------------------------------------------------------

    forward! {
        /// `configureBackBuffer(...)`. Before SWF 30 (see [`crate::Stage3D::set_swf_version`])
        /// a size outside 32..=16384 is Error #3669 and `(0, 0, 0, false)` is ignored
        /// (context3d's rule).
        ///
        /// # Errors
        ///
        /// - Error #3694: the context is disposed or lost.
        /// - Error #3780: `width` outside 32..=16384 (SWF 30 and later).
        /// - Error #3781: `height` outside 32..=16384, `width` being in range (SWF 30 and later).
        /// - Error #3669: `width` or `height` outside 32..=16384 before SWF 30.
        /// - Error #3691: the renderer runs out of memory.
        /// - Error #3710: with `enableErrorChecking` on, the renderer reports a driver error.
        pub fn configure_back_buffer(
            &mut self,
            width: i32,
            height: i32,
            anti_alias: i32,
            enable_depth_and_stencil: bool,
            wants_best_resolution: bool,
            wants_best_resolution_on_browser_zoom: bool
        ) -> () => ConfigureBackBuffer;
    }

    forward! {
        /// `clear(red, green, blue, alpha, depth, stencil, mask)`.
        ///
        /// # Errors
        ///
        /// - Error #3694: the context is disposed or lost; with `enableErrorChecking` on, also a
        ///   texture target (`setRenderToTexture`) that was disposed since.
        /// - Error #3698: the target is the back buffer and `configureBackBuffer` was never called
        ///   (thrown even with error checking off).
        /// - Error #3728: with error checking on, texture targets set but none in slot 0.
        /// - Error #3730: with error checking on, one texture (or cube face) in two target slots.
        /// - Error #3729: with error checking on, texture targets of different sizes.
        /// - Error #3761: with error checking on, texture targets of different formats (bit
        ///   depths).
        /// - Error #3691: with error checking on, the renderer runs out of memory.
        /// - Error #3710: with `enableErrorChecking` on, the renderer reports a driver error.
        #[allow(clippy::too_many_arguments)] // AS3's signature.
        pub fn clear(
            &mut self,
            red: f64,
            green: f64,
            blue: f64,
            alpha: f64,
            depth: f64,
            stencil: u32,
            mask: u32
        ) -> () => Clear;

    }

    /// `present()`. A recording with `RecordedExpectations` (feature `record`) also gets the
    /// back buffer it showed.
    ///
    /// # Errors
    ///
    /// - Error #3694: the context is disposed or lost.
    /// - Error #3698: `configureBackBuffer` was never called.
    /// - Error #3691: the renderer runs out of memory.
    /// - Error #3710: with `enableErrorChecking` on, the renderer reports a driver error.
    pub fn present(&mut self) -> FlashResult<()> {
        #[cfg(feature = "record")]
        let shown = match &self.recorder {
            Some(r) if r.wants_images() => self.back_buffer_pixels().ok(),
            _ => None,
        };
        let r = self.inner.present();
        #[cfg(feature = "record")]
        {
            self.record(|_| Call::Present, &r);
            if let (Ok(()), Some(shown), Some(rec)) = (&r, shown, &self.recorder) {
                rec.presented(shown);
            }
        }
        r
    }

    /// `present()`, and the frame it shows: the back buffer as it was when presented,
    /// premultiplied `0xAARRGGBB`, rows top first, `(width, height, pixels)` (what a player
    /// composites under its display list; [`crate::as3::argb_to_rgba_bytes`] turns it into
    /// RGBA8). Flash refuses to copy a presented back buffer until the next clear
    /// (`drawToBitmapData` is #3692), so the frame is read just before presenting: a player
    /// that shows frames in its own renderer calls this instead of [`present`](Self::present). Recorded as `present()`. The frame is `None` when
    /// `present` succeeded but the back buffer could not be read (a driver error with error
    /// checking off: the player keeps showing its last frame).
    ///
    /// # Errors
    ///
    /// - Error #3694: the context is disposed or lost.
    /// - Error #3698: `configureBackBuffer` was never called.
    /// - Error #3691: the renderer runs out of memory.
    /// - Error #3710: with `enableErrorChecking` on, the renderer reports a driver error.
    #[allow(clippy::type_complexity)] // (width, height, pixels), as back_buffer_pixels.
    pub fn present_frame(&mut self) -> FlashResult<Option<(u32, u32, Vec<u32>)>> {
        let shown = self.back_buffer_pixels();
        self.present_shown(shown)
    }

    /// [`present_frame`](Self::present_frame) with the frame as premultiplied `R, G, B, A`
    /// bytes, rows top first, as the backend reads them: what a player uploads to a texture of
    /// its own (Ruffle's `BitmapFormat::Rgba`), without converting through `0xAARRGGBB` words.
    /// The same errors, recording and `None` as `present_frame`.
    ///
    /// # Errors
    ///
    /// - Error #3694: the context is disposed or lost.
    /// - Error #3698: `configureBackBuffer` was never called.
    /// - Error #3691: the renderer runs out of memory.
    /// - Error #3710: with `enableErrorChecking` on, the renderer reports a driver error.
    #[allow(clippy::type_complexity)] // (width, height, bytes), as present_frame.
    pub fn present_frame_rgba(&mut self) -> FlashResult<Option<(u32, u32, Vec<u8>)>> {
        let shown = self.inner.read_back_buffer_rgba();
        self.present_shown(shown)
    }

    /// `present()`, and the frame it shows as a texture of the player's own wgpu device, for a
    /// Stage3D made over [`crate::host_wgpu::HostWgpu`] (`frames` is that factory's
    /// [`WgpuFrames`](crate::host_wgpu::WgpuFrames)): the back buffer copied on the GPU into a
    /// texture nothing draws into before the next present (no read-back; module
    /// `host_wgpu`). Recorded as `present()`. The frame is `None` when the context's
    /// backend is not the factory's (or is lost). Features `wgpu` or `wgpu27`.
    ///
    /// # Errors
    ///
    /// - Error #3694: the context is disposed or lost.
    /// - Error #3698: `configureBackBuffer` was never called.
    /// - Error #3691: the renderer runs out of memory.
    /// - Error #3710: with `enableErrorChecking` on, the renderer reports a driver error.
    #[cfg(any(feature = "wgpu", feature = "wgpu27"))]
    pub fn present_frame_texture(
        &mut self,
        frames: &mut crate::host_wgpu::WgpuFrames,
    ) -> FlashResult<Option<crate::host_wgpu::PresentedFrame>> {
        self.present()?;
        Ok(frames.present())
    }

    /// `present()`, then the frame read before it, or `None` (logged) when it could not be read.
    fn present_shown<T>(&mut self, shown: FlashResult<T>) -> FlashResult<Option<T>> {
        self.present()?;
        Ok(match shown {
            Ok(frame) => Some(frame),
            Err(e) => {
                log::warn!("present: the frame could not be read: {e}");
                None
            }
        })
    }

    /// `drawToBitmapData(destination, srcRect = null, destPoint = null)`: the back buffer into
    /// `destination` (converted to its premultiplication). `src_rect` (`None`: the whole back
    /// buffer; edges truncated to whole pixels) is copied 1:1 to `dest_point` (`None`: (0, 0);
    /// truncated the same way), clipped to the back buffer and to the destination; the rest of
    /// the destination is untouched (see `molehill_context3d::Context3D::draw_to_bitmap_data`). A
    /// non-premultiplied destination goes through premultiplied form, so pixels outside the
    /// copied area may change by rounding.
    ///
    /// # Errors
    ///
    /// - Error #3694: the context is disposed or lost.
    /// - Error #3698: `configureBackBuffer` was never called.
    /// - Error #3692: the back buffer was presented and not cleared since (even with error checking
    ///   off).
    /// - Error #2015: `destination.pixels` does not hold `width * height` pixels.
    /// - Error #3691: the renderer runs out of memory.
    /// - Error #3710: with `enableErrorChecking` on, the renderer reports a driver error.
    pub fn draw_to_bitmap_data(
        &mut self,
        destination: &mut BitmapDataMut<'_>,
        src_rect: Option<Rect>,
        dest_point: Option<Point>,
    ) -> FlashResult<()> {
        let at = dest_point.map_or((0, 0), Point::to_pixels);
        #[cfg(feature = "record")]
        let before = self.recorder.as_ref().map(|_| {
            let pixels: Vec<u32> = destination
                .pixels
                .iter()
                .map(|&p| {
                    if destination.premultiplied {
                        unpremultiply(p)
                    } else {
                        p
                    }
                })
                .collect();
            bitmap_arg_from(
                destination.width,
                destination.height,
                pixels,
                destination.transparent,
            )
        });
        // Flash Player refuses a copy of a presented, uncleared back buffer (#3692) even with
        // error checking off; `capture_back_buffer` (replay's capture of `present`) skips this.
        let r = if let Err(e) = self.inner.check_draw_to_bitmap_data() {
            Err(e)
        } else if destination.premultiplied {
            self.inner.draw_to_bitmap_data(
                destination.pixels,
                destination.width,
                destination.height,
                src_rect,
                at,
            )
        } else {
            try_u32s(destination.pixels.len()).and_then(|mut buf| {
                for (b, &p) in buf.iter_mut().zip(destination.pixels.iter()) {
                    *b = premultiply(p);
                }
                self.inner.draw_to_bitmap_data(
                    &mut buf,
                    destination.width,
                    destination.height,
                    src_rect,
                    at,
                )?;
                for (d, s) in destination.pixels.iter_mut().zip(&buf) {
                    *d = unpremultiply(*s);
                }
                Ok(())
            })
        };
        if r.is_ok() && !destination.transparent {
            for p in destination.pixels.iter_mut() {
                *p |= 0xFF00_0000;
            }
        }
        #[cfg(feature = "record")]
        self.record_draw_to_bitmap_data(destination, before, src_rect, dest_point, &r);
        r
    }

    /// Records `drawToBitmapData` (with the destination as it was `before`) and, when the
    /// recording wants images, what the copy left in `destination`.
    #[cfg(feature = "record")]
    fn record_draw_to_bitmap_data(
        &self,
        destination: &BitmapDataMut<'_>,
        before: Option<molehill_trace::BitmapArg>,
        src_rect: Option<Rect>,
        dest_point: Option<Point>,
        r: &FlashResult<()>,
    ) {
        if let Some(destination) = before {
            self.record(
                |rec| Call::DrawToBitmapData {
                    destination,
                    src_rect: src_rect.recorded(rec),
                    dest_point: dest_point.recorded(rec),
                },
                r,
            );
        }
        // The expectation after the call it checks.
        if r.is_ok() {
            if let Some(rec) = self.recorder.as_ref().filter(|r| r.wants_images()) {
                let seen = destination
                    .pixels
                    .iter()
                    .map(|&p| {
                        if destination.premultiplied {
                            unpremultiply(p)
                        } else {
                            p
                        }
                    })
                    .collect();
                rec.copied(destination.width, destination.height, seen);
            }
        }
    }

    /// The back buffer as `drawToBitmapData` would copy it, unpremultiplied, rows top first:
    /// `(width, height, pixels)`. Not an AS3 call and never recorded: replays use it to
    /// capture what `present` shows.
    ///
    /// # Errors
    ///
    /// - Error #3694: the context is disposed or lost.
    /// - Error #3698: `configureBackBuffer` was never called.
    /// - Error #3691: the renderer runs out of memory.
    /// - Error #3710: with `enableErrorChecking` on, the renderer reports a driver error.
    pub fn capture_back_buffer(&mut self) -> FlashResult<(u32, u32, Vec<u32>)> {
        let (w, h, mut pixels) = self.back_buffer_pixels()?;
        for p in &mut pixels {
            *p = unpremultiply(*p);
        }
        Ok((w, h, pixels))
    }

    /// The back buffer as stored, premultiplied `0xAARRGGBB`, rows top first:
    /// `(width, height, pixels)`, what [`molehill_context3d::stage::compose`] takes as a layer. Not an
    /// AS3 call and never recorded.
    ///
    /// # Errors
    ///
    /// - Error #3694: the context is disposed or lost.
    /// - Error #3698: `configureBackBuffer` was never called.
    /// - Error #3691: the renderer runs out of memory.
    /// - Error #3710: with `enableErrorChecking` on, the renderer reports a driver error.
    ///
    /// Unlike `drawToBitmapData` it reads a presented back buffer too (no #3692): what a
    /// player composites after `present()`.
    pub fn back_buffer_pixels(&mut self) -> FlashResult<(u32, u32, Vec<u32>)> {
        self.inner.read_back_buffer()
    }

    /// `dispose(recreate)`. With `recreate` (AS3's default) Flash simulates a device loss: the
    /// context is recreated (same profile, everything else fresh: configure the back buffer and
    /// upload everything again) and `context3DCreate` is queued again
    /// ([`Stage3DEvent::Context3DCreate`] with the new context's id), which is how
    /// Starling-style lost-context handling is tested. Objects of the old context are #3694.
    /// The new context has a new [`id`](Self::id): Flash gives the content a new `Context3D`
    /// object for it, and the old object answers as a disposed one (a VM that keeps its AS3
    /// objects calls through [`crate::Stage3D::context3d_by_id`]). When no new backend can be
    /// made, the VM gets `ErrorEvent` #3702 instead ([`Stage3DEvent::Error`]), and the
    /// Stage3D's `context3D` is null. A context already disposed is not recreated.
    pub fn dispose(&mut self, recreate: bool) {
        let live = !self.inner.is_disposed();
        self.inner.dispose(recreate);
        #[cfg(feature = "record")]
        self.record(
            |_| Call::DisposeContext { recreate },
            &Ok::<(), FlashError>(()),
        );
        if recreate && live {
            self.recreate("dispose(recreate = true)");
        }
    }

    /// After a device loss, once the renderer says the device is back
    /// (`molehill_context3d::Backend::is_restored`: in a browser, `webglcontextrestored`): a
    /// new context of the same profile replaces this one, from the Stage3D's factory, and
    /// `context3DCreate` is queued with its new id, as Flash does when the device returns
    /// (ErrorEvent #3702 when no renderer can be made). Objects of the lost context stay
    /// #3694. `true` when it recovered (see [`crate::Stage3D::recover_lost_context`]).
    pub(crate) fn recover(&mut self) -> bool {
        if self.inner.is_disposed() || !self.inner.is_lost() || !self.inner.backend().is_restored()
        {
            return false;
        }
        self.inner.dispose(false);
        self.recreate("the device came back after a loss");
        true
    }

    /// Loses this context as a device reset would (see
    /// [`crate::Stage3D::force_context_loss`]); `true` when it was lost now.
    pub(crate) fn force_loss(&mut self) -> bool {
        let lost = self.inner.force_loss();
        #[cfg(feature = "record")]
        if lost {
            self.set_loss_recorded(true);
        }
        lost
    }

    /// A new backend and context in place of this one (same profile), `context3DCreate`
    /// queued; ErrorEvent #3702 when no renderer can be made (`why` is logged with it).
    fn recreate(&mut self, why: &str) {
        let backend = self.factory.borrow_mut().create_backend();
        match backend {
            Ok(b) => {
                self.inner = self.inner.recreated(b);
                // A new context: Flash gives the content a new `Context3D` object for it.
                self.id = self.ids.next(self.inner.profile_value());
                #[cfg(feature = "record")]
                self.set_loss_recorded(false);
                self.events.push(Stage3DEvent::Context3DCreate(self.id));
            }
            Err(e) => {
                log::warn!("{why}: no renderer: {e}");
                self.events
                    .push(Stage3DEvent::Error(FlashError::error(3702, &[])));
            }
        }
    }
}

/// `n` zeroed pixels, allocated fallibly: the size comes from content, so a failed
/// allocation is Flash's out-of-memory error for the call (#3691, as context3d maps a
/// backend's), never an abort.
fn try_u32s(n: usize) -> FlashResult<Vec<u32>> {
    let mut v = Vec::new();
    if v.try_reserve_exact(n).is_err() {
        return Err(molehill_context3d::Context3DError::Backend {
            call: molehill_context3d::BackendCall::Other,
            error: molehill_context3d::BackendError::OutOfMemory,
        }
        .into());
    }
    v.resize(n, 0);
    Ok(v)
}

#[cfg(test)]
mod tests {
    /// Regression (issue 16): a content-sized buffer that cannot be allocated is Flash's error,
    /// not "memory allocation of N bytes failed" and an abort.
    #[test]
    fn an_impossible_pixel_buffer_is_an_error_not_an_abort() {
        let e = super::try_u32s(usize::MAX / 2).unwrap_err();
        assert_eq!(e.id, 3691, "{e}");
        assert_eq!(super::try_u32s(3).unwrap(), vec![0; 3]);
    }
}
