"""A chamber activated (full, in its phase) or discarded, and why one cannot activate now: the chamber tracker's
commands at the end of a chamber's use; the rest are in ``commands.py``, which names these too."""

from __future__ import annotations

from companion.core.chambers.base import _InChamber, _name
from companion.core.chambers.content import phase_name, said
from companion.core.chambers.model import (
    Chamber,
    activation_key,
    chambers,
    evolved,
    find,
    phase_of,
)
from companion.core.content import Content
from companion.core.errors import CommandError
from companion.core.i18n import Msg, msg, nmsg
from companion.core.state import State, game_def


def _phase_label(state: State, content: Content) -> Msg:
    return game_def(state, content).phase(state["phase"]).message()


def activation_problem(state: State, content: Content, ch: Chamber) -> Msg | None:
    """Why this chamber cannot activate now, or None."""
    card = ch["card"]
    if ch["whole_game"]:
        return msg("{card} is on its reverse side: its ability lasts the whole game.", card=card["name"])
    if ch["eggs"] < card["capacity"]:
        return msg("{card} activates only when full ({eggs} of {spaces} eggs).", card=card["name"], eggs=ch["eggs"],
                   spaces=card["capacity"])
    if card["phase"] != "any" and card["phase"] != phase_of(state):
        return msg("{card} activates in the {phase}; this is {now}.", card=card["name"],
                   phase=phase_name(card["phase"]), now=_phase_label(state, content))
    if card["phase"] != "worker" and activation_key(state) in ch["activations"]:
        return msg("{card} has already activated in this phase.", card=card["name"])
    return None


class ActivateChamber(_InChamber, name="chambers_activate"):
    """A full chamber used in its phase: its eggs go back to the supply; an Empires Old Tunnel is then discarded."""


    def verify(self, state: State, content: Content) -> None:
        ch = self.chamber(state)
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

    def describe(self, state: State, content: Content) -> Msg:
        ch = self.chamber(state)
        card = ch["card"]
        values = {"name": _name(state, ch["owner"]), "card": card["name"], "ability": said(card["ability"])}
        if card["kind"] == "old-tunnel" and not evolved(state):
            if card["ability"]:
                return nmsg("{name} activates {card} ({ability}): 1 egg back to the supply; the Old Tunnel is "
                            "discarded",
                            "{name} activates {card} ({ability}): {n} eggs back to the supply; the Old Tunnel is "
                            "discarded", ch["eggs"], **values)
            return nmsg("{name} activates {card}: 1 egg back to the supply; the Old Tunnel is discarded",
                        "{name} activates {card}: {n} eggs back to the supply; the Old Tunnel is discarded", ch["eggs"],
                        **values)
        if card["ability"]:
            return nmsg("{name} activates {card} ({ability}): 1 egg back to the supply",
                        "{name} activates {card} ({ability}): {n} eggs back to the supply", ch["eggs"], **values)
        return nmsg("{name} activates {card}: 1 egg back to the supply",
                    "{name} activates {card}: {n} eggs back to the supply", ch["eggs"], **values)


class DiscardChamber(_InChamber, name="chambers_discard"):
    """A chamber leaves play (a card's effect); its eggs go back to the supply."""


    def verify(self, state: State, content: Content) -> None:
        self.chamber(state)

    def apply(self, state: State, content: Content) -> None:
        c = chambers(state)
        ch = find(c, self.chamber_id)
        ch["eggs"] = 0
        c["chambers"].remove(ch)
        c["discarded"].append(ch)

    def describe(self, state: State, content: Content) -> Msg:
        ch = self.chamber(state)
        return msg("{name} discards {card}", name=_name(state, ch["owner"]), card=ch["card"]["name"])
