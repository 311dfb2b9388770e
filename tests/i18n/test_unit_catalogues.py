"""Each module unit brings its own Spanish: its texts live in ``data/<area>/locale/es.po``, merged with the shared one.

A text only one unit uses is kept in that unit's catalogue, any other in the shared
``companion/locale/es/LC_MESSAGES/companion.po``; ``python -m companion.catalog update es`` keeps them so
(an entry another branch appended to the shared file moves to its unit with its translation and comments).
A text translated in two catalogues reads as the first says (the shared one, then the units' by name); an empty or
fuzzy entry never hides a translation.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog

from companion.catalog import extract, misplaced, placement, update
from companion.core import i18n
from companion.core.i18n import merged, msg, po_path, render
from companion.paths import data_dir

SYMBIOTE_TEXT = "{name}'s {part} token"  # used by the Symbiotes' code alone


def test_each_text_is_in_the_catalogue_of_the_unit_using_it() -> None:
    found = extract()
    assert misplaced("es", found) == [], "run `python -m companion.catalog update es`"
    where = placement("es", found)
    assert where[SYMBIOTE_TEXT] == data_dir() / "symbiotes" / "locale" / "es.po"
    assert where["companion: --lang needs a language: en or es (see --help)"] == po_path("es")
    assert where["Symbiote Tokens"] == data_dir() / "symbiotes" / "locale" / "es.po"  # its variant's name
    assert where["Hex {hex}: place 1 nymph."] == data_dir() / "broodmother" / "locale" / "es.po"


def test_a_units_text_reads_in_spanish_from_its_own_catalogue() -> None:
    assert render(msg(SYMBIOTE_TEXT, name="Ana", part=msg("head")), "es") == "la ficha de cabeza de Ana"
    assert SYMBIOTE_TEXT not in po_path("es").read_text("utf-8")


def catalogue(entries: dict[str, str], fuzzy: frozenset[str] = frozenset()) -> Catalog:
    made = Catalog(locale="es")
    for text, spanish in entries.items():
        made.add(text, spanish, flags=("fuzzy",) if text in fuzzy else ())
    return made


def test_the_first_translation_wins_and_a_gap_never_hides_one() -> None:
    """Shared first, then the units by name: the shared copy is the one a branch older than the units' catalogues
    appended or corrected (only until ``update`` leaves one copy)."""
    shared = catalogue({"Ant": "Hormiga", "Nest": "Nido", "Egg": "", "Only shared": "Solo compartido"},
                       fuzzy=frozenset({"Egg"}))
    unit = catalogue({"Ant": "Hormiga obrera", "Nest": "", "Egg": "Huevo", "Only the unit's": "Solo la unidad"})
    other = catalogue({"Only the unit's": "Otra", "Larva": ""})
    both = {m.id: (m.string, m.fuzzy) for m in merged([shared, unit, other]) if m.id}
    assert both == {"Ant": ("Hormiga", False), "Nest": ("Nido", False), "Egg": ("Huevo", False),
                    "Only shared": ("Solo compartido", False), "Only the unit's": ("Solo la unidad", False),
                    "Larva": ("", False)}


@pytest.fixture
def copied_catalogues(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The data and the shared catalogues as copies in ``tmp_path``, where ``update`` may write."""
    shutil.copytree(data_dir(), tmp_path / "data")
    shutil.copytree(i18n.LOCALE_DIR, tmp_path / "locale")
    monkeypatch.setenv("COMPANION_DATA", str(tmp_path / "data"))
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path / "locale")
    data_dir.cache_clear()
    yield tmp_path
    data_dir.cache_clear()


def test_update_moves_an_entry_appended_to_the_shared_catalogue_to_its_unit(copied_catalogues: Path) -> None:
    """What a merge leaves: a branch older than the units' catalogues corrected a unit's text by appending it to the
    shared file (the unit's own copy still says the old words)."""
    own = copied_catalogues / "data" / "symbiotes" / "locale" / "es.po"
    shared, others = po_path("es"), copied_catalogues / "data" / "broodmother" / "locale" / "es.po"
    before = {path: path.read_bytes() for path in (shared, others)}
    entry = f'#, python-brace-format\nmsgid "{SYMBIOTE_TEXT}"\nmsgstr "la ficha de {{part}} de {{name}}"\n'
    assert entry in own.read_text("utf-8")
    corrected = entry.replace("de {name}", "de {name} (nueva)")
    shared.write_text(f"{before[shared].decode()}\n# corrected by another branch\n{corrected}", encoding="utf-8")
    assert misplaced("es") != []
    assert update("es") == 0
    assert misplaced("es") == []
    assert {path: path.read_bytes() for path in (shared, others)} == before  # the shared file as it was
    text = own.read_text("utf-8")
    assert text.count(f'msgid "{SYMBIOTE_TEXT}"') == 1 and "# corrected by another branch\n#: " in text
    assert 'msgstr "la ficha de {part} de {name} (nueva)"' in text
