"""Quick meadow updates: a hex explored, sites freed or taken, nymphs chased, centipedes beaten.

The app cannot see the board, so the players tell it what changed; each change is one
small command. Ants may not chase or destroy nymphs in a hex with a centipede; beating a
centipede destroys every nymph in its hex. Location 0 is the Great Tunnel.
"""

from __future__ import annotations

from typing import ClassVar

from companion.core.broodmother import meadow
from companion.core.broodmother.base import MAX_SITES, BroodCommand, hex_number, location
from companion.core.broodmother.content import BroodContent
from companion.core.broodmother.model import (
    TUNNEL,
    ZONES,
    Brood,
    Hex,
    add_her_cp,
    add_hex_sorted,
    as_zone,
    find_hex,
    has_hex,
    location_name,
    nest_found,
    new_hex,
    say,
    start_report,
)
from companion.core.broodmother.nest import arise
from companion.core.commands.base import require_int
from companion.core.content import Content
from companion.core.errors import CommandError
from companion.core.i18n import N_, Msg, msg, nmsg
from companion.core.state import State

MAX_NYMPHS = 9


def check_room(sites: int, nymphs: int) -> None:
    """A nymph stands on a collection site, so a hex's free sites and its nymphs together are at most
    ``MAX_SITES``: freeing the nymphs' sites (a centipede defeated, a nymph destroyed) then never gives a hex
    more free sites than a saved game may hold (a hex of 3 free sites and 9 nymphs became one of 12)."""
    if sites + nymphs > MAX_SITES:
        raise CommandError(msg("A hex has at most {most} collection sites: {sites} free and {nymphs} under nymphs "
                               "are too many.", most=MAX_SITES, sites=sites, nymphs=nymphs))


def _bool(value: object, what: Msg) -> None:
    if not isinstance(value, bool):
        raise CommandError(msg("{what}: true or false.", what=what))


class AddHex(BroodCommand, name="bm_add_hex"):
    """A hex now on the table (setup, or an ant's Explore); the Nest of Centipedes makes her arise."""

    number: int
    zone: str = "outer"
    sites: int = 0
    nymphs: int = 0
    centipede: bool = False
    centipede_hex: bool = False
    nest: bool = False

    def check(self, state: State, b: Brood, bc: BroodContent) -> None:
        hex_number(self.number)
        if has_hex(b, self.number):
            raise CommandError(msg("Hex {hex} is already in the meadow.", hex=self.number))
        if self.zone not in ZONES:
            raise CommandError(msg("Zone: inner or outer."))
        require_int(self.sites, N_("Free collection sites"), 0, MAX_SITES)
        require_int(self.nymphs, N_("Nymphs"), 0, MAX_NYMPHS)
        check_room(self.sites, self.nymphs)
        for flag, what in ((self.centipede, msg("Centipede")), (self.centipede_hex, msg("Centipede hex")),
                           (self.nest, msg("Nest"))):
            _bool(flag, what)
        if self.nest and nest_found(b):
            raise CommandError(msg("The Nest of Centipedes is already hex {hex}.", hex=b["her"]["hex"]))

    def run(self, state: State, b: Brood, bc: BroodContent) -> None:
        h = new_hex(self.number, as_zone(self.zone), self.sites, self.nymphs, self.centipede, self.centipede_hex)
        add_hex_sorted(b, h)
        if self.nest:
            start_report(b, msg("The ants found the Nest of Centipedes"))
            arise(state, b, h)

    def describe(self, state: State, content: Content) -> str | Msg:
        if self.nest:
            return msg("Hex {hex} enters the meadow (the Nest!)", hex=self.number)
        return msg("Hex {hex} enters the meadow", hex=self.number)


class SetSites(BroodCommand, name="bm_sites"):
    """How many collection sites of a hex are free now (ants come and go)."""

    number: int
    sites: int

    def check(self, state: State, b: Brood, bc: BroodContent) -> None:
        h = find_hex(b, hex_number(self.number))
        require_int(self.sites, N_("Free collection sites"), 0, MAX_SITES)
        check_room(self.sites, h["nymphs"])
        if h["sites"] == self.sites:
            raise CommandError(nmsg("Hex {hex} already has 1 free site.", "Hex {hex} already has {n} free sites.",
                                    self.sites, hex=self.number))

    def run(self, state: State, b: Brood, bc: BroodContent) -> None:
        find_hex(b, self.number)["sites"] = self.sites

    def describe(self, state: State, content: Content) -> str | Msg:
        return nmsg("Hex {hex}: 1 free site", "Hex {hex}: {n} free sites", self.sites, hex=self.number)


def _nymph_for_ants(b: Brood, number: int) -> Hex:
    h = find_hex(b, hex_number(number))
    if h["centipede"]:
        raise CommandError(msg("Hex {hex} holds a centipede: its nymphs cannot be chased or destroyed.", hex=number))
    if h["nymphs"] <= 0:
        raise CommandError(msg("Hex {hex} has no nymph.", hex=number))
    return h


class ChaseNymph(BroodCommand, name="bm_chase"):
    """An ant takes a nymph's site: it flees to a free site of the hex, or is destroyed if none is free."""

    number: int

    def check(self, state: State, b: Brood, bc: BroodContent) -> None:
        if self.number == TUNNEL:
            raise CommandError(msg("Nymphs are chased from one collection site of a hex to another; the Great Tunnel "
                                   "has none, so its nymph can only be destroyed."))
        _nymph_for_ants(b, self.number)

    def run(self, state: State, b: Brood, bc: BroodContent) -> None:
        h = find_hex(b, self.number)
        start_report(b, msg("Chase a nymph in hex {hex}", hex=self.number))
        if h["sites"] > 0:
            h["sites"] -= 1  # the nymph takes a free site; the ant holds the one it left
            say(b, msg("Hex {hex}: move the nymph to a free collection site.", hex=self.number), self.number)
            if note := meadow.aphid_note(state, 1):
                say(b, note, self.number)
        else:
            h["nymphs"] -= 1
            say(b, msg("Hex {hex}: no free site, so the nymph is destroyed.", hex=self.number), self.number)

    def describe(self, state: State, content: Content) -> str | Msg:
        return msg("Chase a nymph in hex {hex}", hex=self.number)


class AtPlace(BroodCommand):
    """A command on one place, a hex or the Great Tunnel (``number`` 0), whose rules differ between the two."""

    number: int
    said: ClassVar[str]  # what it does, a message with the place as {where}

    def check(self, state: State, b: Brood, bc: BroodContent) -> None:
        if location(self.number) == TUNNEL:
            self.check_tunnel(b)
        else:
            self.check_hex(b)

    def check_tunnel(self, b: Brood) -> None:
        """Raise CommandError when the Great Tunnel does not allow it."""

    def check_hex(self, b: Brood) -> None:
        """Raise CommandError when hex ``number`` (perhaps not in the meadow) does not allow it."""

    def describe(self, state: State, content: Content) -> str | Msg:
        return msg(self.said, where=location_name(self.number))


class DestroyNymph(AtPlace, name="bm_destroy_nymph"):
    """A nymph is destroyed (a Push, a card...); its site becomes free."""

    said = N_("Destroy a nymph in {where}")

    def check_tunnel(self, b: Brood) -> None:
        if not b["tunnel"]["nymph"]:
            raise CommandError(msg("There is no nymph in the Great Tunnel."))
        if b["tunnel"]["centipedes"]:
            raise CommandError(msg("A centipede holds the Great Tunnel: its nymph cannot be destroyed."))

    def check_hex(self, b: Brood) -> None:
        _nymph_for_ants(b, self.number)

    def run(self, state: State, b: Brood, bc: BroodContent) -> None:
        meadow.remove_nymph(b, self.number)


class DefeatCentipede(AtPlace, name="bm_defeat_centipede"):
    """A centipede is beaten: it leaves, and every nymph in its hex is destroyed."""

    said = N_("Defeat the centipede in {where}")

    def check_tunnel(self, b: Brood) -> None:
        if b["tunnel"]["centipedes"] <= 0:
            raise CommandError(msg("There is no centipede in the Great Tunnel."))

    def check_hex(self, b: Brood) -> None:
        if not find_hex(b, self.number)["centipede"]:
            raise CommandError(msg("Hex {hex} has no centipede.", hex=self.number))

    def run(self, state: State, b: Brood, bc: BroodContent) -> None:
        start_report(b, msg("Centipede defeated in {where}", where=location_name(self.number)))
        if self.number == TUNNEL:
            b["tunnel"]["centipedes"] -= 1
            gone = 1 if b["tunnel"]["nymph"] else 0
            b["tunnel"]["nymph"] = False
        else:
            h = find_hex(b, self.number)
            gone = h["nymphs"]
            h["centipede"] = False
            h["sites"] += gone
            h["nymphs"] = 0
        say(b, nmsg("Remove the centipede and destroy the 1 nymph there.",
                    "Remove the centipede and destroy the {n} nymphs there.", gone), self.number)


class CentipedeWon(BroodCommand, name="bm_centipede_won"):
    """A centipede (or she) won a battle: she gains 1 Colony Point."""

    def run(self, state: State, b: Brood, bc: BroodContent) -> None:
        total = add_her_cp(state, 1)
        start_report(b, msg("A centipede won a battle"))
        say(b, msg("She gains 1 Colony Point (now {total}).", total=total))

    def describe(self, state: State, content: Content) -> str | Msg:
        return msg("A centipede won a battle: +1 CP to her")


class PlaceNymph(AtPlace, name="bm_place_nymph"):
    """Put a nymph on a free site of a hex, or in the Great Tunnel (a correction, or her own choice)."""

    said = N_("Place a nymph in {where}")

    def check_tunnel(self, b: Brood) -> None:
        if b["tunnel"]["nymph"]:
            raise CommandError(msg("The Great Tunnel already holds a nymph."))

    def check_hex(self, b: Brood) -> None:
        if find_hex(b, self.number)["sites"] <= 0:
            raise CommandError(msg("Hex {hex} has no free collection site.", hex=self.number))

    def run(self, state: State, b: Brood, bc: BroodContent) -> None:
        meadow.add_nymph(b, self.number)


class MoultNymph(AtPlace, name="bm_moult"):
    """One nymph of a hex becomes its centipede (a correction, or her own choice)."""

    said = N_("A nymph moults in {where}")

    def check_tunnel(self, b: Brood) -> None:
        if not b["tunnel"]["nymph"]:
            raise CommandError(msg("There is no nymph in the Great Tunnel to moult."))
        if b["tunnel"]["centipedes"] and b["tunnel_centipedes"] == "one":
            raise CommandError(msg("A centipede already holds the Great Tunnel."))

    def check_hex(self, b: Brood) -> None:
        h = find_hex(b, self.number)
        if not meadow.can_moult(h):
            raise CommandError(msg("Hex {hex} cannot moult: it needs a nymph and no centipede.", hex=self.number))

    def run(self, state: State, b: Brood, bc: BroodContent) -> None:
        if self.number == TUNNEL:
            b["tunnel"]["nymph"] = False
            b["tunnel"]["centipedes"] += 1
        else:
            meadow.moult(find_hex(b, self.number))


class CorrectHex(BroodCommand, name="bm_correct_hex"):
    """Fix what the app believes about a hex: free sites, nymphs, centipede, zone."""

    number: int
    zone: str
    sites: int
    nymphs: int
    centipede: bool

    def check(self, state: State, b: Brood, bc: BroodContent) -> None:
        find_hex(b, hex_number(self.number))
        if self.zone not in ZONES:
            raise CommandError(msg("Zone: inner or outer."))
        require_int(self.sites, N_("Free collection sites"), 0, MAX_SITES)
        require_int(self.nymphs, N_("Nymphs"), 0, MAX_NYMPHS)
        check_room(self.sites, self.nymphs)
        _bool(self.centipede, msg("Centipede"))

    def run(self, state: State, b: Brood, bc: BroodContent) -> None:
        find_hex(b, self.number).update({"zone": as_zone(self.zone), "sites": self.sites, "nymphs": self.nymphs,
                                          "centipede": self.centipede})

    def describe(self, state: State, content: Content) -> str | Msg:
        return msg("Correct hex {hex}", hex=self.number)


class DestroyBroodmother(BroodCommand, name="bm_destroy_broodmother"):
    """The ants destroyed the Broodmother herself."""

    def check(self, state: State, b: Brood, bc: BroodContent) -> None:
        if not nest_found(b):
            raise CommandError(msg("She has not been found yet: the Nest of Centipedes is still hidden."))
        if b["her"]["destroyed"]:
            raise CommandError(msg("She is already destroyed."))

    def run(self, state: State, b: Brood, bc: BroodContent) -> None:
        b["her"]["destroyed"] = True
        start_report(b, msg("The Broodmother is destroyed"))
        say(b, msg("Hex {hex}: take the Broodmother off the board.", hex=b["her"]["hex"]), b["her"]["hex"])

    def describe(self, state: State, content: Content) -> str | Msg:
        return msg("The Broodmother is destroyed")
