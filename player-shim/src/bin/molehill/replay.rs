//! `molehill replay`.

use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `molehill replay`.
#[derive(Debug, clap::Args)]
pub struct ReplayArgs {
    /// Folder for the PNGs written at each present and drawToBitmapData.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Rewrite the expected images instead of comparing with them.
    #[arg(long)]
    pub update: bool,
    /// Trace files.
    #[arg(required = true)]
    pub traces: Vec<PathBuf>,
}

pub fn run(_args: &ReplayArgs) -> Result<ExitCode, String> {
    Err("replay is not built yet".into())
}
