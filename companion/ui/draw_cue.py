"""Her draw, felt and heard: a short vibration and a chime when the Broodmother draws a card.

The vibration is Flet's ``HapticFeedback`` service (in the web client it becomes the browser's vibration,
which phones have and computers and most tablets ignore); the chime (``companion.ui.chime``) is the
flet-audio ``Audio`` service, whose client side ships inside Flet's web client. Whether the cue plays is the
"Cue on her card" setting - left unset, on for a phone-size or mobile client and off for a computer - and
whether it includes the chime is "With a sound" (on unless turned off). Browsers let a page make a sound
once it has been tapped, which her draw always is; Safari on iPhones and iPads may still keep it silent,
and has no vibration either.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar
from weakref import WeakKeyDictionary

import flet as ft

from companion.ui import chime
from companion.ui.button_box import mobile

if TYPE_CHECKING:
    import flet_audio

    from companion.ui.app import PageApp

log = logging.getLogger("companion.ui")
T = TypeVar("T")

PHONE_WIDTH = 600  # px: narrower than this is a phone-size client
VOLUME = 0.8
WAIT = 3  # s: a client that does not answer is not waited for


@dataclass
class _Cue:
    buzz: ft.HapticFeedback | None
    sound: flet_audio.Audio | None  # flet_audio.Audio, or None where it cannot be had


_cues: WeakKeyDictionary[PageApp, _Cue] = WeakKeyDictionary()


def phone_like(platform: ft.PagePlatform | None, width: float | None) -> bool:
    """A mobile client, or a window as narrow as a phone."""
    return mobile(platform) or (width is not None and 0 < width < PHONE_WIDTH)


def wanted(setting: bool | None, platform: ft.PagePlatform | None, width: float | None) -> bool:
    """The setting when chosen; unset, on for a phone and off for a computer."""
    return phone_like(platform, width) if setting is None else setting


def enabled(app: PageApp) -> bool:
    return wanted(app.settings.draw_cue, app.page.platform, app.page.width)


def _audio() -> flet_audio.Audio:
    import flet_audio

    return flet_audio.Audio(src=chime.data_url(), volume=VOLUME, release_mode=flet_audio.ReleaseMode.STOP)


def _made(make: Callable[[], T], what: str) -> T | None:
    try:
        return make()
    except Exception as exc:  # a client or an install without the service: no such cue, nothing else changes
        log.info("%s unavailable: %s", what, exc)
        return None


def prepare(app: PageApp) -> None:
    """Register the services with this tab's page (before the first draw, so the client has the chime loaded)."""
    if app not in _cues:
        _cues[app] = _Cue(_made(ft.HapticFeedback, "haptic feedback"), _made(_audio, "the chime"))


def play(app: PageApp) -> None:
    """Her card was drawn: buzz once, and chime, if this tab wants the cue."""
    cue = _cues.get(app)
    if cue is None or not enabled(app):
        return
    calls: list[Callable[[], Awaitable[object]]] = []
    if cue.buzz is not None:
        calls.append(cue.buzz.heavy_impact)
    if cue.sound is not None and app.settings.draw_cue_sound:
        calls.append(cue.sound.play)

    async def once(call: Callable[[], Awaitable[object]]) -> None:
        try:
            await asyncio.wait_for(call(), timeout=WAIT)
        except Exception as exc:  # a browser without vibration, or one that keeps a page silent
            log.info("a cue on her card failed: %s", exc)

    for call in calls:
        app.page.run_task(once, call)
