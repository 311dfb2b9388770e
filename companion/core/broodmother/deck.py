"""Her deck: cards built from a composition, and the draw, discard and plot piles.

Every card has a stable id and is always in exactly one pile, in both deck modes. In the
virtual mode the draw pile is shuffled with the game's seeded generator, so an undone
draw redraws the same card; in the physical mode the player reads the card off the table
and the app takes a matching card out of its draw pile, so counts and odds stay true.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import Final, Literal

from typing_extensions import TypedDict

from companion.core.broodmother.content import BroodContent, DeckGroup
from companion.core.broodmother.schema import Card, Deck
from companion.core.errors import CommandError
from companion.core.i18n import Msg, msg
from companion.core.rng import Rng
from companion.core.state import State

Pile = Literal["draw", "discard", "plot"]
PILES: tuple[Pile, ...] = ("draw", "discard", "plot")
CHAMBER = "chamber"  # what a player types for an Empires Chamber card
ESTIMATED: Final = "estimated"  # her make-up: the app's default,
ENTERED: Final = "entered"  # or the one the players typed in


def build_cards(groups: list[DeckGroup], chambers: int, bc: BroodContent) -> dict[str, Card]:
    """Card records keyed by id: ``event-2-3`` is the third Event with Ferocity 2."""
    cards: dict[str, Card] = {}
    seen: Counter[tuple[str, int]] = Counter()
    for g in groups:
        for _ in range(g.count):
            seen[(g.type, g.ferocity)] += 1
            cards[f"{g.type}-{g.ferocity}-{seen[(g.type, g.ferocity)]}"] = {
                "type": g.type, "ferocity": g.ferocity, "chamber": False}
    for n in range(1, chambers + 1):
        cards[f"{CHAMBER}-{n}"] = {"type": bc.chambers.type, "ferocity": bc.chambers.ferocity, "chamber": True}
    return cards


def new_deck(cards: dict[str, Card], makeup: Literal["estimated", "entered"] = ESTIMATED) -> Deck:
    return {"cards": cards, "draw": sorted(cards), "discard": [], "plot": [], "drawn": 0, "makeup": makeup}


def makeup(deck: Deck) -> str:
    """Whose make-up her deck follows: the app's estimate (games saved before it was kept too) or the players'."""
    return str(deck.get("makeup", ESTIMATED))


def refuse_outside_makeup(deck: Deck, card_type: str, ferocity: int, bc: BroodContent) -> None:
    """Physical mode with an entered make-up: a card the piles cannot give is a typing slip, not the box's truth."""
    if makeup(deck) != ENTERED or any(matches(deck["cards"][c], card_type, ferocity) for c in next_pool(deck)):
        return
    held = sum(1 for card in deck["cards"].values() if matches(card, card_type, ferocity))
    card = _label(card_type, ferocity, _type_name(card_type, bc))
    spread = _describe_left(deck, list(deck["cards"]), card_type)
    if not held:
        raise CommandError(msg("The make-up you entered for her deck has no {card} (of that type it has: {spread}). "
                               "Check the card; if your box differs, change her deck's make-up to match it (before "
                               "her first card: undo back to it if she has drawn).",
                               card=card, spread=spread))
    raise CommandError(msg("The make-up you entered for her deck has {card} x{n}, and none of them is left to draw "
                           "(of that type it has: {spread}). Check the card; if your box differs, change her deck's "
                           "make-up to match it (before her first card: undo back to it if she has drawn).",
                           card=card, n=held, spread=spread))


def shuffle_draw(state: State, deck: Deck) -> None:
    rng = Rng(state["rng"])
    rng.shuffle(deck["draw"])
    state["rng"] = rng.state


def reshuffle_if_empty(state: State, deck: Deck, virtual: bool) -> bool:
    """An empty draw pile takes the discard pile back (the plot pile stays out)."""
    if deck["draw"]:
        return False
    if not deck["discard"]:
        raise CommandError(msg("Her draw and discard piles are both empty: every card is on the plot pile."))
    deck["draw"], deck["discard"] = sorted(deck["discard"]), []
    if virtual:
        shuffle_draw(state, deck)
    return True


def draw_top(deck: Deck) -> str:
    card: str = deck["draw"].pop(0)
    deck["drawn"] += 1
    return card


def take_matching(deck: Deck, card_type: str, ferocity: int) -> str:
    """Physical mode: take a card like the one on the table out of the draw pile."""
    require_available(deck, card_type, ferocity)
    card_id = next(c for c in deck["draw"] if matches(deck["cards"][c], card_type, ferocity))
    deck["draw"].remove(card_id)
    deck["drawn"] += 1
    return str(card_id)


def make_room(deck: Deck, card_type: str, ferocity: int, bc: BroodContent) -> Msg | None:
    """Physical mode, the draw pile holds no card like the one on the table: the box is right.

    The app's make-up was an estimate, so it is corrected: a card of the same type with another
    Ferocity becomes this one (the type shares stay), or, with none of that type left, the card is
    added to her deck. Returns the sentence saying what changed, or None when nothing had to.
    """
    if any(matches(deck["cards"][c], card_type, ferocity) for c in deck["draw"]):
        return None
    record = chamber_record(bc) if card_type == CHAMBER else {"type": card_type, "ferocity": ferocity, "chamber": False}
    same = [c for c in deck["draw"] if _same_type(deck["cards"][c], card_type)]
    new_id = _free_id(deck, record)
    deck["cards"][new_id] = record
    name = _type_name(card_type, bc)
    label = _label(card_type, ferocity, name)
    if same:
        spread = Counter(deck["cards"][c]["ferocity"] for c in same)
        old = max(same, key=lambda c: (spread[deck["cards"][c]["ferocity"]], -deck["cards"][c]["ferocity"]))
        was = deck["cards"].pop(old)["ferocity"]
        deck["draw"][deck["draw"].index(old)] = new_id
        return msg("The app's estimate of her deck had no {card} left, so one of its cards ({old}) becomes one: "
                   "the box is right.", card=label, old=_label(card_type, was, name))
    deck["draw"].append(new_id)
    return msg("The app's estimate of her deck had no {card} left, so it adds one to her deck (now {cards} cards): "
               "the box is right.", card=label, cards=len(deck["cards"]))


def _type_name(card_type: str, bc: BroodContent) -> str:
    return bc.card_types[card_type].name if card_type in bc.card_types else "Chamber"


def _same_type(card: Card, card_type: str) -> bool:
    return bool(card["chamber"]) if card_type == CHAMBER else not card["chamber"] and card["type"] == card_type


def _free_id(deck: Deck, record: Card) -> str:
    stem = CHAMBER if record["chamber"] else f"{record['type']}-{record['ferocity']}"
    n = 1
    while f"{stem}-{n}" in deck["cards"]:
        n += 1
    return f"{stem}-{n}"


def require_available(deck: Deck, card_type: str, ferocity: int) -> None:
    """Refuse a physical card the app's piles say cannot be next (the draw pile, or the discard to reshuffle)."""
    pool = next_pool(deck)
    if any(matches(deck["cards"][c], card_type, ferocity) for c in pool):
        return
    raise CommandError(msg("By the app's count no {card} is left in her draw pile ({left}). Check the card, or fix "
                           "her deck before her first card.", card=_label(card_type, ferocity),
                           left=_describe_left(deck, pool, card_type)))


def matches(card: Card, card_type: str, ferocity: int) -> bool:
    if card_type == CHAMBER:
        return bool(card["chamber"])
    return not card["chamber"] and card["type"] == card_type and card["ferocity"] == ferocity


def _label(card_type: str, ferocity: int, name: str | None = None) -> Msg:
    if card_type == CHAMBER:
        return msg("Chamber")
    return msg("{card_type} with Ferocity {ferocity}", card_type=msg(name or card_type), ferocity=ferocity)


def chamber_record(bc: BroodContent) -> Card:
    return {"type": bc.chambers.type, "ferocity": bc.chambers.ferocity, "chamber": True}


def _describe_left(deck: Deck, pool: list[str], card_type: str) -> Msg:
    """What is left of that type, as a message: "Ferocity 2 x3, Ferocity 4 x1" (the list in the reader's words)."""
    labels: list[int | None] = []
    for cid in pool:
        card = deck["cards"][cid]
        if card_type == CHAMBER and card["chamber"]:
            labels.append(None)
        elif card["type"] == card_type and not card["chamber"]:
            labels.append(int(card["ferocity"]))
    if not labels:
        return msg("none of that type")
    counted = sorted(Counter(labels).items(), key=lambda item: -1 if item[0] is None else item[0])
    items = [msg("Chamber x{n}", n=n) if ferocity is None else msg("Ferocity {ferocity} x{n}", ferocity=ferocity, n=n)
             for ferocity, n in counted]
    listed = items[-1]
    for item in reversed(items[:-1]):  # a list of phrases, each a message: "{first}, {rest}"
        listed = msg("{first}, {rest}", first=item, rest=listed)
    return listed


def counts_by_type(deck: Deck, pile: Pile, types: list[str]) -> dict[str, int]:
    found = Counter(deck["cards"][cid]["type"] for cid in deck[pile])
    return {t: found.get(t, 0) for t in types}


def next_pool(deck: Deck) -> list[str]:
    """The cards the next draw comes from: the draw pile, or the discard pile it will become."""
    return list(deck["draw"] or deck["discard"])


class OddsRow(TypedDict):
    """The chance that her next card is of one type (and so does one action), as cards, a fraction and a percent."""

    type: str
    type_name: str
    action: str
    action_name: str
    cards: int
    of: int
    fraction: str
    percent: float


def odds(deck: Deck, bc: BroodContent, nest: bool) -> list[OddsRow]:
    """The chance of each action on her next card, as exact fractions of the cards left."""
    pool = next_pool(deck)
    counts = Counter(deck["cards"][cid]["type"] for cid in pool)
    out: list[OddsRow] = []
    for t in bc.card_types.values():
        action = bc.action_for(t.id, nest)
        n = counts.get(t.id, 0)
        chance = Fraction(n, len(pool)) if pool else Fraction(0)
        out.append({"type": t.id, "type_name": t.name, "action": action.id, "action_name": action.name,
                    "cards": n, "of": len(pool), "fraction": f"{chance.numerator}/{chance.denominator}",
                    "percent": round(float(chance) * 100, 1)})
    return out


def pile_of(deck: Deck, card_id: str) -> Pile | None:
    for pile in PILES:
        if card_id in deck[pile]:
            return pile
    return None
