//! `molehill agal asm` and `molehill agal disasm`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Arguments of `molehill agal asm`.
#[derive(Debug, clap::Args)]
pub struct AsmArgs {
    /// AGAL version (1, 2 or 3).
    #[arg(long, default_value_t = 1)]
    pub version: u32,
    /// Assemble a vertex program (the default is taken from the file name, else vertex).
    #[arg(long, conflicts_with = "fragment")]
    pub vertex: bool,
    /// Assemble a fragment program.
    #[arg(long)]
    pub fragment: bool,
    /// Write raw bytes instead of hex.
    #[arg(long)]
    pub binary: bool,
    /// The assembly file (`/dev/stdin` works).
    pub file: PathBuf,
}

pub fn run_asm(_args: &AsmArgs) -> Result<ExitCode, String> {
    Err("agal asm is not built yet".into())
}

pub fn run_disasm(_file: &Path) -> Result<ExitCode, String> {
    Err("agal disasm is not built yet".into())
}
