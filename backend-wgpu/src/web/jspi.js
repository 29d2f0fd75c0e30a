// molehill-wgpu's browser side (backend-wgpu/src/web/mod.rs, docs/web.md): the one import
// that suspends the calling WebAssembly stack (JSPI) until a promise settles, and a zero-delay
// task for polling wgpu's WebGL2 backend.

/** Whether this browser has WebAssembly JSPI. */
export function molehillJspi() {
  return typeof WebAssembly.Suspending === "function" && typeof WebAssembly.promising === "function";
}

// Settles with true when the promise is fulfilled and false when it is rejected, so that no
// exception ever unwinds through Rust frames. wasm-bindgen imports this object as it is (its
// argument and result are externrefs, so the import needs no glue), which is what lets JSPI
// suspend the caller: a JavaScript function in between would not.
export const molehillSuspend = molehillJspi()
  ? new WebAssembly.Suspending((p) => p.then(() => true, () => false))
  : () => false;

// A task after the current one without setTimeout's 4 ms clamp for nested timers.
const queue = [];
let channel = null;
/** Calls `f` in a later task. */
export function molehillNextTask(f) {
  if (channel === null) {
    channel = new MessageChannel();
    channel.port1.onmessage = () => queue.shift()();
  }
  queue.push(f);
  channel.port2.postMessage(0);
}
