//! The proof that a GL context is current on this thread ([`Current`]), which the GL layer
//! asks for before it hands out its calls. Only the context layer makes one: on the desktop
//! when it made or found an EGL context current ([`super::current`]), in a browser for a
//! WebGL2 context not lost (WebGL has no current context: each call names its context).

use std::marker::PhantomData;

/// Proof that a GL context is current on this thread: what the GL layer (`crate::gl::Gl`)
/// asks for before it hands out its calls. Only the context layer makes one, when it made a
/// context current or found it current ([`crate::context::GlContext`]'s `enter`,
/// `found_current`, `trust_current`). Not `Send`: it is good on the thread that made it, for
/// the call that made it (a backend call's entry), and is not kept past that call.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Current {
    _not_send: PhantomData<*const ()>,
}

impl Current {
    /// The proof; the caller has just made or found a context current on this thread.
    pub(crate) fn new() -> Current {
        Current {
            _not_send: PhantomData,
        }
    }

    /// The proof for the host's own context at a public function whose documented contract
    /// is that the host's context is current on the calling thread (the compositor,
    /// `FrameTexture::wait`, `GlBackend::frame_released`): the caller's word, as
    /// `GlContext`'s `trust_current` takes it for a context of Molehill's. Not checked with
    /// EGL: the host's context may be one EGL does not know (GLX, WGL).
    pub(crate) fn by_contract() -> Current {
        Current::new()
    }
}
