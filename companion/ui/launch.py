"""Start the app: the web UI served from this machine (offline), or a native Flet window.

The web UI is Flet's ASGI app with ``no_cdn=True`` (without it the page waits for ever
on Google's CDN when offline) served by uvicorn on a socket we bind ourselves, so a
busy port is found, reported and replaced by the next free one before anything starts,
and the printed URL is the one that works.
"""

from __future__ import annotations

import asyncio
import logging
import os
import socket
import sys
import threading
import time
import webbrowser
from collections.abc import MutableMapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion import collector
from companion.core.i18n import render, tr, trf
from companion.ui.net import LaunchError, bind_port

ASSETS = Path(__file__).resolve().parents[2] / "assets"
if TYPE_CHECKING:
    import uvicorn

    from companion.ui.app import AppContext
    from companion.ui.guard import Guard, HostPolicy
    from companion.ui.sharing import ShareServer

log = logging.getLogger("companion.ui")


def page_url(host: str, port: int) -> str:
    shown = "127.0.0.1" if host in ("", "0.0.0.0", "::", "*") else host
    if ":" in shown:
        shown = f"[{shown}]"
    return f"http://{shown}:{port}/"


def _open_browser_when_ready(url: str, server: object) -> None:
    """Open the system browser once uvicorn reports it is serving (no-op without a browser)."""

    def wait_and_open() -> None:
        for _ in range(200):
            if getattr(server, "started", False):
                break
            time.sleep(0.05)
        try:
            webbrowser.open(url)
        except Exception as exc:  # a headless machine has no browser: the URL was printed
            log.info("no browser to open: %s", exc)

    threading.Thread(target=wait_and_open, name="open-browser", daemon=True).start()


class AcceptLanguage:
    """ASGI wrapper: the ``Accept-Language`` of a tab's connection, for the tab's first language."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: MutableMapping[str, Any], receive: Any, send: Any) -> None:
        if scope.get("type") == "websocket":
            from companion.ui.i18n import remember_accept_language

            headers = dict(scope.get("headers") or [])
            remember_accept_language(headers.get(b"accept-language", b"").decode("latin-1"))
        await self.app(scope, receive, send)


class LeftTabs:
    """ASGI wrapper: a frame for a tab that has just gone is dropped, not raised. Flet 1.0.5's send loop ends on such
    a failure and its connection handler then never marks the session disconnected: the closed tab stayed a
    connected session for the server's whole life, redrawn on every other tab's change into a queue nobody read, so
    a server left open for hours (tabs opened and closed) answered a new tab ever later. With the frame dropped the
    loop goes on until the socket's close is read, and Flet lets the session go like any other closed tab's."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: MutableMapping[str, Any], receive: Any, send: Any) -> None:
        if scope.get("type") != "websocket":
            await self.app(scope, receive, send)
            return

        async def send_or_drop(message: MutableMapping[str, Any]) -> None:
            try:
                await send(message)
            except OSError:  # uvicorn's ClientDisconnected: the tab went while this frame was on its way
                if message.get("type") != "websocket.send":
                    raise
                log.info("a frame for a tab that has left was dropped")

        await self.app(scope, receive, send_or_drop)


def _assets_dir() -> str | None:
    return str(ASSETS) if ASSETS.is_dir() else None


def build_asgi(main: object, policy: HostPolicy) -> Guard:
    """Flet's ASGI app without its API docs, inside the guard (see ``companion.ui.guard``), its client asking no
    other host (``companion.ui.web_client``)."""
    import flet as ft

    from companion.ui import flet_diff, flet_events, flet_init, flet_results
    from companion.ui.guard import Guard, strip_docs_routes
    from companion.ui.web_client import LocalClient

    quiet_send_message()
    flet_diff.install()
    flet_init.install()
    flet_events.install()
    flet_results.install()
    asgi = ft.run(main, export_asgi_app=True, no_cdn=True, assets_dir=_assets_dir())  # type: ignore[arg-type]
    strip_docs_routes(asgi)
    # the guard first, then the tab's Accept-Language, then frames for tabs that left dropped (``LeftTabs``)
    return Guard(AcceptLanguage(LeftTabs(LocalClient(asgi))), policy)


FLET_SENDS_A_DEBUG_STRING = "1.0.5"  # the Flet whose served ``FletApp.send_message`` formats one (see below)


def quiet_send_message() -> bool:
    """Flet 1.0.5's served transport (``flet_web.fastapi.flet_app.FletApp.send_message``) formats every message it
    sends, with all its controls, into an f-string for ``transport_log.debug`` - before the logger decides not to
    print it: about a tenth of a + tap's CPU. Its method is replaced by the same three steps without that string
    while the log would not print it (``COMPANION_LOG=DEBUG`` brings Flet's own back). Only for Flet 1.0.5, whose
    method this copies (a later Flet is left as it is); whether it was installed is returned."""
    import msgpack
    from flet.controls.base_control import BaseControl
    from flet.messaging.protocol import configure_encode_object_for_msgpack
    from flet.version import flet_version
    from flet_web.fastapi import flet_app

    app_class = flet_app.FletApp
    if flet_version != FLET_SENDS_A_DEBUG_STRING or getattr(app_class.send_message, "quiet", False):
        return flet_version == FLET_SENDS_A_DEBUG_STRING
    flets_own = app_class.send_message
    encode = configure_encode_object_for_msgpack(BaseControl)

    def send_message(self: Any, message: Any) -> None:
        if flet_app.transport_log.isEnabledFor(logging.DEBUG):
            flets_own(self, message)
            return
        body = msgpack.packb([message.action, message.body], default=encode)
        self._FletApp__send_queue.put_nowait(b"\x00" + body)

    send_message.quiet = True  # type: ignore[attr-defined]
    send_message.flets_own = flets_own  # type: ignore[attr-defined]
    app_class.send_message = send_message
    return True


def loopback_host(host: str) -> bool:
    from companion.ui.guard import is_loopback

    return host == "localhost" or is_loopback(host)


def serve_web(main: object, host: str, port: int, open_browser: bool, ctx: AppContext | None = None,
              share: str | None = None, share_address: str | None = None) -> int:
    """Serve on loopback until Ctrl+C; with ``share`` (a game id) the table is shared at once."""
    import uvicorn

    from companion.ui.guard import HostPolicy
    from companion.ui.share import Table
    from companion.ui.sharing import ShareServer

    bound = _bind_loopback(host, port)
    if bound is None:
        return 2
    sock, chosen = bound
    url = page_url(host, chosen)
    print(trf("March of the Ants companion: {url}", url=url), flush=True)
    print(tr("Works offline. Press Ctrl+C to stop."), flush=True)
    policy = HostPolicy()
    app = build_asgi(main, policy)
    table = ctx.table if ctx is not None else Table()
    sharing = ShareServer(app, policy, table, chosen, lan_host=share_address)
    if ctx is not None:
        ctx.sharing = sharing
    config = uvicorn.Config(app, ws="websockets-sansio", log_level="warning", timeout_graceful_shutdown=2,
                            proxy_headers=False)
    server = uvicorn.Server(config)
    if open_browser:
        _open_browser_when_ready(url, server)
    with asyncio.Runner(loop_factory=config.get_loop_factory()) as runner:
        runner.run(_serve(server, sock, sharing, share))
    return 0


def _bind_loopback(host: str, port: int) -> tuple[socket.socket, int] | None:
    """The socket and the port it took (the next free one when ``port`` is taken); None, said why, when refused."""
    if not loopback_host(host):
        print("companion: " + tr("--host takes a loopback address (127.0.0.1, localhost, ::1). To let the "
                                 "players' devices in, use --share: they join with a code."), file=sys.stderr)
        return None
    try:
        sock, chosen = bind_port(host, port)
    except LaunchError as exc:
        print(f"companion: {exc}", file=sys.stderr)
        return None
    if chosen != port:
        print(trf("Port {port} is in use; using port {chosen} instead.", port=port, chosen=chosen), flush=True)
    return sock, chosen


async def _serve(server: uvicorn.Server, sock: socket.socket, sharing: ShareServer, share: str | None) -> None:
    """Serve until stopped; with ``share``, the table is shared as soon as the server has started."""
    from companion.ui.sharing import ShareError

    sharing.attach(asyncio.get_running_loop())
    task = asyncio.create_task(server.serve(sockets=[sock]))
    if share is not None:
        while not server.started and not task.done():
            await asyncio.sleep(0.05)
        try:
            await sharing.start_async(share)  # prints the invitation
        except ShareError as exc:
            print(f"companion: {exc}", file=sys.stderr, flush=True)
    await task


def desktop_problem() -> str | None:
    """Why a native window cannot open here, or None (checked first: Flet's own fallbacks are
    a pip install that hangs offline and, on Linux without a display, a web server on 0.0.0.0)."""
    from importlib.util import find_spec

    from flet.utils import is_linux_server

    if is_linux_server():
        return "there is no display here; run without --desktop and open the printed URL in a browser."
    if find_spec("flet_desktop") is None:
        return ("the desktop window needs the flet-desktop package: `pip install flet-desktop==1.0.5` (online, once; "
                "Flet then downloads its desktop client the first time it opens).")
    return None


def run_desktop(main: object) -> int:
    """A native window; Flet downloads its desktop client the first time (online, once)."""
    import flet as ft

    if problem := desktop_problem():
        print(f"companion: {problem}", file=sys.stderr)
        return 2
    print(tr("Opening the desktop window. The first time, Flet downloads its desktop client: that needs the "
             "internet once."), flush=True)
    try:
        ft.run(main, view=ft.AppView.FLET_APP, assets_dir=_assets_dir() or "assets")  # type: ignore[arg-type]
    except Exception as exc:
        print("companion: " + trf("the desktop window could not start ({problem}). Without --desktop the app "
                                  "runs in your browser, offline.", problem=exc), file=sys.stderr)
        return 1
    return 0


def launch(host: str = "127.0.0.1", port: int = 8550, open_browser: bool = True, desktop: bool = False,
           db: str | os.PathLike[str] | None = None, share: bool = False, share_address: str | None = None,
           language: str | None = None) -> int:
    """Open the saves, then serve the UI until Ctrl+C; returns the process exit status."""
    from companion.ui.app import AppContext, Router, make_main

    logging.basicConfig(level=os.environ.get("COMPANION_LOG", "WARNING").upper(),
                        format="%(levelname)s %(name)s: %(message)s")
    ctx = AppContext.open(db, language)
    for notice in ctx.notices:
        print(f"companion: {render(notice)}", file=sys.stderr)
    print(trf("Saved games: {path}", path=ctx.store.path), flush=True)
    router = Router()
    router.import_all()  # before serving: frozen with the rest below, and no tap imports a screen
    main = make_main(ctx, router)
    collector.settle_after_start()  # the app loaded: left out of collections from now on
    try:
        if desktop:
            if share:
                print("companion: " + tr("--share works with the web app, not with --desktop."), file=sys.stderr)
                return 2
            return run_desktop(main)
        shared_game = None
        if share:
            games = ctx.store.list_games()
            if not games:
                print("companion: " + tr("there is no saved game to share yet; start one, then use Share on its "
                                         "screen."), file=sys.stderr)
                return 2
            shared_game = games[0].id
        return serve_web(main, host, port, open_browser, ctx=ctx, share=shared_game, share_address=share_address)
    finally:
        ctx.store.close()
