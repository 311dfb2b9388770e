"""The Round Draft's carried-over cards: card sites harvested (kept extra at the next draft), aphid-farm
cards set aside (joining the hand after the next draft)."""

from __future__ import annotations

from companion.core.commands.base import Command, require_int
from companion.core.content import Content
from companion.core.drafting.model import drafting, drafting_content
from companion.core.errors import CommandError
from companion.core.i18n import Msg, msg, nmsg
from companion.core.module_state import set_count
from companion.core.state import HARVEST, State, game_def, has, player

KINDS = ("extra", "aside")


def carries_this_round(state: State, content: Content) -> bool:
    """The Round Draft in play and a next draft to come: Autumn (``no_special_round``) has none."""
    return has(state, "round-draft") and state["round"] < drafting_content(content)["no_special_round"]


def carry_closed(state: State, content: Content) -> Msg | None:
    """Why no cards can be carried over now, or None when they can: the one statement of when (the Round Draft in
    play, at Harvest, before Autumn), asked by ``CarryOver`` and by the panel's view alike."""
    if not has(state, "round-draft"):
        return msg("Cards wait for the next draft only in the Round Draft.")
    if state["phase"] != HARVEST:
        phase = game_def(state, content).phase(state["phase"]).label
        return msg("Cards are carried over at Harvest; this is {phase}.", phase=msg(phase))
    if not carries_this_round(state, content):
        return msg("Autumn has no next draft: card sites and aphid farms give their cards as usual.")
    return None


class CarryOver(Command, name="drafting_carry"):
    """At Harvest (Round Draft, not in Autumn): a colony's card-site cards or aphid-farm cards this round."""

    player_id: str
    kind: str
    count: int

    def verify(self, state: State, content: Content) -> None:
        d = drafting(state)
        p = player(state, self.player_id)
        if (closed := carry_closed(state, content)) is not None:
            raise CommandError(closed)
        if self.kind not in KINDS:
            raise CommandError(msg("The kind is one of {kinds}; got {value}.", kinds=", ".join(KINDS),
                                   value=repr(self.kind)))
        require_int(self.count, "Cards", 0, 20)
        if d[self.kind].get(str(state["round"]), {}).get(self.player_id, 0) == self.count:  # type: ignore[literal-required]
            raise CommandError(msg("{name} already has {count} entered.", name=p["name"], count=self.count))

    def apply(self, state: State, content: Content) -> None:
        row = drafting(state)[self.kind].setdefault(str(state["round"]), {})  # type: ignore[literal-required]
        set_count(row, self.player_id, self.count)

    def describe(self, state: State, content: Content) -> Msg:
        name = player(state, self.player_id)["name"]
        if self.kind == "extra":
            return nmsg("Round Draft: {name} keeps 1 more at the next draft (card collection sites)",
                        "Round Draft: {name} keeps {n} more at the next draft (card collection sites)", self.count,
                        name=name)
        return nmsg("Round Draft: {name} sets 1 aphid-farm card aside for after the next draft",
                    "Round Draft: {name} sets {n} aphid-farm cards aside for after the next draft", self.count,
                    name=name)
