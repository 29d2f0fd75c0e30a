//! Reading program files given on the command line (AGAL assembly, hex or binary bytecode) and
//! writing results to stdout. (Owned by the assembler work; shared by asm, validate and glsl.)
//!
//! A file is read up to [`MAX_INPUT_LEN`] bytes (a larger one, or an endless one such as
//! `/dev/zero`, is refused). It is binary bytecode when its first byte is 0xA0, hex when it
//! holds only hex digits and whitespace (at least one digit), else AGAL assembly. Assembly is assembled at the
//! version asked for, else at the version a leading `// ... AGAL version N` comment states,
//! else at the lowest version (1, 2, 3) that assembles; in strict mode first, then, when that
//! fails at every version, as Adobe's assembler would (lenient), with its warnings on stderr.

use std::io::{Read, Write};
use std::path::Path;

use molehill_agal::asm::{assemble_with, AsmError, AsmOptions, AsmWarning};
use molehill_agal::{ProgramKind, Version};

/// A file's contents, classified.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    /// Bytecode (from binary or hex).
    Bytes(Vec<u8>),
    /// AGAL assembly.
    Text(String),
}

/// The most bytes a program file may hold: far above any AGAL program (4,096 tokens are under
/// 100 KiB of bytecode), low enough that an endless input fails fast instead of filling memory.
pub const MAX_INPUT_LEN: u64 = 16 << 20;

/// Reads and classifies a file (`/dev/stdin` works).
pub fn read_input(path: &Path) -> Result<Input, String> {
    let data = std::fs::File::open(path)
        .and_then(|file| read_limited(file, MAX_INPUT_LEN))
        .map_err(|e| format!("{}: {e}", path.display()))?;
    classify(data).map_err(|e| format!("{}: {e}", path.display()))
}

/// Reads all of `reader`, or fails once it holds more than `limit` bytes.
fn read_limited(reader: impl Read, limit: u64) -> std::io::Result<Vec<u8>> {
    let mut data = Vec::new();
    reader.take(limit + 1).read_to_end(&mut data)?;
    if data.len() as u64 > limit {
        return Err(std::io::Error::other(format!(
            "larger than {limit} bytes, too large for a program file"
        )));
    }
    Ok(data)
}

/// Writes `data` to `out` and flushes it; a failure (a closed pipe, a full disk) is an error
/// naming `what`, not a panic as `print!` would give.
pub fn write_out(out: &mut impl Write, data: &[u8], what: &str) -> Result<(), String> {
    out.write_all(data)
        .and_then(|()| out.flush())
        .map_err(|e| format!("writing {what}: {e}"))
}

/// [`write_out`] to stdout.
pub fn write_stdout(data: &[u8], what: &str) -> Result<(), String> {
    write_out(&mut std::io::stdout().lock(), data, what)
}

/// Binary if it starts with 0xA0, hex if only hex digits and whitespace, else UTF-8 text.
pub fn classify(data: Vec<u8>) -> Result<Input, String> {
    if data.first() == Some(&0xA0) {
        return Ok(Input::Bytes(data));
    }
    let hex = data
        .iter()
        .all(|b| b.is_ascii_hexdigit() || b.is_ascii_whitespace())
        && data.iter().any(u8::is_ascii_hexdigit);
    if hex {
        return parse_hex(&data).map(Input::Bytes);
    }
    String::from_utf8(data)
        .map(Input::Text)
        .map_err(|e| format!("neither bytecode nor UTF-8 assembly text ({e})"))
}

/// Hex digits (whitespace anywhere) to bytes.
pub fn parse_hex(data: &[u8]) -> Result<Vec<u8>, String> {
    let digits: Vec<u8> = data
        .iter()
        .filter_map(|b| char::from(*b).to_digit(16))
        .map(|d| d as u8)
        .collect();
    if !digits.len().is_multiple_of(2) {
        return Err(format!(
            "hex bytecode has an odd number of digits ({})",
            digits.len()
        ));
    }
    Ok(digits.chunks(2).map(|p| p[0] << 4 | p[1]).collect())
}

/// The version a leading comment states (`// ... AGAL version 2 ...`), as the corpus files
/// and `molehill agal disasm` write it.
pub fn declared_version(text: &str) -> Option<Version> {
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let comment = line.strip_prefix("//")?;
        if let Some(at) = comment.find("AGAL version ") {
            let n: String = comment[at + 13..]
                .chars()
                .take_while(char::is_ascii_digit)
                .collect();
            return n.parse().ok().and_then(Version::from_number);
        }
    }
    None
}

/// The outcome of assembling a file.
#[derive(Debug, Clone)]
pub struct Assembled {
    /// The bytecode.
    pub bytes: Vec<u8>,
    /// The version it was assembled at.
    pub version: Version,
    /// Warnings (quirks accepted in lenient mode, inherited sampler options).
    pub warnings: Vec<AsmWarning>,
    /// Whether lenient mode was needed.
    pub lenient: bool,
}

/// Assembles `text` at `version` (or the declared, or the lowest that assembles), strict
/// first and then, if `fallback`, lenient. `lenient_only` skips the strict attempt.
pub fn assemble_text(
    name: &str,
    text: &str,
    kind: ProgramKind,
    version: Option<Version>,
    lenient_only: bool,
    fallback: bool,
) -> Result<Assembled, String> {
    let versions: Vec<Version> = match version.or_else(|| declared_version(text)) {
        Some(v) => vec![v],
        None => Version::ALL.to_vec(),
    };
    let modes: &[bool] = match (lenient_only, fallback) {
        (true, _) => &[true],
        (false, true) => &[false, true],
        (false, false) => &[false],
    };
    let mut first_errors: Vec<(Version, AsmError)> = Vec::new();
    for &lenient in modes {
        for &v in &versions {
            let options = if lenient {
                AsmOptions::lenient(kind, v)
            } else {
                AsmOptions::new(kind, v)
            };
            match assemble_with(text, &options) {
                Ok(a) => {
                    return Ok(Assembled {
                        bytes: molehill_agal::encode(&a.program),
                        version: v,
                        warnings: a.warnings,
                        lenient,
                    })
                }
                Err(e) if lenient == modes[0] => first_errors.push((v, e)),
                Err(_) => {}
            }
        }
    }
    // Report the error that got furthest (ties: the lowest version).
    let (v, e) = first_errors
        .into_iter()
        .rev()
        .max_by_key(|(_, e)| (e.line, e.column))
        .ok_or_else(|| format!("{name}: nothing to assemble"))?;
    let mut message = format!("{name}: {e} (assembling a {kind} program, AGAL version {v})");
    if !lenient_only && !fallback && fallback_would_work(text, kind, &versions) {
        message.push_str("; --lenient accepts it as Adobe's assembler does");
    }
    Err(message)
}

fn fallback_would_work(text: &str, kind: ProgramKind, versions: &[Version]) -> bool {
    versions
        .iter()
        .any(|&version| assemble_with(text, &AsmOptions::lenient(kind, version)).is_ok())
}

fn print_warnings(name: &str, assembled: &Assembled) {
    if assembled.lenient {
        eprintln!(
            "molehill: warning: {name}: strict assembly failed; assembled as Adobe's assembler does"
        );
    }
    for w in &assembled.warnings {
        eprintln!("molehill: warning: {name}: {w}");
    }
}

/// The version in a bytecode header, if it has a valid one.
pub fn header_version(bytes: &[u8]) -> Option<Version> {
    let v = bytes.get(1..5)?;
    Version::from_number(u32::from_le_bytes([v[0], v[1], v[2], v[3]]))
}

/// Reads a vertex and a fragment program; assembly is assembled at one version for both: the
/// one asked for, else the higher of the two files' versions (a bytecode header's, or the
/// lowest at which the assembly assembles). An assembly already at that version is not
/// assembled again.
pub fn read_pair(
    vertex: &Path,
    fragment: &Path,
    version: Option<Version>,
) -> Result<(Vec<u8>, Vec<u8>), String> {
    let files = [
        Loaded::read(vertex, ProgramKind::Vertex, version)?,
        Loaded::read(fragment, ProgramKind::Fragment, version)?,
    ];
    let pair_version = version.unwrap_or_else(|| {
        files
            .iter()
            .map(Loaded::version)
            .max()
            .unwrap_or(Version::V1)
    });
    let [v, f] = files.map(|file| file.into_bytes(pair_version));
    Ok((v?, f?))
}

/// One file of a pair, read and, when it is assembly, assembled at the version asked for or at
/// its own.
enum Loaded {
    Bytes(Vec<u8>),
    Assembly {
        name: String,
        kind: ProgramKind,
        text: String,
        assembled: Assembled,
    },
}

impl Loaded {
    fn read(path: &Path, kind: ProgramKind, version: Option<Version>) -> Result<Loaded, String> {
        Ok(match read_input(path)? {
            Input::Bytes(bytes) => Loaded::Bytes(bytes),
            Input::Text(text) => {
                let name = path.display().to_string();
                let assembled = assemble_text(&name, &text, kind, version, false, true)?;
                Loaded::Assembly {
                    name,
                    kind,
                    text,
                    assembled,
                }
            }
        })
    }

    /// The header's version (V1 when it has no valid one), or the version assembled at.
    fn version(&self) -> Version {
        match self {
            Loaded::Bytes(bytes) => header_version(bytes).unwrap_or(Version::V1),
            Loaded::Assembly { assembled, .. } => assembled.version,
        }
    }

    /// The bytecode, assembly (re)assembled at `version`, with its warnings on stderr.
    fn into_bytes(self, version: Version) -> Result<Vec<u8>, String> {
        match self {
            Loaded::Bytes(bytes) => Ok(bytes),
            Loaded::Assembly {
                name,
                kind,
                text,
                assembled,
            } => {
                let assembled = if assembled.version == version {
                    assembled
                } else {
                    assemble_text(&name, &text, kind, Some(version), false, true)?
                };
                print_warnings(&name, &assembled);
                Ok(assembled.bytes)
            }
        }
    }
}

#[cfg(test)]
pub mod tests {
    use super::*;

    #[test]
    fn classifies_binary_hex_and_text() {
        assert_eq!(
            classify(vec![0xa0, 1, 0]).unwrap(),
            Input::Bytes(vec![0xa0, 1, 0])
        );
        assert_eq!(
            classify(b"a0 01\n00 00".to_vec()).unwrap(),
            Input::Bytes(vec![0xa0, 1, 0, 0])
        );
        assert!(classify(b"a0 0".to_vec()).is_err());
        assert_eq!(
            classify(b"mov oc, v0".to_vec()).unwrap(),
            Input::Text("mov oc, v0".into())
        );
        assert!(classify(vec![0xff, 0xfe]).is_err());
    }

    #[test]
    fn lowest_version_that_assembles() {
        let a = assemble_text(
            "f",
            "ddx ft0, v0\nmov oc, ft0",
            ProgramKind::Fragment,
            None,
            false,
            true,
        )
        .unwrap();
        assert_eq!(a.version, Version::V2);
        let a = assemble_text("f", "mov oc, v0", ProgramKind::Fragment, None, false, true).unwrap();
        assert_eq!(a.version, Version::V1);
        let a = assemble_text(
            "f",
            "// fragment program, AGAL version 3\nmov oc, v0",
            ProgramKind::Fragment,
            None,
            false,
            true,
        )
        .unwrap();
        assert_eq!(a.version, Version::V3);
    }

    #[test]
    fn strict_then_lenient() {
        let src = "add ft0, ft1,xy, fc1\nmov oc, ft0";
        let e = assemble_text("f", src, ProgramKind::Fragment, None, false, false).unwrap_err();
        assert!(e.contains("line 1, column 14"), "{e}");
        assert!(e.contains("--lenient"), "{e}");
        let a = assemble_text("f", src, ProgramKind::Fragment, None, false, true).unwrap();
        assert!(a.lenient);
        assert_eq!(a.warnings.len(), 1);
    }

    #[test]
    fn endless_or_huge_input_is_refused() {
        assert_eq!(read_limited(&b"abcd"[..], 4).unwrap(), b"abcd");
        let e = read_limited(&b"abcde"[..], 4).unwrap_err();
        assert!(e.to_string().contains("larger than 4 bytes"), "{e}");
        // It read all of /dev/zero before (a hang, then out of memory).
        let zero = Path::new("/dev/zero");
        if zero.exists() {
            let e = read_input(zero).unwrap_err();
            assert!(e.starts_with("/dev/zero: larger than"), "{e}");
        }
    }

    /// A pair of temporary files holding `vertex` and `fragment`, removed on drop.
    pub struct TempPair(pub std::path::PathBuf, pub std::path::PathBuf);

    impl TempPair {
        pub fn new(tag: &str, vertex: &[u8], fragment: &[u8]) -> TempPair {
            let dir = std::env::temp_dir();
            let id = std::process::id();
            let pair = TempPair(
                dir.join(format!("molehill-{tag}-{id}.vert")),
                dir.join(format!("molehill-{tag}-{id}.frag")),
            );
            std::fs::write(&pair.0, vertex).unwrap();
            std::fs::write(&pair.1, fragment).unwrap();
            pair
        }
    }

    impl Drop for TempPair {
        fn drop(&mut self) {
            let _ = std::fs::remove_file(&self.0);
            let _ = std::fs::remove_file(&self.1);
        }
    }

    #[test]
    fn pair_is_assembled_at_the_higher_version() {
        let files = TempPair::new("pair", b"mov op, va0", b"ddx ft0, v0\nmov oc, ft0");
        let (v, f) = read_pair(&files.0, &files.1, None).unwrap();
        assert_eq!(header_version(&v), Some(Version::V2));
        assert_eq!(header_version(&f), Some(Version::V2));
        let (v, f) = read_pair(&files.0, &files.1, Some(Version::V3)).unwrap();
        assert_eq!(header_version(&v), Some(Version::V3));
        assert_eq!(header_version(&f), Some(Version::V3));
        assert!(read_pair(&files.0, &files.1, Some(Version::V1)).is_err());
    }

    /// A writer that always fails, as stdout into a closed pipe does.
    pub struct ClosedPipe;

    impl Write for ClosedPipe {
        fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
            Err(std::io::ErrorKind::BrokenPipe.into())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn write_errors_are_errors() {
        let e = write_out(&mut ClosedPipe, b"x", "the thing").unwrap_err();
        assert!(e.starts_with("writing the thing: "), "{e}");
        let mut out = Vec::new();
        write_out(&mut out, b"x", "the thing").unwrap();
        assert_eq!(out, b"x");
    }
}
