"""The host's Share dialog and the banner every screen shows while the table is shared."""

from __future__ import annotations

import io
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

import flet as ft

from companion.ui import widgets
from companion.ui.dialog_stack import close_answered
from companion.ui.i18n import tr, trf, trn
from companion.ui.share import Device, Table
from companion.ui.theme import DIALOG_BUTTON_GAP, MIN_TOUCH
from companion.ui.widgets import Action

if TYPE_CHECKING:
    from companion.ui.app import PageApp

QR_SIZE = 200
DIALOG_WIDTH = 340  # the content's width at most: a tablet's dialog; a 360 px phone's is narrower (below)
DIALOG_SIDE = 16  # px between the dialog's edge and its content: Material's 24 left a 360 px phone 292 px


def qr_png(text: str, scale: int = 8) -> bytes:
    """A QR code as a PNG (segno: pure Python); a white border so phone cameras read it on a dark theme."""
    import segno

    out = io.BytesIO()
    segno.make(text, error="m").save(out, kind="png", scale=scale, border=3, dark="#000000", light="#ffffff")
    return out.getvalue()


def share_banner(app: PageApp) -> ft.Control | None:
    """Say clearly that other devices can see (and maybe change) this table."""
    table = app.ctx.table
    if not table.active:
        return None
    if app.guest:
        device = app.device
        if device is None:
            return None
        text = (trf("At the shared table as {name} (you can play).", name=device.name) if device.can_play
                else trf("At the shared table as {name} (view only).", name=device.name))
        return widgets.banner(text, app.sizes, identifier="share-banner")
    count = len(table.listed())
    text = trn("This table is shared on the local network ({address}). Devices joined: {n}.",
               "This table is shared on the local network ({address}). Devices joined: {n}.", count,
               address=table.base_url)
    manage = widgets.icon_action(tr("Manage sharing"), ft.Icons.DEVICES,
                                 app.answers.handler(lambda: open_share_dialog(app, table.game_id)),
                                 identifier="share-manage", filled=True)
    fg = ft.Colors.ON_SECONDARY_CONTAINER
    row = ft.Row([ft.Icon(ft.Icons.WIFI_TETHERING, color=fg),
                  ft.Semantics(identifier="share-banner", live_region=True,
                               content=ft.Text(text, size=app.sizes.small, color=fg), expand=True),
                  manage], vertical_alignment=ft.CrossAxisAlignment.CENTER)
    return ft.Container(row, bgcolor=ft.Colors.SECONDARY_CONTAINER, border_radius=12,
                        padding=ft.Padding.only(left=12, right=4, top=4, bottom=4))


class ShareDialogShape:
    """What both Share dialogs are (the LAN share from a computer, the phone table's): a modal dialog titled *Share
    this table*, one scrolling column of ``controls()`` as wide as a 360 px phone leaves room for, and Close.

    The column is made anew when ``mode()`` changes: one scrolled down to the list of phones would otherwise keep
    its offset (and its tap targets) once it got shorter. Open, it is the tab's ``share_dialog``, so a change made
    elsewhere (a device joined, a guest's link lost) redraws it."""

    def __init__(self, app: PageApp) -> None:
        self.app = app
        self._mode: str | None = None
        self._body: ft.Column | None = None
        self.dialog = ft.AlertDialog(
            modal=True, actions_overflow_button_spacing=DIALOG_BUTTON_GAP, semantics_label=tr("Share this table"),
            title=widgets.heading(tr("Share this table"), app.sizes, identifier="share-title"),
            inset_padding=ft.Padding.symmetric(horizontal=8, vertical=24),
            content_padding=ft.Padding.symmetric(horizontal=DIALOG_SIDE, vertical=12),
            actions=[widgets.tap_button(tr("Close"), app.answers.handler(self.close), kind="text",
                                        identifier="share-close", sizes=app.sizes)])

    def controls(self) -> list[ft.Control]:
        """The dialog's content for now."""
        raise NotImplementedError

    def mode(self) -> str:
        """Which content this is; a change of mode starts a new scrolling column."""
        return ""

    def open(self) -> None:
        self.app.share_dialog = self
        self.fill()
        self.app.page.show_dialog(self.dialog)

    def close(self) -> None:
        self.app.share_dialog = None
        close_answered(self.app.page)

    def refresh(self) -> None:
        self.fill()
        self.dialog.update()

    def fill(self) -> None:
        controls, mode = self.controls(), self.mode()
        if mode == self._mode and self._body is not None:
            self._body.controls = controls
            return
        self._mode = mode
        self._body = ft.Column(controls, tight=True, spacing=12, scroll=ft.ScrollMode.AUTO,
                               horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        self.dialog.content = ft.Semantics(identifier="share-dialog", container=True,
                                           content=ft.Container(self._body, width=DIALOG_WIDTH))


SAME_TAP = 3.0
"""Seconds within which a word from the row's other control is the same tap: one tap can reach both the switch and
its accessible node, and each says it was tapped (two words from one control are two taps, and a word already
paired pairs with no other). Taken when the handler runs, after its wait for the turn: 0.6 s was too short under
load (the second word flipped the role back)."""


class MemberRow:
    """One phone at the table: its name, *can play* / *view only* (a switch saying what a tap does) and remove.

    A row is made once per phone and drawn again in place (``show``): a tap reaches Python as an event for the
    control it was made on, and Flet drops an event for a control no longer on the page, so a row made anew by a
    redraw landing between the tap and its event (a fresh code made, a guest's word) lost the player's tap.
    ``prefix`` names the controls for tests (``device`` on the LAN share, ``table`` on the phone table);
    ``ask(can_play)`` is called with the right the tap asks for."""

    def __init__(self, app: PageApp, who: str, prefix: str, ask: Callable[[bool], None], remove: Action,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.app, self.who, self._ask, self._clock = app, who, ask, clock
        self.can_play = True
        self._asked: tuple[float, bool, str, bool] | None = None  # the last word: when, asked, from where, paired
        self._name = ft.Text(who, size=app.sizes.body, weight=ft.FontWeight.W_600, max_lines=1,
                             overflow=ft.TextOverflow.ELLIPSIS)
        self.name = ft.Semantics(identifier=f"{prefix}-guest-{who}", label=who, container=True,
                                 exclude_semantics=True, content=self._name)
        self._switch = ft.Switch(on_change=lambda _: self.tapped("switch"))
        box = ft.Container(self._switch, height=MIN_TOUCH, alignment=ft.Alignment.CENTER_LEFT)
        self.switch = ft.Semantics(identifier=f"{prefix}-play-{who}", container=True, exclude_semantics=True,
                                   on_tap=lambda _: self.tapped("node"), content=box)
        out = widgets.icon_action(trf("Remove {name} from the table", name=who), ft.Icons.PERSON_REMOVE,
                                  app.answers.handler(remove), identifier=f"{prefix}-remove-{who}")
        self.control = ft.Column([self.name, ft.Row([self.switch, out], alignment=ft.MainAxisAlignment.SPACE_BETWEEN,
                                                    vertical_alignment=ft.CrossAxisAlignment.CENTER)], spacing=0)

    def show(self, can_play: bool, said: str | None = None) -> ft.Control:
        """The row as it is now (``said``: the name line, the phone's state with it), its controls kept."""
        self.can_play = can_play
        self._name.value = self.name.label = said or self.who
        self._switch.value = can_play
        self._switch.label = tr("Can play") if can_play else tr("View only")
        self.switch.toggled = can_play
        self.switch.label = (trf("{name} can play. Tap to make it view only.", name=self.who) if can_play
                             else trf("{name} can only watch. Tap to let it play.", name=self.who))
        return self.control

    def tapped(self, source: str) -> None:
        """Ask for the right opposite what the row showed, once per tap: an unpaired word from the row's other
        control (``source``: "switch" or "node") within ``SAME_TAP`` is the same tap and asks the same again,
        however the row was drawn meanwhile."""
        now = self._clock()
        last = self._asked
        same = last is not None and now - last[0] < SAME_TAP and last[2] != source and not last[3]
        wanted = last[1] if same and last is not None else not self.can_play
        self._asked = (now, wanted, source, same)
        self.app.answers.guard(lambda: self._ask(wanted))


class MemberRows:
    """The rows of the phones at the table, each made once and kept while its phone is listed."""

    def __init__(self, app: PageApp, prefix: str) -> None:
        self.app, self.prefix = app, prefix
        self._rows: dict[tuple[str, str], MemberRow] = {}

    def row(self, key: str, who: str, ask: Callable[[bool], None], remove: Action) -> MemberRow:
        """The row of phone ``key`` named ``who`` (made on first sight)."""
        found = self._rows.get((key, who))
        if found is None:
            found = self._rows[(key, who)] = MemberRow(self.app, who, self.prefix, ask, remove)
        return found

    def keep_only(self, keys: set[tuple[str, str]]) -> None:
        """Forget the rows of phones no longer listed."""
        for gone in set(self._rows) - keys:
            del self._rows[gone]


def stop_button(app: PageApp, stop: Action, identifier: str) -> ft.Control:
    return widgets.tap_button(tr("Stop sharing"), app.answers.handler(stop), icon=ft.Icons.STOP_CIRCLE,
                              identifier=identifier, kind="tonal", sizes=app.sizes)


class ShareDialog(ShareDialogShape):
    """Start/stop sharing, the QR code and the code, the devices that joined and their rights."""

    def __init__(self, app: PageApp, game_id: str | None) -> None:
        super().__init__(app)
        self.game_id = game_id
        self._rows = MemberRows(app, "device")

    @property
    def table(self) -> Table:
        return self.app.ctx.table

    def mode(self) -> str:
        return "active" if self.table.active else "idle"

    def controls(self) -> list[ft.Control]:
        return self._active() if self.table.active else self._idle()

    # -- not shared yet --------------------------------------------------------------------
    def _idle(self) -> list[ft.Control]:
        sizes = self.app.sizes
        text = tr("Let the players follow and play this game on their own phones or tablets. They must be on "
                  "the same Wi-Fi as this computer and type a code or scan a QR code shown here. You choose "
                  "who can play and who can only watch, and you can stop sharing at any time.")
        return [
            ft.Text(text, size=sizes.body),
            widgets.tap_button(tr("Start sharing"), self.app.answers.handler(self._start), icon=ft.Icons.WIFI_TETHERING,
                               identifier="share-start", sizes=sizes),
        ]

    def _start(self) -> None:
        if self.game_id is None:
            return
        self.app.guests.start_sharing(self.game_id)
        self.refresh()
        self.app.routes.refresh()

    # -- shared -----------------------------------------------------------------------------
    def _active(self) -> list[ft.Control]:
        sizes = self.app.sizes
        table = self.table
        url = table.join_url() or ""
        invitation = table.invitation
        code = invitation.code_shown if invitation else ""
        steps = trf("On the same Wi-Fi, scan the QR code, or open {address} and type the code. Each lets one "
                    "device in; then a new one appears.", address=table.base_url)
        qr = widgets.labelled(
            ft.Container(ft.Image(src=qr_png(url), width=QR_SIZE, height=QR_SIZE), alignment=ft.Alignment.CENTER),
            tr("QR code with the link that lets one device join"), "share-qr")
        code_text = widgets.labelled(
            ft.Row([ft.Text(code, size=sizes.score, weight=ft.FontWeight.W_700, selectable=True)],
                   alignment=ft.MainAxisAlignment.CENTER),
            trf("Code to type: {digits}", digits=" ".join(code.replace(" ", ""))), "share-code")
        link = widgets.labelled(ft.Text(url, size=sizes.small, selectable=True, color=ft.Colors.ON_SURFACE_VARIANT),
                                trf("Join link: {url}", url=url), "share-link")
        controls: list[ft.Control] = [*self._which_game(), ft.Text(steps, size=sizes.body),
            qr,
            ft.Text(tr("Code to type"), size=sizes.small, color=ft.Colors.ON_SURFACE_VARIANT,
                    text_align=ft.TextAlign.CENTER),
            code_text,
            link,
            widgets.heading(tr("Devices at the table"), sizes, identifier="share-devices"),
        ]
        devices = table.listed()
        if not devices:
            controls.append(ft.Text(tr("No device has joined yet."), size=sizes.small,
                                    color=ft.Colors.ON_SURFACE_VARIANT))
        controls += [self._device_row(d) for d in devices]
        self._rows.keep_only({(d.id, d.name) for d in devices})
        controls.append(stop_button(self.app, self._stop, "share-stop"))
        return controls

    def _which_game(self) -> list[ft.Control]:
        """Opened on another game than the one shared: say which one is, and offer to switch."""
        shared = self.table.game_id
        if self.game_id is None or shared is None or shared == self.game_id:
            return []
        try:
            name = str(self.app.changes.session(shared).doc["name"])
        except Exception:
            name = shared
        switch = widgets.tap_button(tr("Share this game instead"), self.app.answers.handler(self._start),
                                    icon=ft.Icons.SWAP_HORIZ, identifier="share-switch", kind="tonal",
                                    sizes=self.app.sizes)
        return [widgets.banner(trf("The devices see another game: {name}.", name=name), self.app.sizes,
                               identifier="share-other-game"), switch]

    def _device_row(self, device: Device) -> ft.Control:
        row = self._rows.row(device.id, device.name, lambda can_play: self._set_play(device.id, can_play),
                             lambda: self._remove(device.id))
        return row.show(device.can_play)

    def _set_play(self, device_id: str, can_play: bool) -> None:
        self.app.guests.require_host()
        self.table.set_can_play(device_id, can_play)
        self.app.guests.share_changed()
        self.refresh()

    def _remove(self, device_id: str) -> None:
        self.app.guests.require_host()
        self.table.remove(device_id)
        self.app.guests.share_changed()
        self.refresh()
        self.app.routes.refresh()

    def _stop(self) -> None:
        self.app.guests.stop_sharing()
        self.refresh()
        self.app.routes.refresh()


def open_share_dialog(app: PageApp, game_id: str | None) -> None:
    app.guests.require_host()
    ShareDialog(app, game_id).open()
