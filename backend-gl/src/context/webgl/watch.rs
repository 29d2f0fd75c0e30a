//! The browser's context events on a WebGL2 context's canvas: `webglcontextlost` (the context
//! is lost; on a canvas of Molehill's own its default is prevented so that the browser may
//! restore it) and `webglcontextrestored` (it is back, without any of its objects).
//!
//! A loss itself is found at each call's entry by `isContextLost()`, which is true from the
//! moment of the loss; the events say when the browser restores it. The listeners are removed
//! when the context is dropped.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::{Event, EventTarget, WebGl2RenderingContext};

type Hook = Box<dyn FnMut()>;

/// What the listeners saw.
#[derive(Default)]
struct Seen {
    restored: Cell<bool>,
    hook: RefCell<Option<Hook>>,
}

/// The two listeners on a context's canvas.
pub(super) struct ContextWatch {
    target: Option<EventTarget>,
    lost: Closure<dyn FnMut(Event)>,
    restored: Closure<dyn FnMut(Event)>,
    seen: Rc<Seen>,
}

impl ContextWatch {
    /// Listens on `webgl`'s canvas. `own`: the canvas is Molehill's (prevent the loss's
    /// default, so that the browser restores the context); the player's canvas is the
    /// player's to decide about.
    pub(super) fn new(webgl: &WebGl2RenderingContext, own: bool) -> ContextWatch {
        let seen = Rc::new(Seen::default());
        let lost = Closure::<dyn FnMut(Event)>::new(move |event: Event| {
            log::warn!("the browser lost the WebGL2 context (webglcontextlost)");
            if own {
                event.prevent_default();
            }
        });
        let restored = {
            let seen = Rc::clone(&seen);
            Closure::<dyn FnMut(Event)>::new(move |_: Event| {
                log::info!("the browser restored the WebGL2 context (webglcontextrestored)");
                seen.restored.set(true);
                // Taken out while it runs: the hook may set another.
                let hook = seen.hook.borrow_mut().take();
                if let Some(mut hook) = hook {
                    hook();
                    seen.hook.borrow_mut().get_or_insert(hook);
                }
            })
        };
        let target = webgl
            .canvas()
            .and_then(|c| c.dyn_into::<EventTarget>().ok());
        if let Some(t) = &target {
            for (name, f) in [
                ("webglcontextlost", &lost),
                ("webglcontextrestored", &restored),
            ] {
                if let Err(e) = t.add_event_listener_with_callback(name, f.as_ref().unchecked_ref())
                {
                    log::warn!("cannot listen to {name}: {e:?}");
                }
            }
        }
        ContextWatch {
            target,
            lost,
            restored,
            seen,
        }
    }

    /// Whether `webglcontextrestored` came.
    pub(super) fn restored(&self) -> bool {
        self.seen.restored.get()
    }

    /// Calls `hook` at each `webglcontextrestored`.
    pub(super) fn set_hook(&self, hook: Hook) {
        *self.seen.hook.borrow_mut() = Some(hook);
    }
}

impl Drop for ContextWatch {
    fn drop(&mut self) {
        if let Some(t) = &self.target {
            for (name, f) in [
                ("webglcontextlost", &self.lost),
                ("webglcontextrestored", &self.restored),
            ] {
                let _ = t.remove_event_listener_with_callback(name, f.as_ref().unchecked_ref());
            }
        }
    }
}
