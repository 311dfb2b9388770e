"""The chamber tracker's commands: cards entered and played, eggs placed and taken, chambers activated.

Each is a small named command (verify / apply / describe), so every change is undoable and
logged. The rules they enforce (Empires of the Earth > Chambers, Old Tunnels, Card Notes;
Predators & Prey > Nest Chambers): eggs only into free space, 1 up to the spaces when a
Chamber is played (0 when played for free), activation only when full and in the card's
phase, an Old Tunnel discarded after its one use, and each colony's 36 ant markers.
"""

from __future__ import annotations

from companion.core.chambers.activation import ActivateChamber, DiscardChamber, activation_problem
from companion.core.chambers.base import _ant, _InChamber, _name
from companion.core.chambers.content import CARD, PHASE_NAMES, CardDef, chambers_content, phase_name
from companion.core.chambers.model import (
    Chamber,
    chambers,
    eggs_of,
    evolved,
    find_card,
    known_cards,
    markers_free,
    owned,
)
from companion.core.commands.base import Command, require_int
from companion.core.content import Content
from companion.core.errors import CommandError
from companion.core.i18n import N_, Msg, msg, nmsg, render
from companion.core.schema import SchemaError
from companion.core.state import State, player
from companion.core.words import commas

WHY = ("reaction", "losses", "solo")
SOURCES = ("supply", "larva", "ant")
PAID = ("larvae", "ants", "free")
#: The label of one egg placed, by where it comes from and why (in WHY's order).
EGG_LABELS: dict[str, tuple[str, str, str]] = {
    "supply": (N_("{name}: an egg into {card} instead of a Reaction ({eggs} of {spaces})"),
               N_("{name}: an egg into {card} from battle losses ({eggs} of {spaces})"),
               N_("{name}: an egg into {card} as the centipedes took an Evolution ({eggs} of {spaces})")),
    "larva": (N_("{name}: a larva (no egg left in the supply) into {card} instead of a Reaction ({eggs} of {spaces})"),
              N_("{name}: a larva (no egg left in the supply) into {card} from battle losses ({eggs} of {spaces})"),
              N_("{name}: a larva (no egg left in the supply) into {card} as the centipedes took an Evolution "
                 "({eggs} of {spaces})")),
    "ant": (N_("{name}: an ant (no egg left in the supply) into {card} instead of a Reaction ({eggs} of {spaces})"),
            N_("{name}: an ant (no egg left in the supply) into {card} from battle losses ({eggs} of {spaces})"),
            N_("{name}: an ant (no egg left in the supply) into {card} as the centipedes took an Evolution "
               "({eggs} of {spaces})")),
}


def _new_id(state: State) -> str:
    c = chambers(state)
    used = [int(ch["id"][1:]) for ch in c["chambers"] + c["discarded"]]
    return f"c{max(used, default=0) + 1}"


def _add(state: State, owner: str, card: CardDef, eggs: int, whole_game: bool = False) -> None:
    chamber: Chamber = {"id": _new_id(state), "owner": owner, "card": dict(card),  # type: ignore[typeddict-item]
                        "eggs": eggs, "whole_game": whole_game, "activations": []}
    chambers(state)["chambers"].append(chamber)


def _card_fault(exc: SchemaError, kind: object) -> Msg:
    """A card the players entered that does not fit its shape, said as what to change."""
    field = exc.loc[0] if exc.loc else ""
    if field == "name":
        return msg("Name the card as printed, in 1 to 40 characters.")
    if field == "ability":
        return msg("Say the ability in at most 200 characters.")
    if field == "kind":
        return msg("The kind is chamber or old-tunnel; got {given}.", given=repr(kind))
    return msg("This card cannot be entered: {fault}.", fault=str(exc))


class DefineCard(Command, name="chambers_define"):
    """A chamber card the rulebooks do not print, entered once: its spaces and its activation phase."""

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
            raise CommandError(msg("The phase is one of {choices}; got {given}.", choices=", ".join(PHASE_NAMES),
                                   given=repr(self.phase)))
        if self.phase == "any" and not evolved(state):
            raise CommandError(msg("An Empires of the Earth Chamber activates in the Worker, Soldier or Queen Phase."))
        if self.kind == "old-tunnel" and self.phase != "queen":
            raise CommandError(msg("Old Tunnels activate in the Queen Phase."))
        require_int(self.capacity, render(msg("Egg spaces")), 1, chambers_content()["max_capacity"])
        try:
            return CARD.check(data)
        except SchemaError as exc:
            raise CommandError(_card_fault(exc, self.kind)) from None

    def verify(self, state: State, content: Content) -> None:
        chambers(state)
        card = self.card(state)
        if any(d["name"].casefold() == card["name"].casefold() and d["kind"] == card["kind"]
               for d in known_cards(state)):
            raise CommandError(msg("{card} is already in the list.", card=card["name"]))

    def apply(self, state: State, content: Content) -> None:
        chambers(state)["catalogue"].append(self.card(state))

    def describe(self, state: State, content: Content) -> Msg:
        c = self.card(state)
        return nmsg("Chamber card entered: {card} (1 space, {phase})",
                    "Chamber card entered: {card} ({n} spaces, {phase})", c["capacity"], card=c["name"],
                    phase=phase_name(c["phase"]))


class PlayChamber(Command, name="chambers_play"):
    """Empires of the Earth: a Chamber card played, with 1 egg up to its spaces per larva/ant paid (0 if free)."""

    player_id: str
    card_name: str
    eggs: int
    paid: str = "larvae"

    def verify(self, state: State, content: Content) -> None:
        chambers(state)
        _ant(state, self.player_id)
        if evolved(state):
            raise CommandError(msg("Nest Chambers are dealt at the start (two per colony), not played from the hand."))
        card = find_card(state, self.card_name, "chamber")
        if self.paid not in PAID:
            raise CommandError(msg("Paid with one of {choices}; got {given}.", choices=", ".join(PAID),
                                   given=repr(self.paid)))
        if self.paid == "free":
            if self.eggs != 0:
                raise CommandError(msg("A Chamber played for free enters play with no egg."))
            return
        require_int(self.eggs, render(msg("Eggs in {card}", card=card["name"])), 1, card["capacity"])

    def apply(self, state: State, content: Content) -> None:
        _add(state, self.player_id, find_card(state, self.card_name, "chamber"), self.eggs)

    def describe(self, state: State, content: Content) -> Msg:
        card = find_card(state, self.card_name, "chamber")
        who, name, spaces = _name(state, self.player_id), card["name"], card["capacity"]
        if self.paid == "free":
            return msg("{name} plays {card} for free, with no egg", name=who, card=name)
        if self.paid == "ants":
            return nmsg("{name} plays {card} paying 1 ant: 1 of {spaces} eggs",
                        "{name} plays {card} paying {n} ants: {n} of {spaces} eggs", self.eggs, name=who, card=name,
                        spaces=spaces)
        return nmsg("{name} plays {card} paying 1 larva: 1 of {spaces} eggs",
                    "{name} plays {card} paying {n} larvae: {n} of {spaces} eggs", self.eggs, name=who, card=name,
                    spaces=spaces)


class TakeOldTunnel(Command, name="chambers_old_tunnel"):
    """Empires of the Earth: a colony's starting Old Tunnel, empty; ``whole_game``: its reverse side instead."""

    player_id: str
    card_name: str
    whole_game: bool = False

    def verify(self, state: State, content: Content) -> None:
        c = chambers(state)
        _ant(state, self.player_id)
        if evolved(state):
            raise CommandError(msg("In Predators & Prey the Old Tunnel is a side of a dealt Nest Chamber."))
        find_card(state, self.card_name, "old-tunnel")
        if any(ch["card"]["kind"] == "old-tunnel" for ch in owned(c, self.player_id) + c["discarded"]
               if ch["owner"] == self.player_id):
            raise CommandError(msg("{name} already has an Old Tunnel (one each).", name=_name(state, self.player_id)))

    def apply(self, state: State, content: Content) -> None:
        _add(state, self.player_id, find_card(state, self.card_name, "old-tunnel"), 0, self.whole_game)

    def describe(self, state: State, content: Content) -> Msg:
        who, card = _name(state, self.player_id), self.card_name.strip()
        if self.whole_game:
            return msg("{name} starts with {card} on its reverse side (an ability for the whole game)", name=who,
                       card=card)
        return msg("{name} starts with {card}", name=who, card=card)


class KeepNestChambers(Command, name="chambers_nest"):
    """Predators & Prey: of the two cards dealt, one kept on its Old Tunnel side and one on its chamber side."""

    player_id: str
    tunnel_name: str
    chamber_name: str

    def verify(self, state: State, content: Content) -> None:
        c = chambers(state)
        _ant(state, self.player_id)
        if not evolved(state):
            raise CommandError(msg("Nest Chambers belong to Predators & Prey (the Evolved Edition)."))
        if owned(c, self.player_id):
            raise CommandError(msg("{name} already chose the two Nest Chambers (the choice is for the whole game).",
                                   name=_name(state, self.player_id)))
        find_card(state, self.tunnel_name, "old-tunnel")
        find_card(state, self.chamber_name, "chamber")

    def apply(self, state: State, content: Content) -> None:
        _add(state, self.player_id, find_card(state, self.tunnel_name, "old-tunnel"), 0)
        _add(state, self.player_id, find_card(state, self.chamber_name, "chamber"), 0)

    def describe(self, state: State, content: Content) -> Msg:
        return msg("{name} keeps {tunnel} (Old Tunnel side) and {chamber} (chamber side)",
                   name=_name(state, self.player_id), tunnel=self.tunnel_name.strip(),
                   chamber=self.chamber_name.strip())


def check_egg_room(state: State, ch: Chamber) -> None:
    """An egg may go in only where there is free space (and, in Predators & Prey, a free ant marker)."""
    c = chambers(state)
    if ch["whole_game"]:
        raise CommandError(msg("{card} is on its reverse side: it holds no eggs.", card=ch["card"]["name"]))
    if ch["eggs"] >= ch["card"]["capacity"]:
        raise CommandError(msg("{card} is full ({eggs} of {spaces} eggs): activate it ({phase}) before adding more.",
                               card=ch["card"]["name"], eggs=ch["eggs"], spaces=ch["card"]["capacity"],
                               phase=phase_name(ch["card"]["phase"])))
    if evolved(state) and markers_free(c, ch["owner"]) <= 0:
        raise CommandError(msg("All {limit} of {name}'s ant markers are in use ({in_play} in play, {eggs} as eggs): "
                               "no more eggs.", limit=chambers_content()["marker_limit"],
                               name=_name(state, ch["owner"]), in_play=c["markers"].get(ch["owner"], 0),
                               eggs=eggs_of(c, ch["owner"])))


class PlaceEgg(_InChamber, name="chambers_egg"):
    """One egg into a chamber with free space: instead of a Reaction, from battle losses (Defensive Shelter)."""

    why: str = "reaction"
    source: str = "supply"

    def verify(self, state: State, content: Content) -> None:
        ch = self.chamber(state)
        if self.why not in WHY:
            raise CommandError(msg("Why the egg goes in is one of {choices}; got {given}.", choices=", ".join(WHY),
                                   given=repr(self.why)))
        if self.source not in SOURCES:
            raise CommandError(msg("The egg comes from one of {choices}; got {given}.", choices=", ".join(SOURCES),
                                   given=repr(self.source)))
        if self.why == "losses" and not ch["card"]["from_losses"]:
            raise CommandError(msg("Battle losses go into a chamber only where the card says so (Defensive Shelter); "
                                   "{card} takes eggs from Reactions.", card=ch["card"]["name"]))
        if self.why == "solo" and state["mode"] != "solo":
            raise CommandError(msg("The solo egg rule is for the solo game."))
        if self.source != "supply" and evolved(state):
            raise CommandError(msg("In Predators & Prey larvae and ants never become eggs: eggs come from the supply."))
        check_egg_room(state, ch)

    def apply(self, state: State, content: Content) -> None:
        self.chamber(state)["eggs"] += 1

    def describe(self, state: State, content: Content) -> Msg:
        ch = self.chamber(state)
        key = EGG_LABELS[self.source][WHY.index(self.why)]
        return msg(key, name=_name(state, ch["owner"]), card=ch["card"]["name"], eggs=ch["eggs"] + 1,
                   spaces=ch["card"]["capacity"])


class SoloEggs(Command, name="chambers_solo_eggs"):
    """Solo (Empires of the Earth): the centipedes took an Evolution or a Chamber: 1 egg in each of your Chambers."""

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
            raise CommandError(msg("The solo egg rule is for the solo game."))
        player(state, self.player_id)
        if not self._targets(state):
            raise CommandError(msg("None of {name}'s Chambers has a free space.", name=_name(state, self.player_id)))

    def apply(self, state: State, content: Content) -> None:
        for ch in self._targets(state):
            ch["eggs"] += 1

    def describe(self, state: State, content: Content) -> Msg:
        return msg("The centipedes took an Evolution: 1 egg into {chambers}",
                   chambers=commas([ch["card"]["name"] for ch in self._targets(state)]))


class TakeEgg(_InChamber, name="chambers_take_egg"):
    """An egg taken out of a chamber to become a larva (gaining a larva with an empty supply)."""


    def verify(self, state: State, content: Content) -> None:
        ch = self.chamber(state)
        if ch["eggs"] <= 0:
            raise CommandError(msg("{card} has no egg to take.", card=ch["card"]["name"]))

    def apply(self, state: State, content: Content) -> None:
        self.chamber(state)["eggs"] -= 1

    def describe(self, state: State, content: Content) -> Msg:
        ch = self.chamber(state)
        return msg("{name}: an egg from {card} becomes a larva", name=_name(state, ch["owner"]),
                   card=ch["card"]["name"])


class SetMarkers(Command, name="chambers_markers"):
    """Predators & Prey: how many of a colony's 36 ant markers are in play outside its chambers."""

    player_id: str
    in_play: int

    def verify(self, state: State, content: Content) -> None:
        c = chambers(state)
        if not evolved(state):
            raise CommandError(msg("The {limit}-marker limit is a Predators & Prey rule.",
                                   limit=chambers_content(content)["marker_limit"]))
        _ant(state, self.player_id)
        limit = chambers_content(content)["marker_limit"]
        eggs = eggs_of(c, self.player_id)
        require_int(self.in_play, render(msg("Ant markers in play")), 0, limit - eggs)
        if c["markers"].get(self.player_id, 0) == self.in_play:
            raise CommandError(nmsg("{name} already has 1 marker in play.", "{name} already has {n} markers in play.",
                                    self.in_play, name=_name(state, self.player_id)))

    def apply(self, state: State, content: Content) -> None:
        chambers(state)["markers"][self.player_id] = self.in_play

    def describe(self, state: State, content: Content) -> Msg:
        return nmsg("{name}: 1 ant marker in play outside the chambers",
                    "{name}: {n} ant markers in play outside the chambers", self.in_play,
                    name=_name(state, self.player_id))


__all__ = [
    "ActivateChamber", "DefineCard", "DiscardChamber", "KeepNestChambers", "PlaceEgg", "PlayChamber", "SetMarkers",
    "SoloEggs", "TakeEgg", "TakeOldTunnel", "activation_problem", "check_egg_room",
]
