//! `molehill agal wgsl`: validates a vertex+fragment pair as Flash Player would, links it, and
//! prints the two WGSL modules on stdout, each after a comment line naming it
//! (`// vertex module, entry point vs_main`, `// fragment module, entry point fs_main`), so
//! that the output splits at those lines. Errors go to stderr with a non-zero exit.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use molehill_agal::profile::Profile;
use molehill_agal::wgsl::{Options, Shaders, FRAGMENT_ENTRY, VERTEX_ENTRY};
use molehill_agal::ProgramKind;

use crate::agal_validate::parse_profile;
use crate::input::{self, write_out};

/// Arguments of `molehill agal wgsl`.
#[derive(Debug, clap::Args)]
pub struct WgslArgs {
    /// Context3D profile to validate under (default: enhanced, which accepts every AGAL version
    /// and multiple render targets).
    #[arg(long)]
    pub profile: Option<String>,
    /// Vertex program: assembly, hex or binary.
    pub vertex: PathBuf,
    /// Fragment program: assembly, hex or binary.
    pub fragment: PathBuf,
}

pub fn run(args: &WgslArgs) -> Result<ExitCode, String> {
    run_to(args, &mut std::io::stdout().lock())
}

/// The text printed for a pair.
fn text(shaders: &Shaders) -> String {
    format!(
        "// vertex module, entry point {VERTEX_ENTRY}\n{}// fragment module, entry point {FRAGMENT_ENTRY}\n{}",
        shaders.vertex, shaders.fragment
    )
}

/// [`run`], writing the two modules to `out`.
fn run_to(args: &WgslArgs, out: &mut impl Write) -> Result<ExitCode, String> {
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
    let shaders = molehill_agal::wgsl::translate(&vertex, &fragment, &Options::default())
        .map_err(|e| format!("WGSL: {e}"))?;
    write_out(out, text(&shaders).as_bytes(), "the WGSL")?;
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::tests::{ClosedPipe, TempPair};

    fn args(files: &TempPair) -> WgslArgs {
        WgslArgs {
            profile: None,
            vertex: files.0.clone(),
            fragment: files.1.clone(),
        }
    }

    #[test]
    fn stdout_holds_the_two_modules() {
        let files = TempPair::new("wgsl", b"mov v0, va0\nmov op, va0", b"mov oc, v0");
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
            molehill_agal::wgsl::translate(&vertex, &fragment, &Options::default()).unwrap();
        let out = String::from_utf8(out).unwrap();
        assert_eq!(out, text(&shaders));
        let (v, f) = out
            .split_once("// fragment module, entry point fs_main\n")
            .unwrap();
        assert_eq!(
            v,
            format!("// vertex module, entry point vs_main\n{}", shaders.vertex)
        );
        assert_eq!(f, shaders.fragment);
    }

    #[test]
    fn a_closed_stdout_is_an_error_not_a_panic() {
        let files = TempPair::new("wgsl-pipe", b"mov v0, va0\nmov op, va0", b"mov oc, v0");
        let e = run_to(&args(&files), &mut ClosedPipe).unwrap_err();
        assert!(e.starts_with("writing the WGSL: "), "{e}");
    }

    #[test]
    fn an_invalid_pair_is_a_flash_error() {
        let files = TempPair::new("wgsl-invalid", b"mov op, va0", b"mov oc, v0");
        let e = run_to(&args(&files), &mut Vec::new()).unwrap_err();
        assert!(e.starts_with("link: "), "{e}");
    }
}
