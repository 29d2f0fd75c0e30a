//! `molehill agal validate`.

use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `molehill agal validate`.
#[derive(Debug, clap::Args)]
pub struct ValidateArgs {
    /// Context3D profile (baselineConstrained, baseline, baselineExtended, standardConstrained,
    /// standard, standardExtended, enhanced).
    #[arg(long)]
    pub profile: Option<String>,
    /// Vertex program: assembly, hex or binary.
    pub vertex: PathBuf,
    /// Fragment program: assembly, hex or binary.
    pub fragment: PathBuf,
}

pub fn run(_args: &ValidateArgs) -> Result<ExitCode, String> {
    Err("agal validate is not built yet".into())
}
