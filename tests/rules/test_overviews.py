"""An overview against the specific rule (``companion.rules.overviews``): the question's form chooses."""

from __future__ import annotations

import pytest

from companion.rules.model import Entry
from companion.rules.overviews import (
    OVERVIEW_WANTED_BONUS,
    OVERVIEW_YIELD,
    PURPOSE_OVERVIEW_YIELD,
    asks_for_overview,
    overview_points,
)
from companion.rules.search import SearchIndex


@pytest.mark.parametrize("question", [
    "what are the modules in minions of the meadow", "which predators come in minions", "list of predators",
    "how does the aphids module work", "antscape how does a turn go", "what can a major worker do",
    "how many predators are there", "aphids overview", "cuáles son los módulos", "qué variantes trae minions",
    "¿Cómo funciona el draft?", "de qué va el módulo de parásitos", "cuantos depredadores hay en la caja",
])
def test_a_list_or_a_whole_thing_asks_for_the_overview(question: str) -> None:
    assert asks_for_overview(question)


@pytest.mark.parametrize("question", [
    "how many steps to pass an aphid", "shared farm do i get less", "what can i do with a spare larva",
    "rally ability when does it happen", "cuánta vida empieza un depredador", "puedo tener dos depredadores aliados",
    "what is the cost of a tactic",
])
def test_a_question_on_one_thing_does_not(question: str) -> None:
    assert not asks_for_overview(question)


def _entry(entry_id: str, sums_up: tuple[str, ...] = ()) -> Entry:
    return Entry(entry_id, "Antscape", "Player Turn", "rule", entry_id, "body", sums_up=sums_up)


def test_an_overview_yields_only_to_a_part_named_beyond_its_own_words() -> None:
    entries = [_entry("as-turn", ("as-pass", "as-refill")), _entry("as-pass"), _entry("as-refill"), _entry("as-other")]
    words = {0: {0, 1}, 1: {0, 1, 2}, 2: {1}, 3: {3}}  # the question's words each entry's titles and aliases meet
    assert overview_points(entries, [0, 1, 2, 3], False, words.__getitem__) == {0: -OVERVIEW_YIELD}
    assert overview_points(entries, [0, 2, 3], False, words.__getitem__) == {}  # its part says nothing it does not
    assert overview_points(entries, [0, 3], False, words.__getitem__) == {}  # no part of it found
    assert overview_points(entries, [0, 2, 3], True, words.__getitem__) == {0: OVERVIEW_WANTED_BONUS}
    assert overview_points(entries, [1, 2, 3], True, words.__getitem__) == {}  # no overview found
    # a question asking what the part is for: the overview yields more
    assert overview_points(entries, [0, 1, 2, 3], False, words.__getitem__, True) == {0: -PURPOSE_OVERVIEW_YIELD}
    assert PURPOSE_OVERVIEW_YIELD > OVERVIEW_YIELD


@pytest.mark.parametrize(("question", "lang", "first"), [
    # each second or lower before the rule (table_8's and table_2's questions)
    ("como funciona el draft de cartas", "es", "mm-draft-how"),
    ("what variants come in minions", "en", "mm-variants-intro"),
    ("como funcionan las reacciones de la madre de la camada", "es", "mm-broodmother-reaction"),
    ("co-op against the broodmother, how do we lose", "en", "mm-broodmother-lose-centipedes"),
])
def test_the_questions_form_chooses_between_overview_and_rule(
    real_index: SearchIndex, question: str, lang: str, first: str
) -> None:
    assert real_index.search(question, lang=lang, limit=1)[0].id == first
