"""The aphid tracker's commands: hexes and herds entered, farms paid, aphids bred, devoured or lost.

Each is a small named command (verify / apply / describe), so every change is undoable and
logged. ``ApplyHarvest`` books the farms' Colony Points in the current round in one step
and says the cards ("Harvest: Ana +1 CP, +1 card"); cards are drawn at the table.
"""

from __future__ import annotations

from companion.core.commands.base import Command, require_int
from companion.core.content import Content
from companion.core.errors import CommandError
from companion.core.harvest import farming
from companion.core.harvest.content import harvest_content
from companion.core.harvest.model import AphidHex, AphidsState, aphids, check_hex, find_hex, free_sites
from companion.core.i18n import Msg, msg, nmsg
from companion.core.module_state import set_count
from companion.core.points import anything, book, check_bookable, rewards_text
from companion.core.state import HARVEST, State, game_def, player
from companion.core.words import joined

WHERE = ("sites", "outskirts")


def _name(state: State, pid: str) -> str:
    return str(player(state, pid)["name"])


class _OnHex(Command):
    """A command about one tracked hex: ``tracked_hex`` is that hex, or the refusal naming the tracked ones."""

    hex_id: str

    def tracked_hex(self, state: State) -> AphidHex:
        return find_hex(aphids(state), self.hex_id)


class AddAphidHex(Command, name="aphids_add_hex"):
    """Start tracking a hex that has (or may get) aphids."""

    hex_name: str
    sites: int

    def verify(self, state: State, content: Content) -> None:
        a = aphids(state)
        text = self.hex_name.strip() if isinstance(self.hex_name, str) else ""
        if not 1 <= len(text) <= 40:
            raise CommandError(msg("Give the hex a name of 1 to 40 characters (its name or number on the board)."))
        if any(h["name"].casefold() == text.casefold() for h in a["hexes"]):
            raise CommandError(msg("A hex called {name} is already tracked.", name=repr(text)))
        require_int(self.sites, msg("Collection sites"), 1, harvest_content(content)["max_sites"])

    def apply(self, state: State, content: Content) -> None:
        a = aphids(state)
        number = max((int(h["id"][1:]) for h in a["hexes"]), default=0) + 1
        a["hexes"].append({"id": f"h{number}", "name": self.hex_name.strip(), "sites": self.sites, "herds": {},
                           "outskirts": {}, "loose": 0, "controller": None})

    def describe(self, state: State, content: Content) -> Msg:
        return nmsg("Aphids: track {hex} ({n} collection site)", "Aphids: track {hex} ({n} collection sites)",
                    self.sites, hex=self.hex_name.strip())


class RemoveAphidHex(_OnHex, name="aphids_remove_hex"):
    def verify(self, state: State, content: Content) -> None:
        self.tracked_hex(state)

    def apply(self, state: State, content: Content) -> None:
        a = aphids(state)
        a["hexes"] = [h for h in a["hexes"] if h["id"] != self.hex_id]

    def describe(self, state: State, content: Content) -> Msg:
        return msg("Aphids: stop tracking {hex}", hex=self.tracked_hex(state)["name"])


def _changed(state: State, hex_id: str) -> AphidHex:
    """A copy of the hex to try a change on before ``check_hex`` accepts it."""
    h = find_hex(aphids(state), hex_id)
    return {**h, "herds": dict(h["herds"]), "outskirts": dict(h["outskirts"])}


def _counts(h: AphidHex, where: str) -> dict[str, int]:
    return h["herds"] if where == "sites" else h["outskirts"]


class SetHerd(_OnHex, name="aphids_set_herd"):
    """How many aphids a player herds in a hex, on collection sites or in the outskirts."""

    player_id: str
    count: int
    where: str = "sites"

    def verify(self, state: State, content: Content) -> None:
        player(state, self.player_id)
        if self.where not in WHERE:
            raise CommandError(msg("Where is one of {choices}; got {where}.", choices=", ".join(WHERE),
                                   where=repr(self.where)))
        require_int(self.count, msg("Herded aphids"), 0, harvest_content(content)["max_sites"])
        h = _changed(state, self.hex_id)
        if _counts(h, self.where).get(self.player_id, 0) == self.count:
            raise CommandError(msg("{name} already herds {count} there.", name=_name(state, self.player_id),
                                   count=self.count))
        set_count(_counts(h, self.where), self.player_id, self.count)
        check_hex(h, state)

    def apply(self, state: State, content: Content) -> None:
        h = self.tracked_hex(state)
        set_count(_counts(h, self.where), self.player_id, self.count)

    def describe(self, state: State, content: Content) -> Msg:
        h = self.tracked_hex(state)
        if self.where == "sites":
            return msg("{hex}: {name} herds {count} on collection sites", hex=h["name"],
                       name=_name(state, self.player_id), count=self.count)
        return msg("{hex}: {name} herds {count} in the outskirts", hex=h["name"], name=_name(state, self.player_id),
                   count=self.count)


class SetLoose(_OnHex, name="aphids_set_loose"):
    """Aphids on collection sites of a hex that no ant herds (left behind, placed, bred)."""

    count: int

    def verify(self, state: State, content: Content) -> None:
        require_int(self.count, msg("Unherded aphids"), 0, harvest_content(content)["max_sites"])
        h = _changed(state, self.hex_id)
        if h["loose"] == self.count:
            raise CommandError(nmsg("{hex} already has {n} unherded aphid.", "{hex} already has {n} unherded aphids.",
                                    self.count, hex=h["name"]))
        h["loose"] = self.count
        check_hex(h, state)

    def apply(self, state: State, content: Content) -> None:
        self.tracked_hex(state)["loose"] = self.count

    def describe(self, state: State, content: Content) -> Msg:
        return nmsg("{hex}: {n} aphid with no herder", "{hex}: {n} aphids with no herder", self.count,
                    hex=self.tracked_hex(state)["name"])


class SetController(_OnHex, name="aphids_set_controller"):
    """Who controls the hex (places its bred aphid); an empty id: nobody."""

    player_id: str = ""

    def verify(self, state: State, content: Content) -> None:
        h = self.tracked_hex(state)
        if self.player_id:
            player(state, self.player_id)
        if (h["controller"] or "") == self.player_id:
            raise CommandError(msg("That is already {hex}'s controller.", hex=h["name"]))

    def apply(self, state: State, content: Content) -> None:
        self.tracked_hex(state)["controller"] = self.player_id or None

    def describe(self, state: State, content: Content) -> Msg:
        h = self.tracked_hex(state)
        if not self.player_id:
            return msg("{hex}: controlled by nobody", hex=h["name"])
        return msg("{hex}: controlled by {name}", hex=h["name"], name=_name(state, self.player_id))


class LeaveInOutskirts(_OnHex, name="aphids_leave_outskirts"):
    """An ant in the outskirts leaves its aphid: it moves to a free site, or dies if there is none."""

    player_id: str

    def verify(self, state: State, content: Content) -> None:
        player(state, self.player_id)
        h = self.tracked_hex(state)
        if h["outskirts"].get(self.player_id, 0) <= 0:
            raise CommandError(msg("{name} herds no aphid in the outskirts of {hex}.",
                                   name=_name(state, self.player_id),
                                   hex=h["name"]))

    def apply(self, state: State, content: Content) -> None:
        farming.leave_in_outskirts(self.tracked_hex(state), self.player_id)

    def describe(self, state: State, content: Content) -> Msg:
        h = self.tracked_hex(state)
        if free_sites(h) > 0:
            return msg("{hex}: {name}'s aphid left in the outskirts moves to a free collection site", hex=h["name"],
                       name=_name(state, self.player_id))
        return msg("{hex}: {name}'s aphid left in the outskirts dies (no free collection site)", hex=h["name"],
                   name=_name(state, self.player_id))


class Devour(_OnHex, name="aphids_devour"):
    """Two ant steps eat an aphid of your herd (on a site first) and draw one card."""

    player_id: str

    def verify(self, state: State, content: Content) -> None:
        player(state, self.player_id)
        h = self.tracked_hex(state)
        if not h["herds"].get(self.player_id) and not h["outskirts"].get(self.player_id):
            raise CommandError(msg("{name} herds no aphid in {hex}.", name=_name(state, self.player_id), hex=h["name"]))

    def apply(self, state: State, content: Content) -> None:
        h = self.tracked_hex(state)
        counts = h["herds"] if h["herds"].get(self.player_id) else h["outskirts"]
        set_count(counts, self.player_id, counts[self.player_id] - 1)

    def describe(self, state: State, content: Content) -> Msg:
        d = harvest_content(content)["devour"]
        h = self.tracked_hex(state)
        return nmsg("{hex}: {name} devours an aphid ({steps} ant steps, draw {n} card)",
                    "{hex}: {name} devours an aphid ({steps} ant steps, draw {n} cards)", d["cards"], hex=h["name"],
                    name=_name(state, self.player_id), steps=d["steps"])


class NymphEatsAphid(_OnHex, name="aphids_nymph"):
    """A nymph placed on a site with an aphid destroys it (the aphids no ant herds)."""


    def verify(self, state: State, content: Content) -> None:
        h = self.tracked_hex(state)
        if h["loose"] <= 0:
            raise CommandError(msg("{hex} has no aphid without an ant; a nymph only takes a site no ant holds.",
                                   hex=h["name"]))

    def apply(self, state: State, content: Content) -> None:
        self.tracked_hex(state)["loose"] -= 1

    def describe(self, state: State, content: Content) -> Msg:
        return msg("{hex}: a nymph destroys an aphid", hex=self.tracked_hex(state)["name"])


def _harvest_step_open(state: State, content: Content, breeding: bool) -> AphidsState:
    """The aphids' state, when Harvest's step (the farms' pay, or breeding) may run: in Harvest, not yet done."""
    a = aphids(state)
    _in_harvest(state, content, breeding)
    if breeding and state["round"] in a["bred"]:
        raise CommandError(msg("The aphids have already bred in round {round} (Undo takes it back).",
                               round=state["round"]))
    if not breeding and state["round"] in a["harvested"]:
        raise CommandError(msg("The aphid farms of round {round} are already in the scores (Undo takes them back).",
                               round=state["round"]))
    return a


def _in_harvest(state: State, content: Content, breeding: bool) -> None:
    if state["phase"] != HARVEST:
        phase = game_def(state, content).phase(state["phase"]).message()
        if breeding:
            raise CommandError(msg("Aphids breed at Harvest (the first step of the Queen Phase); this is {phase}.",
                                   phase=phase))
        raise CommandError(msg("Aphid farms pay at Harvest (the first step of the Queen Phase); this is {phase}.",
                               phase=phase))


class ApplyHarvest(Command, name="aphids_harvest"):
    """Pay every aphid farm: Colony Points into this round's scores; the cards are said."""

    def verify(self, state: State, content: Content) -> None:
        a = _harvest_step_open(state, content, breeding=False)
        rewards = farming.harvest_rewards(a["hexes"])
        if not anything(rewards):
            raise CommandError(msg("No aphid farm pays anything now: a farm needs 2 or more herded aphids on "
                                   "collection sites."))
        check_bookable(state, rewards)

    def apply(self, state: State, content: Content) -> None:
        a = aphids(state)
        book(state, farming.harvest_rewards(a["hexes"]))
        a["harvested"].append(state["round"])

    def describe(self, state: State, content: Content) -> Msg:
        rewards = farming.harvest_rewards(aphids(state)["hexes"])
        return msg("Harvest: {rewards}", rewards=rewards_text(state, content, rewards))


class BreedAphids(Command, name="aphids_breed"):
    """After Harvest: one new aphid in each hex holding an aphid and a free collection site."""

    def verify(self, state: State, content: Content) -> None:
        a = _harvest_step_open(state, content, breeding=True)
        if state["round"] not in a["harvested"] and anything(farming.harvest_rewards(a["hexes"])):
            raise CommandError(msg("Pay the aphid farms first: aphids breed after Harvest."))
        if not any(farming.breeding(h)["breeds"] for h in a["hexes"]):
            raise CommandError(msg("No hex breeds: each needs an aphid on a collection site and a free site."))

    def apply(self, state: State, content: Content) -> None:
        a = aphids(state)
        for h in a["hexes"]:
            farming.breed(h)
        a["bred"].append(state["round"])

    def describe(self, state: State, content: Content) -> Msg:
        return msg("Breeding: {breeding}", breeding=breeding_text(state))


def breeding_text(state: State) -> Msg | str:
    """``+1 aphid in Lichen (Ana places it); +1 aphid in Moss (on the control site)``, as a message."""
    parts: list[Msg | str] = []
    for b in map(farming.breeding, aphids(state)["hexes"]):
        if b["breeds"] and b["placed_by"]:
            parts.append(msg("+1 aphid in {hex} ({name} places it)", hex=b["name"], name=_name(state, b["placed_by"])))
        elif b["breeds"]:
            parts.append(msg("+1 aphid in {hex} (on the control site)", hex=b["name"]))
    return joined(parts) if parts else msg("no hex breeds")
