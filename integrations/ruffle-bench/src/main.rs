//! `ruffle-bench`: the scenarios of `molehill bench` (molehill-bench's scenarios and their AGAL
//! programs, bench/src/scenarios.rs) drawn through Ruffle's own Stage3D (`ruffle_render_wgpu`'s
//! Context3D, wgpu 27) and through Molehill (the player facade on molehill-wgpu, wgpu 30, as
//! `molehill bench --backend wgpu` draws them: molehill-bench's shim renderer), both on
//! Vulkan (lavapipe without a GPU), in alternating rounds in one process. Each round draws
//! `--frames` frames on one side and reads its last frame back (waiting for the device); the
//! frame time is the round's time over its frames. Reported per scenario: both sides' ms per
//! frame (min / median / max over the rounds), the ratio Molehill / Ruffle per round pair, and
//! the two last pictures compared. See README.md.

use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::Parser;

// The scenarios, their programs and Molehill's side are molehill-bench's (bench/), the crate
// `molehill bench` and the browser's bench run too.
use molehill_bench::{renderer, scenarios, shim};

mod ruffle_side;

use renderer::{Renderer, Scene, SIDE};
use scenarios::Scenario;

#[derive(Debug, Parser)]
#[command(
    about = "molehill bench's scenarios through Ruffle's Context3D and through molehill-wgpu"
)]
struct Args {
    /// Scenarios (default: starling, state, mesh, skinning, streaming and upload).
    #[arg(value_enum)]
    scenarios: Vec<Scenario>,
    /// Frames per round and side (upload: fewer for the large sides, at least 10).
    #[arg(long, default_value_t = 30)]
    frames: u32,
    /// Rounds per side, alternating (Molehill first in even rounds).
    #[arg(long, default_value_t = 5)]
    rounds: u32,
    /// Write each scenario's last two pictures here (`NAME-ruffle.png`, `NAME-molehill.png`), as
    /// the Stage3D layer shows on a black stage.
    #[arg(long)]
    pictures: Option<PathBuf>,
}

/// Seconds per frame of one round, and where they went: the calls before `present`, `present`,
/// and the read-back that ends the round.
#[derive(Debug, Clone, Copy, Default)]
struct Round {
    frame: f64,
    calls: f64,
    present: f64,
    readback: f64,
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
        // Warm-up: pipelines, shader translation, first allocations.
        scene.frame(&mut renderer, 0)?;
        renderer.picture()?;
        Ok(Runner { renderer, scene })
    }

    fn round(&mut self, frames: u32) -> Result<(Round, Vec<u32>), String> {
        self.renderer.begin_round()?;
        self.renderer.take_present_time();
        let start = Instant::now();
        for n in 1..=frames {
            self.scene.frame(&mut self.renderer, n)?;
        }
        let looped = start.elapsed().as_secs_f64();
        let present = self.renderer.take_present_time().as_secs_f64();
        let picture = self.renderer.picture()?;
        let total = start.elapsed().as_secs_f64();
        let per = |t: f64| t / f64::from(frames);
        Ok((
            Round {
                frame: per(total),
                calls: per((looped - present).max(0.0)),
                present: per(present),
                readback: per(total - looped),
            },
            picture,
        ))
    }
}

fn sorted(mut v: Vec<f64>) -> Vec<f64> {
    v.sort_by(f64::total_cmp);
    v
}

fn median(sorted: &[f64]) -> f64 {
    let n = sorted.len();
    if n % 2 == 1 {
        sorted[n / 2]
    } else {
        (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0
    }
}

/// `min / median / max` of `values`, each formatted by `f`.
fn spread(values: &[f64], f: impl Fn(f64) -> String) -> String {
    let s = sorted(values.to_vec());
    format!("{} / {} / {}", f(s[0]), f(median(&s)), f(s[s.len() - 1]))
}

/// Frames per round: `frames`, scaled down for the large uploads (at least 10).
fn frames_for(scenario: Scenario, side: u32, frames: u32) -> u32 {
    if scenario == Scenario::Upload {
        (frames / (side / 256).pow(2).max(1)).max(10)
    } else {
        frames
    }
}

/// An unpremultiplied `0xAARRGGBB` pixel as a Stage3D layer shows on a black stage: its
/// premultiplied colour, opaque (what Ruffle's stage composites and Flash shows).
fn over_black(p: u32) -> u32 {
    let [a, r, g, b] = p.to_be_bytes();
    let m = |c: u8| ((u32::from(c) * u32::from(a) + 127) / 255) as u8;
    u32::from_be_bytes([255, m(r), m(g), m(b)])
}

/// How two opaque `0xAARRGGBB` pictures differ: pixels that differ, the largest channel
/// difference.
fn difference(a: &[u32], b: &[u32]) -> (usize, u8) {
    let mut count = 0;
    let mut max = 0u8;
    for (&p, &q) in a.iter().zip(b) {
        if p == q {
            continue;
        }
        count += 1;
        for (x, y) in p.to_be_bytes().into_iter().zip(q.to_be_bytes()) {
            max = max.max(x.abs_diff(y));
        }
    }
    (count + a.len().abs_diff(b.len()), max)
}

fn write_png(path: &Path, argb: &[u32]) -> Result<(), String> {
    let file = std::fs::File::create(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut encoder = png::Encoder::new(std::io::BufWriter::new(file), SIDE, SIDE);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let rgba: Vec<u8> = argb
        .iter()
        .flat_map(|p| {
            let [a, r, g, b] = p.to_be_bytes();
            [r, g, b, a]
        })
        .collect();
    encoder
        .write_header()
        .and_then(|mut w| w.write_image_data(&rgba))
        .map_err(|e| format!("{}: {e}", path.display()))
}

/// One line of the final summary.
struct Summary {
    name: String,
    ruffle: f64,
    molehill: f64,
    ratios: Vec<f64>,
    differing: usize,
}

fn label(scenario: Scenario, side: u32) -> String {
    if scenario == Scenario::Upload {
        format!("upload {side}")
    } else {
        scenario.name().to_string()
    }
}

fn compare(scenario: Scenario, side: u32, args: &Args) -> Result<Summary, String> {
    let name = label(scenario, side);
    let err = |e: String| format!("{name}: {e}");
    let frames = frames_for(scenario, side, args.frames);

    let (ruffle_renderer, adapter) = ruffle_side::RuffleRenderer::new().map_err(err)?;
    let mut ruffle = Runner::new(ruffle_renderer, scenario, side).map_err(err)?;

    let factory = molehill_player::HeadlessWgpu {
        options: molehill_wgpu::DeviceOptions::new(molehill_wgpu::Api::Vulkan),
    };
    let mut stage = molehill_player::Stage3D::new(Box::new(factory));
    stage
        .request_context3d("auto", "standard")
        .map_err(|e| err(e.to_string()))?;
    let ctx = stage
        .context3d_mut()
        .ok_or_else(|| err("no molehill-wgpu context (see the log)".into()))?;
    let driver = ctx.driver_info();
    let mut molehill =
        Runner::new(shim::ShimRenderer::new(ctx).map_err(err)?, scenario, side).map_err(err)?;

    println!(
        "{name}: {} draws per frame, {SIDE}x{SIDE}, {} rounds of {frames} frames per side",
        molehill.scene.draws(),
        args.rounds
    );
    println!("  Ruffle:   {adapter}");
    println!("  Molehill: {driver}");
    let (mut r_rounds, mut m_rounds, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
    let (mut r_picture, mut m_picture) = (Vec::new(), Vec::new());
    for round in 0..args.rounds {
        let molehill_first = round % 2 == 0;
        let (mut r, mut m) = (Round::default(), Round::default());
        for step in 0..2 {
            if (step == 0) == molehill_first {
                (m, m_picture) = molehill.round(frames).map_err(err)?;
            } else {
                (r, r_picture) = ruffle.round(frames).map_err(err)?;
            }
        }
        r_rounds.push(r);
        m_rounds.push(m);
        ratios.push(m.frame / r.frame);
    }
    // Both pictures as the Stage3D layer shows on a black stage.
    let m_picture: Vec<u32> = m_picture.into_iter().map(over_black).collect();
    let r_picture: Vec<u32> = r_picture.into_iter().map(|p| p | 0xFF00_0000).collect();
    let ms = |t: f64| format!("{:.2}", t * 1e3);
    for (side_name, rounds) in [("Ruffle", &r_rounds), ("Molehill", &m_rounds)] {
        let field = |f: fn(&Round) -> f64| median(&sorted(rounds.iter().map(f).collect()));
        println!(
            "  {side_name:<9} ms per frame {} (min / median / max); median split: calls {} present {} read-back {}",
            spread(&rounds.iter().map(|r| r.frame).collect::<Vec<_>>(), ms),
            ms(field(|r| r.calls)),
            ms(field(|r| r.present)),
            ms(field(|r| r.readback)),
        );
    }
    println!(
        "  ratio Molehill / Ruffle {} (min / median / max)",
        spread(&ratios, |r| format!("{r:.3}"))
    );
    let (differing, max) = difference(&r_picture, &m_picture);
    if differing == 0 {
        println!("  pictures identical");
    } else {
        println!(
            "  pictures: {differing} of {} pixels differ, by up to {max} in a channel",
            SIDE * SIDE
        );
    }
    if let Some(dir) = &args.pictures {
        std::fs::create_dir_all(dir).map_err(|e| err(format!("{}: {e}", dir.display())))?;
        let file = name.replace(' ', "-");
        write_png(&dir.join(format!("{file}-ruffle.png")), &r_picture).map_err(err)?;
        write_png(&dir.join(format!("{file}-molehill.png")), &m_picture).map_err(err)?;
    }
    let med = |rounds: &[Round]| median(&sorted(rounds.iter().map(|r| r.frame).collect()));
    Ok(Summary {
        name,
        ruffle: med(&r_rounds),
        molehill: med(&m_rounds),
        ratios,
        differing,
    })
}

fn main() -> std::process::ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn")).init();
    let args = Args::parse();
    if args.frames == 0 || args.rounds == 0 {
        eprintln!("ruffle-bench: --frames and --rounds must be at least 1");
        return std::process::ExitCode::from(2);
    }
    let scenarios = if args.scenarios.is_empty() {
        let mut all = Scenario::ALL.to_vec();
        all.push(Scenario::Upload);
        all
    } else {
        args.scenarios.clone()
    };
    let mut summaries = Vec::new();
    for scenario in scenarios {
        for &side in scenario.sides() {
            match compare(scenario, side, &args) {
                Ok(s) => summaries.push(s),
                Err(e) => {
                    eprintln!("ruffle-bench: {e}");
                    return std::process::ExitCode::FAILURE;
                }
            }
        }
    }
    println!();
    println!("scenario      Ruffle ms  Molehill ms  Molehill/Ruffle min / median / max  pictures");
    for s in &summaries {
        println!(
            "{:<13} {:>9.2}  {:>11.2}  {:<34}  {}",
            s.name,
            s.ruffle * 1e3,
            s.molehill * 1e3,
            spread(&s.ratios, |r| format!("{r:.3}")),
            if s.differing == 0 {
                "identical".to_string()
            } else {
                format!("{} px differ", s.differing)
            }
        );
    }
    std::process::ExitCode::SUCCESS
}
