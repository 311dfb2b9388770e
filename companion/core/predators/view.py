"""What the predator panels and the phase checklist show, computed once here as plain data."""

from __future__ import annotations

from functools import partial

from typing_extensions import TypedDict

from companion.core.actions import Actions, actions, stepping
from companion.core.checklist import Item, command_item, tick_item
from companion.core.commands.base import Command
from companion.core.content import Content
from companion.core.i18n import Msg, msg, tr, trf
from companion.core.predators.alliance_commands import LoseAlly, Recruit, SetAllyTunnel
from companion.core.predators.alliances import PP_KEY, AlliancesState, alliances, card_label, card_text, strength
from companion.core.predators.battle import CancelBattle, RevealCard, StartBattle, predator_strength
from companion.core.predators.commands import (
    ClearSpores,
    Damage,
    DrawPredators,
    Heal,
    PlaceSpores,
    SetSpores,
    Summon,
    WinAgainst,
)
from companion.core.predators.content import AllyCard, alliances_content, predator_info, predators_content
from companion.core.predators.model import KEY, OnBoard, live, name_of, predator_name, tracker
from companion.core.predators.rules import (
    CORDYCEPS,
    LADYBUG,
    MANTIS,
    TierRow,
    TypedTier,
    abilities,
    band_text,
    battle_cards,
    commit_step,
    spores_for,
    starting_health,
    tier_of,
)
from companion.core.state import SLUMBER, State, game_def
from companion.core.words import listing


class PredatorCard(TypedDict):
    """A predator on the board in ``predators_view``: its health and tier, abilities and battle cards."""

    id: str
    name: Msg
    hex: int | None
    health: int
    tier: int
    band: Msg
    round: int
    by: Msg | str
    gone: bool
    spores: int | None
    abilities: list[TierRow]
    battle_cards: int | None
    rules: list[str]


class BattleShown(TypedDict):
    """The battle being fought against a predator (``battle_view``): the cards revealed and its strength."""

    predator: str
    name: Msg
    player: str
    player_name: Msg | str
    cards: int
    revealed: list[int]
    bonus: int
    strength: int
    step: Msg
    all_out: bool


class NamedPredator(TypedDict):
    """A predator by id and name."""

    id: str
    name: Msg


class ListedPredator(NamedPredator):
    """A predator of the game, and whether its tiers are printed in the data (or typed from the card)."""

    printed: bool


class PredatorsView(TypedDict):
    """What ``predators_view`` gives the predators panel and ``companion predator``."""

    in_play: list[NamedPredator]
    all: list[ListedPredator]
    summonable: list[NamedPredator]
    round: int
    summon_health: int
    summon_tier: int
    predators: list[PredatorCard]
    battle: BattleShown | None
    ladybug: Msg | None
    typed: dict[str, list[TypedTier | None]]
    max_health: int
    interpretations: list[str]
    source: str
    actions: Actions  # what the panel offers (``_offered``): allowed now, or why not


class LabelledAlly(AllyCard):
    """A Predators & Prey card with its name to show (typed by the players, else the printed one)."""

    label: Msg | str


class OfferedAlly(LabelledAlly):
    """A card that can be allied now, with the strength it would add this round (None: as on its card)."""

    strength_now: int | None


class HeldAlly(OfferedAlly):
    """A colony's ally: whose it is and whether it stands in the Great Tunnel."""

    player: str
    player_name: str
    in_tunnel: bool


class AlliancesView(TypedDict):
    """What ``alliances_view`` gives the Predators & Prey panel and ``companion predator``."""

    available: list[OfferedAlly]
    allies: list[HeldAlly]
    free: list[str]
    deck: int
    discard: list[Msg | str]
    cards: list[LabelledAlly]
    interpretations: list[str]
    source: str
    actions: Actions  # each free colony's recruit, each ally's tunnel and losses (``_offered_allies``)


def _who(state: State, pid: str) -> Msg | str:
    if pid == "broodmother":
        return msg("the Broodmother")
    return next((p["name"] for p in state["players"] if p["id"] == pid), "")


def _hex(p: OnBoard) -> str:
    return trf("hex {hex}", hex=p["hex"]) if p["hex"] else tr("its hex")


def predator_card(state: State, p: OnBoard) -> PredatorCard:
    t = tracker(state)
    tier = tier_of(p["health"])
    return {
        "id": p["id"], "name": predator_name(p["id"]), "hex": p["hex"], "health": p["health"], "tier": tier,
        "band": band_text(tier), "round": p["round"], "by": _who(state, p["by"]), "gone": p["gone"],
        "spores": p["spores"] if spores_for(p["id"], max(p["health"], 1)) is not None else None,
        "abilities": abilities(p["id"], p["health"], t["tiers"]) if not p["gone"] else [],
        "battle_cards": battle_cards(p["id"], p["health"], p["spores"], t["tiers"]) if not p["gone"] else None,
        "rules": [r["text"] for r in predator_info(p["id"])["rules"]],
    }


def battle_view(state: State) -> BattleShown | None:
    b = tracker(state)["battle"]
    if b is None:
        return None
    return {"predator": b["predator"], "name": predator_name(b["predator"]), "player": b["player"],
            "player_name": _who(state, b["player"]), "cards": b["cards"], "revealed": list(b["revealed"]),
            "bonus": b["bonus"], "strength": predator_strength(b), "step": commit_step(b["cards"], len(b["revealed"])),
            "all_out": len(b["revealed"]) >= b["cards"]}


def ladybug_hint(state: State) -> Msg | None:
    """Where the Ladybug goes, read from the aphid tracker when it is in play (Clarifications > Ladybug)."""
    hexes = state.get("modules_state", {}).get("aphids", {}).get("hexes", [])
    counts = [(h["name"], sum(h["herds"].values()) + sum(h["outskirts"].values()) + h["loose"]) for h in hexes]
    most = max((n for _, n in counts), default=0)
    if most == 0:
        return None
    best = [name for name, n in counts if n == most]
    if len(best) == 1:
        return msg("The Ladybug goes to {hex}, the hex with the most aphids ({most}).", hex=best[0], most=most)
    numbered = sorted(int(name) for name in best if name.strip().isdigit())
    tied = listing(best)
    if len(numbered) == len(best):
        return msg("{hexes} tie with {most} aphids each: hex {lower}, the lower number (with Herd Omen, its player "
                   "picks).", hexes=tied, most=most, lower=numbered[0])
    return msg("{hexes} tie with {most} aphids each: the lower-numbered one (with Herd Omen, its player picks).",
               hexes=tied, most=most)


def predators_view(state: State, content: Content) -> PredatorsView:
    t = tracker(state)
    summoned = {p["id"] for p in t["predators"]}
    pool = t["in_play"] or [p["id"] for p in predators_content()["predators"]]
    cards = [predator_card(state, p) for p in t["predators"]]
    return {
        "in_play": [{"id": pid, "name": predator_name(pid)} for pid in t["in_play"]],
        "all": [{"id": p["id"], "name": predator_name(p["id"]), "printed": bool(p["tiers"])}
                for p in predators_content()["predators"]],
        "summonable": [{"id": pid, "name": predator_name(pid)} for pid in pool if pid not in summoned],
        "round": state["round"], "summon_health": starting_health(state["round"]),
        "summon_tier": tier_of(starting_health(state["round"])),
        "predators": cards,
        "battle": battle_view(state),
        "ladybug": ladybug_hint(state) if LADYBUG in pool and LADYBUG not in summoned else None,
        "typed": {pid: list(rows) for pid, rows in t["tiers"].items()},
        "max_health": predators_content()["max_health"],
        "interpretations": [i["text"] for i in predators_content()["interpretations"]],
        "source": predators_content()["source"],
        "actions": actions(_offered(state, cards, pool, summoned), state, content),
    }


#: The Ferocities a battle's card offers with one tap (another is typed).
QUICK_FEROCITY = range(0, 6)


def _offered(state: State, cards: list[PredatorCard], pool: list[str], summoned: set[str]) -> list[Command]:
    """What the panel offers: drawing the two Predators, summoning each one left, each one's Health and spores,
    each player's battle and win against it, and the battle's revealed cards and cancel."""
    out: list[Command] = [DrawPredators(), *(Summon(pid) for pid in pool if pid not in summoned)]
    players = [p["id"] for p in state["players"]]
    for card in cards:
        pid = card["id"]
        if card["spores"] is not None:
            out += stepping(partial(SetSpores, pid), card["spores"])
        out += [Damage(pid, 1), Heal(pid, 1)]
        out += [StartBattle(pid, who) for who in players if card["battle_cards"] is not None]
        out += [WinAgainst(pid, who) for who in players]
    return [*out, *(RevealCard(f) for f in QUICK_FEROCITY), CancelBattle()]


def alliances_view(state: State, content: Content) -> AlliancesView:
    a = alliances(state)
    names = {p["id"]: p["name"] for p in state["players"]}
    return {
        "available": [{**card_text(a, c), "label": card_label(a, c), "strength_now": strength(a, c, state["round"])}
                      for c in a["available"]],
        "allies": [{"player": x["player"], "player_name": names[x["player"]], "in_tunnel": x["in_tunnel"],
                    **card_text(a, x["predator"]), "label": card_label(a, x["predator"]),
                    "strength_now": strength(a, x["predator"], state["round"])}
                   for x in a["allies"]],
        "free": [p["id"] for p in state["players"] if all(x["player"] != p["id"] for x in a["allies"])],
        "deck": len(a["deck"]), "discard": [card_label(a, c) for c in a["discard"]],
        "cards": [{**card_text(a, c["id"]), "label": card_label(a, c["id"])} for c in alliances_content()["predators"]],
        "interpretations": [i["text"] for i in alliances_content()["interpretations"]],
        "source": alliances_content()["source"],
        "actions": actions(_offered_allies(state, a), state, content),
    }


def _offered_allies(state: State, a: AlliancesState) -> list[Command]:
    """What the Predators & Prey panel offers: each free colony recruiting each face-up predator; each ally moved
    into or out of the Great Tunnel, and lost for an unpaid Offering, in the tunnel or to each other colony."""
    players = [p["id"] for p in state["players"]]
    allied = {x["player"]: x for x in a["allies"]}
    out: list[Command] = [Recruit(pid, c) for c in a["available"] for pid in players if pid not in allied]
    for pid, x in allied.items():
        out += [SetAllyTunnel(pid, not x["in_tunnel"]), LoseAlly(pid, "offering")]
        out += [LoseAlly(pid, "tunnel")] if x["in_tunnel"] else []
        out += [LoseAlly(pid, "battle", w) for w in players if w != pid]
    return out


def phase_items(state: State, content: Content, phase_id: str, event: str) -> list[Item]:
    if event != "enter" or KEY not in state["modules_state"]:
        return []
    t, out = tracker(state), []
    for p in live(t):
        name, where = name_of(p["id"]), _hex(p)
        if p["id"] == CORDYCEPS and phase_id == "worker":
            place = PlaceSpores(p["id"])
            done = f"{state['round']}:{p['id']}" in t["spores_placed"]
            n, tier = spores_for(p["id"], p["health"]), tier_of(p["health"])
            text = trf("{name}: place {n} spore tokens in {where} (Tier {tier})", name=tr(name), n=n, where=where,
                       tier=tier)
            out.append(command_item(f"predators:spores:{p['id']}", KEY, text, place, state, content, done=done,
                                    scoring=False))
            out.append(tick_item(f"predators:carry:{p['id']}", KEY, tr("An ant carrying a spore token dies at the "
                                 "end of that turn; the token stays where it was carried."), state))
            out.append(tick_item(f"predators:erupt:{p['id']}", KEY, trf(
                "End of the Worker Phase: each spore token outside {where} erupts, destroying itself and 1 ant in "
                "its hex.", where=where), state))
        if p["id"] == MANTIS and phase_id == "soldier":
            out.append(tick_item(f"predators:mantis:{p['id']}", KEY, trf("{name} strikes {where}: each nest there "
                                 "loses the ants its Tier {tier} mantis number says.", name=tr(name), where=where,
                                 tier=tier_of(p["health"])), state))
    if phase_id == SLUMBER and any(p["id"] == CORDYCEPS for p in live(t)):
        done = not any(p["spores"] for p in live(t))
        out.append(command_item("predators:clear-spores", KEY, tr("Remove every spore token"), ClearSpores(), state,
                                content, done=done, scoring=False))
    return out


def pp_phase_items(state: State, content: Content, phase_id: str, event: str) -> list[Item]:
    if event != "enter" or PP_KEY not in state["modules_state"]:
        return []
    a, out = alliances(state), []
    names = {p["id"]: p["name"] for p in state["players"]}
    pts = tr(game_def(state, content).terms["cp"])
    for x in a["allies"]:
        who, it = names[x["player"]], card_label(a, x["predator"])
        offering = card_text(a, x["predator"])["offering"] or tr("as on its card")
        if phase_id == "worker":
            out.append(tick_item(f"pp:offering:{x['player']}", PP_KEY,
                                 trf("{name}: pay the {predator}'s Offering ({offering}), then move it to a "
                                     "neighbouring location.", name=who, predator=it, offering=offering.rstrip(".")),
                                 state, note=trf("Cannot pay: the {predator} is lost and {name} loses 1 {cp}.",
                                                 predator=it, name=who, cp=pts)))
        if phase_id == "soldier" and x["in_tunnel"]:
            out.append(command_item(f"pp:tunnel:{x['player']}", PP_KEY,
                                    trf("{name}'s {predator} is in the Great Tunnel: it is lost", name=who,
                                        predator=it), LoseAlly(x["player"], "tunnel"), state, content, done=False,
                                    scoring=False))
        if phase_id == SLUMBER:
            scoring = card_text(a, x["predator"])["scoring"] or tr("as on its card")
            out.append(tick_item(f"pp:scoring:{x['player']}", PP_KEY,
                                 trf("{name} scores the {predator}: {scoring}", name=who, predator=it,
                                     scoring=scoring), state))
    if phase_id == "soldier" and a["allies"]:
        out.append(tick_item("pp:tunnel-check", PP_KEY, tr("Every predator standing in the Great Tunnel now is lost."),
                             state))
    return out
