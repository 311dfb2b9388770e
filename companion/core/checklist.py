"""The phase checklist: what the modules in play do now, each item ticked or applied with one tap.

The list comes from the modules, not from the screen. A game area's hooks carry a function
``phase_items(state, content, phase_id, event) -> list[Item]`` (``companion.core.hooks.ModuleHooks``); it is
asked only while the area is active in the game. ``event`` says which moment of the phase
is meant: ``"enter"`` (what to do during the phase just begun) is the only one so far.

An item either carries a command (``command``: its ``to_dict``) that the app computes and
applies in one tap, or is ticked by hand (``TickItem``, kept per round in the module's own
state under ``ticked``). Items marked ``scoring`` put points in the scores: leaving a phase
with one of them unapplied is worth a question (``next_warning``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypedDict

from companion.core.actions import Actions, actions
from companion.core.commands.base import Command, command_from_dict, verified
from companion.core.content import Content
from companion.core.errors import CommandError
from companion.core.hooks import active_hooks
from companion.core.i18n import Msg, is_message, msg
from companion.core.schema import JsonObject
from companion.core.state import State, game_def
from companion.core.words import joined

EVENTS = ("enter",)


class Item(TypedDict):
    id: str                        # unique in the phase: "<module>:<what>"
    module: str
    text: str | Msg                # a message (a plain text is looked up in the catalogue when shown)
    scoring: bool                  # applying it changes the scores
    done: bool
    command: JsonObject | None  # the command that applies it; None: ticked by hand
    ready: bool                    # the command can run now
    note: str | Msg                # why it cannot run, or an interpretation; "" if none


ItemsFn = Callable[[State, Content, str, str], list[Item]]


class ChecklistView(TypedDict):
    """What the "Now" panel draws: this phase's items, and whether each one's tap is taken now."""

    items: list[Item]
    actions: Actions  # each item's command, or its tick (``TickItem``): allowed now, or why not


def entering(phase: str, key: str, state: State, phase_id: str, event: str) -> bool:
    """Whether a module's items are asked for now: ``phase`` starts, in a game that keeps ``key``'s state."""
    return phase_id == phase and event == "enter" and key in state["modules_state"]


def phase_items(state: State, content: Content, phase_id: str | None = None, event: str = "enter") -> list[Item]:
    """Every active module's items for the phase (the current one by default), in module order."""
    return _phase_items(state, content, phase_id, event)


def _phase_items(state: State, content: Content, phase_id: str | None, event: str) -> list[Item]:
    phase = phase_id or state["phase"]
    out: list[Item] = []
    for hooks in active_hooks(state):
        if hooks.phase_items is not None:
            out += hooks.phase_items(state, content, phase, event)
    return out


def checklist_view(state: State, content: Content) -> ChecklistView:
    """This phase's items with the game's answer to each one's tap (its command, or ticking it by hand)."""
    items = phase_items(state, content)
    taps = [TickItem(i["module"], i["id"]) if i["command"] is None else command_from_dict(i["command"])
            for i in items if not (i["done"] and i["command"] is not None)]
    return {"items": items, "actions": actions(taps, state, content)}


def unapplied_scoring(state: State, content: Content) -> list[Item]:
    """Scoring items of the current phase that could still be applied."""
    return [i for i in phase_items(state, content) if i["scoring"] and not i["done"] and i["ready"]]


def next_warning(state: State, content: Content) -> Msg | None:
    """The question to ask before leaving this phase, or None when nothing is left unscored."""
    said = _unapplied(state, content)
    return None if said is None else msg("{phase} has rewards not applied yet: {listed}. Go on without them?", **said)


def left_unapplied(state: State, content: Content) -> Msg | None:
    """What a script that cannot answer ``next_warning`` is told it left behind, or None."""
    said = _unapplied(state, content)
    return None if said is None else msg("{phase} has rewards not applied yet: {listed}. (Undo to go back.)", **said)


def _unapplied(state: State, content: Content) -> dict[str, object] | None:
    """The phase and the rewards left unscored in it (the words both warnings name), or None when none are."""
    pending = unapplied_scoring(state, content)
    if not pending:
        return None
    return {"phase": game_def(state, content).phase(state["phase"]).message(),
            "listed": joined([i["text"] for i in pending])}


def _reason(exc: CommandError) -> str | Msg:
    """The refusal as a message to show later (rendered in each reader's language)."""
    first = exc.args[0] if len(exc.args) == 1 else None
    return Msg.from_dict(first) if isinstance(first, dict) and is_message(first) else \
        first if isinstance(first, (Msg, str)) else str(exc)


def command_item(item_id: str, module: str, text: str | Msg, command: Command, state: State, content: Content,
                 *, done: bool, scoring: bool) -> Item:
    """An item the app applies: ready when its command's ``verify`` passes, else the reason."""
    note: str | Msg = ""
    if not done and (refused := verified(command, state, content)) is not None:
        note = _reason(refused)
    return {"id": item_id, "module": module, "text": text, "scoring": scoring, "done": done,
            "command": command.to_dict(), "ready": not done and not note, "note": note}


def tick_key(state: State, item_id: str) -> str:
    return f"{state['round']}:{state['phase']}:{item_id}"


def ticked(state: State, module: str, item_id: str) -> bool:
    return tick_key(state, item_id) in state["modules_state"].get(module, {}).get("ticked", [])


def tick_item(item_id: str, module: str, text: str | Msg, state: State, note: str | Msg = "") -> Item:
    return {"id": item_id, "module": module, "text": text, "scoring": False,
            "done": ticked(state, module, item_id), "command": None, "ready": True, "note": note}


class TickItem(Command, name="checklist_tick"):
    """Tick (or untick) a checklist item done by hand at the table, for this round and phase."""

    module: str
    item_id: str

    def _item(self, state: State, content: Content) -> Item:
        for item in phase_items(state, content):
            if item["module"] == self.module and item["id"] == self.item_id:
                return item
        raise CommandError(msg("No checklist item {item} in this phase.", item=repr(self.item_id)))

    def verify(self, state: State, content: Content) -> None:
        if self._item(state, content)["command"] is not None:
            raise CommandError(msg("The app applies that item itself: use its Apply button."))

    def apply(self, state: State, content: Content) -> None:
        ticks: list[str] = state["modules_state"][self.module]["ticked"]
        key = tick_key(state, self.item_id)
        if key in ticks:
            ticks.remove(key)
        else:
            ticks.append(key)

    def describe(self, state: State, content: Content) -> Msg:
        item = self._item(state, content)
        text = item["text"] if isinstance(item["text"], Msg) else msg(item["text"])
        return msg("Untick: {text}", text=text) if item["done"] else msg("Done: {text}", text=text)
