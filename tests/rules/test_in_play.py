"""A search started from a game ranks the books and modules in play first."""

from __future__ import annotations

from companion.core.content import Content
from companion.rules.corpus import Corpus
from companion.rules.in_play import in_play
from companion.rules.search import InPlay, SearchIndex


def test_a_game_names_its_books_and_the_headings_of_its_modules(content: Content, real_corpus: Corpus) -> None:
    state = {"game": "mota", "expansions": ["minions", "empires"], "modules": ["aphids", "queens-decrees"],
             "variants": [], "mode": "solo"}
    found = in_play(state, content, real_corpus)
    assert found.books == {"Minions of the Meadow", "Empires of the Earth"}
    assert {"Aphids", "Aphid Hexes", "Queen's Decrees", "Against the Broodmother: Solo/Co-op"} <= found.sections
    assert "Nest Chambers" not in found.sections  # a Predators & Prey heading: that book is not in play
    antscape = in_play({"game": "antscape", "expansions": [], "modules": [], "variants": []}, content, real_corpus)
    assert antscape == InPlay(frozenset({"Antscape"}), frozenset())


def test_entries_in_play_rank_first_and_keep_their_own_scores(real_index: SearchIndex) -> None:
    plain = real_index.search("setup", limit=5)
    assert any(hit.book != "Predators & Prey" for hit in plain)
    preferred = real_index.search("setup", limit=5, in_play=InPlay(frozenset({"Predators & Prey"})))
    assert [hit.book for hit in preferred] == ["Predators & Prey"] * 5
    by_id = {hit.id: hit.score for hit in real_index.search("setup", limit=40)}
    assert all(by_id.get(hit.id, hit.score) == hit.score for hit in preferred)


def test_a_module_in_play_ranks_above_the_rest_of_its_book(real_index: SearchIndex) -> None:
    book = frozenset({"Minions of the Meadow"})
    hits = real_index.search("movement", limit=3, in_play=InPlay(book, frozenset({"Aphid and Major Worker Movement"})))
    assert hits[0].section == "Aphid and Major Worker Movement"


def test_a_clearly_better_answer_from_another_book_still_wins(real_index: SearchIndex) -> None:
    hits = real_index.search("ladybug tie", limit=3, in_play=InPlay(frozenset({"Antscape"})))
    assert hits[0].id == real_index.search("ladybug tie", limit=1)[0].id
