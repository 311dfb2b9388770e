"""What the Parasites panel and the Soldier Phase checklist show.

Texts are messages; a Parasite's ``says`` is its trigger to show (the rulebook's as a message, a typed one
as it is). The checklist's items are rendered here, in the reader's language.
"""

from __future__ import annotations

from typing_extensions import TypedDict

from companion.core.actions import Actions, actions
from companion.core.checklist import Item, command_item, entering, tick_item
from companion.core.commands.base import Command
from companion.core.content import Content, interpretations_said
from companion.core.i18n import Msg, msg, render
from companion.core.parasites.commands import DestroyParasite, HostDidNotBattle, paid
from companion.core.parasites.model import KEY, Parasite, ParasiteCard, parasites, parasites_content, said
from companion.core.state import State


class ShownParasite(Parasite):
    """A Parasite in play in ``parasites_view``: who plays it on whom, its trigger to show."""

    parasite_name: str
    host_name: str
    says: Msg | str


class KnownParasite(ParasiteCard):
    """A Parasite card of the game in ``parasites_view``, with its trigger to show."""

    says: Msg | str


class ParasitesView(TypedDict):
    """What ``parasites_view`` gives the Parasites panel."""

    parasites: list[ShownParasite]
    destroyed: list[Msg]
    known: list[KnownParasite]
    reminders: list[Msg]
    interpretations: list[Msg]
    actions: Actions  # each Parasite's point and its end (``_offered``): allowed now, or why not


def parasites_view(state: State, content: Content) -> ParasitesView:
    p = parasites(state)
    names = {x["id"]: x["name"] for x in state["players"]}
    return {
        "parasites": [{**x, "parasite_name": names[x["parasite"]], "host_name": names[x["host"]],
                       "says": said(x["trigger"])} for x in p["parasites"]],
        "destroyed": [msg("{card} ({host})", card=x["card"], host=names[x["host"]]) for x in p["destroyed"]],
        "known": [{**c, "says": said(c["trigger"])} for c in parasites_content()["cards"]],
        "reminders": [msg(text) for text in parasites_content()["reminders"]],
        "interpretations": interpretations_said(parasites_content()["interpretations"]),
        "actions": actions(_offered(p["parasites"]), state, content),
    }


def _offered(in_play: list[Parasite]) -> list[Command]:
    """What the panel offers each Parasite in play: its point for a host that fought no battle, and its end (an
    Evolution played on top)."""
    return [command for x in in_play for command in (HostDidNotBattle(x["id"]), DestroyParasite(x["id"]))]


def phase_items(state: State, content: Content, phase_id: str, event: str) -> list[Item]:
    """As the Soldier Phase ends, each Parasite's trigger (a point to book where the card gives one)."""
    if not entering("soldier", KEY, state, phase_id, event):
        return []
    names = {x["id"]: x["name"] for x in state["players"]}
    out: list[Item] = []
    for x in parasites(state)["parasites"]:
        who = {"card": x["card"], "parasite": names[x["parasite"]], "host": names[x["host"]]}
        if x["trigger"]:
            text = msg("End of the Soldier Phase, {card} ({parasite} on {host}): {trigger}", trigger=said(x["trigger"]),
                       **who)
        else:
            text = msg("End of the Soldier Phase, {card} ({parasite} on {host}): its trigger, as printed", **who)
        out.append(tick_item(f"parasites:{x['id']}", KEY, render(text), state))
        if x["no_battle_cp"]:
            point = msg("End of the Soldier Phase, {card} ({parasite} on {host}): {host} fought no battle, "
                        "{parasite} +{n}", n=x["no_battle_cp"], **who)
            out.append(command_item(f"parasites:{x['id']}:cp", KEY, render(point), HostDidNotBattle(x["id"]), state,
                                    content, done=paid(state, x["id"]), scoring=False))
    return out
