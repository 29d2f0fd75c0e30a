// node run.mjs MODULE.wasm FILE.jxr...: prints "FILE wasm-hash" for each file.
import { readFileSync } from "node:fs";
const [wasmPath, ...files] = process.argv.slice(2);
const { instance } = await WebAssembly.instantiate(readFileSync(wasmPath), {});
const { memory, alloc, decode } = instance.exports;
for (const f of files) {
  const bytes = readFileSync(f);
  const p = alloc(bytes.length);
  new Uint8Array(memory.buffer, p, bytes.length).set(bytes);
  const t = performance.now();
  const h = decode(p, bytes.length) >>> 0;
  console.log(`${f.split("/").pop()} ${h.toString(16).padStart(8, "0")} ${(performance.now() - t).toFixed(1)} ms`);
}
