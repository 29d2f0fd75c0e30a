//! `molehill agal glsl`: validates a vertex+fragment pair as Flash Player would, links it, and
//! prints the GLSL of the vertex shader then of the fragment shader on stdout (each from its
//! `#version` line, nothing else). Errors go to stderr with a non-zero exit.

use std::path::PathBuf;
use std::process::ExitCode;

use agal::glsl::{Dialect, Options};
use agal::profile::Profile;
use agal::ProgramKind;

use crate::input;

/// Arguments of `molehill agal glsl`.
#[derive(Debug, clap::Args)]
pub struct GlslArgs {
    /// GLSL dialect: es300 (default), es100 or glsl330.
    #[arg(long, default_value = "es300")]
    pub dialect: String,
    /// Context3D profile to validate under (default: enhanced, which accepts every AGAL version
    /// and multiple render targets).
    #[arg(long)]
    pub profile: Option<String>,
    /// Vertex program: assembly, hex or binary.
    pub vertex: PathBuf,
    /// Fragment program: assembly, hex or binary.
    pub fragment: PathBuf,
}

pub fn run(args: &GlslArgs) -> Result<ExitCode, String> {
    let dialect = Dialect::from_name(&args.dialect).ok_or_else(|| {
        format!(
            "unknown dialect {:?} (expected es300, es100 or glsl330)",
            args.dialect
        )
    })?;
    let profile = match &args.profile {
        Some(name) => {
            Profile::from_as3_name(name).ok_or_else(|| format!("unknown profile {name:?}"))?
        }
        None => Profile::Enhanced,
    };
    let (vertex_bytes, fragment_bytes) = input::read_pair(&args.vertex, &args.fragment, None)?;
    let validate = |bytes: &[u8], kind: ProgramKind| {
        agal::valid::validate(bytes, kind, profile).map_err(|e| {
            let flash = e.to_flash();
            format!("{kind} program: {flash}")
        })
    };
    let vertex = validate(&vertex_bytes, ProgramKind::Vertex)?;
    let fragment = validate(&fragment_bytes, ProgramKind::Fragment)?;
    agal::valid::link(&vertex, &fragment).map_err(|e| format!("link: {}", e.to_flash()))?;
    let shaders = agal::glsl::translate(&vertex, &fragment, &Options::new(dialect))
        .map_err(|e| format!("GLSL ({dialect}): {e}"))?;
    print!("{}{}", shaders.vertex, shaders.fragment);
    Ok(ExitCode::SUCCESS)
}
