"""The saves say nothing in English directly: every refusal, file problem and notice is a message.

Read from the source (``ast``) like ``test_core_says_messages``: its ``english_in`` over
``companion/store``, plus what only the store does - exceptions whose names do not end in
"Error" (``GameBusy``, ``StoreConflict``, ``GameDeleted``, ``FileProblem``: any raised call of a
capitalized name), an exception built to be raised later (``return FileProblem(...)``) and a notice
kept for the player (``self.notice = ...``, ``self.notices.append(...)``). Then the messages
themselves, read in Spanish with the real values of a real save: a damaged game, a refused stale
save, a full disk and the move of an old database (its plural for 1 and 2 games).
"""

from __future__ import annotations

import ast
import errno
import json
import os
from importlib import import_module
from pathlib import Path
from typing import Any

import pytest

from companion.core.commands.scoring import AdjustScore
from companion.core.i18n import Msg, render, using
from companion.core.setup import GameSetup
from companion.store import FileProblem, GameStore, StoreConflict, StoreError
from companion.store.transfer import import_file
from tests.helpers import four_players
from tests.i18n.test_core_says_messages import _is_text, english_in

STORE = Path(__file__).resolve().parents[2] / "companion" / "store"
FIXTURES = Path(__file__).resolve().parents[1] / "store" / "fixtures"
STORE_MODULES = [f"companion.store.{path.stem}" for path in sorted(STORE.glob("*.py")) if path.stem != "__init__"]


def _name(call: ast.Call) -> str | None:
    func = call.func
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None


def _exception_classes(tree: ast.AST) -> set[str]:
    """Every exception class the store knows, and those ``tree`` defines on them (built here, raised later)."""
    names = {name for module in STORE_MODULES for name, value in vars(import_module(module)).items()
             if isinstance(value, type) and issubclass(value, BaseException)}
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and any(isinstance(b, ast.Name) and b.id in names for b in node.bases):
            names.add(node.name)
    return names


def _notice_text(node: ast.AST) -> bool:
    """``x.notice = "..."`` or ``x.notices.append(f"...")``: a notice kept as English."""
    if isinstance(node, ast.Assign) and any(isinstance(t, ast.Attribute) and t.attr == "notice" for t in node.targets):
        return _is_text(node.value)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in ("append", "extend") \
            and isinstance(node.func.value, ast.Attribute) and node.func.value.attr == "notices":
        return bool(node.args) and _is_text(node.args[0])
    return False


def store_english_in(path: Path) -> list[str]:
    """What ``english_in`` finds, and the store's own ways of saying English."""
    tree = ast.parse(path.read_text("utf-8"), str(path))
    found = english_in(path)  # names the file by its name (it is outside companion/core)
    exceptions = _exception_classes(tree)
    raised = {id(node.exc) for node in ast.walk(tree) if isinstance(node, ast.Raise)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and (name := _name(node)) and node.args and _is_text(node.args[0]) \
                and ((id(node) in raised and name[:1].isupper()) or name in exceptions):
            found.append(f"{path.name}:{node.lineno}: {name}(English text)")
        if _notice_text(node):
            found.append(f"{path.name}:{getattr(node, 'lineno', 0)}: a notice in English")
    return sorted(set(found))


def test_the_saves_refuse_and_tell_with_messages_only() -> None:
    offenders = [line for path in sorted(STORE.glob("*.py")) for line in store_english_in(path)]
    assert offenders == [], "use msg(...)/nmsg(...) (companion.core.i18n):\n" + "\n".join(offenders)


def test_the_check_sees_the_stores_english_and_passes_its_messages(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "class Busy(GameError):\n    pass\n\n"
        "def a(x):\n    raise GameBusy(f'Game {x} is busy.')\n\n"
        "def b(x):\n    raise StoreConflict('Changed elsewhere.')\n\n"
        "def c(x):\n    return Busy(f'{x} is busy')\n\n"
        "def d(self, x):\n    self.notices.append(f'Moved {x}.')\n    self.notice = 'Kept.'\n\n"
        "def e(x):\n    raise StoreError(f'No game {x}.')\n\n"
        "def fine(self, x):\n    self.notices.append(msg('Moved {x}.', x=x))\n"
        "    self.notice = nmsg('1 x', '{n} x', x)\n"
        "    p = Path(f'{x}.json')\n    raise GameBusy(msg('Game {x} is busy.', x=x))\n", "utf-8")
    said = sorted(line.split(": ", 1)[1] for line in store_english_in(sample))
    assert said == ["Busy(English text)", "GameBusy(English text)", "StoreConflict(English text)",
                    "StoreError(English text)", "a notice in English", "a notice in English"]


# -- the messages, in Spanish, with real values ----------------------------------------------
def _game(store: GameStore, name: str) -> str:
    return store.create(GameSetup(game="mota", players=four_players()), name=name).id


def test_a_damaged_games_notice_reads_in_spanish_with_its_name_and_its_reason_in_the_list(tmp_path: Path) -> None:
    db = tmp_path / "games.json"
    store = GameStore(db)
    good, broken = _game(store, "Viernes"), _game(store, "Sábado")
    path = store.files.path(broken)
    path.write_bytes(path.read_bytes()[:120])  # truncated by some other program
    fresh = GameStore(db)
    assert [g.id for g in fresh.list_games()] == [good]
    (kept,) = (tmp_path / "games.d" / "damaged").iterdir()
    (notice,) = fresh.take_notices()
    assert isinstance(notice, Msg)
    assert render(notice, "es") == (  # the name is cut off with the file: the id stands in for it
        f"No se ha podido abrir «{broken}». Su archivo se guarda aparte, intacto, y aparece con tus partidas "
        "guardadas; todas las demás partidas están bien.")
    assert render(notice, "en") == (
        f"'{broken}' could not be opened. Its file is kept aside, untouched, and listed with your saved games; "
        "every other game is fine.")
    (entry,) = fresh.damaged.games()
    assert entry.path == kept
    assert render(entry.reason, "es") == "no es un JSON completo (JSONDecodeError)"
    with pytest.raises(StoreError) as refused:
        fresh.load(broken)
    with using("es"):
        assert str(refused.value) == (f"No se pudo abrir «{broken}»; su archivo se guarda aparte, intacto. "
                                      f"`companion game details {broken}` dice por qué.")


def test_a_stale_save_from_a_second_store_is_refused_in_spanish_naming_the_game(tmp_path: Path) -> None:
    db = tmp_path / "games.json"
    window, terminal = GameStore(db), GameStore(db)
    game_id = _game(window, "Mesa de Ana")
    here, there = window.session(game_id), terminal.session(game_id)
    there.execute(AdjustScore("p1", 3))  # the terminal saves first
    with pytest.raises(StoreConflict) as refused:
        here.execute(AdjustScore("p2", 1))
    with using("es"):
        assert str(refused.value) == (
            "«Mesa de Ana» se ha cambiado en otra ventana o en la terminal después de abrirla aquí. Ahora se muestra "
            "esa partida más reciente; repite tu última acción si todavía hace falta.")
    assert here.state["scores"]["p2"][0] == 0  # nothing applied here
    assert GameStore(db).load(game_id)["state"]["scores"]["p1"][0] == 3  # and the terminal's change is kept
    with using("en"):
        assert str(refused.value).startswith("'Mesa de Ana' was changed in another window or the terminal")


def test_a_full_disk_says_so_in_spanish_naming_the_games_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                                              ) -> None:
    store = GameStore(tmp_path / "games.json")
    session = store.session(_game(store, "Lluvia"))
    session.execute(AdjustScore("p1", 2))
    before = store.files.path(session.id).read_bytes()

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(FileProblem) as problem:
        session.execute(AdjustScore("p1", 5))
    monkeypatch.undo()
    with using("es"):
        assert str(problem.value) == (
            f"No se ha podido guardar la partida en {store.files.path(session.id)}: el disco está lleno: libera "
            "espacio y vuelve a intentarlo. No se ha cambiado nada.")
    assert render(problem.value.args[0], "en") == (
        f"Could not save the game to {store.files.path(session.id)}: the disk is full: free some space and try "
        "again. Nothing was changed.")
    assert session.state["scores"]["p1"][0] == 2 and store.files.path(session.id).read_bytes() == before


def _old_database(tmp_path: Path, games: int) -> Path:
    """The previous release's one-file database (schema 1) holding its first ``games`` games."""
    old: dict[str, Any] = json.loads((FIXTURES / "v1-games.json").read_text("utf-8"))
    old["games"] = dict(list(old["games"].items())[:games])
    folder = tmp_path / f"with-{games}"
    folder.mkdir()
    db = folder / "games.json"
    db.write_text(json.dumps(old), "utf-8")
    return db


@pytest.mark.parametrize(("games", "spanish", "english"), [
    (1, "Tu partida guardada tiene ahora un archivo propio en {folder}; el archivo antiguo se conserva como {backup}.",
     "Your 1 saved game now has a file of its own in {folder}; the old file is kept as {backup}."),
    (2, "Tus 2 partidas guardadas tienen ahora un archivo cada una en {folder}; el archivo antiguo se conserva como "
        "{backup}.",
     "Your 2 saved games now have a file each in {folder}; the old file is kept as {backup}."),
])
def test_the_move_of_an_old_database_counts_its_games_in_both_languages(tmp_path: Path, games: int, spanish: str,
                                                                       english: str) -> None:
    db = _old_database(tmp_path, games)
    store = GameStore(db)
    (backup,) = db.parent.glob("games.v1-*.json")
    (notice,) = store.take_notices()
    values = {"folder": db.parent / "games.d", "backup": backup}
    assert render(notice, "es") == spanish.format(**values)
    assert render(notice, "en") == english.format(**values)
    assert len(store.list_games()) == games


def test_an_unreadable_library_and_reading_list_tell_in_spanish(tmp_path: Path) -> None:
    """The notices of the files beside the saves: kept as messages, their reasons in the reader's language."""
    from companion.store.reading import ReadingStore
    from companion.store.settings import SettingsStore

    (tmp_path / "reading.json").write_text("{", "utf-8")
    reading = ReadingStore(tmp_path / "reading.json")
    (kept,) = tmp_path.glob("reading.damaged-*.json")
    assert reading.notice is not None and render(reading.notice, "es") == (
        "No se ha podido leer tu lista de lectura de las reglas (entradas recientes y marcadores): no es un JSON "
        f"completo (JSONDecodeError). El archivo se ha guardado como {kept}; las listas empiezan vacías.")
    (tmp_path / "settings.json").write_text("{", "utf-8")
    settings = SettingsStore(tmp_path / "settings.json")
    assert settings.notice is not None and render(settings.notice, "es") == (
        "No se ha podido leer tu archivo de ajustes (JSONDecodeError); se usan los valores predeterminados.")


def test_a_refused_import_reads_in_spanish_with_its_reason(tmp_path: Path) -> None:
    store = GameStore(tmp_path / "games.json")
    bad = tmp_path / "notas.json"
    bad.write_text('{"format": "march-of-the-ants-companion/game", "game": {"schema": 9}}', "utf-8")
    with pytest.raises(StoreError) as refused:
        import_file(store, bad)
    with using("es"):
        assert str(refused.value) == (f"{bad} se ha rechazado: la guardó una versión más reciente de la aplicación "
                                      "(esquema 9; esta lee el 2).")
    assert store.list_games() == []
