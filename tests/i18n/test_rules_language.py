"""The rules in the reader's language: citations, kinds, and each book's own Spanish words."""

from __future__ import annotations

import json
import re

from companion.core.i18n import using
from companion.rules.corpus import load_corpus
from companion.rules.headings import citation, spanish_headings
from companion.rules.index_cache import default_index
from companion.ui.rules_model import citation as shown_citation
from companion.ui.rules_model import kind_label


def test_a_spanish_reader_is_cited_the_spanish_rulebooks_heading_where_it_has_the_section() -> None:
    assert citation("Minions of the Meadow", "Broodmother Machinations Track", "es") == \
        "Minions of the Meadow > Contador de Maniobras de la Madre de la Camada"
    assert citation("Minions of the Meadow", "Health Track", "es") == \
        "Minions of the Meadow > Health Track (reglamento en inglés)"
    assert citation("Predators & Prey", "Contents", "es") == "Predators & Prey > Contents (reglamento en inglés)"
    assert citation("Minions of the Meadow", "Health Track", "en") == "Minions of the Meadow > Health Track"


def test_the_screens_citation_and_kind_follow_the_reader() -> None:
    with using("es"):
        assert shown_citation("Minions of the Meadow", "Slumber and Scoring") == \
            "Minions of the Meadow > Inactividad y Puntuación"
        assert kind_label("rule") == "Regla" and kind_label("card note") == "Nota de carta"
    with using("en"):
        assert shown_citation("Minions of the Meadow", "Slumber and Scoring") == \
            "Minions of the Meadow > Slumber and Scoring"
        assert kind_label("card note") == "Card note"


def test_every_spanish_heading_names_a_real_section() -> None:
    books = spanish_headings()
    assert set(books) == {"Minions of the Meadow"}
    assert len(books["Minions of the Meadow"][1]) >= 30


def test_predators_and_prey_keeps_its_own_spanish_words() -> None:
    """The Large Worker is not the Minions Major Worker, and its Breeding is not aphid breeding."""
    for entry in load_corpus():
        if entry.book != "Predators & Prey":
            continue
        spanish = json.dumps([entry.title_in("es"), entry.body_in("es"), list(entry.aliases_in("es"))],
                             ensure_ascii=False)
        assert not re.search(r"[Oo]brera[s]? [Mm]ayor", spanish), entry.id
        assert not re.search(r"\b[Cc]riar\b|\bcría\b", spanish), entry.id


def test_each_books_words_find_that_book_first() -> None:
    index = default_index()
    assert index.search("coste de criar una obrera mayor", lang="es", limit=1)[0].id.startswith("mm-")
    assert index.search("engendrar una obrera grande", lang="es", limit=1)[0].id == "pp-breeding-action"
