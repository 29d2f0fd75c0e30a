//! `molehill replay [--backend gl|wgpu|wgpu-gl] [--out DIR] [--update] TRACE...`: replays
//! traces headless, prints one line per trace and a summary line `N passed, N failed`
//! (`, N skipped` when traces marked `# requires_corpus` found no corpus); exit status 1 when
//! any failed.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use indicatif::{ProgressBar, ProgressStyle};
use molehill_replay::BackendKind;
use molehill_replay::{replay_file_keeping, KeptCaptures, ReplayOptions};

/// Arguments of `molehill replay`.
#[derive(Debug, clap::Args)]
pub struct ReplayArgs {
    /// Folder for the PNGs written at each present and drawToBitmapData.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Rewrite the expected images instead of comparing with them.
    #[arg(long)]
    pub update: bool,
    /// The renderer: `gl` (OpenGL ES through EGL), `wgpu` (wgpu on Vulkan) or `wgpu-gl`
    /// (wgpu on its GL backend).
    #[arg(long, default_value = "gl", value_parser = crate::backend_arg::parse_backend)]
    pub backend: BackendKind,
    /// Trace files (a folder stands for every `.trace` file under it).
    #[arg(required = true)]
    pub traces: Vec<PathBuf>,
}

/// Every `.trace` file under `dir`, sorted. Links to folders are not followed (a link to a
/// parent would loop); links to trace files are.
fn traces_under(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), String> {
    let error = |e: std::io::Error| format!("{}: {e}", dir.display());
    let mut entries = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(error)? {
        let entry = entry.map_err(error)?;
        let is_dir = entry.file_type().map_err(error)?.is_dir();
        entries.push((entry.path(), is_dir));
    }
    entries.sort();
    for (path, is_dir) in entries {
        if is_dir {
            traces_under(&path, out)?;
        } else if path.extension().is_some_and(|e| e == "trace") {
            out.push(path);
        }
    }
    Ok(())
}

pub fn run(args: &ReplayArgs) -> Result<ExitCode, String> {
    let mut traces = Vec::new();
    for path in &args.traces {
        if path.is_dir() {
            traces_under(path, &mut traces)?;
        } else {
            traces.push(path.clone());
        }
    }
    if let Some(dir) = &args.out {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    let options = ReplayOptions::default()
        .with_out_dir(args.out.clone())
        .with_update(args.update)
        .with_backend(args.backend);
    let bar = (traces.len() > 1 && std::io::stderr().is_terminal()).then(|| {
        let bar = ProgressBar::new(traces.len() as u64);
        if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} {wide_msg}") {
            bar.set_style(style);
        }
        bar
    });
    let (mut passed, mut failed, mut skipped) = (0usize, 0usize, 0usize);
    for path in &traces {
        if let Some(bar) = &bar {
            bar.set_message(path.display().to_string());
        }
        // Only the last capture is looked at; a long recording must not hold every frame.
        let outcome = replay_file_keeping(path, &options, KeptCaptures::Last);
        if outcome.is_skipped() {
            skipped += 1;
        } else if outcome.passed() {
            passed += 1;
        } else {
            failed += 1;
        }
        let line = outcome.to_string();
        match &bar {
            Some(bar) => {
                bar.suspend(|| println!("{line}"));
                bar.inc(1);
            }
            None => println!("{line}"),
        }
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    if skipped > 0 {
        println!("{passed} passed, {failed} failed, {skipped} skipped");
    } else {
        println!("{passed} passed, {failed} failed");
    }
    Ok(if failed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
