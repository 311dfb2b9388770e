"""Flet's web client asks no other host: its Rive loader is pointed at a stub served by the app itself.

Flet 1.0.5's compiled client (``main.dart.js``, and ``main.dart.wasm`` which a browser with WebAssembly GC runs
when the renderer is left to choose, as the served app does) loads ``rive_native.js`` from ``cdn.jsdelivr.net`` at
every start, for Rive animations the companion never shows; ``no_cdn`` does not switch it off. A request to a third
party at every start tells that host who plays when, and offline it fails anyway. Both ways of serving the client -
the phone build (``scripts/build_web.py``, at build time) and the served app (``LocalClient`` below, per request) -
rewrite that address to ``rive/`` beside the page, where ``RIVE_STUB`` answers: a loader that never finishes, which
is exactly what the client saw offline (the animation engine is never asked for).
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, MutableMapping
from pathlib import Path
from typing import Any

RIVE_CDN = re.compile(rb'"https://cdn\.jsdelivr\.net/npm/@rive-app/flutter-native-wasm@[^"/]+/"')
LOCAL_RIVE = b'"rive/"'  # resolved against the page's <base href>: the app's own folder
RIVE_STUB_PATH = "rive/wasm/rive_native.js"
RIVE_STUB = (b"// The companion shows no Rive animation: this stands in for the CDN's loader, so the page asks no\n"
             b"// other host. The client waits for it as it waited for the CDN offline: for ever, harmlessly.\n"
             b"window.RiveNative = function () { return new Promise(function () {}); };\n")

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


#: The same address in ``main.dart.wasm``: a string of the module's own, whose length must not change.
RIVE_CDN_WASM = re.compile(rb"https://cdn\.jsdelivr\.net/npm/@rive-app/flutter-native-wasm@[0-9A-Za-z.\-]+/")


def same_length_local(length: int) -> bytes:
    """``rive/`` written in ``length`` bytes with steps the browser's URL parser removes (``x/../`` and ``./``)."""
    spare = length - len(b"rive/")
    back = spare % 2  # one 5-byte "x/../" makes an odd remainder even
    pairs = (spare - 5 * back) // 2
    if spare < 0 or pairs < 0:
        raise ClientChanged(f"the client's Rive address is too short ({length} bytes) to point elsewhere")
    return b"rive/" + b"x/../" * back + b"./" * pairs


class ClientChanged(Exception):
    """The client no longer holds the address this module rewrites (a new Flet): check it again."""


def without_cdn(client: bytes) -> bytes:
    """``main.dart.js`` with its one CDN address pointed at the app's own folder."""
    patched, count = RIVE_CDN.subn(LOCAL_RIVE, client)
    if count != 1:
        raise ClientChanged(f"expected the Rive CDN address once in the web client, found it {count} times")
    return patched


def wasm_without_cdn(module: bytes) -> bytes:
    """``main.dart.wasm`` with the same address pointed at the app's own folder, in as many bytes."""
    found = RIVE_CDN_WASM.findall(module)
    if len(found) != 1:
        raise ClientChanged(f"expected the Rive CDN address once in the wasm client, found it {len(found)} times")
    return module.replace(found[0], same_length_local(len(found[0])))


def client_path(name: str = "main.dart.js") -> Path:
    import flet_web

    return Path(flet_web.get_package_web_dir()) / name


class LocalClient:
    """Serves the rewritten client and the Rive stub in place of Flet's files; every other request passes on."""

    def __init__(self, app: ASGIApp, mount: str = "/") -> None:
        self.app = app
        self.mount = "/" + mount.strip("/") + "/" if mount.strip("/") else "/"
        self._clients: dict[str, bytes] = {}

    def client(self, name: str) -> bytes:
        """The rewritten ``main.dart.js`` or ``main.dart.wasm``, made once."""
        if name not in self._clients:
            rewrite = wasm_without_cdn if name.endswith(".wasm") else without_cdn
            self._clients[name] = rewrite(client_path(name).read_bytes())
        return self._clients[name]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = scope.get("path", "") if scope.get("type") == "http" else ""
        if path in (self.mount + "main.dart.js", self.mount + "main.dart.wasm"):
            name = path.removeprefix(self.mount)
            kind = b"application/wasm" if name.endswith(".wasm") else JS
            await _answer(scope, send, self.client(name), kind)
        elif path == self.mount + RIVE_STUB_PATH:
            await _answer(scope, send, RIVE_STUB, JS)
        else:
            await self.app(scope, receive, send)


JS = b"text/javascript; charset=utf-8"


async def _answer(scope: Scope, send: Send, body: bytes, kind: bytes) -> None:
    headers = [(b"content-type", kind), (b"content-length", str(len(body)).encode()), (b"cache-control", b"no-cache")]
    await send({"type": "http.response.start", "status": 200, "headers": headers})
    await send({"type": "http.response.body", "body": b"" if scope.get("method") == "HEAD" else body})
