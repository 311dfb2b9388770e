"""The play history's figures: pure functions from a list of play records (``companion.core.history``).

- **Against the Broodmother** (solo and co-op; games with Empires of the Earth and the asymmetric variant
  counted apart): played, won and lost by difficulty and by number of colonies, the current and best
  winning streak, her average Colony Point lead in the games she won, how and in which round each game
  ended, and the results in order (the chart).
- **Competitive**: per player (names typed alike are one; ``merges`` joins two names), games, wins,
  average and best score, by game; ``head_to_head`` between two names.
- **Antscape**: wins per player and the Bonus Cards in play.

Every figure carries the ids of the games behind it, so a screen can open them. ``filtered`` keeps the
records of one game, edition, expansion or date range. Nothing here reads a file or knows a language:
labels are msgids (``N_``), rendered where they are shown.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING

from companion.core.end_codes import HER, EndCode
from companion.core.history import BROOD_MODES, PlayRecord, name_key
from companion.core.i18n import N_, Msg, gettext, msg
from companion.core.outcome import early_reading
from companion.core.schema import JsonObject

if TYPE_CHECKING:
    from companion.core.content import Content

DIFFICULTY_ORDER = ("easy", "normal", "difficult")
DIFFICULTY_LABELS = {"easy": N_("Easy"), "normal": N_("Normal"), "difficult": N_("Difficult")}
#: How a game against her ended, in a few words (by ``EndCode``: its members are the records' words).
ENDINGS: dict[str, str] = {
    EndCode.CP_THRESHOLD: N_("her Colony Point lead"),
    EndCode.CENTIPEDE_THRESHOLD: N_("the centipedes"),
    EndCode.BROODMOTHER_DESTROYED: N_("the ants destroyed her"),
    EndCode.BROODMOTHER_SURVIVED: N_("she survived to the end"),
    EndCode.ENDED_EARLY: N_("the table ending it early"),
}
#: The groups of games against her, each counted apart, in the order they are shown.
BROOD_GROUPS = {"base": N_("Solo and co-op"), "empires": N_("Solo and co-op with Empires of the Earth")}
NO_BONUS = "none"
Figures = JsonObject


# -- choosing ---------------------------------------------------------------------------
def filtered(records: Iterable[PlayRecord], *, game: str | None = None, edition: str | None = None,
             expansion: str | None = None, since: str | None = None, until: str | None = None) -> list[PlayRecord]:
    """The records that match every filter given; dates compare as ISO text (``until`` includes its day)."""
    out = []
    for r in records:
        if (game and r["game"] != game) or (edition and r["edition"] != edition):
            continue
        if expansion and expansion not in r["expansions"]:
            continue
        if (since and r["date"][:len(since)] < since) or (until and r["date"][:len(until)] > until):
            continue
        out.append(r)
    return out


def in_order(records: Iterable[PlayRecord]) -> list[PlayRecord]:
    """Oldest first (ties by id, so the order never depends on a file's)."""
    return sorted(records, key=lambda r: (r["date"], r["id"]))


def resolver(merges: Mapping[str, str]) -> Callable[[str], str]:
    """A name's key after every merge (a merge of a merged name follows the chain; a loop stops)."""
    def resolve(name: str) -> str:
        key, seen = name_key(name), set()
        while key in merges and key not in seen:
            seen.add(key)
            key = merges[key]
        return key
    return resolve


def brood_group(record: PlayRecord) -> str | None:
    """Which group of games against her a record counts in: "base", "empires", or None (not against her)."""
    if record["mode"] not in BROOD_MODES:
        return None
    return "empires" if "empires" in record["expansions"] else "base"


def ended_early(record: PlayRecord) -> bool:
    """The table stopped this game before the rules decided it (``EndEarly``)."""
    return record["ended"]["code"] == EndCode.ENDED_EARLY


def early_reading_of(record: PlayRecord) -> Msg | None:
    """The reading behind a game ended early ("Interpretation: ..."): its saved winners say which (the leaders, or
    none); against her no side wins before her game's end. None for a game that ran to its end."""
    against_her = brood_group(record) is not None or record["mode"] == "asymmetric"
    return early_reading({**record["ended"], "winners": record["winners"]}, against_her)


def ants_won(record: PlayRecord) -> bool:
    return bool(record["winners"]) and HER not in record["winners"]


def her_side_won(record: PlayRecord) -> bool:
    """She won (a game against her that was not ended early and the ants did not win)."""
    return not ants_won(record) and not ended_early(record)


# -- against the Broodmother ----------------------------------------------------------------
def _tally(records: list[PlayRecord]) -> Figures:
    won = [r["id"] for r in records if ants_won(r)]
    lost = [r["id"] for r in records if her_side_won(r)]
    early = [r["id"] for r in records if ended_early(r)]
    return {"played": len(records), "won": len(won), "lost": len(lost), "ids": [r["id"] for r in records],
            "won_ids": won, "lost_ids": lost, "early": len(early), "early_ids": early}


def _streaks(records: list[PlayRecord]) -> Figures:
    best: list[str] = []
    run: list[str] = []
    for r in records:
        if ended_early(r):
            continue  # a game stopped early is neither won nor lost: it neither extends nor breaks a streak
        run = [*run, r["id"]] if ants_won(r) else []
        if len(run) > len(best):
            best = run
    return {"current": len(run), "current_ids": run, "best": len(best), "best_ids": best}


def brood_figures(records: list[PlayRecord]) -> Figures:
    """The figures of one group of games against her (records oldest first)."""
    by_difficulty: dict[str, list[PlayRecord]] = defaultdict(list)
    by_colonies: dict[int, list[PlayRecord]] = defaultdict(list)
    endings: dict[tuple[str, int], list[str]] = defaultdict(list)
    for r in records:
        by_difficulty[r["difficulty"] or "normal"].append(r)
        by_colonies[sum(1 for p in r["players"] if p["role"] == "ant")].append(r)
        endings[(r["ended"]["code"], r["ended"]["round"])].append(r["id"])
    order = [d for d in DIFFICULTY_ORDER if d in by_difficulty] + sorted(set(by_difficulty) - set(DIFFICULTY_ORDER))
    hers = [r for r in records if her_side_won(r) and r["her_lead"] is not None]
    leads = [r["her_lead"] for r in hers if r["her_lead"] is not None]
    return {
        **_tally(records),
        "by_difficulty": [{"difficulty": d, **_tally(by_difficulty[d])} for d in order],
        "by_colonies": [{"colonies": n, **_tally(by_colonies[n])} for n in sorted(by_colonies)],
        "streak": _streaks(records),
        "her_lead": {"average": round(sum(leads) / len(leads), 1) if leads else None, "games": len(leads),
                     "ids": [r["id"] for r in hers]},
        "endings": [{"code": code, "round": rnd, "count": len(ids), "ids": ids}
                    for (code, rnd), ids in sorted(endings.items())],
        "timeline": [{"id": r["id"], "date": r["date"], "won": ants_won(r), "early": ended_early(r)}
                     for r in records],
    }


def asymmetric_figures(records: list[PlayRecord]) -> Figures:
    """Asymmetric games: how often the player who is the Broodmother wins, and the colonies."""
    hers: list[str] = []
    theirs: list[str] = []
    early: list[str] = []
    for r in records:
        roles = {p["id"]: p["role"] for p in r["players"]}
        if ended_early(r):
            early.append(r["id"])
        else:
            (hers if any(roles.get(w) == HER for w in r["winners"]) else theirs).append(r["id"])
    return {"played": len(records), "ids": [r["id"] for r in records], "her_wins": len(hers), "her_ids": hers,
            "colony_wins": len(theirs), "colony_ids": theirs, "early": len(early), "early_ids": early}


# -- players ----------------------------------------------------------------------------------
def _player_rows(records: list[PlayRecord], resolve: Callable[[str], str], by_game: bool) -> list[Figures]:
    rows: dict[str, Figures] = {}
    for r in records:
        for p in r["players"]:
            key = resolve(p["name"])
            row = rows.setdefault(key, {"key": key, "name": p["name"], "games": 0, "wins": 0, "total": 0,
                                        "best": None, "ids": [], "win_ids": [], "by_game": {}})
            row["name"] = p["name"]  # the latest spelling (records come oldest first)
            won = p["id"] in r["winners"]
            _count(row, r["id"], p["score"], won)
            if by_game:
                cell = row["by_game"].setdefault(r["game"], {"game": r["game"], "edition": r["edition"], "games": 0,
                                                             "wins": 0, "total": 0, "best": None, "ids": [],
                                                             "win_ids": []})
                _count(cell, r["id"], p["score"], won)
    out = sorted(rows.values(), key=lambda row: (-row["wins"], -row["games"], row["key"]))
    for row in out:
        _average(row)
        row["by_game"] = [_average(cell) for _, cell in sorted(row["by_game"].items())]
    return out


def _count(row: Figures, game_id: str, score: int, won: bool) -> None:
    if game_id in row["ids"][-1:]:  # one person twice in a game (two names merged): counted once
        return
    row["games"] += 1
    row["total"] += score
    row["best"] = score if row["best"] is None else max(row["best"], score)
    row["ids"].append(game_id)
    if won:
        row["wins"] += 1
        row["win_ids"].append(game_id)


def _average(row: Figures) -> Figures:
    row["average"] = round(row.pop("total") / row["games"], 1) if row["games"] else None
    return row


def head_to_head(records: Iterable[PlayRecord], merges: Mapping[str, str], first: str, second: str) -> Figures:
    """Two names at one table (competitive games): how often each won, both (a tie) or neither."""
    resolve = resolver(merges)
    a, b = resolve(first), resolve(second)
    out: Figures = {"first": first, "second": second, "games": 0, "ids": [], "first_wins": 0, "first_ids": [],
                    "second_wins": 0, "second_ids": [], "ties": 0, "tie_ids": [], "neither": 0, "neither_ids": []}
    if a == b:
        return out
    for r in in_order(records):
        if r["mode"] != "competitive":
            continue
        ids = {resolve(p["name"]): p["id"] for p in r["players"]}
        if a not in ids or b not in ids:
            continue
        out["games"] += 1
        out["ids"].append(r["id"])
        a_won, b_won = ids[a] in r["winners"], ids[b] in r["winners"]
        which = "ties" if a_won and b_won else "first_wins" if a_won else "second_wins" if b_won else "neither"
        out[which] += 1
        out[{"ties": "tie_ids", "first_wins": "first_ids", "second_wins": "second_ids",
             "neither": "neither_ids"}[which]].append(r["id"])
    return out


def antscape_figures(records: list[PlayRecord], resolve: Callable[[str], str]) -> Figures:
    bonus: dict[str, list[str]] = defaultdict(list)
    for r in records:
        bonus[r.get("bonus") or NO_BONUS].append(r["id"])
    return {"played": len(records), "ids": [r["id"] for r in records],
            "players": _player_rows(records, resolve, by_game=False),
            "bonus": [{"bonus": k, "games": len(ids), "ids": ids} for k, ids in sorted(bonus.items())]}


# -- all of it ----------------------------------------------------------------------------------
def figures(records: Iterable[PlayRecord], merges: Mapping[str, str] | None = None) -> Figures:
    """Every figure of the records given (already filtered)."""
    ordered = in_order(records)
    resolve = resolver(merges or {})
    groups: dict[str, list[PlayRecord]] = {g: [] for g in BROOD_GROUPS}
    asymmetric, competitive, antscape = [], [], []
    for r in ordered:
        if (group := brood_group(r)) is not None:
            groups[group].append(r)
        elif r["mode"] == "asymmetric":
            asymmetric.append(r)
        elif r["mode"] == "competitive":
            competitive.append(r)
            if r["game"] == "antscape":
                antscape.append(r)
    return {
        "games": len(ordered),
        "ids": [r["id"] for r in ordered],
        "broodmother": {g: brood_figures(rs) for g, rs in groups.items() if rs},
        "asymmetric": asymmetric_figures(asymmetric) if asymmetric else None,
        "competitive": {"played": len(competitive), "ids": [r["id"] for r in competitive],
                        "players": _player_rows(competitive, resolve, by_game=True)},
        "antscape": antscape_figures(antscape, resolve) if antscape else None,
    }


def player_names(records: Iterable[PlayRecord], merges: Mapping[str, str] | None = None) -> dict[str, str]:
    """Every person's name key after merges, with its latest spelling (to offer merges and head-to-head). The
    asymmetric variant's Broodmother is a role, not a person of the records: her player's name is left out
    (unless the same name also led a colony)."""
    resolve = resolver(merges or {})
    return {resolve(p["name"]): p["name"] for r in in_order(records) for p in r["players"] if p["role"] != HER}


def name_problem(records: Iterable[PlayRecord], merges: Mapping[str, str], name: str) -> Msg | None:
    """Why ``name`` is no player the records can count (merge, head to head), or None when it is one: a name no
    game holds, or one that only ever played the asymmetric Broodmother. The one check every way in asks (the
    store's merge, the terminal's versus)."""
    held = list(records)
    wanted = name_key(name)
    if not wanted:
        return msg("Name a player of the records.")
    resolve = resolver(merges)
    if resolve(name) in player_names(held, merges):
        return None
    if any(name_key(p["name"]) == wanted for r in held for p in r["players"]):
        return msg("{name} only played the Broodmother, who is no player of the records: choose a colony's "
                   "player (the Records screen offers them; `companion history` lists each game's).", name=name)
    return msg("No game in the records has a player named {name}: choose one of theirs (the Records screen offers "
               "them; `companion history` lists each game's).", name=name)


# -- export -----------------------------------------------------------------------------------
#: Each code beside its name in the reader's language: a spreadsheet can group by the one and show the other.
CSV_COLUMNS = ("date", "game", "game_name", "edition", "expansions", "expansion_names", "modules", "module_names",
               "variants", "variant_names", "mode", "mode_name", "difficulty", "difficulty_name", "player", "role",
               "colour", "colour_name", "score", "winner", "ended")


def _named(ids: Iterable[str], names: Mapping[str, object]) -> str:
    """Names of ``ids`` in the reader's language, joined with "; " (a name may hold spaces and commas)."""
    return "; ".join(gettext(str(getattr(names.get(i), "name", i))) for i in ids)


def _game_columns(r: PlayRecord, content: Content) -> dict[str, object]:
    """The columns every row of one game shares: each id, and its name beside it."""
    difficulty = r["difficulty"] or ""
    return {"date": r["date"], "game": r["game"], "game_name": _named([r["game"]], content.games),
            "edition": gettext(r["edition"]), "expansions": " ".join(r["expansions"]),
            "expansion_names": _named(r["expansions"], content.expansions), "modules": " ".join(r["modules"]),
            "module_names": _named(r["modules"], content.modules), "variants": " ".join(r["variants"]),
            "variant_names": _named(r["variants"], content.variants), "mode": r["mode"],
            "mode_name": _named([r["mode"]], content.modes), "difficulty": difficulty,
            "difficulty_name": gettext(DIFFICULTY_LABELS.get(difficulty, difficulty))}


def csv_rows(records: Iterable[PlayRecord], content: Content) -> list[dict[str, object]]:
    """One row per player per game, oldest game first; ``winner`` is yes/no; ``ended`` how the game ended (an
    ``EndCode``'s word: ``ended-early`` for a game the table stopped); a game against her adds her row
    (named in the reader's language, ``role`` "broodmother"). Codes and names come in pairs: ``mode`` "solo"
    beside ``mode_name``, ``role`` ("ant", "broodmother") beside the ``player``'s name."""
    rows = []
    for r in in_order(records):
        game = _game_columns(r, content)
        for p in r["players"]:
            rows.append({**game, "player": p["name"], "role": p["role"], "colour": p["colour"],
                         "colour_name": gettext(p["colour"].capitalize()) if p["colour"] else "",
                         "score": p["score"], "winner": "yes" if p["id"] in r["winners"] else "no",
                         "ended": r["ended"]["code"]})
        if r["mode"] in BROOD_MODES and r["her_lead"] is not None:
            rows.append({**game, "player": gettext("Broodmother"), "role": HER, "colour": "", "colour_name": "",
                         "score": (r["her_lead"] or 0) + max((p["score"] for p in r["players"]), default=0),
                         "winner": "yes" if HER in r["winners"] else "no", "ended": r["ended"]["code"]})
    return rows


def plays_csv(records: Iterable[PlayRecord], content: Content) -> str:
    """``csv_rows`` as CSV text with a header line (what ``companion history --csv`` and the app write)."""
    import csv
    import io

    text = io.StringIO()
    writer = csv.DictWriter(text, fieldnames=CSV_COLUMNS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(csv_rows(records, content))
    return text.getvalue()


def plays_json(records: Iterable[PlayRecord], content: Content) -> str:
    """``csv_rows`` as a JSON list of objects, scores as numbers (the app's JSON export of the plays)."""
    import json

    return json.dumps(csv_rows(records, content), ensure_ascii=False, indent=1) + "\n"


# -- words ----------------------------------------------------------------------------------------
def game_name(game: str, content: Content) -> str:
    """A game's name as the content gives it (a product title: shown as it is), or its id."""
    gdef = content.games.get(game) if content is not None else None
    return gdef.name if gdef is not None else game


def mode_name(mode: str, content: Content) -> str:
    """A mode's name (a msgid), or its id."""
    found = content.modes.get(mode) if content is not None else None
    return found.name if found is not None else mode


def bonus_label(bonus: str) -> str:
    """An Antscape Bonus Card's name (a msgid), or "No Bonus Card"."""
    if bonus == NO_BONUS:
        return N_("No Bonus Card")
    from companion.core.antscape.content import bonus_name

    try:
        return bonus_name(bonus)
    except StopIteration:
        return bonus
