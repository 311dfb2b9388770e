"""The desktop bundle: ``pyinstaller build.spec`` builds offline, starts, and serves the working app."""

from __future__ import annotations

import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from tests.ui.browser import ROOT, new_tab, run_server

pytestmark = [pytest.mark.slow, pytest.mark.browser]


@pytest.fixture(scope="module")
def bundle(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("bundle")
    build = subprocess.run(
        [sys.executable, "-m", "PyInstaller", "--noconfirm", "--distpath", str(out / "dist"),
         "--workpath", str(out / "build"), "build.spec"],
        cwd=ROOT, capture_output=True, text=True, timeout=900,
    )
    assert build.returncode == 0, build.stderr[-3000:]
    exe = out / "dist" / "companion" / "companion"
    assert exe.is_file()
    return exe


def test_bundle_serves_the_app_offline(bundle: Path, browser: Browser, tmp_path: Path) -> None:
    with run_server(tmp_path / "games.json", command=[str(bundle)], cwd=tmp_path) as server:
        with urllib.request.urlopen(server.url, timeout=10) as response:
            assert response.status == 200
            page = response.read().decode("utf-8")
        assert "flutter_bootstrap.js" in page, "the Flet web client is served"
        ui = new_tab(browser, server.url)
        try:
            ui.open("/", "home")
            ui.tap("open-calculators")
            ui.wait_screen("calculators")
            assert not ui.external_requests, ui.external_requests
        finally:
            ui.close()
    assert (tmp_path / "games.json").exists(), "the bundle opened the saves it was given"
