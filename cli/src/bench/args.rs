//! The arguments of `molehill bench`.

use molehill_gl::CurrentCheck;
use molehill_replay::BackendKind;

use molehill_bench::scenarios::Scenario;

/// Arguments of `molehill bench`.
#[derive(Debug, clap::Args)]
pub struct BenchArgs {
    /// Frames to time (after one untimed warm-up frame); with --baseline, frames per side
    /// and round (the upload scenario scales them down for large textures).
    #[arg(long, default_value_t = 300, value_parser = clap::value_parser!(u32).range(1..))]
    pub frames: u32,
    /// Time each scenario against a hand-written GL program (`--backend gl`) or wgpu program
    /// (`--backend wgpu`) drawing the same frames, in alternating rounds, and check that the
    /// two pictures are identical.
    #[arg(long)]
    pub baseline: bool,
    /// With --baseline: A/B rounds.
    #[arg(long, default_value_t = 7, value_parser = clap::value_parser!(u32).range(1..))]
    pub rounds: u32,
    /// The renderer: `gl`, `wgpu` (Vulkan) or `wgpu-gl` (wgpu's GL backend). --baseline needs
    /// `gl` or `wgpu`.
    #[arg(long, default_value = "gl", value_parser = crate::backend_arg::parse_backend)]
    pub backend: BackendKind,
    /// With --baseline: run one side only (for profilers such as callgrind).
    #[arg(long, value_enum, requires = "baseline")]
    pub only: Option<Side>,
    /// GL only: when Molehill asks EGL whether its context is still current on the thread:
    /// at every call (`every-call`, the backend's default) or at the first call of each frame
    /// (`at-present`, for a player that makes no other context current mid-frame; see
    /// `molehill_gl::CurrentCheck`).
    #[arg(long, value_enum, default_value = "every-call")]
    pub current_check: CheckArg,
    /// The scenario; every one but `upload` when left out (with --baseline, all of them).
    #[arg(value_enum)]
    pub scenario: Option<Scenario>,
}

/// `--current-check`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum CheckArg {
    /// `CurrentCheck::EveryCall`.
    EveryCall,
    /// `CurrentCheck::AtPresent`.
    AtPresent,
}

impl From<CheckArg> for CurrentCheck {
    fn from(c: CheckArg) -> CurrentCheck {
        match c {
            CheckArg::EveryCall => CurrentCheck::EveryCall,
            CheckArg::AtPresent => CurrentCheck::AtPresent,
        }
    }
}

/// One side of the comparison.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Side {
    /// Through the shim, Context3D and the GL backend.
    Molehill,
    /// The hand-written GL program.
    Raw,
}
