"""The terminal in Spanish: argparse's own words, our help, a refusal, and the last guard's line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion import cli
from companion.cli import main

ENGLISH = ("usage:", "options", "positional arguments", "show this help", "the following arguments", "invalid choice",
           "Broodmother", "the game id", "her ", "print the", "internal error")


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    try:
        code = main(list(args))
    except SystemExit as done:  # --help prints and exits 0
        code = int(done.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_solo_help_is_spanish_through_and_through(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--lang", "es", "solo", "--help")
    assert code == 0
    assert out.startswith("uso: companion solo [-h] ACCIÓN ...")
    assert "\nargumentos posicionales:\n" in out and "\nopciones:\n" in out
    assert "muestra esta ayuda y termina" in out
    assert "Lleva a la Madre de la Camada (Minions of the Meadow) desde la terminal." in out
    assert "gasta una Ficha de Iniciativa para cancelar la reacción" in out
    assert [word for word in ENGLISH if word in out] == []
    # and in English the same parser speaks English again (argparse's words follow the run's language)
    code, out, _ = run(capsys, "--lang", "en", "solo", "--help")
    assert out.startswith("usage: companion solo [-h] ACTION ...") and "\noptions:\n" in out


def test_an_option_list_names_its_values_in_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "--lang", "es", "solo", "hex", "add", "--help")
    assert "uso: companion solo hex add [-h] [--db RUTA] [--json]" in out
    assert re.search(r"--sites NÚMERO +sus lugares de recolección libres", out)
    assert "ID NÚMERO" in out and "SITES" not in out and "NYMPHS" not in out


def test_bad_input_is_one_spanish_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "--lang", "es", "solo", "turn")
    assert (code, out) == (2, "")
    assert err == "companion: companion solo turn: faltan estos argumentos obligatorios: ID (ver --help)\n"
    code, _, err = run(capsys, "--lang", "es", "solo", "enter", "g-1", "ev")
    assert code == 2 and "argumento TIPO: opción no válida: 'ev' (elige entre 'event'," in err
    code, _, err = run(capsys, "--lang", "es", "game", "delete", "g-1a2b")
    assert (code, err) == (2, "companion: borrar g-1a2b no se puede deshacer; añade --yes para confirmarlo\n")


def test_her_refusal_reaches_the_terminal_in_spanish(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "games.json")
    code, out, _ = run(capsys, "solo", "new", "--player", "Ana:red", "--seed", "3", "--db", db)
    game_id = out.strip()
    assert code == 0 and game_id.startswith("g-")
    run(capsys, "solo", "hex", "add", game_id, "4", "--sites", "2", "--db", db)
    code, _, err = run(capsys, "--lang", "es", "solo", "hex", "sites", game_id, "9", "1", "--db", db)
    assert (code, err) == (2, "companion: No hay hexágono 9 en el prado de la aplicación (hexágonos: 4). Añádelo "
                              "antes (Añadir un hexágono en el panel de la Madre de la Camada; `companion solo hex add "
                              "ID 9` en el terminal).\n")


def test_the_unexpected_error_line_says_what_happened_in_plain_words(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from companion.cli import game_cmd

    def broken(_: object) -> int:
        raise RuntimeError("the index went sideways")

    monkeypatch.setattr(game_cmd, "_list", broken)
    code, out, err = run(capsys, "--lang", "es", "game", "list")
    assert (code, out) == (1, "")
    assert err == ("companion: algo inesperado ha fallado y esta orden se ha detenido. Tus partidas guardadas se "
                   "conservan (un cambio se guarda entero o no se guarda). Por favor, informa de la orden que "
                   "escribiste y de este detalle: RuntimeError: the index went sideways\n")
    code, _, err = run(capsys, "--lang", "en", "game", "list")
    assert code == 1 and "internal error" not in err
    assert err.startswith("companion: something unexpected went wrong, so this command stopped. Your saved games are "
                          "kept")
    assert cli.unexpected(KeyError()).endswith("this detail: KeyError: -")
