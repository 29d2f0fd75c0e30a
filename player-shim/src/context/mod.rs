//! `Context3D` and its resources' methods as a VM calls them: AS3's argument shapes in,
//! Flash errors out as values. Each method is one call of `context3d::Context3D` (which does
//! every check), plus recording when it is on.

use std::rc::Rc;

use agal::flash::FlashError;
use context3d::{IndexBuffer3D, Program3D, Rect, TextureBase, VertexBuffer3D};

mod resources;

use crate::as3::{premultiply, unpremultiply, BitmapDataMut, ByteArray};
use crate::backend::DynBackend;
use crate::record::{bitmap_arg_from, byte_array_arg, Handle, Recorder};
use crate::stage3d::Stage3DEvents;
use crate::trace::{self, Call, ResourceKind};

/// A Flash error as the VM throws it.
pub type FlashResult<T> = Result<T, FlashError>;

/// A `Context3D`, made by [`crate::Stage3D::request_context3d`].
pub struct Context3D {
    inner: context3d::Context3D<DynBackend>,
    events: Rc<dyn Stage3DEvents>,
    recorder: Option<Recorder>,
    swf_version: u32,
}

impl std::fmt::Debug for Context3D {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Context3D")
            .field("profile", &self.inner.profile())
            .field("disposed", &self.inner.is_disposed())
            .field("recording", &self.recorder.is_some())
            .finish()
    }
}

/// A trace rectangle as context3d's.
pub(crate) fn to_rect(r: trace::Rect) -> Rect {
    Rect {
        x: r.x,
        y: r.y,
        width: r.width,
        height: r.height,
    }
}

fn from_rect(r: Rect) -> trace::Rect {
    trace::Rect {
        x: r.x,
        y: r.y,
        width: r.width,
        height: r.height,
    }
}

impl Context3D {
    pub(crate) fn new(
        inner: context3d::Context3D<DynBackend>,
        events: Rc<dyn Stage3DEvents>,
        recorder: Option<Recorder>,
        swf_version: u32,
    ) -> Context3D {
        Context3D {
            inner,
            events,
            recorder,
            swf_version,
        }
    }

    pub(crate) fn set_recorder(&mut self, recorder: Option<Recorder>) {
        self.recorder = recorder;
    }

    /// The checked state machine underneath, for what this layer does not wrap.
    pub fn inner(&self) -> &context3d::Context3D<DynBackend> {
        &self.inner
    }

    /// Disposes without recording (a new request replaces this context).
    pub(crate) fn dispose_silently(&mut self) {
        self.inner.dispose(false);
    }

    fn record<T>(&self, call: impl FnOnce(&Recorder) -> Call, result: &FlashResult<T>) {
        if let Some(r) = &self.recorder {
            r.call(call(r), None, result);
        }
    }

    fn record_create<T: Copy>(
        &self,
        kind: ResourceKind,
        handle: impl FnOnce(T) -> Handle,
        call: impl FnOnce() -> Call,
        result: &FlashResult<T>,
    ) {
        if let Some(r) = &self.recorder {
            let h = result.as_ref().ok().map(|t| handle(*t));
            r.call(call(), Some((kind, h)), result);
        }
    }

    fn dispatch_events(&mut self) {
        for event in self.inner.take_events() {
            match event {
                context3d::Context3DEvent::TextureReady(t) => self.events.texture_ready(t),
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

    /// `enableErrorChecking`.
    pub fn enable_error_checking(&self) -> bool {
        self.inner.enable_error_checking()
    }

    /// `enableErrorChecking = value`.
    pub fn set_enable_error_checking(&mut self, value: bool) -> FlashResult<()> {
        let r = self.inner.set_enable_error_checking(value);
        self.record(|_| Call::SetEnableErrorChecking(value), &r);
        r
    }

    // --- Frame ---------------------------------------------------------------------------------

    /// `configureBackBuffer(...)`. Before SWF 30 (see [`crate::Stage3D::set_swf_version`]) Flash
    /// reports a size outside 32..=16384 as Error #3669 and ignores `(0, 0)`: context3d's
    /// #3780 / #3781 are translated here, the one SWF-version rule of this layer.
    pub fn configure_back_buffer(
        &mut self,
        width: i32,
        height: i32,
        anti_alias: i32,
        enable_depth_and_stencil: bool,
        wants_best_resolution: bool,
        wants_best_resolution_on_browser_zoom: bool,
    ) -> FlashResult<()> {
        let r = self.inner.configure_back_buffer(
            width,
            height,
            anti_alias,
            enable_depth_and_stencil,
            wants_best_resolution,
            wants_best_resolution_on_browser_zoom,
        );
        let r = match r {
            Err(e) if self.swf_version < 30 && (e.id == 3780 || e.id == 3781) => {
                if width == 0 && height == 0 {
                    Ok(())
                } else {
                    Err(FlashError::error(3669, &[]))
                }
            }
            r => r,
        };
        self.record(
            |_| Call::ConfigureBackBuffer {
                width,
                height,
                anti_alias,
                enable_depth_and_stencil,
                wants_best_resolution,
                wants_best_resolution_on_browser_zoom,
            },
            &r,
        );
        r
    }

    /// `clear(red, green, blue, alpha, depth, stencil, mask)`.
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
        let r = self
            .inner
            .clear(red, green, blue, alpha, depth, stencil, mask);
        self.record(
            |_| Call::Clear {
                red,
                green,
                blue,
                alpha,
                depth,
                stencil,
                mask,
            },
            &r,
        );
        r
    }

    /// `present()`.
    pub fn present(&mut self) -> FlashResult<()> {
        let r = self.inner.present();
        self.record(|_| Call::Present, &r);
        r
    }

    /// `drawToBitmapData(destination)`: the back buffer into `destination` (converted to its
    /// premultiplication). A non-premultiplied destination goes through premultiplied form, so
    /// pixels outside the copied area may change by rounding.
    pub fn draw_to_bitmap_data(&mut self, destination: &mut BitmapDataMut<'_>) -> FlashResult<()> {
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
        let r = if destination.premultiplied {
            self.inner.draw_to_bitmap_data(
                destination.pixels,
                destination.width,
                destination.height,
                None,
                (0, 0),
            )
        } else {
            let mut buf: Vec<u32> = destination.pixels.iter().map(|&p| premultiply(p)).collect();
            let r = self.inner.draw_to_bitmap_data(
                &mut buf,
                destination.width,
                destination.height,
                None,
                (0, 0),
            );
            if r.is_ok() {
                for (d, s) in destination.pixels.iter_mut().zip(&buf) {
                    *d = unpremultiply(*s);
                }
            }
            r
        };
        if r.is_ok() && !destination.transparent {
            for p in destination.pixels.iter_mut() {
                *p |= 0xFF00_0000;
            }
        }
        if let Some(destination) = before {
            self.record(|_| Call::DrawToBitmapData { destination }, &r);
        }
        r
    }

    /// The back buffer as `drawToBitmapData` would copy it, unpremultiplied, rows top first:
    /// `(width, height, pixels)`. Not an AS3 call and never recorded: replays use it to
    /// capture what `present` shows.
    pub fn capture_back_buffer(&mut self) -> FlashResult<(u32, u32, Vec<u32>)> {
        let (w, h) = (
            self.inner.back_buffer_width(),
            self.inner.back_buffer_height(),
        );
        let mut pixels = vec![0u32; w as usize * h as usize];
        self.inner
            .draw_to_bitmap_data(&mut pixels, w, h, None, (0, 0))?;
        for p in &mut pixels {
            *p = unpremultiply(*p);
        }
        Ok((w, h, pixels))
    }

    /// `dispose(recreate)`.
    pub fn dispose(&mut self, recreate: bool) {
        self.inner.dispose(recreate);
        self.record(
            |_| Call::DisposeContext { recreate },
            &Ok::<(), FlashError>(()),
        );
    }

    // --- State ---------------------------------------------------------------------------------

    /// `setProgram(program)`.
    pub fn set_program(&mut self, program: Option<Program3D>) -> FlashResult<()> {
        let r = self.inner.set_program(program);
        self.record(
            |rec| Call::SetProgram {
                program: program.map(|p| rec.name(Handle::Program(p))),
            },
            &r,
        );
        r
    }

    /// `setVertexBufferAt(index, buffer, bufferOffset, format)`.
    pub fn set_vertex_buffer_at(
        &mut self,
        index: i32,
        buffer: Option<VertexBuffer3D>,
        buffer_offset: i32,
        format: &str,
    ) -> FlashResult<()> {
        let r = self
            .inner
            .set_vertex_buffer_at(index, buffer, buffer_offset, format);
        self.record(
            |rec| Call::SetVertexBufferAt {
                index,
                buffer: buffer.map(|b| rec.name(Handle::VertexBuffer(b))),
                buffer_offset,
                format: format.to_string(),
            },
            &r,
        );
        r
    }

    /// `setProgramConstantsFromVector(programType, firstRegister, data, numRegisters)`.
    pub fn set_program_constants_from_vector(
        &mut self,
        program_type: &str,
        first_register: i32,
        data: &[f64],
        num_registers: i32,
    ) -> FlashResult<()> {
        let r = self.inner.set_program_constants_from_vector(
            program_type,
            first_register,
            data,
            num_registers,
        );
        self.record(
            |_| Call::SetProgramConstantsFromVector {
                program_type: program_type.to_string(),
                first_register,
                data: data.to_vec(),
                num_registers,
            },
            &r,
        );
        r
    }

    /// `setProgramConstantsFromMatrix(programType, firstRegister, matrix, transposedMatrix)`
    /// with the matrix's `rawData`.
    pub fn set_program_constants_from_matrix(
        &mut self,
        program_type: &str,
        first_register: i32,
        raw_data: &[f64; 16],
        transposed_matrix: bool,
    ) -> FlashResult<()> {
        let r = self.inner.set_program_constants_from_matrix(
            program_type,
            first_register,
            raw_data,
            transposed_matrix,
        );
        self.record(
            |_| Call::SetProgramConstantsFromMatrix {
                program_type: program_type.to_string(),
                first_register,
                raw_data: raw_data.to_vec(),
                transposed_matrix,
            },
            &r,
        );
        r
    }

    /// `setProgramConstantsFromByteArray(programType, firstRegister, numRegisters, data,
    /// byteArrayOffset)`.
    pub fn set_program_constants_from_byte_array(
        &mut self,
        program_type: &str,
        first_register: i32,
        num_registers: i32,
        data: ByteArray<'_>,
        byte_array_offset: u32,
    ) -> FlashResult<()> {
        let r = self.inner.set_program_constants_from_byte_array(
            program_type,
            first_register,
            num_registers,
            data.bytes,
            byte_array_offset,
            data.endian,
        );
        self.record(
            |_| Call::SetProgramConstantsFromByteArray {
                program_type: program_type.to_string(),
                first_register,
                num_registers,
                data: byte_array_arg(&data),
                byte_array_offset,
            },
            &r,
        );
        r
    }

    /// `setTextureAt(sampler, texture)`.
    pub fn set_texture_at(
        &mut self,
        sampler: i32,
        texture: Option<TextureBase>,
    ) -> FlashResult<()> {
        let r = self.inner.set_texture_at(sampler, texture);
        self.record(
            |rec| Call::SetTextureAt {
                sampler,
                texture: texture.map(|t| rec.name(Handle::Texture(t))),
            },
            &r,
        );
        r
    }

    /// `setSamplerStateAt(sampler, wrap, filter, mipfilter)`.
    pub fn set_sampler_state_at(
        &mut self,
        sampler: i32,
        wrap: &str,
        filter: &str,
        mip_filter: &str,
    ) -> FlashResult<()> {
        let r = self
            .inner
            .set_sampler_state_at(sampler, wrap, filter, mip_filter);
        self.record(
            |_| Call::SetSamplerStateAt {
                sampler,
                wrap: wrap.to_string(),
                filter: filter.to_string(),
                mip_filter: mip_filter.to_string(),
            },
            &r,
        );
        r
    }

    /// `setBlendFactors(sourceFactor, destinationFactor)`.
    pub fn set_blend_factors(
        &mut self,
        source_factor: &str,
        destination_factor: &str,
    ) -> FlashResult<()> {
        let r = self
            .inner
            .set_blend_factors(source_factor, destination_factor);
        self.record(
            |_| Call::SetBlendFactors {
                source_factor: source_factor.to_string(),
                destination_factor: destination_factor.to_string(),
            },
            &r,
        );
        r
    }

    /// `setColorMask(red, green, blue, alpha)`.
    pub fn set_color_mask(
        &mut self,
        red: bool,
        green: bool,
        blue: bool,
        alpha: bool,
    ) -> FlashResult<()> {
        let r = self.inner.set_color_mask(red, green, blue, alpha);
        self.record(
            |_| Call::SetColorMask {
                red,
                green,
                blue,
                alpha,
            },
            &r,
        );
        r
    }

    /// `setCulling(triangleFaceToCull)`.
    pub fn set_culling(&mut self, triangle_face_to_cull: &str) -> FlashResult<()> {
        let r = self.inner.set_culling(triangle_face_to_cull);
        self.record(
            |_| Call::SetCulling {
                triangle_face_to_cull: triangle_face_to_cull.to_string(),
            },
            &r,
        );
        r
    }

    /// `setDepthTest(depthMask, passCompareMode)`.
    pub fn set_depth_test(&mut self, depth_mask: bool, pass_compare_mode: &str) -> FlashResult<()> {
        let r = self.inner.set_depth_test(depth_mask, pass_compare_mode);
        self.record(
            |_| Call::SetDepthTest {
                depth_mask,
                pass_compare_mode: pass_compare_mode.to_string(),
            },
            &r,
        );
        r
    }

    /// `setStencilActions(triangleFace, compareMode, actionOnBothPass, actionOnDepthFail,
    /// actionOnDepthPassStencilFail)`.
    pub fn set_stencil_actions(
        &mut self,
        triangle_face: &str,
        compare_mode: &str,
        action_on_both_pass: &str,
        action_on_depth_fail: &str,
        action_on_depth_pass_stencil_fail: &str,
    ) -> FlashResult<()> {
        let r = self.inner.set_stencil_actions(
            triangle_face,
            compare_mode,
            action_on_both_pass,
            action_on_depth_fail,
            action_on_depth_pass_stencil_fail,
        );
        self.record(
            |_| Call::SetStencilActions {
                triangle_face: triangle_face.to_string(),
                compare_mode: compare_mode.to_string(),
                action_on_both_pass: action_on_both_pass.to_string(),
                action_on_depth_fail: action_on_depth_fail.to_string(),
                action_on_depth_pass_stencil_fail: action_on_depth_pass_stencil_fail.to_string(),
            },
            &r,
        );
        r
    }

    /// `setStencilReferenceValue(referenceValue, readMask, writeMask)`.
    pub fn set_stencil_reference_value(
        &mut self,
        reference_value: u32,
        read_mask: u32,
        write_mask: u32,
    ) -> FlashResult<()> {
        let r = self
            .inner
            .set_stencil_reference_value(reference_value, read_mask, write_mask);
        self.record(
            |_| Call::SetStencilReferenceValue {
                reference_value,
                read_mask,
                write_mask,
            },
            &r,
        );
        r
    }

    /// `setScissorRectangle(rectangle)`.
    pub fn set_scissor_rectangle(&mut self, rectangle: Option<Rect>) -> FlashResult<()> {
        let r = self.inner.set_scissor_rectangle(rectangle);
        self.record(
            |_| Call::SetScissorRectangle {
                rectangle: rectangle.map(from_rect),
            },
            &r,
        );
        r
    }

    /// `setRenderToTexture(texture, enableDepthAndStencil, antiAlias, surfaceSelector,
    /// colorOutputIndex)`.
    pub fn set_render_to_texture(
        &mut self,
        texture: Option<TextureBase>,
        enable_depth_and_stencil: bool,
        anti_alias: i32,
        surface_selector: i32,
        color_output_index: i32,
    ) -> FlashResult<()> {
        let r = self.inner.set_render_to_texture(
            texture,
            enable_depth_and_stencil,
            anti_alias,
            surface_selector,
            color_output_index,
        );
        self.record(
            |rec| Call::SetRenderToTexture {
                texture: texture.map(|t| rec.name(Handle::Texture(t))),
                enable_depth_and_stencil,
                anti_alias,
                surface_selector,
                color_output_index,
            },
            &r,
        );
        r
    }

    /// `setRenderToBackBuffer()`.
    pub fn set_render_to_back_buffer(&mut self) -> FlashResult<()> {
        let r = self.inner.set_render_to_back_buffer();
        self.record(|_| Call::SetRenderToBackBuffer, &r);
        r
    }

    /// `setFillMode(fillMode)` (AIR): `"solid"` is what Molehill draws; `"wireframe"` is
    /// accepted and drawn solid (logged); anything else is ArgumentError #2008.
    /// context3d has no fill mode, so this one check lives here.
    pub fn set_fill_mode(&mut self, fill_mode: &str) -> FlashResult<()> {
        let r = match fill_mode {
            "solid" => Ok(()),
            "wireframe" => {
                log::warn!("setFillMode(\"wireframe\") is drawn solid");
                Ok(())
            }
            _ => Err(FlashError::argument(2008, &["fillMode"])),
        };
        self.record(
            |_| Call::SetFillMode {
                fill_mode: fill_mode.to_string(),
            },
            &r,
        );
        r
    }

    // --- Draws ---------------------------------------------------------------------------------

    /// `drawTriangles(indexBuffer, firstIndex, numTriangles)`.
    pub fn draw_triangles(
        &mut self,
        index_buffer: IndexBuffer3D,
        first_index: i32,
        num_triangles: i32,
    ) -> FlashResult<()> {
        let r = self
            .inner
            .draw_triangles(Some(index_buffer), first_index, num_triangles);
        self.record(
            |rec| Call::DrawTriangles {
                index_buffer: rec.name(Handle::IndexBuffer(index_buffer)),
                first_index,
                num_triangles,
            },
            &r,
        );
        r
    }

    /// `drawTrianglesInstanced(indexBuffer, numInstances, firstIndex, numTriangles)`.
    pub fn draw_triangles_instanced(
        &mut self,
        index_buffer: IndexBuffer3D,
        num_instances: i32,
        first_index: i32,
        num_triangles: i32,
    ) -> FlashResult<()> {
        let r = self.inner.draw_triangles_instanced(
            Some(index_buffer),
            num_instances,
            first_index,
            num_triangles,
        );
        self.record(
            |rec| Call::DrawTrianglesInstanced {
                index_buffer: rec.name(Handle::IndexBuffer(index_buffer)),
                num_instances,
                first_index,
                num_triangles,
            },
            &r,
        );
        r
    }
}
