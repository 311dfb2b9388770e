// A table of phones, the page's half: WebRTC data channels between phones (no server, no ICE server) and the
// camera that reads a code. Python runs in a web worker, where RTCPeerConnection and the camera do not exist;
// it asks this page through a private MessageChannel (companion/table/web_link.py is the other end):
//   worker -> page  {op, ask?, ...}          ops below; an op with `ask` is answered {reply: ask, ok, ...}
//   page -> worker  {event: "state"|"message", id, ...}   a link's news (a message with `at`, when the page had it)
// The page hands its port to its own worker only (python.js's _apps), so two tabs never hear each other; the
// worker asks for it over the "companion-table" BroadcastChannel, which only wakes the pages up.
(function () {
  "use strict";
  const GATHER_MS = 5000;  // candidates are gathered in well under a second on a LAN; never wait longer than this
  const links = new Map();  // the worker's link id -> { pc, channel, said }
  let port = null;
  let scanning = null;  // the open scan's { stop } while the camera is on

  function attach() {
    if (port || typeof _apps !== "object") return;  // python.js's table of apps: this page's own worker
    const app = Object.values(_apps).find((each) => each && each.worker);
    if (!app) return;
    const channel = new MessageChannel();
    port = channel.port1;
    port.onmessage = (event) => answer(event.data);
    app.worker.postMessage({ companionTablePort: true }, [channel.port2]);
  }
  new BroadcastChannel("companion-table").onmessage = (event) => { if (event.data === "attach") attach(); };

  function tell(message) { if (port) port.postMessage(message); }

  function say(id, state) {  // each state once: "open", then "closed" or "failed"
    const link = links.get(id);
    if (!link || link.said === state || link.said === "closed" || link.said === "failed") return;
    link.said = state;
    tell({ event: "state", id: id, state: state });
  }

  function watch(id, channel) {
    const link = links.get(id);
    link.channel = channel;
    channel.onopen = () => say(id, "open");
    channel.onclose = () => say(id, link.said === "open" ? "closed" : "failed");
    channel.onmessage = (event) => tell({ event: "message", id: id, text: String(event.data),
                                            at: performance.timeOrigin + performance.now() });
  }

  function newLink(id) {
    const pc = new RTCPeerConnection({ iceServers: [] });
    links.set(id, { pc: pc, channel: null, said: "new" });
    pc.onconnectionstatechange = () => {
      if (pc.connectionState === "failed") say(id, links.get(id).said === "open" ? "closed" : "failed");
    };
    return pc;
  }

  // The code is the only message the phones exchange before they connect: every candidate must be in it.
  function gathered(pc) {
    return new Promise((resolve) => {
      if (pc.iceGatheringState === "complete") { resolve(); return; }
      const timer = setTimeout(resolve, GATHER_MS);
      pc.addEventListener("icegatheringstatechange", () => {
        if (pc.iceGatheringState === "complete") { clearTimeout(timer); resolve(); }
      });
    });
  }

  const ops = {
    async offer({ id }) {
      const pc = newLink(id);
      watch(id, pc.createDataChannel("table", { ordered: true }));
      await pc.setLocalDescription();
      await gathered(pc);
      return { sdp: pc.localDescription.sdp };
    },
    async join({ id, sdp }) {
      const pc = newLink(id);
      pc.ondatachannel = (event) => watch(id, event.channel);
      await pc.setRemoteDescription({ type: "offer", sdp: sdp });
      await pc.setLocalDescription();
      await gathered(pc);
      return { sdp: pc.localDescription.sdp };
    },
    async accept({ id, sdp }) {
      const link = links.get(id);
      if (!link) throw new Error("no such link");
      await link.pc.setRemoteDescription({ type: "answer", sdp: sdp });
      return {};
    },
    send({ id, text }) {
      const link = links.get(id);
      if (link && link.channel && link.channel.readyState === "open") link.channel.send(text);
      else say(id, link && link.said === "open" ? "closed" : "failed");
    },
    farewell({ id, text }) {  // sent on this link by the page itself as it goes away (see pagehide below)
      const link = links.get(id);
      if (link) link.farewell = text;
    },
    close({ id }) {
      const link = links.get(id);
      if (!link) return;
      links.delete(id);
      if (link.channel) link.channel.close();
      link.pc.close();
    },
    scan(words) { return scan(words); },
    cancelScan() { if (scanning) scanning.stop(null); },
  };

  // A page going away cannot ask its worker for anything: each link's last word, set beforehand, is sent now.
  window.addEventListener("pagehide", () => {
    links.forEach((link) => {
      if (link.farewell && link.channel && link.channel.readyState === "open") link.channel.send(link.farewell);
    });
  });

  async function answer(request) {
    const op = request && ops[request.op];
    try {
      if (!op) throw new Error("unknown op " + (request && request.op));
      const result = await op(request);
      if (request.ask) tell(Object.assign({ reply: request.ask, ok: true }, result || {}));
    } catch (error) {
      if (request && request.ask) tell({ reply: request.ask, ok: false, error: String(error) });
    }
  }

  // -- reading a code with the camera --------------------------------------------------------------------------
  // The browser's BarcodeDetector where there is one (Android's Chrome), else jsQR (npm, bundled by the build as
  // vendor/jsQR.js, loaded on the first scan). Resolves {text} for a code read, {text: null} when cancelled, and
  // {text: null, error: "no-camera" | "no-reader"} when there is no camera or no reader (the player pastes
  // the code instead).
  let jsQRLoading = null;
  function loadJsQR() {
    if (typeof jsQR === "function") return Promise.resolve();
    jsQRLoading = jsQRLoading || new Promise((resolve, reject) => {
      const script = document.createElement("script");
      script.src = "vendor/jsQR.js";
      script.onload = resolve;
      script.onerror = () => { jsQRLoading = null; reject(new Error("jsQR missing")); };
      document.head.appendChild(script);
    });
    return jsQRLoading;
  }

  async function reader() {
    if ("BarcodeDetector" in window) {
      try {
        const formats = await BarcodeDetector.getSupportedFormats();
        if (formats.includes("qr_code")) {
          const detector = new BarcodeDetector({ formats: ["qr_code"] });
          return async (video) => ((await detector.detect(video))[0] || {}).rawValue || null;
        }
      } catch (error) { /* fall through to jsQR */ }
    }
    await loadJsQR();
    const canvas = document.createElement("canvas");
    const context = canvas.getContext("2d", { willReadFrequently: true });
    return async (video) => {
      canvas.width = video.videoWidth;
      canvas.height = video.videoHeight;
      if (!canvas.width || !canvas.height) return null;
      context.drawImage(video, 0, 0);
      const found = jsQR(context.getImageData(0, 0, canvas.width, canvas.height).data, canvas.width,
                         canvas.height, { inversionAttempts: "dontInvert" });
      return found ? found.data : null;
    };
  }

  function overlay(words) {
    const box = document.createElement("div");
    box.id = "companion-scan";
    box.setAttribute("role", "dialog");
    box.style.cssText = "position:fixed;inset:0;z-index:10001;background:#000;display:flex;flex-direction:column;" +
      "align-items:center;justify-content:center;gap:16px;padding:16px;font:18px sans-serif;color:#fff";
    const video = document.createElement("video");
    video.setAttribute("playsinline", "");
    video.muted = true;
    video.style.cssText = "width:100%;max-width:480px;max-height:70vh;object-fit:cover;border-radius:12px";
    const hint = document.createElement("p");
    hint.textContent = words.hint || "";
    hint.style.cssText = "margin:0;text-align:center";
    const cancel = document.createElement("button");
    cancel.id = "companion-scan-cancel";
    cancel.textContent = words.cancel || "Cancel";
    cancel.style.cssText = "min-height:48px;min-width:120px;font:bold 18px sans-serif;border:0;border-radius:8px";
    box.append(video, hint, cancel);
    document.body.appendChild(box);
    return { box: box, video: video, cancel: cancel };
  }

  async function scan(words) {
    if (scanning) scanning.stop(null);
    if (!navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) return { text: null, error: "no-camera" };
    let stream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
    } catch (error) {
      return { text: null, error: "no-camera" };
    }
    const shown = overlay(words || {});
    return new Promise((resolve) => {
      let done = false;
      const stop = (text, error) => {
        if (done) return;
        done = true;
        scanning = null;
        stream.getTracks().forEach((track) => track.stop());
        shown.box.remove();
        resolve(error ? { text: null, error: error } : { text: text });
      };
      scanning = { stop: stop };
      shown.cancel.onclick = () => stop(null);
      shown.video.srcObject = stream;
      shown.video.play().catch(() => {});
      reader().then((read) => {
        const look = async () => {
          if (done) return;
          let text = null;
          try { text = await read(shown.video); } catch (error) { text = null; }
          if (text) stop(text);
          else setTimeout(look, 150);
        };
        look();
      }, () => { stop(null, "no-reader"); });
    });
  }
})();
