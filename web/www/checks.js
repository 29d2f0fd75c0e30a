// The browser checks of scripts/web-check (docs/web.md): each resolves to
// {name, ok, detail}. They need what only a browser has: WEBGL_lose_context and its events,
// a page's own WebGL2 context lent to Molehill, fences that signal in a later task.

import { load, loadTrace, runJob, wasm } from "./molehill.js";
import { bench } from "./bench.js";

const nextTask = (ms = 0) => new Promise((r) => setTimeout(r, ms));

async function until(test, what, ms = 5000) {
  const end = performance.now() + ms;
  while (!test()) {
    if (performance.now() > end) {
      throw new Error(`timed out waiting for ${what}`);
    }
    await nextTask(10);
  }
}

function expect(cond, message) {
  if (!cond) {
    throw new Error(message);
  }
}

const hex = (v) => `0x${(v >>> 0).toString(16).toUpperCase().padStart(8, "0")}`;

/** A context lost by the browser (WEBGL_lose_context), then restored. */
async function contextLoss() {
  const c = new wasm.LossCheck();
  const steps = [];
  expect(c.events() === "context3DCreate:1", "context3DCreate at the request");
  expect(c.frame(0xff336699) === 0xff336699, "a frame before the loss");
  const ext = c.webgl().getExtension("WEBGL_lose_context");
  expect(ext, "WEBGL_lose_context");
  ext.loseContext();
  // At once (the browser's event comes later): every call throws #3694.
  let thrown = null;
  try {
    c.frame(0xff00ff00);
  } catch (e) {
    thrown = e;
  }
  expect(thrown === 3694, `a call right after the loss throws #3694 (got ${thrown})`);
  steps.push("calls throw #3694 at once");
  expect(!c.recover(), "no recovery while the device is away");
  await nextTask(20);
  expect(!c.recover() && c.events() === "", "still nothing after webglcontextlost");
  ext.restoreContext();
  await until(() => c.restored(), "webglcontextrestored");
  steps.push("webglcontextrestored");
  expect(c.recover(), "recovery once restored");
  const events = c.events();
  expect(events === "context3DCreate:2", `context3DCreate for a new context (got "${events}")`);
  steps.push(events);
  expect(c.context_id() === 2n && c.backends() === 2, "a new context on a new backend");
  const px = c.frame(0xff00ff00);
  expect(px === 0xff00ff00, `the new context draws (got ${hex(px)})`);
  const [info, err] = c.first_context();
  expect(info === "Disposed" && err === 3694, `the lost context answers disposed (${info}, #${err})`);
  steps.push("the new context draws; the lost one answers Disposed / #3694");
  return steps.join("; ");
}

/** A WebGPU device destroyed under a Stage3D on molehill-wgpu, then a new one. */
async function webgpuLoss() {
  const c = new wasm.WgpuLossCheck();
  const job = async (begin) => {
    begin();
    const r = JSON.parse(await runJob());
    if ("error" in r) {
      throw new Error(r.error);
    }
    return r;
  };
  const steps = [];
  const made = await job(() => c.begin_request());
  expect(made.ok === 0 && c.events() === "context3DCreate:1",
         `context3DCreate at the request (${JSON.stringify(made)})`);
  const before = await job(() => c.begin_frame(0xff336699));
  expect(before.ok === 0xff336699, `a frame before the loss (got ${JSON.stringify(before)})`);
  steps.push("drawToBitmapData read back through JSPI");
  const unsuspended = JSON.parse(c.frame_now(0xff00ff00));
  expect(unsuspended.thrown === 3710,
         `drawToBitmapData outside WebAssembly.promising throws #3710 (got ${JSON.stringify(unsuspended)})`);
  const again = await job(() => c.begin_frame(0xff112233));
  expect(again.ok === 0xff112233, `the next frame reads its own pixels (got ${JSON.stringify(again)})`);
  steps.push("outside WebAssembly.promising #3710, then the next frame's own pixels");
  c.destroy_device();
  // GPUDevice.lost settles a task later; from then on every call throws #3694.
  await until(() => c.lost(), "GPUDevice.lost");
  steps.push("GPUDevice.lost");
  const after = await job(() => c.begin_frame(0xff00ff00));
  expect(after.thrown === 3694, `a call after the loss throws #3694 (got ${JSON.stringify(after)})`);
  steps.push("calls throw #3694");
  await until(() => c.restored(), "an adapter after the loss (Backend::is_restored)");
  const recovered = await job(() => c.begin_recover());
  expect(recovered.ok === true, "recover_lost_context once a device can be had");
  const events = c.events();
  expect(events === "context3DCreate:2", `context3DCreate for a new context (got "${events}")`);
  steps.push(events);
  expect(c.context_id() === 2n && c.backends() === 2, "a new context on a new device");
  const px = await job(() => c.begin_frame(0xff00ff00));
  expect(px.ok === 0xff00ff00, `the new context draws (got ${JSON.stringify(px)})`);
  const [info, err] = c.first_context();
  expect(info === "Disposed" && err === 3694, `the lost context answers disposed (${info}, #${err})`);
  steps.push("the new context draws; the lost one answers Disposed / #3694");
  return steps.join("; ");
}

/** The player's WebGL2 state far from its defaults, and a snapshot of it. */
function playerState(gl) {
  const vs = gl.createShader(gl.VERTEX_SHADER);
  gl.shaderSource(vs, "#version 300 es\nin vec4 p; void main() { gl_Position = p; }");
  gl.compileShader(vs);
  const fs = gl.createShader(gl.FRAGMENT_SHADER);
  gl.shaderSource(fs, "#version 300 es\nprecision mediump float; out vec4 c; void main() { c = vec4(1); }");
  gl.compileShader(fs);
  const prog = gl.createProgram();
  gl.attachShader(prog, vs);
  gl.attachShader(prog, fs);
  gl.linkProgram(prog);
  gl.useProgram(prog);
  const vao = gl.createVertexArray();
  gl.bindVertexArray(vao);
  gl.bindBuffer(gl.ELEMENT_ARRAY_BUFFER, gl.createBuffer());
  gl.bindBuffer(gl.ARRAY_BUFFER, gl.createBuffer());
  gl.bindBuffer(gl.COPY_WRITE_BUFFER, gl.createBuffer());
  gl.bindBuffer(gl.COPY_READ_BUFFER, gl.createBuffer());
  gl.bindBuffer(gl.PIXEL_PACK_BUFFER, gl.createBuffer());
  gl.bindBuffer(gl.PIXEL_UNPACK_BUFFER, gl.createBuffer());
  for (const unit of [0, 2, 5, 15]) {
    gl.activeTexture(gl.TEXTURE0 + unit);
    gl.bindTexture(gl.TEXTURE_2D, gl.createTexture());
    gl.bindTexture(gl.TEXTURE_CUBE_MAP, gl.createTexture());
    gl.bindSampler(unit, gl.createSampler());
  }
  gl.activeTexture(gl.TEXTURE5);
  const fbo = (w) => {
    const f = gl.createFramebuffer();
    gl.bindFramebuffer(gl.FRAMEBUFFER, f);
    const t = gl.createTexture();
    gl.bindTexture(gl.TEXTURE_2D, t);
    gl.texStorage2D(gl.TEXTURE_2D, 1, gl.RGBA8, w, w);
    gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, t, 0);
    return f;
  };
  const draw = fbo(8);
  const read = fbo(4);
  gl.bindFramebuffer(gl.DRAW_FRAMEBUFFER, draw);
  gl.bindFramebuffer(gl.READ_FRAMEBUFFER, read);
  gl.bindTexture(gl.TEXTURE_2D, gl.createTexture());
  gl.bindRenderbuffer(gl.RENDERBUFFER, gl.createRenderbuffer());
  for (const cap of [gl.BLEND, gl.CULL_FACE, gl.DEPTH_TEST, gl.STENCIL_TEST, gl.SCISSOR_TEST,
    gl.POLYGON_OFFSET_FILL, gl.SAMPLE_COVERAGE, gl.SAMPLE_ALPHA_TO_COVERAGE, gl.RASTERIZER_DISCARD]) {
    gl.enable(cap);
  }
  gl.blendFuncSeparate(gl.SRC_COLOR, gl.DST_ALPHA, gl.ONE, gl.ZERO);
  gl.blendEquationSeparate(gl.FUNC_SUBTRACT, gl.MAX);
  gl.blendColor(0.1, 0.2, 0.3, 0.4);
  gl.colorMask(true, false, true, false);
  gl.cullFace(gl.FRONT);
  gl.frontFace(gl.CW);
  gl.depthFunc(gl.GREATER);
  gl.depthMask(false);
  gl.depthRange(0.2, 0.8);
  gl.stencilFuncSeparate(gl.FRONT, gl.LESS, 3, 0x0f);
  gl.stencilFuncSeparate(gl.BACK, gl.GEQUAL, 5, 0xf0);
  gl.stencilOpSeparate(gl.FRONT, gl.INCR, gl.DECR, gl.INVERT);
  gl.stencilOpSeparate(gl.BACK, gl.REPLACE, gl.INCR_WRAP, gl.DECR_WRAP);
  gl.stencilMaskSeparate(gl.FRONT, 0x33);
  gl.stencilMaskSeparate(gl.BACK, 0x44);
  gl.scissor(1, 2, 3, 4);
  gl.viewport(5, 6, 7, 8);
  gl.clearColor(0.1, 0.2, 0.3, 0.4);
  gl.clearDepth(0.5);
  gl.clearStencil(3);
  gl.polygonOffset(1.5, 2.5);
  gl.sampleCoverage(0.5, true);
  gl.lineWidth(1);
  for (const [p, v] of [[gl.UNPACK_ALIGNMENT, 2], [gl.PACK_ALIGNMENT, 8],
    [gl.UNPACK_ROW_LENGTH, 3], [gl.UNPACK_SKIP_ROWS, 1], [gl.UNPACK_SKIP_PIXELS, 1],
    [gl.PACK_ROW_LENGTH, 5], [gl.PACK_SKIP_ROWS, 1], [gl.PACK_SKIP_PIXELS, 2],
    [gl.UNPACK_IMAGE_HEIGHT, 2], [gl.UNPACK_SKIP_IMAGES, 1],
    [gl.UNPACK_FLIP_Y_WEBGL, true], [gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, true],
    [gl.UNPACK_COLORSPACE_CONVERSION_WEBGL, gl.NONE]]) {
    gl.pixelStorei(p, v);
  }
}

const PARAMETERS = [
  "CURRENT_PROGRAM", "VERTEX_ARRAY_BINDING", "ELEMENT_ARRAY_BUFFER_BINDING", "ARRAY_BUFFER_BINDING",
  "COPY_WRITE_BUFFER_BINDING", "COPY_READ_BUFFER_BINDING", "PIXEL_PACK_BUFFER_BINDING",
  "PIXEL_UNPACK_BUFFER_BINDING", "DRAW_FRAMEBUFFER_BINDING", "READ_FRAMEBUFFER_BINDING",
  "RENDERBUFFER_BINDING", "ACTIVE_TEXTURE", "BLEND", "CULL_FACE", "DEPTH_TEST", "STENCIL_TEST",
  "SCISSOR_TEST", "POLYGON_OFFSET_FILL", "SAMPLE_COVERAGE", "SAMPLE_ALPHA_TO_COVERAGE",
  "RASTERIZER_DISCARD", "BLEND_SRC_RGB", "BLEND_DST_RGB", "BLEND_SRC_ALPHA", "BLEND_DST_ALPHA",
  "BLEND_EQUATION_RGB", "BLEND_EQUATION_ALPHA", "BLEND_COLOR", "COLOR_WRITEMASK",
  "CULL_FACE_MODE", "FRONT_FACE", "DEPTH_FUNC", "DEPTH_WRITEMASK", "DEPTH_RANGE",
  "STENCIL_FUNC", "STENCIL_REF", "STENCIL_VALUE_MASK", "STENCIL_FAIL",
  "STENCIL_PASS_DEPTH_FAIL", "STENCIL_PASS_DEPTH_PASS", "STENCIL_WRITEMASK", "STENCIL_BACK_FUNC",
  "STENCIL_BACK_REF", "STENCIL_BACK_VALUE_MASK", "STENCIL_BACK_FAIL",
  "STENCIL_BACK_PASS_DEPTH_FAIL", "STENCIL_BACK_PASS_DEPTH_PASS", "STENCIL_BACK_WRITEMASK",
  "SCISSOR_BOX", "VIEWPORT", "COLOR_CLEAR_VALUE", "DEPTH_CLEAR_VALUE", "STENCIL_CLEAR_VALUE",
  "POLYGON_OFFSET_FACTOR", "POLYGON_OFFSET_UNITS", "SAMPLE_COVERAGE_VALUE",
  "SAMPLE_COVERAGE_INVERT", "UNPACK_ALIGNMENT", "PACK_ALIGNMENT", "UNPACK_ROW_LENGTH",
  "UNPACK_SKIP_ROWS", "UNPACK_SKIP_PIXELS", "PACK_ROW_LENGTH", "PACK_SKIP_ROWS",
  "PACK_SKIP_PIXELS", "UNPACK_IMAGE_HEIGHT", "UNPACK_SKIP_IMAGES", "UNPACK_FLIP_Y_WEBGL",
  "UNPACK_PREMULTIPLY_ALPHA_WEBGL", "UNPACK_COLORSPACE_CONVERSION_WEBGL",
];

function snapshot(gl) {
  const s = new Map();
  for (const name of PARAMETERS) {
    s.set(name, gl.getParameter(gl[name]));
  }
  const active = gl.getParameter(gl.ACTIVE_TEXTURE);
  for (let unit = 0; unit < 16; unit++) {
    gl.activeTexture(gl.TEXTURE0 + unit);
    s.set(`TEXTURE_BINDING_2D[${unit}]`, gl.getParameter(gl.TEXTURE_BINDING_2D));
    s.set(`TEXTURE_BINDING_CUBE_MAP[${unit}]`, gl.getParameter(gl.TEXTURE_BINDING_CUBE_MAP));
    s.set(`SAMPLER_BINDING[${unit}]`, gl.getParameter(gl.SAMPLER_BINDING));
  }
  gl.activeTexture(active);
  return s;
}

function same(a, b) {
  if (ArrayBuffer.isView(a) || Array.isArray(a)) {
    return a.length === b?.length && [...a].every((v, i) => v === b[i]);
  }
  return a === b;
}

function differences(before, after) {
  const out = [];
  for (const [k, v] of before) {
    if (!same(v, after.get(k))) {
      out.push(`${k}: ${v} -> ${after.get(k)}`);
    }
  }
  return out;
}

/** Traces replayed in the page's own WebGL2 context, its state compared around each. */
async function lentContext(base) {
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = 64;
  const gl = canvas.getContext("webgl2", { antialias: false });
  expect(gl, "a WebGL2 context for the page");
  playerState(gl);
  const before = snapshot(gl);
  expect(gl.getError() === gl.NO_ERROR, "the page's own setup is clean");
  const traces = [
    "tests/conformance/draw/draw_solid_quad.trace",
    "tests/conformance/draw/draw_to_bitmap_data.trace",
    "tests/conformance/textures/texture_bgra_bitmapdata.trace",
    "tests/conformance/render_targets/render_to_texture_mrt.trace",
    "tests/conformance/render_targets/render_to_texture_cube_faces.trace",
    "tests/conformance/render_targets/render_to_texture_packed_4444_blend_antialias.trace",
    "tests/conformance/state/blend_factors.trace",
    "tests/conformance/state/stencil_two_sided.trace",
    "tests/conformance/state/scissor_antialias.trace",
    "tests/conformance/stage/stage_four_stage3ds.trace",
  ];
  const done = [];
  for (const path of traces) {
    const loaded = await loadTrace(`${base}/${path}`, path);
    const r = JSON.parse(wasm.replay_in_context(gl, path, loaded.text, loaded.files));
    expect(r.status === "pass", `in the page's context: ${r.line}`);
    const diff = differences(before, snapshot(gl));
    expect(diff.length === 0, `${path} left the page's state changed: ${diff.join("; ")}`);
    expect(gl.getError() === gl.NO_ERROR, `${path} left a GL error in the page's context`);
    done.push(path.split("/").pop());
  }
  return `${done.length} traces pass in the page's context, ${before.size} values of its state ` +
    `unchanged after each (${done.join(", ")})`;
}

/** The frame read back through pixel buffers: a fence signals only in a later task. */
async function readback() {
  const c = new wasm.ReadbackCheck();
  c.present(0xff204080);
  const now = c.take(false);
  await nextTask(20);
  let later = null;
  for (let i = 0; i < 100 && later == null; i++) {
    later = c.take(false);
    if (later == null) {
      await nextTask(10);
    }
  }
  expect(later === 0xff204080, `read back in a later task (got ${later == null ? "none" : hex(later)})`);
  c.present(0xff0000ff);
  const waited = c.take(true);
  expect(waited === 0xff0000ff, `taken waiting in the same task (got ${waited == null ? "none" : hex(waited)})`);
  return `same task without waiting: ${now == null ? "not yet" : hex(now)}; a later task: ` +
    `${hex(later)}; waiting, the same task: ${hex(waited)}`;
}

/** A Stage3D on a canvas of the page: present() shows the back buffer there, upright. */
async function canvas() {
  const el = document.createElement("canvas");
  document.body.append(el);
  const c = new wasm.CanvasCheck(el);
  c.draw();
  expect(el.width === 48 && el.height === 32, `configureBackBuffer sized the canvas (${el.width}x${el.height})`);
  // Read in the present's task, before the browser composites (preserveDrawingBuffer false).
  const copy = document.createElement("canvas");
  copy.width = el.width;
  copy.height = el.height;
  const g = copy.getContext("2d");
  g.drawImage(el, 0, 0);
  const at = (x, y) => {
    const d = g.getImageData(x, y, 1, 1).data;
    return ((d[3] << 24) | (d[0] << 16) | (d[1] << 8) | d[2]) >>> 0;
  };
  const top = at(24, 4);
  const bottom = at(24, 28);
  expect(top === 0xffff0000 && bottom === 0xff0000ff,
    `the top half red and the bottom blue, as Flash shows them (top ${hex(top)}, bottom ${hex(bottom)})`);
  el.remove();
  return `48x32 canvas, top ${hex(top)}, bottom ${hex(bottom)}`;
}

/** The capabilities molehill-gl found, against the extensions the browser lists. */
async function capabilities() {
  const caps = JSON.parse(wasm.capabilities());
  const listed = new Set(caps.extensions);
  expect(caps.s3tc === listed.has("WEBGL_compressed_texture_s3tc"),
    `S3TC used exactly when WEBGL_compressed_texture_s3tc is listed (s3tc: ${caps.s3tc})`);
  expect(caps.bgra === "Swizzle", `bgra swizzled (WebGL2 has no BGRA upload; got ${caps.bgra})`);
  return `s3tc ${caps.s3tc}, bgra ${caps.bgra}, on ${caps.renderer}`;
}

/**
 * The browser's bench (scripts/web-bench) runs on `backend`: every scenario, one round of one
 * frame per side (upload: ten), and Molehill's picture is the hand-written program's, pixel for
 * pixel. Times are not checked.
 */
async function benchRuns(backend) {
  const r = await bench(backend, "all", 1, 1);
  expect(!r.error, `the bench ran (${r.error})`);
  expect(r.runs.length === 9, `nine runs (five scenarios, four uploads), got ${r.runs.length}`);
  const differ = r.runs.filter((run) => !run.identical);
  expect(differ.length === 0,
    `identical pictures: ${differ.map((run) => run.lines[run.lines.length - 1]).join("; ")}`);
  expect(r.runs.every((run) => run.ratios.length === 1), "one ratio per run");
  return `${r.runs.length} runs, pictures identical: ${r.runs.map((run) => run.label).join(", ")}`;
}

const CHECKS = [
  ["capabilities by WebGL names", capabilities],
  ["a canvas of the page", canvas],
  ["context loss (WEBGL_lose_context)", contextLoss],
  ["context loss on WebGPU (GPUDevice.destroy)", webgpuLoss],
  ["the player's own WebGL2 context", lentContext],
  ["frame read-back across tasks", readback],
  ["the bench against raw WebGL2 (pictures compared)", () => benchRuns("webgl2")],
  ["the bench against raw WebGPU (pictures compared)", () => benchRuns("webgpu")],
];

/** Runs every check; `base` is the URL of the repository's root. */
export async function runAll(base) {
  await load();
  const results = [];
  for (const [name, check] of CHECKS) {
    try {
      results.push({ name, ok: true, detail: await check(base) });
    } catch (e) {
      results.push({ name, ok: false, detail: String(e.message ?? e) });
    }
  }
  return results;
}
