"""The Flet client asks no other host: its Rive loader's CDN address is rewritten, in the build and when served."""

from __future__ import annotations

from typing import Any
from urllib.parse import urljoin

import pytest

from companion.ui.web_client import (
    RIVE_STUB,
    RIVE_STUB_PATH,
    ClientChanged,
    LocalClient,
    client_path,
    same_length_local,
    wasm_without_cdn,
    without_cdn,
)
from tests.helpers import run_apart


def test_the_installed_client_has_its_cdn_address_rewritten_once() -> None:
    original = client_path().read_bytes()
    assert original.count(b"cdn.jsdelivr.net") == 1  # the one address the rewrite knows
    patched = without_cdn(original)
    assert b"cdn.jsdelivr.net" not in patched
    assert patched.count(b'"rive/"') == original.count(b'"rive/"') + 1
    assert len(patched) < len(original)


def test_the_wasm_client_keeps_its_length_and_points_at_the_same_folder() -> None:
    original = client_path("main.dart.wasm").read_bytes()
    patched = wasm_without_cdn(original)
    assert len(patched) == len(original) and b"cdn.jsdelivr.net" not in patched
    for length in (5, 15, 66, 67, 80):
        local = same_length_local(length)
        assert len(local) == length
        resolved = urljoin("http://127.0.0.1:1/", local.decode() + "wasm/rive_native.js")
        assert resolved == "http://127.0.0.1:1/" + RIVE_STUB_PATH
    with pytest.raises(ClientChanged, match="too short"):
        same_length_local(4)


def test_a_client_without_that_address_is_refused_loudly() -> None:
    with pytest.raises(ClientChanged, match="found it 0 times"):
        without_cdn(b"var x = 1;")


def _get(app: LocalClient, path: str, method: str = "GET") -> tuple[int, dict[bytes, bytes], bytes, list[str]]:
    passed: list[str] = []
    sent: list[dict[str, Any]] = []

    async def inner(scope: Any, receive: Any, send: Any) -> None:
        passed.append(scope["path"])

    async def receive() -> dict[str, Any]:
        return {"type": "http.request"}

    async def send(message: Any) -> None:
        sent.append(message)

    app.app = inner
    run_apart(app({"type": "http", "path": path, "method": method}, receive, send))
    if not sent:
        return 0, {}, b"", passed
    return sent[0]["status"], dict(sent[0]["headers"]), sent[1]["body"], passed


def test_the_served_app_answers_the_client_and_the_stub_itself_and_passes_the_rest_on() -> None:
    app = LocalClient(lambda *a: None, mount="/")  # type: ignore[arg-type]
    status, headers, body, passed = _get(app, "/main.dart.js")
    assert passed == []
    assert status == 200 and b"cdn.jsdelivr.net" not in body and int(headers[b"content-length"]) == len(body)
    assert _get(app, "/" + RIVE_STUB_PATH)[2] == RIVE_STUB
    assert _get(app, "/main.dart.js", "HEAD")[2] == b""
    status, headers, body, _ = _get(app, "/main.dart.wasm")
    assert headers[b"content-type"] == b"application/wasm" and b"cdn.jsdelivr.net" not in body
    assert _get(app, "/flutter.js")[3] == ["/flutter.js"]
    under = LocalClient(lambda *a: None, mount="/app")  # type: ignore[arg-type]
    assert _get(under, "/app/main.dart.js")[0] == 200 and _get(under, "/main.dart.js")[3] == ["/main.dart.js"]
