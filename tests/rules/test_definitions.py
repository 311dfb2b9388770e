"""A term's definition against the rules that use it (``companion.rules.definitions``): the question's form chooses."""

from __future__ import annotations

import pytest

from companion.rules.definitions import (
    DEFINITION_WANTED_BONUS,
    DEFINITION_YIELD,
    _forms,
    definition_form,
    definition_points,
)
from companion.rules.model import Entry
from companion.rules.search import SearchIndex


@pytest.mark.parametrize(("question", "lang", "about"), [
    ("what is a shared farm", "en", {"shared", "farm"}),
    ("whats a major worker", "en", {"major", "worker"}),
    ("what does nymph mean", "en", {"nymph"}),
    ("predator overwhelmd meaning", "en", {"predator", "overwhelmd"}),
    ("antscape what counts as a colony", "en", {"antscape", "colony"}),
    ("who is the host", "en", {"host"}),
    ("¿Qué es una ninfa?", "es", {"ninfa"}),
    ("q son las ninfas", "es", {"ninfas"}),
    ("qué significa abrumado", "es", {"abrumado"}),
    ("que quiere decir loseta vacia", "es", {"loseta", "vacia"}),
])
def test_a_question_asking_what_a_thing_is(question: str, lang: str, about: set[str]) -> None:
    assert definition_form(question, lang) == about


@pytest.mark.parametrize(("question", "lang"), [
    ("how many larvae to get a major worker", "en"), ("shared farm does the one with more aphids get more", "en"),
    ("can i chase a nymph", "en"), ("cuanto cuesta criar", "es"), ("puedo echar ninfas", "es"), ("nymphs", "en"),
])
def test_any_other_question_has_no_definition_form(question: str, lang: str) -> None:
    assert definition_form(question, lang) is None


def test_a_question_without_a_forms_word_does_not_compile_the_forms() -> None:
    """A cold ``companion rules search ladybug`` pays for no pattern it cannot need (a millisecond)."""
    _forms.cache_clear()
    assert definition_form("ladybug tie", "en") is None
    assert _forms.cache_info().currsize == 0
    assert definition_form("what is a nymph", "en") == {"nymph"}
    assert _forms.cache_info().currsize == 1


def _entry(entry_id: str, section: str = "Farming", definition: bool = False) -> Entry:
    return Entry(entry_id, "Minions of the Meadow", section, "rule", entry_id, "body", definition=definition)


ENTRIES = [_entry("mm-farm-what", definition=True), _entry("mm-farm-rewards"), _entry("mm-other", "Nymph Rules")]
TITLES = {0: {0, 1}, 1: {0, 1, 2}, 2: {3}}  # the question's words each entry's titles and aliases meet


def test_a_definition_gains_when_its_term_is_asked() -> None:
    weights = {0: 2.0, 1: 2.0, 2: 1.0}
    assert definition_points(ENTRIES, [0, 1, 2], True, weights, TITLES.__getitem__) == {0: DEFINITION_WANTED_BONUS}
    # "what is the cost of a ...": the words its titles meet weigh less than DEFINITION_SHARE of the question's
    assert definition_points(ENTRIES, [0, 1, 2], True, {0: 1.0, 2: 1.0, 3: 1.0}, TITLES.__getitem__) == {}


def test_a_definition_yields_to_its_sections_rule_when_asked_something_else() -> None:
    weights = {0: 2.0, 1: 2.0, 2: 1.0}
    assert definition_points(ENTRIES, [0, 1, 2], False, weights, TITLES.__getitem__) == {0: -DEFINITION_YIELD}
    assert definition_points(ENTRIES, [0, 2], False, weights, TITLES.__getitem__) == {}  # no rule of its section
    assert definition_points(ENTRIES, [0, 1], False, {0: 2.0, 1: 2.0}, TITLES.__getitem__) == {}  # the term alone
    assert definition_points(ENTRIES, [1, 2], False, weights, TITLES.__getitem__) == {}  # no definition found


@pytest.mark.parametrize(("question", "lang", "first"), [
    # each second or lower on main (table_9's questions)
    ("what does nymph mean", "en", "mm-nymphs"),
    ("que es una colonia en antscape", "es", "as-bonus-colony-definition"),
    ("shared farm does the one with more aphids get more", "en", "mm-farming-shared-same-reward"),
    # held first: what the rule this one replaced kept (a glossary entry for a "what is" of two words at most; without
    # either, each is second or lower), the term alone, a question about its cost
    ("que es una ninfa", "es", "mm-nymphs"),
    ("que es una carta parasitaria", "es", "mm-parasitic-evolution-what"),
    ("shared farm", "en", "mm-farm-single-vs-shared"),
    ("what is the cost of a tactic", "en", "ee-tactics-cost-zero"),
])
def test_the_questions_form_chooses_between_definition_and_rule(
    real_index: SearchIndex, question: str, lang: str, first: str
) -> None:
    assert real_index.search(question, lang=lang, limit=1)[0].id == first


def test_the_corpus_marks_definitions_not_rules(real_index: SearchIndex) -> None:
    corpus = real_index.corpus
    marked = {entry.id for entry in corpus if entry.definition}
    assert {"mm-nymphs", "mm-farm-single-vs-shared", "ee-tactics-basic-card", "pp-glossary-empty-tile"} <= marked
    assert not {"pp-thaw", "pp-glossary-cordyceps-strength", "mm-symbol-crown", "mm-breed-action"} & marked
