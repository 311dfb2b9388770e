"""The phone build (``scripts/build-web``): built once per session, served by a plain static file server."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Request, ViewportSize

from tests.ui.browser import free_port as _free_port
from tests.ui.browser import stop, wait_http

ROOT = Path(__file__).resolve().parents[2]
#: The phone build's tests run against the default build (dist/web/), or the variant with another renderer that
#: ``COMPANION_WEB_RENDERER`` names (``scripts/build-web --renderer``, in dist/web-<renderer>/): each variant passes
#: the same tests.
RENDERER = os.environ.get("COMPANION_WEB_RENDERER", "")
DIST = ROOT / "dist" / (f"web-{RENDERER}" if RENDERER else "web")
PHONE: ViewportSize = {"width": 360, "height": 740}


@dataclass
class Site:
    url: str
    folder: Path


@pytest.fixture(scope="session")
def web_build() -> Path:
    """dist/web/ (or ``RENDERER``'s variant), built with this interpreter (skipped by the build itself when nothing
    changed).

    Under two workers both may ask at once: the first builds under a file lock, the second then finds it built."""
    from filelock import FileLock

    env = {**os.environ, "COMPANION_PYTHON": sys.executable}
    DIST.parent.mkdir(exist_ok=True)
    with FileLock(DIST.parent / ".build-web.lock", timeout=900):
        chosen = ["--renderer", RENDERER] if RENDERER else []
        subprocess.run([str(ROOT / "scripts" / "build-web"), "--out", str(DIST), *chosen], check=True, env=env,
                       cwd=ROOT, timeout=900)
    return DIST


def renderer_of(build: Path) -> str:
    """The renderer a build was made for, as its ``build-stamp.json`` says."""
    return str(json.loads((build / "build-stamp.json").read_text(encoding="utf-8"))["renderer"])


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


#: Any URL but this machine's own server (the page's host, any port the test serves on).
ELSEWHERE = re.compile(r"^(?!http://127\.0\.0\.1[:/]).+")


def only_this_machine(context: BrowserContext) -> list[str]:
    """Every request the context makes to another host fails, and is listed (the page's, its Python worker's and
    its service worker's alike): a test fails on any, offline or not."""
    asked: list[str] = []

    def record(request: Request) -> None:
        if ELSEWHERE.match(request.url) and not request.url.startswith(("data:", "blob:")):
            asked.append(request.url)

    context.on("request", record)
    context.route(ELSEWHERE, lambda route: route.abort("blockedbyclient"))
    return asked


@contextmanager
def phone_context(chromium: Browser, **options: Any) -> Iterator[BrowserContext]:
    """A fresh phone-sized browser profile (its own IndexedDB and service worker) that may ask only this machine:
    at its end, a request to any other host fails the test."""
    context = chromium.new_context(viewport=PHONE, **options)
    asked = only_this_machine(context)
    context.set_default_timeout(60_000)
    try:
        yield context
    finally:
        context.close()
    assert not asked, f"the phone build asked another host: {asked}"


@pytest.fixture
def phone(chromium: Browser) -> Iterator[BrowserContext]:
    with phone_context(chromium) as context:
        yield context
