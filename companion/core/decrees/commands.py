"""The decree's commands: which decree is out, each colony's measure at Slumber, and the points booked."""

from __future__ import annotations

from companion.core.commands.base import Command
from companion.core.content import Content
from companion.core.decrees.content import DECREE, Decree, known_decree, said
from companion.core.decrees.model import CUSTOM, colonies, decrees
from companion.core.decrees.scoring import check_measure, decree_points, outcome_text
from companion.core.errors import CommandError
from companion.core.i18n import Msg, msg
from companion.core.module_state import colony
from companion.core.points import Reward, book, check_bookable
from companion.core.state import SLUMBER, State, game_def, player
from companion.core.words import names_and


def _chosen(state: State) -> Decree:
    d = decrees(state)["decree"]
    if d is None:
        raise CommandError(msg("Choose the Queen's Decree first (the card beside the Great Tunnel)."))
    return d


class ChooseDecree(Command, name="decree_choose"):
    """The decree in play: one the app knows by id, or the card's own name, measure and criterion."""

    remembered = True  # a decree typed from its card is offered in later games (not chosen for them)
    remember_key = ("decree_name",)
    fills_new_games = False
    decree_id: str = ""
    decree_name: str = ""
    measure: str = ""
    criterion: str = ""

    @classmethod
    def worth_remembering(cls, entry: dict[str, object]) -> bool:
        return entry.get("decree_id") in ("", CUSTOM, None)

    def decree(self) -> Decree:
        if self.decree_id and self.decree_id != CUSTOM:
            return known_decree(self.decree_id)
        data = {"id": CUSTOM, "name": self.decree_name.strip(), "measure": self.measure.strip(),
                "criterion": self.criterion.strip()}
        return DECREE.check(data, CommandError)

    def verify(self, state: State, content: Content) -> None:
        chosen = decrees(state)["decree"]
        if chosen == self.decree():
            raise CommandError(msg("{decree} is already the decree in play.", decree=said(chosen, "name")))

    def apply(self, state: State, content: Content) -> None:
        decrees(state)["decree"] = self.decree()

    def describe(self, state: State, content: Content) -> Msg:
        return msg("Queen's Decree: {decree}", decree=said(self.decree(), "name"))


class SetMeasure(Command, name="decree_measure"):
    """A colony's measure for the decree this round (for Adaptive Colony: its Evolutions)."""

    player_id: str
    value: int

    def verify(self, state: State, content: Content) -> None:
        d = _chosen(state)
        p = colony(state, self.player_id,
                   lambda name: msg("{name} is the Broodmother and does not compete for the decree.", name=name))
        check_measure(p["name"], self.value)
        if decrees(state)["measures"][state["round"] - 1].get(self.player_id) == self.value:
            raise CommandError(msg("{name} already has {value} {measure} entered.", name=p["name"], value=self.value,
                                   measure=said(d, "measure")))

    def apply(self, state: State, content: Content) -> None:
        decrees(state)["measures"][state["round"] - 1][self.player_id] = self.value

    def describe(self, state: State, content: Content) -> Msg:
        d = _chosen(state)
        return msg("{decree}, round {round}: {name} {value} {measure}", decree=said(d, "name"), round=state["round"],
                   name=player(state, self.player_id)["name"], value=self.value, measure=said(d, "measure"))


def round_points(state: State) -> dict[str, int]:
    """Points per colony id for this round's measures (every colony must have one)."""
    entered = decrees(state)["measures"][state["round"] - 1]
    missing = [p["name"] for p in colonies(state) if p["id"] not in entered]
    if missing:
        raise CommandError(msg("Enter every colony's {measure} first: {names} still missing.",
                               measure=said(_chosen(state), "measure"), names=names_and(missing)))
    return decree_points(state["round"], {p["id"]: entered[p["id"]] for p in colonies(state)}, state["rounds"])


def _rewards(points: dict[str, int]) -> dict[str, Reward]:
    return {pid: {"cards": 0, "cp": n} for pid, n in points.items()}


class ApplyDecree(Command, name="decree_apply"):
    """At Slumber: the colony that fits the decree best gains the round number in CP; a tie, 1 each."""

    def verify(self, state: State, content: Content) -> None:
        d = _chosen(state)
        if state["phase"] != SLUMBER:
            phase = game_def(state, content).phase(state["phase"]).message()
            raise CommandError(msg("{decree} scores at Slumber; this is {phase}.", decree=said(d, "name"), phase=phase))
        if state["round"] in decrees(state)["applied"]:
            raise CommandError(msg("{decree} is already scored for round {round} (Undo takes it back).",
                                   decree=said(d, "name"), round=state["round"]))
        check_bookable(state, _rewards(round_points(state)))

    def apply(self, state: State, content: Content) -> None:
        book(state, _rewards(round_points(state)))
        decrees(state)["applied"].append(state["round"])

    def describe(self, state: State, content: Content) -> Msg:
        return msg("{decree}, round {round}: {result}", decree=said(_chosen(state), "name"), round=state["round"],
                   result=result_text(state, content))


def result_text(state: State, content: Content) -> Msg:
    cp = game_def(state, content).terms["cp"]
    names = {p["id"]: p["name"] for p in state["players"]}
    return outcome_text({names[pid]: n for pid, n in round_points(state).items()}, cp)
