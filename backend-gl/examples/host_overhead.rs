//! What embedding costs per draw: tiny draws with a vertex and a fragment constant change
//! each, in Molehill's own context, in its own context while the player's is current (two
//! context switches per entry), and in the player's context (state put back on every return),
//! with the player saying it changed its state once per 100-draw frame or never, or restored
//! only at present (`HostRestore::AtPresent`). With error checking off (Flash's default) the
//! backend keeps the draws and runs them at its next entry (here `present`), so the contract
//! is paid once a frame; with it on (the `checked` lines) every draw is an entry of its own.
//! Times include the rendering (a read-back at the end waits for it).
//!
//! Run: `cargo run --release -p molehill-gl --example host_overhead [DRAWS]`

use std::ffi::CStr;
use std::time::Instant;

use molehill_agal::{asm::assemble, ProgramKind, Version};
use molehill_context3d::*;
use molehill_gl::{ContextOptions, GlApi, GlBackend, GlContext, HostContext, HostRestore};

fn setup(
    b: &mut GlBackend,
) -> Result<(ProgramId, VertexBufferId, IndexBufferId), Box<dyn std::error::Error>> {
    b.configure_back_buffer(&BackBufferConfig {
        width: 64,
        height: 64,
        anti_alias: 0,
        depth_and_stencil: false,
    })?;
    let vs = assemble(
        "m44 op, va0, vc0\nmov v0, va1",
        ProgramKind::Vertex,
        Version::V1,
    )?;
    let fs = assemble("mul oc, v0, fc0", ProgramKind::Fragment, Version::V1)?;
    b.create_program(
        ProgramId(1),
        &molehill_context3d::ProgramUpload::new(&vs, &fs),
    )?;
    let desc = VertexBufferDesc {
        num_vertices: 3,
        data32_per_vertex: 5,
        usage: BufferUsage::StaticDraw,
        instances_per_element: None,
    };
    b.create_vertex_buffer(VertexBufferId(1), &desc)?;
    let v: [f32; 15] = [
        0.0, 0.0, 1.0, 1.0, 1.0, 0.01, 0.0, 1.0, 1.0, 1.0, 0.0, 0.01, 1.0, 1.0, 1.0,
    ];
    let bytes: Vec<u8> = v.iter().flat_map(|f| f.to_le_bytes()).collect();
    b.upload_vertex_buffer(VertexBufferId(1), 0, &bytes)?;
    let ib = IndexBufferDesc {
        num_indices: 3,
        usage: BufferUsage::StaticDraw,
    };
    b.create_index_buffer(IndexBufferId(1), &ib)?;
    b.upload_index_buffer(IndexBufferId(1), 0, &[0, 1, 2])?;
    Ok((ProgramId(1), VertexBufferId(1), IndexBufferId(1)))
}

fn run(
    name: &str,
    b: &mut GlBackend,
    draws: u32,
    changed_every: Option<u32>,
) -> Result<(), Box<dyn std::error::Error>> {
    let objects = setup(b)?;
    // Untimed: the first draw links the program and makes the vertex array, and the first
    // frame of this size grows the driver's buffers.
    frame(None, b, objects, draws, changed_every)?;
    for checked in [false, true] {
        b.set_error_checking(checked);
        let name = if checked {
            format!("{name}, checked")
        } else {
            name.to_string()
        };
        frame(Some(&name), b, objects, draws, changed_every)?;
    }
    Ok(())
}

/// One frame of `draws` draws; prints its rate and GL calls per draw under `name`.
fn frame(
    name: Option<&str>,
    b: &mut GlBackend,
    (program, vb, ib): (ProgramId, VertexBufferId, IndexBufferId),
    draws: u32,
    changed_every: Option<u32>,
) -> Result<(), Box<dyn std::error::Error>> {
    let mut streams = [None; MAX_STREAMS];
    for (slot, (word, format)) in [(0, VertexFormat::Float2), (2, VertexFormat::Float3)]
        .into_iter()
        .enumerate()
    {
        streams[slot] = Some(VertexStream {
            buffer: vb,
            byte_offset: word * 4,
            stride: 20,
            format,
            divisor: 0,
        });
    }
    let draw = ResolvedDraw {
        program,
        streams,
        samplers: [None; MAX_SAMPLERS],
        index_buffer: ib,
        first_index: 0,
        index_count: 3,
        instances: None,
    };
    let before = b.call_counts();
    let start = Instant::now();
    for i in 0..draws {
        if changed_every.is_some_and(|n| i % n == 0) {
            b.host_state_changed();
        }
        let x = (i % 100) as f32 / 100.0;
        let m = [
            [1.0, 0.0, 0.0, x - 0.5],
            [0.0, 1.0, 0.0, 0.0],
            [0.0, 0.0, 1.0, 0.0],
            [0.0, 0.0, 0.0, 1.0],
        ];
        b.set_program_constants(ProgramKind::Vertex, 0, &m);
        b.set_program_constants(ProgramKind::Fragment, 0, &[[x, 1.0 - x, 0.5, 1.0]]);
        b.draw(&draw)?;
    }
    b.present()?;
    // Wait for the rendering too (a read-back waits for the GPU).
    b.read_back_buffer(PixelRect {
        x: 0,
        y: 0,
        width: 1,
        height: 1,
    })?;
    let secs = start.elapsed().as_secs_f64();
    let calls = b.call_counts().since(&before);
    let Some(name) = name else {
        return Ok(());
    };
    println!(
        "{name}: {:.0} draws/s, {:.1} GL calls per draw ({:.1} state/bind/uniform)",
        f64::from(draws) / secs,
        calls.total() as f64 / f64::from(draws),
        calls.state_changes() as f64 / f64::from(draws),
    );
    Ok(())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let draws: u32 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(20_000);
    let mut own = GlBackend::headless(&ContextOptions::default())?;
    run("own context", &mut own, draws, None)?;

    let player = GlContext::headless(&ContextOptions::default())?;
    let mut switching = GlBackend::headless(&ContextOptions::default())?;
    run(
        "own context, the player's current",
        &mut switching,
        draws,
        None,
    )?;

    let loader = |n: &CStr| player.get_proc_address(n);
    // SAFETY: the loader gives the player's entry points; its context is current.
    let host = unsafe { HostContext::from_loader(GlApi::Es30, loader) }?;
    let mut hosted = GlBackend::on_host_context(host)?;
    run("player's context, state trusted", &mut hosted, draws, None)?;
    // SAFETY: as above.
    let host = unsafe { HostContext::from_loader(GlApi::Es30, loader) }?;
    let mut hosted = GlBackend::on_host_context(host)?;
    run(
        "player's context, changed every 100 draws",
        &mut hosted,
        draws,
        Some(100),
    )?;
    // SAFETY: as above.
    let host = unsafe { HostContext::from_loader(GlApi::Es30, loader) }?;
    let mut hosted = GlBackend::on_host_context(host)?;
    hosted.set_host_restore(HostRestore::AtPresent);
    run(
        "player's context, restored at present",
        &mut hosted,
        draws,
        None,
    )?;
    Ok(())
}
