"""The Broodmother panels without a browser: their text helpers, their drafts, and every panel built.

The helpers only reshape the core's view, so these tests feed them real views: an
answer built from a real question must be a command the core accepts. Every panel is
built in-process for solo, co-op (physical deck) and asymmetric games through many of
her turns, and every control a finger can reach must carry a semantics identifier.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import flet as ft
import pytest

from companion.core.broodmother import broodmother_view
from companion.core.broodmother.commands import AnswerExpand, DrawCard, SetDeckMode
from companion.core.broodmother.meadow_commands import AddHex
from companion.core.broodmother.view import report_hexes
from companion.core.commands.base import Command, command_from_dict
from companion.core.errors import GameError
from companion.core.session import Executed, Session
from companion.core.setup import GameSetup, PlayerSpec
from companion.store import GameStore
from companion.ui.kept import GameReader
from companion.ui.panels import PanelContext, PanelServices, TabValue, panels_for
from companion.ui.panels.broodmother import texts
from companion.ui.panels.broodmother.drafts import Drafts, drafts_for
from companion.ui.theme import Sizes

SOLO = GameSetup(game="mota", mode="solo", players=(PlayerSpec("Ana", "red"),), expansions=("minions",))
COOP = GameSetup(game="mota", mode="coop", players=(PlayerSpec("Ana", "red"), PlayerSpec("Bo", "blue")),
                 expansions=("minions",), options={"deck": "physical"})
ASYM = GameSetup(game="mota", mode="asymmetric", expansions=("minions",),
                 players=(PlayerSpec("Ana", "red"), PlayerSpec("Bo", "blue"), PlayerSpec("Mo", None, "broodmother")))


class StubApp:
    """Just what a panel calls on its tab: sizes, handlers, commands, refresh."""

    sizes = Sizes()
    screen = page = None  # no page: a panel's ``reveal`` scrolls nothing

    def __init__(self) -> None:
        self.refreshed = 0
        # Her tiles open, so what they hold is built, labelled and checked too (``widgets.lazy_tile``).
        self.opened_tiles = {"bm-interpretations", "bm-makeup", "bm-end-readings"}
        self.answers = self.changes = self.routes = self.guests = self  # the tab's parts: this stub is each

    def handler(self, action: Any) -> Any:
        return lambda _=None: action()

    def guard(self, action: Any) -> Any:
        return action()

    def execute(self, session: Session, command: Command, debounce: str | None = None) -> Executed:
        return session.execute(command)

    def refresh(self) -> None:
        self.refreshed += 1

    def typed_cards(self, kind: str) -> list[dict[str, Any]]:
        return []  # no cards typed in earlier games

    def panel_context(self, session: Session, module_id: str | None) -> PanelContext:
        """A panel's context as the game screen makes it, with this stub as each of the tab's parts."""
        services = PanelServices(answers=self, dialogs=self.page, execute=self.execute,  # type: ignore[arg-type]
                                 redraw=self.refresh, reveal=lambda key: None, typed_cards=self.typed_cards,
                                 cue=lambda: None, opened_tiles=self.opened_tiles, owner=self)
        tab = TabValue("en", self.sizes, False, True, False, id(session), frozenset(self.opened_tiles))
        reader = GameReader(session)
        return PanelContext(reader.view(), tab, services, reader, session, module_id)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[GameStore]:
    games = GameStore(tmp_path / "games.json")
    yield games
    games.close()


def game(store: GameStore, setup: GameSetup = SOLO, seed: int = 2) -> Session:
    session = store.create(setup, seed=seed)
    for number, zone, sites in ((4, "inner", 2), (7, "outer", 3), (12, "inner", 1)):
        session.execute(AddHex(number, zone, sites))
    return session


def view(session: Session) -> dict[str, Any]:
    return broodmother_view(session.state, session.content)


def until_question(session: Session) -> dict[str, Any]:
    for _ in range(20):
        if view(session)["question"]:
            break
        session.execute(DrawCard())
    question: dict[str, Any] = view(session)["question"]
    assert question, "seed 2 asks about her Expand on the third card"
    return question


# -- the helpers -------------------------------------------------------------------------------
def test_answer_ids_are_stable_and_readable() -> None:
    assert texts.answer_id({"hex": 4}) == "bm-answer-hex-4"
    assert texts.answer_id({"zone": "inner"}) == "bm-answer-zone-inner"
    assert texts.answer_id({"deck_empty": True}) == "bm-answer-deck-empty"
    assert texts.answer_id({"destroyed": 0}) == "bm-answer-destroyed-0"


def test_an_expand_answer_is_a_command_the_core_accepts(store: GameStore) -> None:
    session = game(store)
    q = until_question(session)
    assert q["kind"] == "expand"
    names = [f["name"] for f in texts.input_fields(q)]
    assert names == ["number", "sites", "centipede_hex", "nest"], "zone comes from the buttons"
    inner = next(b for b in q["buttons"] if b["args"] == {"zone": "inner"})
    kwargs, missing = texts.answer_kwargs(q, {"number": " 15 ", "sites": 2}, inner["args"])
    assert missing == []
    command = command_from_dict({"type": q["command"], **kwargs})
    assert command == AnswerExpand(number=15, sites=2, zone="inner", centipede_hex=False, nest=False)
    assert session.can(command)

    # nothing typed: "the hex deck is empty" still works, Inner Meadow needs the number first
    empty = next(b for b in q["buttons"] if b["args"] == {"deck_empty": True})
    kwargs, missing = texts.answer_kwargs(q, {}, empty["args"])
    assert missing == ["Hex number", "Free collection sites"]
    assert session.can(command_from_dict({"type": q["command"], **kwargs}))
    kwargs, missing = texts.answer_kwargs(q, {}, inner["args"])
    assert missing == ["Hex number", "Free collection sites"]
    assert not session.can(command_from_dict({"type": q["command"], **kwargs}))
    with pytest.raises(GameError, match="type a whole number"):
        texts.answer_kwargs(q, {"number": "fifteen"}, inner["args"])


def test_the_next_expand_question_starts_empty(store: GameStore) -> None:
    session = game(store)
    first = until_question(session)
    d = Drafts()
    d.answers_for(texts.question_key(first)).update(number="15", sites=3)
    session.execute(AnswerExpand(number=15, sites=3))
    second = until_question(session)
    assert second["text"] == first["text"] and second["asked"] != first["asked"]
    assert d.answers_for(texts.question_key(second)) == {}
    assert texts.field_default(next(f for f in second["fields"] if f["name"] == "sites")) == ""


def test_typed_and_stepped_fields() -> None:
    assert texts.is_typed({"type": "int", "min": 1, "max": 99})
    assert not texts.is_typed({"type": "int", "min": 0, "max": 9})
    assert texts.field_default({"type": "int", "min": 1, "max": 99}) == ""
    assert texts.field_default({"type": "int", "min": 0, "max": 9}) == 0
    assert texts.field_default({"type": "int", "min": 0, "max": 9, "required": True}) == ""
    assert texts.field_default({"type": "bool", "default": False}) is False
    assert texts.field_label("centipede_hex") == "It is a centipede hex"
    assert texts.field_label("something_new") == "Something new"
    assert texts.parse_whole(" 7 ", "Hex") == 7
    with pytest.raises(GameError):
        texts.parse_whole("", "Hex")


def test_hex_and_pile_words() -> None:
    row = {"number": 4, "zone": "inner", "sites": 1, "nymphs": 2, "centipede": True, "centipede_hex": False,
           "nest": False, "broodmother": False, "predators": ["Cordyceps Fungus"]}
    assert texts.hex_face(row) == ("Hex 4 · Inner", "2 nymphs · 1 free site · centipede · Cordyceps Fungus")
    assert texts.hex_label(row) == ("Hex 4, Inner Meadow: 2 nymphs, 1 free collection site, centipede, "
                                    "Cordyceps Fungus")
    assert texts.tunnel_face({"nymph": True, "centipedes": 1}) == "a nymph · 1 centipede"
    assert texts.place_name(0) == "Great Tunnel" and texts.place_name(9) == "Hex 9"
    assert texts.her_place({"found": True, "hex": 31, "destroyed": False}) == "on hex 31, the Nest of Centipedes"
    assert report_hexes({"title": "t", "lines": [{"text": "a", "hex": 4}, {"text": "b", "hex": None},
                                                 {"text": "c", "hex": 0}], "interpretations": []}) == [0, 4]
    assert report_hexes(None) == []
    names = {"event": "Event", "colony-goal": "Colony Goal"}
    assert texts.pile_line("Draw pile", 3, {"event": 2, "colony-goal": 1}, names) == \
        "Draw pile: 3 cards (Event 2, Colony Goal 1)"
    assert texts.pile_line("Discard pile", 0, {"event": 0}, names) == "Discard pile: 0 cards"
    assert texts.threshold_gap(3) == "3 more and the ants lose"
    assert texts.threshold_gap(0) == "the ants have lost"
    assert texts.checklist_progress([{"done": True}, {"done": False}]) == "1 of 2 done"


def test_deck_make_up_round_trips(store: GameStore) -> None:
    session = game(store)
    cards = session.state["modules_state"]["broodmother"]["deck"]["cards"]
    groups = texts.composition(cards)
    assert sum(g[2] for g in groups) == len(cards) == 50
    more = texts.change_group(groups, "event", 9, 1)
    assert ["event", 9, 1] in more and len(more) == len(groups) + 1
    fewer = texts.change_group(more, "event", 9, -1)
    assert fewer == groups
    from companion.core.broodmother.commands import SetDeck

    session.execute(SetDeck(tuple(tuple(g) for g in more)))
    assert texts.composition(session.state["modules_state"]["broodmother"]["deck"]["cards"]) == sorted(more)


def test_drafts_belong_to_one_tab_and_one_question() -> None:
    tab, other = StubApp(), StubApp()
    d = drafts_for(tab, "g-1")
    assert drafts_for(tab, "g-1") is d and drafts_for(other, "g-1") is not d and drafts_for(tab, "g-2") is not d
    answers = d.answers_for("expand|0|first")
    answers["number"] = "15"
    assert d.answers_for("expand|0|first") == {"number": "15"}
    assert d.answers_for("expand|0|second") == {}, "a new question starts empty"
    d.choose_card("event")
    d.ferocity = 2
    d.choose_card("event")
    assert d.ferocity == 2
    d.choose_card("evolution")
    assert (d.card_type, d.ferocity) == ("evolution", None)
    d.toggle_selected(4)
    assert d.selected == 4
    d.toggle_selected(4)
    assert d.selected is None
    for place in (4, 4, 7):
        d.toggle_redraw(place)
    assert d.redraw == [7], "a third pick starts a new pair"
    assert Drafts().new_hex.zone == "inner"


# -- every panel, built -------------------------------------------------------------------------
def children(control: Any) -> Iterator[Any]:
    if not dataclasses.is_dataclass(control):
        return
    for f in dataclasses.fields(control):
        if f.name.startswith("_") or f.name == "parent":
            continue
        value = getattr(control, f.name, None)
        items = value if isinstance(value, list) else [value]
        for item in items:
            if isinstance(item, ft.Control):
                yield item


def reachable(control: Any, identified: bool = False) -> Iterator[tuple[Any, bool]]:
    """Every control with whether a Semantics node with an identifier wraps it."""
    here = identified or (isinstance(control, ft.Semantics) and bool(control.identifier))
    yield control, here
    for child in children(control):
        yield from reachable(child, here)


INTERACTIVE = (ft.TextField, ft.Checkbox, ft.Switch)


def built(session: Session) -> list[Any]:
    app = StubApp()
    out = []
    for panel, module_id in panels_for(session.state):
        if not panel.id.startswith("bm-"):
            continue
        ctx = app.panel_context(session, module_id)
        assert panel.title_for(ctx)
        out += panel.build(ctx)
    return out


def check_labels(controls: list[Any]) -> int:
    found = 0
    for root in controls:
        for control, identified in reachable(root):
            tappable = isinstance(control, ft.Semantics) and control.on_tap is not None
            if tappable:
                found += 1
                assert control.identifier and control.label, control
            if isinstance(control, INTERACTIVE) or (isinstance(control, ft.Container) and control.on_click):
                assert identified, f"{type(control).__name__} without an identified Semantics around it"
    return found


@pytest.mark.parametrize("setup", [SOLO, COOP, ASYM], ids=["solo", "coop-physical", "asymmetric"])
def test_every_panel_builds_and_labels_its_controls(store: GameStore, setup: GameSetup) -> None:
    session = game(store, setup, seed=5)
    assert check_labels(built(session)) > 10
    physical = setup.options.get("deck") == "physical"
    if physical:
        session.execute(SetDeckMode("virtual"))
    for _ in range(12):  # her turns, answering the first way the core offers
        q = view(session)["question"]
        if q:
            args = q["buttons"][0]["args"]
            values = {"number": str(50 + len(session.state["modules_state"]["broodmother"]["hexes"])), "sites": 1}
            kwargs, _ = texts.answer_kwargs(q, values, args)
            session.execute(command_from_dict({"type": q["command"], **kwargs}))
        elif session.can(DrawCard()):
            session.execute(DrawCard())
        check_labels(built(session))
    if physical:
        session.execute(SetDeckMode("physical"))
        check_labels(built(session))
