"""Predators & Prey's worked examples: the Example of Offering and Battle, and the Large Workers' Scout and Gather.

Each test is named after its corpus entry (``test_rulebook_examples.replay_name``) and replays the example
through the app's commands or calculators, checking the numbers the book gives.
"""

from __future__ import annotations

import pytest

from companion.core.checklist import phase_items
from companion.core.commands.scoring import AdjustScore
from companion.core.content import Content
from companion.core.i18n import render
from companion.core.predators.alliance_commands import LoseAlly, Recruit, SetRevealed
from companion.core.predators.alliances import alliances, battle_losses, side_strength, strength
from companion.core.predators.content import ally_card
from companion.core.session import Session, new_doc
from companion.core.setup import GameSetup, PlayerSpec, new_state
from companion.core.state import total_score
from companion.core.workers.commands import SetEvolved
from companion.core.workers.view import workers_view
from tests.module_helpers import session
from tests.scoring_helpers import go_to

SPIDER = "trapdoor-spider"


# -- Predators & Prey > Predator - Example of Offering and Battle (Red p1, Blue p2, Yellow p3) -----------
@pytest.fixture
def spider(content: Content) -> Session:
    """Red has fulfilled the Trapdoor Spider's Task and recruited it."""
    specs = (PlayerSpec("Red", "red"), PlayerSpec("Blue", "blue"), PlayerSpec("Yellow", "yellow"))
    setup = GameSetup(game="evolved", players=specs, expansions=("predators-and-prey",), modules=("pp-predators",))
    s = Session(new_doc("g-pp", "PP", new_state(setup, content, seed=5)), saver=lambda d: None, content=content)
    s.execute(SetRevealed((SPIDER, "ladybug")))
    s.execute(Recruit("p1", SPIDER))
    return s


def test_pp_predator_example_task_offering(spider: Session) -> None:
    """Task: inhabit 2 card sites; Offering: discard 1 card; red takes the spider's card."""
    assert spider.undo_label == "Red allies with the Trapdoor Spider (Offering: Discard 1 card)"
    a = alliances(spider.state)
    assert a["available"] == ["ladybug"] and [(x["player"], x["predator"]) for x in a["allies"]] == [("p1", SPIDER)]
    assert ally_card(SPIDER)["task"].startswith("Inhabit 2 card sites")


def test_pp_predator_example_strength(spider: Session) -> None:
    """Red: 3 ants + the spider's 2 = 5; blue: 3 ants + 1 head evolution = 4."""
    power = strength(alliances(spider.state), SPIDER, spider.state["round"])
    assert power == 2
    assert (side_strength(3, 0, power), side_strength(3, 1)) == (5, 4)


def test_pp_predator_example_ferocity(spider: Session) -> None:
    """Ferocity 2 for red and 4 for blue: 7 against 8, blue wins."""
    power = strength(alliances(spider.state), SPIDER, spider.state["round"]) or 0
    assert (side_strength(3, 0, power, 2), side_strength(3, 1, 0, 4)) == (7, 8)


def test_pp_predator_example_losses(spider: Session) -> None:
    """Blue loses 2 (half of red's 3 ants and the spider); red loses 3 ants and the spider, a new card is revealed."""
    assert battle_losses(3, 1) == {"winner": 2, "loser": 3, "loser_predators": 1}
    top = alliances(spider.state)["deck"][0]
    spider.execute(LoseAlly("p1", "battle", winner="p2"))
    a = alliances(spider.state)
    assert a["allies"] == [] and a["discard"] == [SPIDER] and a["available"] == ["ladybug", top]


def test_pp_predator_example_loot(spider: Session) -> None:
    """Blue: 1 point for the battle, and 1 more point and 1 food for the Trapdoor Spider."""
    top = ally_card(alliances(spider.state)["deck"][0])["name"]
    assert spider.execute(LoseAlly("p1", "battle", winner="p2")).text == \
        f"Blue defeats Red's Trapdoor Spider: +1 pts, +1 food; reveal the {top}"
    assert total_score(spider.state, "p2") == 1
    spider.execute(AdjustScore("p2", 1))  # the battle's own point, scored as in every battle
    assert total_score(spider.state, "p2") == 2


# -- Predators & Prey > Large Worker - Example of Scout and Gather (Cy is black, Bo blue) -----------------
@pytest.fixture
def large(content: Content) -> Session:
    return session(content, 3, game="evolved", expansions=("predators-and-prey",), modules=("large-workers",))


def test_pp_lw_example_scout(large: Session) -> None:
    """Black's thorax evolution: Scout one more tile and move only the Large Worker onto it."""
    assert workers_view(large.state, large.content)["now"] == []
    large.execute(SetEvolved("p3", "thorax"))
    (shown,) = workers_view(large.state, large.content)["now"]
    line = render(shown, "en")
    assert line.startswith("Cy: Scout - ") and "move only the Large Worker there" in line


def test_pp_lw_example_gather(large: Session) -> None:
    """Black's head evolution and Large Worker in the battle: Gather, up to 2 steps of ants or larvae."""
    large.execute(SetEvolved("p3", "head"))
    go_to(large, "soldier")
    assert [render(i["text"], "en") for i in phase_items(large.state, large.content)] == [
        "Cy: Gather - When a battle starts: each of your Large Workers in it lets you take up to 2 steps, moving "
        "standard ants or larvae into the battle."]


def test_pp_lw_example_strength(large: Session) -> None:
    """Black's 4 ants, the Large Worker one of them, make 4 strength against blue's 3."""
    assert workers_view(large.state, large.content)["rules"][0].startswith(
        "A Large Worker is a standard ant for every rule: 1 step, 1 strength")
    assert (side_strength(3 + 1), side_strength(3)) == (4, 3)
