"""Chambers and eggs (Empires of the Earth > Chambers, Old Tunnels, Card Notes; Predators & Prey > Nest Chambers)."""

from __future__ import annotations

import copy
import json

import pytest

from companion.core.chambers import chambers_view
from companion.core.chambers.commands import (
    ActivateChamber,
    DefineCard,
    DiscardChamber,
    KeepNestChambers,
    PlaceEgg,
    PlayChamber,
    SetMarkers,
    SoloEggs,
    TakeEgg,
    TakeOldTunnel,
)
from companion.core.chambers.model import validate_state
from companion.core.checklist import phase_items
from companion.core.commands.turns import NextPhase
from companion.core.content import Content
from companion.core.hooks import InvalidModuleState, bring_up_to_date
from companion.core.i18n import render
from companion.core.session import Session
from tests.module_helpers import refused, session, undo_all
from tests.scoring_helpers import go_to

CACHE = "Scavenger's Cache"


@pytest.fixture
def empires(content: Content) -> Session:
    return session(content, 2, modules=("chambers", "old-tunnels"))


@pytest.fixture
def evolved(content: Content) -> Session:
    return session(content, 2, game="evolved", expansions=("predators-and-prey",), modules=("nest-chambers",))


def test_scavengers_cache_example(empires: Session) -> None:
    # The red player (Ana) plays Scavenger's Cache paying 2 larvae: 2 eggs go in.
    assert empires.execute(PlayChamber("p1", CACHE, 2)).text == (
        "Ana plays Scavenger's Cache paying 2 larvae: 2 of 3 eggs")
    # When blue plays a card, red adds 1 egg as a Reaction instead of discarding to draw.
    assert empires.execute(PlaceEgg("c1")).text == "Ana: an egg into Scavenger's Cache instead of a Reaction (3 of 3)"
    view = chambers_view(empires.state, empires.content)
    cache = view["players"][0]["chambers"][0]
    assert (cache["eggs"], cache["capacity"], cache["full"]) == (3, 3, True)
    # Full, but it activates at the start of the Queen Phase: not in the Worker Phase.
    assert view["now"] == [] and render(cache["why_not"], "en") == "Scavenger's Cache activates in the Queen Phase; " \
                                                                   "this is Worker Phase."
    refused(empires, ActivateChamber("c1"), "activates in the Queen Phase; this is Worker Phase")
    refused(empires, PlaceEgg("c1"), r"Scavenger's Cache is full \(3 of 3 eggs\)")
    go_to(empires, "harvest")
    assert [render(n, "en") for n in chambers_view(empires.state, empires.content)["now"]] == ["Ana: Scavenger's Cache"]
    [item] = phase_items(empires.state, empires.content)
    assert item["text"].startswith("Ana: activate Scavenger's Cache") and item["ready"]
    label = empires.execute(ActivateChamber("c1")).text
    assert label.endswith(": 3 eggs back to the supply")
    assert empires.state["modules_state"]["chambers"]["chambers"][0]["eggs"] == 0
    [item] = phase_items(empires.state, empires.content)
    assert item["done"] and not item["ready"]


def test_eggs_when_played(empires: Session) -> None:
    refused(empires, PlayChamber("p1", CACHE, 4), "Eggs in Scavenger's Cache must be between 1 and 3; got 4")
    refused(empires, PlayChamber("p1", CACHE, 0), "between 1 and 3; got 0")
    refused(empires, PlayChamber("p1", CACHE, 1, "free"), "played for free enters play with no egg")
    refused(empires, PlayChamber("p1", "Royal Vault", 1), r"No Chamber card 'Royal Vault' in the list")
    refused(empires, PlayChamber("p9", CACHE, 1), "No player 'p9'")
    assert empires.execute(PlayChamber("p2", CACHE, 0, "free")).text.endswith("for free, with no egg")
    assert empires.execute(PlayChamber("p1", CACHE, 3, "ants")).text == \
        "Ana plays Scavenger's Cache paying 3 ants: 3 of 3 eggs"


def test_a_worker_phase_chamber_activates_again_and_others_once(empires: Session) -> None:
    empires.execute(DefineCard("Brood Hall", 1, "worker", ability="Take 1 ant step."))
    empires.execute(DefineCard("War Pit", 1, "soldier"))
    empires.execute(PlayChamber("p1", "Brood Hall", 1))
    for _ in range(2):  # twice in one Worker Phase, refilled in between
        empires.execute(ActivateChamber("c1"))
        empires.execute(PlaceEgg("c1"))
    empires.execute(NextPhase())
    empires.execute(PlayChamber("p2", "War Pit", 1))
    empires.execute(ActivateChamber("c2"))
    empires.execute(PlaceEgg("c2"))
    refused(empires, ActivateChamber("c2"), "War Pit has already activated in this phase")
    refused(empires, ActivateChamber("c1"), "Brood Hall activates in the Worker Phase; this is Soldier Phase")


def test_old_tunnel_once_then_discarded_and_its_reverse_side(empires: Session) -> None:
    refused(empires, DefineCard("Deep Burrow", 2, "worker", "old-tunnel"), "Old Tunnels activate in the Queen Phase")
    empires.execute(DefineCard("Deep Burrow", 2, "queen", "old-tunnel"))
    empires.execute(TakeOldTunnel("p1", "Deep Burrow"))
    empires.execute(TakeOldTunnel("p2", "Deep Burrow", whole_game=True))
    refused(empires, TakeOldTunnel("p1", "Deep Burrow"), "already has an Old Tunnel")
    refused(empires, PlaceEgg("c2"), "reverse side: it holds no eggs")
    empires.execute(PlaceEgg("c1"))
    empires.execute(PlaceEgg("c1"))
    go_to(empires, "feeding")
    assert empires.execute(ActivateChamber("c1")).text.endswith("; the Old Tunnel is discarded")
    c = empires.state["modules_state"]["chambers"]
    assert [ch["id"] for ch in c["chambers"]] == ["c2"] and [ch["id"] for ch in c["discarded"]] == ["c1"]


def test_defensive_shelter_takes_battle_losses_entered_once(empires: Session) -> None:
    view = chambers_view(empires.state, empires.content)
    assert [n["name"] for n in view["named"]] == ["Defensive Shelter"]
    empires.execute(DefineCard("Defensive Shelter", 2, "soldier"))
    refused(empires, DefineCard("defensive shelter", 3, "queen"), "already in the list")
    empires.execute(PlayChamber("p1", CACHE, 1))
    empires.execute(PlayChamber("p1", "Defensive Shelter", 1))
    refused(empires, PlaceEgg("c1", "losses"), "only where the card says so")
    assert "from battle losses" in empires.execute(PlaceEgg("c2", "losses")).text
    assert chambers_view(empires.state, empires.content)["named"] == []


def test_no_egg_left_a_larva_goes_in_and_an_egg_comes_out(empires: Session) -> None:
    empires.execute(PlayChamber("p1", CACHE, 1))
    assert "a larva (no egg left in the supply)" in empires.execute(PlaceEgg("c1", source="larva")).text
    assert empires.execute(TakeEgg("c1")).text == "Ana: an egg from Scavenger's Cache becomes a larva"
    empires.execute(TakeEgg("c1"))
    refused(empires, TakeEgg("c1"), "has no egg to take")
    refused(empires, PlaceEgg("c1", why="later"), "Why the egg goes in is one of reaction, losses, solo")
    refused(empires, PlaceEgg("c1", why="solo"), "solo egg rule is for the solo game")


def test_solo_eggs_on_her_evolution(content: Content) -> None:
    s = session(content, 1, mode="solo", modules=("chambers", "old-tunnels"))
    s.execute(PlayChamber("p1", CACHE, 3))
    refused(s, SoloEggs("p1"), "None of Ana's Chambers has a free space")
    s.execute(DefineCard("Deep Burrow", 2, "queen", "old-tunnel"))
    s.execute(TakeOldTunnel("p1", "Deep Burrow"))
    assert s.execute(SoloEggs("p1")).text == "The centipedes took an Evolution: 1 egg into Deep Burrow"
    assert "Solo: whenever a centipede action takes an Evolution" in render(
        chambers_view(s.state, s.content)["reminders"][-1], "en")


def test_nest_chambers_and_the_36_marker_limit(evolved: Session) -> None:
    refused(evolved, PlayChamber("p1", "Old Tunnel", 1), "dealt at the start")
    refused(evolved, KeepNestChambers("p1", "Old Tunnel", "Hatchery"), "No Chamber card 'Hatchery'")
    evolved.execute(DefineCard("Hatchery", 2, "any", ability="When you win a battle: gain 2 larvae."))
    assert evolved.execute(KeepNestChambers("p1", "Old Tunnel", "Hatchery")).text == \
        "Ana keeps Old Tunnel (Old Tunnel side) and Hatchery (chamber side)"
    refused(evolved, KeepNestChambers("p1", "Old Tunnel", "Hatchery"), "already chose the two Nest Chambers")
    evolved.execute(SetMarkers("p1", 34))
    evolved.execute(PlaceEgg("c1"))
    assert chambers_view(evolved.state, evolved.content)["players"][0]["markers_free"] == 1
    evolved.execute(PlaceEgg("c2"))
    refused(evolved, PlaceEgg("c1"), r"All 36 of Ana's ant markers are in use \(34 in play, 2 as eggs\)")
    refused(evolved, SetMarkers("p1", 35), "between 0 and 34; got 35")
    refused(evolved, PlaceEgg("c2", source="larva"), "larvae and ants never become eggs")
    evolved.execute(SetMarkers("p1", 30))
    evolved.execute(PlaceEgg("c1"))
    evolved.execute(PlaceEgg("c1"))  # Old Tunnel side full: 3 of 3
    evolved.execute(PlaceEgg("c2"))  # Hatchery full: 2 of 2
    view = chambers_view(evolved.state, evolved.content)
    # "as the card says": any phase; the Old Tunnel waits for the Queen phase
    assert [render(n, "en") for n in view["now"]] == ["Ana: Hatchery"]
    go_to(evolved, "harvest")
    evolved.execute(ActivateChamber("c1"))
    c = evolved.state["modules_state"]["chambers"]
    assert [ch["id"] for ch in c["chambers"]] == ["c1", "c2"] and c["discarded"] == []  # P&P: it stays


def test_undo_across_the_tracker(empires: Session) -> None:
    before = copy.deepcopy(empires.state)
    empires.execute(DefineCard("Brood Hall", 1, "worker"))
    empires.execute(PlayChamber("p1", "Brood Hall", 1))
    empires.execute(ActivateChamber("c1"))
    empires.execute(PlaceEgg("c1"))
    empires.execute(DiscardChamber("c1"))
    assert empires.undo_label == "Ana discards Brood Hall"
    undo_all(empires)
    assert empires.state == before


def test_adopt_and_validate(empires: Session) -> None:
    state = copy.deepcopy(empires.state)
    del state["modules_state"]["chambers"]
    bring_up_to_date(state, empires.content)
    assert state["modules_state"]["chambers"] == {"chambers": [], "discarded": [], "catalogue": [], "markers": {},
                                                  "ticked": []}
    empires.execute(PlayChamber("p1", CACHE, 2))
    bad = copy.deepcopy(empires.state["modules_state"]["chambers"])
    bad["chambers"][0]["eggs"] = 5
    with pytest.raises(InvalidModuleState, match=r"chambers\[0\]\.eggs: 5 eggs in a chamber of 3 spaces"):
        validate_state(bad, empires.state, empires.content)
    bad = copy.deepcopy(empires.state["modules_state"]["chambers"])
    bad["chambers"][0]["owner"] = "p7"
    with pytest.raises(InvalidModuleState, match=r"chambers\[0\]\.owner: No player 'p7'"):
        validate_state(bad, empires.state, empires.content)
    bad["chambers"][0]["eggs"] = "2"
    with pytest.raises(InvalidModuleState, match="eggs"):
        validate_state(bad, empires.state, empires.content)


def test_cli_show_play_egg_activate(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    from companion.cli import main

    db = str(tmp_path / "games.json")
    assert main(["game", "new", "--db", db, "--player", "Ana:red", "--player", "Bo:blue", "--expansion", "empires",
                 "--module", "chambers", "--name", "Chambers"]) == 0
    gid = capsys.readouterr().out.strip()
    assert main(["chambers", "play", "--db", db, gid, "Ana", CACHE, "--eggs", "2"]) == 0
    assert capsys.readouterr().out.strip() == "Ana plays Scavenger's Cache paying 2 larvae: 2 of 3 eggs"
    assert main(["chambers", "egg", "--db", db, gid, "c1", "--json"]) == 0
    view = json.loads(capsys.readouterr().out)
    assert view["players"][0]["chambers"][0]["eggs"] == 3 and view["now"] == []
    assert main(["chambers", "activate", "--db", db, gid, "c1"]) == 2
    assert capsys.readouterr().err.strip() == ("companion: Scavenger's Cache activates in the Queen Phase; "
                                               "this is Worker Phase.")
    assert main(["chambers", "play", "--db", db, gid, "Zed", CACHE]) == 2
    assert "no player 'Zed'" in capsys.readouterr().err
    assert main(["chambers", "show", "--db", db, gid]) == 0
    out = capsys.readouterr().out
    assert "c1  Scavenger's Cache      3/3 eggs" in out and "Can activate now: none" in out


def test_her_evolution_in_empires_solo_offers_the_solo_eggs_in_her_turn(content: Content) -> None:
    """The Broodmother's view says when the solo egg rule applies; the chambers tracker does the eggs."""
    from companion.core.broodmother.commands import EnterCard, SetDeckMode
    from companion.core.broodmother.reactions import chamber_eggs_due
    from companion.core.broodmother.view import broodmother_view

    s = session(content, 1, mode="solo", modules=("chambers", "old-tunnels"))
    s.execute(SetDeckMode("physical"))  # the cards on the table
    s.execute(PlayChamber("p1", CACHE, 1))
    assert not chamber_eggs_due(s.state, {"type": "event"}) and chamber_eggs_due(s.state, {"type": "evolution"})
    s.execute(EnterCard("evolution", 2))
    assert [p["id"] for p in broodmother_view(s.state, s.content)["turn"]["chamber_eggs"]] == ["p1"]
    assert s.execute(SoloEggs("p1")).text == "The centipedes took an Evolution: 1 egg into Scavenger's Cache"
    assert chambers_view(s.state, s.content)["players"][0]["chambers"][0]["eggs"] == 2
