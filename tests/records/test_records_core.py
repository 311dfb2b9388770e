"""The figures of the play records, checked against the ones worked out by hand (``helpers``)."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from companion.core.content import load_content
from companion.core.history import name_key, record_of
from companion.core.i18n import msg, render, using
from companion.core.records import CSV_COLUMNS, csv_rows, figures, filtered, head_to_head, player_names, plays_csv
from tests.records import helpers

CONTENT = load_content()


def records() -> list[Any]:
    docs = [*helpers.her_wins(), *helpers.ant_wins(), *helpers.competitive(), helpers.antscape()]
    out = [record_of(d, CONTENT) for d in docs]
    assert None not in out
    return out


def check_against_hand(f: dict[str, Any]) -> None:
    base = f["broodmother"]["base"]
    assert {k: base[k] for k in ("played", "won", "lost")} == helpers.BASE
    assert {c["difficulty"]: (c["played"], c["won"], c["lost"]) for c in base["by_difficulty"]} == helpers.BY_DIFFICULTY
    assert {c["colonies"]: (c["played"], c["won"], c["lost"]) for c in base["by_colonies"]} == helpers.BY_COLONIES
    assert {k: base["streak"][k] for k in ("current", "best")} == helpers.STREAK
    assert base["streak"]["best_ids"] == ["g-0000000e", "g-0000000f", "g-00000007"]
    assert (base["her_lead"]["average"], base["her_lead"]["games"]) == helpers.HER_LEAD
    assert {(e["code"], e["round"]): e["count"] for e in base["endings"]} == helpers.ENDINGS
    assert "".join("W" if t["won"] else "L" for t in base["timeline"]) == helpers.TIMELINE
    assert base["by_difficulty"][0]["won_ids"] == ["g-0000000a", "g-00000007"]  # each figure names its games
    empires = f["broodmother"]["empires"]
    assert (empires["played"], empires["won"], empires["ids"]) == (1, 1, ["g-00000009"])
    assert (f["asymmetric"]["played"], f["asymmetric"]["her_wins"], f["asymmetric"]["colony_wins"]) == (1, 0, 1)
    players = {r["key"]: (r["games"], r["wins"], r["average"], r["best"]) for r in f["competitive"]["players"]}
    assert players == helpers.PLAYERS
    ana = next(r for r in f["competitive"]["players"] if r["key"] == "ana")
    assert {c["game"]: (c["games"], c["wins"]) for c in ana["by_game"]} == {"antscape": (1, 0), "evolved": (1, 0),
                                                                            "mota": (2, 2)}
    scape = f["antscape"]
    assert {r["key"]: (r["games"], r["wins"]) for r in scape["players"]} == {"ana": (1, 0), "cy": (1, 1)}
    assert [(b["bonus"], b["games"]) for b in scape["bonus"]] == [("land-baron", 1)]


def test_the_figures_are_the_ones_worked_out_by_hand() -> None:
    check_against_hand(figures(records(), helpers.MERGES))


def test_without_the_merge_bob_is_a_player_of_his_own() -> None:
    players = {r["key"]: r["games"] for r in figures(records())["competitive"]["players"]}
    assert players["bo"] == 2 and players["bob"] == 1


def test_head_to_head_counts_wins_ties_and_follows_merges() -> None:
    ana_bo = head_to_head(records(), helpers.MERGES, "ANA", "Bo")
    assert (ana_bo["games"], ana_bo["first_wins"], ana_bo["second_wins"], ana_bo["ties"]) == (3, 2, 1, 0)
    assert ana_bo["second_ids"] == ["g-00000013"]
    ana_dee = head_to_head(records(), {}, "ana", "dee")
    assert (ana_dee["games"], ana_dee["ties"], ana_dee["tie_ids"]) == (1, 1, ["g-00000012"])


def test_filters_by_game_edition_expansion_and_date() -> None:
    rs = records()
    assert [r["id"] for r in filtered(rs, game="evolved")] == ["g-00000013"]
    assert len(filtered(rs, edition="Original edition")) == 12
    assert [r["id"] for r in filtered(rs, expansion="empires")] == ["g-00000009"]
    assert len(filtered(rs, since="2025-01-10", until="2025-01-12")) == 3
    assert figures(filtered(rs, game="antscape"))["broodmother"] == {}


def test_csv_has_a_row_per_player_per_game_and_hers() -> None:
    rows = csv_rows(records(), CONTENT)
    first = rows[0]
    assert first == {"date": "2025-01-01T20:00:00", "game": "mota", "game_name": "March of the Ants",
                     "edition": "Original edition", "expansions": "minions",
                     "expansion_names": "Minions of the Meadow", "modules": first["modules"],
                     "module_names": first["module_names"], "variants": "", "variant_names": "", "mode": "solo",
                     "mode_name": "Solo: Against the Broodmother", "difficulty": "easy", "difficulty_name": "Easy",
                     "player": "Ana", "role": "ant", "colour": "red", "colour_name": "Red", "score": 0, "winner": "yes",
                     "ended": "broodmother-destroyed"}
    assert (rows[1]["player"], rows[1]["role"], rows[1]["winner"]) == ("Broodmother", "broodmother", "no")
    players = sum(len(r["players"]) for r in records())
    against_her = sum(1 for r in records() if r["mode"] in ("solo", "coop"))
    assert len(rows) == players + against_her


def test_the_csv_names_each_code_in_the_readers_language() -> None:
    """A code (``solo``, ``minions``) is for a spreadsheet's formulas; its name beside it is for its reader."""
    with using("es"):
        first, hers = csv_rows(records(), CONTENT)[:2]
    assert (first["mode"], first["mode_name"]) == ("solo", "En solitario: contra la Madre de la Camada")
    assert (first["difficulty"], first["difficulty_name"], first["colour_name"]) == ("easy", "Fácil", "Rojo")
    assert first["expansion_names"] == render(msg("Minions of the Meadow"), "es")
    assert hers["player"] == "Madre de la Camada"
    header = plays_csv(records()[:1], CONTENT).splitlines()[0].split(",")
    assert header == list(CSV_COLUMNS) and header.index("mode_name") == header.index("mode") + 1


def test_an_unfinished_or_unreadable_game_has_no_record() -> None:
    doc = helpers.undone()
    doc["state"]["ended"] = None
    assert record_of(doc, CONTENT) is None
    assert record_of({"state": {"ended": {"code": "x"}}}, CONTENT) is None
    assert player_names(records(), helpers.MERGES)["bo"] == "Bob"


@given(st.text(st.characters(whitelist_categories=("Ll", "Lu", "Zs")), max_size=12),
       st.text(" \t", max_size=3), st.text(" \t", max_size=3))
def test_names_typed_alike_are_one(name: str, before: str, after: str) -> None:
    assert name_key(before + name + after) == name_key(name)
    assert name_key("  ".join(name.split())) == name_key(name)
    ascii_name = "".join(c for c in name if c.isascii())
    assert name_key(ascii_name.swapcase()) == name_key(ascii_name)


def test_every_colour_a_record_shows_has_its_spanish() -> None:
    """A record shows its players' colours as ``tr(colour.capitalize())`` (the Records screen): every colour of
    every game - Antscape's pink and green too - reads in Spanish."""
    from companion.core.i18n import tr, using

    colours = {c for game in CONTENT.games.values() for c in game.colours}
    assert {"pink", "green"} <= colours
    with using("es"):
        spanish = {c: tr(c.capitalize()) for c in sorted(colours)}
    assert all(word != c.capitalize() for c, word in spanish.items()), spanish
    assert (spanish["pink"], spanish["green"]) == ("Rosa", "Verde")
