"""The plot pile and the Machinations track: what a full pile sets off.

A Plot card waits face up on the plot pile; when the pile holds as many cards as the
plot threshold it is discarded and the track moves up one level, each level with its own
effect. Questions the app cannot answer itself (which hex holds the most ants; which hex
she reveals) are queued in ``pending``.
"""

from __future__ import annotations

from companion.core.broodmother.content import BroodContent
from companion.core.broodmother.model import Brood, ask, say
from companion.core.i18n import msg, nmsg
from companion.core.predators.model import KEY as PREDATORS
from companion.core.predators.rules import starting_health
from companion.core.rng import Rng
from companion.core.state import State

MAX_LEVEL = 3
EXPANDS_AT_LEVEL_3 = 3


def add_to_plot_pile(state: State, b: Brood, bc: BroodContent, card_id: str) -> None:
    pile = b["deck"]["plot"]
    pile.append(card_id)
    threshold = b["thresholds"]["plot"]
    say(b, msg("Put the card face up on her plot pile ({count} of {threshold}).", count=len(pile), threshold=threshold))
    if len(pile) >= threshold:
        b["deck"]["discard"].extend(pile)
        b["deck"]["plot"] = []
        say(b, nmsg("The plot pile is full: discard its 1 card.", "The plot pile is full: discard its {n} cards.",
                    threshold))
        advance(state, b, bc)


def advance(state: State, b: Brood, bc: BroodContent) -> None:
    """Move the track up one level and set off that level's effect."""
    if b["machinations"] >= MAX_LEVEL:
        if b["after_level_3"] == "expand-again":
            say(b, msg("Her track is already at level 3: she Expands three times again."),
                interpretation="after-level-3")
            queue_expands(state, b, "machinations", EXPANDS_AT_LEVEL_3)
        else:
            say(b, msg("Her track is already at level 3: nothing more happens."), interpretation="after-level-3")
        return
    b["machinations"] += 1
    level = bc.levels[b["machinations"]]
    say(b, msg("Move the nymph on the Machinations track to level {level}: {effect}", level=level.level,
               effect=msg(level.text)))
    if level.level == 2:
        summon_predator(state, b, bc)
    elif level.level == MAX_LEVEL:
        queue_expands(state, b, "machinations", EXPANDS_AT_LEVEL_3)


def queue_expands(state: State, b: Brood, reason: str, count: int) -> None:
    for index in range(1, count + 1):
        ask(state, b, {"kind": "expand", "reason": reason, "index": index, "of": count})


def summon_predator(state: State, b: Brood, bc: BroodContent) -> None:
    """Draw a random Predator not yet used; ask which hex holds the most ants."""
    used = {p["id"] for p in state["modules_state"].get(PREDATORS, {}).get("predators", [])}  # gone ones too
    free = [pid for pid in bc.predators if pid not in used]
    if not free:
        say(b, msg("Every Predator is already used: none is summoned."), interpretation="predator-pool")
        return
    rng = Rng(state["rng"])
    chosen = rng.choice(free)
    state["rng"] = rng.state
    health = starting_health(state["round"])
    say(b, msg("She summons the {predator} with {health} Health.", predator=msg(bc.predators[chosen]), health=health),
        interpretation="predator-pool")
    ask(state, b, {"kind": "predator", "predator": chosen, "health": health})
