//! The wgpu baseline: [`Renderer`] as a small hand-written wgpu program would do it, on the
//! device Molehill's backend made (one device, one queue: the two sides' rounds alternate on
//! it). It uses the scenario's WGSL ([`Shader::wgsl_vertex`], [`Shader::wgsl_fragment`]) and
//! knows what its frames need, so it checks nothing a program could get wrong:
//!
//! - one command encoder and one render pass per frame (the clear is the pass's load
//!   operations), submitted once at `present`, followed by a non-blocking `poll` (Molehill's
//!   policy too);
//! - pipelines made on first use of a (program, vertex layout, blend, depth, culling, colour
//!   mask) and kept; a texture bind group per (program, textures), kept; one constants bind
//!   group per program over the frame's uniform buffer;
//! - constants as the content gives them, AS3 `Number`s (`f64`) converted to `f32` into a CPU
//!   copy of the `vc` and `fc` files; a draw appends the registers its program reads (only
//!   when they changed since the last draw) to the frame's uniform bytes and binds them at
//!   dynamic offsets; the bytes are written to the GPU once, before the frame's submit;
//! - `bgra` bytes uploaded as they are to `Bgra8Unorm` textures (no swizzle), one level;
//! - `set_*` calls in the pass only for what changed since the last draw;
//! - the same picture as Molehill's capture: the back buffer (`Rgba8Unorm`, depth and stencil
//!   `Depth24PlusStencil8`) copied to a mappable buffer, waited for, `0xAARRGGBB`,
//!   unpremultiplied.
//!
//! This module records the frames; [`programs`] makes what they use (programs, pipelines,
//! textures, bind groups).

use std::collections::HashMap;
use std::time::Duration;

use web_time::Instant;

use molehill_player::as3::unpremultiply;
use wgpu::util::DeviceExt;

use crate::renderer::{Attribute, Blend, Compare, Cull, Renderer, Sampling, Shader, SIDE};

mod programs;

use programs::{attachment, PipelineKey, RawProgram, RawTexture, COLOR_FORMAT, DEPTH_FORMAT};

/// Bytes of the frame's uniform buffer (the scenarios need at most about 130 KiB).
const UNIFORM_BYTES: u64 = 1 << 20;
/// Registers of the CPU copies of `vc` and `fc` (AGAL 1's files).
const VC: usize = 128;
const FC: usize = 28;

/// A vertex buffer's attributes (an index into the layouts) with its index buffer.
#[derive(Debug, Clone, Copy)]
struct RawMesh {
    vertices: usize,
    layout: usize,
    indices: usize,
}

/// What the open pass has bound.
#[derive(Debug, Default, Clone, Copy)]
struct Bound {
    pipeline: Option<PipelineKey>,
    constants: Option<(usize, [u32; 2])>,
    textures: Option<(usize, [Option<usize>; 2])>,
    mesh: Option<usize>,
    scissor: Option<[u32; 4]>,
}

/// The scenarios drawn with plain wgpu.
#[derive(Debug)]
pub struct RawWgpuRenderer {
    // The pass records into the encoder: declared (so dropped) first.
    pass: Option<wgpu::RenderPass<'static>>,
    encoder: Option<wgpu::CommandEncoder>,
    device: wgpu::Device,
    queue: wgpu::Queue,
    color: wgpu::Texture,
    color_view: wgpu::TextureView,
    depth_view: wgpu::TextureView,
    readback: wgpu::Buffer,
    uniforms: wgpu::Buffer,
    align: usize,
    programs: Vec<RawProgram>,
    textures: Vec<RawTexture>,
    buffers: Vec<(wgpu::Buffer, u32)>,
    index_buffers: Vec<wgpu::Buffer>,
    layouts: Vec<(u64, Vec<wgpu::VertexAttribute>)>,
    meshes: Vec<RawMesh>,
    pipelines: HashMap<PipelineKey, wgpu::RenderPipeline>,
    texture_groups: HashMap<(usize, [Option<usize>; 2]), wgpu::BindGroup>,
    // The state the scenario set.
    clear: Option<[f32; 4]>,
    blend: Blend,
    depth: (bool, Compare),
    cull: Cull,
    mask: [bool; 4],
    scissor: Option<[i32; 4]>,
    program: Option<usize>,
    mesh: Option<usize>,
    bound_textures: [Option<usize>; 2],
    bound: Bound,
    // The constants: the files, where this frame's bytes hold them (offset, registers).
    files: [Vec<[f32; 4]>; 2],
    written: [Option<(u32, u32)>; 2],
    staging: Vec<u8>,
    /// The last `Number`s converted to `f32` (reused).
    floats: Vec<f32>,
    present_time: Duration,
}

impl RawWgpuRenderer {
    /// Draws on `device` into a [`SIDE`]-square back buffer with depth and stencil.
    pub fn new(device: &wgpu::Device, queue: &wgpu::Queue) -> RawWgpuRenderer {
        let color = attachment(
            device,
            COLOR_FORMAT,
            wgpu::TextureUsages::RENDER_ATTACHMENT | wgpu::TextureUsages::COPY_SRC,
        );
        let depth = attachment(device, DEPTH_FORMAT, wgpu::TextureUsages::RENDER_ATTACHMENT);
        let readback = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("raw read-back"),
            size: u64::from(SIDE * SIDE * 4),
            usage: wgpu::BufferUsages::COPY_DST | wgpu::BufferUsages::MAP_READ,
            mapped_at_creation: false,
        });
        let uniforms = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("raw constants"),
            size: UNIFORM_BYTES,
            usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        RawWgpuRenderer {
            pass: None,
            encoder: None,
            device: device.clone(),
            queue: queue.clone(),
            color_view: color.create_view(&Default::default()),
            color,
            depth_view: depth.create_view(&Default::default()),
            readback,
            uniforms,
            align: device.limits().min_uniform_buffer_offset_alignment.max(16) as usize,
            programs: Vec::new(),
            textures: Vec::new(),
            buffers: Vec::new(),
            index_buffers: Vec::new(),
            layouts: Vec::new(),
            meshes: Vec::new(),
            pipelines: HashMap::new(),
            texture_groups: HashMap::new(),
            clear: None,
            blend: Blend::Opaque,
            depth: (true, Compare::Less),
            cull: Cull::None,
            mask: [true; 4],
            scissor: None,
            program: None,
            mesh: None,
            bound_textures: [None; 2],
            bound: Bound::default(),
            files: [vec![[0.0; 4]; VC], vec![[0.0; 4]; FC]],
            written: [None; 2],
            staging: Vec::with_capacity(UNIFORM_BYTES as usize),
            floats: Vec::new(),
            present_time: Duration::ZERO,
        }
    }

    /// Submits what is recorded (before a write to something the commands may read).
    fn submit_pending(&mut self) {
        self.pass = None;
        self.bound = Bound::default();
        if let Some(encoder) = self.encoder.take() {
            self.flush_constants();
            self.queue.submit([encoder.finish()]);
        }
    }

    /// Writes the frame's constant bytes to the GPU and starts over.
    fn flush_constants(&mut self) {
        if !self.staging.is_empty() {
            let len = self.staging.len().next_multiple_of(4);
            self.staging.resize(len, 0);
            self.queue.write_buffer(&self.uniforms, 0, &self.staging);
            self.staging.clear();
        }
        self.written = [None; 2];
    }

    /// Stores `data` (whole registers from `first`) in file `stage` as `f32`.
    fn set_constants(&mut self, stage: usize, first: u32, data: &[f64]) {
        let file = &mut self.files[stage];
        for (register, values) in file.iter_mut().skip(first as usize).zip(data.chunks(4)) {
            for (o, v) in register.iter_mut().zip(values) {
                *o = *v as f32;
            }
        }
        self.written[stage] = None;
    }

    /// The dynamic offsets of program `p`'s constants, appending the registers it reads when
    /// they changed since they were last appended.
    fn constant_offsets(&mut self, p: usize) -> Result<[u32; 2], String> {
        let registers = self.programs[p].registers;
        let mut offsets = [0; 2];
        for stage in 0..2 {
            let n = registers[stage];
            match self.written[stage] {
                _ if n == 0 => {}
                Some((offset, count)) if count >= n => offsets[stage] = offset,
                _ => {
                    let offset = self.staging.len().next_multiple_of(self.align);
                    let end = offset + 16 * n as usize;
                    if end as u64 > UNIFORM_BYTES {
                        return Err("raw wgpu: the frame's constants overflow".into());
                    }
                    self.staging.resize(offset, 0);
                    let file = &self.files[stage][..n as usize];
                    self.staging.extend_from_slice(bytemuck::cast_slice(file));
                    self.written[stage] = Some((offset as u32, n));
                    offsets[stage] = offset as u32;
                }
            }
        }
        Ok(offsets)
    }

    /// The open pass, begun with the pending clear as its load operations.
    fn begin_pass(&mut self) {
        let encoder = self.encoder.get_or_insert_with(|| {
            self.device
                .create_command_encoder(&wgpu::CommandEncoderDescriptor {
                    label: Some("raw frame"),
                })
        });
        let clear = self.clear.take();
        let load = |v| clear.map_or(wgpu::LoadOp::Load, |_| wgpu::LoadOp::Clear(v));
        let color = clear.map_or(wgpu::LoadOp::Load, |[r, g, b, a]| {
            wgpu::LoadOp::Clear(wgpu::Color {
                r: f64::from(r),
                g: f64::from(g),
                b: f64::from(b),
                a: f64::from(a),
            })
        });
        let pass = encoder
            .begin_render_pass(&wgpu::RenderPassDescriptor {
                label: Some("raw"),
                color_attachments: &[Some(wgpu::RenderPassColorAttachment {
                    view: &self.color_view,
                    depth_slice: None,
                    resolve_target: None,
                    ops: wgpu::Operations {
                        load: color,
                        store: wgpu::StoreOp::Store,
                    },
                })],
                depth_stencil_attachment: Some(wgpu::RenderPassDepthStencilAttachment {
                    view: &self.depth_view,
                    depth_ops: Some(wgpu::Operations {
                        load: load(1.0),
                        store: wgpu::StoreOp::Store,
                    }),
                    stencil_ops: Some(wgpu::Operations {
                        load: clear.map_or(wgpu::LoadOp::Load, |_| wgpu::LoadOp::Clear(0)),
                        store: wgpu::StoreOp::Store,
                    }),
                }),
                timestamp_writes: None,
                occlusion_query_set: None,
                multiview_mask: None,
            })
            .forget_lifetime();
        self.pass = Some(pass);
        self.bound = Bound::default();
    }
}

impl Renderer for RawWgpuRenderer {
    type Num = f64;
    type Program = usize;
    type Texture = usize;
    /// The buffer and its words per vertex.
    type Vertices = (usize, u32);
    type Mesh = usize;

    fn program(&mut self, shader: &Shader) -> Result<usize, String> {
        let program = programs::program(&self.device, &self.uniforms, shader);
        self.programs.push(program);
        Ok(self.programs.len() - 1)
    }

    fn texture(&mut self, side: u32, sampling: Sampling) -> Result<usize, String> {
        self.textures
            .push(programs::texture(&self.device, side, sampling));
        Ok(self.textures.len() - 1)
    }
    fn upload_texture(&mut self, t: usize, bgra: &[u8]) -> Result<(), String> {
        // The scenarios upload before the frame's first draw; a write while commands that
        // may read the texture wait would land before them.
        if self.encoder.is_some() {
            self.submit_pending();
        }
        let t = &self.textures[t];
        self.queue.write_texture(
            wgpu::TexelCopyTextureInfo {
                texture: &t.texture,
                mip_level: 0,
                origin: wgpu::Origin3d::ZERO,
                aspect: wgpu::TextureAspect::All,
            },
            bgra,
            wgpu::TexelCopyBufferLayout {
                offset: 0,
                bytes_per_row: Some(4 * t.side),
                rows_per_image: Some(t.side),
            },
            wgpu::Extent3d {
                width: t.side,
                height: t.side,
                depth_or_array_layers: 1,
            },
        );
        Ok(())
    }

    fn vertices(
        &mut self,
        count: u32,
        per_vertex: u32,
        _dynamic: bool,
    ) -> Result<(usize, u32), String> {
        let buffer = self.device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("raw vertices"),
            size: u64::from(count * per_vertex * 4),
            usage: wgpu::BufferUsages::VERTEX | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        self.buffers.push((buffer, per_vertex));
        Ok((self.buffers.len() - 1, per_vertex))
    }

    fn upload_vertices(&mut self, (v, _): (usize, u32), data: &[f64]) -> Result<(), String> {
        if self.encoder.is_some() {
            self.submit_pending();
        }
        self.floats.clear();
        self.floats.extend(data.iter().map(|&v| v as f32));
        self.queue
            .write_buffer(&self.buffers[v].0, 0, bytemuck::cast_slice(&self.floats));
        Ok(())
    }

    fn mesh(
        &mut self,
        (v, per_vertex): (usize, u32),
        attributes: &[Attribute],
        indices: &[u16],
    ) -> Result<usize, String> {
        let mut padded = indices.to_vec();
        if padded.len() % 2 == 1 {
            padded.push(0);
        }
        let ib = self
            .device
            .create_buffer_init(&wgpu::util::BufferInitDescriptor {
                label: Some("raw indices"),
                contents: bytemuck::cast_slice(&padded),
                usage: wgpu::BufferUsages::INDEX,
            });
        self.index_buffers.push(ib);
        const FORMATS: [wgpu::VertexFormat; 4] = [
            wgpu::VertexFormat::Float32,
            wgpu::VertexFormat::Float32x2,
            wgpu::VertexFormat::Float32x3,
            wgpu::VertexFormat::Float32x4,
        ];
        let layout = (
            u64::from(per_vertex * 4),
            attributes
                .iter()
                .enumerate()
                .map(|(location, a)| wgpu::VertexAttribute {
                    format: FORMATS[(a.size.clamp(1, 4) - 1) as usize],
                    offset: u64::from(a.offset * 4),
                    shader_location: location as u32,
                })
                .collect::<Vec<_>>(),
        );
        let layout = match self.layouts.iter().position(|l| *l == layout) {
            Some(i) => i,
            None => {
                self.layouts.push(layout);
                self.layouts.len() - 1
            }
        };
        self.meshes.push(RawMesh {
            vertices: v,
            layout,
            indices: self.index_buffers.len() - 1,
        });
        Ok(self.meshes.len() - 1)
    }

    fn clear(&mut self, rgba: [f32; 4]) -> Result<(), String> {
        // Draws before it end their pass; the clear is the next pass's load operations.
        self.pass = None;
        self.clear = Some(rgba);
        Ok(())
    }

    fn blend(&mut self, blend: Blend) -> Result<(), String> {
        self.blend = blend;
        Ok(())
    }

    fn depth(&mut self, write: bool, compare: Compare) -> Result<(), String> {
        self.depth = (write, compare);
        Ok(())
    }

    fn cull(&mut self, cull: Cull) -> Result<(), String> {
        self.cull = cull;
        Ok(())
    }

    fn scissor(&mut self, rect: Option<[i32; 4]>) -> Result<(), String> {
        self.scissor = rect;
        Ok(())
    }

    fn color_mask(&mut self, mask: [bool; 4]) -> Result<(), String> {
        self.mask = mask;
        Ok(())
    }

    fn use_program(&mut self, p: usize) -> Result<(), String> {
        self.program = Some(p);
        Ok(())
    }

    fn use_mesh(&mut self, m: usize) -> Result<(), String> {
        self.mesh = Some(m);
        Ok(())
    }

    fn texture_at(&mut self, sampler: u32, t: Option<usize>) -> Result<(), String> {
        *self
            .bound_textures
            .get_mut(sampler as usize)
            .ok_or("sampler")? = t;
        Ok(())
    }

    fn vertex_constants(&mut self, first: u32, data: &[f64]) -> Result<(), String> {
        self.set_constants(0, first, data);
        Ok(())
    }

    fn fragment_constants(&mut self, first: u32, data: &[f64]) -> Result<(), String> {
        self.set_constants(1, first, data);
        Ok(())
    }

    fn draw(&mut self, first_index: u32, triangles: u32) -> Result<(), String> {
        let p = self.program.ok_or("no program")?;
        let m = self.mesh.ok_or("no mesh")?;
        let mesh = self.meshes[m];
        let scissor = match self.scissor {
            None => [0, 0, SIDE, SIDE],
            Some([x, y, w, h]) => {
                let clamp = |v: i32| v.clamp(0, SIDE as i32) as u32;
                let (x0, y0, x1, y1) = (clamp(x), clamp(y), clamp(x + w), clamp(y + h));
                if x1 <= x0 || y1 <= y0 {
                    return Ok(());
                }
                [x0, y0, x1 - x0, y1 - y0]
            }
        };
        let key = PipelineKey {
            program: p,
            layout: mesh.layout,
            blend: self.blend,
            depth: self.depth,
            cull: self.cull,
            mask: self.mask,
        };
        if !self.pipelines.contains_key(&key) {
            let pipeline = programs::pipeline(
                &self.device,
                &self.programs[p],
                &self.layouts[mesh.layout],
                &key,
            );
            self.pipelines.insert(key, pipeline);
        }
        let samplers = self.programs[p].samplers;
        let mut textures = [None; 2];
        textures[..samplers].copy_from_slice(&self.bound_textures[..samplers]);
        let textures_key = (p, textures);
        if samplers > 0 && !self.texture_groups.contains_key(&textures_key) {
            let group =
                programs::texture_group(&self.device, &self.programs[p], &self.textures, textures)?;
            self.texture_groups.insert(textures_key, group);
        }
        let offsets = self.constant_offsets(p)?;
        if self.pass.is_none() {
            self.begin_pass();
        }
        let (pass, bound) = (self.pass.as_mut().ok_or("no pass")?, &mut self.bound);
        if bound.pipeline != Some(key) {
            pass.set_pipeline(&self.pipelines[&key]);
            bound.pipeline = Some(key);
        }
        let program = &self.programs[p];
        let n = if program.registers[1] > 0 { 2 } else { 1 };
        if bound.constants != Some((p, offsets)) {
            pass.set_bind_group(0, &program.constants, &offsets[..n]);
            bound.constants = Some((p, offsets));
        }
        if samplers > 0 && bound.textures != Some(textures_key) {
            pass.set_bind_group(1, &self.texture_groups[&textures_key], &[]);
            bound.textures = Some(textures_key);
        }
        if bound.mesh != Some(m) {
            pass.set_vertex_buffer(0, self.buffers[mesh.vertices].0.slice(..));
            pass.set_index_buffer(
                self.index_buffers[mesh.indices].slice(..),
                wgpu::IndexFormat::Uint16,
            );
            bound.mesh = Some(m);
        }
        if bound.scissor != Some(scissor) {
            let [x, y, w, h] = scissor;
            pass.set_scissor_rect(x, y, w, h);
            bound.scissor = Some(scissor);
        }
        pass.draw_indexed(first_index..first_index + triangles * 3, 0, 0..1);
        Ok(())
    }

    fn present(&mut self) -> Result<(), String> {
        let start = Instant::now();
        if self.pass.is_none() && self.clear.is_some() {
            // A clear without draws still runs.
            self.begin_pass();
        }
        self.submit_pending();
        self.device
            .poll(wgpu::PollType::Poll)
            .map_err(|e| format!("raw wgpu: {e}"))?;
        self.present_time += start.elapsed();
        Ok(())
    }

    fn take_present_time(&mut self) -> Duration {
        std::mem::take(&mut self.present_time)
    }

    fn picture(&mut self) -> Result<Vec<u32>, String> {
        self.submit_pending();
        let mut encoder = self
            .device
            .create_command_encoder(&wgpu::CommandEncoderDescriptor {
                label: Some("raw read-back"),
            });
        encoder.copy_texture_to_buffer(
            self.color.as_image_copy(),
            wgpu::TexelCopyBufferInfo {
                buffer: &self.readback,
                layout: wgpu::TexelCopyBufferLayout {
                    offset: 0,
                    bytes_per_row: Some(SIDE * 4),
                    rows_per_image: Some(SIDE),
                },
            },
            wgpu::Extent3d {
                width: SIDE,
                height: SIDE,
                depth_or_array_layers: 1,
            },
        );
        self.queue.submit([encoder.finish()]);
        let slice = self.readback.slice(..);
        map_for_reading(&self.device, &slice, "raw wgpu")?;
        let pixels = {
            let data = slice
                .get_mapped_range()
                .map_err(|e| format!("raw wgpu: {e:?}"))?;
            data.chunks_exact(4)
                .map(|p| unpremultiply(u32::from_be_bytes([p[3], p[0], p[1], p[2]])))
                .collect()
        };
        self.readback.unmap();
        Ok(pixels)
    }
}

/// Maps `slice` for reading and waits for it (the submissions before it done); errors are
/// `what: ...`. The raw side's read-back and the native bench's timestamps use it. Natively
/// the device is polled until it is idle; in a browser the wait suspends the call (JSPI) as
/// Molehill's own read-back does (`molehill_wgpu::web::wait_mapped`), so it must run inside
/// `molehill_wgpu::web::suspendable`.
pub fn map_for_reading(
    device: &wgpu::Device,
    slice: &wgpu::BufferSlice<'_>,
    what: &str,
) -> Result<(), String> {
    #[cfg(target_arch = "wasm32")]
    {
        molehill_wgpu::web::wait_mapped(device, *slice).map_err(|e| format!("{what}: {e}"))
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let (tx, rx) = std::sync::mpsc::channel();
        slice.map_async(wgpu::MapMode::Read, move |r| {
            let _ = tx.send(r);
        });
        device
            .poll(wgpu::PollType::Wait {
                submission_index: None,
                timeout: None,
            })
            .map_err(|e| format!("{what}: {e}"))?;
        rx.try_recv()
            .map_err(|e| format!("{what}: {e}"))?
            .map_err(|e| format!("{what}: {e}"))
    }
}
