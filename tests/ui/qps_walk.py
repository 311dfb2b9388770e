"""The pseudo-locale walk's games and its walker: every screen, every step, every dialog it opens.

The games are made with the core's own commands (no taps needed to reach a state): her three
question screens come from a physical deck whose entered cards lead to an Expand, a Strike and a
Predator question (the cards of ``tests/broodmother``'s scenarios), and the trackers' panels from a
competitive game with every module and variant on, a Predators & Prey game and an Antscape game.

``Walker`` reads what a screen reader reads (``SHOWN``: each node's aria-label and own text), once
per scroll step; a dialog is found by its closing button (an identified ``...-cancel`` or
``...-close`` outside the screen's scroll view), read, and closed with it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from playwright.sync_api import Error as PlaywrightError

from companion.core.broodmother.commands import DrawCard, EnterCard
from companion.core.broodmother.meadow_commands import AddHex
from companion.core.chambers.commands import PlayChamber
from companion.core.commands.base import Command
from companion.core.commands.scoring import AdjustScore
from companion.core.commands.turns import NextRound
from companion.core.mutations.commands import DealMutations
from companion.core.predators.commands import ChoosePredators, Summon
from companion.core.setup import GameSetup, PlayerSpec
from companion.store import GameStore
from tests.module_helpers import EVERY_MODULE
from tests.ui.browser import PHONE, SCROLL_AT, TIMEOUT_MS, Ui

SHOWN = """() => {
  const out = [];
  for (const e of document.querySelectorAll('flt-semantics-host *')) {
    const label = e.getAttribute('aria-label');
    if (label) out.push(label);
    if (!/^(FLT-SEMANTICS|SPAN|H[1-6])$/.test(e.tagName)) continue;
    let own = '';
    for (const n of e.childNodes) if (n.nodeType === 3) own += n.textContent;
    if (own.trim()) out.push(own.trim());
  }
  return out;
}"""
"""Texts of the accessibility tree: every element's aria-label (buttons, text fields) and the own text of
nodes, of the ``<span>`` Flutter puts plain texts in, and of headings."""
#: What one step of ``Walker.read`` looks at, in one call into the page: the texts, and where things are drawn.
_VIEW = f"() => ({{texts: ({SHOWN})(), at: ({SCROLL_AT})()}})"
#: How much of the window one of ``Walker.read``'s wheel turns leaves in view again (the app bar and the bottom bar
#: cover about that much).
TURN_OVERLAP = 80
#: The identifier of a dialog's closing button, if a dialog (or sheet) is open.
CLOSER = """() => {
  for (const e of document.querySelectorAll('[flt-semantics-identifier]')) {
    const id = e.getAttribute('flt-semantics-identifier');
    if (/-(cancel|close)$/.test(id) && !e.closest("[flt-semantics-identifier^='screen-']")) return id;
  }
  return null;
}"""

ANA, BO, CY = PlayerSpec("Ana", "red"), PlayerSpec("Bo", "blue"), PlayerSpec("Cy", "black")
SOLO = GameSetup(game="mota", mode="solo", players=(ANA,), expansions=("minions",))
PHYSICAL = GameSetup(game="mota", mode="solo", players=(ANA,), expansions=("minions",), options={"deck": "physical"})
EVERYTHING = GameSetup(
    game="mota", players=(ANA, BO, CY), **EVERY_MODULE)
EVOLVED = GameSetup(game="evolved", players=(ANA, BO), expansions=("predators-and-prey",),
                    modules=("nest-chambers", "large-workers", "pp-predators"))
ANTSCAPE = GameSetup(game="antscape", players=(PlayerSpec("Ana", "blue"), PlayerSpec("Bo", "pink")))
LAST_ROUND = GameSetup(game="mota", players=(ANA, BO))

#: Her questions, each from the cards entered on a physical deck (as in tests/broodmother).
QUESTIONS: dict[str, list[Command]] = {
    "expand": [AddHex(1, "inner", 2), AddHex(2, "inner", 1), EnterCard("evolution", 1), EnterCard("event", 1),
               EnterCard("colony-goal", 2)],
    "strike": [AddHex(12, "outer", 1, nest=True), EnterCard("event", 2)],
    "predator": [AddHex(9, "outer", 0), AddHex(4, "inner", 0), AdjustScore("p1", 10),
                 *[EnterCard("evolution", f) for f in (1, 2, 3, 4, 1, 2)]],
}


#: The walk's game names: proper names, the same in every language (tests/ui/test_i18n_browser.py NAMES).
GAME_NAMES = {"solo": "Solo", "expand": "Alfa", "strike": "Beta", "predator": "Gamma", "everything": "Table",
              "evolved": "Delta", "cards": "Cards", "last": "Omega"}


def prepare_games(db: Path) -> dict[str, str]:
    """Every game the walk opens, by a short name: its id."""
    store = GameStore(db)
    made: dict[str, str] = {}

    def make(key: str, setup: GameSetup, commands: list[Command], seed: int = 2) -> None:
        session = store.create(setup, name=GAME_NAMES[key], seed=seed)
        for command in commands:
            session.execute(command)
        made[key] = session.id

    make("solo", SOLO, [AddHex(4, "inner", 2), AddHex(7, "outer", 3), AddHex(12, "inner", 1), DrawCard()])
    for kind, commands in QUESTIONS.items():
        make(kind, PHYSICAL, commands)
    make("everything", EVERYTHING, [PlayChamber("p1", "Scavenger's Cache", 2), DealMutations(),
                                    ChoosePredators(("ladybug", "praying-mantis")), Summon("ladybug", by="p1")],
         seed=5)
    make("evolved", EVOLVED, [], seed=6)
    make("cards", ANTSCAPE, [])
    make("last", LAST_ROUND, [NextRound(), NextRound(), NextRound()])
    store.close()
    return made


@dataclass
class Walker:
    """One tab walking the app; ``seen`` keeps every text read, by the place it was read."""

    ui: Ui
    seen: dict[str, list[str]] = field(default_factory=dict)
    questions: set[str] = field(default_factory=set)  # the games whose screen showed her question
    #: The window's size while ``visit`` reads a screen, if not the tab's own: a window taller at the same width reads
    #: a screen in fewer wheel turns, each a settle; everything else (dialogs, the wizard's taps) is done at the tab's
    #: size, as each frame of a tall window costs its pixels in chromium's software drawing.
    read_size: dict[str, int] | None = None
    tab_size: dict[str, int] | None = None  # the tab's own size, once a visit has left it for ``read_size``

    def read(self, where: str, scrolls: int = 0) -> list[str]:
        """Read the screen, then up to ``scrolls`` wheel turns further down it: the whole screen, scrolled through,
        up to its end (a turn that moved nothing, ``SCROLL_AT``; the turns after it read the same texts again). A
        turn moves the window's height less ``TURN_OVERLAP`` (700 px on a phone of 780)."""
        view = self.ui.page.evaluate(_VIEW)
        texts: list[str] = view["texts"]
        self.ui.page.mouse.move(180, 400)
        turn = (self.ui.page.viewport_size or PHONE)["height"] - TURN_OVERLAP
        for _ in range(scrolls):
            self.ui.page.mouse.wheel(0, turn)
            self.ui.settled()
            at = view["at"]
            view = self.ui.page.evaluate(_VIEW)
            texts += view["texts"]
            if view["at"] == at:
                break
        self.seen.setdefault(where, []).extend(texts)
        return texts

    def visit(self, path: str, screen: str, scrolls: int = 8, *, then_tab_size: bool = True) -> list[str]:
        """Go to ``path`` (inside the page, as the app's links do: ``Ui.go``) and read it, scrolled through (in a
        window of ``read_size`` if set, then back at the tab's size unless ``then_tab_size`` is false: a screen whose
        dialogs are not opened, the next screen read in the same tall window, saves two resizes and a settle).
        Returns the identifiers in the screen's first view (its top, before the wheel turns)."""
        size = self.ui.page.viewport_size
        if self.read_size and size:
            self.tab_size = self.tab_size or size
            if size != self.read_size:
                self.ui.page.set_viewport_size(self.read_size)  # type: ignore[arg-type]
        try:
            self.ui.go(path, screen)
            self.ui.settled()
            first = self.ui.visible_ids()
            self.read(path, scrolls)
            return first
        finally:
            if self.read_size and self.tab_size and then_tab_size:
                self.ui.page.set_viewport_size(self.tab_size)  # type: ignore[arg-type]
                self.ui.settled()

    def closer(self) -> str | None:
        found: str | None = self.ui.page.evaluate(CLOSER)
        return found

    def dialog(self, where: str, *openers: str) -> None:
        """Tap each opener in turn (a sheet's button may open the next dialog), read each, close the last."""
        for index, opener in enumerate(openers):
            closer = self.open_dialog(where, opener, inside=index > 0)
            self.ui.settled()
            self.read(f"{where} > {opener}")
        self.press(closer)
        self.ui.page.wait_for_function(f"() => !({CLOSER})()", timeout=TIMEOUT_MS)

    def open_dialog(self, where: str, opener: str, inside: bool) -> str:
        """Tap ``opener`` until its dialog is up. The tap itself is checked to have landed on the opener
        (``Ui.tap_steady``), so a dialog that is late is waited for (``TIMEOUT_MS``: on a loaded machine the
        server's answer can take seconds); one tap more only if none came by then, then it is a fault."""
        for attempt in range(2):
            self.press(opener)
            try:
                return self.wait_dialog(opener, inside)
            except PlaywrightError as exc:
                if attempt == 1:
                    raise AssertionError(f"{opener} opened no dialog on {where}") from exc
        raise AssertionError(opener)

    def press(self, identifier: str) -> None:
        """Tap a control: wheel Flutter's own scroll view straight to it (its node is in the tree), then tap it
        where it is drawn once it stands still (``Ui.tap_steady``: a redraw moving it under the click is seen)."""
        ui = self.ui
        nodes = ui.page.locator(f'[flt-semantics-identifier="{identifier}"]')
        if nodes.count() == 0:
            ui.tap(identifier)  # not in the tree yet: the helper's slower search
            return
        node = nodes.first
        box = node.bounding_box()
        if not ui._fixed(node):
            ui.page.mouse.move(180, 400)
            for _ in range(12):
                if box is not None and ui._box_on_screen(box):
                    break
                ui.page.mouse.wheel(0, box["y"] + box["height"] / 2 - 390 if box else 350)
                ui.settled()
                box = node.bounding_box()
        assert box is not None, identifier
        ui._retry(lambda: ui.tap_steady(ui.by_id(identifier), identifier))

    def wait_dialog(self, opener: str, inside: bool) -> str:
        """The closing button of the dialog ``opener`` opened (one inside a dialog goes with its view)."""
        gone = f"""!document.querySelector('[flt-semantics-identifier="{opener}"]')""" if inside else "true"
        found = self.ui.page.wait_for_function(
            f"() => {{ const c = ({CLOSER})(); return c && {gone} ? c : null; }}", timeout=TIMEOUT_MS)
        closer: str = found.json_value()
        return closer

    def dialogs(self, where: str, openers: list[str]) -> None:
        for opener in openers:
            self.dialog(where, opener)
