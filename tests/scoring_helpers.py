"""Sessions for the Harvest and Slumber scoring tests: real games with the module on, in memory."""

from __future__ import annotations

from companion.core.commands.base import Command
from companion.core.commands.turns import NextPhase
from companion.core.content import Content
from companion.core.session import Session, new_doc
from companion.core.setup import GameSetup, PlayerSpec, new_state

NAMES = (("Ana", "red"), ("Bo", "blue"), ("Cy", "black"), ("Di", "yellow"))


def session(content: Content, players: int = 2, *, modules: tuple[str, ...] = (),
            variants: tuple[str, ...] = (), expansions: tuple[str, ...] = ("minions",)) -> Session:
    specs = tuple(PlayerSpec(n, c) for n, c in NAMES[:players])
    setup = GameSetup(game="mota", players=specs, expansions=expansions, modules=modules, variants=variants)
    saved: list[dict[str, object]] = []
    return Session(new_doc("g-test", "Test", new_state(setup, content, seed=7)), saver=saved.append, content=content)


def run(s: Session, *commands: Command) -> list[str]:
    return [s.execute(c).text for c in commands]


def go_to(s: Session, phase: str) -> None:
    while s.state["phase"] != phase:
        s.execute(NextPhase())
