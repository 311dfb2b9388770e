"""Any game command from plain words, for ``companion game do ID COMMAND FIELD=VALUE ...``.

The app's screens send registered commands (``companion.core.commands.base``); the terminal sends the very same
ones, so whatever a screen can do to a game the terminal can too, through the same ``verify`` and its refusals.
A field is read by its declared type: text, a whole number, yes/no, a comma-separated list, ``none`` for an
optional one; a field that names a player takes the player's id or name. A command with a field no plain word can
say (her deck's make-up) has a verb of its own that declares it (``Verb.sends``).
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable
from typing import TYPE_CHECKING

from companion.cli.common import CliError
from companion.core.i18n import tr, trf

if TYPE_CHECKING:
    from companion.core.commands.base import Command
    from companion.core.state import State

Reader = Callable[[str], object]
YES, NO = ("yes", "true", "on", "1"), ("no", "false", "off", "0")
#: Field names that hold a player's id (as the commands spell them).
PLAYER_FIELDS = ("winner", "host_id", "by", "owner")


def app_commands() -> dict[str, type[Command]]:
    """Every command the app's screens can send: the registered commands of the app's own packages."""
    import companion.core.commands.scoring
    import companion.core.commands.turns  # noqa: F401  (registered at import)
    from companion.core.commands.base import registered_commands
    from companion.core.hooks import load_modules

    load_modules()
    return {name: cls for name, cls in sorted(registered_commands().items()) if cls.__module__.startswith("companion.")}


def _whole(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise CliError(trf("{text} is not a whole number", text=repr(text))) from None


def _yes_no(text: str) -> bool:
    if text.casefold() in YES:
        return True
    if text.casefold() in NO:
        return False
    raise CliError(trf("{text}: write yes or no", text=repr(text)))


def _listed(each: Reader) -> Reader:
    return lambda text: tuple(each(part.strip()) for part in text.split(",") if part.strip())


def reader(kind: object) -> Reader | None:
    """How a field of this type is read from a word, or None when no plain word can say it."""
    simple: dict[object, Reader] = {str: str, int: _whole, bool: _yes_no}
    if kind in simple:
        return simple[kind]
    args = typing.get_args(kind)
    if typing.get_origin(kind) is tuple and len(args) == 2 and args[1] is Ellipsis and args[0] in (str, int):
        return _listed(simple[args[0]])
    if typing.get_origin(kind) in (typing.Union, types.UnionType) and type(None) in args and len(args) == 2:
        inner = reader(next(a for a in args if a is not type(None)))
        if inner is not None:
            return lambda text: None if text.casefold() in ("", "none") else inner(text)
    return None


def fields_of(cls: type[Command]) -> list[tuple[dataclasses.Field[object], object]]:
    hints = typing.get_type_hints(cls)
    return [(f, hints[f.name]) for f in dataclasses.fields(cls)]  # type: ignore[arg-type]


def unsayable(cls: type[Command]) -> list[str]:
    """The fields of ``cls`` that no plain word can say (empty: ``game do`` can send it)."""
    return [f.name for f, kind in fields_of(cls) if reader(kind) is None]


def usage(cls: type[Command]) -> str:
    """``player_id=… delta=…`` with the optional fields in brackets, for a refusal's hint."""
    parts = [f"{f.name}=…" if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
             else f"[{f.name}=…]" for f, _ in fields_of(cls)]
    return " ".join(parts) or tr("(no fields)")


def build(name: str, words: list[str], state: State) -> Command:
    """The command ``name`` with its fields read from ``FIELD=VALUE`` words; a clear refusal for anything else."""
    commands = app_commands()
    cls = commands.get(name)
    if cls is None:
        raise CliError(trf("no game command {name}; `companion game commands` lists them", name=repr(name)))
    kinds = {f.name: kind for f, kind in fields_of(cls)}
    given: dict[str, object] = {}
    for word in words:
        key, sep, text = word.partition("=")
        if not sep or key not in kinds:
            raise CliError(trf("{word}: write FIELD=VALUE; {name} takes {fields}", word=repr(word), name=name,
                               fields=usage(cls)))
        read = reader(kinds[key])
        if read is None:
            raise CliError(trf("{name} cannot be typed here; see `companion --help` for its own verb", name=name))
        given[key] = _player_id(state, text) if _names_player(key) else read(text)
    try:
        return cls(**given)
    except TypeError:
        raise CliError(trf("{name} takes {fields}", name=name, fields=usage(cls))) from None


def _names_player(field_name: str) -> bool:
    return "player" in field_name or field_name in PLAYER_FIELDS


def _player_id(state: State, text: str) -> str:
    """A player's id from their id or name (any case); other words stay as typed, for ``verify`` to judge."""
    for p in state["players"]:
        if text in (p["id"], p["name"]) or text.casefold() == p["name"].casefold():
            return str(p["id"])
    return text
