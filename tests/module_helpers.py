"""Sessions for the module trackers' tests: real games of either edition, in memory."""

from __future__ import annotations

import copy

import pytest

from companion.core.commands.base import Command
from companion.core.content import Content, load_content
from companion.core.errors import GameError
from companion.core.session import Session, new_doc
from companion.core.setup import GameSetup, PlayerSpec, new_state
from companion.core.units import every_module

#: Every module a game of March of the Ants can have at once (the UI tests' busiest game), found by discovery:
#: a new module's panel is in it without an edit here. Of the drafts, the Round Draft (the most checklist items).
EVERY_MODULE = every_module(load_content(), "mota", drafting="round-draft")
NAMES = (("Ana", "red"), ("Bo", "blue"), ("Cy", "black"), ("Di", "yellow"))


def session(content: Content, players: int = 2, *, game: str = "mota", modules: tuple[str, ...] = (),
            variants: tuple[str, ...] = (), expansions: tuple[str, ...] = ("minions", "empires"),
            mode: str = "competitive", seed: int = 7) -> Session:
    specs = tuple(PlayerSpec(n, c) for n, c in NAMES[:players])
    setup = GameSetup(game=game, mode=mode, players=specs, expansions=expansions, modules=modules,
                      variants=variants)
    return Session(new_doc("g-test", "Test", new_state(setup, content, seed=seed)), saver=lambda d: None,
                   content=content)


def refused(s: Session, command: Command, message: str) -> None:
    """The command is refused with ``message`` and the game (state, history, log) is unchanged."""
    before = copy.deepcopy(s.doc)
    with pytest.raises(GameError, match=message):
        s.execute(command)
    assert s.doc == before


def undo_all(s: Session) -> None:
    while s.undo_label:
        s.undo()
