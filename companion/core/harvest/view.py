"""What the aphid panel and the checklist show, computed once here as plain data."""

from __future__ import annotations

from typing import Any

from companion.core.checklist import Item, command_item
from companion.core.content import Content
from companion.core.harvest import farming
from companion.core.harvest.commands import ApplyHarvest, BreedAphids, breeding_text
from companion.core.harvest.content import harvest_content
from companion.core.harvest.model import KEY, aphids, free_sites, on_sites
from companion.core.points import anything, reward_text, rewards_text
from companion.core.state import State, game_def

BROOD_MODES = ("solo", "coop", "asymmetric")


def reminders(state: State) -> list[str]:
    """What players do by hand: devouring, an aphid left in the outskirts, and her nymphs."""
    d = harvest_content()["devour"]
    out = [
        f"Devour: spend {d['steps']} ant steps to eat an aphid of your herd and draw {d['cards']} card.",
        "An aphid left behind in the outskirts moves at once to a free collection site (the active player "
        "chooses); with no free site it dies.",
    ]
    if state.get("mode") in BROOD_MODES:
        out.append("A nymph placed on a collection site with an aphid destroys that aphid: tap \"A nymph destroys "
                   "an aphid\" on its hex.")
    return out


BREED_WHY = {
    "breeds": "gains 1 aphid after Harvest",
    "full": "full: no free collection site, no new aphid",
    "no-aphid": "no aphid on a collection site: nothing breeds",
}


def aphids_view(state: State, content: Content) -> dict[str, Any]:
    a = aphids(state)
    cp = game_def(state, content).terms["cp"]
    names = {p["id"]: p["name"] for p in state["players"]}
    hexes = []
    for h in a["hexes"]:
        farm, brood = farming.hex_farm(h), farming.breeding(h)
        kind = "shared farm" if farm["shared"] else "farm"
        hexes.append({
            "id": h["id"], "name": h["name"], "sites": h["sites"], "free": free_sites(h), "on_sites": on_sites(h),
            "herds": dict(h["herds"]), "outskirts": dict(h["outskirts"]), "loose": h["loose"],
            "controller": h["controller"],
            "farm": f"{farm['aphids']} herded on sites: {kind} pays each herder {reward_text(farm['reward'], cp)}"
                    if farm["herders"] else "No herded aphid on a collection site: no farm",
            "herders": [names[p] for p in farm["herders"]],
            "breeding": BREED_WHY[brood["why"]] + (
                f" ({names[brood['placed_by']]} places it)" if brood["placed_by"] else
                " (on the control site)" if brood["breeds"] else ""),
            "outskirts_note": (f"{farm['ignored_outskirts']} herded in the outskirts: they do not count and do "
                               "not breed") if farm["ignored_outskirts"] else "",
        })
    rewards = farming.harvest_rewards(a["hexes"])
    return {
        "hexes": hexes, "max_sites": harvest_content()["max_sites"],
        "harvest": rewards_text(state, content, rewards) if anything(rewards) else "no farm pays anything",
        "harvested": state["round"] in a["harvested"], "bred": state["round"] in a["bred"],
        "breeding": breeding_text(state),
        "reminders": reminders(state),
        "interpretations": [i["text"] for i in harvest_content()["interpretations"]],
        "source": harvest_content()["source"],
    }


def phase_items(state: State, content: Content, phase_id: str, event: str) -> list[Item]:
    if phase_id != "harvest" or event != "enter" or KEY not in state["modules_state"]:
        return []
    a = aphids(state)
    rewards = farming.harvest_rewards(a["hexes"])
    farms = f"Aphid farms: {rewards_text(state, content, rewards)}" if anything(rewards) else \
        "Aphid farms: none pays anything"
    return [
        command_item("aphids:farms", KEY, farms, ApplyHarvest(), state, content,
                     done=state["round"] in a["harvested"], scoring=True),
        command_item("aphids:breeding", KEY, f"Aphids breed: {breeding_text(state)}", BreedAphids(), state, content,
                     done=state["round"] in a["bred"], scoring=False),
    ]
