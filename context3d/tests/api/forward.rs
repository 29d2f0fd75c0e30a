//! `Box<B>`, `Box<dyn Backend>` and `Rc<RefCell<B>>` are backends that forward every method,
//! those the trait provides included: a renderer's own `draw_with_changes`, `set_*`,
//! `take_error` and `is_lost` must reach context3d through them, not the trait's defaults.

use std::cell::RefCell;
use std::rc::Rc;

use molehill_agal::profile::Profile;
use molehill_agal::{ProgramKind, Version};
use molehill_context3d::*;

/// Every method of [`Backend`], in the order [`call_every_method`] calls them.
const EVERY_METHOD: [&str; 32] = [
    "driver_info",
    "set_error_checking",
    "configure_back_buffer",
    "create_vertex_buffer",
    "upload_vertex_buffer",
    "dispose_vertex_buffer",
    "create_index_buffer",
    "upload_index_buffer",
    "dispose_index_buffer",
    "create_texture",
    "upload_texture",
    "dispose_texture",
    "create_program",
    "dispose_program",
    "clear",
    "set_render_target",
    "set_program_constants",
    "draw",
    "draw_with_changes",
    "set_render_changes",
    "set_blend",
    "set_color_mask",
    "set_culling",
    "set_depth",
    "set_stencil",
    "set_scissor",
    "present",
    "read_back_buffer",
    "read_back_buffer_rgba",
    "dispose_context",
    "take_error",
    "is_lost",
];

/// Logs the name of every method it gets, the provided ones overridden too, into a log the
/// test keeps, and answers with what no default answers.
#[derive(Debug, Default)]
struct Counting {
    log: Rc<RefCell<Vec<&'static str>>>,
}

impl Counting {
    fn log(&self, method: &'static str) {
        self.log.borrow_mut().push(method);
    }
}

impl Backend for Counting {
    fn driver_info(&self) -> String {
        self.log("driver_info");
        "counting".into()
    }
    fn set_error_checking(&mut self, _: bool) {
        self.log("set_error_checking");
    }
    fn configure_back_buffer(&mut self, _: &BackBufferConfig) -> Result<(), BackendError> {
        self.log("configure_back_buffer");
        Ok(())
    }
    fn create_vertex_buffer(
        &mut self,
        _: VertexBufferId,
        _: &VertexBufferDesc,
    ) -> Result<(), BackendError> {
        self.log("create_vertex_buffer");
        Ok(())
    }
    fn upload_vertex_buffer(
        &mut self,
        _: VertexBufferId,
        _: u64,
        _: &[u8],
    ) -> Result<(), BackendError> {
        self.log("upload_vertex_buffer");
        Ok(())
    }
    fn dispose_vertex_buffer(&mut self, _: VertexBufferId) {
        self.log("dispose_vertex_buffer");
    }
    fn create_index_buffer(
        &mut self,
        _: IndexBufferId,
        _: &IndexBufferDesc,
    ) -> Result<(), BackendError> {
        self.log("create_index_buffer");
        Ok(())
    }
    fn upload_index_buffer(
        &mut self,
        _: IndexBufferId,
        _: u64,
        _: &[u16],
    ) -> Result<(), BackendError> {
        self.log("upload_index_buffer");
        Ok(())
    }
    fn dispose_index_buffer(&mut self, _: IndexBufferId) {
        self.log("dispose_index_buffer");
    }
    fn create_texture(&mut self, _: TextureId, _: &TextureDesc) -> Result<(), BackendError> {
        self.log("create_texture");
        Ok(())
    }
    fn upload_texture(&mut self, _: TextureId, _: &TextureUpload<'_>) -> Result<(), BackendError> {
        self.log("upload_texture");
        Ok(())
    }
    fn dispose_texture(&mut self, _: TextureId) {
        self.log("dispose_texture");
    }
    fn create_program(&mut self, _: ProgramId, _: &ProgramUpload<'_>) -> Result<(), BackendError> {
        self.log("create_program");
        Ok(())
    }
    fn dispose_program(&mut self, _: ProgramId) {
        self.log("dispose_program");
    }
    fn clear(&mut self, _: &Clear) {
        self.log("clear");
    }
    fn set_render_target(&mut self, _: &RenderTarget) {
        self.log("set_render_target");
    }
    fn set_program_constants(&mut self, _: ProgramKind, _: u16, _: &[[f32; 4]]) {
        self.log("set_program_constants");
    }
    fn draw(&mut self, _: &ResolvedDraw) -> Result<(), BackendError> {
        self.log("draw");
        Ok(())
    }
    fn draw_with_changes(
        &mut self,
        _: &ResolvedDraw,
        _: &DrawChanges<'_>,
    ) -> Result<(), BackendError> {
        self.log("draw_with_changes");
        Ok(())
    }
    fn set_render_changes(&mut self, _: &RenderChanges) {
        self.log("set_render_changes");
    }
    fn set_blend(&mut self, _: BlendState) {
        self.log("set_blend");
    }
    fn set_color_mask(&mut self, _: ColorMask) {
        self.log("set_color_mask");
    }
    fn set_culling(&mut self, _: TriangleFace) {
        self.log("set_culling");
    }
    fn set_depth(&mut self, _: DepthState) {
        self.log("set_depth");
    }
    fn set_stencil(&mut self, _: StencilState) {
        self.log("set_stencil");
    }
    fn set_scissor(&mut self, _: Option<PixelRect>) {
        self.log("set_scissor");
    }
    fn present(&mut self) -> Result<(), BackendError> {
        self.log("present");
        Ok(())
    }
    fn read_back_buffer(&mut self, _: PixelRect) -> Result<Vec<u32>, BackendError> {
        self.log("read_back_buffer");
        Ok(vec![0xdead_beef])
    }
    fn read_back_buffer_rgba(&mut self, _: PixelRect) -> Result<Vec<u8>, BackendError> {
        self.log("read_back_buffer_rgba");
        Ok(vec![1, 2, 3, 4])
    }
    fn dispose_context(&mut self) {
        self.log("dispose_context");
    }
    fn take_error(&mut self) -> Option<BackendError> {
        self.log("take_error");
        Some(BackendError::Unsupported("counting".into()))
    }
    fn is_lost(&self) -> bool {
        self.log("is_lost");
        true
    }
}

/// Calls every method of `b` once, in [`EVERY_METHOD`]'s order, and checks the answers of
/// those that answer.
fn call_every_method<B: Backend + ?Sized>(b: &mut B) {
    assert_eq!(b.driver_info(), "counting", "driver_info's answer");
    b.set_error_checking(true);
    let back = BackBufferConfig {
        width: 64,
        height: 64,
        anti_alias: 0,
        depth_and_stencil: true,
    };
    b.configure_back_buffer(&back).unwrap();
    let vb = VertexBufferId(1);
    let vb_desc = VertexBufferDesc {
        num_vertices: 3,
        data32_per_vertex: 2,
        usage: BufferUsage::StaticDraw,
        instances_per_element: None,
    };
    b.create_vertex_buffer(vb, &vb_desc).unwrap();
    b.upload_vertex_buffer(vb, 0, &[0; 24]).unwrap();
    b.dispose_vertex_buffer(vb);
    let ib = IndexBufferId(2);
    let ib_desc = IndexBufferDesc {
        num_indices: 3,
        usage: BufferUsage::StaticDraw,
    };
    b.create_index_buffer(ib, &ib_desc).unwrap();
    b.upload_index_buffer(ib, 0, &[0, 1, 2]).unwrap();
    b.dispose_index_buffer(ib);
    let tex = TextureId(3);
    let tex_desc = TextureDesc {
        kind: TextureKind::TwoD,
        width: 1,
        height: 1,
        format: TextureFormat::Bgra,
        levels: 1,
        optimize_for_render_to_texture: false,
        streaming_levels: 0,
    };
    b.create_texture(tex, &tex_desc).unwrap();
    let upload = TextureUpload {
        face: 0,
        level: 0,
        width: 1,
        height: 1,
        data: TextureData::Argb32(&[0xff00_00ff]),
    };
    b.upload_texture(tex, &upload).unwrap();
    b.dispose_texture(tex);
    let program = ProgramId(4);
    let vertex = molehill_agal::asm::assemble("mov op, va0", ProgramKind::Vertex, Version::V1)
        .expect("vertex program");
    let fragment = molehill_agal::asm::assemble("mov oc, fc0", ProgramKind::Fragment, Version::V1)
        .expect("fragment program");
    b.create_program(program, &ProgramUpload::new(&vertex, &fragment))
        .unwrap();
    b.dispose_program(program);
    b.clear(&Clear {
        color: [0.0, 0.0, 0.0, 1.0],
        depth: 1.0,
        stencil: 0,
        mask: ClearMask {
            color: true,
            depth: true,
            stencil: true,
        },
    });
    b.set_render_target(&RenderTarget::BackBuffer);
    b.set_program_constants(ProgramKind::Fragment, 0, &[[1.0; 4]]);
    let draw = ResolvedDraw {
        program,
        streams: [None; MAX_STREAMS],
        samplers: [None; MAX_SAMPLERS],
        index_buffer: ib,
        first_index: 0,
        index_count: 3,
        instances: None,
    };
    b.draw(&draw).unwrap();
    b.draw_with_changes(&draw, &DrawChanges::default()).unwrap();
    b.set_render_changes(&RenderChanges::default());
    b.set_blend(BlendState::default());
    b.set_color_mask(ColorMask::default());
    b.set_culling(TriangleFace::default());
    b.set_depth(DepthState::default());
    b.set_stencil(StencilState::default());
    b.set_scissor(None);
    b.present().unwrap();
    let pixels = b.read_back_buffer(PixelRect::default()).unwrap();
    assert_eq!(pixels, [0xdead_beef], "read_back_buffer's answer");
    let bytes = b.read_back_buffer_rgba(PixelRect::default()).unwrap();
    assert_eq!(bytes, [1, 2, 3, 4], "read_back_buffer_rgba's answer");
    b.dispose_context();
    assert_eq!(
        b.take_error(),
        Some(BackendError::Unsupported("counting".into())),
        "take_error's answer"
    );
    assert!(b.is_lost(), "is_lost's answer");
}

/// A counting backend and the log it writes.
fn counting() -> (Counting, Rc<RefCell<Vec<&'static str>>>) {
    let b = Counting::default();
    let log = b.log.clone();
    (b, log)
}

#[test]
fn a_box_forwards_every_method() {
    let (inner, log) = counting();
    let mut b = Box::new(inner);
    call_every_method(&mut b);
    assert_eq!(*log.borrow(), EVERY_METHOD);
}

#[test]
fn a_boxed_trait_object_forwards_every_method() {
    let (inner, log) = counting();
    let mut b: Box<dyn Backend> = Box::new(inner);
    // Through the `Box<dyn Backend>` impl (what `Context3D<Box<dyn Backend>>` calls), not
    // through `dyn Backend` itself.
    call_every_method::<Box<dyn Backend>>(&mut b);
    assert_eq!(*log.borrow(), EVERY_METHOD);
}

#[test]
fn a_shared_backend_forwards_every_method() {
    let (inner, log) = counting();
    let mut shared = Rc::new(RefCell::new(inner));
    call_every_method(&mut shared);
    assert_eq!(*log.borrow(), EVERY_METHOD);
}

#[test]
fn a_shared_backend_behind_a_box_forwards_every_method() {
    let (inner, log) = counting();
    let shared = Rc::new(RefCell::new(inner));
    let mut b: Box<dyn Backend> = Box::new(shared.clone());
    call_every_method::<Box<dyn Backend>>(&mut b);
    assert_eq!(*log.borrow(), EVERY_METHOD);
}

/// What a player does: `Context3D<Box<dyn Backend>>` over a shared backend it keeps a clone of
/// and reads between calls.
#[test]
fn a_context_calls_through_a_boxed_shared_backend() {
    let shared = Rc::new(RefCell::new(RecordingBackend::new()));
    let backend: Box<dyn Backend> = Box::new(shared.clone());
    let mut c = Context3D::new(backend, Profile::Baseline);
    c.configure_back_buffer(64, 64, 0, true, false, false)
        .unwrap();
    c.clear(0.0, 0.0, 0.0, 1.0, 1.0, 0, 7).unwrap();
    let calls = shared.borrow_mut().take();
    assert!(
        matches!(
            calls.as_slice(),
            [Call::ConfigureBackBuffer(_), .., Call::Clear(_)]
        ),
        "{calls:?}"
    );
    assert_eq!(c.driver_info(), shared.borrow().driver_info());
}
