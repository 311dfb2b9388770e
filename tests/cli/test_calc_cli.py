"""``companion calc farm|decree|eve``: JSON for scripts, one line and exit 2 on bad input."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from companion.cli import main


def calc(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["calc", *args])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(("args", "expected"), [
    (("farm", "--aphids", "1"), {"cards": 0, "cp": 0}),
    (("farm", "--aphids", "2"), {"cards": 1, "cp": 0}),
    (("farm", "--aphids", "3"), {"cards": 1, "cp": 1}),
    (("farm", "--aphids", "4"), {"cards": 0, "cp": 3}),
    (("farm", "--aphids", "2", "--shared"), {"cards": 1, "cp": 0}),
    (("farm", "--aphids", "3", "--shared"), {"cards": 0, "cp": 1}),
    (("farm", "--aphids", "4", "--shared"), {"cards": 1, "cp": 1}),
    (("farm", "--aphids", "4", "--herders", "4"), {"cards": 1, "cp": 1}),
    (("decree", "--round", "3", "Ana=4", "Bo=2"), {"points": {"Ana": 3, "Bo": 0}}),
    (("decree", "--round", "4", "Ana=4", "Bo=4", "Cy=1"), {"points": {"Ana": 1, "Bo": 1, "Cy": 0}}),
    (("decree", "--round", "2", "Ana=0", "Bo=0"), {"points": {"Ana": 0, "Bo": 0}}),
    (("eve", "--enclave", "Ana", "--adjacent", "Ana=1", "--adjacent", "Bo=2", "--other", "Cy=3"),
     {"points": {"Ana": 4, "Bo": 4, "Cy": 3}}),
])
def test_json_results(capsys: pytest.CaptureFixture[str], args: tuple[str, ...], expected: dict[str, object]) -> None:
    code, out, err = calc(capsys, *args, "--json")
    assert (code, err) == (0, "")
    assert json.loads(out) == expected


@pytest.mark.parametrize(("args", "message"), [
    (("farm", "--aphids", "-1"), "The number of aphids cannot be negative; got -1."),
    (("farm", "--aphids", "5"), "5 aphids cannot fit on a hex with 4 collection sites (one aphid per site)."),
    (("farm", "--aphids", "1", "--shared"), "2 herders cannot share 1 aphid: each herder herds at least one."),
    (("farm", "--aphids", "x"), "invalid int value: 'x'"),
    (("decree", "--round", "0", "Ana=1"), "The round must be between 1 and 4; got 0."),
    (("decree", "--round", "2", "Ana"), "'Ana': write NAME=MEASURE, e.g. Ana=3"),
    (("decree", "--round", "2", "Ana=1", "Ana=2"), "Ana is given twice"),
    (("eve", "--player", "Ana", "--player", "Bo", "--player", "Cy", "--adjacent", "Zed=1"),
     "No player 'Zed'; players are Ana, Bo, Cy."),
    (("eve", "--adjacent", "Ana=4", "--adjacent", "Bo=3"), "Only 6 hexes touch the Enclave; 7 were entered in all."),
    (("eve",), "say who controls what"),
])
def test_bad_input_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str], args: tuple[str, ...],
                                          message: str) -> None:
    code, out, err = calc(capsys, *args)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and message in err and "Traceback" not in err


def test_text_output_says_the_sum(capsys: pytest.CaptureFixture[str]) -> None:
    assert calc(capsys, "farm", "--aphids", "3")[1] == (
        "3 aphids, single-player farm: each herder takes +1 CP, +1 card.\n")
    assert calc(capsys, "--lang", "es", "farm", "--aphids", "3", "--shared")[1] == (
        "3 pulgones, granja compartida: cada pastor recibe +1 PC.\n")
    assert calc(capsys, "eve", "--enclave", "Ana", "--other", "Bo=2")[1] == (
        "Ana: 2 (Enclave) + 2 x 0 (next to it) + 1 x 0 (other) = 2\n"
        "Bo: 0 (Enclave) + 2 x 0 (next to it) + 1 x 2 (other) = 2\n")
    out = calc(capsys, "decree", "--round", "2", "Ana=0", "Bo=0")[1]
    assert out.startswith("Round 2: nobody scores") and "Interpretation:" in out


def test_as_a_real_process() -> None:
    done = subprocess.run([sys.executable, "-m", "companion", "calc", "farm", "--aphids", "4", "--shared", "--json"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and json.loads(done.stdout) == {"cards": 1, "cp": 1}
    bad = subprocess.run([sys.executable, "-m", "companion", "calc", "decree", "--round", "0", "Ana=1"],
                         capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and bad.stderr == "companion: The round must be between 1 and 4; got 0.\n"


def test_game_next_says_what_scoring_was_left_behind(tmp_path: object, capsys: pytest.CaptureFixture[str]) -> None:
    from pathlib import Path

    from companion.core.commands.turns import NextPhase
    from companion.core.harvest.commands import AddAphidHex, SetHerd
    from companion.core.setup import GameSetup, PlayerSpec
    from companion.store import GameStore

    db = Path(str(tmp_path)) / "games.json"
    store = GameStore(db)
    s = store.create(GameSetup(game="mota", players=(PlayerSpec("Ana", "red"), PlayerSpec("Bo", "blue")),
                               expansions=("minions",), modules=("aphids",)), seed=1)
    for command in (AddAphidHex("Lichen", 4), SetHerd("h1", "p1", 2), NextPhase(), NextPhase()):
        s.execute(command)
    store.close()
    assert main(["game", "next", s.id, "--db", str(db)]) == 0
    out, err = capsys.readouterr()
    assert out == "Next: Queen Phase: Feeding\n"
    assert err == ("companion: note: Queen Phase: Harvest has rewards not applied yet: "
                   "Aphid farms: Ana +1 card. (Undo to go back.)\n")


def test_the_calculators_speak_spanish_help_and_refusals_included(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["calc", "farm", "--help", "--lang", "es"])
    assert "pulgones pastoreados en los lugares de recolección del hexágono" in capsys.readouterr().out
    code, _out, err = calc(capsys, "--lang", "es", "farm", "--aphids", "5")
    assert code == 2 and "5 pulgones no caben en un hexágono con 4 lugares de recolección" in err
    assert calc(capsys, "--lang", "es", "decree", "--round", "3", "Ana=4", "Bo=2")[1] == "Ronda 3: Ana +3 PC\n"
    assert calc(capsys, "--lang", "es", "eve", "--enclave", "Ana", "--adjacent", "Ana=1")[1] == (
        "Ana: 2 (Enclave) + 2 x 1 (junto a él) + 1 x 0 (otros) = 4\n")
