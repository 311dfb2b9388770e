"""The drafts as guided steps: what to deal, keep and let go, at the moment each happens."""

from __future__ import annotations

from functools import partial

from typing_extensions import TypedDict

from companion.core.actions import Actions, actions, stepping
from companion.core.checklist import Item, tick_item
from companion.core.commands.base import Command
from companion.core.content import Content
from companion.core.drafting.commands import CarryOver, carries_this_round, carry_closed
from companion.core.drafting.model import KEY, colonies, drafting, drafting_content, in_play, plan
from companion.core.i18n import Msg, msg, render, tr
from companion.core.state import HARVEST, SLUMBER, State, has
from companion.core.words import listing


def _names(state: State) -> dict[str, str]:
    return {p["id"]: p["name"] for p in state["players"]}


def carried(state: State, kind: str, from_round: int) -> dict[str, int]:
    return dict(drafting(state)[kind].get(str(from_round), {}))  # type: ignore[literal-required]


def draft_step(state: State, variant: str) -> Msg | None:
    """This round's draft, as one sentence, or None when the variant has no draft now."""
    rule = drafting_content()["variants"][variant]
    n = len(colonies(state))
    if rule["when"] == "setup" and state["round"] != 1:
        return None
    if variant == "setup-draft":
        p = plan(variant, n)
        return msg("Setup Draft: deal {deal} cards to each colony ({total} in all) and draft them; each keeps "
                   "{keep} as its starting hand and the other {rest} are shuffled back into the deck.",
                   deal=p["deal"], total=p["total"], keep=p["keep"], rest=p["rest"])
    if variant == "deck-draft":
        p = plan(variant, n)
        if state["round"] == 1:
            return msg("Deck Draft: deal {deal} cards to each colony ({total} in all) and draft them; each "
                       "discards {rest} and shuffles the other {keep} into its own deck. Then each draws 2 from "
                       "its own deck to start.", deal=p["deal"], total=p["total"], keep=p["keep"], rest=p["rest"])
        return msg("Deck Draft: deal {deal} cards to each colony ({total} in all) and draft them; each "
                   "discards {rest} and shuffles the other {keep} into its own deck.",
                   deal=p["deal"], total=p["total"], keep=p["keep"], rest=p["rest"])
    extra = carried(state, "extra", state["round"] - 1)
    aside = carried(state, "aside", state["round"] - 1)
    base = plan(variant, n)
    keeps = [msg("{name} {n}", name=name, n=plan(variant, n, extra.get(pid, 0))["keep"])
             for pid, name in _names(state).items() if extra.get(pid)]
    if keeps:
        text = msg("Round Draft: deal {deal} cards to each colony ({total} in all) and draft them; each keeps "
                   "{keep} and discards the rest (keeping more: {keeps}).", deal=base["deal"], total=base["total"],
                   keep=base["keep"], keeps=listing(keeps))
    else:
        text = msg("Round Draft: deal {deal} cards to each colony ({total} in all) and draft them; each keeps "
                   "{keep} and discards the rest.", deal=base["deal"], total=base["total"], keep=base["keep"])
    if aside:
        then = msg("Then add the aphid-farm cards set aside: {cards}.",
                   cards=listing([msg("{name} {n}", name=_names(state)[pid], n=k) for pid, k in aside.items()]))
        text = msg("{first} {then}", first=text, then=then)
    return text


class DraftVariant(TypedDict):
    """A draft variant in play in ``drafting_view``: its numbers and this round's step (None when none now)."""

    id: str
    name: str
    plan: dict[str, int]
    now: Msg | None


class DraftColony(TypedDict):
    """A colony in ``drafting_view``: the cards it keeps more, and those set aside, at the next draft."""

    id: str
    name: str
    extra: int
    aside: int


class DraftingView(TypedDict):
    """What ``drafting_view`` gives the drafting panel."""

    variants: list[DraftVariant]
    how: str
    carry: bool
    carry_now: bool  # the carry-overs are entered now (``carry_closed``: what ``CarryOver`` asks too)
    colonies: list[DraftColony]
    reminders: list[str]
    interpretations: list[str]
    actions: Actions  # each colony's cards kept and set aside, one less or more


def drafting_view(state: State, content: Content) -> DraftingView:
    variants = in_play(state)
    n = len(colonies(state))
    carry = carries_this_round(state, content)
    return {
        "variants": [{"id": v, "name": content.variants[v].name, "plan": plan(v, n), "now": draft_step(state, v)}
                     for v in variants],
        "how": drafting_content()["how"],
        "carry": carry, "carry_now": carry_closed(state, content) is None,
        "colonies": [{"id": p["id"], "name": p["name"],
                      "extra": carried(state, "extra", state["round"]).get(p["id"], 0),
                      "aside": carried(state, "aside", state["round"]).get(p["id"], 0)} for p in colonies(state)],
        "reminders": [r for v in variants for r in drafting_content()["reminders"].get(v, [])],
        "interpretations": [i["text"] for i in drafting_content()["interpretations"]
                            if has(state, "round-draft") or i["id"] != "autumn-round-4"],
        "actions": actions(_offered(state), state, content),
    }


def _offered(state: State) -> list[Command]:
    """What the panel offers each colony: its card-site cards kept and its aphid-farm cards set aside, one less or
    more."""
    out: list[Command] = []
    for kind in ("extra", "aside"):
        now = carried(state, kind, state["round"])
        for p in colonies(state):
            out += stepping(partial(CarryOver, p["id"], kind), now.get(p["id"], 0))
    return out


def phase_items(state: State, content: Content, phase_id: str, event: str) -> list[Item]:
    if event != "enter" or KEY not in state["modules_state"]:
        return []
    out: list[Item] = []
    carry = carries_this_round(state, content)
    if phase_id == "worker":
        for v in in_play(state):
            if (text := draft_step(state, v)) is not None:
                out.append(tick_item(f"drafting:{v}", KEY, render(text), state))
    if carry and phase_id == HARVEST:
        out.append(tick_item("drafting:harvest", KEY, tr("Round Draft: card collection sites give no card now "
                             "(enter each colony's as cards kept at the next draft); aphid-farm cards go face down "
                             "beside the mat."), state))
    if carry and phase_id == SLUMBER:
        out.append(tick_item("drafting:discard", KEY, tr("Round Draft: at the end of Slumber, every colony "
                             "discards its whole hand."), state))
    return out
