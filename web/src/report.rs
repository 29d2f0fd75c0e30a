//! What a replay in the page reports, as JSON (the page's table and `scripts/web-replay`'s
//! lines are made from it): the line `molehill replay` prints, each expectation of the trace
//! with whether it held, the files it asked for and did not get, the PNGs `--out` writes, and
//! the stage as Flash Player shows it.

use std::path::Path;

use molehill_replay::image::Image;
use molehill_replay::{MemoryFiles, TraceOutcome};
use molehill_trace::{Pos, Statement, Trace};
use serde_json::{json, Value};

/// One expectation of a trace and whether it held.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Expectation {
    /// Where it is.
    pub pos: Pos,
    /// What it expects, in the trace's words (`pixel 1 62 0xFFFF0000`, `image "quad.png"`).
    pub what: String,
    /// Why it did not hold (`None`: it held).
    pub failure: Option<String>,
}

/// The expectations of `trace`, in order, each with the first failure the replay reported at
/// its line and column. A skipped trace's held nothing and failed nothing: it is left out.
pub fn expectations(trace: &Trace, outcome: &TraceOutcome) -> Vec<Expectation> {
    trace
        .statements
        .iter()
        .filter_map(|s| {
            let what = match &s.value {
                Statement::Call { .. } => return None,
                Statement::ExpectError { id, .. } => format!("error {id}"),
                Statement::ExpectPixel { x, y, argb, .. } => {
                    format!("pixel {x} {y} 0x{argb:08X}")
                }
                Statement::ExpectImage { file, .. } => format!("image {file:?}"),
                Statement::ExpectScreen { file, .. } => format!("screen {file:?}"),
            };
            let failure = outcome
                .failures
                .iter()
                .find(|f| f.pos == s.pos)
                .map(|f| f.kind.to_string());
            Some(Expectation {
                pos: s.pos,
                what,
                failure,
            })
        })
        .collect()
}

/// `bytes` in base64 (the standard alphabet, padded): how PNGs travel in the JSON.
pub fn base64(bytes: &[u8]) -> String {
    const ABC: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = u32::from_be_bytes([0, b[0], b[1], b[2]]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ABC[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

fn png(image: &Image) -> Value {
    match image.encode_png() {
        Ok(bytes) => json!({
            "width": image.width(),
            "height": image.height(),
            "png": base64(&bytes),
        }),
        Err(e) => {
            json!({ "width": image.width(), "height": image.height(), "error": e.to_string() })
        }
    }
}

/// The report of one replay: `text` is the trace (parsed again for its expectations; a trace
/// that does not parse has none), `files` the source it read and wrote through, `captures`
/// whether every capture goes in as a PNG (the page shows them; the command does not need
/// them).
pub fn report(text: &str, outcome: &TraceOutcome, files: &MemoryFiles, captures: bool) -> Value {
    let status = if outcome.is_skipped() {
        "skip"
    } else if outcome.passed() {
        "pass"
    } else {
        "fail"
    };
    let expectations: Vec<Value> = match molehill_trace::parse(text) {
        Ok(trace) if !outcome.is_skipped() => expectations(&trace, outcome)
            .into_iter()
            .map(|e| {
                json!({
                    "line": e.pos.line,
                    "column": e.pos.column,
                    "what": e.what,
                    "held": e.failure.is_none(),
                    "failure": e.failure,
                })
            })
            .collect(),
        _ => Vec::new(),
    };
    let written: Vec<Value> = files
        .take_written()
        .into_iter()
        .map(|(path, bytes)| json!({ "path": path_text(&path), "png": base64(&bytes) }))
        .collect();
    let shots: Vec<Value> = if captures {
        outcome
            .captures
            .iter()
            .map(|c| {
                let mut v = png(&c.image);
                v["line"] = json!(c.pos.line);
                v["kind"] = json!(format!("{:?}", c.kind));
                v
            })
            .collect()
    } else {
        Vec::new()
    };
    json!({
        "line": outcome.to_string(),
        "status": status,
        "failures": outcome.failures.iter().map(ToString::to_string).collect::<Vec<_>>(),
        "expectations": expectations,
        "missing": files.missing().iter().map(|p| path_text(p)).collect::<Vec<_>>(),
        "written": written,
        "captures": shots,
        "screen": outcome.screen.as_ref().map(png),
    })
}

fn path_text(p: &Path) -> String {
    p.to_string_lossy().into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_is_the_standard_one() {
        assert_eq!(base64(b""), "");
        assert_eq!(base64(b"f"), "Zg==");
        assert_eq!(base64(b"fo"), "Zm8=");
        assert_eq!(base64(b"foo"), "Zm9v");
        assert_eq!(base64(b"foobar"), "Zm9vYmFy");
        assert_eq!(base64(&[0xff, 0xfe, 0x00]), "//4A");
    }
}
