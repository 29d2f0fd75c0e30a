//! [`Renderer`] over Ruffle's own Stage3D: `ruffle_render_wgpu`'s `WgpuContext3D` (wgpu 27,
//! naga-agal shaders), made by `RenderBackend::create_context3d` on an offscreen
//! `WgpuRenderBackend` and driven with its `Context3DCommand`s, as Ruffle's `flash.display3D`
//! natives drive it (`core/src/avm2/object/context3d_object.rs`).
//!
//! Each call does the CPU work Ruffle's native does before the command: `Number`s (`f64`) to
//! `f32` bytes for constants and vertices (`setProgramConstantsFromVector`,
//! `VertexBuffer3D.uploadFromVector`), `uint` indices to `u16` bytes, and a bgra `ByteArray`
//! swizzled to RGBA (`Texture.uploadFromByteArray`, which goes through a `BitmapData` in Ruffle;
//! the bench swizzles into a `Vec` and skips the BitmapData object). What it leaves out of
//! Ruffle's player: the AVM2 calls themselves, argument coercion, and the stage's compositing
//! of the Stage3D bitmap, which only [`RuffleRenderer::picture`] does (once per round).

use std::cell::RefCell;
use std::rc::Rc;
use std::time::{Duration, Instant};

use ruffle_render::backend::{
    BufferUsage, Context3D, Context3DBlendFactor, Context3DCommand, Context3DCompareMode,
    Context3DProfile, Context3DTextureFormat, Context3DTriangleFace, Context3DVertexBufferFormat,
    IndexBuffer, ProgramType, RenderBackend, ShaderModule, Texture, VertexBuffer,
};
use ruffle_render::commands::{CommandHandler, CommandList};
use ruffle_render::transform::Transform;
use ruffle_render_wgpu::backend::WgpuRenderBackend;
use ruffle_render_wgpu::target::TextureTarget;
use ruffle_render_wgpu::wgpu;
use swf::{Color, Rectangle, Twips};

use molehill_agal::{ProgramKind, Version};

use molehill_bench::renderer::{Attribute, Blend, Compare, Cull, Renderer, Sampling, Shader, SIDE};

/// Ruffle's `Context3DClearMask.ALL` bits as its Context3D reads them.
const CLEAR_ALL: u32 = 0xFFFF_FFFF;

/// A mesh: vertex buffer index, attributes (word offset, format) per slot, index buffer index.
#[derive(Debug, Clone, Copy)]
pub struct RuffleMesh {
    vertices: usize,
    attributes: [Option<(u32, Context3DVertexBufferFormat)>; 8],
    indices: usize,
}

/// A `Program3D`'s shader module, as Ruffle's `Program3DObject` holds it (`upload_shaders`
/// fills it).
type ProgramSlot = Rc<RefCell<Option<Rc<dyn ShaderModule>>>>;

/// The scenarios drawn through Ruffle's `WgpuContext3D`.
pub struct RuffleRenderer {
    backend: WgpuRenderBackend<TextureTarget>,
    ctx: Box<dyn Context3D>,
    programs: Vec<ProgramSlot>,
    textures: Vec<Rc<dyn Texture>>,
    vertex_buffers: Vec<(Rc<dyn VertexBuffer>, u32)>,
    index_buffers: Vec<Box<dyn IndexBuffer>>,
    streams: u32,
    indices: Option<usize>,
    present_time: Duration,
}

impl std::fmt::Debug for RuffleRenderer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RuffleRenderer").finish_non_exhaustive()
    }
}

impl RuffleRenderer {
    /// Ruffle's offscreen wgpu renderer on Vulkan (lavapipe here) and a `standard` Context3D
    /// on it, its back buffer configured as the bench's ([`SIDE`] square, depth and stencil,
    /// no anti-aliasing); and a line naming the adapter.
    pub fn new() -> Result<(RuffleRenderer, String), String> {
        let mut backend = WgpuRenderBackend::for_offscreen(
            (SIDE, SIDE),
            wgpu::Backends::VULKAN,
            wgpu::PowerPreference::HighPerformance,
        )
        .map_err(|e| format!("Ruffle's wgpu renderer: {e}"))?;
        let info = backend.descriptors().adapter.get_info();
        let adapter = format!("{} ({:?}, {})", info.name, info.backend, info.driver_info);
        let mut ctx = backend
            .create_context3d(Context3DProfile::Standard)
            .map_err(|e| format!("Ruffle's create_context3d: {e:?}"))?;
        ctx.process_command(Context3DCommand::ConfigureBackBuffer {
            width: SIDE,
            height: SIDE,
            anti_alias: 0,
            depth_and_stencil: true,
            wants_best_resolution: false,
            wants_best_resolution_on_browser_zoom: false,
        });
        Ok((
            RuffleRenderer {
                backend,
                ctx,
                programs: Vec::new(),
                textures: Vec::new(),
                vertex_buffers: Vec::new(),
                index_buffers: Vec::new(),
                streams: 0,
                indices: None,
                present_time: Duration::ZERO,
            },
            adapter,
        ))
    }

    /// The device's wait for everything submitted so far.
    fn wait(&self) -> Result<(), String> {
        self.backend
            .device()
            .poll(wgpu::PollType::Wait {
                submission_index: None,
                timeout: None,
            })
            .map(|_| ())
            .map_err(|e| format!("wait: {e}"))
    }
}

/// `Number`s as the `f32` bytes Ruffle's natives make of them.
fn f32_words(data: &[f64]) -> Vec<[u8; 4]> {
    data.iter().map(|v| (*v as f32).to_le_bytes()).collect()
}

const FORMATS: [Context3DVertexBufferFormat; 4] = [
    Context3DVertexBufferFormat::Float1,
    Context3DVertexBufferFormat::Float2,
    Context3DVertexBufferFormat::Float3,
    Context3DVertexBufferFormat::Float4,
];

impl Renderer for RuffleRenderer {
    type Num = f64;
    type Program = usize;
    type Texture = usize;
    /// The buffer's index and its words per vertex.
    type Vertices = (usize, u32);
    type Mesh = RuffleMesh;

    fn program(&mut self, shader: &Shader) -> Result<usize, String> {
        let bytes = |text: &str, kind| {
            molehill_agal::asm::assemble(text, kind, Version::V1)
                .map(|p| molehill_agal::encode(&p))
                .map_err(|e| format!("the bench's AGAL: {e}"))
        };
        let v = bytes(shader.agal_vertex, ProgramKind::Vertex)?;
        let f = bytes(shader.agal_fragment, ProgramKind::Fragment)?;
        let module = Rc::new(RefCell::new(None));
        self.ctx
            .upload_shaders(&module, v, f)
            .map_err(|e| format!("Ruffle's upload_shaders: {e:?}"))?;
        self.programs.push(module);
        Ok(self.programs.len() - 1)
    }

    fn texture(&mut self, side: u32, _sampling: Sampling) -> Result<usize, String> {
        let t = self
            .ctx
            .create_texture(side, side, Context3DTextureFormat::Bgra, false, 0)
            .map_err(|e| format!("Ruffle's create_texture: {e:?}"))?;
        self.textures.push(t);
        Ok(self.textures.len() - 1)
    }

    fn upload_texture(&mut self, texture: usize, bgra: &[u8]) -> Result<(), String> {
        let dest = self.textures[texture].clone();
        let (width, height) = (dest.width(), dest.height());
        // Texture.uploadFromByteArray: bgra bytes to RGBA pixels (Ruffle's BitmapData).
        let rgba: Vec<u8> = bgra
            .as_chunks::<4>()
            .0
            .iter()
            .flat_map(|p| [p[2], p[1], p[0], p[3]])
            .collect();
        self.ctx
            .process_command(Context3DCommand::CopyBitmapToTexture {
                source: &rgba,
                source_width: width,
                source_height: height,
                dest,
                layer: 0,
            });
        Ok(())
    }

    fn vertices(
        &mut self,
        count: u32,
        per_vertex: u32,
        dynamic: bool,
    ) -> Result<(usize, u32), String> {
        let usage = if dynamic {
            BufferUsage::DynamicDraw
        } else {
            BufferUsage::StaticDraw
        };
        let v = self
            .ctx
            .create_vertex_buffer(usage, count, per_vertex as u8);
        self.vertex_buffers.push((v, per_vertex));
        Ok((self.vertex_buffers.len() - 1, per_vertex))
    }

    fn upload_vertices(
        &mut self,
        (v, per_vertex): (usize, u32),
        data: &[f64],
    ) -> Result<(), String> {
        let words: Vec<f32> = data.iter().map(|v| *v as f32).collect();
        let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
        self.ctx
            .process_command(Context3DCommand::UploadToVertexBuffer {
                buffer: self.vertex_buffers[v].0.clone(),
                start_vertex: 0,
                data32_per_vertex: per_vertex as u8,
                data: &bytes,
            });
        Ok(())
    }

    fn mesh(
        &mut self,
        (vertices, _): (usize, u32),
        attributes: &[Attribute],
        indices: &[u16],
    ) -> Result<RuffleMesh, String> {
        let mut ib = self
            .ctx
            .create_index_buffer(BufferUsage::StaticDraw, indices.len() as u32);
        let bytes: Vec<u8> = indices.iter().flat_map(|i| i.to_le_bytes()).collect();
        self.ctx
            .process_command(Context3DCommand::UploadToIndexBuffer {
                buffer: &mut *ib,
                start_offset: 0,
                data: &bytes,
            });
        self.index_buffers.push(ib);
        let mut slots = [None; 8];
        for (slot, a) in slots.iter_mut().zip(attributes) {
            *slot = Some((a.offset, FORMATS[(a.size.clamp(1, 4) - 1) as usize]));
        }
        Ok(RuffleMesh {
            vertices,
            attributes: slots,
            indices: self.index_buffers.len() - 1,
        })
    }

    fn clear(&mut self, rgba: [f32; 4]) -> Result<(), String> {
        let [red, green, blue, alpha] = rgba.map(f64::from);
        self.ctx.process_command(Context3DCommand::Clear {
            red,
            green,
            blue,
            alpha,
            depth: 1.0,
            stencil: 0,
            mask: CLEAR_ALL,
        });
        Ok(())
    }

    fn blend(&mut self, blend: Blend) -> Result<(), String> {
        use Context3DBlendFactor as F;
        let (source_factor, destination_factor) = match blend {
            Blend::Opaque => (F::One, F::Zero),
            Blend::Premultiplied => (F::One, F::OneMinusSourceAlpha),
            Blend::Alpha => (F::SourceAlpha, F::OneMinusSourceAlpha),
            Blend::Add => (F::One, F::One),
        };
        self.ctx.process_command(Context3DCommand::SetBlendFactors {
            source_factor,
            destination_factor,
        });
        Ok(())
    }

    fn depth(&mut self, write: bool, compare: Compare) -> Result<(), String> {
        let pass_compare_mode = match compare {
            Compare::Always => Context3DCompareMode::Always,
            Compare::Less => Context3DCompareMode::Less,
            Compare::LessEqual => Context3DCompareMode::LessEqual,
        };
        self.ctx.process_command(Context3DCommand::SetDepthTest {
            depth_mask: write,
            pass_compare_mode,
        });
        Ok(())
    }

    fn cull(&mut self, cull: Cull) -> Result<(), String> {
        let face = match cull {
            Cull::None => Context3DTriangleFace::None,
            Cull::Back => Context3DTriangleFace::Back,
            Cull::Front => Context3DTriangleFace::Front,
        };
        self.ctx
            .process_command(Context3DCommand::SetCulling { face });
        Ok(())
    }

    fn scissor(&mut self, rect: Option<[i32; 4]>) -> Result<(), String> {
        // Context3D.setScissorRectangle: the Rectangle's pixels as twips.
        let rect = rect.map(|[x, y, w, h]| {
            let (x, y, w, h) = (f64::from(x), f64::from(y), f64::from(w), f64::from(h));
            Rectangle {
                x_min: Twips::from_pixels(x),
                y_min: Twips::from_pixels(y),
                x_max: Twips::from_pixels(x + w),
                y_max: Twips::from_pixels(y + h),
            }
        });
        self.ctx
            .process_command(Context3DCommand::SetScissorRectangle { rect });
        Ok(())
    }

    fn color_mask(&mut self, m: [bool; 4]) -> Result<(), String> {
        self.ctx.process_command(Context3DCommand::SetColorMask {
            red: m[0],
            green: m[1],
            blue: m[2],
            alpha: m[3],
        });
        Ok(())
    }

    fn use_program(&mut self, p: usize) -> Result<(), String> {
        let module = self.programs[p].borrow().clone();
        self.ctx
            .process_command(Context3DCommand::SetShaders { module });
        Ok(())
    }

    fn use_mesh(&mut self, m: RuffleMesh) -> Result<(), String> {
        let mut used = 0u32;
        let buffer = self.vertex_buffers[m.vertices].0.clone();
        for (slot, a) in m.attributes.iter().enumerate() {
            if let Some((offset, format)) = a {
                self.ctx
                    .process_command(Context3DCommand::SetVertexBufferAt {
                        index: slot as u32,
                        buffer: Some((buffer.clone(), *format)),
                        buffer_offset: *offset,
                    });
                used |= 1 << slot;
            }
        }
        for slot in 0..8u32 {
            if self.streams & !used & (1 << slot) != 0 {
                self.ctx
                    .process_command(Context3DCommand::SetVertexBufferAt {
                        index: slot,
                        buffer: None,
                        buffer_offset: 0,
                    });
            }
        }
        self.streams = used;
        self.indices = Some(m.indices);
        Ok(())
    }

    fn texture_at(&mut self, sampler: u32, t: Option<usize>) -> Result<(), String> {
        let texture = t.map(|t| self.textures[t].clone());
        self.ctx.process_command(Context3DCommand::SetTextureAt {
            sampler,
            texture,
            cube: false,
        });
        Ok(())
    }

    fn vertex_constants(&mut self, first: u32, data: &[f64]) -> Result<(), String> {
        let words = f32_words(data);
        self.ctx
            .process_command(Context3DCommand::SetProgramConstants {
                program_type: ProgramType::Vertex,
                first_register: first,
                matrix_raw_data_column_major: &words,
            });
        Ok(())
    }

    fn fragment_constants(&mut self, first: u32, data: &[f64]) -> Result<(), String> {
        let words = f32_words(data);
        self.ctx
            .process_command(Context3DCommand::SetProgramConstants {
                program_type: ProgramType::Fragment,
                first_register: first,
                matrix_raw_data_column_major: &words,
            });
        Ok(())
    }

    fn draw(&mut self, first_index: u32, triangles: u32) -> Result<(), String> {
        let ib = self.indices.ok_or("no mesh")?;
        self.ctx.process_command(Context3DCommand::DrawTriangles {
            index_buffer: &*self.index_buffers[ib],
            first_index: first_index as usize,
            num_triangles: triangles as isize,
        });
        Ok(())
    }

    fn present(&mut self) -> Result<(), String> {
        let start = Instant::now();
        self.ctx.present();
        self.present_time += start.elapsed();
        Ok(())
    }

    fn take_present_time(&mut self) -> Duration {
        std::mem::take(&mut self.present_time)
    }

    fn picture(&mut self) -> Result<Vec<u32>, String> {
        // What Ruffle's stage does with a Stage3D (`Context3DObject::render`): its bitmap drawn
        // as a stage3d command (opaque: the back buffer's premultiplied colour, its alpha not
        // blended), here alone on a black stage, then the frame read back.
        let mut commands = CommandList::new();
        commands.render_stage3d(self.ctx.bitmap_handle(), Transform::default());
        self.backend
            .submit_frame(Color::BLACK, commands, Vec::new());
        let image = self
            .backend
            .capture_frame()
            .ok_or("Ruffle's offscreen target has no read-back buffer")?;
        self.wait()?;
        Ok(image
            .into_raw()
            .as_chunks::<4>()
            .0
            .iter()
            .map(|p| u32::from_be_bytes([p[3], p[0], p[1], p[2]]))
            .collect())
    }
}
