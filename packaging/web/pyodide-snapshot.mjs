// Pyodide's start from a memory snapshot (companion web build; imported by the patched python-worker.js).
// The interpreter's own start (about 2.5 s of a warm start on the test machine, most of it) is done once: the
// first start in this browser takes a snapshot of Pyodide's memory right after loadPyodide, before any of the
// app's code runs, and keeps it in the Cache Storage; later starts restore it (about 0.3 s). It is made here, not
// shipped: nothing more to download. KEY changes with Pyodide's files, so a new Pyodide never reads an old one.
const KEY = "__PYODIDE_KEY__";
const CACHE = "pyodide-memory-snapshot";  // not "companion-...": those are the service worker's, one per version

async function openCache() {
  try {
    return await caches.open(CACHE);
  } catch (error) {
    return null;  // no Cache Storage here (an insecure origin): Pyodide starts as usual
  }
}

export async function loadPyodideFast(loadPyodide, options) {
  const cache = await openCache();
  const key = new URL("pyodide/memory-snapshot-" + KEY, self.location.href).href;
  const kept = cache && await cache.match(key);
  if (kept) {
    try {
      return await loadPyodide({ ...options, _loadSnapshot: kept.arrayBuffer() });
    } catch (error) {
      console.warn("companion: the kept Pyodide snapshot did not load; starting without it:", error);
      await cache.delete(key);
    }
  }
  const pyodide = await loadPyodide({ ...options, _makeSnapshot: !!cache });
  if (cache) {
    try {
      const snapshot = pyodide.makeMemorySnapshot();
      (async () => {
        for (const old of await cache.keys()) await cache.delete(old);
        await cache.put(key, new Response(snapshot));
      })().catch((error) => console.warn("companion: no Pyodide snapshot kept:", error));
    } catch (error) {
      console.warn("companion: no Pyodide snapshot:", error);
    }
  }
  return pyodide;
}
