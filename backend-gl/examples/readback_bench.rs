//! Read-back of every frame at 800x600 and 1920x1080: synchronous (`drawToBitmapData`'s
//! path, `read_back_buffer` after each present) against pixel buffer objects
//! (`set_frame_readback`, `take_frame_pixels` without waiting). Prints milliseconds per frame
//! for the whole frame (clear, a quad, present, read-back) and for the read-back calls alone.
//!
//! Run: `cargo run --release -p molehill-gl --example readback_bench [FRAMES]`

use std::time::{Duration, Instant};

use molehill_agal::{asm::assemble, ProgramKind, Version};
use molehill_context3d::*;
use molehill_gl::{ContextOptions, GlBackend};

struct Scene {
    program: ProgramId,
    vb: VertexBufferId,
    ib: IndexBufferId,
}

fn setup(b: &mut GlBackend, w: u32, h: u32) -> Result<Scene, Box<dyn std::error::Error>> {
    b.configure_back_buffer(&BackBufferConfig {
        width: w,
        height: h,
        anti_alias: 0,
        depth_and_stencil: false,
    })?;
    let vs = assemble("mov op, va0\nmov v0, va1", ProgramKind::Vertex, Version::V1)?;
    let fs = assemble("mov oc, v0", ProgramKind::Fragment, Version::V1)?;
    let program = ProgramId(1);
    b.create_program(program, &molehill_context3d::ProgramUpload::new(&vs, &fs))?;
    let vb = VertexBufferId(1);
    let desc = VertexBufferDesc {
        num_vertices: 4,
        data32_per_vertex: 5,
        usage: BufferUsage::StaticDraw,
        instances_per_element: None,
    };
    b.create_vertex_buffer(vb, &desc)?;
    let v: [f32; 20] = [
        -0.9, 0.9, 1.0, 0.0, 0.0, 0.9, 0.9, 0.0, 1.0, 0.0, 0.9, -0.9, 0.0, 0.0, 1.0, -0.9, -0.9,
        1.0, 1.0, 1.0,
    ];
    let bytes: Vec<u8> = v.iter().flat_map(|f| f.to_le_bytes()).collect();
    b.upload_vertex_buffer(vb, 0, &bytes)?;
    let ib = IndexBufferId(1);
    b.create_index_buffer(
        ib,
        &IndexBufferDesc {
            num_indices: 6,
            usage: BufferUsage::StaticDraw,
        },
    )?;
    b.upload_index_buffer(ib, 0, &[0, 1, 2, 0, 2, 3])?;
    Ok(Scene { program, vb, ib })
}

fn frame(b: &mut GlBackend, s: &Scene, i: u32) -> Result<(), BackendError> {
    let c = (i % 10) as f32 / 10.0;
    b.clear(&Clear {
        color: [c, 0.2, 0.3, 1.0],
        depth: 1.0,
        stencil: 0,
        mask: ClearMask {
            color: true,
            depth: false,
            stencil: false,
        },
    });
    let mut streams = [None; MAX_STREAMS];
    for (slot, (word, format)) in [(0, VertexFormat::Float2), (2, VertexFormat::Float3)]
        .into_iter()
        .enumerate()
    {
        streams[slot] = Some(VertexStream {
            buffer: s.vb,
            byte_offset: word * 4,
            stride: 20,
            format,
            divisor: 0,
        });
    }
    b.draw(&ResolvedDraw {
        program: s.program,
        streams,
        samplers: [None; MAX_SAMPLERS],
        index_buffer: s.ib,
        first_index: 0,
        index_count: 6,
        instances: None,
    })?;
    b.present()
}

fn ms(d: Duration, n: u32) -> f64 {
    d.as_secs_f64() * 1000.0 / f64::from(n)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let frames: u32 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(30);
    for (w, h) in [(800, 600), (1920, 1080)] {
        let mut b = GlBackend::headless(&ContextOptions::default())?;
        let s = setup(&mut b, w, h)?;
        let rect = PixelRect {
            x: 0,
            y: 0,
            width: w,
            height: h,
        };
        // Warm up.
        frame(&mut b, &s, 0)?;
        b.read_back_buffer(rect)?;

        let (mut total, mut reading) = (Duration::ZERO, Duration::ZERO);
        for i in 0..frames {
            let t = Instant::now();
            frame(&mut b, &s, i)?;
            let r = Instant::now();
            let px = b.read_back_buffer(rect)?;
            reading += r.elapsed();
            total += t.elapsed();
            assert_eq!(px.len(), (w * h) as usize);
        }
        println!(
            "{w}x{h} synchronous: {:.2} ms/frame, read-back {:.2} ms/frame ({} frames, {})",
            ms(total, frames),
            ms(reading, frames),
            frames,
            b.gl_info().renderer
        );

        b.set_frame_readback(3);
        let (mut total, mut reading, mut got) = (Duration::ZERO, Duration::ZERO, 0u32);
        for i in 0..frames {
            let t = Instant::now();
            frame(&mut b, &s, i)?;
            let r = Instant::now();
            while let Some(f) = b.take_frame_pixels(false)? {
                assert_eq!(f.pixels.len(), (w * h) as usize);
                got += 1;
            }
            reading += r.elapsed();
            total += t.elapsed();
        }
        while b.take_frame_pixels(true)?.is_some() {
            got += 1;
        }
        println!(
            "{w}x{h} PBO ring of 3: {:.2} ms/frame, read-back calls {:.2} ms/frame; {got} of {frames} frames delivered, {} dropped",
            ms(total, frames),
            ms(reading, frames),
            b.dropped_frame_readbacks()
        );
    }
    Ok(())
}
