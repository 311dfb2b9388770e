// Part of scripts/bench_web_parts.py: one start's Python-side parts in Pyodide under node, for one build's
// app.zip - its files written (by Python's zipfile as Flet's worker does, or by app-unpack.mjs) and the imports
// and objects a phone's start makes before drawing Home - each as wall and CPU time (ms).
// Usage: node bench_web_parts.mjs <pyodide dir> <python_stdlib.zip> <app.zip> <python|js> <app-unpack.mjs>
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [pyodideDir, stdlib, app, how, unpacker] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(pyodideDir + "/pyodide.mjs").href);
const { unpackApp } = await import(pathToFileURL(unpacker).href);
const py = await loadPyodide({ indexURL: pyodideDir + "/", stdLibURL: stdlib });
const bytes = readFileSync(app);
const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);

async function timed(work) {
  const wall = performance.now(), cpu = process.cpuUsage();
  await work();
  const used = process.cpuUsage(cpu);
  return [performance.now() - wall, (used.user + used.system) / 1000];
}

const out = {};
[out.unpack_wall_ms, out.unpack_cpu_ms] = await timed(async () => {
  if (how === "js") {
    if (!await unpackApp(py, Promise.resolve(buffer))) throw new Error("not unpacked");
  } else {
    py.globals.set("archive", new Uint8Array(buffer));
    await py.runPythonAsync(`
import io, zipfile
zipfile.ZipFile(io.BytesIO(archive.to_py())).extractall(".")
`);
  }
});
[out.start_wall_ms, out.start_cpu_ms] = await timed(async () => {
  await py.runPythonAsync(`
import os, sys
sys.path[:0] = ["__pypackages__", os.getcwd()]
os.environ["COMPANION_CACHE"] = os.path.join(os.getcwd(), "companion", "_cache")
import flet as ft
import companion.web_main, companion.platform
from companion.table.web_link import linker
from companion.ui.app import AppContext, make_main
from companion.ui.tab.routes import Router
ctx = AppContext.open()
main = make_main(ctx, Router())
`);
});
out.modules = py.runPython("len(sys.modules)");
console.log(JSON.stringify(out));
