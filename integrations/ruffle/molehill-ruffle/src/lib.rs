//! The part of Ruffle's Stage3D-on-Molehill glue that needs no Ruffle type: which backend the
//! contexts draw with (from Ruffle's renderer: [`BackendKind::choose`]), one
//! `molehill_player::Stage3D` per `stage.stage3Ds[i]` (whose events wait in its queue for Ruffle
//! to dispatch on its own schedule), and the frame hand-off ([`Frame`]: on a wgpu renderer the
//! frame as a texture of the renderer's own device; otherwise the back buffer read back at
//! `present`, as premultiplied RGBA bytes for a Ruffle bitmap).
//!
//! Ruffle's side (the patches in `integrations/ruffle/patches/`) turns AVM2 values into the
//! arguments `molehill_player` takes, throws each [`FlashError`] as the AVM2 error of the same
//! class, ID and message, dispatches the queued events, and makes each [`Frame`] the bitmap its
//! stage draws under the display list. See docs/embedding-ruffle.md.
#![forbid(unsafe_code)]

use std::sync::atomic::{AtomicU64, Ordering};

mod args;
mod collect;
#[cfg(feature = "wgpu")]
mod device;
mod timing;

pub use args::{parse_enum, EnumString, Scratch, Units};
pub use collect::{Collectable, Resource};
#[cfg(feature = "wgpu")]
pub use device::HostDevice;
#[cfg(feature = "wgpu")]
pub use molehill_player::PresentedFrame;

pub use molehill_agal::flash::{ErrorClass, FlashError};
pub use molehill_player;
use molehill_player::{BackendFactory, Context3D, ContextId, Stage3D, Stage3DEvent};
pub use timing::{CallTimer, Spent};

/// The environment variable that overrides the backend, for tests and measurements: `gl`
/// (molehill-gl, headless, its frames through the CPU) or `wgpu` (molehill-wgpu: on the
/// renderer's device when Ruffle's renderer is wgpu, headless otherwise). Unset, the renderer
/// decides ([`BackendKind::choose`]).
pub const BACKEND_VARIABLE: &str = "MOLEHILL_BACKEND";

/// Which Molehill backend the Stage3D contexts draw with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BackendKind {
    /// molehill-gl, headless (EGL; llvmpipe without a GPU): a GL context of its own, so each
    /// frame goes through the CPU to Ruffle's renderer.
    Gl,
    /// molehill-wgpu: on Ruffle's renderer's device when it is wgpu (the frame stays on the
    /// GPU), otherwise headless (Vulkan; lavapipe without a GPU), its frames through the CPU.
    Wgpu,
}

impl BackendKind {
    /// The kind `MOLEHILL_BACKEND` names, if it names one (an unknown name is logged).
    pub fn from_env() -> Option<BackendKind> {
        let v = std::env::var(BACKEND_VARIABLE).ok()?;
        let kind = BackendKind::parse(&v);
        if kind.is_none() {
            log::warn!("{BACKEND_VARIABLE}={v:?}: not gl or wgpu; ignored");
        }
        kind
    }

    /// The kind for a Stage3D of a renderer that lends its wgpu device (`renderer_is_wgpu`)
    /// or not: `MOLEHILL_BACKEND` when set (tests), otherwise molehill-wgpu on a wgpu renderer
    /// (the frame on its device) and molehill-gl elsewhere (Ruffle's Stage3D exists only on
    /// its wgpu renderer, so that is the null renderer of tests and tools), or the one backend
    /// the glue was built with.
    pub fn choose(renderer_is_wgpu: bool) -> BackendKind {
        if let Some(kind) = BackendKind::from_env() {
            return kind;
        }
        if (renderer_is_wgpu && cfg!(feature = "wgpu")) || !cfg!(feature = "gl") {
            BackendKind::Wgpu
        } else {
            BackendKind::Gl
        }
    }

    /// `gl` or `wgpu`.
    pub fn parse(name: &str) -> Option<BackendKind> {
        match name {
            "gl" => Some(BackendKind::Gl),
            "wgpu" => Some(BackendKind::Wgpu),
            _ => None,
        }
    }

    /// A factory of headless backends of this kind.
    pub fn factory(self) -> Box<dyn BackendFactory> {
        match self {
            #[cfg(feature = "gl")]
            BackendKind::Gl => Box::new(molehill_player::HeadlessGl::default()),
            #[cfg(feature = "wgpu")]
            BackendKind::Wgpu => Box::new(molehill_player::HeadlessWgpu::default()),
            #[allow(unreachable_patterns)]
            other => Box::new(move || {
                Err(molehill_player::BackendCreationError::Refused(format!(
                    "molehill-ruffle was built without the {other:?} backend"
                )))
            }),
        }
    }
}

/// The environment variable naming a folder where each Stage3D's calls are recorded as a
/// Molehill trace (`molehill replay` runs it again), written when Ruffle drops the Stage3D.
pub const RECORD_VARIABLE: &str = "MOLEHILL_RUFFLE_RECORD";

/// The environment variable of a test-only switch: `N` loses each Stage3D's context right after
/// its `N`th successful `present()`, once, as a device reset would
/// (`molehill_player::Stage3D::force_context_loss`), so that content's lost-context handling
/// runs in Ruffle ([`Stage3DHost::lose_context_after`]). Not for players.
pub const LOSE_AT_VARIABLE: &str = "MOLEHILL_RUFFLE_LOSE_AT";

/// The environment variable naming a file where the process's frame counts are written (as
/// `presented N copied N`, replaced each time a Stage3D is dropped): `integrations/ruffle/run`
/// prints them as its `frames:` line.
pub const FRAMES_VARIABLE: &str = "MOLEHILL_RUFFLE_FRAMES";

/// Frames presented by every Stage3D of this process, and how many of them were copied through
/// the CPU (read back from Molehill's device and uploaded into a Ruffle bitmap).
static PRESENTED: AtomicU64 = AtomicU64::new(0);
static COPIED: AtomicU64 = AtomicU64::new(0);

/// `(presented, copied through the CPU)`: the frames every Stage3D of this process presented,
/// and those of them whose picture went through the CPU to reach Ruffle's renderer.
pub fn frame_counts() -> (u64, u64) {
    (
        PRESENTED.load(Ordering::Relaxed),
        COPIED.load(Ordering::Relaxed),
    )
}

/// The Stage3D calls of every Stage3D of this process: the natives that reached Molehill's
/// context through Ruffle's `Context3DObject::with` (each `Context3D`, buffer, program and
/// texture method that can throw), `present` included, and the Stage3D's own
/// ([`Stage3DHost::stage`]); and the draw calls presented (`drawTriangles` and
/// `drawTrianglesInstanced` counted by Molehill up to each `present`).
static CALLS: AtomicU64 = AtomicU64::new(0);
static DRAWS: AtomicU64 = AtomicU64::new(0);

/// `(Stage3D calls, draws)` of every Stage3D of this process so far (see [`frame_counts`] for
/// the frames): the calls that reached Molehill (every native that runs through
/// `Context3DObject::with`, that is each Context3D, buffer, program and texture method but the
/// getters, each `present`, and each `requestContext3D*` and `x`/`y`/`visible` setter of a
/// Stage3D) and the draw calls Molehill counted up to each `present`. `integrations/ruffle/content-check`
/// prints them.
pub fn call_counts() -> (u64, u64) {
    (CALLS.load(Ordering::Relaxed), DRAWS.load(Ordering::Relaxed))
}

/// One Stage3D call reached Molehill (counted by [`CallTimer::record_call`]).
pub(crate) fn count_call() {
    CALLS.fetch_add(1, Ordering::Relaxed);
}

/// Writes [`frame_counts`] into the file `MOLEHILL_RUFFLE_FRAMES` names, if it names one.
fn write_frame_counts() {
    static WRITING: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let Some(path) = std::env::var_os(FRAMES_VARIABLE) else {
        return;
    };
    let _one_at_a_time = WRITING.lock().unwrap_or_else(|e| e.into_inner());
    let (presented, copied) = frame_counts();
    let text = format!("presented {presented} copied {copied}\n");
    if let Err(e) = std::fs::write(&path, text) {
        log::warn!(
            "cannot write {}: {e}",
            std::path::Path::new(&path).display()
        );
    }
}

/// One `stage.stage3Ds[i]`: Molehill's Stage3D, whose events wait in its queue until Ruffle
/// dispatches them (Flash dispatches `context3DCreate` after `requestContext3D` returns).
pub struct Stage3DHost {
    stage: Stage3D,
    /// On the renderer's device: where each presented frame comes from.
    #[cfg(feature = "wgpu")]
    frames: Option<molehill_player::WgpuFrames>,
    collected: collect::Collected,
    recording: Option<(molehill_player::Recorder, std::path::PathBuf)>,
    /// Successful presents so far, and the one after which the context is lost (test switch).
    presents: u64,
    lose_after: Option<u64>,
}

impl std::fmt::Debug for Stage3DHost {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Stage3DHost")
            .field("stage", &self.stage)
            .finish()
    }
}

impl Stage3DHost {
    /// A Stage3D whose contexts draw headless (on the backend `MOLEHILL_BACKEND` names,
    /// molehill-gl when unset), for content of SWF version `swf_version`: its frames go through
    /// the CPU ([`present`]). A renderer that lends its device uses
    /// [`for_renderer`](Self::for_renderer).
    pub fn new(swf_version: u8) -> Stage3DHost {
        Stage3DHost::with_factory(BackendKind::choose(false).factory(), swf_version)
    }

    /// A Stage3D for Ruffle's renderer: `device` is the renderer's wgpu device (`None`: the
    /// renderer is not wgpu). With a device its contexts draw on it and
    /// [`present`](Self::present) gives each frame as a texture of it; without one (or with
    /// `MOLEHILL_BACKEND=gl`) they draw headless and the frames come through the CPU
    /// ([`BackendKind::choose`]).
    #[cfg(feature = "wgpu")]
    pub fn for_renderer(swf_version: u8, device: Option<HostDevice>) -> Stage3DHost {
        let kind = BackendKind::choose(device.is_some());
        match device {
            Some(device) if kind == BackendKind::Wgpu => {
                let (factory, frames) = device.factory();
                let mut host = Stage3DHost::with_factory(Box::new(factory), swf_version);
                host.frames = Some(frames);
                host
            }
            _ => Stage3DHost::with_factory(kind.factory(), swf_version),
        }
    }

    /// Whether the contexts draw on the renderer's device (their frames are textures of it).
    pub fn on_renderer_device(&self) -> bool {
        #[cfg(feature = "wgpu")]
        let on_device = self.frames.is_some();
        #[cfg(not(feature = "wgpu"))]
        let on_device = false;
        on_device
    }

    /// `present()` of the context `id` (as [`context`](Self::context) finds it), and the
    /// frame it shows: on the renderer's device a texture of it ([`Frame::Texture`]: nothing
    /// copied through the CPU), otherwise read back ([`Frame::Rgba`], see [`present`]).
    /// `None`: no picture (Ruffle keeps showing the last one).
    ///
    /// # Errors
    ///
    /// `present`'s Flash errors (#3694, #3698, #3691, #3710), unchanged; #3694 for an id this
    /// Stage3D never gave.
    pub fn present(&mut self, id: ContextId) -> Result<Option<Frame>, FlashError> {
        self.collected.release(&mut self.stage);
        let Some(ctx) = self.stage.context3d_by_id(id) else {
            return Err(FlashError::error(3694, &[]));
        };
        let frame = {
            #[cfg(feature = "wgpu")]
            match &mut self.frames {
                Some(frames) => {
                    let frame = device::present(ctx, frames);
                    if frame.is_ok() {
                        PRESENTED.fetch_add(1, Ordering::Relaxed);
                    }
                    frame.map(|f| f.map(Frame::Texture))
                }
                None => present(ctx).map(|f| f.map(Frame::Rgba)),
            }
            #[cfg(not(feature = "wgpu"))]
            present(ctx).map(|f| f.map(Frame::Rgba))
        };
        if frame.is_ok() {
            self.presents += 1;
            if self.lose_after == Some(self.presents) {
                let lost = self.stage.force_context_loss();
                log::info!(
                    "{LOSE_AT_VARIABLE}: context lost after present {}: {lost}",
                    self.presents
                );
            }
        }
        frame
    }

    /// Test switch ([`LOSE_AT_VARIABLE`], which sets it at creation): the context is lost
    /// right after the `presents`th successful [`present`](Self::present) of this Stage3D
    /// (counted from its creation), once; `None` never.
    pub fn lose_context_after(&mut self, presents: Option<u64>) {
        self.lose_after = presents;
    }

    /// Once a frame, before [`take_events`](Self::take_events): a lost context whose device
    /// is back is replaced by a new one of the same profile, and `context3DCreate` is queued
    /// (`molehill_player::Stage3D::recover_lost_context`); `true` when it was.
    pub fn recover_lost_context(&mut self) -> bool {
        self.collected.release(&mut self.stage);
        self.stage.recover_lost_context()
    }

    /// A Stage3D whose contexts draw through `factory`.
    pub fn with_factory(factory: Box<dyn BackendFactory>, swf_version: u8) -> Stage3DHost {
        let mut stage = Stage3D::new(factory);
        stage.set_swf_version(u32::from(swf_version));
        let recording = std::env::var_os(RECORD_VARIABLE).map(|dir| {
            static NEXT: AtomicU64 = AtomicU64::new(1);
            let n = NEXT.fetch_add(1, Ordering::Relaxed);
            let path = std::path::Path::new(&dir)
                .join(format!("stage3d-{}-{n}.trace", std::process::id()));
            let recorder = molehill_player::Recorder::new();
            stage.start_recording(recorder.clone());
            (recorder, path)
        });
        let lose_after = std::env::var(LOSE_AT_VARIABLE).ok().and_then(|v| {
            let n = v.parse().ok().filter(|&n| n > 0);
            if n.is_none() {
                log::warn!("{LOSE_AT_VARIABLE}={v:?}: not a positive number; ignored");
            }
            n
        });
        Stage3DHost {
            stage,
            presents: 0,
            lose_after,
            #[cfg(feature = "wgpu")]
            frames: None,
            collected: collect::Collected::default(),
            recording,
        }
    }

    /// The Stage3D, for one of its AS3 methods (`requestContext3D*`, the `x`, `y` and
    /// `visible` setters: each counted as a Stage3D call in [`call_counts`]).
    pub fn stage(&mut self) -> &mut Stage3D {
        count_call();
        &mut self.stage
    }

    /// The context `id` names (a Ruffle `Context3D` object holds the id of the context it was
    /// made for): the current one, or a disposed one that answers as Flash's disposed
    /// Context3D does (`Stage3D::context3d_by_id`). `None` only for an id this Stage3D never
    /// gave.
    ///
    /// First hands Molehill the objects whose AS3 object Ruffle's collector dropped since
    /// (their [`Collectable`]s), so their GPU memory and budget come back.
    pub fn context(&mut self, id: ContextId) -> Option<&mut Context3D> {
        self.collected.release(&mut self.stage);
        self.stage.context3d_by_id(id)
    }

    /// `stage3D.context3D` as Molehill has it: the current context's id; `None` before the
    /// first context, after `dispose(false)` and after a recreation that failed.
    pub fn current(&self) -> Option<ContextId> {
        self.stage.context3d().map(Context3D::id)
    }

    /// The guard a Ruffle AS3 object holds for `resource` of the context `context` (its
    /// `Context3D` object: [`Resource::Context3D`]): when Ruffle's collector drops the object,
    /// the resource is released at this Stage3D's next call (module `collect`).
    pub fn collectable(&self, context: ContextId, resource: Resource) -> Collectable {
        self.collected.collectable(context, resource)
    }

    /// Hands Molehill what Ruffle's collector dropped since the last call (done by
    /// [`context`](Self::context) too); how many objects.
    pub fn release_collected(&mut self) -> usize {
        self.collected.release(&mut self.stage)
    }

    /// The events to dispatch now, oldest first (`Stage3D::take_events`).
    pub fn take_events(&self) -> Vec<Stage3DEvent> {
        self.stage.take_events()
    }
}

impl Drop for Stage3DHost {
    fn drop(&mut self) {
        write_frame_counts();
        if let Some((recorder, path)) = self.recording.take() {
            if recorder.trace().statements.is_empty() {
                return;
            }
            match std::fs::write(&path, recorder.to_text()) {
                Ok(()) => log::info!("Stage3D calls recorded in {}", path.display()),
                Err(e) => log::warn!("cannot write {}: {e}", path.display()),
            }
        }
    }
}

/// What a `present` showed, as [`Stage3DHost::present`] hands it to Ruffle.
#[derive(Debug)]
pub enum Frame {
    /// Read back from Molehill's own device (counted as copied through the CPU): Ruffle
    /// uploads it into a bitmap of its renderer.
    Rgba(FrameRgba),
    /// A texture of the renderer's device (`Rgba8Unorm`, premultiplied, row 0 on top), which
    /// nothing draws into before the next present: Ruffle wraps it as a bitmap of its renderer
    /// (once per texture: [`PresentedFrame::serial`]).
    #[cfg(feature = "wgpu")]
    Texture(PresentedFrame),
}

/// What a `present` showed: the back buffer, premultiplied RGBA bytes (Ruffle's
/// `BitmapFormat::Rgba`), rows top first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FrameRgba {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// `width * height * 4` bytes.
    pub rgba: Vec<u8>,
}

/// `present()`, and the frame it shows (`molehill_player::Context3D::present_frame_rgba`: the
/// back buffer read just before presenting, as the premultiplied RGBA bytes Ruffle's bitmaps
/// take, with no conversion). `None` when the frame could not be read (Ruffle keeps showing the
/// last one).
///
/// # Errors
///
/// `present`'s Flash errors (#3694, #3698, #3691, #3710), unchanged.
pub fn present(ctx: &mut Context3D) -> Result<Option<FrameRgba>, FlashError> {
    count_call();
    // The draws of the frame, read before `present` starts the count again.
    let draws = u64::from(ctx.draws_since_present());
    let timer = CallTimer::start();
    let frame = ctx.present_frame_rgba();
    let present = timer.stop();
    if frame.is_ok() {
        PRESENTED.fetch_add(1, Ordering::Relaxed);
        DRAWS.fetch_add(draws, Ordering::Relaxed);
    }
    let Ok(Some((width, height, rgba))) = frame else {
        timing::frame_without_picture(present);
        return frame.map(|_| None);
    };
    // Read back from Molehill's device here; the caller uploads it into Ruffle's bitmap.
    COPIED.fetch_add(1, Ordering::Relaxed);
    timing::presented(present);
    Ok(Some(FrameRgba {
        width,
        height,
        rgba,
    }))
}

/// Premultiplied `0xAARRGGBB` pixels (Molehill's) as premultiplied RGBA bytes (Ruffle's).
pub use molehill_player::as3::argb_to_rgba_bytes as argb_to_rgba;

/// Ruffle's BitmapData pixels (premultiplied RGBA bytes) as Molehill's premultiplied
/// `0xAARRGGBB`.
pub use molehill_player::as3::rgba_bytes_to_argb as rgba_to_argb;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pixels_convert_both_ways() {
        let argb = [0x80402010u32, 0xFF00FF00];
        let rgba = argb_to_rgba(&argb);
        assert_eq!(rgba, [0x40, 0x20, 0x10, 0x80, 0x00, 0xFF, 0x00, 0xFF]);
        assert_eq!(rgba_to_argb(&rgba), argb);
    }

    #[test]
    fn a_forced_loss_after_a_present_comes_back_as_a_new_context() {
        let factory = || -> Result<Box<dyn molehill_context3d::Backend>, _> {
            Ok(Box::new(molehill_context3d::RecordingBackend::new()))
        };
        let mut host = Stage3DHost::with_factory(Box::new(factory), 30);
        host.lose_context_after(Some(2));
        host.stage()
            .request_context3d("auto", "baseline")
            .expect("request");
        let first = host.current().expect("a context");
        assert_eq!(
            host.take_events(),
            vec![Stage3DEvent::Context3DCreate(first)]
        );
        let ctx = host.context(first).unwrap();
        ctx.configure_back_buffer(32, 32, 0, false, false, false)
            .unwrap();
        for _ in 0..2 {
            host.context(first)
                .unwrap()
                .clear(0.0, 0.0, 0.0, 1.0, 1.0, 0, 0xFFFF_FFFF)
                .unwrap();
            host.present(first).expect("presented");
        }
        // Lost after the second present: the content's calls are #3694, and nothing is queued.
        let err = host.present(first).unwrap_err();
        assert_eq!(err.id, 3694);
        assert!(host.take_events().is_empty());
        // The next frame's recovery: a new context, and its context3DCreate.
        assert!(host.recover_lost_context());
        let second = host.current().expect("recovered");
        assert_ne!(second, first);
        assert_eq!(
            host.take_events(),
            vec![Stage3DEvent::Context3DCreate(second)]
        );
        assert!(!host.recover_lost_context(), "once");
    }

    #[test]
    fn the_renderer_chooses_without_the_variable() {
        if std::env::var_os(BACKEND_VARIABLE).is_some() {
            return; // the override is under test elsewhere
        }
        assert_eq!(BackendKind::choose(true), BackendKind::Wgpu);
        assert_eq!(BackendKind::choose(false), BackendKind::Gl);
    }

    #[test]
    fn backend_names() {
        assert_eq!(BackendKind::parse("gl"), Some(BackendKind::Gl));
        assert_eq!(BackendKind::parse("wgpu"), Some(BackendKind::Wgpu));
        assert_eq!(BackendKind::parse("vulkan"), None);
    }
}
