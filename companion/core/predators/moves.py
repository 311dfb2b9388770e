"""The Predator moves a table makes: the cards set out, a Predator summoned, hurt, healed or moved, a battle
fought through (started, its cards revealed, won, lost or called off), a tier typed from its card.

A battle needs a Predator on the board and a colony, then as many revealed cards as it discards, then an Army
Strength against the Predator's: drawn field by field such a chain never completed (no battle ever ran); built
here from the tracker as it stands, it does. Examples, not a promise: the caller asks ``Session.can`` first
(``ModuleUnit.moves``).
"""

from __future__ import annotations

from collections.abc import Iterator

from companion.core.commands.base import Command
from companion.core.content import Content
from companion.core.predators import alliance_commands as ac
from companion.core.predators import battle as fight
from companion.core.predators import commands as c
from companion.core.predators.alliances import alliances
from companion.core.predators.content import predators_content
from companion.core.predators.model import KEY, Battle, OnBoard, PredatorsState
from companion.core.predators.rules import CORDYCEPS
from companion.core.state import State, ant_players


def predator_moves(state: State, content: Content) -> Iterator[Command]:
    """The battle in progress alone; else the cards in play, summons, each Predator on the board, typed tiers."""
    t: PredatorsState | None = state["modules_state"].get(KEY)  # type: ignore[assignment]
    if t is None:
        return
    if t["battle"] is not None:  # a battle begun is fought to its end (or called off) before anything else
        yield from _battle(t["battle"])
        return
    ids = [p["id"] for p in predators_content(content)["predators"]]
    colonies = [p["id"] for p in ant_players(state)]
    turn = state["round"]
    yield c.ChoosePredators(predators=tuple(ids[(turn + i) % len(ids)] for i in range(2)))
    partner = next(p for p in ids[turn % len(ids):] + ids if p != CORDYCEPS)
    yield c.ChoosePredators(predators=(CORDYCEPS, partner))  # the one with spores, so they are played too
    yield c.DrawPredators()
    for index, predator in enumerate(t["in_play"]):  # the cards are set out (chosen or drawn) before a summon
        yield c.Summon(predator=predator, hex=1 + (turn + index) % 9, by=colonies[index % len(colonies)])
    for index, p in enumerate(t["predators"]):
        yield from _on_board(p, colonies[index % len(colonies)])
    yield c.ClearSpores()
    for predator in t["in_play"] or ids:
        for tier in (1, 2, 3):
            yield c.SetTierText(predator=predator, tier=tier, text=f"Tier {tier}: discard 2, +1", cards=2, strength=1)


def _on_board(p: OnBoard, colony: str) -> Iterator[Command]:
    """What befalls one summoned Predator: moved, hurt, healed, spores, a win against it, a battle begun."""
    predator = p["id"]
    yield c.MovePredator(predator=predator, hex=1 + (p["hex"] or 0) % 9)
    yield c.SetHealth(predator=predator, health=max(p["health"] - 2, 1))
    yield c.Damage(predator=predator, amount=2, by=colony)
    yield c.Heal(predator=predator, amount=1)
    yield c.SetSpores(predator=predator, spores=p["spores"] + 1)
    yield c.PlaceSpores(predator=predator)
    yield c.WinAgainst(predator=predator, player_id=colony)
    yield fight.StartBattle(predator=predator, player_id=colony)  # as many cards as its typed tier says
    for cards in (1, 2):  # or a number given for this battle
        yield fight.StartBattle(predator=predator, player_id=colony, cards=cards)


def _battle(b: Battle) -> Iterator[Command]:
    """The battle in progress: its next card revealed, then the colony's Army Strength above, below or tied."""
    yield fight.RevealCard(ferocity=1 + len(b["revealed"]) * 2)
    theirs = fight.predator_strength(b)
    yield fight.FinishBattle(strength=theirs + 2)
    yield fight.FinishBattle(strength=max(theirs - 1, 0))
    yield fight.FinishBattle(strength=theirs, winner="predator")
    yield fight.CancelBattle()


def alliance_moves(state: State, content: Content) -> Iterator[Command]:
    """Predators & Prey: a revealed predator recruited by a colony without one, its ally in and out of the Great
    Tunnel and lost for each reason (a lost battle naming another colony as the winner), the cards face up."""
    a = alliances(state)
    colonies = [p["id"] for p in ant_players(state)]
    for index, pid in enumerate(colonies):
        for predator in a["available"]:
            yield ac.Recruit(player_id=pid, predator=predator)
        yield ac.SetAllyTunnel(player_id=pid, in_tunnel=True)
        yield ac.SetAllyTunnel(player_id=pid, in_tunnel=False)
        for reason in ac.REASONS:
            winner = colonies[(index + 1) % len(colonies)] if reason == "battle" else ""
            yield ac.LoseAlly(player_id=pid, reason=reason, winner=winner)
    hidden = [*a["deck"], *a["discard"]]
    if hidden:
        yield ac.SetRevealed(predators=(*a["available"][1:], hidden[0]))
