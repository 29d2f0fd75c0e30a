//! `molehill`: the command line of Molehill.
//!
//! ```text
//! molehill agal asm [--version N] [--vertex|--fragment] [--binary] [--lenient] FILE
//! molehill agal disasm FILE
//! molehill agal validate [--profile P] VERTEX FRAGMENT
//! molehill agal glsl [--dialect es300|es100|glsl330] [--profile P] VERTEX FRAGMENT
//! molehill replay [--backend gl|wgpu|wgpu-gl] [--out DIR] [--update] TRACE|DIR...
//! molehill bench [--backend gl|wgpu|wgpu-gl] [--frames N] [--baseline [--rounds N] [--only molehill|raw]] [SCENARIO]
//! ```
//! Each subcommand lives in a module of its own; this file only parses arguments. `replay` and
//! `bench` are the default features `replay` and `bench`; `--no-default-features` builds the
//! AGAL tools alone.
//! Every failure is a message on stderr and a non-zero exit, never a panic.

mod agal_asm;
mod agal_glsl;
mod agal_validate;
mod agal_wgsl;
#[cfg(feature = "replay")]
mod backend_arg;
#[cfg(feature = "bench")]
mod bench;
mod input;
#[cfg(feature = "replay")]
mod replay;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Counts every heap allocation of the process, for `molehill bench`'s `heap allocations per
/// draw` (`bench::allocs`).
#[cfg(feature = "bench")]
#[global_allocator]
static ALLOCATOR: &stats_alloc::StatsAlloc<std::alloc::System> = &stats_alloc::INSTRUMENTED_SYSTEM;

#[derive(Debug, Parser)]
#[command(
    name = "molehill",
    version,
    about = "Stage3D emulator tools: AGAL and conformance replays"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// AGAL tools: assemble, disassemble, validate, translate to GLSL.
    #[command(subcommand)]
    Agal(AgalCommand),
    /// Replay conformance traces headless and check their expectations.
    #[cfg(feature = "replay")]
    Replay(replay::ReplayArgs),
    /// Time frames drawn through the shim on headless GL: frames/s, draws/s, GL calls per draw;
    /// with --baseline, against a hand-written GL program drawing the same frames.
    #[cfg(feature = "bench")]
    Bench(bench::BenchArgs),
}

#[derive(Debug, Subcommand)]
enum AgalCommand {
    /// Assemble AGAL text to bytecode (hex on stdout, or binary with --binary).
    Asm(agal_asm::AsmArgs),
    /// Disassemble bytecode (hex or binary) to canonical assembly.
    Disasm {
        /// Bytecode file, hex or binary (`/dev/stdin` works).
        file: PathBuf,
    },
    /// Validate a vertex+fragment pair as Flash Player's Program3D.upload does.
    Validate(agal_validate::ValidateArgs),
    /// Translate a vertex+fragment pair to GLSL.
    Glsl(agal_glsl::GlslArgs),
    /// Translate a vertex+fragment pair to WGSL (WebGPU).
    Wgsl(agal_wgsl::WgslArgs),
}

/// `--backend NAME`: `gl`, `wgpu` or `wgpu-gl`.
fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn")).init();
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Agal(AgalCommand::Asm(args)) => agal_asm::run_asm(&args),
        Command::Agal(AgalCommand::Disasm { file }) => agal_asm::run_disasm(&file),
        Command::Agal(AgalCommand::Validate(args)) => agal_validate::run(&args),
        Command::Agal(AgalCommand::Glsl(args)) => agal_glsl::run(&args),
        Command::Agal(AgalCommand::Wgsl(args)) => agal_wgsl::run(&args),
        #[cfg(feature = "replay")]
        Command::Replay(args) => replay::run(&args),
        #[cfg(feature = "bench")]
        Command::Bench(args) => bench::run(&args),
    };
    match result {
        Ok(code) => code,
        Err(message) => {
            eprintln!("molehill: {message}");
            ExitCode::from(2)
        }
    }
}
