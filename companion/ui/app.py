"""The app shell: shared saves for all tabs, routing to screens, commands, errors and broadcasts.

One ``AppContext`` per server process holds the saves and one ``Session`` per open game,
shared by every browser tab, so two phones at one table never write over each other.
One ``PageApp`` per tab routes URLs to screens, runs commands through the shared session
and tells the other tabs (``page.pubsub``) to re-render. Every handler goes through
``guard``: a core error becomes a readable message, anything else a calm apology - never
a traceback or a blank page.

While the table is shared (``companion.ui.share``), a tab that came in through the shared
address is a *guest*: it sees only the join page until it joins, then only the shared
game and the rules; it may change the game only if the host lets it play, and never
anything else (saves, settings). Every such check is made here, on the server, whatever
the buttons showed. A command carries the revision the tab had shown, so the same tap
on two devices counts once (``Session.execute``).
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import flet as ft

from companion.core.i18n import Msg, normalize
from companion.core.session import Session
from companion.store import GameStore
from companion.store.settings import SettingsStore, settings_path
from companion.ui import flet_events, i18n, theme
from companion.ui.game_files import GameFiles
from companion.ui.share import JOIN_PARAM, Table
from companion.ui.tab.answers import Answers, explain
from companion.ui.tab.base import TabBase
from companion.ui.tab.changes import Changes
from companion.ui.tab.device import DeviceSettings
from companion.ui.tab.guests import Guests
from companion.ui.tab.routes import ErrorScreen, Router, Routes, _match, discover_screens, split_route

if TYPE_CHECKING:
    from companion.table.guest import TableGuest
    from companion.table.host import TableHost
    from companion.table.link import Linker
    from companion.ui.sharing import ShareServer

__all__ = ["AppContext", "ErrorScreen", "PageApp", "Router", "SessionPool", "_match", "discover_screens", "make_main",
           "split_route"]

log = logging.getLogger("companion.ui")

APP_TITLE = "March of the Ants companion"


# -- process-wide ---------------------------------------------------------------------
class SessionPool:
    """One live ``Session`` per game for the whole server, so every tab sees the same history."""

    def __init__(self, store: GameStore) -> None:
        self._store = store
        self._sessions: dict[str, Session] = {}
        self._lock = threading.RLock()

    def get(self, game_id: str) -> Session:
        """The live session. One saved elsewhere meanwhile is not reloaded here: a tap made on what
        the screen showed must be refused by the save (``StoreConflict``), not applied to a game the
        player has not seen; the refusal drops this copy and every tab then shows the saved game."""
        with self._lock:
            if game_id not in self._sessions:
                self._sessions[game_id] = self._store.session(game_id)
            return self._sessions[game_id]

    def add(self, session: Session) -> None:
        with self._lock:
            self._sessions[session.id] = session

    def forget(self, game_id: str) -> None:
        with self._lock:
            self._sessions.pop(game_id, None)


@dataclass
class AppContext:
    """Everything the tabs of one server share."""

    store: GameStore
    settings: SettingsStore
    sessions: SessionPool
    notices: list[Msg | str] = field(default_factory=list)
    table: Table = field(default_factory=Table)
    sharing: ShareServer | None = None
    default_language: str | None = None
    """``companion app --lang``: the language of a device that has not chosen one (else its browser's)."""
    linker: Linker | None = None
    """How this device links to other phones (the phone build's WebRTC; a memory linker in tests): a table of phones."""
    phone_table: TableHost | None = None
    """This phone's game shared with other phones (``companion.table.host``), while it is."""
    table_guest: TableGuest | None = None
    """This phone at another phone's table (``companion.table.guest``): the host's game as last heard."""

    @classmethod
    def open(cls, db: str | os.PathLike[str] | None = None, language: str | None = None) -> AppContext:
        store = GameStore(db)
        settings = SettingsStore(settings_path(store.path))
        notices: list[Msg | str] = [*store.take_notices(), *([settings.notice] if settings.notice else [])]
        return cls(store, settings, SessionPool(store), notices, default_language=normalize(language))


# -- one browser tab --------------------------------------------------------------------
class PageApp(TabBase):
    """The app in one tab (or window): its state and lifecycle, and messages from other tabs. What it does is in
    its parts (``companion.ui.tab``), each handed only the parts it uses: ``answers`` (handlers, errors, notes,
    confirmations), ``routes`` (which screen, drawing it again), ``guests`` (who this tab is at a shared table and
    what it may do), ``changes`` (commands, undo, redo, deleting a game) and ``device_settings``."""

    def __init__(self, page: ft.Page, ctx: AppContext, router: Router) -> None:
        super().__init__(page, ctx)
        self.answers = Answers(self)
        self.routes = Routes(self, router)
        self.guests = Guests(self, self.answers, self.routes)
        self.changes = Changes(self, self.answers, self.routes, self.guests)
        self.device_settings = DeviceSettings(self, self.routes, self.guests)

    def start(self) -> None:
        with self.own_context():
            self._start()

    def _start(self) -> None:
        page = self.page
        page.title = APP_TITLE
        self.sizes = theme.apply(page, self.settings)
        page.on_route_change = self.routes.on_route_change
        page.on_view_pop = self.routes.on_view_pop
        page.on_connect = self._on_reconnect
        page.on_resize = self._on_resize
        page.pubsub.subscribe(self._on_message)
        flet_events.answered_by(page, self.answers.screen_changed)  # a tap on a control drawn anew, not taken
        self.guest = self.guests.came_through_share()
        if self.guest:
            self.join_token = split_route(page.route)[1].get(JOIN_PARAM)
            page.run_task(self.guests.restore_device)
        try:
            self.wakelock = ft.Wakelock()
        except Exception:  # an older client without the service: the setting says so
            log.exception("wakelock unavailable")
        try:
            self.preferences = ft.SharedPreferences()
        except Exception:
            log.exception("device storage unavailable")
        _ = self.files  # the file picker service goes out with the first page
        self.routes.show_route(page.route)
        self.device_settings.apply_keep_awake()
        if self.preferences is not None and self.connected:
            self.page.run_task(self.device_settings.load_device_language)

    @property
    def files(self) -> GameFiles:
        """Rename, export and import for this tab, with its file picker (made on first use, on this page)."""
        if self._files is None:
            self._files = GameFiles(self)
        return self._files

    def _on_reconnect(self, _: object = None) -> None:
        """Back from sleep: show what changed meanwhile (other tabs' broadcasts were skipped)."""
        self.guest = self.guest or self.guests.came_through_share()
        if self._missed or self.guest:
            self._missed = False
            self.answers.guard(lambda: self.routes.show_route(self.page.route))

    def _on_resize(self, _: object = None) -> None:
        """Across the tablet width the text size and the game screen's columns change: redraw; else the content
        only stays centred."""
        if theme.scale_for(self.settings.text_scale, self.page.width) != self.sizes.scale:
            self.answers.guard(self.device_settings.apply_settings)
        elif self.screen is not None:
            self.answers.guard(self.screen.resized)

    async def _on_message(self, message: object) -> None:
        if not isinstance(message, dict):
            return
        if not self.connected:
            self._missed = True
            return
        try:
            with self.own_context():  # another tab's broadcast runs in that tab's context
                if message.get("kind") == "settings":
                    self.device_settings.apply_settings()
                elif message.get("kind") == "share":
                    if self.guest:
                        self.routes.show_route(self.page.route)  # removed, let play or not, or sharing stopped
                    else:
                        self.guests.share_changed_here()
                elif self.screen is not None:
                    self.screen.on_message(message)
        except Exception:
            log.exception("could not apply a message from another tab")


def make_main(ctx: AppContext, router: Router | None = None) -> Callable[[ft.Page], None]:
    """The per-tab entry point Flet calls; the router is built once for all tabs."""
    shared_router = router or Router()

    def main(page: ft.Page) -> None:
        app = PageApp(page, ctx, shared_router)
        try:
            app.start()
        except Exception as exc:  # the last guard: a message, never a blank page
            log.exception("the app could not start")
            with i18n.using(app.language):
                page.views.clear()
                page.views.append(ft.View(route="/", controls=[ft.Text(explain(exc), size=18, selectable=True)]))
                page.update()

    return main
