"""The chambers tracker in Spanish: its refusals, undo labels, reasons and plurals rendered with real values."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.core.chambers import chambers_view
from companion.core.chambers.commands import ActivateChamber, DefineCard, PlaceEgg, PlayChamber, SetMarkers
from companion.core.checklist import phase_items
from companion.core.content import Content
from companion.core.errors import CommandError
from companion.core.i18n import render, trn, using
from companion.core.session import Session
from tests.module_helpers import session
from tests.scoring_helpers import go_to

CACHE = "Scavenger's Cache"


@pytest.fixture
def empires(content: Content) -> Session:
    return session(content, 2, modules=("chambers", "old-tunnels"))


def _refusal(s: Session, command: object) -> CommandError:
    with pytest.raises(CommandError) as caught:
        s.execute(command)  # type: ignore[arg-type]
    return caught.value


def test_a_full_chamber_refuses_an_egg_in_spanish(empires: Session) -> None:
    empires.execute(PlayChamber("p1", CACHE, 3))
    error = _refusal(empires, PlaceEgg("c1"))
    with using("es"):
        assert str(error) == ("Scavenger's Cache no tiene espacio libre (3 de 3 huevos): activa la carta "
                              "(Fase de Reina) antes de añadir más.")
    with using("en"):
        assert str(error) == "Scavenger's Cache is full (3 of 3 eggs): activate it (Queen Phase) before adding more."
    why = chambers_view(empires.state, empires.content)["players"][0]["chambers"][0]["why_not"]
    assert render(why, "es") == "Scavenger's Cache se activa en la Fase de Reina; ahora es Fase de Obrera."


def test_the_undo_label_is_stored_as_a_message_and_read_in_spanish(empires: Session) -> None:
    empires.execute(PlayChamber("p1", CACHE, 2))
    stored = empires.doc["undo"][-1]["label"]
    assert json.loads(json.dumps(stored))["key"] == "{name} plays {card} paying 1 larva: 1 of {spaces} eggs"
    assert render(stored, "es") == "Ana juega Scavenger's Cache pagando 2 larvas: 2 de 3 huevos"
    with using("es"):
        assert empires.undo_label == "Ana juega Scavenger's Cache pagando 2 larvas: 2 de 3 huevos"
    empires.execute(PlaceEgg("c1"))
    assert render(empires.doc["undo"][-1]["label"], "es") == \
        "Ana: un huevo en Scavenger's Cache en lugar de una Reacción (3 de 3)"


@pytest.mark.parametrize(("eggs", "en", "es"), [
    (1, "Ana plays Brood Hall paying 1 larva: 1 of 2 eggs", "Ana juega Brood Hall pagando 1 larva: 1 de 2 huevos"),
    (2, "Ana plays Brood Hall paying 2 larvae: 2 of 2 eggs", "Ana juega Brood Hall pagando 2 larvas: 2 de 2 huevos"),
])
def test_paying_larvae_counts_in_both_languages(empires: Session, eggs: int, en: str, es: str) -> None:
    empires.execute(DefineCard("Brood Hall", 2, "worker"))
    empires.execute(PlayChamber("p1", "Brood Hall", eggs))
    assert render(empires.doc["undo"][-1]["label"], "en") == en
    assert render(empires.doc["undo"][-1]["label"], "es") == es


@pytest.mark.parametrize(("spaces", "es"), [
    (1, "Carta de Cámara introducida: Brood Hall (1 espacio, Fase de Obrera)"),
    (2, "Carta de Cámara introducida: Brood Hall (2 espacios, Fase de Obrera)"),
])
def test_a_card_entered_says_its_spaces(empires: Session, spaces: int, es: str) -> None:
    empires.execute(DefineCard("Brood Hall", spaces, "worker"))
    assert render(empires.doc["undo"][-1]["label"], "es") == es


@pytest.mark.parametrize(("capacity", "es"), [
    (1, "Ana activa Brood Hall (Toma 1 paso): 1 huevo vuelve a la reserva"),
    (2, "Ana activa Brood Hall (Toma 1 paso): 2 huevos vuelven a la reserva"),
])
def test_activation_gives_the_eggs_back_in_spanish(empires: Session, capacity: int, es: str) -> None:
    empires.execute(DefineCard("Brood Hall", capacity, "worker", ability="Toma 1 paso"))  # typed: shown as typed
    empires.execute(PlayChamber("p1", "Brood Hall", capacity))
    empires.execute(ActivateChamber("c1"))
    assert render(empires.doc["undo"][-1]["label"], "es") == es


def test_the_checklist_item_reads_in_the_tabs_language(empires: Session) -> None:
    empires.execute(PlayChamber("p1", CACHE, 3))
    go_to(empires, "harvest")
    with using("es"):
        [item] = phase_items(empires.state, empires.content)
    assert item["text"] == ("Ana: activar Scavenger's Cache (Al empezar la Fase de Reina, obtén lo que den todos los "
                            "lugares de recolección desocupados de un hexágono.)")


@pytest.mark.parametrize(("markers", "es"), [
    (0, "Ana: 0 marcadores de hormiga en juego fuera de las Cámaras"),
    (1, "Ana: 1 marcador de hormiga en juego fuera de las Cámaras"),
    (2, "Ana: 2 marcadores de hormiga en juego fuera de las Cámaras"),
])
def test_ant_markers_count_in_spanish(content: Content, markers: int, es: str) -> None:
    s = session(content, 2, game="evolved", expansions=("predators-and-prey",), modules=("nest-chambers",))
    if markers == 0:
        s.execute(SetMarkers("p1", 5))
    s.execute(SetMarkers("p1", markers))
    assert render(s.doc["undo"][-1]["label"], "es") == es
    with using("es"):
        assert str(_refusal(s, SetMarkers("p1", markers))) == (
            f"Ana ya tiene {markers} {'marcador' if markers == 1 else 'marcadores'} en juego.")


@pytest.mark.parametrize(("n", "es"), [(0, "Ana: 0 huevos en Cámaras"), (1, "Ana: 1 huevo en Cámaras"),
                                       (2, "Ana: 2 huevos en Cámaras")])
def test_the_panels_egg_count_plural(n: int, es: str) -> None:
    with using("es"):
        assert trn("{who}: 1 egg in chambers", "{who}: {n} eggs in chambers", n, who="Ana") == es


def test_the_terminal_refuses_and_helps_in_spanish(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    from companion.cli import main

    db = str(tmp_path / "games.json")
    assert main(["game", "new", "--db", db, "--player", "Ana:red", "--player", "Bo:blue", "--expansion", "empires",
                 "--module", "chambers", "--name", "Cámaras"]) == 0
    gid = capsys.readouterr().out.strip()
    assert main(["--lang", "es", "chambers", "play", "--db", db, gid, "Ana", CACHE, "--eggs", "3"]) == 0
    assert capsys.readouterr().out.strip() == "Ana juega Scavenger's Cache pagando 3 larvas: 3 de 3 huevos"
    assert main(["--lang", "es", "chambers", "activate", "--db", db, gid, "c1"]) == 2
    assert capsys.readouterr().err.strip() == ("companion: Scavenger's Cache se activa en la Fase de Reina; "
                                               "ahora es Fase de Obrera.")
    assert main(["--lang", "es", "chambers", "show", "--db", db, gid]) == 0
    out = capsys.readouterr().out
    assert "c1  Scavenger's Cache      3/3 huevos" in out and "Fase de Reina" in out
    assert "Puede activarse ahora: ninguna" in out
    with pytest.raises(SystemExit):
        main(["--lang", "es", "chambers", "egg", "--help"])
    assert "--from SOURCE  supply (reserva), larva o ant (hormiga)" in capsys.readouterr().out


def test_a_card_entered_badly_is_refused_in_words_to_act_on(empires: Session) -> None:
    with using("es"):
        assert str(_refusal(empires, DefineCard("x" * 41, 2, "worker"))) == \
            "Escribe el nombre de la carta tal como está impreso, de 1 a 40 caracteres."
        assert str(_refusal(empires, DefineCard("Brood Hall", 2, "worker", "pit"))) == \
            "El tipo es chamber u old-tunnel; se recibió 'pit'."
    with using("en"):
        assert str(_refusal(empires, DefineCard("Brood Hall", 2, "worker", ability="y" * 201))) == \
            "Say the ability in at most 200 characters."


def test_every_line_the_chambers_commands_print_comes_from_the_catalogue(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from companion.cli import main
    from tests.i18n.test_cli_language import _unmarked

    db = str(tmp_path / "games.json")
    assert main(["game", "new", "--db", db, "--player", "Ana:red", "--player", "Bo:blue", "--expansion", "empires",
                 "--module", "chambers", "--name", "Qps"]) == 0
    gid = capsys.readouterr().out.strip()
    printed = []
    for args in (["play", gid, "Ana", CACHE, "--eggs", "2"], ["egg", gid, "c1"], ["show", gid],
                 ["define", gid, "Brood Hall", "--spaces", "1", "--phase", "worker"], ["take", gid, "c1"]):
        assert main(["--lang", "qps", "chambers", *args, "--db", db]) == 0
        printed += capsys.readouterr().out.splitlines()
    assert len(printed) >= 6
    assert [line for line in printed if _unmarked(line, ("Ana", "Bo", CACHE, "Brood Hall"))] == []
