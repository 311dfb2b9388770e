"""The scorer as plain data for the panel (and anyone else): cells, colonies, totals, winners, the end.

Every number and sentence the panel shows is computed here from the saved state, so the
panel holds no rule: it draws this and sends commands.
"""

from __future__ import annotations

from typing import Any

from companion.core.antscape.content import bonus_name, interpretations_for, scorer_content
from companion.core.antscape.model import board_of, scorer
from companion.core.antscape.scoring import Colony, Result, end_conditions, score_board
from companion.core.content import Content
from companion.core.state import State, total_score


def colony_note(bonus: str | None, colony: Colony) -> str:
    """What a colony is and what it scored, in a sentence: "3 territories: Trio triumph +3"."""
    size = f"{colony.size} territor{'y' if colony.size == 1 else 'ies'}"
    if bonus is None:
        return f"{size}."
    if bonus == "divide-and-conquer":
        counts = "counts" if colony.size >= 2 else "does not count"
        return f"{size}: {counts} for Divide and conquer."
    return f"{size}: {bonus_name(bonus)} {colony.bonus:+d}."


def colony_badge(bonus: str | None, colony: Colony) -> str:
    """What a colony's first cell shows on the grid: its size, and what the Bonus Card gave it."""
    if bonus is None or bonus == "divide-and-conquer":
        return f"x{colony.size}"
    return f"x{colony.size} {colony.bonus:+d}"


def listed(names: list[str]) -> str:
    """"Ana", "Ana and Bo", "Ana, Bo and Cy"."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def points_text(points: int) -> str:
    return f"{points} point" if abs(points) == 1 else f"{points} points"


def winner_text(result: Result, names: dict[str, str], cards: dict[str, int]) -> str:
    """Who wins, and how a tie went, in one sentence."""
    if result.tie_break == "none":
        who = names[result.winners[0]]
        return f"{who} wins with {points_text(result.scores[result.winners[0]].total)}."
    tied = listed([names[p] for p in result.leaders])
    points = points_text(result.scores[result.leaders[0]].total)
    if result.tie_break == "missing":
        return (f"{tied} tie with {points}: enter their colony cards left (hand, discard and draw pile) "
                f"to break the tie.")
    if result.tie_break == "cards":
        who = result.winners[0]
        return f"{tied} tie with {points}; {names[who]} wins with {cards[who]} colony cards left."
    if result.winners == result.leaders:
        return f"{tied} tie with {points} and have as many colony cards left: they share the win."
    shared = listed([names[p] for p in result.winners])
    most = cards[result.winners[0]]
    return f"{tied} tie with {points}; {shared} have the most colony cards left ({most}) and share the win."


def antscape_view(state: State, content: Content) -> dict[str, Any]:
    kept = scorer(state)
    board = board_of(state)
    result = score_board(board)
    people = {p["id"]: p for p in state["players"]}
    names = {pid: p["name"] for pid, p in people.items()}
    colony_of = {pos: i for i, c in enumerate(result.colonies) for pos in c.cells}
    badges = {c.cells[0]: colony_badge(board.bonus, c) for c in result.colonies}
    cells = [[{"row": r, "col": c, "owner": cell["owner"], "points": cell["points"],
               "queen_territory": cell["queen_territory"], "colony": colony_of.get((r, c)),
               "badge": badges.get((r, c)),
               "name": names.get(cell["owner"] or ""), "colour": people[cell["owner"]]["colour"]
               if cell["owner"] else None}
              for c, cell in enumerate(row, start=1)] for r, row in enumerate(kept["cells"], start=1)]
    colonies = [{"index": i, "owner": c.owner, "name": names[c.owner], "colour": people[c.owner]["colour"],
                 "cells": [list(p) for p in c.cells], "size": c.size, "bonus": c.bonus,
                 "note": colony_note(board.bonus, c)} for i, c in enumerate(result.colonies)]
    owners = {c["owner"] for row in kept["cells"] for c in row}
    players = [{"id": pid, "name": names[pid], "colour": people[pid]["colour"], "bonus": s.bonus, "queen": s.queen,
                "territories": s.territories, "total": s.total, "queen_marked": pid in kept["queens"],
                "has_territory": pid in owners, "cards_left": kept["cards_left"].get(pid),
                "colonies": sum(1 for c in result.colonies if c.owner == pid),
                "score_now": total_score(state, pid)}
               for pid, s in result.scores.items()]
    seen = end_conditions(board)
    ends = [{**way, "done": kept["passed"] if way["id"] == "everyone-passed" else seen[way["id"]],
             "manual": way["id"] == "everyone-passed"} for way in scorer_content()["end_ways"]]
    bonus = next((c for c in scorer_content()["bonus_cards"] if c["id"] == board.bonus), None)
    return {
        "size": kept["size"],
        "bonus": bonus,
        "bonus_cards": scorer_content()["bonus_cards"],
        "cells": cells,
        "colonies": colonies,
        "players": players,
        "winners": [names[p] for p in result.winners],
        "winner_ids": list(result.winners),
        "tie_break": result.tie_break,
        "tied_ids": list(result.leaders) if len(result.leaders) > 1 else [],
        "winner_text": winner_text(result, names, kept["cards_left"]),
        "applied": all(p["score_now"] == p["total"] for p in players),
        "ends": ends,
        "game_over": any(e["done"] for e in ends),
        "queen_territories": sum(c["queen_territory"] for row in kept["cells"] for c in row),
        "interpretations": interpretations_for(board.bonus),
        "turn": [t["text"] for t in scorer_content()["turn"]],
    }
