"""A table of phones on screen: the host's Share dialog (its code for the next guest, the guest's answer code, the
phones at the table and their rights) and what ties ``companion.table``'s host and guest to a tab.

The protocol and its checks are in ``companion.table``; this draws them. A fresh code is made for each guest (an
offer pairs with one answer). A guest's tap, run by ``TableHost``, redraws this phone's screen through
``game_changed``, which also sends the change to every phone at the table; the guest's screen is the game screen
drawn from its mirror (``PageApp.session``), redrawn when the host's answer comes (``attach_guest``).
"""

from __future__ import annotations

import asyncio
import logging
from functools import partial
from typing import TYPE_CHECKING

import flet as ft

from companion.core.errors import GameError
from companion.core.i18n import language, render
from companion.table.guest import SENT, TableGuest
from companion.table.host import Guest, TableHost
from companion.table.link import Link, Linker, Scanner
from companion.table.protocol import BEAT
from companion.table.qr import code_image
from companion.turn import call_in_turn
from companion.ui import widgets
from companion.ui.dialog_stack import close_answered
from companion.ui.fields import changed_value, text_field
from companion.ui.i18n import tr, trf
from companion.ui.share_view import MemberRows, ShareDialogShape, stop_button
from companion.ui.slots import Slots
from companion.ui.tab.answers import explain

if TYPE_CHECKING:
    from companion.ui.app import PageApp

log = logging.getLogger("companion.ui")



def linker_of(app: PageApp) -> Linker:
    """This device's way to link to other phones, or a refusal saying where tables of phones work."""
    if app.ctx.linker is None:
        raise GameError(tr("A table of phones needs the app installed on this phone (the phone build)."))
    return app.ctx.linker


def scanner_of(app: PageApp) -> Scanner | None:
    """The camera that reads a code, where this device has one (the phone build's page)."""
    found = app.ctx.linker
    return found if found is not None and callable(getattr(found, "scan", None)) else None  # type: ignore[return-value]


async def scan_code(app: PageApp) -> str | None:
    """A code read by the camera; None when cancelled or when there is no camera (said: paste the code instead)."""
    scanner = scanner_of(app)
    if scanner is None:
        return None
    try:
        return await scanner.scan(tr("Point the camera at the code on the other phone."), tr("Cancel"))
    except GameError as exc:
        app.answers.show_error(str(exc))
        return None


def code_box(app: PageApp, code: str, label: str, identifier: str) -> list[ft.Control]:
    """A code as a QR code (another phone's camera reads it) and as text to copy (for a phone without one)."""
    qr = code_image(code, label)
    text = ft.Text(code, selectable=True, size=app.sizes.small, font_family="monospace")
    hint = ft.Text(tr("The code as text, to copy"), size=app.sizes.small, color=ft.Colors.ON_SURFACE_VARIANT)
    return [qr, ft.Semantics(identifier=f"{identifier}-hint", content=hint),
            widgets.labelled(text, code, f"{identifier}-text")]


# -- the host ----------------------------------------------------------------------------------------
def host_table(app: PageApp, game_id: str) -> TableHost:
    """This phone's table for ``game_id`` (a table for another game is closed first: its guests are told), told
    to this tab: the tab that made it may be gone (a page reloaded), and a guest's message run on a gone page's
    loop is never run at all."""
    table = app.ctx.phone_table
    if table is not None and table.game_id != game_id:
        table.leave()
        table = None
    if table is None:
        sessions = app.ctx.sessions
        table = TableHost(lambda: sessions.get(game_id))
        app.ctx.phone_table = table
    _tell(app, table, game_id)
    return table


def _tell(app: PageApp, table: TableHost, game_id: str) -> None:
    """What the table tells this tab: a guest's change (redrawn), who is at the table, who left; and the guests'
    messages run as this page's tasks, one at a time, each to its end and never inside the host's own tap (a save
    may wait on the browser). The beats go from this tab's loop from now on."""
    def guest_left(guest: Guest) -> None:
        app.answers.show_info(trf("{name} left the table.", name=guest.name))

    table.on_change = lambda _: app.answers.guard(lambda: app.changes.game_changed(game_id, elsewhere=True))
    table.on_guests = lambda: _guests_changed(app)
    table.on_left = guest_left
    table.defer = lambda job: app.page.run_task(call_in_turn, job)
    if table.beats_from is not app:
        table.beats_from = app
        app.page.run_task(_beat_guests, app, table)


async def _beat_guests(app: PageApp, table: TableHost) -> None:
    """The host's beats, and its look for guests gone silent, while this table is the phone's."""
    while app.ctx.phone_table is table and table.beats_from is app:
        await asyncio.sleep(BEAT)
        app.answers.guard(table.tick)


def _guests_changed(app: PageApp) -> None:
    dialog = app.share_dialog
    if isinstance(dialog, PhoneShareDialog):
        app.answers.guard(dialog.refresh)


class PhoneShareDialog(ShareDialogShape):
    """Share this table from a phone: the code for the next guest, the field for its answer, the phones at the
    table with *can play* / *view only* and *remove*, and stop sharing."""

    def __init__(self, app: PageApp, game_id: str) -> None:
        super().__init__(app)
        self.game_id = game_id
        self.table = host_table(app, game_id)
        self._rows = MemberRows(app, "table")
        self.offer: tuple[Link, str] | None = None
        self.answer = ""
        self.problem = ""

    def open(self) -> None:
        super().open()
        self.app.page.run_task(self._new_offer)

    def controls(self) -> list[ft.Control]:
        """The phones at the table first, then the next guest's code: the code arrives (and its box grows) after
        the dialog opens, and a row below it would move under the host's finger - a tap on a row's switch just
        then went nowhere, or to the code."""
        return [*self._guests(), *self._next_guest(), stop_button(self.app, self._stop, "table-stop")]

    # -- the next guest: this phone's code, then the guest's ---------------------------------------
    def _next_guest(self) -> list[ft.Control]:
        sizes = self.app.sizes
        heading = widgets.heading(tr("Add a phone"), sizes, identifier="table-next")
        if self.offer is None:
            return [heading, ft.Text(tr("Making a code for the next phone..."), size=sizes.body)]
        steps = tr("1. On the other phone, choose Join a table on its home screen and scan this code (or paste the "
                   "text below). 2. It then shows a code of its own: scan it here, or paste its text, and tap "
                   "Connect.")
        field = text_field(tr("The other phone's code"), sizes, value=self.answer, multiline=True, max_lines=3,
                           on_change=changed_value(self.app, self._typed), text_size=sizes.small)
        problem = ft.Semantics(identifier="table-answer-problem", live_region=True, visible=bool(self.problem),
                               content=ft.Text(self.problem, size=sizes.body, color=ft.Colors.ERROR))
        connect = widgets.tap_button(tr("Connect"), self.app.answers.handler(self._connect), icon=ft.Icons.LINK,
                                     identifier="table-connect", sizes=sizes)
        scan = [widgets.tap_button(tr("Scan the other phone's code"), self.app.answers.handler(self._scan),
                                   icon=ft.Icons.QR_CODE_SCANNER, identifier="table-scan-answer", kind="tonal",
                                   sizes=sizes)] if scanner_of(self.app) is not None else []
        return [heading, ft.Text(steps, size=sizes.body),
                *code_box(self.app, self.offer[1], tr("QR code for the next phone to scan"), "table-offer"),
                *scan, ft.Semantics(identifier="table-answer", container=True, content=field.control), problem, connect]

    def _scan(self) -> None:
        self.app.page.run_task(self._scanned)

    async def _scanned(self) -> None:
        """The guest's code read by the camera: connected at once (the field is for pasting)."""
        answer = await scan_code(self.app)
        if answer and self.offer is not None:
            self.answer = answer
            await self._accept(self.offer[0], answer)

    def _typed(self, value: str) -> None:
        self.answer = value

    async def _new_offer(self) -> None:
        """A fresh code for the next guest (one code, one phone)."""
        try:
            link, code = await linker_of(self.app).host_offer()
        except Exception as exc:
            log.exception("no code for the next phone")
            self.app.answers.show_error(explain(exc))
            return
        self.table.add(link)  # its handlers are set before it can open, so its first message is heard
        self.offer, self.answer, self.problem = (link, code), "", ""
        self.app.answers.guard(self.refresh)

    def _connect(self) -> None:
        if self.offer is None:
            return
        self.app.page.run_task(self._accept, self.offer[0], self.answer)

    async def _accept(self, link: Link, answer: str) -> None:
        try:
            await linker_of(self.app).host_accept(link, answer)
        except GameError as exc:
            self.problem = str(exc)
            self.app.answers.guard(self.refresh)
            return
        except Exception as exc:
            log.exception("the answer could not be taken")
            self.problem = explain(exc)
            self.app.answers.guard(self.refresh)
            return
        self.offer = None
        self.app.answers.guard(self.refresh)
        await self._new_offer()

    # -- the phones at the table ----------------------------------------------------------------------
    def _guests(self) -> list[ft.Control]:
        sizes = self.app.sizes
        joined = [g for g in self.table.guests.values() if g.name]
        rows: list[ft.Control] = [widgets.heading(tr("Phones at the table"), sizes, identifier="table-guests")]
        if not joined:
            rows.append(ft.Text(tr("No phone has joined yet."), size=sizes.small, color=ft.Colors.ON_SURFACE_VARIANT))
        rows += [self._guest_row(g) for g in joined]
        self._rows.keep_only({(g.id, g.name) for g in joined})
        return rows

    def _guest_row(self, guest: Guest) -> ft.Control:
        said = (trf("{name} (link lost)", name=guest.name) if not guest.connected
                else trf("{name} (not answering)", name=guest.name) if guest.away
                else trf("{name} (connected)", name=guest.name))
        row = self._rows.row(guest.id, guest.name, partial(self._set_play, guest.id),
                             partial(self.table.remove, guest.id))
        return row.show(guest.can_play, said)

    def _set_play(self, guest_id: str, can_play: bool) -> None:
        self.table.set_role(guest_id, "play" if can_play else "view")

    def _stop(self) -> None:
        self.table.leave()
        self.app.ctx.phone_table = None
        self.close()
        self.app.routes.refresh()


def open_phone_share(app: PageApp, game_id: str) -> None:
    """Share this game with other phones (the phone build: no computer, no server)."""
    linker_of(app)
    PhoneShareDialog(app, game_id).open()


# -- the guest -----------------------------------------------------------------------------------------
def attach_guest(app: PageApp, name: str, link: Link) -> TableGuest:
    """This phone joins a table on ``link``: the host's game is drawn from its mirror and redrawn on each answer."""
    old = app.ctx.table_guest
    if old is not None and old.link is not None and old.link is not link:
        old.link.on_state = old.link.on_message = lambda _: None  # an old link's late word is not this table's
    guest = old if old is not None else TableGuest(name, app.language, app.ctx.store.content)
    guest.name, guest.language = name, app.language
    guest.on_change = lambda: app.answers.guard(lambda: _heard(app, guest))
    guest.attach(link)
    app.ctx.table_guest = guest
    if old is None:
        app.page.run_task(_keep_in_touch, app, guest)
    return guest


def _heard(app: PageApp, guest: TableGuest) -> None:
    """The host said something: show the game (once it first comes, go to it), then anything to say."""
    notes, guest.notes = guest.notes, []
    mirror = guest.mirror
    route = f"/game/{mirror.id}" if mirror is not None else None
    elsewhere = guest.take_elsewhere()  # another phone's change, not this one's tap: what changed is shown
    if route is not None and app.page.route.startswith("/table"):
        app.routes.go(route)
    elif elsewhere:
        app.routes.changed_elsewhere()
    else:
        app.routes.refresh()
    for note in notes:
        app.answers.show_error(render(note))


async def _keep_in_touch(app: PageApp, guest: TableGuest) -> None:
    """The guest's beats, its look for a silent host, a tap the host is slow to answer said as sent and one it never
    answered as not made (the phone build cannot wait on a link: it looks)."""
    while app.ctx.table_guest is guest:
        await asyncio.sleep(BEAT)
        if bool(app.answers.guard(guest.tick)) | guest.overdue():
            app.answers.guard(lambda: _heard(app, guest))
        elif guest.slow():
            app.answers.guard(lambda: app.answers.show_info(render(SENT)))
        if banner_behind(app):
            app.answers.guard(app.routes.refresh)


def table_banner(app: PageApp) -> ft.Control | None:
    """On a guest's game screen: what the table says now (link lost, view only, removed), or nothing; with a way
    to leave (a phone the host removed or left has nothing more to wait for)."""
    guest = app.ctx.table_guest
    said = guest.said() if guest is not None else None
    if said is None:
        return None
    leave = widgets.tap_button(tr("Leave the table"), app.answers.handler(lambda: ask_to_leave(app)),
                               icon=ft.Icons.LOGOUT, identifier="table-banner-leave", kind="text", sizes=app.sizes)
    return widgets.banner(render(said), app.sizes, identifier="table-banner", action=leave,
                          error=guest is not None and guest.status in ("quiet", "lost", "removed", "left"))


def banner_inputs(app: PageApp) -> object:
    """All the table's banner is drawn from: the language, the text size, and on a guest's phone the link's state
    and its role."""
    guest = app.ctx.table_guest
    return (language(), app.sizes.scale, guest.status if guest else None, guest.role if guest else None)


def banner_behind(app: PageApp) -> bool:
    """Whether the game screen on show drew its table banner from another role or link state than the guest's now.
    A role message missed is put right by the host's beat (``TableGuest._role_of_beat``); this puts right a drawing
    that did not happen or did not finish (a refresh that failed half way leaves the slot's inputs as they were), so
    what the phone says of the table is never behind it for more than a beat."""
    slots = getattr(app.screen, "slots", None)
    if not isinstance(slots, Slots) or not slots.holds("table"):
        return False
    return not slots.same_inputs("table", banner_inputs(app))


def leave_action(app: PageApp) -> ft.Control:
    """The guest's way out, in its game screen's top bar."""
    return widgets.icon_action(tr("Leave the table"), ft.Icons.LOGOUT, app.answers.handler(lambda: ask_to_leave(app)),
                               identifier="table-leave")


def ask_to_leave(app: PageApp) -> None:
    """Asked first, whatever the settings say: one tap by mistake would otherwise need both codes scanned again."""
    def leave() -> None:
        close_answered(app.page)
        app.answers.guard(lambda: leave_table(app))

    def stay() -> None:
        close_answered(app.page)

    app.page.show_dialog(widgets.confirm_dialog(
        tr("Leave the table?"),
        tr("The game stays on the host's phone; this phone keeps no copy of it. To come back, join the table "
           "again with a new code from the host."),
        tr("Leave"), leave, stay, app.sizes))


def leave_table(app: PageApp) -> None:
    """This phone leaves the host's table: the host is told, the link closed, the mirror forgotten; back Home."""
    guest, app.ctx.table_guest = app.ctx.table_guest, None
    if guest is not None:
        guest.leave()
    app.routes.go("/")
