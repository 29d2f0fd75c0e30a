//! `molehill agal asm` and `molehill agal disasm`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use molehill_agal::{ProgramKind, Version};

use crate::input::{self, Input};

/// Arguments of `molehill agal asm`.
#[derive(Debug, clap::Args)]
pub struct AsmArgs {
    /// AGAL version (1, 2 or 3); by default the one a leading `// ... AGAL version N` comment
    /// states, else the lowest that assembles.
    #[arg(long)]
    pub version: Option<u32>,
    /// Assemble a vertex program (the default is taken from the file name: `frag` in it means
    /// fragment; else a leading comment saying `fragment program`; else vertex).
    #[arg(long, conflicts_with = "fragment")]
    pub vertex: bool,
    /// Assemble a fragment program.
    #[arg(long)]
    pub fragment: bool,
    /// Write raw bytes instead of hex.
    #[arg(long)]
    pub binary: bool,
    /// Do what Adobe's AGALMiniAssembler does (skip unknown lines, ignore stray text, read bad
    /// sampler options as bias 0), with a warning on stderr for each, instead of refusing.
    #[arg(long)]
    pub lenient: bool,
    /// The assembly file (`/dev/stdin` works).
    pub file: PathBuf,
}

/// The program kind for `args`: the flags, else the file name, else the leading comment.
fn kind_of(args: &AsmArgs, text: &str) -> ProgramKind {
    if args.fragment {
        return ProgramKind::Fragment;
    }
    if args.vertex {
        return ProgramKind::Vertex;
    }
    let name = args
        .file
        .file_name()
        .map(|n| n.to_string_lossy().to_lowercase())
        .unwrap_or_default();
    if name.contains("frag") {
        return ProgramKind::Fragment;
    }
    if name.contains("vert") {
        return ProgramKind::Vertex;
    }
    let header = text
        .lines()
        .map(str::trim)
        .take_while(|l| l.is_empty() || l.starts_with("//"))
        .any(|l| l.contains("fragment program"));
    if header {
        ProgramKind::Fragment
    } else {
        ProgramKind::Vertex
    }
}

pub fn run_asm(args: &AsmArgs) -> Result<ExitCode, String> {
    let version = match args.version {
        None => None,
        Some(n) => Some(
            Version::from_number(n)
                .ok_or_else(|| format!("--version {n}: AGAL versions are 1, 2 and 3"))?,
        ),
    };
    let name = args.file.display().to_string();
    let text = match input::read_input(&args.file)? {
        Input::Text(t) => t,
        Input::Bytes(_) => {
            return Err(format!(
                "{name}: this is bytecode, not assembly (molehill agal disasm reads it)"
            ))
        }
    };
    let kind = kind_of(args, &text);
    let assembled = input::assemble_text(&name, &text, kind, version, args.lenient, false)?;
    for w in &assembled.warnings {
        eprintln!("molehill: warning: {name}: {w}");
    }
    let out = if args.binary {
        assembled.bytes
    } else {
        let mut hex: String = assembled.bytes.iter().map(|b| format!("{b:02x}")).collect();
        hex.push('\n');
        hex.into_bytes()
    };
    input::write_stdout(&out, "the bytecode")?;
    Ok(ExitCode::SUCCESS)
}

pub fn run_disasm(file: &Path) -> Result<ExitCode, String> {
    let name = file.display().to_string();
    let bytes = match input::read_input(file)? {
        Input::Bytes(b) => b,
        Input::Text(_) => {
            return Err(format!(
                "{name}: not bytecode (expected binary starting with 0xA0, or hex digits)"
            ))
        }
    };
    let program = molehill_agal::decode(&bytes).map_err(|e| format!("{name}: {e}"))?;
    let text = molehill_agal::disasm::disassemble(&program);
    input::write_stdout(text.as_bytes(), "the assembly")?;
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(file: &str, vertex: bool, fragment: bool) -> AsmArgs {
        AsmArgs {
            version: None,
            vertex,
            fragment,
            binary: false,
            lenient: false,
            file: PathBuf::from(file),
        }
    }

    #[test]
    fn kind_from_flags_then_name_then_comment() {
        let frag_comment = "// x (fragment program, AGAL version 1)\nmov oc, v0";
        assert_eq!(
            kind_of(&args("a.agal", false, true), ""),
            ProgramKind::Fragment
        );
        assert_eq!(
            kind_of(&args("a.frag.agal", true, false), ""),
            ProgramKind::Vertex
        );
        assert_eq!(
            kind_of(&args("dir/a.frag.agal", false, false), ""),
            ProgramKind::Fragment
        );
        assert_eq!(
            kind_of(&args("a.vert.agal", false, false), frag_comment),
            ProgramKind::Vertex
        );
        assert_eq!(
            kind_of(&args("/dev/stdin", false, false), frag_comment),
            ProgramKind::Fragment
        );
        assert_eq!(
            kind_of(&args("/dev/stdin", false, false), "mov op, va0"),
            ProgramKind::Vertex
        );
    }

    #[test]
    fn bad_version_is_an_error() {
        let mut a = args("/nonexistent", false, false);
        a.version = Some(4);
        assert!(run_asm(&a).unwrap_err().contains("--version 4"));
        a.version = None;
        assert!(run_asm(&a).unwrap_err().contains("/nonexistent"));
        assert!(run_disasm(Path::new("/nonexistent")).is_err());
    }
}
