// Molehill's web trace player: loads a trace and the files it names, replays it in the
// browser (molehill-web, web/pkg/, built by scripts/web-build) and returns the report
// (web/src/report.rs). Used by index.html and, through runner.html, by scripts/web-replay.

import init, * as wasm from "../pkg/molehill_web.js";

export { wasm };

let ready = null;

/** Loads the wasm module once. */
export function load() {
  if (ready === null) {
    ready = init();
  }
  return ready;
}

// The files a trace names: bytesFile("F"), hexFile("F"), bitmapFile("F"), agalFile(T, "F") and
// expect image/screen "F" (a name in a comment is fetched too, and its absence is harmless: the
// replay reports the files it asked for and did not get).
const STRING = String.raw`"((?:[^"\\]|\\.)*)"`;
const NAMED = new RegExp(
  String.raw`\b(?:bytesFile|hexFile|bitmapFile)\(\s*${STRING}` +
    String.raw`|\bagalFile\(\s*"(?:[^"\\]|\\.)*"\s*,\s*${STRING}` +
    String.raw`|\bexpect\s+(?:image|screen)\s+${STRING}`,
  "g",
);

function unescape(s) {
  return s.replace(/\\(.)/g, (_, c) => ({ n: "\n", t: "\t" })[c] ?? c);
}

/** The file names `text` (a trace) gives, each once. */
export function filesNamed(text) {
  const names = new Set();
  for (const m of text.matchAll(NAMED)) {
    names.add(unescape(m[1] ?? m[2] ?? m[3]));
  }
  return [...names];
}

/** The folder part of a path ("" for a bare name). */
function folder(path) {
  const i = path.lastIndexOf("/");
  return i < 0 ? "" : path.slice(0, i);
}

/** The key the replay looks a file up by: the trace's folder joined with the name. */
function key(tracePath, name) {
  const dir = folder(tracePath);
  return dir === "" ? name : `${dir}/${name}`;
}

/** The `# known_failure(BACKEND): REASON` of a trace's text, if any (docs/web.md). */
export function knownDifference(text, backend) {
  const marker = `# known_failure(${backend}):`;
  for (const line of text.split("\n")) {
    const l = line.trimStart();
    if (l.startsWith(marker)) {
      return l.slice(marker.length).trim();
    }
  }
  return null;
}

/**
 * Replays the trace at `url`.
 * - `path`: the trace's name in the report (default: the URL's path);
 * - `backend`: "webgl2" (default, molehill-gl), "webgpu" or "wgpu-webgl2" (molehill-wgpu on
 *   the browser's WebGPU or on wgpu's WebGL2 backend);
 * - `outDir`: where `molehill replay --out` would write the PNGs (they come back in
 *   `report.written`); `captures`: every capture as a PNG too (`report.captures`);
 * - `files`: a Map of files the page already has, by key (a user's chosen files).
 * Resolves to the report, with `text` (the trace) and `known` (its known difference) added.
 */
export async function replayUrl(url, options = {}) {
  await load();
  const backend = options.backend ?? "webgl2";
  const path = options.path ?? decodeURIComponent(new URL(url, location.href).pathname);
  let loaded;
  try {
    loaded = await loadTrace(url, path, options.files);
  } catch (e) {
    return { line: `FAIL ${path}: cannot read ${path}: ${e.message ?? e}`, status: "fail" };
  }
  const report = await replayText(path, loaded.text, loaded.files, backend, options);
  report.text = loaded.text;
  report.known = knownDifference(loaded.text, backend);
  return report;
}

/**
 * Fetches the trace at `url` and the files it names (relative to it), keyed as the replay of
 * a trace named `path` looks them up; `files`: a Map the page already has. Resolves to
 * `{text, files}`; a trace that cannot be fetched rejects.
 */
export async function loadTrace(url, path, known = []) {
  const files = new Map(known);
  const r = await fetch(url, { cache: "no-store" });
  if (!r.ok) {
    throw new Error(`HTTP ${r.status}`);
  }
  const text = await r.text();
  const base = new URL(url, location.href);
  const fetchInto = async (name) => {
    const k = key(path, name);
    if (files.has(k)) {
      return;
    }
    try {
      const f = await fetch(new URL(name, base), { cache: "no-store" });
      if (f.ok) {
        files.set(k, new Uint8Array(await f.arrayBuffer()));
      }
    } catch (_) {
      // Not there: the replay says which file it could not read.
    }
  };
  await Promise.all(filesNamed(text).map(fetchInto));
  return { text, files };
}

// The wgpu backends' devices, awaited once per backend before their first replay (a browser
// player does the same before it runs content): the driverInfo, or why there is none.
const devices = new Map();

/** Awaits a device of the wgpu backend `backend` once; rejects with why there is none. */
export function wgpuDevice(backend) {
  if (!devices.has(backend)) {
    devices.set(backend, load().then(() => wasm.wgpu_device_info(backend)));
  }
  return devices.get(backend);
}

/**
 * Replays `text` as the trace at `path` with `files` (a Map by key) already loaded; resolves
 * to the report. On the wgpu backends the replay runs as a call that may suspend (WebAssembly
 * JSPI: `WebAssembly.promising` of the raw export `run_job`), so that drawToBitmapData and
 * frame reads wait for WebGPU's mapAsync without blocking the page (docs/web.md).
 */
export async function replayText(path, text, files, backend = "webgl2", options = {}) {
  try {
    if (backend === "webgl2") {
      return JSON.parse(
        wasm.replay(path, text, files, backend, options.outDir ?? undefined, !!options.captures),
      );
    }
    await wgpuDevice(backend);
    wasm.replay_begin(path, text, files, backend, options.outDir ?? undefined, !!options.captures);
    const report = await runJob();
    if (report === undefined) {
      throw new Error("the replay did not finish");
    }
    return JSON.parse(report);
  } catch (e) {
    return { line: `FAIL ${path}: ${e.message ?? e}`, status: "fail", error: String(e) };
  }
}

/**
 * Runs the job a `replay_begin` or a check's `begin_*` set up as a call that may suspend
 * (`WebAssembly.promising` of the raw export `run_job`: no arguments, no result, so no glue
 * stands between it and the wasm stack JSPI suspends); resolves to what it returned.
 */
export async function runJob() {
  const raw = await load();
  await WebAssembly.promising(raw.run_job)();
  return wasm.take_job();
}

/** Sets the console log level of the wasm side (error, warn, info, debug, trace). */
export function setLogLevel(level) {
  wasm.set_log_level(level);
}

/** The key a chosen file is looked up by, for a trace at `tracePath`. */
export function fileKey(tracePath, name) {
  return key(tracePath, name);
}
