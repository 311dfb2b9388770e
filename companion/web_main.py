"""The app in the browser (the phone build, ``scripts/build-web``): Python runs in the page, in Pyodide.

``main.py`` of the build's ``app.zip`` calls ``run()``. Each tab is a whole app of its own: the saves live in the
browser's IndexedDB (``companion.platform``), the screens are the ones the served app shows (``make_main``).
"""

from __future__ import annotations

import asyncio
import logging
import os
from typing import Any

log = logging.getLogger("companion.web")

#: How long after the first screen's messages are sent the other screens start importing: the page paints first
#: (on two busy cores, importing at once slowed Home's first frame).
AFTER_FIRST_SCREEN_S = 1.0


def serialize_events() -> None:
    """One tap's handler at a time, as on the server where each runs to its end before the next is taken.

    Pyodide runs every handler in the one event loop, and a save that waits for IndexedDB lets the loop
    take the next tap in the middle of the first; the store's and the session's locks are thread locks,
    which do not keep two tasks apart. The lock is ``companion.turn``'s, shared with a table's guest messages.
    """
    from flet.messaging.session import Session

    from companion.turn import in_turn

    original = Session.dispatch_event

    async def dispatch_event(self: Any, *args: Any, **kwargs: Any) -> Any:
        return await in_turn(lambda: original(self, *args, **kwargs))

    Session.dispatch_event = dispatch_event  # type: ignore[method-assign]


def hold_updates_while_saving() -> None:
    """Where the browser cannot wait for IndexedDB, the screen's updates wait for the save instead."""
    from flet.messaging.pyodide_connection import PyodideConnection

    from companion import platform

    original = PyodideConnection.send_message

    def send_message(self: Any, message: Any) -> None:
        platform.hold_updates(lambda m: original(self, m))(message)

    PyodideConnection.send_message = send_message  # type: ignore[method-assign]


async def prepare() -> tuple[Any, Any]:
    """The app's imports, its saves read in from IndexedDB and its context opened: started before the page's
    client connects (boot.js starts this worker beside Flutter's load), so the first screen waits only for what
    it must. Returns the tab's start and the router (Home's screen imported, the others not yet)."""
    from companion import platform

    platform.announce_stage("games")
    await platform.start()
    platform.announce_stage("screens")
    from companion.ui.app import AppContext, Router, make_main

    ctx = AppContext.open()
    from companion.table.web_link import linker

    ctx.linker = linker()  # a table of phones: WebRTC in this page (companion.table)
    for notice in ctx.notices:
        log.warning("%s", notice)
    router = Router()  # Home's screen alone: the others once it is up (import_other_screens)
    main = make_main(ctx, router)
    from companion import collector
    from companion.ui import flet_diff, flet_events, flet_init, flet_results

    flet_diff.install()
    flet_init.install()
    flet_events.install()
    flet_results.install()
    collector.settle_after_start()  # the app loaded: left out of collections from now on
    return main, router


def import_other_screens(router: Any) -> None:
    """The screens Home does not need imported after the first screen is up, one module per turn of the event loop
    (a tap in between waits for one at most), then left out of collections as the rest of the app is."""
    from companion import collector

    loop = asyncio.get_running_loop()
    loop.call_later(AFTER_FIRST_SCREEN_S, router.discover_in_steps, loop.call_soon, collector.settle_after_start)


def measure_taps_when_asked() -> None:
    """A page opened with ``?spans`` in its address has each tap's Python share reported by part
    (``companion.spans``; ``scripts/bench_web.py --spans`` reads it)."""
    from urllib.parse import parse_qs, urlsplit

    import js

    from companion import spans

    if "spans" in parse_qs(urlsplit(str(getattr(js, "documentUrl", "") or "")).query, keep_blank_values=True):
        os.environ[spans.ENV] = "1"


def time_table_steps_when_asked() -> None:
    """A page opened with ``?tabletimes`` posts when each step of a table's change happened on it
    (``companion.table.times``; ``scripts/bench_table_browser.py --steps`` reads them)."""
    from urllib.parse import parse_qs, urlsplit

    import js

    from companion.table import times

    if times.WORD in parse_qs(urlsplit(str(getattr(js, "documentUrl", "") or "")).query, keep_blank_values=True):
        times.switch_on()


def table_link() -> None:
    """The page's WebRTC half (``packaging/web/table.js``) reachable from this worker (``companion.table``)."""
    from companion.table.web_link import listen

    listen()


def table_test_when_asked(page: Any) -> None:
    """A page opened with ``?tabletest`` lets a browser test drive the table link (``companion.table.tabletest``)."""
    import js

    if "tabletest" in str(getattr(js, "documentUrl", "") or ""):
        from companion.table.tabletest import install_when_asked

        install_when_asked(page, str(js.documentUrl))


def run() -> None:
    import flet as ft

    from companion import platform

    logging.basicConfig(level=os.environ.get("COMPANION_LOG", "WARNING").upper(),
                        format="%(levelname)s %(name)s: %(message)s")
    # The data files' stamps, made when the build checked them (scripts/build_web.py): no check at each start.
    os.environ.setdefault("COMPANION_CACHE", os.path.join(os.path.dirname(__file__), "_cache"))
    serialize_events()
    hold_updates_while_saving()
    measure_taps_when_asked()
    time_table_steps_when_asked()
    table_link()
    prepared = asyncio.ensure_future(prepare())

    async def main(page: ft.Page) -> None:
        start, router = await prepared
        start(page)
        platform.announce_ready()
        import_other_screens(router)
        table_test_when_asked(page)

    ft.run(main)
