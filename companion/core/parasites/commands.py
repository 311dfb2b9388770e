"""The Parasites' commands: a Parasitic Evolution played on another colony, destroyed by an Evolution on top,
and Incubator Head's point when the host fought no battle."""

from __future__ import annotations

from companion.core.commands.base import Command
from companion.core.content import Content
from companion.core.errors import CommandError
from companion.core.i18n import N_, Msg, msg
from companion.core.parasites.model import Parasite, find, known, parasites
from companion.core.points import book, check_bookable
from companion.core.state import State, game_def, player
from companion.core.words import PARTS

#: "Bo's head already carries a Parasite", by body part (the possessive differs by language).
ALREADY_CARRIES: dict[str, str] = {
    "head": N_("{name}'s head already carries a Parasite: an Evolution on top destroys it first."),
    "thorax": N_("{name}'s thorax already carries a Parasite: an Evolution on top destroys it first."),
    "abdomen": N_("{name}'s abdomen already carries a Parasite: an Evolution on top destroys it first."),
}
#: "Ana plays Incubator Head on Bo's head", by body part.
PLAYS_ON: dict[str, str] = {"head": N_("{parasite} plays {card} on {host}'s head"),
                            "thorax": N_("{parasite} plays {card} on {host}'s thorax"),
                            "abdomen": N_("{parasite} plays {card} on {host}'s abdomen")}
#: "An Evolution covers Incubator Head on Bo's head: it is discarded", by body part.
COVERS: dict[str, str] = {"head": N_("An Evolution covers {card} on {host}'s head: it is discarded"),
                          "thorax": N_("An Evolution covers {card} on {host}'s thorax: it is discarded"),
                          "abdomen": N_("An Evolution covers {card} on {host}'s abdomen: it is discarded")}


def _name(state: State, pid: str) -> str:
    return str(player(state, pid)["name"])


class PlayParasite(Command, name="parasites_play"):
    """A Parasitic Evolution played onto another colony's ant body; a card the rulebook does not print is named."""

    card: str
    parasite_id: str
    host_id: str
    part: str = ""
    trigger: str = ""

    def entry(self, state: State) -> Parasite:
        card = known(self.card) if isinstance(self.card, str) else None
        part = card["part"] if card else self.part
        if part not in PARTS:
            if str(self.card).strip():
                raise CommandError(msg("Which body part does {card} go on: head, thorax or abdomen?",
                                       card=str(self.card).strip()))
            raise CommandError(msg("Which body part does the card go on: head, thorax or abdomen?"))
        name = card["name"] if card else str(self.card).strip()
        if not 1 <= len(name) <= 40:
            raise CommandError(msg("Name the Parasitic card (1 to 40 characters), as printed."))
        trigger = card["trigger"] if card else str(self.trigger).strip()[:300]
        p = parasites(state)
        used = [int(x["id"][1:]) for x in p["parasites"] + p["destroyed"]]
        return {"id": f"x{max(used, default=0) + 1}", "card": name, "part": part,
                "parasite": self.parasite_id, "host": self.host_id, "trigger": trigger,
                "no_battle_cp": card["no_battle_cp"] if card else 0}

    def verify(self, state: State, content: Content) -> None:
        p = parasites(state)
        for pid in (self.parasite_id, self.host_id):
            if player(state, pid)["role"] != "ant":
                raise CommandError(msg("{name} is the Broodmother: Parasites go between ant colonies.",
                                       name=_name(state, pid)))
        if self.parasite_id == self.host_id:
            raise CommandError(msg("A Parasitic Evolution is played only onto another colony's ant."))
        e = self.entry(state)
        if any(x["host"] == e["host"] and x["part"] == e["part"] for x in p["parasites"]):
            raise CommandError(msg(ALREADY_CARRIES[e["part"]], name=_name(state, e["host"])))

    def apply(self, state: State, content: Content) -> None:
        parasites(state)["parasites"].append(self.entry(state))

    def describe(self, state: State, content: Content) -> Msg:
        e = self.entry(state)
        return msg(PLAYS_ON[e["part"]], parasite=_name(state, e["parasite"]), card=e["card"],
                   host=_name(state, e["host"]))


class _OnParasite(Command):
    """A command about one Parasite in play: ``parasite`` is it, or the refusal listing those in play."""

    parasite_id: str

    def parasite(self, state: State) -> Parasite:
        return find(parasites(state), self.parasite_id)


class DestroyParasite(_OnParasite, name="parasites_destroy"):
    """An Evolution played directly on top of the Parasitic Evolution: it is discarded."""


    def verify(self, state: State, content: Content) -> None:
        self.parasite(state)

    def apply(self, state: State, content: Content) -> None:
        p = parasites(state)
        x = find(p, self.parasite_id)
        p["parasites"].remove(x)
        p["destroyed"].append(x)

    def describe(self, state: State, content: Content) -> Msg:
        x = self.parasite(state)
        return msg(COVERS[x["part"]], card=x["card"], host=_name(state, x["host"]))


def _key(state: State, parasite_id: str) -> str:
    return f"{state['round']}:{parasite_id}"


class HostDidNotBattle(_OnParasite, name="parasites_no_battle"):
    """End of the Soldier Phase: the host fought no battle, so the parasite gains the card's point."""


    def _rewards(self, state: State) -> dict[str, dict[str, int]]:
        x = self.parasite(state)
        return {x["parasite"]: {"cards": 0, "cp": x["no_battle_cp"]}}

    def verify(self, state: State, content: Content) -> None:
        x = self.parasite(state)
        if not x["no_battle_cp"]:
            raise CommandError(msg("{card} gives no point when the host does not battle.", card=x["card"]))
        if state["phase"] != "soldier":
            phase = game_def(state, content).phase(state["phase"]).message()
            raise CommandError(msg("{card} triggers at the end of the Soldier Phase; this is {phase}.", card=x["card"],
                                   phase=phase))
        if _key(state, self.parasite_id) in parasites(state)["paid"]:
            raise CommandError(msg("The point of {card} is already booked this round (Undo takes it back).",
                                   card=x["card"]))
        check_bookable(state, self._rewards(state))  # type: ignore[arg-type]

    def apply(self, state: State, content: Content) -> None:
        book(state, self._rewards(state))  # type: ignore[arg-type]
        parasites(state)["paid"].append(_key(state, self.parasite_id))

    def describe(self, state: State, content: Content) -> Msg:
        x = self.parasite(state)
        cp = msg(game_def(state, content).terms["cp"])
        return msg("{card}: {host} fought no battle, {parasite} +{n} {cp}", card=x["card"],
                   host=_name(state, x["host"]), parasite=_name(state, x["parasite"]), n=x["no_battle_cp"], cp=cp)


def paid(state: State, parasite_id: str) -> bool:
    return _key(state, parasite_id) in parasites(state)["paid"]
