"""A new game against the Broodmother: her options, the Difficulty Chart applied, her state.

The chart row is picked by the number of ant colonies; the difficulty then changes the
group's Initiative Tokens (2 before adjustments) and the starting larvae and cards, which
the setup checklist and the panel show as final numbers.
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.core.broodmother.content import BroodContent, DeckGroup, brood_content, brood_of
from companion.core.broodmother.deck import ENTERED, ESTIMATED, build_cards, new_deck, shuffle_draw
from companion.core.broodmother.files import DIFFICULTIES
from companion.core.broodmother.model import BROOD_MODES, KEY, ant_count
from companion.core.content import Content
from companion.core.errors import CommandError
from companion.core.i18n import msg
from companion.core.schema import Json, JsonObject
from companion.core.state import State

DECK_MODES = ("virtual", "physical")
AFTER_LEVEL_3 = ("nothing", "expand-again")
TUNNEL_RULES = ("one", "many")
OPTION_NAMES = ("difficulty", "deck", "deck_composition", "odds", "after_level_3", "tunnel_centipedes")


def _choice(options: Mapping[str, Json], name: str, allowed: tuple[str, ...]) -> None:
    if name in options and options[name] not in allowed:
        raise CommandError(msg("Option {name}: choose one of {allowed} (got {got}).", name=name,
                               allowed=", ".join(allowed), got=repr(options[name])))


def parse_composition(raw: Json, bc: BroodContent) -> list[DeckGroup]:
    """A deck make-up typed by a player: ``[{"type", "ferocity", "count"}, ...]``, checked."""
    if not isinstance(raw, list | tuple) or not raw:
        raise CommandError(msg("Her deck needs a list of card groups: type, Ferocity and count."))
    groups = []
    limits = bc.deck_limits
    for item in raw:
        group = _group(item, bc)
        if not 0 <= group.ferocity <= limits["max_ferocity"]:
            raise CommandError(msg("A card's Ferocity must be 0-{high}; got {got}.", high=limits["max_ferocity"],
                                   got=group.ferocity))
        if not 0 <= group.count <= limits["max_count"]:
            raise CommandError(msg("A group holds 0-{high} cards; got {got}.", high=limits["max_count"],
                                   got=group.count))
        groups.append(group)
    total = sum(g.count for g in groups)
    if not 1 <= total <= limits["max_cards"]:
        raise CommandError(msg("Her deck must hold 1-{high} cards; this one has {total}.", high=limits["max_cards"],
                               total=total))
    return groups


def _group(item: Json, bc: BroodContent) -> DeckGroup:
    values: tuple[Json, Json, Json]
    if isinstance(item, Mapping):
        values = (item.get("type"), item.get("ferocity"), item.get("count"))
    elif isinstance(item, list | tuple) and len(item) == 3:
        values = (item[0], item[1], item[2])
    else:
        raise CommandError(msg("A card group is a type, a Ferocity and a count; got {got}.", got=repr(item)))
    card_type, ferocity, count = values
    if card_type not in bc.card_types:
        raise CommandError(msg("Unknown card type {got}; use {types}.", got=repr(card_type),
                               types=", ".join(bc.card_types)))
    if isinstance(ferocity, bool) or not isinstance(ferocity, int):
        raise CommandError(msg("A card group's Ferocity must be a whole number, not {got}.", got=repr(ferocity)))
    if isinstance(count, bool) or not isinstance(count, int):
        raise CommandError(msg("A card group's count must be a whole number, not {got}.", got=repr(count)))
    return DeckGroup(str(card_type), int(ferocity), int(count))


def validate_options(options: Mapping[str, Json], players: int, mode: str) -> None:
    """New-game options; refused in a game without the Broodmother."""
    given = set(options) & set(OPTION_NAMES)
    if mode not in BROOD_MODES:
        if given:
            raise CommandError(msg("{options}: only for games against the Broodmother.",
                                   options=", ".join(sorted(given))))
        return
    _choice(options, "difficulty", DIFFICULTIES)
    _choice(options, "deck", DECK_MODES)
    _choice(options, "after_level_3", AFTER_LEVEL_3)
    _choice(options, "tunnel_centipedes", TUNNEL_RULES)
    if "odds" in options and not isinstance(options["odds"], bool):
        raise CommandError(msg("Option odds: true or false."))
    if mode == "asymmetric" and options.get("difficulty", "normal") != "normal":
        raise CommandError(msg("The asymmetric variant has no difficulty levels; leave it at normal."))
    if "deck_composition" in options:
        parse_composition(options["deck_composition"], brood_content())  # the hook is given no content


def start_numbers(state: State, bc: BroodContent, difficulty: str) -> tuple[int, JsonObject]:
    """The group's Initiative Tokens and the start adjustments, from the chart."""
    ants = ant_count(state)
    row = bc.row(min(max(ants, 1), 4))
    adj = row.adjustments(difficulty)
    tokens = 0 if adj.get("no_initiative") else max(0, bc.base_initiative + adj.get("initiative", 0))
    start: JsonObject = {"larvae": adj.get("larvae", 0), "cards": adj.get("cards", 0),
                             "initiative_change": tokens - bc.base_initiative}
    if state["mode"] == "solo":
        solo = bc.solo_start
        start["solo"] = {"larvae": solo["larvae"] + start["larvae"], "food": solo["food"],
                         "cards": solo["cards"] + start["cards"], "initiative": tokens}
    return tokens, start


def init(state: State, options: Mapping[str, Json], content: Content) -> None:
    bc = brood_of(content)
    difficulty = options.get("difficulty", "normal")
    groups = (parse_composition(options["deck_composition"], bc) if "deck_composition" in options
              else list(bc.default_composition))
    tokens, start = start_numbers(state, bc, difficulty)
    row = bc.row(min(max(ant_count(state), 1), 4))
    asym = state["mode"] == "asymmetric"
    b: JsonObject = {
        "difficulty": difficulty, "deck_mode": options.get("deck", "virtual"), "odds": options.get("odds", True),
        "after_level_3": options.get("after_level_3", "nothing"),
        "tunnel_centipedes": options.get("tunnel_centipedes", "one"),
        "ants": ant_count(state), "thresholds": {"plot": row.plot, "cp": row.cp, "centipedes": row.centipedes},
        "initiative": 0 if asym else tokens, "start": start, "cp": [0] * state["rounds"], "machinations": 0,
        "deck": new_deck(build_cards(groups, chamber_count(state, bc), bc),
                         ENTERED if "deck_composition" in options else ESTIMATED),
        "hexes": [], "tunnel": {"nymph": False, "centipedes": 0},
        "her": {"found": False, "hex": None, "destroyed": False},
        "pending": [], "turn": None, "report": None, "slumbers": [], "checklist": {}, "history": [],
        "asym": {"eggs": 0, "unlocked": [], "unlock_rounds": [], "bonus": None} if asym else None,
    }
    state["modules_state"][KEY] = b
    if b["deck_mode"] == "virtual":
        shuffle_draw(state, b["deck"])


def chamber_count(state: State, bc: BroodContent) -> int:
    """Empires of the Earth puts its centipede-marked Chambers in her deck in solo play only."""
    return bc.chambers.count if state["mode"] == "solo" and "empires" in state["expansions"] else 0
