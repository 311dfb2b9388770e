"""Routing for one tab: URLs to screens (each a module of ``companion.ui.screens``), drawn on top of Home."""

from __future__ import annotations

import logging
from collections.abc import Callable
from importlib import import_module
from pkgutil import iter_modules
from types import ModuleType
from typing import TYPE_CHECKING
from urllib.parse import parse_qsl, urlsplit

import flet as ft

from companion import spans
from companion.ui import dialog_stack, i18n, widgets
from companion.ui.screen import Screen
from companion.ui.tab.answers import explain

if TYPE_CHECKING:
    from companion.ui.app import PageApp

log = logging.getLogger("companion.ui")

SCREENS_PACKAGE = "companion.ui.screens"
GUEST_ROUTES = ("/game/", "/rules", "/calculators", "/join")
DISMISS_WAIT = 1.0  # s at most that going elsewhere waits for a dialog closing now to be gone from the client

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


#: The screens a tab opens on, imported with the router. The others (with the panels, the calculators and the
#: Broodmother's rules they bring: about 175 modules, more than half of the app's imports) are imported when a
#: route first needs them, or by ``discover_in_steps`` once the first screen is up: on a phone they made a start
#: import them all before drawing Home.
FIRST_SCREENS = ("home",)
#: The screens Home leads to most (a game resumed, a new one), imported first of the others.
SOON_AFTER = ("game", "new_game")


def _route_table(modules: list[ModuleType]) -> dict[str, ModuleType]:
    """Each route's module: a real screen before a ``PLACEHOLDER``, else the first found."""
    routes: dict[str, ModuleType] = {}
    for module in sorted(modules, key=lambda m: bool(getattr(m, "PLACEHOLDER", False))):
        routes.setdefault(module.ROUTE, module)
    return routes


def _found(table: dict[str, ModuleType], path: str) -> tuple[type[Screen], dict[str, str]] | None:
    for pattern, module in table.items():
        params = _match(pattern, path)
        if params is not None:
            screen_cls: type[Screen] = module.SCREEN
            return screen_cls, params
    return None


class Router:
    """Routes from the modules of ``companion.ui.screens``: a new screen is one new module.

    A module declares ``ROUTE`` (e.g. ``"/game/:id"``) and ``SCREEN`` (a ``Screen``
    subclass). One marked ``PLACEHOLDER = True`` gives way to any other module with the
    same route, so the real Rules screen replaces the placeholder by simply existing.
    ``modules`` given: those alone; else the package's, the ``FIRST_SCREENS`` at once and the rest when needed.
    """

    def __init__(self, modules: list[ModuleType] | None = None, first: tuple[str, ...] = FIRST_SCREENS) -> None:
        self._all = _route_table(modules) if modules is not None else None
        self._some: dict[str, ModuleType] = {}  # the real screens imported so far, while not every one is
        if modules is None:
            self._take(first)

    def _take(self, names: tuple[str, ...]) -> None:
        """Import the screen modules ``names`` (those not yet imported) and know their routes (not placeholders')."""
        for name in names:
            module = import_module(f"{SCREENS_PACKAGE}.{name}")
            if hasattr(module, "ROUTE") and not getattr(module, "PLACEHOLDER", False):
                self._some.setdefault(module.ROUTE, module)

    @property
    def routes(self) -> dict[str, ModuleType]:
        """Every route's module (the first call imports every screen module)."""
        if self._all is None:
            self._all = _route_table(discover_screens())
        return self._all

    def import_all(self) -> None:
        """Every screen module imported now (the served app, before it serves) and the route table built."""
        self.routes  # noqa: B018 - the property imports them

    @property
    def discovered(self) -> bool:
        return self._all is not None

    def resolve(self, path: str) -> tuple[type[Screen], dict[str, str]] | None:
        """The screen for ``path`` and its parameters: from the screens imported so far if one fits, then from
        ``SOON_AFTER``'s (a game resumed soon after the start imports the game's screen, not every screen), else
        from them all."""
        if self._all is None:
            found = _found(self._some, path)
            if found is None:
                self._take(SOON_AFTER)
                found = _found(self._some, path)
            if found is not None:
                return found
        return _found(self.routes, path)

    def discover_in_steps(self, later: Callable[[Callable[[], None]], object], then: Callable[[], None]) -> None:
        """Import the other screen modules one at a time, each step handed to ``later`` (the event loop's
        ``call_soon``), so a tap waits for one module at most; after the last, the table is built and ``then``
        called."""
        names = [] if self.discovered else [info.name for info in iter_modules(import_module(SCREENS_PACKAGE).__path__)]
        names.sort(key=lambda name: name not in SOON_AFTER)

        def step() -> None:
            if names and not self.discovered:
                self._take((names.pop(0),))
                later(step)
                return
            self.import_all()  # nothing left to import: the table is built
            then()

        later(step)


def discover_screens() -> list[ModuleType]:
    package = import_module(SCREENS_PACKAGE)
    modules = [import_module(f"{SCREENS_PACKAGE}.{info.name}") for info in iter_modules(package.__path__)]
    return [m for m in modules if hasattr(m, "ROUTE") and hasattr(m, "SCREEN")]


def split_route(route: str) -> tuple[str, dict[str, str]]:
    parts = urlsplit(route or "/")
    return (parts.path or "/"), dict(parse_qsl(parts.query))


#: The route every view carries: Flet keys each visible view's page on Flutter's Navigator by its route.
ONE_PAGE = "/"


def one_page(views: list[ft.View], shown: ft.View | None) -> None:
    """Flutter's Navigator holds one page whatever the screen: every view carries the route ``ONE_PAGE`` (the key
    Flet gives its page) and only the one ``shown`` is visible (Flet makes a page of each visible view), so a new
    screen replaces the page's content instead of pushing a page. A pushed page is first laid out offstage for a
    whole frame (Flutter measures hero animations there) and then zooms in over the screen it covers, both drawn
    in every frame of the transition: on a phone at 4x the game's top reached the screen one frame later, 0.5-0.6 s
    (the resume's trace in docs/developing.md). The views kept hidden stay on the page, so a screen shown again
    is not sent again. The browser's address still says each screen's route (``Page.push_route``), and its Back
    walks them."""
    for view in views:
        view.route = ONE_PAGE
        view.visible = view is shown


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
            widgets.tap_button(i18n.tr("Back to the home screen"),
                               self.app.answers.handler(lambda: self.app.routes.go("/")),
                               icon=ft.Icons.HOME, identifier="go-home", sizes=self.sizes),
        ]



class Routes:
    """Which screen a tab shows, and drawing it again. Screens are built for the whole tab (``tab``), which is
    handed in: this part never imports the app it is part of.

    Leaving a screen that keeps (``Screen.kept_beneath``: the game screen) for Home, the rules or any screen but
    another game leaves that screen's view on the page, hidden, and its route (the game's, whatever its query)
    shows it again (Back to the game, from Home or from the rules): the screen draws only what changed meanwhile
    (as after a tap), and the browser builds it from the controls it already holds. Built and sent whole, the game
    screen of a 4-player game with every module took 0.5-1.4 s of the server's time to open, most of it Flet
    adding (and later removing) its ~1,400 controls; kept, its opening is one property and what changed. (Kept on
    the page beneath Home and moved back on top, the browser showed it only at the next message, seconds later.)
    Home beneath another screen is the Home view already on the page too, kept hidden, not built and sent again;
    going Home builds it afresh. Whatever the screen, Flutter's Navigator holds one page (``one_page``)."""

    def __init__(self, tab: PageApp, router: Router) -> None:
        self.tab = tab
        self.router = router
        self.kept: Screen | None = None  # the screen kept beneath the one shown, shown again as it is by its route
        self.home: Screen | None = None  # the Home whose view is on the page (beneath the screen shown, or shown)

    def go(self, route: str, **query: str) -> None:
        """Go to ``route``; after a dialog closing now (a question answered by going elsewhere: Leave the table,
        Delete) has gone from the client, at most ``DISMISS_WAIT`` later. Moved at once, a phone under load once
        kept the question on the screen over the next one, its buttons answering nothing (docs/developing.md)."""
        page = self.tab.page
        going = dialog_stack.closing(page)
        if not going:
            page.navigate(route, **query)
            return

        async def later() -> None:
            await dialog_stack.after_closing(page, going, DISMISS_WAIT)
            await page.push_route(route, **query)

        page.run_task(later)

    def on_route_change(self, e: ft.RouteChangeEvent) -> None:
        self.show_route(e.route, keep=True)

    def on_view_pop(self, _: ft.ViewPopEvent) -> None:
        """The system back (Android's, a view pop): one step up from this screen, as its back arrow goes."""
        self.go(self.tab.screen.up_route() if self.tab.screen is not None else "/")

    def _make(self, route: str) -> Screen:
        path, query = split_route(route)
        found = self.router.resolve(path)
        if found is None:
            return ErrorScreen(self.tab, route, {"message": i18n.trf("There is no page at {path}.", path=path)})
        screen_cls, params = found
        return screen_cls(self.tab, route, {**query, **params})

    def show_route(self, route: str, *, keep: bool = False) -> None:
        """Build the screen for ``route`` on top of Home (so Back and the system back work). ``keep``: a route
        change, where the screens already on the page may be kept (else - a new language, a reconnection - every
        screen is built afresh). Measured like a tap when asked (``companion.spans``): opening a game is built
        here, not in the tap that asked for it."""
        with spans.tap(), self.tab.own_context():
            self._show_route(route, keep)

    def _show_route(self, route: str, keep: bool) -> None:
        if self.tab.guest:
            self._show_guest_route(route)
            return
        shown, kept = self.tab.screen, self.kept if keep else None
        self.kept = None
        if not keep:
            self.home = None
        try:
            path, _ = split_route(route)
            if path == "/join":
                route, path = "/", "/"
            views = [] if path == "/" else [self._home_beneath(shown if keep else None)]
            again = self._again(kept, route)
            self.tab.screen = again or self._make(route)
            views.append(again.shown_again() if again else self.tab.screen.build_view())
            if path == "/":
                self.home = self.tab.screen
            if keep:
                views += self._keep_beneath(shown, None if again else kept)
        except Exception as exc:
            log.exception("could not build %s", route)
            self.tab.screen = ErrorScreen(self.tab, route, {"message": explain(exc)})
            views = [self.tab.screen.build_view()]
        self._place(views)
        self.tab.screen.after_show()

    def _again(self, kept: Screen | None, route: str) -> Screen | None:
        """The kept screen when ``route`` shows it (the same path; the query, such as the section to scroll back to,
        taken on), else None."""
        if kept is None or kept.view is None:
            return None
        path, query = split_route(route)
        found = self.router.resolve(path)
        if found is None or split_route(kept.route)[0] != path:
            return None
        kept.route, kept.params = route, {**query, **found[1]}
        return kept

    def _keep_beneath(self, shown: Screen | None, kept: Screen | None) -> list[ft.View]:
        """The view to leave on the page, hidden, above the one now shown: the screen just left if it keeps, else
        the one kept before (``kept``); none when the screen shown now keeps (another game: one kept at a time)."""
        screen = self.tab.screen
        if screen is None or screen.kept_beneath:
            return []
        keeper = shown if shown is not None and shown.kept_beneath and shown.view is not None else kept
        if keeper is None or keeper.view is None:
            return []
        self.kept = keeper  # Back to the game shows it again as it is
        keeper.view.visible = False
        return [keeper.view]

    def _home_beneath(self, shown: Screen | None) -> ft.View:
        """Home's view beneath another screen: the one on the page when the tab shows Home or has it beneath the
        screen shown (``shown``: None when nothing on the page may be kept), else built."""
        with spans.part("home"):
            if shown is not None and self.home is not None and self.home.view is not None:
                return self.home.view
            self.home = self._make("/")
            return self.home.build_view()

    def _place(self, views: list[ft.View]) -> None:
        """The page's views become ``views`` (those already on it are moved, not sent again), the screen's own shown
        and the others kept hidden (``one_page``)."""
        one_page(views, self.tab.screen.view if self.tab.screen is not None else None)
        self.tab.page.views.clear()
        self.tab.page.views.extend(views)
        with spans.part("flet"):
            self.tab.page.update()

    def _show_guest_route(self, route: str) -> None:
        """A guest sees the join page until it joins, then the shared game and the rules only."""
        path, _ = split_route(route)
        game = self.tab.ctx.table.game_id
        if self.tab.device is None or game is None:
            route = "/join"
        elif not path.startswith(GUEST_ROUTES) or (path.startswith("/game/") and path != f"/game/{game}") \
                or path == "/join":
            route = f"/game/{game}"
        try:
            self.tab.screen = self._make(route)
            view = self.tab.screen.build_view()
        except Exception as exc:
            log.exception("could not build %s", route)
            self.tab.screen = ErrorScreen(self.tab, route, {"message": explain(exc)})
            view = self.tab.screen.build_view()
        one_page([view], view)
        self.tab.page.views.clear()
        self.tab.page.views.append(view)
        self.tab.page.update()

    def changed_elsewhere(self) -> None:
        """Another phone at this tab's table changed the game: the screen draws it and shows what changed."""
        if self.tab.screen is not None:
            with self.tab.own_context():
                self.tab.screen.changed_elsewhere()

    def refresh(self, touched: ft.Control | None = None) -> None:
        """Draw the screen again from the game as saved; ``touched``: the control a tap of this tab's came from."""
        if self.tab.screen is not None:
            with self.tab.own_context():
                self.tab.screen.refresh(touched)
