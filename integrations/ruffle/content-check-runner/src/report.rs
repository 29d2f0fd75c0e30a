//! What the player process of one SWF reports (one record a line on its standard output), how
//! an uncaught AVM2 error Ruffle logged is read as a Flash error, and the verdict on the SWF:
//! no Ruffle type here, so the verdict logic is tested without a player or a GPU.

use std::fmt;

/// A Flash error as content sees it: `TypeError: Error #1009: Cannot access ...`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FlashError {
    /// The error's class name (`TypeError`); empty for a thrown value that is no `Error`.
    pub class: String,
    /// The `errorID`, when the message is Flash's `Error #ID: ...` form.
    pub id: Option<u32>,
    /// The message, as `Error.message` holds it (`Error #1009: Cannot access ...`).
    pub message: String,
}

impl fmt::Display for FlashError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.class.is_empty() {
            write!(f, "{}", self.message)
        } else {
            write!(f, "{}: {}", self.class, self.message)
        }
    }
}

/// The beginnings of the messages Ruffle logs (at error level) for an uncaught AVM2 error
/// (`Avm2::uncaught_error`'s `extra_info`, at Ruffle f3a1263e16), each followed by `": "` and
/// the error as `toString()` gives it, then its stack.
const UNCAUGHT: [&str; 7] = [
    "Error dispatching event",
    "Error running AVM2",
    "Error in AVM2",
    "Error setting AVM2 child",
    "Error creating TextLine",
    "Error loading AVM2 ABC",
    "Error attempting to lookup AVM2 symbol class",
];

/// The Flash error of a message Ruffle logged for an uncaught AVM2 error, or `None` for any
/// other message.
pub fn uncaught_error(log_message: &str) -> Option<FlashError> {
    if !UNCAUGHT.iter().any(|p| log_message.starts_with(p)) {
        return None;
    }
    let (_, thrown) = log_message.split_once(": ")?;
    // The stack follows on the next lines ("\tat ...").
    let thrown = thrown.lines().next().unwrap_or("").trim_end();
    Some(parse_thrown(thrown))
}

/// `Class: message` (the `Error #ID: ` form giving the ID), or a thrown value with no class.
fn parse_thrown(thrown: &str) -> FlashError {
    if let Some((class, message)) = thrown.split_once(": ")
        && is_class_name(class)
    {
        let id = message
            .strip_prefix("Error #")
            .and_then(|rest| rest.split_once(':'))
            .and_then(|(digits, _)| digits.parse().ok());
        return FlashError {
            class: class.to_string(),
            id,
            message: message.to_string(),
        };
    }
    FlashError {
        class: String::new(),
        id: None,
        message: thrown.to_string(),
    }
}

/// An AS3 class name as `Error.name` gives it (`TypeError`, `flash.errors::IOError`).
fn is_class_name(s: &str) -> bool {
    let mut chars = s.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_alphabetic() || c == '_' || c == '$')
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '.' | ':'))
}

/// One record of the player process's standard output.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Record {
    /// The SWF could not be read or parsed.
    Load(String),
    /// Frame N (from 1) ran.
    Frame(u32),
    /// An uncaught AVM2 error.
    Error(FlashError),
    /// A panic's message.
    Panic(String),
    /// The Stage3D work: calls, draws, presents.
    Counts {
        calls: u64,
        draws: u64,
        presents: u64,
    },
    /// Whether every captured frame was one colour (`Some(rgba)`), or not (`None`).
    Blank(Option<[u8; 4]>),
    /// The process ran every frame and reported everything.
    Done,
}

/// One line of text per record, tab-separated: newlines in a message become spaces.
impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let flat = |s: &str| s.replace(['\n', '\r', '\t'], " ");
        match self {
            Record::Load(m) => write!(f, "load\t{}", flat(m)),
            Record::Frame(n) => write!(f, "frame\t{n}"),
            Record::Error(e) => {
                let id = e.id.map(|i| i.to_string()).unwrap_or_default();
                write!(f, "error\t{}\t{id}\t{}", flat(&e.class), flat(&e.message))
            }
            Record::Panic(m) => write!(f, "panic\t{}", flat(m)),
            Record::Counts {
                calls,
                draws,
                presents,
            } => write!(f, "counts\t{calls}\t{draws}\t{presents}"),
            Record::Blank(None) => write!(f, "blank\t-"),
            Record::Blank(Some([r, g, b, a])) => {
                write!(f, "blank\t{r:02x}{g:02x}{b:02x}{a:02x}")
            }
            Record::Done => write!(f, "done"),
        }
    }
}

impl Record {
    /// The record a line holds (`None` for anything else the process printed).
    pub fn parse(line: &str) -> Option<Record> {
        let mut fields = line.split('\t');
        let kind = fields.next()?;
        let mut next = || fields.next();
        Some(match kind {
            "load" => Record::Load(next()?.to_string()),
            "frame" => Record::Frame(next()?.parse().ok()?),
            "error" => {
                let class = next()?.to_string();
                let id = next()?;
                let id = if id.is_empty() {
                    None
                } else {
                    Some(id.parse().ok()?)
                };
                let message = next()?.to_string();
                Record::Error(FlashError { class, id, message })
            }
            "panic" => Record::Panic(next()?.to_string()),
            "counts" => Record::Counts {
                calls: next()?.parse().ok()?,
                draws: next()?.parse().ok()?,
                presents: next()?.parse().ok()?,
            },
            "blank" => match next()? {
                "-" => Record::Blank(None),
                hex if hex.len() == 8 => {
                    let v = u32::from_str_radix(hex, 16).ok()?;
                    Record::Blank(Some(v.to_be_bytes()))
                }
                _ => return None,
            },
            "done" => Record::Done,
            _ => return None,
        })
    }
}

/// How the player process ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// It exited with this status (`None`: killed by a signal).
    Exited(Option<i32>),
    /// It was still running after this many seconds and was killed.
    TimedOut(u64),
}

/// The verdict on one SWF.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// It played: frames run, Stage3D calls, draws.
    Pass { frames: u32, calls: u64, draws: u64 },
    /// It failed, for this reason.
    Fail(String),
}

impl Verdict {
    /// `PASS name: F frames, C Stage3D calls, D draws` or `FAIL name: cause`.
    pub fn line(&self, name: &str) -> String {
        match self {
            Verdict::Pass {
                frames,
                calls,
                draws,
            } => format!("PASS {name}: {frames} frames, {calls} Stage3D calls, {draws} draws"),
            Verdict::Fail(cause) => format!("FAIL {name}: {cause}"),
        }
    }

    pub fn passed(&self) -> bool {
        matches!(self, Verdict::Pass { .. })
    }
}

/// The verdict on a SWF from what its process reported and how it ended, the first that
/// applies of: it could not be loaded; a panic (its message); a hang (killed after T seconds);
/// an uncaught Flash error (the first: class, ID and message); a crash (no `done`); no Stage3D
/// call; every frame blank; otherwise it passed. `stderr_tail` is the process's last line of
/// standard error, shown for a crash.
pub fn verdict(records: &[Record], ending: Ending, stderr_tail: &str) -> Verdict {
    let frames = records
        .iter()
        .filter_map(|r| match r {
            Record::Frame(n) => Some(*n),
            _ => None,
        })
        .max()
        .unwrap_or(0);
    let at = |frames: u32| {
        if frames == 0 {
            String::from("before the first frame")
        } else {
            format!("after frame {frames}")
        }
    };
    if let Some(message) = records.iter().find_map(|r| match r {
        Record::Load(m) => Some(m),
        _ => None,
    }) {
        return Verdict::Fail(format!("cannot load the SWF: {message}"));
    }
    if let Some(message) = records.iter().find_map(|r| match r {
        Record::Panic(m) => Some(m),
        _ => None,
    }) {
        return Verdict::Fail(format!("panic {}: {message}", at(frames)));
    }
    if let Ending::TimedOut(seconds) = ending {
        return Verdict::Fail(format!("hang: still running after {seconds} s ({} run)", {
            if frames == 1 {
                String::from("1 frame")
            } else {
                format!("{frames} frames")
            }
        }));
    }
    let first_error = records.iter().enumerate().find_map(|(i, r)| match r {
        Record::Error(e) => Some((i, e)),
        _ => None,
    });
    if let Some((i, error)) = first_error {
        // The frame it happened in: the frames reported before it, plus the one running.
        let before = records[..i]
            .iter()
            .filter(|r| matches!(r, Record::Frame(_)))
            .count() as u32;
        return Verdict::Fail(format!("uncaught {error} (in frame {})", before + 1));
    }
    if !records.contains(&Record::Done) {
        let how = match ending {
            Ending::Exited(Some(code)) => format!("exit status {code}"),
            Ending::Exited(None) => String::from("killed by a signal"),
            Ending::TimedOut(_) => unreachable!("handled above"),
        };
        let tail = if stderr_tail.is_empty() {
            String::new()
        } else {
            format!(": {stderr_tail}")
        };
        return Verdict::Fail(format!("crashed {} ({how}){tail}", at(frames)));
    }
    let (calls, draws) = records
        .iter()
        .find_map(|r| match r {
            Record::Counts { calls, draws, .. } => Some((*calls, *draws)),
            _ => None,
        })
        .unwrap_or((0, 0));
    if calls == 0 {
        return Verdict::Fail(format!("no Stage3D call in {frames} frames"));
    }
    if let Some(Some([r, g, b, a])) = records.iter().find_map(|r| match r {
        Record::Blank(colour) => Some(*colour),
        _ => None,
    }) {
        return Verdict::Fail(format!(
            "every frame blank (all {frames} one colour, RGBA {r:02x}{g:02x}{b:02x}{a:02x}; {calls} Stage3D calls, {draws} draws)"
        ));
    }
    Verdict::Pass {
        frames,
        calls,
        draws,
    }
}

#[cfg(test)]
#[path = "report_tests.rs"]
mod tests;
