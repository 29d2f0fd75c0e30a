//! Recordings that test something: a [`Recorder`](super::Recorder) given
//! [`RecordedExpectations`] writes the image of each capture it sees as a PNG and an
//! `expect image` (and, if asked, `expect screen`) line after the call, so that a recorded
//! session replays as a regression test out of the box.

use std::fmt;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use molehill_context3d::stage::{compose, Layer, LayerPlacement, StageLayout, STAGE3D_COUNT};

use crate::as3::unpremultiply;
use molehill_trace::{Call, Located, Statement, Trace};

/// Writes the images a recording expects, in the format a replay reads (`molehill_replay`'s
/// `image::PngWriter` writes PNG). The facade itself encodes no image format, so that an
/// embedder that never records with expectations compiles no image crate.
pub trait ImageWriter {
    /// Writes a `width` x `height` image of `0xAARRGGBB` pixels (not premultiplied, rows top
    /// first; `pixels.len() == width * height`) to `path`.
    fn write_image(
        &self,
        path: &Path,
        width: u32,
        height: u32,
        pixels: &[u32],
    ) -> Result<(), String>;
}

/// A picture as the recording holds it: size and unpremultiplied `0xAARRGGBB` pixels.
struct Picture {
    width: u32,
    height: u32,
    pixels: Vec<u32>,
}

impl Picture {
    /// `None` when `pixels` does not hold `width * height` pixels or the image is empty.
    fn new(width: u32, height: u32, pixels: Vec<u32>) -> Option<Picture> {
        let n = usize::try_from(u64::from(width) * u64::from(height)).ok()?;
        (n > 0 && pixels.len() == n).then_some(Picture {
            width,
            height,
            pixels,
        })
    }
}

/// What a recording checks on replay, and where its PNGs go.
///
/// The trace refers to each PNG by its file name: save the trace text
/// ([`Recorder::to_text`](super::Recorder::to_text)) in `dir` too. Replays on the machine that
/// recorded are exact (the default tolerance 0); replays on another renderer may need a
/// [`with_tolerance`](Self::with_tolerance).
#[derive(Clone)]
#[non_exhaustive]
pub struct RecordedExpectations {
    /// Writes each image (e.g. `molehill_replay::image::PngWriter`).
    pub writer: Rc<dyn ImageWriter>,
    /// The folder the PNGs are written to (created when missing).
    pub dir: PathBuf,
    /// The PNGs are `STEM-K.png` (K-th capture, as `molehill replay --out` numbers them) and
    /// `STEM-screen-J.png`.
    pub stem: String,
    /// `expect image` after each `present()` (the back buffer un-premultiplied, as a replay
    /// captures it) and each `drawToBitmapData` (the BitmapData after the call). Default on.
    pub images: bool,
    /// `expect screen` after each `present()` (what Flash shows: the stage with every visible
    /// Stage3D's last present, `molehill_context3d::stage::compose`). Default off.
    pub screens: bool,
    /// `tolerance` of the lines written (default 0).
    pub tolerance: u8,
    /// `max_outliers` of the lines written (default 0).
    pub max_outliers: u64,
}

impl RecordedExpectations {
    /// Images `dir/STEM-K.png` written by `writer`, `expect image` lines only, exact.
    pub fn new(
        dir: impl Into<PathBuf>,
        stem: impl Into<String>,
        writer: Rc<dyn ImageWriter>,
    ) -> Self {
        RecordedExpectations {
            writer,
            dir: dir.into(),
            stem: stem.into(),
            images: true,
            screens: false,
            tolerance: 0,
            max_outliers: 0,
        }
    }

    /// Writes `expect image` lines (`on`) or not.
    pub fn with_images(mut self, on: bool) -> Self {
        self.images = on;
        self
    }

    /// Writes `expect screen` lines (`on`) or not.
    pub fn with_screens(mut self, on: bool) -> Self {
        self.screens = on;
        self
    }

    /// The `tolerance` and `max_outliers` of the lines written.
    pub fn with_tolerance(mut self, tolerance: u8, max_outliers: u64) -> Self {
        self.tolerance = tolerance;
        self.max_outliers = max_outliers;
        self
    }
}

impl fmt::Debug for RecordedExpectations {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RecordedExpectations")
            .field("dir", &self.dir)
            .field("stem", &self.stem)
            .field("images", &self.images)
            .field("screens", &self.screens)
            .field("tolerance", &self.tolerance)
            .field("max_outliers", &self.max_outliers)
            .finish_non_exhaustive()
    }
}

/// A Stage3D as the recording saw it: AS3 position and visibility, last present.
#[derive(Debug, Clone)]
struct SeenStage3D {
    x: f64,
    y: f64,
    visible: bool,
    /// `(width, height, premultiplied pixels)` of the last present.
    shown: Option<(u32, u32, Vec<u32>)>,
}

impl Default for SeenStage3D {
    fn default() -> Self {
        SeenStage3D {
            x: 0.0,
            y: 0.0,
            visible: true,
            shown: None,
        }
    }
}

/// The state of [`RecordedExpectations`] inside a recording.
#[derive(Debug, Default)]
pub(super) struct ExpectState {
    pub(super) options: Option<RecordedExpectations>,
    stages: [SeenStage3D; STAGE3D_COUNT],
    /// Captures seen (K of the last `STEM-K.png`).
    captures: usize,
    /// Screens written (J of the last `STEM-screen-J.png`).
    screens: usize,
}

impl ExpectState {
    /// Follows the Stage3D properties a successful call set.
    pub(super) fn saw_call(&mut self, stage3d: usize, call: &Call) {
        let Some(s) = self.stages.get_mut(stage3d) else {
            return;
        };
        match *call {
            Call::SetStageX(x) => s.x = x,
            Call::SetStageY(y) => s.y = y,
            Call::SetStageVisible(v) => s.visible = v,
            _ => {}
        }
    }

    /// After a successful `present()` of Stage3D `stage3d` whose back buffer held
    /// `premultiplied` pixels.
    pub(super) fn presented(
        &mut self,
        trace: &mut Trace,
        stage3d: usize,
        (width, height, premultiplied): (u32, u32, Vec<u32>),
    ) {
        let Some(options) = self.options.clone() else {
            return;
        };
        self.captures += 1;
        if options.images {
            let shown = premultiplied.iter().map(|&p| unpremultiply(p)).collect();
            let file = format!("{}-{}.png", options.stem, self.captures);
            if let Some(image) = Picture::new(width, height, shown) {
                push_expectation(trace, &options, &file, &image, false);
            }
        }
        if let Some(s) = self.stages.get_mut(stage3d) {
            s.shown = Some((width, height, premultiplied));
        }
        if options.screens {
            self.screens += 1;
            let file = format!("{}-screen-{}.png", options.stem, self.screens);
            if let Some(screen) = self.screen(&trace.config.stage) {
                push_expectation(trace, &options, &file, &screen, true);
            }
        }
    }

    /// After a successful `drawToBitmapData` into a `width` x `height` BitmapData now holding
    /// `unpremultiplied` pixels.
    pub(super) fn copied(
        &mut self,
        trace: &mut Trace,
        width: u32,
        height: u32,
        unpremultiplied: Vec<u32>,
    ) {
        let Some(options) = self.options.clone() else {
            return;
        };
        self.captures += 1;
        if options.images {
            let file = format!("{}-{}.png", options.stem, self.captures);
            if let Some(image) = Picture::new(width, height, unpremultiplied) {
                push_expectation(trace, &options, &file, &image, false);
            }
        }
    }

    fn screen(&self, layout: &StageLayout) -> Option<Picture> {
        let layers: Vec<Layer<'_>> = self
            .stages
            .iter()
            .filter_map(|s| {
                let (w, h, px) = s.shown.as_ref()?;
                let at = LayerPlacement::from_as3(s.x, s.y, s.visible);
                Some(Layer::new(at, *w, *h, px))
            })
            .collect();
        Picture::new(layout.width, layout.height, compose(layout, &layers))
    }
}

/// Writes `image` as `options.dir/file` and appends its expectation; a PNG that cannot be
/// written is logged and gets no line (the recording goes on).
fn push_expectation(
    trace: &mut Trace,
    options: &RecordedExpectations,
    file: &str,
    image: &Picture,
    screen: bool,
) {
    let path: &Path = &options.dir;
    let written = std::fs::create_dir_all(path)
        .map_err(|e| e.to_string())
        .and_then(|()| {
            options
                .writer
                .write_image(&path.join(file), image.width, image.height, &image.pixels)
        });
    if let Err(e) = written {
        log::warn!("recording: cannot write {}: {e}", path.join(file).display());
        return;
    }
    let (file, tolerance, max_outliers) =
        (file.to_string(), options.tolerance, options.max_outliers);
    trace.statements.push(Located::unplaced(if screen {
        Statement::ExpectScreen {
            file,
            tolerance,
            max_outliers,
        }
    } else {
        Statement::ExpectImage {
            file,
            tolerance,
            max_outliers,
        }
    }));
}
