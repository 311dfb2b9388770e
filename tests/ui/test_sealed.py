"""Controls kept as drawn and sealed (``companion.ui.slots.seal``): a panel's heading stays on the page while its title,
fold and "?" are the same, a kept part's fingerprint is worked out once, and a sealed control changed afterwards is
caught by the suite's check rather than hidden by the fingerprint it was sealed with.

Built in-process (no browser), as ``test_pieces.py`` does.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import flet as ft
import pytest

from companion.core.broodmother.commands import DrawCard
from companion.core.commands.scoring import AdjustScore
from companion.core.commands.turns import NextPhase
from companion.core.i18n import using
from companion.store import GameStore
from companion.ui import kept
from companion.ui.fingerprints import fingerprint, seal, sealed_still
from companion.ui.screens.game import GameScreen
from tests.ui.test_build_once import EVERYTHING, SOLO
from tests.ui.test_kept_panels import controls, open_screen, redraw

DECK = "panel-bm-deck"


@pytest.fixture
def store(tmp_path: Path) -> GameStore:
    return GameStore(tmp_path / "games.json")


def head_of(screen: GameScreen, ident: str) -> Any:
    """The heading line of the panel ``ident`` on the page (the first control of its card's column)."""
    section = screen.slots.placed[ident].holder.content
    assert section is not None
    return section.content.content.content.controls[0]


def labels(control: Any) -> list[str]:
    return [str(c.label) for c in controls(control) if getattr(c, "label", None)]


def test_a_panel_drawn_again_hands_back_its_heading_and_a_fold_draws_a_new_one(
        store: GameStore, monkeypatch: pytest.MonkeyPatch) -> None:
    """Her draw draws her deck's panel again (her pile changed), with the heading on the page: the same controls,
    which Flet's diff skips. Folding the panel changes its fold button, so the heading is drawn anew, saying Show;
    unfolded, it says Fold again."""
    monkeypatch.setattr(kept, "CHECK", False)  # as players run it
    screen, session = open_screen(store, SOLO)
    with using("en"):
        panel, head = screen.slots.placed[DECK].holder.content, head_of(screen, DECK)
        session.execute(DrawCard())
        redraw(screen)
        assert screen.slots.placed[DECK].holder.content is not panel, "the panel itself is drawn again"
        assert head_of(screen, DECK) is head
        screen.folds.toggle(DECK)
        redraw(screen)
        folded = head_of(screen, DECK)
        assert folded is not head and any(label.startswith("Show ") for label in labels(folded)), labels(folded)
        screen.folds.toggle(DECK)
        redraw(screen)
        assert head_of(screen, DECK) is not folded
        assert any(label.startswith("Fold ") for label in labels(head_of(screen, DECK)))


def test_a_sealed_control_counts_its_controls_for_the_reconciling_and_a_change_after_is_seen() -> None:
    """A sealed control's fingerprint is the one worked out when it was sealed, with each control inside it noted (the
    slots pair the page's controls by them); changed afterwards it still fingerprints as sealed, which is why
    ``sealed_still`` (the suite's check) works it out afresh."""
    text = ft.Text("Hex 4")
    row = seal(ft.Row([text, ft.Icon(ft.Icons.ADD)]))
    drawings: dict[int, object] = {}
    before = fingerprint(ft.Column([row]), None, drawings)
    assert id(row) in drawings and id(text) in drawings
    assert sealed_still(row)
    text.value = "Hex 5"
    assert fingerprint(ft.Column([row])) == before, "a sealed control is not walked again"
    assert not sealed_still(row)


def test_a_kept_heading_changed_on_the_page_is_caught(store: GameStore) -> None:
    """Under the suite's check a kept heading is drawn afresh all the same and compared with the one on the page as
    it was sealed: one changed after it was drawn (here its title, by hand) fails the redraw."""
    assert kept.CHECK, "the suite runs with COMPANION_CHECK_KEPT=1 (tests/conftest.py)"
    screen, session = open_screen(store, SOLO)
    with using("en"):
        title = next(c for c in controls(head_of(screen, DECK)) if isinstance(c, ft.Text))
        title.value = "Not her deck"
        session.execute(DrawCard())
        with pytest.raises(kept.StaleDrawing, match="heading"):
            redraw(screen)


def section_head_of(screen: GameScreen, ident: str) -> Any:
    """The heading line of the game screen's own section ``ident`` (the standings, the round bar, the log)."""
    assert screen.view is not None
    section = next(c for c in controls(screen.view) if isinstance(c, ft.Semantics) and c.identifier == ident
                   and isinstance(c.content, ft.Card))
    return section.content.content.content.controls[0]


def test_the_screens_own_sections_hand_back_their_headings_until_what_they_show_changes(
        store: GameStore, monkeypatch: pytest.MonkeyPatch) -> None:
    """A point and Next change the standings, the round bar's body and the log, not their headings: the same controls
    come back, which Flet's diff skips. Read in Spanish, each heading is drawn anew in Spanish."""
    monkeypatch.setattr(kept, "CHECK", False)  # as players run it
    screen, session = open_screen(store, EVERYTHING)
    parts = ("scores", "round-bar", "log")
    with using("en"):
        heads = {ident: section_head_of(screen, ident) for ident in parts}
        for command in (AdjustScore("p1", 1), NextPhase()):
            session.execute(command)
            redraw(screen)
        for ident in parts:
            assert section_head_of(screen, ident) is heads[ident], ident
    with using("es"):
        redraw(screen)
        log_head = section_head_of(screen, "log")
        for ident in parts:
            assert section_head_of(screen, ident) is not heads[ident], ident
        assert "Registro" in next(c.value for c in controls(log_head) if isinstance(c, ft.Text))
