//! The player's own WebGL2 context: what a browser player that draws with WebGL2 lends
//! Molehill so that Molehill draws in it ([`HostContext::from_webgl2`]).
//!
//! As on the desktop, every piece of GL state Molehill changes is put back around each call
//! (or at present: `HostRestore::AtPresent`), bindings of the player's own objects included
//! (`gl/webgl.rs` reads and binds those through the context itself: glow's web build knows
//! only the objects made through it). The player's context must not be lost when it is lent;
//! a loss later makes the backend lost (#3694), as a desktop host's `GL_CONTEXT_LOST` does.

use std::cell::RefCell;

use web_sys::WebGl2RenderingContext;

use super::super::types::ContextError;

thread_local! {
    /// The player's contexts lent so far, each with its key (`bound.rs`): one key per
    /// context, whichever backends share it.
    static LENT: RefCell<Vec<(WebGl2RenderingContext, usize)>> = const { RefCell::new(Vec::new()) };
}

/// The first key of a lent context: far above any context id of Molehill's own.
const FIRST_KEY: usize = 1 << 30;

/// The player's WebGL2 context, given to `GlBackend::on_host_context`.
#[derive(Debug, Clone)]
pub struct HostContext {
    webgl: WebGl2RenderingContext,
}

impl HostContext {
    /// The player's `webgl` context. Molehill makes its own glow table over it (which asks
    /// the browser for every extension glow knows: `getExtension` enables an extension and
    /// changes no state). A lost context is [`ContextError::Lost`].
    pub fn from_webgl2(webgl: WebGl2RenderingContext) -> Result<HostContext, ContextError> {
        if webgl.is_context_lost() {
            return Err(ContextError::Lost("webglcontextlost"));
        }
        Ok(HostContext { webgl })
    }

    /// The context and its key.
    pub(crate) fn into_parts(self) -> (WebGl2RenderingContext, usize) {
        let key = LENT.with(|lent| {
            let mut lent = lent.borrow_mut();
            if let Some((_, key)) = lent.iter().find(|(c, _)| *c == self.webgl) {
                return *key;
            }
            let key = FIRST_KEY + lent.len();
            lent.push((self.webgl.clone(), key));
            key
        });
        (self.webgl, key)
    }
}
