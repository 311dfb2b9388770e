"""Only the players reach the app: real HTTP and WebSocket requests against a real server process.

The server runs as players start it, with the table shared on 127.0.0.2 (a loopback address
standing in for the local network, so no test touches a real network).
"""

from __future__ import annotations

import base64
import os
import re
import socket
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

from tests.ui.browser import Server, poll, run_server

SHARED_LINE = re.compile(r"Sharing this table on the local network: http://([\d.]+):(\d+)/")
LAN = "127.0.0.2"


@dataclass
class Shared:
    server: Server
    port: int  # loopback
    lan_port: int


def _wait_shared(server: Server) -> int:
    def port() -> int | None:
        found = [m for line in list(server.output) if (m := SHARED_LINE.search(line))]
        return int(found[0].group(2)) if found else None

    poll(lambda: port() is not None, "sharing starts (the server says where)", 30)
    return int(port() or 0)


@pytest.fixture(scope="module")
def shared(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Shared]:
    import subprocess

    db = tmp_path_factory.mktemp("security") / "games.json"
    subprocess.run([sys.executable, "-m", "companion", "game", "new", "--db", str(db), "--player", "Ana:red",
                    "--player", "Bo:blue"], check=True, capture_output=True, env={**os.environ})
    command = [sys.executable, "-m", "companion", "--share", "--share-address", LAN]
    with run_server(db, command=command) as server:
        port = int(server.url.rstrip("/").rsplit(":", 1)[1])
        yield Shared(server, port, _wait_shared(server))


def handshake(address: str, port: int, host: str | None, origin: str | None) -> int:
    """A WebSocket opening handshake by hand; the HTTP status the server answers (101 = accepted)."""
    key = base64.b64encode(os.urandom(16)).decode()
    lines = ["GET /ws HTTP/1.1", "Upgrade: websocket", "Connection: Upgrade", f"Sec-WebSocket-Key: {key}",
             "Sec-WebSocket-Version: 13"]
    if host is not None:
        lines.append(f"Host: {host}")
    if origin is not None:
        lines.append(f"Origin: {origin}")
    with socket.create_connection((address, port), timeout=10) as sock:
        sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        status = sock.recv(4096).split(b"\r\n", 1)[0].decode()
    return int(status.split()[1])


def get(address: str, port: int, path: str = "/", host: str | None = None, method: str = "GET") -> httpx.Response:
    headers = {"Host": host} if host else {}
    return httpx.request(method, f"http://{address}:{port}{path}", headers=headers, timeout=10)


def test_the_websocket_opens_only_for_the_pages_own_origin(shared: Shared) -> None:
    p = shared.port
    assert handshake("127.0.0.1", p, f"127.0.0.1:{p}", f"http://127.0.0.1:{p}") == 101
    assert handshake("127.0.0.1", p, f"localhost:{p}", f"http://localhost:{p}") == 101
    for origin in ("http://attacker.example", "null", f"http://127.0.0.1:{p + 1}", f"https://127.0.0.1:{p}",
                   f"http://localhost:{p}", None):
        assert handshake("127.0.0.1", p, f"127.0.0.1:{p}", origin) == 403, origin


def test_a_foreign_host_is_refused_dns_rebinding_included(shared: Shared) -> None:
    p = shared.port
    # A page on attacker.example whose name now points at this machine: its Origin matches its Host.
    assert handshake("127.0.0.1", p, f"attacker.example:{p}", f"http://attacker.example:{p}") == 403
    assert handshake("127.0.0.1", p, None, f"http://127.0.0.1:{p}") == 403
    assert get("127.0.0.1", p, host=f"attacker.example:{p}").status_code == 421
    assert get("127.0.0.1", p, host="127.0.0.1").status_code == 421  # the wrong port
    for name in ("127.0.0.1", "localhost", "[::1]"):
        assert get("127.0.0.1", p, host=f"{name}:{p}").status_code == 200, name


def test_the_shared_address_answers_only_to_its_own_name(shared: Shared) -> None:
    lp = shared.lan_port
    assert get(LAN, lp).status_code == 200
    assert handshake(LAN, lp, f"{LAN}:{lp}", f"http://{LAN}:{lp}") == 101
    # A device on the network cannot pass for the host machine by naming loopback.
    assert get(LAN, lp, host=f"127.0.0.1:{lp}").status_code == 421
    assert handshake(LAN, lp, f"127.0.0.1:{lp}", f"http://127.0.0.1:{lp}") == 403
    assert handshake(LAN, lp, f"{LAN}:{lp}", "http://attacker.example") == 403
    # Nor does the loopback socket answer to the shared name.
    assert get("127.0.0.1", shared.port, host=f"{LAN}:{lp}").status_code == 421


def test_no_api_docs_and_only_get(shared: Shared) -> None:
    for path in ("/docs", "/redoc", "/openapi.json", "/docs/oauth2-redirect"):
        response = get("127.0.0.1", shared.port, path)
        assert response.status_code == 404, path
        assert "swagger" not in response.text.lower() and "openapi" not in response.text.lower()
    assert get("127.0.0.1", shared.port, "/", method="POST").status_code == 405
    assert get("127.0.0.1", shared.port, "/", method="PUT").status_code == 405


def test_headers_forbid_framing_and_allow_no_other_origin(shared: Shared) -> None:
    for path in ("/", "/flutter_bootstrap.js", "/game/x"):
        response = get("127.0.0.1", shared.port, path)
        assert response.status_code == 200, path
        headers = response.headers
        assert "access-control-allow-origin" not in headers, path
        assert headers["content-security-policy"] == "frame-ancestors 'none'"
        assert headers["x-frame-options"] == "DENY"
        assert headers["referrer-policy"] == "no-referrer"
    refused = get("127.0.0.1", shared.port, host="attacker.example")
    assert refused.headers["x-frame-options"] == "DENY"


def test_a_non_loopback_host_option_is_refused(tmp_path: Path) -> None:
    import subprocess

    done = subprocess.run([sys.executable, "-m", "companion", "--no-browser", "--host", "0.0.0.0", "--db",
                           str(tmp_path / "g.json")], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "--share" in done.stderr and "Traceback" not in done.stderr
