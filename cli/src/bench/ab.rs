//! `molehill bench --baseline`: one scenario through Molehill and through the hand-written
//! GL baseline in one process, in alternating rounds (A B, B A, ...: drift of the machine
//! hits both sides alike), the ratio of their frame times per round reported as min, median
//! and max, and the two last pictures compared pixel for pixel.
//!
//! Each round draws `--frames` frames on one side, then reads the back buffer back (which
//! waits for the GPU) before its clock stops; both sides do the same. With `GALLIUM_NOOP=1`
//! Mesa runs its whole GL front end but draws nothing (the CPU-bound case a fast GPU gives);
//! the pictures are then not compared.

use std::time::Instant;

use super::raw::RawRenderer;
use super::scenarios::{Renderer, Scenario, Scene, SIDE};
use super::shim::ShimRenderer;
use super::BenchArgs;

/// One side of the comparison.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Side {
    /// Through the shim, Context3D and the GL backend.
    Molehill,
    /// The hand-written GL program.
    Raw,
}

/// A scenario set up on one renderer.
struct Runner<'r, R: Renderer> {
    renderer: R,
    scene: Box<dyn Scene<R> + 'r>,
}

impl<'r, R: Renderer + 'r> Runner<'r, R> {
    fn new(mut renderer: R, scenario: Scenario, side: u32) -> Result<Self, String> {
        renderer.begin_round()?;
        let mut scene = scenario.build(&mut renderer, side)?;
        // Warm-up: first uses compile, allocate and fill caches.
        scene.frame(&mut renderer, 0)?;
        renderer.picture()?;
        Ok(Runner { renderer, scene })
    }

    /// Seconds per frame over `frames` frames, and the last picture.
    fn round(&mut self, frames: u32) -> Result<(f64, Vec<u32>), String> {
        self.renderer.begin_round()?;
        let start = Instant::now();
        for n in 1..=frames {
            self.scene.frame(&mut self.renderer, n)?;
        }
        let picture = self.renderer.picture()?;
        Ok((start.elapsed().as_secs_f64() / f64::from(frames), picture))
    }
}

/// Whether Mesa's no-op driver is on (nothing is drawn).
fn noop() -> bool {
    std::env::var_os("GALLIUM_NOOP").is_some_and(|v| v != "0" && !v.is_empty())
}

/// Whether Mesa may run its driver behind a threaded context (`GALLIUM_THREAD` unset or not
/// `0`; Mesa 22.3 on the 2-core CI machines runs a `gdrv0` driver thread by default).
fn threaded_driver() -> bool {
    std::env::var_os("GALLIUM_THREAD").is_none_or(|v| v != "0")
}

fn median(sorted: &[f64]) -> f64 {
    let n = sorted.len();
    if n % 2 == 1 {
        sorted[n / 2]
    } else {
        (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0
    }
}

fn sorted(mut v: Vec<f64>) -> Vec<f64> {
    v.sort_by(f64::total_cmp);
    v
}

/// Frames per round: `--frames`, scaled down for large uploads (at least 10).
fn frames_for(scenario: Scenario, side: u32, frames: u32) -> u32 {
    if scenario == Scenario::Upload {
        let scale = (side / 256).pow(2).max(1);
        (frames / scale).max(10)
    } else {
        frames
    }
}

/// Runs the comparison and prints it; `Ok(false)` when the pictures differ.
pub fn compare(scenario: Scenario, side: u32, args: &BenchArgs) -> Result<bool, String> {
    let name = match scenario {
        Scenario::Upload => format!("upload {side}x{side}"),
        s => s.name().to_string(),
    };
    let err = |e: String| format!("{name}: {e}");
    let frames = frames_for(scenario, side, args.frames);
    let (mut stage, backend) = super::gl_stage(args.current_check).map_err(err)?;
    let ctx = stage.context3d_mut().ok_or("no context")?;
    let driver = ctx.driver_info();
    let mut molehill = match args.only {
        Some(Side::Raw) => None,
        _ => Some(
            Runner::new(
                ShimRenderer::new(ctx)
                    .map_err(err)?
                    .alone_per_round(Box::new(move || {
                        backend.borrow_mut().context_may_have_changed()
                    })),
                scenario,
                side,
            )
            .map_err(err)?,
        ),
    };
    let mut raw = match args.only {
        Some(Side::Molehill) => None,
        _ => Some(Runner::new(RawRenderer::new().map_err(err)?, scenario, side).map_err(err)?),
    };
    let takes_bgra = raw.as_ref().map(|r| r.renderer.takes_bgra());
    let (draws, bytes) = match (&molehill, &raw) {
        (Some(m), _) => (m.scene.draws(), m.scene.texture_bytes()),
        (_, Some(r)) => (r.scene.draws(), r.scene.texture_bytes()),
        _ => (0, 0),
    };
    println!(
        "{name}: {draws} draws per frame, {SIDE}x{SIDE}, {} rounds of {frames} frames per side, current check {}; {driver}{}",
        args.rounds,
        match args.current_check {
            super::CheckArg::EveryCall => "every-call",
            super::CheckArg::AtPresent => "at-present",
        },
        if noop() { " (GALLIUM_NOOP)" } else { "" }
    );
    let (mut m_times, mut r_times, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
    let (mut m_picture, mut r_picture) = (Vec::new(), Vec::new());
    for round in 0..args.rounds {
        let mut m_time = None;
        let mut r_time = None;
        for step in 0..2 {
            let molehill_first = round % 2 == 0;
            if (step == 0) == molehill_first {
                if let Some(m) = molehill.as_mut() {
                    let (t, p) = m.round(frames).map_err(err)?;
                    m_time = Some(t);
                    m_picture = p;
                }
            } else if let Some(r) = raw.as_mut() {
                let (t, p) = r.round(frames).map_err(err)?;
                r_time = Some(t);
                r_picture = p;
            }
        }
        m_times.extend(m_time);
        r_times.extend(r_time);
        if let (Some(m), Some(r)) = (m_time, r_time) {
            ratios.push(m / r);
        }
    }
    let report = |label: &str, times: Vec<f64>| {
        if times.is_empty() {
            return;
        }
        let t = median(&sorted(times));
        let per_byte = if bytes > 0 {
            format!(", {:.3} ns/byte uploaded", t * 1e9 / bytes as f64)
        } else {
            String::new()
        };
        println!(
            "  {label:<9} {:.3} ms/frame, {:.0} draws/s (median of rounds){per_byte}",
            t * 1e3,
            draws as f64 / t
        );
    };
    report("molehill", m_times);
    report("raw", r_times);
    if takes_bgra == Some(false) {
        println!("  (the raw side swizzles bgra: this context takes no GL_BGRA)");
    }
    if ratios.is_empty() {
        return Ok(true);
    }
    let ratios = sorted(ratios);
    println!(
        "  ratio molehill/raw: min {:.3} median {:.3} max {:.3}",
        ratios[0],
        median(&ratios),
        ratios[ratios.len() - 1]
    );
    if noop() {
        println!("  pictures not compared (GALLIUM_NOOP draws nothing)");
        if threaded_driver() {
            println!(
                "  Mesa's threaded context is on: the calling thread waits for its driver \
                 thread at uploads and syncs, so times vary with scheduling; GALLIUM_THREAD=0 \
                 gives steadier ratios (docs/player-shim.md)"
            );
        }
        return Ok(true);
    }
    let differ: Vec<usize> = (0..m_picture.len().max(r_picture.len()))
        .filter(|&i| m_picture.get(i) != r_picture.get(i))
        .collect();
    match differ.first() {
        None => {
            let first = m_picture.first().copied();
            let blank = m_picture.iter().all(|&p| Some(p) == first);
            println!(
                "  pictures identical ({SIDE}x{SIDE}{})",
                if blank { ", but blank" } else { "" }
            );
            Ok(true)
        }
        Some(&i) => {
            println!(
                "  PICTURES DIFFER: {} pixels, first at ({}, {}): molehill {:08x}, raw {:08x}",
                differ.len(),
                i % SIDE as usize,
                i / SIDE as usize,
                m_picture.get(i).copied().unwrap_or(0),
                r_picture.get(i).copied().unwrap_or(0)
            );
            Ok(false)
        }
    }
}
