//! Counts the Stage3D work of Ruffle's own Stage3D (a build without `molehill`): a
//! `RenderBackend` that forwards every method to Ruffle's wgpu renderer and wraps each
//! `Context3D` it creates in one that counts, before forwarding, each call that does work
//! (`create_*`, `upload_shaders`, `process_command`, `present`; and the request that makes the
//! context, `create_context3d`) and each draw
//! (`Context3DCommand::DrawTriangles`). The getters Ruffle's stage calls to composite
//! (`profile`, `bitmap_handle`, `should_render`, the disposed handles) are not counted. With
//! `molehill`, Ruffle's renderer makes no Context3D and the glue counts instead
//! (`molehill_ruffle::call_counts`).

use std::borrow::Cow;
use std::cell::RefCell;
use std::num::NonZeroU32;
use std::rc::Rc;
use std::sync::atomic::{AtomicU64, Ordering};

use ruffle_render::backend::{
    BitmapCacheEntry, BufferUsage, Context3D, Context3DCommand, Context3DProfile,
    Context3DTextureFormat, IndexBuffer, PixelBenderOutput, PixelBenderTarget, RenderBackend,
    ShaderModule, ShapeHandle, Texture, VertexBuffer, ViewportDimensions,
};
use ruffle_render::bitmap::{
    Bitmap, BitmapHandle, BitmapSource, PixelRegion, RgbaBufRead, SyncHandle,
};
use ruffle_render::commands::CommandList;
use ruffle_render::error::Error;
use ruffle_render::filters::Filter;
use ruffle_render::pixel_bender::{PixelBenderShader, PixelBenderShaderHandle};
use ruffle_render::pixel_bender_support::PixelBenderShaderArgument;
use ruffle_render::quality::StageQuality;
use ruffle_render::shape_utils::DistilledShape;

static CALLS: AtomicU64 = AtomicU64::new(0);
static DRAWS: AtomicU64 = AtomicU64::new(0);
static PRESENTS: AtomicU64 = AtomicU64::new(0);

/// `(calls, draws, presents)` of every Context3D the wrapped renderers made in this process.
#[cfg_attr(feature = "molehill", allow(dead_code))] // the glue counts instead
pub fn counts() -> (u64, u64, u64) {
    (
        CALLS.load(Ordering::Relaxed),
        DRAWS.load(Ordering::Relaxed),
        PRESENTS.load(Ordering::Relaxed),
    )
}

fn call() {
    CALLS.fetch_add(1, Ordering::Relaxed);
}

/// Ruffle's renderer `R`, whose Context3Ds count their calls.
pub struct Counting<R>(pub R);

struct CountingContext3D(Box<dyn Context3D>);

impl Context3D for CountingContext3D {
    fn profile(&self) -> Context3DProfile {
        self.0.profile()
    }
    fn bitmap_handle(&self) -> BitmapHandle {
        self.0.bitmap_handle()
    }
    fn should_render(&self) -> bool {
        self.0.should_render()
    }
    fn disposed_index_buffer_handle(&self) -> Rc<dyn IndexBuffer> {
        self.0.disposed_index_buffer_handle()
    }
    fn disposed_vertex_buffer_handle(&self) -> Rc<dyn VertexBuffer> {
        self.0.disposed_vertex_buffer_handle()
    }
    fn create_index_buffer(
        &mut self,
        usage: BufferUsage,
        num_indices: u32,
    ) -> Box<dyn IndexBuffer> {
        call();
        self.0.create_index_buffer(usage, num_indices)
    }
    fn create_vertex_buffer(
        &mut self,
        usage: BufferUsage,
        num_vertices: u32,
        data_32_per_vertex: u8,
    ) -> Rc<dyn VertexBuffer> {
        call();
        self.0
            .create_vertex_buffer(usage, num_vertices, data_32_per_vertex)
    }
    fn create_texture(
        &mut self,
        width: u32,
        height: u32,
        format: Context3DTextureFormat,
        optimize_for_render_to_texture: bool,
        streaming_levels: u32,
    ) -> Result<Rc<dyn Texture>, Error> {
        call();
        self.0.create_texture(
            width,
            height,
            format,
            optimize_for_render_to_texture,
            streaming_levels,
        )
    }
    fn create_cube_texture(
        &mut self,
        size: u32,
        format: Context3DTextureFormat,
        optimize_for_render_to_texture: bool,
        streaming_levels: u32,
    ) -> Result<Rc<dyn Texture>, Error> {
        call();
        self.0.create_cube_texture(
            size,
            format,
            optimize_for_render_to_texture,
            streaming_levels,
        )
    }
    fn upload_shaders(
        &mut self,
        module: &RefCell<Option<Rc<dyn ShaderModule>>>,
        vertex_shader_agal: Vec<u8>,
        fragment_shader_agal: Vec<u8>,
    ) -> Result<(), naga_agal::AgalError> {
        call();
        self.0
            .upload_shaders(module, vertex_shader_agal, fragment_shader_agal)
    }
    fn process_command(&mut self, command: Context3DCommand<'_>) {
        call();
        if matches!(command, Context3DCommand::DrawTriangles { .. }) {
            DRAWS.fetch_add(1, Ordering::Relaxed);
        }
        self.0.process_command(command)
    }
    fn present(&mut self) {
        call();
        PRESENTS.fetch_add(1, Ordering::Relaxed);
        self.0.present()
    }
}

impl<R: RenderBackend> RenderBackend for Counting<R> {
    fn viewport_dimensions(&self) -> ViewportDimensions {
        self.0.viewport_dimensions()
    }
    fn set_viewport_dimensions(&mut self, dimensions: ViewportDimensions) {
        self.0.set_viewport_dimensions(dimensions)
    }
    fn register_shape(
        &mut self,
        shape: DistilledShape,
        bitmap_source: &dyn BitmapSource,
    ) -> ShapeHandle {
        self.0.register_shape(shape, bitmap_source)
    }
    fn register_shape_with_scale(
        &mut self,
        shape: DistilledShape,
        bitmap_source: &dyn BitmapSource,
        scale: f32,
    ) -> ShapeHandle {
        self.0
            .register_shape_with_scale(shape, bitmap_source, scale)
    }
    fn render_offscreen(
        &mut self,
        handle: BitmapHandle,
        commands: CommandList,
        quality: StageQuality,
        bounds: PixelRegion,
    ) -> Option<Box<dyn SyncHandle>> {
        self.0.render_offscreen(handle, commands, quality, bounds)
    }
    fn apply_filter(
        &mut self,
        source: BitmapHandle,
        source_point: (u32, u32),
        source_size: (u32, u32),
        destination: BitmapHandle,
        dest_point: (i32, i32),
        filter: Filter,
    ) -> Option<Box<dyn SyncHandle>> {
        self.0.apply_filter(
            source,
            source_point,
            source_size,
            destination,
            dest_point,
            filter,
        )
    }
    fn is_filter_supported(&self, filter: &Filter) -> bool {
        self.0.is_filter_supported(filter)
    }
    fn is_offscreen_supported(&self) -> bool {
        self.0.is_offscreen_supported()
    }
    fn submit_frame(
        &mut self,
        clear: swf::Color,
        commands: CommandList,
        cache_entries: Vec<BitmapCacheEntry>,
    ) {
        self.0.submit_frame(clear, commands, cache_entries)
    }
    fn create_empty_texture(
        &mut self,
        width: NonZeroU32,
        height: NonZeroU32,
    ) -> Result<BitmapHandle, Error> {
        self.0.create_empty_texture(width, height)
    }
    fn register_bitmap(&mut self, bitmap: Bitmap<'_>) -> Result<BitmapHandle, Error> {
        self.0.register_bitmap(bitmap)
    }
    fn update_texture(
        &mut self,
        handle: &BitmapHandle,
        bitmap: Bitmap<'_>,
        region: PixelRegion,
    ) -> Result<(), Error> {
        self.0.update_texture(handle, bitmap, region)
    }
    fn create_context3d(&mut self, profile: Context3DProfile) -> Result<Box<dyn Context3D>, Error> {
        call(); // requestContext3D
        let context = self.0.create_context3d(profile)?;
        Ok(Box::new(CountingContext3D(context)))
    }
    fn debug_info(&self) -> Cow<'static, str> {
        self.0.debug_info()
    }
    fn name(&self) -> &'static str {
        self.0.name()
    }
    fn set_quality(&mut self, quality: StageQuality) {
        self.0.set_quality(quality)
    }
    fn compile_pixelbender_shader(
        &mut self,
        shader: PixelBenderShader,
    ) -> Result<PixelBenderShaderHandle, Error> {
        self.0.compile_pixelbender_shader(shader)
    }
    fn run_pixelbender_shader(
        &mut self,
        handle: PixelBenderShaderHandle,
        arguments: &[PixelBenderShaderArgument],
        target: &PixelBenderTarget,
    ) -> Result<PixelBenderOutput, Error> {
        self.0.run_pixelbender_shader(handle, arguments, target)
    }
    fn resolve_sync_handle(
        &mut self,
        handle: Box<dyn SyncHandle>,
        with_rgba: RgbaBufRead,
    ) -> Result<(), Error> {
        self.0.resolve_sync_handle(handle, with_rgba)
    }
}
