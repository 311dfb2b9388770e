"""The Broodmother panels in the real app (Debian's chromium): a solo table runs her from the phone.

Each journey taps what a player taps and checks two things: what the screen says (through
the accessibility tree) and what the app saved (the real TinyDB file). Where a game is
prepared in the store first, a reference game with the same seed receives the same
commands in-process, and the saved ``modules_state.broodmother`` must equal the core's.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser

from companion.core.broodmother.commands import (
    AnswerExpand,
    AnswerPredator,
    CancelReaction,
    DrawCard,
    EnterCard,
    SetDeckMode,
)
from companion.core.broodmother.meadow_commands import AddHex, ChaseNymph, SetSites
from companion.core.commands.base import Command
from companion.core.i18n import render
from companion.core.session import Session
from companion.core.setup import GameSetup, PlayerSpec
from companion.rules.topics import topic
from companion.store import GameStore
from tests.ui.browser import PHONE, TABLET, Server, Ui, new_tab
from tests.ui.conftest import made_for_this_try, module_server, saved_games

pytestmark = pytest.mark.browser

OpenTab = Callable[..., Ui]
SOLO = GameSetup(game="mota", mode="solo", players=(PlayerSpec("Ana", "red"),), expansions=("minions",))
HEXES = ((4, "inner", 2), (7, "outer", 3), (12, "inner", 1))


# -- helpers ---------------------------------------------------------------------------------
def brood(server: Server, game_id: str) -> dict[str, Any]:
    """Her part of the game as saved on disk."""
    state: dict[str, Any] = saved_games(server.db)[game_id]["state"]
    return state["modules_state"]["broodmother"]


class Twin:
    """A game saved for the app to open, and an in-process reference with the same seed and commands."""

    def __init__(self, db: Path, reference_db: Path, seed: int, prepare: list[Command]) -> None:
        store = GameStore(db)
        self.game_id = self._create(store, seed, prepare).id
        store.close()
        self.reference: Session = self._create(GameStore(reference_db), seed, prepare)

    @staticmethod
    def _create(store: GameStore, seed: int, prepare: list[Command]) -> Session:
        session = store.create(SOLO, name="Against the Broodmother", seed=seed)
        for command in prepare:
            session.execute(command)
        return session

    def apply(self, command: Command) -> None:
        self.reference.execute(command)

    def expected(self) -> dict[str, Any]:
        return self.reference.state["modules_state"]["broodmother"]

    def check(self, server: Server) -> None:
        assert brood(server, self.game_id) == self.expected()


def hex_commands() -> list[Command]:
    return [AddHex(n, zone, sites) for n, zone, sites in HEXES]


def five_plots() -> list[Command]:
    """Machinations level 1, one Plot short of level 2 (entered on the physical deck, then back to the virtual)."""
    return [*hex_commands(), SetDeckMode("physical"), *[EnterCard("evolution", 1)] * 5, SetDeckMode("virtual")]


# the games the journeys below start from: a seed and the commands played before the app opens it
PREPARED: dict[str, tuple[int, Callable[[], list[Command]]]] = {
    "turns": (2, hex_commands),  # seed 2 draws Spawn, Spawn, then an Expand
    "physical": (5, five_plots),
    "nest": (3, lambda: [*hex_commands(), AddHex(31, "outer", 2, nest=True)]),
}


prepared = module_server("bm-ui")  # the prepared games' server: each game written into its saves for each try


@pytest.fixture
def prepare(prepared: Server, tmp_path: Path) -> Callable[[str], Twin]:
    """A fresh prepared game and its reference, made for each try of a test: a test run again after a failure
    (``tests/conftest.py``) starts from the game as prepared, not from where its first try left it."""

    def make(name: str) -> Twin:
        seed, commands = PREPARED[name]
        return Twin(prepared.db, tmp_path / f"ref-{name}.json", seed, commands())

    return make


@pytest.fixture
def open_game(browser: Browser, prepared: Server) -> Iterator[Callable[..., Ui]]:
    """Open a prepared game in a new tab (phone-sized unless asked otherwise)."""
    srv = prepared
    opened: list[Ui] = []

    def open_tab(game_id: str, viewport: dict[str, int] = PHONE) -> Ui:
        ui = new_tab(browser, srv.url, viewport)
        opened.append(ui)
        return ui.open(f"/game/{game_id}", "game")

    yield open_tab
    for ui in opened:
        ui.close()


def her_turn(ui: Ui) -> None:
    """Tap Her turn after the window in which a hurried second tap is ignored."""
    ui.past_tap_window()
    ui.tap("bm-her-turn")


def eventually(check: Callable[[], bool], ui: Ui, seconds: float = 10) -> None:
    ui.until(check, "the check", timeout_ms=seconds * 1000)


def to_top(ui: Ui, identifier: str) -> None:
    """Scroll with the wheel until ``identifier``'s top sits just under the app bar (for screenshots)."""
    size = ui.page.viewport_size or {"width": 360, "height": 780}
    ui.page.mouse.move(size["width"] / 2, size["height"] / 2)
    for _ in range(8):
        box = ui.by_id(identifier).bounding_box()
        if box is None or abs(box["y"] - 72) < 8:
            break
        ui.page.mouse.wheel(0, box["y"] - 72)
        ui.settled()


def small_buttons(ui: Ui) -> list[str]:
    """Broodmother buttons on screen smaller than a 48 px touch target."""
    found = ui.page.locator("[flt-semantics-identifier^='bm-'][role='button']")
    boxes = found.evaluate_all("""els => els.map(e => {
        const r = e.getBoundingClientRect();
        return [e.getAttribute('flt-semantics-identifier'), r.width, r.height]; })""")
    return [f"{ident} {w:.0f}x{h:.0f}" for ident, w, h in boxes if w and h and (w < 47.5 or h < 47.5)]


# -- journeys ----------------------------------------------------------------------------------
def test_a_new_solo_game_add_hex_draw_undo(open_game: OpenTab, prepared: Server) -> None:
    """A new solo game: set up the meadow, one tap for her turn, Undo puts the card back. The game is made in the
    server's saves for each try (the wizard's way to a solo game, her difficulty with it, is ``test_ui_journeys``'
    ``test_solo_game_through_the_wizard``: a walk through the wizard costs seconds), on this module's server (the
    session's shared one was started for this test alone when no other module on its worker had)."""
    server = prepared
    game_id = made_for_this_try(server, lambda store: store.create(SOLO, name="Against her").id)
    ui = open_game(game_id)
    ui.expect_label("bm-deck-draw", re.compile(r"^Draw pile: 50 cards"))
    ui.expect_label("bm-her-cp", "Her CP: 0")
    ui.expect_label("bm-initiative", "Initiative Tokens: 2")
    ui.expect_label("bm-threshold-centipedes", "Centipedes: 7")

    # the setup checklist ticks (a command: saved)
    ui.tap("bm-step-hex-deck")
    eventually(lambda: ui.by_id("bm-step-hex-deck").get_attribute("aria-checked") == "true", ui)
    assert brood(server, game_id)["checklist"] == {"hex-deck": True}

    # the ants' Explore (or the starting hexes): the small form
    ui.tap("bm-add-hex")
    ui.type_into("New hex number", "4")
    ui.tap("bm-new-hex-sites-plus")
    ui.expect_label("bm-new-hex-sites", "Free collection sites: 3")
    ui.tap("bm-new-hex-save")
    ui.expect_label("bm-hex-4", re.compile(r"^Hex 4, Inner Meadow: 0 nymphs, 3 free collection sites"))
    ui.type_into("New hex number", "9")
    ui.tap("bm-new-hex-outer")
    ui.tap("bm-new-hex-save")
    ui.expect_label("bm-hex-9", re.compile(r"^Hex 9, Outer Meadow: 0 nymphs, 2 free collection sites"))
    saved = brood(server, game_id)
    assert [(h["number"], h["zone"], h["sites"]) for h in saved["hexes"]] == [(4, "inner", 3), (9, "outer", 2)]

    # one tap: her card is drawn and resolved
    her_turn(ui)
    ui.expect_label("bm-report-title", re.compile(r"^Her card: "))
    ui.expect_label("bm-deck-draw", re.compile(r"^Draw pile: 49 cards"))
    title = ui.label("bm-report-title")
    saved = brood(server, game_id)
    assert saved["deck"]["drawn"] == 1 and len(saved["deck"]["draw"]) == 49
    assert render(saved["report"]["title"]) == title
    card = saved["turn"]["card"]
    ui.shot("broodmother-phone-wizard-draw")

    # Undo: the card goes back on top of her draw pile; Redo draws the same card
    ui.expect_label("undo", f"Undo: {title}")  # the label names her card
    ui.tap("undo")
    ui.expect_label("bm-deck-draw", re.compile(r"^Draw pile: 50 cards"))
    saved = brood(server, game_id)
    assert saved["deck"]["drawn"] == 0 and saved["deck"]["draw"][0] == card and saved["report"] is None
    ui.tap("redo")
    ui.expect_label("bm-report-title", title)
    assert brood(server, game_id)["turn"]["card"] == card


def test_her_turns_cancel_expand_question_undo(open_game: OpenTab, prepared: Server,
                                               prepare: Callable[[str], Twin]) -> None:
    """Seed 2 draws Spawn, Spawn, then an Expand: every step saved exactly as the core computes it."""
    server = prepared
    twin = prepare("turns")
    ui = open_game(twin.game_id)
    ui.expect_label("bm-hex-12", re.compile("^Hex 12, Inner Meadow"))

    her_turn(ui)
    twin.apply(DrawCard())
    ui.expect_label("bm-report-title", "Her card: Event, Ferocity 2 - Spawn")
    lines = twin.expected()["report"]["lines"]
    for i, item in enumerate(lines):
        ui.expect_label(f"bm-report-line-{i}", render(item["text"]))
    twin.check(server)

    her_turn(ui)
    twin.apply(DrawCard())
    ui.expect_label("bm-report-title", "Her card: Event, Ferocity 4 - Spawn")
    twin.check(server)
    to_top(ui, "now")
    ui.shot("broodmother-phone-spawn")
    assert not small_buttons(ui), small_buttons(ui)

    # cancel that reaction with an Initiative Token
    ui.expect_label("bm-cancel", "Cancel her Spawn with an Initiative Token (2 left)")
    ui.tap("bm-cancel")
    twin.apply(CancelReaction())
    ui.expect_label("bm-report-title", "Reaction cancelled with an Initiative Token")
    ui.expect_label("bm-initiative", "Initiative Tokens: 1")
    assert not ui.exists("bm-cancel")
    twin.check(server)
    assert brood(server, twin.game_id)["initiative"] == 1

    # her Expand asks which hex she revealed: typed number, a stepper, then the Inner Meadow button
    her_turn(ui)
    twin.apply(DrawCard())
    ui.expect_label("bm-report-title", "Her card: Colony Goal, Ferocity 2 - Expand")
    ui.expect_label("bm-her-card", "Her card: Colony Goal, Ferocity 2 - Expand")  # first, above her question
    ui.expect_label("bm-question", re.compile(r"^Her Expand: reveal the top hex"))
    assert not ui.exists("bm-her-turn"), "her next card waits for the answer"
    twin.check(server)
    to_top(ui, "now")
    ui.shot("broodmother-phone-question")
    ui.type_into("Hex number", "15")
    ui.expect_label("bm-q-sites", "Free collection sites: -")  # starts empty: nothing carried over
    ui.tap("bm-q-sites-plus")
    ui.expect_label("bm-q-sites", "Free collection sites: 0")
    ui.tap("bm-q-sites-plus")
    ui.expect_label("bm-q-sites", "Free collection sites: 1")
    ui.tap("bm-q-sites-plus")
    ui.expect_label("bm-q-sites", "Free collection sites: 2")
    ui.tap("bm-answer-zone-inner")
    twin.apply(AnswerExpand(number=15, sites=2, zone="inner"))
    ui.expect_label("bm-hex-15", re.compile(r"^Hex 15, Inner Meadow: 1 nymph"))
    assert not ui.exists("bm-question")
    twin.check(server)
    to_top(ui, "now")
    ui.shot("broodmother-phone-turn")

    # the meadow's quick actions: open hex 7, an ant chases a nymph, one more free site
    ui.tap("bm-hex-7")
    ui.expect_label("bm-hex-7-chase", "Hex 7: an ant chases a nymph")
    hex_7 = ui.label("bm-hex-7")
    ui.tap("bm-hex-7-chase")
    twin.apply(ChaseNymph(7))
    ui.expect_label("bm-report-title", "Chase a nymph in hex 7")
    sites = twin.expected()["hexes"][1]["sites"]
    ui.expect_label("bm-hex-7-sites", f"Hex 7 free collection sites: {sites} free")
    ui.tap("bm-hex-7-sites-plus")
    twin.apply(SetSites(7, sites + 1))
    ui.expect_label("bm-hex-7-sites", f"Hex 7 free collection sites: {sites + 1} free")
    twin.check(server)
    assert not ui.exists("bm-cancel"), "a meadow change closes the window for a token"

    # the same game on a tablet in a second tab: same numbers
    big = open_game(twin.game_id, viewport=TABLET)
    big.expect_label("bm-hex-15", re.compile(r"^Hex 15, Inner Meadow: 1 nymph"))
    to_top(big, "now")
    big.shot("broodmother-tablet-turn")

    # Undo the meadow changes and the answer (the question is back), then the draw (the card is back)
    drawn = twin.expected()["turn"]["card"]
    ui.page.bring_to_front()
    for _ in range(2):
        ui.tap("undo")
        ui.past_tap_window()
    ui.expect_label("bm-hex-7", hex_7)
    ui.tap("undo")
    ui.expect_label("bm-question", re.compile(r"^Her Expand"))
    ui.past_tap_window()
    ui.tap("undo")
    ui.expect_label("bm-report-title", "Reaction cancelled with an Initiative Token")
    ui.expect_label("bm-deck-draw", re.compile(r"^Draw pile: 48 cards"))
    saved = brood(server, twin.game_id)
    assert saved["deck"]["draw"][0] == drawn and saved["pending"] == []


def test_physical_deck_and_a_predator_question(open_game: OpenTab, prepared: Server,
                                               prepare: Callable[[str], Twin]) -> None:
    """Physical deck: type, Ferocity, resolve; her sixth Plot summons a Predator onto the hex the table names; then
    her readings and her deck's make-up open on a tap (``readings_and_deck_make_up_open_on_a_tap``)."""
    server = prepared
    twin = prepare("physical")
    ui = open_game(twin.game_id)
    ui.expect_label("bm-machinations-level", re.compile(r"^Level: 1 / 3"))

    # switch to the physical deck: her turn becomes the card's type, its Ferocity, then resolve
    ui.tap("bm-deck-physical")
    twin.apply(SetDeckMode("physical"))
    ui.expect_label("bm-card-evolution", "Evolution (Plot)")
    assert not ui.exists("bm-her-turn")
    twin.check(server)
    ui.tap("bm-card-evolution")
    ui.expect_label("bm-ferocity-2", "Ferocity 2")
    # all five Ferocity 1 Evolutions of the estimate are gone, but the box is the truth: still offered
    ui.expect_label("bm-ferocity-1", "Ferocity 1")
    ui.tap("bm-ferocity-3")
    ui.expect_label("bm-enter-resolve", "Resolve her card: Evolution, Ferocity 3")
    to_top(ui, "now")
    ui.shot("broodmother-phone-physical")
    ui.tap("bm-enter-resolve")
    twin.apply(EnterCard("evolution", 3))
    ui.expect_label("bm-report-title", "Her card: Evolution, Ferocity 3 - Plot")

    # level 2: the Predator goes where the most ants are - the candidate hexes are buttons
    ui.expect_label("bm-question", re.compile(r"which hex holds the most ants"))
    for number, _, _ in HEXES:
        ui.expect_label(f"bm-answer-hex-{number}", f"Hex {number}")
    twin.check(server)
    ui.tap("bm-answer-hex-7")
    twin.apply(AnswerPredator(hex=7))
    ui.expect_label("bm-hex-7", re.compile(r"^Hex 7, Outer Meadow: .*"))
    assert re.search(r"Hex 7: place the .+ with \d Health", ui.label("bm-report-line-" + str(
        len(twin.expected()["report"]["lines"]) - 1)))
    twin.check(server)
    saved = brood(server, twin.game_id)
    summoned = saved_games(server.db)[twin.game_id]["state"]["modules_state"]["predators"]["predators"]
    assert saved["machinations"] == 2 and [p["hex"] for p in summoned] == [7]  # in the predator tracker
    ui.expect_label(f"bm-predator-{summoned[0]['id']}", re.compile(r"Hex 7, \d Health"))
    readings_and_deck_make_up_open_on_a_tap(ui, server, twin)


def test_the_nest_and_the_end(open_game: OpenTab, prepared: Server,
                              prepare: Callable[[str], Twin]) -> None:
    """The ants reveal the Nest (she arises there); destroying her ends the game, the panel says why; "?" helps."""
    server = prepared
    twin = prepare("nest")
    ui = open_game(twin.game_id)
    ui.expect_label("bm-nest-state", "The Broodmother: on hex 31, the Nest of Centipedes")
    ui.expect_label("bm-hex-31", re.compile(r"^Hex 31, Outer Meadow: .*Broodmother, Nest"))
    ui.expect_label("bm-battle-size", re.compile(r"^Her size bonus: \+\d+, on hex 31"))
    ui.expect_label("bm-odds-event", re.compile(r"^Strike \(Event\)"))
    ui.tap("bm-destroy-broodmother")
    ui.find("confirm-ok")  # it ends the game: the app asks first
    ui.tap("confirm-ok")
    ui.expect_label("bm-end-reason", "The game is over: The Broodmother is destroyed: the ants win.")
    assert not ui.exists("bm-her-turn"), "no card for her once the game is over"
    ended = saved_games(server.db)[twin.game_id]["state"]["ended"]
    assert ended["code"] == "broodmother-destroyed"
    to_top(ui, "now")
    ui.shot("broodmother-phone-end")

    # each tracker's "?" opens its rules topic
    ui.tap("help-broodmother.end")
    ui.wait_screen("rules")
    wanted = topic("broodmother.end")
    assert wanted is not None
    ui.expect_label("rules-topics-title", wanted.title)


def readings_and_deck_make_up_open_on_a_tap(ui: Ui, server: Server, twin: Twin) -> None:
    """Her readings and her deck's make-up, two tiles built only while open (``widgets.lazy_tile``): a tap opens one
    with all it holds, and closing it takes its content away again, the game unchanged. Looked at on the screen the
    physical deck's journey leaves (a tab's start costs seconds)."""
    ui.show("bm-interpretations")
    closed = ui.by_id("bm-interpretations").bounding_box()["height"]  # type: ignore[index]
    ui.tap("bm-interpretations")
    eventually(lambda: (ui.by_id("bm-interpretations").bounding_box() or {"height": 0})["height"] > closed + 200, ui)

    ui.show("bm-makeup")
    assert not [i for i in ui.visible_ids() if i.startswith("bm-makeup-")]
    ui.tap("bm-makeup")
    ui.find("bm-makeup-locked")  # her cards were drawn: the make-up is fixed now
    ui.show("bm-makeup")
    box = ui.by_id("bm-makeup").bounding_box()
    assert box is not None
    ui.page.mouse.click(box["x"] + 40, box["y"] + 24)  # its heading closes it
    ui.by_id("bm-makeup-locked").wait_for(state="detached")
    twin.check(server)  # opening and closing changed nothing in the game
