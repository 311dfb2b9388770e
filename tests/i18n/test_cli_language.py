"""The terminal in the reader's language: every line a command prints goes through the catalogue.

With ``--lang qps`` each text is marked ``[!...!]``; what is left unmarked must be data (ids, numbers,
names, dates, rules entries' own titles and bodies).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from companion.rules.corpus import load_corpus
from tests.terminal import companion

ROOT = Path(__file__).resolve().parents[2]


def _cli(db: Path, *args: str) -> str:
    """``companion --lang qps ARGS --db DB`` through ``main`` in this process (``tests/terminal.py``)."""
    done = companion("--lang", "qps", *args, "--db", str(db),
                     env=dict.fromkeys(("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")))
    assert done.returncode == 0, done.stderr
    return done.stdout


def _unmarked(line: str, data: tuple[str, ...]) -> bool:
    rest = line
    while (shorter := re.sub(r"\[!(?:(?!\[!|!\]).)*!\]", "", rest, flags=re.S)) != rest:
        rest = shorter
    for word in data:
        rest = rest.replace(word, "")
    rest = re.sub(r"^\[[ x]\] [a-z0-9-]+:", "", rest)  # a checklist step's id
    rest = re.sub(r"\b(g-[0-9a-f]+|p\d+|mota|solo|[a-z]+-[a-z0-9-]+|\d{4}-\d\d-\d\dT[\d:+]+)\b", "", rest)
    return bool(re.search(r"[A-Za-z]{2,}", rest))


@pytest.fixture(scope="module")
def solo_game(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    db = tmp_path_factory.mktemp("cli-qps") / "games.json"
    game_id = _cli(db, "solo", "new", "--player", "Ana:red", "--seed", "2", "--name", "Solo").strip()
    _cli(db, "solo", "hex", "add", game_id, "4", "--sites", "2")
    return db, game_id


@pytest.mark.parametrize("command", [
    ("solo", "turn"), ("solo", "turn"), ("solo", "status"), ("solo", "battle"), ("solo", "deck"), ("solo", "checklist"),
    ("game", "show"), ("game", "undo"), ("game", "redo"), ("game", "list"),
])
def test_every_line_of_the_game_commands_is_marked(solo_game: tuple[Path, str], command: tuple[str, ...]) -> None:
    db, game_id = solo_game
    if command[1] in ("undo", "redo"):  # each case makes its own step to take back (the cases may run apart)
        _cli(db, "solo", "hex", "add", game_id, "5" if command[1] == "undo" else "6", "--sites", "1")
        if command[1] == "redo":
            _cli(db, "game", "undo", game_id)
    args = [*command] if command == ("game", "list") else [*command, game_id]
    out = _cli(db, *args)
    assert out.strip()
    bad = [line for line in out.splitlines() if _unmarked(line, ("Ana", "Solo", "March of the Ants"))]
    assert bad == [], f"{' '.join(command)} printed text outside the catalogue: {bad}"


def test_every_line_of_the_rules_commands_is_marked_or_corpus() -> None:
    corpus = load_corpus()
    titles = tuple(sorted({e.title for e in corpus}, key=len, reverse=True))
    for args in (("rules", "search", "ladybug tie", "--limit", "3"), ("rules", "check")):
        out = subprocess.run([sys.executable, "-m", "companion", "--lang", "qps", *args], capture_output=True,
                             text=True, cwd=ROOT, timeout=60).stdout
        books = tuple(corpus.books())
        bad = [line for line in out.splitlines() if _unmarked(line, (*titles, *books, "card note"))]
        assert bad == [], f"{' '.join(args)}: {bad}"
