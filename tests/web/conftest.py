"""The phone build (``scripts/build-web``): built once per session, served by a plain static file server."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, ViewportSize

from tests.ui.browser import free_port as _free_port
from tests.ui.browser import stop, wait_http

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist" / "web"
PHONE: ViewportSize = {"width": 360, "height": 740}


@dataclass
class Site:
    url: str
    folder: Path


@pytest.fixture(scope="session")
def web_build() -> Path:
    """dist/web/, built with this interpreter (skipped by the build itself when nothing changed).

    Under two workers both may ask at once: the first builds under a file lock, the second then finds it built."""
    from filelock import FileLock

    env = {**os.environ, "COMPANION_PYTHON": sys.executable}
    DIST.parent.mkdir(exist_ok=True)
    with FileLock(DIST.parent / ".build-web.lock", timeout=900):
        subprocess.run([str(ROOT / "scripts" / "build-web")], check=True, env=env, cwd=ROOT, timeout=900)
    return DIST


@pytest.fixture(scope="session")
def site(web_build: Path) -> Iterator[Site]:
    import time

    port = _free_port()
    proc = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "-d",
                             str(web_build)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, text=True,
                            start_new_session=True)
    url = f"http://127.0.0.1:{port}/"
    try:
        wait_http(url, time.monotonic() + 20)
        yield Site(url, web_build)
    finally:
        stop(proc)


@pytest.fixture(scope="session")
def chromium(browser: Browser) -> Browser:
    """The session's chromium (``tests/conftest.py``)."""
    return browser


@pytest.fixture
def phone(chromium: Browser) -> Iterator[BrowserContext]:
    """A fresh phone-sized browser profile (its own IndexedDB and service worker); only this machine."""
    context = chromium.new_context(viewport=PHONE)
    context.route("https://cdn.jsdelivr.net/**", lambda route: route.abort())  # Flet's one harmless CDN ask
    context.set_default_timeout(60_000)
    yield context
    context.close()
