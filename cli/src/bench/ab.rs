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

use molehill_bench::raw::RawRenderer;
use molehill_bench::renderer::SIDE;
use molehill_bench::rounds::{alternate, frames_for, label, ratio_lines, side_lines, work, Runner};
use molehill_bench::scenarios::Scenario;
use molehill_bench::shim::ShimRenderer;
use molehill_bench::stages::gl_stage;
use molehill_replay::BackendKind;

use super::args::{BenchArgs, CheckArg, Side};
use super::cpu::process_ns;
use super::lines::{print_lines, report_pictures};

/// Whether Mesa's no-op driver is on (nothing is drawn).
fn noop() -> bool {
    std::env::var_os("GALLIUM_NOOP").is_some_and(|v| v != "0" && !v.is_empty())
}

/// Whether Mesa may run its driver behind a threaded context (`GALLIUM_THREAD` unset or not
/// `0`; Mesa 22.3 on the 2-core CI machines runs a `gdrv0` driver thread by default).
fn threaded_driver() -> bool {
    std::env::var_os("GALLIUM_THREAD").is_none_or(|v| v != "0")
}

/// Runs the comparison on `--backend` (gl or wgpu) and prints it; `Ok(false)` when the
/// pictures differ.
pub fn compare(scenario: Scenario, side: u32, args: &BenchArgs) -> Result<bool, String> {
    match args.backend {
        BackendKind::Gl => compare_gl(scenario, side, args),
        BackendKind::Wgpu => super::ab_wgpu::compare(scenario, side, args),
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
