"""Everything a Broodmother screen shows, as plain data: no game logic is left for the UI.

``broodmother_view(state, content)`` returns thresholds, tokens, her points, the
machinations track, the meadow table, the last instructions, the open question with
its answer buttons, her deck's counts and odds, the Slumber sum, the battle numbers,
the end status, the interpretations that apply and its ``actions``: each command her panels send as drawn now,
allowed or the reason not (``broodmother.actions``), the one place a screen or the terminal learns what runs now.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from companion.core.broodmother import deck as piles
from companion.core.broodmother import meadow, reactions
from companion.core.broodmother.actions import her_actions
from companion.core.broodmother.asymmetric import power_text
from companion.core.broodmother.base import MAX_HEX, MAX_SITES
from companion.core.broodmother.checklist import adjustment_text, checklist
from companion.core.broodmother.commands import (
    AnswerExpand,
    AnswerPredator,
    AnswerStrike,
)
from companion.core.broodmother.content import BroodContent, brood_of
from companion.core.broodmother.model import (
    CARD_REPORT,
    KEY,
    ZONES,
    Brood,
    ant_count,
    asked_round,
    best_ant_score,
    bm,
    has_broodmother,
    her_asym,
    her_card_words,
    her_cp,
    is_asymmetric,
    solo_start,
)
from companion.core.broodmother.schema import (
    ExpandQuestion,
    Her,
    MeadowHex,
    PredatorQuestion,
    Report,
    StrikeQuestion,
    Thresholds,
    Tunnel,
    Turn,
)
from companion.core.broodmother.scoring import (
    battle_helper,
    loss_margins,
    slumber_preview,
)
from companion.core.broodmother.shown import (
    AsymShown,
    BroodmotherView,
    CardDrawn,
    ColonyRef,
    DeckShown,
    EndedShown,
    EndStatus,
    HerPoints,
    HerStanding,
    HexRow,
    InterpretationRef,
    InterpretationsShown,
    MachinationsShown,
    MeadowShown,
    PredatorOnBoard,
    QuestionAsked,
    QuestionCommon,
    QuestionShown,
    RoundCards,
    StartShown,
    TurnShown,
)
from companion.core.commands.base import Command
from companion.core.content import Content
from companion.core.i18n import N_, render, tr, trf, trn
from companion.core.predators.model import KEY as PREDATORS
from companion.core.predators.model import live, name_of, tracker
from companion.core.schema import Ended
from companion.core.state import SLUMBER, State

if TYPE_CHECKING:
    from companion.core.views import RivalStanding


View = BroodmotherView
ALWAYS_SHOWN = ("end",)


def broodmother_view(state: State, content: Content, drafted: Sequence[Command] = ()) -> View:
    """Her part of the game as a screen shows it (read only); ``drafted``: commands a tab is composing, whose
    answers its ``actions`` hold too (``broodmother.actions.her_actions``)."""
    return _broodmother_view(state, content, drafted)


def _broodmother_view(state: State, content: Content, drafted: Sequence[Command]) -> View:
    if not has_broodmother(state):
        return {"active": False}
    b, bc = bm(state), brood_of(content)
    thresholds: Thresholds = b["thresholds"]
    her: Her = b["her"]
    turn = _turn(state, b, bc)
    asked = question(state, b, bc)
    shown_meadow, named = _meadow(state, b), report_hexes(b["report"])
    return {
        "active": True, "mode": state["mode"], "asymmetric": is_asymmetric(state), "ants": b["ants"],
        "round": state["round"], "difficulty": {"id": b["difficulty"], "name": bc.difficulty_names[b["difficulty"]]},
        "thresholds": {**thresholds}, "initiative": b["initiative"], "start": _start(b, bc),
        "cp": _cp(state, b), "machinations": _machinations(b, bc),
        "meadow": shown_meadow, "her": {**her}, "predators": _predators(state),
        "report": b["report"], "report_draw": report_draw(b), "report_hexes": named, "turn": turn,
        "hexes_by_id": {str(row["number"]): {**row, "named": row["number"] in named} for row in shown_meadow["hexes"]},
        "question": asked,
        "deck": deck_view(b, bc), "slumber": slumber_preview(state, b), "battle": battle_helper(b),
        "end": _end(state, b), "interpretations": _interpretations(state, b, bc, asked),
        "checklist": checklist(state, bc), "asym": _asym(state, b, bc), "history": history(b),
        "actions": her_actions(state, content, b, turn, drafted),
    }


def history(b: Brood) -> list[RoundCards]:
    """Her cards this game, by round, oldest first: what the table can look back on."""
    rounds: dict[int, list[CardDrawn]] = {}
    for entry in b["history"]:
        rounds.setdefault(entry["round"], []).append({"words": entry["words"], "cancelled": entry["cancelled"]})
    return [{"round": r, "cards": cards} for r, cards in sorted(rounds.items())]


def _start(b: Brood, bc: BroodContent) -> StartShown:
    row = bc.row(min(max(b["ants"], 1), 4))
    return {"adjustments": adjustment_text(row.adjustments(b["difficulty"]), b["ants"]),
            "solo": solo_start(b)}


def _cp(state: State, b: Brood) -> HerPoints:
    best = best_ant_score(state)
    return {"total": her_cp(state), "by_round": list(b["cp"]), "best_ant": best,
            "lead": her_cp(state) - best, "lead_to_lose": b["thresholds"]["cp"]}


def _machinations(b: Brood, bc: BroodContent) -> MachinationsShown:
    return {
        "level": b["machinations"], "plot_pile": len(b["deck"]["plot"]), "plot_threshold": b["thresholds"]["plot"],
        "plot_pile_retired": bool(b["her"]["found"]), "after_level_3": b["after_level_3"],
        "levels": [{"level": lv.level, "name": tr(lv.name), "text": tr(lv.text),
                    "reached": b["machinations"] >= lv.level} for lv in bc.levels.values()],
        "nymphs_per_placement": meadow.nymphs_per_placement(b),
    }


def _predators(state: State) -> list[PredatorOnBoard]:
    """The Predators on the board (hers and any other), read from the predator tracker."""
    if PREDATORS not in state["modules_state"]:
        return []
    return [{**p, "name": tr(name_of(p["id"]))} for p in live(tracker(state))]


def _meadow(state: State, b: Brood) -> MeadowShown:
    rows: list[HexRow] = []
    hexes: list[MeadowHex] = b["hexes"]
    tunnel: Tunnel = b["tunnel"]
    for h in hexes:
        n = h["number"]
        rows.append({**h, "broodmother": b["her"]["hex"] == n and not b["her"]["destroyed"],
                     "predators": [p["name"] for p in _predators(state) if p["hex"] == n]})
    return {"hexes": rows, "tunnel": {**tunnel}, "centipedes": meadow.centipedes_in_meadow(b),
            "centipede_threshold": b["thresholds"]["centipedes"],
            "inner_hexes": sum(1 for h in b["hexes"] if h["zone"] == "inner")}


def report_hexes(report: Report | None) -> list[int]:
    """The places her report names, in order (0: the Great Tunnel). An entry of its own, so the meadow, which
    outlines them, is drawn again when they change, not at every card (``companion.ui.kept`` compares what a panel
    read: the whole report was a new one at each draw)."""
    return sorted({int(h) for line in report["lines"] if (h := line.get("hex")) is not None}) if report else []


def report_draw(b: Brood) -> int | None:
    """The number of the draw her report tells (her cards counted over the game), or None when the report is not
    her latest card's (a Slumber, a chased nymph, a cancel): two identical cards in a row read as two draws."""
    report, cards = b["report"], b["history"]
    if report is None or not cards:
        return None
    title = report["title"]
    if isinstance(title, dict) and title.get("key") == CARD_REPORT and title.get("params", {}).get("words") == \
            cards[-1]["words"]:
        return len(cards)
    return None


def _turn(state: State, b: Brood, bc: BroodContent) -> TurnShown | None:
    turn = b["turn"]
    if turn is None:
        return None
    return {"card": turn["card"], "type": turn["type"], "ferocity": turn["ferocity"], "chamber": turn["chamber"],
            "action": turn["action"], "action_name": tr(bc.actions[turn["action"]].name), "round": turn["round"],
            "cancelled": turn["cancelled"],
            "chamber_eggs": _chamber_egg_colonies(state, turn)}


def _chamber_egg_colonies(state: State, turn: Turn) -> list[ColonyRef]:
    """The colonies (not her) that put an egg on each of their Chambers after this card, when it asks it."""
    if turn["cancelled"] or not reactions.chamber_eggs_due(state, turn):
        return []
    return [{"id": p["id"], "name": p["name"]} for p in state["players"] if p["role"] == "ant"]


def question(state: State, b: Brood, bc: BroodContent) -> QuestionShown | None:
    """The open question with everything a screen needs to ask it: text, fields, buttons."""
    if not b["pending"]:
        return None
    q = b["pending"][0]
    common: QuestionCommon = {"kind": q["kind"], "more_after": len(b["pending"]) - 1, "asked": q.get("asked"),
              "round": asked_round(state, q), "card": her_card_words(b)}
    if q["kind"] == "expand":
        return {**_expand_question(b, q), **common}
    if q["kind"] == "predator":
        return {**_predator_question(b, bc, q), **common}
    return {**_strike_question(q), **common}


def _expand_question(b: Brood, q: ExpandQuestion) -> QuestionAsked:
    ask = N_("Her Expand: reveal the top hex of the hex deck. Which hex is it, how many collection sites does it "
             "have (all free, on a new hex), and is there room for it in the Inner Meadow?")
    if q["of"] > 1:
        ask = N_("Her Expand ({index} of {of}): reveal the top hex of the hex deck. Which hex is it, how many "
                 "collection sites does it have (all free, on a new hex), and is there room for it in the Inner "
                 "Meadow?")
    return {
        "command": AnswerExpand.name,
        "text": trf(ask, index=q["index"], of=q["of"]),
        "fields": [
            {"name": "number", "type": "int", "min": 1, "max": MAX_HEX, "taken": [h["number"] for h in b["hexes"]]},
            {"name": "sites", "type": "int", "min": 0, "max": MAX_SITES, "required": True},
            {"name": "zone", "type": "choice", "choices": list(ZONES), "default": "inner"},
            {"name": "centipede_hex", "type": "bool", "default": False},
            {"name": "nest", "type": "bool", "default": False, "hidden": bool(b["her"]["found"])},
        ],
        "buttons": [{"label": tr("Inner Meadow"), "args": {"zone": "inner"}},
                    {"label": tr("Outer Meadow (the Inner Meadow is full)"), "args": {"zone": "outer"}},
                    {"label": tr("The hex deck is empty"), "args": {"deck_empty": True}}],
        "interpretations": ["inner-meadow-asked", "expand-empty-hex-deck"],
    }


def _predator_question(b: Brood, bc: BroodContent, q: PredatorQuestion) -> QuestionAsked:
    return {
        "command": AnswerPredator.name,
        "text": trf("The {predator} ({health} Health) arrives: which hex holds the most ants? On a tie, pick the "
                    "lowest number (they are listed lowest first).", predator=tr(bc.predators[q["predator"]]),
                    health=q["health"]),
        "fields": [{"name": "hex", "type": "int"}],
        "buttons": [{"label": trf("Hex {hex}", hex=h["number"]), "args": {"hex": h["number"]}} for h in b["hexes"]],
        "interpretations": ["predator-pool"],
    }


def _strike_question(q: StrikeQuestion) -> QuestionAsked:
    return {
        "command": AnswerStrike.name,
        "text": trn("Her Strike in hex {hex} destroys up to {n} ant. How many ants were destroyed there? "
                    "(0 if none was there: she Invades instead.)",
                    "Her Strike in hex {hex} destroys up to {n} ants. How many ants were destroyed there? "
                    "(0 if none was there: she Invades instead.)", q["ferocity"], hex=q["hex"]),
        "fields": [{"name": "destroyed", "type": "int", "min": 0, "max": q["ferocity"]}],
        "buttons": [{"label": tr("None there") if n == 0 else trn("{n} destroyed", "{n} destroyed", n),
                     "args": {"destroyed": n}} for n in range(q["ferocity"] + 1)],
        "interpretations": ["strike-any-colony"],
    }


def deck_view(b: Brood, bc: BroodContent) -> DeckShown:
    """Spoiler-safe: how many of each type are left, never their order."""
    d, types = b["deck"], list(bc.card_types)
    return {
        "mode": b["deck_mode"], "makeup": piles.makeup(d), "size": len(d["cards"]), "drawn": d["drawn"],
        "draw": piles.counts_by_type(d, "draw", types), "discard": piles.counts_by_type(d, "discard", types),
        "plot": len(d["plot"]), "draw_total": len(d["draw"]), "discard_total": len(d["discard"]),
        "reshuffle_next": not d["draw"],
        "odds": [{**o, "action_name": tr(o["action_name"]), "type_name": tr(o["type_name"])}
                 for o in piles.odds(d, bc, bool(b["her"]["found"]))] if b["odds"] else None,
        "show_odds": b["odds"],
        "actions": {t.id: tr(bc.action_for(t.id, bool(b["her"]["found"])).name) for t in bc.card_types.values()},
    }


def _end(state: State, b: Brood) -> EndStatus:
    m = loss_margins(state, b)
    over: Ended | None = state["ended"]
    ended: EndedShown | None = {**over, "reason": render(over["reason"])} if over else None
    return {"ended": ended, "centipedes": m["centipedes"],
            "centipedes_before_loss": m["centipedes_to_spare"] + 1, "cp_lead": m["lead"],
            "cp_lead_before_loss": m["lead_to_spare"] + 1, "applies": not is_asymmetric(state)}


def _interpretations(state: State, b: Brood, bc: BroodContent, asked: QuestionShown | None
                     ) -> InterpretationsShown:
    current = list(b["report"]["interpretations"]) if b["report"] is not None else []
    if b["pending"]:
        current += {"expand": ["inner-meadow-asked"], "predator": ["predator-pool"],
                    "strike": ["strike-any-colony"]}[b["pending"][0]["kind"]]
        current.append("question-holds-the-game")
    if state["phase"] == SLUMBER:
        current.append("slumber-at-step-end")
    if state["phase"] not in bc.reaction_phases:
        current.append("reactions-in-worker-phase")
    shown = [i for i in bc.interpretations.values() if i.id in current or set(i.applies) & set(ALWAYS_SHOWN)]
    apart = {*(b["report"]["interpretations"] if b["report"] is not None else []),
             *(asked["interpretations"] if asked is not None else [])}  # shown with her card or her question
    now: list[InterpretationRef] = [{"id": i.id, "text": tr(i.text)} for i in shown]
    return {"current": now, "at_end": [i for i in now if i["id"] not in apart],
            "all": [{"id": i.id, "text": tr(i.text), "source": i.source, "applies": list(i.applies), "option": i.option}
                    for i in bc.interpretations.values()]}


def her_rival(state: State) -> RivalStanding | None:
    """The Broodmother of a solo or co-op game in the standings, under the colonies (in the asymmetric variant she
    is a player's, with her own row): her Colony Points as her cards and her Slumber booked them."""
    if not has_broodmother(state) or is_asymmetric(state):
        return None
    by_round = [int(points) for points in bm(state)["cp"]]
    running = [sum(by_round[: n + 1]) for n in range(len(by_round))]
    return {"id": KEY, "name": tr("The Broodmother"), "total": her_cp(state), "by_round": by_round,
            "history": running[: state["round"]]}


def her_standing(state: State, content: Content) -> HerStanding | None:
    """The asymmetric Broodmother's player in the standings: what she has instead of a colony (her eggs and the
    powers she has unlocked); None in any other game."""
    if not (has_broodmother(state) and is_asymmetric(state)):
        return None
    a, bc = her_asym(bm(state)), brood_of(content)
    return {"eggs": a["eggs"], "powers": [tr(p.name) for p in bc.powers.values() if p.id in a["unlocked"]]}


def _asym(state: State, b: Brood, bc: BroodContent) -> AsymShown | None:
    if not is_asymmetric(state):
        return None
    a = her_asym(b)
    return {
        "eggs": a["eggs"], "power_cost": bc.power_cost, "redraw_cost": bc.redraw_cost, "end_bonus": bc.end_bonus,
        "bonus_earned": a["bonus"], "ants": ant_count(state),
        "powers": [{"id": p.id, "name": tr(p.name), "text": power_text(p.id, state["round"], bc),
                    "unlocked": p.id in a["unlocked"]} for p in bc.powers.values()],
        "reactions": [{"id": r.id, "name": tr(r.name), "text": tr(r.text)} for r in bc.reactions.values()],
    }
