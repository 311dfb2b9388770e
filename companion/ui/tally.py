"""The points tally on the Calculators screen: a running sum kept on this device, sent into a game in one step.

* **Kept per device**: the amounts and the chosen game and player are saved in the browser's own storage
  (Flet's ``SharedPreferences``) after every change and read back when the screen opens, so a reload or
  a sleeping phone does not lose a half-counted score. What is read back is checked (``Tally.from_saved``);
  anything else is ignored.
* **The game's floor**: the sum never goes below the floor of the chosen game (March of the Ants: 0;
  Antscape has none), and below 0 when no game is chosen.
* **Into a game**: "Add to <player>" sends one ``AdjustScore`` through the shared session - one line in
  that game's log and one Undo there - and is enabled only when the core allows it (``session.can``).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING

import flet as ft

from companion.core.commands.scoring import AdjustScore
from companion.core.state import game_def
from companion.ui import widgets
from companion.ui.i18n import tr, trf
from companion.ui.models import signed
from companion.ui.panels.broodmother.controls import buttons, choice
from companion.ui.theme import Sizes
from companion.ui.widgets import EventHandler

if TYPE_CHECKING:
    from companion.core.session import Session
    from companion.ui.screens.calculators import CalculatorsScreen

log = logging.getLogger("companion.ui")

STEPS = (1, 2, 3, 5, 10)
PREFERENCE_KEY = "companion.tally.v1"
MAX_ENTRIES = 200
MAX_AMOUNT = 999
DEFAULT_FLOOR = 0  # with no game chosen: no negative tallies (the base game's floor)
GAMES_OFFERED = 4  # the most recently played unfinished games offered as targets


@dataclass
class Tally:
    """A running sum of entered amounts (the list kept so a slip can be taken back) and where it goes."""

    entries: list[int] = field(default_factory=list)
    game_id: str | None = None
    player_id: str | None = None
    floor: int | None = DEFAULT_FLOOR

    @property
    def total(self) -> int:
        return sum(self.entries)

    def can_add(self, amount: int) -> bool:
        """Whether adding ``amount`` keeps the sum at or above the floor (and the list a sane length)."""
        return len(self.entries) < MAX_ENTRIES and (self.floor is None or self.total + amount >= self.floor)

    def add(self, amount: int) -> None:
        if self.can_add(amount):
            self.entries.append(amount)

    def drop_last(self) -> None:
        if self.entries:
            self.entries.pop()

    def clear(self) -> None:
        self.entries.clear()

    def sum_text(self) -> str:
        if not self.entries:
            return tr("Nothing added yet.")
        return " ".join(signed(e) for e in self.entries) + f" = {self.total}"

    # -- kept on the device --------------------------------------------------------------------
    def to_saved(self) -> str:
        return json.dumps({"entries": self.entries, "game": self.game_id, "player": self.player_id})

    @classmethod
    def from_saved(cls, text: object) -> Tally:
        """The tally saved by ``to_saved``; an empty one for anything else (never trusted as is)."""
        try:
            raw = json.loads(text) if isinstance(text, str) else None
        except ValueError:
            raw = None
        if not isinstance(raw, dict):
            return cls()
        entries = raw.get("entries")
        if not isinstance(entries, list) or len(entries) > MAX_ENTRIES or not all(
                type(e) is int and -MAX_AMOUNT <= e <= MAX_AMOUNT for e in entries):
            entries = []
        game, player = raw.get("game"), raw.get("player")
        return cls(list(entries), game if isinstance(game, str) else None,
                   player if isinstance(player, str) and isinstance(game, str) else None)


# -- the device's storage --------------------------------------------------------------------------
def _prefs(screen: CalculatorsScreen) -> ft.SharedPreferences:
    prefs = screen.models.get("prefs")
    if prefs is None:
        prefs = screen.models["prefs"] = ft.SharedPreferences()
    assert isinstance(prefs, ft.SharedPreferences)
    return prefs


async def load(screen: CalculatorsScreen) -> None:
    """Read the saved tally (after the screen is shown) and redraw with it."""
    try:
        saved = await _prefs(screen).get(PREFERENCE_KEY)
    except Exception:  # a browser without storage: the tally lives on this tab only
        log.info("the tally could not be read from this device")
        return
    screen.tally = Tally.from_saved(saved)
    screen.refresh()


async def _save(screen: CalculatorsScreen, text: str) -> None:
    try:
        await _prefs(screen).set(PREFERENCE_KEY, text)
    except Exception:
        log.info("the tally could not be kept on this device")


# -- the controls ----------------------------------------------------------------------------------
def tally_controls(screen: CalculatorsScreen) -> list[ft.Control]:
    tally, sizes = screen.tally, screen.sizes
    session = _target_session(screen)
    tally.floor = game_def(session.state, session.content).score_floor if session else DEFAULT_FLOOR

    def act(change: Callable[[], None]) -> Callable[[object], None]:
        def run() -> None:
            change()
            screen.app.page.run_task(_save, screen, tally.to_saved())
            screen.refresh()

        return screen.app.answers.handler(run)

    def step(amount: int, kind: str) -> ft.Control:
        label = trf("Add {n}", n=amount) if amount > 0 else trf("Subtract {n}", n=-amount)
        ident = f"tally-{'add' if amount > 0 else 'sub'}-{abs(amount)}"
        return widgets.tap_button(label, act(partial(tally.add, amount)) if tally.can_add(amount) else None,
                                  text=signed(amount), identifier=ident, kind=kind, sizes=sizes)

    total = widgets.labelled(ft.Text(str(tally.total), size=sizes.score, weight=ft.FontWeight.W_700),
                             trf("Total: {total}", total=tally.total), "tally-total")
    steps = [step(n, "tonal") for n in STEPS] + [step(-n, "outlined") for n in (1, 5)]
    edits = [
        widgets.tap_button(tr("Take back the last one"), act(tally.drop_last) if tally.entries else None,
                           icon=ft.Icons.UNDO, identifier="tally-undo", kind="text", sizes=sizes),
        widgets.tap_button(tr("Start again"), act(tally.clear) if tally.entries else None,
                           icon=ft.Icons.CLEAR_ALL, identifier="tally-clear", kind="text", sizes=sizes),
    ]
    floor_note = (tr("This game's scores have no floor.") if tally.floor is None
                  else trf("The sum stays at or above {floor}.", floor=tally.floor))
    return [total, _text(tally.sum_text(), sizes, "tally-sum"),
            buttons(steps), ft.Row(edits, wrap=True, spacing=8),
            _text(floor_note, sizes, "tally-floor", muted=True),
            *_target(screen, session, act)]


def _text(text: str, sizes: Sizes, ident: str, muted: bool = False) -> ft.Control:
    color = ft.Colors.ON_SURFACE_VARIANT if muted else None
    return ft.Semantics(identifier=ident, content=ft.Text(text, size=sizes.body, color=color))


def _target_session(screen: CalculatorsScreen) -> Session | None:
    game_id = screen.tally.game_id
    if game_id is None:
        return None
    try:
        session = screen.app.changes.session(game_id)
    except Exception:  # deleted meanwhile: choose again
        screen.tally.game_id = screen.tally.player_id = None
        return None
    if session.state["ended"] is not None:
        return None
    return session


def _target(screen: CalculatorsScreen, session: Session | None,
            act: Callable[[Callable[[], None]], EventHandler]) -> list[ft.Control]:
    """Choose a game and a player, then send the sum as one step of that game."""
    tally, sizes = screen.tally, screen.sizes
    games = [g for g in screen.app.ctx.store.list_games() if not g.ended][:GAMES_OFFERED]
    if not games:
        return [_text(tr("Start or resume a game to add the sum to a player's score."), sizes, "tally-no-game",
                      muted=True)]

    def pick_game(game_id: str) -> None:
        tally.game_id, tally.player_id = game_id, None

    def pick_player(player_id: str) -> None:
        tally.player_id = player_id

    rows: list[ft.Control] = [ft.Text(tr("Add the sum to a player's score"), size=sizes.body,
                                      weight=ft.FontWeight.W_600)]
    rows.append(buttons([choice(trf("Into the game {name}", name=g.name), act(partial(pick_game, g.id)), sizes,
                                text=g.name, identifier=f"tally-game-{g.id}", selected=g.id == tally.game_id,
                                kind="outlined") for g in games]))
    if session is None:
        return rows
    rows.append(buttons([choice(trf("For {name}", name=p["name"]), act(partial(pick_player, p["id"])), sizes,
                                text=p["name"], identifier=f"tally-player-{p['id']}",
                                selected=p["id"] == tally.player_id, kind="outlined")
                         for p in session.state["players"]]))
    if tally.player_id is None or tally.total == 0:
        return rows
    return rows + _send_sum(screen, session, tally.player_id)


def _send_sum(screen: CalculatorsScreen, session: Session, player_id: str) -> list[ft.Control]:
    """The button that adds the sum to the chosen player's score (one undoable step), or why it cannot."""
    tally, sizes = screen.tally, screen.sizes
    command = AdjustScore(player_id, tally.total)
    name = next((p["name"] for p in session.state["players"] if p["id"] == player_id), "")
    label = trf("Add {amount} to {name}", amount=signed(tally.total), name=name)

    def send() -> None:
        done = screen.app.changes.execute(session, command, debounce="tally-send")
        if done.changed:
            tally.clear()
            screen.app.page.run_task(_save, screen, tally.to_saved())
            screen.app.answers.show_info(trf("{done}. Undo is on the game screen.", done=done.text))
            screen.refresh()

    rows: list[ft.Control] = [widgets.tap_button(label,
                                                 screen.app.answers.handler(send) if session.can(command) else None,
                                                 icon=ft.Icons.ADD_TASK, identifier="tally-send", sizes=sizes)]
    reason = session.why_not(command)
    if reason:
        rows.append(_text(reason, sizes, "tally-send-why", muted=True))
    return rows
