"""What the rulebooks print about predators, read from ``data/predators/`` and checked on load.

``predators.json``: Minions of the Meadow's five Predators (Health per round, the tier
bands, the Cordyceps' printed tiers, the Clarifications). ``alliances.json``: the six
predator cards of Predators & Prey (what the rulebook gives of each; players type the rest).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Literal, NotRequired

from annotated_types import Ge, Le, MaxLen, MinLen
from typing_extensions import TypedDict

from companion.core.datafiles import Interpretation
from companion.core.errors import CommandError, ContentError
from companion.core.i18n import N_, Msg, msg
from companion.core.module_state import by_id
from companion.core.schema import Id, strict
from companion.core.units import DataFile

Small = Annotated[int, Ge(0), Le(20)]
Text = Annotated[str, MaxLen(400)]


@strict
class Rule(TypedDict):
    text: Text
    source: Text


@strict
class PrintedTier(TypedDict):
    tier: Annotated[int, Ge(1), Le(3)]
    text: Text
    spores: Small


@strict
class TierBand(TypedDict):
    tier: Annotated[int, Ge(1), Le(3)]
    low: Annotated[int, Ge(1), Le(15)]
    high: Annotated[int, Ge(1), Le(15)]


@strict
class PredatorInfo(TypedDict):
    id: Id
    name: Annotated[str, MinLen(1), MaxLen(40)]
    rules: list[Rule]
    tiers: Annotated[list[PrintedTier], MaxLen(3)]
    cards_per_spore: NotRequired[Small]
    destroyed: NotRequired[Text]  # what befalls whoever brings it to 0 Health, besides the food


@strict
class PredatorsContent(TypedDict):
    schema: Literal[1]
    source: str
    health_per_round: Annotated[int, Ge(1), Le(5)]
    max_health: Annotated[int, Ge(1), Le(30)]
    in_play: Annotated[int, Ge(1), Le(5)]
    tiers: Annotated[list[TierBand], MinLen(3), MaxLen(3)]
    predators: Annotated[list[PredatorInfo], MinLen(1), MaxLen(10)]
    broodmother_pool: list[Id]
    interpretations: list[Interpretation]


@strict
class Revealed(TypedDict):
    players: Annotated[list[Annotated[int, Ge(1), Le(5)]], MinLen(2), MaxLen(2)]
    cards: Annotated[int, Ge(1), Le(6)]


@strict
class Loot(TypedDict):
    points: Small
    food: Small


@strict
class AllyCard(TypedDict):
    id: Id
    name: Annotated[str, MinLen(1), MaxLen(40)]
    strength: Small | None
    strength_rule: Literal["", "round", "centipede"]
    task: Text
    offering: Text
    effect: Text
    scoring: Text
    source: Text


@strict
class AlliancesContent(TypedDict):
    schema: Literal[1]
    source: str
    revealed: list[Revealed]
    offering_penalty: Small
    defeat_loot: Loot
    predators: Annotated[list[AllyCard], MinLen(1), MaxLen(12)]
    interpretations: list[Interpretation]


#: The names (and the one fate) in ``data/predators/*.json`` that a sentence shows, marked for the catalogue
#: (tests/predators checks that every name of the data is here). Their Spanish: docs/glossary-es.md.
NAMES = (N_("Centipede Broodmother"), N_("Trapdoor Spider"), N_("Ladybug"), N_("Praying Mantis"),
         N_("Cordyceps Fungus"), N_("Cordyceps"), N_("Centipede Mother"), N_("Dragonfly"), N_("Sixth predator"),
         N_("loses half of their ants to the Spider"))

def _pool_of_known_predators(data: PredatorsContent) -> None:
    ids = {p["id"] for p in data["predators"]}
    if unknown := set(data["broodmother_pool"]) - ids:
        raise ContentError(f"predators/predators.json: broodmother_pool names no predator {sorted(unknown)[0]!r}")


PREDATORS = DataFile(PredatorsContent, "predators", "predators.json", also=_pool_of_known_predators)
ALLIANCES = DataFile(AlliancesContent, "predators", "alliances.json")
predators_content = PREDATORS.of
alliances_content = ALLIANCES.of


def _match(text: str, entries: list[tuple[str, str]]) -> str | None:
    """The id of the entry whose id or name is ``text`` (any case; a unique start of it will do)."""
    key = text.strip().casefold().replace(" ", "-")
    for pid, name in entries:
        if key in (pid, name.casefold().replace(" ", "-")):
            return pid
    for found in ([pid for pid, name in entries if pid.startswith(key) or name.casefold().startswith(key)],
                  [pid for pid, _ in entries if any(word.startswith(key) for word in pid.split("-"))]):
        if key and len(found) == 1:
            return found[0]
    return None


def _known(entries: list[tuple[str, str]]) -> str:
    return ", ".join(f"{pid} ({name})" for pid, name in entries)


def _matched(text: str, entries: list[tuple[str, str]], refusal: Callable[[str], Msg]) -> str:
    """The id of the one entry ``text`` names (``_match``); else a refusal listing them all (``refusal(known)``)."""
    if (found := _match(text, entries)) is None:
        raise CommandError(refusal(_known(entries)))
    return found


def predator_info(predator_id: str) -> PredatorInfo:
    return by_id(predators_content()["predators"], predator_id, lambda known: msg(
        "No Predator {text}; the Predators are {known}.", text=repr(predator_id),
        known=", ".join(p["id"] for p in known)))


def find_predator(text: str) -> str:
    """A Minions of the Meadow Predator's id from its id or name: ``cordyceps`` -> ``cordyceps-fungus``."""
    entries = [(p["id"], p["name"]) for p in predators_content()["predators"]]
    return _matched(text, entries, lambda known: msg("No Predator {text}; the Predators are {known}.", text=repr(text),
                                                     known=known))


def ally_card(card_id: str) -> AllyCard:
    return by_id(alliances_content()["predators"], card_id, lambda known: msg(
        "No predator card {text}; the cards are {known}.", text=repr(card_id), known=", ".join(c["id"] for c in known)))


def find_ally_card(text: str) -> str:
    entries = [(c["id"], c["name"]) for c in alliances_content()["predators"]]
    return _matched(text, entries, lambda known: msg("No predator card {text}; the cards are {known}.",
                                                     text=repr(text), known=known))


def interpretation(key: str) -> str:
    for source in (predators_content()["interpretations"], alliances_content()["interpretations"]):
        for i in source:
            if i["id"] == key:
                return i["text"]
    raise KeyError(key)


def catalogue_texts() -> list[str]:
    """The printed texts the panels show through a message: rules, tiers, the P&P cards, interpretations."""
    predators, allies = predators_content(), alliances_content()
    texts = [r["text"] for p in predators["predators"] for r in [*p["rules"], *p["tiers"]]]
    texts += [c[k] for c in allies["predators"] for k in ("task", "offering", "effect", "scoring") if c[k]]
    return texts + [i["text"] for d in (predators, allies) for i in d["interpretations"]]
