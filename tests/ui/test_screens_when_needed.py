"""A tab's router imports Home's screen alone; the other screens when a route first needs them, or in steps once
the first screen is up (issue 33: on the phone, importing every screen before Home was more than half of the app's
imports at a start). Each check runs in a new interpreter, so no other test has imported a screen before it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

LAZY = """
import json, sys
from companion.ui.app import Router

def screens():
    return sorted(n for n in sys.modules if n.startswith("companion.ui.screens."))

router = Router()
out = {"at_start": screens(), "home": router.resolve("/")[0].__module__, "after_home": screens()}
found = router.resolve("/game/g-7")
out.update(game=[found[0].__module__, found[1]], after_game=screens(), discovered=router.discovered,
           every=sorted(m.__name__ for m in router.routes.values()), every_home=router.resolve("/")[0].__module__,
           rules=router.resolve("/rules")[0].__module__, nowhere=router.resolve("/nowhere"))
print(json.dumps(out))
"""

IN_STEPS = """
import json, sys
from companion.ui.app import Router

def count():
    return sum(1 for n in sys.modules if n.startswith("companion.ui.screens."))

router, queue, grown, ended = Router(), [], [], []
router.discover_in_steps(queue.append, lambda: ended.append(router.discovered))
first = []
while queue:
    before = count()
    queue.pop(0)()
    grown.append(count() - before)
    if len(grown) == 2:
        first = sorted(n for n in sys.modules if n.startswith("companion.ui.screens."))
print(json.dumps({"grown": grown, "ended": ended, "discovered": router.discovered, "total": count(), "first": first}))
"""


def run(script: str) -> dict[str, object]:
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    return dict(json.loads(done.stdout))


def test_home_is_drawn_without_importing_the_other_screens_which_come_with_their_first_route() -> None:
    out = run(LAZY)
    assert out["at_start"] == ["companion.ui.screens.home"] == out["after_home"]
    assert out["home"] == "companion.ui.screens.home"
    assert out["game"] == ["companion.ui.screens.game", {"id": "g-7"}]
    # a game resumed before the other screens came: the game's and the new game's screens, not every one
    assert out["after_game"] == ["companion.ui.screens.game", "companion.ui.screens.home",
                                 "companion.ui.screens.new_game"] and out["discovered"] is False
    # the full table answers as the first screens did, and a real screen still beats the placeholder
    assert out["every_home"] == "companion.ui.screens.home"
    assert out["rules"] == "companion.ui.screens.rules" and out["nowhere"] is None
    assert {"companion.ui.screens.game", "companion.ui.screens.settings"} <= set(out["every"])  # type: ignore[arg-type]


def test_the_other_screens_come_one_module_a_step_and_the_end_is_said_once() -> None:
    out = run(IN_STEPS)
    modules = sorted(p.stem for p in (ROOT / "companion" / "ui" / "screens").glob("*.py") if p.stem != "__init__")
    grown = out["grown"]
    # a step per module named (one may bring another screen it uses: then the later step finds it there), then
    # the table; Home's was imported with the router
    assert isinstance(grown, list) and len(grown) == len(modules) + 1 and grown[-1] == 0
    assert sum(grown) == len(modules) - 1 == out["total"] - 1 and max(grown) <= 2
    assert out["ended"] == [True] and out["discovered"] is True
    assert out["first"] == ["companion.ui.screens.game", "companion.ui.screens.home", "companion.ui.screens.new_game"]
