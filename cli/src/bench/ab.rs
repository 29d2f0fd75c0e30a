//! `molehill bench --baseline`: one scenario through Molehill and through a hand-written
//! baseline (GL, or wgpu with `--backend wgpu`) in one process, in alternating rounds (A B,
//! B A, ...: drift of the machine hits both sides alike), the ratio of their frame times per
//! round reported as min, median and max, and the two last pictures compared pixel for pixel
//! (identical, no tolerance).
//!
//! Each round draws `--frames` frames on one side, then reads the back buffer back (which
//! waits for the GPU) before its clock stops; both sides do the same. With `GALLIUM_NOOP=1`
//! Mesa runs its whole GL front end but draws nothing (the CPU-bound case a fast GPU gives);
//! the pictures are then not compared. On wgpu the report also says where a frame's time
//! goes on each side: encoding (the calls before `present`), submission (`present`), the
//! final wait, and, with each frame waited for alone, the wait and the queue's time between
//! timestamps ([`super::stamps`]).
//!
//! Each round also counts the CPU time of every thread of the process ([`super::cpu`]): on
//! lavapipe that is the device's work too, and it swings far less than wall time when other
//! work shares the machine; `cpu ratio` is Molehill's over the baseline's, per round.

use std::time::Instant;

use molehill_replay::BackendKind;

use super::args::{BenchArgs, CheckArg, Side};
use super::raw::RawRenderer;
use super::raw_wgpu::RawWgpuRenderer;
use super::renderer::{Renderer, Scene, SIDE};
use super::scenarios::Scenario;
use super::shim::ShimRenderer;
use super::stages::{gl_stage, wgpu_stage};
use super::stamps::Stamps;

/// A scenario set up on one renderer.
struct Runner<'r, R: Renderer> {
    renderer: R,
    scene: Box<dyn Scene<R> + 'r>,
}

/// Seconds per frame of one round, and where they went on the player's thread: in the
/// scenario's calls before `present` (encoding), in `present` (submission), and in the
/// read-back that ends the round (the wait for what the device had left to do).
#[derive(Debug, Clone, Copy, Default)]
struct Round {
    frame: f64,
    calls: f64,
    present: f64,
    readback: f64,
    /// CPU seconds per frame of every thread of the process ([`super::cpu`]; 0 without it).
    cpu: f64,
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

    /// `frames` frames, and the last picture.
    fn round(&mut self, frames: u32) -> Result<(Round, Vec<u32>), String> {
        self.renderer.begin_round()?;
        self.renderer.take_present_time();
        let cpu_start = super::cpu::process_ns();
        let start = Instant::now();
        for n in 1..=frames {
            self.scene.frame(&mut self.renderer, n)?;
        }
        let looped = start.elapsed().as_secs_f64();
        let present = self.renderer.take_present_time().as_secs_f64();
        let picture = self.renderer.picture()?;
        let total = start.elapsed().as_secs_f64();
        let cpu = match (cpu_start, super::cpu::process_ns()) {
            (Some(a), Some(b)) => b.saturating_sub(a) as f64 * 1e-9,
            _ => 0.0,
        };
        let per = |t: f64| t / f64::from(frames);
        let round = Round {
            frame: per(total),
            calls: per((looped - present).max(0.0)),
            present: per(present),
            readback: per(total - looped),
            cpu: per(cpu),
        };
        Ok((round, picture))
    }

    /// `frames` frames, each waited for (`device.poll`) before the next: seconds per frame in
    /// the calls, in `present` and in the wait after it (in `readback`), and the queue's time
    /// per frame from `stamps` (median), where the device has timestamps.
    fn alone(
        &mut self,
        frames: u32,
        device: &wgpu::Device,
        mut stamps: Option<&mut Stamps>,
    ) -> Result<(Round, Option<f64>), String> {
        self.renderer.begin_round()?;
        self.renderer.take_present_time();
        let (mut frame, mut wait) = (0.0, 0.0);
        for n in 1..=frames {
            if let Some(s) = stamps.as_deref_mut() {
                s.mark(false);
            }
            let start = Instant::now();
            self.scene.frame(&mut self.renderer, n)?;
            frame += start.elapsed().as_secs_f64();
            // The wait starts here: a submit (this mark's) waits on lavapipe for the queue to
            // finish the previous one.
            let start = Instant::now();
            if let Some(s) = stamps.as_deref_mut() {
                s.mark(true);
            }
            device
                .poll(wgpu::PollType::Wait {
                    submission_index: None,
                    timeout: None,
                })
                .map_err(|e| format!("wait: {e}"))?;
            wait += start.elapsed().as_secs_f64();
        }
        let present = self.renderer.take_present_time().as_secs_f64();
        self.renderer.picture()?;
        let gpu = match stamps {
            Some(s) => {
                let spans = s.take()?;
                (!spans.is_empty()).then(|| median(&sorted(spans)))
            }
            None => None,
        };
        let per = |t: f64| t / f64::from(frames);
        let round = Round {
            frame: per(frame + wait),
            calls: per((frame - present).max(0.0)),
            present: per(present),
            readback: per(wait),
            cpu: 0.0,
        };
        Ok((round, gpu))
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

/// Both sides' rounds, and their last pictures.
#[derive(Debug, Default)]
struct Outcome {
    molehill: Vec<Round>,
    raw: Vec<Round>,
    ratios: Vec<f64>,
    /// Molehill / raw CPU time per round (both measured).
    cpu_ratios: Vec<f64>,
    m_picture: Vec<u32>,
    r_picture: Vec<u32>,
}

/// Alternating rounds: Molehill first in even rounds, the baseline first in odd ones.
fn alternate<'r, M: Renderer + 'r, R: Renderer + 'r>(
    molehill: &mut Option<Runner<'r, M>>,
    raw: &mut Option<Runner<'r, R>>,
    rounds: u32,
    frames: u32,
) -> Result<Outcome, String> {
    let mut out = Outcome::default();
    for round in 0..rounds {
        let (mut m_round, mut r_round) = (None, None);
        for step in 0..2 {
            let molehill_first = round % 2 == 0;
            if (step == 0) == molehill_first {
                if let Some(m) = molehill.as_mut() {
                    let (t, p) = m.round(frames)?;
                    m_round = Some(t);
                    out.m_picture = p;
                }
            } else if let Some(r) = raw.as_mut() {
                let (t, p) = r.round(frames)?;
                r_round = Some(t);
                out.r_picture = p;
            }
        }
        out.molehill.extend(m_round);
        out.raw.extend(r_round);
        if let (Some(m), Some(r)) = (m_round, r_round) {
            out.ratios.push(m.frame / r.frame);
            if m.cpu > 0.0 && r.cpu > 0.0 {
                out.cpu_ratios.push(m.cpu / r.cpu);
            }
        }
    }
    Ok(out)
}

/// The median of one field of `rounds`.
fn median_of(rounds: &[Round], field: impl Fn(&Round) -> f64) -> f64 {
    median(&sorted(rounds.iter().map(field).collect()))
}

/// Prints both sides' times and the ratio.
fn report(out: &Outcome, draws: usize, bytes: usize) {
    let side = |label: &str, rounds: &[Round]| {
        if rounds.is_empty() {
            return;
        }
        let t = median_of(rounds, |r| r.frame);
        let per_byte = if bytes > 0 {
            format!(", {:.3} ns/byte uploaded", t * 1e9 / bytes as f64)
        } else {
            String::new()
        };
        let cpu = median_of(rounds, |r| r.cpu);
        let cpu = if cpu > 0.0 {
            format!(", cpu {:.3} ms/frame (all threads)", cpu * 1e3)
        } else {
            String::new()
        };
        println!(
            "  {label:<9} {:.3} ms/frame, {:.0} draws/s (median of rounds){per_byte}{cpu}",
            t * 1e3,
            draws as f64 / t
        );
    };
    side("molehill", &out.molehill);
    side("raw", &out.raw);
}

fn report_ratio(out: &Outcome) {
    let line = |what: &str, ratios: &[f64]| {
        if ratios.is_empty() {
            return;
        }
        let ratios = sorted(ratios.to_vec());
        println!(
            "  {what} molehill/raw: min {:.3} median {:.3} max {:.3}",
            ratios[0],
            median(&ratios),
            ratios[ratios.len() - 1]
        );
    };
    line("ratio", &out.ratios);
    line("cpu ratio", &out.cpu_ratios);
}

/// Compares the two last pictures and prints the result; `false` when they differ.
fn report_pictures(out: &Outcome) -> bool {
    let (m, r) = (&out.m_picture, &out.r_picture);
    let differ: Vec<usize> = (0..m.len().max(r.len()))
        .filter(|&i| m.get(i) != r.get(i))
        .collect();
    match differ.first() {
        None => {
            let first = m.first().copied();
            let blank = m.iter().all(|&p| Some(p) == first);
            println!(
                "  pictures identical ({SIDE}x{SIDE}{})",
                if blank { ", but blank" } else { "" }
            );
            true
        }
        Some(&i) => {
            println!(
                "  PICTURES DIFFER: {} pixels, first at ({}, {}): molehill {:08x}, raw {:08x}",
                differ.len(),
                i % SIDE as usize,
                i / SIDE as usize,
                m.get(i).copied().unwrap_or(0),
                r.get(i).copied().unwrap_or(0)
            );
            false
        }
    }
}

/// The scenario's name in the report.
fn label(scenario: Scenario, side: u32) -> String {
    match scenario {
        Scenario::Upload => format!("upload {side}x{side}"),
        s => s.name().to_string(),
    }
}

/// Draws per frame and bytes uploaded per frame, from whichever side runs.
fn work<M: Renderer, R: Renderer>(
    molehill: &Option<Runner<'_, M>>,
    raw: &Option<Runner<'_, R>>,
) -> (usize, usize) {
    match (molehill, raw) {
        (Some(m), _) => (m.scene.draws(), m.scene.texture_bytes()),
        (_, Some(r)) => (r.scene.draws(), r.scene.texture_bytes()),
        _ => (0, 0),
    }
}

/// Runs the comparison on `--backend` (gl or wgpu) and prints it; `Ok(false)` when the
/// pictures differ.
pub fn compare(scenario: Scenario, side: u32, args: &BenchArgs) -> Result<bool, String> {
    match args.backend {
        BackendKind::Gl => compare_gl(scenario, side, args),
        BackendKind::Wgpu => compare_wgpu(scenario, side, args),
        other => Err(format!(
            "--baseline compares with a hand-written GL or wgpu (Vulkan) program: use \
             --backend gl or wgpu, not {other}"
        )),
    }
}

fn compare_gl(scenario: Scenario, side: u32, args: &BenchArgs) -> Result<bool, String> {
    let name = label(scenario, side);
    let err = |e: String| format!("{name}: {e}");
    let frames = frames_for(scenario, side, args.frames);
    let (mut stage, backend) = gl_stage(args.current_check).map_err(err)?;
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
    let (draws, bytes) = work(&molehill, &raw);
    println!(
        "{name}: {draws} draws per frame, {SIDE}x{SIDE}, {} rounds of {frames} frames per side, current check {}; {driver}{}",
        args.rounds,
        match args.current_check {
            CheckArg::EveryCall => "every-call",
            CheckArg::AtPresent => "at-present",
        },
        if noop() { " (GALLIUM_NOOP)" } else { "" }
    );
    let out = alternate(&mut molehill, &mut raw, args.rounds, frames).map_err(err)?;
    report(&out, draws, bytes);
    if takes_bgra == Some(false) {
        println!("  (the raw side swizzles bgra: this context takes no GL_BGRA)");
    }
    if out.ratios.is_empty() {
        return Ok(true);
    }
    report_ratio(&out);
    if noop() {
        println!("  pictures not compared (GALLIUM_NOOP draws nothing)");
        if threaded_driver() {
            println!(
                "  Mesa's threaded context is on: the calling thread waits for its driver \
                 thread at uploads and syncs, so times vary with scheduling; GALLIUM_THREAD=0 \
                 gives steadier ratios (docs/player.md)"
            );
        }
        return Ok(true);
    }
    Ok(report_pictures(&out))
}

/// `--backend wgpu`: Molehill on a headless Vulkan device (`WgpuBackend::headless`, asking
/// for timestamp queries where the adapter has them) and the raw program on the same device
/// and queue. After the timed rounds, one more round per side with every frame waited for
/// says where a frame's time goes.
fn compare_wgpu(scenario: Scenario, side: u32, args: &BenchArgs) -> Result<bool, String> {
    let name = label(scenario, side);
    let err = |e: String| format!("{name}: {e}");
    let frames = frames_for(scenario, side, args.frames);
    let options = molehill_wgpu::DeviceOptions::new(molehill_wgpu::Api::Vulkan).with_timestamps();
    let (mut stage, backend) = wgpu_stage(options).map_err(err)?;
    let gpu = backend.borrow().gpu().clone();
    let ctx = stage.context3d_mut().ok_or("no context")?;
    let driver = ctx.driver_info();
    let mut molehill = match args.only {
        Some(Side::Raw) => None,
        _ => Some(Runner::new(ShimRenderer::new(ctx).map_err(err)?, scenario, side).map_err(err)?),
    };
    let mut raw = match args.only {
        Some(Side::Molehill) => None,
        _ => Some(
            Runner::new(
                RawWgpuRenderer::new(&gpu.device, &gpu.queue),
                scenario,
                side,
            )
            .map_err(err)?,
        ),
    };
    let (draws, bytes) = work(&molehill, &raw);
    println!(
        "{name}: {draws} draws per frame, {SIDE}x{SIDE}, {} rounds of {frames} frames per side, one device; {driver}",
        args.rounds,
    );
    let out = alternate(&mut molehill, &mut raw, args.rounds, frames).map_err(err)?;
    report(&out, draws, bytes);
    if !out.ratios.is_empty() {
        report_ratio(&out);
    }
    // Where the time goes: the timed rounds' split, then each frame alone.
    let mut stamps = Stamps::new(&gpu.device, &gpu.queue);
    let alone_frames = frames.min(super::stamps::MAX_FRAMES);
    println!(
        "  ms per frame: encode (calls before present), submit (present), drain (the round's \
         final wait); alone ({alone_frames} frames, each waited for): wait after present, \
         queue time from a timestamp before the first call to one after present (busy: less \
         encode and submit){}",
        if stamps.is_none() {
            " (none: the device has no timestamp queries)"
        } else {
            ""
        }
    );
    let ms = |t: f64| t * 1e3;
    let split = |label: &str, rounds: &[Round], alone: (Round, Option<f64>)| {
        let (a, gpu) = alone;
        println!(
            "  {label:<9} encode {:.3} submit {:.3} drain {:.3} | alone: encode {:.3} submit {:.3} wait {:.3} queue {}",
            ms(median_of(rounds, |r| r.calls)),
            ms(median_of(rounds, |r| r.present)),
            ms(median_of(rounds, |r| r.readback)),
            ms(a.calls),
            ms(a.present),
            ms(a.readback),
            gpu.map_or("-".to_string(), |g| format!(
                "{:.3} (busy {:.3})",
                ms(g),
                ms((g - a.calls - a.present).max(0.0))
            )),
        );
    };
    if let Some(m) = molehill.as_mut() {
        let alone = m
            .alone(alone_frames, &gpu.device, stamps.as_mut())
            .map_err(err)?;
        split("molehill", &out.molehill, alone);
    }
    if let Some(r) = raw.as_mut() {
        let alone = r
            .alone(alone_frames, &gpu.device, stamps.as_mut())
            .map_err(err)?;
        split("raw", &out.raw, alone);
    }
    if out.ratios.is_empty() {
        return Ok(true);
    }
    Ok(report_pictures(&out))
}
