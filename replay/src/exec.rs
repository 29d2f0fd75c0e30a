//! The interpreter: each statement of a trace, in order, against a [`Stage3D`].

use std::cell::RefCell;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use molehill_agal::flash::FlashError;

use crate::image::{compare, difference_image, Image};
use molehill_context3d::stage::{compose, Layer, LayerPlacement, StageLayout, STAGE3D_COUNT};
use molehill_player::as3::{unpremultiply, BitmapDataMut};
use molehill_player::backend::BackendFactory;
use molehill_player::record::Handle;
use molehill_player::Context3D;
use molehill_player::{Stage3D, Stage3DEvent};
use molehill_trace::{Call, Name, Pos, Statement, Trace};

use super::args::{Arg, Env, Prepare};
use super::data::{bitmap, Folder};
use super::options::{KeptCaptures, ReplayOptions};
use super::outcome::{Capture, CaptureKind, FailureKind, TraceOutcome};

/// How the last call ended.
enum Pending {
    /// It ran; this is what it returned.
    Ran(Pos, Result<(), FlashError>),
    /// It could not be made (a failure is recorded already): its expectations are moot.
    NotRun,
}

/// What a Stage3D's last `present()` showed: its back buffer as stored (premultiplied).
struct Shown {
    width: u32,
    height: u32,
    pixels: Vec<u32>,
}

struct Exec<'a> {
    /// `stage.stage3Ds[0..4]`.
    stages: Vec<Stage3D>,
    /// The Stage3D of the statement being run.
    cur: usize,
    /// Per Stage3D, what its last `present()` showed (for `expect screen`).
    shown: Vec<Option<Shown>>,
    /// The stage (`config stage`).
    layout: StageLayout,
    /// `expect screen` lines run so far (numbers the `--out` images).
    screens: usize,
    names: HashMap<Name, Option<Handle>>,
    outcome: TraceOutcome,
    base: PathBuf,
    stem: String,
    options: &'a ReplayOptions,
    kept: KeptCaptures,
    /// Captures taken so far (`K` of the last one), kept or not.
    taken: usize,
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
    kept: KeptCaptures,
) -> TraceOutcome {
    // One factory for the four Stage3Ds (each asks it for a backend at its request).
    let factory = Rc::new(RefCell::new(factory));
    let stages = (0..STAGE3D_COUNT)
        .map(|_| {
            let f = factory.clone();
            let mut stage = Stage3D::new(Box::new(move || f.borrow_mut().create_backend()));
            stage.set_swf_version(trace.config.swf_version);
            stage.set_context_options(
                molehill_player::ContextOptions::default()
                    .with_memory_budget(trace.config.memory_budget),
            );
            stage
        })
        .collect();
    let mut exec = Exec {
        stages,
        cur: 0,
        shown: (0..STAGE3D_COUNT).map(|_| None).collect(),
        layout: trace.config.stage,
        screens: 0,
        names: HashMap::new(),
        outcome: TraceOutcome::new(path),
        base: path.parent().map(Path::to_path_buf).unwrap_or_default(),
        stem: path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| "trace".into()),
        options,
        kept,
        taken: 0,
        pending: None,
        current: Pos::default(),
    };
    for statement in &trace.statements {
        exec.current = statement.pos;
        exec.statement(statement.pos, &statement.value);
    }
    exec.settle();
    if exec.shown.iter().any(Option::is_some) {
        exec.outcome.screen = exec.screen();
    }
    for stage in &mut exec.stages {
        if let Some(ctx) = stage.context3d_mut() {
            ctx.dispose(false);
        }
    }
    exec.outcome
}

impl Exec<'_> {
    /// Where the files beside the trace are read.
    fn folder(&self) -> Folder<'_> {
        Folder {
            path: &self.base,
            files: self.options.files.as_deref(),
        }
    }

    fn statement(&mut self, pos: Pos, statement: &Statement) {
        match statement {
            Statement::Call {
                result,
                call,
                stage3d,
            } => {
                self.settle();
                self.cur = (*stage3d).min(STAGE3D_COUNT - 1);
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
                            && class.is_none_or(|c| c == e.class)
                            && message.as_ref().is_none_or(|m| *m == e.message);
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
            Statement::ExpectScreen {
                file,
                tolerance,
                max_outliers,
            } => {
                self.settle();
                if let Err(kind) = self.expect_screen(file, *tolerance, *max_outliers) {
                    self.outcome.fail(pos, kind);
                }
            }
        }
    }

    /// The screen Flash Player shows now: the stage colour, then each visible Stage3D's last
    /// `present()` at its `x`, `y` (`molehill_context3d::stage::compose`).
    fn screen(&self) -> Option<Image> {
        let layers: Vec<Layer<'_>> = self
            .stages
            .iter()
            .zip(&self.shown)
            .filter_map(|(stage, shown)| {
                let s = shown.as_ref()?;
                let at = LayerPlacement::from_as3(stage.x(), stage.y(), stage.visible());
                Some(Layer::new(at, s.width, s.height, &s.pixels))
            })
            .collect();
        Image::new(
            self.layout.width,
            self.layout.height,
            compose(&self.layout, &layers),
        )
    }

    /// `expect screen`: [`screen`](Self::screen) against a PNG (rewritten under `--update`;
    /// written as `DIR/NAME-screen-J.png` under `--out`).
    fn expect_screen(
        &mut self,
        file: &str,
        tolerance: u8,
        max_outliers: u64,
    ) -> Result<(), FailureKind> {
        self.screens += 1;
        let screen = self.screen().ok_or(FailureKind::NoCapture)?;
        if let Some(dir) = &self.options.out_dir {
            let path = dir.join(format!("{}-screen-{}.png", self.stem, self.screens));
            self.folder().write_png(&path, &screen)?;
            self.outcome.written.push(path);
        }
        let diff_name = format!("{}-screen-{}.diff.png", self.stem, self.screens);
        self.compare_with_png(&screen, file, tolerance, max_outliers, &diff_name)
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
        let k = self.taken;
        // Taken out for the comparison (which may push to `written`), then put back.
        let last = self.outcome.captures.pop().ok_or(FailureKind::NoCapture)?;
        let diff_name = format!("{}-{k}.diff.png", self.stem);
        let r = self.compare_with_png(&last.image, file, tolerance, max_outliers, &diff_name);
        self.outcome.captures.push(last);
        r
    }

    /// Compares `actual` with the PNG `file` beside the trace (or rewrites it under
    /// `--update`); a failed comparison writes the difference image as `diff_name` under
    /// `--out`.
    fn compare_with_png(
        &mut self,
        actual: &Image,
        file: &str,
        tolerance: u8,
        max_outliers: u64,
        diff_name: &str,
    ) -> Result<(), FailureKind> {
        let path = self.base.join(file);
        let image_err = |path: &Path| {
            let path = path.to_path_buf();
            move |source| FailureKind::Image { path, source }
        };
        if self.options.update {
            self.folder().write_png(&path, actual)?;
            self.outcome.written.push(path);
            return Ok(());
        }
        let expected = self.folder().read_png(&path).map_err(image_err(&path))?;
        let Some(c) = compare(actual, &expected, tolerance) else {
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
            (&self.options.out_dir, difference_image(actual, &expected))
        {
            let diff_path = dir.join(diff_name);
            self.folder().write_png(&diff_path, &diff)?;
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

    /// Keeps a capture of the statement being run (and writes it under `--out`).
    fn capture(&mut self, kind: CaptureKind, image: Image) {
        let pos = self.current;
        if self.kept == KeptCaptures::Last {
            self.outcome.captures.clear();
        }
        self.outcome.captures.push(Capture { pos, kind, image });
        self.taken += 1;
        let k = self.taken;
        if let Some(dir) = &self.options.out_dir {
            let path = dir.join(format!("{}-{k}.png", self.stem));
            let written = self
                .outcome
                .captures
                .last()
                .map_or(Ok(()), |c| self.folder().write_png(&path, &c.image));
            match written {
                Ok(()) => self.outcome.written.push(path),
                Err(kind) => self.outcome.fail(pos, kind),
            }
        }
    }

    fn ctx(&mut self) -> Result<&mut Context3D, FailureKind> {
        self.stages[self.cur]
            .context3d_mut()
            .ok_or(FailureKind::NoContext(
                "no successful requestContext3D before this call",
            ))
    }

    /// Binds the handle a create call returned to `name` (null when it threw).
    fn bind<T: Into<Handle>>(
        &mut self,
        name: Option<&Name>,
        result: Result<T, FlashError>,
    ) -> Result<(), FlashError> {
        let (h, r) = match result {
            Ok(t) => (Some(t.into()), Ok(())),
            Err(e) => (None, Err(e)),
        };
        if let Some(n) = name {
            self.names.insert(n.clone(), h);
        }
        r
    }

    /// `x.dispose()`, or with `collect` `x.collect()` (the VM collected its object).
    fn release(&mut self, resource: &Name, collect: bool) -> Result<(), FailureKind> {
        let env = Env {
            names: &self.names,
            base: self.folder(),
        };
        let h = resource.prepare(env)?.handle();
        let ctx = self.ctx()?;
        match (h, collect) {
            (Handle::VertexBuffer(b), false) => ctx.vertex_buffer_dispose(b),
            (Handle::VertexBuffer(b), true) => ctx.vertex_buffer_collect(b),
            (Handle::IndexBuffer(b), false) => ctx.index_buffer_dispose(b),
            (Handle::IndexBuffer(b), true) => ctx.index_buffer_collect(b),
            (Handle::Program(p), false) => ctx.program_dispose(p),
            (Handle::Program(p), true) => ctx.program_collect(p),
            (Handle::Texture(t), false) => ctx.texture_dispose(t),
            (Handle::Texture(t), true) => ctx.texture_collect(t),
        }
        Ok(())
    }

    fn request(
        &mut self,
        request: impl FnOnce(&mut Stage3D) -> Result<(), FlashError>,
    ) -> Result<Result<(), FlashError>, FailureKind> {
        let stage = &mut self.stages[self.cur];
        let r = request(stage);
        // Of the Stage3D's events only a failure to make a context matters (at this request,
        // or at a `dispose(true)` since the last one).
        let unavailable = stage.take_events().into_iter().rev().find_map(|e| match e {
            Stage3DEvent::Error(e) => Some(e),
            _ => None,
        });
        if let Some(e) = unavailable {
            return Err(FailureKind::ContextUnavailable(e));
        }
        // The old context's names stay bound: a call with one of its handles is #3694 from
        // the new context, as it was when recorded.
        Ok(r)
    }

    /// Runs one call. `Err` when it could not be made at all.
    fn call(
        &mut self,
        result: Option<&Name>,
        call: &Call,
    ) -> Result<Result<(), FlashError>, FailureKind> {
        /// The replay of each call: `VARIANT { FIELDS } => METHOD` prepares the fields
        /// ([`Prepare`]), passes them to the `Context3D` method `METHOD` ([`Arg`]) and, under
        /// `creates`, binds the returned handle to the statement's name. The calls that are
        /// not a plain forward follow `others`, as match arms.
        macro_rules! table {
            (
                calls { $($variant:ident { $($field:ident),* } => $method:ident,)* }
                creates { $($c_variant:ident { $($c_field:ident),* } => $c_method:ident,)* }
                others { $($others:tt)* }
            ) => {
                match call {
                    $(Call::$variant { $($field),* } => {
                        let _env = Env { names: &self.names, base: self.folder() };
                        $(let $field = $field.prepare(_env)?;)*
                        self.ctx()?.$method($(Arg::arg(&$field)?),*)
                    })*
                    $(Call::$c_variant { $($c_field),* } => {
                        let _env = Env { names: &self.names, base: self.folder() };
                        $(let $c_field = $c_field.prepare(_env)?;)*
                        let r = self.ctx()?.$c_method($(Arg::arg(&$c_field)?),*);
                        self.bind(result, r)
                    })*
                    $($others)*
                }
            };
        }
        Ok(table! {
            calls {
                ConfigureBackBuffer {
                    width, height, anti_alias, enable_depth_and_stencil, wants_best_resolution,
                    wants_best_resolution_on_browser_zoom
                } => configure_back_buffer,
                Clear { red, green, blue, alpha, depth, stencil, mask } => clear,
                SetProgram { program } => set_program,
                SetVertexBufferAt { index, buffer, buffer_offset, format } => set_vertex_buffer_at,
                SetProgramConstantsFromVector {
                    program_type, first_register, data, num_registers
                } => set_program_constants_from_vector,
                SetProgramConstantsFromMatrix {
                    program_type, first_register, raw_data, transposed_matrix
                } => set_program_constants_from_matrix,
                SetProgramConstantsFromByteArray {
                    program_type, first_register, num_registers, data, byte_array_offset
                } => set_program_constants_from_byte_array,
                SetTextureAt { sampler, texture } => set_texture_at,
                SetSamplerStateAt { sampler, wrap, filter, mip_filter } => set_sampler_state_at,
                SetBlendFactors { source_factor, destination_factor } => set_blend_factors,
                SetColorMask { red, green, blue, alpha } => set_color_mask,
                SetCulling { triangle_face_to_cull } => set_culling,
                SetDepthTest { depth_mask, pass_compare_mode } => set_depth_test,
                SetStencilActions {
                    triangle_face, compare_mode, action_on_both_pass, action_on_depth_fail,
                    action_on_depth_pass_stencil_fail
                } => set_stencil_actions,
                SetStencilReferenceValue {
                    reference_value, read_mask, write_mask
                } => set_stencil_reference_value,
                SetScissorRectangle { rectangle } => set_scissor_rectangle,
                SetRenderToTexture {
                    texture, enable_depth_and_stencil, anti_alias, surface_selector,
                    color_output_index
                } => set_render_to_texture,
                SetRenderToBackBuffer {} => set_render_to_back_buffer,
                SetFillMode { fill_mode } => set_fill_mode,
                DrawTriangles { index_buffer, first_index, num_triangles } => draw_triangles,
                DrawTrianglesInstanced {
                    index_buffer, num_instances, first_index, num_triangles
                } => draw_triangles_instanced,
                VertexBufferUploadFromVector {
                    buffer, data, start_vertex, num_vertices
                } => vertex_buffer_upload_from_vector,
                VertexBufferUploadFromByteArray {
                    buffer, data, byte_array_offset, start_vertex, num_vertices
                } => vertex_buffer_upload_from_byte_array,
                IndexBufferUploadFromVector {
                    buffer, data, start_offset, count
                } => index_buffer_upload_from_vector,
                IndexBufferUploadFromByteArray {
                    buffer, data, byte_array_offset, start_offset, count
                } => index_buffer_upload_from_byte_array,
                ProgramUpload { program, vertex_program, fragment_program } => program_upload,
                TextureUploadFromBitmapData {
                    texture, source, miplevel
                } => texture_upload_from_bitmap_data,
                TextureUploadFromBitmapDataAsync {
                    texture, source, miplevel
                } => texture_upload_from_bitmap_data_async,
                TextureUploadFromByteArray {
                    texture, data, byte_array_offset, miplevel
                } => texture_upload_from_byte_array,
                TextureUploadFromByteArrayAsync {
                    texture, data, byte_array_offset, miplevel
                } => texture_upload_from_byte_array_async,
                UploadCompressedTextureFromByteArray {
                    texture, data, byte_array_offset, is_async
                } => texture_upload_compressed_from_byte_array,
                CubeTextureUploadFromBitmapData {
                    texture, source, side, miplevel
                } => cube_texture_upload_from_bitmap_data,
                CubeTextureUploadFromByteArray {
                    texture, data, byte_array_offset, side, miplevel
                } => cube_texture_upload_from_byte_array,
                RectangleTextureUploadFromBitmapData {
                    texture, source
                } => rectangle_texture_upload_from_bitmap_data,
                RectangleTextureUploadFromByteArray {
                    texture, data, byte_array_offset
                } => rectangle_texture_upload_from_byte_array,
                VideoTextureAttachFrame { texture, frame } => video_texture_attach_frame,
            }
            creates {
                CreateVertexBuffer {
                    num_vertices, data32_per_vertex, buffer_usage
                } => create_vertex_buffer,
                CreateVertexBufferForInstances {
                    num_vertices, data32_per_vertex, instances_per_element, buffer_usage
                } => create_vertex_buffer_for_instances,
                CreateIndexBuffer { num_indices, buffer_usage } => create_index_buffer,
                CreateProgram {} => create_program,
                CreateTexture {
                    width, height, format, optimize_for_render_to_texture, streaming_levels
                } => create_texture,
                CreateCubeTexture {
                    size, format, optimize_for_render_to_texture, streaming_levels
                } => create_cube_texture,
                CreateRectangleTexture {
                    width, height, format, optimize_for_render_to_texture
                } => create_rectangle_texture,
                CreateVideoTexture {} => create_video_texture,
            }
            others {
                Call::RequestContext3D {
                    render_mode,
                    profile,
                } => return self.request(|s| s.request_context3d(render_mode, profile)),
                Call::RequestContext3DMatchingProfiles { profiles } => {
                    let p: Vec<&str> = profiles.iter().map(String::as_str).collect();
                    return self.request(|s| s.request_context3d_matching_profiles(&p));
                }
                Call::SetStageX(x) => self.stages[self.cur].set_x(*x),
                Call::SetStageY(y) => self.stages[self.cur].set_y(*y),
                Call::SetStageVisible(v) => {
                    self.stages[self.cur].set_visible(*v);
                    Ok(())
                }
                Call::ForceContextLoss => {
                    if !self.stages[self.cur].force_context_loss() {
                        return Err(FailureKind::NoContext(
                            "forceContextLoss: no live context, or its renderer cannot lose it",
                        ));
                    }
                    Ok(())
                }
                Call::RecoverLostContext => {
                    let mut recovered = false;
                    let r = self.request(|s| {
                        recovered = s.recover_lost_context();
                        Ok(())
                    });
                    if r.is_ok() && !recovered {
                        return Err(FailureKind::NoContext(
                            "recoverLostContext: no lost context came back",
                        ));
                    }
                    return r;
                }
                Call::Present => {
                    let ctx = self.ctx()?;
                    let shown = ctx.back_buffer_pixels().ok();
                    let r = ctx.present();
                    if let (Ok(()), Some((width, height, pixels))) = (&r, shown) {
                        // The capture (what `expect image` sees) is un-premultiplied, as
                        // `drawToBitmapData` would give it; the screen keeps it as stored.
                        let captured = pixels.iter().map(|&p| unpremultiply(p)).collect();
                        if let Some(image) = Image::new(width, height, captured) {
                            self.capture(CaptureKind::Present, image);
                        }
                        self.shown[self.cur] = Some(Shown {
                            width,
                            height,
                            pixels,
                        });
                    }
                    r
                }
                Call::DrawToBitmapData {
                    destination,
                    src_rect,
                    dest_point,
                } => {
                    let src_rect = src_rect.map(|r| molehill_context3d::Rect {
                        x: r.x,
                        y: r.y,
                        width: r.width,
                        height: r.height,
                    });
                    let dest_point = dest_point.map(|p| molehill_context3d::Point { x: p.x, y: p.y });
                    let mut bmp = bitmap(destination, self.folder())?;
                    let r = {
                        let mut dest = BitmapDataMut {
                            width: bmp.width,
                            height: bmp.height,
                            pixels: &mut bmp.pixels,
                            premultiplied: true,
                            transparent: bmp.transparent,
                        };
                        self.ctx()?.draw_to_bitmap_data(&mut dest, src_rect, dest_point)
                    };
                    if r.is_ok() {
                        let shown = bmp.pixels.into_iter().map(unpremultiply).collect();
                        if let Some(image) = Image::new(bmp.width, bmp.height, shown) {
                            self.capture(CaptureKind::DrawToBitmapData, image);
                        }
                    }
                    r
                }
                Call::SetEnableErrorChecking(v) => self.ctx()?.set_enable_error_checking(*v),
                Call::DisposeContext { recreate } => {
                    self.ctx()?.dispose(*recreate);
                    Ok(())
                }
                Call::Dispose { resource } => {
                    self.release(resource, false)?;
                    Ok(())
                }
                Call::Collect { resource } => {
                    self.release(resource, true)?;
                    Ok(())
                }
            }
        })
    }
}
