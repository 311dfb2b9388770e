"""What the Mutations panel shows, as plain data: the deal, the kept cards and each ant's body.

Its texts are messages (``companion.core.i18n``); a card's ``name`` is the value the game keeps and its
``label`` what to show (the app's made-up names, "Head Mutation 2", as messages).
"""

from __future__ import annotations

from typing_extensions import TypedDict

from companion.core.actions import Actions, actions
from companion.core.content import Content, Readings, readings
from companion.core.i18n import Msg, msg
from companion.core.mutations.commands import DealMutations, PlayEvolution
from companion.core.mutations.content import MutationCard, mutations_content, said
from companion.core.mutations.model import card, mutations, on_body, redeal_due
from companion.core.state import State, ant_players
from companion.core.words import PARTS, Part, the_part


class Body(TypedDict):
    """An ant's body in ``body``: what each part holds, its caste bonuses, whether it is fully developed."""

    parts: dict[Part, str]
    mutations: dict[str, Msg | str]
    caste_bonus: dict[Part, int]
    fully_developed: bool
    developed_text: Msg


class ShownMutation(MutationCard):
    """A Mutation card to show: its name (``label``) and, for a dealt one, its ability (``""`` when none)."""

    label: Msg | str


class DealtMutation(ShownMutation):
    """A Mutation card dealt to a colony, with its ability to show."""

    ability: Msg | str


class MutationsPlayer(Body):
    """A colony in ``mutations_view``: its deal, the cards it kept and its body."""

    id: str
    name: str
    dealt: list[DealtMutation]
    kept: list[str]


class MutationsView(Readings):
    """What ``mutations_view`` gives the Mutations panel."""

    players: list[MutationsPlayer]
    deals: int
    dealt: bool
    redeal: Msg | None
    all_kept: bool
    cards: list[ShownMutation]
    reminders: list[Msg]
    actions: Actions  # the deal, and an Evolution on each colony's body parts


def body(state: State, pid: str) -> Body:
    """Each body part: an Evolution, a Mutation or nothing; the caste bonuses and the fully developed ant."""
    m = mutations(state)
    mine, evolved = on_body(m, pid), set(m["evolved"].get(pid, []))
    parts = {p: "evolution" if p in evolved else ("mutation" if p in mine else "empty") for p in PARTS}
    full = all(v == "evolution" for v in parts.values())
    cp = mutations_content()["fully_developed_cp"]
    with_mutation = [the_part(p) for p, v in parts.items() if v == "mutation"]
    developed: Msg
    if full:
        developed = msg("Fully developed ant: an Evolution on every body part ({cp} Colony Points).", cp=cp)
    elif all(v != "empty" for v in parts.values()) and len(with_mutation) == 1:
        developed = msg("Not a fully developed ant (no {cp} Colony Points): {part} holds a Mutation, not an Evolution.",
                        cp=cp, part=with_mutation[0])
    elif all(v != "empty" for v in parts.values()):
        developed = msg("Not a fully developed ant (no {cp} Colony Points): {first} and {second} hold Mutations, "
                        "not Evolutions.", cp=cp, first=with_mutation[0], second=with_mutation[-1])
    else:
        developed = msg("Not a fully developed ant yet.")
    return {"parts": parts, "mutations": {p: said(c["name"]) for p, c in mine.items()},
            "caste_bonus": {p: int(v == "evolution") for p, v in parts.items()},
            "fully_developed": full, "developed_text": developed}


def mutations_view(state: State, content: Content) -> MutationsView:
    m = mutations(state)
    due = redeal_due(state)
    names = {p["id"]: p["name"] for p in state["players"]}
    abilities = mutations_content()["abilities"]
    players: list[MutationsPlayer] = []
    for p in ant_players(state):
        pid = p["id"]
        players.append({
            "id": pid, "name": p["name"],
            "dealt": [{**card(m, i), "label": said(card(m, i)["name"]),
                       "ability": said(abilities[card(m, i)["name"]]) if card(m, i)["name"] in abilities else ""}
                      for i in m["dealt"].get(pid, [])],
            "kept": list(m["kept"].get(pid, [])), **body(state, pid),
        })
    reminders = [msg(text) for text in mutations_content()["reminders"]]
    if state["mode"] == "solo":
        reminders.append(msg(mutations_content()["solo"]))
    return {
        "players": players, "deals": m["deals"], "dealt": bool(m["dealt"]),
        "redeal": msg("{name} was dealt 4 Mutations for one body part: everyone gets a new deal.", name=names[due])
        if due else None,
        "all_kept": all(m["kept"].get(p["id"]) for p in ant_players(state)),
        "cards": [{**c, "label": said(c["name"])} for c in m["cards"]], "reminders": reminders,
        **readings(mutations_content()),
        "actions": actions([DealMutations(), *(PlayEvolution(p["id"], part) for p in players for part in p["parts"])],
                           state, content),
    }
