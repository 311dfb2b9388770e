"""What the decree panel and the checklist show, as plain data."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from typing_extensions import TypedDict

from companion.core.actions import Actions, actions, stepping
from companion.core.checklist import Item, command_item, entering
from companion.core.commands.base import Command
from companion.core.content import Content, Readings, readings
from companion.core.decrees.commands import ApplyDecree, ChooseDecree, SetMeasure, result_text
from companion.core.decrees.content import Decree, decrees_content, said
from companion.core.decrees.model import KEY, colonies, decrees
from companion.core.errors import CommandError
from companion.core.i18n import Msg, msg
from companion.core.state import SLUMBER, State


class ColonyMeasure(TypedDict):
    """A colony in ``decree_view``: the measure entered this round (None until entered)."""

    id: str
    name: str
    measure: int | None


class DecreeRound(TypedDict):
    """A round of ``decree_view["history"]``: each colony's measure and whether the decree was scored."""

    round: int
    measures: dict[str, int]
    applied: bool


class DecreeView(Readings):
    """What ``decree_view`` gives the decree panel."""

    decree: Decree | None
    known: list[Decree]
    round: int
    worth: int
    colonies: list[ColonyMeasure]
    colonies_by_id: dict[str, ColonyMeasure]  # the same colonies by id: one colony's measure draws its count alone
    preview: Msg | str
    applied: bool
    history: list[DecreeRound]
    actions: Actions  # each decree to choose (those typed in earlier games too), the measures, the apply button


def decree_view(state: State, content: Content, typed: Sequence[ChooseDecree] = ()) -> DecreeView:
    """The decree panel's data; ``typed``: the decrees typed in earlier games, offered again (the tab's library)."""
    d = decrees(state)
    entered = d["measures"][state["round"] - 1]
    preview: Msg | str
    try:
        preview = result_text(state, content)
    except CommandError as exc:
        preview = exc.args[0] if isinstance(exc.args[0], Msg) else str(exc)
    measures: list[ColonyMeasure] = [{"id": p["id"], "name": p["name"], "measure": entered.get(p["id"])}
                                      for p in colonies(state)]
    return {
        "decree": d["decree"], "known": list(decrees_content()["decrees"]),
        "round": state["round"], "worth": state["round"],
        "colonies": measures, "colonies_by_id": {c["id"]: c for c in measures},
        "preview": preview, "applied": state["round"] in d["applied"],
        "history": [{"round": i + 1, "measures": dict(row), "applied": i + 1 in d["applied"]}
                    for i, row in enumerate(d["measures"]) if row],
        **readings(decrees_content()),
        "actions": actions(_offered(state, entered, typed), state, content),
    }


def _offered(state: State, entered: dict[str, int], typed: Sequence[ChooseDecree]) -> list[Command]:
    """What the panel offers: each decree the app knows and each one typed before, each colony's measure one less
    or more (from 0 while none is entered), and the apply button."""
    out: list[Command] = [ChooseDecree(k["id"]) for k in decrees_content()["decrees"]]
    out += typed
    for p in colonies(state):
        pid = p["id"]
        out += stepping(partial(SetMeasure, pid), entered.get(pid) or 0)
    return [*out, ApplyDecree()]


def phase_items(state: State, content: Content, phase_id: str, event: str) -> list[Item]:
    if not entering(SLUMBER, KEY, state, phase_id, event):
        return []
    d = decrees(state)
    name = said(d["decree"], "name") if d["decree"] else msg("Queen's Decree")
    text: Msg
    try:
        text = msg("{decree}: {result}", decree=name, result=result_text(state, content))
    except CommandError:
        text = msg("{decree}: enter each colony's measure", decree=name)
    return [command_item("decree:score", KEY, text, ApplyDecree(), state, content,
                         done=state["round"] in d["applied"], scoring=True)]
