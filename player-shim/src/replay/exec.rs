//! The interpreter: each statement of a trace, in order, against a [`Stage3D`].

use std::cell::RefCell;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use agal::flash::FlashError;

use crate::as3::BitmapDataMut;
use crate::backend::BackendFactory;
use crate::context::{to_rect, Context3D};
use crate::image::{compare, difference_image, Image};
use crate::record::Handle;
use crate::stage3d::{Stage3D, Stage3DEvents};
use crate::trace::{Call, Name, Pos, Statement, Trace};
use crate::{IndexBuffer3D, Program3D, TextureBase, VertexBuffer3D};

use super::data::{bitmap, byte_array};
use super::outcome::{Capture, CaptureKind, FailureKind, TraceOutcome};
use super::ReplayOptions;

/// The events of a replayed Stage3D: only failures to create a context matter.
#[derive(Debug, Default)]
struct ReplayEvents {
    errors: RefCell<Vec<FlashError>>,
}

impl Stage3DEvents for ReplayEvents {
    fn error(&self, error: &FlashError) {
        self.errors.borrow_mut().push(error.clone());
    }
}

/// How the last call ended.
enum Pending {
    /// It ran; this is what it returned.
    Ran(Pos, Result<(), FlashError>),
    /// It could not be made (a failure is recorded already): its expectations are moot.
    NotRun,
}

struct Exec<'a> {
    stage: Stage3D,
    events: Rc<ReplayEvents>,
    names: HashMap<Name, Option<Handle>>,
    outcome: TraceOutcome,
    base: PathBuf,
    stem: String,
    options: &'a ReplayOptions,
    pending: Option<Pending>,
    /// The statement being run.
    current: Pos,
}

/// Replays `trace` (see [`super::replay_trace`]).
pub(crate) fn run(
    trace: &Trace,
    path: &Path,
    options: &ReplayOptions,
    factory: Box<dyn BackendFactory>,
) -> TraceOutcome {
    let events = Rc::new(ReplayEvents::default());
    let mut stage = Stage3D::new(factory, events.clone());
    stage.set_swf_version(trace.config.swf_version);
    let mut exec = Exec {
        stage,
        events,
        names: HashMap::new(),
        outcome: TraceOutcome::new(path),
        base: path.parent().map(Path::to_path_buf).unwrap_or_default(),
        stem: path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| "trace".into()),
        options,
        pending: None,
        current: Pos::default(),
    };
    for statement in &trace.statements {
        exec.current = statement.pos;
        exec.statement(statement.pos, &statement.value);
    }
    exec.settle();
    if let Some(ctx) = exec.stage.context3d_mut() {
        ctx.dispose(false);
    }
    exec.outcome
}

impl Exec<'_> {
    fn statement(&mut self, pos: Pos, statement: &Statement) {
        match statement {
            Statement::Call { result, call } => {
                self.settle();
                self.pending = Some(match self.call(result.as_ref(), call) {
                    Ok(r) => Pending::Ran(pos, r),
                    Err(kind) => {
                        self.outcome.fail(pos, kind);
                        Pending::NotRun
                    }
                });
            }
            Statement::ExpectError { id, class, message } => {
                match self.pending.take() {
                    Some(Pending::Ran(_, Ok(()))) => self.outcome.fail(
                        pos,
                        FailureKind::MissingError {
                            id: *id,
                            class: *class,
                        },
                    ),
                    Some(Pending::Ran(_, Err(e))) => {
                        let same = e.id == *id
                            && class.map_or(true, |c| c == e.class)
                            && message.as_ref().map_or(true, |m| *m == e.message);
                        if !same {
                            self.outcome.fail(
                                pos,
                                FailureKind::WrongError {
                                    id: *id,
                                    class: *class,
                                    message: message.clone(),
                                    actual: e,
                                },
                            );
                        }
                    }
                    Some(Pending::NotRun) | None => {}
                }
                // An expectation consumes the call's result.
                self.pending = Some(Pending::NotRun);
            }
            Statement::ExpectPixel {
                x,
                y,
                argb,
                tolerance,
            } => {
                self.settle();
                if let Err(kind) = self.expect_pixel(*x, *y, *argb, *tolerance) {
                    self.outcome.fail(pos, kind);
                }
            }
            Statement::ExpectImage {
                file,
                tolerance,
                max_outliers,
            } => {
                self.settle();
                if let Err(kind) = self.expect_image(file, *tolerance, *max_outliers) {
                    self.outcome.fail(pos, kind);
                }
            }
        }
    }

    /// The last call's result with no `expect error` after it: an error there is a failure.
    fn settle(&mut self) {
        if let Some(Pending::Ran(pos, Err(e))) = self.pending.take() {
            self.outcome.fail(pos, FailureKind::UnexpectedError(e));
        }
    }

    fn expect_pixel(&self, x: u32, y: u32, argb: u32, tolerance: u8) -> Result<(), FailureKind> {
        let capture = self.outcome.captures.last().ok_or(FailureKind::NoCapture)?;
        let image = &capture.image;
        let actual = image.pixel(x, y).ok_or(FailureKind::PixelOutside {
            x,
            y,
            width: image.width(),
            height: image.height(),
        })?;
        let worst = crate::image::channel_differences(actual, argb)
            .into_iter()
            .max()
            .unwrap_or(0);
        if worst > tolerance {
            return Err(FailureKind::PixelMismatch {
                x,
                y,
                expected: argb,
                actual,
                tolerance,
            });
        }
        Ok(())
    }

    fn expect_image(
        &mut self,
        file: &str,
        tolerance: u8,
        max_outliers: u64,
    ) -> Result<(), FailureKind> {
        let index = self
            .outcome
            .captures
            .len()
            .checked_sub(1)
            .ok_or(FailureKind::NoCapture)?;
        let path = self.base.join(file);
        let image_err = |path: &Path| {
            let path = path.to_path_buf();
            move |source| FailureKind::Image { path, source }
        };
        let actual = self.outcome.captures[index].image.clone();
        if self.options.update {
            if let Some(dir) = path.parent() {
                std::fs::create_dir_all(dir).map_err(|source| FailureKind::Io {
                    path: dir.to_path_buf(),
                    source,
                })?;
            }
            actual.write_png(&path).map_err(image_err(&path))?;
            self.outcome.written.push(path);
            return Ok(());
        }
        let expected = Image::read_png(&path).map_err(image_err(&path))?;
        let Some(c) = compare(&actual, &expected, tolerance) else {
            return Err(FailureKind::ImageSize {
                file: file.to_string(),
                expected_width: expected.width(),
                expected_height: expected.height(),
                width: actual.width(),
                height: actual.height(),
            });
        };
        if c.passes(max_outliers) {
            return Ok(());
        }
        if let (Some(dir), Some(diff)) =
            (&self.options.out_dir, difference_image(&actual, &expected))
        {
            let diff_path = dir.join(format!("{}-{}.diff.png", self.stem, index + 1));
            diff.write_png(&diff_path).map_err(image_err(&diff_path))?;
            self.outcome.written.push(diff_path);
        }
        Err(FailureKind::ImageMismatch {
            file: file.to_string(),
            outliers: c.outliers,
            max_outliers,
            tolerance,
            max_difference: c.max_difference,
            first: c.first_outlier.unwrap_or((0, 0)),
        })
    }

    fn capture(&mut self, pos: Pos, kind: CaptureKind, image: Image) {
        self.outcome.captures.push(Capture { pos, kind, image });
        let k = self.outcome.captures.len();
        if let Some(dir) = &self.options.out_dir {
            let path = dir.join(format!("{}-{k}.png", self.stem));
            let written = std::fs::create_dir_all(dir)
                .map_err(|source| FailureKind::Io {
                    path: dir.clone(),
                    source,
                })
                .and_then(|()| {
                    self.outcome.captures[k - 1]
                        .image
                        .write_png(&path)
                        .map_err(|source| FailureKind::Image {
                            path: path.clone(),
                            source,
                        })
                });
            match written {
                Ok(()) => self.outcome.written.push(path),
                Err(kind) => self.outcome.fail(pos, kind),
            }
        }
    }

    fn ctx(&mut self) -> Result<&mut Context3D, FailureKind> {
        self.stage.context3d_mut().ok_or(FailureKind::NoContext(
            "no successful requestContext3D before this call",
        ))
    }

    fn handle(&self, name: &Name) -> Result<Handle, FailureKind> {
        match self.names.get(name) {
            Some(Some(h)) => Ok(*h),
            _ => Err(FailureKind::NullResource(name.clone())),
        }
    }

    fn vertex_buffer(&self, name: &Name) -> Result<VertexBuffer3D, FailureKind> {
        match self.handle(name)? {
            Handle::VertexBuffer(b) => Ok(b),
            _ => Err(FailureKind::NullResource(name.clone())),
        }
    }

    fn index_buffer(&self, name: &Name) -> Result<IndexBuffer3D, FailureKind> {
        match self.handle(name)? {
            Handle::IndexBuffer(b) => Ok(b),
            _ => Err(FailureKind::NullResource(name.clone())),
        }
    }

    fn program(&self, name: &Name) -> Result<Program3D, FailureKind> {
        match self.handle(name)? {
            Handle::Program(p) => Ok(p),
            _ => Err(FailureKind::NullResource(name.clone())),
        }
    }

    fn texture(&self, name: &Name) -> Result<TextureBase, FailureKind> {
        match self.handle(name)? {
            Handle::Texture(t) => Ok(t),
            _ => Err(FailureKind::NullResource(name.clone())),
        }
    }

    fn opt<T>(
        &self,
        name: &Option<Name>,
        f: impl Fn(&Self, &Name) -> Result<T, FailureKind>,
    ) -> Result<Option<T>, FailureKind> {
        name.as_ref().map(|n| f(self, n)).transpose()
    }

    fn bind<T>(
        &mut self,
        name: Option<&Name>,
        result: Result<T, FlashError>,
        handle: impl FnOnce(T) -> Handle,
    ) -> Result<(), FlashError> {
        let (h, r) = match result {
            Ok(t) => (Some(handle(t)), Ok(())),
            Err(e) => (None, Err(e)),
        };
        if let Some(n) = name {
            self.names.insert(n.clone(), h);
        }
        r
    }

    fn request(
        &mut self,
        request: impl FnOnce(&mut Stage3D) -> Result<(), FlashError>,
    ) -> Result<Result<(), FlashError>, FailureKind> {
        let r = request(&mut self.stage);
        if let Some(e) = self.events.errors.borrow_mut().pop() {
            return Err(FailureKind::ContextUnavailable(e));
        }
        // A new context: the old one's handles are gone.
        if r.is_ok() {
            self.names.clear();
        }
        Ok(r)
    }

    /// Runs one call. `Err` when it could not be made at all.
    fn call(
        &mut self,
        result: Option<&Name>,
        call: &Call,
    ) -> Result<Result<(), FlashError>, FailureKind> {
        let base = self.base.clone();
        Ok(match call {
            Call::RequestContext3D {
                render_mode,
                profile,
            } => return self.request(|s| s.request_context3d(render_mode, profile)),
            Call::RequestContext3DMatchingProfiles { profiles } => {
                let p: Vec<&str> = profiles.iter().map(String::as_str).collect();
                return self.request(|s| s.request_context3d_matching_profiles(&p));
            }
            Call::SetStageX(x) => self.stage.set_x(*x),
            Call::SetStageY(y) => self.stage.set_y(*y),
            Call::SetStageVisible(v) => {
                self.stage.set_visible(*v);
                Ok(())
            }
            Call::ConfigureBackBuffer {
                width,
                height,
                anti_alias,
                enable_depth_and_stencil,
                wants_best_resolution,
                wants_best_resolution_on_browser_zoom,
            } => self.ctx()?.configure_back_buffer(
                *width,
                *height,
                *anti_alias,
                *enable_depth_and_stencil,
                *wants_best_resolution,
                *wants_best_resolution_on_browser_zoom,
            ),
            Call::Clear {
                red,
                green,
                blue,
                alpha,
                depth,
                stencil,
                mask,
            } => self
                .ctx()?
                .clear(*red, *green, *blue, *alpha, *depth, *stencil, *mask),
            Call::CreateVertexBuffer {
                num_vertices,
                data32_per_vertex,
                buffer_usage,
            } => {
                let r = self.ctx()?.create_vertex_buffer(
                    *num_vertices,
                    *data32_per_vertex,
                    buffer_usage,
                );
                self.bind(result, r, Handle::VertexBuffer)
            }
            Call::CreateVertexBufferForInstances {
                num_vertices,
                data32_per_vertex,
                instances_per_element,
                buffer_usage,
            } => {
                let r = self.ctx()?.create_vertex_buffer_for_instances(
                    *num_vertices,
                    *data32_per_vertex,
                    *instances_per_element,
                    buffer_usage,
                );
                self.bind(result, r, Handle::VertexBuffer)
            }
            Call::CreateIndexBuffer {
                num_indices,
                buffer_usage,
            } => {
                let r = self.ctx()?.create_index_buffer(*num_indices, buffer_usage);
                self.bind(result, r, Handle::IndexBuffer)
            }
            Call::CreateProgram => {
                let r = self.ctx()?.create_program();
                self.bind(result, r, Handle::Program)
            }
            Call::CreateTexture {
                width,
                height,
                format,
                optimize_for_render_to_texture,
                streaming_levels,
            } => {
                let r = self.ctx()?.create_texture(
                    *width,
                    *height,
                    format,
                    *optimize_for_render_to_texture,
                    *streaming_levels,
                );
                self.bind(result, r, Handle::Texture)
            }
            Call::CreateCubeTexture {
                size,
                format,
                optimize_for_render_to_texture,
                streaming_levels,
            } => {
                let r = self.ctx()?.create_cube_texture(
                    *size,
                    format,
                    *optimize_for_render_to_texture,
                    *streaming_levels,
                );
                self.bind(result, r, Handle::Texture)
            }
            Call::CreateRectangleTexture {
                width,
                height,
                format,
                optimize_for_render_to_texture,
            } => {
                let r = self.ctx()?.create_rectangle_texture(
                    *width,
                    *height,
                    format,
                    *optimize_for_render_to_texture,
                );
                self.bind(result, r, Handle::Texture)
            }
            Call::CreateVideoTexture => {
                let r = self.ctx()?.create_video_texture();
                self.bind(result, r, Handle::Texture)
            }
            Call::SetProgram { program } => {
                let p = self.opt(program, Self::program)?;
                self.ctx()?.set_program(p)
            }
            Call::SetVertexBufferAt {
                index,
                buffer,
                buffer_offset,
                format,
            } => {
                let b = self.opt(buffer, Self::vertex_buffer)?;
                self.ctx()?
                    .set_vertex_buffer_at(*index, b, *buffer_offset, format)
            }
            Call::SetProgramConstantsFromVector {
                program_type,
                first_register,
                data,
                num_registers,
            } => self.ctx()?.set_program_constants_from_vector(
                program_type,
                *first_register,
                data,
                *num_registers,
            ),
            Call::SetProgramConstantsFromMatrix {
                program_type,
                first_register,
                raw_data,
                transposed_matrix,
            } => self.ctx()?.set_program_constants_from_matrix(
                program_type,
                *first_register,
                raw_data,
                *transposed_matrix,
            ),
            Call::SetProgramConstantsFromByteArray {
                program_type,
                first_register,
                num_registers,
                data,
                byte_array_offset,
            } => {
                let d = byte_array(data, &base)?;
                self.ctx()?.set_program_constants_from_byte_array(
                    program_type,
                    *first_register,
                    *num_registers,
                    d.as_byte_array(),
                    *byte_array_offset,
                )
            }
            Call::SetTextureAt { sampler, texture } => {
                let t = self.opt(texture, Self::texture)?;
                self.ctx()?.set_texture_at(*sampler, t)
            }
            Call::SetSamplerStateAt {
                sampler,
                wrap,
                filter,
                mip_filter,
            } => self
                .ctx()?
                .set_sampler_state_at(*sampler, wrap, filter, mip_filter),
            Call::SetBlendFactors {
                source_factor,
                destination_factor,
            } => self
                .ctx()?
                .set_blend_factors(source_factor, destination_factor),
            Call::SetColorMask {
                red,
                green,
                blue,
                alpha,
            } => self.ctx()?.set_color_mask(*red, *green, *blue, *alpha),
            Call::SetCulling {
                triangle_face_to_cull,
            } => self.ctx()?.set_culling(triangle_face_to_cull),
            Call::SetDepthTest {
                depth_mask,
                pass_compare_mode,
            } => self.ctx()?.set_depth_test(*depth_mask, pass_compare_mode),
            Call::SetStencilActions {
                triangle_face,
                compare_mode,
                action_on_both_pass,
                action_on_depth_fail,
                action_on_depth_pass_stencil_fail,
            } => self.ctx()?.set_stencil_actions(
                triangle_face,
                compare_mode,
                action_on_both_pass,
                action_on_depth_fail,
                action_on_depth_pass_stencil_fail,
            ),
            Call::SetStencilReferenceValue {
                reference_value,
                read_mask,
                write_mask,
            } => self
                .ctx()?
                .set_stencil_reference_value(*reference_value, *read_mask, *write_mask),
            Call::SetScissorRectangle { rectangle } => {
                self.ctx()?.set_scissor_rectangle(rectangle.map(to_rect))
            }
            Call::SetRenderToTexture {
                texture,
                enable_depth_and_stencil,
                anti_alias,
                surface_selector,
                color_output_index,
            } => {
                let t = self.opt(texture, Self::texture)?;
                self.ctx()?.set_render_to_texture(
                    t,
                    *enable_depth_and_stencil,
                    *anti_alias,
                    *surface_selector,
                    *color_output_index,
                )
            }
            Call::SetRenderToBackBuffer => self.ctx()?.set_render_to_back_buffer(),
            Call::SetFillMode { fill_mode } => self.ctx()?.set_fill_mode(fill_mode),
            Call::DrawTriangles {
                index_buffer,
                first_index,
                num_triangles,
            } => {
                let ib = self.index_buffer(index_buffer)?;
                self.ctx()?.draw_triangles(ib, *first_index, *num_triangles)
            }
            Call::DrawTrianglesInstanced {
                index_buffer,
                num_instances,
                first_index,
                num_triangles,
            } => {
                let ib = self.index_buffer(index_buffer)?;
                self.ctx()?.draw_triangles_instanced(
                    ib,
                    *num_instances,
                    *first_index,
                    *num_triangles,
                )
            }
            Call::Present => {
                let ctx = self.ctx()?;
                let shown = ctx.capture_back_buffer().ok();
                let r = ctx.present();
                if r.is_ok() {
                    if let Some(image) = shown.and_then(|(w, h, px)| Image::new(w, h, px)) {
                        let pos = self.current;
                        self.capture(pos, CaptureKind::Present, image);
                    }
                }
                r
            }
            Call::DrawToBitmapData { destination } => {
                let mut bmp = bitmap(destination, &base)?;
                let r = {
                    let mut dest = BitmapDataMut {
                        width: bmp.width,
                        height: bmp.height,
                        pixels: &mut bmp.pixels,
                        premultiplied: false,
                        transparent: bmp.transparent,
                    };
                    self.ctx()?.draw_to_bitmap_data(&mut dest)
                };
                if r.is_ok() {
                    if let Some(image) = Image::new(bmp.width, bmp.height, bmp.pixels) {
                        let pos = self.current;
                        self.capture(pos, CaptureKind::DrawToBitmapData, image);
                    }
                }
                r
            }
            Call::DisposeContext { recreate } => {
                self.ctx()?.dispose(*recreate);
                Ok(())
            }
            Call::SetEnableErrorChecking(v) => self.ctx()?.set_enable_error_checking(*v),
            Call::VertexBufferUploadFromVector {
                buffer,
                data,
                start_vertex,
                num_vertices,
            } => {
                let b = self.vertex_buffer(buffer)?;
                self.ctx()?
                    .vertex_buffer_upload_from_vector(b, data, *start_vertex, *num_vertices)
            }
            Call::VertexBufferUploadFromByteArray {
                buffer,
                data,
                byte_array_offset,
                start_vertex,
                num_vertices,
            } => {
                let b = self.vertex_buffer(buffer)?;
                let d = byte_array(data, &base)?;
                self.ctx()?.vertex_buffer_upload_from_byte_array(
                    b,
                    d.as_byte_array(),
                    *byte_array_offset,
                    *start_vertex,
                    *num_vertices,
                )
            }
            Call::IndexBufferUploadFromVector {
                buffer,
                data,
                start_offset,
                count,
            } => {
                let b = self.index_buffer(buffer)?;
                self.ctx()?
                    .index_buffer_upload_from_vector(b, data, *start_offset, *count)
            }
            Call::IndexBufferUploadFromByteArray {
                buffer,
                data,
                byte_array_offset,
                start_offset,
                count,
            } => {
                let b = self.index_buffer(buffer)?;
                let d = byte_array(data, &base)?;
                self.ctx()?.index_buffer_upload_from_byte_array(
                    b,
                    d.as_byte_array(),
                    *byte_array_offset,
                    *start_offset,
                    *count,
                )
            }
            Call::ProgramUpload {
                program,
                vertex_program,
                fragment_program,
            } => {
                let p = self.program(program)?;
                let v = byte_array(vertex_program, &base)?;
                let f = byte_array(fragment_program, &base)?;
                self.ctx()?
                    .program_upload(p, v.as_byte_array(), f.as_byte_array())
            }
            Call::TextureUploadFromBitmapData {
                texture,
                source,
                miplevel,
            } => {
                let t = self.texture(texture)?;
                let b = bitmap(source, &base)?;
                self.ctx()?
                    .texture_upload_from_bitmap_data(t, b.as_bitmap_data(), *miplevel)
            }
            Call::TextureUploadFromBitmapDataAsync {
                texture,
                source,
                miplevel,
            } => {
                let t = self.texture(texture)?;
                let b = bitmap(source, &base)?;
                self.ctx()?
                    .texture_upload_from_bitmap_data_async(t, b.as_bitmap_data(), *miplevel)
            }
            Call::TextureUploadFromByteArray {
                texture,
                data,
                byte_array_offset,
                miplevel,
            } => {
                let t = self.texture(texture)?;
                let d = byte_array(data, &base)?;
                self.ctx()?.texture_upload_from_byte_array(
                    t,
                    d.as_byte_array(),
                    *byte_array_offset,
                    *miplevel,
                )
            }
            Call::UploadCompressedTextureFromByteArray {
                texture,
                data,
                byte_array_offset,
                is_async,
            } => {
                let t = self.texture(texture)?;
                let d = byte_array(data, &base)?;
                self.ctx()?.texture_upload_compressed_from_byte_array(
                    t,
                    d.as_byte_array(),
                    *byte_array_offset,
                    *is_async,
                )
            }
            Call::CubeTextureUploadFromBitmapData {
                texture,
                source,
                side,
                miplevel,
            } => {
                let t = self.texture(texture)?;
                let b = bitmap(source, &base)?;
                self.ctx()?.cube_texture_upload_from_bitmap_data(
                    t,
                    b.as_bitmap_data(),
                    *side,
                    *miplevel,
                )
            }
            Call::CubeTextureUploadFromByteArray {
                texture,
                data,
                byte_array_offset,
                side,
                miplevel,
            } => {
                let t = self.texture(texture)?;
                let d = byte_array(data, &base)?;
                self.ctx()?.cube_texture_upload_from_byte_array(
                    t,
                    d.as_byte_array(),
                    *byte_array_offset,
                    *side,
                    *miplevel,
                )
            }
            Call::RectangleTextureUploadFromBitmapData { texture, source } => {
                let t = self.texture(texture)?;
                let b = bitmap(source, &base)?;
                self.ctx()?
                    .rectangle_texture_upload_from_bitmap_data(t, b.as_bitmap_data())
            }
            Call::RectangleTextureUploadFromByteArray {
                texture,
                data,
                byte_array_offset,
            } => {
                let t = self.texture(texture)?;
                let d = byte_array(data, &base)?;
                self.ctx()?.rectangle_texture_upload_from_byte_array(
                    t,
                    d.as_byte_array(),
                    *byte_array_offset,
                )
            }
            Call::VideoTextureAttachFrame { texture, frame } => {
                let t = self.texture(texture)?;
                let b = bitmap(frame, &base)?;
                self.ctx()?
                    .video_texture_attach_frame(t, b.as_bitmap_data())
            }
            Call::Dispose { resource } => {
                let h = self.handle(resource)?;
                let ctx = self.ctx()?;
                match h {
                    Handle::VertexBuffer(b) => ctx.vertex_buffer_dispose(b),
                    Handle::IndexBuffer(b) => ctx.index_buffer_dispose(b),
                    Handle::Program(p) => ctx.program_dispose(p),
                    Handle::Texture(t) => ctx.texture_dispose(t),
                }
                Ok(())
            }
        })
    }
}
