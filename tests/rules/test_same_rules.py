"""One rule stated by several books (``data/rules/same-rules.json``): each link justified by its entries' own words,
and search showing the rule once with every book that states it."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from companion.rules.bench import answers, quality
from companion.rules.corpus import Corpus, CorpusError, read_corpus, read_same_rules
from companion.rules.model import SAME_RULES_FILE
from companion.rules.search import InPlay, SearchIndex
from companion.rules.text import fold
from companion.ui.rules_model import RulesModel

SAME_RULES = Path(__file__).resolve().parents[2] / "data" / "rules"
_NUMBER = re.compile(r"\d+")
TACTIC_COST = ("mm-tactic-zero-cost", "ee-tactics-cost-zero", "pp-tactic-cost-zero")


def says(text: str, forms: list[str]) -> bool:
    """Whether ``text`` has a word (or, for a form of two words, a run of words) beginning with one of ``forms``."""
    folded = f" {fold(text)}"
    return any(f" {fold(form)}" in folded for form in forms)


def test_every_link_is_justified_by_its_entries_figures(real_corpus: Corpus) -> None:
    """Each member of a group says every figure of the group, in English and in Spanish, and names no number that is
    not one of them: entries that give other numbers state another rule, whatever their titles say."""
    groups = read_same_rules(SAME_RULES)
    assert len(groups) >= 10
    for group in groups:
        for entry_id in group["entries"]:
            entry = real_corpus.get(entry_id)
            assert entry is not None
            for body, figures in ((entry.body, group["figures"]), (entry.body_es or "", group["figures_es"])):
                missing = [forms for forms in figures if not says(body, forms)]
                assert missing == [], (entry_id, missing)
                numbers = set(_NUMBER.findall(body)) - {form for forms in figures for form in forms}
                assert numbers == set(), (entry_id, numbers)


def test_each_linked_entry_knows_the_others_of_its_rule(real_corpus: Corpus) -> None:
    cost = real_corpus.get("ee-tactics-cost-zero")
    assert cost is not None and cost.same_rule == ("mm-tactic-zero-cost", "pp-tactic-cost-zero")
    # the books differ here: a won Evolution Tactic goes to your body in Minions, in Predators & Prey even if you lose
    assert real_corpus.get("mm-evolution-colony-goal-tactic").same_rule == ()  # type: ignore[union-attr]


def test_search_shows_a_rule_once_with_every_book_that_states_it(real_index: SearchIndex) -> None:
    hits = real_index.search("how much does a tactic cost", limit=10)
    shown = [hit for hit in hits if hit.id in TACTIC_COST]
    assert len(shown) == 1 and hits[0] is shown[0]
    assert {shown[0].id, *shown[0].same_rule} == set(TACTIC_COST)
    assert hits[0].to_dict()["same_rule"] == list(hits[0].same_rule)


def test_with_a_game_in_play_its_own_books_entry_is_the_one_shown(real_index: SearchIndex) -> None:
    for book, wanted in (("Empires of the Earth", "ee-tactics-cost-zero"), ("Predators & Prey", "pp-tactic-cost-zero"),
                         ("Minions of the Meadow", "mm-tactic-zero-cost")):
        playing = InPlay(books=frozenset({book}))
        for question, lang in (("tactic cost", "en"), ("cuanto cuesta una tactica", "es")):
            assert real_index.search(question, lang=lang, in_play=playing, limit=1)[0].id == wanted, (book, question)


def test_a_judge_counts_the_rule_the_player_read(real_index: SearchIndex) -> None:
    hit = real_index.search("tactic cost", in_play=InPlay(books=frozenset({"Empires of the Earth"})), limit=1)[0]
    assert answers(hit, ["mm-tactic-zero-cost"]) and not answers(hit, ["mm-tactic-zero-cost"], strict=True)
    assert not answers(hit, ["mm-tactic-what"])  # another rule is not this one's answer
    question = [{"q": "tactic cost", "lang": "en", "expect": ["pp-tactic-cost-zero"]}]
    assert quality(real_index, question)[0] == 1.0


def test_the_rules_screen_lists_the_other_books_under_the_answer(real_index: SearchIndex) -> None:
    rows = RulesModel(index=real_index).search("tactic cost", "en").rows
    linked = [row for row in rows if row.id in TACTIC_COST]
    assert len(linked) == 1 and rows[0] is linked[0]
    others = set(TACTIC_COST) - {linked[0].id}
    cited = {f"{entry.book} > {entry.section}" for entry in map(real_index.corpus.get, others) if entry}
    assert set(linked[0].also) == cited and len(cited) == 2
    assert RulesModel(index=real_index).search("tactic cost", "en").rows[0].also  # as typed: the same
    typing = RulesModel(index=real_index).search("tactic co", "en").rows  # "co" completes: two forms, one row each
    assert sum(row.id in TACTIC_COST for row in typing) <= 1


Raw = dict[str, Any]
_GROUP = {"rule": "r", "figures": [["x"]], "figures_es": [["x"]]}


@pytest.mark.parametrize(("entries", "fault"), [
    (["mm-ladybug-tie", "pp-nowhere"], "no entry 'pp-nowhere'"),
    (["mm-ladybug-tie", "mm-devour"], "different books"),
])
def test_a_bad_link_fails_loudly_naming_its_group(broken_copy: Callable[[Callable[[dict[str, Raw]], None]], Path],
                                                  entries: list[str], fault: str) -> None:
    folder = broken_copy(lambda files: files.update({SAME_RULES_FILE: {"groups": [{**_GROUP, "entries": entries}]}}))
    with pytest.raises(CorpusError, match=rf"same-rules\.json: group 1 .*{fault}"):
        read_corpus(folder)


def test_an_entry_stating_two_shared_rules_has_the_fellows_of_both(
        broken_copy: Callable[[Callable[[dict[str, Raw]], None]], Path]) -> None:
    groups = [{**_GROUP, "entries": ["mm-ladybug-tie", "pp-crossroads"]},
              {**_GROUP, "entries": ["pp-crossroads", "ee-insurrection"]}]
    folder = broken_copy(lambda files: files.update({SAME_RULES_FILE: {"groups": groups}}))
    corpus = read_corpus(folder)
    assert corpus.get("pp-crossroads").same_rule == ("mm-ladybug-tie", "ee-insurrection")  # type: ignore[union-attr]
    assert corpus.get("ee-insurrection").same_rule == ("pp-crossroads",)  # type: ignore[union-attr]
    (folder / SAME_RULES_FILE).write_text(json.dumps({"groups": [{"entries": ["mm-ladybug-tie"]}]}), "utf-8")
    with pytest.raises(CorpusError, match=r"same-rules\.json: "):
        read_corpus(folder)


def test_an_entry_page_lists_the_same_rule_in_the_other_books(real_index: SearchIndex) -> None:
    page = RulesModel(index=real_index).entry("ee-tactics-cost-zero", "es")
    assert page is not None
    assert [row.id for row in page.same_rule] == ["mm-tactic-zero-cost", "pp-tactic-cost-zero"]
    assert page.same_rule[0].title == "Coste de las cartas de Táctica"  # in the reader's language
    assert RulesModel(index=real_index).entry("mm-evolution-colony-goal-tactic").same_rule == []  # type: ignore[union-attr]
