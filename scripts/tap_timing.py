"""How the bench scripts time a tap in the page (``scripts/bench_taps.py``, ``scripts/bench_web.py``).

From the pointer going down on the button to the animation frame after the DOM change that shows the node
``ident``'s new label (what the player sees), measured in the page, so the test driver's own steps (finding the
node, its checks before a click, polling) are not counted. One script for both, so both time the same thing.
"""

from __future__ import annotations

import statistics
from typing import Any

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


# -- Python's share of a tap, by part (``companion.spans``) ------------------------------------------------------
PARTS = ("command", "check", "save", "home", "views", "controls", "flet")  # in the order a tap runs them


def span_summary(records: list[dict[str, Any]]) -> dict[str, float]:
    """The p50 of each measured tap's figures (ms): Python busy, first start to last end, and each part."""
    if not records:
        return {}
    out = {"busy_p50_ms": statistics.median(r["busy_ms"] for r in records),
           "first_p50_ms": statistics.median(r.get("first_ms", r["busy_ms"]) for r in records),
           "wall_p50_ms": statistics.median(r["wall_ms"] for r in records)}
    for name in sorted({name for r in records for name in r["parts"]}, key=_part_order):
        out[f"{name}_p50_ms"] = statistics.median(r["parts"].get(name, 0.0) for r in records)
    out["taps_measured"] = len(records)
    return {key: round(value, 2) for key, value in out.items()}


def _part_order(name: str) -> int:
    return PARTS.index(name) if name in PARTS else len(PARTS)


def span_line(figures: dict[str, float]) -> str:
    """One line: Python's share p50 and its parts."""
    parts = ", ".join(f"{key.removesuffix('_p50_ms')} {value:g}" for key, value in figures.items()
                      if key.endswith("_p50_ms") and key not in ("busy_p50_ms", "first_p50_ms", "wall_p50_ms"))
    return (f"python p50 {figures.get('busy_p50_ms', float('nan')):g} ms (first pass "
            f"{figures.get('first_p50_ms', float('nan')):g}; wall {figures.get('wall_p50_ms', 0):g}; "
            f"{parts}; n={figures.get('taps_measured', 0):g})")
