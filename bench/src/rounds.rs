//! The alternating A/B rounds of `molehill bench --baseline` and of the browser's bench
//! (`scripts/web-bench`): one scenario set up on Molehill and on a hand-written baseline,
//! rounds alternating (A B, B A, ...: drift of the machine hits both sides alike), the ratio
//! of their frame times per round as min, median and max, and the two last pictures compared
//! pixel for pixel (identical, no tolerance).
//!
//! Each round draws `frames` frames on one side, then reads the back buffer back (which waits
//! for the GPU) before its clock stops. The clock is `web_time::Instant`: `std`'s natively,
//! `performance.now()` in a browser (whose resolution is coarse, so a round should last
//! milliseconds, not microseconds). Printing is the caller's: the report functions return the
//! lines.

use web_time::Instant;

use crate::renderer::{Renderer, Scene, SIDE};
use crate::scenarios::Scenario;

/// A scenario set up on one renderer.
pub struct Runner<'r, R: Renderer> {
    /// The side's renderer.
    pub renderer: R,
    /// The scenario on it.
    pub scene: Box<dyn Scene<R> + 'r>,
    /// The process's CPU time in ns (every thread), where the platform has it.
    cpu: fn() -> Option<u64>,
}

impl<R: Renderer> std::fmt::Debug for Runner<'_, R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Runner").finish_non_exhaustive()
    }
}

/// Seconds per frame of one round, and where they went on the player's thread: in the
/// scenario's calls before `present` (encoding), in `present` (submission), and in the
/// read-back that ends the round (the wait for what the device had left to do).
#[derive(Debug, Clone, Copy, Default)]
pub struct Round {
    /// The whole round over its frames.
    pub frame: f64,
    /// The calls before `present`.
    pub calls: f64,
    /// `present` (zero where the side does not keep it).
    pub present: f64,
    /// The read-back that ends the round.
    pub readback: f64,
    /// CPU seconds per frame of every thread of the process (0 without a CPU clock).
    pub cpu: f64,
}

fn no_cpu() -> Option<u64> {
    None
}

impl<'r, R: Renderer + 'r> Runner<'r, R> {
    /// Sets `scenario` up on `renderer` and draws one untimed warm-up frame (first uses
    /// compile, allocate and fill caches), read back.
    pub fn new(mut renderer: R, scenario: Scenario, side: u32) -> Result<Self, String> {
        renderer.begin_round()?;
        let mut scene = scenario.build(&mut renderer, side)?;
        scene.frame(&mut renderer, 0)?;
        renderer.picture()?;
        Ok(Runner {
            renderer,
            scene,
            cpu: no_cpu,
        })
    }

    /// Also measures each round's CPU time with `clock` (the process's ns, every thread).
    pub fn with_cpu_clock(mut self, clock: fn() -> Option<u64>) -> Self {
        self.cpu = clock;
        self
    }

    /// `frames` frames, and the last picture.
    pub fn round(&mut self, frames: u32) -> Result<(Round, Vec<u32>), String> {
        self.renderer.begin_round()?;
        self.renderer.take_present_time();
        let cpu_start = (self.cpu)();
        let start = Instant::now();
        for n in 1..=frames {
            self.scene.frame(&mut self.renderer, n)?;
        }
        let looped = start.elapsed().as_secs_f64();
        let present = self.renderer.take_present_time().as_secs_f64();
        let picture = self.renderer.picture()?;
        let total = start.elapsed().as_secs_f64();
        let cpu = match (cpu_start, (self.cpu)()) {
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
}

/// The median of sorted values (0 for none).
pub fn median(sorted: &[f64]) -> f64 {
    let n = sorted.len();
    match n {
        0 => 0.0,
        _ if n % 2 == 1 => sorted[n / 2],
        _ => (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0,
    }
}

/// `v` sorted.
pub fn sorted(mut v: Vec<f64>) -> Vec<f64> {
    v.sort_by(f64::total_cmp);
    v
}

/// Frames per round: `frames`, scaled down for large uploads (at least 10).
pub fn frames_for(scenario: Scenario, side: u32, frames: u32) -> u32 {
    if scenario == Scenario::Upload {
        let scale = (side / 256).pow(2).max(1);
        (frames / scale).max(10)
    } else {
        frames
    }
}

/// Both sides' rounds, and their last pictures.
#[derive(Debug, Default)]
pub struct Outcome {
    /// Molehill's rounds.
    pub molehill: Vec<Round>,
    /// The baseline's rounds.
    pub raw: Vec<Round>,
    /// Molehill / raw frame time per round (both sides ran).
    pub ratios: Vec<f64>,
    /// Molehill / raw CPU time per round (both measured).
    pub cpu_ratios: Vec<f64>,
    /// Molehill's last picture.
    pub m_picture: Vec<u32>,
    /// The baseline's last picture.
    pub r_picture: Vec<u32>,
}

/// Alternating rounds: Molehill first in even rounds, the baseline first in odd ones. A side
/// that is `None` is left out (`--only`).
pub fn alternate<'r, M: Renderer + 'r, R: Renderer + 'r>(
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
pub fn median_of(rounds: &[Round], field: impl Fn(&Round) -> f64) -> f64 {
    median(&sorted(rounds.iter().map(field).collect()))
}

/// Both sides' times: `  molehill  1.234 ms/frame, 5678 draws/s (median of rounds)...`.
pub fn side_lines(out: &Outcome, draws: usize, bytes: usize) -> Vec<String> {
    let side = |label: &str, rounds: &[Round]| {
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
        format!(
            "  {label:<9} {:.3} ms/frame, {:.0} draws/s (median of rounds){per_byte}{cpu}",
            t * 1e3,
            draws as f64 / t
        )
    };
    let mut lines = Vec::new();
    if !out.molehill.is_empty() {
        lines.push(side("molehill", &out.molehill));
    }
    if !out.raw.is_empty() {
        lines.push(side("raw", &out.raw));
    }
    lines
}

/// `  ratio molehill/raw: min A median B max C` (and the CPU ratio where measured).
pub fn ratio_lines(out: &Outcome) -> Vec<String> {
    let line = |what: &str, ratios: &[f64]| {
        let ratios = sorted(ratios.to_vec());
        format!(
            "  {what} molehill/raw: min {:.3} median {:.3} max {:.3}",
            ratios[0],
            median(&ratios),
            ratios[ratios.len() - 1]
        )
    };
    let mut lines = Vec::new();
    if !out.ratios.is_empty() {
        lines.push(line("ratio", &out.ratios));
    }
    if !out.cpu_ratios.is_empty() {
        lines.push(line("cpu ratio", &out.cpu_ratios));
    }
    lines
}

/// Compares the two last pictures: whether they are identical and drawn, and the line that
/// says so (`  pictures identical (512x512)`, `  PICTURES DIFFER: N pixels, first at (x, y):
/// ...`). Two pictures that are not `SIDE x SIDE` pixels, or are one colour (every scenario
/// draws over its clear colour), fail: identical because neither side drew is no match.
pub fn pictures(out: &Outcome) -> (bool, String) {
    let (m, r) = (&out.m_picture, &out.r_picture);
    let want = (SIDE * SIDE) as usize;
    if m.len() != want || r.len() != want {
        let line = format!(
            "  PICTURES MISSING: molehill {} pixels, raw {} pixels, expected {want}",
            m.len(),
            r.len()
        );
        return (false, line);
    }
    let differ: Vec<usize> = (0..m.len().max(r.len()))
        .filter(|&i| m.get(i) != r.get(i))
        .collect();
    match differ.first() {
        None => {
            let first = m.first().copied();
            let blank = m.iter().all(|&p| Some(p) == first);
            if blank {
                let line = format!(
                    "  PICTURES BLANK: both {SIDE}x{SIDE} of one colour {:08x}: nothing was drawn",
                    first.unwrap_or(0)
                );
                return (false, line);
            }
            (true, format!("  pictures identical ({SIDE}x{SIDE})"))
        }
        Some(&i) => {
            let line = format!(
                "  PICTURES DIFFER: {} pixels, first at ({}, {}): molehill {:08x}, raw {:08x}",
                differ.len(),
                i % SIDE as usize,
                i / SIDE as usize,
                m.get(i).copied().unwrap_or(0),
                r.get(i).copied().unwrap_or(0)
            );
            (false, line)
        }
    }
}

/// The scenario's name in the report (`upload 512x512` for an upload variant).
pub fn label(scenario: Scenario, side: u32) -> String {
    match scenario {
        Scenario::Upload => format!("upload {side}x{side}"),
        s => s.name().to_string(),
    }
}

/// Draws per frame and bytes uploaded per frame, from whichever side runs.
pub fn work<M: Renderer, R: Renderer>(
    molehill: &Option<Runner<'_, M>>,
    raw: &Option<Runner<'_, R>>,
) -> (usize, usize) {
    match (molehill, raw) {
        (Some(m), _) => (m.scene.draws(), m.scene.texture_bytes()),
        (_, Some(r)) => (r.scene.draws(), r.scene.texture_bytes()),
        _ => (0, 0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outcome(m: Vec<u32>, r: Vec<u32>) -> Outcome {
        Outcome {
            molehill: Vec::new(),
            raw: Vec::new(),
            ratios: Vec::new(),
            cpu_ratios: Vec::new(),
            m_picture: m,
            r_picture: r,
        }
    }

    fn drawn() -> Vec<u32> {
        (0..SIDE * SIDE).map(|i| 0xFF00_0000 | (i % 7)).collect()
    }

    #[test]
    fn identical_drawn_pictures_match() {
        let (ok, line) = pictures(&outcome(drawn(), drawn()));
        assert!(ok, "{line}");
        assert_eq!(line, format!("  pictures identical ({SIDE}x{SIDE})"));
    }

    #[test]
    fn a_different_pixel_fails_and_says_where() {
        let mut r = drawn();
        r[SIDE as usize + 2] = 0xFFFF_FFFF;
        let (ok, line) = pictures(&outcome(drawn(), r));
        assert!(!ok);
        assert!(
            line.contains("PICTURES DIFFER: 1 pixels, first at (2, 1)"),
            "{line}"
        );
    }

    #[test]
    fn blank_or_missing_pictures_fail_even_when_equal() {
        let blank = vec![0xFF10_2030; (SIDE * SIDE) as usize];
        let (ok, line) = pictures(&outcome(blank.clone(), blank));
        assert!(!ok);
        assert!(line.contains("PICTURES BLANK"), "{line}");
        let (ok, line) = pictures(&outcome(Vec::new(), Vec::new()));
        assert!(!ok);
        assert!(
            line.contains("PICTURES MISSING: molehill 0 pixels"),
            "{line}"
        );
    }
}
