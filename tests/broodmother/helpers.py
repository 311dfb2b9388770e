"""Builders for Broodmother tests: in-memory sessions with chosen players, mode and options."""

from __future__ import annotations

from typing import Any

from companion.core.broodmother.model import bm
from companion.core.commands.base import Command
from companion.core.content import load_content
from companion.core.i18n import render
from companion.core.session import Session, new_doc
from companion.core.setup import GameSetup, PlayerSpec, new_state

COLONIES = (("Ana", "red"), ("Bo", "blue"), ("Cy", "black"), ("Di", "yellow"))

def make_session(mode: str = "solo", ants: int = 1, seed: int = 1, empires: bool = False,
                 modules: tuple[str, ...] = (), **options: Any) -> Session:
    """A fresh game in memory (no saves): ``ants`` colonies, plus her player when asymmetric."""
    players = [PlayerSpec(name, colour) for name, colour in COLONIES[:ants]]
    if mode == "asymmetric":
        players.append(PlayerSpec("Brood", None, "broodmother"))
    expansions = ("minions", "empires") if empires else ("minions",)
    setup = GameSetup(game="mota", mode=mode, players=tuple(players), expansions=expansions, modules=modules,
                      options=options)
    return Session(new_doc("g-test", "test", new_state(setup, load_content(), seed=seed)))


def run(session: Session, *commands: Command) -> None:
    for command in commands:
        session.execute(command)


def brood(session: Session) -> dict[str, Any]:
    return bm(session.state)


def lines(session: Session) -> list[str]:
    report = brood(session)["report"]
    return [render(line["text"]) for line in report["lines"]] if report else []


def hex_of(session: Session, number: int) -> dict[str, Any]:
    return next(h for h in brood(session)["hexes"] if h["number"] == number)
