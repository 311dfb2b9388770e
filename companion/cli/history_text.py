"""The play records in plain text, for ``companion history`` (not a subcommand: the words only)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.core.i18n import tr, trf, trn
from companion.core.records import (
    BROOD_GROUPS,
    DIFFICULTY_LABELS,
    ENDINGS,
    bonus_label,
    ended_early,
    game_name,
    mode_name,
)

if TYPE_CHECKING:
    from companion.core.content import Content
    from companion.core.history import PlayRecord
    from companion.core.records import Figures


def winners_text(record: PlayRecord) -> str:
    from companion.core.end_codes import HER

    if HER in record["winners"]:
        return tr("the Broodmother")
    names = {p["id"]: p["name"] for p in record["players"]}
    return ", ".join(names.get(w, w) for w in record["winners"]) or "-"


def record_line(record: PlayRecord, content: Content) -> str:
    """``g-1a2b3c4d  2025-01-31  Friday  [March of the Ants, Solo, normal]  Ana 12  - won by: ...``"""
    players = ", ".join(f"{p['name']} {p['score']}" for p in record["players"] if p["role"] == "ant"
                        or record["mode"] == "asymmetric")
    what = [game_name(record["game"], content), tr(mode_name(record["mode"], content))]
    if record["difficulty"]:
        what.append(tr(DIFFICULTY_LABELS.get(record["difficulty"], record["difficulty"])))
    said = {"id": record["id"], "date": record["date"][:10], "name": record["name"], "what": ", ".join(what),
            "players": players, "winners": winners_text(record), "round": record["ended"]["round"]}
    if ended_early(record) and not record["winners"]:  # against her: nobody is called the winner
        return trf("{id}  {date}  {name}  [{what}]  {players}  - ended early in round {round}, no winner", **said)
    if ended_early(record):
        return trf("{id}  {date}  {name}  [{what}]  {players}  - ended early in round {round}, leading: {winners}",
                   **said)
    return trf("{id}  {date}  {name}  [{what}]  {players}  - won by: {winners}", **said)


def _tally(cell: Figures) -> str:
    if cell.get("early"):
        return trf("played {played}, won {won}, lost {lost}, ended early {early}", played=cell["played"],
                   won=cell["won"], lost=cell["lost"], early=cell["early"])
    return trf("played {played}, won {won}, lost {lost}", played=cell["played"], won=cell["won"], lost=cell["lost"])


def brood_lines(title: str, f: Figures) -> list[str]:
    lines = [f"{title}: {_tally(f)}"]
    for cell in f["by_difficulty"]:
        label = tr(DIFFICULTY_LABELS.get(cell["difficulty"], cell["difficulty"]))
        lines.append("  " + trf("{difficulty}: {tally}", difficulty=label, tally=_tally(cell)))
    for cell in f["by_colonies"]:
        lines.append("  " + trf("{colonies}: {tally}", colonies=trn("{n} colony", "{n} colonies", cell["colonies"]),
                                tally=_tally(cell)))
    streak = f["streak"]
    lines.append("  " + trf("Winning streak: {current} now, {best} at best", current=streak["current"],
                            best=streak["best"]))
    lead = f["her_lead"]
    if lead["average"] is not None:
        lines.append("  " + trn("Her average lead when she won: {lead} CP ({n} game)",
                                "Her average lead when she won: {lead} CP ({n} games)", lead["games"],
                                lead=lead["average"]))
    for end in f["endings"]:
        lines.append("  " + trn("Ended by {how} in round {round}: {n} game",
                                "Ended by {how} in round {round}: {n} games", end["count"],
                                how=tr(ENDINGS.get(end["code"], end["code"])), round=end["round"]))
    lines.append("  " + trf("Results, oldest first: {marks}", marks="".join(
        tr("E") if t.get("early") else tr("W") if t["won"] else tr("L") for t in f["timeline"])))
    return lines


def player_line(row: Figures) -> str:
    best = "-" if row["best"] is None else row["best"]
    average = "-" if row.get("average") is None else row["average"]
    return trn("{name}: {n} game, {wins} won, average {average}, best {best}",
               "{name}: {n} games, {wins} won, average {average}, best {best}", row["games"], name=row["name"],
               wins=row["wins"], average=average, best=best)


def stats_lines(f: Figures, content: Content) -> list[str]:
    lines = [trn("{n} finished game in the records.", "{n} finished games in the records.", f["games"])]
    for group, figures in f["broodmother"].items():
        lines += ["", *brood_lines(tr(BROOD_GROUPS[group]), figures)]
    if (asym := f["asymmetric"]) is not None:
        lines += ["", trf("Asymmetric: played {played}, the Broodmother's player won {her}, a colony won {them}",
                          played=asym["played"], her=asym["her_wins"], them=asym["colony_wins"])]
        if asym.get("early"):
            lines.append("  " + trn("Ended early: {n} game", "Ended early: {n} games", asym["early"]))
    comp = f["competitive"]
    if comp["players"]:
        lines += ["", trn("Competitive: {n} game", "Competitive: {n} games", comp["played"])]
        for row in comp["players"]:
            lines.append("  " + player_line(row))
            for cell in row["by_game"]:
                lines.append("    " + player_line({**cell, "name": game_name(cell["game"], content)}))
    if (scape := f["antscape"]) is not None:
        lines += ["", trn("Antscape: {n} game", "Antscape: {n} games", scape["played"])]
        for row in scape["players"]:
            lines.append("  " + trf("{name}: {wins} of {games} won", name=row["name"], wins=row["wins"],
                                    games=row["games"]))
        for cell in scape["bonus"]:
            lines.append("  " + trn("{bonus}: {n} game", "{bonus}: {n} games", cell["games"],
                                    bonus=tr(bonus_label(cell["bonus"]))))
    return lines
