"""The base every screen builds on: one ``ft.View`` per route, rebuilt from data on refresh.

A screen never keeps game state of its own: ``body()`` reads the core's view each time,
so a refresh after a command, an undo or another tab's change always shows what is saved.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from companion import spans
from companion.core.schema import JsonObject
from companion.ui.bars import Bars
from companion.ui.i18n import tr
from companion.ui.page_size import EDGE, page_width, side_padding
from companion.ui.scroll import Scroll
from companion.ui.share_view import share_banner
from companion.ui.slots import Slots, transplant
from companion.ui.theme import Sizes

if TYPE_CHECKING:
    from companion.ui.app import PageApp

GAP = 14  # px between the parts of a screen
MAX_ITEMS = 500  # slot items remembered (a screen has a few dozen)
class Screen:
    """Subclasses set ``title`` (marked ``N_``, it is shown translated) and ``identifier`` and implement ``body``;
    what a screen keeps between refreshes it makes in ``setup``; the rest is shared."""

    title = ""
    identifier = "screen"
    changes_game = False  # a game screen: drawn disabled on a view-only device
    kept_beneath = False  # left on the page beneath Home when the player goes Home, and shown again as it is

    def __init__(self, app: PageApp, route: str, params: dict[str, str]) -> None:
        self.app = app
        self.route = route
        self.params = params
        self.view: ft.View | None = None
        self.scroll = Scroll(app)  # its list, and the scrolls to a part of it
        self.slots = Slots(gap=GAP)  # the parts of the body, sent again only when their drawing changed
        self.bars = Bars(self)  # the app bar and the bottom bar, sent again only when their drawing changed
        self._items: dict[str, ft.Container] = {}  # the list's items that hold slots, by key (``_item``)
        # a build that draws only the body's parts again (``GameScreen``'s second pass): the bars stay as drawn
        self.panels_only = False
        # the part sent before the rest when it changed, while a tap is answered (``GameScreen``: the part tapped)
        self.sent_first: ft.Control | None = None
        self.setup()

    @property
    def sizes(self) -> Sizes:
        return self.app.sizes

    # -- to override --------------------------------------------------------------------
    def setup(self) -> None:
        """Make what the screen keeps between refreshes (its fields, its model), once, from ``params``."""

    def body(self) -> list[ft.Control]:
        raise NotImplementedError

    def actions(self) -> list[ft.Control]:
        """Buttons on the right of the app bar."""
        return []

    def bottom(self) -> ft.Control | None:
        """A bar fixed at the bottom (Undo/Redo, wizard Back/Next): always within thumb reach."""
        return None

    def heading(self) -> str:
        return tr(self.title) if self.title else ""

    def leading(self) -> ft.Control | None:
        """Back to Home (a labelled 48 px button instead of Flutter's smaller implied one)."""
        if self.route == "/":
            return None
        from companion.ui import widgets

        return widgets.icon_action(tr("Back to the home screen"), ft.Icons.ARROW_BACK,
                                   self.app.answers.handler(lambda: self.app.routes.go("/")), identifier="back")

    def layout(self) -> object:
        """What decides the screen's outline besides its parts (one column or two): a change rebuilds it whole."""
        return None

    def up_route(self) -> str:
        """Where the system back (a view pop) leads from here: Home unless a screen knows better."""
        return "/"

    def after_show(self) -> None:
        """Called once the screen is on the page (e.g. to scroll to the place a route names)."""

    def on_message(self, message: JsonObject) -> None:
        """Another tab changed something; refresh if it concerns this screen."""

    def changed_elsewhere(self) -> None:
        """The game shown was changed on another device (a phone at this table): draw it again."""
        self.refresh()

    # -- shared -------------------------------------------------------------------------
    def build_view(self) -> ft.View:
        # The scrolling list is made once and only its content is replaced on refresh, so a
        # tap far down the screen does not jump the player back to the top.
        scroller = self.scroll.new_list(self._padding())
        self.slots.forget()
        self.bars.forget()
        self.view = ft.View(route=self.route, padding=0, controls=[
            ft.Semantics(identifier=f"screen-{self.identifier}", container=True, expand=True,
                         content=scroller),
        ])
        self._fill(self.view)
        return self.view

    def shown_again(self) -> ft.View:
        """Back on top as it was kept beneath Home (``Routes``): what changed meanwhile is drawn now, and goes out with
        the page's update that moves the view on top."""
        assert self.view is not None
        self._fill(self.view)
        self.view.visible = True
        return self.view

    def refresh(self, touched: ft.Control | None = None) -> None:
        """Rebuild from what is saved now and send what changed: the parts drawn differently, or the whole page
        when its outline changed. ``touched`` (the control a tap came from) matters to screens that answer the
        part tapped first (``GameScreen``)."""
        if self.view is None:
            return
        whole, changed = self._fill(self.view)
        with spans.part("flet"):  # Flet's diff, its encoding and the send
            if whole:
                self.app.page.update()
            elif changed:
                self.app.page.update(*changed)

    def _fill(self, view: ft.View) -> tuple[bool, list[ft.Control]]:
        """Build the screen: whether the whole page is to be sent, or else the controls to send."""
        changed: list[ft.Control] = []
        whole = False
        if not self.panels_only:
            if (appbar := self.bars.fill_app_bar(view)) is not None:
                changed.append(appbar)
            whole = self.bars.fill_bottom_bar(view, changed)
        watching = self.changes_game and not self.app.guests.can_play  # a device let only to watch: nothing answers
        if self.scroll.list.disabled != watching:
            self.scroll.list.disabled = watching
            changed.append(self.scroll.list)
        outline_changed, parts = self._fill_body()
        return whole or outline_changed, in_sending_order(changed + parts, self.sent_first)

    def _fill_body(self) -> tuple[bool, list[ft.Control]]:
        """The scrolling body: whether its outline changed (then sent whole), else the parts to send."""
        outline = self._outline()
        settled = self.slots.settle(outline)
        if settled is None:  # the outline changed around parts on the page: built afresh, sent whole
            self.slots.forget()
            outline = self._outline()
            settled = self.slots.settle(outline)
        outline_changed, parts = settled if settled is not None else (True, [])
        if outline_changed:
            self.scroll.list.controls = outline
        else:  # drawn the same: the page keeps its controls, with this build's handlers
            transplant(self.scroll.list.controls, outline)
        return outline_changed, parts

    def _outline(self) -> list[ft.Control]:
        """The body, each part (a slot, on the game screen) an item of the scrolling list.

        As items of a list rather than one long column, the parts are laid out and painted apart: a tap that
        changes one part repaints that part, where the column made Flutter repaint the whole screen (150 ms on a
        phone for a game with every module). The items never change: each is a container keyed by its position
        (a part that comes or goes is hidden inside its item, with the gap under it), since a list whose items
        change is laid out again whole. The keys make Flet reconcile a rebuilt item with the one on the page:
        controls keep their ids, so Flutter keeps its widgets, the scroll offset and a screen reader's focus,
        and only what changed is sent.
        """
        self.slots.begin(self.layout())
        controls = self.body()
        if (shared := share_banner(self.app)) is not None:
            controls.insert(0, shared)
        holders = self.slots.holders()
        return [self._item(index, control, id(control) in holders) for index, control in enumerate(controls)]

    def _item(self, index: int, control: ft.Control, slot: bool) -> ft.Control:
        """The list's item at ``index``: a slot's (which has its gap) is made once and used by every build of the
        same outline; anything else is framed afresh, with the gap under it."""
        key = f"{self.identifier}-{self.slots.generation}-{index}"
        if not slot:
            return ft.Container(control, key=key, padding=ft.Padding.only(bottom=GAP))
        item = self._items.get(key)
        if item is None or item.content is not control:
            if item is None and len(self._items) > MAX_ITEMS:  # items of outlines long gone
                self._items.clear()
            item = self._items[key] = ft.Container(control, key=key)
        return item

    def _padding(self) -> ft.Padding:
        side = side_padding(page_width(self.app))
        return ft.Padding.only(left=side, right=side, top=EDGE, bottom=2 * EDGE - GAP)

    def resized(self) -> None:
        """The window's width changed: keep the content centred (nothing else is redrawn)."""
        padding = self._padding()
        if self.view is not None and self.scroll.list.padding != padding:
            self.scroll.list.padding = padding
            self.scroll.list.update()


def in_sending_order(controls: list[ft.Control], first: ft.Control | None) -> list[ft.Control]:
    """The changed controls (the bars', then the body's parts top to bottom) with ``first`` moved to the front: each
    goes to the browser as its own message, and a phone's browser may paint after the first one or two."""
    if first is None or not any(control is first for control in controls):
        return controls
    return [first, *(control for control in controls if control is not first)]
