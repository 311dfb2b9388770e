"""Panels on the game screen: one per enabled module (or mode), found in this package.

A panel is a module that calls ``register(Panel(...))`` at import, named by its area's unit
(``ModuleUnit.panels``; the app's own are ``APP_PANELS``):

    register(Panel(id="broodmother", title="The Broodmother", help_topic="broodmother",
                   applies=lambda state: "broodmother" in state["modules_state"],
                   modules=("broodmother",), build=build_broodmother))

``build(ctx)`` draws the panel from its ``PanelContext``: the game's view and its area's own view (``ctx.area``),
which says which of its actions the game takes now and why not the others (its ``actions``, the core's answer:
``sends`` and ``refused`` read it; a panel never asks the session), a small frozen ``TabValue`` (language, text
sizes, may play or view only, layout) and ``ctx.dispatch(command)``, with the few services of the tab a panel
needs passed by name (``PanelServices``), never the tab itself.
Each module the state lists that no registered panel covers gets the generic module panel, so every
enabled module is visible from day one.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field, replace
from importlib import import_module
from typing import TYPE_CHECKING, Any, Literal, Protocol, TypeVar

import flet as ft

from companion.core.actions import Reason, allowed, lookup
from companion.core.commands.base import Command
from companion.core.content import Content
from companion.core.registry import the_apps_own
from companion.core.schema import JsonObject
from companion.core.session import Executed, Session
from companion.core.setup import setup_summary
from companion.core.state import State
from companion.ui.forward import Forward
from companion.ui.i18n import render, tr, trf
from companion.ui.kept import GameReader
from companion.ui.pieces import Pieces
from companion.ui.theme import Sizes

if TYPE_CHECKING:
    from companion.core.views import GameView
    from companion.ui.tab.answers import Answers

T = TypeVar("T")


@dataclass(frozen=True)
class TabValue:
    """What of the tab every panel is drawn with, as one value: a panel drawn with an equal one (and the same game)
    comes out the same, so the game screen compares it to keep a panel as drawn."""

    language: str
    sizes: Sizes
    wide: bool  # two columns (theme.WIDE)
    may_play: bool  # False: a guest let only to watch (the buttons are drawn, the server refuses their taps)
    guest: bool
    game: int  # the game as read (a game read again from disk gets handlers of its own)
    opened_tiles: frozenset[str]  # the tiles open on this tab (``widgets.lazy_tile``)


class Dialogs(Protocol):
    """A panel's dialogs go on the page: this much of it."""

    def show_dialog(self, dialog: ft.DialogControl) -> object: ...

    def pop_dialog(self) -> object: ...


@dataclass(frozen=True)
class PanelServices:
    """The few parts of the tab a panel needs, each passed by name (built once per game screen)."""

    answers: Answers  # a tap's handler, guarded actions, confirmations, notes and errors
    dialogs: Dialogs
    execute: Callable[..., Executed]  # the tab's ``Changes.execute`` (who may play, the revision shown, debounce)
    redraw: Callable[[], object]  # draw the screen again, its errors shown (a form's value the game refused)
    reveal: Callable[[str], None]  # scroll a keyed part into view once this tap's drawing is out
    typed_cards: Callable[[str], list[JsonObject]]  # the cards typed in earlier games, for a command's kind
    cue: Callable[[], None]  # her card was drawn: buzz and chime if this device wants it
    opened_tiles: set[str]  # the tiles open on this tab, changed by ``widgets.lazy_tile``
    owner: object  # the tab, only as the key of what it keeps between drawings (half-filled forms)


@dataclass
class PanelContext:
    """What a panel is drawn from: the game's view, the tab's value and services, and ``dispatch``.

    The game is read through ``_asking`` (``companion.ui.kept.GameReader``): what the panel reads of it (its
    state, the view, the answers it asks for) is noted, so a change that touched none of it leaves the panel as
    drawn. A panel never holds the session: its views say which actions the game takes now (``sends``, ``refused``)
    and it sends commands with ``dispatch``."""

    view: GameView
    tab: TabValue
    services: PanelServices
    _asking: GameReader
    _real: Session  # the game's session the commands go to (``Changes.execute`` tells a mirror from a local game)
    module_id: str | None = None
    pieces: Pieces = field(default_factory=lambda: Pieces(""))  # its parts kept as drawn (none kept by default)

    state = Forward[State]("_asking")
    content = Forward[Content]("_asking")

    @property
    def sizes(self) -> Sizes:
        return self.tab.sizes

    @property
    def game_id(self) -> str:
        return self._asking.id

    @property
    def answers(self) -> Answers:
        return self.services.answers

    @property
    def dialogs(self) -> Dialogs:
        return self.services.dialogs

    def ask(self, key: Hashable, compute: Callable[[State], T]) -> T:
        """An area's own view of the game (``compute(state)``), kept per game document and language."""
        return self._asking.ask(key, compute)

    def area(self, key: Hashable, view: Callable[[State, Content], T]) -> T:
        """An area's view of the game (``view(state, content)``: its ``actions`` too), asked as ``ask`` does, so a
        drawing is kept while what it read of the view is the same, whatever parts of the game the view read."""
        content = self.content
        return self.ask(("area", key), lambda state: view(state, content))

    def piece(self, name: str, build: Callable[[PanelContext], list[ft.Control]],
              col: ft.ResponsiveNumber | None = None) -> ft.Control:
        """A part of the panel, drawn by ``build`` from a context of its own and left on the page while nothing it
        read has changed (``companion.ui.pieces``): only what the game view says, nothing typed on this tab
        (``col``: its columns in a ``ResponsiveRow``)."""
        return self.pieces.draw(self, self._asking, self._real, name, build, col)

    def dispatch(self, command: Command, *, debounce: str | None = None) -> Executed:
        """Send ``command`` to the game (``debounce`` names the action whose hurried second tap is ignored)."""
        return self.services.execute(self._real, command, debounce=debounce)

    def run(self, command: Command, *, debounce: str | None = None) -> None:
        """``dispatch`` with its errors shown, not raised."""
        self.answers.guard(lambda: self.dispatch(command, debounce=debounce))

    def handler(self, command: Callable[[], Command], *, debounce: str | None = None) -> Callable[[object], None]:
        """An ``on_click`` that builds the command when tapped and dispatches it."""
        return self.answers.handler(lambda: self.dispatch(command(), debounce=debounce))

    def reveal(self, key: str) -> None:
        """Once this tap's drawing is on the page, scroll the part keyed ``key`` (an ``ft.ScrollKey``) into view:
        what a tap opens below or above the finger (a battle's steps, a cell's editor) is where the player looks."""
        self.services.reveal(key)


def sends(ctx: PanelContext, listed: Mapping[str, Reason | None], command: Command, *,
          debounce: str | None = None) -> Callable[[object], None] | None:
    """The tap that sends ``command``, or None (a disabled button) when the view says the game refuses it now."""
    return ctx.handler(lambda: command, debounce=debounce) if allowed(listed, command) else None


def refused(listed: Mapping[str, Reason | None], command: Command) -> str | None:
    """The view's reason the game refuses ``command`` now, in the reader's language; None when it takes it."""
    reason = lookup(listed, command)
    return None if reason is None else render(reason)


@dataclass(frozen=True)
class Panel:
    id: str
    title: str | Callable[[PanelContext], str]
    applies: Callable[[State], bool]
    build: Callable[[PanelContext], list[ft.Control]]
    help_topic: str | None = None
    modules: tuple[str, ...] = ()  # the modules (and variants) whose state it shows: no generic panel for those
    order: int = 50  # panels sort by it; 0 or less puts a panel above the round bar (a finished game's summary)
    # What this moment asks of the table (her card, her question, its answers): drawn above the standings.
    now: Callable[[PanelContext], list[ft.Control]] | None = None
    # True when the panel is done with (a finished setup checklist): folded to one line unless shown on this device.
    settled: Callable[[PanelContext], bool] | None = None
    settled_title: Callable[[PanelContext], str] | None = None
    # What else of this tab the drawing is made of (a half-filled form, the cards typed in earlier games).
    reads: Callable[[PanelContext], object] | None = None

    def title_for(self, ctx: PanelContext) -> str:
        return self.title(ctx) if callable(self.title) else self.title


def module_applies(key: str, listed_in: Literal["modules", "variants"] | None = None) -> Callable[[State], bool]:
    """A module panel's ``applies``: the game keeps the module's state (with ``listed_in``, and lists it there)."""

    def applies(state: State) -> bool:
        return key in state.get("modules_state", {}) and (listed_in is None or key in state.get(listed_in, []))

    return applies


_PANELS: dict[str, Panel] = {}
_loaded = False


def register(panel: Panel) -> None:
    """Register a panel: only the app's own (its ``build`` defined in ``companion.``)."""
    if the_apps_own(panel.build):
        _PANELS[panel.id] = panel


@dataclass(frozen=True)
class PanelFamily:
    """The panels of one game area's tab: they share when they apply and what else of the tab they are drawn from."""

    applies: Callable[[State], bool]
    reads: Callable[[PanelContext], object] | None = None

    def panel(self, id: str, title: str | Callable[[PanelContext], str],
              build: Callable[[PanelContext], list[ft.Control]], help_topic: str, order: int, **more: Any) -> Panel:
        """Register one panel of the family (``more``: any other ``Panel`` field, ``applies`` too); return it."""
        panel = replace(Panel(id=id, title=title, applies=self.applies, build=build, help_topic=help_topic, order=order,
                              reads=self.reads), **more)
        register(panel)
        return panel


#: The panels of the app itself, not of a game area: the "Now" checklist, and the points chart with the summary.
APP_PANELS = ("companion.ui.panels.checklist", "companion.ui.panels.picture")


def load_panels() -> None:
    """Import the app's own panels and the panels each module unit declares, once: each registers its panel.

    Found in one way: a game area's panels are named by its unit (``companion.core.units``; they may live beside
    its code), so a file in this folder that no unit names is a helper, never a panel by accident."""
    global _loaded
    if _loaded:
        return
    from companion.core.units import all_units

    for name in (*APP_PANELS, *(name for unit in all_units() for name in unit.panels)):
        import_module(name)
    _loaded = True


def _module_title(ctx: PanelContext) -> str:
    module = ctx.content.modules.get(ctx.module_id or "")
    return module.name if module else (ctx.module_id or tr("Module"))


def _module_build(ctx: PanelContext) -> list[ft.Control]:
    """A module's setup reminders from the data, and its "?": it stands in for an enabled module that no tracker
    panel covers yet, so a table always sees which modules are in play and can open their rules."""
    title = _module_title(ctx)
    steps = [s["text"] for s in setup_summary(ctx.state, ctx.content) if s["group"] == title]
    if not steps:
        return [ft.Text(tr("In play. The \"?\" opens its rules."),
                        size=ctx.sizes.small, color=ft.Colors.ON_SURFACE_VARIANT)]
    return [ft.Text(trf("- {step}", step=tr(text)), size=ctx.sizes.small) for text in steps]


#: The generic module panel, one per module the state lists that no registered panel covers.
MODULE_PANEL = Panel(id="module", title=_module_title, applies=lambda state: False, build=_module_build)


def all_panels(state: State) -> list[tuple[Panel, str | None]]:
    """Every panel a game could show, in order, whether or not it applies now (the game screen gives each a
    place from the start, so one that comes mid-game changes no other control on the page)."""
    load_panels()
    out: list[tuple[Panel, str | None]] = [(p, None) for p in sorted(_PANELS.values(), key=lambda p: (p.order, p.id))]
    return out + [(MODULE_PANEL, m) for m in state["modules"]]


def panels_for(state: State) -> list[tuple[Panel, str | None]]:
    """The panels a game shows, in order: registered ones that apply, then one per other module."""
    every = all_panels(state)
    chosen = [panel for panel, module in every if module is None and panel.applies(state)]
    covered = {m for panel in chosen for m in panel.modules}
    out: list[tuple[Panel, str | None]] = [(panel, None) for panel in chosen]
    return out + [(panel, module) for panel, module in every if module is not None and module not in covered]
