"""Every "?" in the app opens real entries: topics name existing entries, and every module has one."""

from __future__ import annotations

import pytest

from companion.core.content import Content
from companion.rules.corpus import Corpus, CorpusError
from companion.rules.topics import load_topics, read_topics, topic


def test_every_module_and_tracker_has_its_own_topic(content: Content) -> None:
    topics = load_topics()
    trackers = {"scores", "rounds", "broodmother.turn", "broodmother.meadow", "broodmother.slumber",
                "broodmother.end", "broodmother.machinations", "broodmother.nest", "broodmother.battle"}
    assert set(content.modules) | trackers <= set(topics)


def test_topics_open_the_entries_that_answer_them() -> None:
    slumber = topic("broodmother.slumber")
    assert slumber is not None and "mm-solo-slumber-scoring" in slumber.entries
    assert topic("queens-decrees").entries[:2] == ("ee-queens-decrees-overview", "ee-queens-decree-points")  # type: ignore[union-attr]


def test_a_sub_topic_falls_back_to_its_parent_and_titles_have_spanish() -> None:
    deck = topic("broodmother.deck")
    assert deck is not None and deck.id == "broodmother.deck" and "mm-broodmother-card-types" in deck.entries
    fallback = topic("broodmother.odds")
    assert fallback is not None and fallback.id == "broodmother"
    assert fallback.title_in("es") == "Contra la Madre de la Camada"
    assert fallback.title_in("en") == "Against the Broodmother"
    assert topic("no-such-thing") is None


def test_a_topic_naming_a_missing_entry_is_refused(monkeypatch: pytest.MonkeyPatch, real_corpus: Corpus) -> None:
    import companion.rules.topics as topics_module

    monkeypatch.setattr(topics_module, "_read_json", lambda path: {"topics": {"x": {"title": "X",
                                                                                       "entries": ["mm-nope"]}}})
    with pytest.raises(CorpusError, match="names unknown entries"):
        read_topics(real_corpus)


def test_a_malformed_topic_is_refused_naming_the_field(monkeypatch: pytest.MonkeyPatch, real_corpus: Corpus) -> None:
    import companion.rules.topics as topics_module

    monkeypatch.setattr(topics_module, "_read_json", lambda path: {"topics": {"x": {"title": 5, "entries": []}}})
    with pytest.raises(CorpusError, match=r"^topics\.json: topics\.x\.title: Input should be a valid string$"):
        read_topics(real_corpus)
