//! A wgpu "player" that owns its device, lets Molehill draw a Stage3D frame on it, and
//! composites that frame into a texture of its own, with no read-back of the Stage3D layer;
//! the host's texture is then written as a PNG.
//!
//! ```text
//! cargo run -p molehill-wgpu --example composite [OUT.png]
//! ```

use std::error::Error;

// The wgpu molehill-wgpu is built against (30, or 27 with its feature `wgpu27`).
use molehill_wgpu::wgpu;

use molehill_context3d::{Context3D, Endian};
use molehill_wgpu::WgpuBackend;

const HOST_W: u32 = 320;
const HOST_H: u32 = 240;

/// The host's compositing shader: a quad at a rectangle of the host target, sampling the
/// Stage3D frame (row 0 at the top, premultiplied alpha).
const COMPOSITE: &str = "
struct Out { @builtin(position) pos: vec4<f32>, @location(0) uv: vec2<f32> }
@vertex fn vs(@builtin(vertex_index) i: u32) -> Out {
    let corner = vec2<f32>(f32(i & 1u), f32(i >> 1u));
    var o: Out;
    // The frame covers x -0.8..0.8, y -0.8..0.8 of the host target.
    o.pos = vec4<f32>(mix(-0.8, 0.8, corner.x), mix(0.8, -0.8, corner.y), 0.0, 1.0);
    o.uv = corner;
    return o;
}
@group(0) @binding(0) var frame: texture_2d<f32>;
@group(0) @binding(1) var frame_sampler: sampler;
@fragment fn fs(v: Out) -> @location(0) vec4<f32> {
    return textureSample(frame, frame_sampler, v.uv);
}";

fn main() -> Result<(), Box<dyn Error>> {
    let out = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "composite.png".into());

    // 1. The host's own device (a player already has one).
    let instance = wgpu::Instance::default();
    let adapter = pollster::block_on(instance.request_adapter(&Default::default()))?;
    let (device, queue) = pollster::block_on(adapter.request_device(&Default::default()))?;

    // 2. Molehill on the same device: one Context3D, one frame of Stage3D content.
    let backend = WgpuBackend::on_host_device(&adapter, device.clone(), queue.clone());
    let mut ctx = Context3D::request(backend, "auto", "baseline")?;
    ctx.configure_back_buffer(256, 192, 0, false, false, false)?;
    let asm = |text: &str, kind| -> Result<Vec<u8>, Box<dyn Error>> {
        Ok(molehill_agal::encode(&molehill_agal::asm::assemble(
            text,
            kind,
            molehill_agal::Version::V1,
        )?))
    };
    let vertex = asm(
        "mov op, va0\nmov v0, va1",
        molehill_agal::ProgramKind::Vertex,
    )?;
    let fragment = asm("mov oc, v0", molehill_agal::ProgramKind::Fragment)?;
    let program = ctx.create_program()?;
    ctx.program_upload(program, &vertex, Endian::Little, &fragment, Endian::Little)?;
    let vb = ctx.create_vertex_buffer(3, 6, "staticDraw")?;
    #[rustfmt::skip]
    let triangle = [
        0.0, 0.8, 1.0, 0.0, 0.0, 1.0,
        0.8, -0.8, 0.0, 1.0, 0.0, 1.0,
        -0.8, -0.8, 0.0, 0.0, 1.0, 1.0,
    ];
    ctx.vertex_buffer_upload_from_vector(vb, &triangle, 0, 3)?;
    let ib = ctx.create_index_buffer(3, "staticDraw")?;
    ctx.index_buffer_upload_from_vector(ib, &[0, 1, 2], 0, 3)?;
    ctx.set_vertex_buffer_at(0, Some(vb), 0, "float2")?;
    ctx.set_vertex_buffer_at(1, Some(vb), 2, "float4")?;
    ctx.set_program(Some(program))?;
    // Half-transparent black behind the triangle (premultiplied: the host sees through it).
    ctx.clear(0.0, 0.0, 0.0, 0.5, 1.0, 0, 0xffff_ffff)?;
    ctx.draw_triangles(Some(ib), 0, 1)?;
    ctx.present()?;

    // 3. The host composites the frame into its own target.
    let frame = ctx.backend().frame().ok_or("no back buffer")?;
    let host = device.create_texture(&wgpu::TextureDescriptor {
        label: Some("host target"),
        size: wgpu::Extent3d {
            width: HOST_W,
            height: HOST_H,
            depth_or_array_layers: 1,
        },
        mip_level_count: 1,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format: wgpu::TextureFormat::Rgba8Unorm,
        usage: wgpu::TextureUsages::RENDER_ATTACHMENT | wgpu::TextureUsages::COPY_SRC,
        view_formats: &[],
    });
    let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
        label: Some("composite"),
        source: wgpu::ShaderSource::Wgsl(COMPOSITE.into()),
    });
    let pipeline = device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
        label: Some("composite"),
        layout: None,
        vertex: wgpu::VertexState {
            module: &module,
            entry_point: Some("vs"),
            compilation_options: Default::default(),
            buffers: &[],
        },
        primitive: wgpu::PrimitiveState {
            topology: wgpu::PrimitiveTopology::TriangleStrip,
            ..Default::default()
        },
        depth_stencil: None,
        multisample: Default::default(),
        fragment: Some(wgpu::FragmentState {
            module: &module,
            entry_point: Some("fs"),
            compilation_options: Default::default(),
            targets: &[Some(wgpu::ColorTargetState {
                format: wgpu::TextureFormat::Rgba8Unorm,
                // The frame is premultiplied.
                blend: Some(wgpu::BlendState::PREMULTIPLIED_ALPHA_BLENDING),
                write_mask: wgpu::ColorWrites::ALL,
            })],
        }),
        // A host on wgpu 27 (molehill-wgpu's feature `wgpu27`) names it `multiview`.
        #[cfg(not(feature = "wgpu27"))]
        multiview_mask: None,
        #[cfg(feature = "wgpu27")]
        multiview: None,
        cache: None,
    });
    let sampler = device.create_sampler(&wgpu::SamplerDescriptor::default());
    let bind_group = device.create_bind_group(&wgpu::BindGroupDescriptor {
        label: Some("frame"),
        layout: &pipeline.get_bind_group_layout(0),
        entries: &[
            wgpu::BindGroupEntry {
                binding: 0,
                resource: wgpu::BindingResource::TextureView(frame.view),
            },
            wgpu::BindGroupEntry {
                binding: 1,
                resource: wgpu::BindingResource::Sampler(&sampler),
            },
        ],
    });
    let mut encoder = device.create_command_encoder(&Default::default());
    {
        let view = host.create_view(&Default::default());
        let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
            label: Some("host frame"),
            color_attachments: &[Some(wgpu::RenderPassColorAttachment {
                view: &view,
                depth_slice: None,
                resolve_target: None,
                ops: wgpu::Operations {
                    // The player's own background.
                    load: wgpu::LoadOp::Clear(wgpu::Color {
                        r: 0.9,
                        g: 0.9,
                        b: 0.6,
                        a: 1.0,
                    }),
                    store: wgpu::StoreOp::Store,
                },
            })],
            ..Default::default()
        });
        pass.set_pipeline(&pipeline);
        pass.set_bind_group(0, &bind_group, &[]);
        pass.draw(0..4, 0..1);
    }

    // 4. Only to write the PNG: read the host's texture back.
    let row = (4 * HOST_W).div_ceil(wgpu::COPY_BYTES_PER_ROW_ALIGNMENT)
        * wgpu::COPY_BYTES_PER_ROW_ALIGNMENT;
    let buffer = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("png"),
        size: u64::from(row * HOST_H),
        usage: wgpu::BufferUsages::COPY_DST | wgpu::BufferUsages::MAP_READ,
        mapped_at_creation: false,
    });
    encoder.copy_texture_to_buffer(
        host.as_image_copy(),
        wgpu::TexelCopyBufferInfo {
            buffer: &buffer,
            layout: wgpu::TexelCopyBufferLayout {
                offset: 0,
                bytes_per_row: Some(row),
                rows_per_image: Some(HOST_H),
            },
        },
        host.size(),
    );
    queue.submit([encoder.finish()]);
    buffer.slice(..).map_async(wgpu::MapMode::Read, |_| {});
    device.poll(wgpu::PollType::Wait {
        submission_index: None,
        timeout: None,
    })?;
    // wgpu 30's `get_mapped_range` is a `Result`, wgpu 27's the view itself.
    #[cfg(not(feature = "wgpu27"))]
    let data = buffer.slice(..).get_mapped_range()?;
    #[cfg(feature = "wgpu27")]
    let data = buffer.slice(..).get_mapped_range();
    let mut pixels = Vec::with_capacity((4 * HOST_W * HOST_H) as usize);
    for y in 0..HOST_H as usize {
        pixels.extend_from_slice(&data[y * row as usize..][..4 * HOST_W as usize]);
    }
    let file = std::io::BufWriter::new(std::fs::File::create(&out)?);
    let mut png = png::Encoder::new(file, HOST_W, HOST_H);
    png.set_color(png::ColorType::Rgba);
    png.set_depth(png::BitDepth::Eight);
    png.write_header()?.write_image_data(&pixels)?;
    println!("wrote {out} ({HOST_W}x{HOST_H}): a Stage3D frame composited by the host");
    Ok(())
}
