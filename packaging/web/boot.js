// Registers the app's own service worker and says when a new version is ready (companion web build).
(function () {
  if (!("serviceWorker" in navigator)) return;
  const version = (document.querySelector('meta[name="companion-version"]') || {}).content || "";
  window.companionVersion = version;
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
  // Registered once the app has started (the page has fetched every file it needs), so the
  // pre-cache reads them from the HTTP cache instead of competing with the page for the network.
  // The Python worker says "ready" on this channel once the first screen is shown.
  const ready = new Promise((resolve) => {
    const channel = new BroadcastChannel("companion-web");
    channel.onmessage = (event) => { if (event.data === "ready") resolve(); };
    setTimeout(resolve, 60000);
  });
  function started() { return ready.then(() => new Promise((resolve) => setTimeout(resolve, 500))); }
  window.addEventListener("load", async () => {
    try {
      if (!navigator.serviceWorker.controller) await started();
      const registration = await navigator.serviceWorker.register("sw.js", { scope: "./" });
      if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
      registration.addEventListener("updatefound", () => {
        const incoming = registration.installing;
        if (!incoming) return;
        incoming.addEventListener("statechange", () => {
          if (incoming.state === "installed" && navigator.serviceWorker.controller) offer(incoming);
        });
      });
      let reloading = false;
      navigator.serviceWorker.addEventListener("controllerchange", () => {
        if (reloading || !window.companionHadController) return;
        reloading = true;
        window.location.reload();
      });
      window.companionHadController = !!navigator.serviceWorker.controller;
    } catch (error) {
      console.warn("companion: no offline copy:", error);
    }
  });
})();
