"""What the Seasons panel and the round's checklist show, as plain data.

Texts are messages; a card's ``label``/``says`` are what to show (the app's made-up names and the
file's texts as messages, what the players typed as it is).
"""

from __future__ import annotations

from typing_extensions import TypedDict

from companion.core.actions import Actions, actions
from companion.core.checklist import Item, command_item, entering
from companion.core.content import Content, interpretations_said
from companion.core.i18n import Msg, msg, render
from companion.core.seasons.commands import BuildSeasons, RevealSeason
from companion.core.seasons.model import KEY, SeasonCard, card, in_force, said, seasons, seasons_content
from companion.core.state import State


class ShownSeason(SeasonCard):
    """A Season card in ``seasons_view``: its name and effect to show (and the round it was revealed in)."""

    label: Msg | str
    says: Msg | str


class RevealedSeason(ShownSeason):
    """A Season card revealed, with its round, in ``seasons_view["revealed"]``."""

    round: int


class SeasonsView(TypedDict):
    """What ``seasons_view`` gives the Seasons panel."""

    built: bool
    left: int
    in_force: ShownSeason | None
    revealed: list[RevealedSeason]
    cards: list[ShownSeason]
    reminders: list[Msg]
    interpretations: list[Msg]
    actions: Actions  # the deck built from the seeded generator, this round's reveal: allowed now, or why not


def _card(c: SeasonCard) -> ShownSeason:
    return {**c, "label": said(c["name"]), "says": said(c["effect"])}


def seasons_view(state: State, content: Content) -> SeasonsView:
    s = seasons(state)
    now = in_force(s)
    return {
        "built": bool(s["deck"]), "left": len(s["deck"]) - len(s["revealed"]),
        "in_force": _card(now) if now else None,
        "revealed": [{"round": i + 1, **_card(card(s, cid))} for i, cid in enumerate(s["revealed"])],
        "cards": [_card(c) for c in s["cards"]],
        "reminders": [msg(text) for text in seasons_content()["reminders"]],
        "interpretations": interpretations_said(seasons_content()["interpretations"]),
        "actions": actions((BuildSeasons(), RevealSeason()), state, content),
    }


def phase_items(state: State, content: Content, phase_id: str, event: str) -> list[Item]:
    if not entering("worker", KEY, state, phase_id, event):
        return []
    s = seasons(state)
    done = len(s["revealed"]) >= state["round"]
    text = render(msg("Reveal round {round}'s Season", round=state["round"]))
    if done:
        text = render(msg("Season in force: {card}", card=said(card(s, s["revealed"][state["round"] - 1])["name"])))
    return [command_item("seasons:reveal", KEY, text, RevealSeason(), state, content, done=done, scoring=False)]
