"""``companion calc predator`` and ``companion predator ID ...``: JSON, the diagram from a terminal, exit 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli import main


def cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(("args", "expected"), [
    (("--round", "3", "--name", "cordyceps"), {"health": 9, "tier": 3, "round": 3, "name": "Cordyceps Fungus",
                                               "abilities": ["Places 4 spore tokens in its hex."], "spores": 4}),
    (("--health", "7", "--name", "Cordyceps Fungus"), {"health": 7, "tier": 2, "name": "Cordyceps Fungus",
                                                       "abilities": ["Places 3 spore tokens in its hex."],
                                                       "spores": 3}),
    (("--health", "4", "--name", "cordyceps-fungus"), {"health": 4, "tier": 1, "name": "Cordyceps Fungus",
                                                       "abilities": ["Places 2 spore tokens in its hex."],
                                                       "spores": 2}),
    (("--round", "1"), {"health": 3, "tier": 1, "round": 1}),
    (("--round", "2"), {"health": 6, "tier": 2, "round": 2}),
    (("--round", "4"), {"health": 12, "tier": 3, "round": 4}),
    (("--round", "5"), {"health": 15, "tier": 3, "round": 5}),
    (("--health", "5"), {"health": 5, "tier": 2}),
    (("--health", "8"), {"health": 8, "tier": 2}),
    (("--health", "9"), {"health": 9, "tier": 3}),
    (("--health", "0"), {"health": 0, "tier": 0}),
    (("--round", "2", "--name", "mantis"), {"health": 6, "tier": 2, "round": 2, "name": "Praying Mantis",
                                            "abilities": []}),
])
def test_calc_predator_json(capsys: pytest.CaptureFixture[str], args: tuple[str, ...],
                            expected: dict[str, object]) -> None:
    code, out, err = cli(capsys, "calc", "predator", *args, "--json")
    assert (code, err) == (0, "")
    assert json.loads(out) == expected


def test_calc_predator_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "calc", "predator", "--round", "3", "--name", "cordyceps")
    assert code == 0
    assert out.splitlines()[:2] == ["Cordyceps Fungus summoned in round 3: Health 9, Tier 3 (Health 9-12).",
                                    "It places 4 spore tokens in its hex."]


@pytest.mark.parametrize(("args", "message"), [
    (("--round", "0"), "The round must be between 1 and 5; got 0."),
    (("--round", "6"), "The round must be between 1 and 5; got 6."),
    (("--health", "-1"), "Health must be between 0 and 15; got -1."),
    (("--round", "2", "--health", "3"), "give either --round R"),
    ((), "give either --round R"),
    (("--round", "2", "--name", "wolf"), "No Predator 'wolf'"),
])
def test_calc_predator_bad_input(capsys: pytest.CaptureFixture[str], args: tuple[str, ...], message: str) -> None:
    code, out, err = cli(capsys, "calc", "predator", *args)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and message in err


def test_the_diagram_from_a_terminal(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    db = str(tmp_path / "games.json")
    code, out, _ = cli(capsys, "game", "new", "--db", db, "--expansion", "minions", "--module", "predators",
                       "--player", "Red:red", "--player", "Blue:blue", "--player", "Purple:purple", "--seed", "1")
    game = out.strip()
    for _ in range(12):
        cli(capsys, "game", "next", game, "--db", db)
    steps = [
        (("summon", "cordyceps", "--hex", "12", "--by", "Red"),
         "Cordyceps Fungus summoned in hex 12: Health 9, Tier 3; 4 spore tokens in its hex"),
        (("spores", "cordyceps", "3"), "Cordyceps Fungus: 3 spore tokens in its hex"),
        (("battle", "cordyceps", "--player", "Purple"), "Purple battles the Cordyceps Fungus: it discards 3 cards"),
        (("battle", "cordyceps", "--reveal", "1"), "Cordyceps Fungus discards card 1 of 3: Ferocity 1"),
        (("battle", "cordyceps", "--reveal", "0", "0", "--strength", "2"),
         "Purple (2) beats the Cordyceps Fungus (1), +1 CP"),
    ]
    for args, expected in steps:
        code, out, err = cli(capsys, "predator", game, *args, "--db", db)
        assert (code, err) == (0, ""), err
        assert expected in out
    code, out, _ = cli(capsys, "predator", game, "status", "--json", "--db", db)
    (cordyceps,) = json.loads(out)["predators"]["predators"]
    assert (cordyceps["health"], cordyceps["tier"], cordyceps["spores"]) == (7, 2, 3)
    code, out, _ = cli(capsys, "game", "show", game, "--json", "--db", db)
    assert json.loads(out)["state"]["scores"]["p3"] == [0, 0, 1, 0]
    before = out
    for args, message in [
        (("damage", "cordyceps", "-2"), "Casualties must be between 1 and 15; got -2."),
        (("summon", "wolf"), "No Predator 'wolf'"),
        (("summon", "cordyceps"), "already on the board"),
        (("defeat", "cordyceps", "--by", "Zed"), "no player 'Zed'"),
        (("recruit", "ladybug", "--by", "Red"), "does not use the Predators & Prey predators"),
        (("battle", "cordyceps", "--reveal", "1"), "no battle in progress: give --player PLAYER"),
    ]:
        code, out, err = cli(capsys, "predator", game, *args, "--db", db)
        assert code == 2 and len(err.strip().splitlines()) == 1 and message in err, err
    code, out, _ = cli(capsys, "game", "show", game, "--json", "--db", db)
    assert json.loads(out)["state"] == json.loads(before)["state"]
    code, out, _ = cli(capsys, "predator", game, "defeat", "cordyceps", "--by", "Blue", "--db", db)
    assert out.strip() == "Blue wins against the Cordyceps Fungus: +1 CP"
    code, out, _ = cli(capsys, "game", "undo", game, "--db", db)
    assert out.strip() == "Undone: Blue wins against the Cordyceps Fungus: +1 CP"


def test_alliances_from_a_terminal(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    db = str(tmp_path / "games.json")
    _, out, _ = cli(capsys, "game", "new", "--db", db, "--game", "evolved", "--expansion", "predators-and-prey",
                    "--module", "pp-predators", "--player", "Red:red", "--player", "Blue:blue", "--seed", "2")
    game = out.strip()
    code, out, err = cli(capsys, "predator", game, "reveal", "trapdoor-spider", "ladybug", "--db", db)
    assert code == 0, err
    code, out, err = cli(capsys, "predator", game, "recruit", "trapdoor", "--by", "Red", "--db", db)
    assert out.strip() == "Red allies with the Trapdoor Spider (Offering: Discard 1 card)"
    code, out, err = cli(capsys, "predator", game, "lose", "Red", "--reason", "battle", "--winner", "Blue", "--db", db)
    assert code == 0 and out.startswith("Blue defeats Red's Trapdoor Spider: +1 pts, +1 food; reveal the ")
    code, out, err = cli(capsys, "predator", game, "status", "--db", db)
    assert "beside it: Trapdoor Spider" in out
    code, out, err = cli(capsys, "predator", game, "lose", "Red", "--reason", "offering", "--db", db)
    assert code == 2 and "Red is allied with no predator" in err
