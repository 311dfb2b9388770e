"""Cards typed once are kept for every new game (library.json), through the store and the terminal."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

from companion.cli import main
from companion.core.commands.scoring import AdjustScore
from companion.core.i18n import render
from companion.core.predators.commands import SetTierText
from companion.core.setup import GameSetup
from companion.store import GameStore
from tests.helpers import four_players

PREDATORS = GameSetup(game="mota", players=four_players(), expansions=("minions",), modules=("predators",))


def _cli(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(args))
    return code, out.getvalue(), err.getvalue()


def _tiers(store: GameStore, game_id: str) -> dict[str, list[object]]:
    tiers: dict[str, list[object]] = store.load(game_id)["state"]["modules_state"]["predators"]["tiers"]
    return tiers


def test_a_tier_typed_in_one_game_is_filled_into_the_next(db_path: Path) -> None:
    store = GameStore(db_path)
    first = store.create(PREDATORS)
    first.execute(SetTierText("ladybug", 1, "Moves to the hex with the most aphids.", cards=1))
    first.execute(SetTierText("ladybug", 1, "Moves to the hex with the most aphids; eats one.", cards=1))
    first.execute(AdjustScore("p1", 1))  # later saves do not add it again
    kept = json.loads((db_path.parent / "library.json").read_text())["entries"]
    assert kept == [{"type": "predator_tier_text", "predator": "ladybug", "tier": 1,
                     "text": "Moves to the hex with the most aphids; eats one.", "cards": 1, "strength": None}]

    second = GameStore(db_path).create(PREDATORS)  # another process, another evening
    row = {"text": "Moves to the hex with the most aphids; eats one.", "cards": 1, "strength": None}
    assert _tiers(store, second.id)["ladybug"] == [row, None, None]
    assert second.doc["undo"] == [] and second.doc["log"] == []  # as if the box had always said so
    plain = store.create(GameSetup(game="mota", players=four_players()))  # no predators: nothing to fill in
    assert "predators" not in plain.state["modules_state"]


def test_cards_export_import_and_forget_from_the_terminal(db_path: Path, tmp_path: Path) -> None:
    store = GameStore(db_path)
    store.create(PREDATORS).execute(SetTierText("praying-mantis", 2, "Strikes first.", strength=2))
    out_file = tmp_path / "cards.json"
    assert _cli("library", "export", str(out_file), "--db", str(db_path))[0] == 0
    other_db = tmp_path / "other" / "games.json"
    code, out, _ = _cli("library", "import", str(out_file), "--db", str(other_db))
    assert code == 0 and "Imported 1 card; 1 kept in all" in out
    code, out, _ = _cli("library", "list", "--json", "--db", str(other_db))
    assert json.loads(out)[0]["text"] == "Strikes first."
    assert _cli("library", "forget", "--db", str(other_db))[0] == 2  # asks for --yes
    assert _cli("library", "forget", "--yes", "--db", str(other_db))[0] == 0
    assert json.loads(_cli("library", "list", "--json", "--db", str(other_db))[1]) == []


def test_a_bad_library_file_is_refused_and_a_damaged_one_kept_aside(db_path: Path, tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": "march-of-the-ants-companion/library", "schema": 1,
                               "entries": [{"type": "predator_tier_text", "text": "x" * 5000}]}))
    code, _, err = _cli("library", "import", str(bad), "--db", str(db_path))
    assert code == 2 and "longer than 600 characters" in err
    store = GameStore(db_path)
    (db_path.parent / "library.json").write_text("{broken")
    game = store.create(PREDATORS)  # the new game starts without the cards, and the player is told
    assert game.state["modules_state"]["predators"]["tiers"] == {}
    assert any("could not be read" in render(n) for n in store.take_notices())
    assert list(db_path.parent.glob("library.damaged-*.json"))


def test_a_typed_decree_is_offered_in_later_games_but_not_chosen_for_them(db_path: Path) -> None:
    from companion.core.decrees.commands import ChooseDecree
    from companion.core.library import offered

    setup = GameSetup(game="mota", players=four_players(), expansions=("empires",), modules=("queens-decrees",))
    store = GameStore(db_path)
    store.create(setup).execute(ChooseDecree(decree_name="Grand Design", measure="Chambers",
                                             criterion="The colony with the most Chambers."))
    store.create(setup).execute(ChooseDecree("adaptive-colony"))  # a printed decree is not kept
    later = GameStore(db_path).create(setup)
    assert later.state["modules_state"]["queens-decrees"]["decree"] is None  # drawn each game, never preset
    (kept,) = offered(store.library.entries(), ChooseDecree.name)
    assert (kept["decree_name"], kept["measure"]) == ("Grand Design", "Chambers")
    again = ChooseDecree(decree_name=kept["decree_name"], measure=kept["measure"], criterion=kept["criterion"])
    assert later.execute(again).text == "Queen's Decree: Grand Design"
