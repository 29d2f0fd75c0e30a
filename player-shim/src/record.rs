//! Recording: every call the shim receives, written down as a [`Trace`] (with an
//! `expect error` after each call that threw), so a runtime can capture a failing game and
//! `molehill replay` can run it again.

mod expect;

pub use expect::{ImageWriter, RecordedExpectations};

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use molehill_agal::flash::FlashError;
use molehill_context3d::{
    As3Spelled, Float, IndexBuffer3D, Program3D, TextureBase, VertexBuffer3D,
};

use crate::as3::{BitmapData, ByteArray, Endian as As3Endian};
use molehill_trace::{
    BitmapArg, ByteArrayArg, ByteSource, Call, Endian, Located, Name, ResourceKind, Statement,
    Trace,
};

/// A handle of any resource class (what a trace name stands for; the replay binds names to
/// them).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Handle {
    /// A `VertexBuffer3D`.
    VertexBuffer(VertexBuffer3D),
    /// An `IndexBuffer3D`.
    IndexBuffer(IndexBuffer3D),
    /// A texture of any kind.
    Texture(TextureBase),
    /// A `Program3D`.
    Program(Program3D),
}

macro_rules! handle_from {
    ($($variant:ident($ty:ty)),*) => {$(
        impl From<$ty> for Handle {
            fn from(h: $ty) -> Handle {
                Handle::$variant(h)
            }
        }
    )*};
}
handle_from!(
    VertexBuffer(VertexBuffer3D),
    IndexBuffer(IndexBuffer3D),
    Texture(TextureBase),
    Program(Program3D)
);

/// An argument of an AS3 call as a trace statement spells it: numbers and flags as they are,
/// strings and vectors owned, handles by their recorded names, `ByteArray`s and `BitmapData`s
/// inline. The recording wrappers of [`crate::Context3D`] build each `Call` field with it.
pub(crate) trait Recorded {
    /// The trace's type for it (the type of the `Call` field).
    type Arg;
    /// The argument as the recorder writes it.
    fn recorded(&self, rec: &Recorder) -> Self::Arg;
}

macro_rules! recorded_as_is {
    ($($ty:ty),*) => {$(
        impl Recorded for $ty {
            type Arg = $ty;
            fn recorded(&self, _: &Recorder) -> $ty {
                *self
            }
        }
    )*};
}
recorded_as_is!(i32, u32, f64, bool);

macro_rules! recorded_by_name {
    ($($ty:ty),*) => {$(
        impl Recorded for $ty {
            type Arg = Name;
            fn recorded(&self, rec: &Recorder) -> Name {
                rec.name(Handle::from(*self))
            }
        }
    )*};
}
recorded_by_name!(VertexBuffer3D, IndexBuffer3D, Program3D, TextureBase);

impl Recorded for str {
    type Arg = String;
    fn recorded(&self, _: &Recorder) -> String {
        self.to_string()
    }
}

impl Recorded for [u32] {
    type Arg = Vec<u32>;
    fn recorded(&self, _: &Recorder) -> Vec<u32> {
        self.to_vec()
    }
}

// The arguments the facade takes in more than one type (an enum as its AS3 string or typed
// value, `Vector.<Number>` data as `f64` or `f32`) are generic there, so `Recorded`'s
// per-type impls cannot name them, and a blanket impl over context3d's traits could not sit
// beside those impls. Each has a trait of its own with one blanket impl and the same method,
// `recorded`, so that `forward!`'s `arg.recorded(rec)` finds it: the trace writes an enum as
// its AS3 string and numbers as `Number`s.

/// An enum argument, string or typed value: its AS3 string.
pub(crate) trait RecordedEnum {
    fn recorded(&self, rec: &Recorder) -> String;
}

impl<E: As3Spelled> RecordedEnum for E {
    fn recorded(&self, _: &Recorder) -> String {
        self.as3_str().to_string()
    }
}

/// `Vector.<Number>` data, `f64` or `f32`: as `Number`s.
pub(crate) trait RecordedNumbers {
    fn recorded(&self, rec: &Recorder) -> Vec<f64>;
}

impl<N: Float> RecordedNumbers for [N] {
    fn recorded(&self, _: &Recorder) -> Vec<f64> {
        self.iter().map(|v| v.to_f64()).collect()
    }
}

/// A `Matrix3D`'s `rawData`, `f64` or `f32`: as `Number`s.
pub(crate) trait RecordedMatrix {
    fn recorded(&self, rec: &Recorder) -> [f64; 16];
}

impl<N: Float> RecordedMatrix for [N; 16] {
    fn recorded(&self, _: &Recorder) -> [f64; 16] {
        self.map(Float::to_f64)
    }
}

impl Recorded for molehill_context3d::Rect {
    type Arg = molehill_trace::Rect;
    fn recorded(&self, _: &Recorder) -> molehill_trace::Rect {
        molehill_trace::Rect {
            x: self.x,
            y: self.y,
            width: self.width,
            height: self.height,
        }
    }
}

impl Recorded for molehill_context3d::Point {
    type Arg = molehill_trace::Point;
    fn recorded(&self, _: &Recorder) -> molehill_trace::Point {
        molehill_trace::Point {
            x: self.x,
            y: self.y,
        }
    }
}

impl<T: Recorded> Recorded for Option<T> {
    type Arg = Option<T::Arg>;
    fn recorded(&self, rec: &Recorder) -> Option<T::Arg> {
        self.as_ref().map(|t| t.recorded(rec))
    }
}

impl Recorded for ByteArray<'_> {
    type Arg = ByteArrayArg;
    fn recorded(&self, _: &Recorder) -> ByteArrayArg {
        byte_array_arg(self)
    }
}

impl Recorded for BitmapData<'_> {
    type Arg = BitmapArg;
    fn recorded(&self, _: &Recorder) -> BitmapArg {
        bitmap_arg(self)
    }
}

/// A recording in progress, shared by a [`crate::Stage3D`] and its contexts. Cloning gives
/// another handle on the same recording.
#[derive(Debug, Clone, Default)]
pub struct Recorder {
    inner: Rc<RefCell<RecorderState>>,
    /// The Stage3D (`stage.stage3Ds[N]`) whose calls this handle records.
    stage3d: usize,
}

#[derive(Debug, Default)]
struct RecorderState {
    trace: Trace,
    names: HashMap<Handle, Name>,
    counters: HashMap<&'static str, u32>,
    expect: expect::ExpectState,
}

impl Recorder {
    /// A new, empty recording.
    pub fn new() -> Recorder {
        Recorder::default()
    }

    /// Another handle on the same recording for Stage3D `index` (`stage.stage3Ds[index]`,
    /// 0..=3; larger values are taken as 3): give it to that Stage3D's
    /// [`start_recording`](crate::Stage3D::start_recording). The handle from [`new`](Self::new)
    /// records Stage3D 0.
    pub fn for_stage3d(&self, index: usize) -> Recorder {
        Recorder {
            inner: self.inner.clone(),
            stage3d: index.min(molehill_context3d::stage::STAGE3D_COUNT - 1),
        }
    }

    /// The Stage3D this handle records (see [`for_stage3d`](Self::for_stage3d)).
    pub fn stage3d(&self) -> usize {
        self.stage3d
    }

    /// Sets `config stage`: the stage size and colour the recorded content ran on.
    pub fn set_stage(&self, stage: molehill_context3d::stage::StageLayout) {
        self.inner.borrow_mut().trace.config.stage = stage;
    }

    /// Makes the recording write the images it sees and check them on replay (see
    /// [`RecordedExpectations`]), from the next capture on; `None` stops it. Shared by every
    /// handle on the recording.
    pub fn set_expectations(&self, expectations: Option<RecordedExpectations>) {
        self.inner.borrow_mut().expect.options = expectations;
    }

    /// Whether the recording writes the images it sees.
    pub(crate) fn wants_images(&self) -> bool {
        self.inner.borrow().expect.options.is_some()
    }

    /// After a successful `present()` of this handle's Stage3D: `(width, height,
    /// premultiplied pixels)` of the back buffer it showed.
    pub(crate) fn presented(&self, shown: (u32, u32, Vec<u32>)) {
        let s = &mut *self.inner.borrow_mut();
        s.expect.presented(&mut s.trace, self.stage3d, shown);
    }

    /// After a successful `drawToBitmapData`: the destination's pixels, unpremultiplied.
    pub(crate) fn copied(&self, width: u32, height: u32, unpremultiplied: Vec<u32>) {
        let s = &mut *self.inner.borrow_mut();
        s.expect
            .copied(&mut s.trace, width, height, unpremultiplied);
    }

    /// The trace recorded so far.
    pub fn trace(&self) -> Trace {
        self.inner.borrow().trace.clone()
    }

    /// The trace recorded so far, as `molehill-trace 1` text.
    pub fn to_text(&self) -> String {
        molehill_trace::write(&self.inner.borrow().trace)
    }

    /// Sets `config memoryBudget` (the Stage3D's context options, as they were at its last
    /// `set_context_options` or at `start_recording`).
    pub fn set_memory_budget(&self, bytes: u64) {
        self.inner.borrow_mut().trace.config.memory_budget = bytes;
    }

    /// Sets `config swfVersion`.
    pub fn set_swf_version(&self, version: u32) {
        self.inner.borrow_mut().trace.config.swf_version = version;
    }

    /// The name of `handle` (or a fresh one for a handle never seen, which a well-behaved VM
    /// never passes: it would not parse back, so it is logged).
    pub(crate) fn name(&self, handle: Handle) -> Name {
        if let Some(n) = self.inner.borrow().names.get(&handle) {
            return n.clone();
        }
        log::warn!("recording a handle that no create call returned: {handle:?}");
        Name(format!("unknown_{:?}", handle).replace(|c: char| !c.is_ascii_alphanumeric(), "_"))
    }

    /// Records `call`; `created` is the handle it returned (for create calls) and `result`
    /// whether it threw.
    pub(crate) fn call<T>(
        &self,
        call: Call,
        created: Option<(ResourceKind, Option<Handle>)>,
        result: &Result<T, FlashError>,
    ) {
        let mut s = self.inner.borrow_mut();
        if result.is_ok() {
            s.expect.saw_call(self.stage3d, &call);
        }
        let result_name = created.map(|(kind, handle)| {
            let prefix = match kind {
                ResourceKind::VertexBuffer => "vb",
                ResourceKind::IndexBuffer => "ib",
                ResourceKind::Program => "program",
                ResourceKind::Texture => "texture",
                ResourceKind::CubeTexture => "cube",
                ResourceKind::RectangleTexture => "rect_texture",
                ResourceKind::VideoTexture => "video",
            };
            let n = s.counters.entry(prefix).or_insert(0);
            *n += 1;
            let name = Name(format!("{prefix}{n}"));
            if let Some(h) = handle {
                s.names.insert(h, name.clone());
            }
            name
        });
        s.trace.statements.push(Located::unplaced(Statement::Call {
            result: result_name,
            call,
            stage3d: self.stage3d,
        }));
        if let Err(e) = result {
            s.trace
                .statements
                .push(Located::unplaced(Statement::ExpectError {
                    id: e.id,
                    class: Some(e.class),
                    message: Some(e.message.clone()),
                }));
        }
    }
}

/// A `ByteArray` as a trace argument (its bytes inline).
pub(crate) fn byte_array_arg(b: &ByteArray<'_>) -> ByteArrayArg {
    ByteArrayArg {
        source: ByteSource::Inline(b.bytes.to_vec()),
        endian: match b.endian {
            As3Endian::Little => Endian::Little,
            As3Endian::Big => Endian::Big,
        },
        position: b.position,
    }
}

/// A `BitmapData` as a trace argument (unpremultiplied, a fill when it is one colour).
pub(crate) fn bitmap_arg(b: &BitmapData<'_>) -> BitmapArg {
    bitmap_arg_from(b.width, b.height, b.unpremultiplied_pixels(), b.transparent)
}

pub(crate) fn bitmap_arg_from(
    width: u32,
    height: u32,
    pixels: Vec<u32>,
    transparent: bool,
) -> BitmapArg {
    let side_ok = |n: u32| (1..=crate::as3::MAX_BITMAP_SIDE).contains(&n);
    if !side_ok(width)
        || !side_ok(height)
        || pixels.len() as u64 != u64::from(width) * u64::from(height)
    {
        // A trace cannot say "an invalid BitmapData"; record the nearest valid one so the
        // trace still parses (its replay then reports the missing error).
        log::warn!(
            "recording a {width}x{height} BitmapData with {} pixels: not representable, written as a 1x1 fill",
            pixels.len()
        );
        return BitmapArg::Fill {
            width: 1,
            height: 1,
            fill: pixels.first().copied().unwrap_or(0),
            transparent,
        };
    }
    match pixels.first() {
        Some(&first) if pixels.iter().all(|&p| p == first) => BitmapArg::Fill {
            width,
            height,
            fill: first,
            transparent,
        },
        _ => BitmapArg::Pixels {
            width,
            height,
            pixels,
            transparent,
        },
    }
}
