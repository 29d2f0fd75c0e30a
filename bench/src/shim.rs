//! [`Renderer`] over the shim's public API: what a Flash VM calls, through the typed path
//! (enum arguments as typed values, as a VM that parses its strings itself passes them) with
//! `Number`s as AS3 hands them. The backend is whatever the [`Context3D`] was made with.

use molehill_agal::{ProgramKind, Version};
use molehill_player::as3::ByteArray;
use molehill_player::{
    BlendFactor, BufferUsage, CompareMode, Context3D, IndexBuffer3D, Program3D, Rect, TextureBase,
    TextureFormat, TriangleFace, VertexBuffer3D, VertexFormat,
};

use web_time::Instant;

use crate::renderer::{Attribute, Blend, Compare, Cull, Renderer, Sampling, Shader, SIDE};

/// A mesh: the buffer, its attributes (slot, word offset, format) and its index buffer.
#[derive(Debug, Clone, Copy)]
pub struct ShimMesh {
    vertices: VertexBuffer3D,
    attributes: [Option<(u32, VertexFormat)>; 8],
    indices: IndexBuffer3D,
}

/// The scenarios drawn through a shim [`Context3D`].
pub struct ShimRenderer<'a> {
    ctx: &'a mut Context3D,
    /// Time spent in `present` (submission, and whatever waits there).
    pub present_time: std::time::Duration,
    /// Heap allocations made in `present` (by [`ShimRenderer::count_allocations`]'s counter).
    pub present_allocations: u64,
    /// Heap allocations made in vertex and texture uploads.
    pub upload_allocations: u64,
    /// Attribute slots the current mesh set.
    streams: u32,
    indices: Option<IndexBuffer3D>,
    /// Make no GL context current before each round, and tell the backend so (see
    /// [`ShimRenderer::alone_per_round`]).
    release: Option<Box<dyn FnMut()>>,
    /// Heap allocations made so far by the process (the `molehill` binary's global allocator);
    /// none counted without one.
    allocations: fn() -> u64,
}

fn no_count() -> u64 {
    0
}

impl<'a> ShimRenderer<'a> {
    /// Draws into `ctx`, whose back buffer is configured here ([`SIDE`] square, with depth).
    pub fn new(ctx: &'a mut Context3D) -> Result<ShimRenderer<'a>, String> {
        let side = SIDE as i32;
        ctx.configure_back_buffer(side, side, 0, true, false, false)
            .map_err(|e| e.to_string())?;
        Ok(ShimRenderer {
            ctx,
            present_time: std::time::Duration::ZERO,
            present_allocations: 0,
            upload_allocations: 0,
            streams: 0,
            indices: None,
            release: None,
            allocations: no_count,
        })
    }

    /// Counts the heap allocations of uploads and `present` with `counter` (the process's
    /// allocations so far: a binary's counting global allocator).
    pub fn count_allocations(mut self, counter: fn() -> u64) -> Self {
        self.allocations = counter;
        self
    }

    /// Before each round, makes no GL context current on the thread, as a player whose only
    /// context is Molehill's finds it: Molehill's first call makes its context current and it
    /// stays so. (The baseline's context, current for its own rounds, is put aside; left
    /// current, every Molehill call would make its own current and put the baseline's back,
    /// two `eglMakeCurrent` a call that no player with one context pays.)
    /// `tell` lets the backend know its context is no longer current (a backend that checks
    /// once a frame would not notice otherwise).
    pub fn alone_per_round(mut self, tell: Box<dyn FnMut()>) -> Self {
        self.release = Some(tell);
        self
    }
}

impl std::fmt::Debug for ShimRenderer<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ShimRenderer").finish_non_exhaustive()
    }
}

fn text<T>(r: Result<T, molehill_agal::flash::FlashError>) -> Result<T, String> {
    r.map_err(|e| e.to_string())
}

const FORMATS: [VertexFormat; 4] = [
    VertexFormat::Float1,
    VertexFormat::Float2,
    VertexFormat::Float3,
    VertexFormat::Float4,
];

impl Renderer for ShimRenderer<'_> {
    type Num = f64;
    type Program = Program3D;
    type Texture = TextureBase;
    /// The buffer and its words per vertex.
    type Vertices = (VertexBuffer3D, u32);
    type Mesh = ShimMesh;

    fn begin_round(&mut self) -> Result<(), String> {
        if let Some(tell) = self.release.as_mut() {
            molehill_gl::raw::release_current()
                .map_err(|code| format!("eglMakeCurrent(EGL_NO_CONTEXT): EGL error 0x{code:x}"))?;
            tell();
        }
        Ok(())
    }

    fn program(&mut self, shader: &Shader) -> Result<Program3D, String> {
        let bytes = |text: &str, kind| {
            molehill_agal::asm::assemble(text, kind, Version::V1)
                .map(|p| molehill_agal::encode(&p))
                .map_err(|e| format!("the bench's AGAL: {e}"))
        };
        let v = bytes(shader.agal_vertex, ProgramKind::Vertex)?;
        let f = bytes(shader.agal_fragment, ProgramKind::Fragment)?;
        let p = text(self.ctx.create_program())?;
        text(self.ctx.program_upload(
            p,
            ByteArray::little_endian(&v),
            ByteArray::little_endian(&f),
        ))?;
        Ok(p)
    }

    fn texture(&mut self, side: u32, _sampling: Sampling) -> Result<TextureBase, String> {
        text(
            self.ctx
                .create_texture(side as i32, side as i32, TextureFormat::Bgra, false, 0),
        )
    }

    fn upload_texture(&mut self, texture: TextureBase, bgra: &[u8]) -> Result<(), String> {
        let allocated = (self.allocations)();
        let r = text(self.ctx.texture_upload_from_byte_array(
            texture,
            ByteArray::little_endian(bgra),
            0,
            0,
        ));
        self.upload_allocations += (self.allocations)() - allocated;
        r
    }

    fn vertices(
        &mut self,
        count: u32,
        per_vertex: u32,
        dynamic: bool,
    ) -> Result<(VertexBuffer3D, u32), String> {
        let usage = if dynamic {
            BufferUsage::DynamicDraw
        } else {
            BufferUsage::StaticDraw
        };
        let v = text(
            self.ctx
                .create_vertex_buffer(count as i32, per_vertex as i32, usage),
        )?;
        Ok((v, per_vertex))
    }

    fn upload_vertices(
        &mut self,
        (v, per_vertex): (VertexBuffer3D, u32),
        data: &[f64],
    ) -> Result<(), String> {
        let count = data.len() / per_vertex.max(1) as usize;
        let allocated = (self.allocations)();
        let r = text(
            self.ctx
                .vertex_buffer_upload_from_vector(v, data, 0, count as i32),
        );
        self.upload_allocations += (self.allocations)() - allocated;
        r
    }

    fn mesh(
        &mut self,
        (vertices, _): (VertexBuffer3D, u32),
        attributes: &[Attribute],
        indices: &[u16],
    ) -> Result<ShimMesh, String> {
        let wide: Vec<u32> = indices.iter().map(|&i| u32::from(i)).collect();
        let n = wide.len() as i32;
        let ib = text(self.ctx.create_index_buffer(n, BufferUsage::StaticDraw))?;
        text(self.ctx.index_buffer_upload_from_vector(ib, &wide, 0, n))?;
        let mut slots = [None; 8];
        for (slot, a) in slots.iter_mut().zip(attributes) {
            *slot = Some((a.offset, FORMATS[(a.size.clamp(1, 4) - 1) as usize]));
        }
        Ok(ShimMesh {
            vertices,
            attributes: slots,
            indices: ib,
        })
    }

    fn clear(&mut self, rgba: [f32; 4]) -> Result<(), String> {
        let [r, g, b, a] = rgba.map(f64::from);
        text(self.ctx.clear(r, g, b, a, 1.0, 0, 0xFFFF_FFFF))
    }

    fn blend(&mut self, blend: Blend) -> Result<(), String> {
        use BlendFactor::{One, OneMinusSourceAlpha, SourceAlpha, Zero};
        let (s, d) = match blend {
            Blend::Opaque => (One, Zero),
            Blend::Premultiplied => (One, OneMinusSourceAlpha),
            Blend::Alpha => (SourceAlpha, OneMinusSourceAlpha),
            Blend::Add => (One, One),
        };
        text(self.ctx.set_blend_factors(s, d))
    }

    fn depth(&mut self, write: bool, compare: Compare) -> Result<(), String> {
        let mode = match compare {
            Compare::Always => CompareMode::Always,
            Compare::Less => CompareMode::Less,
            Compare::LessEqual => CompareMode::LessEqual,
        };
        text(self.ctx.set_depth_test(write, mode))
    }

    fn cull(&mut self, cull: Cull) -> Result<(), String> {
        let face = match cull {
            Cull::None => TriangleFace::None,
            Cull::Back => TriangleFace::Back,
            Cull::Front => TriangleFace::Front,
        };
        text(self.ctx.set_culling(face))
    }

    fn scissor(&mut self, rect: Option<[i32; 4]>) -> Result<(), String> {
        let rect = rect.map(|[x, y, width, height]| Rect {
            x: f64::from(x),
            y: f64::from(y),
            width: f64::from(width),
            height: f64::from(height),
        });
        text(self.ctx.set_scissor_rectangle(rect))
    }

    fn color_mask(&mut self, m: [bool; 4]) -> Result<(), String> {
        text(self.ctx.set_color_mask(m[0], m[1], m[2], m[3]))
    }

    fn use_program(&mut self, p: Program3D) -> Result<(), String> {
        text(self.ctx.set_program(Some(p)))
    }

    fn use_mesh(&mut self, m: ShimMesh) -> Result<(), String> {
        let mut used = 0u32;
        for (slot, a) in m.attributes.iter().enumerate() {
            if let Some((offset, format)) = a {
                text(self.ctx.set_vertex_buffer_at(
                    slot as i32,
                    Some(m.vertices),
                    *offset as i32,
                    *format,
                ))?;
                used |= 1 << slot;
            }
        }
        for slot in 0..8 {
            if self.streams & !used & (1 << slot) != 0 {
                text(
                    self.ctx
                        .set_vertex_buffer_at(slot, None, 0, VertexFormat::Float1),
                )?;
            }
        }
        self.streams = used;
        self.indices = Some(m.indices);
        Ok(())
    }

    fn texture_at(&mut self, sampler: u32, t: Option<TextureBase>) -> Result<(), String> {
        text(self.ctx.set_texture_at(sampler as i32, t))
    }

    fn vertex_constants(&mut self, first: u32, data: &[f64]) -> Result<(), String> {
        text(self.ctx.set_program_constants_from_vector(
            ProgramKind::Vertex,
            first as i32,
            data,
            (data.len() / 4) as i32,
        ))
    }

    fn fragment_constants(&mut self, first: u32, data: &[f64]) -> Result<(), String> {
        text(self.ctx.set_program_constants_from_vector(
            ProgramKind::Fragment,
            first as i32,
            data,
            (data.len() / 4) as i32,
        ))
    }

    fn draw(&mut self, first_index: u32, triangles: u32) -> Result<(), String> {
        let ib = self.indices.ok_or("no mesh")?;
        text(
            self.ctx
                .draw_triangles(ib, first_index as i32, triangles as i32),
        )
    }

    fn present(&mut self) -> Result<(), String> {
        let allocated = (self.allocations)();
        let start = Instant::now();
        let r = text(self.ctx.present());
        self.present_time += start.elapsed();
        self.present_allocations += (self.allocations)() - allocated;
        r
    }

    fn take_present_time(&mut self) -> std::time::Duration {
        std::mem::take(&mut self.present_time)
    }

    fn picture(&mut self) -> Result<Vec<u32>, String> {
        // drawToBitmapData after present throws #3692; this is the capture replays use.
        Ok(text(self.ctx.capture_back_buffer())?.2)
    }
}
