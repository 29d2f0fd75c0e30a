//! Programs (shader modules and layouts, one per distinct pair: context3d's [`ProgramKey`], the
//! pair's AGAL bytecode, so a pair seen before is not even translated again) and the render
//! pipeline cache, keyed by a small `Copy` key ([`PipelineKey`], packed for its lookup in
//! `key`): program, blend, colour mask, culling, depth and stencil, vertex layout, target
//! formats and sample count.
//!
//! Binding contract with `molehill_agal::wgsl` (see `docs/wgpu.md`): `@group(0)` holds the
//! constant files and the per-draw uniforms, three uniform buffers read at dynamic offsets of
//! one per-frame buffer; `@group(1)` holds `fs<i>` at binding `2i` and its sampler at `2i + 1`,
//! only for the samplers the fragment program reads.

use rustc_hash::FxHashMap as HashMap;

use molehill_context3d::{BackendError, BlendState, ProgramId, ProgramKey, MAX_STREAMS};

use super::cache::bounded_entry;
use super::conv::{blend_factor, compare, cull_mode, stencil_face, vertex_format};
use super::stream::UniformLayouts;
use super::targets::DEPTH_FORMAT;
use crate::gpu::Gpu;

mod key;
pub use key::{AttributeKey, PackedKey, PipelineKey, SlotKey, VertexLayoutKey};

/// What the backend binds for a program: the translator's reflection, reduced.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ProgramLayout {
    /// Attribute slots read (`va<i>` at `@location(i)`).
    pub attributes: Vec<u16>,
    /// Samplers read: unit and whether it is a cube.
    pub samplers: Vec<(u16, bool)>,
    /// `vc` registers the vertex shader declares (0: none).
    pub vertex_constants: u16,
    /// `fc` registers the fragment shader declares (0: none).
    pub fragment_constants: u16,
    /// Registers `0..n` of `vc` and `fc` that the shaders may read: past the last register
    /// read directly, or the whole file when it is read relatively. Only these are streamed
    /// for a draw (the rest of the bound range is never read).
    pub constants_read: [u16; 2],
    /// Colour outputs written (`oc<i>` at `@location(i)`).
    pub color_outputs: Vec<u16>,
}

/// Reduces the translator's reflection to what the backend binds.
pub fn program_layout(r: &molehill_agal::wgsl::Reflection) -> ProgramLayout {
    ProgramLayout {
        attributes: r.attributes.iter().map(|a| a.slot).collect(),
        samplers: r
            .samplers
            .iter()
            .map(|s| (s.unit, s.dimension == molehill_agal::Dimension::Cube))
            .collect(),
        vertex_constants: r.vertex_constants.size,
        fragment_constants: r.fragment_constants.size,
        constants_read: [&r.vertex_constants, &r.fragment_constants].map(|f| {
            if f.relative {
                f.size
            } else {
                f.used.iter().map(|u| u.end).max().unwrap_or(0).min(f.size)
            }
        }),
        color_outputs: r.color_outputs.iter().map(|c| c.index).collect(),
    }
}

/// A translated program pair.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProgramSource {
    /// WGSL of the vertex stage (entry point `vs_main`).
    pub vertex: String,
    /// WGSL of the fragment stage (entry point `fs_main`).
    pub fragment: String,
    /// What it binds.
    pub layout: ProgramLayout,
}

/// A program on the device.
#[derive(Debug)]
pub struct GpuProgram {
    vs: wgpu::ShaderModule,
    fs: wgpu::ShaderModule,
    /// What it binds.
    pub layout: ProgramLayout,
    /// The layout of `@group(1)` (`None`: no sampler).
    pub textures_layout: Option<wgpu::BindGroupLayout>,
    pipeline_layout: wgpu::PipelineLayout,
    users: usize,
    /// The fragment module declares `override scissor_discard` (translated with
    /// `molehill_agal::wgsl::Options::scissor_override`; hand-written WGSL may not).
    scissor_override: bool,
}

/// What the program cache keys a pair on: context3d's key of an AGAL pair, or the text of a
/// pair of hand-written WGSL (`WgpuBackend::create_program_wgsl`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum SourceKey {
    /// A pair uploaded through [`molehill_context3d::Backend::create_program`].
    Agal(ProgramKey),
    /// Hand-written WGSL: vertex, fragment.
    Wgsl(String, String),
}

/// Programs by id and by pair, the shared uniform layouts and the pipeline cache.
#[derive(Debug)]
pub struct Pipelines {
    /// The layouts of the stages' uniform groups: `@group(2)` (`vc`) and `@group(0)` (`fc`
    /// and the per-draw values).
    pub uniform_layouts: UniformLayouts,
    programs: Vec<Option<GpuProgram>>,
    by_source: HashMap<SourceKey, u32>,
    by_id: HashMap<ProgramId, u32>,
    cache: HashMap<PackedKey, wgpu::RenderPipeline>,
    /// Shader module pairs made.
    pub modules_made: u64,
    /// Pipelines made.
    pub pipelines_made: u64,
    /// Lookups of the pipeline cache.
    pub lookups: u64,
}

/// Most pipelines kept; past it the cache starts over.
const MAX_PIPELINES: usize = 4096;

/// A uniform entry, visible to the one stage that reads it (`vc` the vertex stage, `fc`
/// and the per-draw values the fragment stage: the binding contract of
/// `molehill_agal::wgsl`). A driver may bind (even copy) a uniform range for every stage it
/// is visible to at each draw whose offset changed: with `vc` visible to the fragment stage
/// too, each new `vc` was new fragment state for llvmpipe (docs/wgpu.md, measured there).
/// For the same reason the two stages' entries are in two groups, `vc`'s the last
/// (`@group(2)`; `fc` and the per-draw values `@group(0)`): wgpu sets every group after the
/// one set again, so a draw that changes only `vc` sets only the vertex stage's group.
fn uniform_entry(binding: u32) -> wgpu::BindGroupLayoutEntry {
    let visibility = if binding == molehill_agal::wgsl::VERTEX_CONSTANTS_BINDING {
        wgpu::ShaderStages::VERTEX
    } else {
        wgpu::ShaderStages::FRAGMENT
    };
    wgpu::BindGroupLayoutEntry {
        binding,
        visibility,
        ty: wgpu::BindingType::Buffer {
            ty: wgpu::BufferBindingType::Uniform,
            has_dynamic_offset: true,
            min_binding_size: None,
        },
        count: None,
    }
}

impl Pipelines {
    /// An empty cache on `device`.
    pub fn new(device: &wgpu::Device) -> Pipelines {
        use molehill_agal::wgsl::{DRAW_BINDING, FRAGMENT_CONSTANTS_BINDING};
        let vertex = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("vertex uniforms"),
            entries: &[uniform_entry(molehill_agal::wgsl::VERTEX_CONSTANTS_BINDING)],
        });
        let fragment = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("fragment uniforms"),
            entries: &[
                uniform_entry(FRAGMENT_CONSTANTS_BINDING),
                uniform_entry(DRAW_BINDING),
            ],
        });
        Pipelines {
            uniform_layouts: UniformLayouts { vertex, fragment },
            programs: Vec::new(),
            by_source: HashMap::default(),
            by_id: HashMap::default(),
            cache: HashMap::default(),
            modules_made: 0,
            pipelines_made: 0,
            lookups: 0,
        }
    }

    /// Creates program `id` of the pair `key`, making shader modules only for a key not
    /// seen: then `source` gives its WGSL (translating it). A module the device refuses is
    /// [`BackendError::ShaderCompile`] with its message.
    pub fn create(
        &mut self,
        gpu: &Gpu,
        id: ProgramId,
        key: SourceKey,
        source: impl FnOnce() -> Result<ProgramSource, BackendError>,
    ) -> Result<(), BackendError> {
        if let Some(&slot) = self.by_source.get(&key) {
            if let Some(Some(p)) = self.programs.get_mut(slot as usize) {
                p.users += 1;
                self.by_id.insert(id, slot);
                return Ok(());
            }
        }
        let source = source()?;
        let device = &gpu.device;
        let module = |stage: molehill_agal::ProgramKind, code: &str| {
            let (m, e) = gpu.scoped(|| {
                device.create_shader_module(wgpu::ShaderModuleDescriptor {
                    label: Some(match stage {
                        molehill_agal::ProgramKind::Vertex => "vertex",
                        molehill_agal::ProgramKind::Fragment => "fragment",
                    }),
                    source: wgpu::ShaderSource::Wgsl(code.into()),
                })
            });
            match e {
                None => Ok(m),
                Some(e) => {
                    log::error!("{stage:?} shader refused: {e}\n{code}");
                    Err(BackendError::ShaderCompile {
                        stage,
                        log: e.to_string(),
                    })
                }
            }
        };
        let vs = module(molehill_agal::ProgramKind::Vertex, &source.vertex)?;
        let fs = module(molehill_agal::ProgramKind::Fragment, &source.fragment)?;
        let scissor_override = source.fragment.contains(&format!(
            "override {}",
            molehill_agal::wgsl::SCISSOR_DISCARD_OVERRIDE
        ));
        let layout = source.layout;
        // On wgpu 27 a program that samples nothing has an empty texture group
        // (compat::EMPTY_GROUP_SLOTS).
        let needs_textures = !layout.samplers.is_empty() || !crate::compat::EMPTY_GROUP_SLOTS;
        let textures_layout = needs_textures.then(|| {
            let entries: Vec<wgpu::BindGroupLayoutEntry> = layout
                .samplers
                .iter()
                .flat_map(|&(unit, cube)| {
                    [
                        wgpu::BindGroupLayoutEntry {
                            binding: 2 * u32::from(unit),
                            visibility: wgpu::ShaderStages::FRAGMENT,
                            ty: wgpu::BindingType::Texture {
                                sample_type: wgpu::TextureSampleType::Float { filterable: true },
                                view_dimension: if cube {
                                    wgpu::TextureViewDimension::Cube
                                } else {
                                    wgpu::TextureViewDimension::D2
                                },
                                multisampled: false,
                            },
                            count: None,
                        },
                        wgpu::BindGroupLayoutEntry {
                            binding: 2 * u32::from(unit) + 1,
                            visibility: wgpu::ShaderStages::FRAGMENT,
                            ty: wgpu::BindingType::Sampler(wgpu::SamplerBindingType::Filtering),
                            count: None,
                        },
                    ]
                })
                .collect();
            device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
                label: Some("textures"),
                entries: &entries,
            })
        });
        // Groups 0, 1 and 2 of the binding contract; 1 empty for a program that samples
        // nothing.
        const _: () = assert!(
            molehill_agal::wgsl::FRAGMENT_UNIFORM_GROUP == 0
                && molehill_agal::wgsl::TEXTURE_GROUP == 1
                && molehill_agal::wgsl::VERTEX_UNIFORM_GROUP == 2
        );
        let groups = [
            Some(&self.uniform_layouts.fragment),
            textures_layout.as_ref(),
            Some(&self.uniform_layouts.vertex),
        ];
        let pipeline_layout = crate::compat::pipeline_layout(device, "program", &groups);
        self.modules_made += 1;
        let program = GpuProgram {
            vs,
            fs,
            layout,
            textures_layout,
            pipeline_layout,
            users: 1,
            scissor_override,
        };
        let slot = match self.programs.iter().position(Option::is_none) {
            Some(free) => free,
            None => {
                self.programs.push(None);
                self.programs.len() - 1
            }
        };
        self.programs[slot] = Some(program);
        self.by_source.insert(key, slot as u32);
        self.by_id.insert(id, slot as u32);
        Ok(())
    }

    /// Frees program `id`; its modules and pipelines go with its last user. Returns the
    /// slot freed then.
    pub fn dispose(&mut self, id: ProgramId) -> Option<u32> {
        let slot = self.by_id.remove(&id)?;
        let p = self.programs.get_mut(slot as usize)?.as_mut()?;
        p.users -= 1;
        if p.users > 0 {
            return None;
        }
        self.programs[slot as usize] = None;
        self.by_source.retain(|_, s| *s != slot);
        self.cache.retain(|k, _| k.program != slot);
        Some(slot)
    }

    /// Frees everything.
    pub fn clear(&mut self) {
        self.programs.clear();
        self.by_source.clear();
        self.by_id.clear();
        self.cache.clear();
    }

    /// The slot and program of `id`.
    pub fn get(&self, id: ProgramId) -> Option<(u32, &GpuProgram)> {
        let slot = *self.by_id.get(&id)?;
        Some((slot, self.programs.get(slot as usize)?.as_ref()?))
    }

    /// Pipelines in the cache.
    pub fn cached(&self) -> usize {
        self.cache.len()
    }

    /// The pipeline of `key` (`packed`: [`PipelineKey::packed`]), created on first use. A
    /// pipeline the device refuses is [`BackendError::ShaderLink`] with the device's message.
    pub fn pipeline(
        &mut self,
        gpu: &Gpu,
        key: &PipelineKey,
        packed: PackedKey,
    ) -> Result<&wgpu::RenderPipeline, BackendError> {
        self.lookups += 1;
        // One hash of the key for a pipeline made before (no error built for it either).
        let vacant = match bounded_entry(&mut self.cache, packed, MAX_PIPELINES) {
            std::collections::hash_map::Entry::Occupied(e) => return Ok(e.into_mut()),
            std::collections::hash_map::Entry::Vacant(v) => v,
        };
        let Some(Some(program)) = self.programs.get(key.program as usize) else {
            return Err(BackendError::ShaderLink {
                log: "unknown program".into(),
            });
        };
        let (pipeline, error) = gpu.scoped(|| make_pipeline(&gpu.device, program, key));
        if let Some(e) = error {
            log::error!("render pipeline refused: {e}");
            return Err(BackendError::ShaderLink { log: e.to_string() });
        }
        self.pipelines_made += 1;
        Ok(vacant.insert(pipeline))
    }
}

fn make_pipeline(
    device: &wgpu::Device,
    program: &GpuProgram,
    key: &PipelineKey,
) -> wgpu::RenderPipeline {
    let mut attributes: Vec<Vec<wgpu::VertexAttribute>> = vec![Vec::new(); MAX_STREAMS];
    for location in 0..MAX_STREAMS {
        if let Some((a, _)) = key.vertex.attribute(location) {
            attributes[usize::from(a.slot)].push(wgpu::VertexAttribute {
                format: vertex_format(a.format),
                offset: u64::from(a.offset),
                shader_location: location as u32,
            });
        }
    }
    let buffers: Vec<crate::compat::VertexBufferSlot<'_>> = key
        .vertex
        .slots()
        .iter()
        .zip(&attributes)
        .map_while(|(slot, attrs)| {
            slot.map(|s| {
                crate::compat::vertex_buffer_slot(wgpu::VertexBufferLayout {
                    array_stride: u64::from(s.stride),
                    step_mode: if s.instance {
                        wgpu::VertexStepMode::Instance
                    } else {
                        wgpu::VertexStepMode::Vertex
                    },
                    attributes: attrs,
                })
            })
        })
        .collect();
    let b = key.blend;
    let blend = (b != BlendState::default()).then(|| {
        let component = wgpu::BlendComponent {
            src_factor: blend_factor(b.source),
            dst_factor: blend_factor(b.destination),
            operation: wgpu::BlendOperation::Add,
        };
        wgpu::BlendState {
            color: component,
            alpha: component,
        }
    });
    let m = key.color_mask;
    let mut mask = wgpu::ColorWrites::empty();
    for (on, bit) in [
        (m.red, wgpu::ColorWrites::RED),
        (m.green, wgpu::ColorWrites::GREEN),
        (m.blue, wgpu::ColorWrites::BLUE),
        (m.alpha, wgpu::ColorWrites::ALPHA),
    ] {
        if on {
            mask |= bit;
        }
    }
    let targets: Vec<Option<wgpu::ColorTargetState>> = key
        .targets
        .iter()
        .enumerate()
        .map(|(i, format)| {
            format.map(|format| {
                let written = program.layout.color_outputs.contains(&(i as u16));
                wgpu::ColorTargetState {
                    format,
                    // Half-float targets blend too (Rgba16Float is blendable).
                    blend,
                    // A slot the program does not write keeps its texels.
                    write_mask: if written {
                        mask
                    } else {
                        wgpu::ColorWrites::empty()
                    },
                }
            })
        })
        .collect();
    let depth_stencil = key.depth_stencil.map(|(d, s)| wgpu::DepthStencilState {
        format: DEPTH_FORMAT,
        depth_write_enabled: crate::compat::depth_write(d.write),
        depth_compare: crate::compat::depth_compare(compare(d.compare)),
        stencil: wgpu::StencilState {
            front: stencil_face(&s.front),
            back: stencil_face(&s.back),
            read_mask: u32::from(s.read_mask),
            write_mask: u32::from(s.write_mask),
        },
        bias: wgpu::DepthBiasState::default(),
    });
    // A single-sampled target needs no per-pixel scissor test (the hardware scissor is exact;
    // the discard is for lavapipe's 4x MSAA), and a discard costs even when nothing is
    // discarded: such pipelines switch it off where the module lets them.
    let no_discard = [(molehill_agal::wgsl::SCISSOR_DISCARD_OVERRIDE, 0.0)];
    let fragment_constants: &[(&str, f64)] = if program.scissor_override && key.samples == 1 {
        &no_discard
    } else {
        &[]
    };
    device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
        label: Some("draw"),
        layout: Some(&program.pipeline_layout),
        vertex: wgpu::VertexState {
            module: &program.vs,
            entry_point: Some("vs_main"),
            compilation_options: wgpu::PipelineCompilationOptions::default(),
            buffers: &buffers,
        },
        primitive: wgpu::PrimitiveState {
            topology: wgpu::PrimitiveTopology::TriangleList,
            strip_index_format: None,
            front_face: wgpu::FrontFace::Cw,
            cull_mode: cull_mode(key.cull),
            unclipped_depth: false,
            polygon_mode: wgpu::PolygonMode::Fill,
            conservative: false,
        },
        depth_stencil,
        multisample: wgpu::MultisampleState {
            count: key.samples,
            mask: !0,
            alpha_to_coverage_enabled: false,
        },
        fragment: Some(wgpu::FragmentState {
            module: &program.fs,
            entry_point: Some("fs_main"),
            compilation_options: wgpu::PipelineCompilationOptions {
                constants: fragment_constants,
                ..wgpu::PipelineCompilationOptions::default()
            },
            targets: &targets,
        }),
        // compat.rs: 27 calls it `multiview`.
        #[cfg(not(feature = "wgpu27"))]
        multiview_mask: None,
        #[cfg(feature = "wgpu27")]
        multiview: None,
        cache: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use molehill_agal::wgsl::{DRAW_BINDING, FRAGMENT_CONSTANTS_BINDING, VERTEX_CONSTANTS_BINDING};

    #[test]
    fn each_uniform_is_bound_to_the_one_stage_that_reads_it() {
        // vc to the vertex stage alone: a new vc is then no new fragment state (a skinned
        // mesh changes its 2 KiB file at every draw).
        let stages = [
            VERTEX_CONSTANTS_BINDING,
            FRAGMENT_CONSTANTS_BINDING,
            DRAW_BINDING,
        ]
        .map(|b| uniform_entry(b).visibility);
        assert_eq!(
            stages,
            [
                wgpu::ShaderStages::VERTEX,
                wgpu::ShaderStages::FRAGMENT,
                wgpu::ShaderStages::FRAGMENT
            ]
        );
    }
}
