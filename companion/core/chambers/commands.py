"""The chamber tracker's commands: cards entered and played, eggs placed and taken, chambers activated.

Each is a small named command (verify / apply / describe), so every change is undoable and
logged. The rules they enforce (Empires of the Earth > Chambers, Old Tunnels, Card Notes;
Predators & Prey > Nest Chambers): eggs only into free space, 1 up to the spaces when a
Chamber is played (0 when played for free), activation only when full and in the card's
phase, an Old Tunnel discarded after its one use, and each colony's 36 ant markers.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.core.chambers.content import CARD, PHASE_NAMES, CardDef, chambers_content
from companion.core.chambers.model import (
    Chamber,
    activation_key,
    chambers,
    eggs_of,
    evolved,
    find,
    find_card,
    known_cards,
    markers_free,
    owned,
    phase_of,
)
from companion.core.commands.base import Command, require_int
from companion.core.content import Content
from companion.core.errors import CommandError
from companion.core.state import State, game_def, player

WHY = ("reaction", "losses", "solo")
SOURCES = ("supply", "larva", "ant")
PAID = ("larvae", "ants", "free")


def _name(state: State, pid: str) -> str:
    return str(player(state, pid)["name"])


def _new_id(state: State) -> str:
    c = chambers(state)
    used = [int(ch["id"][1:]) for ch in c["chambers"] + c["discarded"]]
    return f"c{max(used, default=0) + 1}"


def _add(state: State, owner: str, card: CardDef, eggs: int, whole_game: bool = False) -> None:
    chamber: Chamber = {"id": _new_id(state), "owner": owner, "card": dict(card),  # type: ignore[typeddict-item]
                        "eggs": eggs, "whole_game": whole_game, "activations": []}
    chambers(state)["chambers"].append(chamber)


def _ant(state: State, pid: str) -> None:
    if player(state, pid)["role"] != "ant":
        raise CommandError(f"{_name(state, pid)} is the Broodmother and has no chambers.")


@dataclass(frozen=True)
class DefineCard(Command):
    """A chamber card the rulebooks do not print, entered once: its spaces and its activation phase."""

    name = "chambers_define"
    remembered = True
    remember_key = ("card_name", "kind")
    card_name: str
    capacity: int
    phase: str
    kind: str = "chamber"
    ability: str = ""

    def card(self, state: State) -> CardDef:
        named = next((n for n in chambers_content()["named"]
                      if n["name"].casefold() == str(self.card_name).strip().casefold()), None)
        data = {"name": str(self.card_name).strip(), "edition": state["game"], "kind": self.kind,
                "capacity": self.capacity, "phase": self.phase, "from_losses": bool(named and named["from_losses"]),
                "ability": str(self.ability).strip()}
        if self.phase not in PHASE_NAMES:
            raise CommandError(f"The phase is one of {', '.join(PHASE_NAMES)}; got {self.phase!r}.")
        if self.phase == "any" and not evolved(state):
            raise CommandError("An Empires of the Earth Chamber activates in the Worker, Soldier or Queen Phase.")
        if self.kind == "old-tunnel" and self.phase != "queen":
            raise CommandError("Old Tunnels activate in the Queen Phase.")
        require_int(self.capacity, "Egg spaces", 1, chambers_content()["max_capacity"])
        return CARD.check(data, CommandError)

    def verify(self, state: State, content: Content) -> None:
        chambers(state)
        card = self.card(state)
        if any(d["name"].casefold() == card["name"].casefold() and d["kind"] == card["kind"]
               for d in known_cards(state)):
            raise CommandError(f"{card['name']} is already in the list.")

    def apply(self, state: State, content: Content) -> None:
        chambers(state)["catalogue"].append(self.card(state))

    def describe(self, state: State, content: Content) -> str:
        c = self.card(state)
        return f"Chamber card entered: {c['name']} ({c['capacity']} spaces, {PHASE_NAMES[c['phase']]})"


@dataclass(frozen=True)
class PlayChamber(Command):
    """Empires of the Earth: a Chamber card played, with 1 egg up to its spaces per larva/ant paid (0 if free)."""

    name = "chambers_play"
    player_id: str
    card_name: str
    eggs: int
    paid: str = "larvae"

    def verify(self, state: State, content: Content) -> None:
        chambers(state)
        _ant(state, self.player_id)
        if evolved(state):
            raise CommandError("Nest Chambers are dealt at the start (two per colony), not played from the hand.")
        card = find_card(state, self.card_name, "chamber")
        if self.paid not in PAID:
            raise CommandError(f"Paid with one of {', '.join(PAID)}; got {self.paid!r}.")
        if self.paid == "free":
            if self.eggs != 0:
                raise CommandError("A Chamber played for free enters play with no egg.")
            return
        require_int(self.eggs, f"Eggs in {card['name']}", 1, card["capacity"])

    def apply(self, state: State, content: Content) -> None:
        _add(state, self.player_id, find_card(state, self.card_name, "chamber"), self.eggs)

    def describe(self, state: State, content: Content) -> str:
        card = find_card(state, self.card_name, "chamber")
        how = "for free, with no egg" if self.paid == "free" else \
            f"paying {self.eggs} {self.paid}: {self.eggs} of {card['capacity']} eggs"
        return f"{_name(state, self.player_id)} plays {card['name']} {how}"


@dataclass(frozen=True)
class TakeOldTunnel(Command):
    """Empires of the Earth: a colony's starting Old Tunnel, empty; ``whole_game``: its reverse side instead."""

    name = "chambers_old_tunnel"
    player_id: str
    card_name: str
    whole_game: bool = False

    def verify(self, state: State, content: Content) -> None:
        c = chambers(state)
        _ant(state, self.player_id)
        if evolved(state):
            raise CommandError("In Predators & Prey the Old Tunnel is a side of a dealt Nest Chamber.")
        find_card(state, self.card_name, "old-tunnel")
        if any(ch["card"]["kind"] == "old-tunnel" for ch in owned(c, self.player_id) + c["discarded"]
               if ch["owner"] == self.player_id):
            raise CommandError(f"{_name(state, self.player_id)} already has an Old Tunnel (one each).")

    def apply(self, state: State, content: Content) -> None:
        _add(state, self.player_id, find_card(state, self.card_name, "old-tunnel"), 0, self.whole_game)

    def describe(self, state: State, content: Content) -> str:
        side = " on its reverse side (an ability for the whole game)" if self.whole_game else ""
        return f"{_name(state, self.player_id)} starts with {self.card_name.strip()}{side}"


@dataclass(frozen=True)
class KeepNestChambers(Command):
    """Predators & Prey: of the two cards dealt, one kept on its Old Tunnel side and one on its chamber side."""

    name = "chambers_nest"
    player_id: str
    tunnel_name: str
    chamber_name: str

    def verify(self, state: State, content: Content) -> None:
        c = chambers(state)
        _ant(state, self.player_id)
        if not evolved(state):
            raise CommandError("Nest Chambers belong to Predators & Prey (the Evolved Edition).")
        if owned(c, self.player_id):
            raise CommandError(f"{_name(state, self.player_id)} already chose the two Nest Chambers "
                               "(the choice is for the whole game).")
        find_card(state, self.tunnel_name, "old-tunnel")
        find_card(state, self.chamber_name, "chamber")

    def apply(self, state: State, content: Content) -> None:
        _add(state, self.player_id, find_card(state, self.tunnel_name, "old-tunnel"), 0)
        _add(state, self.player_id, find_card(state, self.chamber_name, "chamber"), 0)

    def describe(self, state: State, content: Content) -> str:
        return f"{_name(state, self.player_id)} keeps {self.tunnel_name.strip()} (Old Tunnel side) and " \
               f"{self.chamber_name.strip()} (chamber side)"


def check_egg_room(state: State, ch: Chamber) -> None:
    """An egg may go in only where there is free space (and, in Predators & Prey, a free ant marker)."""
    c = chambers(state)
    if ch["whole_game"]:
        raise CommandError(f"{ch['card']['name']} is on its reverse side: it holds no eggs.")
    if ch["eggs"] >= ch["card"]["capacity"]:
        raise CommandError(f"{ch['card']['name']} is full ({ch['eggs']} of {ch['card']['capacity']} eggs): "
                           f"activate it ({PHASE_NAMES[ch['card']['phase']]}) before adding more.")
    if evolved(state) and markers_free(c, ch["owner"]) <= 0:
        limit = chambers_content()["marker_limit"]
        raise CommandError(f"All {limit} of {_name(state, ch['owner'])}'s ant markers are in use "
                           f"({c['markers'].get(ch['owner'], 0)} in play, {eggs_of(c, ch['owner'])} as eggs): "
                           "no more eggs.")


@dataclass(frozen=True)
class PlaceEgg(Command):
    """One egg into a chamber with free space: instead of a Reaction, from battle losses (Defensive Shelter)."""

    name = "chambers_egg"
    chamber_id: str
    why: str = "reaction"
    source: str = "supply"

    def verify(self, state: State, content: Content) -> None:
        ch = find(chambers(state), self.chamber_id)
        if self.why not in WHY:
            raise CommandError(f"Why the egg goes in is one of {', '.join(WHY)}; got {self.why!r}.")
        if self.source not in SOURCES:
            raise CommandError(f"The egg comes from one of {', '.join(SOURCES)}; got {self.source!r}.")
        if self.why == "losses" and not ch["card"]["from_losses"]:
            raise CommandError(f"Battle losses go into a chamber only where the card says so (Defensive Shelter); "
                               f"{ch['card']['name']} takes eggs from Reactions.")
        if self.why == "solo" and state["mode"] != "solo":
            raise CommandError("The solo egg rule is for the solo game.")
        if self.source != "supply" and evolved(state):
            raise CommandError("In Predators & Prey larvae and ants never become eggs: eggs come from the supply.")
        check_egg_room(state, ch)

    def apply(self, state: State, content: Content) -> None:
        find(chambers(state), self.chamber_id)["eggs"] += 1

    def describe(self, state: State, content: Content) -> str:
        ch = find(chambers(state), self.chamber_id)
        what = {"supply": "an egg", "larva": "a larva (no egg left in the supply)",
                "ant": "an ant (no egg left in the supply)"}[self.source]
        why = {"reaction": "instead of a Reaction", "losses": "from battle losses",
               "solo": "as the centipedes took an Evolution"}[self.why]
        return f"{_name(state, ch['owner'])}: {what} into {ch['card']['name']} {why} " \
               f"({ch['eggs'] + 1} of {ch['card']['capacity']})"


@dataclass(frozen=True)
class SoloEggs(Command):
    """Solo (Empires of the Earth): the centipedes took an Evolution or a Chamber: 1 egg in each of your Chambers."""

    name = "chambers_solo_eggs"
    player_id: str

    def _targets(self, state: State) -> list[Chamber]:
        out = []
        for ch in owned(chambers(state), self.player_id):
            try:
                check_egg_room(state, ch)
            except CommandError:
                continue
            out.append(ch)
        return out

    def verify(self, state: State, content: Content) -> None:
        if state["mode"] != "solo":
            raise CommandError("The solo egg rule is for the solo game.")
        player(state, self.player_id)
        if not self._targets(state):
            raise CommandError(f"None of {_name(state, self.player_id)}'s Chambers has a free space.")

    def apply(self, state: State, content: Content) -> None:
        for ch in self._targets(state):
            ch["eggs"] += 1

    def describe(self, state: State, content: Content) -> str:
        names = ", ".join(ch["card"]["name"] for ch in self._targets(state))
        return f"The centipedes took an Evolution: 1 egg into {names}"


@dataclass(frozen=True)
class TakeEgg(Command):
    """An egg taken out of a chamber to become a larva (gaining a larva with an empty supply)."""

    name = "chambers_take_egg"
    chamber_id: str

    def verify(self, state: State, content: Content) -> None:
        ch = find(chambers(state), self.chamber_id)
        if ch["eggs"] <= 0:
            raise CommandError(f"{ch['card']['name']} has no egg to take.")

    def apply(self, state: State, content: Content) -> None:
        find(chambers(state), self.chamber_id)["eggs"] -= 1

    def describe(self, state: State, content: Content) -> str:
        ch = find(chambers(state), self.chamber_id)
        return f"{_name(state, ch['owner'])}: an egg from {ch['card']['name']} becomes a larva"


def _phase_label(state: State, content: Content) -> str:
    return game_def(state, content).phase(state["phase"]).label


def activation_problem(state: State, content: Content, ch: Chamber) -> str | None:
    """Why this chamber cannot activate now, or None."""
    card = ch["card"]
    if ch["whole_game"]:
        return f"{card['name']} is on its reverse side: its ability lasts the whole game."
    if ch["eggs"] < card["capacity"]:
        return f"{card['name']} activates only when full ({ch['eggs']} of {card['capacity']} eggs)."
    if card["phase"] != "any" and card["phase"] != phase_of(state):
        return f"{card['name']} activates in the {PHASE_NAMES[card['phase']]}; this is {_phase_label(state, content)}."
    if card["phase"] != "worker" and activation_key(state) in ch["activations"]:
        return f"{card['name']} has already activated in this phase."
    return None


@dataclass(frozen=True)
class ActivateChamber(Command):
    """A full chamber used in its phase: its eggs go back to the supply; an Empires Old Tunnel is then discarded."""

    name = "chambers_activate"
    chamber_id: str

    def verify(self, state: State, content: Content) -> None:
        ch = find(chambers(state), self.chamber_id)
        if (problem := activation_problem(state, content, ch)) is not None:
            raise CommandError(problem)

    def apply(self, state: State, content: Content) -> None:
        c = chambers(state)
        ch = find(c, self.chamber_id)
        ch["eggs"] = 0
        ch["activations"].append(activation_key(state))
        if ch["card"]["kind"] == "old-tunnel" and not evolved(state):
            c["chambers"].remove(ch)
            c["discarded"].append(ch)

    def describe(self, state: State, content: Content) -> str:
        ch = find(chambers(state), self.chamber_id)
        card = ch["card"]
        tail = "; the Old Tunnel is discarded" if card["kind"] == "old-tunnel" and not evolved(state) else ""
        ability = f" ({card['ability']})" if card["ability"] else ""
        return f"{_name(state, ch['owner'])} activates {card['name']}{ability}: {ch['eggs']} eggs back to the " \
               f"supply{tail}"


@dataclass(frozen=True)
class DiscardChamber(Command):
    """A chamber leaves play (a card's effect); its eggs go back to the supply."""

    name = "chambers_discard"
    chamber_id: str

    def verify(self, state: State, content: Content) -> None:
        find(chambers(state), self.chamber_id)

    def apply(self, state: State, content: Content) -> None:
        c = chambers(state)
        ch = find(c, self.chamber_id)
        ch["eggs"] = 0
        c["chambers"].remove(ch)
        c["discarded"].append(ch)

    def describe(self, state: State, content: Content) -> str:
        ch = find(chambers(state), self.chamber_id)
        return f"{_name(state, ch['owner'])} discards {ch['card']['name']}"


@dataclass(frozen=True)
class SetMarkers(Command):
    """Predators & Prey: how many of a colony's 36 ant markers are in play outside its chambers."""

    name = "chambers_markers"
    player_id: str
    in_play: int

    def verify(self, state: State, content: Content) -> None:
        c = chambers(state)
        if not evolved(state):
            raise CommandError("The 36-marker limit is a Predators & Prey rule.")
        _ant(state, self.player_id)
        limit = chambers_content()["marker_limit"]
        eggs = eggs_of(c, self.player_id)
        require_int(self.in_play, "Ant markers in play", 0, limit - eggs)
        if c["markers"].get(self.player_id, 0) == self.in_play:
            raise CommandError(f"{_name(state, self.player_id)} already has {self.in_play} markers in play.")

    def apply(self, state: State, content: Content) -> None:
        chambers(state)["markers"][self.player_id] = self.in_play

    def describe(self, state: State, content: Content) -> str:
        return f"{_name(state, self.player_id)}: {self.in_play} ant markers in play outside the chambers"

