"""What a view says of its actions: each command its panel would send, allowed now or the reason it is not.

A view lists its actions as ``Actions``: the command as the panel would send it (``action_key``: its name and
arguments as compact JSON, so the view stays plain data for the CLI's ``--json``) -> ``None`` when the game takes
it now, or the reason the game would give (a message as data, rendered in the reader's language where shown). The
answers come from the commands' own ``verify`` behind the game-over gate (``commands.base.refusal``), the very
check ``Session.execute`` makes: the view holds no rule of its own, and a panel asks its view, never the session.

While a screen draws, a view built from the game as saved now is answered through the answers the screen keeps for
that game (``answered_by``, set by ``companion.ui.kept``): a command two views list (the Season's reveal, in the
round's checklist and in the Seasons panel) is verified once per change, not once per view.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar

from companion.core.commands.base import Command, refusal, registered_commands
from companion.core.content import Content
from companion.core.errors import CommandError
from companion.core.i18n import Msg
from companion.core.schema import JsonObject
from companion.core.state import State

#: A refusal's reason: a message as stored data (``Msg.to_dict``: the view stays JSON), or a plain sentence.
Reason = JsonObject | str
#: A view's actions: each command as its panel would send it (``action_key``) -> None, or why not now.
Actions = dict[str, Reason | None]


class UnlistedAction(LookupError):
    """A panel asked about a command its view does not list: a bug of the view, found by the tests' panel walk."""


def action_key(command: Command) -> str:
    """The command with its arguments as a panel sends it, as one text: ``["<name>", arg, ...]`` in JSON (the same
    command, the same text; worked out for every action of every view drawn, so without ``to_dict``'s deep copy)."""
    names = _FIELDS.get(type(command))
    if names is None:
        names = _FIELDS[type(command)] = tuple(f.name for f in dataclasses.fields(command))  # type: ignore[arg-type]
    return _ENCODE([command.name, *(getattr(command, name) for name in names)])


def command_of(key: str) -> Command:
    """The command an action key stands for (the property test sends it to the session)."""
    name, *values = json.loads(key)
    return registered_commands()[name](*values)


_FIELDS: dict[type, tuple[str, ...]] = {}
_ENCODE = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode


def reason_of(error: Exception) -> Reason:
    """A refusal's reason as the view keeps it: its message as data, else its text."""
    first = error.args[0] if len(error.args) == 1 else None
    if isinstance(first, Msg):
        return first.to_dict()
    return first if isinstance(first, (dict, str)) else str(error)  # a dict: a message raised as stored data


Answer = Callable[[Command], CommandError | None]
#: The state a screen is drawing a view from, and its kept answer to each command (``answered_by``), or None.
_KEPT: ContextVar[tuple[State, Answer] | None] = ContextVar("kept_answers", default=None)


@contextmanager
def answered_by(state: State, answer: Answer) -> Iterator[None]:
    """While a view of ``state`` is built, its actions are ``answer``'s (the same refusal, kept for that state)."""
    token = _KEPT.set((state, answer))
    try:
        yield
    finally:
        _KEPT.reset(token)


def actions(commands: Iterable[Command | None], state: State, content: Content) -> Actions:
    """Each of ``commands`` (None: no such action now) with the game's answer to it now."""
    kept = _KEPT.get()
    answer = kept[1] if kept is not None and kept[0] is state else None  # another state (a draft): asked here
    out: Actions = {}
    for command in commands:
        if command is not None:
            refused = refusal(command, state, content) if answer is None else answer(command)
            out[action_key(command)] = None if refused is None else reason_of(refused)
    return out


def lookup(listed: Mapping[str, Reason | None], command: Command) -> Reason | None:
    """The view's answer for ``command``: None when allowed, else its reason; ``UnlistedAction`` if not listed."""
    key = action_key(command)
    try:
        return listed[key]
    except KeyError:
        raise UnlistedAction(key) from None


def allowed(listed: Mapping[str, Reason | None], command: Command) -> bool:
    """Whether the view says the game takes ``command`` now."""
    return lookup(listed, command) is None


def stepping(make: Callable[[int], Command], value: int) -> list[Command]:
    """What a ``[-] value [+]`` counter sends: one less (while above 0) and one more."""
    return [make(value - 1), make(value + 1)] if value > 0 else [make(value + 1)]
