//! A small rig over the Backend trait: one headless Vulkan device per test (tests run in
//! parallel), hand-written WGSL programs that follow `molehill_agal::wgsl`'s binding contract, quads,
//! read-back.

use molehill_agal::ProgramKind;
use molehill_context3d::*;
use molehill_wgpu::{DeviceOptions, ProgramLayout, ProgramSource, WgpuBackend};

pub struct Rig {
    pub b: WgpuBackend,
    next: u64,
    pub width: u32,
    pub height: u32,
}

/// `0xAARRGGBB`.
pub fn argb(a: u8, r: u8, g: u8, b: u8) -> u32 {
    u32::from_be_bytes([a, r, g, b])
}

/// Whether every channel of `p` is within `tol` of `want`.
pub fn near(p: u32, want: u32, tol: u8) -> bool {
    p.to_be_bytes()
        .iter()
        .zip(want.to_be_bytes().iter())
        .all(|(a, b)| a.abs_diff(*b) <= tol)
}

#[track_caller]
pub fn assert_px(p: u32, want: u32, tol: u8, what: &str) {
    assert!(
        near(p, want, tol),
        "{what}: got {p:08x}, want {want:08x} (tolerance {tol})"
    );
}

/// `op = va0 + vc0`, `v0 = va1`.
pub const POS_COLOR_VS: &str = "
@group(2) @binding(0) var<uniform> vc: array<vec4<f32>, 128>;
struct Out { @builtin(position) pos: vec4<f32>, @location(0) v0: vec4<f32> }
@vertex fn vs_main(@location(0) va0: vec4<f32>, @location(1) va1: vec4<f32>) -> Out {
    var o: Out;
    o.pos = va0 + vc[0];
    o.v0 = va1;
    return o;
}";

/// `oc = v0 * fc0`, with the contract's scissor discard.
pub const COLOR_FS: &str = "
@group(0) @binding(1) var<uniform> fc: array<vec4<f32>, 28>;
struct Draw { scissor: vec4<f32>, scissor_enabled: u32 }
@group(0) @binding(2) var<uniform> draw: Draw;
@fragment fn fs_main(@builtin(position) p: vec4<f32>, @location(0) v0: vec4<f32>) -> @location(0) vec4<f32> {
    if draw.scissor_enabled != 0u && (p.x < draw.scissor.x || p.y < draw.scissor.y || p.x >= draw.scissor.z || p.y >= draw.scissor.w) {
        discard;
    }
    return v0 * fc[0];
}";

/// `oc = tex(fs0, v0)`.
pub const TEX_FS: &str = "
@group(1) @binding(0) var fs0: texture_2d<f32>;
@group(1) @binding(1) var fs0_sampler: sampler;
@fragment fn fs_main(@location(0) v0: vec4<f32>) -> @location(0) vec4<f32> {
    return textureSample(fs0, fs0_sampler, v0.xy);
}";

pub fn color_program() -> ProgramSource {
    ProgramSource {
        vertex: POS_COLOR_VS.into(),
        fragment: COLOR_FS.into(),
        layout: ProgramLayout {
            attributes: vec![0, 1],
            samplers: vec![],
            vertex_constants: 128,
            fragment_constants: 28,
            constants_read: [1, 1],
            color_outputs: vec![0],
        },
    }
}

pub fn tex_program() -> ProgramSource {
    ProgramSource {
        vertex: POS_COLOR_VS.into(),
        fragment: TEX_FS.into(),
        layout: ProgramLayout {
            attributes: vec![0, 1],
            samplers: vec![(0, false)],
            vertex_constants: 128,
            fragment_constants: 0,
            constants_read: [1, 0],
            color_outputs: vec![0],
        },
    }
}

/// A quad: vertex buffer (x, y, z, r, g, b, a per vertex) and index buffer.
pub struct Quad {
    pub vb: VertexBufferId,
    pub ib: IndexBufferId,
}

impl Rig {
    pub fn new(width: u32, height: u32) -> Rig {
        Rig::with(width, height, 0, true)
    }

    pub fn with(width: u32, height: u32, anti_alias: u8, depth: bool) -> Rig {
        Rig::on(molehill_wgpu::Api::Vulkan, width, height, anti_alias, depth)
    }

    pub fn on(
        api: molehill_wgpu::Api,
        width: u32,
        height: u32,
        anti_alias: u8,
        depth: bool,
    ) -> Rig {
        let b = WgpuBackend::headless(&DeviceOptions::new(api)).expect("headless device");
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
            .unwrap();
        rig.constants(ProgramKind::Fragment, 0, [1.0; 4]);
        rig
    }

    pub fn id(&mut self) -> u64 {
        self.next += 1;
        self.next
    }

    /// A 4x4 `bgra` texture of one level.
    pub fn texture_4x4(&mut self) -> TextureId {
        let t = TextureId(self.id());
        self.b
            .create_texture(
                t,
                &TextureDesc {
                    kind: TextureKind::TwoD,
                    width: 4,
                    height: 4,
                    format: TextureFormat::Bgra,
                    levels: 1,
                    optimize_for_render_to_texture: false,
                    streaming_levels: 0,
                },
            )
            .unwrap();
        t
    }

    /// Uploads 16 texels of one colour to level 0 of a 4x4 texture.
    pub fn fill_4x4(&mut self, t: TextureId, argb: u32) {
        self.b
            .upload_texture(
                t,
                &TextureUpload {
                    face: 0,
                    level: 0,
                    width: 4,
                    height: 4,
                    data: TextureData::Argb32(&[argb; 16]),
                },
            )
            .unwrap();
    }

    pub fn program(&mut self, source: ProgramSource) -> ProgramId {
        let id = ProgramId(self.id());
        self.b.create_program_wgsl(id, source).unwrap();
        id
    }

    pub fn constants(&mut self, kind: ProgramKind, first: u16, v: [f32; 4]) {
        self.b.set_program_constants(kind, first, &[v]);
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

    /// A quad over `[x0, y0, x1, y1]` in clip space at depth `z`, one colour (or, for a
    /// texture program, uv 0..1 from the top-left corner).
    pub fn quad(&mut self, rect: [f32; 4], z: f32, color: [f32; 4]) -> Quad {
        let [x0, y0, x1, y1] = rect;
        let [r, g, b, a] = color;
        #[rustfmt::skip]
        let v: Vec<f32> = vec![
            x0, y1, z, r, g, b, a,
            x1, y1, z, r, g, b, a,
            x1, y0, z, r, g, b, a,
            x0, y0, z, r, g, b, a,
        ];
        self.vertices(&v, &[0, 1, 2, 0, 2, 3])
    }

    /// A textured quad: uv (0, 0) at the top-left.
    pub fn uv_quad(&mut self, rect: [f32; 4]) -> Quad {
        let [x0, y0, x1, y1] = rect;
        #[rustfmt::skip]
        let v: Vec<f32> = vec![
            x0, y1, 0.0, 0.0, 0.0, 0.0, 0.0,
            x1, y1, 0.0, 1.0, 0.0, 0.0, 0.0,
            x1, y0, 0.0, 1.0, 1.0, 0.0, 0.0,
            x0, y0, 0.0, 0.0, 1.0, 0.0, 0.0,
        ];
        self.vertices(&v, &[0, 1, 2, 0, 2, 3])
    }

    pub fn vertices(&mut self, v: &[f32], indices: &[u16]) -> Quad {
        let vb = VertexBufferId(self.id());
        self.b
            .create_vertex_buffer(
                vb,
                &VertexBufferDesc {
                    num_vertices: (v.len() / 7) as u32,
                    data32_per_vertex: 7,
                    usage: BufferUsage::StaticDraw,
                    instances_per_element: None,
                },
            )
            .unwrap();
        let bytes: Vec<u8> = v.iter().flat_map(|f| f.to_le_bytes()).collect();
        self.b.upload_vertex_buffer(vb, 0, &bytes).unwrap();
        let ib = IndexBufferId(self.id());
        self.b
            .create_index_buffer(
                ib,
                &IndexBufferDesc {
                    num_indices: indices.len() as u32,
                    usage: BufferUsage::StaticDraw,
                },
            )
            .unwrap();
        self.b.upload_index_buffer(ib, 0, indices).unwrap();
        Quad { vb, ib }
    }

    pub fn resolved(&self, program: ProgramId, q: &Quad) -> ResolvedDraw {
        let mut streams = [None; MAX_STREAMS];
        streams[0] = Some(VertexStream {
            buffer: q.vb,
            byte_offset: 0,
            stride: 28,
            format: VertexFormat::Float3,
            divisor: 0,
        });
        streams[1] = Some(VertexStream {
            buffer: q.vb,
            byte_offset: 12,
            stride: 28,
            format: VertexFormat::Float4,
            divisor: 0,
        });
        ResolvedDraw {
            program,
            streams,
            samplers: [None; MAX_SAMPLERS],
            index_buffer: q.ib,
            first_index: 0,
            index_count: 6,
            instances: None,
        }
    }

    pub fn draw(&mut self, program: ProgramId, q: &Quad) {
        let d = self.resolved(program, q);
        self.b.draw(&d).unwrap();
    }

    pub fn read(&mut self) -> Vec<u32> {
        self.b
            .read_back_buffer(PixelRect {
                x: 0,
                y: 0,
                width: self.width,
                height: self.height,
            })
            .unwrap()
    }

    pub fn at(&self, px: &[u32], x: u32, y: u32) -> u32 {
        px[(y * self.width + x) as usize]
    }
}
