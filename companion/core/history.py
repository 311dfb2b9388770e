"""A finished game as one compact play record, the unit of the play history (``companion.core.records``).

``record_of(doc, content)`` reads a saved game whose state has ended into a ``PlayRecord``: who played
(name, colour, final score, role), who won, how and in which round it ended, and for a game against the
Broodmother her difficulty and her Colony Point lead over the best colony at the end. A record stands on
its own: it is kept when its game is deleted, so it carries every name it shows. ``name_key`` is how
names typed alike count as one (case and spaces ignored).

The store keeps the records in ``history.json`` (``companion.store.history``); this module is pure.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal, NotRequired

from annotated_types import Ge, Le, MaxLen, MinLen
from typing_extensions import TypedDict

from companion.core.end_codes import is_end_code
from companion.core.schema import Json, JsonObject, SchemaError, check, holds, strict

if TYPE_CHECKING:
    from companion.core.content import Content

HISTORY_FORMAT = "march-of-the-ants-companion/history"
HISTORY_VERSION = 1
BROOD_MODES = ("solo", "coop")  # the ants against her; the asymmetric variant has her as a player

Word = Annotated[str, MinLen(1), MaxLen(80)]
Score = Annotated[int, Ge(-10_000), Le(10_000)]


@strict
class RecordPlayer(TypedDict):
    id: Annotated[str, MaxLen(24)]
    name: Annotated[str, MinLen(1), MaxLen(40)]
    colour: Annotated[str, MaxLen(24)]
    score: Score
    role: Literal["ant", "broodmother"]  # "broodmother": ``HER``


@strict
class RecordEnd(TypedDict):
    code: Annotated[str, holds(is_end_code, "not a way a game ends")]  # an ``EndCode``'s word
    round: Annotated[int, Ge(0), Le(20)]


@strict
class PlayRecord(TypedDict):
    """One finished game, as the records count it."""

    id: Annotated[str, MinLen(1), MaxLen(40)]
    name: Annotated[str, MinLen(1), MaxLen(80)]
    date: Annotated[str, MinLen(10), MaxLen(40)]  # ISO date and time the game finished (its last save)
    game: Word
    edition: Annotated[str, MaxLen(80)]
    expansions: Annotated[list[Word], MaxLen(10)]
    modules: Annotated[list[Word], MaxLen(40)]
    variants: Annotated[list[Word], MaxLen(40)]
    mode: Word
    difficulty: Annotated[str, MaxLen(24)] | None
    players: Annotated[list[RecordPlayer], MinLen(1), MaxLen(6)]
    winners: Annotated[list[Annotated[str, MaxLen(24)]], MaxLen(6)]  # player ids, or [HER]
    ended: RecordEnd
    her_lead: Score | None  # her CP minus the best colony's (solo/co-op), else None
    bonus: NotRequired[Annotated[str, MaxLen(40)] | None]  # Antscape's Bonus Card in play


@strict
class HistoryFile(TypedDict):
    format: Literal["march-of-the-ants-companion/history"]
    version: Annotated[int, Ge(1), Le(HISTORY_VERSION)]
    records: Annotated[dict[Annotated[str, MaxLen(40)], PlayRecord], MaxLen(100_000)]
    merges: Annotated[dict[Annotated[str, MaxLen(40)], Annotated[str, MaxLen(40)]], MaxLen(10_000)]
    forgotten: Annotated[list[Annotated[str, MaxLen(40)]], MaxLen(100_000)]


def empty_history() -> JsonObject:
    return {"format": HISTORY_FORMAT, "version": HISTORY_VERSION, "records": {}, "merges": {}, "forgotten": []}


def name_key(name: str) -> str:
    """Names typed alike are one: case folded, spaces trimmed and single (``" ana  Ruiz"`` is ``"ana ruiz"``)."""
    return " ".join(str(name).split()).casefold()


def is_finished(doc: Json) -> bool:
    """A saved game (or an unchecked file's data) whose state has ended."""
    try:
        return bool(doc["state"]["ended"])
    except (KeyError, TypeError):
        return False


def record_of(doc: JsonObject, content: Content | None = None) -> PlayRecord | None:
    """The record of a finished game, checked; None for an unfinished game or one that cannot be read as one.

    Reads only what it needs, defensively: the rebuild reads game files without believing them whole.
    """
    if not is_finished(doc):
        return None
    try:
        raw = _raw_record(doc, content)
        return check(PlayRecord, raw, "record")
    except (KeyError, TypeError, ValueError, AttributeError, IndexError, SchemaError):
        return None


def _raw_record(doc: JsonObject, content: Content | None) -> JsonObject:
    state = doc["state"]
    ended = state["ended"]
    players = [{"id": str(p["id"]), "name": str(p["name"]), "colour": str(p.get("colour") or ""),
                "score": int(sum(state["scores"].get(p["id"], []))), "role": p.get("role", "ant")}
               for p in state["players"]]
    game = state["game"]
    gdef = content.games.get(game) if content is not None else None
    ms = state.get("modules_state") or {}
    brood = ms.get("broodmother") if isinstance(ms, dict) else None
    difficulty = brood.get("difficulty") if isinstance(brood, dict) else None
    record: JsonObject = {
        "id": str(doc["id"]), "name": str(doc["name"]), "date": str(doc.get("updated") or doc.get("created")),
        "game": game, "edition": gdef.edition if gdef is not None else "",
        "expansions": list(state.get("expansions", [])), "modules": list(state.get("modules", [])),
        "variants": list(state.get("variants", [])), "mode": state["mode"],
        "difficulty": difficulty if state["mode"] in BROOD_MODES else None,
        "players": players, "winners": [str(w) for w in ended.get("winners", [])],
        "ended": {"code": str(ended["code"]), "round": int(state["round"])},
        "her_lead": _her_lead(state, brood, players),
    }
    scorer = ms.get("antscape") if isinstance(ms, dict) else None
    if game == "antscape":
        record["bonus"] = scorer.get("bonus") if isinstance(scorer, dict) else None
    return record


def _her_lead(state: JsonObject, brood: Json, players: list[JsonObject]) -> int | None:
    """Her Colony Points minus the best colony's at the end (solo and co-op only)."""
    if state["mode"] not in BROOD_MODES or not isinstance(brood, dict):
        return None
    best = max((p["score"] for p in players if p["role"] == "ant"), default=0)
    return int(sum(brood["cp"])) - best
