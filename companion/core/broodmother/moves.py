"""The moves a table makes against the Broodmother, with arguments that fit the meadow as it stands.

Her open question's likely answers, her draws and entered cards, the asymmetric player's powers, the
meadow's corrections and battles, each built from her hexes, her nymphs and her content: drawn field by
field these would almost never agree (a nymph moved from a place that holds one, an answer to the question
she asked). Examples, not a promise: the caller asks ``Session.can`` first (``ModuleUnit.moves``). Pure
knowledge of which arguments go together, so it lives here with her rules rather than in a test.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import pairwise

from companion.core.broodmother import asymmetric
from companion.core.broodmother import commands as her
from companion.core.broodmother import meadow_commands as meadow
from companion.core.broodmother.checklist import checklist
from companion.core.broodmother.content import BroodContent, brood_of
from companion.core.broodmother.model import TUNNEL, Brood, bm
from companion.core.commands.base import Command
from companion.core.commands.scoring import AdjustScore
from companion.core.content import Content
from companion.core.state import State

#: Her meadow's commands about one place (a hex's number, 0 the Great Tunnel).
AT_PLACE = (meadow.PlaceNymph, meadow.MoultNymph, meadow.DestroyNymph, meadow.DefeatCentipede, meadow.ChaseNymph)


def her_moves(state: State, content: Content) -> Iterator[Command]:
    """What the table most often does in her game: answer her, draw or enter her card, act on the meadow."""
    b = bm(state)
    bc = brood_of(content)
    yield from _answers(b)
    yield from _cards(state, b, bc)
    yield from _powers(b, bc)
    yield from _meadow(b)
    for step in checklist(state, bc)[:2]:  # her setup checklist, ticked and unticked
        yield her.TickStep(step=step["id"], done=not b["checklist"].get(step["id"]))
    for p in state["players"]:
        for delta in (-3, 3):
            yield AdjustScore(player_id=p["id"], delta=delta)


def _free_numbers(b: Brood) -> list[int]:
    taken = {h["number"] for h in b["hexes"]}
    return [n for n in range(1, 40) if n not in taken][:3]


def _answers(b: Brood) -> Iterator[Command]:
    """Answers to her open question: a hex she expands to, where her Predator goes, what her Strike destroyed."""
    for q in b["pending"][:1]:
        if q["kind"] == "expand":
            for number in _free_numbers(b):
                for zone in ("inner", "outer"):
                    yield her.AnswerExpand(number=number, sites=number % 4, zone=zone, centipede_hex=number % 5 == 0,
                                           nest=number % 3 == 0)
            yield her.AnswerExpand(deck_empty=True)
        elif q["kind"] == "predator":
            for h in b["hexes"]:
                yield her.AnswerPredator(hex=h["number"])
        else:
            for destroyed in range(0, 4):
                yield her.AnswerStrike(destroyed=destroyed)


def _cards(state: State, b: Brood, bc: BroodContent) -> Iterator[Command]:
    """Her deck: a draw, a card a physical deck revealed, a token or a redraw against it, her deck's make-up."""
    yield her.DrawCard()
    for card_type in bc.card_types:
        yield her.EnterCard(card_type=card_type, ferocity=(len(b["hexes"]) + state["round"]) % 5)
    yield her.CancelReaction()  # an Initiative Token on the reaction just revealed (allowed after the end)
    with_nymphs = [where for where in _places(b) if _nymphs(b, where)]
    for first, second in pairwise(with_nymphs or [TUNNEL]):
        yield asymmetric.Redraw(first=first, second=second)
    if with_nymphs and _nymphs(b, with_nymphs[0]) > 1:
        yield asymmetric.Redraw(first=with_nymphs[0], second=with_nymphs[0])
    for mode in ("virtual", "physical"):
        yield her.SetDeckMode(mode=mode)
    yield her.SetDeck(groups=tuple({"type": t, "ferocity": 1 + i % 3, "count": 4} for i, t in enumerate(bc.card_types)))


def _powers(b: Brood, bc: BroodContent) -> Iterator[Command]:
    """The asymmetric Broodmother player's powers: unlocked in a Queen Phase, paid for with eggs."""
    yield asymmetric.GainEgg()
    for power in bc.powers:
        yield asymmetric.UnlockPower(power=power)
        yield asymmetric.UsePower(power=power)


def _places(b: Brood) -> list[int]:
    return [TUNNEL, *sorted(h["number"] for h in b["hexes"])]


def _nymphs(b: Brood, where: int) -> int:
    if where == TUNNEL:
        return int(bool(b["tunnel"]["nymph"]))
    return next((h["nymphs"] for h in b["hexes"] if h["number"] == where), 0)


def _meadow(b: Brood) -> Iterator[Command]:
    """Her hexes: added, corrected, nymphs placed, moved, chased and destroyed, centipedes beaten, her end."""
    for number in _free_numbers(b)[:1]:
        yield meadow.AddHex(number=number, zone="inner", sites=3)
        yield meadow.AddHex(number=number, zone="outer", centipede=True)  # a hex a centipede already holds
    places = _places(b)
    for source in places:
        if _nymphs(b, source):  # to the next two places: a nymph moves up to two steps
            for target in [p for p in places if p != source][:2]:
                yield asymmetric.MoveNymph(source=source, target=target)
    for h in b["hexes"]:
        yield meadow.SetSites(number=h["number"], sites=max(h["sites"] - 1, 0) if h["sites"] else 1)
        yield meadow.CorrectHex(number=h["number"], zone=h["zone"], sites=h["sites"], nymphs=h["nymphs"],
                                centipede=not h["centipede"])
    yield her.ScoreSlumber()
    yield meadow.DestroyBroodmother()
    yield meadow.CentipedeWon()
    for where in places:
        yield from (make(number=where) for make in AT_PLACE)
