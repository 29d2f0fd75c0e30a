//! `Context3D` and its resources' methods as a VM calls them: AS3's argument shapes in,
//! Flash errors out as values. Each method is one call of `molehill_context3d::Context3D` (which does
//! every check), plus recording when it is on.

use std::rc::Rc;

use molehill_agal::flash::FlashError;
use molehill_context3d::{IndexBuffer3D, Point, Program3D, Rect, TextureBase, VertexBuffer3D};

/// Defines `Context3D` methods that call context3d and record the call, so that each AS3
/// method is one line here and the record-then-forward logic one place.
///
/// `pub fn NAME(&mut self, ARG: TYPE, ...) -> T => VARIANT;` passes the arguments as they are
/// to `molehill_context3d::Context3D::NAME` and records `Call::VARIANT { ARG: ARG.recorded(rec), ... }`
/// (the `Call` fields are named as the arguments; see [`Recorded`]). `=> VARIANT creates KIND`
/// records a create call whose handle is named as a `ResourceKind::KIND`. `via |ctx| EXPR`
/// runs `EXPR` (with `ctx` this `Context3D`) instead of the plain forward, where an argument
/// needs converting first or the result translating; `, then METHOD` calls `self.METHOD()`
/// after recording.
macro_rules! forward {
    ($(
        $(#[$attr:meta])*
        $vis:vis fn $method:ident(&mut self $(, $arg:ident: $ty:ty)*) -> $ret:ty
            => $variant:ident $(creates $kind:ident)? $(via |$ctx:ident| $call:expr)?
            $(, then $after:ident)?;
    )*) => {$(
        $(#[$attr])*
        $vis fn $method(&mut self $(, $arg: $ty)*) -> FlashResult<$ret> {
            let r = forward!(@call self, $method, ($($arg),*) $(, |$ctx| $call)?);
            #[cfg(feature = "record")]
            forward!(@record self, r, $variant, ($($arg),*) $(, $kind)?);
            $(self.$after();)?
            r
        }
    )*};
    (@call $self:ident, $method:ident, ($($arg:ident),*)) => {
        $self.inner.$method($($arg),*)
    };
    (@call $self:ident, $method:ident, ($($arg:ident),*), |$ctx:ident| $call:expr) => {{
        let $ctx: &mut Context3D = &mut *$self;
        $call
    }};
    (@record $self:ident, $r:ident, $variant:ident, ($($arg:ident),*)) => {
        $self.record(|_rec| Call::$variant { $($arg: $arg.recorded(_rec)),* }, &$r)
    };
    (@record $self:ident, $r:ident, $variant:ident, ($($arg:ident),*), $kind:ident) => {
        $self.record_create(
            ResourceKind::$kind,
            |_rec| Call::$variant { $($arg: $arg.recorded(_rec)),* },
            &$r,
        )
    };
}

mod resources;

use crate::as3::{premultiply, unpremultiply, BitmapDataMut, ByteArray};
use crate::backend::{DynBackend, SharedFactory};
#[cfg(feature = "record")]
use crate::record::{bitmap_arg_from, Handle, Recorded, Recorder};
use crate::stage3d::Stage3DEvents;
#[cfg(feature = "record")]
use molehill_trace::{Call, ResourceKind};

/// A Flash error as the VM throws it.
pub type FlashResult<T> = Result<T, FlashError>;

/// A `Context3D`, made by [`crate::Stage3D::request_context3d`].
pub struct Context3D {
    inner: molehill_context3d::Context3D<DynBackend>,
    events: Rc<dyn Stage3DEvents>,
    #[cfg(feature = "record")]
    recorder: Option<Recorder>,
    /// The Stage3D's backend factory, for `dispose(recreate = true)`.
    factory: SharedFactory,
}

impl std::fmt::Debug for Context3D {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut d = f.debug_struct("Context3D");
        d.field("profile", &self.inner.profile())
            .field("disposed", &self.inner.is_disposed());
        #[cfg(feature = "record")]
        d.field("recording", &self.recorder.is_some());
        d.finish()
    }
}

impl Context3D {
    pub(crate) fn new(
        inner: molehill_context3d::Context3D<DynBackend>,
        events: Rc<dyn Stage3DEvents>,
        factory: SharedFactory,
    ) -> Context3D {
        Context3D {
            inner,
            events,
            #[cfg(feature = "record")]
            recorder: None,
            factory,
        }
    }

    #[cfg(feature = "record")]
    pub(crate) fn set_recorder(&mut self, recorder: Option<Recorder>) {
        self.recorder = recorder;
    }

    /// The checked state machine underneath, for what this layer does not wrap.
    pub fn inner(&self) -> &molehill_context3d::Context3D<DynBackend> {
        &self.inner
    }

    /// Disposes without recording (a new request replaces this context).
    pub(crate) fn dispose_silently(&mut self) {
        self.inner.dispose(false);
    }

    #[cfg(feature = "record")]
    fn record<T>(&self, call: impl FnOnce(&Recorder) -> Call, result: &FlashResult<T>) {
        if let Some(r) = &self.recorder {
            r.call(call(r), None, result);
        }
    }

    #[cfg(feature = "record")]
    fn record_create<T: Copy + Into<Handle>>(
        &self,
        kind: ResourceKind,
        call: impl FnOnce(&Recorder) -> Call,
        result: &FlashResult<T>,
    ) {
        if let Some(r) = &self.recorder {
            let h = result.as_ref().ok().map(|&t| t.into());
            r.call(call(r), Some((kind, h)), result);
        }
    }

    fn dispatch_events(&mut self) {
        for event in self.inner.take_events() {
            match event {
                molehill_context3d::Context3DEvent::TextureReady(t) => self.events.texture_ready(t),
                other => log::debug!("context event with no AS3 counterpart here: {other:?}"),
            }
        }
    }

    // --- Properties ----------------------------------------------------------------------------

    /// `profile`.
    pub fn profile(&self) -> &'static str {
        self.inner.profile()
    }

    /// `driverInfo`.
    pub fn driver_info(&self) -> String {
        self.inner.driver_info()
    }

    /// `backBufferWidth`.
    pub fn back_buffer_width(&self) -> u32 {
        self.inner.back_buffer_width()
    }

    /// `backBufferHeight`.
    pub fn back_buffer_height(&self) -> u32 {
        self.inner.back_buffer_height()
    }

    /// `maxBackBufferWidth`.
    pub fn max_back_buffer_width(&self) -> u32 {
        self.inner.max_back_buffer_width()
    }

    /// `maxBackBufferHeight`.
    pub fn max_back_buffer_height(&self) -> u32 {
        self.inner.max_back_buffer_height()
    }

    /// `totalGPUMemory`: bytes this context's textures, render surfaces, buffers and back
    /// buffer take, as counted against its memory budget (`molehill_context3d::memory`).
    pub fn total_gpu_memory(&self) -> u64 {
        self.inner.total_gpu_memory()
    }

    /// `enableErrorChecking`.
    pub fn enable_error_checking(&self) -> bool {
        self.inner.enable_error_checking()
    }

    /// `enableErrorChecking = value`.
    ///
    /// # Errors
    ///
    /// - Error #3694: the context is disposed or lost.
    pub fn set_enable_error_checking(&mut self, value: bool) -> FlashResult<()> {
        let r = self.inner.set_enable_error_checking(value);
        #[cfg(feature = "record")]
        self.record(|_| Call::SetEnableErrorChecking(value), &r);
        r
    }

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
    /// - Error #3692: the back buffer was presented and not cleared since.
    /// - Error #3691: the renderer runs out of memory.
    /// - Error #3710: with `enableErrorChecking` on, the renderer reports a driver error.
    pub fn back_buffer_pixels(&mut self) -> FlashResult<(u32, u32, Vec<u32>)> {
        let (w, h) = (
            self.inner.back_buffer_width(),
            self.inner.back_buffer_height(),
        );
        let mut pixels = try_u32s(w as usize * h as usize)?;
        self.inner
            .draw_to_bitmap_data(&mut pixels, w, h, None, (0, 0))?;
        Ok((w, h, pixels))
    }

    /// `dispose(recreate)`. With `recreate` (AS3's default) Flash simulates a device loss: the
    /// context is recreated (same profile, everything else fresh: configure the back buffer and
    /// upload everything again) and `context3DCreate` is dispatched again, which is how
    /// Starling-style lost-context handling is tested. Objects of the old context are #3694.
    /// When no new backend can be made, the VM gets `ErrorEvent` #3702 instead. A context
    /// already disposed is not recreated.
    pub fn dispose(&mut self, recreate: bool) {
        let live = !self.inner.is_disposed();
        self.inner.dispose(recreate);
        #[cfg(feature = "record")]
        self.record(
            |_| Call::DisposeContext { recreate },
            &Ok::<(), FlashError>(()),
        );
        if recreate && live {
            let backend = self.factory.borrow_mut().create_backend();
            match backend {
                Ok(b) => {
                    self.inner = self.inner.recreated(DynBackend(b));
                    self.events.context3d_create();
                }
                Err(e) => {
                    log::warn!("dispose(recreate = true): no renderer: {e}");
                    self.events.error(&FlashError::error(3702, &[]));
                }
            }
        }
    }

    // --- State ---------------------------------------------------------------------------------

    forward! {
        /// `setProgram(program)`.
        ///
        /// # Errors
        ///
        /// - Error #3694: the context or `program` is disposed, or the context lost.
        pub fn set_program(&mut self, program: Option<Program3D>) -> () => SetProgram;

        /// `setVertexBufferAt(index, buffer, bufferOffset, format)`.
        ///
        /// # Errors
        ///
        /// - Error #3694: the context or `buffer` is disposed, or the context lost.
        /// - RangeError #2006: `index` is not one of the profile's attribute registers, or
        ///   `bufferOffset` is negative (with a buffer).
        /// - ArgumentError #2008: `format` is not a `Context3DVertexBufferFormat` value (checked
        ///   only with a buffer; `vertexStreamFormat`).
        pub fn set_vertex_buffer_at(
            &mut self,
            index: i32,
            buffer: Option<VertexBuffer3D>,
            buffer_offset: i32,
            format: &str
        ) -> () => SetVertexBufferAt;

        /// `setProgramConstantsFromVector(programType, firstRegister, data, numRegisters)`.
        ///
        /// # Errors
        ///
        /// - Error #3694: the context is disposed or lost.
        /// - ArgumentError #2008: `programType` is not `"vertex"` or `"fragment"`.
        /// - Error #3669: `numRegisters` below -1, -1 with a length that is not a multiple of 4, or
        ///   `data` shorter than `4 * numRegisters`.
        /// - RangeError #2006: the registers run outside the profile's constant registers (a
        ///   negative `firstRegister` included).
        pub fn set_program_constants_from_vector(
            &mut self,
            program_type: &str,
            first_register: i32,
            data: &[f64],
            num_registers: i32
        ) -> () => SetProgramConstantsFromVector;

        /// `setProgramConstantsFromMatrix(programType, firstRegister, matrix, transposedMatrix)`
        /// with the matrix's `rawData`.
        ///
        /// # Errors
        ///
        /// - Error #3694: the context is disposed or lost.
        /// - ArgumentError #2008: `programType` is not `"vertex"` or `"fragment"`.
        /// - RangeError #2006: the four registers run outside the profile's constant registers (a
        ///   negative `firstRegister` included).
        pub fn set_program_constants_from_matrix(
            &mut self,
            program_type: &str,
            first_register: i32,
            raw_data: &[f64; 16],
            transposed_matrix: bool
        ) -> () => SetProgramConstantsFromMatrix;

        /// `setProgramConstantsFromByteArray(programType, firstRegister, numRegisters, data,
        /// byteArrayOffset)`.
        ///
        /// # Errors
        ///
        /// - Error #3694: the context is disposed or lost.
        /// - ArgumentError #2008: `programType` is not `"vertex"` or `"fragment"`.
        /// - Error #3669: `numRegisters` negative, no bytes after `byteArrayOffset`, or fewer than
        ///   `16 * numRegisters` of them.
        /// - RangeError #2006: the registers run outside the profile's constant registers (a
        ///   negative `firstRegister` included).
        pub fn set_program_constants_from_byte_array(
            &mut self,
            program_type: &str,
            first_register: i32,
            num_registers: i32,
            data: ByteArray<'_>,
            byte_array_offset: u32
        ) -> () => SetProgramConstantsFromByteArray via |ctx| {
            ctx.inner.set_program_constants_from_byte_array(
                program_type,
                first_register,
                num_registers,
                data.bytes,
                byte_array_offset,
                data.endian,
            )
        };

        /// `setTextureAt(sampler, texture)`.
        ///
        /// # Errors
        ///
        /// - Error #3694: the context or `texture` is disposed, or the context lost.
        /// - RangeError #2006: `sampler` is not one of the profile's samplers.
        pub fn set_texture_at(
            &mut self,
            sampler: i32,
            texture: Option<TextureBase>
        ) -> () => SetTextureAt;

        /// `setSamplerStateAt(sampler, wrap, filter, mipfilter)`.
        ///
        /// # Errors
        ///
        /// - Error #3694: the context is disposed or lost.
        /// - RangeError #2006: `sampler` is not one of the profile's samplers.
        /// - ArgumentError #2008: `wrap`, `filter` or `mipfilter` (the first bad one, in that
        ///   order) is not one of its class's values.
        pub fn set_sampler_state_at(
            &mut self,
            sampler: i32,
            wrap: &str,
            filter: &str,
            mip_filter: &str
        ) -> () => SetSamplerStateAt;

        /// `setBlendFactors(sourceFactor, destinationFactor)`.
        ///
        /// # Errors
        ///
        /// - Error #3694: the context is disposed or lost.
        /// - ArgumentError #2008: `sourceFactor` or `destinationFactor` (the first bad one) is not
        ///   a `Context3DBlendFactor` value.
        pub fn set_blend_factors(
            &mut self,
            source_factor: &str,
            destination_factor: &str
        ) -> () => SetBlendFactors;

        /// `setColorMask(red, green, blue, alpha)`.
        ///
        /// # Errors
        ///
        /// - Error #3694: the context is disposed or lost.
        pub fn set_color_mask(
            &mut self,
            red: bool,
            green: bool,
            blue: bool,
            alpha: bool
        ) -> () => SetColorMask;

        /// `setCulling(triangleFaceToCull)`.
        ///
        /// # Errors
        ///
        /// - Error #3694: the context is disposed or lost.
        /// - ArgumentError #2008: `triangleFaceToCull` is not a `Context3DTriangleFace` value.
        pub fn set_culling(&mut self, triangle_face_to_cull: &str) -> () => SetCulling;

        /// `setDepthTest(depthMask, passCompareMode)`.
        ///
        /// # Errors
        ///
        /// - Error #3694: the context is disposed or lost.
        /// - ArgumentError #2008: `passCompareMode` is not a `Context3DCompareMode` value.
        pub fn set_depth_test(
            &mut self,
            depth_mask: bool,
            pass_compare_mode: &str
        ) -> () => SetDepthTest;

        /// `setStencilActions(triangleFace, compareMode, actionOnBothPass, actionOnDepthFail,
        /// actionOnDepthPassStencilFail)`.
        ///
        /// # Errors
        ///
        /// - Error #3694: the context is disposed or lost.
        /// - ArgumentError #2008: the first argument, in order, that is not one of its class's
        ///   values (`Context3DTriangleFace`, `Context3DCompareMode`, `Context3DStencilAction`).
        pub fn set_stencil_actions(
            &mut self,
            triangle_face: &str,
            compare_mode: &str,
            action_on_both_pass: &str,
            action_on_depth_fail: &str,
            action_on_depth_pass_stencil_fail: &str
        ) -> () => SetStencilActions;

        /// `setStencilReferenceValue(referenceValue, readMask, writeMask)`.
        ///
        /// # Errors
        ///
        /// - Error #3694: the context is disposed or lost.
        pub fn set_stencil_reference_value(
            &mut self,
            reference_value: u32,
            read_mask: u32,
            write_mask: u32
        ) -> () => SetStencilReferenceValue;

        /// `setScissorRectangle(rectangle)`.
        ///
        /// # Errors
        ///
        /// - Error #3694: the context is disposed or lost.
        pub fn set_scissor_rectangle(
            &mut self,
            rectangle: Option<Rect>
        ) -> () => SetScissorRectangle;

        /// `setRenderToTexture(texture, enableDepthAndStencil, antiAlias, surfaceSelector,
        /// colorOutputIndex)`.
        ///
        /// # Errors
        ///
        /// In this order:
        /// - Error #3694: the context or `texture` is disposed, or the context lost.
        /// - Error #3770: `colorOutputIndex` outside 0..=3.
        /// - Error #3779: `colorOutputIndex` above 0 in a profile below standard.
        /// - Error #3731: `texture` is a `VideoTexture`.
        /// - Error #3771: `surfaceSelector` other than 0 for a `Texture`.
        /// - Error #3773: `surfaceSelector` other than 0 for a `RectangleTexture`.
        /// - Error #3772: `surfaceSelector` outside 0..=5 for a `CubeTexture`.
        /// - Error #3746: `texture` has a compressed format.
        /// - Error #3712: `texture` is a streaming texture (`streamingLevels` above 0).
        ///
        /// The slots are checked together at the next `clear` or draw (#3728, #3729, #3730, #3761).
        pub fn set_render_to_texture(
            &mut self,
            texture: Option<TextureBase>,
            enable_depth_and_stencil: bool,
            anti_alias: i32,
            surface_selector: i32,
            color_output_index: i32
        ) -> () => SetRenderToTexture;

        /// `setRenderToBackBuffer()`.
        ///
        /// # Errors
        ///
        /// - Error #3694: the context is disposed or lost.
        pub fn set_render_to_back_buffer(&mut self) -> () => SetRenderToBackBuffer;

        /// `setFillMode(fillMode)` (AIR): `"solid"` is what Molehill draws; `"wireframe"` is
        /// accepted and drawn solid (logged); anything else is ArgumentError #2008.
        /// context3d has no fill mode, so this one check lives here.
        ///
        /// # Errors
        ///
        /// In this order:
        /// - Error #3694: the context is disposed or lost.
        /// - ArgumentError #2008: `fillMode` is neither `"solid"` nor `"wireframe"`.
        pub fn set_fill_mode(
            &mut self,
            fill_mode: &str
        ) -> () => SetFillMode via |ctx| ctx.inner.check_live().and_then(|()| match fill_mode {
            "solid" => Ok(()),
            "wireframe" => {
                log::warn!("setFillMode(\"wireframe\") is drawn solid");
                Ok(())
            }
            _ => Err(FlashError::argument(2008, &["fillMode"])),
        });
    }

    // --- Draws ---------------------------------------------------------------------------------

    forward! {
        /// `drawTriangles(indexBuffer, firstIndex, numTriangles)`.
        ///
        /// # Errors
        ///
        /// Thrown whatever `enableErrorChecking` says:
        /// - Error #3694: the context is disposed or lost (also when the renderer loses it during
        ///   the draw).
        /// - Error #3690: more than 32768 draws since the last `present()`.
        ///
        /// Thrown only with `enableErrorChecking` on (otherwise the draw is dropped and logged), in
        /// this order:
        /// - Error #3698: the target is the back buffer and `configureBackBuffer` was never called.
        /// - Error #3777: the back buffer was not cleared since `configureBackBuffer`.
        /// - Error #3692: the back buffer was not cleared since `present()` (error checking off:
        ///   the back buffer is filled yellow or green instead).
        /// - Error #3728, #3694, #3730, #3729, #3761: the texture targets have no slot 0, one was
        ///   disposed, two share a texture (face), or they differ in size or format.
        /// - Error #3706: the scissor rectangle does not intersect the target.
        /// - Error #3600: no program set, or one that was never uploaded successfully.
        /// - Error #3694: `indexBuffer` was disposed.
        /// - Error #3602: `firstIndex` negative or `numTriangles` below -1.
        /// - Error #3603: the triangles run past the end of `indexBuffer`.
        /// - Error #3774: the texture targets do not match the fragment program's colour outputs.
        /// - Error #3776: the fragment program writes depth and the target has no depth buffer.
        /// - Error #3607, #3611, #3608, #3610, #3609: per attribute slot, a stream is set and
        ///   unused, used and not set, disposed, its offset and format run past the vertex, or an
        ///   index reaches past its vertices.
        /// - Error #3697, #3663, #3605, #3604: per sampler, a texture bound where the program
        ///   samples nothing, none bound, a disposed one, or one that is also a render target.
        /// - Error #3754, #3763, #3606: the texture does not match the sampler's dimension, read
        ///   mode (compressed formats) or format flag.
        /// - Error #3753, #3755, #3778: a cube or rectangle texture sampled with wrapping; a
        ///   rectangle or video texture sampled with mipmaps or a LOD bias.
        /// - Error #3700, #3713: a texture level the sampling needs was never uploaded (#3713:
        ///   level 0 of a streaming texture sampled without mipmaps).
        /// - Error #3695: one texture on two samplers with different sampler states.
        /// - Error #3691: the renderer runs out of memory.
        /// - Error #3710: the renderer reports a driver error.
        pub fn draw_triangles(
            &mut self,
            index_buffer: IndexBuffer3D,
            first_index: i32,
            num_triangles: i32
        ) -> () => DrawTriangles via |ctx| {
            ctx
                .inner
                .draw_triangles(Some(index_buffer), first_index, num_triangles)
        };

        /// `drawTrianglesInstanced(indexBuffer, numInstances, firstIndex, numTriangles)`.
        ///
        /// # Errors
        ///
        /// Thrown whatever `enableErrorChecking` says:
        /// - Error #3694: the context is disposed or lost (also when the renderer loses it during
        ///   the draw).
        /// - Error #3787: the profile is below standardExtended.
        /// - RangeError #2006: `numInstances` is negative.
        /// - Error #3690: more than 32768 draws since the last `present()`.
        ///
        /// Thrown only with `enableErrorChecking` on (otherwise the draw is dropped and logged), in
        /// this order:
        /// - Error #3698: the target is the back buffer and `configureBackBuffer` was never called.
        /// - Error #3777: the back buffer was not cleared since `configureBackBuffer`.
        /// - Error #3692: the back buffer was not cleared since `present()` (error checking off:
        ///   the back buffer is filled yellow or green instead).
        /// - Error #3728, #3694, #3730, #3729, #3761: the texture targets have no slot 0, one was
        ///   disposed, two share a texture (face), or they differ in size or format.
        /// - Error #3706: the scissor rectangle does not intersect the target.
        /// - Error #3600: no program set, or one that was never uploaded successfully.
        /// - Error #3694: `indexBuffer` was disposed.
        /// - Error #3602: `firstIndex` negative or `numTriangles` below -1.
        /// - Error #3603: the triangles run past the end of `indexBuffer`.
        /// - Error #3774: the texture targets do not match the fragment program's colour outputs.
        /// - Error #3776: the fragment program writes depth and the target has no depth buffer.
        /// - Error #3607, #3611, #3608, #3610, #3609: per attribute slot, a stream is set and
        ///   unused, used and not set, disposed, its offset and format run past the vertex, or an
        ///   index reaches past its vertices.
        /// - Error #3785: a per-instance stream has fewer elements than the instances need.
        /// - Error #3697, #3663, #3605, #3604: per sampler, a texture bound where the program
        ///   samples nothing, none bound, a disposed one, or one that is also a render target.
        /// - Error #3754, #3763, #3606: the texture does not match the sampler's dimension, read
        ///   mode (compressed formats) or format flag.
        /// - Error #3753, #3755, #3778: a cube or rectangle texture sampled with wrapping; a
        ///   rectangle or video texture sampled with mipmaps or a LOD bias.
        /// - Error #3700, #3713: a texture level the sampling needs was never uploaded (#3713:
        ///   level 0 of a streaming texture sampled without mipmaps).
        /// - Error #3695: one texture on two samplers with different sampler states.
        /// - Error #3691: the renderer runs out of memory.
        /// - Error #3710: the renderer reports a driver error.
        pub fn draw_triangles_instanced(
            &mut self,
            index_buffer: IndexBuffer3D,
            num_instances: i32,
            first_index: i32,
            num_triangles: i32
        ) -> () => DrawTrianglesInstanced via |ctx| {
            ctx.inner.draw_triangles_instanced(
                Some(index_buffer),
                num_instances,
                first_index,
                num_triangles,
            )
        };
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
