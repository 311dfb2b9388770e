"""The phone build (``scripts/build-web``): built once per session, served by a plain static file server."""

from __future__ import annotations

import importlib.util
import json
import os
import re
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Request, ViewportSize

from tests.ui.browser import ANDROID_UA, stop, wait_http
from tests.ui.browser import free_port as _free_port

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

    Under two workers both may ask at once: the first builds under a file lock, the second then finds it built by
    this run (``built_in_this_run``) without asking the build script, whose check that nothing changed hashes every
    input again (seconds on a busy machine)."""
    from filelock import FileLock

    env = {**os.environ, "COMPANION_PYTHON": sys.executable}
    DIST.parent.mkdir(exist_ok=True)
    with FileLock(DIST.parent / ".build-web.lock", timeout=900):
        marker = built_in_this_run()
        if marker is not None and marker.is_file():
            return DIST
        chosen = ["--renderer", RENDERER] if RENDERER else []
        subprocess.run([str(ROOT / "scripts" / "build-web"), "--out", str(DIST), *chosen], check=True, env=env,
                       cwd=ROOT, timeout=900)
        if marker is not None:
            for old in DIST.parent.glob(f".{DIST.name}.built-by-run.*"):
                old.unlink(missing_ok=True)
            marker.touch()
    return DIST


def build_web_module() -> ModuleType:
    """``scripts/build_web.py`` loaded as a module (it is a script, not a package): the tests call its parts."""
    spec = importlib.util.spec_from_file_location("build_web", ROOT / "scripts" / "build_web.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def built_in_this_run() -> Path | None:
    """The file saying this run's first worker built (or checked) ``DIST``: named by xdist's id of the run, which
    every worker of one run shares (None without xdist: one process asks once anyway)."""
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID")
    return DIST.parent / f".{DIST.name}.built-by-run.{run}" if run else None


def renderer_of(build: Path) -> str:
    """The renderer a build was made for, as its ``build-stamp.json`` says."""
    return str(json.loads((build / "build-stamp.json").read_text(encoding="utf-8"))["renderer"])


@contextmanager
def static_server(folder: Path, log: Path | None = None) -> Iterator[str]:
    """A plain static file server (Python's ``http.server``) over ``folder``, as a phone's host would be; its URL.
    With ``log``, the server's request log is written there (one line per request: what was sent, and how often)."""
    import time

    port = _free_port()
    with open(log or os.devnull, "w") as sink:
        proc = subprocess.Popen([sys.executable, "-u", "-m", "http.server", str(port), "--bind", "127.0.0.1", "-d",
                                 str(folder)], stdout=subprocess.DEVNULL, stderr=sink, text=True,
                                start_new_session=True)
        url = f"http://127.0.0.1:{port}/"
        try:
            wait_http(url, time.monotonic() + 20)
            yield url
        finally:
            stop(proc)


def files_sent(log: Path) -> Counter[str]:
    """How often the server of ``static_server(..., log)`` sent each file whole (200), by its name in the folder."""
    return Counter(m.group(1).lstrip("/").split("?")[0] or "index.html"
                   for m in re.finditer(r'"GET (\S+) HTTP/[\d.]+" 200', log.read_text()))


@pytest.fixture(scope="session")
def site(web_build: Path) -> Iterator[Site]:
    with static_server(web_build) as url:
        yield Site(url, web_build)


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
    at its end, a request to any other host fails the test. It is an Android phone's Chrome (``ANDROID_UA``), as the
    phone build's players hold, unless ``options`` say another ``user_agent``."""
    context = chromium.new_context(viewport=PHONE, **{"user_agent": ANDROID_UA, **options})
    asked = only_this_machine(context)
    context.set_default_timeout(60_000)
    try:
        yield context
    finally:
        context.close()
    assert not asked, f"the phone build asked another host: {asked}"
