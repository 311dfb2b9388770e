"""The server answers only the players: an ASGI guard around the app Flet exports.

Flet's FastAPI app accepts a WebSocket from any page on the web, answers any ``Host``,
sends ``Access-Control-Allow-Origin: *`` and serves FastAPI's API docs. This wrapper,
without touching Flet's files:

- refuses a request whose ``Host`` is not this listener's own address: a loopback name
  (``127.0.0.1``, ``localhost``, ``[::1]`` with the port) on the loopback socket and, while
  the table is shared, exactly the shared address on the shared socket (DNS rebinding:
  a foreign site whose name points at this machine still sends its own name);
- refuses the WebSocket handshake unless ``Origin`` is the page's own origin, so a page
  from elsewhere cannot drive the app from a player's browser;
- answers only GET/HEAD (the app needs nothing else), never the API docs routes;
- drops the wildcard CORS header and forbids framing (``frame-ancestors 'none'``,
  ``X-Frame-Options: DENY``); no referrer leaves the page (a join link carries a token).

Which socket a request came in on is the server's own address (``scope["server"]``), not
anything the client says, so a device on the network cannot pass for the host machine.
"""

from __future__ import annotations

import ipaddress
import logging
from collections.abc import Awaitable, Callable, MutableMapping
from contextvars import ContextVar
from typing import Any

log = logging.getLogger("companion.guard")

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")
DOCS_PATHS = frozenset({"/docs", "/docs/oauth2-redirect", "/redoc", "/openapi.json"})
ALLOWED_METHODS = frozenset({"GET", "HEAD"})
SECURITY_HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"content-security-policy", b"frame-ancestors 'none'"),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
)
DROPPED_HEADERS = frozenset({b"access-control-allow-origin", b"access-control-allow-credentials",
                             b"content-security-policy", b"x-frame-options"})
POLICY_VIOLATION = 1008
# True inside the handling of a WebSocket that came in through the shared socket; Flet starts
# the app for that connection in a task made there, so the app can read it (a second signal
# besides the page's address, see ``PageApp.came_through_share``).
VIA_SHARED_SOCKET: ContextVar[bool] = ContextVar("companion_via_shared_socket", default=False)


def host_name(address: str) -> str:
    """``192.168.1.5`` -> itself, ``::1`` -> ``[::1]``: as it appears in a ``Host`` header."""
    return f"[{address}]" if ":" in address else address


def is_loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


class HostPolicy:
    """Which ``Host`` values each listening socket answers to; the shared socket is set while sharing."""

    def __init__(self) -> None:
        self.shared: tuple[str, int] | None = None

    def allowed_hosts(self, server: tuple[str, int] | None) -> frozenset[str]:
        if server is None:
            return frozenset()
        address, port = str(server[0]), int(server[1])
        if self.shared is not None and (address, port) == self.shared:
            return frozenset({f"{host_name(address)}:{port}"})
        if is_loopback(address):
            names = {f"{name}:{port}" for name in LOOPBACK_NAMES}
            if port == 80:
                names.update(LOOPBACK_NAMES)
            return frozenset(names)
        return frozenset()

    def is_shared_socket(self, server: tuple[str, int] | None) -> bool:
        return server is not None and self.shared is not None and (str(server[0]), int(server[1])) == self.shared


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", []):
        if key.lower() == name:
            return bytes(value).decode("latin-1")
    return None


def own_origin(host: str) -> str:
    return f"http://{host}"


class Guard:
    """Wraps an ASGI app; see the module docstring for what it refuses and adds."""

    def __init__(self, app: ASGIApp, policy: HostPolicy | None = None) -> None:
        self.app = app
        self.policy = policy or HostPolicy()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        host = (_header(scope, b"host") or "").strip().lower()
        server = scope.get("server")
        if host not in self.policy.allowed_hosts(server):
            log.warning("refused %s for Host %r on %s", kind, host, server)
            await self._refuse(scope, receive, send, 421, "This server answers only at its own address.")
            return
        if kind == "websocket":
            origin = (_header(scope, b"origin") or "").strip().lower()
            if origin != own_origin(host):
                log.warning("refused a WebSocket from Origin %r (Host %r)", origin, host)
                await self._refuse(scope, receive, send, 403, "")
                return
            token = VIA_SHARED_SOCKET.set(self.policy.is_shared_socket(server))
            try:
                await self.app(scope, receive, send)
            finally:
                VIA_SHARED_SOCKET.reset(token)
            return
        if scope.get("method", "GET") not in ALLOWED_METHODS:
            await self._refuse(scope, receive, send, 405, "Only GET and HEAD are served.")
            return
        if scope.get("path", "/").rstrip("/") in DOCS_PATHS:
            await self._refuse(scope, receive, send, 404, "Not found.")
            return
        await self.app(scope, receive, _with_headers(send))

    async def _refuse(self, scope: Scope, receive: Receive, send: Send, status: int, text: str) -> None:
        if scope["type"] == "websocket":
            await receive()  # websocket.connect; closing before accepting answers 403
            await send({"type": "websocket.close", "code": POLICY_VIOLATION})
            return
        body = text.encode()
        headers = [(b"content-type", b"text/plain; charset=utf-8"),
                   (b"content-length", str(len(body)).encode()), *SECURITY_HEADERS]
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": body})


def _with_headers(send: Send) -> Send:
    async def sending(message: Message) -> None:
        if message["type"] == "http.response.start":
            headers = [(k, v) for k, v in message.get("headers", []) if bytes(k).lower() not in DROPPED_HEADERS]
            message["headers"] = [*headers, *SECURITY_HEADERS]
        await send(message)

    return sending


def strip_docs_routes(app: object) -> None:
    """Remove FastAPI's docs and schema routes from an app and the apps mounted in it."""
    router = getattr(app, "router", None)
    if router is None:
        return
    kept = []
    for route in router.routes:
        if getattr(route, "path", None) in DOCS_PATHS:
            continue
        strip_docs_routes(getattr(route, "app", None))
        kept.append(route)
    router.routes[:] = kept
    for attr in ("openapi_url", "docs_url", "redoc_url"):
        if hasattr(app, attr):
            setattr(app, attr, None)
