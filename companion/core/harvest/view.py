"""What the aphid panel and the checklist show, computed once here as plain data."""

from __future__ import annotations

from functools import partial

from typing_extensions import TypedDict

from companion.core.actions import Actions, actions, stepping
from companion.core.broodmother.model import active as against_her
from companion.core.checklist import Item, command_item, entering
from companion.core.commands.base import Command
from companion.core.content import Content, Readings, readings
from companion.core.harvest import farming
from companion.core.harvest.commands import (
    ApplyHarvest,
    BreedAphids,
    Devour,
    LeaveInOutskirts,
    NymphEatsAphid,
    RemoveAphidHex,
    SetController,
    SetHerd,
    SetLoose,
    breeding_text,
)
from companion.core.harvest.content import harvest_content
from companion.core.harvest.model import KEY, AphidHex, aphids, free_sites, on_sites
from companion.core.i18n import Msg, msg, nmsg
from companion.core.points import anything, reward_text, rewards_text
from companion.core.state import State, game_def


def reminders(state: State) -> list[Msg]:
    """What players do by hand: devouring, an aphid left in the outskirts, and her nymphs."""
    d = harvest_content()["devour"]
    out = [
        nmsg("Devour: spend {steps} ant steps to eat an aphid of your herd and draw {n} card.",
             "Devour: spend {steps} ant steps to eat an aphid of your herd and draw {n} cards.", d["cards"],
             steps=d["steps"]),
        msg("An aphid left behind in the outskirts moves at once to a free collection site (the active player "
            "chooses); with no free site it dies."),
    ]
    if against_her(state):
        out.append(msg("A nymph placed on a collection site with an aphid destroys that aphid: tap \"A nymph destroys "
                       "an aphid\" on its hex."))
    return out


def _farm(farm: farming.HexFarm, cp: str) -> Msg:
    if not farm["herders"]:
        return msg("No herded aphid on a collection site: no farm")
    reward = reward_text(farm["reward"], cp)
    if farm["shared"]:
        return nmsg("{n} herded on sites: shared farm pays each herder {reward}",
                    "{n} herded on sites: shared farm pays each herder {reward}", farm["aphids"], reward=reward)
    return nmsg("{n} herded on sites: farm pays each herder {reward}",
                "{n} herded on sites: farm pays each herder {reward}", farm["aphids"], reward=reward)


def _breeding(brood: farming.Breeding, names: dict[str, str]) -> Msg:
    if brood["why"] == "full":
        return msg("full: no free collection site, no new aphid")
    if brood["why"] == "no-aphid":
        return msg("no aphid on a collection site: nothing breeds")
    if brood["placed_by"]:
        return msg("gains 1 aphid after Harvest ({name} places it)", name=names[brood["placed_by"]])
    return msg("gains 1 aphid after Harvest (on the control site)")


class HexShown(TypedDict):
    """An aphid hex in ``aphids_view``: its herds, free sites, farm and breeding, as numbers and messages."""

    id: str
    name: str
    sites: int
    free: int
    on_sites: int
    herds: dict[str, int]
    outskirts: dict[str, int]
    loose: int
    controller: str | None
    farm: Msg
    herders: list[str]
    breeding: Msg
    outskirts_note: Msg | str


class AphidsView(Readings):
    """What ``aphids_view`` gives the aphid panel."""

    hexes: list[HexShown]
    hexes_by_id: dict[str, HexShown]  # the same hexes by id: a hex's box is drawn again only when its own hex changes
    max_sites: int
    harvest: Msg | str
    harvested: bool
    bred: bool
    breeding: Msg | str
    reminders: list[Msg]
    actions: Actions  # each hex's counters, controller, quick taps and the two apply buttons (``_offered``)


def aphids_view(state: State, content: Content) -> AphidsView:
    """The panel's data; every text in it is a message (render it for the reader)."""
    a = aphids(state)
    cp = game_def(state, content).terms["cp"]
    names = {p["id"]: p["name"] for p in state["players"]}
    hexes: list[HexShown] = []
    for h in a["hexes"]:
        farm, brood = farming.hex_farm(h), farming.breeding(h)
        hexes.append({
            "id": h["id"], "name": h["name"], "sites": h["sites"], "free": free_sites(h), "on_sites": on_sites(h),
            "herds": dict(h["herds"]), "outskirts": dict(h["outskirts"]), "loose": h["loose"],
            "controller": h["controller"],
            "farm": _farm(farm, cp),
            "herders": [names[p] for p in farm["herders"]],
            "breeding": _breeding(brood, names),
            "outskirts_note": nmsg("{n} herded in the outskirts: it does not count and does not breed",
                                   "{n} herded in the outskirts: they do not count and do not breed",
                                   farm["ignored_outskirts"]) if farm["ignored_outskirts"] else "",
        })
    rewards = farming.harvest_rewards(a["hexes"])
    return {
        "hexes": hexes, "hexes_by_id": {h["id"]: h for h in hexes}, "max_sites": harvest_content()["max_sites"],
        "harvest": rewards_text(state, content, rewards) if anything(rewards) else msg("no farm pays anything"),
        "harvested": state["round"] in a["harvested"], "bred": state["round"] in a["bred"],
        "breeding": breeding_text(state),
        "reminders": reminders(state),
        **readings(harvest_content()),
        "actions": actions(_offered(state, a["hexes"]), state, content),
    }


def _offered(state: State, hexes: list[AphidHex]) -> list[Command]:
    """What the panel offers: for each hex, every player's herds on its sites and in its outskirts one less or
    more, its loose aphids, each controller, devouring, leaving one in the outskirts, a nymph's, and untracking;
    then Harvest's and breeding's apply buttons."""
    out: list[Command] = []
    for h in hexes:
        hid = h["id"]
        for p in state["players"]:
            pid = p["id"]
            out += stepping(partial(SetHerd, hid, pid, where="sites"), h["herds"].get(pid, 0))
            out += stepping(partial(SetHerd, hid, pid, where="outskirts"), h["outskirts"].get(pid, 0))
            out += [Devour(hid, pid), LeaveInOutskirts(hid, pid)]
        out += stepping(partial(SetLoose, hid), h["loose"])
        out += [SetController(hid, pid) for pid in [*(p["id"] for p in state["players"]), ""]]
        out += [NymphEatsAphid(hid), RemoveAphidHex(hid)]
    return [*out, ApplyHarvest(), BreedAphids()]


def phase_items(state: State, content: Content, phase_id: str, event: str) -> list[Item]:
    if not entering("harvest", KEY, state, phase_id, event):
        return []
    a = aphids(state)
    rewards = farming.harvest_rewards(a["hexes"])
    farms = msg("Aphid farms: {rewards}", rewards=rewards_text(state, content, rewards)) if anything(rewards) else \
        msg("Aphid farms: none pays anything")
    return [
        command_item("aphids:farms", KEY, farms, ApplyHarvest(), state, content,
                     done=state["round"] in a["harvested"], scoring=True),
        command_item("aphids:breeding", KEY, msg("Aphids breed: {breeding}", breeding=breeding_text(state)),
                     BreedAphids(), state, content,
                     done=state["round"] in a["bred"], scoring=False),
    ]
