"""Her draw, felt: a short vibration when the Broodmother draws a card, on devices that can.

The cue is Flet's ``HapticFeedback`` service (in the web client it becomes the browser's vibration,
which phones have and computers ignore). Whether it plays is the "Cue on her card" setting; left unset
it is on for a phone-size or mobile client and off for a computer. A sound is not played: Flet 1.0.5's
``Audio`` needs the separate flet-audio package (see docs/ARCHITECTURE.md).
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING
from weakref import WeakKeyDictionary

import flet as ft

if TYPE_CHECKING:
    from companion.ui.app import PageApp

log = logging.getLogger("companion.ui")

PHONE_WIDTH = 600  # px: narrower than this is a phone-size client
MOBILE = (ft.PagePlatform.ANDROID, ft.PagePlatform.IOS)
_services: WeakKeyDictionary[PageApp, ft.HapticFeedback] = WeakKeyDictionary()


def phone_like(platform: ft.PagePlatform | None, width: float | None) -> bool:
    """A mobile client, or a window as narrow as a phone."""
    return platform in MOBILE or (width is not None and 0 < width < PHONE_WIDTH)


def wanted(setting: bool | None, platform: ft.PagePlatform | None, width: float | None) -> bool:
    """The setting when chosen; unset, on for a phone and off for a computer."""
    return phone_like(platform, width) if setting is None else setting


def enabled(app: PageApp) -> bool:
    return wanted(app.settings.draw_cue, app.page.platform, app.page.width)


def prepare(app: PageApp) -> None:
    """Register the service with this tab's page (before the first draw, so the client knows it)."""
    if app in _services:
        return
    try:
        _services[app] = ft.HapticFeedback()
    except Exception:  # a client without the service: no cue, nothing else changes
        log.info("haptic feedback unavailable")


def play(app: PageApp) -> None:
    """Her card was drawn: buzz once if this tab wants the cue."""
    service = _services.get(app)
    if service is None or not enabled(app):
        return

    async def buzz() -> None:
        try:
            await asyncio.wait_for(service.heavy_impact(), timeout=3)
        except Exception as exc:  # a browser without vibration: silent, as it should be
            log.info("haptic cue failed: %s", exc)

    app.page.run_task(buzz)
