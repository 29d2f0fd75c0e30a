//! The browser's bench (`scripts/web-bench`, web/www/bench.html): `molehill bench --baseline`'s
//! scenarios (molehill-bench, the same code the command runs) through Molehill and through a
//! hand-written program of the same API in one page, in alternating rounds, each round ending
//! with a read-back that waits for the GPU, timed with `performance.now()`
//! (molehill_bench::rounds), the two last pictures compared pixel for pixel.
//!
//! - `webgl2`: molehill-gl (`GlBackend::headless`: an OffscreenCanvas of its own) against the
//!   raw GL baseline on a WebGL2 context of its own OffscreenCanvas (glow's web context).
//! - `webgpu`: molehill-wgpu on the browser's WebGPU against the raw wgpu baseline on the same
//!   device; both sides' read-backs wait by suspending (JSPI), so a bench runs as a job
//!   ([`crate::bindings::begin_job`], `WebAssembly.promising(run_job)`).

use molehill_bench::raw::RawRenderer;
use molehill_bench::raw_wgpu::RawWgpuRenderer;
use molehill_bench::renderer::SIDE;
use molehill_bench::rounds::{
    alternate, frames_for, label, pictures, ratio_lines, side_lines, work, Outcome, Runner,
};
use molehill_bench::scenarios::Scenario;
use molehill_bench::shim::ShimRenderer;
use molehill_bench::stages::{gl_stage, wgpu_stage};
use molehill_gl::{CallKind, CurrentCheck};
use serde_json::json;
use wasm_bindgen::prelude::*;

/// Sets up the bench of `scenario` (a name of `molehill bench`, or `all`) on `backend`
/// (`webgl2` or `webgpu`) for [`crate::bindings::run_job`]: `rounds` rounds of `frames`
/// frames per side, alternating. The job's result ([`crate::bindings::take_job`]) is JSON:
/// `{"runs": [{"label", "lines", "identical", "ratios"}], "error"?}`, `lines` being what
/// `molehill bench --baseline` prints for the run.
#[wasm_bindgen]
pub fn bench_begin(
    backend: String,
    scenario: String,
    frames: u32,
    rounds: u32,
) -> Result<(), JsValue> {
    let scenarios: Vec<Scenario> = if scenario == "all" {
        Scenario::WITH_UPLOAD.to_vec()
    } else {
        vec![Scenario::from_name(&scenario)
            .ok_or_else(|| JsValue::from_str(&format!("unknown scenario {scenario:?}")))?]
    };
    if backend != "webgl2" && backend != "webgpu" {
        return Err(JsValue::from_str(&format!(
            "unknown backend {backend:?} (webgl2 or webgpu)"
        )));
    }
    let (frames, rounds) = (frames.max(1), rounds.max(1));
    crate::bindings::begin_job(move || {
        let mut runs = Vec::new();
        for scenario in scenarios {
            for &side in scenario.sides() {
                let run = if backend == "webgl2" {
                    webgl2(scenario, side, frames, rounds)
                } else {
                    webgpu(scenario, side, frames, rounds)
                };
                match run {
                    Ok(run) => runs.push(run),
                    Err(e) => {
                        return json!({"runs": runs, "error": format!("{}: {e}", label(scenario, side))})
                            .to_string()
                    }
                }
            }
        }
        json!({ "runs": runs }).to_string()
    });
    Ok(())
}

/// One run's report: the header, both sides' times, the ratios and the pictures' line.
fn run_report(
    name: &str,
    header: String,
    out: &Outcome,
    draws: usize,
    bytes: usize,
) -> serde_json::Value {
    let mut lines = vec![header];
    lines.extend(side_lines(out, draws, bytes));
    lines.extend(ratio_lines(out));
    let (identical, line) = pictures(out);
    lines.push(line);
    json!({
        "label": name,
        "lines": lines,
        "identical": identical,
        "ratios": out.ratios,
    })
}

fn webgl2(
    scenario: Scenario,
    side: u32,
    frames: u32,
    rounds: u32,
) -> Result<serde_json::Value, String> {
    let name = label(scenario, side);
    let frames = frames_for(scenario, side, frames);
    let (mut stage, backend) = gl_stage(CurrentCheck::EveryCall)?;
    let ctx = stage.context3d_mut().ok_or("no context")?;
    let driver = ctx.driver_info();
    let mut molehill = Some(Runner::new(ShimRenderer::new(ctx)?, scenario, side)?);
    let raw = RawRenderer::new()?;
    let raw_driver = raw.driver();
    let mut raw = Some(Runner::new(raw, scenario, side)?);
    let (draws, bytes) = work(&molehill, &raw);
    let header = format!(
        "{name}: {draws} draws per frame, {SIDE}x{SIDE}, {rounds} rounds of {frames} frames per \
         side, WebGL2; {driver}; raw: {raw_driver}"
    );
    let before = backend.borrow().call_counts();
    let out = alternate(&mut molehill, &mut raw, rounds, frames)?;
    let calls = backend.borrow().call_counts().since(&before);
    let mut report = run_report(&name, header, &out, draws, bytes);
    // Molehill's WebGL calls per draw by kind over the timed rounds, as `molehill bench`
    // prints them natively (the raw side makes at most one call per setting it changes).
    let per = (draws as f64 * f64::from(frames) * f64::from(rounds)).max(1.0);
    let mut line = "  molehill webgl calls per draw:".to_string();
    for kind in CallKind::ALL {
        let name = format!("{kind:?}").to_lowercase();
        line.push_str(&format!(" {name} {:.2}", calls.get(kind) as f64 / per));
    }
    line.push_str(&format!(" total {:.2}", calls.total() as f64 / per));
    if let Some(lines) = report["lines"].as_array_mut() {
        let at = lines.len() - 1;
        lines.insert(at, line.into());
    }
    Ok(report)
}

fn webgpu(
    scenario: Scenario,
    side: u32,
    frames: u32,
    rounds: u32,
) -> Result<serde_json::Value, String> {
    let name = label(scenario, side);
    let frames = frames_for(scenario, side, frames);
    let options = molehill_wgpu::DeviceOptions::new(molehill_wgpu::Api::WebGpu);
    let (mut stage, backend) = wgpu_stage(options)?;
    let gpu = backend.borrow().gpu().clone();
    let ctx = stage.context3d_mut().ok_or("no context")?;
    let driver = ctx.driver_info();
    let mut molehill = Some(Runner::new(ShimRenderer::new(ctx)?, scenario, side)?);
    let mut raw = Some(Runner::new(
        RawWgpuRenderer::new(&gpu.device, &gpu.queue),
        scenario,
        side,
    )?);
    let (draws, bytes) = work(&molehill, &raw);
    let header = format!(
        "{name}: {draws} draws per frame, {SIDE}x{SIDE}, {rounds} rounds of {frames} frames per \
         side, one WebGPU device; {driver}"
    );
    let out = alternate(&mut molehill, &mut raw, rounds, frames)?;
    Ok(run_report(&name, header, &out, draws, bytes))
}
