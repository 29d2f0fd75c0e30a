//! `molehill agal validate [--profile P] VERTEX FRAGMENT`: uploads both programs as
//! `Program3D.upload` would under a Context3D profile, then links them. Prints `ok`, or
//! Flash's error line (`Error #3647: AGAL validation failed: ...`) and exits 1.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use molehill_agal::profile::Profile;
use molehill_agal::valid::{link, validate, ValidationError};
use molehill_agal::{ProgramKind, Version};

use crate::input::{header_version, read_pair, write_out};

/// Arguments of `molehill agal validate`.
#[derive(Debug, clap::Args)]
pub struct ValidateArgs {
    /// Context3D profile (baselineConstrained, baseline, baselineExtended, standardConstrained,
    /// standard, standardExtended, enhanced). Default: the lowest that accepts the programs'
    /// AGAL version.
    #[arg(long)]
    pub profile: Option<String>,
    /// Vertex program: assembly, hex or binary.
    pub vertex: PathBuf,
    /// Fragment program: assembly, hex or binary.
    pub fragment: PathBuf,
}

/// A profile by its exact AS3 name; the error lists them.
pub fn parse_profile(name: &str) -> Result<Profile, String> {
    Profile::from_as3_name(name).ok_or_else(|| {
        let names: Vec<&str> = Profile::ALL.iter().map(|p| p.as3_name()).collect();
        format!("unknown profile {name:?} (one of: {})", names.join(", "))
    })
}

fn check(vertex: &[u8], fragment: &[u8], profile: Profile) -> Result<(), ValidationError> {
    let v = validate(vertex, ProgramKind::Vertex, profile)?;
    let f = validate(fragment, ProgramKind::Fragment, profile)?;
    link(&v, &f).map(|_| ())
}

pub fn run(args: &ValidateArgs) -> Result<ExitCode, String> {
    run_to(args, &mut std::io::stdout().lock())
}

/// [`run`], writing `ok` or the error line to `out`.
fn run_to(args: &ValidateArgs, out: &mut impl Write) -> Result<ExitCode, String> {
    let explicit = args.profile.as_deref().map(parse_profile).transpose()?;
    let (vertex, fragment) = read_pair(&args.vertex, &args.fragment, None)?;
    let profile = explicit.unwrap_or_else(|| {
        let version = [&vertex, &fragment]
            .into_iter()
            .filter_map(|b| header_version(b))
            .max()
            .unwrap_or(Version::V1);
        Profile::lowest_accepting(version)
    });
    let (line, code) = match check(&vertex, &fragment, profile) {
        Ok(()) => ("ok".to_string(), ExitCode::SUCCESS),
        Err(e) => (e.to_flash().message, ExitCode::from(1)),
    };
    write_out(out, format!("{line}\n").as_bytes(), "the result")?;
    Ok(code)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn profiles_parse_exactly() {
        assert_eq!(parse_profile("standard"), Ok(Profile::Standard));
        assert!(parse_profile("Standard").is_err());
    }

    #[test]
    fn pair_checks_report_flash_messages() {
        let vertex = molehill_agal::encode(&molehill_agal::Program {
            kind: ProgramKind::Vertex,
            version: Version::V1,
            instructions: vec![],
        });
        // A header alone is below the minimum length.
        let e = check(&vertex, &vertex, Profile::Baseline).unwrap_err();
        assert_eq!(
            e.to_flash().message,
            "Error #3615: AGAL validation failed: Program size below minimum length for vertex program."
        );
        assert_eq!(header_version(&vertex), Some(Version::V1));
    }

    #[test]
    fn a_closed_stdout_is_an_error_not_a_panic() {
        // `println!` panicked here ("failed printing to stdout"), exit status 101.
        use crate::input::tests::{ClosedPipe, TempPair};
        let files = TempPair::new("validate-pipe", b"mov v0, va0\nmov op, va0", b"mov oc, v0");
        let args = ValidateArgs {
            profile: None,
            vertex: files.0.clone(),
            fragment: files.1.clone(),
        };
        let mut out = Vec::new();
        assert_eq!(run_to(&args, &mut out), Ok(ExitCode::SUCCESS));
        assert_eq!(out, b"ok\n");
        let e = run_to(&args, &mut ClosedPipe).unwrap_err();
        assert!(e.starts_with("writing the result: "), "{e}");
    }
}
