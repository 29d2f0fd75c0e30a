//! `molehill bench [--backend gl|wgpu|wgpu-gl] [--frames N] [SCENARIO]`: frames drawn through
//! the shim's public API on a headless backend, with frames/s, draws/s, wall time per draw,
//! and the backend's work: GL calls per draw by kind (`backend_gl::GlBackend::call_counts`),
//! or wgpu render passes, submits, pipelines and bind groups per frame
//! (`backend_wgpu::WgpuBackend::counters`), read through a [`SharedBackend`]. Numbers are
//! reported, never checked.

use std::cell::RefCell;
use std::rc::Rc;
use std::time::Instant;

use agal::flash::FlashError;
use agal::{ProgramKind, Version};
use backend_gl::{CallCounts, CallKind, ContextOptions, GlBackend};
use backend_wgpu::{Api, Counters, DeviceOptions, WgpuBackend};
use context3d::Backend;
use player_shim::as3::{BitmapData, ByteArray};
use player_shim::{
    BackendCreationError, BackendKind, Context3D, IndexBuffer3D, NoEvents, Program3D, Rect,
    SharedBackend, Stage3D, TextureBase,
};

/// The back buffer's side in pixels.
const SIDE: i32 = 512;
/// Starling: batches per frame and quads per batch.
const BATCHES: usize = 64;
const QUADS_PER_BATCH: usize = 32;
/// State: draws per frame.
const STATE_DRAWS: usize = 256;

/// Starling 2's textured, tinted mesh style, written out here (not read from the corpus).
const STARLING_VERTEX: &str = "m44 op, va0, vc0\nmov v0, va1\nmul v1, va2, vc4\n";
const STARLING_FRAGMENT: &str = "tex ft0, v0, fs0 <2d,linear,mipnone,clamp>\nmul oc, ft0, v1\n";
/// Two untextured fragment programs for the state scenario.
const TINT_FRAGMENT: &str = "mul oc, v1, fc0\n";
const COLOR_FRAGMENT: &str = "mov oc, fc0\n";

/// Which scenario to run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Scenario {
    /// A Starling-like frame: 64 batches of 32 textured, tinted, alpha-blended quads, two
    /// textures alternating, a matrix and a tint per batch, the vertex buffer re-uploaded
    /// each frame.
    Starling,
    /// 256 small draws per frame, each after changing blend, depth, culling, scissor, colour
    /// mask, program and a fragment constant.
    State,
}

/// Arguments of `molehill bench`.
#[derive(Debug, clap::Args)]
pub struct BenchArgs {
    /// Frames to time (after one untimed warm-up frame).
    #[arg(long, default_value_t = 300, value_parser = clap::value_parser!(u32).range(1..))]
    pub frames: u32,
    /// The renderer: `gl`, `wgpu` (Vulkan) or `wgpu-gl`.
    #[arg(long, default_value = "gl", value_parser = crate::parse_backend)]
    pub backend: BackendKind,
    /// The scenario; both when left out.
    #[arg(value_enum)]
    pub scenario: Option<Scenario>,
}

pub fn run(args: &BenchArgs) -> Result<std::process::ExitCode, String> {
    let scenarios = match args.scenario {
        Some(s) => vec![s],
        None => vec![Scenario::Starling, Scenario::State],
    };
    for scenario in scenarios {
        bench(scenario, args.frames, args.backend)?;
    }
    Ok(std::process::ExitCode::SUCCESS)
}

/// Why a scenario could not run: a call threw, or the bench's own AGAL did not assemble.
#[derive(Debug, thiserror::Error)]
enum BenchError {
    #[error(transparent)]
    Flash(#[from] FlashError),
    #[error("the bench's AGAL: {0}")]
    Asm(#[from] agal::asm::AsmError),
}

/// What one scenario sets up, then draws one frame of.
trait Frame {
    /// Draw calls in one frame.
    fn draws(&self) -> usize;
    /// One frame's calls up to (not including) `present`.
    fn frame(&mut self, ctx: &mut Context3D, n: u32) -> Result<(), FlashError>;
}

/// The backend a bench draws with, kept to read its counters between frames.
enum Probe {
    Gl(Rc<RefCell<GlBackend>>),
    Wgpu(Rc<RefCell<WgpuBackend>>),
}

/// The backend's counters at one moment.
enum Counts {
    Gl(CallCounts),
    Wgpu(Counters),
}

impl Probe {
    fn counts(&self) -> Counts {
        match self {
            Probe::Gl(b) => Counts::Gl(b.borrow().call_counts()),
            Probe::Wgpu(b) => Counts::Wgpu(b.borrow().counters()),
        }
    }
}

impl Counts {
    /// Draws that reached the device since `earlier`, and the report lines.
    fn report(&self, earlier: &Counts, draws: f64, frames: f64) -> (u64, Vec<String>) {
        match (self, earlier) {
            (Counts::Gl(now), Counts::Gl(before)) => {
                let c = now.since(before);
                (
                    c.get(CallKind::Draw),
                    vec![format!("gl calls per draw: {}", per_draw(&c, draws))],
                )
            }
            (Counts::Wgpu(now), Counts::Wgpu(before)) => {
                let c = now.since(before);
                let per_frame = |v: u64| v as f64 / frames;
                (
                    c.draws,
                    vec![format!(
                        "wgpu per frame: passes {:.2} submits {:.2} pipelines created {:.2} \
                         bind groups created {:.2} upload flushes {:.2} constant bytes {:.0}",
                        per_frame(c.passes),
                        per_frame(c.submits),
                        per_frame(c.pipelines),
                        per_frame(c.bind_groups),
                        per_frame(c.upload_flushes),
                        per_frame(c.constant_bytes),
                    )],
                )
            }
            _ => (0, Vec::new()),
        }
    }
}

fn bench(scenario: Scenario, frames: u32, kind: BackendKind) -> Result<(), String> {
    let probe: Rc<RefCell<Option<Probe>>> = Rc::default();
    let slot = probe.clone();
    let factory = move || -> Result<Box<dyn Backend>, BackendCreationError> {
        let wgpu_api = match kind {
            BackendKind::Gl => {
                let backend = Rc::new(RefCell::new(GlBackend::headless(
                    &ContextOptions::default(),
                )?));
                *slot.borrow_mut() = Some(Probe::Gl(backend.clone()));
                return Ok(Box::new(SharedBackend(backend)));
            }
            BackendKind::Wgpu => Api::Vulkan,
            BackendKind::WgpuGl => Api::Gl,
        };
        let backend = Rc::new(RefCell::new(WgpuBackend::headless(&DeviceOptions {
            api: wgpu_api,
        })?));
        *slot.borrow_mut() = Some(Probe::Wgpu(backend.clone()));
        Ok(Box::new(SharedBackend(backend)))
    };
    let mut stage = Stage3D::new(Box::new(factory), Rc::new(NoEvents));
    let flash = |e: FlashError| format!("{scenario:?}: {e}");
    stage.request_context3d("auto", "standard").map_err(flash)?;
    let probe = probe.borrow_mut().take().ok_or(format!(
        "no headless {kind} backend could be made (see the log)"
    ))?;
    let ctx = stage.context3d_mut().ok_or("no context")?;
    ctx.configure_back_buffer(SIDE, SIDE, 0, false, false, false)
        .map_err(flash)?;
    let mut frame: Box<dyn Frame> = match scenario {
        Scenario::Starling => {
            Box::new(Starling::new(ctx).map_err(|e| format!("{scenario:?}: {e}"))?)
        }
        Scenario::State => {
            Box::new(StateChanges::new(ctx).map_err(|e| format!("{scenario:?}: {e}"))?)
        }
    };
    frame.frame(ctx, 0).map_err(flash)?;
    ctx.present().map_err(flash)?;
    let before = probe.counts();
    let start = Instant::now();
    // Time on the player's thread in the frame's calls before `present` (recording, for
    // wgpu; GL calls, for GL), apart from `present` (submission, and whatever waits).
    let mut calls = std::time::Duration::ZERO;
    for n in 1..=frames {
        let t = Instant::now();
        frame.frame(ctx, n).map_err(flash)?;
        calls += t.elapsed();
        ctx.present().map_err(flash)?;
    }
    let after = probe.counts();
    // The commands of the last frame are finished before the clock stops.
    ctx.capture_back_buffer().map_err(flash)?;
    let seconds = start.elapsed().as_secs_f64();
    let draws = frame.draws() as f64 * f64::from(frames);
    let (drawn, lines) = after.report(&before, draws, f64::from(frames));
    if drawn != frame.draws() as u64 * u64::from(frames) {
        return Err(format!("{scenario:?}: draws were dropped (see the log)"));
    }
    println!(
        "scenario {}: {} draws per frame, {SIDE}x{SIDE}, {frames} frames, backend {kind}, {}",
        format!("{scenario:?}").to_lowercase(),
        frame.draws(),
        ctx.driver_info()
    );
    println!("frames/s {:.1}", f64::from(frames) / seconds);
    println!("draws/s {:.0}", draws / seconds);
    println!(
        "us per draw {:.2} (calls before present {:.2})",
        seconds * 1e6 / draws,
        calls.as_secs_f64() * 1e6 / draws
    );
    for line in lines {
        println!("{line}");
    }
    Ok(())
}

/// `state 1.00 bind 0.50 ... total 6.00`.
fn per_draw(counts: &CallCounts, draws: f64) -> String {
    let mut line = String::new();
    for kind in CallKind::ALL {
        let name = format!("{kind:?}").to_lowercase();
        line.push_str(&format!("{name} {:.2} ", counts.get(kind) as f64 / draws));
    }
    line.push_str(&format!("total {:.2}", counts.total() as f64 / draws));
    line
}

fn program(ctx: &mut Context3D, vertex: &str, fragment: &str) -> Result<Program3D, BenchError> {
    let bytes =
        |text: &str, kind| agal::asm::assemble(text, kind, Version::V1).map(|p| agal::encode(&p));
    let (v, f) = (
        bytes(vertex, ProgramKind::Vertex)?,
        bytes(fragment, ProgramKind::Fragment)?,
    );
    let p = ctx.create_program()?;
    ctx.program_upload(
        p,
        ByteArray::little_endian(&v),
        ByteArray::little_endian(&f),
    )?;
    Ok(p)
}

/// An index buffer of `quads` quads (0 1 2, 0 2 3 per four vertices).
fn quad_indices(ctx: &mut Context3D, quads: usize) -> Result<IndexBuffer3D, FlashError> {
    let indices: Vec<u32> = (0..quads as u32)
        .flat_map(|q| [0, 1, 2, 0, 2, 3].map(|i| q * 4 + i))
        .collect();
    let n = indices.len() as i32;
    let ib = ctx.create_index_buffer(n, "staticDraw")?;
    ctx.index_buffer_upload_from_vector(ib, &indices, 0, n)?;
    Ok(ib)
}

/// A 2D transform to clip space, as Starling's projection times a sprite's matrix.
fn matrix(x: f64, y: f64, scale: f64) -> [f64; 16] {
    [
        scale, 0.0, 0.0, x, 0.0, scale, 0.0, y, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0,
    ]
}

struct Starling {
    textures: [TextureBase; 2],
    vertices: player_shim::VertexBuffer3D,
    indices: IndexBuffer3D,
    program: Program3D,
    data: Vec<f64>,
}

impl Starling {
    const PER_VERTEX: usize = 8; // x y u v r g b a

    fn new(ctx: &mut Context3D) -> Result<Starling, BenchError> {
        let program = program(ctx, STARLING_VERTEX, STARLING_FRAGMENT)?;
        let mut textures = Vec::new();
        for colour in [0xFF20_80E0u32, 0x80E0_4020] {
            let t = ctx.create_texture(256, 256, "bgra", false, 0)?;
            let pixels: Vec<u32> = (0..256 * 256)
                .map(|i| {
                    if (i / 256 / 16 + i % 256 / 16) % 2 == 0 {
                        colour
                    } else {
                        0
                    }
                })
                .collect();
            let bitmap = BitmapData {
                width: 256,
                height: 256,
                pixels: &pixels,
                premultiplied: false,
                transparent: true,
            };
            ctx.texture_upload_from_bitmap_data(t, bitmap, 0)?;
            textures.push(t);
        }
        let quads = BATCHES * QUADS_PER_BATCH;
        let vertices = ctx.create_vertex_buffer((quads * 4) as i32, 8, "dynamicDraw")?;
        let indices = quad_indices(ctx, quads)?;
        Ok(Starling {
            textures: [textures[0], textures[1]],
            vertices,
            indices,
            program,
            data: vec![0.0; quads * 4 * Self::PER_VERTEX],
        })
    }
}

impl Frame for Starling {
    fn draws(&self) -> usize {
        BATCHES
    }

    fn frame(&mut self, ctx: &mut Context3D, n: u32) -> Result<(), FlashError> {
        // Every sprite moves: Starling re-uploads the batch's vertex data.
        let corners = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)];
        for (q, quad) in self.data.chunks_mut(4 * Self::PER_VERTEX).enumerate() {
            let (x, y) = (
                (q % 32) as f64 / 16.0 - 1.0,
                (q / 32 % 32) as f64 / 16.0 - 1.0,
            );
            let wobble = f64::from(n % 60) / 600.0;
            for (vertex, (u, v)) in quad.chunks_mut(Self::PER_VERTEX).zip(corners) {
                vertex.copy_from_slice(&[
                    x + u / 16.0 + wobble,
                    y + v / 16.0,
                    u,
                    v,
                    1.0,
                    1.0,
                    1.0,
                    0.8,
                ]);
            }
        }
        let num_vertices = (self.data.len() / Self::PER_VERTEX) as i32;
        ctx.vertex_buffer_upload_from_vector(self.vertices, &self.data, 0, num_vertices)?;
        ctx.set_render_to_back_buffer()?;
        ctx.clear(0.1, 0.1, 0.1, 1.0, 1.0, 0, 0xFFFF_FFFF)?;
        ctx.set_blend_factors("one", "oneMinusSourceAlpha")?;
        ctx.set_depth_test(false, "always")?;
        ctx.set_culling("none")?;
        ctx.set_program(Some(self.program))?;
        ctx.set_vertex_buffer_at(0, Some(self.vertices), 0, "float2")?;
        ctx.set_vertex_buffer_at(1, Some(self.vertices), 2, "float2")?;
        ctx.set_vertex_buffer_at(2, Some(self.vertices), 4, "float4")?;
        for b in 0..BATCHES {
            let scale = 1.0 - (b % 8) as f64 / 32.0;
            ctx.set_program_constants_from_matrix("vertex", 0, &matrix(0.0, 0.0, scale), true)?;
            let alpha = 0.5 + (b % 2) as f64 / 2.0;
            ctx.set_program_constants_from_vector("vertex", 4, &[alpha, alpha, alpha, alpha], 1)?;
            ctx.set_texture_at(0, Some(self.textures[b % 2]))?;
            let first = (b * QUADS_PER_BATCH * 6) as i32;
            ctx.draw_triangles(self.indices, first, (QUADS_PER_BATCH * 2) as i32)?;
        }
        Ok(())
    }
}

struct StateChanges {
    programs: [Program3D; 2],
    indices: IndexBuffer3D,
}

impl StateChanges {
    fn new(ctx: &mut Context3D) -> Result<StateChanges, BenchError> {
        let a = program(ctx, STARLING_VERTEX, TINT_FRAGMENT)?;
        let b = program(ctx, STARLING_VERTEX, COLOR_FRAGMENT)?;
        let vertices = ctx.create_vertex_buffer(4, 8, "staticDraw")?;
        let data = [
            -0.1, -0.1, 0.0, 0.0, 1.0, 1.0, 1.0, 1.0, //
            0.1, -0.1, 1.0, 0.0, 1.0, 1.0, 1.0, 1.0, //
            0.1, 0.1, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, //
            -0.1, 0.1, 0.0, 1.0, 1.0, 1.0, 1.0, 1.0,
        ];
        ctx.vertex_buffer_upload_from_vector(vertices, &data, 0, 4)?;
        ctx.set_vertex_buffer_at(0, Some(vertices), 0, "float2")?;
        ctx.set_vertex_buffer_at(1, Some(vertices), 2, "float2")?;
        ctx.set_vertex_buffer_at(2, Some(vertices), 4, "float4")?;
        let indices = quad_indices(ctx, 1)?;
        Ok(StateChanges {
            programs: [a, b],
            indices,
        })
    }
}

impl Frame for StateChanges {
    fn draws(&self) -> usize {
        STATE_DRAWS
    }

    fn frame(&mut self, ctx: &mut Context3D, _n: u32) -> Result<(), FlashError> {
        const BLENDS: [(&str, &str); 3] = [
            ("one", "zero"),
            ("sourceAlpha", "oneMinusSourceAlpha"),
            ("one", "one"),
        ];
        const DEPTHS: [&str; 3] = ["always", "less", "lessEqual"];
        const CULLS: [&str; 3] = ["none", "back", "front"];
        ctx.clear(0.0, 0.0, 0.0, 1.0, 1.0, 0, 0xFFFF_FFFF)?;
        for d in 0..STATE_DRAWS {
            let (source, destination) = BLENDS[d % 3];
            ctx.set_blend_factors(source, destination)?;
            ctx.set_depth_test(d % 2 == 0, DEPTHS[d % 3])?;
            ctx.set_culling(CULLS[d % 3])?;
            let scissor = (d % 4 == 0).then_some(Rect {
                x: 0.0,
                y: 0.0,
                width: 256.0,
                height: 256.0,
            });
            ctx.set_scissor_rectangle(scissor)?;
            ctx.set_color_mask(true, true, d % 5 != 0, true)?;
            ctx.set_program(Some(self.programs[d % 2]))?;
            let (x, y) = ((d % 16) as f64 / 8.0 - 0.9, (d / 16) as f64 / 8.0 - 0.9);
            ctx.set_program_constants_from_matrix("vertex", 0, &matrix(x, y, 1.0), true)?;
            let shade = (d % 7) as f64 / 7.0;
            ctx.set_program_constants_from_vector("fragment", 0, &[shade, 0.5, 1.0, 0.5], 1)?;
            ctx.draw_triangles(self.indices, 0, 2)?;
        }
        Ok(())
    }
}
