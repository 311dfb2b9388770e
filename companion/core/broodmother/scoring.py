"""Her points and the end of the game: Slumber, battles, the ways to lose and to win.

``check_end`` runs after every command: the ants win the moment she is destroyed and
lose the moment the Meadow holds more centipedes than the threshold or her score leads
every colony's by the Colony Point threshold. ``finish`` settles a game that reached the
end of the last round: in solo/co-op she survived and wins; in the asymmetric variant she
takes her bonus and the most points win.
"""

from __future__ import annotations

from typing_extensions import TypedDict

from companion.core.broodmother import meadow
from companion.core.broodmother.content import brood_of
from companion.core.broodmother.model import (
    Brood,
    add_her_cp,
    best_ant_score,
    bm,
    has_broodmother,
    her_asym,
    her_cp,
    her_player,
    is_asymmetric,
    nest_found,
)
from companion.core.content import Content
from companion.core.end_codes import HER, EndCode
from companion.core.i18n import msg, render
from companion.core.outcome import end_early_undecided, finish_by_score, make_outcome
from companion.core.schema import Ended
from companion.core.state import State, ant_players

Outcome = Ended


class SlumberPreview(TypedDict):
    """Her Slumber points: centipedes plus inner hexes with a nymph, as numbers and as a sum in words."""

    centipedes: int
    inner_hexes: list[int]
    hex_points: int
    hex_rule: str
    total: int
    sum: str
    sum_message: dict[str, object]  # the sum as a stored message
    scored_this_round: bool


class HerInBattle(TypedDict):
    """What a battle against her adds to her Army Strength, once her nest is found."""

    in_play: bool
    hex: int | None
    size_bonus: int
    extra_cards: int


class CentipedeInBattle(TypedDict):
    """A hex centipede's size bonus in battle (its hex's nymphs)."""

    hex: int
    size_bonus: int


class TunnelInBattle(TypedDict):
    """The centipedes in the Great Tunnel and their size bonus (1 with a nymph there)."""

    count: int
    size_bonus: int


class BattleHelper(TypedDict):
    """What the players add to her and to each centipede in a battle."""

    broodmother: HerInBattle
    centipedes: list[CentipedeInBattle]
    tunnel_centipedes: TunnelInBattle


def slumber_preview(state: State, b: Brood) -> SlumberPreview:
    """Her Slumber points as a sum: centipedes, plus inner hexes with a nymph (halved in co-op)."""
    centipedes = meadow.centipedes_in_meadow(b)
    inner = meadow.inner_hexes_with_nymph(b)
    solo = state["mode"] == "solo"
    hex_points = len(inner) if solo else len(inner) // 2
    rule = msg("1 per Inner Meadow hex with a nymph") if solo else msg("1 per 2 Inner Meadow hexes with a nymph")
    total = msg("{centipedes} (centipedes) + {hex_points} ({rule}) = {total}", centipedes=centipedes,
                hex_points=hex_points, rule=rule, total=centipedes + hex_points)
    return {
        "centipedes": centipedes, "inner_hexes": inner, "hex_points": hex_points, "hex_rule": render(rule),
        "total": centipedes + hex_points,
        "sum": render(total), "sum_message": total.to_dict(),
        "scored_this_round": state["round"] in b["slumbers"],
    }


def score_slumber(state: State, b: Brood) -> int:
    points = int(slumber_preview(state, b)["total"])
    add_her_cp(state, points)
    b["slumbers"].append(state["round"])
    return points


def battle_helper(b: Brood) -> BattleHelper:
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


def loss_margins(state: State, b: Brood) -> dict[str, int]:
    """The two ways the ants lose, as numbers: centipedes against their threshold, her lead against hers.

    ``centipedes_to_spare`` and ``lead_to_spare`` count how many more the ants can afford; at 0
    the next centipede or point ends the game (more centipedes than the threshold; a lead equal
    to or more than the Colony Point threshold).
    """
    count, limit = meadow.centipedes_in_meadow(b), b["thresholds"]["centipedes"]
    lead, needed = her_cp(state) - best_ant_score(state), b["thresholds"]["cp"]
    return {"centipedes": count, "centipede_threshold": limit, "centipedes_to_spare": limit - count,
            "cp": her_cp(state), "lead": lead, "cp_threshold": needed, "lead_to_spare": needed - lead - 1}


def check_end(state: State, content: Content) -> Outcome | None:
    if not has_broodmother(state) or is_asymmetric(state):
        return None
    b = bm(state)
    ants = [p["id"] for p in ant_players(state)]
    if b["her"]["destroyed"]:
        return make_outcome(EndCode.BROODMOTHER_DESTROYED, msg("The Broodmother is destroyed: the ants win."), ants)
    m = loss_margins(state, b)
    if m["centipedes_to_spare"] < 0:
        return make_outcome(EndCode.CENTIPEDE_THRESHOLD,
                            msg("{centipedes} centipedes in the Meadow, more than the threshold of {threshold}: the "
                                "Broodmother wins.", centipedes=m["centipedes"], threshold=m["centipede_threshold"]),
                            [HER])
    if m["lead_to_spare"] < 0:
        best = best_ant_score(state)
        return make_outcome(EndCode.CP_THRESHOLD,
                            msg("Her lead over every colony is {lead} CP ({cp} to {best}), at least the Colony Point "
                                "threshold of {threshold}: the Broodmother wins.", lead=m["lead"], cp=m["cp"],
                                best=best, threshold=m["cp_threshold"]), [HER])
    return None


def ended_early(state: State, content: Content) -> Outcome | None:
    """A game against her stopped before its end: the rules call no side the winner before then, so none is; the
    standings name her Colony Points beside the colonies' (in the asymmetric variant she is a player)."""
    if not has_broodmother(state):
        return None
    if is_asymmetric(state):
        return end_early_undecided(state)
    return end_early_undecided(state, [(msg("the Broodmother"), her_cp(state))])


def finish(state: State, content: Content) -> Outcome | None:
    if not has_broodmother(state):
        return None
    b = bm(state)
    if not is_asymmetric(state):
        return make_outcome(EndCode.BROODMOTHER_SURVIVED,
                            msg("All {rounds} rounds played and the Broodmother still lives: she wins.",
                                rounds=state["rounds"]),
                            [HER])
    bonus = 0 if b["her"]["destroyed"] else brood_of(content).end_bonus
    if bonus:
        add_her_cp(state, bonus)
    her_asym(b)["bonus"] = bonus
    return finish_by_score(state, bonus if her_player(state) is not None else 0)
