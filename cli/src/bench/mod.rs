//! `molehill bench [--frames N] [--baseline [--rounds N] [--only SIDE]] [SCENARIO]`: frames
//! drawn through the shim's public API on headless GL.
//!
//! Modules: [`scenarios`] (the frames, written once over a [`scenarios::Renderer`]),
//! [`shaders`] (their programs in AGAL and in GLSL),
//! [`shim`] (that trait over the shim's `Context3D`), [`raw`] (the same over plain GL: the
//! baseline), [`ab`] (the alternating A/B timing against the baseline, and the picture
//! check).
//!
//! Without `--baseline`: frames/s, draws/s and the GL calls per draw by kind
//! (`backend_gl::GlBackend::call_counts`, read through a [`SharedBackend`]). Numbers are
//! reported, never checked (but a run whose draws were dropped fails).

mod ab;
mod raw;
mod scenarios;
mod shaders;
mod shim;

use std::cell::RefCell;
use std::rc::Rc;
use std::time::Instant;

use backend_gl::{CallCounts, CallKind, ContextOptions, GlBackend};
use context3d::Backend;
use player_shim::{BackendCreationError, NoEvents, SharedBackend, Stage3D};

pub use ab::Side;
pub use scenarios::Scenario;

use scenarios::SIDE;
use shim::ShimRenderer;

/// Arguments of `molehill bench`.
#[derive(Debug, clap::Args)]
pub struct BenchArgs {
    /// Frames to time (after one untimed warm-up frame); with --baseline, frames per side
    /// and round (the upload scenario scales them down for large textures).
    #[arg(long, default_value_t = 300, value_parser = clap::value_parser!(u32).range(1..))]
    pub frames: u32,
    /// Time each scenario against a hand-written GL program drawing the same frames, in
    /// alternating rounds, and check that the two pictures are identical.
    #[arg(long)]
    pub baseline: bool,
    /// With --baseline: A/B rounds.
    #[arg(long, default_value_t = 7, value_parser = clap::value_parser!(u32).range(1..))]
    pub rounds: u32,
    /// With --baseline: run one side only (for profilers such as callgrind).
    #[arg(long, value_enum, requires = "baseline")]
    pub only: Option<Side>,
    /// The scenario; every one but `upload` when left out (with --baseline, all of them).
    #[arg(value_enum)]
    pub scenario: Option<Scenario>,
}

pub fn run(args: &BenchArgs) -> Result<std::process::ExitCode, String> {
    let scenarios: Vec<Scenario> = match (args.scenario, args.baseline) {
        (Some(s), _) => vec![s],
        (None, false) => Scenario::ALL.to_vec(),
        (None, true) => Scenario::ALL
            .into_iter()
            .chain([Scenario::Upload])
            .collect(),
    };
    let mut ok = true;
    for scenario in scenarios {
        for &side in scenario.sides() {
            if args.baseline {
                ok &= ab::compare(scenario, side, args)?;
            } else {
                bench(scenario, side, args.frames)?;
            }
        }
    }
    Ok(if ok {
        std::process::ExitCode::SUCCESS
    } else {
        std::process::ExitCode::FAILURE
    })
}

/// A stage whose context runs on a new headless [`GlBackend`], and that backend.
pub fn gl_stage() -> Result<(Stage3D, Rc<RefCell<GlBackend>>), String> {
    let gl: Rc<RefCell<Option<Rc<RefCell<GlBackend>>>>> = Rc::default();
    let slot = gl.clone();
    let factory = move || -> Result<Box<dyn Backend>, BackendCreationError> {
        let backend = Rc::new(RefCell::new(GlBackend::headless(
            &ContextOptions::default(),
        )?));
        *slot.borrow_mut() = Some(backend.clone());
        Ok(Box::new(SharedBackend(backend)))
    };
    let mut stage = Stage3D::new(Box::new(factory), Rc::new(NoEvents));
    stage
        .request_context3d("auto", "standard")
        .map_err(|e| e.to_string())?;
    let backend = gl
        .borrow()
        .clone()
        .ok_or("no headless GL context could be made (see the log)")?;
    Ok((stage, backend))
}

fn bench(scenario: Scenario, side: u32, frames: u32) -> Result<(), String> {
    let name = scenario.name();
    let err = |e: String| format!("{name}: {e}");
    let (mut stage, backend) = gl_stage().map_err(err)?;
    let ctx = stage.context3d_mut().ok_or("no context")?;
    let driver = ctx.driver_info();
    let mut r = ShimRenderer::new(ctx).map_err(err)?;
    let mut scene = scenario.build(&mut r, side).map_err(err)?;
    scene.frame(&mut r, 0).map_err(err)?;
    let before = backend.borrow().call_counts();
    let start = Instant::now();
    for n in 1..=frames {
        scene.frame(&mut r, n).map_err(err)?;
    }
    let counts = backend.borrow().call_counts().since(&before);
    if counts.get(CallKind::Draw) != scene.draws() as u64 * u64::from(frames) {
        return Err(format!("{name}: draws were dropped (see the log)"));
    }
    // The GL commands of the last frame are finished before the clock stops.
    scenarios::Renderer::picture(&mut r).map_err(err)?;
    let seconds = start.elapsed().as_secs_f64();
    let draws = scene.draws() as f64 * f64::from(frames);
    println!(
        "scenario {name}: {} draws per frame, {SIDE}x{SIDE}, {frames} frames, {driver}",
        scene.draws(),
    );
    println!("frames/s {:.1}", f64::from(frames) / seconds);
    println!("draws/s {:.0}", draws / seconds);
    println!("gl calls per draw: {}", per_draw(&counts, draws));
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
