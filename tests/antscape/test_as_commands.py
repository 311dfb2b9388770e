"""The scorer inside an Antscape game: its state, each command and its undo, applying the totals."""

from __future__ import annotations

import copy

import pytest

from companion.core.antscape import antscape_view
from companion.core.antscape.commands import (
    ApplyScores,
    SetBonus,
    SetCardsLeft,
    SetCellOwner,
    SetCellPoints,
    SetEveryonePassed,
    SetQueen,
    SetQueenTerritory,
)
from companion.core.antscape.model import InvalidScorerState, fresh, validate_state
from companion.core.commands.base import command_from_dict
from companion.core.commands.scoring import AdjustScore
from companion.core.commands.turns import FinishGame
from companion.core.content import Content
from companion.core.errors import CommandError
from companion.core.hooks import bring_up_to_date
from companion.core.i18n import render
from companion.core.session import Session, new_doc
from companion.core.setup import GameSetup, PlayerSpec, new_state
from companion.core.state import total_score

TWO = (PlayerSpec("Irene", "pink"), PlayerSpec("Jo", "green"))
THREE = (*TWO, PlayerSpec("Kim", "blue"))


def game(content: Content, players: tuple[PlayerSpec, ...] = TWO) -> Session:
    state = new_state(GameSetup(game="antscape", players=players), content, seed=3)
    return Session(new_doc("g-as", "Antscape", state), content=content)


def scorer(session: Session) -> dict:  # type: ignore[type-arg]
    kept: dict = session.state["modules_state"]["antscape"]  # type: ignore[type-arg]
    return kept


def claim(session: Session, owner: str, *cells: tuple[int, int, int]) -> None:
    for row, col, points in cells:
        session.execute(SetCellOwner(row, col, owner))
        if points:
            session.execute(SetCellPoints(row, col, points))


def test_a_new_game_has_an_empty_grid_of_its_size(content: Content) -> None:
    assert scorer(game(content))["size"] == 4 and len(scorer(game(content))["cells"]) == 4
    three = scorer(game(content, THREE))
    assert three == fresh(3) and three["size"] == 5
    mota = new_state(GameSetup(game="mota", players=(PlayerSpec("A", "red"), PlayerSpec("B", "blue"))), content)
    assert "antscape" not in mota["modules_state"]


def test_each_command_has_a_label_and_undoes(content: Content) -> None:
    s = game(content)
    before = copy.deepcopy(s.state)
    labels = [
        s.execute(SetCellOwner(1, 2, "p1")).text,
        s.execute(SetCellPoints(1, 2, 3)).text,
        s.execute(SetQueenTerritory(4, 4, True)).text,
        s.execute(SetBonus("land-baron")).text,
        s.execute(SetQueen("p1", True)).text,
        s.execute(SetCardsLeft("p2", 6)).text,
        s.execute(SetEveryonePassed(True)).text,
        s.execute(SetCellOwner(1, 2, None)).text,
    ]
    assert labels == [
        "Antscape: row 1, column 2 to Irene", "Antscape: row 1, column 2 worth 3",
        "Antscape: row 4, column 4 is a queen territory", "Antscape: Bonus Card Land baron",
        "Antscape: Irene's queen played", "Antscape: Jo has 6 colony cards left", "Antscape: everyone passed",
        "Antscape: row 1, column 2 unclaimed",
    ]
    kept = scorer(s)
    assert kept["cells"][0][1] == {"owner": None, "points": 3, "queen_territory": False}
    assert kept["queens"] == ["p1"] and kept["cards_left"] == {"p2": 6} and kept["passed"] is True
    for _ in labels:
        s.undo()
    assert s.state == before
    s.redo()
    assert scorer(s)["cells"][0][1]["owner"] == "p1"


@pytest.mark.parametrize(("command", "message"), [
    (SetCellOwner(5, 1, "p1"), "The row must be between 1 and 4; got 5."),
    (SetCellOwner(1, 1, "p9"), "No player 'p9' in this game"),
    (SetCellOwner(1, 1, None), "Row 1, column 1 is already nobody's."),
    (SetCellPoints(1, 1, -1), "A territory's points must be between 0 and 20; got -1."),
    (SetCellPoints(1, 1, 0), "Row 1, column 1 is already worth 0."),
    (SetBonus("biggest"), "Unknown Bonus Card 'biggest'"),
    (SetQueen("p1", True), "Irene has no claimed territory on the grid for the queen to sit on."),
    (SetCardsLeft("p1", 11), "Colony cards left must be between 0 and 10; got 11."),
    (ApplyScores(), "Choose the active Bonus Card first."),
])
def test_refusals_say_why(content: Content, command: object, message: str) -> None:
    with pytest.raises(CommandError, match=message.replace("(", r"\(").replace(")", r"\)")):
        game(content).execute(command)  # type: ignore[arg-type]


def test_two_players_have_one_queen_territory(content: Content) -> None:
    s = game(content)
    s.execute(SetQueenTerritory(1, 1, True))
    with pytest.raises(CommandError, match=r"A 2-player game has only one queen territory\."):
        s.execute(SetQueenTerritory(2, 2, True))
    t = game(content, THREE)
    t.execute(SetQueenTerritory(1, 1, True))
    t.execute(SetQueenTerritory(2, 2, True))
    assert not t.can(SetQueenTerritory(3, 3, True))


def tapped_out(content: Content) -> Session:
    """A 2-player game tapped out: Irene a trio (2,1)-(2,3) worth 1+2+1, a single (4,4) worth 3, and her queen;
    Jo a pair (1,1)-(1,2) worth 2+2 and a single (4,1) worth 1; Bonus Card: Trio triumph.
    Irene: 3 + 2 + 7 = 12; Jo: 0 + 0 + 5 = 5."""
    s = game(content)
    claim(s, "p1", (2, 1, 1), (2, 2, 2), (2, 3, 1), (4, 4, 3))
    claim(s, "p2", (1, 1, 2), (1, 2, 2), (4, 1, 1))
    s.execute(SetBonus("trio-triumph"))
    s.execute(SetQueen("p1", True))
    return s


def test_the_view_scores_the_grid(content: Content) -> None:
    view = antscape_view(tapped_out(content).state, content)
    assert [(p["name"], p["bonus"], p["queen"], p["territories"], p["total"]) for p in view["players"]] == [
        ("Irene", 3, 2, 7, 12), ("Jo", 0, 0, 5, 5)]
    assert view["winners"] == ["Irene"] and render(view["winner_text"], "en") == "Irene wins with 12 points."
    assert [(c["name"], c["size"], c["bonus"], render(c["note"], "en")) for c in view["colonies"]] == [
        ("Jo", 2, 0, "2 territories: Trio triumph +0."), ("Irene", 3, 3, "3 territories: Trio triumph +3."),
        ("Jo", 1, 0, "1 territory: Trio triumph +0."), ("Irene", 1, 0, "1 territory: Trio triumph +0.")]
    assert view["cells"][1][0]["colony"] == 1 and view["cells"][1][0]["colour"] == "pink"
    assert [e["done"] for e in view["ends"]] == [False, False, False]
    assert view["applied"] is False


def test_apply_scores_is_one_undoable_command(content: Content) -> None:
    s = tapped_out(content)
    s.execute(AdjustScore("p2", 3))  # a hand-kept score is replaced by the scorer's total
    label = s.execute(ApplyScores()).text
    assert label == "Antscape: scores applied (Irene 12, Jo 5)"
    assert total_score(s.state, "p1") == 12 and total_score(s.state, "p2") == 5
    assert s.state["scores"] == {"p1": [12], "p2": [5]}
    assert antscape_view(s.state, content)["applied"] is True
    assert not s.can(ApplyScores())
    s.undo()
    assert s.state["scores"] == {"p1": [0], "p2": [3]}
    assert command_from_dict(ApplyScores().to_dict()) == ApplyScores()


def test_finishing_a_tied_game_uses_cards_left(content: Content) -> None:
    s = game(content)
    claim(s, "p1", (1, 1, 2))
    claim(s, "p2", (4, 4, 2))
    s.execute(SetBonus("small-but-mighty"))  # both -3: 2 - 3 = -1 each
    s.execute(SetCardsLeft("p1", 3))
    s.execute(SetCardsLeft("p2", 8))
    s.execute(ApplyScores())
    view = antscape_view(s.state, content)
    assert render(view["winner_text"], "en") == "Irene and Jo tie with -1 point; Jo wins with 8 colony cards left."
    s.execute(FinishGame())
    ended = s.state["ended"]
    assert (ended["code"], ended["winners"]) == ("antscape-tie-break", ["p2"])
    assert render(ended["reason"], "en") == "Irene and Jo tie with -1 point; Jo wins with 8 colony cards left."
    assert render(ended["reason"], "es") == ("Irene y Jo empatan con -1 punto; gana Jo, con 8 cartas de colonia "
                                             "restantes.")


def test_a_tie_without_cards_left_asks_for_them(content: Content) -> None:
    s = game(content)
    claim(s, "p1", (1, 1, 2))
    claim(s, "p2", (4, 4, 2))
    s.execute(SetBonus("trio-triumph"))
    view = antscape_view(s.state, content)
    assert view["winners"] == ["Irene", "Jo"] and view["tie_break"] == "missing"
    assert render(view["winner_text"], "en").startswith("Irene and Jo tie with 2 points: enter their colony cards left")


def test_the_end_checklist_follows_the_grid(content: Content) -> None:
    s = game(content)
    s.execute(SetQueenTerritory(2, 2, True))
    for r in range(1, 5):
        for c in range(1, 5):
            if (r, c) != (2, 2):
                s.execute(SetCellOwner(r, c, "p1" if (r + c) % 2 else "p2"))
    ends = {e["id"]: e["done"] for e in antscape_view(s.state, content)["ends"]}
    assert ends == {"all-claimed": False, "queens-open": True, "everyone-passed": False}
    s.execute(SetCellOwner(2, 2, "p1"))
    ends = {e["id"]: e["done"] for e in antscape_view(s.state, content)["ends"]}
    assert ends == {"all-claimed": True, "queens-open": False, "everyone-passed": False}


def test_old_antscape_games_are_adopted_and_bad_state_is_refused(content: Content) -> None:
    s = game(content)
    state = copy.deepcopy(s.state)
    del state["modules_state"]["antscape"]
    state["module_versions"] = {}
    bring_up_to_date(state, content)
    assert state["modules_state"]["antscape"] == fresh(2) and state["module_versions"]["antscape"] == 1
    bad = fresh(2)
    bad["cells"][0][0]["points"] = "3"  # type: ignore[typeddict-item]
    with pytest.raises(InvalidScorerState, match=r"^cells\[0\]\[0\]\.points: Input should be a valid integer"):
        validate_state(dict(bad), state, content)
    wrong_size = fresh(3)
    with pytest.raises(InvalidScorerState, match="the grid must be 4x4"):
        validate_state(dict(wrong_size), state, content)
    stranger = fresh(2)
    stranger["cells"][1][2]["owner"] = "p7"
    with pytest.raises(InvalidScorerState, match="row 2, column 3: unknown owner"):
        validate_state(dict(stranger), state, content)
