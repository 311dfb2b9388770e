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

import asyncio
import logging
import os
import secrets
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from importlib import import_module
from pkgutil import iter_modules
from types import ModuleType
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qsl, urlsplit

import flet as ft

from companion.core.commands.base import Command
from companion.core.errors import AlreadyDone, GameError, StaleChange
from companion.core.i18n import Msg, normalize
from companion.core.session import NOTHING_DONE, Executed, Session
from companion.store import GameDeleted, GameStore, StoreConflict
from companion.store.settings import Settings, SettingsStore, settings_path
from companion.ui import i18n, theme, widgets
from companion.ui.game_files import GameFiles
from companion.ui.guard import VIA_SHARED_SOCKET
from companion.ui.models import Debouncer, ShownRevisions
from companion.ui.screen import Screen
from companion.ui.share import JOIN_PARAM, Device, Table

if TYPE_CHECKING:
    from companion.ui.share_view import ShareDialog
    from companion.ui.sharing import ShareServer

log = logging.getLogger("companion.ui")

APP_TITLE = "March of the Ants companion"
LANGUAGE_KEY = "companion.language"
SCREENS_PACKAGE = "companion.ui.screens"
LOOPBACK_HOSTS = frozenset({"127.0.0.1", "localhost", "::1"})
GUEST_ROUTES = ("/game/", "/rules", "/calculators", "/join")
DEVICE_KEY = "companion.table-device"


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

    @classmethod
    def open(cls, db: str | os.PathLike[str] | None = None, language: str | None = None) -> AppContext:
        store = GameStore(db)
        settings = SettingsStore(settings_path(store.path))
        notices: list[Msg | str] = [*store.take_notices(), *([settings.notice] if settings.notice else [])]
        return cls(store, settings, SessionPool(store), notices, default_language=normalize(language))


# -- routing --------------------------------------------------------------------------
ScreenFactory = Callable[["PageApp", str, dict[str, str]], Screen]


def _match(pattern: str, path: str) -> dict[str, str] | None:
    """``/game/:id`` against ``/game/g-1`` -> ``{"id": "g-1"}``; None if it does not fit."""
    want = [p for p in pattern.split("/") if p]
    have = [p for p in path.split("/") if p]
    if len(want) != len(have):
        return None
    params: dict[str, str] = {}
    for w, h in zip(want, have, strict=True):
        if w.startswith(":"):
            params[w[1:]] = h
        elif w != h:
            return None
    return params


class Router:
    """Routes from the modules of ``companion.ui.screens``: a new screen is one new module.

    A module declares ``ROUTE`` (e.g. ``"/game/:id"``) and ``SCREEN`` (a ``Screen``
    subclass). One marked ``PLACEHOLDER = True`` gives way to any other module with the
    same route, so the real Rules screen replaces the placeholder by simply existing.
    """

    def __init__(self, modules: list[ModuleType] | None = None) -> None:
        found = modules if modules is not None else discover_screens()
        routes: dict[str, ModuleType] = {}
        for module in sorted(found, key=lambda m: bool(getattr(m, "PLACEHOLDER", False))):
            routes.setdefault(module.ROUTE, module)
        self.routes = routes

    def resolve(self, path: str) -> tuple[type[Screen], dict[str, str]] | None:
        for pattern, module in self.routes.items():
            params = _match(pattern, path)
            if params is not None:
                screen_cls: type[Screen] = module.SCREEN
                return screen_cls, params
        return None


def discover_screens() -> list[ModuleType]:
    package = import_module(SCREENS_PACKAGE)
    modules = [import_module(f"{SCREENS_PACKAGE}.{info.name}") for info in iter_modules(package.__path__)]
    return [m for m in modules if hasattr(m, "ROUTE") and hasattr(m, "SCREEN")]


def split_route(route: str) -> tuple[str, dict[str, str]]:
    parts = urlsplit(route or "/")
    return (parts.path or "/"), dict(parse_qsl(parts.query))


class ErrorScreen(Screen):
    """Shown instead of a blank page when a screen cannot be built."""

    title = "Something went wrong"
    identifier = "error"

    def heading(self) -> str:
        return i18n.tr("Something went wrong")

    def body(self) -> list[ft.Control]:
        message = self.params.get("message") or i18n.tr("This page could not be shown.")
        return [
            widgets.banner(message, self.sizes, identifier="error-banner", error=True),
            widgets.tap_button(i18n.tr("Back to the home screen"), self.app.handler(lambda: self.app.go("/")),
                               icon=ft.Icons.HOME, identifier="go-home", sizes=self.sizes),
        ]


# -- one browser tab --------------------------------------------------------------------
class PageApp:
    """The app in one tab (or window): routing, commands, messages, settings."""

    def __init__(self, page: ft.Page, ctx: AppContext, router: Router) -> None:
        self.page = page
        self.ctx = ctx
        self.router = router
        self.debouncer = Debouncer()
        self.opened_tiles: set[str] = set()  # tiles opened on this tab (``widgets.lazy_tile``)
        self.tapped: ft.Control | None = None  # while a tap's handler runs, the control tapped
        self.sizes = theme.Sizes()
        self.screen: Screen | None = None
        self.wakelock: ft.Wakelock | None = None
        self.wakelock_note: str | None = None
        self._files: GameFiles | None = None
        self._awake = False
        self._missed = False
        self.origin = secrets.token_hex(4)  # this tab, as the sessions know it
        self.guest = False
        self.device_id: str | None = None
        self.join_token: str | None = None
        self.join_problem = ""  # why the last join failed, for the join page shown next
        self.shown = ShownRevisions()
        self.share_dialog: ShareDialog | None = None
        self.preferences: ft.SharedPreferences | None = None
        self.language = ctx.default_language or i18n.browser_language() or "en"
        i18n.attach(page, self)

    # lifecycle
    def start(self) -> None:
        with i18n.using(self.language):
            self._start()

    def _start(self) -> None:
        page = self.page
        page.title = APP_TITLE
        self.sizes = theme.apply(page, self.settings)
        page.on_route_change = self._on_route_change
        page.on_view_pop = self._on_view_pop
        page.on_connect = self._on_reconnect
        page.on_resize = self._on_resize
        page.pubsub.subscribe(self._on_message)
        self.guest = self._came_through_share()
        if self.guest:
            self.join_token = split_route(page.route)[1].get(JOIN_PARAM)
            page.run_task(self._restore_device)
        try:
            self.wakelock = ft.Wakelock()
        except Exception:  # an older client without the service: the setting says so
            log.exception("wakelock unavailable")
        try:
            self.preferences = ft.SharedPreferences()
        except Exception:
            log.exception("device storage unavailable")
        _ = self.files  # the file picker service goes out with the first page
        self.show_route(page.route)
        self._apply_keep_awake()
        if self.preferences is not None and self.connected:
            self.page.run_task(self._load_device_language)

    @property
    def files(self) -> GameFiles:
        """Rename, export and import for this tab, with its file picker (made on first use, on this page)."""
        if self._files is None:
            self._files = GameFiles(self)
        return self._files

    @property
    def connected(self) -> bool:
        """False while the tab is away (phone asleep, network gone); Flet keeps the session a while."""
        return self.page.session.connection is not None

    def _on_reconnect(self, _: Any = None) -> None:
        """Back from sleep: show what changed meanwhile (other tabs' broadcasts were skipped)."""
        self.guest = self.guest or self._came_through_share()
        if self._missed or self.guest:
            self._missed = False
            self.guard(lambda: self.show_route(self.page.route))

    def _on_resize(self, _: Any = None) -> None:
        """Across the tablet width the text size and the game screen's columns change: redraw; else the content
        only stays centred."""
        if theme.scale_for(self.settings.text_scale, self.page.width) != self.sizes.scale:
            self.guard(self.apply_settings)
        elif self.screen is not None:
            self.guard(self.screen.resized)

    @property
    def settings(self) -> Settings:
        return self.ctx.settings.current

    # routing
    def go(self, route: str, **query: str) -> None:
        self.page.navigate(route, **query)

    def _on_route_change(self, e: ft.RouteChangeEvent) -> None:
        self.show_route(e.route)

    def _on_view_pop(self, _: ft.ViewPopEvent) -> None:
        """The system back (Android's, a view pop): one step up from this screen, as its back arrow goes."""
        self.go(self.screen.up_route() if self.screen is not None else "/")

    def _make(self, route: str) -> Screen:
        path, query = split_route(route)
        found = self.router.resolve(path)
        if found is None:
            return ErrorScreen(self, route, {"message": i18n.trf("There is no page at {path}.", path=path)})
        screen_cls, params = found
        return screen_cls(self, route, {**query, **params})

    def show_route(self, route: str) -> None:
        """Build the screen for ``route`` on top of Home (so Back and the system back work)."""
        with i18n.using(self.language):
            self._show_route(route)

    def _show_route(self, route: str) -> None:
        if self.guest:
            self._show_guest_route(route)
            return
        views: list[ft.View] = []
        try:
            path, _ = split_route(route)
            if path == "/join":
                route, path = "/", "/"
            if path != "/":
                views.append(self._make("/").build_view())
            self.screen = self._make(route)
            views.append(self.screen.build_view())
        except Exception as exc:
            log.exception("could not build %s", route)
            self.screen = ErrorScreen(self, route, {"message": _explain(exc)})
            views = [self.screen.build_view()]
        self.page.views.clear()
        self.page.views.extend(views)
        self.page.update()
        self.screen.after_show()

    def _show_guest_route(self, route: str) -> None:
        """A guest sees the join page until it joins, then the shared game and the rules only."""
        path, _ = split_route(route)
        game = self.ctx.table.game_id
        if self.device is None or game is None:
            route = "/join"
        elif not path.startswith(GUEST_ROUTES) or (path.startswith("/game/") and path != f"/game/{game}") \
                or path == "/join":
            route = f"/game/{game}"
        try:
            self.screen = self._make(route)
            view = self.screen.build_view()
        except Exception as exc:
            log.exception("could not build %s", route)
            self.screen = ErrorScreen(self, route, {"message": _explain(exc)})
            view = self.screen.build_view()
        self.page.views.clear()
        self.page.views.append(view)
        self.page.update()

    def refresh(self, touched: ft.Control | None = None) -> None:
        """Draw the screen again from the game as saved; ``touched``: the control a tap of this tab's came from."""
        if self.screen is not None:
            with i18n.using(self.language):
                self.screen.refresh(touched)

    # the shared table
    def _came_through_share(self) -> bool:
        """True when this tab reached the server through the shared socket, not loopback.

        Two signals, either is enough: the guard marks the connection it let in through the
        shared socket, and it answers each socket only to that socket's own address, so the
        address the page was loaded from tells the same.
        """
        if VIA_SHARED_SOCKET.get():
            return True
        try:
            url = self.page.url or ""
        except Exception:  # disconnected: keep what we knew
            return False
        host = urlsplit(url).hostname
        return host is not None and host not in LOOPBACK_HOSTS

    @property
    def device(self) -> Device | None:
        """This guest's entry at the table, or None (not joined, removed, or sharing stopped)."""
        return self.ctx.table.device(self.device_id)

    @property
    def can_play(self) -> bool:
        """The host's device always; a guest only if it joined and the host lets it play."""
        if not self.guest:
            return True
        device = self.device
        return device is not None and device.can_play

    def require_host(self) -> None:
        if self.guest:
            raise GameError(i18n.tr("Only the host's device can do that."))

    def require_play(self, session: Session) -> None:
        """Refuse a change from a guest that may not make it (whatever its buttons showed)."""
        if not self.guest:
            return
        device = self.device
        if device is None:
            raise GameError(i18n.tr("This device is no longer at the table. "
                                    "Join again with the code on the host's screen."))
        if not device.can_play:
            raise GameError(i18n.tr("This device is set to view only. The host can let it play."))
        if session.id != self.ctx.table.game_id:
            raise GameError(i18n.tr("From this device only the shared game can be changed."))

    def joined(self, device: Device) -> None:
        """A guest got in: remember it in this browser, tell the host, show the game."""
        self.device_id = device.id
        self.join_token = None
        self.page.run_task(self._remember_device, device.secret)
        self.broadcast({"kind": "share"})
        self.go(f"/game/{self.ctx.table.game_id}")  # a new address: the spent link leaves the address bar

    async def _remember_device(self, secret: str) -> None:
        try:
            await asyncio.wait_for(ft.SharedPreferences().set(DEVICE_KEY, f"{self.ctx.table.share_id}:{secret}"), 5)
        except Exception as exc:  # it then rejoins with a code after a long sleep
            log.info("could not keep the device key: %s", exc)

    async def _restore_device(self) -> None:
        """A phone back from a long sleep (a new session): rejoin with the key its browser kept."""
        try:
            kept = await asyncio.wait_for(ft.SharedPreferences().get(DEVICE_KEY), 5)
        except Exception as exc:
            log.info("could not read the device key: %s", exc)
            return
        if not isinstance(kept, str) or ":" not in kept or self.device is not None:
            return
        share_id, secret = kept.split(":", 1)
        table = self.ctx.table
        device = table.device_for_secret(secret) if share_id == table.share_id else None
        if device is not None:
            self.device_id = device.id
            self.show_route(self.page.route)

    def start_sharing(self, game_id: str) -> None:
        """Open the shared listener (in the event loop; handlers run there too) and show the result."""
        self.require_host()
        sharing = self.ctx.sharing
        if sharing is None:
            raise GameError(i18n.tr("Sharing needs the web app (it is not available in the desktop window)."))
        self.page.run_task(self._sharing_task, sharing.start_async(game_id))

    def stop_sharing(self) -> None:
        self.require_host()
        if self.ctx.sharing is not None:
            self.page.run_task(self._sharing_task,
                               self.ctx.sharing.stop_async(tell=lambda: self.broadcast({"kind": "share"})))

    async def _sharing_task(self, change: Any) -> None:
        try:
            await change
        except GameError as exc:
            self.show_error(str(exc))
        except Exception as exc:
            log.exception("sharing failed")
            self.show_error(_explain(exc))
        self.broadcast({"kind": "share"})
        self._share_changed_here()

    def _share_changed_here(self) -> None:
        if self.share_dialog is not None:
            self.share_dialog.refresh()
        self.refresh()

    def share_changed(self) -> None:
        """The host changed who is at the table: tell every tab."""
        self.require_host()
        self.broadcast({"kind": "share"})

    # what this tab has shown, for telling two devices' taps apart
    def note_shown(self, session: Session) -> None:
        """The screen was just built from this revision of the game (and goes out now)."""
        self.shown.sent(session.id, session.revision)

    def seen_revision(self, session: Session) -> int | None:
        return self.shown.seen(session.id)

    # handlers and errors
    def handler(self, action: Callable[[], Any]) -> Callable[[Any], None]:
        """Wrap a zero-argument action as an event handler that never lets an error escape."""

        def run(event: Any = None) -> None:
            with self.tapping(event):
                self.guard(action)

        return run

    @contextmanager
    def tapping(self, event: Any) -> Iterator[None]:
        """While a tap's handler runs, the control tapped (a change it makes answers there first: ``refresh``)."""
        self.tapped = getattr(event, "control", None)
        try:
            yield
        finally:
            self.tapped = None

    def guard(self, action: Callable[[], Any]) -> Any:
        with i18n.using(self.language):
            return self._guarded(action)

    def _guarded(self, action: Callable[[], Any]) -> Any:
        try:
            return action()
        except GameError as exc:
            self.show_error(str(exc))
        except Exception as exc:
            log.exception("handler failed")
            self.show_error(_explain(exc))
        return None

    def show_error(self, message: str) -> None:
        self.page.show_dialog(widgets.error_snack(message, self.sizes))

    def show_info(self, message: str) -> None:
        self.page.show_dialog(widgets.info_snack(message, self.sizes))

    def confirm(self, title: str, message: str, confirm_label: str, on_confirm: Callable[[], Any]) -> None:
        """Ask first when the setting says so; otherwise act at once."""
        if not self.settings.confirm_destructive:
            self.guard(on_confirm)
            return

        def ok() -> None:
            self.page.pop_dialog()
            self.guard(on_confirm)

        def cancel() -> None:
            self.page.pop_dialog()

        self.page.show_dialog(widgets.confirm_dialog(title, message, confirm_label, ok, cancel, self.sizes))

    # games
    def typed_cards(self, kind: str) -> list[dict[str, Any]]:
        """The cards players typed in earlier games for command ``kind`` (``companion.core.library``)."""
        from companion.core.library import offered

        return offered(self.ctx.store.library.entries(), kind)

    def session(self, game_id: str) -> Session:
        return self.ctx.sessions.get(game_id)

    def execute(self, session: Session, command: Command, *, debounce: str | None = None) -> Executed:
        """Run a command (not if it is a hurried second tap) and show the result everywhere; say what it did."""
        self.require_play(session)
        if debounce and not self.debouncer.allow(debounce):
            return NOTHING_DONE
        with self._shared_change(session):
            done = session.execute(command, expected_rev=self.seen_revision(session), origin=self.origin)
            self._own_change(session)
            return done
        return NOTHING_DONE

    def undo(self, session: Session) -> None:
        self.require_play(session)
        if self.debouncer.allow("undo"):
            with self._shared_change(session):
                session.undo(expected_rev=self.seen_revision(session), origin=self.origin)
                self._own_change(session)

    def redo(self, session: Session) -> None:
        self.require_play(session)
        if self.debouncer.allow("redo"):
            with self._shared_change(session):
                session.redo(expected_rev=self.seen_revision(session), origin=self.origin)
                self._own_change(session)

    def _own_change(self, session: Session) -> None:
        """This tab made the change: its player sees the result at once, and so does every tab."""
        self.shown.own_change(session.id, session.revision)
        self.game_changed(session.id, touched=self.tapped)  # what the tap touched first (``GameScreen.refresh``)

    @contextmanager
    def _shared_change(self, session: Session) -> Iterator[None]:
        """Another device got there first: say so and show what it did, not an error."""
        try:
            with self._reload_on_conflict(session):
                yield
        except AlreadyDone as exc:
            self.refresh()
            self.show_info(str(exc))
        except StaleChange:
            self.refresh()
            raise

    @contextmanager
    def _reload_on_conflict(self, session: Session) -> Iterator[None]:
        """Someone else saved this game meanwhile: drop our copy so every tab shows the saved one."""
        try:
            yield
        except GameDeleted:
            self.ctx.sessions.forget(session.id)
            self.broadcast({"kind": "game", "id": session.id, "deleted": True})
            self.go("/")  # never rebuild the screen of a game that is gone
            raise
        except StoreConflict:
            self.ctx.sessions.forget(session.id)
            self.game_changed(session.id)
            raise

    def game_changed(self, game_id: str, *, deleted: bool = False, touched: ft.Control | None = None) -> None:
        self.broadcast({"kind": "game", "id": game_id, "deleted": deleted})
        self.refresh(touched)

    def delete_game(self, game_id: str, name: str, after: Callable[[], Any] | None = None) -> None:
        self.require_host()

        def delete() -> None:
            self.require_host()
            self.ctx.store.delete(game_id)
            self.ctx.sessions.forget(game_id)
            if self.ctx.table.active and self.ctx.table.game_id == game_id:
                self.stop_sharing()  # the table's game is gone: so is the table
            self.broadcast({"kind": "game", "id": game_id, "deleted": True})
            self.show_info(i18n.trf("Deleted {name}.", name=name))
            if after:
                after()
            else:
                self.refresh()

        self.confirm(i18n.tr("Delete this game?"),
                     i18n.trf("{name} will be removed from this device. This cannot be undone.", name=name),
                     i18n.tr("Delete"), delete)

    # messages between tabs
    def broadcast(self, message: dict[str, Any]) -> None:
        self.page.pubsub.send_others(message)

    async def _on_message(self, message: Any) -> None:
        if not isinstance(message, dict):
            return
        if not self.connected:
            self._missed = True
            return
        try:
            with i18n.using(self.language):  # another tab's broadcast runs in that tab's context
                if message.get("kind") == "settings":
                    self.apply_settings()
                elif message.get("kind") == "share":
                    if self.guest:
                        self.show_route(self.page.route)  # removed, let play or not, or sharing stopped
                    else:
                        self._share_changed_here()
                elif self.screen is not None:
                    self.screen.on_message(message)
        except Exception:
            log.exception("could not apply a message from another tab")

    # settings
    def update_settings(self, **changes: Any) -> None:
        self.require_host()
        self.ctx.settings.update(**changes)
        self.broadcast({"kind": "settings"})
        self.apply_settings()

    # the language: this device's, not the server's
    def set_language(self, lang: str, *, remember: bool = True) -> None:
        """Show this tab in ``lang`` (other tabs and devices keep theirs); kept on this device."""
        chosen = normalize(lang) or "en"
        changed = chosen != self.language
        self.language = chosen
        if remember and self.preferences is not None and self.connected:
            self.page.run_task(self._save_device_language, chosen)
        if changed:
            self.show_route(self.page.route)

    async def _save_device_language(self, lang: str) -> None:
        assert self.preferences is not None
        try:
            await asyncio.wait_for(self.preferences.set(LANGUAGE_KEY, lang), timeout=5)
        except Exception as exc:  # a browser without storage: the choice lasts for this visit
            log.info("could not keep the language on this device: %s", exc)

    async def _load_device_language(self) -> None:
        """The language chosen earlier on this device, if any (asked once the first page is out)."""
        assert self.preferences is not None
        try:
            stored = await asyncio.wait_for(self.preferences.get(LANGUAGE_KEY), timeout=5)
        except Exception as exc:
            log.info("could not read the language kept on this device: %s", exc)
            return
        if isinstance(stored, str) and normalize(stored) and normalize(stored) != self.language:
            self.set_language(stored, remember=False)

    def apply_settings(self) -> None:
        with i18n.using(self.language):
            self.sizes = theme.apply(self.page, self.settings)
            self._apply_keep_awake()
            self.refresh()
            self.page.update()

    def _apply_keep_awake(self) -> None:
        """Enable or release the wakelock when the setting differs from what this tab asked for."""
        wanted = self.settings.keep_awake
        if self.wakelock is not None and wanted != self._awake and self.connected:
            self._awake = wanted
            self.page.run_task(self._set_wakelock, wanted)

    async def _set_wakelock(self, on: bool) -> None:
        """Ask the device to stay awake; a browser that cannot is noted, not fatal."""
        assert self.wakelock is not None
        try:
            call = self.wakelock.enable() if on else self.wakelock.disable()
            await asyncio.wait_for(call, timeout=5)
            self.wakelock_note = None
        except Exception as exc:
            self.wakelock_note = i18n.tr("This device or browser did not allow keeping the screen awake.")
            log.info("wakelock %s failed: %s", "enable" if on else "disable", exc)


def _explain(exc: BaseException) -> str:
    if isinstance(exc, GameError):
        return str(exc)
    return i18n.trf("Something went wrong ({problem}). Your games are saved; go back and try again.",
                    problem=type(exc).__name__ + ": " + str(exc))


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
                page.views.append(ft.View(route="/", controls=[ft.Text(_explain(exc), size=18, selectable=True)]))
                page.update()

    return main
