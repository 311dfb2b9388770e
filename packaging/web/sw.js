// The March of the Ants companion's service worker (ours; flet_web's stub unregisters itself).
// Every file of the build is pre-cached under a version made of their contents' hashes, so the app
// starts offline after the first visit; a new build installs beside the old one and takes over once
// the page says "update ready" and is reloaded (or all its tabs are closed).
const VERSION = "__VERSION__";
const FILES = __FILES__;
const CACHE = "companion-" + VERSION;
const SCOPE = self.registration.scope;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    // The first install takes what the page has just downloaded from the HTTP cache ("force-cache"), so a
    // first visit does not download everything twice; an update asks the server again ("no-cache", a 304
    // for an unchanged file).
    const first = !(await caches.keys()).some((key) => key.startsWith("companion-"));
    const mode = first ? "force-cache" : "no-cache";
    const cache = await caches.open(CACHE);
    const missing = [];
    for (const name of FILES) {
      if (!(await cache.match(new URL(name, SCOPE).href))) missing.push(name);
    }
    let next = 0;
    async function worker() {
      while (next < missing.length) {
        const name = missing[next++];
        const response = await fetch(new URL(name, SCOPE).href, { cache: mode });
        if (!response.ok) throw new Error(name + ": HTTP " + response.status);
        await cache.put(new URL(name, SCOPE).href, response);
      }
    }
    await Promise.all([worker(), worker(), worker(), worker()]);
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
  if (event.data === "skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;  // the client's one CDN request fails harmlessly offline
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    let key = url.href.split("#")[0].split("?")[0];
    if (key === SCOPE || key === SCOPE + "index.html") key = new URL("index.html", SCOPE).href;
    const hit = await cache.match(key);
    if (hit) return hit;
    try {
      return await fetch(request);
    } catch (error) {
      if (request.mode === "navigate") {
        const page = await cache.match(new URL("index.html", SCOPE).href);
        if (page) return page;
      }
      throw error;
    }
  })());
});
