"""Her points and the end of the game: Slumber, battles, the ways to lose and to win.

``check_end`` runs after every command: the ants win the moment she is destroyed and
lose the moment the Meadow holds more centipedes than the threshold or her score leads
every colony's by the Colony Point threshold. ``finish`` settles a game that reached the
end of the last round: in solo/co-op she survived and wins; in the asymmetric variant she
takes her bonus and the most points win.
"""

from __future__ import annotations

from typing import Any

from companion.core.broodmother import meadow
from companion.core.broodmother.content import brood_content
from companion.core.broodmother.model import (
    Brood,
    active,
    add_her_cp,
    best_ant_score,
    bm,
    her_cp,
    her_player,
    is_asymmetric,
    nest_found,
)
from companion.core.content import Content
from companion.core.outcome import finish_by_score, make_outcome
from companion.core.state import State, ant_players

Outcome = dict[str, Any]


def slumber_preview(state: State, b: Brood) -> dict[str, Any]:
    """Her Slumber points as a sum: centipedes, plus inner hexes with a nymph (halved in co-op)."""
    centipedes = meadow.centipedes_in_meadow(b)
    inner = meadow.inner_hexes_with_nymph(b)
    solo = state["mode"] == "solo"
    hex_points = len(inner) if solo else len(inner) // 2
    rule = "1 per Inner Meadow hex with a nymph" if solo else "1 per 2 Inner Meadow hexes with a nymph"
    return {
        "centipedes": centipedes, "inner_hexes": inner, "hex_points": hex_points, "hex_rule": rule,
        "total": centipedes + hex_points,
        "sum": f"{centipedes} (centipedes) + {hex_points} ({rule}) = {centipedes + hex_points}",
        "scored_this_round": state["round"] in b["slumbers"],
    }


def score_slumber(state: State, b: Brood) -> int:
    points = int(slumber_preview(state, b)["total"])
    add_her_cp(state, points)
    b["slumbers"].append(state["round"])
    return points


def battle_helper(b: Brood) -> dict[str, Any]:
    """What the players add to her and to each centipede in a battle."""
    return {
        "broodmother": {
            "in_play": nest_found(b) and not b["her"]["destroyed"],
            "hex": b["her"]["hex"],
            "size_bonus": meadow.her_size_bonus(b),
            "extra_cards": meadow.centipedes_in_meadow(b),
        },
        "centipedes": [{"hex": h["number"], "size_bonus": h["nymphs"]} for h in b["hexes"] if h["centipede"]],
        "tunnel_centipedes": {"count": b["tunnel"]["centipedes"], "size_bonus": 1 if b["tunnel"]["nymph"] else 0},
    }


def check_end(state: State, content: Content) -> Outcome | None:
    if not active(state) or is_asymmetric(state) or "broodmother" not in state["modules_state"]:
        return None
    b = bm(state)
    ants = [p["id"] for p in ant_players(state)]
    if b["her"]["destroyed"]:
        return make_outcome("broodmother-destroyed", "The Broodmother is destroyed: the ants win.", ants)
    count, limit = meadow.centipedes_in_meadow(b), b["thresholds"]["centipedes"]
    if count > limit:
        return make_outcome("centipede-threshold",
                            f"{count} centipedes in the Meadow, more than the threshold of {limit}: "
                            "the Broodmother wins.", ["broodmother"])
    lead, needed = her_cp(state) - best_ant_score(state), b["thresholds"]["cp"]
    if lead >= needed:
        return make_outcome("cp-threshold",
                            f"Her {her_cp(state)} CP lead every colony by {lead}, reaching the threshold of "
                            f"{needed}: the Broodmother wins.", ["broodmother"])
    return None


def finish(state: State, content: Content) -> Outcome | None:
    if not active(state) or "broodmother" not in state["modules_state"]:
        return None
    b = bm(state)
    if not is_asymmetric(state):
        return make_outcome("broodmother-survived",
                            f"All {state['rounds']} rounds played and the Broodmother still lives: she wins.",
                            ["broodmother"])
    bonus = 0 if b["her"]["destroyed"] else brood_content().end_bonus
    if bonus:
        add_her_cp(state, bonus)
    b["asym"]["bonus"] = bonus
    outcome = finish_by_score(state)
    player = her_player(state)
    if player is not None and bonus:
        outcome["reason"] += f" (the Broodmother's total includes her {bonus}-point bonus)"
    return outcome
