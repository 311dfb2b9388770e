"""A module is one unit: a game area in a folder of its own is found whole, with nothing else edited.

The fake module below lives in a temporary folder added to ``companion.core.__path__`` (where the app
looks for its game areas): its package declares ``MODULE``, its data folder holds its content file,
its ``module.json`` (a game module, a setup step, a rules topic), its rules entry (``rules.json``) and
its Spanish (``locale/es.po``), and its panel module registers a panel. No file of the app names it,
none is edited, yet the content, the setup, the message catalogue and its Spanish, the panels, the
rules corpus, its search and the rules topics all have it.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import companion.core as core
from companion.core.content import Content, load_content
from companion.core.setup import GameSetup, PlayerSpec, new_state, setup_summary
from companion.core.state import State
from companion.core.units import ModuleUnit, all_units, area_packages

PACKAGE = '''
from typing_extensions import TypedDict

from companion.core.datafiles import Interpretation
from companion.core.schema import strict
from companion.core.units import DataFile, ModuleUnit


@strict
class FakeContent(TypedDict):
    schema: int
    reminder: str
    interpretations: list[Interpretation]


FILE = DataFile(FakeContent, "fakearea", "fake.json")


def catalogue_texts() -> list[str]:
    data = FILE.of()
    return [data["reminder"], *(i["text"] for i in data["interpretations"])]


MODULE = ModuleUnit(id="fakearea", content=(FILE,), texts=catalogue_texts, panels=("companion.core.fakearea.panel",))
'''

PANEL = '''
import flet as ft

from companion.core.fakearea import FILE
from companion.ui.panels import Panel, register

register(Panel(id="fakearea", title="Fake area", help_topic="fakearea", modules=("fake-thing",),
               applies=lambda state: "fake-thing" in state["modules"],
               build=lambda ctx: [ft.Text(FILE.of(ctx.content)["reminder"])]))
'''

MODULE_FILE = {
    "schema": 1,
    "modules": {"fake-thing": {"name": "Fake Thing", "expansion": "minions", "order": 99}},
    "steps": [{"id": "fake-step", "order": 999, "group": "Fake Thing", "when": {"module": "fake-thing"},
               "source": "Nowhere > Fake", "text": "Put the fake tokens within reach."}],
    "topics": {"fakearea": {"title": "Fake area", "entries": ["mm-fake-tokens", "mm-symbol-crown"]}},
}
CONTENT = {"schema": 1, "reminder": "Feed the fake tokens.",
           "interpretations": [{"id": "fake", "text": "Interpretation: the fake tokens count as nothing."}]}
RULES = {"entries": [{
    "id": "mm-fake-tokens", "book": "Minions of the Meadow", "section": "Symbiote Tokens", "kind": "rule",
    "actor": "game", "title": "Fake tokens", "body": "Each fake token is worth nothing when the game ends.",
    "aliases": ["phoney counters"], "title_es": "Fichas falsas",
    "body_es": "Cada ficha falsa no vale nada al final de la partida.", "aliases_es": ["contadores de pega"]}]}
SPANISH = {"Feed the fake tokens.": "Alimenta las fichas falsas.",
           "Interpretation: the fake tokens count as nothing.": "Interpretación: las fichas falsas no cuentan.",
           "Fake Thing": "Cosa Falsa", "Put the fake tokens within reach.": "Deja las fichas falsas a mano."}
PO_HEADER = '''msgid ""
msgstr ""
"Language: es\\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\\n"
"Content-Type: text/plain; charset=utf-8\\n"
'''


def spanish_catalogue() -> str:
    return PO_HEADER + "".join(f'\nmsgid "{en}"\nmsgstr "{es}"\n' for en, es in SPANISH.items())


def clear_caches() -> None:
    """The catalogues, the corpus, its topics and its index are read once per process: read them again."""
    from companion.core.i18n import translations
    from companion.rules.corpus import load_corpus
    from companion.rules.index_cache import default_index
    from companion.rules.topics import load_topics

    for cached in (load_content, translations, load_corpus, load_topics, default_index):
        cached.cache_clear()


@pytest.fixture
def fake_module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The fake module's folder, on the path the app discovers game areas on (undone afterwards)."""
    import companion.ui.panels as panels

    package = tmp_path / "fakearea"
    (package / "data").mkdir(parents=True)
    (package / "__init__.py").write_text(PACKAGE, encoding="utf-8")
    (package / "panel.py").write_text(PANEL, encoding="utf-8")
    (package / "data" / "module.json").write_text(json.dumps(MODULE_FILE), encoding="utf-8")
    (package / "data" / "fake.json").write_text(json.dumps(CONTENT), encoding="utf-8")
    (package / "data" / "rules.json").write_text(json.dumps(RULES), encoding="utf-8")
    (package / "data" / "locale").mkdir()
    (package / "data" / "locale" / "es.po").write_text(spanish_catalogue(), encoding="utf-8")
    panels.load_panels()  # the real panels register in the real registry first; the fake's, in a copy
    monkeypatch.setattr(core, "__path__", [*core.__path__, str(tmp_path)])
    monkeypatch.setattr(panels, "_PANELS", dict(panels._PANELS))
    monkeypatch.setattr(panels, "_loaded", False)
    clear_caches()
    yield package
    clear_caches()
    for name in [n for n in sys.modules if n.startswith("companion.core.fakearea")]:
        del sys.modules[name]


def fake_game(content: Content) -> State:
    players = (PlayerSpec("Ana", "red"), PlayerSpec("Bo", "blue"))
    return new_state(GameSetup("mota", "competitive", players, ("minions",), modules=("fake-thing",)), content, seed=1)


@pytest.mark.usefixtures("fake_module")
def test_a_module_in_a_folder_of_its_own_is_found_with_its_content_and_setup_step() -> None:
    unit = next(u for u in all_units() if u.id == "fakearea")
    assert isinstance(unit, ModuleUnit) and unit.help_topics() == ["fakearea"]
    content = load_content()
    assert content.modules["fake-thing"].name == "Fake Thing"
    assert content.expansions["minions"].modules[-1] == "fake-thing"  # its order puts it last of the expansion's
    assert content.units["fakearea"]["fake.json"]["reminder"] == "Feed the fake tokens."
    steps = [s for s in setup_summary(fake_game(content), content) if s["group"] == "Fake Thing"]
    assert [s["text"] for s in steps] == ["Put the fake tokens within reach."]


@pytest.mark.usefixtures("fake_module")
def test_the_fake_modules_texts_panel_and_help_topic_are_found() -> None:
    from companion.catalog import content_texts
    from companion.rules.corpus import load_corpus
    from companion.rules.topics import read_topics
    from companion.ui.panels import panels_for

    texts = content_texts()
    assert {"Feed the fake tokens.", "Interpretation: the fake tokens count as nothing.", "Fake Thing",
            "Put the fake tokens within reach."} <= set(texts)
    content = load_content()
    shown = [panel for panel, module in panels_for(fake_game(content)) if panel.id == "fakearea"]
    assert len(shown) == 1 and shown[0].help_topic == "fakearea"
    assert read_topics(load_corpus())["fakearea"].entries == ("mm-fake-tokens", "mm-symbol-crown")


def test_the_fake_modules_spanish_comes_from_its_own_catalogue(fake_module: Path) -> None:
    from companion.catalog import content_texts, missing, placement
    from companion.core.i18n import msg, po_path, render, using

    assert render(msg("Feed the fake tokens."), "es") == "Alimenta las fichas falsas."
    with using("es"):
        steps = setup_summary(fake_game(load_content()), load_content())
        assert render(next(s["text"] for s in steps if s["group"] == "Fake Thing")) == "Deja las fichas falsas a mano."
        assert render("Fake Thing") == "Cosa Falsa"  # a plain text is looked up as a key, in every catalogue
    assert render(msg("Feed the fake tokens."), "en") == "Feed the fake tokens."
    assert missing("es", content_texts()) == []
    where = placement("es")  # `python -m companion.catalog update` keeps them in the unit's own catalogue
    assert {where[text].resolve() for text in SPANISH} == {(fake_module / "data" / "locale" / "es.po").resolve()}
    assert "fake tokens" not in po_path("es").read_text("utf-8")


@pytest.mark.usefixtures("fake_module")
def test_the_fake_modules_rules_entry_is_in_the_corpus_and_its_search() -> None:
    from companion.core.i18n import using
    from companion.paths import data_dir
    from companion.rules.corpus import load_corpus
    from companion.rules.search import SearchIndex

    corpus = load_corpus()
    entry = corpus.get("mm-fake-tokens")
    assert entry is not None and entry.title_in("es") == "Fichas falsas"
    assert corpus.get("mm-symbiote-setup") is not None  # the books' entries and the real units' are all there
    index = SearchIndex(corpus)
    assert index.search("phoney counters", lang="en", limit=3)[0].id == "mm-fake-tokens"
    with using("es"):
        assert index.search("contadores de pega", lang="es", limit=3)[0].id == "mm-fake-tokens"
    shared = "".join(path.read_text("utf-8") for path in sorted((data_dir() / "rules").glob("*.json")))
    assert "mm-fake-tokens" not in shared


@pytest.mark.usefixtures("fake_module")
def test_a_test_can_hand_a_module_small_content_of_its_own() -> None:
    from companion.core.fakearea import FILE  # type: ignore[import-not-found]

    small = load_content().with_unit("fakearea", {"fake.json": {**CONTENT, "reminder": "Small."}})
    assert FILE.of(small)["reminder"] == "Small." and FILE.of()["reminder"] == "Feed the fake tokens."


def test_every_game_area_declares_its_unit_and_shared_files_name_no_module(content: Content) -> None:
    from companion.paths import data_dir

    units = {u.id: u for u in all_units()}
    areas = {p.__name__.rpartition(".")[2] for p in area_packages()}
    assert {a for a in areas if (data_dir() / a).is_dir()} - {"game", "rules"} == set(units)  # each data folder's
    declared = {m for u in units.values() for m in u.declaration().get("modules", {})}
    assert declared == set(content.modules)
    shared = (data_dir() / "game" / "games.json").read_text("utf-8") + (data_dir() / "game" / "setup.json").read_text(
        "utf-8") + (data_dir() / "rules" / "topics.json").read_text("utf-8")
    assert not [m for m in [*content.modules, *content.variants] if f'"{m}"' in shared]
    for unit in units.values():
        assert all(unit.load()[part.name] for part in unit.content)


def test_a_real_module_reads_the_content_its_game_holds(content: Content) -> None:
    from companion.core.reference import FILE, flooded_view

    shipped = FILE.of(content)
    small = content.with_unit("reference", {"reference.json": {
        **shipped, "flooded_spring": {**shipped["flooded_spring"], "setup": "Flood one hex."}}})
    state = flooded_game(content)
    assert flooded_view(state, small)["setup"].key == "Flood one hex."
    assert flooded_view(state, content)["setup"].key == shipped["flooded_spring"]["setup"]


def flooded_game(content: Content) -> State:
    players = (PlayerSpec("Ana", "red"), PlayerSpec("Bo", "blue"))
    return new_state(GameSetup("mota", "competitive", players, ("minions",), variants=("flooded-spring",)), content)


def test_each_units_panels_and_verbs_are_where_the_app_finds_them() -> None:
    from importlib.util import find_spec
    from pkgutil import iter_modules

    import companion.cli.calc as calculators
    from companion.cli import subcommand_modules

    found = {f"companion.cli.{name}_cmd" for name in subcommand_modules()}
    found |= {f"companion.cli.calc.{m.name}" for m in iter_modules(calculators.__path__)}
    for unit in all_units():
        assert all(find_spec(panel) is not None for panel in unit.panels), unit.id
        verbs = set(unit.cli) & found  # a verb's parts beside it (solo_show.py beside solo_cmd.py) are its too
        parts = {m for m in set(unit.cli) - verbs if any(m.startswith(v.removesuffix("_cmd") + "_") for v in verbs)}
        assert set(unit.cli) == verbs | parts and all(find_spec(part) is not None for part in parts), unit.id
