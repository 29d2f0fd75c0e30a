//! `molehill bench [--backend gl|wgpu|wgpu-gl] [--frames N] [--current-check WHEN]
//! [--baseline [--rounds N] [--only SIDE]] [SCENARIO]`: frames drawn through the shim's public
//! API on a headless backend.
//!
//! The portable core is the `molehill-bench` crate (bench/: the `Renderer` trait, the scenes
//! and scenarios, their shaders, the shim renderer, the raw GL and raw wgpu baselines, the
//! stages, the alternating rounds), which the browser's bench (`scripts/web-bench`) runs too.
//! Here: [`args`] (the arguments), [`ab`] and `ab_wgpu` (the A/B comparison against a baseline as the
//! command prints it, with the native split of a frame's time), [`allocs`] (heap
//! allocations, counted by the binary's global allocator), [`stamps`] (wgpu timestamp queries
//! around each frame), [`cpu`] (the process's CPU time, all threads).
//!
//! Without `--baseline`: frames/s, draws/s, wall time per draw (and the part of it spent in
//! the calls before `present`), and the backend's work: GL calls per draw by kind
//! (`molehill_gl::GlBackend::call_counts`) or wgpu render passes, submits, pipelines and bind
//! groups per frame (`molehill_wgpu::WgpuBackend::counters`), read through the
//! `Rc<RefCell<_>>` the context draws through too. Numbers are reported, never checked (but a
//! run whose draws were dropped fails). `--baseline` compares with a hand-written GL program (`--backend gl`) or a
//! hand-written wgpu program on Molehill's own Vulkan device (`--backend wgpu`).

mod ab;
#[cfg(not(feature = "wgpu27"))]
mod ab_wgpu;
#[cfg(feature = "wgpu27")]
mod ab_wgpu {
    //! Without the wgpu-30 program: see `ab_wgpu.rs`.
    use molehill_bench::scenarios::Scenario;

    use super::args::BenchArgs;

    /// `--baseline --backend wgpu` with molehill-wgpu on wgpu 27: refused with the reason.
    pub(super) fn compare(_: Scenario, _: u32, _: &BenchArgs) -> Result<bool, String> {
        Err(
            "--baseline --backend wgpu: the hand-written wgpu program is written against wgpu \
             30, and this molehill is built with the feature wgpu27 (molehill-wgpu on wgpu \
             27); use --backend gl, or a build without wgpu27"
                .to_string(),
        )
    }
}
mod allocs;
mod args;
mod cpu;
mod lines;
#[cfg(not(feature = "wgpu27"))]
#[cfg(not(feature = "wgpu27"))]
mod stamps;

use std::cell::RefCell;
use std::rc::Rc;
use std::time::Instant;

use molehill_gl::{CallCounts, CallKind, GlBackend};
use molehill_player::Stage3D;
use molehill_replay::BackendKind;
use molehill_wgpu::{Api, DeviceOptions, WgpuBackend};

pub use args::BenchArgs;

use allocs::allocations;
use args::CheckArg;
use molehill_bench::renderer::{self, SIDE};
use molehill_bench::scenarios::Scenario;
use molehill_bench::shim::ShimRenderer;
use molehill_bench::stages::{gl_stage, wgpu_stage};

pub fn run(args: &BenchArgs) -> Result<std::process::ExitCode, String> {
    let scenarios: Vec<Scenario> = match (args.scenario, args.baseline) {
        (Some(s), _) => vec![s],
        (None, false) => Scenario::ALL.to_vec(),
        (None, true) => Scenario::ALL
            .into_iter()
            .chain([Scenario::Upload])
            .collect(),
    };
    if args.baseline && args.backend == BackendKind::WgpuGl {
        return Err(
            "--baseline compares with a hand-written GL or wgpu (Vulkan) program: use \
             --backend gl or wgpu"
                .into(),
        );
    }
    let mut ok = true;
    for scenario in scenarios {
        for &side in scenario.sides() {
            if args.baseline {
                ok &= ab::compare(scenario, side, args)?;
            } else {
                bench(scenario, side, args)?;
            }
        }
    }
    Ok(if ok {
        std::process::ExitCode::SUCCESS
    } else {
        std::process::ExitCode::FAILURE
    })
}

/// The backend a bench draws with, kept to read its counters between frames.
enum Probe {
    Gl(Rc<RefCell<GlBackend>>),
    Wgpu(Rc<RefCell<WgpuBackend>>),
}

/// The backend's counters at one moment.
enum Counts {
    Gl(CallCounts),
    Wgpu(molehill_wgpu::CallCounts),
}

impl Probe {
    fn counts(&self) -> Counts {
        match self {
            Probe::Gl(b) => Counts::Gl(b.borrow().call_counts()),
            Probe::Wgpu(b) => Counts::Wgpu(b.borrow().call_counts()),
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

/// A stage whose context runs on a new headless backend of `kind`, and that backend.
fn stage_of(kind: BackendKind, check: CheckArg) -> Result<(Stage3D, Probe), String> {
    if kind == BackendKind::Gl {
        let (stage, backend) = gl_stage(check.into())?;
        return Ok((stage, Probe::Gl(backend)));
    }
    let api = if kind == BackendKind::WgpuGl {
        Api::Gl
    } else {
        Api::Vulkan
    };
    let (stage, backend) = wgpu_stage(DeviceOptions::new(api))?;
    Ok((stage, Probe::Wgpu(backend)))
}

fn bench(scenario: Scenario, side: u32, args: &BenchArgs) -> Result<(), String> {
    let (frames, kind) = (args.frames, args.backend);
    let name = scenario.name();
    let err = |e: String| format!("{name}: {e}");
    let (mut stage, probe) = stage_of(kind, args.current_check).map_err(err)?;
    let ctx = stage.context3d_mut().ok_or("no context")?;
    let driver = ctx.driver_info();
    let mut r = ShimRenderer::new(ctx)
        .map_err(err)?
        .count_allocations(allocations);
    let mut scene = scenario.build(&mut r, side).map_err(err)?;
    scene.frame(&mut r, 0).map_err(err)?;
    let before = probe.counts();
    r.present_time = std::time::Duration::ZERO;
    r.present_allocations = 0;
    r.upload_allocations = 0;
    let allocated = allocations();
    let start = Instant::now();
    for n in 1..=frames {
        scene.frame(&mut r, n).map_err(err)?;
    }
    let allocated = allocations() - allocated;
    let after = probe.counts();
    let looped = start.elapsed().as_secs_f64();
    // The commands of the last frame are finished before the clock stops.
    renderer::Renderer::picture(&mut r).map_err(err)?;
    let seconds = start.elapsed().as_secs_f64();
    let draws = scene.draws() as f64 * f64::from(frames);
    let (drawn, lines) = after.report(&before, draws, f64::from(frames));
    if drawn != scene.draws() as u64 * u64::from(frames) {
        return Err(format!("{name}: draws were dropped (see the log)"));
    }
    let calls = (looped - r.present_time.as_secs_f64()).max(0.0);
    println!(
        "scenario {name}: {} draws per frame, {SIDE}x{SIDE}, {frames} frames, backend {kind}, {driver}",
        scene.draws(),
    );
    println!("frames/s {:.1}", f64::from(frames) / seconds);
    println!("draws/s {:.0}", draws / seconds);
    println!(
        "us per draw {:.2} (calls before present {:.2})",
        seconds * 1e6 / draws,
        calls * 1e6 / draws
    );
    for line in lines {
        println!("{line}");
    }
    let in_calls = allocated.saturating_sub(r.present_allocations + r.upload_allocations);
    let frames = f64::from(frames);
    println!(
        "heap allocations per draw: {} (draws, state and constant calls; per frame: uploads {:.1}, present {:.1})",
        per_unit(in_calls, draws),
        r.upload_allocations as f64 / frames,
        r.present_allocations as f64 / frames,
    );
    Ok(())
}

/// `count` over `units`: `0` when none (the goal, printed as a whole number), else two decimals.
fn per_unit(count: u64, units: f64) -> String {
    if count == 0 {
        "0".to_string()
    } else {
        format!("{:.2}", count as f64 / units)
    }
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
