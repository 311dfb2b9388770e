"""Cards players type once: remembered across games, filled into every new game.

The rulebooks do not print every card (most Predators' tier texts, chamber cards, Mutation
and Season names). A command that records such a card is marked ``remembered``; the store
keeps the ones players enter (``companion.store.library``), and ``carry_over`` applies them
to a new game's starting state - each only if it still makes sense there (its module is
in play, its card exists), and without history entries, as if the box had always said so.
"""

from __future__ import annotations

from companion.core.commands.base import command_from_dict, registered_commands
from companion.core.content import Content
from companion.core.errors import CommandError
from companion.core.schema import Json, JsonObject
from companion.core.state import State

Entry = JsonObject


def is_remembered(entry: Json) -> bool:
    """True if ``entry`` (a command as ``to_dict`` writes it) records a card to remember."""
    if not isinstance(entry, dict):
        return False
    cls = registered_commands().get(str(entry.get("type")))
    return bool(cls is not None and cls.remembered and cls.worth_remembering(entry))


def offered(entries: list[Entry], kind: str) -> list[Entry]:
    """The remembered entries of one command ``kind`` (its ``name``), for a screen to offer as choices."""
    return [e for e in entries if e.get("type") == kind and is_remembered(e)]


def key_of(entry: Entry) -> tuple[Json, ...]:
    """Which card an entry is about: a newer entry with the same key replaces the older."""
    cls = registered_commands()[entry["type"]]
    return (entry["type"], *(str(entry.get(f, "")).strip().casefold() for f in cls.remember_key))


def merged(entries: list[Entry], new: Entry) -> list[Entry]:
    """``entries`` with ``new`` in place of any entry about the same card (last typed last)."""
    return [e for e in entries if key_of(e) != key_of(new)] + [new]


def carry_over(state: State, content: Content, entries: list[Entry]) -> int:
    """Apply the remembered entries that fit ``state`` (a new game); return how many did."""
    applied = 0
    for entry in entries:
        try:
            command = command_from_dict(entry)
            if not command.remembered or not command.fills_new_games or not command.can(state, content):
                continue
            command.apply(state, content)
        except (CommandError, KeyError, TypeError, ValueError):
            continue  # a card for a module not in play, or one that no longer fits: left for another game
        applied += 1
    return applied
