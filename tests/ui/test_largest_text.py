"""At the largest text size, 360 px wide: no text is cut, no word is broken mid-word, radio rows are 48 px.

Flutter paints text on its canvas, but the accessibility tree it keeps beside it gives each text its
box, and the browser's copy of that text is a ``<span>`` in the browser's own font, stretched to fit
that box (``transform: scale(sx, sy)``). The span's own size is the text laid out on one line, so:

- the box's height says how many lines Flutter gave the text at most: one line of the app's smallest
  text at this size (14 x 1.5 = 21 px) is at least ~25 px high (``MIN_LINE_PX``);
- a text whose words, wrapped at spaces as Flutter wraps them, need more lines than its box has is
  cut; a single word wider than its box has been broken mid-word ("Centipe|des").

``WIDTH`` (Flutter's font is ~0.8-0.9 times as wide per unit of line height as the browser's) is taken
at its lower end, so a reported text is certainly cut. Texts whose box is smaller than one line of the
smallest text are labels that say more than the drawn text (a total "12" read as "Ana: 12 CP") and are
left out, as are texts inside a merged control (a button reads as one node).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser

from companion.core.broodmother import broodmother_view
from companion.core.broodmother.commands import DrawCard, TickStep
from companion.core.broodmother.meadow_commands import AddHex
from companion.core.commands.scoring import AdjustScore
from companion.core.commands.turns import NextRound
from companion.core.i18n import gettext, normalize, using
from companion.core.predators.commands import ChoosePredators, Summon
from companion.core.setup import GameSetup, PlayerSpec
from companion.store import GameStore
from companion.store.settings import SettingsStore, settings_path
from tests.module_helpers import EVERY_MODULE
from tests.ui.browser import ANDROID_UA, TABLET, Server, Ui, new_tab, run_server
from tests.ui.conftest import made_for_this_try
from tests.ui.test_security import LAN, _wait_shared

pytestmark = pytest.mark.browser

PHONE_360 = {"width": 360, "height": 740}
LARGEST = 1.5
SMALLEST_TEXT = 14 * LARGEST
MIN_LINE_PX = SMALLEST_TEXT * 1.2  # the shortest line a text can have (21 px type; ~25-30 px lines)
WIDTH = 0.78
SOLO = GameSetup(game="mota", mode="solo", players=(PlayerSpec("Ana", "red"),), expansions=("minions",))
EVERYTHING = GameSetup(
    game="mota", mode="competitive",
    players=tuple(PlayerSpec(n, c) for n, c in (("Ana", "red"), ("Bo", "blue"), ("Cy", "black"), ("Di", "yellow"))),
    **EVERY_MODULE)

#: Predators, Aphids and Major Workers on, and names too long to sit beside the -/+ buttons at the largest text.
MEADOW = GameSetup(game="mota", mode="competitive",
                   players=tuple(PlayerSpec(n, c) for n, c in (("Alexandrina", "red"), ("Bartholomew", "blue"),
                                                                ("Cy", "black"))),
                   expansions=("minions",), modules=("predators", "aphids", "minions-base"))
LOCALES = ("en-GB", "es-ES")

LONG_NAME = "Saturday rematch with the Fernández-Castellanos cousins"
UNBROKEN_NAME = "Extraordinarilylongunbrokengamename"  # wider than a phone's line at the largest text

#: A number's tile (``controls.stat``): its number a headline over its name, 12 px of padding each side; its words are
#: measured in the app's own font (Flutter's Roboto, served with the app: ``load_tile_font``), the box's own span being
#: one line in the browser's font for the whole label: "Ciempiés" broke mid-word in a third of 360 px unseen by it.
HEADLINE_TEXT = 24 * LARGEST
TILE_PADDING_PX = 24
TILE_FONT = "CompanionRoboto"
# "Centipedes: 3", "Level: 2 / 7", "Plot pile: 4, 2 left"
TILE_LABEL = r"/^(.+): ([+\-]?\d+(?: \/ \d+)?|-)(?:, (.+))?$/"
_TILE_CONSTANTS = (f"const SMALL_PX = {SMALLEST_TEXT}, HEADLINE_PX = {HEADLINE_TEXT}, TILE_FONT = '{TILE_FONT}', "
                   f"TILE_LABEL = {TILE_LABEL};")
# Every text of the accessibility tree (a leaf's span, or a heading): its box, and its one-line size
# and each word's width in the browser's font at the size that element uses.
_TEXTS = "() => {" + _TILE_CONSTANTS + """
  const probe = document.createElement('span');
  probe.style.cssText = 'position:absolute;visibility:hidden;white-space:nowrap;left:0;top:0';
  document.body.appendChild(probe);
  const measure = (text, font) => { probe.style.font = font; probe.textContent = text;
                                    return [probe.offsetWidth, probe.offsetHeight]; };
  // A number's tile (``companion.ui.panels.broodmother.controls.stat``) reads as one text, "Centipedes: 3": its words
  // measured as drawn, in the app's own Roboto (``TILE_FONT``): the name and its detail small, the number a headline.
  const drawn = (word, font) => { probe.style.font = font; probe.textContent = word;
                                  return probe.getBoundingClientRect().width; };
  const tileWords = text => {
    const parts = window.tileFontLoaded && text.match(TILE_LABEL);
    if (!parts) return null;
    const [, name, number, detail] = parts;
    const small = w => [w, drawn(w, `${SMALL_PX}px ${TILE_FONT}`)];
    return [...(name + ' ' + (detail || '')).split(/\\s+/).filter(Boolean).map(small),
            ...number.split(/\\s+/).map(w => [w, drawn(w, `bold ${HEADLINE_PX}px ${TILE_FONT}`)])];
  };
  const texts = [
    ...[...document.querySelectorAll('flt-semantics > span')].map(span => [span.parentElement, span]),
    ...[...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].map(h => [h, h]),
  ];
  const out = texts.flatMap(([box, text]) => {
    const content = text.textContent.trim();
    const r = box.getBoundingClientRect();
    if (!content || r.width === 0 || r.bottom < 0 || r.top > window.innerHeight) return [];
    const font = getComputedStyle(text).font;
    const [nw, nh] = measure(content, font);
    // a zero-width space allows a break too (a path wraps at its folders)
    const words = content.split(/[\\s\\u200b]+/).filter(Boolean).map(word => [word, measure(word, font)[0]]);
    const space = measure('a a', font)[0] - measure('aa', font)[0];
    const id = box.getAttribute('flt-semantics-identifier');
    const tile = id && id.startsWith('bm-') ? tileWords(content) : null;
    // a stepper's value, drawn "2" and read "Players: 2" (its buttons are id-minus and id-plus)
    const stepper = !!id && !!document.querySelector(`[flt-semantics-identifier="${id}-plus"]`);
    return [{text: content, id, w: r.width, h: r.height, nw, nh, words, space, stepper, tile}];
  });
  probe.remove();
  return out;
}"""
# Each text field on screen (its name, its box), the texts saying exactly its name (its label drawn above it) and
# the buttons drawn over it (a dialog's actions over its last field when the dialog does not scroll).
_FIELDS = """() => {
  const box = e => { const r = e.getBoundingClientRect(); return {x: r.x, y: r.y, w: r.width, h: r.height}; };
  const spans = [...document.querySelectorAll('flt-semantics > span')];
  const buttons = [...document.querySelectorAll('flt-semantics[role="button"]')].map(b => [b.getAttribute('aria-label')
                                                                                           || b.textContent, box(b)]);
  const apart = (a, b) => Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x) < 4
                          || Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y) < 4;
  return [...document.querySelectorAll('flt-semantics input, flt-semantics textarea')].flatMap(input => {
    const name = (input.getAttribute('aria-label') || '').trim();
    const field = box(input.parentElement);
    if (!name || field.w === 0) return [];
    const labels = spans.filter(s => s.textContent.trim() === name).map(s => box(s.parentElement));
    const over = buttons.filter(([, b]) => !apart(b, field)).map(([said]) => said);
    return [{name, field, labels, over, top: field.y, height: window.innerHeight}];
  });
}"""
#: What one scroll step of ``screen_faults`` measures, in one call into the page: the texts, the fields, and the
#: screen's first words with their heights (unchanged by a wheel turn: the screen's end).
_IN_VIEW = f"""() => ({{texts: ({_TEXTS})(), fields: ({_FIELDS})(),
  marker: [...document.querySelectorAll('flt-semantics span')].slice(0, 40)
          .map(s => s.textContent + Math.round(s.getBoundingClientRect().top)).join('|')}})"""
#: One line of a field's label at the largest text (the app's label size, 16 px x 1.5, is ~28 px high); the label
#: Flutter draws inside the field stayed at 12-16 px whatever the text size.
LABEL_LINE_PX = 16 * LARGEST * 1.1
#: A field under the app bar is measured once scrolled lower.
TOP_MARGIN_PX = 56
# Texts drawn shorter than what they say (a history line "R1 +3 (3)" read as "By round: round 1 +3, total 3").
# bm-odds: "Next: Spawn 38% ..." read as every card's odds; tally-total: "0" read as "Total: 0".
LABELS = ("history-", "phase-track", "bm-odds", "tally-total")


def wrapped_lines(words: list[float], space: float, width: float) -> int:
    """How many lines words of these widths take when wrapped at spaces into ``width`` (as Flutter wraps)."""
    lines, used = 1, 0.0
    for word in words:
        if used and used + space + word > width:
            lines, used = lines + 1, word
        else:
            used += (space if used else 0.0) + word
    return lines


def faults(node: dict[str, Any]) -> list[str]:
    """What is wrong with one text's box: cut, or a word broken; nothing for a text that fits."""
    if (node["h"] < MIN_LINE_PX * 0.95 or node["w"] < 4 or str(node["id"] or "").startswith(LABELS)
            or node.get("stepper")):
        return []  # a label saying more than the text drawn (or an empty box): not a text to measure
    if node.get("tile"):
        return tile_faults(node)
    lines = max(1, int(node["h"] / MIN_LINE_PX + 0.05))  # the most lines this box can hold (the kindest reading)
    scale = node["h"] / lines / max(node["nh"], 1)  # one of Flutter's lines, in the browser font's lines
    found = []
    if wrapped_lines([w * scale * WIDTH for _, w in node["words"]], node["space"] * scale * WIDTH,
                     node["w"] * 1.02) > lines:
        found.append(f"cut: {node['text']!r} does not wrap into {lines} line(s) of {node['w']:.0f} px "
                     f"(its box: {node['w']:.0f} x {node['h']:.0f})")
    one_line = node["h"] / max(node["nh"], 1)  # a word is measured at the largest size the box allows
    for word, width in node["words"]:
        if len(word) > 3 and width * (one_line if lines == 1 else scale) * WIDTH > node["w"] * 1.02:
            found.append(f"broken mid-word: {word!r} in {node['text']!r} ({node['w']:.0f} px wide)")
    return found


def tile_faults(node: dict[str, Any]) -> list[str]:
    """A number's tile (``TILE_LABEL``) grows in height to hold its name on more lines, so nothing in it is cut; but a
    word wider than the tile's inside is broken mid-word ("Ciempi / és")."""
    inside = node["w"] - TILE_PADDING_PX
    return [f"broken mid-word: {word!r} ({width:.0f} px) in the tile {node['text']!r} ({inside:.0f} px inside)"
            for word, width in node["tile"] if width > inside + 1]


def load_tile_font(ui: Ui) -> None:
    """The app's Roboto, from the app's own server, as ``TILE_FONT``: a tile's words are measured in it."""
    ui.page.evaluate(f"""async () => {{ if (window.tileFontLoaded) return;
        const font = new FontFace('{TILE_FONT}', 'url(assets/fonts/roboto.woff2)');
        document.fonts.add(await font.load()); window.tileFontLoaded = true; }}""")


def field_faults(field: dict[str, Any]) -> list[str]:
    """What is wrong with one text field: a button drawn over it, or its label: none drawn (a label Flutter draws
    inside the field is in its name only, not a text of its own), drawn beside or under the field rather than above
    it, or no larger than the default size's."""
    name, box = field["name"], field["field"]
    above = [label for label in field["labels"] if label["y"] + label["h"] <= box["y"] + 2
             and box["x"] - 2 <= label["x"] < box["x"] + box["w"] and box["y"] - label["y"] - label["h"] < 40]
    if not field["labels"]:
        return [f"field {name!r}: no label drawn with its words"]
    if not above:
        return [f"field {name!r}: its label is not above it: {field['labels']} vs {box}"]
    if field["over"]:
        return [f"field {name!r}: drawn under {field['over']}"]
    if max(label["h"] for label in above) < LABEL_LINE_PX:
        return [f"field {name!r}: its label does not grow with the text ({above[0]['h']:.0f} px high)"]
    return []


def fields_measured(in_view: list[dict[str, Any]], seen: dict[str, list[str]]) -> None:
    """Each text field in view (``_FIELDS``) measured into ``seen``: whole once is enough (at the screen's top edge
    its label may be half under the app bar, and the screen scrolls on)."""
    for field in in_view:
        if TOP_MARGIN_PX <= field["top"] <= field["height"] - 40:
            faults = field_faults(field)
            if not faults or seen.get(field["name"]) != []:
                seen[field["name"]] = faults
        else:
            seen.setdefault(field["name"], [f"field {field['name']!r}: never in view whole to measure"])


def still_cut(ui: Ui, ident: str) -> bool:
    """Whether the text ``ident`` is still at fault once scrolled whole into view: a text half under the bottom bar
    or the app bar has its box clipped by the scroll view, which reads as a cut that is not there."""
    ui.show(ident)
    size = ui.page.viewport_size or PHONE_360
    for _ in range(2):  # where "show" left it, then a quarter screen on: "on screen" may be an edge under a bar
        ui.settled(quiet_ms=400)  # the accessibility tree's boxes follow the scroll a moment after it ends
        if not _measured_cut(ui, ident):
            return False
        ui.page.mouse.wheel(0, size["height"] * 0.25)
    return _cut_when_laid_out_again(ui, ident, size)


def _measured_cut(ui: Ui, ident: str) -> bool:
    return any(faults(node) for node in ui.page.evaluate(_TEXTS) if node["id"] == ident)


def _cut_when_laid_out_again(ui: Ui, ident: str, size: Any) -> bool:
    """Flutter 3.44's accessibility tree can keep a text's box as clipped when it crossed the list's edge, while the
    panel around it fills the screen (docs/developing.md, "Tests and tiers"): the text is drawn whole, its box is
    stale. A window one pixel taller, at the same width (so the same wrapping and nearly the same screen), lays the
    screen out again and the box is measured afresh."""
    ui.page.set_viewport_size({"width": size["width"], "height": size["height"] + 1})
    try:
        ui.show(ident)
        ui.settled(quiet_ms=400)
        return _measured_cut(ui, ident)
    finally:
        ui.page.set_viewport_size(size)
        ui.settled(quiet_ms=400)


def screen_faults(ui: Ui, name: str, step: float = 0.4, at: float = 0.5, *, grown: bool = True) -> list[str]:
    """Every fault on the whole screen, scrolled through with the mouse wheel (off-screen nodes may be absent): texts
    cut or broken, and text fields whose label is not above them at the largest size. A text seen whole at one
    place is whole: at the screen's edge the scrolling view clips its box, which reads as a cut that is not there
    (a text with an identifier never seen whole is scrolled into view to be sure, once the walk is over: most seen
    at an edge are whole a step later; one without is looked at as the screen scrolls).

    ``grown``: a screen (not a dialog) longer than a view is walked on, after its first wheel turn, in a window
    ``GROWN_HEIGHT`` px high at the same width (``GROWN_HEIGHT`` says why), and is back at the window's size for its
    suspects. A dialog's layout follows the window's height (its scrolling part is what is left above its buttons),
    so a dialog is walked at the window's size."""
    found: dict[str, list[str]] = {}
    suspects: dict[str, str] = {}  # a text at fault with an identifier: its identifier, to be looked at again
    whole: set[str] = set()
    fields: dict[str, list[str]] = {}
    size = ui.page.viewport_size or PHONE_360
    load_tile_font(ui)
    ui.settled()  # a field's autofocus scrolls its dialog to it: then back to the top (a tap below may have
    # scrolled a screen too), the wheel turned over the screen's upper part: over a focused field the browser's own
    # input box takes it
    ui.page.mouse.move(size["width"] / 2, size["height"] * 0.2)
    ui.page.mouse.wheel(0, -20 * size["height"])
    ui.shot(f"largest-text-{name}-top")  # to be looked at: the screen's first view, and (below) its last
    ui.page.mouse.move(size["width"] / 2, size["height"] * at)
    walked = size
    last = None
    try:
        for turn in range(60):
            if turn:  # the first view was settled for its shot
                ui.settled()
            view = ui.page.evaluate(_IN_VIEW)
            texts_measured(view["texts"], found, suspects, whole)
            fields_measured(view["fields"], fields)
            if view["marker"] == last:
                break
            last = view["marker"]
            if turn == 1 and grown:  # longer than a view: walked on in the grown window
                walked = grown_size(size)
                ui.page.set_viewport_size(walked)  # type: ignore[arg-type]
                ui.page.mouse.move(walked["width"] / 2, walked["height"] * at)
                last = None  # the same first words, lower texts: measured at the next turn, not taken for the end
                continue
            ui.page.mouse.wheel(0, walked["height"] * (GROWN_STEP if walked is not size else step))
    finally:
        if walked is not size:  # back at the phone's size, at the screen's end
            ui.page.set_viewport_size(size)  # type: ignore[arg-type]
            ui.page.mouse.move(size["width"] / 2, size["height"] * at)
            ui.page.mouse.wheel(0, walked["height"])
            ui.settled()
    ui.shot(f"largest-text-{name}", settle=False)  # its last view, as the phone shows it: settled just above, or at
    # the last turn, which moved nothing
    cut = [fault for text, wrong in found.items()
           if text not in whole and (text not in suspects or still_cut(ui, suspects[text])) for fault in wrong]
    return cut + [fault for wrong in fields.values() for fault in wrong]


#: The height of the window a screen is walked in (``screen_faults``): five phone screens. A screen's texts wrap at
#: its width alone (its parts are the items of one scrolling list; the server draws by the width only), so at the same
#: width every text is laid out as on the phone, and a turn reads five screens: the game with every module took 63
#: wheel turns at 740 px, each a settle of at least ``QUIET_MS`` (25 settles grown to three screens, 17 to five).
GROWN_HEIGHT = 5 * PHONE_360["height"]
#: A grown walk's wheel turn, as a share of ``GROWN_HEIGHT``: a text up to about 1,300 px high (some 45 lines at the
#: largest text; 300 px at the phone's 0.4 of 740) is seen whole at one turn or another; a taller one is a suspect,
#: scrolled into view and measured at the phone's size (``still_cut``).
GROWN_STEP = 0.6


def grown_size(size: Any) -> dict[str, int]:
    """``size`` made ``GROWN_HEIGHT`` high (never lower than it was)."""
    return {"width": size["width"], "height": max(size["height"], GROWN_HEIGHT)}


def texts_measured(nodes: list[dict[str, Any]], found: dict[str, list[str]], suspects: dict[str, str],
                   whole: set[str]) -> None:
    """Each text in view (``_TEXTS``) measured: into ``whole`` if it fits, else its faults into ``found`` and, if it
    has an identifier to scroll it whole into view by, into ``suspects`` (one without is not looked at again)."""
    for node in nodes:
        wrong = faults(node)
        if not wrong:
            whole.add(node["text"])
        elif node["text"] not in found or not node["id"]:
            found[node["text"]] = wrong
            if node["id"]:
                suspects[node["text"]] = node["id"]
            else:
                suspects.pop(node["text"], None)


def switch_rows(ui: Ui) -> list[list[Any]]:
    """Each switch row's label and its tallest height seen: a row at the screen's bottom edge is clipped by the
    scrolling view (its node shows only what is visible), so the screen is scrolled once and measured again."""
    seen: dict[str, float] = {}
    size = ui.page.viewport_size or PHONE_360
    for _ in range(2):
        ui.settled()
        for label, height in ui.page.locator("[role='switch']").evaluate_all(
                "els => els.map(e => [e.getAttribute('aria-label'), e.getBoundingClientRect().height])"):
            seen[label] = max(seen.get(label, 0.0), height)
        ui.page.mouse.move(size["width"] / 2, size["height"] / 2)
        ui.page.mouse.wheel(0, size["height"] * 0.4)
    return [[label, height] for label, height in seen.items()]


def radio_rows(ui: Ui) -> list[tuple[str, float]]:
    return [(label, height) for label, height in ui.page.locator("[role='radio']").evaluate_all(
        "els => els.map(e => [e.getAttribute('aria-label') || e.textContent, e.getBoundingClientRect().height])")]


@pytest.fixture(scope="module")
def largest(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, dict[str, str]]]:
    """A server whose settings say the largest text, with the games its tests only look at: a solo game, a game with
    every module, and two with long names (the meadow game, which a test plays on, is made for each try: ``meadow``).
    """
    db: Path = tmp_path_factory.mktemp("largest-text") / "games.json"
    store = GameStore(db)
    solo = store.create(SOLO, seed=2)  # named as the app names a game: "Solo · 1 Dec"
    for number, zone, sites in ((4, "inner", 2), (7, "outer", 3), (12, "inner", 1)):
        solo.execute(AddHex(number, zone, sites))
    table = store.create(EVERYTHING, seed=3)
    her = played_against_her(store)
    long = store.create(SOLO, name=LONG_NAME, seed=5)
    unbroken = store.create(SOLO, name=UNBROKEN_NAME, seed=6)
    for gains in ((3, 12, 0, 1), (5, 10, 2, 0)):  # two rounds played: each standing has rounds to show
        for pid, gain in zip(("p1", "p2", "p3", "p4"), gains, strict=True):
            if gain:
                table.execute(AdjustScore(pid, gain))
        table.execute(NextRound())
    games = {"solo": solo.id, "her": her, "table": table.id, "long": long.id, "unbroken": unbroken.id}
    SettingsStore(settings_path(store.path)).update(text_scale=LARGEST)
    store.close()
    with run_server(db) as srv:
        yield srv, games


def played_against_her(store: GameStore) -> str:
    """A solo game past its setup, three of her cards drawn (the third asks her question): her tiles (points, lead,
    level, plot pile, nymphs) and her draw's instructions on screen, which a game in its setup does not show."""
    game = store.create(SOLO, seed=2)
    for step in broodmother_view(game.state, game.content)["checklist"]:
        game.execute(TickStep(step["id"], True))
    for number, zone, sites in ((4, "inner", 2), (7, "outer", 3), (12, "inner", 1)):
        game.execute(AddHex(number, zone, sites))
    for _ in range(3):
        game.execute(DrawCard())
    return game.id


@pytest.fixture
def meadow(largest: tuple[Server, dict[str, str]], locale: str) -> str:
    """The meadow game for each try of a test in its language (a rerun starts before the first try's battle), named
    as the app names a game in that language ("Competitivo · 4 dic")."""

    def make(store: GameStore) -> str:
        with using(locale):
            game = store.create(MEADOW, seed=4)
        game.execute(ChoosePredators(("praying-mantis", "ladybug")))
        game.execute(Summon("praying-mantis", 4, "p1"))  # the Ladybug stays to be summoned
        return game.id

    return made_for_this_try(largest[0], make)


@pytest.fixture
def ui(browser: Browser, largest: tuple[Server, dict[str, str]]) -> Iterator[Ui]:
    tab = new_tab(browser, largest[0].url, PHONE_360)
    yield tab
    tab.close()


def test_home_settings_the_wizard_and_the_other_screens_fit_at_the_largest_text(ui: Ui) -> None:
    """Every screen outside a game, one tab going from one to the next (a tab's start costs seconds of CPU): Home,
    Settings, the wizard's five steps, the calculators, the rules, a rule's entry and the records."""
    ui.open("/", "home")
    assert screen_faults(ui, "home") == []
    ui.go("/settings", "settings")  # as the app's links go (``Ui.go``): no page load between the screens
    rows = radio_rows(ui)
    # theme 3, text size 4, language 2, an early end's winners 2
    assert len(rows) == 11 and all(height >= 47.5 for _, height in rows), rows
    assert screen_faults(ui, "settings") == []
    switches = switch_rows(ui)
    assert [name for name, _ in switches] == ["Ask before deleting or finishing a game", "Keep the screen awake",
                                              "Cue on her card", "With a sound"]
    assert all(height >= 47.5 for _, height in switches), switches
    assert switches[0][1] > 70  # its label takes two lines instead of being cut at the edge

    ui.go("/new", "new-game")
    rows = radio_rows(ui)
    evolved = next(height for label, height in rows if label.startswith("March of the Ants: Evolved"))
    assert all(height >= 47.5 for _, height in rows) and evolved > 70, rows  # two lines, all of it shown
    ui.tap("game-evolved")
    ui.page.wait_for_function(
        "() => document.querySelector('[flt-semantics-identifier=\"game-evolved\"] [role=radio]')"
        "?.getAttribute('aria-checked') === 'true'")  # a tap anywhere on the row chooses it
    assert screen_faults(ui, "wizard-game") == []
    ui.past_tap_window()  # a second tap on Next within 0.4 s is ignored
    ui.tap("wizard-next")
    ui.expect_label("wizard-step", "Step 2 of 5: Expansions, modules and variants")
    assert screen_faults(ui, "wizard-options") == []
    ui.past_tap_window()
    ui.tap("wizard-next")
    ui.expect_label("wizard-step", "Step 3 of 5: Mode")
    assert all(height >= 47.5 for _, height in radio_rows(ui)), radio_rows(ui)
    assert screen_faults(ui, "wizard-mode") == []
    wizard_players_and_setup_fit(ui)
    found = {}
    for route, screen in OTHER_SCREENS:  # each looked at whole before one fails the test
        ui.go(route, screen)
        found[screen] = screen_faults(ui, screen)
    assert found == {screen: [] for _, screen in OTHER_SCREENS}, found


def every_module_fits(ui: Ui) -> None:
    """The game with every module, on screen: the points by round, then every text and field of it."""
    # The points by round are drawn shorter than they are heard, so the check above leaves them out: each takes
    # the rounds that fit one line of its own under the standing, so its box is one line high and on screen.
    for pid in ("p1", "p2", "p3", "p4"):
        ui.show(f"history-{pid}")
        box = ui.by_id(f"history-{pid}").bounding_box()
        assert box is not None and box["height"] < MIN_LINE_PX * 1.6 and box["x"] + box["width"] <= 360, (pid, box)
        assert box["width"] > 80, (pid, box)  # a whole round ("R3 +5 (22)" at 21 px), not "R3 ..." beside the name
        assert ui.label(f"history-{pid}").startswith("By round: round 1")
    assert screen_faults(ui, "game-every-module") == []


def test_the_measure_finds_a_cut_text_and_a_broken_word() -> None:
    """The check itself, on boxes as the browser reports them (the span is 18 px high at 16 px)."""
    words = [["Ask", 28.0], ["before", 48.0], ["deleting", 60.0], ["or", 15.0], ["finishing", 62.0], ["a", 9.0],
             ["game", 40.0]]
    one_line = {"text": "Ask before deleting or finishing a game", "id": None, "w": 280.0, "h": 34.0, "nw": 290.0,
                "nh": 18.0, "words": words, "space": 4.4}
    assert faults(one_line) and faults(one_line)[0].startswith("cut:")  # needs ~430 px on its one line
    assert faults({**one_line, "h": 68.0}) == []  # the same text on two lines fits
    broken = {"text": "Centipedes", "id": None, "w": 90.0, "h": 68.0, "nw": 80.0, "nh": 18.0,
              "words": [["Centipedes", 80.0]], "space": 4.4}
    assert any(f.startswith("broken mid-word: 'Centipedes'") for f in faults(broken))
    assert faults({**broken, "w": 150.0, "h": 34.0}) == []
    assert faults({**one_line, "id": "history-p1"}) == []  # a label that says more than the text drawn


def test_the_measure_finds_a_label_inside_its_field_not_grown_or_covered() -> None:
    """The field check itself, on boxes as the browser reports them at the largest text."""
    box = {"x": 12.0, "y": 226.0, "w": 300.0, "h": 76.0}
    above = {"x": 12.0, "y": 188.0, "w": 305.0, "h": 34.0}  # 24 px type on one line, 4 px over the field
    fine = {"name": "Your name", "field": box, "labels": [above], "over": []}
    assert field_faults(fine) == []
    assert "no label drawn" in field_faults({**fine, "labels": []})[0]  # Flutter's own label: in the name only
    assert "not above it" in field_faults({**fine, "labels": [{**above, "y": 240.0}]})[0]  # inside the border
    assert "does not grow" in field_faults({**fine, "labels": [{**above, "y": 200.0, "h": 22.0}]})[0]  # 16 px
    assert "drawn under ['Cancel']" in field_faults({**fine, "over": ["Cancel"]})[0]


#: The screens outside a game with no steps of their own: their route and screen.
OTHER_SCREENS = (("/calculators", "calculators"), ("/rules", "rules"), ("/records", "records"),
                 ("/rules/mm-clar-ladybug", "rule-entry"))


def wizard_players_and_setup_fit(ui: Ui) -> None:
    """The wizard's last two steps for March of the Ants (its players' names and colours, its setup), from its
    third step: back to the first (the tab keeps the wizard's draft, so opened again it would show the third)."""
    for step in (2, 1):
        ui.past_tap_window()
        ui.tap("wizard-back")
        ui.expect_label("wizard-step", re.compile(f"Step {step} of 5"))
    ui.tap("game-mota")
    for step, title in ((2, "Expansions"), (3, "Mode"), (4, "Players")):
        ui.past_tap_window()
        ui.tap("wizard-next")
        ui.expect_label("wizard-step", re.compile(f"Step {step} of 5: {title}"))
    found = screen_faults(ui, "wizard-players")
    assert found == [], found
    ui.past_tap_window()
    ui.tap("wizard-next")
    ui.expect_label("wizard-step", re.compile("Step 5 of 5: Setup"))
    assert screen_faults(ui, "wizard-setup") == []


#: Home's widths, each with what it checks: the tiles on a phone (one word each), the saved games' rows at all three;
#: the phone's 360 px last (the rename dialog opened there next is measured at it).
HOME_WIDTHS = {"en-GB": (TABLET["width"], 320, 360), "es-ES": (360,)}


def home_fits_at_widths(ui: Ui, locale: str, games: dict[str, str]) -> None:
    """Home at each width of ``HOME_WIDTHS``, the tab resized from one to the next (as a phone turned, or a window
    narrowed): its tiles on a phone (``tiles_whole``) and, in English, its saved games' rows (``rows_placed``)."""
    for width in HOME_WIDTHS[locale]:
        at_width(ui, width)
        if width < TABLET["width"]:
            tiles_whole(ui, locale, width)
        if locale == "en-GB":
            rows_placed(ui, games, width)


def at_width(ui: Ui, width: int) -> None:
    """The tab made ``width`` px wide, and Home laid out again at that width (its tiles within it; across the
    tablet's width the server draws the screen again, which ``rows_placed`` waits for)."""
    ui.page.set_viewport_size({**PHONE_360, "width": width})
    ui.until(lambda: 0 < (ui.by_id("screen-home").bounding_box() or {"width": 0})["width"] <= width,
             f"Home laid out at {width} px")
    ui.settled()


def tiles_whole(ui: Ui, locale: str, width: int) -> None:
    """A tile's label is one word: drawn whole it takes one line, so the four tiles of the 2 x 2 grid are
    as tall as one another ("Calculators" broken mid-word made its tile a line taller). A tile is a button
    (one node, no text of its own in the tree), so its box is what tells."""
    ui.show("open-rules")
    heights = {t: ui.by_id(f"open-{t}").bounding_box()["height"]  # type: ignore[index]
               for t in ("rules", "calculators", "settings", "records")}
    ui.shot(f"largest-text-home-tiles-{locale}-{width}")
    assert max(heights.values()) - min(heights.values()) < 10, (width, heights)  # a second line adds ~30 px


def rows_placed(ui: Ui, games: dict[str, str], width: int) -> None:
    """A saved game's row is one button (its texts are not in the tree to measure), so its layout tells: on a
    phone its name and details take the card's whole width, the buttons below them (beside them they had a
    third of it, and "Castellanos", "Broodmother" and "Bartholomew" broke mid-word); on a tablet they sit
    beside (once the server has drawn the screen again for that width). A name with a word wider than a line is
    drawn on one line ending in "..." and heard whole."""
    for key in ("long", "unbroken"):
        game_id = games[key]
        ui.show(f"more-{game_id}")

        def below(game_id: str = game_id) -> bool:
            resume, more = (ui.by_id(f"{part}-{game_id}").bounding_box() for part in ("resume", "more"))
            assert resume is not None and more is not None
            return bool(more["y"] >= resume["y"] + resume["height"] - 1)

        ui.until(lambda: below() == (width < TABLET["width"]), f"{key}'s buttons {'below' if width < 800 else 'beside'}"
                 f" its name at {width} px")
    ui.shot(f"largest-text-home-rows-{width}")
    assert ui.label(f"resume-{games['unbroken']}").startswith(f"Resume {UNBROKEN_NAME}.")


@pytest.fixture(scope="module")
def shared_largest(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A shared table (``companion --share``) at the largest text: the address a guest's phone opens."""
    db: Path = tmp_path_factory.mktemp("largest-join") / "games.json"
    store = GameStore(db)
    store.create(SOLO, seed=7)
    SettingsStore(settings_path(store.path)).update(text_scale=LARGEST)
    store.close()
    with run_server(db, command=[sys.executable, "-m", "companion", "--share", "--share-address", LAN]) as srv:
        yield f"http://{LAN}:{_wait_shared(srv)}"


@pytest.mark.parametrize(("locale", "width"), [("en-GB", 360), ("es-ES", 320)])
def test_the_join_page_fits_at_the_largest_text(browser: Browser, shared_largest: str, locale: str,
                                                width: int) -> None:
    """A guest's first screen, and the same with a refused code's sentence under the fields."""
    ui = new_tab(browser, shared_largest, {**PHONE_360, "width": width}, locale=locale)
    try:
        ui.open("/", "join")
        assert screen_faults(ui, f"join-{locale}-{width}") == []
        ui.page.locator("input").first.fill("12")  # a code no table has
        ui.page.locator("input").nth(1).fill("Bartholomew")
        ui.tap("join-submit")
        ui.expect_text("join-problem", re.compile(r"\w"))
        assert screen_faults(ui, f"join-refused-{locale}-{width}") == []
    finally:
        ui.close()


def _boxes_apart(first: Any, second: Any, gap: float) -> bool:
    """Whether two boxes leave at least ``gap`` px between them, side by side or one above the other."""
    return (second["y"] >= first["y"] + first["height"] + gap or first["y"] >= second["y"] + second["height"] + gap
            or second["x"] >= first["x"] + first["width"] + gap or first["x"] >= second["x"] + second["width"] + gap)


def _long_name_wraps(ui: Ui, label: str) -> None:
    """A game name of the most characters wraps onto more lines, so all of it can be read while it is typed (on
    one line it scrolled sideways, its start out of sight)."""
    box = ui.page.get_by_role("textbox", name=label, exact=True)
    short = box.bounding_box()
    # pasted, one input (the wrap rests on the text in the field, not on how it came; key by key it was 57 inputs,
    # each a redraw at the largest text: typing is checked in test_type_into.py and test_rules_screen.py)
    ui.type_into(label, "Alexandrina and Bartholomew against the Broodmother again", paste=True)
    assert short is not None
    ui.until(lambda: (box.bounding_box() or short)["height"] >= short["height"] + 2 * SMALLEST_TEXT,
             f"the long name on two more lines than {short}")


def _dialog_fits(ui: Ui, name: str, identifier: str) -> None:
    """A dialog's scrolling part may be a few lines high (at the largest text its buttons take most of a phone's
    height), so it is walked in short steps with the wheel over its upper part (over the buttons the wheel
    scrolls nothing): a label and its field are seen whole together at one of them."""
    ui.find(identifier)
    found = screen_faults(ui, name, step=0.05, at=0.25, grown=False)
    assert found == [], found


def meadow_fits(ui: Ui, meadow: str, locale: str) -> None:
    """Predators, Aphids and Major Workers on, names too long to sit beside the buttons, and the dialogs of a
    battle and of a summons. A button's face is not in the accessibility tree (the button reads as one node), so
    its box tells: "Alexandrina battles the Praying Mantis" takes two lines whole (it was one line, cut)."""
    lang = normalize(locale)
    ui.go(f"/game/{meadow}", "game")
    found = screen_faults(ui, f"game-meadow-{locale}")
    assert found == [], found
    battle = "predators-praying-mantis-battle-p1"
    ui.show(battle)
    box = ui.by_id(battle).bounding_box()
    assert box is not None and box["height"] > 2 * SMALLEST_TEXT and box["x"] + box["width"] <= 360, box
    ui.tap(battle)  # its tier's cards are not typed: a dialog asks how many it discards
    _dialog_fits(ui, f"dialog-battle-cards-{locale}", "predators-cards-dialog-save")
    ui.type_into(gettext("Cards it discards for its Army Strength", lang), "1")
    ui.tap("predators-cards-dialog-save")
    ui.show("predators-battle-reveal-2")
    ui.tap("predators-battle-reveal-2")  # its Ferocity card, then the player's Army Strength
    ui.show("predators-battle-finish")
    ui.tap("predators-battle-finish")
    _dialog_fits(ui, f"dialog-battle-strength-{locale}", "predators-strength-dialog-tie-player")
    ties = [ui.by_id(f"predators-strength-dialog-tie-{side}").bounding_box() for side in ("player", "predator")]
    assert ties[0] is not None and ties[1] is not None and _boxes_apart(ties[0], ties[1], 4), ties
    ui.tap("predators-strength-dialog-cancel")
    undo = ui.by_id("undo").bounding_box()  # "Praying Mantis discards card 1 of 1: Ferocity 2" on its lines
    assert undo is not None and undo["height"] > 90, undo
    ui.tap("predators-battle-cancel")
    ui.show("predators-summon-ladybug")
    ui.tap("predators-summon-ladybug")
    _dialog_fits(ui, f"dialog-summon-{locale}", "predators-summon-dialog-save")
    ui.tap("predators-summon-dialog-cancel")
    ui.by_id("predators-summon-dialog-save").wait_for(state="detached")


@pytest.mark.parametrize("locale", LOCALES)
def test_the_games_home_and_the_dialogs_with_fields_fit_at_the_largest_text(
        browser: Browser, largest: tuple[Server, dict[str, str]], meadow: str, locale: str) -> None:
    """One tab in the locale, each screen reached once (a tab's start costs seconds of CPU; ``Ui.go`` a third of
    it): the solo game's screen (``solo_game_fits``; in English against an Android phone's, ``plain_buttons_grow``);
    in Spanish, a solo game past its setup with her question open (``played_against_her``: her tiles, her draw);
    the meadow game and its battle's and summons' dialogs
    (``meadow_fits``, in this test since 2026-12-06: its own test opened a tab for it); the game with every module
    (in English, ``every_module_fits``) and its dialogs that ask for typed words - a new total, an aphid hex, a
    decree typed from its card - then Home at its widths (``home_fits_at_widths``) and its rename dialog:
    each label whole above its field and grown with the text (Flutter's own ran across the field's border and stayed
    at 12-16 px)."""
    ui = new_tab(browser, largest[0].url, PHONE_360, locale=locale)
    game_id = largest[1]["table"]
    try:
        computer: dict[str | None, float] = {}
        solo_game_fits(ui, largest[1]["solo"], locale, computer if locale == "en-GB" else None)
        if locale == "en-GB":  # an Android phone's plain buttons against this computer's
            plain_buttons_grow(browser, largest, computer, locale)
        if locale == "es-ES":  # her tiles' Spanish names are the longer ("Ciempiés", "Fichas de Iniciativa")
            ui.go(f"/game/{largest[1]['her']}", "game")
            found = screen_faults(ui, f"game-her-{locale}")
            assert found == [], found
        meadow_fits(ui, meadow, locale)
        ui.go(f"/game/{game_id}", "game")
        if locale == "en-GB":
            every_module_fits(ui)
        for opener, shown in (("total-p1", "total"), ("aphids-add", "aphids-add"), ("decree-custom", "decree-custom")):
            ui.show(opener)
            ui.tap(opener)
            _dialog_fits(ui, f"dialog-{opener}-{locale}", f"{shown}-save")
            ui.tap(f"{shown}-cancel")
            ui.by_id(f"{shown}-save").wait_for(state="detached")
        ui.go("/", "home")
        home_fits_at_widths(ui, locale, largest[1])
        ui.show(f"more-{game_id}")
        ui.tap(f"more-{game_id}")
        ui.tap(f"rename-{game_id}")
        _dialog_fits(ui, f"dialog-rename-{locale}", "rename-save")
        _long_name_wraps(ui, gettext("Game name", normalize(locale)))
    finally:
        ui.close()


def solo_game_fits(ui: Ui, game_id: str, locale: str, buttons: dict[str | None, float] | None = None) -> None:
    """The solo game's screen. A button's face is not in the accessibility tree (the button reads as one node), so
    its box tells: the "Start round 2; her Slumber: +0 CP" is whole (her sum with its parts is in her Slumber panel,
    not on Next) and a full touch target. ``buttons``: filled with the first screen's buttons' heights, a computer's
    side of ``plain_buttons_grow``."""
    ui.open(f"/game/{game_id}", "game")
    ui.show("next-round")
    if buttons is not None:
        buttons.update(first_screen_buttons(ui, "computer"))
    label = ui.label("next-round")
    height = ui.by_id("next-round").bounding_box()["height"]  # type: ignore[index]
    start = {"en-GB": "Start round 2; her Slumber", "es-ES": "Empezar la ronda 2"}[locale]
    assert label.startswith(start) and height >= 47.5, (label, height)
    found = screen_faults(ui, f"game-solo-{locale}")
    assert found == [], found
    ui.show("bm-threshold-centipedes")  # her tiles were measured as tiles, in the app's font
    tiles = {node["id"]: node["tile"] for node in ui.page.evaluate(_TEXTS) if node["tile"]}
    assert "bm-threshold-centipedes" in tiles and tiles["bm-threshold-centipedes"][0][1] > 50, tiles


#: The buttons on the window (the list builds parts beyond it too, as far as its scroll place takes it: not compared).
_BUTTONS = """() => Array.from(document.querySelectorAll('[role=button][flt-semantics-identifier]'))
    .map(e => [e.getAttribute('flt-semantics-identifier'), e.getBoundingClientRect()])
    .filter(([, r]) => r.bottom > 0 && r.top < window.innerHeight).map(([i, r]) => [i, r.height])"""


def first_screen_buttons(ui: Ui, device: str) -> dict[str | None, float]:
    """The heights of the buttons on the solo game's first screen, shown down to Next (``ui.show("next-round")``
    just done), shot as ``largest-text-plain-<device>``."""
    ui.settled()
    heights = dict(ui.page.evaluate(_BUTTONS))
    ui.shot(f"largest-text-plain-{device}", settle=False)  # settled above
    return heights


def plain_buttons_grow(browser: Browser, largest: tuple[Server, dict[str, str]], computer: dict[str | None, float],
                       locale: str) -> None:
    """The plain boxes an Android phone draws (``companion.ui.button_box``) hold their faces as Material's buttons do
    (a face is not in the accessibility tree, so its box tells): the solo game's first screen at the largest text,
    each button as tall on the phone as on a computer (within 3 px: Material sets a label's letters a little apart),
    and none under 48 px that a computer draws at 48 or more (the node of her turn's big button is 16 px on both).
    The computer's side is the games' test's own tab (``solo_game_fits``; a test of its own until 2026-12-06, which
    opened a tab for it)."""
    ui = new_tab(browser, largest[0].url, PHONE_360, locale=locale, user_agent=ANDROID_UA)
    try:
        ui.open(f"/game/{largest[1]['solo']}", "game")
        ui.show("next-round")
        phone = first_screen_buttons(ui, "android")
    finally:
        ui.close()
    assert "next-round" in phone and phone.keys() == computer.keys(), (phone, computer)
    assert all(phone[i] >= 47.5 for i in phone if computer[i] >= 47.5), f"{phone} {computer}"
    assert all(abs(phone[i] - computer[i]) <= 3 for i in phone), f"{phone} {computer}"
