"""The alias audit (#34): scripts/audit_aliases.py finds an alias that names another entry's subject, and the aliases
the audit judged so (and removed) no longer rank their entry where that subject is asked about."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.rules.corpus import Corpus
from companion.rules.search import SearchIndex
from tests.rules.helpers import load_script


def _with_alias(corpus: Corpus, entry_id: str, alias: str) -> Corpus:
    entries = tuple(replace(entry, aliases=(*entry.aliases, alias)) if entry.id == entry_id else entry
                    for entry in corpus.entries)
    return Corpus(entries, corpus.book_list)


def test_an_alias_that_is_another_entrys_name_is_listed(fixture_corpus: Corpus) -> None:
    """Devour (an aphid eaten) given the name of the Crossroads tile: each list that should name it does."""
    script = load_script("audit_aliases")
    stray = _with_alias(fixture_corpus, "mm-devour", "Crossroads")
    assert not [row for row in script.titles(fixture_corpus, ("en",)) if row[1] == "mm-devour"]
    assert ("en", "mm-devour", "Crossroads", ["pp-crossroads"]) in script.titles(stray, ("en",))
    found = script.elsewhere(stray, script.without_aliases(stray), 10.0, ("en",))
    assert [(item["alias"], item["first"], item["names"]) for item in found if item["id"] == "mm-devour"] == [
        ("Crossroads", "pp-crossroads", True)]
    assert not [item for item in script.elsewhere(fixture_corpus, script.without_aliases(fixture_corpus), 10.0,
                                                  ("en",)) if item["id"] == "mm-devour"]


def test_an_alias_two_sections_share_is_listed(fixture_corpus: Corpus) -> None:
    script = load_script("audit_aliases")
    stray = _with_alias(fixture_corpus, "mm-devour", "Big ant rally")  # the Rally example's alias, another section
    shared = script.shared(stray, ("en",))
    assert [entry.id for entry in shared[("en", "big ant rally")]] == ["mm-devour", "mm-rally-example"]
    assert ("en", "big ant rally") not in script.shared(fixture_corpus, ("en",))


@pytest.mark.parametrize(
    ("question", "lang", "answer", "stray"),
    [
        ("truce", "en", "pp-clarification-truce", "ee-card-broker-peace"),  # Broker Peace is another card
        ("tregua", "es", "pp-clarification-truce", "ee-card-broker-peace"),
        ("seasons", "en", "mm-seasons-setup", "mm-variants-intro"),  # the intro only lists the variants
        ("estaciones", "es", "mm-seasons-setup", "mm-variants-intro"),
        ("drafting", "en", "mm-draft-how", "mm-variants-intro"),
        ("shroom", "en", None, "mm-machinations-level-2"),  # Level 2 summons a random Predator, named by none
        ("zombie fungus", "en", None, "pp-clarification-diggers-thorax"),  # a Cordyceps nickname, not the card's
        ("cambio de carta", "es", "mm-asym-redraw", None),  # "cambio de carta en Víspera" on the Eve card changes
    ],
)
def test_a_subject_asked_about_finds_its_own_entry(
    real_index: SearchIndex, question: str, lang: str, answer: str | None, stray: str | None
) -> None:
    """An alias the audit moved off an entry that only mentions a subject no longer ranks that entry in the first
    three when the subject is asked about (each ranked first or second on main before the audit)."""
    ids = [hit.id for hit in real_index.search(question, lang=lang, limit=3)]
    if answer is not None:
        assert ids[0] == answer
    assert stray not in ids
