"""How the bench scripts time a tap in the page (``scripts/bench_taps.py``, ``scripts/bench_web.py``).

From the pointer going down on the button to the animation frame after the DOM change that shows the node
``ident``'s new label (what the player sees), measured in the page, so the test driver's own steps (finding the
node, its checks before a click, polling) are not counted. One script for both, so both time the same thing.
"""

from __future__ import annotations

# Arms the page for the next tap: ``window.__tap`` resolves to ``{dom, painted}`` (ms from the pointer going down,
# at the DOM change and at the frame after it), or null when the label has not changed within ``timeout`` ms;
# ``window.__down`` keeps when the pointer went down.
ARM_TAP = """([ident, before, timeout]) => {
  const label = () => {
    const n = document.querySelector(`[flt-semantics-identifier="${ident}"]`);
    return n ? (n.getAttribute('aria-label') || n.innerText || '').trim() : null;
  };
  window.__tap = new Promise((resolve) => {
    let t0 = null;
    const down = () => { t0 = window.__down = performance.now(); };
    window.addEventListener('pointerdown', down, {capture: true, once: true});
    const obs = new MutationObserver(() => {
      if (t0 === null) return;
      const now = label();
      if (now !== null && now !== before) {
        obs.disconnect();
        const seen = performance.now();
        requestAnimationFrame(() => resolve({dom: seen - t0, painted: performance.now() - t0}));
      }
    });
    obs.observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
    setTimeout(() => { obs.disconnect(); resolve(null); }, timeout);
  });
  return true;
}"""
