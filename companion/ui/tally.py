"""The points tally on the Calculators screen: a running sum kept on this device, sent into a game in one step.

* **Kept per device**: the amounts and the chosen game and player are saved in the browser's own storage
  (Flet's ``SharedPreferences``) after every change and read back when the screen opens, so a reload or
  a sleeping phone does not lose a half-counted score. What is read back is checked (``Tally.from_saved``);
  anything else is ignored.
* **The game's floor**: the sum never goes below the floor of the chosen game (March of the Ants: 0;
  Antscape has none), and below 0 when no game is chosen.
* **Into a game**: "Add to <player>" sends one ``AdjustScore`` through the shared session - one line in
  that game's log and one Undo there - and is enabled only when the tally's view says the game takes it.

The sum, the floor, the chosen game's players and what the game says of each send are the core's
(``companion.core.tally``: ``tally_view``); this module draws them and keeps the tally on the device.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

import flet as ft

from companion.core.actions import lookup
from companion.core.commands.scoring import AdjustScore
from companion.core.tally import Tally, TallyView, tally_view
from companion.ui import widgets
from companion.ui.i18n import render, tr, trf
from companion.ui.models import signed
from companion.ui.panels.broodmother.controls import buttons, choice
from companion.ui.theme import Sizes
from companion.ui.widgets import EventHandler

if TYPE_CHECKING:
    from companion.core.session import Session
    from companion.ui.screens.calculators import CalculatorsScreen

log = logging.getLogger("companion.ui")

STEPS = (1, 2, 3, 5, 10)
AMOUNTS = (*STEPS, -1, -5)  # the amounts offered: the steps added, and 1 or 5 taken off
PREFERENCE_KEY = "companion.tally.v1"
GAMES_OFFERED = 4  # the most recently played unfinished games offered as targets

__all__ = ["Tally", "load", "sum_text", "tally_controls"]


def sum_text(tally: Tally) -> str:
    """The amounts as added, and their sum ("5 +3 -1 = 7")."""
    if not tally.entries:
        return tr("Nothing added yet.")
    return " ".join(signed(e) for e in tally.entries) + f" = {tally.total}"


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
    view = tally_view(tally, AMOUNTS, session)
    tally.floor = view["floor"]  # what a tapped amount is checked against

    def act(change: Callable[[], None]) -> Callable[[object], None]:
        def run() -> None:
            change()
            screen.app.page.run_task(_save, screen, tally.to_saved())
            screen.refresh()

        return screen.app.answers.handler(run)

    def step(amount: int, kind: str) -> ft.Control:
        label = trf("Add {n}", n=amount) if amount > 0 else trf("Subtract {n}", n=-amount)
        ident = f"tally-{'add' if amount > 0 else 'sub'}-{abs(amount)}"
        return widgets.tap_button(label, act(partial(tally.add, amount)) if view["fits"][amount] else None,
                                  text=signed(amount), identifier=ident, kind=kind, sizes=sizes)

    total = widgets.labelled(ft.Text(str(view["total"]), size=sizes.score, weight=ft.FontWeight.W_700),
                             trf("Total: {total}", total=view["total"]), "tally-total")
    steps = [step(n, "tonal" if n > 0 else "outlined") for n in AMOUNTS]
    edits = [
        widgets.tap_button(tr("Take back the last one"), act(tally.drop_last) if tally.entries else None,
                           icon=ft.Icons.UNDO, identifier="tally-undo", kind="text", sizes=sizes),
        widgets.tap_button(tr("Start again"), act(tally.clear) if tally.entries else None,
                           icon=ft.Icons.CLEAR_ALL, identifier="tally-clear", kind="text", sizes=sizes),
    ]
    floor_note = (tr("This game's scores have no floor.") if view["floor"] is None
                  else trf("The sum stays at or above {floor}.", floor=view["floor"]))
    return [total, _text(sum_text(tally), sizes, "tally-sum"),
            buttons(steps), ft.Row(edits, wrap=True, spacing=8),
            _text(floor_note, sizes, "tally-floor", muted=True),
            *_target(screen, session, view, act)]


def _text(text: str, sizes: Sizes, ident: str, muted: bool = False) -> ft.Control:
    color = ft.Colors.ON_SURFACE_VARIANT if muted else None
    return ft.Semantics(identifier=ident, content=ft.Text(text, size=sizes.body, color=color))


def _target_session(screen: CalculatorsScreen) -> Session | None:
    """The chosen game's session (what the tally's view is drawn from, and a send goes through), if any."""
    game_id = screen.tally.game_id
    if game_id is None:
        return None
    try:
        return screen.app.changes.session(game_id)
    except Exception:  # deleted meanwhile: choose again
        screen.tally.game_id = screen.tally.player_id = None
        return None


def _target(screen: CalculatorsScreen, session: Session | None, view: TallyView,
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
    if session is None or not view["in_game"]:
        return rows
    rows.append(buttons([choice(trf("For {name}", name=p["name"]), act(partial(pick_player, p["id"])), sizes,
                                text=p["name"], identifier=f"tally-player-{p['id']}",
                                selected=p["id"] == tally.player_id, kind="outlined")
                         for p in view["players"]]))
    if tally.player_id is None or not view["total"]:
        return rows
    return rows + _send_sum(screen, session, view, tally.player_id)


def _send_sum(screen: CalculatorsScreen, session: Session, view: TallyView, player_id: str) -> list[ft.Control]:
    """The button that adds the sum to the chosen player's score (one undoable step), or why it cannot: as the
    tally's view says (a player no longer in the game: nothing to send)."""
    tally, sizes = screen.tally, screen.sizes
    command = AdjustScore(player_id, view["total"])
    name = next((p["name"] for p in view["players"] if p["id"] == player_id), None)
    if name is None:
        return []
    reason = lookup(view["actions"], command)

    def send() -> None:
        done = screen.app.changes.execute(session, command, debounce="tally-send")
        if done.changed:
            tally.clear()
            screen.app.page.run_task(_save, screen, tally.to_saved())
            screen.app.answers.show_info(trf("{done}. Undo is on the game screen.", done=done.text))
            screen.refresh()

    label = trf("Add {amount} to {name}", amount=signed(view["total"]), name=name)
    rows: list[ft.Control] = [widgets.tap_button(label, screen.app.answers.handler(send) if reason is None else None,
                                                 icon=ft.Icons.ADD_TASK, identifier="tally-send", sizes=sizes)]
    if reason is not None:
        rows.append(_text(render(reason), sizes, "tally-send-why", muted=True))
    return rows
