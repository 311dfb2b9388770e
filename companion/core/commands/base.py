"""The command protocol: each state change is a small named, serialisable object.

After pokerkit and Frosthaven Assistant: ``verify`` raises CommandError with a reason a
player can read, ``can`` answers yes/no for enabling buttons, ``apply`` changes a copy
of the state, ``describe`` gives the label used in the log and on the Undo button.
Only commands change state; the Session applies them.
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from typing_extensions import dataclass_transform

from companion.core.content import Content
from companion.core.errors import CommandError
from companion.core.i18n import Msg, msg
from companion.core.registry import the_apps_own
from companion.core.schema import JsonObject
from companion.core.state import State

_REGISTRY: dict[str, type[Command]] = {}


@dataclass_transform(frozen_default=True)
class Command:
    """Base of every command. Each subclass is made a frozen dataclass, registered by the ``name`` it is declared with.

    ``class Gain(Command, name="predator_gain"):`` then its fields: the name is the command's stable id in saved
    games and shared tables, so it is said once, where the class is declared, and a command needs no decorator.
    """

    name: ClassVar[str] = ""
    allowed_after_end: ClassVar[bool] = False
    #: Card content a player types from a card the rulebooks do not print (a tier's text, a chamber card):
    #: remembered across games and filled into every new game (``companion.core.library``). ``remember_key``
    #: names the fields that say which card it is, so typing it again replaces the old entry.
    remembered: ClassVar[bool] = False
    remember_key: ClassVar[tuple[str, ...]] = ()
    #: False for a card that is offered in new games rather than filled in (a custom Queen's Decree is
    #: drawn each game: it joins the choices, it is not chosen for you).
    fills_new_games: ClassVar[bool] = True

    @classmethod
    def worth_remembering(cls, entry: JsonObject) -> bool:
        """Whether this recorded command (``to_dict``) holds a typed card; all of a remembered kind by default."""
        return cls.remembered

    def __init_subclass__(cls, *, name: str = "", **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        dataclasses.dataclass(frozen=True)(cls)
        if name:
            cls.name = name
            if the_apps_own(cls):  # a test registers its own with ``register_command``
                register_command(cls)

    def verify(self, state: State, content: Content) -> None:
        """Raise CommandError if this command may not be applied to ``state``."""

    def apply(self, state: State, content: Content) -> None:
        raise NotImplementedError

    def describe(self, state: State, content: Content) -> str | Msg:
        """A short label, read with the state *before* the command: "Ana +2 CP" (a ``Msg`` to translate)."""
        raise NotImplementedError

    def describe_done(self, before: State, after: State, content: Content) -> str | Msg:
        """The label kept in the log and on the Undo button once the command has run: ``describe`` read before it,
        unless the command only learns what it did by doing it (her card drawn from a shuffled deck names itself
        from the state it led to, so it runs once)."""
        return self.describe(before, content)

    def can(self, state: State, content: Content) -> bool:
        return verified(self, state, content) is None

    def to_dict(self) -> JsonObject:
        fields: JsonObject = dataclasses.asdict(self) if dataclasses.is_dataclass(self) else {}
        return {"type": self.name, **fields}


def end_block(command: Command, state: State) -> Msg | None:
    """The one game-over gate: why ``command`` may not run in a finished game, or None.

    A finished game allows only commands marked ``allowed_after_end`` (an Initiative Token
    cancelling the reaction that ended it); Undo always works.
    """
    ended = state.get("ended")
    if ended is None or command.allowed_after_end:
        return None
    from companion.core.outcome import reason_message

    return msg("The game is over ({reason}) Undo to play on (Undo in the app; `companion game undo ID` in the "
               "terminal).", reason=reason_message(ended))


def verified(command: Command, state: State, content: Content) -> CommandError | None:
    """The ``CommandError`` that ``command.verify`` raises on ``state``, or None when it passes."""
    try:
        command.verify(state, content)
    except CommandError as exc:
        return exc
    return None


def refusal(command: Command, state: State, content: Content) -> CommandError | None:
    """Why ``command`` may not run on ``state`` (the game-over gate, then its ``verify``), or None: what
    ``Session.can`` and ``why_not`` answer and a view's actions (``companion.core.actions``) hold."""
    if reason := end_block(command, state):
        return CommandError(reason)
    return verified(command, state, content)


def register_command(cls: type[Command]) -> None:
    if cls.name in _REGISTRY and _REGISTRY[cls.name].__qualname__ != cls.__qualname__:
        raise TypeError(f"command name {cls.name!r} registered twice")
    _REGISTRY[cls.name] = cls


def unregister_command(cls: type[Command]) -> None:
    if _REGISTRY.get(cls.name) is cls:
        del _REGISTRY[cls.name]


def registered_commands() -> dict[str, type[Command]]:
    return dict(_REGISTRY)


def command_from_dict(data: JsonObject) -> Command:
    """Rebuild a command from ``to_dict`` output (for replay and the CLI)."""
    kind = data.get("type")
    cls = _REGISTRY.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise CommandError(msg("Unknown command {kind}.", kind=repr(kind)))
    args = {k: v for k, v in data.items() if k != "type"}
    try:
        return cls(**args)
    except TypeError as exc:
        raise CommandError(msg("Bad arguments for {kind}: {problem}", kind=kind, problem=str(exc))) from None


def require_int(value: object, what: str | Msg, low: int, high: int) -> int:
    """Validate a whole number in ``[low, high]``; bools and floats are refused.

    ``what`` names the number, a message (``msg("The change")``); a plain text is looked up as a key.
    """
    said = what if isinstance(what, Msg) else msg(what)
    if isinstance(value, bool) or not isinstance(value, int):
        raise CommandError(msg("{what} must be a whole number, not {value}.", what=said, value=repr(value)))
    if not low <= value <= high:
        raise CommandError(msg("{what} must be between {low} and {high}; got {value}.", what=said, low=low, high=high,
                               value=value))
    return value
