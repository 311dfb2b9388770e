"""This device's settings: the shared ones (text size, confirmations, keeping awake) and its own language."""

from __future__ import annotations

import asyncio
import logging

from companion.core.i18n import normalize
from companion.core.schema import Json
from companion.ui import i18n, theme
from companion.ui.tab.base import TabBase
from companion.ui.tab.guests import Guests
from companion.ui.tab.routes import Routes

log = logging.getLogger("companion.ui")

LANGUAGE_KEY = "companion.language"


class DeviceSettings:
    """Settings applied to this tab, and the language kept on this device."""

    def __init__(self, tab: TabBase, routes: Routes, guests: Guests) -> None:
        self.tab = tab
        self.routes = routes
        self.guests = guests
        self._awake = False  # what this tab last asked the wakelock for

    def update_settings(self, **changes: Json) -> None:
        self.guests.require_host()
        self.tab.ctx.settings.update(**changes)
        self.tab.broadcast({"kind": "settings"})
        self.apply_settings()

    def set_language(self, lang: str, *, remember: bool = True) -> None:
        """Show this tab in ``lang`` (other tabs and devices keep theirs); kept on this device."""
        chosen = normalize(lang) or "en"
        changed = chosen != self.tab.language
        self.tab.language = chosen
        if remember and self.tab.preferences is not None and self.tab.connected:
            self.tab.page.run_task(self._save_device_language, chosen)
        if changed:
            self.routes.show_route(self.tab.page.route)

    async def _save_device_language(self, lang: str) -> None:
        assert self.tab.preferences is not None
        try:
            await asyncio.wait_for(self.tab.preferences.set(LANGUAGE_KEY, lang), timeout=5)
        except Exception as exc:  # a browser without storage: the choice lasts for this visit
            log.info("could not keep the language on this device: %s", exc)

    async def load_device_language(self) -> None:
        """The language chosen earlier on this device, if any (asked once the first page is out)."""
        assert self.tab.preferences is not None
        try:
            stored = await asyncio.wait_for(self.tab.preferences.get(LANGUAGE_KEY), timeout=5)
        except Exception as exc:
            log.info("could not read the language kept on this device: %s", exc)
            return
        if isinstance(stored, str) and normalize(stored) and normalize(stored) != self.tab.language:
            self.set_language(stored, remember=False)

    def apply_settings(self) -> None:
        with i18n.using(self.tab.language):
            self.tab.sizes = theme.apply(self.tab.page, self.tab.settings)
            self.apply_keep_awake()
            self.routes.refresh()
            self.tab.page.update()

    def apply_keep_awake(self) -> None:
        """Enable or release the wakelock when the setting differs from what this tab asked for."""
        wanted = self.tab.settings.keep_awake
        if self.tab.wakelock is not None and wanted != self._awake and self.tab.connected:
            self._awake = wanted
            self.tab.page.run_task(self._set_wakelock, wanted)

    async def _set_wakelock(self, on: bool) -> None:
        """Ask the device to stay awake; a browser that cannot is noted, not fatal."""
        assert self.tab.wakelock is not None
        try:
            call = self.tab.wakelock.enable() if on else self.tab.wakelock.disable()
            await asyncio.wait_for(call, timeout=5)
            self.tab.wakelock_note = None
        except Exception as exc:
            self.tab.wakelock_note = i18n.tr("This device or browser did not allow keeping the screen awake.")
            log.info("wakelock %s failed: %s", "enable" if on else "disable", exc)
