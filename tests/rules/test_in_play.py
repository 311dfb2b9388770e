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
    assert antscape.books == {"Antscape"} and "Game End and Scoring" in antscape.sections
    assert "Seasons" in antscape.left_out


def test_an_areas_own_headings_follow_whether_it_is_in_play(content: Content, real_corpus: Corpus) -> None:
    solo = {"game": "mota", "expansions": ["minions"], "modules": [], "variants": [], "mode": "solo"}
    found = in_play(solo, content, real_corpus)
    # her headings name no "Broodmother": the Broodmother area's own topics say they are hers
    assert {"Difficulty Chart", "Nest of Centipedes", "Nymph Rules"} <= found.sections
    assert {"Seasons", "Farming", "Broodmother Asymmetrical Play Variant"} <= found.left_out
    assert "Solo and Cooperative Play" not in found.sections  # Empires' heading: that book is not in play
    competitive = in_play({**solo, "mode": "competitive", "variants": ["seasons"]}, content, real_corpus)
    assert "Seasons" in competitive.sections and "Difficulty Chart" in competitive.left_out


def test_entries_of_areas_left_out_get_no_bonus(real_corpus: Corpus) -> None:
    minions = InPlay(frozenset({"Minions of the Meadow"}), frozenset({"Seasons"}), frozenset({"Difficulty Chart"}))
    chart, seasons, rally = (real_corpus.get(i) for i in ("mm-symbol-crown", "mm-seasons-reveal", "mm-rally"))
    assert chart is not None and seasons is not None and rally is not None
    assert [minions.bonus(e) for e in (chart, seasons, rally)] == [0.0, 20.0, 12.0]
    assert [e.id for e in minions.first([chart, rally, seasons])] == ["mm-seasons-reveal", "mm-rally",
                                                                     "mm-symbol-crown"]


def test_a_solo_search_for_her_centipedes_answers_from_her_rules(content: Content, real_index: SearchIndex) -> None:
    solo = {"game": "mota", "expansions": ["minions"], "modules": [], "variants": [], "mode": "solo"}
    hits = real_index.search("centipede attack", limit=3, in_play=in_play(solo, content, real_index.corpus))
    assert hits[0].book == "Minions of the Meadow" and hits[0].section == "Nest of Centipedes"


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
