"""The question's form read beyond its words (the nineteenth round, #34): a negation, the direction of a payment, a
thing counted as another, the moment after an action. Each test's questions are this round's own."""

from __future__ import annotations

from companion.rules.forms import context_words, counted_as, moment_words, paid_for
from companion.rules.implied import implied_words
from companion.rules.matching import match_words
from companion.rules.overviews import asks_for_overview
from companion.rules.phrases import rephrased
from companion.rules.search import SearchIndex
from companion.rules.text import CANNOT, fold, place_words, stem, synonyms, tokens


def first(index: SearchIndex, query: str, lang: str = "en") -> str:
    return index.search(query, lang=lang, limit=3)[0].id


def test_a_negated_can_is_one_word_that_decides_between_siblings(real_index: SearchIndex) -> None:
    # "can't" and "no puedo" were stop words: the Offering paid each worker phase came first, the rule of one that
    # cannot pay it second
    assert tokens("I can't pay, cant pay, cannot pay, unable to pay") == [
        "i", CANNOT, "pay", CANNOT, "pay", CANNOT, "pay", CANNOT, "to", "pay"]
    assert tokens("si no puedes pagar") == ["si", CANNOT, "pagar"]
    asked = "the worker phase starts and i cannot pay my predator's offering"
    assert first(real_index, asked) == "pp-cant-pay-offering"
    asked = "my predator wants its offering at the start of the worker phase and i can't afford it"
    assert first(real_index, asked) == "pp-cant-pay-offering"
    asked = "mi depredador pide su ofrenda en la fase de obreras y no puedo pagarla"
    assert first(real_index, asked, "es") == "pp-cant-pay-offering"


def test_asking_whether_a_thing_is_kept_also_asks_whether_it_is_discarded(real_index: SearchIndex) -> None:
    # "keep" met the Round Draft's own "keep 2", and the rule saying the hand is discarded at Slumber came second
    assert "discard" in implied_words("with the round draft, do we still keep our hands", "en")
    assert "descartar" in implied_words("nos quedamos con la mano al final?", "es")
    assert "descartar" not in implied_words("me quedo sin hormigas en la batalla", "es")  # left without: not kept
    asked = "with the round draft variant do we keep our hands after slumber"
    assert first(real_index, asked) == "mm-draft-round-discard"
    asked = "round draft variant: does everyone keep their hand through the slumber"
    assert first(real_index, asked) == "mm-draft-round-discard"


def test_paying_to_get_a_thing_is_not_paying_with_it(real_index: SearchIndex) -> None:
    # "pay" and "major worker" met "Paying card costs with a Major Worker" first: the question pays to get one
    assert paid_for("what must i pay to get a major worker onto the board", "en") == {"major", "work"}
    assert paid_for("can i pay with my major worker", "en") == frozenset()
    assert paid_for("que pago para conseguir una obrera mayor en el tablero", "es") == {"obrer", "mayor"}
    breeding = {"mm-breed-cost", "mm-breed-action"}
    assert first(real_index, "what must i pay to get a new major worker into my nest") in breeding
    assert first(real_index, "what do we pay to bring a major worker into play") in breeding
    assert first(real_index, "que tengo que pagar para conseguir una obrera mayor en el tablero", "es") in breeding
    assert first(real_index, "can i pay with my major worker to get a card") == "mm-major-worker-pay-costs"


def test_hacer_is_a_stop_word_as_hace_and_hacen_are(real_index: SearchIndex) -> None:
    # "hacer" alone of its forms weighed as a word and met aliases saying it ("no puedo hacer nada" on Passing, "qué
    # puede hacer" on the Broodmother player's turn) before the rule asked for
    assert first(real_index, "que tengo que hacer para ganar en antscape", "es") == "as-goal"
    asked = "el jugador madre de la camada que puede hacer despues de cada accion de una hormiga"
    assert first(real_index, asked, "es") == "mm-asym-reactions"


def test_what_one_can_do_after_a_thing_asks_for_that_moment_not_the_list(real_index: SearchIndex) -> None:
    # "what can X do" reads as a list of X's abilities (an overview first): "after" / "después de" ... asks for the
    # rule of that moment
    assert "abilities" in implied_words("what can a major worker do", "en")
    assert "abilities" not in implied_words("what can the centipede player do once an ant acts", "en")
    assert "habilidades" not in implied_words("qué puede hacer la madre después de cada acción", "es")
    assert asks_for_overview("what can a major worker do")
    assert not asks_for_overview("what can the broodmother player do after each ant action")
    asked = "asymmetric game: what can the centipede player do once an ant player finishes an action"
    assert first(real_index, asked) == "mm-asym-reactions"
    # a moment said with "when" is left to the list: "when a battle starts" is one of the abilities' moments
    assert first(real_index, "what can a major worker do when a battle starts") == "mm-major-worker-abilities-overview"


def test_an_opening_clause_naming_the_variant_says_where_not_what(real_index: SearchIndex) -> None:
    # "En la variante asimétrica, ..." weighed its words as the question's own: the variant's overview and setup, whose
    # titles say them, came before the rule asked for
    assert context_words("En la variante asimétrica, qué puede hacer el jugador", "es") == {"variante", "asimetrica"}
    assert context_words("round draft variant: do we keep our hand", "en") == {"round", "draft", "variant"}
    assert context_words("what is the asymmetric variant, really", "en") == set()  # the clause asks: no context
    assert context_words("asymmetric variant setup", "en") == set()  # no clause
    for asked in ("variante asimetrica: que puede hacer el jugador ciempies tras cada accion de hormiga",
                  "en la variante asimetrica, que pueden hacer los ciempies despues de la accion de una hormiga"):
        assert first(real_index, asked, "es") == "mm-asym-reactions"


def test_a_count_from_four_spelled_out_meets_its_digits(real_index: SearchIndex) -> None:
    # the rules write a count from four in digits ("4 aphids"), "four" met only the few texts spelling it; "two" and
    # "three", which the rules spell as often as not, are left alone
    assert synonyms("four", "en") == ("4",) and synonyms("cuatro", "es") == ("4",)
    assert synonyms("two", "en") == () and synonyms("nuevo", "es") == ()  # "nueve" is left out: "nuevo"'s stem
    asked = "i alone herd a hex with four aphids, what harvest reward do i get"
    assert first(real_index, asked) == "mm-farming-single-player-rewards"
    assert first(real_index, "mis cuatro mutaciones son todas de torax, que hacemos", "es") == "ee-mutations-redeal"


def test_nobody_says_a_thing_of_everyone(real_index: SearchIndex) -> None:
    # "nobody" / "nadie" is a pronoun weighing little, and the rule of all players passing says "everyone"
    assert "everyone" in implied_words("what if no one has a move left", "en")
    assert "todos" in implied_words("si nadie puede", "es")
    asked = "antscape: what if no one has a move left, does the game end"
    assert first(real_index, asked) == "as-end-everyone-passes"
    assert first(real_index, "antscape termina si nadie puede hacer nada?", "es") == "as-end-everyone-passes"


def test_the_only_one_doing_a_thing_does_it_alone(real_index: SearchIndex) -> None:
    # "only one" met "only one aphid in the hex"; the single-player farm is the one "you herd alone"
    assert rephrased("i'm the only one herding there", "en") == "alone herding there"
    assert rephrased("only one aphid", "en") == "only one aphid"
    for asked in ("i'm the only one herding in a hex with four aphids, what's my reward at harvest",
                  "i am the only player herding that hex and it has 3 aphids, what do i get"):
        assert first(real_index, asked) == "mm-farming-single-player-rewards"


def test_what_a_thing_counts_as_is_found_by_its_entrys_links(real_index: SearchIndex) -> None:
    # (the twentieth round) the purple background's own entry held the question's words; the rule that a permanent
    # bonus is no evolution is two links away from it and says "evolution"
    assert counted_as("does a purple background count as an evolution for the ant", "en") == {stem("evolution")}
    normal_ant = {stem("hormiga", "es"), stem("normal", "es")}
    assert counted_as("la obrera grande cuenta como hormiga normal?", "es") == normal_ant
    assert counted_as("how do we count points", "en") == frozenset()
    for asked in ("does the purple background count as an evolution",
                  "a reward with a purple background, does it count as an evolution"):
        assert first(real_index, asked) == "pp-permanent-bonus-not-evolution"
    for asked in ("el fondo morado de la recompensa cuenta como evolución",
                  "una recompensa de fondo morado cuenta como una evolución?"):
        assert first(real_index, asked, "es") == "pp-permanent-bonus-not-evolution"
    # the first entry saying what it counts as keeps its place ("hormigas normales" in the large worker's own rule)
    assert first(real_index, "una obrera grande cuenta como una hormiga normal?", "es") == "pp-large-worker-is-an-ant"


def test_a_tie_said_with_the_score_is_a_tie(real_index: SearchIndex) -> None:
    # (the twentieth round) "we both have 14 points" said the count, which meets no rule, and not the tie
    assert rephrased("we both finished with 20 points, who wins", "en") == "tie on points who wins"
    assert rephrased("we are tied at 12", "en") == "we are tie on points"
    assert rephrased("both players have 2 aphids", "en") == "both players have 2 aphids"  # no score: no tie
    assert rephrased("los dos acabamos con 20 puntos", "es") == "empate a puntos"
    assert rephrased("empatados a 15, quien gana", "es") == "empate a puntos quien gana"
    for asked in ("we both finished with 20 points, who wins", "antscape, we both scored 22 points, who wins",
                  "my friend and I both have 31 points at the end, who wins"):
        assert first(real_index, asked) == "as-tie-break"
    assert first(real_index, "los dos acabamos con 20 puntos, quien gana", "es") == "as-tie-break"


def test_the_game_being_over_is_its_end(real_index: SearchIndex) -> None:
    # (the twentieth round) "game's over" met the alias "game over" of the ants losing to the Broodmother's lead, where
    # the game is over too soon; a question saying the game is over asks about its end
    assert rephrased("the game's over, who wins", "en") == "game end who wins"
    assert rephrased("is the game finished when all pass", "en") == "is game end when all pass"
    asked = "the game's over and we have the same points, who is the winner"
    assert first(real_index, asked) == "as-tie-break"
    assert first(real_index, "when the game is over how do we score") != "mm-broodmother-lose-score"


def test_another_player_taking_ones_card_claims_it(real_index: SearchIndex) -> None:
    # (the twentieth round) "take" met the setup's and the play's words; in the rules another player "claims" it
    assert "claim" in implied_words("can i take another player's earthmoving card", "en")
    assert "claim" not in implied_words("take a card from the deck", "en")
    assert "reclamar" in implied_words("me pueden quitar la carta", "es")
    assert first(real_index, "can i take another player's earthmoving card") == "as-earthmoving-claim-cost"
    asked = "otro jugador me puede quitar la carta de movimiento de tierras que puse?"
    assert first(real_index, asked, "es") == "as-earthmoving-claim-cost"


def test_how_many_one_can_per_round_asks_for_the_limit(real_index: SearchIndex) -> None:
    # (the twentieth round) "cuántos ciempiés puede sacar por ronda" met the Broodmother's powers placing centipedes;
    # the rule answering is the limit on new centipedes each round
    assert "limit" in implied_words("how many centipedes can she place per round", "en")
    assert "limit" not in implied_words("how many centipedes are in the meadow", "en")
    assert "limite" in implied_words("cuantos ciempies puede poner en cada ronda", "es")
    for asked in ("cuántos ciempiés puede poner la madre por ronda",
                  "la madre cuantos ciempies puede colocar en cada ronda"):
        assert first(real_index, asked, "es") == "mm-round-number-limit"


def test_winning_points_is_scoring(real_index: SearchIndex) -> None:
    # (the twentieth round) "gana puntos" met "gana un ciempiés" (a centipede winning a battle); to win, get or add
    # points is to score ("puntúa")
    assert rephrased("como saca puntos la madre", "es") == "como puntua la madre"
    assert rephrased("quien gana la partida", "es") == "quien gana la partida"
    for asked in ("la madre de la camada como gana puntos", "de que manera saca puntos la madre de la camada"):
        assert first(real_index, asked, "es") == "mm-broodmother-scoring-summary"


def test_all_by_me_is_alone(real_index: SearchIndex) -> None:
    # (the twentieth round) "all herded by me" met the herded aphids' own entries; the farm one herds alone answers
    assert rephrased("a hex all herded by me", "en") == "a hex alone"
    assert rephrased("the aphids are all mine", "en") == "the aphids are alone"
    assert rephrased("attacked by me", "en") == "attacked by me"
    for asked in ("a hex with 4 aphids all herded by me, what do i get at harvest",
                  "the aphids in that hex are all mine, what is my reward",
                  "5 aphids only herded by me in one hex, what reward"):
        assert first(real_index, asked) == "mm-farming-single-player-rewards"


def test_all_of_one_body_part_is_the_same_body_part(real_index: SearchIndex) -> None:
    # (the twentieth round) "all four mutations ... are for the thorax" met the dealing of four; the rules say "same
    # body part" of four all heads, thoraxes or abdomens
    assert implied_words("my mutations are all for the head", "en") == ["same", "body", "part"]
    assert implied_words("all my ants are on the head site", "en") == []  # a thing of that part
    assert implied_words("what does the thorax symbiote give", "en") == []
    assert implied_words("son todas de torax", "es") == ["misma", "parte", "cuerpo"]
    assert first(real_index, "my mutations are all for the head, can we redo them") == "ee-mutations-redeal"


def test_coming_out_is_appearing(real_index: SearchIndex) -> None:
    # (the twentieth round) "sale" met nothing of the Broodmother's arrival, which "surge" and "aparece"
    assert "surge" in synonyms("sale", "es") and "aparece" in synonyms("salen", "es")
    for asked in ("por donde sale la madre de la camada al tablero", "en que ronda sale la madre de la camada"):
        assert first(real_index, asked, "es") == "mm-broodmother-arises"


def test_can_neither_is_a_negated_can(real_index: SearchIndex) -> None:
    # (the twentieth round) "can neither ... nor" said no "cannot": the rule of one who can do neither is the pass
    assert tokens("i can neither claim nor recruit") == ["i", CANNOT, "claim", "nor", "recruit"]
    for asked in ("what if i can neither claim a territory nor recruit",
                  "antscape i can neither recruit nor claim, what now"):
        assert first(real_index, asked) == "as-pass"


def test_a_word_the_question_says_itself_is_no_slip_for_another(real_index: SearchIndex) -> None:
    # "huecos" (a word the rules never use) met "huevos" as a typing slip, beside the question's own "huevo": the egg
    # counted twice and the eggs' rules came before the egg space's symbol
    said = match_words(real_index._langs["es"], ["huecos", "forma", "huevo"], "es")
    assert 0 not in {position for position, _ in said.get("huevos", ())}
    assert 2 in {position for position, _ in said["huevos"]}
    alone = match_words(real_index._langs["es"], ["huecos", "camara"], "es")  # with no "huevo" said, still a slip
    assert 0 in {position for position, _ in alone.get("huevos", ())}


def test_a_slot_is_a_space(real_index: SearchIndex) -> None:
    # "hueco" / "slot" met nothing where the rules print an egg "espacio" / "space" on a nest chamber card
    assert "espacio" in synonyms("huecos", "es")
    assert "space" in synonyms("slots", "en")
    asked = "que significa el hueco de huevo en una camara del nido"
    assert first(real_index, asked, "es") == "pp-symbol-egg-space"
    assert first(real_index, "what is the egg-shaped slot on a nest chamber card for") == "pp-symbol-egg-space"


def test_an_example_working_the_case_the_question_puts_keeps_its_points(real_index: SearchIndex) -> None:
    # "round 3" said with the Cordyceps: the spores' rule came first, the example of the Cordyceps played in round 3
    # (the case asked) second, giving up the points a worked example gives to the rule it shows
    assert first(real_index, "how many spores does the cordyceps get when it comes in round 3") == (
        "mm-example-cordyceps-round-3")
    assert first(real_index, "si juego el cordyceps en la ronda 3 cuantas esporas pongo", "es") == (
        "mm-example-cordyceps-round-3")
    assert first(real_index, "hongo oruga en la ronda 3 con que salud empieza", "es") == "mm-example-cordyceps-round-3"
    assert first(real_index, "how many spores does the cordyceps place") != "mm-example-cordyceps-round-3"


def test_steps_asked_in_turn_ask_for_the_whole_turn(real_index: SearchIndex) -> None:
    # "primero la acción y luego reclamar o reclutar" met step 2's own alias, and the turn's order, which lists every
    # step, gave up its points as an overview naming less of the question than one of its parts
    assert asks_for_overview("do i first play an action and then claim?")
    assert asks_for_overview("en que orden va el turno")
    assert not asks_for_overview("who plays first in antscape")
    asked = "in antscape do i first play an action, then claim or recruit, then refill my hand?"
    assert first(real_index, asked) == "as-turn-structure"
    asked = "antscape: primero juego la accion, despues reclamo o recluto y luego relleno la mano?"
    assert first(real_index, asked, "es") == "as-turn-structure"


def test_the_moment_one_cannot_do_a_thing_at_says_when_not_what(real_index: SearchIndex) -> None:
    # "al comienzo de la fase de obreras" met the rule of paying the Offering at the start of each worker phase (its
    # alias "inicio de la Fase de Obrera") above the rule of not being able to pay it, which the question asks
    said = moment_words(fold("al comienzo de la fase de obreras no puedo pagar"), "es")
    assert said == {"comienzo", "fase", "obreras"}
    said = moment_words(fold("what if at the start of the worker phase i can't pay"), "en")
    assert said == {"start", "worker", "phase"}
    assert moment_words("what do i pay at the start of the worker phase", "en") == set()  # the moment asked about
    asked = "al comienzo de la fase de obreras no puedo pagar lo que pide mi depredador, que pasa"
    assert first(real_index, asked, "es") == "pp-cant-pay-offering"


def test_a_card_drawn_at_random_is_a_shuffled_decks(real_index: SearchIndex) -> None:
    # "al azar" / "random" met only the rules that say so (two predators drawn at random), not the setup that
    # shuffles the bonus cards and turns one face up
    assert "barajar" in synonyms("azar", "es")
    assert "shuffle" in synonyms("randomly", "en")
    assert first(real_index, "which bonus card is used, a random one?") == "as-setup-bonus-card"
    assert first(real_index, "que bonificacion se usa, una al azar?", "es") == "as-setup-bonus-card"


def test_only_two_playing_is_two_players_not_the_solo_game(real_index: SearchIndex) -> None:
    # "jugando solo dos" read "jugando solo" as the solo game ("solitario"): the one-player difficulty came first
    assert rephrased("jugando solo dos, qué cambia", "es") == "dos jugadores que cambia"
    assert rephrased("somos tres", "es") == "tres jugadores"
    assert rephrased("playing with just two, what changes", "en") == "two players what changes"
    assert rephrased("can i play two actions", "en") == "can i play two actions"  # a count of things played
    assert rephrased("jugamos dos cartas", "es") == "jugamos dos cartas"
    assert rephrased("there are three of us", "en") == "three players"
    # a count of things on the board is no count of players ("there are two" was read "two players", 2026-12-07 review)
    assert rephrased("there are two centipedes next to my ant", "en") == "there are two centipedes next to my ant"
    assert rephrased("playing two chambers at once", "en") == "playing two chambers at once"
    assert rephrased("jugamos dos ninfas", "es") == "jugamos dos ninfas"
    assert rephrased("jugando solo, como gano", "es") == "solitario como gano"
    assert first(real_index, "jugando solo dos contra la madre de la camada, que dificultad?", "es") == (
        "mm-difficulty-2-players")
    assert first(real_index, "jugando solo tres contra la madre, tabla de dificultad?", "es") == (
        "mm-difficulty-3-players")


def test_before_the_game_starts_is_the_setup(real_index: SearchIndex) -> None:
    # "before we start" met the starts of rounds and modules ("where to start"), and the aphids' herding at its start
    assert rephrased("before we start, who takes what", "en") == "setup who takes what"
    assert rephrased("antes de empezar la partida, quién coge qué", "es") == "preparacion quien coge que"
    assert rephrased("before the round starts", "en") == "before the round starts"  # a round, not the game
    assert rephrased("antes de empezar el turno", "es") == "antes de empezar el turno"
    assert rephrased("before the game ends", "en") == "before the game ends"
    assert first(real_index, "before the game starts where do the aphids go?") == "mm-aphids-setup-hexes"
    assert first(real_index, "antes de empezar, donde van los pulgones?", "es") == "mm-aphids-setup-hexes"


def test_a_thing_that_fires_off_activates(real_index: SearchIndex) -> None:
    # "fires" met nothing: the eggs kept in a Chamber and the empty supply came before the eggs' return after it
    assert rephrased("my chamber fired off", "en") == "my chamber activate"
    assert first(real_index, "when my chamber fires off do the eggs stay on it?") == "ee-chamber-eggs-return"
    assert first(real_index, "the chamber fired off, are the eggs gone now?") == "ee-chamber-eggs-return"


def test_without_paying_is_free(real_index: SearchIndex) -> None:
    # "paying" and "pagar" met the costs paid; the entries that say a thing is free ("gratis") came after them
    assert rephrased("can i do it without paying anything", "en") == "can i do it free"
    assert rephrased("puedo hacerlo sin pagar nada", "es") == "puedo hacerlo gratis"
    assert rephrased("una tactica sin coste", "es") == "una tactica sin coste"  # its cost said: kept
    assert first(real_index, "can my ant push another of my ants off its site without paying a step?") == (
        "mm-displace-own-ant")
    assert first(real_index, "al mover puedo apartar a mi otra hormiga de su lugar sin pagar?", "es") == (
        "mm-displace-own-ant")
    assert first(real_index, "hay alguna forma de conseguir un objetivo de colonia sin pagar?", "es") == (
        "pp-symbol-reward-colony-objective")


def test_cards_face_up_are_revealed(real_index: SearchIndex) -> None:
    # "face up" met the Recruit market and the Meadow's tiles laid face up; the predators revealed by player count
    # came sixth. A flip already says it ("flip two face up"): no second word
    assert "reveal" in implied_words("4 players how many predators are face up", "en")
    assert "reveal" not in implied_words("how many recruits do we flip face up", "en")
    assert "revelar" in implied_words("cuantos depredadores hay boca arriba con 3 jugadores", "es")
    assert "revelar" not in implied_words("volteamos dos cartas boca arriba", "es")
    assert first(real_index, "4 players, how many predator cards are face up to choose from") == (
        "pp-predator-cards-revealed")
    assert first(real_index, "predator cards face up for 4 players?") == "pp-predator-cards-revealed"
    assert first(real_index, "how many recruits do we flip face up next to the deck when setting up?") == (
        "as-setup-recruit-market")


def test_the_bits_on_a_card_are_its_parts(real_index: SearchIndex) -> None:
    # "bits" met nothing but the box's contents; the card's anatomy came fourth, the predator card's layout after
    # the overview
    assert "parts" in synonyms("bits", "en")
    assert first(real_index, "predators and prey: what are the numbered bits on a tactic card") == (
        "pp-tactic-card-anatomy")
    assert first(real_index, "what do the bits on a predator card mean") == "pp-predator-card-layout"
    assert first(real_index, "what are all the bits on a chamber card") == "pp-chamber-card-layout"
    assert first(real_index, "minions: what are the bits of a predator info card") == "mm-predator-info-card-parts"


def test_two_on_the_same_place_asks_for_its_limit(real_index: SearchIndex) -> None:
    # "mismo lugar" met the nymphs that destroy an aphid on the same site; the one aphid a site holds came second
    assert "limit" in implied_words("can i put more than one aphid on the same site", "en")
    assert "limite" in implied_words("puedo poner dos pulgones en el mismo lugar?", "es")
    assert first(real_index, "pueden estar dos pulgones en el mismo lugar de recoleccion?", "es") == (
        "mm-one-aphid-per-site")
    assert first(real_index, "puedo poner dos pulgones en el mismo lugar?", "es") == "mm-one-aphid-per-site"
    assert first(real_index, "can i put more than one aphid on the same site") == "mm-one-aphid-per-site"


def test_the_spanish_words_for_the_plot_pile(real_index: SearchIndex) -> None:
    # "montón" met one Predators & Prey entry and "trama" one alias: the Plot pile discarded when the Nest is found
    # (the book's "pila de Tierra") came past tenth
    assert synonyms("monton", "es") == ("pila",)
    assert synonyms("trama", "es") == ("tierra",)
    assert first(real_index, "qué pasa con el montón de tierra cuando aparece el nido", "es") == "mm-reckoning"
    assert first(real_index, "el montón de cartas de trama cuando se descubre el nido", "es") == "mm-reckoning"
    asked = "Cuando sale el nido de ciempiés, ¿qué pasa con el montón de cartas de trama que llevaba la madre?"
    assert "mm-reckoning" in [hit.id for hit in real_index.search(asked, lang="es", limit=3)]


def test_tapar_is_to_cover(real_index: SearchIndex) -> None:
    # "tapo" met nothing: the Flag that covers a territory claimed with Recruit cards alone was eighth
    assert synonyms("tapo", "es") == ("cubrir",)
    assert first(real_index, "¿puedo tapar mi propia carta de colonia?", "es") == "as-claim-cover-own-colony-card"


def test_how_much_is_left_asks_for_the_current_amount(real_index: SearchIndex) -> None:
    # "how much health" met the Health a predator starts with first; the clip that shows its current Health was second
    assert "current" in implied_words("how do we keep track of how much health a predator has left", "en")
    assert "actual" in implied_words("¿cuánta salud le queda al depredador después del combate?", "es")
    assert first(real_index, "how do we keep track of how much health a predator has left") == "mm-health-slider-clip"
    assert first(real_index, "how much health does the predator have left, where do we mark it") == (
        "mm-health-slider-clip")
    assert first(real_index, "¿cuánta salud le queda al depredador después del combate?", "es") == (
        "mm-health-slider-clip")


def test_a_sequence_asked_if_allowed_asks_for_no_order(real_index: SearchIndex) -> None:
    # the twenty-second round's "first ... then" read "can i first claim and then recruit" as the turn's steps in order:
    # the turn's overview came first, the rule of exactly one of claim or recruit second
    assert not asks_for_overview("can i first claim a territory and then recruit in the same turn?")
    assert not asks_for_overview("si primero reclamo y luego recluto, robo dos veces?")
    assert asks_for_overview("do i first play an action and then claim?")  # the order itself, as before
    assert first(real_index, "can i first claim a territory and then recruit in the same turn?") == (
        "as-step-two-mandatory")
    assert first(real_index, "¿puedo primero reclamar un territorio y luego reclutar en el mismo turno?", "es") == (
        "as-step-two-mandatory")
    assert first(real_index, "can I first breed and then move the new ant in the same turn?") == "mm-breed-action"


def test_an_opening_clause_naming_the_cooperative_mode_says_where(real_index: SearchIndex) -> None:
    # "en el cooperativo," met the mode's overview by its alias; the Broodmother's reaction after each turn came second
    assert context_words("en el cooperativo, ¿cuándo juega la madre de la camada?", "es") == {"cooperativo"}
    assert context_words("in co-op, when does the broodmother play?", "en") == {"coop"}
    asked = "en el cooperativo, ¿cuándo juega la madre de la camada? ¿después de cada turno de jugador?"
    assert first(real_index, asked, "es") == "mm-broodmother-reaction"
    assert first(real_index, "en el cooperativo, ¿cuándo juega la madre de la camada?", "es") == (
        "mm-broodmother-reaction")


def test_a_chart_named_as_the_place_counts_little(real_index: SearchIndex) -> None:
    # "tabla de dificultad" met the four charts by player count by their aliases; the crown's own entry came sixth
    assert place_words("En la tabla de dificultad, ¿qué significa la corona?", "es") == {"tabla", "dificultad"}
    assert place_words("what does the green centipede mean on the difficulty chart?", "en") == {"difficulty", "chart"}
    asked = "En la tabla de dificultad contra la madre de la camada, ¿qué significa el número que va con la corona?"
    assert first(real_index, asked, "es") in ("mm-symbol-crown", "mm-broodmother-lose-score")  # its two answers
    assert first(real_index, "En la tabla de dificultad, ¿qué significa la corona?", "es") == "mm-symbol-crown"
