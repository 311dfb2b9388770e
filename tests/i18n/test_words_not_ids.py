"""No player text shows an id where a name exists: "Setup: tick starting-hexes" names a step by its code.

The property machine's games (a fixed seed, short games around every module, variant and game) are played
and, after every step, every log line, the Undo and Redo labels and every message of every view are
rendered in English and in Spanish. Each text is searched for the ids the game knows: the content's game,
expansion, module, variant and mode ids, and every ``id`` in ``data/`` (cards, hexes, steps, predators).

- An id with a hyphen ("starting-hexes", "praying-mantis") is a code in any language.
- A one-word id ("mota", "minions", "broodmother") is a code in a language whose catalogue never uses it as a
  lowercase word: "aphids" is an English word (it is not flagged in English) but not a Spanish one.

A player's name or typed note is whatever the table typed, so the machine's games give their players names
that are no id; a text that quotes a typed value is not a fault of the app.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

from hypothesis import seed
from hypothesis.stateful import invariant, run_state_machine_as_test

from companion.core.commands.base import Command
from companion.core.i18n import catalogue, is_message, render, using
from companion.core.session import log_text
from tests.properties.test_game_machine import CONTENT, FOCI, HOOKS, REACH, REACH_SEED, VIEWS, Reach

DATA = Path(__file__).resolve().parents[2] / "data"
TOKEN = re.compile(r"[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*")
TERMINAL = re.compile(r"`[^`]*`")  # a terminal command the text quotes: "`companion game do ID antscape_bonus`"
LANGUAGES = ("en", "es")
#: The fields whose text a player types (a card's name as printed, its texts): shown as typed, whatever it is.
TYPED = re.compile(r"(^|_)name$|^(task|offering|effect|scoring|trigger|note)$")
#: A field that takes a printed card's id or, for a card the app does not know, its name as typed.
ID_OR_TYPED = {("parasites_play", "card")}


def _data_ids(value: Any) -> Iterator[str]:
    """Every ``id`` in a data file (the rules corpus's entries too: none should reach a player's text)."""
    if isinstance(value, dict):
        if isinstance(value.get("id"), str):
            yield value["id"]
        for item in value.values():
            yield from _data_ids(item)
    elif isinstance(value, list):
        for item in value:
            yield from _data_ids(item)


@cache
def known_ids() -> frozenset[str]:
    """The content's own ids and every id in ``data/``, lowercase codes only (no numbers, no names)."""
    ids = {*CONTENT.games, *CONTENT.expansions, *CONTENT.modules, *CONTENT.variants, *CONTENT.modes}
    for path in DATA.rglob("*.json"):
        ids.update(_data_ids(json.loads(path.read_text(encoding="utf-8"))))
    return frozenset(i for i in ids if re.fullmatch(r"[a-z][a-z0-9]*(-[a-z0-9]+)*", i) and len(i) > 2)


@cache
def words_of(lang: str) -> frozenset[str]:
    """The lowercase words a language's texts use as words, not as codes a command line takes.

    English: the msgids' words but the game and expansion ids (the terminal's help names ``mota``); Spanish: the
    translations' words that their own msgid does not hold too (a code is kept as it is: "mota, evolved o antscape").
    """
    found: set[str] = set()
    for message in catalogue("es") or ():
        ids = message.id if isinstance(message.id, (list, tuple)) else (message.id,)
        strings = message.string if isinstance(message.string, (list, tuple)) else (message.string,)
        english = {w for text in ids for w in re.findall(r"[^\W\d_]+", text or "")}
        if lang == "en":
            found |= english
        else:
            found |= {w for text in strings for w in re.findall(r"[^\W\d_]+", text or "")} - english
    return frozenset(found - ({*CONTENT.games, *CONTENT.expansions} if lang == "en" else set()))


def codes_in(text: str, lang: str) -> list[str]:
    """The ids ``text`` shows: hyphenated ones anywhere, one-word ones where the language has no such word (a
    terminal command quoted in backticks is typed as it is, ids and all: it is left out)."""
    ids = known_ids()
    return [token for token in TOKEN.findall(TERMINAL.sub("", text))
            if token in ids and ("-" in token or token not in words_of(lang))]


def messages(value: Any) -> Iterator[Any]:
    """Every message in a view, as it is held (rendered by the reader's language)."""
    if is_message(value):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from messages(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from messages(item)


#: What each text showing an id said, by language: (the text, the ids in it).
FOUND: dict[str, dict[str, list[str]]] = {lang: {} for lang in LANGUAGES}


class Words(Reach):
    """The machine's games, their texts read after every step (the machine types ids as card names: those are
    the table's words, not the app's)."""

    def run(self, command: Command) -> None:
        super().run(command)
        for name, value in command.to_dict().items():
            if isinstance(value, str) and (TYPED.search(name) or (command.name, name) in ID_OR_TYPED):
                self.typed.add(value.strip())

    @property
    def typed(self) -> set[str]:
        if not hasattr(self, "_typed"):
            self._typed: set[str] = set()
        return self._typed

    @invariant()
    def no_ids_shown(self) -> None:
        """After a step that changed the game (a refused one shows nothing new), its texts in both languages. A view
        holds its texts as messages, rendered by the reader's language: it is made once, read in each."""
        if self.session is None or self.game.doc["rev"] == getattr(self, "_read_rev", None):
            return
        self._read_rev = self.game.doc["rev"]
        state = self.game.state
        held = [m for hooks_id, view in VIEWS if HOOKS[hooks_id].active(state) for m in messages(view(state, CONTENT))]
        for lang in LANGUAGES:
            with using(lang):
                shown = [log_text(entry) for entry in self.game.doc["log"][-3:]]
                shown += [label for label in (self.game.undo_label, self.game.redo_label) if label]
                shown += [render(message) for message in held]
                for text in shown:
                    if found := [code for code in codes_in(text, lang) if code not in self.typed]:
                        FOUND[lang].setdefault(text, found)


def test_codes_in_finds_ids_and_leaves_words() -> None:
    """The check itself, on the issue's texts: it can fail."""
    assert codes_in("Setup: tick starting-hexes", "en") == ["starting-hexes"]
    assert codes_in("Preparación: marcar starting-hexes", "es") == ["starting-hexes"]
    assert codes_in("mota, minions", "es") == ["mota", "minions"]
    assert codes_in("Place the aphids on hex 4.", "en") == []
    assert codes_in("Setup: Starting hexes ticked", "en") == []
    assert codes_in("Choose it first (`companion game do ID antscape_bonus bonus=...` in the terminal).", "en") == []
    assert codes_in("Choose antscape first (`companion game do ID`).", "es") == ["antscape"]


def test_no_log_line_undo_label_or_view_shows_an_id() -> None:
    for lang in LANGUAGES:
        FOUND[lang].clear()
    for focus in FOCI:
        run_state_machine_as_test(seed(REACH_SEED)(type("Words", (Words,), {"focus": focus})), settings=REACH)
    shown = {lang: sorted(found.items())[:20] for lang, found in FOUND.items() if found}
    assert shown == {}, json.dumps(shown, ensure_ascii=False, indent=1)
