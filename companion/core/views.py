"""Read-only views of a session for screens and the CLI: plain data, computed in one place."""

from __future__ import annotations

from typing import Any

from companion.core.session import Session
from companion.core.state import cumulative_scores, game_def, total_score


def game_view(session: Session) -> dict[str, Any]:
    state, content = session.state, session.content
    game = game_def(state, content)
    phase = game.phase(state["phase"])
    return {
        "id": session.id,
        "name": session.doc["name"],
        "game": game.id,
        "game_name": game.name,
        "mode": state["mode"],
        "mode_name": content.modes[state["mode"]].name,
        "terms": game.terms,
        "round": state["round"],
        "rounds": state["rounds"],
        "phase": phase.id,
        "phase_label": phase.label,
        "phase_group": phase.phase,
        "phases": [{"id": p.id, "label": p.label, "current": p.id == phase.id} for p in game.phases],
        "players": [
            {
                "id": p["id"], "name": p["name"], "colour": p["colour"], "role": p["role"],
                "total": total_score(state, p["id"]),
                "by_round": list(state["scores"][p["id"]]),
                "history": cumulative_scores(state, p["id"])[: state["round"]],
            }
            for p in state["players"]
        ],
        "modules": [content.modules[m].name for m in state["modules"]],
        "variants": [content.variants[v].name for v in state["variants"]],
        "expansions": [content.expansions[e].name for e in state["expansions"]],
        "ended": state["ended"],
        "log": list(session.doc["log"]),
        "undo_label": session.undo_label,
        "redo_label": session.redo_label,
    }
