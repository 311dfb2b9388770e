"""Predators & Prey > Predators: the revealed cards, alliances, the Example of Offering and Battle, the deck."""

from __future__ import annotations

import copy

import pytest

from companion.core.checklist import phase_items
from companion.core.content import Content
from companion.core.errors import CommandError
from companion.core.hooks import InvalidModuleState, bring_up_to_date
from companion.core.predators.alliance_commands import LoseAlly, Recruit, SetAllyTunnel, SetCardText, SetRevealed
from companion.core.predators.alliances import (
    PP_KEY,
    alliances,
    battle_losses,
    pp_validate_state,
    side_strength,
    strength,
)
from companion.core.predators.content import ally_card
from companion.core.predators.view import alliances_view
from companion.core.session import Session, new_doc
from companion.core.setup import GameSetup, PlayerSpec, new_state
from companion.core.state import total_score
from tests.scoring_helpers import go_to, run

CARDS = {"ladybug", "cordyceps", "centipede-mother", "trapdoor-spider", "dragonfly", "sixth-predator"}


def game(content: Content, players: int = 3) -> Session:
    specs = (PlayerSpec("Red", "red"), PlayerSpec("Blue", "blue"), PlayerSpec("Yellow", "yellow"),
             PlayerSpec("Black", "black"), PlayerSpec("Purple", "purple"))[:players]
    setup = GameSetup(game="evolved", players=specs, expansions=("predators-and-prey",), modules=("pp-predators",))
    return Session(new_doc("g-pp", "PP", new_state(setup, content, seed=5)), saver=lambda d: None, content=content)


@pytest.mark.parametrize(("players", "revealed"), [(2, 2), (3, 2), (4, 3), (5, 3)])
def test_cards_revealed_by_player_count(content: Content, players: int, revealed: int) -> None:
    a = alliances(game(content, players).state)
    assert len(a["available"]) == revealed and len(a["deck"]) == 6 - revealed
    assert set(a["available"] + a["deck"]) == CARDS


def test_the_example_of_offering_and_battle(content: Content) -> None:
    s = game(content)
    s.execute(SetRevealed(("trapdoor-spider", "ladybug")))
    # 1-3. Red fulfils the Task (2 card sites), pays the Offering (a card) and places the spider.
    assert s.execute(Recruit("p1", "trapdoor-spider")).text == \
        "Red allies with the Trapdoor Spider (Offering: Discard 1 card)"
    a = alliances(s.state)
    assert a["available"] == ["ladybug"] and a["allies"][0]["predator"] == "trapdoor-spider"
    # 5. Strength: red 3 ants + the spider's 2 = 5; blue 3 ants + 1 head evolution = 4.
    spider = strength(a, "trapdoor-spider", s.state["round"])
    assert spider == 2
    assert (side_strength(3, 0, spider), side_strength(3, 1)) == (5, 4)
    # 6-7. Ferocity 2 and 4: 7 against 8, blue wins.
    red, blue = side_strength(3, 0, spider, 2), side_strength(3, 1, 0, 4)
    assert (red, blue) == (7, 8)
    # 8. Blue loses half of red's 3 ants and the spider (2); red loses its 3 ants and the spider.
    assert battle_losses(3, 1) == {"winner": 2, "loser": 3, "loser_predators": 1}
    top = a["deck"][0]
    label = s.execute(LoseAlly("p1", "battle", winner="p2")).text
    assert label == f"Blue defeats Red's Trapdoor Spider: +1 pts, +1 food; reveal the {ally_card(top)['name']}"
    a = alliances(s.state)
    assert a["allies"] == [] and a["discard"] == ["trapdoor-spider"] and a["available"] == ["ladybug", top]
    # Loot: the predator's extra point for blue (the battle's usual point is scored as any battle's).
    assert total_score(s.state, "p2") == 1 and total_score(s.state, "p1") == 0


def test_the_deck_runs_out_and_the_lost_predators_are_reshuffled(content: Content) -> None:
    s = game(content, 2)
    seen = []
    for _ in range(6):
        a = alliances(s.state)
        card = a["available"][0]
        s.execute(Recruit("p1", card))
        label = s.execute(LoseAlly("p1", "tunnel")).text
        seen.append(label)
        a = alliances(s.state)
        assert label.rsplit("reveal the ", 1)[1] == ally_card(a["available"][-1])["name"]  # said what came up
        assert sorted(a["deck"] + a["discard"] + a["available"]) == sorted(CARDS)
    assert any("the deck is empty: shuffle the" in label for label in seen)
    a = alliances(s.state)
    assert len(a["available"]) == 2


def test_an_offering_not_paid_costs_the_predator_and_a_point(content: Content) -> None:
    s = game(content)
    card = alliances(s.state)["available"][0]
    s.execute(Recruit("p2", card))
    name = alliances_view(s.state, content)["allies"][0]["name"]
    assert s.execute(LoseAlly("p2", "offering")).text.startswith(
        f"Blue cannot pay the {name}'s Offering: it leaves, no pts left to lose")
    s.undo()
    s.state["scores"]["p2"][0] = 3
    assert s.execute(LoseAlly("p2", "offering")).text.startswith(
        f"Blue cannot pay the {name}'s Offering: it leaves, -1 pts")
    assert total_score(s.state, "p2") == 2


def test_checklist_offerings_tunnel_and_dormancy(content: Content) -> None:
    s = game(content)
    if sorted(alliances(s.state)["available"]) != ["cordyceps", "ladybug"]:
        s.execute(SetRevealed(("cordyceps", "ladybug")))
    run(s, Recruit("p1", "cordyceps"), Recruit("p3", "ladybug"))
    items = phase_items(s.state, content)
    assert [i["text"] for i in items] == [
        "Red: pay the Cordyceps's Offering (as on its card), then move it to a neighbouring location.",
        "Yellow: pay the Ladybug's Offering (as on its card), then move it to a neighbouring location.",
    ]
    s.execute(SetAllyTunnel("p3", True))
    go_to(s, "soldier")
    items = {i["id"]: i for i in phase_items(s.state, content)}
    assert items["pp:tunnel:p3"]["ready"] and items["pp:tunnel:p3"]["command"]["type"] == "pp_lose"
    assert "pp:tunnel:p1" not in items
    assert strength(alliances(s.state), "cordyceps", s.state["round"]) == 1
    assert strength(alliances(s.state), "centipede-mother", 1, centipede_size=4) == 4
    go_to(s, "slumber")
    texts = [i["text"] for i in phase_items(s.state, content)]
    assert any(t.startswith("Yellow scores the Ladybug: Each dormancy, points for the food") for t in texts)


def test_bad_input_is_refused_and_changes_nothing(content: Content) -> None:
    s = game(content)
    s.execute(SetRevealed(("dragonfly", "ladybug")))
    s.execute(Recruit("p1", "dragonfly"))
    before = copy.deepcopy(s.doc)
    for command, message in [
        (Recruit("p1", "ladybug"), "already allied with the Dragonfly: one predator at a time"),
        (Recruit("p2", "cordyceps"), "is not revealed"),
        (Recruit("p2", "wolf"), "No predator card 'wolf'"),
        (Recruit("p9", "ladybug"), "No player 'p9'"),
        (LoseAlly("p2", "offering"), "Blue is allied with no predator"),
        (LoseAlly("p1", "battle"), "Who won the battle"),
        (LoseAlly("p1", "battle", "p1"), "cannot be the colony that lost"),
        (LoseAlly("p1", "storm"), "One of offering, tunnel, battle"),
        (SetRevealed(("dragonfly",)), "allied with a colony"),
        (SetCardText("ladybug", strength=-1), "Strength must be between 0 and 20"),
        (SetCardText("ladybug"), "Type at least one"),
    ]:
        with pytest.raises(CommandError, match=message):
            s.execute(command)
    assert s.doc == before


def test_a_card_typed_once_completes_what_the_rulebook_prints(content: Content) -> None:
    s = game(content)
    s.execute(SetCardText("sixth-predator", card_name="Antlion", task="Control a sand tile.", strength=3))
    cards = {c["id"]: c for c in alliances_view(s.state, content)["cards"]}
    assert cards["sixth-predator"]["name"] == "Antlion" and cards["sixth-predator"]["strength"] == 3
    assert cards["trapdoor-spider"]["strength"] == 2 and cards["trapdoor-spider"]["offering"] == "Discard 1 card."


def test_undo_across_all_of_it(content: Content) -> None:
    s = game(content)
    start = copy.deepcopy(s.state)
    first = alliances(s.state)["available"][0]
    labels = run(s, SetCardText("ladybug", offering="1 food."), Recruit("p1", first), SetAllyTunnel("p1", True),
                 LoseAlly("p1", "tunnel"), SetRevealed(("ladybug", "dragonfly")), Recruit("p2", "ladybug"),
                 LoseAlly("p2", "battle", "p3"))
    for _ in labels:
        s.undo()
    assert s.state == start


def test_adopt_and_validate(content: Content) -> None:
    s = game(content)
    state = copy.deepcopy(s.state)
    rng = state["rng"]
    del state["modules_state"][PP_KEY]
    bring_up_to_date(state, content)
    a = state["modules_state"][PP_KEY]
    assert len(a["available"]) == 2 and state["rng"] == rng
    a["deck"].append("ladybug")
    with pytest.raises(InvalidModuleState, match="each predator card exactly once"):
        pp_validate_state(a, state, content)
