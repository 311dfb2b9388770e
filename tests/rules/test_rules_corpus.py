"""The corpus loader: every validation rule on a broken fixture, and the real corpus's shape."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from companion.core.errors import ContentError
from companion.rules.corpus import ACTORS, KINDS, Corpus, CorpusError, load_corpus, read_corpus

Files = dict[str, dict[str, Any]]


def first(files: Files) -> dict[str, Any]:
    """The fixture's mm-ladybug-tie entry, the one each test breaks."""
    entry: dict[str, Any] = files["mm.json"]["entries"][0]
    return entry


def set_field(name: str, value: Any) -> Callable[[Files], None]:
    return lambda files: first(files).__setitem__(name, value)


def drop_field(name: str) -> Callable[[Files], None]:
    return lambda files: first(files).pop(name)


def duplicate(files: Files) -> None:
    files["others.json"]["entries"].append(dict(first(files)))


BROKEN = [
    (drop_field("body"), "mm.json: entry 'mm-ladybug-tie': body: Field required"),
    (set_field("alias", ["x"]), "mm.json: entry 'mm-ladybug-tie': alias: Extra inputs are not permitted"),
    (set_field("title", 5), "mm.json: entry 'mm-ladybug-tie': title: Input should be a valid string"),
    (set_field("title", "  "), "mm.json: entry 'mm-ladybug-tie': title: expected a non-empty text"),
    (set_field("title", "T" * 121), "mm.json: entry 'mm-ladybug-tie': title: String should have at most 120"),
    (set_field("aliases", "bug"), "mm.json: entry 'mm-ladybug-tie': aliases: Input should be a valid list"),
    (set_field("related", [3]), "mm.json: entry 'mm-ladybug-tie': related[0]: Input should be a valid string"),
    (set_field("body_es", ["x"]), "mm.json: entry 'mm-ladybug-tie': body_es: Input should be a valid string"),
    (set_field("id", "mm-Ladybug_Tie"), "mm.json: entry 'mm-Ladybug_Tie': id: must match"),
    (set_field("id", "pp-ladybug-tie"), "entry 'pp-ladybug-tie': id: prefix 'pp' does not match book code 'mm'"),
    (set_field("book", "Minions"), "entry 'mm-ladybug-tie': book: unknown book 'Minions' (valid: Minions of the"),
    (set_field("section", "Setup"), "entry 'mm-ladybug-tie': section: 'Setup' is not a heading of Minions"),
    (set_field("kind", "faq"), "entry 'mm-ladybug-tie': kind: Input should be 'rule', 'setup',"),
    (set_field("actor", "queen"), "entry 'mm-ladybug-tie': actor: Input should be 'players', 'broodmother', 'creature',"
                                  " 'game' or 'none'"),
    (drop_field("actor"), "mm.json: entry 'mm-ladybug-tie': actor: Field required"),
    (set_field("interpretation", "yes"), "entry 'mm-ladybug-tie': interpretation: Input should be a valid boolean"),
    (set_field("interpretation", 1), "entry 'mm-ladybug-tie': interpretation: Input should be a valid boolean"),
    (set_field("related", ["mm-nope"]), "entry 'mm-ladybug-tie': related[0]: related id 'mm-nope' does not exist"),
    (set_field("sums_up", ["mm-nope"]), "entry 'mm-ladybug-tie': sums_up[0]: sums up id 'mm-nope' does not exist"),
    (set_field("sums_up", []), "entry 'mm-ladybug-tie': sums_up: List should have at least 1 item"),
    (set_field("sums_up", "mm-x"), "entry 'mm-ladybug-tie': sums_up: Input should be a valid list"),
    (drop_field("body_es"), "entry 'mm-ladybug-tie': Minions of the Meadow needs Spanish; missing body_es"),
    (set_field("aliases_es", []), "needs Spanish; missing aliases_es"),
    (duplicate, "others.json: entry 'mm-ladybug-tie': duplicate id (first defined in mm.json)"),
]


@pytest.mark.parametrize(("change", "message"), BROKEN, ids=[message for _, message in BROKEN])
def test_each_validation_rule_names_file_and_entry(
    broken_copy: Callable[[Callable[[Files], None]], Path], change: Callable[[Files], None], message: str
) -> None:
    with pytest.raises(CorpusError, match=re.escape(message)):
        read_corpus(broken_copy(change))


def test_entry_without_id_is_named_by_position(broken_copy: Callable[..., Path]) -> None:
    with pytest.raises(CorpusError, match=re.escape("mm.json: entry #1: id: Field required")):
        read_corpus(broken_copy(drop_field("id")))


def test_file_level_errors(tmp_path: Path, broken_copy: Callable[..., Path]) -> None:
    with pytest.raises(CorpusError, match=re.escape("sections.json: file not found")):
        read_corpus(tmp_path)
    folder = broken_copy(lambda files: None)
    (folder / "half.json").write_text('{"entries": [', encoding="utf-8")
    with pytest.raises(CorpusError, match=re.escape("half.json: not valid JSON")):
        read_corpus(folder)
    (folder / "half.json").write_text('[{"id": "mm-x"}]', encoding="utf-8")
    with pytest.raises(CorpusError, match=re.escape('half.json: expected an object with an "entries" list')):
        read_corpus(folder)


def test_corpus_error_is_a_value_error() -> None:
    assert issubclass(CorpusError, ValueError)


def test_spanish_is_optional_outside_spanish_books(fixture_corpus: Corpus) -> None:
    gather = fixture_corpus.get("pp-large-worker-gather")
    assert gather is not None and gather.title_es is None
    assert gather.title_in("es") == "Large worker: Gather"  # falls back to English
    tie = fixture_corpus.get("mm-ladybug-tie")
    assert tie is not None and tie.title_in("es") == "Empate de la Mariquita"


def test_an_entry_may_be_marked_an_interpretation(broken_copy: Callable[..., Path], fixture_corpus: Corpus) -> None:
    """The field is optional: absent means the book says it; true marks our reading of what it leaves unsaid."""
    marked = read_corpus(broken_copy(set_field("interpretation", True)))
    assert [entry.id for entry in marked if entry.interpretation] == ["mm-ladybug-tie"]
    unmarked = read_corpus(broken_copy(set_field("interpretation", False)))
    assert not any(entry.interpretation for entry in unmarked)
    assert not any(entry.interpretation for entry in fixture_corpus)


def test_lookups(fixture_corpus: Corpus) -> None:
    assert fixture_corpus.get("nope") is None
    assert fixture_corpus.books() == ["Minions of the Meadow", "Predators & Prey", "Empires of the Earth", "Antscape"]
    # rulebook order, only headings with entries, each once
    assert fixture_corpus.sections("Minions of the Meadow") == [
        "Devour",
        "Health Track",
        "Solo Game Additional Rules",
        "Major Worker Ability Example",
        "Clarifications",
    ]
    assert [e.id for e in fixture_corpus.in_section("Empires of the Earth", "Card Notes")] == ["ee-insurrection"]
    assert fixture_corpus.summary()["book"] == {
        "Minions of the Meadow": 5,
        "Predators & Prey": 3,
        "Empires of the Earth": 2,
        "Antscape": 1,
    }


# --- the real corpus -------------------------------------------------------------------------


def test_real_corpus_covers_every_book_and_kind(real_corpus: Corpus) -> None:
    summary = real_corpus.summary()
    assert all(count > 0 for count in summary["book"].values()), summary["book"]
    assert all(count > 0 for count in summary["kind"].values()), summary["kind"]
    assert set(summary["kind"]) == set(KINDS)


def test_real_corpus_says_who_acts_in_every_entry(real_corpus: Corpus) -> None:
    """Every actor is used, and siblings that share their words are told apart by it: the players battle the
    Broodmother, she Strikes; the players recruit a predator, it must move; the setup is the game's."""
    assert {entry.actor for entry in real_corpus} == set(ACTORS)
    who = {entry.id: entry.actor for entry in real_corpus}
    assert (who["mm-battling-broodmother"], who["mm-broodmother-strike"]) == ("players", "broodmother")
    assert (who["pp-recruit-action"], who["pp-predator-mandatory-move"]) == ("players", "creature")
    assert {who[entry.id] for entry in real_corpus if entry.kind == "setup"} == {"game"}


def test_real_corpus_related_links_resolve(real_corpus: Corpus) -> None:
    dangling = [(e.id, r) for e in real_corpus for r in e.related if real_corpus.get(r) is None]
    assert dangling == []


def test_real_overviews_sum_up_rules_of_their_own_book(real_corpus: Corpus) -> None:
    """An overview (``sums_up``) lists rules its own book states, none twice; the module, turn and scoring overviews
    the search reads are marked."""
    overviews = [entry for entry in real_corpus if entry.sums_up]
    assert {"mm-modules-summary", "mm-predators-module-overview", "as-turn-structure", "as-final-scoring",
            "pp-overview-modules", "mm-broodmother-reaction"} <= {entry.id for entry in overviews}
    for entry in overviews:
        assert len(set(entry.sums_up)) == len(entry.sums_up), entry.id
        assert entry.id not in entry.sums_up
        assert {getattr(real_corpus.get(other), "book", None) for other in entry.sums_up} == {entry.book}, entry.id


def test_real_corpus_has_spanish_for_every_minions_section(real_corpus: Corpus) -> None:
    book = "Minions of the Meadow"
    sections = real_corpus.sections(book)
    assert len(sections) >= 40  # nearly every heading of the book is explained
    for section in sections:
        for entry in real_corpus.in_section(book, section):
            assert entry.title_es and entry.body_es and entry.aliases_es, entry.id


def add_to_file(name: str, key: str, value: Any) -> Callable[[Files], None]:
    return lambda files: files[name].__setitem__(key, value)


FILE_FAULTS = [
    (lambda files: files["sections.json"]["books"]["Antscape"].pop("code"),
     "sections.json: books.Antscape.code: Field required"),
    (lambda files: files["sections.json"]["books"]["Antscape"].__setitem__("spanish_source", "no"),
     "sections.json: books.Antscape.spanish_source: Input should be a valid boolean"),
    (add_to_file("mm.json", "notes", "x"), "mm.json: notes: Extra inputs are not permitted"),
    (lambda files: files["mm.json"]["entries"].insert(1, "mm-x"),
     "mm.json: entry #2: Input should be a valid dictionary"),
    (set_field("body", "word " * 401), "mm.json: entry 'mm-ladybug-tie': body: String should have at most 2000"),
]


@pytest.mark.parametrize(("change", "message"), FILE_FAULTS, ids=[message for _, message in FILE_FAULTS])
def test_a_malformed_file_is_refused_as_content_naming_the_field(
    broken_copy: Callable[[Callable[[Files], None]], Path], change: Callable[[Files], None], message: str
) -> None:
    with pytest.raises(ContentError, match="^" + re.escape(message)):
        read_corpus(broken_copy(change))


def test_the_shipped_corpus_loads_through_its_schema(edit_data: Callable[..., Path]) -> None:
    edit_data("rules/mm-expansion.json", lambda data: data["entries"][4].__setitem__("kind", "faq"))
    with pytest.raises(CorpusError, match=r"^mm-expansion\.json: entry '[a-z0-9-]+': kind: Input should be 'rule'.*"
                                          r", not 'faq'$"):
        load_corpus.__wrapped__()


def test_a_corpus_error_is_a_content_error() -> None:
    assert issubclass(CorpusError, ContentError) and issubclass(CorpusError, ValueError)


def test_real_interpretations_read_as_readings_in_both_languages(real_corpus: Corpus) -> None:
    """An entry marked an interpretation says so in its own words too ("we read ...", "leemos ..."), so its text
    is never taken for the book's, even quoted without the label."""
    marked = [entry for entry in real_corpus if entry.interpretation]
    assert len(marked) >= 8
    for entry in marked:
        assert re.search(r"\b[Ww]e read\b", entry.body), entry.id
        assert entry.body_es is not None and "leemos" in entry.body_es.lower(), entry.id


def test_the_centipede_deck_chambers_are_not_said_to_carry_the_icon(real_corpus: Corpus) -> None:
    """Empires says the Centipede deck's 6 Chambers are marked for it, not which mark: the icon entry states only
    what the book says, and the reading that the mark is the centipede icon is its own interpretation entry."""
    icon, reading = real_corpus.get("ee-symbol-centipede-icon"), real_corpus.get("ee-solo-chamber-centipede-mark")
    assert icon is not None and reading is not None
    assert not icon.interpretation and "marked with it" not in icon.body
    assert "does not say that mark is the centipede icon" in icon.body
    assert reading.interpretation and reading.section == "Solo and Cooperative Play"
    assert "ee-solo-chamber-centipede-mark" in icon.related
