//! `Stage3D` behind an opaque pointer: creation, properties, `requestContext3D`, the handle
//! tables of its context's resources, and event delivery to the host's callback.

use std::cell::RefCell;
use std::collections::HashMap;
use std::ffi::{c_char, c_void};
use std::rc::Rc;
use std::thread::ThreadId;

use molehill_agal::flash::FlashError;
use molehill_context3d::{IndexBuffer3D, Program3D, TextureBase, VertexBuffer3D};
use molehill_player::{Context3D, ContextId, HeadlessGl, Recorder, Stage3D, Stage3DEvents};

use crate::error::{c_string, Fail, MhError, MhStatus};
use crate::ffi;

/// A `Context3D`: `stage3D.context3D` as a handle (0 is `null`), one per context the stage
/// makes (at each `context3DCreate`), as the facade's `ContextId`. A handle of a context
/// replaced since (by a later `requestContext3D` or the recreation after `dispose(true)`)
/// answers as Flash's disposed `Context3D` object (the facade's `Stage3D::context3d_by_id`):
/// #3694 from every call, `driverInfo` `"Disposed"`, its own `profile`, `dispose` doing
/// nothing; `mh_context3d_frame_texture` and `mh_context3d_host_state_changed` refuse it
/// (#3694), so it never reaches the new context's frame.
#[repr(C)]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct MhContext3D {
    /// The handle's value; 0 is `null`.
    pub id: u64,
}

/// A `VertexBuffer3D` (0 is `null`). Handles stay valid until the stage is destroyed: after
/// `mh_vertex_buffer_dispose`, calls with it are Flash's Error #3694.
#[repr(C)]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct MhVertexBuffer3D {
    /// The handle's value; 0 is `null`.
    pub id: u64,
}

/// An `IndexBuffer3D` (0 is `null`); lifetime as `MhVertexBuffer3D`.
#[repr(C)]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct MhIndexBuffer3D {
    /// The handle's value; 0 is `null`.
    pub id: u64,
}

/// A `Program3D` (0 is `null`); lifetime as `MhVertexBuffer3D`.
#[repr(C)]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct MhProgram3D {
    /// The handle's value; 0 is `null`.
    pub id: u64,
}

/// A `TextureBase`: a `Texture`, `CubeTexture`, `RectangleTexture` or `VideoTexture` (0 is
/// `null`); lifetime as `MhVertexBuffer3D`.
#[repr(C)]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct MhTextureBase {
    /// The handle's value; 0 is `null`.
    pub id: u64,
}

/// Which event an `MhEvent` is.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MhEventKind {
    /// `Event.CONTEXT3D_CREATE` on the Stage3D: `context` is the new `context3D`.
    Context3dCreate = 0,
    /// `Event.TEXTURE_READY` on `texture` (an async upload finished).
    TextureReady = 1,
    /// `ErrorEvent.ERROR` on the Stage3D (`requestContext3D` found no renderer: #3702): `error`
    /// holds it.
    Error = 2,
}

/// One event, lent to the callback for the duration of the call (copy what you keep).
#[repr(C)]
#[derive(Debug)]
pub struct MhEvent {
    /// Which event.
    pub kind: MhEventKind,
    /// The stage's `context3D` when the event was sent.
    pub context: MhContext3D,
    /// The texture of `MH_EVENT_KIND_TEXTURE_READY`; 0 otherwise.
    pub texture: MhTextureBase,
    /// The error of `MH_EVENT_KIND_ERROR`; null otherwise. Owned by the library: do not free.
    pub error: *const MhError,
}

/// The host's event handler: `user_data` is what it registered. It is called after the call
/// that caused the event has released the stage, on the stage's thread, so it may call the API
/// (even destroy the stage). It must not unwind (no C++ exception may leave it).
pub type MhEventCallback =
    Option<unsafe extern "C" fn(user_data: *mut c_void, event: *const MhEvent)>;

/// The events the facade sends during a call, queued until the call releases the stage.
#[derive(Debug, Default)]
struct EventQueue(RefCell<Vec<Queued>>);

#[derive(Debug)]
enum Queued {
    Create,
    TextureReady(TextureBase),
    Error(FlashError),
}

impl Stage3DEvents for EventQueue {
    fn context3d_create(&self) {
        self.0.borrow_mut().push(Queued::Create);
    }
    fn texture_ready(&self, texture: TextureBase) {
        self.0.borrow_mut().push(Queued::TextureReady(texture));
    }
    fn error(&self, error: &FlashError) {
        self.0.borrow_mut().push(Queued::Error(error.clone()));
    }
}

/// The resources a stage's contexts made, by handle. Entries stay until the stage is destroyed
/// so that a disposed resource is Flash's #3694 (context3d knows it), not an unknown handle.
#[derive(Debug, Default)]
pub(crate) struct Handles {
    next: u64,
    vertex_buffers: HashMap<u64, VertexBuffer3D>,
    index_buffers: HashMap<u64, IndexBuffer3D>,
    programs: HashMap<u64, Program3D>,
    textures: HashMap<u64, TextureBase>,
    texture_ids: HashMap<TextureBase, u64>,
}

fn unknown(kind: &str, id: u64) -> Fail {
    Fail::invalid(format!(
        "{kind} handle {id} was not made by this stage (or is of another kind)"
    ))
}

impl Handles {
    fn next_id(&mut self) -> u64 {
        self.next += 1;
        self.next
    }

    pub(crate) fn add_vertex_buffer(&mut self, b: VertexBuffer3D) -> MhVertexBuffer3D {
        let id = self.next_id();
        self.vertex_buffers.insert(id, b);
        MhVertexBuffer3D { id }
    }

    pub(crate) fn add_index_buffer(&mut self, b: IndexBuffer3D) -> MhIndexBuffer3D {
        let id = self.next_id();
        self.index_buffers.insert(id, b);
        MhIndexBuffer3D { id }
    }

    pub(crate) fn add_program(&mut self, p: Program3D) -> MhProgram3D {
        let id = self.next_id();
        self.programs.insert(id, p);
        MhProgram3D { id }
    }

    pub(crate) fn add_texture(&mut self, t: TextureBase) -> MhTextureBase {
        let id = self.next_id();
        self.textures.insert(id, t);
        self.texture_ids.insert(t, id);
        MhTextureBase { id }
    }

    pub(crate) fn vertex_buffer(&self, h: MhVertexBuffer3D) -> Result<VertexBuffer3D, Fail> {
        self.vertex_buffers
            .get(&h.id)
            .copied()
            .ok_or_else(|| unknown("VertexBuffer3D", h.id))
    }

    /// `None` for the null handle (an AS3 `null` argument).
    pub(crate) fn vertex_buffer_opt(
        &self,
        h: MhVertexBuffer3D,
    ) -> Result<Option<VertexBuffer3D>, Fail> {
        (h.id != 0).then(|| self.vertex_buffer(h)).transpose()
    }

    pub(crate) fn index_buffer(&self, h: MhIndexBuffer3D) -> Result<IndexBuffer3D, Fail> {
        self.index_buffers
            .get(&h.id)
            .copied()
            .ok_or_else(|| unknown("IndexBuffer3D", h.id))
    }

    pub(crate) fn program(&self, h: MhProgram3D) -> Result<Program3D, Fail> {
        self.programs
            .get(&h.id)
            .copied()
            .ok_or_else(|| unknown("Program3D", h.id))
    }

    pub(crate) fn program_opt(&self, h: MhProgram3D) -> Result<Option<Program3D>, Fail> {
        (h.id != 0).then(|| self.program(h)).transpose()
    }

    pub(crate) fn texture(&self, h: MhTextureBase) -> Result<TextureBase, Fail> {
        self.textures
            .get(&h.id)
            .copied()
            .ok_or_else(|| unknown("TextureBase", h.id))
    }

    pub(crate) fn texture_opt(&self, h: MhTextureBase) -> Result<Option<TextureBase>, Fail> {
        (h.id != 0).then(|| self.texture(h)).transpose()
    }
}

/// A `Stage3D` (`stage.stage3Ds[i]`): opaque; made by `mh_stage3d_new_headless` (Molehill's
/// own headless GL context) or `mh_stage3d_new_on_host_context` (the player's GL context),
/// freed by `mh_stage3d_destroy`. Used from the thread that made it.
pub struct MhStage3D {
    stage: Stage3D,
    /// For a stage in the host's GL context: the backend of its latest context, whose frame
    /// textures the host reads (`None` for a headless stage).
    host: Option<crate::host::HostBackend>,
    queue: Rc<EventQueue>,
    callback: MhEventCallback,
    user_data: *mut c_void,
    thread: ThreadId,
    /// The latest context's handle (null before the first).
    context: MhContext3D,
    /// The facade's id of each context handle given out: handle `n` is `contexts[n - 1]`.
    contexts: Vec<ContextId>,
    handles: Handles,
}

impl std::fmt::Debug for MhStage3D {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MhStage3D")
            .field("stage", &self.stage)
            .field("context", &self.context)
            .finish_non_exhaustive()
    }
}

/// Events taken from a stage, to hand to its callback once the stage is released.
struct Delivery {
    callback: MhEventCallback,
    user_data: *mut c_void,
    events: Vec<(MhEventKind, MhContext3D, MhTextureBase, *mut MhError)>,
}

impl Delivery {
    fn deliver(self) {
        for (kind, context, texture, error) in self.events {
            let event = MhEvent {
                kind,
                context,
                texture,
                error,
            };
            if let Some(callback) = self.callback {
                // SAFETY: the host registered `callback` with `user_data` for this stage; the
                // event is valid for the call, and no Rust borrow of the stage is live.
                unsafe { callback(self.user_data, &event) };
            }
            // SAFETY: `error` is null or made by `Fail::into_raw` for this event alone.
            unsafe { crate::error::mh_error_free(error) };
        }
    }
}

impl MhStage3D {
    /// Turns the queued events into C events (a create event makes the new context handle).
    fn take_events(&mut self) -> Delivery {
        let queued = std::mem::take(&mut *self.queue.0.borrow_mut());
        let mut events = Vec::with_capacity(queued.len());
        for q in queued {
            let none = MhTextureBase::default();
            match q {
                Queued::Create => {
                    // The event follows the context's creation: the latest context is the new one.
                    let Some(id) = self.stage.context3d_mut().map(|c| c.id()) else {
                        log::error!("context3DCreate without a context: not delivered");
                        continue;
                    };
                    if self.contexts.last() != Some(&id) {
                        self.contexts.push(id);
                    }
                    self.context = MhContext3D {
                        id: self.contexts.len() as u64,
                    };
                    events.push((
                        MhEventKind::Context3dCreate,
                        self.context,
                        none,
                        std::ptr::null_mut(),
                    ));
                }
                Queued::TextureReady(t) => {
                    let texture = self
                        .handles
                        .texture_ids
                        .get(&t)
                        .map_or(none, |&id| MhTextureBase { id });
                    events.push((
                        MhEventKind::TextureReady,
                        self.context,
                        texture,
                        std::ptr::null_mut(),
                    ));
                }
                Queued::Error(e) => events.push((
                    MhEventKind::Error,
                    self.context,
                    none,
                    Fail::Flash(e).into_raw(),
                )),
            }
        }
        Delivery {
            callback: self.callback,
            user_data: self.user_data,
            events,
        }
    }

    /// `context3D`'s handle; the null one when there is none.
    fn current_context(&self) -> MhContext3D {
        if self.stage.context3d().is_some() {
            self.context
        } else {
            MhContext3D::default()
        }
    }

    /// The host backend of the context `ctx` names (checked as [`Self::context`] does), which
    /// must be the latest: a replaced context's handle is #3694 here, so that it never reaches
    /// the backend (and frame) of the context that replaced it.
    pub(crate) fn host_backend(
        &mut self,
        ctx: MhContext3D,
    ) -> Result<Rc<std::cell::RefCell<molehill_gl::GlBackend>>, Fail> {
        self.context(ctx)?;
        if ctx != self.context {
            return Err(FlashError::error(3694, &[]).into());
        }
        let host = self.host.as_ref().ok_or_else(|| {
            Fail::invalid(
                "this stage draws headless: frame textures and host state belong to stages made \
                 by mh_stage3d_new_on_host_context",
            )
        })?;
        let backend = host.borrow().clone();
        backend.ok_or_else(|| Fail::invalid("the stage's context has no GL backend"))
    }

    /// The context `ctx` names, with the handle tables: the facade's
    /// `Stage3D::context3d_by_id`, so a replaced context's handle reaches its disposed
    /// stand-in, never the context that replaced it.
    pub(crate) fn context(
        &mut self,
        ctx: MhContext3D,
    ) -> Result<(&mut Context3D, &mut Handles), Fail> {
        if ctx.id == 0 {
            return Err(Fail::Other(
                MhStatus::NoContext,
                "the Context3D handle is null".into(),
            ));
        }
        // Handles are numbered from 1 in the order contexts were made: a higher one was never
        // given out by this stage (as for buffers and textures).
        let id = usize::try_from(ctx.id - 1)
            .ok()
            .and_then(|i| self.contexts.get(i))
            .copied()
            .ok_or_else(|| unknown("Context3D", ctx.id))?;
        match self.stage.context3d_by_id(id) {
            Some(c) => Ok((c, &mut self.handles)),
            None => Err(Fail::Other(
                MhStatus::NoContext,
                "the stage has no Context3D".into(),
            )),
        }
    }
}

/// Runs `f` on the stage behind `stage` (checked for null and thread), then hands the events
/// the call caused to the host's callback, once `f`'s borrow of the stage is over.
///
/// # Safety
///
/// `stage` is null or a live stage (`mh_stage3d_new_*`); `error` is null or valid
/// for writing one pointer.
pub(crate) unsafe fn with_stage(
    stage: *mut MhStage3D,
    error: *mut *mut MhError,
    f: impl FnOnce(&mut MhStage3D) -> Result<(), Fail>,
) -> MhStatus {
    let mut delivery = None;
    let call = || {
        // SAFETY: `stage` is null or a live stage (this function's contract); no other
        // reference to it is live: callbacks run only after this one ends.
        let s = unsafe { stage.as_mut() }.ok_or_else(|| Fail::null("stage"))?;
        if s.thread != std::thread::current().id() {
            return Err(Fail::Other(
                MhStatus::WrongThread,
                "a Stage3D is used from the thread that made it".into(),
            ));
        }
        let r = f(s);
        delivery = Some(s.take_events());
        r
    };
    // SAFETY: `error` is null or writable, by this function's contract.
    let status = unsafe { ffi::guard(error, call) };
    if let Some(d) = delivery {
        d.deliver();
    }
    status
}

/// Runs `f` on the context `ctx` of `stage`, with the stage's handle tables.
///
/// # Safety
///
/// As [`with_stage`].
pub(crate) unsafe fn with_context(
    stage: *mut MhStage3D,
    ctx: MhContext3D,
    error: *mut *mut MhError,
    f: impl FnOnce(&mut Context3D, &mut Handles) -> Result<(), Fail>,
) -> MhStatus {
    let call = |s: &mut MhStage3D| {
        let (c, h) = s.context(ctx)?;
        f(c, h)
    };
    // SAFETY: the same contract, passed on.
    unsafe { with_stage(stage, error, call) }
}

/// Makes a Stage3D whose contexts draw with headless OpenGL (EGL; Mesa's llvmpipe when there
/// is no GPU). `callback` (may be null) receives its events with `user_data`. The stage is
/// written to `*out_stage`; free it with `mh_stage3d_destroy`.
///
/// # Safety
///
/// `out_stage` is valid for writing one pointer; `error` is null or valid for writing one
/// pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_stage3d_new_headless(
    callback: MhEventCallback,
    user_data: *mut c_void,
    out_stage: *mut *mut MhStage3D,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = || {
        // SAFETY: `out_stage` is null or writable (contract).
        unsafe {
            new_stage(
                Box::new(HeadlessGl::default()),
                None,
                callback,
                user_data,
                out_stage,
            )
        }
    };
    // SAFETY: `error` is null or writable (contract).
    unsafe { ffi::guard(error, call) }
}

/// Makes a stage drawing through `factory`'s backends and writes it to `*out_stage`.
///
/// # Safety
///
/// `out_stage` is null or valid for writing one pointer.
pub(crate) unsafe fn new_stage(
    factory: Box<dyn molehill_player::BackendFactory>,
    host: Option<crate::host::HostBackend>,
    callback: MhEventCallback,
    user_data: *mut c_void,
    out_stage: *mut *mut MhStage3D,
) -> Result<(), Fail> {
    if out_stage.is_null() {
        return Err(Fail::null("out_stage"));
    }
    let queue = Rc::new(EventQueue::default());
    let stage = Box::new(MhStage3D {
        stage: Stage3D::new(factory, queue.clone()),
        host,
        queue,
        callback,
        user_data,
        thread: std::thread::current().id(),
        context: MhContext3D::default(),
        contexts: Vec::new(),
        handles: Handles::default(),
    });
    // SAFETY: `out_stage` is non-null and writable (contract).
    unsafe { ffi::write(out_stage, Box::into_raw(stage), "out_stage") }
}

/// Destroys a stage: its context, every resource and the GL context. Null is ignored. Handles
/// of the stage mean nothing afterwards. Called from another thread than the stage's, it logs
/// an error and leaks the stage rather than free it from the wrong thread.
///
/// A stage in the player's GL context (`mh_stage3d_new_on_host_context`) deletes its GL objects
/// there, those of a context lost because the player's context was not current at a call
/// included: destroy it with the player's context current. Destroyed while it is not, it can
/// delete nothing safely, and its objects stay until the player destroys its context.
///
/// # Safety
///
/// `stage` is null or a live stage (`mh_stage3d_new_*`), not used afterwards, and
/// destroyed on the thread that made it.
#[no_mangle]
pub unsafe extern "C" fn mh_stage3d_destroy(stage: *mut MhStage3D) {
    if stage.is_null() {
        return;
    }
    let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        // SAFETY: by the contract, `stage` is a live stage; only its thread id is read.
        let thread = unsafe { (*stage).thread };
        if thread != std::thread::current().id() {
            // Its GL context and reference counts belong to that thread: leaking beats racing.
            log::error!("mh_stage3d_destroy from another thread than the stage's: leaked");
            return;
        }
        // SAFETY: by the contract, `stage` came from `Box::into_raw` in `new_stage` and is
        // destroyed once.
        drop(unsafe { Box::from_raw(stage) });
    }));
}

/// `stage3D.x`.
///
/// # Safety
///
/// `stage` is null or a live stage; `out` is valid for writing; `error` is null or valid for
/// writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_stage3d_x(
    stage: *mut MhStage3D,
    out: *mut f64,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |s: &mut MhStage3D| {
        let value = s.stage.x();
        // SAFETY: `out` is writable (contract).
        unsafe { ffi::write(out, value, "out") }
    };
    // SAFETY: the contract above, passed on.
    unsafe { with_stage(stage, error, call) }
}

/// The memory budget, in bytes, of the contexts this stage creates from now on (textures,
/// render surfaces, buffers and the back buffer together; an allocation over it is Error
/// #3691). A context that exists keeps its own. The default is 1 GiB; `UINT64_MAX` for none.
///
/// The facade's `Stage3D::set_context_options`. Cannot fail but for the statuses every call has.
///
/// # Safety
///
/// `stage` is null or a live stage; `error` is null or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_stage3d_set_memory_budget(
    stage: *mut MhStage3D,
    bytes: u64,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |s: &mut MhStage3D| {
        let mut options = s.stage.context_options();
        options.memory_budget = bytes;
        s.stage.set_context_options(options);
        Ok(())
    };
    // SAFETY: the contract above, passed on.
    unsafe { with_stage(stage, error, call) }
}

/// The memory budget, in bytes, of the contexts this stage creates
/// ([`mh_stage3d_set_memory_budget`]).
///
/// The facade's `Stage3D::context_options`.
///
/// # Safety
///
/// `stage` is null or a live stage; `out` is valid for writing; `error` is null or valid for
/// writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_stage3d_memory_budget(
    stage: *mut MhStage3D,
    out: *mut u64,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |s: &mut MhStage3D| {
        let value = s.stage.context_options().memory_budget;
        // SAFETY: `out` is writable (contract).
        unsafe { ffi::write(out, value, "out") }
    };
    // SAFETY: the contract above, passed on.
    unsafe { with_stage(stage, error, call) }
}

/// `stage3D.y`.
///
/// # Safety
///
/// `stage` is null or a live stage; `out` is valid for writing; `error` is null or valid for
/// writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_stage3d_y(
    stage: *mut MhStage3D,
    out: *mut f64,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |s: &mut MhStage3D| {
        let value = s.stage.y();
        // SAFETY: `out` is writable (contract).
        unsafe { ffi::write(out, value, "out") }
    };
    // SAFETY: the contract above, passed on.
    unsafe { with_stage(stage, error, call) }
}

/// `stage3D.visible`.
///
/// # Safety
///
/// `stage` is null or a live stage; `out` is valid for writing; `error` is null or valid for
/// writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_stage3d_visible(
    stage: *mut MhStage3D,
    out: *mut bool,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |s: &mut MhStage3D| {
        let value = s.stage.visible();
        // SAFETY: `out` is writable (contract).
        unsafe { ffi::write(out, value, "out") }
    };
    // SAFETY: the contract above, passed on.
    unsafe { with_stage(stage, error, call) }
}

/// The SWF version of the content (default 44; see `mh_stage3d_set_swf_version`).
///
/// # Safety
///
/// `stage` is null or a live stage; `out` is valid for writing; `error` is null or valid for
/// writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_stage3d_swf_version(
    stage: *mut MhStage3D,
    out: *mut u32,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |s: &mut MhStage3D| {
        let value = s.stage.swf_version();
        // SAFETY: `out` is writable (contract).
        unsafe { ffi::write(out, value, "out") }
    };
    // SAFETY: the contract above, passed on.
    unsafe { with_stage(stage, error, call) }
}

/// `stage3D.context3D`: its handle, 0 (`null`) before the first `context3DCreate`, after
/// `dispose(false)` and after a `dispose(true)` whose new context could not be made, as in
/// Flash (the facade's `Stage3D::context3d`); a handle kept from before still answers its
/// calls, as Flash's disposed `Context3D` (see `MhContext3D`).
///
/// # Safety
///
/// `stage` is null or a live stage; `out` is valid for writing; `error` is null or valid for
/// writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_stage3d_context3d(
    stage: *mut MhStage3D,
    out: *mut MhContext3D,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |s: &mut MhStage3D| {
        let value = s.current_context();
        // SAFETY: `out` is writable (contract).
        unsafe { ffi::write(out, value, "out") }
    };
    // SAFETY: the contract above, passed on.
    unsafe { with_stage(stage, error, call) }
}

/// `stage3D.x = value`.
///
/// # Errors
///
/// - ArgumentError #2006: `value` is NaN or outside -8192..=8191.
///
/// The facade's `Stage3D::set_x`.
///
/// # Safety
///
/// `stage` is null or a live stage; `error` is null or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_stage3d_set_x(
    stage: *mut MhStage3D,
    value: f64,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |s: &mut MhStage3D| Ok(s.stage.set_x(value)?);
    // SAFETY: the contract above, passed on.
    unsafe { with_stage(stage, error, call) }
}

/// `stage3D.y = value`.
///
/// # Errors
///
/// - ArgumentError #2006: `value` is NaN or outside -8192..=8191.
///
/// The facade's `Stage3D::set_y`.
///
/// # Safety
///
/// `stage` is null or a live stage; `error` is null or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_stage3d_set_y(
    stage: *mut MhStage3D,
    value: f64,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |s: &mut MhStage3D| Ok(s.stage.set_y(value)?);
    // SAFETY: the contract above, passed on.
    unsafe { with_stage(stage, error, call) }
}

/// `stage3D.visible = value`.
///
/// # Safety
///
/// `stage` is null or a live stage; `error` is null or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_stage3d_set_visible(
    stage: *mut MhStage3D,
    value: bool,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |s: &mut MhStage3D| {
        s.stage.set_visible(value);
        Ok(())
    };
    // SAFETY: the contract above, passed on.
    unsafe { with_stage(stage, error, call) }
}

/// Sets the SWF version of the content: some errors depend on it (before SWF 30 a
/// `configureBackBuffer` size outside 32..=16384 is #3669). Applies to later contexts.
///
/// # Safety
///
/// `stage` is null or a live stage; `error` is null or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_stage3d_set_swf_version(
    stage: *mut MhStage3D,
    version: u32,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |s: &mut MhStage3D| {
        s.stage.set_swf_version(version);
        Ok(())
    };
    // SAFETY: the contract above, passed on.
    unsafe { with_stage(stage, error, call) }
}

/// `requestContext3D(context3DRenderMode, profile)`: on success the callback receives
/// `MH_EVENT_KIND_CONTEXT3D_CREATE` (with the new context's handle) before this returns, or
/// `MH_EVENT_KIND_ERROR` (#3702) when no GL context can be made (the call itself succeeds).
///
/// # Errors
///
/// - ArgumentError #2008: `render_mode` is not `"auto"` or `"software"`, or `profile` is not a
///   `Context3DProfile` value.
///
/// The facade's `Stage3D::request_context3d`.
///
/// # Safety
///
/// `stage` is null or a live stage; `render_mode` and `profile` are NUL-terminated strings;
/// `error` is null or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_stage3d_request_context3d(
    stage: *mut MhStage3D,
    render_mode: *const c_char,
    profile: *const c_char,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |s: &mut MhStage3D| {
        // SAFETY: NUL-terminated strings (contract).
        let render_mode = unsafe { ffi::string(render_mode, "render_mode") }?;
        // SAFETY: as above.
        let profile = unsafe { ffi::string(profile, "profile") }?;
        Ok(s.stage.request_context3d(&render_mode, &profile)?)
    };
    // SAFETY: the contract above, passed on.
    unsafe { with_stage(stage, error, call) }
}

/// `requestContext3DMatchingProfiles(profiles)`: `profiles` is an array of `count`
/// NUL-terminated strings. Events as `mh_stage3d_request_context3d`.
///
/// # Errors
///
/// - ArgumentError #2008: `profiles` is empty or holds a name that is not a `Context3DProfile`
///   value.
///
/// The facade's `Stage3D::request_context3d_matching_profiles`.
///
/// # Safety
///
/// `stage` is null or a live stage; `profiles` points at `count` NUL-terminated strings;
/// `error` is null or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_stage3d_request_context3d_matching_profiles(
    stage: *mut MhStage3D,
    profiles: *const *const c_char,
    count: usize,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |s: &mut MhStage3D| {
        // SAFETY: `count` pointers at `profiles` (contract).
        let ptrs = unsafe { ffi::slice(profiles, count, "profiles") }?;
        let mut names = Vec::with_capacity(ptrs.len());
        for (i, &p) in ptrs.iter().enumerate() {
            // SAFETY: each is a NUL-terminated string (contract).
            names.push(unsafe { ffi::string(p, &format!("profiles[{i}]")) }?);
        }
        let names: Vec<&str> = names.iter().map(|n| n.as_ref()).collect();
        Ok(s.stage.request_context3d_matching_profiles(&names)?)
    };
    // SAFETY: the contract above, passed on.
    unsafe { with_stage(stage, error, call) }
}

/// Starts recording every call this stage and its contexts receive, as a `molehill-trace 1`
/// text (docs/trace-format.md) that `molehill replay` replays. Start before
/// `requestContext3D`. Not an AS3 call: for bug reports.
///
/// # Safety
///
/// `stage` is null or a live stage; `error` is null or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_stage3d_start_recording(
    stage: *mut MhStage3D,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |s: &mut MhStage3D| {
        s.stage.start_recording(Recorder::new());
        Ok(())
    };
    // SAFETY: the contract above, passed on.
    unsafe { with_stage(stage, error, call) }
}

/// Stops recording: the trace text is written to `*out_trace` (free it with
/// `mh_string_free`), or null when the stage was not recording.
///
/// # Safety
///
/// `stage` is null or a live stage; `out_trace` is valid for writing one pointer; `error` is
/// null or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn mh_stage3d_stop_recording(
    stage: *mut MhStage3D,
    out_trace: *mut *mut c_char,
    error: *mut *mut MhError,
) -> MhStatus {
    let call = |s: &mut MhStage3D| {
        if out_trace.is_null() {
            return Err(Fail::null("out_trace"));
        }
        let text = s
            .stage
            .stop_recording()
            .map_or(std::ptr::null_mut(), |r| c_string(r.to_text()).into_raw());
        // SAFETY: `out_trace` is non-null and writable (contract).
        unsafe { ffi::write(out_trace, text, "out_trace") }
    };
    // SAFETY: the contract above, passed on.
    unsafe { with_stage(stage, error, call) }
}
