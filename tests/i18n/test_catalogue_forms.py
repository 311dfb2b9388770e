"""The Spanish catalogues' entries are whole: both plural forms filled, no empty key, no stray placeholder.

Each of them - the shared one and every module unit's own - read with Babel, as the app reads it. A
plural entry with one Spanish form left empty renders the English for that count (``1 ninfa`` but
``2 nymphs``); an empty or blank msgid is a ``tr("")`` or a glued fragment; a Spanish form naming a
placeholder its English does not have fails when filled in.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from companion.core.i18n import po_path, po_paths, using
from companion.ui.i18n import trn

PLACEHOLDER = re.compile(r"\{(\w+)\}")


CATALOGUES = po_paths("es")


def entries(path: Path, lang: str = "es") -> list[Any]:
    with path.open("rb") as handle:
        catalog: Catalog = read_po(handle, locale=lang)
    return [m for m in catalog if m.id]  # the one entry without an id is the file's header


def test_spanish_has_the_shared_catalogue_and_the_units_own() -> None:
    assert CATALOGUES[0] == po_path("es") and len(CATALOGUES) > 10


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda path: path.parent.parent.name)
def test_the_catalogue_says_spanish_has_two_plural_forms(path: Path) -> None:
    with path.open("rb") as handle:
        catalog = read_po(handle, locale="es")
    assert catalog.num_plurals == 2  # Babel's own data for Spanish has three (millions): the header must say two
    assert catalog.plural_expr.replace(" ", "") in {"(n!=1)", "n!=1"}


def test_every_plural_entry_has_both_spanish_forms() -> None:
    plurals = [m for path in CATALOGUES for m in entries(path) if m.pluralizable]
    assert len(plurals) > 20  # the catalogue's plurals were read, not an empty list
    half = [m.id[0] for m in plurals if len(m.string) != 2 or not all(form.strip() for form in m.string)]
    assert half == [], "plural entries with a Spanish form missing:\n" + "\n".join(half)


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda path: path.parent.parent.name)
def test_no_msgid_is_empty_or_blank(path: Path) -> None:
    blank = [m.lineno for m in entries(path)
             if any(not key.strip() for key in (m.id if m.pluralizable else (m.id,)))]
    assert blank == [], f"blank msgids at lines {blank}"
    with path.open(encoding="utf-8") as handle:  # the header is the file's only msgid ""
        text = handle.read()
    assert len(re.findall(r'^msgid ""\nmsgstr ""\n"', text, flags=re.M)) == 1
    assert re.findall(r'^msgid(?:_plural)? "\s+"$', text, flags=re.M) == []


def test_no_spanish_form_names_a_placeholder_its_english_lacks() -> None:
    wrong = []
    for m in (m for path in CATALOGUES for m in entries(path)):
        keys = m.id if m.pluralizable else (m.id,)
        forms = m.string if m.pluralizable else (m.string,)
        allowed = {name for key in keys for name in PLACEHOLDER.findall(key)}
        for form in forms:
            if extra := set(PLACEHOLDER.findall(form or "")) - allowed:
                wrong.append(f"{keys[0]!r}: {sorted(extra)}")
    assert wrong == [], "\n".join(wrong)


def test_a_hexs_free_sites_in_her_meadow_agree_in_number_in_spanish() -> None:
    """The stepper of a hex's free sites said "1 libres": its count is a plural entry now."""
    with using("es"):
        assert [trn("{n} free", "{n} free", n) for n in (0, 1, 2)] == ["0 libres", "1 libre", "2 libres"]
    with using("en"):
        assert trn("{n} free", "{n} free", 1) == "1 free"
