"""Guests at a shared table (``companion.ui.share``): a tab that came in through the shared address sees only the
join page until it joins, then only the shared game and the rules; it may change the game only if the host lets it
play, and never anything else. Every such check is made here, on the server, whatever the buttons showed."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable
from urllib.parse import urlsplit

import flet as ft

from companion.core.errors import GameError
from companion.core.session import Session
from companion.ui import i18n
from companion.ui.guard import VIA_SHARED_SOCKET
from companion.ui.share import Device
from companion.ui.tab.answers import Answers, explain
from companion.ui.tab.base import TabBase
from companion.ui.tab.routes import Routes, split_route

log = logging.getLogger("companion.ui")

LOOPBACK_HOSTS = frozenset({"127.0.0.1", "localhost", "::1"})
DEVICE_KEY = "companion.table-device"


class Guests:
    """Who this tab is at the table (the host or a guest) and what it may do; sharing started and stopped."""

    def __init__(self, tab: TabBase, answers: Answers, routes: Routes) -> None:
        self.tab = tab
        self.answers = answers
        self.routes = routes

    def came_through_share(self) -> bool:
        """True when this tab reached the server through the shared socket, not loopback.

        Two signals, either is enough: the guard marks the connection it let in through the
        shared socket, and it answers each socket only to that socket's own address, so the
        address the page was loaded from tells the same.
        """
        if VIA_SHARED_SOCKET.get():
            return True
        try:
            url = self.tab.page.url or ""
        except Exception:  # disconnected: keep what we knew
            return False
        host = urlsplit(url).hostname
        return host is not None and host not in LOOPBACK_HOSTS

    @property
    def can_play(self) -> bool:
        """The host's device always; a guest only if it joined and the host lets it play; a phone at another phone's
        table (on the host's game) only while its link is up and the host lets it play."""
        at_table = self.tab.ctx.table_guest
        if at_table is not None and at_table.mirror is not None \
                and split_route(self.tab.page.route)[0] == f"/game/{at_table.mirror.id}":
            return at_table.can_play
        if not self.tab.guest:
            return True
        device = self.tab.device
        return device is not None and device.can_play

    def require_host(self) -> None:
        if self.tab.guest:
            raise GameError(i18n.tr("Only the host's device can do that."))

    def require_play(self, session: Session) -> None:
        """Refuse a change from a guest that may not make it (whatever its buttons showed)."""
        if not self.tab.guest:
            return
        device = self.tab.device
        if device is None:
            raise GameError(i18n.tr("This device is no longer at the table. "
                                    "Join again with the code on the host's screen."))
        if not device.can_play:
            raise GameError(i18n.tr("This device is set to view only. The host can let it play."))
        if session.id != self.tab.ctx.table.game_id:
            raise GameError(i18n.tr("From this device only the shared game can be changed."))

    def joined(self, device: Device) -> None:
        """A guest got in: remember it in this browser, tell the host, show the game."""
        self.tab.device_id = device.id
        self.tab.join_token = None
        self.tab.page.run_task(self._remember_device, device.secret)
        self.tab.broadcast({"kind": "share"})
        self.routes.go(f"/game/{self.tab.ctx.table.game_id}")  # a new address: the spent link leaves the address bar

    async def _remember_device(self, secret: str) -> None:
        try:
            await asyncio.wait_for(ft.SharedPreferences().set(DEVICE_KEY, f"{self.tab.ctx.table.share_id}:{secret}"), 5)
        except Exception as exc:  # it then rejoins with a code after a long sleep
            log.info("could not keep the device key: %s", exc)

    async def restore_device(self) -> None:
        """A phone back from a long sleep (a new session): rejoin with the key its browser kept."""
        try:
            kept = await asyncio.wait_for(ft.SharedPreferences().get(DEVICE_KEY), 5)
        except Exception as exc:
            log.info("could not read the device key: %s", exc)
            return
        if not isinstance(kept, str) or ":" not in kept or self.tab.device is not None:
            return
        share_id, secret = kept.split(":", 1)
        table = self.tab.ctx.table
        device = table.device_for_secret(secret) if share_id == table.share_id else None
        if device is not None:
            self.tab.device_id = device.id
            self.routes.show_route(self.tab.page.route)

    def start_sharing(self, game_id: str) -> None:
        """Open the shared listener (in the event loop; handlers run there too) and show the result."""
        self.require_host()
        sharing = self.tab.ctx.sharing
        if sharing is None:
            raise GameError(i18n.tr("Sharing needs the web app (it is not available in the desktop window)."))
        self.tab.page.run_task(self._sharing_task, sharing.start_async(game_id))

    def stop_sharing(self) -> None:
        self.require_host()
        if self.tab.ctx.sharing is not None:
            self.tab.page.run_task(self._sharing_task,
                                   self.tab.ctx.sharing.stop_async(tell=lambda: self.tab.broadcast({"kind": "share"})))

    async def _sharing_task(self, change: Awaitable[object]) -> None:
        try:
            await change
        except GameError as exc:
            self.answers.show_error(str(exc))
        except Exception as exc:
            log.exception("sharing failed")
            self.answers.show_error(explain(exc))
        self.tab.broadcast({"kind": "share"})
        self.share_changed_here()

    def share_changed_here(self) -> None:
        if self.tab.share_dialog is not None:
            self.tab.share_dialog.refresh()
        self.routes.refresh()

    def share_changed(self) -> None:
        """The host changed who is at the table: tell every tab."""
        self.require_host()
        self.tab.broadcast({"kind": "share"})
