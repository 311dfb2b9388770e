"""The installed package finds its game content: the wheel carries ``data/`` as ``companion/_data``."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_the_wheel_bundles_the_data_and_runs_from_it(tmp_path: Path) -> None:
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(ROOT)],
                   check=True, capture_output=True, timeout=600)
    (wheel,) = tmp_path.glob("march_of_the_ants_companion-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for needed in ("companion/_data/game/games.json", "companion/_data/broodmother/difficulty.json",
                   "companion/_data/rules/mm-variants.json", "companion/_data/rules/topics.json",
                   "companion/_data/symbiotes/rules.json", "companion/_data/symbiotes/locale/es.po",
                   "companion/locale/es/LC_MESSAGES/companion.po"):
        assert needed in names
    assert not any(name.startswith("tests/") for name in names)

    unpacked = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(unpacked)
    probe = ("from companion.paths import data_dir; from companion.rules.corpus import load_corpus;"
             "from companion.core.i18n import render; print(data_dir()); print(len(load_corpus()));"
             "print(load_corpus().get('mm-symbiote-head') is not None,"
             "      render('Symbiote Tokens', 'es') == 'Fichas de Simbionte')")
    result = subprocess.run([sys.executable, "-c", probe], cwd=tmp_path, capture_output=True, text=True,
                            env={"PYTHONPATH": str(unpacked), "PATH": "/usr/bin:/bin"}, timeout=120)
    assert result.returncode == 0, result.stderr
    where, count, units_rules, units_spanish = result.stdout.split()
    assert where == str(unpacked / "companion" / "_data")
    assert int(count) > 500
    assert units_rules == units_spanish == "True"  # a unit's own rules entries and translations ship too
