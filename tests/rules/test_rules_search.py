"""Search behaviour on the fixture corpus, and the quality gate on the real corpus."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from companion.rules.bench import load_queries, quality
from companion.rules.corpus import Corpus, suggest_ids
from companion.rules.implied import implied_words
from companion.rules.in_play_rank import InPlay
from companion.rules.matching import match_words
from companion.rules.phrases import rephrased
from companion.rules.scoring import word_weights
from companion.rules.search import SearchIndex, _kind_points
from companion.rules.snippets import BodyText
from companion.rules.text import (
    PURPOSE,
    content_tokens,
    fold,
    name_tails,
    stem,
    synonyms,
    tokens,
)
from tests.helpers import examples


def ids(index: SearchIndex, query: str, **options: object) -> list[str]:
    return [hit.id for hit in index.search(query, **options)]  # type: ignore[arg-type]


def test_fold_strips_case_accents_and_punctuation() -> None:
    assert fold("  ¿Cuántas FICHAS, de iniciativa?  ") == "cuantas fichas de iniciativa"
    assert fold("Queen's Décret—Túnel") == "queen s decret tunel"


def test_stop_words_go_unless_nothing_is_left() -> None:
    assert content_tokens("how much health does a predator start with", "en") == ["much", "health", "predator", "start"]
    assert content_tokens("¿cuántas fichas de iniciativa en solitario?", "es") == ["fichas", "iniciativa", "solitario"]
    assert content_tokens("how do i", "en") == ["how", "do", "i"]
    # the Spanish list says the English one's "each", "also" and "then" (the seventeenth round, #34)
    assert content_tokens("cada jugador roba también entonces", "es") == content_tokens("jugador roba", "es")


def test_words_written_apart_read_as_the_rules_one_word() -> None:
    assert tokens("How do I set up the Parasites?") == ["how", "do", "i", "setup", "the", "parasites"]
    assert tokens("Tie-break") == ["tiebreak"] and tokens("setup") == ["setup"]
    assert tokens("set the tile up") == ["set", "the", "tile", "up"]


def test_spanish_verbs_with_short_roots_meet_in_one_stem() -> None:
    assert stem("ganar", "es") == stem("ganan", "es") == stem("gana", "es") == stem("ganamos", "es")
    assert stem("mover", "es") == stem("mueve", "es")
    assert stem("breed", "en") == "breed"  # English keeps a short word's "ed"


def test_a_plural_and_an_adjective_meet_the_word_they_are_made_from() -> None:
    # the seventeenth round (#34): a Spanish plural in "-es" had its ending cut, its singular another ("lugares" /
    # "lugar", "poderes" / "poder", "tokens" / "token"); an English adjective in "-ical" / "-ional" kept its "-al"
    assert stem("lugares", "es") == stem("lugar", "es") and stem("poderes", "es") == stem("poder", "es")
    assert stem("tokens", "es") == stem("token", "es") and stem("jugamos", "es") == stem("jugar", "es")
    assert stem("asymmetrical") == stem("asymmetric") and stem("tactical") == stem("tactic")
    assert stem("optional") == stem("option") and stem("total") == "total"
    # a short verb's past and a doubled consonant met no other form ("moved" / "move", "running" / "run")
    assert stem("moved") == stem("move") == stem("moving") and stem("added") == stem("add") == stem("adding")
    assert stem("running") == stem("run") == stem("ran") and stem("swapped") == stem("swap") == stem("swapping")
    assert stem("used") == stem("use") and stem("made") == stem("make") and stem("breed") == stem("breeds") == "breed"
    assert stem("pass") == stem("passing") == stem("passes") and stem("bonus") == stem("bonuses")
    assert stem("others") == stem("other") and stem("powers") == stem("power") and stem("loss") == stem("lose")
    # a Spanish verb made from a noun in "-ción" met no form of the noun ("reacciona" / "reacción")
    assert stem("reacciona", "es") == stem("reaccion", "es") == stem("reaccionar", "es")
    assert stem("evolucionada", "es") == stem("evolucion", "es") == stem("evoluciones", "es")
    # an imperative with a pronoun joined on, as the rules' texts say it, met no other form ("colócala" / "colocar");
    # a verb's "-es" is no plural ("quieres" / "quiere", "obtienes" / "obtiene")
    assert stem("colocala", "es") == stem("colocar", "es") and stem("barajalas", "es") == stem("barajar", "es")
    assert stem("muevelo", "es") == stem("mover", "es") and stem("escala", "es") == stem("escalas", "es") == "escal"
    assert stem("quieres", "es") == stem("quiere", "es") and stem("obtienes", "es") == stem("obtiene", "es")


def test_word_forms_players_write_meet_the_rules_forms() -> None:
    assert tokens("co-op mode") == ["coop", "mode"] == tokens("coop mode")
    assert stem("ally") == stem("allies") == stem("allied") == stem("allying")  # a final y reads as i
    assert stem("librarse", "es") == stem("libro", "es")  # a joined pronoun goes: "me libro" / "librarse"
    assert stem("descartarlos", "es") == stem("descartar", "es")
    assert stem("perla", "es") == "perl"  # no pronoun after a root this short


def test_a_pronoun_weighs_less_than_the_words_that_say_what(real_index: SearchIndex) -> None:
    # the seventeenth round (#34): "someone", "else", "she" and "alguien" are so rare in the rules' texts that each
    # weighed as much as the rarest term, and met whichever alias held one ("someone's hand", "she")
    for question, lang, term in (("can someone else take my earthmoving card", "en", "earthmoving"),
                                 ("asymmetric broodmother player how does she win", "en", "asymmetric"),
                                 ("alguien mas puede reclamar mi carta de movimiento", "es", "movimiento")):
        words = content_tokens(question, lang)
        index = real_index._langs[lang]
        weights = dict(zip(words, word_weights(index, match_words(index, words, lang), words, set(), frozenset()),
                           strict=True))
        assert max(weight for word, weight in weights.items() if word in {"someone", "else", "she", "alguien"}) < (
            weights[term] / 2)


def test_a_spanish_name_the_english_says_in_one_word_weighs_as_one(real_index: SearchIndex) -> None:
    # the seventeenth round (#34): "madre de la camada" weighed the Broodmother twice ("broodmother" once in English),
    # and the entries that only name her outweighed the rule asked for (``held_out_9``'s solo nymph points)
    question = "cuantos puntos da cada ninfa a la madre de la camada jugando solo"
    words = content_tokens(rephrased(question, "es"), "es")
    index = real_index._langs["es"]
    weights = dict(zip(words, word_weights(index, match_words(index, words, "es"), words, name_tails(words, "es"),
                                           frozenset()), strict=True))
    assert weights["camada"] < weights["madre"] / 3
    assert name_tails(["camada", "ninfa"], "es") == set()  # said alone, it is the thing itself


def test_a_joined_pronoun_or_a_hyphen_does_not_hide_the_answer(real_index: SearchIndex) -> None:
    # both missed with the pronoun / hyphen: rank 2 behind "Parasite (player)", and behind "Co-op card mix"
    assert ids(real_index, "como me libro de un parásito", lang="es")[0] == "mm-destroy-parasite"
    assert ids(real_index, "can i play empires of the earth solo or coop")[0] == "ee-solo-coop-compatibility"


def test_a_question_on_how_a_thing_works_gets_its_rule_not_its_setup(real_index: SearchIndex) -> None:
    assert ids(real_index, "how does the earthmoving card work")[0] == "as-earthmoving-play"
    assert ids(real_index, "cómo funciona la carta de movimiento de tierras", lang="es")[0] == "as-earthmoving-play"
    assert ids(real_index, "earthmoving card")[0] == "as-setup-earthmoving-card"  # no such question: as before


def test_a_question_on_what_a_thing_is_for_or_does_gets_its_rule_not_its_setup(real_index: SearchIndex) -> None:
    # each second on main 8bd04e2, behind the setup that deals the thing (#34, fourteenth round: ``text.PURPOSE``)
    assert ids(real_index, "what are the initiative tokens for against the broodmother")[0] == "mm-initiative-tokens"
    assert ids(real_index, "what does the old tunnel side of a chamber do")[0] == "pp-old-tunnel-card"
    assert ids(real_index, "para que sirve la ficha de iniciativa en el juego contra la madre de la camada",
               lang="es")[0] == "mm-initiative-tokens"
    assert ids(real_index, "fichas de iniciativa contra la madre de la camada", lang="es")[0] == (
        "mm-broodmother-player-setup")  # no such question: as before


def test_a_question_on_how_many_are_placed_or_dealt_gets_the_setup(real_index: SearchIndex) -> None:
    # on main 8bd04e2 the first was the aphids' breeding, and the market's refill in play (#34: ``COUNT_AT_SETUP``)
    assert ids(real_index, "cuantos decretos se ponen", lang="es")[0] == "ee-queens-decree-setup"
    assert ids(real_index, "how many recruit cards are placed in the market")[0] == "as-setup-recruit-market"
    assert ids(real_index, "how many queen's decrees are placed")[0] == "ee-queens-decree-setup"  # as before
    assert ids(real_index, "cuantos puntos da el decreto de la reina", lang="es")[0] == "ee-queens-decree-points"


def test_what_a_thing_is_for_is_asked_of_the_thing_not_of_the_box_it_comes_in(real_index: SearchIndex) -> None:
    # an overview listing the thing yields more (``PURPOSE_OVERVIEW_YIELD``), a question "what are the ... for" asks
    # for no list, and "sirven" says the form, not the subject: each first on main 8bd04e2 was another entry (#34)
    assert ids(real_index, "what are the stickers in the box for")[0] == "ee-food-stickers"  # main: the box
    assert ids(real_index, "para que valen las pegatinas que trae la caja de empires", lang="es")[0] == (
        "ee-food-stickers")  # main: the box
    assert ids(real_index, "para que sirve una mutacion", lang="es")[0] == (
        "ee-mutations-last-until-evolution")  # main: the chamber's eggs, on "sirven" alone
    assert ids(real_index, "what does the flag card do")[0] == "as-claim-with-flag-card"  # main: its setup
    assert ids(real_index, "qué hace la carta de bandera", lang="es")[0] == "as-claim-with-flag-card"
    # as before: a title that says the form itself, and the box without the form
    assert ids(real_index, "para que sirven los huevos de una camara", lang="es")[0] == (
        "ee-chamber-eggs-only-activate")
    assert ids(real_index, "pegatinas de la caja de empires", lang="es")[0] == "ee-contents"


def test_a_place_named_with_on_says_where_the_thing_is_not_what_it_is(real_index: SearchIndex) -> None:
    # "on a predator card" says where the icon is printed: on main 5dfd5e7 the card icon came first on "card" (#34:
    # ``text.PLACE``); said of the thing too, the place's word counts in full
    assert ids(real_index, "ant icon on the predator cards")[0] == "mm-icon-ant-x"
    assert ids(real_index, "the ant with an x on a predator card")[0] == "mm-icon-ant-x"
    assert ids(real_index, "la hormiga con una x en una carta de depredador", lang="es")[0] == "mm-icon-ant-x"
    assert ids(real_index, "card icon with an x on a predator card")[0] == "mm-icon-cards-x"  # as before
    assert ids(real_index, "icono de carta con una x en una carta de depredador", lang="es")[0] == "mm-icon-cards-x"
    assert ids(real_index, "what happens on an expand card")[0] == "mm-expand"  # a place and nothing else: as before


def test_a_place_named_with_on_favours_the_section_about_it(real_index: SearchIndex) -> None:
    # two icons of a queen, one on each kind of Antscape card: the place says which (on main 5dfd5e7 the Recruit
    # Cards' queen-move icon came first both ways; #34: ``search.PLACE_SECTION_BONUS``)
    assert ids(real_index, "queen icon on a colony card")[0] == "as-colony-action-queen"
    assert ids(real_index, "icono de reina en una carta de colonia", lang="es")[0] == "as-colony-action-queen"
    assert ids(real_index, "two cards icon on a recruit card")[0] == "as-recruit-action-draw-two-add"  # as before
    assert ids(real_index, "queen move icon")[0] == "as-recruit-action-queen-move"  # no place: as before


def test_a_question_naming_another_game_gets_that_games_rule(real_index: SearchIndex) -> None:
    # in a Minions game its own rules lead by 12 points; a question that names the other game wants that one
    minions = InPlay(books=frozenset({"Minions of the Meadow"}))
    assert ids(real_index, "tactic order empires of the earth", in_play=minions)[0] == "ee-tactics-attacker-first"
    assert ids(real_index, "ladybug predators & prey", in_play=minions)[0] == "pp-ladybug-card"
    assert ids(real_index, "tactic order", in_play=minions)[0] == "mm-tactic-invader-first"


def test_a_word_spelled_right_is_not_read_as_a_slip_for_another(real_index: SearchIndex) -> None:
    # "ally" once matched "all" (a stop word) and "rally" as typos, and Rally came before the alliance entries
    hits = ids(real_index, "can i ally with two predators", limit=3)
    assert hits[0] == "pp-one-predator-limit" and "mm-rally" not in hits


def test_the_rule_comes_before_its_worked_example(real_index: SearchIndex) -> None:
    assert ids(real_index, "llevar una espora", lang="es")[0] == "mm-cordyceps-carrying-spores"
    assert ids(real_index, "what's a specialized site")[0] == "mm-specialized-site-what"
    assert real_index.search("cordyceps carry spore example", limit=1)[0].kind == "example"


def test_a_question_asking_for_an_example_gets_the_example_first(real_index: SearchIndex) -> None:
    # the rule "Paying to claim a territory" led by 19 points when the question asked for the worked example
    assert ids(real_index, "example of paying to claim a territory")[0] == "as-example-irene"
    assert ids(real_index, "ejemplo de pagar para reclamar un territorio", lang="es")[0] == "as-example-irene"
    assert ids(real_index, "paying to claim a territory")[0] == "as-claim-paying"  # without asking: the rule


def test_a_word_about_the_answers_form_does_not_pick_the_answer(real_index: SearchIndex) -> None:
    # "overview" and "resumen" are rare title words: they once pulled the expansions' overviews first
    assert ids(real_index, "parasites module overview")[0] == "mm-parasites-module-overview"
    assert ids(real_index, "large workers overview")[0] == "pp-large-workers-overview"
    assert ids(real_index, "resumen del modulo de pulgones", lang="es")[0] == "mm-aphids-module-overview"


def test_an_attack_question_finds_an_attack_rule_not_a_reward_symbol(real_index: SearchIndex) -> None:
    # issue #34: "centipede attack" led with Predators & Prey's "Place a centipede reward", aliased "attack"
    hits = real_index.search("centipede attack", limit=3)
    assert all(hit.kind != "symbol" for hit in hits) and hits[0].book == "Minions of the Meadow"


def test_a_plain_word_finds_the_rules_word_it_means(real_index: SearchIndex) -> None:
    assert ids(real_index, "las ninfas hacen mas fuerte al ciempies", lang="es")[0] == "mm-nymphs-battle-size"
    assert ids(real_index, "do nymphs make the centipede stronger in battle")[0] == "mm-nymphs-battle-size"


def test_typo_still_finds_the_entry(fixture_index: SearchIndex) -> None:
    assert ids(fixture_index, "ladybg tie")[0] == "mm-ladybug-tie"
    assert ids(fixture_index, "predaotr helth")[0] == "mm-predator-health"


def test_case_and_accents_do_not_matter(fixture_index: SearchIndex) -> None:
    plain = fixture_index.search("provision inicial solitario", lang="es")
    accented = fixture_index.search("PROVISIÓN Inicial SOLITARIO", lang="es")
    assert [h.id for h in plain] == [h.id for h in accented]
    assert plain[0].id == "mm-solo-start"
    assert [h.score for h in plain] == [h.score for h in accented]


def test_spanish_question_finds_the_same_entry_as_english(fixture_index: SearchIndex) -> None:
    english = ids(fixture_index, "ladybug tie")[0]
    assert ids(fixture_index, "¿empate de la mariquita?", lang="es")[0] == english
    # card names are English in both editions, so an English name works in a Spanish search
    assert ids(fixture_index, "Ladybug", lang="es")[0] == english
    assert fixture_index.search("ladybug tie", lang="es")[0].title == "Empate de la Mariquita"


def test_title_outranks_a_body_only_mention(fixture_index: SearchIndex) -> None:
    hits = fixture_index.search("ladybug")
    assert [h.id for h in hits] == ["mm-ladybug-tie", "mm-devour"]
    assert hits[0].score > hits[1].score + 20


def test_aliases_catch_slang(fixture_index: SearchIndex) -> None:
    assert set(ids(fixture_index, "big ant", limit=2)) == {"mm-rally-example", "pp-large-worker-gather"}


def test_book_and_kind_filters(fixture_index: SearchIndex) -> None:
    assert ids(fixture_index, "big ant", book="pp") == ["pp-large-worker-gather"]
    assert ids(fixture_index, "big ant", book="Predators & Prey") == ["pp-large-worker-gather"]
    assert ids(fixture_index, "big ant", kind="example") == ["mm-rally-example"]
    assert ids(fixture_index, "big ant", book="ee") == []
    with pytest.raises(ValueError, match="unknown book 'zz'; choose one of: mm"):
        fixture_index.search("ant", book="zz")
    with pytest.raises(ValueError, match="unknown kind 'faq'; choose one of: rule, setup"):
        fixture_index.search("ant", kind="faq")


def test_limit(fixture_index: SearchIndex) -> None:
    assert len(fixture_index.search("ant", limit=1)) == 1
    assert len(fixture_index.search("ant", limit=100)) > 1
    with pytest.raises(ValueError, match="limit"):
        fixture_index.search("ant", limit=0)
    with pytest.raises(ValueError, match="language"):
        fixture_index.search("ant", lang="fr")


@pytest.mark.parametrize("query", ["", "   ", "\t\n", "?!", "¿?"])
def test_blank_query_returns_nothing(fixture_index: SearchIndex, query: str) -> None:
    assert fixture_index.search(query) == []


def test_hit_fields_and_highlights(fixture_index: SearchIndex) -> None:
    hit = fixture_index.search("ladybug tie")[0]
    assert (hit.book, hit.section, hit.kind) == ("Minions of the Meadow", "Clarifications", "clarification")
    assert hit.title == "Ladybug tie for most aphids"
    assert 0 < hit.score <= 100
    assert [hit.snippet[start:end] for start, end in hit.highlights] == ["Ladybug"]
    assert hit.to_dict()["highlights"] == [list(span) for span in hit.highlights]


def test_snippet_keeps_the_matching_sentence() -> None:
    body = "First sentence about food. " * 5 + "The Ladybug eats aphids here. " + "Last words on larvae. " * 5
    snippet, spans = BodyText.of(body.strip()).snippet({"ladybug"}, limit=80)
    assert "The Ladybug eats aphids here." in snippet
    assert not snippet.endswith("…") and len(snippet) <= 80
    assert [snippet[start:end] for start, end in spans] == ["Ladybug"]
    assert BodyText.of("Short body.").snippet({"x"}) == ("Short body.", [])


def test_long_sentence_is_cut_with_an_ellipsis() -> None:
    snippet, spans = BodyText.of("word " * 100).snippet({"word"}, limit=50)
    assert snippet.endswith("…") and len(snippet) <= 50
    assert spans[0] == (0, 4) and all(end <= len(snippet) for _, end in spans)


def test_suggest_ids(fixture_corpus: Corpus) -> None:
    assert suggest_ids(fixture_corpus, "mm-ladybug")[0] == "mm-ladybug-tie"


@settings(max_examples=examples(80), deadline=None)
@given(query=st.text(max_size=60), lang=st.sampled_from(["en", "es"]))
@example(query="00:0:00ANT:1", lang="en")  # a worked example matching next to nothing once scored -1.2
def test_any_text_gives_sorted_scores_in_range(fixture_index: SearchIndex, query: str, lang: str) -> None:
    """Best first by the score shown, unless the question names a book or asks for a kind of entry: those rank
    by points the hit does not show (``test_a_named_book_ranks_first_with_its_own_score``)."""
    hits = fixture_index.search(query, lang=lang)
    scores = [hit.score for hit in hits]
    words = list(dict.fromkeys(content_tokens(query, lang) + implied_words(query, lang)))
    if not fixture_index._books_named(words) and not _kind_points(query, words, bool(PURPOSE.search(fold(query)))):
        assert scores == sorted(scores, reverse=True)
    assert all(0 < score <= 100 for score in scores)
    for hit in hits:
        assert all(0 <= start < end <= len(hit.snippet) for start, end in hit.highlights)


def test_a_named_book_ranks_first_with_its_own_score(fixture_index: SearchIndex) -> None:
    """Found by Hypothesis: "PREDATORS:0" names Predators & Prey by its short name, so its entry comes first while
    showing its own lower score (the points for naming a book rank, they are not shown)."""
    words = content_tokens("PREDATORS:0", "es") + implied_words("PREDATORS:0", "es")
    named = fixture_index._books_named(words)
    hits = fixture_index.search("PREDATORS:0", lang="es")
    assert named and hits and hits[0].book in named
    assert all(0 < hit.score <= 100 for hit in hits)


# --- the quality gate on the real corpus -------------------------------------------------------


def test_query_set_is_well_formed(real_corpus: Corpus) -> None:
    queries = load_queries()
    assert len(queries) >= 130
    spanish = sum(query["lang"] == "es" for query in queries)
    assert 0.25 <= spanish / len(queries) <= 0.4
    unknown = [(q["q"], i) for q in queries for i in q["expect"] if real_corpus.get(i) is None]
    assert unknown == []
    books = {real_corpus.get(i).book for q in queries for i in q["expect"]}  # type: ignore[union-attr]
    kinds = {real_corpus.get(i).kind for q in queries for i in q["expect"]}  # type: ignore[union-attr]
    assert len(books) == 4 and len(kinds) == 7


def test_query_set_quality_gate(real_index: SearchIndex) -> None:
    top1, top3 = quality(real_index, load_queries())
    assert top1 >= 0.97
    assert top3 >= 0.99


def test_limit_above_the_candidate_pool(real_index: SearchIndex) -> None:
    assert len(real_index.search("ant", limit=100)) == 100


def test_player_questions_in_both_languages_find_their_answer_first(real_index: SearchIndex) -> None:
    """The tuning set, written as players ask at the table ("how many ...", "cuánto cuesta ..."), each
    expecting the entry that answers it directly: 110 questions (0.873 top-1 when written), then 185 more in
    three batches, on entries no question reached and in terser words with typos (0.86, 0.98 and 0.95 top-1
    as written). Each miss was read and its cause fixed in the scoring or the entry's words;
    scripts/bench_search.py prints the misses."""
    questions = load_queries(Path(__file__).parent / "player_questions.json")
    assert len(questions) >= 290 and {q["lang"] for q in questions} == {"en", "es"}
    unknown = [(q["q"], i) for q in questions for i in q["expect"] if real_index.corpus.get(i) is None]
    assert unknown == []
    top1, top3 = quality(real_index, questions)
    assert top1 >= 0.98
    assert top3 >= 0.99


def judged(index: SearchIndex, name: str, count: int, spanish: int) -> tuple[float, float]:
    """Top-1 and top-3 on one committed question set, once it is the set it was written as (its size, its Spanish
    questions, every expected entry in the corpus)."""
    questions = load_queries(Path(__file__).parent / name)
    assert len(questions) == count and sum(q["lang"] == "es" for q in questions) == spanish
    assert [i for q in questions for i in q["expect"] if index.corpus.get(i) is None] == []
    return quality(index, questions)


def test_coverage_questions_reach_the_entries_no_other_set_did(real_index: SearchIndex) -> None:
    """130 questions (40 Spanish) written on the 121 entries no question set reached, committed before the
    tuning of 2026-12-05: 0.962 top-1 as written, 0.985 after it (the examples asked for, words about the
    answer's form; one expectation corrected). A tuning set: its misses were read; 1.0 after the eleventh round (#34,
    players' words on the entries)."""
    top1, top3 = judged(real_index, "coverage_questions.json", 130, 40)
    assert top1 >= 0.98
    assert top3 >= 0.99


def test_first_held_out_set_now_read_to_tune(real_index: SearchIndex) -> None:
    """60 questions (40 English, 20 Spanish, typos included) written and committed before any tuning: 0.917
    top-1 when written, 0.933 after the first tuning. On 2026-12-05 (#34) its four misses were read, their causes
    classified and fixed (players' words, setup against rule, a joined Spanish pronoun): 1.0. No longer held out:
    the honest judge is now ``held_out_3``; the thresholds catch a regression."""
    top1, top3 = judged(real_index, "held_out_questions.json", 60, 20)
    assert top1 >= 0.97
    assert top3 >= 0.98


def test_second_held_out_set_now_read_to_tune(real_index: SearchIndex) -> None:
    """40 questions (28 English, 12 Spanish) on 40 entries no set reached, committed with the coverage set before
    a tuning and never read for it: 0.85 / 0.925 top-1 / top-3. On 2026-12-05 (#34) its six misses were read and
    their causes fixed (co-op as one word, ally/alliance, players' words in both languages): 1.0 / 1.0. No longer
    held out; the thresholds catch a regression."""
    top1, top3 = judged(real_index, "held_out_2_questions.json", 40, 12)
    assert top1 >= 0.95
    assert top3 >= 0.97


def test_third_held_out_set_now_read_to_tune(real_index: SearchIndex) -> None:
    """60 questions (30 English, 30 Spanish, typos) written from the rulebooks' sections and committed before the
    search was run on them: 0.85 / 0.967 top-1 / top-3 through two tunings. On 2026-12-05 (#34, third round) its
    nine misses were read and their causes fixed (players' verbs as synonyms in any of their forms, "what is"
    asking for the glossary, a slip's synonyms, "puntúa" meeting "puntos", players' words on five entries): 1.0.
    No longer held out; the thresholds catch a regression."""
    top1, top3 = judged(real_index, "held_out_3_questions.json", 60, 30)
    assert top1 >= 0.97
    assert top3 >= 0.98


def test_sixth_held_out_set_now_read_to_tune(real_index: SearchIndex) -> None:
    """60 questions (30 Spanish, typos, accents dropped) on entries drawn one per section at random, the expected
    ids read from the corpus, committed alone before the fourth round of tuning (2026-12-05, #34) ran the search on
    them: 0.867 / 0.983 top-1 / top-3 on main's search, the same through the thirteenth round. Read to tune in the
    fourteenth round (#34: its sibling misses; what a thing is for asked of the thing): 0.917 / 0.983. No longer held
    out; the thresholds catch a regression."""
    top1, top3 = judged(real_index, "held_out_6_questions.json", 60, 30)
    assert top1 >= 0.97  # 1.00 after the sixteenth round (who acts; #34)
    assert top3 >= 0.98


def test_ninth_held_out_set_now_read_to_tune(real_index: SearchIndex) -> None:
    """60 questions (30 Spanish, typos, accents dropped, players' words, most naming no book) written blind from
    the rulebooks by a helper who had not seen the corpus's aliases or any other set, each answer picked from the
    entries' id, book, section and title alone, and committed alone before the search ran on them (2026-12-06,
    #34): 0.85 / 0.933 top-1 / top-3 on main 67917b4's search, the same after the twelfth round. Read to tune in
    the thirteenth round (#34; phrases, the games' Spanish names, irregular pasts, synonyms): 0.90 / 0.967. No longer
    held out; the thresholds catch a regression."""
    top1, top3 = judged(real_index, "held_out_9_questions.json", 60, 30)
    assert top1 >= 0.90  # 0.917 after the fifteenth round (a place named with "on", #34), 0.933 after the sixteenth
    assert top3 >= 0.95


def test_tenth_held_out_set_now_read_to_tune(real_index: SearchIndex) -> None:
    """60 questions (30 Spanish; 10 Antscape, 10 Empires, 15 Predators & Prey, 25 Minions; typos, players' words,
    most naming no book) written blind from the rulebooks by a helper who had read no other set, nor the corpus's
    texts or aliases, each answer picked from the entries' id, book, section and title alone, and committed alone
    before the search ran on them (2026-12-06, #34): 0.80 / 0.883 top-1 / top-3 on main 52823bd's search, the same
    through the seventeenth round. Read to tune in the eighteenth round (#34; phrases, "afford", "wipe"): 0.867 /
    0.917. No longer held out; the thresholds catch a regression."""
    top1, top3 = judged(real_index, "held_out_10_questions.json", 60, 30)
    assert top1 >= 0.85
    assert top3 >= 0.90


def test_thirteenth_held_out_set_now_read_to_tune(real_index: SearchIndex) -> None:
    """60 questions (30 Spanish; 10 Antscape, 10 Empires, 15 Predators & Prey, 25 Minions; entries drawn per book at
    random, seed 20261208; typos, players' words, timing, ties and limits, most naming no book) written blind from the
    rulebooks by a helper who had read no other set, nor the corpus's texts or aliases, each answer picked from the
    entries' id, book, section and title alone, and committed alone before the search ran on them (2026-12-07, #34):
    0.867 / 0.950 when first measured, after the twentieth round. Read to tune in the twenty-first round (#34; a slip
    for a word said, a slot, a worked example's case, steps in order, the moment one cannot): 0.933 / 0.983. No
    longer held out; the thresholds catch a regression."""
    top1, top3 = judged(real_index, "held_out_13_questions.json", 60, 30)
    assert top1 >= 0.92
    assert top3 >= 0.97


def test_fourteenth_held_out_set_now_read_to_tune(real_index: SearchIndex) -> None:
    """60 questions (30 Spanish; 10 Antscape, 10 Empires, 15 Predators & Prey, 25 Minions; 13 with two answers, 1
    with three) on entries drawn per book at random (seed 20261209, none skipped), written blind from the rulebooks
    by a helper who read no other set, nor the corpus's texts or aliases, each answer picked from the entries' id,
    book, section and title alone, and committed alone before the search ran on them (2026-12-07, #34): 0.800 / 0.933
    when first measured, after the twenty-first round. Read to tune in the twenty-second round (#34; how many play, the
    moment before the game, a thing that fires off, without paying, one key widened): 0.867 / 0.967. No longer held
    out; the thresholds catch a regression."""
    top1, top3 = judged(real_index, "held_out_14_questions.json", 60, 30)
    assert top1 >= 0.85
    assert top3 >= 0.95


def test_fifteenth_held_out_set_now_read_to_tune(real_index: SearchIndex) -> None:
    """60 questions (30 Spanish; 10 Antscape, 10 Empires, 15 Predators & Prey, 25 Minions; nine with two answers) on
    entries drawn per book at random (seed 20261210, none skipped), written blind from the rulebooks by a helper who
    read no other set, nor the corpus's texts or aliases, each answer picked from the entries' id, book, section and
    title alone, and committed alone before the search ran on them (2026-12-07, #34): 0.783 / 0.883 when first
    measured, after the twenty-second round. Read to tune in the twenty-third round (#34; cards face up, the bits
    of a card, two on the same place, how much is left, the co-op named first, a chart as the place, Spanish words
    for the Plot pile and for covering, one key widened): 0.900 / 0.967. No longer held out; the thresholds catch a
    regression."""
    top1, top3 = judged(real_index, "held_out_15_questions.json", 60, 30)
    assert top1 >= 0.88
    assert top3 >= 0.95


def test_fourth_held_out_set_never_tuned_for(real_index: SearchIndex) -> None:
    """60 more questions (30 Spanish, typos, "what is" / "how many" / "can I", cards named and no book named),
    written from the rulebooks' sections before a second round of tuning and committed before the search ran on
    them: 0.967 / 1.0 top-1 / top-3 on this search. That round's rules (aimed at ``held_out_3``'s misses) took it
    to 0.933, so they were left out; its misses were never read. The third round (#34) kept it at 0.967: a judge,
    with ``held_out_5``."""
    top1, top3 = judged(real_index, "held_out_4_questions.json", 60, 30)
    assert top1 >= 0.95
    assert top3 >= 0.98


def test_fifth_held_out_set_never_tuned_for(real_index: SearchIndex) -> None:
    """60 questions (30 Spanish, typos) written from the rulebooks' sections, with the expected entries read from
    the corpus, and committed alone before the third round of tuning (2026-12-05, #34) ran the search on them:
    0.833 / 0.983 top-1 / top-3 on main's search, 0.85 / 0.983 after the round. Its misses were never read: with
    ``held_out_4``, the judge."""
    top1, top3 = judged(real_index, "held_out_5_questions.json", 60, 30)
    assert top1 >= 0.85  # 0.883 after the eleventh round (players' words on the entries, #34)
    assert top3 >= 0.97


def test_seventh_held_out_set_never_tuned_for(real_index: SearchIndex) -> None:
    """60 questions (30 Spanish, typos, filler) on entries drawn one per section at random, the expected ids read
    from the corpus, committed alone before the fifth round (2026-12-05, #34) ran the search on them: 0.883 / 1.0
    top-1 / top-3 on main's search, the same after the round (a rule several books state shown once). Its misses
    were never read: with ``held_out_4`` to ``held_out_6``, the judge (``held_out_6`` read to tune since the
    fourteenth round)."""
    top1, top3 = judged(real_index, "held_out_7_questions.json", 60, 30)
    assert top1 >= 0.88
    assert top3 >= 0.98


def test_eighth_held_out_set_never_tuned_for(real_index: SearchIndex) -> None:
    """62 questions (31 Spanish) as players ask at the table in their own words (short, misspelt, a thing named
    rather than a heading) on entries drawn one per section at random, the expected ids read from the corpus,
    committed alone before the sixth round (2026-12-05, #34) ran the search on them: 0.871 / 0.952 top-1 / top-3
    on main's search, 0.903 / 0.952 after the round. Its misses were never read: with ``held_out_4`` to
    ``held_out_7``, the judge."""
    top1, top3 = judged(real_index, "held_out_8_questions.json", 62, 31)
    assert top1 >= 0.90  # 0.935 after the twelfth round (players' words as synonyms, #34)
    assert top3 >= 0.95


def test_eleventh_held_out_set_never_tuned_for(real_index: SearchIndex) -> None:
    """60 questions (30 Spanish; 10 Antscape, 10 Empires, 15 Predators & Prey, 25 Minions; typos, players' words,
    who does what to whom, most naming no book) written blind from the rulebooks by a helper who had read no other
    set, nor the corpus's texts or aliases, each answer picked from the entries' id, book, section and title alone,
    and committed alone before the search ran on them (2026-12-06, #34): 0.85 / 0.95 top-1 / top-3 on main
    5dfd5e7's search. An unbiased figure only while its misses are never read: with ``held_out_4``, ``_5``, ``_7``
    and ``_8``, the judge (``held_out_10`` read to tune since the eighteenth round)."""
    top1, top3 = judged(real_index, "held_out_11_questions.json", 60, 30)
    assert top1 >= 0.83
    assert top3 >= 0.93


def test_twelfth_held_out_set_never_tuned_for(real_index: SearchIndex) -> None:
    """60 questions (30 Spanish; 10 Antscape, 10 Empires, 15 Predators & Prey, 25 Minions; typos, players' words,
    who does what to whom, most naming no book) written blind from the rulebooks by a helper who had read no other
    set, nor the corpus's texts or aliases, each answer picked from the entries' id, book, section and title alone,
    and committed alone before the search ran on them (2026-12-07, #34): 0.900 / 1.00 when first measured, after the
    eighteenth round. An unbiased figure only while its misses are never read: with ``held_out_4``, ``_5``, ``_7``,
    ``_8`` and ``_11``, the judge (``held_out_13``, ``_14`` and ``_15`` read to tune since the twenty-first,
    twenty-second and twenty-third rounds)."""
    top1, top3 = judged(real_index, "held_out_12_questions.json", 60, 30)
    assert top1 >= 0.88
    assert top3 >= 0.98


def test_sixteenth_held_out_set_never_tuned_for(real_index: SearchIndex) -> None:
    """60 questions (30 Spanish; 10 Antscape, 10 Empires, 15 Predators & Prey, 25 Minions; three with two answers) on
    entries drawn per book at random (seed 20261211, none skipped), written blind from the rulebooks by a helper who
    read no other set, nor the corpus's texts or aliases, each answer picked from the entries' id, book, section and
    title alone, and committed on a branch the twenty-third round never saw, before the search ran on them
    (2026-12-08, #34): 0.900 / 0.983 when first measured, on the round's merge. An unbiased figure only while its
    misses are never read: with ``held_out_4``, ``_5``, ``_7``, ``_8``, ``_11`` and ``_12``, the judge."""
    top1, top3 = judged(real_index, "held_out_16_questions.json", 60, 30)
    assert top1 >= 0.88
    assert top3 >= 0.96


def test_fourth_set_of_questions_as_asked_at_the_table(real_index: SearchIndex) -> None:
    """80 questions (40 Spanish) written in the fourth round (#34) on entries none of ``held_out_6``'s, measured
    once before it was read: 0.875 top-1 on main's search; its misses' causes fixed (players' words for start and
    versus, the card before its worked example, words missing from eleven entries): 0.938."""
    top1, top3 = judged(real_index, "table_4_questions.json", 80, 40)
    assert top1 >= 0.96
    assert top3 >= 0.98


def test_fifth_set_of_questions_as_asked_at_the_table(real_index: SearchIndex) -> None:
    """40 questions (20 Spanish) written in the sixth round (#34) on entries drawn at random among those
    ``held_out_8`` does not expect, measured once before it was read: 0.875 / 0.975 top-1 / top-3 on main's
    search, 0.9 / 1.0 after the round (a predator that died is a lost one). A tuning set: its misses were read."""
    top1, top3 = judged(real_index, "table_5_questions.json", 40, 20)
    assert top1 >= 0.95
    assert top3 >= 0.97


def test_sixth_set_of_questions_as_asked_at_the_table(real_index: SearchIndex) -> None:
    """71 questions (34 Spanish) written in the seventh round (#34) on entries drawn at random one per section among
    those no judge expects, measured once before it was read: 0.873 / 0.944 top-1 / top-3 on main's search (0.901
    with two expectations widened to the entry that states the answer as well); 0.958 / 0.972 after the round
    (players' words on four entries). A tuning set: its misses were read."""
    top1, top3 = judged(real_index, "table_6_questions.json", 71, 34)
    assert top1 >= 0.96
    assert top3 >= 0.96


def test_seventh_set_of_questions_as_asked_at_the_table(real_index: SearchIndex) -> None:
    """66 questions (33 Spanish) written in the eighth round (#34) on entries drawn at random one per section, before
    the search ran on them: 0.864 / 0.924 top-1 / top-3 on main's search (0.894 / 0.955 with two expectations widened
    to an entry that answers as well); 0.924 / 0.955 after the round (a game's whole name says where, contractions and
    "even" are no words). A tuning set: its misses were read."""
    top1, top3 = judged(real_index, "table_7_questions.json", 66, 33)
    assert top1 >= 0.97
    assert top3 >= 0.94


def test_eighth_set_of_questions_as_asked_at_the_table(real_index: SearchIndex) -> None:
    """70 questions (33 Spanish) written in the ninth round (#34) before the search ran on them, 36 asking for an
    overview ("what are the ...", "cómo funciona ...") and 34 for one thing an overview sums up: 0.886 / 0.957 top-1 /
    top-3 on main's search; 0.929 / 1.0 after the round (the question's form chooses between an overview and the
    rule it sums up: ``companion.rules.overviews``; "list" a word about the answer's form). A tuning set: its misses
    were read."""
    top1, top3 = judged(real_index, "table_8_questions.json", 70, 33)
    assert top1 >= 0.96
    assert top3 >= 0.97


def test_ninth_set_of_questions_as_asked_at_the_table(real_index: SearchIndex) -> None:
    """69 questions (30 Spanish) written in the tenth round (#34) before the search ran on them, on a term the corpus
    also defines ("what is X", "qué significa", expecting the definition; "how many / when / can I" expecting the
    rule) and on neighbouring entries of one section: 0.870 / 0.957 top-1 / top-3 on main's search; 0.913 / 0.986
    after the round (a question's form chooses between a definition and the rule of its section:
    ``companion.rules.definitions``). A tuning set: its misses were read. The eleventh round's players' words on the
    entries (#34) took the sets of the fourth to ninth rounds to 0.988, 0.975, 0.986, 1.0, 0.986 and 0.986."""
    top1, top3 = judged(real_index, "table_9_questions.json", 69, 30)
    assert top1 >= 0.96
    assert top3 >= 0.97


def test_tenth_set_of_questions_as_asked_at_the_table(real_index: SearchIndex) -> None:
    """80 questions (36 Spanish) written in the eleventh round (#34) from the rulebooks and the corpus titles before
    the search ran on them, over every book and kind of entry and naming things in a player's words (a hand held, a
    board for two, a card nicked, aphids' babies): 0.825 / 0.900 top-1 / top-3 on main's search; 0.988 / 1.0 once
    the words its misses lacked were on the entries. A tuning set: its misses were read."""
    top1, top3 = judged(real_index, "table_10_questions.json", 80, 36)
    assert top1 >= 0.96
    assert top3 >= 0.98


def test_eleventh_set_of_questions_as_asked_at_the_table(real_index: SearchIndex) -> None:
    """68 questions (34 Spanish) written in the seventeenth round (#34) from the rulebooks and the corpus's ids and
    titles before any change and before the search ran on them: Antscape 10, Empires 11, Predators & Prey 18,
    Minions 29; short, fragments, typos, who does what to whom. Its first figure, on main 3455e2b's search: 0.868 /
    0.956 top-1 / top-3. A tuning set: its misses were read; 0.897 / 0.971 after the round (a pronoun counts little,
    "asymmetrical" meets "asymmetric", ``ACTOR_BONUS`` 6)."""
    top1, top3 = judged(real_index, "table_11_questions.json", 68, 34)
    assert top1 >= 0.88
    assert top3 >= 0.96


def test_players_words_on_entries_that_lacked_them(real_index: SearchIndex) -> None:
    # each second or lower on main (table_3's and table_6's questions): the Spanish book says "Maniobras" where players
    # say "maquinaciones" (which met the Machinate power), the entries said neither "already out" nor "how big"
    assert ids(real_index, "maquinaciones nivel 3 que hace la madre", lang="es")[0] == "mm-machinations-level-3"
    assert ids(real_index, "how do aphids get onto the board")[0] == "mm-aphids-enter-play"
    assert ids(real_index, "antscape 2 players how big is the grid")[0] == "as-setup-two-player-grid"
    flag_out = "my flag is already out and i paid only with recruits, how do i mark the territory"
    assert ids(real_index, flag_out)[0] == "as-claim-next-colony-card"


def test_a_players_word_on_the_entry_that_states_it_not_its_sibling(real_index: SearchIndex) -> None:
    # the eleventh round (#34): "letargo" was on no Slumber entry but the predators' (the centipede point for a battle
    # won came first); "babies" only on the nymphs' definition, so aphids breeding gave it first
    slumber = "en el letargo cuantos puntos gana la madre por ciempies en el prado"
    assert ids(real_index, slumber, lang="es")[0] == "mm-broodmother-slumber-centipedes"
    assert ids(real_index, "when do aphids have babies")[0] == "mm-aphid-breeding-when"
    assert ids(real_index, "who places the baby aphid when aphids breed")[0] == "mm-aphid-breeding-who-places"


def test_a_common_question_answered_by_an_entry_whose_words_were_only_in_its_detail(real_index: SearchIndex) -> None:
    # the sixteenth round (#34): the Aphids setup said "shuffle" only in its body (its Spanish aliases said "barajar
    # las cartas de pulgón"), so the expansion's shuffle came first; Passing named the steps it follows only "2a" and
    # "2b" (second, eighth and third before)
    assert ids(real_index, "shuffle aphid cards into the deck")[0] == "mm-aphids-setup-cards-tokens"
    assert ids(real_index, "which cards do i shuffle in for the aphids module")[0] == "mm-aphids-setup-cards-tokens"
    assert ids(real_index, "antscape i cant claim or recruit anything, what happens")[0] == "as-pass"


def test_questions_as_asked_at_the_table(real_index: SearchIndex) -> None:
    """Two tuning sets written during the third round (#34), each measured before it was read: 52 questions
    (0.846 top-1 on main's search) and 50 (0.86). Their misses showed general causes (a game named by its short
    name, Spanish e/i verbs, players' verbs); the thresholds catch a regression. The eleventh round's players' words
    on the entries (#34) took them, and the third round's 40, to 1.0, 0.98 and 1.0."""
    assert judged(real_index, "table_questions.json", 52, 26)[0] >= 0.96
    assert judged(real_index, "table_2_questions.json", 50, 25)[0] >= 0.94
    assert judged(real_index, "table_3_questions.json", 40, 20)[0] >= 0.95


def test_a_players_start_and_versus_meet_the_rules_words(real_index: SearchIndex) -> None:
    # "empezar" shared no stem with the entry's "mano inicial" (rank 3); "against" none with "predator vs centipede"
    assert "inicial" in synonyms("empezar", "es") and synonyms("against", "en") == ("vs",)
    starting_hand = ids(real_index, "cuantas cartas tengo en la mano al empezar antscape", lang="es")
    assert starting_hand[0] == "as-setup-starting-hand"
    assert ids(real_index, "does my predator help against a centipede")[0] == "pp-predator-vs-centipede"


def test_a_card_comes_before_the_worked_example_that_shows_it(real_index: SearchIndex) -> None:
    # the battle example revealing Camouflage Head led its card note by 0.2 when an example gave up 6 points
    assert ids(real_index, "camouflage head tactic effect")[0] == "pp-camouflage-head"


def test_a_rule_is_found_by_the_name_of_the_mode_or_module_it_belongs_to(real_index: SearchIndex) -> None:
    # neither entry said "nest chamber" / "Madre de la Camada": Empires' Chamber entry led, and the chart was ninth
    assert ids(real_index, "when can i use my nest chamber, does it need to be full")[0] == "pp-chamber-activation"
    assert ids(real_index, "limites con dos jugadores contra la madre de la camada", lang="es")[0] == (
        "mm-difficulty-2-players"
    )


def test_a_synonym_is_found_by_any_form_of_its_word(real_index: SearchIndex) -> None:
    assert synonyms("beating", "en") == synonyms("beat", "en") == ("defeat",)
    assert synonyms("caben", "es") == synonyms("caber", "es")
    # "beating" matched only "defeating" as a slip, and the worked example and the Minions spoils came first
    assert ids(real_index, "what loot do i get for beating a predator")[0] == "pp-predator-loot"
    assert ids(real_index, "cuantos huevos caben en una camara", lang="es")[0] == "ee-chamber-egg-space"


def test_a_slip_in_a_word_the_rules_never_use_keeps_its_synonyms(real_index: SearchIndex) -> None:
    # "maximun" read as "maximum" only: the Chamber entry aliased "maximum" led the 36 ant markers' limit
    assert ids(real_index, "maximun number of ant markers")[0] == "pp-ant-marker-limit"


def test_two_swapped_letters_are_one_slip(real_index: SearchIndex) -> None:
    index = real_index._langs["en"]
    swapped = match_words(index, ["predaotr"], "en")["predator"][0][1]
    dropped = match_words(index, ["predatr"], "en")["predator"][0][1]
    assert swapped >= dropped - 0.05  # the ratio alone counted a swap as two edits: 0.67 against 0.79


def test_a_what_is_question_gets_the_defining_entry(real_index: SearchIndex) -> None:
    # the Moulting rule and the solo scoring (their titles say "ninfa") led the glossary entry by 2 points
    assert ids(real_index, "que es una ninfa", lang="es")[0] == "mm-nymphs"
    assert ids(real_index, "ninfa muda", lang="es")[0] == "mm-moulting"  # no such question: the rule
    # a contraction typed without its apostrophe and a filler "even" are no words of the question: on main "even" met
    # Eve's entries and "whats" counted as a third word, so the defining entry came second
    assert content_tokens("whats a major worker even", "en") == ["major", "worker"]
    assert ids(real_index, "whats a major worker even")[0] == "mm-major-worker-what"


def test_spanish_word_forms_meet(real_index: SearchIndex) -> None:
    assert stem("puntua", "es") == stem("puntos", "es") == stem("puntuacion", "es")  # folded, as the index has them
    assert stem("eligen", "es") == stem("elegir", "es") and stem("sigue", "es") == stem("seguir", "es")
    assert "pueden" not in content_tokens("cuantos ciempies pueden salir", "es")


def test_a_game_named_by_its_short_name_wins_over_the_game_in_play(real_index: SearchIndex) -> None:
    assert real_index.short_names == {"minions": "Minions of the Meadow", "empires": "Empires of the Earth",
                                      "subditos": "Minions of the Meadow", "imperios": "Empires of the Earth"}
    # the Tactic Rules in play gave the Minions rule 20 points against the named game's 10
    minions = InPlay(books=frozenset({"Minions of the Meadow"}), sections=frozenset({"Tactic Rules"}))
    assert ids(real_index, "tactic order empires", in_play=minions)[0] == "ee-tactics-attacker-first"
    assert ids(real_index, "tactic order", in_play=minions)[0] == "mm-tactic-invader-first"
    assert ids(real_index, "cuantos depredadores se eligen en minions", lang="es")[0] == "mm-predators-setup-choose-two"


def test_a_games_whole_name_says_where_not_what(real_index: SearchIndex) -> None:
    # each second on main: the name's "predators" made the Predators module's overview the answer, its "meadow" the
    # entries that say "meadow"; the words of a whole name of two words or more now count a fifth of their rarity
    assert ids(real_index, "que modulos trae predators and prey", lang="es")[0] == "pp-overview-modules"
    assert ids(real_index, "which predators are in minions of the meadow")[0] == "mm-predators-module-overview"
    # said alone, the name is still what is asked for
    assert ids(real_index, "predators and prey")[0].startswith("pp-")


def test_a_books_own_term_leads_to_that_books_rule(real_index: SearchIndex) -> None:
    # each edition's name for the big ant is an alias in the other's entries: "large workers setup" on the Minions
    # setup entry led Predators & Prey's "Large Worker setup" by 6.7 points
    terms = real_index.book_terms
    assert terms["en"][("large", "worker")] == "Predators & Prey"
    assert terms["en"][("major", "worker")] == "Minions of the Meadow"
    assert terms["es"][("obrera", "grande")] == "Predators & Prey"
    assert ("tactic", "order") not in terms["en"]  # titled in three books: no one book's term
    assert ids(real_index, "large worker setup, how many do i get")[0] == "pp-large-workers-setup"
    assert ids(real_index, "major worker setup")[0] == "mm-setup-major-worker-pieces"
    # a named game still wins over a term, and what is in play counts beside it
    assert ids(real_index, "large worker setup minions")[0] == "mm-setup-major-worker-pieces"
    assert ids(real_index, "tactic order")[0] in {"mm-tactic-invader-first", "ee-tactics-attacker-first"}


def test_a_books_terms_are_found_on_the_first_question_of_two_words(real_corpus: Corpus) -> None:
    index = SearchIndex(real_corpus)  # a fresh one: the terms are a cached property
    ids(index, "ladybug")  # the first keystrokes: one word holds no term, and pays nothing for them
    assert "book_terms" not in vars(index)
    assert ids(index, "major worker")[0].startswith("mm-") and "book_terms" in vars(index)


def test_spanish_words_players_use_meet_the_rules_words() -> None:
    # found by the tuning sets' words that met nothing in the rules: "pongo", "pagarle", "nacen", "cienpies"
    assert stem("pongo", "es") == stem("poner", "es") == stem("pone", "es") and synonyms("pongo", "es") == ("colocar",)
    assert stem("pagarle", "es") == stem("pagar", "es") and stem("darles", "es") != stem("dar", "es")  # root too short
    assert "cria" in synonyms("nacen", "es") and "cria" in synonyms("nacido", "es")
    assert stem("cienpies", "es") == stem("ciempies", "es") and stem("tranpilla", "es") == stem("trampilla", "es")
    assert "bred" in synonyms("newborn", "en")
    # a Spanish past or adverb meets its verb or adjective: "perdí", "ganaron", "robaba", "directamente"
    assert stem("perdi", "es") == stem("perder", "es") and stem("ganaron", "es") == stem("ganar", "es")
    assert stem("robaba", "es") == stem("robar", "es") and stem("directamente", "es") == stem("directo", "es")
    assert stem("ganaron") == "ganaron"  # English words keep those endings
    assert "lost" in synonyms("died", "en")  # too short for its "ed" to go: "died" met only "die", as a slip
    # table_6's words the rules never use: "less" (the rules say "fewer"), "afueras" (the Spanish book's "alrededores"
    # for the outskirts: alone it met "fuera" and "fuerza" as slips)
    assert synonyms("less", "en") == ("fewer",) and synonyms("afueras", "es") == ("alrededores",)



def test_a_players_word_meets_the_rules_word_in_every_entry_that_uses_it(real_index: SearchIndex) -> None:
    """The twelfth round (#34) moved the players' words the eleventh had put on single entries into the engine's
    synonyms. "letargo" was an alias on 14 of the 17 entries whose Spanish says Inactividad: the Ladybug's card was
    not one of them, and tied with the two other Ladybug entries on main."""
    assert "inactividad" in synonyms("letargo", "es") and "icon" in synonyms("pictures", "en")
    assert ids(real_index, "letargo de la mariquita", lang="es")[0] == "pp-ladybug-card"
    # "bebés" for nymphs: main put the nymphs' definition first, which carried "bebé ciempiés" as an alias
    assert ids(real_index, "bebes de ciempies en combate", lang="es")[0] == "mm-nymphs-battle-size"
    # the aliases these words replaced are gone, and their questions still find the entry
    corpus = real_index.corpus
    assert "letargo" not in corpus.get("mm-solo-slumber-scoring").aliases_es
    assert "2 people" not in corpus.get("as-setup-two-player-grid").aliases
    assert ids(real_index, "how big is the board for 2 people antscape")[0] == "as-setup-two-player-grid"


def test_board_game_words_no_set_asked_meet_the_games_terms(real_index: SearchIndex) -> None:
    # each found nothing on main ("catarina", "escolopendra", "hibernation") or another entry first
    assert ids(real_index, "catarina", lang="es")[0] in {"mm-clar-ladybug", "pp-ladybug-card", "pp-glossary-ladybug"}
    assert "centipede" in real_index.corpus.get(ids(real_index, "escolopendra", lang="es")[0]).title.lower()
    assert "slumber" in real_index.corpus.get(ids(real_index, "what happens in hibernation")[0]).title.lower()
    assert ids(real_index, "boss battle")[0] == "mm-battling-broodmother"
    assert ids(real_index, "grubs for a major worker")[0] == "mm-breed-cost"
    # a key is found by its stem: words whose stem another word shares are left out ("seta" would read "siete")
    assert synonyms("siete", "es") == () and synonyms("live", "en") == ()

def test_a_predator_that_died_is_a_lost_predator(real_index: SearchIndex) -> None:
    # not in the first ten before (table_5): "died" read as a slip for "die", and P&P says a predator is lost
    assert ids(real_index, "my predator died where does its card go")[0] == "pp-losing-predator-procedure"


def test_a_players_spanish_verb_finds_the_rule(real_index: SearchIndex) -> None:
    # on main the first was the Broodmother's Machinations, the second the Aphids module's overview
    assert ids(real_index, "donde pongo mi depredador", lang="es")[0] == "pp-recruit-placement"
    assert ids(real_index, "cuantos pulgones nacen", lang="es")[0].startswith("mm-aphid-breeding-")


def test_playing_alone_reads_as_the_solo_game(real_index: SearchIndex) -> None:
    # the thirteenth round (#34): "jugando solo" is the solo game ("solitario" in the Spanish books), not a card
    # played; "solo" alone is also "only", and "el juego" is the game. Both questions put a Chamber rule first on main
    assert rephrased("si juego yo solo", "es") == "si solitario" and rephrased("i play by myself", "en") == "i solo"
    assert rephrased("solo puedo jugar uno", "es") == "solo puedo jugar uno"
    assert rephrased("el juego solo termina", "es") == "el juego solo termina"
    assert ids(real_index, "if i play alone how do chambers fill up")[0] == "ee-solo-chamber-eggs"
    spanish = "jugando solo con empires como se llenan las camaras"
    assert ids(real_index, spanish, lang="es")[0] == "ee-solo-chamber-eggs"


def test_a_game_named_in_spanish_is_named(real_index: SearchIndex) -> None:
    # the thirteenth round (#34): the books' Spanish names (``names`` in sections.json) name the game as the English
    # ones do; on main "depredadores y presas" named no game ("presas" met no word), "súbditos del prado" the
    # Predators & Prey modules first
    assert real_index._books_named(["cuesta", "depredadores", "presas"]) == {"Predators & Prey"}
    assert real_index._books_named(["depredadores", "ciempies"]) == frozenset()  # the Minions module, not the game
    assert ids(real_index, "subditos del prado que modulos hay", lang="es")[0] == "mm-modules-summary"


def test_the_breeding_verb_of_either_spanish_book_meets_the_other(real_index: SearchIndex) -> None:
    # the thirteenth round (#34): the Spanish Minions book says "Criar", the Predators & Prey translation "Engendrar";
    # on main the Minions cost answered the first and a Large Worker's loss the second
    asked = "cuanto cuesta criar una obrera grande en depredadores y presas"
    assert ids(real_index, asked, lang="es")[0] == "pp-breeding-action"
    assert ids(real_index, "en depredadores y presas como crio una obrera grande", lang="es")[0] == "pp-breeding-action"
    assert synonyms("engendrar", "es") == ("criar",)


def test_an_english_past_no_ending_reaches_meets_its_verb(real_index: SearchIndex) -> None:
    # the thirteenth round (#34): "paid" met neither "pay" nor "paying"; on main the Colony card marking the territory
    # answered this first, not what becomes of the other cards paid
    assert stem("paid") == stem("paying") == stem("pay") and stem("drawn") == stem("draw") == stem("drew")
    assert stem("left") == "left" and stem("bred") != stem("breed")  # a direction, a newborn: left alone
    assert ids(real_index, "what happens to the cards i paid with")[0] == "as-claim-leftover-payment"


def test_to_spend_is_to_pay_with(real_index: SearchIndex) -> None:
    # the thirteenth round (#34): the Spanish texts say "pagar costes" where the English says "spend"; on main the
    # Chamber's payment in larvae came first and the eggs' own rule third
    assert ids(real_index, "puedo gastar los huevos de la camara en una carta", lang="es")[0] == (
        "ee-chamber-eggs-only-activate")
    assert ids(real_index, "can i spend the eggs on a chamber to pay for a card")[0] == "ee-chamber-eggs-only-activate"
    assert synonyms("gastamos", "es") == ("pagar",) and synonyms("spending", "en") == ("pay",)


def test_nothing_but_is_only_and_on_top_of_a_thing_covers_it(real_index: SearchIndex) -> None:
    # the eighteenth round (#34; held_out_10's Flag): "nothing but" weighed "nothing" as a rare word, and "put on top
    # of" met the deck's top card; on main the first was the covering Colony card, then the Flag
    assert rephrased("nothing but recruit cards", "en") == "only recruit cards"
    assert rephrased("put it on top of the deck", "en") == "put it on top of the deck"  # the deck's top: left alone
    asked = "i claimed a territory with nothing but recruit cards, how do i mark it"
    assert ids(real_index, asked)[0] == "as-claim-with-flag-card"


def test_what_a_player_cannot_afford_they_cannot_pay(real_index: SearchIndex) -> None:
    # the eighteenth round (#34): "afford" met no word; on main the Offering paid each worker phase came first
    assert ids(real_index, "i cant afford the offering")[0] == "pp-cant-pay-offering"


def test_on_offer_is_available_and_to_go_off_is_to_trigger(real_index: SearchIndex) -> None:
    # the eighteenth round (#34; held_out_10's predators "on offer", a Scout that "goes off"): "offer" met the
    # Offering a predator asks, and "go off" no word; on main a predator's move after the Offering, and a Minions Scout
    assert rephrased("which predators are up for offer", "en") == "which predators are available"
    assert rephrased("the ant goes off the board", "en") == "the ant goes off the board"  # a direction: left alone
    assert ids(real_index, "how many predators are on offer with 3 players")[0] == "pp-predator-cards-revealed"
    assert ids(real_index, "can one scout go off another scout")[0] == "pp-scout-timing"


def test_ants_wiped_out_are_destroyed(real_index: SearchIndex) -> None:
    # the eighteenth round (#34; held_out_10's three-way battle): "wipes" met no word; on main an Empires Tactic's
    # effect after the battle came first
    asked = "a tactic wiped out all my ants in the battle, do i still win or lose"
    assert ids(real_index, asked)[0] == "pp-leaving-battle"
