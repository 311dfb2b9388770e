// The companion web build's page script: starts Python at once (beside Flutter, not after it), registers the
// app's own service worker before the big files are fetched (so each is downloaded once, through it), asks it
// to complete the offline copy once the first screen is up, and says when a new version is ready.
(function () {
  const version = (document.querySelector('meta[name="companion-version"]') || {}).content || "";
  window.companionVersion = version;
  window.companionOfflineReady = false;
  // When each stage of the start was heard, in ms from the page's start (scripts/bench_web.py reports them).
  const stageTimes = window.companionStageTimes = {};
  const hasWorker = "serviceWorker" in navigator;
  const controlled = hasWorker && !!navigator.serviceWorker.controller;

  // The first visit waits (at most 3 s) for our service worker to control the page, so that Flutter's,
  // CanvasKit's, Pyodide's and the app's files pass through it and are kept as they arrive.
  const splash = startSplash(!controlled && hasWorker);
  const registering = hasWorker ? navigator.serviceWorker.register("sw.js", { scope: "./" }) : null;
  const go = (!hasWorker || controlled) ? Promise.resolve() : new Promise((resolve) => {
    navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true });
    registering.catch(resolve);  // no service worker here (a private window, say): no waiting for one
    setTimeout(resolve, 3000);
  });

  // The splash (splash.html, put in index.html by the build) stays over Flutter's canvas until the app's first
  // screen is up, saying what is loading; on a first visit a bar fills as the big files arrive (their sizes are
  // written in by the build: the page's own files as the browser finishes them, Python's and the app's when the
  // worker says it has them).
  function startSplash(firstVisit) {
    const spanish = (navigator.language || "").toLowerCase().startsWith("es");
    const words = spanish ? {
      start: "Cargando…", download: "Descargando la app (solo la primera vez)…", python: "Iniciando Python…",
      app: "Cargando la app…", games: "Leyendo tus partidas…", screens: "Preparando las pantallas…",
    } : {
      start: "Loading…", download: "Downloading the app (first visit only)…", python: "Starting Python…",
      app: "Loading the app…", games: "Reading your games…", screens: "Preparing the screens…",
    };
    // This script runs in <head>: the splash's elements exist once the body is parsed.
    const box = () => document.getElementById("companion-splash");
    const bar = () => document.getElementById("companion-splash-bar");
    let sizes = {}, total = 0, closed = false, said = "start";
    const done = new Set();
    const say = (key) => {
      said = key;
      const stage = document.getElementById("companion-splash-stage");
      if (stage) stage.textContent = words[key] || words.start;
    };
    function arrived(part) {
      if (!firstVisit || !total || done.has(part) || !(part in sizes) || !bar()) return;
      done.add(part);
      let have = 0;
      done.forEach((name) => { have += sizes[name]; });
      bar().classList.remove("busy");
      bar().firstElementChild.style.width = Math.max(4, Math.round(100 * have / total)) + "%";
    }
    function setUp() {
      if (!box()) return;
      try { sizes = JSON.parse(box().dataset.sizes || "{}"); } catch (error) { sizes = {}; }
      total = Object.values(sizes).reduce((sum, n) => sum + n, 0);
      if (closed) { api.close(); return; }
      if (!firstVisit || !total) { say(said); return; }
      if (said === "start") say("download");
      bar().classList.remove("busy");
      new PerformanceObserver((list) => list.getEntries().forEach((entry) => {
        const name = entry.name.split("?")[0];
        Object.keys(sizes).forEach((part) => { if (name.endsWith("/" + part)) arrived(part); });
      })).observe({ type: "resource", buffered: true });
    }
    const afterWorker = { app: ["python"], games: ["python", "app.zip"], screens: ["python", "app.zip"] };
    const api = {
      prestarted: false,
      close() {
        closed = true;
        const shown = box();
        if (!shown) return;
        shown.classList.add("gone");
        setTimeout(() => shown.remove(), 300);
      },
      heard(event) {  // a stage from the Python worker (true), or a message for Flutter's client (false)
        const data = event.data;
        if (!data || typeof data !== "object" || typeof data.companionStage !== "string") return false;
        const name = data.companionStage;
        stageTimes[name] = Math.round(performance.now());
        (afterWorker[name] || []).forEach(arrived);
        if (name === "ready") {  // the first screen's messages are on their way: two frames, then it is painted
          requestAnimationFrame(() => requestAnimationFrame(api.close));
        } else if (!(firstVisit && total && name === "python")) {  // Pyodide is still downloading then
          say(name);
        }
        return true;
      },
    };
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setUp, { once: true });
    else setUp();
    return api;
  }

  function loadFlutter() {
    const script = document.createElement("script");
    script.src = "flutter_bootstrap.js";
    script.async = true;
    document.head.appendChild(script);
  }

  // Python's worker is started now, beside Flutter's load, instead of when Flutter's engine asks for it
  // (python.js's jsConnect): Pyodide, the app's archive and its imports overlap the client's start. The
  // worker's first messages wait here until the engine connects.
  function prestartPython() {
    if (typeof flet === "undefined" || !flet.pyodide || typeof globalThis.jsConnect !== "function") return;
    const original = globalThis.jsConnect;
    const base = flet.entrypointBaseUrl.endsWith("/") ? flet.entrypointBaseUrl.slice(0, -1) : flet.entrypointBaseUrl;
    const worker = new Worker(base + "/python-worker.js", { type: "module" });
    const early = [];
    worker.onmessage = (event) => { if (!splash.heard(event)) early.push(event); };
    worker.postMessage({
      pyodideUrl: flet.pyodideUrl || "pyodide/pyodide.mjs", args: {}, documentUrl: document.URL,
      appPackageUrl: flet.appPackageUrl, micropipIncludePre: flet.micropipIncludePre,
      pythonModuleName: flet.pythonModuleName, companionStages: true,
    });
    splash.prestarted = true;
    let taken = false;
    globalThis.jsConnect = async function (appId, args, dartOnMessage) {
      if (taken || (args && Object.keys(args).length)) return original(appId, args, dartOnMessage);
      taken = true;
      const app = { dartOnMessage: dartOnMessage, worker: worker };
      _apps[appId] = app;  // python.js's table, read by its jsSend and jsDisconnect
      let error;
      const initialized = new Promise((resolve) => { app.onPythonInitialized = resolve; });
      const handle = (event) => {
        if (splash.heard(event)) return;
        if (typeof event.data === "string") {
          if (event.data !== "initialized") { error = event.data; splash.close(); }  // the client shows it
          app.onPythonInitialized();
        } else {
          app.dartOnMessage(event.data);
        }
      };
      worker.onmessage = handle;
      early.splice(0).forEach(handle);
      await initialized;
      if (error) {
        console.error("Python worker init error:", error);
        await jsDisconnect(appId);
        throw error;
      }
    };
  }

  // Without our Python worker (an older python.js), Flutter's first frame ends the splash, as Flet's own did.
  window.addEventListener("flutter-first-frame", () => {
    stageTimes["first-frame"] = Math.round(performance.now());
    if (!splash.prestarted) splash.close();
  }, { once: true });
  go.then(() => { prestartPython(); loadFlutter(); });
  if (!hasWorker) return;

  function notice(text, action) {
    const bar = document.createElement("div");
    bar.id = "companion-update";
    bar.setAttribute("role", "status");
    bar.style.cssText = "position:fixed;left:8px;right:8px;bottom:8px;z-index:10000;padding:12px 16px;" +
      "border-radius:12px;background:#C98B2B;color:#1C1B1F;font:16px sans-serif;display:flex;gap:12px;" +
      "align-items:center;justify-content:space-between";
    const words = document.createElement("span");
    words.textContent = text;
    const button = document.createElement("button");
    button.textContent = action;
    button.style.cssText = "min-height:48px;min-width:96px;font:bold 16px sans-serif;border:0;border-radius:8px";
    bar.append(words, button);
    document.body.appendChild(bar);
    return button;
  }
  function offer(worker) {
    const spanish = (navigator.language || "").toLowerCase().startsWith("es");
    const button = notice(spanish ? "Hay una versión nueva lista." : "An update is ready.",
                          spanish ? "Recargar" : "Reload");
    button.addEventListener("click", () => worker.postMessage("skip-waiting"));
  }

  // The Python worker says "ready" on this channel once the first screen is shown.
  const ready = new Promise((resolve) => {
    const channel = new BroadcastChannel("companion-web");
    channel.onmessage = (event) => { if (event.data === "ready") resolve(); };
    setTimeout(resolve, 60000);
  });
  navigator.serviceWorker.addEventListener("message", (event) => {
    if (event.data === "offline-ready") {
      window.companionOfflineReady = true;
      window.dispatchEvent(new Event("companion-offline-ready"));
    }
  });
  // Once the app has started: the service worker fetches only what the page has not already passed
  // through it (the files this browser uses: one of CanvasKit's variants, not every one).
  async function completeOfflineCopy(registration) {
    await ready;
    await new Promise((resolve) => setTimeout(resolve, 500));
    const worker = navigator.serviceWorker.controller || registration.active;
    if (!worker) return;
    const used = performance.getEntriesByType("resource").map((entry) => entry.name);
    worker.postMessage({ complete: used });
  }

  registering.then((registration) => {
    if (registration.waiting && controlled) offer(registration.waiting);
    registration.addEventListener("updatefound", () => {
      const incoming = registration.installing;
      if (!incoming) return;
      incoming.addEventListener("statechange", () => {
        if (incoming.state === "installed" && controlled) offer(incoming);
      });
    });
    let reloading = false;
    navigator.serviceWorker.addEventListener("controllerchange", () => {
      if (reloading || !controlled) return;  // the first visit's takeover is no update: no reload
      reloading = true;
      window.location.reload();
    });
    return completeOfflineCopy(registration);
  }).catch((error) => console.warn("companion: no offline copy:", error));
})();
