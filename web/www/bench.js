// The browser's bench (web/src/bench.rs, docs/web.md): molehill bench --baseline's scenarios
// through Molehill and through a hand-written WebGL2 or WebGPU program in this page, in
// alternating rounds, pictures compared. bench.html shows it; scripts/web-bench drives it.

import { load, runJob, wasm, wgpuDevice } from "./molehill.js";

/**
 * Runs `scenario` (a name, or "all") on `backend` ("webgl2" or "webgpu"): `rounds` rounds of
 * `frames` frames per side. Resolves to `{runs: [{label, lines, identical, ratios}], error?}`
 * (`lines`: what molehill bench --baseline prints).
 */
export async function bench(backend, scenario = "all", frames = 100, rounds = 7) {
  await load();
  if (backend === "webgpu") {
    await wgpuDevice(backend);
  }
  wasm.bench_begin(backend, scenario, frames, rounds);
  const report = await runJob();
  if (report === undefined) {
    throw new Error("the bench did not finish");
  }
  return JSON.parse(report);
}
