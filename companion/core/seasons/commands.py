"""The Seasons commands: build the deck (seeded, or entered), reveal one a round, and a card typed once."""

from __future__ import annotations

from companion.core.commands.base import Command
from companion.core.content import Content
from companion.core.errors import CommandError
from companion.core.i18n import Msg, msg
from companion.core.rng import Rng
from companion.core.schema import SchemaError
from companion.core.seasons.model import CARD, SeasonCard, card, said, seasons, seasons_content
from companion.core.state import State, game_def
from companion.core.words import commas

FIRST = "worker"


def _names(state: State, ids: list[str] | tuple[str, ...]) -> Msg | str:
    s = seasons(state)
    return commas([said(card(s, i)["name"]) for i in ids])


def _unbuilt(state: State) -> None:
    if seasons(state)["deck"]:
        raise CommandError(msg("The Seasons deck is already built (Undo takes it back)."))


class BuildSeasons(Command, name="seasons_build"):
    """2 random Early Seasons on top of 2 random Late Seasons, from the game's seeded generator."""

    def verify(self, state: State, content: Content) -> None:
        _unbuilt(state)

    def apply(self, state: State, content: Content) -> None:
        s, c = seasons(state), seasons_content(content)
        rng = Rng(state["rng"])
        deck: list[str] = []
        for stage, n in (("early", c["early"]), ("late", c["late"])):
            ids = [x["id"] for x in s["cards"] if x["stage"] == stage]
            rng.shuffle(ids)
            deck += ids[:n]
        state["rng"] = rng.state
        s["deck"] = deck

    def describe(self, state: State, content: Content) -> Msg:
        c = seasons_content(content)
        return msg("Seasons deck built: {early} Early Seasons on top of {late} Late Seasons, face down",
                   early=c["early"], late=c["late"])


class EnterSeasons(Command, name="seasons_enter"):
    """The deck built at the table, top first: the Early Seasons, then the Late ones."""

    card_ids: tuple[str, ...]

    def verify(self, state: State, content: Content) -> None:
        _unbuilt(state)
        s, c = seasons(state), seasons_content(content)
        ids = list(self.card_ids)
        if len(ids) != c["early"] + c["late"] or len(set(ids)) != len(ids):
            raise CommandError(msg("Enter {n} different Season cards, top first.", n=c["early"] + c["late"]))
        stages = [card(s, i)["stage"] for i in ids]
        if stages != ["early"] * c["early"] + ["late"] * c["late"]:
            raise CommandError(msg("The deck is {early} Early Seasons on top of {late} Late Seasons.", early=c["early"],
                                   late=c["late"]))

    def apply(self, state: State, content: Content) -> None:
        seasons(state)["deck"] = list(self.card_ids)

    def describe(self, state: State, content: Content) -> Msg:
        return msg("Seasons deck entered: {cards}", cards=_names(state, self.card_ids))


class RevealSeason(Command, name="seasons_reveal"):
    """At the start of a round, the top Season is revealed; it is in force until the next."""

    def verify(self, state: State, content: Content) -> None:
        s = seasons(state)
        if not s["deck"]:
            raise CommandError(msg("Build the Seasons deck first."))
        if len(s["revealed"]) >= state["round"]:
            raise CommandError(msg("Round {round}'s Season is already revealed.", round=state["round"]))
        if state["phase"] != FIRST:
            phase = game_def(state, content).phase(state["phase"]).message()
            raise CommandError(msg("A Season is revealed at the start of the round; this is {phase}.", phase=phase))
        if len(s["revealed"]) >= len(s["deck"]):
            raise CommandError(msg("The Seasons deck is empty."))

    def apply(self, state: State, content: Content) -> None:
        s = seasons(state)
        s["revealed"] = s["deck"][:state["round"]]

    def describe(self, state: State, content: Content) -> Msg:
        s = seasons(state)
        c = card(s, s["deck"][state["round"] - 1])
        if c["effect"]:
            return msg("Round {round}: the Season is {card}: {effect}", round=state["round"], card=said(c["name"]),
                       effect=said(c["effect"]))
        return msg("Round {round}: the Season is {card}", round=state["round"], card=said(c["name"]))


class DescribeSeason(Command, name="seasons_describe"):
    """A Season card's name and effect, typed once for this game."""

    remembered = True
    remember_key = ("card_id",)
    card_id: str
    card_name: str
    effect: str = ""

    def _card(self, state: State) -> SeasonCard:
        c = card(seasons(state), self.card_id)
        data = {**c, "name": str(self.card_name).strip(), "effect": str(self.effect).strip()}
        try:
            return CARD.check(data)
        except SchemaError as exc:
            field = exc.loc[0] if exc.loc else ""
            if field == "name":
                raise CommandError(msg("Name the Season card in 1 to 40 characters.")) from None
            if field == "effect":
                raise CommandError(msg("Say the effect in at most 300 characters.")) from None
            raise CommandError(msg("This Season card cannot be entered: {fault}.", fault=str(exc))) from None

    def verify(self, state: State, content: Content) -> None:
        new = self._card(state)
        s = seasons(state)
        if dict(card(s, self.card_id)) == new:
            raise CommandError(msg("{card} already reads so.", card=said(new["name"])))
        if any(c["name"].casefold() == new["name"].casefold() for c in s["cards"] if c["id"] != self.card_id):
            raise CommandError(msg("Another Season is already called {card}.", card=said(new["name"])))

    def apply(self, state: State, content: Content) -> None:
        card(seasons(state), self.card_id).update(self._card(state))

    def describe(self, state: State, content: Content) -> Msg:
        return msg("Season card {id}: {card}", id=self.card_id, card=str(self.card_name).strip())
