//! A small rig over the Backend trait for the rendering tests: one headless context per test
//! (tests run in parallel, each on its own thread), AGAL text programs, quads, read-back.
#![allow(dead_code)]

pub mod player;

use std::path::{Path, PathBuf};

use molehill_agal::{Filter, MipFilter, ProgramKind, Version, Wrap};
use molehill_context3d::*;
use molehill_gl::{ContextOptions, GlApi, GlBackend};

pub struct Rig {
    pub b: GlBackend,
    next: u64,
    pub width: u32,
    pub height: u32,
}

/// `0xAARRGGBB`.
pub fn argb(a: u8, r: u8, g: u8, b: u8) -> u32 {
    u32::from_be_bytes([a, r, g, b])
}

/// Channels of `0xAARRGGBB` as (a, r, g, b).
pub fn channels(p: u32) -> [u8; 4] {
    p.to_be_bytes()
}

/// Whether every channel of `p` is within `tol` of `want`.
pub fn near(p: u32, want: u32, tol: u8) -> bool {
    channels(p)
        .iter()
        .zip(channels(want).iter())
        .all(|(a, b)| a.abs_diff(*b) <= tol)
}

#[track_caller]
pub fn assert_px(p: u32, want: u32, tol: u8, what: &str) {
    assert!(
        near(p, want, tol),
        "{what}: got {p:08x}, want {want:08x} (tolerance {tol})"
    );
}

pub const POS_COLOR_VS: &str = "mov op, va0\nmov v0, va1";
pub const COLOR_FS: &str = "mov oc, v0";
pub const POS_UV_VS: &str = "mov op, va0\nmov v0, va1";
pub const CONST_COLOR_FS: &str = "mov oc, fc0";
/// Samples `fs0` (2D, nearest) at `v0`.
pub const TEX_FS: &str = "tex ft0, v0, fs0 <2d,clamp,nearest,mipnone>\nmov oc, ft0";

/// `../shared/agal-corpus/bytecode` (program pairs as `NAME.vert.hex`, `NAME.frag.hex`), when
/// present.
pub fn agal_corpus() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/agal-corpus/bytecode");
    dir.is_dir().then_some(dir)
}

/// The bytes of a hex dump (every pair of hex digits in the file, anything else skipped).
pub fn read_hex(path: &Path) -> Vec<u8> {
    let text = std::fs::read_to_string(path).expect("hex file");
    let digits: Vec<u8> = text.bytes().filter(u8::is_ascii_hexdigit).collect();
    digits
        .chunks_exact(2)
        .map(|p| u8::from_str_radix(std::str::from_utf8(p).expect("ascii"), 16).expect("hex"))
        .collect()
}

pub fn sampler(wrap: Wrap, filter: Filter, mip: MipFilter) -> SamplerState {
    SamplerState {
        wrap,
        filter,
        mip,
        lod_bias: 0.0,
    }
}

pub fn nearest() -> SamplerState {
    sampler(Wrap::Clamp, Filter::Nearest, MipFilter::None)
}

impl Rig {
    pub fn new(width: u32, height: u32) -> Rig {
        Rig::with(GlApi::Es30, width, height, 0, true)
    }

    pub fn with(api: GlApi, width: u32, height: u32, anti_alias: u8, depth: bool) -> Rig {
        let b = GlBackend::headless(&ContextOptions::new(api)).expect("headless GL");
        Rig::configured(b, width, height, anti_alias, depth)
    }

    /// A rig over an existing backend (a host's context, a sharing one), back buffer made.
    pub fn on(b: GlBackend, width: u32, height: u32) -> Rig {
        Rig::configured(b, width, height, 0, true)
    }

    fn configured(b: GlBackend, width: u32, height: u32, anti_alias: u8, depth: bool) -> Rig {
        let mut rig = Rig {
            b,
            next: 1,
            width,
            height,
        };
        rig.b
            .configure_back_buffer(&BackBufferConfig {
                width,
                height,
                anti_alias,
                depth_and_stencil: depth,
            })
            .expect("back buffer");
        rig
    }

    pub fn id(&mut self) -> u64 {
        self.next += 1;
        self.next
    }

    pub fn program_v(&mut self, vs: &str, fs: &str, version: Version) -> ProgramId {
        let v = molehill_agal::asm::assemble(vs, ProgramKind::Vertex, version)
            .expect("vertex assembles");
        let f = molehill_agal::asm::assemble(fs, ProgramKind::Fragment, version)
            .expect("fragment assembles");
        let id = ProgramId(self.id());
        self.b
            .create_program(id, &molehill_context3d::ProgramUpload::new(&v, &f))
            .expect("program links");
        id
    }

    pub fn program(&mut self, vs: &str, fs: &str) -> ProgramId {
        self.program_v(vs, fs, Version::V1)
    }

    pub fn vertex_buffer(&mut self, per_vertex: u8, data: &[f32]) -> VertexBufferId {
        let id = VertexBufferId(self.id());
        let num_vertices = (data.len() / usize::from(per_vertex)) as u32;
        let desc = VertexBufferDesc {
            num_vertices,
            data32_per_vertex: per_vertex,
            usage: BufferUsage::StaticDraw,
            instances_per_element: None,
        };
        self.b
            .create_vertex_buffer(id, &desc)
            .expect("vertex buffer");
        let bytes: Vec<u8> = data.iter().flat_map(|f| f.to_le_bytes()).collect();
        self.b
            .upload_vertex_buffer(id, 0, &bytes)
            .expect("vertex upload");
        id
    }

    pub fn index_buffer(&mut self, indices: &[u16]) -> IndexBufferId {
        let id = IndexBufferId(self.id());
        self.b
            .create_index_buffer(
                id,
                &IndexBufferDesc {
                    num_indices: indices.len() as u32,
                    usage: BufferUsage::StaticDraw,
                },
            )
            .expect("index buffer");
        self.b
            .upload_index_buffer(id, 0, indices)
            .expect("index upload");
        id
    }

    /// A quad from (x0, y0) to (x1, y1) in clip space at depth z, with per-vertex colour
    /// (r, g, b, a); layout x y z r g b a. Triangles (0,1,2) (0,2,3), clockwise on screen.
    pub fn color_quad(
        &mut self,
        rect: [f32; 4],
        z: f32,
        c: [f32; 4],
    ) -> (VertexBufferId, IndexBufferId) {
        let [x0, y0, x1, y1] = rect;
        let mut v = Vec::new();
        for (x, y) in [(x0, y1), (x1, y1), (x1, y0), (x0, y0)] {
            v.extend_from_slice(&[x, y, z]);
            v.extend_from_slice(&c);
        }
        let vb = self.vertex_buffer(7, &v);
        let ib = self.index_buffer(&[0, 1, 2, 0, 2, 3]);
        (vb, ib)
    }

    /// A full-screen quad with uv: top-left (0,0), bottom-right (1,1); layout x y u v.
    pub fn uv_quad(&mut self, rect: [f32; 4], uv: [f32; 4]) -> (VertexBufferId, IndexBufferId) {
        let [x0, y0, x1, y1] = rect; // y1 is the top in clip space
        let [u0, v0, u1, v1] = uv;
        let v = [
            x0, y1, u0, v0, x1, y1, u1, v0, x1, y0, u1, v1, x0, y0, u0, v1,
        ];
        let vb = self.vertex_buffer(4, &v);
        let ib = self.index_buffer(&[0, 1, 2, 0, 2, 3]);
        (vb, ib)
    }

    pub fn stream(
        buffer: VertexBufferId,
        word: u32,
        stride_words: u32,
        format: VertexFormat,
    ) -> Option<VertexStream> {
        Some(VertexStream {
            buffer,
            byte_offset: word * 4,
            stride: stride_words * 4,
            format,
            divisor: 0,
        })
    }

    pub fn draw_color(&mut self, program: ProgramId, quad: (VertexBufferId, IndexBufferId)) {
        self.draw_color_n(program, quad, 6);
    }

    pub fn draw_color_n(
        &mut self,
        program: ProgramId,
        mesh: (VertexBufferId, IndexBufferId),
        indices: u32,
    ) {
        let streams = Rig::color_streams(mesh.0);
        self.draw(program, streams, [None; MAX_SAMPLERS], mesh.1, indices);
    }

    /// The streams of a [`Rig::color_quad`] buffer: `va0` xyz, `va1` rgba.
    pub fn color_streams(vb: VertexBufferId) -> [Option<VertexStream>; MAX_STREAMS] {
        let mut streams = [None; MAX_STREAMS];
        streams[0] = Rig::stream(vb, 0, 7, VertexFormat::Float3);
        streams[1] = Rig::stream(vb, 3, 7, VertexFormat::Float4);
        streams
    }

    pub fn draw_textured(
        &mut self,
        program: ProgramId,
        quad: (VertexBufferId, IndexBufferId),
        samplers: &[(usize, TextureId, SamplerState)],
    ) {
        let mut streams = [None; MAX_STREAMS];
        streams[0] = Rig::stream(quad.0, 0, 4, VertexFormat::Float2);
        streams[1] = Rig::stream(quad.0, 2, 4, VertexFormat::Float2);
        let mut s = [None; MAX_SAMPLERS];
        for &(unit, texture, state) in samplers {
            s[unit] = Some(SamplerBinding { texture, state });
        }
        self.draw(program, streams, s, quad.1, 6);
    }

    pub fn draw(
        &mut self,
        program: ProgramId,
        streams: [Option<VertexStream>; MAX_STREAMS],
        samplers: [Option<SamplerBinding>; MAX_SAMPLERS],
        ib: IndexBufferId,
        count: u32,
    ) {
        self.keep_draw(program, streams, samplers, ib, count)
            .expect("draw");
        // Error checking off keeps the draw until the next call that enters GL (see the
        // backend's `queue` module); the tests count each draw's GL calls, so it runs now.
        self.b.run_queued_draws();
    }

    /// [`Rig::draw_color`] left kept by the backend until its next entry.
    pub fn keep_draw_color(
        &mut self,
        program: ProgramId,
        quad: (VertexBufferId, IndexBufferId),
    ) -> Result<(), BackendError> {
        let streams = Rig::color_streams(quad.0);
        self.keep_draw(program, streams, [None; MAX_SAMPLERS], quad.1, 6)
    }

    /// A draw through `Backend::draw`, which the backend keeps with error checking off.
    pub fn keep_draw(
        &mut self,
        program: ProgramId,
        streams: [Option<VertexStream>; MAX_STREAMS],
        samplers: [Option<SamplerBinding>; MAX_SAMPLERS],
        ib: IndexBufferId,
        count: u32,
    ) -> Result<(), BackendError> {
        let d = ResolvedDraw {
            program,
            streams,
            samplers,
            index_buffer: ib,
            first_index: 0,
            index_count: count,
            instances: None,
        };
        self.b.draw(&d)
    }

    pub fn clear(&mut self, color: [f32; 4]) {
        self.b.clear(&Clear {
            color,
            depth: 1.0,
            stencil: 0,
            mask: ClearMask {
                color: true,
                depth: true,
                stencil: true,
            },
        });
    }

    pub fn read(&mut self) -> Vec<u32> {
        let rect = PixelRect {
            x: 0,
            y: 0,
            width: self.width,
            height: self.height,
        };
        self.b.read_back_buffer(rect).expect("read back")
    }

    /// One frame: clear `clear`, a quad of `quad` over the middle half, present; returns the
    /// read-back.
    pub fn quad_frame(&mut self, clear: [f32; 4], quad: [f32; 4]) -> Vec<u32> {
        self.clear(clear);
        let p = self.program(POS_COLOR_VS, COLOR_FS);
        let q = self.color_quad([-0.5, -0.5, 0.5, 0.5], 0.0, quad);
        self.draw_color(p, q);
        self.b.present().expect("present");
        self.read()
    }

    pub fn at(&self, px: &[u32], x: u32, y: u32) -> u32 {
        px[(y * self.width + x) as usize]
    }

    pub fn texture(
        &mut self,
        kind: TextureKind,
        format: TextureFormat,
        width: u32,
        height: u32,
        levels: u8,
        rtt: bool,
    ) -> TextureId {
        let id = TextureId(self.id());
        let desc = TextureDesc {
            kind,
            width,
            height,
            format,
            levels,
            optimize_for_render_to_texture: rtt,
            streaming_levels: 0,
        };
        self.b.create_texture(id, &desc).expect("texture");
        id
    }

    pub fn upload(
        &mut self,
        id: TextureId,
        face: u8,
        level: u8,
        width: u32,
        height: u32,
        data: TextureData<'_>,
    ) {
        self.b
            .upload_texture(
                id,
                &TextureUpload {
                    face,
                    level,
                    width,
                    height,
                    data,
                },
            )
            .expect("upload");
    }
}

impl Rig {
    /// Clears the current target to transparent black, draws `tex` over all of it with the
    /// fragment program `fs` (reading `v0` as coordinates) and reads the back buffer.
    pub fn draw_texture(&mut self, tex: TextureId, fs: &str, state: SamplerState) -> Vec<u32> {
        self.clear([0.0; 4]);
        let p = self.program(POS_UV_VS, fs);
        let q = self.uv_quad([-1.0, -1.0, 1.0, 1.0], [0.0, 0.0, 1.0, 1.0]);
        self.draw_textured(p, q, &[(0, tex, state)]);
        self.read()
    }

    /// Draws `tex` (nearest) over the whole back buffer and reads it back.
    pub fn show(&mut self, tex: TextureId) -> Vec<u32> {
        self.b.set_render_target(&RenderTarget::BackBuffer);
        self.draw_texture(tex, TEX_FS, nearest())
    }

    /// Samples the cube texture `tex` towards the middle of each face (+X, -X, +Y, -Y, +Z, -Z)
    /// over the whole back buffer; pixel 5 of each picture.
    pub fn cube_faces(&mut self, tex: TextureId) -> [u32; 6] {
        self.b.set_render_target(&RenderTarget::BackBuffer);
        let p = self.program(
            "mov op, va0\nmov v0, vc0",
            "tex ft0, v0, fs0 <cube,clamp,nearest,mipnone>\nmov oc, ft0",
        );
        let q = self.uv_quad([-1.0, -1.0, 1.0, 1.0], [0.0, 0.0, 1.0, 1.0]);
        let dirs = [
            [1.0, 0.1, 0.1, 0.0],
            [-1.0, 0.1, 0.1, 0.0],
            [0.1, 1.0, 0.1, 0.0],
            [0.1, -1.0, 0.1, 0.0],
            [0.1, 0.1, 1.0, 0.0],
            [0.1, 0.1, -1.0, 0.0],
        ];
        dirs.map(|dir| {
            self.b
                .set_program_constants(molehill_agal::ProgramKind::Vertex, 0, &[dir]);
            self.clear([0.0; 4]);
            self.draw_textured(p, q, &[(0, tex, nearest())]);
            self.read()[5]
        })
    }
}
