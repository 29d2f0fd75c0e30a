//! The player process of one SWF: Ruffle headless on its wgpu renderer drawing offscreen, the
//! files beside the SWF served as it loads them (Ruffle's `NullNavigatorBackend` with the SWF's
//! folder as its base: local paths only, no network), N frames run as Ruffle's test runner runs
//! them (`run_frame`, timers advanced by one frame's time, the loaders' futures polled, the
//! frame rendered), and what happened reported on standard output as [`Record`]s.

use std::io::Write;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use ruffle_core::backend::navigator::{NullExecutor, NullNavigatorBackend};
use ruffle_core::limits::ExecutionLimit;
use ruffle_core::tag_utils::movie_from_path;
use ruffle_core::{FloatDuration, PlayerBuilder};
use ruffle_render_wgpu::backend::{
    WgpuRenderBackend, create_wgpu_instance, request_adapter_and_device,
};
use ruffle_render_wgpu::descriptors::Descriptors;
use ruffle_render_wgpu::target::TextureTarget;
use ruffle_render_wgpu::wgpu;
use tracing_subscriber::Layer as _;
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;

use crate::counting::Counting;
use crate::report::{Record, uncaught_error};
use crate::sheet::single_colour;

/// Writes one record on standard output, at once (the parent may kill this process later).
pub fn emit(record: &Record) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{record}");
    let _ = out.flush();
}

/// Ruffle's log: errors that are uncaught AVM2 errors become [`Record::Error`]s; everything
/// goes to standard error as well (`RUST_LOG` filters it, `warn` by default).
struct UncaughtErrors;

impl<S: tracing::Subscriber> tracing_subscriber::Layer<S> for UncaughtErrors {
    fn on_event(
        &self,
        event: &tracing::Event<'_>,
        _ctx: tracing_subscriber::layer::Context<'_, S>,
    ) {
        if *event.metadata().level() != tracing::Level::ERROR {
            return;
        }
        struct Message(String);
        impl tracing::field::Visit for Message {
            fn record_debug(&mut self, field: &tracing::field::Field, value: &dyn std::fmt::Debug) {
                if field.name() == "message" {
                    self.0 = format!("{value:?}");
                }
            }
        }
        let mut message = Message(String::new());
        event.record(&mut message);
        if let Some(error) = uncaught_error(&message.0) {
            emit(&Record::Error(error));
        }
    }
}

/// The SWF's `trace()` output, to standard error (the log of the SWF's run).
struct TraceToStderr;

impl ruffle_core::backend::log::LogBackend for TraceToStderr {
    fn avm_trace(&self, message: &str) {
        eprintln!("trace: {message}");
    }

    fn avm_warning(&self, message: &str) {
        eprintln!("warning: {message}");
    }
}

fn install_hooks() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn"));
    tracing_subscriber::registry()
        .with(UncaughtErrors)
        .with(
            tracing_subscriber::fmt::layer()
                .with_writer(std::io::stderr)
                .with_ansi(false)
                .with_filter(filter),
        )
        .init();
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let payload = info.payload();
        let text = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| String::from("(no message)"));
        let at = info
            .location()
            .map(|l| format!(" (at {}:{})", l.file(), l.line()))
            .unwrap_or_default();
        emit(&Record::Panic(format!("{text}{at}")));
        default_hook(info);
    }));
}

/// The Stage3D work so far: `(calls, draws, presents)`.
fn stage3d_counts() -> (u64, u64, u64) {
    #[cfg(feature = "molehill")]
    {
        let (calls, draws) = molehill_ruffle::call_counts();
        (calls, draws, molehill_ruffle::frame_counts().0)
    }
    #[cfg(not(feature = "molehill"))]
    {
        crate::counting::counts()
    }
}

type Renderer = Counting<WgpuRenderBackend<TextureTarget>>;

/// Runs `frames` frames of the SWF at `swf`, reporting as it goes; writes the last frame to
/// `frame_out` when given. Returns the process's exit status.
pub fn play(swf: &Path, frames: u32, script_timeout: Duration, frame_out: Option<&Path>) -> i32 {
    install_hooks();
    let movie = match movie_from_path(swf, None) {
        Ok(movie) => movie,
        Err(e) => {
            emit(&Record::Load(e.to_string()));
            return 1;
        }
    };
    let width = (movie.width().to_pixels().round() as u32).max(1);
    let height = (movie.height().to_pixels().round() as u32).max(1);
    let frame_time = FloatDuration::from_millis(1000.0 / movie.frame_rate().to_f64().max(1.0));

    let backends = wgpu::Backends::PRIMARY;
    let instance = create_wgpu_instance(backends, wgpu::BackendOptions::default());
    let (adapter, device, queue) = match futures::executor::block_on(request_adapter_and_device(
        backends,
        &instance,
        None,
        wgpu::PowerPreference::HighPerformance,
    )) {
        Ok(device) => device,
        Err(e) => {
            emit(&Record::Load(format!(
                "no wgpu device for Ruffle's renderer: {e}"
            )));
            return 1;
        }
    };
    let descriptors = Arc::new(Descriptors::new(instance, adapter, device, queue));
    let renderer = match TextureTarget::new(&descriptors.device, (width, height))
        .and_then(|target| WgpuRenderBackend::new(descriptors, target))
    {
        Ok(renderer) => renderer,
        Err(e) => {
            emit(&Record::Load(format!("Ruffle's renderer: {e}")));
            return 1;
        }
    };

    let base = swf.parent().unwrap_or(Path::new("."));
    let mut executor = NullExecutor::new();
    let navigator = match NullNavigatorBackend::with_base_path(base, &executor) {
        Ok(navigator) => navigator,
        Err(e) => {
            emit(&Record::Load(format!("{}: {e}", base.display())));
            return 1;
        }
    };
    let player = PlayerBuilder::new()
        .with_renderer(Counting(renderer))
        .with_navigator(navigator)
        .with_video(ruffle_video_software::backend::SoftwareVideoBackend::new())
        .with_log(TraceToStderr)
        .with_max_execution_duration(script_timeout)
        .with_viewport_dimensions(width, height, 1.0)
        .with_autoplay(true)
        .with_movie(movie)
        .build();

    let mut blank = None;
    let mut seen_colour = false;
    let mut last = None;
    for n in 1..=frames {
        {
            let mut p = player.lock().unwrap();
            // Loading what the SWF loads happens in the executor, between frames.
            while !p.preload(&mut ExecutionLimit::exhausted()) {
                drop(p);
                executor.run();
                p = player.lock().unwrap();
            }
            p.run_frame();
            p.update_timers(frame_time);
            p.audio_mut().tick();
        }
        executor.run();
        let mut p = player.lock().unwrap();
        p.render();
        // Every frame until one is not blank (a frame copy each), and the last one.
        if !seen_colour || n == frames {
            let renderer = <dyn std::any::Any>::downcast_ref::<Renderer>(p.renderer())
                .expect("the renderer this process made");
            if let Some(image) = renderer.0.capture_frame() {
                match (single_colour(&image), seen_colour) {
                    (Some(colour), false) => blank = Some(colour),
                    (None, _) => {
                        seen_colour = true;
                        blank = None;
                    }
                    _ => {}
                }
                last = Some(image);
            }
        }
        drop(p);
        emit(&Record::Frame(n));
    }
    let (calls, draws, presents) = stage3d_counts();
    emit(&Record::Counts {
        calls,
        draws,
        presents,
    });
    emit(&Record::Blank(if seen_colour { None } else { blank }));
    if let (Some(path), Some(image)) = (frame_out, &last)
        && let Err(e) = image.save(path)
    {
        eprintln!("cannot write {}: {e}", path.display());
    }
    emit(&Record::Done);
    // The player (and its Stage3Ds) go before the process ends, as in Ruffle's exporter.
    drop(player);
    0
}
