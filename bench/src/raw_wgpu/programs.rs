//! The wgpu baseline's setup, made once and kept: programs (shader modules, layouts, the
//! constants bind group), pipelines, textures and their bind groups.

use crate::renderer::{Blend, Compare, Cull, Sampling, Shader, SIDE};

/// The target's colour format.
pub const COLOR_FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::Rgba8Unorm;
/// The target's depth and stencil format.
pub const DEPTH_FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::Depth24PlusStencil8;

/// A program: its modules, layouts, constants bind group and what it reads.
#[derive(Debug)]
pub struct RawProgram {
    pub vs: wgpu::ShaderModule,
    pub fs: wgpu::ShaderModule,
    pub layout: wgpu::PipelineLayout,
    pub textures_layout: Option<wgpu::BindGroupLayout>,
    pub constants: wgpu::BindGroup,
    /// `vc` and `fc` registers read (`fc` 0: no binding).
    pub registers: [u32; 2],
    pub samplers: usize,
}

/// A texture, its view and its sampler.
#[derive(Debug)]
pub struct RawTexture {
    pub texture: wgpu::Texture,
    pub view: wgpu::TextureView,
    pub sampler: wgpu::Sampler,
    pub side: u32,
}

/// Everything a pipeline depends on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PipelineKey {
    pub program: usize,
    pub layout: usize,
    pub blend: Blend,
    pub depth: (bool, Compare),
    pub cull: Cull,
    pub mask: [bool; 4],
}

fn compare(c: Compare) -> wgpu::CompareFunction {
    match c {
        Compare::Always => wgpu::CompareFunction::Always,
        Compare::Less => wgpu::CompareFunction::Less,
        Compare::LessEqual => wgpu::CompareFunction::LessEqual,
    }
}

fn blend_state(b: Blend) -> Option<wgpu::BlendState> {
    use wgpu::BlendFactor as F;
    let (src_factor, dst_factor) = match b {
        Blend::Opaque => return None,
        Blend::Premultiplied => (F::One, F::OneMinusSrcAlpha),
        Blend::Alpha => (F::SrcAlpha, F::OneMinusSrcAlpha),
        Blend::Add => (F::One, F::One),
    };
    let c = wgpu::BlendComponent {
        src_factor,
        dst_factor,
        operation: wgpu::BlendOperation::Add,
    };
    Some(wgpu::BlendState { color: c, alpha: c })
}

fn uniform_entry(binding: u32, visibility: wgpu::ShaderStages) -> wgpu::BindGroupLayoutEntry {
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

/// A [`SIDE`]-square render attachment.
pub fn attachment(
    device: &wgpu::Device,
    format: wgpu::TextureFormat,
    usage: wgpu::TextureUsages,
) -> wgpu::Texture {
    device.create_texture(&wgpu::TextureDescriptor {
        label: Some("raw target"),
        size: wgpu::Extent3d {
            width: SIDE,
            height: SIDE,
            depth_or_array_layers: 1,
        },
        mip_level_count: 1,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format,
        usage,
        view_formats: &[],
    })
}

/// Program `shader`: its modules, layouts and constants bind group over `uniforms`.
pub fn program(device: &wgpu::Device, uniforms: &wgpu::Buffer, shader: &Shader) -> RawProgram {
    let module = |label, code: &str| {
        device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some(label),
            source: wgpu::ShaderSource::Wgsl(code.into()),
        })
    };
    let vs = module("raw vertex", shader.wgsl_vertex);
    let fs = module("raw fragment", shader.wgsl_fragment);
    let mut entries = vec![uniform_entry(0, wgpu::ShaderStages::VERTEX)];
    if shader.fc > 0 {
        entries.push(uniform_entry(1, wgpu::ShaderStages::FRAGMENT));
    }
    let constants_layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
        label: Some("raw constants"),
        entries: &entries,
    });
    let samplers = shader.samplers as usize;
    let textures_layout = (samplers > 0).then(|| {
        let entries: Vec<wgpu::BindGroupLayoutEntry> = (0..samplers as u32)
            .flat_map(|i| {
                [
                    wgpu::BindGroupLayoutEntry {
                        binding: 2 * i,
                        visibility: wgpu::ShaderStages::FRAGMENT,
                        ty: wgpu::BindingType::Texture {
                            sample_type: wgpu::TextureSampleType::Float { filterable: true },
                            view_dimension: wgpu::TextureViewDimension::D2,
                            multisampled: false,
                        },
                        count: None,
                    },
                    wgpu::BindGroupLayoutEntry {
                        binding: 2 * i + 1,
                        visibility: wgpu::ShaderStages::FRAGMENT,
                        ty: wgpu::BindingType::Sampler(wgpu::SamplerBindingType::Filtering),
                        count: None,
                    },
                ]
            })
            .collect();
        device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("raw textures"),
            entries: &entries,
        })
    });
    let mut groups = vec![Some(&constants_layout)];
    if let Some(t) = &textures_layout {
        groups.push(Some(t));
    }
    let layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
        label: Some("raw"),
        bind_group_layouts: &groups,
        immediate_size: 0,
    });
    let binding = |binding: u32, registers: u32| wgpu::BindGroupEntry {
        binding,
        resource: wgpu::BindingResource::Buffer(wgpu::BufferBinding {
            buffer: uniforms,
            offset: 0,
            size: wgpu::BufferSize::new(16 * u64::from(registers)),
        }),
    };
    let mut bindings = vec![binding(0, shader.vc)];
    if shader.fc > 0 {
        bindings.push(binding(1, shader.fc));
    }
    let constants = device.create_bind_group(&wgpu::BindGroupDescriptor {
        label: Some("raw constants"),
        layout: &constants_layout,
        entries: &bindings,
    });
    RawProgram {
        vs,
        fs,
        layout,
        textures_layout,
        constants,
        registers: [shader.vc, shader.fc],
        samplers,
    }
}

/// A `side`-square `Bgra8Unorm` texture (one level) and its sampler.
pub fn texture(device: &wgpu::Device, side: u32, sampling: Sampling) -> RawTexture {
    let texture = device.create_texture(&wgpu::TextureDescriptor {
        label: Some("raw texture"),
        size: wgpu::Extent3d {
            width: side,
            height: side,
            depth_or_array_layers: 1,
        },
        mip_level_count: 1,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format: wgpu::TextureFormat::Bgra8Unorm,
        usage: wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::COPY_DST,
        view_formats: &[],
    });
    let filter = if sampling.linear {
        wgpu::FilterMode::Linear
    } else {
        wgpu::FilterMode::Nearest
    };
    let wrap = if sampling.repeat {
        wgpu::AddressMode::Repeat
    } else {
        wgpu::AddressMode::ClampToEdge
    };
    let sampler = device.create_sampler(&wgpu::SamplerDescriptor {
        label: Some("raw sampler"),
        address_mode_u: wrap,
        address_mode_v: wrap,
        mag_filter: filter,
        min_filter: filter,
        ..Default::default()
    });
    RawTexture {
        view: texture.create_view(&Default::default()),
        texture,
        sampler,
        side,
    }
}

/// The pipeline of `key` for `program` drawing vertices of `layout` (stride, attributes).
pub fn pipeline(
    device: &wgpu::Device,
    program: &RawProgram,
    (stride, attributes): &(u64, Vec<wgpu::VertexAttribute>),
    key: &PipelineKey,
) -> wgpu::RenderPipeline {
    let m = key.mask;
    let mut mask = wgpu::ColorWrites::empty();
    for (on, bit) in m.into_iter().zip([
        wgpu::ColorWrites::RED,
        wgpu::ColorWrites::GREEN,
        wgpu::ColorWrites::BLUE,
        wgpu::ColorWrites::ALPHA,
    ]) {
        if on {
            mask |= bit;
        }
    }
    let stencil_face = wgpu::StencilFaceState::IGNORE;
    device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
        label: Some("raw"),
        layout: Some(&program.layout),
        vertex: wgpu::VertexState {
            module: &program.vs,
            entry_point: Some("vs_main"),
            compilation_options: Default::default(),
            buffers: &[Some(wgpu::VertexBufferLayout {
                array_stride: *stride,
                step_mode: wgpu::VertexStepMode::Vertex,
                attributes,
            })],
        },
        primitive: wgpu::PrimitiveState {
            topology: wgpu::PrimitiveTopology::TriangleList,
            // Flash's front faces are clockwise on screen.
            front_face: wgpu::FrontFace::Cw,
            cull_mode: match key.cull {
                Cull::None => None,
                Cull::Back => Some(wgpu::Face::Back),
                Cull::Front => Some(wgpu::Face::Front),
            },
            ..Default::default()
        },
        depth_stencil: Some(wgpu::DepthStencilState {
            format: DEPTH_FORMAT,
            depth_write_enabled: Some(key.depth.0),
            depth_compare: Some(compare(key.depth.1)),
            stencil: wgpu::StencilState {
                front: stencil_face,
                back: stencil_face,
                read_mask: 0xff,
                write_mask: 0xff,
            },
            bias: wgpu::DepthBiasState::default(),
        }),
        multisample: wgpu::MultisampleState::default(),
        fragment: Some(wgpu::FragmentState {
            module: &program.fs,
            entry_point: Some("fs_main"),
            compilation_options: Default::default(),
            targets: &[Some(wgpu::ColorTargetState {
                format: COLOR_FORMAT,
                blend: blend_state(key.blend),
                write_mask: mask,
            })],
        }),
        multiview_mask: None,
        cache: None,
    })
}

/// The bind group of `program`'s samplers reading `bound` (indices into `textures`).
pub fn texture_group(
    device: &wgpu::Device,
    program: &RawProgram,
    textures: &[RawTexture],
    bound: [Option<usize>; 2],
) -> Result<wgpu::BindGroup, String> {
    let layout = program.textures_layout.as_ref().ok_or("no sampler")?;
    let mut entries = Vec::new();
    for (i, t) in bound.iter().enumerate().take(program.samplers) {
        let t = &textures[t.ok_or("a sampler without texture")?];
        entries.push(wgpu::BindGroupEntry {
            binding: 2 * i as u32,
            resource: wgpu::BindingResource::TextureView(&t.view),
        });
        entries.push(wgpu::BindGroupEntry {
            binding: 2 * i as u32 + 1,
            resource: wgpu::BindingResource::Sampler(&t.sampler),
        });
    }
    Ok(device.create_bind_group(&wgpu::BindGroupDescriptor {
        label: Some("raw textures"),
        layout,
        entries: &entries,
    }))
}
