//! `molehill agal glsl`: validates a vertex+fragment pair as Flash Player would, links it, and
//! prints the GLSL of the vertex shader then of the fragment shader on stdout (each from its
//! `#version` line, nothing else). Errors go to stderr with a non-zero exit.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use molehill_agal::glsl::{Dialect, Options};
use molehill_agal::profile::Profile;
use molehill_agal::ProgramKind;

use crate::agal_validate::parse_profile;
use crate::input::{self, write_out};

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
    run_to(args, &mut std::io::stdout().lock())
}

/// [`run`], writing the two shaders to `out`.
fn run_to(args: &GlslArgs, out: &mut impl Write) -> Result<ExitCode, String> {
    let dialect = Dialect::from_name(&args.dialect).ok_or_else(|| {
        format!(
            "unknown dialect {:?} (expected es300, es100 or glsl330)",
            args.dialect
        )
    })?;
    let profile = match &args.profile {
        Some(name) => parse_profile(name)?,
        None => Profile::Enhanced,
    };
    let (vertex_bytes, fragment_bytes) = input::read_pair(&args.vertex, &args.fragment, None)?;
    let validate = |bytes: &[u8], kind: ProgramKind| {
        molehill_agal::valid::validate(bytes, kind, profile).map_err(|e| {
            let flash = e.to_flash();
            format!("{kind} program: {flash}")
        })
    };
    let vertex = validate(&vertex_bytes, ProgramKind::Vertex)?;
    let fragment = validate(&fragment_bytes, ProgramKind::Fragment)?;
    molehill_agal::valid::link(&vertex, &fragment)
        .map_err(|e| format!("link: {}", e.to_flash()))?;
    let shaders = molehill_agal::glsl::translate(&vertex, &fragment, &Options::new(dialect))
        .map_err(|e| format!("GLSL ({dialect}): {e}"))?;
    let text = [shaders.vertex, shaders.fragment].concat();
    write_out(out, text.as_bytes(), "the GLSL")?;
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::tests::{ClosedPipe, TempPair};

    fn args(files: &TempPair) -> GlslArgs {
        GlslArgs {
            dialect: "es300".into(),
            profile: None,
            vertex: files.0.clone(),
            fragment: files.1.clone(),
        }
    }

    #[test]
    fn stdout_holds_the_two_shaders() {
        let files = TempPair::new("glsl", b"mov v0, va0\nmov op, va0", b"mov oc, v0");
        let mut out = Vec::new();
        assert_eq!(run_to(&args(&files), &mut out), Ok(ExitCode::SUCCESS));
        let vertex = molehill_agal::asm::assemble(
            "mov v0, va0\nmov op, va0",
            ProgramKind::Vertex,
            molehill_agal::Version::V1,
        )
        .unwrap();
        let fragment = molehill_agal::asm::assemble(
            "mov oc, v0",
            ProgramKind::Fragment,
            molehill_agal::Version::V1,
        )
        .unwrap();
        let shaders =
            molehill_agal::glsl::translate(&vertex, &fragment, &Options::default()).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            shaders.vertex + &shaders.fragment
        );
    }

    #[test]
    fn a_closed_stdout_is_an_error_not_a_panic() {
        // `print!` panicked here ("failed printing to stdout"), exit status 101.
        let files = TempPair::new("glsl-pipe", b"mov v0, va0\nmov op, va0", b"mov oc, v0");
        let e = run_to(&args(&files), &mut ClosedPipe).unwrap_err();
        assert!(e.starts_with("writing the GLSL: "), "{e}");
    }

    #[test]
    fn bad_profile_lists_the_names() {
        let files = TempPair::new("glsl-profile", b"mov op, va0", b"mov oc, v0");
        let mut a = args(&files);
        a.profile = Some("Standard".into());
        let e = run_to(&a, &mut Vec::new()).unwrap_err();
        assert!(e.contains("one of: baselineConstrained"), "{e}");
    }
}
