"""``companion``: the URL it prints, a busy port, the desktop flag where no window can open."""

from __future__ import annotations

import re
import socket
import subprocess
import sys
from pathlib import Path

from tests.ui.browser import ROOT, stop


def _start(args: list[str], db: Path) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "companion", *args, "--db", str(db)], cwd=ROOT, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True)


def _lines_until_url(proc: subprocess.Popen[str]) -> list[str]:
    assert proc.stdout is not None
    lines = []
    for line in proc.stdout:
        lines.append(line.strip())
        if "March of the Ants companion: http" in line:
            break
    return lines


def test_a_busy_port_is_reported_and_the_next_one_used(tmp_path: Path) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        proc = _start(["--no-browser", "--port", str(port)], tmp_path / "games.json")
        try:
            lines = _lines_until_url(proc)
        finally:
            stop(proc)
    # the next free one: port + 1 unless another process took it meanwhile (CI of 2026-12-07: port + 2)
    said = [int(m[1]) for line in lines if (m := re.fullmatch(rf"Port {port} is in use; using port (\d+) instead\.",
                                                             line))]
    assert len(said) == 1 and said[0] > port, lines
    assert f"March of the Ants companion: http://127.0.0.1:{said[0]}/" in lines


def test_desktop_without_a_display_explains_instead_of_hanging(tmp_path: Path) -> None:
    env_cmd = [sys.executable, "-m", "companion", "--desktop", "--db", str(tmp_path / "games.json")]
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    done = subprocess.run(env_cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "--desktop" in done.stderr or "flet-desktop" in done.stderr
