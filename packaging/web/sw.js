// The March of the Ants companion's service worker (ours; flet_web's stub unregisters itself).
// The app's files are kept under a version made of their contents' hashes, so the app starts offline after the
// first visit. Each file is downloaded once: on the first visit the worker takes control at once and keeps every
// file as the page fetches it; once the first screen is up the page asks for the rest, and only what is missing
// is fetched. Of the optional files (CanvasKit's variants) only those this browser uses are kept. A new build
// installs beside the old one, copying the files whose hash is unchanged, and takes over once the page says
// "update ready" and is reloaded (or all its tabs are closed).
// The two big archives (the app's and Python's library) are zips of stored files, sent as xz (one stream over all
// their files, far smaller than each file deflated): the worker unpacks them once, on the way in, and keeps the
// zip itself, so a start reads it as it is and nothing is unpacked again.
const VERSION = "__VERSION__";
const FILES = __FILES__;  // every file of the build: its name and the start of its content's SHA-256
const OPTIONAL = __OPTIONAL__;  // kept only when the page uses them
const PACKED = __PACKED__;  // sent as name + ".xz" (vendor/xz-decompress.js unpacks them)
if (PACKED.length) importScripts("vendor/xz-decompress.js");
const CACHE = "companion-" + VERSION;
const SCOPE = self.registration.scope;
const MANIFEST = new URL("__companion-files__.json", SCOPE).href;
const NAMES = new Map(Object.keys(FILES).map((name) => [new URL(name, SCOPE).href, name]));

function keyOf(href) {
  const key = href.split("#")[0].split("?")[0];
  return key === SCOPE ? new URL("index.html", SCOPE).href : key;
}

async function digest(response) {
  const bytes = await crypto.subtle.digest("SHA-256", await response.arrayBuffer());
  return Array.from(new Uint8Array(bytes).slice(0, 8), (b) => b.toString(16).padStart(2, "0")).join("");
}

// A file of the build from the network: a packed one as its .xz, unpacked here (the plain file if that fails).
async function download(name, init) {
  const href = new URL(name, SCOPE).href;
  if (!PACKED.includes(name)) return fetch(href, init);
  try {
    const packed = await fetch(href + ".xz", init);
    if (packed.ok) {
      const unpacked = new self["xz-decompress"].XzReadableStream(packed.body);
      const bytes = await new Response(unpacked).arrayBuffer();
      return new Response(bytes, { headers: { "content-type": "application/zip" } });
    }
  } catch (error) {
    console.warn("companion: " + name + ".xz could not be unpacked; fetching it whole", error);
  }
  return fetch(href, init);
}

// Kept only when the bytes are this build's (an older copy from the HTTP cache would not be).
async function keep(cache, name, response) {
  if (!response.ok || !["basic", "default"].includes(response.type)) return false;
  if ((await digest(response.clone())) !== FILES[name]) return false;
  await cache.put(new URL(name, SCOPE).href, response);
  return true;
}

async function fill(cache, names, mode, older, olderFiles) {
  const missing = [];
  for (const name of names) {
    if (!(await cache.match(new URL(name, SCOPE).href))) missing.push(name);
  }
  let next = 0;
  async function worker() {
    while (next < missing.length) {
      const name = missing[next++];
      const href = new URL(name, SCOPE).href;
      const same = older && olderFiles[name] === FILES[name] ? await older.match(href) : undefined;
      if (same && await keep(cache, name, same)) continue;
      if (await keep(cache, name, await download(name, { cache: mode }))) continue;
      if (!(await keep(cache, name, await download(name, { cache: "no-cache" })))) throw new Error(name + ": not this build's");
    }
  }
  await Promise.all([worker(), worker(), worker(), worker()]);
}

// A browser that drew with CanvasKit's Chromium variant is Blink: a build with the WebAssembly client runs skwasm
// there (WasmGC permitting), so an update to one keeps those files too, and the new version starts offline.
const SUCCESSORS = {
  "canvaskit/chromium/canvaskit.wasm": ["main.dart.wasm", "main.dart.mjs", "canvaskit/skwasm.js", "canvaskit/skwasm.wasm"],
};

async function successorOfKept(previous, name) {
  for (const [kept, successors] of Object.entries(SUCCESSORS)) {
    if (successors.includes(name) && await previous.match(new URL(kept, SCOPE).href)) return true;
  }
  return false;
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const older = (await caches.keys()).filter((key) => key.startsWith("companion-") && key !== CACHE);
    const cache = await caches.open(CACHE);
    await cache.put(MANIFEST, new Response(JSON.stringify(FILES), { headers: { "content-type": "application/json" } }));
    if (!older.length) {
      await self.skipWaiting();  // the first visit: files are kept as the page fetches them
      return;
    }
    // An update: the files this browser uses, the unchanged ones copied from the copy in use.
    const previous = await caches.open(older[older.length - 1]);
    const listed = await previous.match(MANIFEST);
    const previousFiles = listed ? await listed.json() : {};
    const wanted = [];
    for (const name of Object.keys(FILES)) {
      if (!OPTIONAL.includes(name) || await previous.match(new URL(name, SCOPE).href)
          || await successorOfKept(previous, name)) wanted.push(name);
    }
    await fill(cache, wanted, "no-cache", previous, previousFiles);
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith("companion-") && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") {
    self.skipWaiting();
  } else if (event.data && Array.isArray(event.data.complete)) {
    // The page is up: fetch what it did not pass through us (the files it fetched before we took control come
    // from the HTTP cache), leaving out the optional files it did not use.
    const used = new Set(event.data.complete.map(keyOf));
    event.waitUntil((async () => {
      const cache = await caches.open(CACHE);
      const wanted = Object.keys(FILES).filter(
        (name) => !OPTIONAL.includes(name) || used.has(new URL(name, SCOPE).href));
      await fill(cache, wanted, "force-cache");
      if (event.source) event.source.postMessage("offline-ready");
    })());
  }
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;  // the client's one CDN request fails harmlessly offline
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const key = keyOf(url.href);
    const hit = await cache.match(key);
    if (hit) return hit;
    try {
      const name = NAMES.get(key);
      const response = PACKED.includes(name) ? await download(name, {}) : await fetch(request);
      if (name !== undefined && response.ok) event.waitUntil(keep(cache, name, response.clone()));
      return response;
    } catch (error) {
      if (request.mode === "navigate") {
        const page = await cache.match(new URL("index.html", SCOPE).href);
        if (page) return page;
      }
      throw error;
    }
  })());
});
