"""The page's half of the link asks no other host: no STUN or TURN server (phones at one table reach each other on
their own network), nothing fetched from a CDN (jsQR comes from the build's own folder), and the build vendors the
very jsQR its lock pins."""

from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "packaging" / "web"


def test_the_peer_connection_has_no_ice_server_and_the_page_no_other_host() -> None:
    page = (WEB / "table.js").read_text(encoding="utf-8")
    assert page.count("new RTCPeerConnection(") == 1 and "new RTCPeerConnection({ iceServers: [] })" in page
    assert not re.search(r"stuns?:|turns?:|https?://", page)
    assert 'script.src = "vendor/jsQR.js"' in page


def test_the_build_vendors_the_locked_jsqr() -> None:
    lock = json.loads((WEB / "package-lock.json").read_text(encoding="utf-8"))
    wanted = json.loads((WEB / "package.json").read_text(encoding="utf-8"))["dependencies"]
    assert lock["packages"]["node_modules/jsqr"]["version"] == wanted["jsqr"]
    assert lock["packages"]["node_modules/jsqr"]["integrity"].startswith("sha512-")
    build = (ROOT / "scripts" / "build_web.py").read_text(encoding="utf-8")
    assert '("jsqr/dist/jsQR.js", "vendor/jsQR.js")' in build
