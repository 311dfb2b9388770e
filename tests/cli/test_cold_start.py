"""The terminal's start: a run imports only what the subcommand typed runs (issue 33).

``--version`` and ``--help`` list or print without importing any subcommand's module, the
Broodmother, the content, the saves, Flet, pydantic or RapidFuzz. Each case runs ``companion`` in a
fresh interpreter and reads the modules it holds afterwards; speed itself is measured by hand
(docs/ARCHITECTURE.md, "The terminal's start"), never timed here.
"""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from companion import cli

HEAVY = ("flet", "pydantic", "rapidfuzz", "tinydb", "filelock", "babel", "asyncio", "companion.core.broodmother",
         "companion.core.content", "companion.store", "companion.rules", "companion.ui")
PROBE = """
import contextlib, io, json, sys
from companion.cli import main
with contextlib.redirect_stdout(io.StringIO()) as out:
    try:
        code = main(sys.argv[1:])
    except SystemExit as done:  # argparse's --help
        code = done.code
print(json.dumps({"code": code, "out": out.getvalue(), "modules": sorted(sys.modules)}))
"""


@dataclass(frozen=True)
class Run:
    out: str
    modules: list[str]


def loaded_by(*args: str, env: dict[str, str] | None = None) -> Run:
    """What ``companion ARGS`` printed and which modules it had imported, in a fresh interpreter."""
    env = {**(os.environ if env is None else env), "LANGUAGE": "en"}
    done = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    return Run(result["out"], result["modules"])


def heavy_in(modules: list[str]) -> list[str]:
    return [name for name in modules if any(name == h or name.startswith(h + ".") for h in HEAVY)]


@pytest.mark.parametrize(("args", "allowed"), [(("--version",), ()), (("--help",), ()),
                                               (("--lang", "es", "--help"), ("babel",))])
def test_version_and_help_import_nothing_heavy(args: tuple[str, ...], allowed: tuple[str, ...]) -> None:
    """Spanish reads its catalogues with Babel (compiled in memory at first use); nothing else is needed."""
    run = loaded_by(*args)
    assert [m for m in heavy_in(run.modules) if m.split(".")[0] not in allowed] == []
    assert [m for m in run.modules if m.endswith("_cmd")] == []


def test_help_lists_every_subcommand_with_its_declared_line() -> None:
    out = loaded_by("--help").out
    for name in cli.subcommand_modules():
        assert f"    {name} " in out, name
    assert "list, show, export, import, undo and redo saved games" in out


def test_spanish_help_reads_the_declared_lines_in_spanish() -> None:
    out = loaded_by("--lang", "es", "--help").out
    assert "lista, muestra, exporta, importa, deshace y rehace partidas" in out


def test_version_prints_the_version() -> None:
    from companion import __version__

    assert loaded_by("--version").out == f"{__version__}\n"


def test_a_subcommand_imports_its_own_module_only() -> None:
    run = loaded_by("calc", "--help")
    modules = run.modules
    assert "companion.cli.calc_cmd" in modules
    assert [m for m in modules if m.endswith("_cmd") and m != "companion.cli.calc_cmd"] == []
    assert heavy_in(modules) == []


@pytest.mark.parametrize("name", cli.subcommand_modules())
def test_the_declared_line_is_the_modules_own(name: str) -> None:
    """The line read from the file without importing it is the ``HELP`` the imported module holds."""
    module = importlib.import_module(f"companion.cli.{name}_cmd")
    assert cli.declared_help(name) == module.HELP


def test_listing_games_reads_the_index_only(tmp_path: Path) -> None:
    """``game list`` reads the index of summaries: no content, no game rules, no lock (nothing is written once
    the index holds each game's summary: the first listing after a change reads the game and writes it), no
    pydantic, Flet or RapidFuzz."""
    db = str(tmp_path / "games.json")
    made = subprocess.run([sys.executable, "-m", "companion", "game", "new", "--db", db, "--player", "Ana:red",
                           "--player", "Bo:blue", "--name", "Tuesday"],
                          capture_output=True, text=True, timeout=120, env={**os.environ, "LANGUAGE": "en"})
    assert made.returncode == 0, made.stderr
    assert "Tuesday" in loaded_by("game", "list", "--db", db).out
    run = loaded_by("game", "list", "--db", db)
    assert "Tuesday" in run.out
    unwanted = ("companion.core.content", "companion.core.session", "companion.core.validation",
                "companion.core.commands", "filelock", "pydantic", "flet", "rapidfuzz")
    assert [m for m in run.modules if any(m == u or m.startswith(u + ".") for u in unwanted)] == []


def test_a_rules_search_opens_no_store(tmp_path: Path) -> None:
    """The search's cache folder (the user's, here under a fresh home) is found without the store's modules."""
    env = {k: v for k, v in os.environ.items() if k != "COMPANION_CACHE"} | {"XDG_CACHE_HOME": str(tmp_path)}
    run = loaded_by("rules", "search", "ladybug", env=env)
    assert (tmp_path / "march-of-the-ants-companion" / "rules-index.bin").is_file()
    assert run.out.strip()
    assert [m for m in run.modules if m.startswith(("companion.store", "filelock", "flet"))] == []
