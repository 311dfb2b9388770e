"""Poisoned imports: every field of real exported games, mutated one at a time.

For each field of an exported competitive game and of a solo game against the
Broodmother (with her turns, a question and history), the field is deleted, given a
value of the wrong type, made huge, or nested deep. Each mutated file is either refused
with a message (and nothing changes) or, if accepted, the game then works with every
terminal command that reads or changes it: no traceback, no "something unexpected went wrong", and
``game list`` still shows every game.
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion import cli
from companion.cli import main
from companion.core import i18n
from companion.core.broodmother.commands import DrawCard
from companion.core.commands.scoring import AdjustScore
from companion.core.commands.turns import NextPhase
from companion.core.setup import GameSetup, PlayerSpec
from companion.store import GameStore, StoreError
from companion.store.transfer import export_bytes, import_bytes
from tests.helpers import four_players

JsonPath = tuple[str | int, ...]
READ_COMMANDS = (("game", "list"), ("game", "show", "{id}"), ("game", "show", "{id}", "--json"))
CHANGE_COMMANDS = (("game", "next", "{id}"), ("game", "undo", "{id}"), ("game", "redo", "{id}"),
                   ("game", "score", "{id}", "p1", "1"))
SOLO_COMMANDS = (("solo", "status", "{id}"), ("solo", "turn", "{id}"), ("solo", "deck", "{id}"),
                 ("solo", "checklist", "{id}"), ("solo", "battle", "{id}"), ("solo", "next", "{id}"),
                 ("solo", "undo", "{id}"), ("solo", "cancel", "{id}"))


def _competitive(store: GameStore) -> str:
    s = store.create(GameSetup(game="mota", players=four_players()), name="Competitive")
    for _ in range(3):
        s.execute(AdjustScore("p2", 2))
        s.execute(NextPhase())
    s.undo()
    return s.id


def _solo(store: GameStore) -> str:
    setup = GameSetup(game="mota", mode="solo", players=(PlayerSpec("Ana", "blue"),), expansions=("minions",),
                      options={"difficulty": "normal"})
    s = store.create(setup, name="Solo", seed=11)
    s.execute(DrawCard())
    s.execute(AdjustScore("p1", 1))
    return s.id


def _paths(value: Any, prefix: JsonPath = ()) -> Iterator[JsonPath]:
    """Every field of ``value``; of long lists and card tables only the first two entries."""
    if isinstance(value, dict):
        for n, (key, child) in enumerate(value.items()):
            if prefix and prefix[-1] == "cards" and n >= 2:
                break
            yield (*prefix, key)
            yield from _paths(child, (*prefix, key))
    elif isinstance(value, list):
        for index, child in enumerate(value[:2]):
            yield (*prefix, index)
            yield from _paths(child, (*prefix, index))


def _wrong_type(value: Any) -> Any:
    if isinstance(value, bool):
        return "yes"
    if isinstance(value, int | float):
        return str(value)
    if isinstance(value, str):
        return 7
    if isinstance(value, list):
        return {"0": value[:1]}
    if isinstance(value, dict):
        return [value] if value else "{}"
    return 5


def _huge(value: Any) -> Any:
    if isinstance(value, str):
        return "x" * 200_000
    if isinstance(value, int) and not isinstance(value, bool):
        return 10**30
    if isinstance(value, list):
        return value * 3000 if value else list(range(3000))
    return {f"k{n}": n for n in range(3000)}


def _deep(value: Any) -> Any:
    nested: Any = value
    for _ in range(60):
        nested = [nested]
    return nested


MUTATIONS = {"deleted": None, "wrong-type": _wrong_type, "huge": _huge, "deep": _deep}


def _mutate(payload: dict[str, Any], path: JsonPath, how: str) -> dict[str, Any] | None:
    out = copy.deepcopy(payload)
    parent: Any = out
    for key in path[:-1]:
        parent = parent[key]
    last = path[-1]
    if how == "deleted":
        if not isinstance(parent, dict):
            return None
        del parent[last]
    else:
        parent[last] = MUTATIONS[how](parent[last])  # type: ignore[operator]
    return out


def _run(db: Path, args: tuple[str, ...], game_id: str) -> tuple[int, str]:
    err, out = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
        code = main([a.format(id=game_id) for a in args] + ["--db", str(db)])
    return code, err.getvalue()


def _exported(tmp_path: Path, make: Any) -> dict[str, Any]:
    store = GameStore(tmp_path / "source.json")
    payload: dict[str, Any] = json.loads(export_bytes(store, make(store)))
    return payload


@pytest.fixture
def parsers_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each subcommand's parser built once per language for the test, not once per command line.

    The test runs some 3,600 command lines; building argparse's parser for each was 30 % of its time. The parsers
    are the app's own (``build_parser``), built as a command line builds them; what they read for their choices
    (the content) does not change here, and every other terminal test still builds one for each line.
    """
    built: dict[tuple[str | None, str], argparse.ArgumentParser] = {}
    build = cli.build_parser

    def kept(wanted: str | None = None) -> argparse.ArgumentParser:
        key = (wanted, i18n.language())
        if key not in built:
            built[key] = build(wanted)
        return built[key]

    monkeypatch.setattr(cli, "build_parser", kept)


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["competitive", "solo"])
@pytest.mark.usefixtures("parsers_kept")
def test_every_mutated_field_is_refused_or_works_everywhere(tmp_path: Path, kind: str) -> None:
    payload = _exported(tmp_path, _competitive if kind == "competitive" else _solo)
    db = tmp_path / "games.json"
    store = GameStore(db)
    keeper = _competitive(store)  # a game that must stay listed whatever is imported
    commands = READ_COMMANDS + CHANGE_COMMANDS + (SOLO_COMMANDS if kind == "solo" else ())
    tried = accepted = 0
    for path in [("game", *p) for p in _paths(payload["game"])]:
        for how in MUTATIONS:
            mutated = _mutate(payload, path, how)
            if mutated is None:
                continue
            tried += 1
            raw = json.dumps(mutated).encode()
            try:
                game_id = import_bytes(store, raw, "the file")
            except StoreError as exc:
                assert "the file" in str(exc), (path, how)
                continue
            accepted += 1
            for args in commands:
                code, err = _run(db, args, game_id)
                assert code in (0, 2) and "something unexpected" not in err and "Traceback" not in err, (
                    path, how, args, err)
            store.delete(game_id)
    listed = [g.id for g in GameStore(db).list_games()]
    assert listed == [keeper]
    print(f"{kind}: {tried} mutations, {accepted} accepted")
    assert tried > 300 and 0 < accepted < tried


def test_a_mutation_that_poisoned_every_game_before_is_refused(tmp_path: Path) -> None:
    """A missing ``ended`` once broke ``game list`` for every game; now the file is refused."""
    payload = _exported(tmp_path, _competitive)
    del payload["game"]["state"]["ended"]
    store = GameStore(tmp_path / "games.json")
    with pytest.raises(StoreError, match=r"state\.ended: Field required"):
        import_bytes(store, json.dumps(payload).encode(), "the file")
    assert store.list_games() == []


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda p: json.dumps(p).replace('"rng": ', '"rng": NaN, "x": ', 1), "not complete JSON"),
        (lambda p: "[" * 100_000 + "]" * 100_000, "nests deeper than 48 levels"),
        (lambda p: json.dumps({**p, "pad": "x" * (5 * 1024 * 1024)}), "larger than 4 MB"),
        (lambda p: json.dumps(p).replace('"name": "Competitive"', '"name": "' + "N" * 200_000 + '"'),
         "name: String should have at most 60 characters"),
    ],
    ids=["nan", "100k-deep", "5-mb", "200k-name"],
)
def test_limits_refuse_huge_deep_and_non_numbers(tmp_path: Path, make: Any, message: str) -> None:
    payload = _exported(tmp_path, _competitive)
    store = GameStore(tmp_path / "games.json")
    with pytest.raises(StoreError, match=message):
        import_bytes(store, make(payload).encode(), "the file")
    assert store.list_games() == []
