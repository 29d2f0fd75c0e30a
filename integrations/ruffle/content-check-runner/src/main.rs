//! `molehill-content-check`: the binary behind `integrations/ruffle/content-check`.
//!
//! ```text
//! molehill-content-check check [--frames N] [--timeout S] [--out DIR] SWF|DIR...
//! molehill-content-check play SWF [--frames N] [--timeout S] [--frame-out PNG]
//! ```
//!
//! `check` runs each SWF (each `.swf` under a DIR, by path) in a `play` process of its own,
//! killed after S seconds, and prints one verdict line per SWF (`PASS name: F frames, C Stage3D
//! calls, D draws` or `FAIL name: cause`; module `report`), then `N passed, N failed`. With
//! `--out`, each SWF's last frame (`frames/NAME.png`), its process's standard error
//! (`logs/NAME.log`), the verdict lines (`results.txt`) and the contact sheet of the last
//! frames (`contact-sheet.png`, with `contact-sheet.txt` naming each cell) go into DIR.
//! Exits 0 only when every SWF passed.

mod counting;
mod play;
mod report;
mod sheet;

use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

use report::{Ending, Record, Verdict, verdict};

struct Options {
    frames: u32,
    timeout: u64,
    out: Option<PathBuf>,
    frame_out: Option<PathBuf>,
    inputs: Vec<PathBuf>,
}

fn usage() -> ! {
    eprintln!(
        "usage: molehill-content-check check [--frames N] [--timeout S] [--out DIR] SWF|DIR...\n       molehill-content-check play SWF [--frames N] [--timeout S] [--frame-out PNG]"
    );
    std::process::exit(2)
}

fn parse(args: &[String]) -> Options {
    let mut o = Options {
        frames: 60,
        timeout: 120,
        out: None,
        frame_out: None,
        inputs: Vec::new(),
    };
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = || it.next().cloned().unwrap_or_else(|| usage());
        match a.as_str() {
            "--frames" => {
                o.frames = value()
                    .parse()
                    .ok()
                    .filter(|&n| n > 0)
                    .unwrap_or_else(|| usage())
            }
            "--timeout" => {
                o.timeout = value()
                    .parse()
                    .ok()
                    .filter(|&n| n > 0)
                    .unwrap_or_else(|| usage())
            }
            "--out" => o.out = Some(PathBuf::from(value())),
            "--frame-out" => o.frame_out = Some(PathBuf::from(value())),
            s if s.starts_with("--") => usage(),
            s => o.inputs.push(PathBuf::from(s)),
        }
    }
    o
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((command, rest)) = args.split_first() else {
        usage()
    };
    let o = parse(rest);
    match command.as_str() {
        "play" => {
            let [swf] = o.inputs.as_slice() else { usage() };
            // Ruffle's own limit on a script (its Error #1502) at twice ours, so that a script
            // that never returns is reported as the hang it is.
            let status = play::play(
                swf,
                o.frames,
                Duration::from_secs(o.timeout.saturating_mul(2)),
                o.frame_out.as_deref(),
            );
            ExitCode::from(status as u8)
        }
        "check" => check(&o),
        _ => usage(),
    }
}

/// The SWFs the inputs name, each with the name its line shows: a SWF by its file name, a
/// DIR's SWFs (found below it, in path order) by their path from DIR's parent.
fn swfs(inputs: &[PathBuf]) -> Vec<(String, PathBuf)> {
    fn walk(dir: &Path, found: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
        paths.sort();
        for p in paths {
            if p.is_dir() {
                walk(&p, found);
            } else if p.extension().is_some_and(|e| e.eq_ignore_ascii_case("swf")) {
                found.push(p);
            }
        }
    }
    let mut all = Vec::new();
    for input in inputs {
        if input.is_dir() {
            let mut found = Vec::new();
            walk(input, &mut found);
            let root = input.parent().unwrap_or(Path::new(""));
            for p in found {
                let name = p
                    .strip_prefix(root)
                    .unwrap_or(&p)
                    .to_string_lossy()
                    .into_owned();
                all.push((name, p));
            }
        } else {
            let name = input
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_else(|| input.to_string_lossy().into_owned());
            all.push((name, input.clone()));
        }
    }
    all
}

/// A file name for `name` (`avm2/x/test.swf` -> `avm2_x_test.swf`).
fn file_name(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '.' | '-') {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// One SWF's `play` process, killed after `timeout` seconds: its records, how it ended and its
/// standard error.
fn run_one(swf: &Path, o: &Options, frame_out: Option<&Path>) -> (Vec<Record>, Ending, String) {
    let exe = std::env::current_exe().expect("the path of this program");
    let mut command = Command::new(exe);
    command
        .arg("play")
        .arg(swf)
        .args([
            "--frames",
            &o.frames.to_string(),
            "--timeout",
            &o.timeout.to_string(),
        ])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let Some(path) = frame_out {
        command.arg("--frame-out").arg(path);
    }
    let mut child = match command.spawn() {
        Ok(child) => child,
        Err(e) => {
            return (
                Vec::new(),
                Ending::Exited(None),
                format!("cannot start: {e}"),
            );
        }
    };
    let stdout = child.stdout.take().expect("piped");
    let mut stderr = child.stderr.take().expect("piped");
    let lines = std::thread::spawn(move || {
        BufReader::new(stdout)
            .lines()
            .map_while(Result::ok)
            .filter_map(|l| Record::parse(&l))
            .collect::<Vec<_>>()
    });
    let errors = std::thread::spawn(move || {
        let mut text = Vec::new();
        let _ = stderr.read_to_end(&mut text);
        String::from_utf8_lossy(&text).into_owned()
    });
    let deadline = Instant::now() + Duration::from_secs(o.timeout);
    let ending = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Ending::Exited(status.code()),
            Ok(None) if Instant::now() >= deadline => {
                let _ = child.kill();
                let _ = child.wait();
                break Ending::TimedOut(o.timeout);
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(50)),
            Err(_) => break Ending::Exited(None),
        }
    };
    let records = lines.join().unwrap_or_default();
    let stderr = errors.join().unwrap_or_default();
    (records, ending, stderr)
}

fn check(o: &Options) -> ExitCode {
    let all = swfs(&o.inputs);
    if let Some(out) = &o.out {
        for dir in [out.join("frames"), out.join("logs")] {
            if let Err(e) = std::fs::create_dir_all(&dir) {
                eprintln!("content-check: cannot make {}: {e}", dir.display());
                return ExitCode::from(2);
            }
        }
    }
    let mut lines = Vec::new();
    let mut cells = Vec::new();
    let (mut passed, mut failed) = (0, 0);
    for (name, swf) in &all {
        let frame_out = o
            .out
            .as_ref()
            .map(|d| d.join("frames").join(format!("{}.png", file_name(name))));
        if let Some(path) = &frame_out {
            let _ = std::fs::remove_file(path);
        }
        let (records, ending, stderr) = run_one(swf, o, frame_out.as_deref());
        let tail = stderr
            .lines()
            .rev()
            .find(|l| !l.trim().is_empty())
            .unwrap_or("")
            .trim();
        let v: Verdict = verdict(&records, ending, tail);
        let line = v.line(name);
        println!("{line}");
        let _ = std::io::stdout().flush();
        if v.passed() {
            passed += 1;
        } else {
            failed += 1;
        }
        if let Some(out) = &o.out {
            let _ = std::fs::write(
                out.join("logs").join(format!("{}.log", file_name(name))),
                &stderr,
            );
            let frame = frame_out
                .and_then(|p| image::open(p).ok())
                .map(|i| i.to_rgba8());
            cells.push(sheet::Cell {
                frame,
                passed: v.passed(),
            });
        }
        lines.push(line);
    }
    let summary = format!("{passed} passed, {failed} failed");
    if let Some(out) = &o.out {
        let index: Vec<String> = all
            .iter()
            .zip(&lines)
            .enumerate()
            .map(|(i, ((_, path), line))| {
                let columns = cells.len().clamp(1, 6);
                format!(
                    "row {} column {}: {line} ({})",
                    i / columns + 1,
                    i % columns + 1,
                    path.display()
                )
            })
            .collect();
        let sheet = sheet::contact_sheet(&cells);
        let written = sheet
            .save(out.join("contact-sheet.png"))
            .map_err(|e| e.to_string())
            .and_then(|()| {
                std::fs::write(out.join("contact-sheet.txt"), index.join("\n") + "\n")
                    .map_err(|e| e.to_string())
            })
            .and_then(|()| {
                std::fs::write(
                    out.join("results.txt"),
                    lines.join("\n") + "\n" + &summary + "\n",
                )
                .map_err(|e| e.to_string())
            });
        if let Err(e) = written {
            eprintln!("content-check: cannot write into {}: {e}", out.display());
        }
    }
    println!("{summary}");
    if all.is_empty() {
        eprintln!("content-check: no SWF found in the arguments");
        return ExitCode::from(1);
    }
    if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
