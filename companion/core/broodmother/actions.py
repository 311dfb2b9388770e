"""What her panels offer, with the game's answer to each: the ``actions`` of ``broodmother_view``.

Each command is one a Broodmother panel sends as it is drawn now: her draw or the card typed from the table (every
type and Ferocity the deck could give, in a game with a physical deck), cancelling her reaction, her Slumber, a
centipede's win, her destruction, each place's nymph and centipede, each hex's free sites, her eggs and powers (the
asymmetric variant), the solo Chambers' eggs, her deck's make-up as it stands; and ``drafted``, the commands a tab
is composing from this game (a nymph's move, a redraw's two nymphs), so the panel reads their answers here too.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from companion.core.actions import Actions, actions
from companion.core.broodmother.asymmetric import GainEgg, UnlockPower, UsePower
from companion.core.broodmother.commands import CancelReaction, DrawCard, EnterCard, ScoreSlumber, enter_probe
from companion.core.broodmother.content import brood_of
from companion.core.broodmother.deck import CHAMBER
from companion.core.broodmother.meadow_commands import (
    CentipedeWon,
    ChaseNymph,
    DefeatCentipede,
    DestroyBroodmother,
    DestroyNymph,
    MoultNymph,
    PlaceNymph,
    SetSites,
)
from companion.core.broodmother.model import TUNNEL, Brood, is_asymmetric
from companion.core.broodmother.shown import TurnShown
from companion.core.broodmother.table_commands import SetDeck
from companion.core.commands.base import Command
from companion.core.content import Content
from companion.core.schema import Json
from companion.core.state import State


def composition(cards: Mapping[str, Mapping[str, Json]]) -> list[list[Json]]:
    """Her deck's make-up as ``[type, ferocity, count]`` groups (Chambers are not part of it)."""
    counted = Counter((c["type"], int(c["ferocity"])) for c in cards.values() if not c.get("chamber"))
    return [[t, f, n] for (t, f), n in sorted(counted.items())]


def her_actions(state: State, content: Content, b: Brood, turn: TurnShown | None,
                drafted: Sequence[Command] = ()) -> Actions:
    """Every command her panels offer now (and ``drafted``), each with the game's answer."""
    offered: list[Command] = [DrawCard(), CancelReaction(), ScoreSlumber(), CentipedeWon(), DestroyBroodmother(),
                              SetDeck(tuple(tuple(g) for g in composition(b["deck"]["cards"])))]
    offered += _meadow(b)
    if b["deck_mode"] == "physical":
        offered += _typed_cards(state, content)
    if is_asymmetric(state):
        offered += [GainEgg(), *(c for p in brood_of(content).powers for c in (UnlockPower(p), UsePower(p)))]
    if turn:
        offered += _chamber_eggs(turn)
    return actions([*offered, *drafted], state, content)


def _meadow(b: Brood) -> Iterable[Command]:
    """Each hex's chase and free sites one fewer or more; each place's nymph and centipede."""
    for h in b["hexes"]:
        n = h["number"]
        yield from (ChaseNymph(n), SetSites(n, h["sites"] - 1), SetSites(n, h["sites"] + 1))
    for place in [*(h["number"] for h in b["hexes"]), TUNNEL]:
        yield from (DestroyNymph(place), DefeatCentipede(place), PlaceNymph(place), MoultNymph(place))


def _typed_cards(state: State, content: Content) -> Iterable[Command]:
    """The card the next draw can give, a Chamber, and every type at every Ferocity: what the table may type."""
    bc = brood_of(content)
    yield from (enter_probe(state, content), EnterCard(CHAMBER, 0))
    for card_type in bc.card_types:
        yield from (EnterCard(card_type, f) for f in range(bc.deck_limits["max_ferocity"] + 1))


def _chamber_eggs(turn: TurnShown) -> Iterable[Command]:
    """Empires solo: after an Evolution of hers, each colony's egg on each of its Chambers."""
    from companion.core.chambers.commands import SoloEggs

    return [SoloEggs(p["id"]) for p in turn["chamber_eggs"]]
