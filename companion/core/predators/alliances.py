"""Predators & Prey's predator alliances: the deck, the revealed cards, each colony's ally.

Its state lives in ``state["modules_state"]["pp-predators"]``::

    {"deck": ["dragonfly", ...],            # face down, top first
     "discard": ["ladybug"],                # lost predators, beside the deck
     "available": ["cordyceps", ...],       # revealed below the predator sheet
     "allies": [{"player": "p1", "predator": "trapdoor-spider", "in_tunnel": False}],
     "cards": {"ladybug": {"name", "task", "offering", "strength", "effect", "scoring"}},  # typed
     "ticked": []}

Every one of the six cards is in exactly one of deck, discard, available or an alliance.
"""

from __future__ import annotations

from typing import Annotated, Literal, cast

from annotated_types import Ge, Le, MaxLen
from typing_extensions import TypedDict

from companion.core.content import Content
from companion.core.errors import CommandError
from companion.core.hooks import InvalidModuleState, ModuleState
from companion.core.i18n import Msg, msg
from companion.core.predators.content import AllyCard, alliances_content, ally_card
from companion.core.rng import Rng
from companion.core.schema import Id, Shape, strict
from companion.core.state import State, has, player

PP_KEY = "pp-predators"
PP_STATE_VERSION = 1
ADOPT_SALT = 0x5EED_A11E

CardText = Annotated[str, MaxLen(300)]


@strict
class Ally(TypedDict):
    player: Id
    predator: Id
    in_tunnel: bool


@strict
class TypedCard(TypedDict):
    name: Annotated[str, MaxLen(40)]
    task: CardText
    offering: CardText
    strength: Annotated[int, Ge(0), Le(20)] | None
    effect: CardText
    scoring: CardText


@strict
class AlliancesState(TypedDict):
    deck: Annotated[list[Id], MaxLen(12)]
    discard: Annotated[list[Id], MaxLen(12)]
    available: Annotated[list[Id], MaxLen(12)]
    allies: Annotated[list[Ally], MaxLen(5)]
    cards: dict[Id, TypedCard]
    ticked: Annotated[list[Annotated[str, MaxLen(200)]], MaxLen(2000)]


SHAPE = Shape(AlliancesState)


def pp_active(state: State) -> bool:
    return has(state, PP_KEY)


def revealed_count(players: int) -> int:
    for row in alliances_content()["revealed"]:
        if row["players"][0] <= players <= row["players"][1]:
            return row["cards"]
    return alliances_content()["revealed"][-1]["cards"]


def fresh(players: int, rng: Rng) -> AlliancesState:
    """Shuffle the six cards face down and reveal 2 (2-3 players) or 3 (4-5 players)."""
    deck = [c["id"] for c in alliances_content()["predators"]]
    rng.shuffle(deck)
    n = revealed_count(players)
    return {"deck": deck[n:], "discard": [], "available": deck[:n], "allies": [], "cards": {}, "ticked": []}


def pp_init(state: State, options: object, content: Content) -> None:
    rng = Rng(state["rng"])
    state["modules_state"][PP_KEY] = dict(fresh(len(state["players"]), rng))
    state["rng"] = rng.state


def pp_adopt(state: State, content: Content) -> ModuleState:
    """A game saved before the app tracked alliances: a deck shuffled (apart from the game's own
    generator, which stays as it was) with its cards revealed; correct them with "Revealed cards"."""
    return dict(fresh(len(state["players"]), Rng(state["rng"] ^ ADOPT_SALT)))


def alliances(state: State) -> AlliancesState:
    if not pp_active(state) or PP_KEY not in state.get("modules_state", {}):
        raise CommandError(msg("This game does not use the Predators & Prey predators."))
    return cast(AlliancesState, state["modules_state"][PP_KEY])


def card_name(a: AlliancesState, card_id: str) -> str:
    typed = a["cards"].get(card_id)
    return typed["name"] if typed and typed["name"] else ally_card(card_id)["name"]


def card_label(a: AlliancesState, card_id: str) -> Msg | str:
    """Its name to show: as the players typed it (a value), else the printed name (a message)."""
    typed = a["cards"].get(card_id)
    return typed["name"] if typed and typed["name"] else msg(ally_card(card_id)["name"])


CardWords = Literal["task", "offering", "effect", "scoring"]


def card_text(a: AlliancesState, card_id: str) -> AllyCard:
    """What the rulebook prints of a card, completed by what the players typed from it."""
    printed: AllyCard = ally_card(card_id)
    typed = a["cards"].get(card_id)

    def words(key: CardWords) -> str:
        return typed[key] if typed and typed[key] else printed[key]

    return {"id": card_id, "name": card_name(a, card_id), "source": printed["source"],
            "strength_rule": printed["strength_rule"], "task": words("task"), "offering": words("offering"),
            "effect": words("effect"), "scoring": words("scoring"),
            "strength": typed["strength"] if typed and typed["strength"] is not None else printed["strength"]}


def strength(a: AlliancesState, card_id: str, round_number: int, centipede_size: int | None = None) -> int | None:
    """The strength it adds in battle: the Cordyceps' is the round, the Centipede Mother's her size."""
    rule = ally_card(card_id)["strength_rule"]
    if rule == "round":
        return round_number
    if rule == "centipede":
        return centipede_size
    value = card_text(a, card_id)["strength"]
    return None if value is None else int(value)


def ally_of(a: AlliancesState, player_id: str) -> Ally | None:
    return next((x for x in a["allies"] if x["player"] == player_id), None)


def need_ally(state: State, player_id: str) -> Ally:
    a = alliances(state)
    x = ally_of(a, player_id)
    if x is None:
        raise CommandError(msg("{name} is allied with no predator.", name=player(state, player_id)["name"]))
    return x


def lose(state: State, a: AlliancesState, player_id: str) -> str | None:
    """The ally goes beside the deck and a new card is revealed (the discard reshuffled when the deck is out).

    Returns the newly revealed card's id (None if every card is out of the deck and discard).
    """
    x = ally_of(a, player_id)
    assert x is not None
    a["allies"].remove(x)
    a["discard"].append(x["predator"])
    return reveal_next(state, a)


def reveal_next(state: State, a: AlliancesState) -> str | None:
    if not a["deck"] and a["discard"]:
        rng = Rng(state["rng"])
        a["deck"], a["discard"] = list(a["discard"]), []
        rng.shuffle(a["deck"])
        state["rng"] = rng.state
    if not a["deck"]:
        return None
    card = a["deck"].pop(0)
    a["available"].append(card)
    return card


def pp_validate_state(module_state: object, state: State, content: Content) -> None:
    a = SHAPE.check(module_state, InvalidModuleState)
    ids = sorted(c["id"] for c in alliances_content(content)["predators"])
    held = sorted(a["deck"] + a["discard"] + a["available"] + [x["predator"] for x in a["allies"]])
    if held != ids:
        raise InvalidModuleState("deck, discard, available and allies must hold each predator card exactly once")
    if unknown := set(a["cards"]) - set(ids):
        raise InvalidModuleState(f"cards: no predator card {sorted(unknown)[0]!r}")
    seen: set[str] = set()
    for i, x in enumerate(a["allies"]):
        try:
            player(state, x["player"])
        except CommandError as exc:
            raise InvalidModuleState(f"allies.{i}.player: {exc}") from None
        if x["player"] in seen:
            raise InvalidModuleState(f"allies.{i}: a colony is allied with one predator at a time")
        seen.add(x["player"])


def side_strength(ants: int, evolutions: int = 0, predator_strength: int = 0, ferocity: int = 0) -> int:
    """A side's total in a Predators & Prey battle: ants, head evolutions, its predator's strength, Ferocity."""
    return ants + evolutions + predator_strength + ferocity


def battle_losses(loser_ants: int, loser_predators: int) -> dict[str, int]:
    """Losses when a side with an allied predator loses (interpretation pp-battle-losses).

    >>> battle_losses(3, 1)
    {'winner': 2, 'loser': 3, 'loser_predators': 1}
    """
    return {"winner": (loser_ants + loser_predators) // 2, "loser": loser_ants, "loser_predators": loser_predators}
