//! `molehill bench --baseline --backend wgpu` ([`super::ab`]'s wgpu half): Molehill and the
//! hand-written wgpu program (molehill-bench's `raw_wgpu`, written against wgpu 30) on one
//! device, and each frame waited for alone with timestamps ([`super::stamps`]). Not built with
//! the feature `wgpu27` (molehill-wgpu on wgpu 27 cannot share a device with a wgpu-30
//! program); `compare` then says so.

use std::time::Instant;

use molehill_bench::raw_wgpu::RawWgpuRenderer;
use molehill_bench::renderer::{Renderer, SIDE};
use molehill_bench::rounds::{
    alternate, frames_for, label, median, median_of, ratio_lines, side_lines, sorted, work, Round,
    Runner,
};
use molehill_bench::scenarios::Scenario;
use molehill_bench::shim::ShimRenderer;
use molehill_bench::stages::wgpu_stage;

use super::args::{BenchArgs, Side};
use super::cpu::process_ns;
use super::lines::{print_lines, report_pictures};
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

/// `--backend wgpu`: Molehill on a headless Vulkan device (`WgpuBackend::headless`, asking
/// for timestamp queries where the adapter has them) and the raw program on the same device
/// and queue. After the timed rounds, one more round per side with every frame waited for
/// says where a frame's time goes.
pub(super) fn compare(scenario: Scenario, side: u32, args: &BenchArgs) -> Result<bool, String> {
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
