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

use molehill_bench::raw::RawRenderer;
use molehill_bench::raw_wgpu::RawWgpuRenderer;
use molehill_bench::renderer::{Renderer, SIDE};
use molehill_bench::rounds::{
    alternate, frames_for, label, median, median_of, pictures, ratio_lines, side_lines, sorted,
    work, Round, Runner,
};
use molehill_bench::scenarios::Scenario;
use molehill_bench::shim::ShimRenderer;
use molehill_bench::stages::{gl_stage, wgpu_stage};
use molehill_replay::BackendKind;

use super::args::{BenchArgs, CheckArg, Side};
use super::cpu::process_ns;
use super::stamps::Stamps;

/// `frames` frames on `runner`, each waited for (`device.poll`) before the next: seconds per frame in
/// the calls, in `present` and in the wait after it (in `readback`), and the queue's time
/// per frame from `stamps` (median), where the device has timestamps.
fn alone<R: Renderer>(
    runner: &mut Runner<'_, R>,
    frames: u32,
    device: &wgpu::Device,
    mut stamps: Option<&mut Stamps>,
) -> Result<(Round, Option<f64>), String> {
    runner.renderer.begin_round()?;
    runner.renderer.take_present_time();
    let (mut frame, mut wait) = (0.0, 0.0);
    for n in 1..=frames {
        if let Some(s) = stamps.as_deref_mut() {
            s.mark(false);
        }
        let start = Instant::now();
        runner.scene.frame(&mut runner.renderer, n)?;
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
    let present = runner.renderer.take_present_time().as_secs_f64();
    runner.renderer.picture()?;
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

/// Whether Mesa's no-op driver is on (nothing is drawn).
fn noop() -> bool {
    std::env::var_os("GALLIUM_NOOP").is_some_and(|v| v != "0" && !v.is_empty())
}

/// Whether Mesa may run its driver behind a threaded context (`GALLIUM_THREAD` unset or not
/// `0`; Mesa 22.3 on the 2-core CI machines runs a `gdrv0` driver thread by default).
fn threaded_driver() -> bool {
    std::env::var_os("GALLIUM_THREAD").is_none_or(|v| v != "0")
}

fn print_lines(lines: Vec<String>) {
    for line in lines {
        println!("{line}");
    }
}

/// Prints the pictures' comparison; `false` when they differ.
fn report_pictures(out: &molehill_bench::rounds::Outcome) -> bool {
    let (same, line) = pictures(out);
    println!("{line}");
    same
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
    let (mut stage, backend) = gl_stage(args.current_check.into()).map_err(err)?;
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
            .map_err(err)?
            .with_cpu_clock(process_ns),
        ),
    };
    let mut raw = match args.only {
        Some(Side::Molehill) => None,
        _ => Some(
            Runner::new(RawRenderer::new().map_err(err)?, scenario, side)
                .map_err(err)?
                .with_cpu_clock(process_ns),
        ),
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
    print_lines(side_lines(&out, draws, bytes));
    if takes_bgra == Some(false) {
        println!("  (the raw side swizzles bgra: this context takes no GL_BGRA)");
    }
    if out.ratios.is_empty() {
        return Ok(true);
    }
    print_lines(ratio_lines(&out));
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
        _ => Some(
            Runner::new(ShimRenderer::new(ctx).map_err(err)?, scenario, side)
                .map_err(err)?
                .with_cpu_clock(process_ns),
        ),
    };
    let mut raw = match args.only {
        Some(Side::Molehill) => None,
        _ => Some(
            Runner::new(
                RawWgpuRenderer::new(&gpu.device, &gpu.queue),
                scenario,
                side,
            )
            .map_err(err)?
            .with_cpu_clock(process_ns),
        ),
    };
    let (draws, bytes) = work(&molehill, &raw);
    println!(
        "{name}: {draws} draws per frame, {SIDE}x{SIDE}, {} rounds of {frames} frames per side, one device; {driver}",
        args.rounds,
    );
    let out = alternate(&mut molehill, &mut raw, args.rounds, frames).map_err(err)?;
    print_lines(side_lines(&out, draws, bytes));
    if !out.ratios.is_empty() {
        print_lines(ratio_lines(&out));
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
        let alone = alone(m, alone_frames, &gpu.device, stamps.as_mut()).map_err(err)?;
        split("molehill", &out.molehill, alone);
    }
    if let Some(r) = raw.as_mut() {
        let alone = alone(r, alone_frames, &gpu.device, stamps.as_mut()).map_err(err)?;
        split("raw", &out.raw, alone);
    }
    if out.ratios.is_empty() {
        return Ok(true);
    }
    Ok(report_pictures(&out))
}
