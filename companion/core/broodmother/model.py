"""Where the Broodmother keeps her part of the game state, and the small readers over it.

Everything lives in ``state["modules_state"]["broodmother"]`` as plain JSON, so undo,
saves and imports need nothing special. Its shape::

    {"difficulty", "deck_mode", "odds", "after_level_3", "tunnel_centipedes",
     "ants": 1, "thresholds": {"plot", "cp", "centipedes"}, "initiative": 2, "start": {...},
     "cp": [0, 0, 0, 0],                      # her points per round (solo/co-op)
     "machinations": 0,
     "deck": {"cards": {id: {"type", "ferocity", "chamber"}}, "draw": [...], "discard": [...],
              "plot": [...], "drawn": 0,      # draw[0] is the top card
              "makeup": "estimated" | "entered"},   # absent in older saves: estimated
     "hexes": [{"number", "zone", "sites", "nymphs", "centipede", "centipede_hex", "nest"}],
     "tunnel": {"nymph": False, "centipedes": 0},
     "her": {"found": False, "hex": None, "destroyed": False},
     "pending": [{"kind": "expand" | "predator" | "strike", ...}],   # questions, first one asked
     "turn": None | {"card", "type", "ferocity", "action", "round", "cancellable", "cancelled", "before"},
     "report": None | {"title", "lines": [{"text", "hex"}], "interpretations": [...]},
     "slumbers": [rounds scored], "checklist": {step id: True},
     "history": [{"round", "card", "words", "cancelled"}],   # her cards, in order (state version 2)
     "asym": None | {"eggs", "unlocked": [...], "unlock_rounds": [...], "bonus": None | int}}

Her level-2 Predator lives in the predator tracker (``state["modules_state"]["predators"]``,
``by: "broodmother"``), not here (state version 3).
"""

from __future__ import annotations

from typing import cast

from companion.core.broodmother.schema import Asymmetric, BroodState, MeadowHex, Question, Report, Turn, Zone
from companion.core.end_codes import HER
from companion.core.errors import CommandError
from companion.core.i18n import N_, Msg, msg, render
from companion.core.schema import MessageData, Player
from companion.core.state import State, ant_players, total_score

KEY = "broodmother"
BROOD_MODES = ("solo", "coop", "asymmetric")
TUNNEL = 0  # the location number commands use for the Great Tunnel
CARD_REPORT = N_("Her card: {words}")  # the title of the report her card starts (the view counts its draw)
ZONES = ("inner", "outer")  # the Inner and the Outer Meadow
NO_BROODMOTHER = msg("This game has no Broodmother: start a solo, co-op or asymmetric game.")
Brood = BroodState  # her saved state, checked against BroodState when read
Hex = MeadowHex  # one hex of hers


def active(state: State) -> bool:
    """The module is in this game (its mode has a Broodmother); used at new game and by the engine."""
    return state.get("mode") in BROOD_MODES


def has_broodmother(state: State) -> bool:
    """This game has a Broodmother with her state: the one test every screen, command and CLI uses."""
    return active(state) and state.get("modules_state", {}).get(KEY) is not None


def is_asymmetric(state: State) -> bool:
    return bool(state["mode"] == "asymmetric")


def bm(state: State) -> Brood:
    """Her state: plain JSON in the game, checked against ``BroodState`` whenever a game is read."""
    return cast(Brood, state["modules_state"][KEY])


def require(state: State) -> Brood:
    """Her state, or a sentence saying this game has no Broodmother."""
    if not has_broodmother(state):
        raise CommandError(NO_BROODMOTHER)
    return bm(state)


def her_asym(b: Brood) -> Asymmetric:
    """What the asymmetric Broodmother player has (her eggs, powers); a refusal in any other variant."""
    if b["asym"] is None:
        raise CommandError(msg("Only the asymmetric variant has a Broodmother player."))
    return b["asym"]


def her_turn(b: Brood, refusal: Msg) -> Turn:
    """Her latest card's turn, or ``refusal`` before her first card."""
    if b["turn"] is None:
        raise CommandError(refusal)
    return b["turn"]


def solo_start(b: Brood) -> dict[str, int] | None:
    """The solo player's starting larvae, food, cards and tokens; None in a co-op or asymmetric game."""
    solo = b["start"].get("solo")
    return solo if isinstance(solo, dict) else None


def as_zone(zone: str) -> Zone:
    """A zone a command has checked (one of ``ZONES``) as her state keeps it."""
    return "inner" if zone == "inner" else "outer"


def kept(text: Msg) -> MessageData:
    """A message as her state keeps it (checked as ``MessageData`` whenever a game is read)."""
    return cast(MessageData, text.to_dict())


def ant_count(state: State) -> int:
    return len(ant_players(state))


def her_card_words(b: Brood) -> str:
    """Her latest card in words ("Colony Goal, Ferocity 4 - Expand"), or "" before her first."""
    return render(b["history"][-1]["words"]) if b["history"] else ""


def her_player(state: State) -> Player | None:
    """The player who is the Broodmother in the asymmetric variant, else None."""
    return next((p for p in state["players"] if p["role"] == HER), None)


def her_cp(state: State) -> int:
    player = her_player(state)
    if player is not None:
        return total_score(state, player["id"])
    return sum(bm(state)["cp"])


def add_her_cp(state: State, points: int) -> int:
    """Book points for her in the current round; return her new total."""
    player = her_player(state)
    if player is not None:
        state["scores"][player["id"]][state["round"] - 1] += points
    else:
        bm(state)["cp"][state["round"] - 1] += points
    return her_cp(state)


def best_ant_score(state: State) -> int:
    return max((total_score(state, p["id"]) for p in ant_players(state)), default=0)


def find_hex(b: Brood, number: int) -> Hex:
    for h in b["hexes"]:
        if h["number"] == number:
            return h
    if not b["hexes"]:
        raise CommandError(msg("No hex {hex} in the app's meadow (it has no hex yet). Add it first (Add a hex in the "
                               "Broodmother panel; `companion solo hex add ID {hex}` in the terminal).", hex=number))
    known = ", ".join(str(h["number"]) for h in b["hexes"])
    raise CommandError(msg("No hex {hex} in the app's meadow (hexes: {known}). Add it first (Add a hex in the "
                           "Broodmother panel; `companion solo hex add ID {hex}` in the terminal).", hex=number,
                           known=known))


def has_hex(b: Brood, number: int) -> bool:
    return any(h["number"] == number for h in b["hexes"])


def nest_found(b: Brood) -> bool:
    return bool(b["her"]["found"])


def location_name(where: int, capital: bool = False) -> Msg:
    """The place as a sentence names it ("hex 4", "the Great Tunnel"; ``capital``: at its start)."""
    if capital:
        return msg("The Great Tunnel") if where == TUNNEL else msg("Hex {hex}", hex=where)
    return msg("the Great Tunnel") if where == TUNNEL else msg("hex {hex}", hex=where)


def new_hex(number: int, zone: Zone, sites: int, nymphs: int = 0, centipede: bool = False,
            centipede_hex: bool = False, nest: bool = False) -> Hex:
    return {"number": number, "zone": zone, "sites": sites, "nymphs": nymphs, "centipede": centipede,
            "centipede_hex": centipede_hex, "nest": nest}


def add_hex_sorted(b: Brood, h: Hex) -> None:
    b["hexes"].append(h)
    b["hexes"].sort(key=lambda x: x["number"])


def ask(state: State, b: Brood, question: Question) -> None:
    """Queue a question for the players, remembering the round of the card that asks it.

    ``asked`` tells one question from the next (her card count, then its place in the queue),
    so a screen's half-typed answer never carries over to another question.
    """
    asked = f"{b['deck']['drawn']}.{len(b['pending']) + 1}"
    question["round"] = state["round"]
    question["asked"] = asked
    b["pending"].append(question)


def asked_round(state: State, question: Question) -> int:
    """The round whose card asked ``question`` (games saved before it was recorded: the current one)."""
    return question.get("round") or state["round"]


# -- the report: what the screen tells the players to do on the board ----------------------
# Kept as messages (a key and its values), rendered in each reader's language when shown.
def start_report(b: Brood, title: Msg) -> Report:
    report: Report = {"title": kept(title), "lines": [], "interpretations": []}
    b["report"] = report
    return report


def current_report(b: Brood) -> Report:
    """Her report, started under her name if this is its first line."""
    return b["report"] if b["report"] is not None else start_report(b, msg("The Broodmother"))


def say(b: Brood, text: Msg, where: int | None = None, interpretation: str | None = None) -> None:
    """One instruction for the table; ``where`` names the hex (0: the Great Tunnel) to highlight."""
    report = current_report(b)
    report["lines"].append({"text": kept(text), "hex": where})
    if interpretation and interpretation not in report["interpretations"]:
        report["interpretations"].append(interpretation)
