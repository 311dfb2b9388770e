"""The table bench's steps by page (``scripts/bench_table_browser.py --steps``): for a guest's tap, the tapping
guest's own page is reported beside the other guests' pages (the host's page in neither), and the last page's
steps are the latest of every page's. Figures made up here, as the pages would post them."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_table_browser", ROOT / "scripts" / "bench_table_browser.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def page(heard: float, drawn: float, seen: float, tapped: bool = False) -> dict[str, float]:
    steps = {"link_heard": heard - 2, "guest_heard": heard, "guest_applied": heard + 5, "guest_drawn": drawn,
             "seen": seen}
    return {**steps, "guest_sent": 3.0, "guest_tap_done": 40.0} if tapped else steps


def test_a_guests_tap_is_reported_on_its_own_page_beside_the_other_guests() -> None:
    module = bench()
    host = {"host_heard": 50.0, "host_sent": 90.0, "seen": 150.0}
    taps = [module.Sample(tapper, "plus-p1", [0.0] * 4, [None] * 4, None,
                          [host, *(page(100 + n, 200 + n, 260 + n, n == tapper) for n in (1, 2, 3))])
            for tapper in (1, 2, 3)]
    for sample in taps:
        sample.page_steps[sample.tapper] = page(140, 300, 390, tapped=True)  # the tapper: later at every step
    got = module.pages_steps(taps)
    assert got["tapper_page"]["guest_heard"] == 140 and got["tapper_page"]["seen"] == 390
    assert got["tapper_page"]["guest_tap_done"] == 40 and got["tapper_page"]["link_heard"] == 138
    others = got["other_guests_pages"]
    assert others["guest_heard"] == 102 and others["seen"] == 262, "two other guests a tap, six in all"
    assert others["guest_tap_done"] is None, "only the tapping page finishes a tap of its own"
    assert module.last_of(taps[0].page_steps)["seen"] == 390 and module.last_of(taps[0].page_steps)["host_sent"] == 90
