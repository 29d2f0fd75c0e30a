//! `molehill agal glsl`.

use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `molehill agal glsl`.
#[derive(Debug, clap::Args)]
pub struct GlslArgs {
    /// GLSL dialect: es300 (default), es100 or glsl330.
    #[arg(long, default_value = "es300")]
    pub dialect: String,
    /// Vertex program: assembly, hex or binary.
    pub vertex: PathBuf,
    /// Fragment program: assembly, hex or binary.
    pub fragment: PathBuf,
}

pub fn run(_args: &GlslArgs) -> Result<ExitCode, String> {
    Err("agal glsl is not built yet".into())
}
