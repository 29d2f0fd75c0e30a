//! Render targets in Flash's 16-bit formats: a `bgraPacked4444` texture is D3D9's A4R4G4B4
//! (4 bits per channel) and a `bgrPacked565` one R5G6B5 (no alpha: it reads 1), in Flash and
//! in molehill-gl (`GL_RGBA4`, `GL_RGB565`). wgpu has no such formats, so they are stored as
//! `Rgba8Unorm`, and what a target of that kind holds is brought to its bits by the pass here
//! ([`Quantiser`]): the texture copied to a scratch texture and drawn back, each channel rounded
//! to its bits (`round(c * max) / max`). When it runs (before a draw that blends over the
//! target, and when the target is left) and why that is exact is context3d's rule for both
//! backends (`molehill_context3d::targets::QuantiseSchedule`, whose module docs hold the proof);
//! a clear gives such a target the colour the format holds (`Packing::clear_color`, in the pass
//! recorder's load operations).
//!
//! An anti-aliased target is quantised sample by sample (the multisampled texture copied and
//! drawn back at sample rate), and the resolved texture as the average of the quantised
//! samples, quantised: GL's resolve of a 4-bit multisampled surface into a 4-bit texture.

use std::collections::HashMap;

use molehill_context3d::targets::Packing;

/// A colour attachment in a 16-bit format: what its quantisation copies and draws into.
#[derive(Debug, Clone)]
pub struct PackedTarget {
    /// The packing.
    pub packing: Packing,
    /// The texture (level 0 is the target).
    pub texture: wgpu::Texture,
    /// The layer (cube face) drawn into.
    pub layer: u32,
    /// The multisampled texture drawn into before the resolve, when anti-aliased.
    pub msaa: Option<wgpu::Texture>,
}

/// The shader: a full-screen triangle and the quantising fragment stages.
const SHADER: &str = "
override r_max: f32 = 15.0;
override g_max: f32 = 15.0;
override b_max: f32 = 15.0;
// 0: the format has no alpha (it reads 1).
override a_max: f32 = 15.0;

fn quantise(c: vec4<f32>) -> vec4<f32> {
    let m = vec4<f32>(r_max, g_max, b_max, max(a_max, 1.0));
    let q = round(clamp(c, vec4<f32>(0.0), vec4<f32>(1.0)) * m) / m;
    return vec4<f32>(q.rgb, select(q.a, 1.0, a_max == 0.0));
}

@vertex
fn vs_main(@builtin(vertex_index) i: u32) -> @builtin(position) vec4<f32> {
    return vec4<f32>(f32(i32(i & 1u) * 4 - 1), f32(i32(i >> 1u) * 4 - 1), 0.0, 1.0);
}
";

const SINGLE: &str = "
@group(0) @binding(0) var copy: texture_2d<f32>;

@fragment
fn fs_main(@builtin(position) p: vec4<f32>) -> @location(0) vec4<f32> {
    return quantise(textureLoad(copy, vec2<i32>(p.xy), 0));
}
";

/// The multisampled stages. The sample a draw writes is its pipeline's (`sample`, with the
/// multisample mask `1 << sample`) and the count an override too: neither
/// `@builtin(sample_index)` (per-sample shading) nor `textureNumSamples` is in every wgpu
/// adapter (NVIDIA's GL ES through wgpu's GL backend has neither).
const MULTI: &str = "
@group(0) @binding(0) var copy: texture_multisampled_2d<f32>;
override sample: u32 = 0u;
override samples: u32 = 4u;

@fragment
fn fs_sample(@builtin(position) p: vec4<f32>) -> @location(0) vec4<f32> {
    return quantise(textureLoad(copy, vec2<i32>(p.xy), i32(sample)));
}

@fragment
fn fs_resolve(@builtin(position) p: vec4<f32>) -> @location(0) vec4<f32> {
    var sum = vec4<f32>(0.0);
    for (var i = 0u; i < samples; i++) {
        sum += quantise(textureLoad(copy, vec2<i32>(p.xy), i32(i)));
    }
    return quantise(sum / f32(samples));
}
";

/// What a quantising draw does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Stage {
    /// A single-sampled texture from its copy.
    Single,
    /// Sample `index` of a multisampled texture of `count` samples from its copy.
    Sample { index: u32, count: u32 },
    /// The resolved texture from the copy of a multisampled one of this many samples.
    Resolve(u32),
}

/// A scratch texture the target is copied to, and its bind group.
#[derive(Debug)]
struct Scratch {
    texture: wgpu::Texture,
    group: wgpu::BindGroup,
}

/// A quantising shader module with its bind group and pipeline layouts.
type Parts = (
    wgpu::ShaderModule,
    wgpu::BindGroupLayout,
    wgpu::PipelineLayout,
);

/// The quantising pass's pipelines and scratch textures, made on first use.
#[derive(Debug)]
pub struct Quantiser {
    single: Parts,
    /// The multisampled stages' parts, made for the first anti-aliased packed target.
    multi: Option<Parts>,
    pipelines: HashMap<(Packing, Stage), wgpu::RenderPipeline>,
    scratch: HashMap<(u32, u32, u32), Scratch>,
    /// wgpu's GL backend: an anti-aliased target's samples are left as they are and only its
    /// resolved texture is quantised. wgpu-hal 30's GL backend cannot read a multisampled
    /// texture: it makes one that is sampled or copied (not a renderbuffer) with target
    /// `GL_TEXTURE_2D` (`glTexStorage2DMultisample` fails, `GL_INVALID_ENUM`), copies with
    /// `glCopyTexSubImage2D` (which cannot read a multisampled surface) and ignores a
    /// pipeline's multisample mask; the samples' pass left the target empty (it read 0).
    /// Blending inside such a target then reads 8-bit samples (molehill-gl's fallback too).
    resolve_only: bool,
    /// That the resolve alone is quantised was logged (once).
    resolve_only_logged: bool,
}

/// Most scratch textures kept (one per target size and sample count); past it they go.
const MAX_SCRATCH: usize = 16;

fn parts(device: &wgpu::Device, code: &str, multisampled: bool) -> Parts {
    let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
        label: Some("packed target quantise"),
        source: wgpu::ShaderSource::Wgsl(format!("{SHADER}{code}").into()),
    });
    let layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
        label: Some("packed target copy"),
        entries: &[wgpu::BindGroupLayoutEntry {
            binding: 0,
            visibility: wgpu::ShaderStages::FRAGMENT,
            ty: wgpu::BindingType::Texture {
                sample_type: wgpu::TextureSampleType::Float { filterable: false },
                view_dimension: wgpu::TextureViewDimension::D2,
                multisampled,
            },
            count: None,
        }],
    });
    let pipeline_layout =
        crate::compat::pipeline_layout(device, "packed target quantise", &[Some(&layout)]);
    (module, layout, pipeline_layout)
}

/// The format packed targets are stored in.
const FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::Rgba8Unorm;

impl Quantiser {
    /// The shaders and layouts on `device`; `msaa_copy`: `Caps::msaa_copy` (else only the
    /// resolve of a multisampled target is quantised).
    pub fn new(device: &wgpu::Device, msaa_copy: bool) -> Quantiser {
        Quantiser {
            single: parts(device, SINGLE, false),
            multi: None,
            pipelines: HashMap::new(),
            scratch: HashMap::new(),
            resolve_only: !msaa_copy,
            resolve_only_logged: false,
        }
    }

    fn pipeline(&mut self, device: &wgpu::Device, packing: Packing, stage: Stage) {
        if self.pipelines.contains_key(&(packing, stage)) {
            return;
        }
        let [r, g, b, a] = packing.maxima().map(f64::from);
        let mut constants = vec![("r_max", r), ("g_max", g), ("b_max", b), ("a_max", a)];
        let (entry, samples, mask) = match stage {
            Stage::Single => ("fs_main", 1, !0),
            Stage::Sample { index, count } => {
                constants.push(("sample", f64::from(index)));
                ("fs_sample", count, 1u64 << index)
            }
            Stage::Resolve(count) => {
                constants.push(("samples", f64::from(count)));
                ("fs_resolve", 1, !0)
            }
        };
        let (module, _, layout) = match stage {
            Stage::Single => &self.single,
            Stage::Sample { .. } | Stage::Resolve(_) => {
                self.multi.get_or_insert_with(|| parts(device, MULTI, true))
            }
        };
        let pipeline = device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
            label: Some("packed target quantise"),
            layout: Some(layout),
            vertex: wgpu::VertexState {
                module,
                entry_point: Some("vs_main"),
                compilation_options: wgpu::PipelineCompilationOptions::default(),
                buffers: &[],
            },
            primitive: wgpu::PrimitiveState::default(),
            depth_stencil: None,
            multisample: wgpu::MultisampleState {
                count: samples,
                mask,
                alpha_to_coverage_enabled: false,
            },
            fragment: Some(wgpu::FragmentState {
                module,
                entry_point: Some(entry),
                compilation_options: wgpu::PipelineCompilationOptions {
                    constants: &constants,
                    ..wgpu::PipelineCompilationOptions::default()
                },
                targets: &[Some(wgpu::ColorTargetState {
                    format: FORMAT,
                    blend: None,
                    write_mask: wgpu::ColorWrites::ALL,
                })],
            }),
            // compat.rs: 27 calls it `multiview`.
            #[cfg(not(feature = "wgpu27"))]
            multiview_mask: None,
            #[cfg(feature = "wgpu27")]
            multiview: None,
            cache: None,
        });
        self.pipelines.insert((packing, stage), pipeline);
    }

    fn scratch(&mut self, device: &wgpu::Device, (w, h): (u32, u32), samples: u32) {
        let key = (w.max(1), h.max(1), samples);
        if self.scratch.contains_key(&key) {
            return;
        }
        if self.scratch.len() >= MAX_SCRATCH {
            self.scratch.clear();
        }
        let texture = device.create_texture(&wgpu::TextureDescriptor {
            label: Some("packed target copy"),
            size: wgpu::Extent3d {
                width: key.0,
                height: key.1,
                depth_or_array_layers: 1,
            },
            mip_level_count: 1,
            sample_count: samples,
            dimension: wgpu::TextureDimension::D2,
            format: FORMAT,
            // wgpu makes a multisampled texture only as a render attachment.
            usage: wgpu::TextureUsages::TEXTURE_BINDING
                | wgpu::TextureUsages::COPY_DST
                | wgpu::TextureUsages::RENDER_ATTACHMENT,
            view_formats: &[],
        });
        let layout = if samples > 1 {
            &self
                .multi
                .get_or_insert_with(|| parts(device, MULTI, true))
                .1
        } else {
            &self.single.1
        };
        let view = texture.create_view(&wgpu::TextureViewDescriptor::default());
        let group = device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("packed target copy"),
            layout,
            entries: &[wgpu::BindGroupEntry {
                binding: 0,
                resource: wgpu::BindingResource::TextureView(&view),
            }],
        });
        self.scratch.insert(key, Scratch { texture, group });
    }

    /// Records the quantisation of one packed attachment of a `size` target: `view` is
    /// what draws go to and `resolve` the single-sampled view it resolves to (anti-aliased
    /// targets). Returns the render passes recorded.
    pub fn record(
        &mut self,
        device: &wgpu::Device,
        encoder: &mut wgpu::CommandEncoder,
        target: &PackedTarget,
        (view, resolve): (&wgpu::TextureView, Option<&wgpu::TextureView>),
        size: (u32, u32),
    ) -> u64 {
        let extent = wgpu::Extent3d {
            width: size.0.max(1),
            height: size.1.max(1),
            depth_or_array_layers: 1,
        };
        let multisampled = target.msaa.is_some() && resolve.is_some();
        if multisampled && self.resolve_only && !self.resolve_only_logged {
            self.resolve_only_logged = true;
            log::warn!(
                "molehill-wgpu on wgpu's GL backend: anti-aliased packed targets are quantised \
                 after their resolve only (it cannot read multisampled textures)"
            );
        }
        let (source, layer, samples) = match (&target.msaa, resolve) {
            (Some(msaa), Some(_)) if !self.resolve_only => (msaa, 0, msaa.sample_count()),
            _ => (&target.texture, target.layer, 1),
        };
        self.scratch(device, size, samples);
        let key = (extent.width, extent.height, samples);
        let Some(scratch) = self.scratch.get(&key) else {
            return 0;
        };
        encoder.copy_texture_to_texture(
            wgpu::TexelCopyTextureInfo {
                texture: source,
                mip_level: 0,
                origin: wgpu::Origin3d {
                    x: 0,
                    y: 0,
                    z: layer,
                },
                aspect: wgpu::TextureAspect::All,
            },
            scratch.texture.as_image_copy(),
            extent,
        );
        let group = scratch.group.clone();
        // One pass per view: the samples' draws (one a sample) into the multisampled
        // texture, then the resolve into the single-sampled one.
        let passes: Vec<(Vec<Stage>, &wgpu::TextureView)> = match resolve {
            Some(resolved) if samples > 1 => {
                let each = (0..samples).map(|index| Stage::Sample {
                    index,
                    count: samples,
                });
                vec![
                    (each.collect(), view),
                    (vec![Stage::Resolve(samples)], resolved),
                ]
            }
            // A single-sampled target, or (wgpu's GL backend) the resolve of a multisampled
            // one.
            _ => vec![(vec![Stage::Single], resolve.unwrap_or(view))],
        };
        let mut recorded = 0;
        for (stages, into) in passes {
            for &stage in &stages {
                self.pipeline(device, target.packing, stage);
            }
            let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
                label: Some("packed target quantise"),
                color_attachments: &[Some(wgpu::RenderPassColorAttachment {
                    view: into,
                    depth_slice: None,
                    resolve_target: None,
                    ops: wgpu::Operations {
                        load: wgpu::LoadOp::Load,
                        store: wgpu::StoreOp::Store,
                    },
                })],
                depth_stencil_attachment: None,
                timestamp_writes: None,
                occlusion_query_set: None,
                // compat.rs: wgpu 27 has no `multiview_mask` on a pass.
                #[cfg(not(feature = "wgpu27"))]
                multiview_mask: None,
            });
            pass.set_bind_group(0, &group, &[]);
            for stage in &stages {
                if let Some(pipeline) = self.pipelines.get(&(target.packing, *stage)) {
                    pass.set_pipeline(pipeline);
                    pass.draw(0..3, 0..1);
                }
            }
            recorded += 1;
        }
        recorded
    }
}
