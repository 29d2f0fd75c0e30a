//! A GL player embedding Molehill: a headless EGL context plays the player. Molehill draws a
//! Stage3D frame in the player's own context; the frame comes out as a GL texture, and the
//! compositing helper draws it on the stage in the player's framebuffer. No CPU read-back on
//! the way (one at the end, to show the result).
//!
//! Run: `cargo run -p molehill-gl --example embed_in_player`

use std::error::Error;

use glow::HasContext;
use molehill_agal::{asm::assemble, ProgramKind, Version};
use molehill_context3d::stage::{LayerPlacement, StageLayout};
use molehill_context3d::Context3D;
use molehill_gl::{
    ComposeLayer, ComposeTarget, Compositor, ContextOptions, GlApi, GlBackend, GlContext,
    HostContext,
};

const STAGE: (i32, i32) = (320, 240);

fn main() -> Result<(), Box<dyn Error>> {
    // The player's context. A real player has its own (SDL, GLFW, EGL on its window) and
    // its framebuffer; this one is headless, so it makes a framebuffer to show the stage in.
    let player = GlContext::headless(&ContextOptions::default())?;
    let gl = player.gl();
    let (screen, screen_rb) = player_framebuffer(gl)?;

    // Molehill in the player's context: the player's GL entry points; its context is current.
    // SAFETY: the loader gives entry points of the player's context, current on this thread.
    let host = unsafe { HostContext::from_loader(GlApi::Es30, |n| player.get_proc_address(n)) }?;
    let mut stage3d = Context3D::request(GlBackend::on_host_context(host)?, "auto", "baseline")?;

    // What ActionScript content does: a back buffer, a program, a triangle, present().
    stage3d.configure_back_buffer(256, 256, 0, false, false, false)?;
    stage3d.clear(0.0, 0.0, 0.3, 1.0, 1.0, 0, 0xFFFF_FFFF)?;
    let program = stage3d.create_program()?;
    let vs = assemble("mov op, va0\nmov v0, va1", ProgramKind::Vertex, Version::V1)?;
    let fs = assemble("mov oc, v0", ProgramKind::Fragment, Version::V1)?;
    stage3d.program_upload_decoded(program, &vs, &fs)?;
    let vertices = stage3d.create_vertex_buffer(3, 5, "staticDraw")?;
    #[rustfmt::skip]
    let data = [-0.8, -0.8, 1.0, 0.0, 0.0,  0.0, 0.8, 0.0, 1.0, 0.0,  0.8, -0.8, 0.0, 0.0, 1.0];
    stage3d.vertex_buffer_upload_from_vector(vertices, &data, 0, 3)?;
    let indices = stage3d.create_index_buffer(3, "staticDraw")?;
    stage3d.index_buffer_upload_from_vector(indices, &[0, 1, 2], 0, 3)?;
    stage3d.set_program(Some(program))?;
    stage3d.set_vertex_buffer_at(0, Some(vertices), 0, "float2")?;
    stage3d.set_vertex_buffer_at(1, Some(vertices), 2, "float3")?;
    stage3d.draw_triangles(Some(indices), 0, 1)?;
    stage3d.present()?;

    // The frame as a texture, drawn on the stage by the helper, in the player's framebuffer.
    let frame = stage3d.backend().frame().ok_or("no frame after present")?;
    println!(
        "frame {}: texture {:?}, {}x{} RGBA8, top row first",
        frame.sequence, frame.texture, frame.width, frame.height
    );
    let compositor = Compositor::new(gl, GlApi::Es30)?;
    let stage = StageLayout::new(STAGE.0 as u32, STAGE.1 as u32, 0x202020);
    let layer = ComposeLayer {
        placement: LayerPlacement::new(32, -8, true),
        frame,
    };
    let target = ComposeTarget {
        framebuffer_height: STAGE.1 as u32,
        origin: (0, 0),
    };
    compositor.draw(gl, &stage, target, &[layer]);

    // The player changes GL state on its own, then tells Molehill before its next call.
    // SAFETY: the player's context is current.
    unsafe { gl.viewport(0, 0, STAGE.0, STAGE.1) };
    stage3d.backend_mut().host_state_changed();

    // Show a few stage pixels (rows top first): stage colour, the layer's clear, the triangle.
    let mut px = vec![0u8; (STAGE.0 * STAGE.1 * 4) as usize];
    // SAFETY: the player's context is current; `px` holds the whole framebuffer.
    unsafe {
        gl.read_pixels(
            0,
            0,
            STAGE.0,
            STAGE.1,
            glow::RGBA,
            glow::UNSIGNED_BYTE,
            glow::PixelPackData::Slice(Some(&mut px)),
        )
    };
    for (x, y, what) in [
        (8, 8, "stage"),
        (40, 20, "layer clear"),
        (160, 150, "triangle"),
    ] {
        let i = (((STAGE.1 - 1 - y) * STAGE.0 + x) * 4) as usize;
        println!("stage ({x:3}, {y:3}) {what:12} rgba {:?}", &px[i..i + 4]);
    }
    compositor.delete(gl);
    // SAFETY: the player's context is current; its own framebuffer.
    unsafe { gl.delete_framebuffer(screen) };
    // SAFETY: the player's context is current; its own renderbuffer.
    unsafe { gl.delete_renderbuffer(screen_rb) };
    Ok(())
}

/// The player's screen: an RGBA8 framebuffer of the stage's size, bound, and its renderbuffer.
fn player_framebuffer(
    gl: &glow::Context,
) -> Result<(glow::Framebuffer, glow::Renderbuffer), String> {
    // SAFETY: the player's context is current (just made); objects of its own.
    unsafe {
        let rb = gl.create_renderbuffer()?;
        gl.bind_renderbuffer(glow::RENDERBUFFER, Some(rb));
        gl.renderbuffer_storage(glow::RENDERBUFFER, glow::RGBA8, STAGE.0, STAGE.1);
        let fbo = gl.create_framebuffer()?;
        gl.bind_framebuffer(glow::FRAMEBUFFER, Some(fbo));
        gl.framebuffer_renderbuffer(
            glow::FRAMEBUFFER,
            glow::COLOR_ATTACHMENT0,
            glow::RENDERBUFFER,
            Some(rb),
        );
        Ok((fbo, rb))
    }
}
