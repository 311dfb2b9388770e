"""Parts of a panel kept as drawn (``companion.ui.pieces``): a change that touched nothing a part read leaves that part
on the page (the same controls), one that touched it draws it again, and a part that reads what its reader does not
see is caught by the suite's check.

Built in-process (no browser), as ``test_kept_panels.py`` does; its random walks with the check on cover the parts too.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import flet as ft
import pytest

from companion.core.broodmother.commands import DrawCard, SetDeckMode
from companion.core.broodmother.meadow_commands import AddHex, SetSites
from companion.core.chambers.commands import DefineCard, PlaceEgg, PlayChamber
from companion.core.commands.scoring import AdjustScore
from companion.core.commands.turns import FinishGame, NextPhase, NextRound
from companion.core.decrees.commands import ChooseDecree, SetMeasure
from companion.core.eve.commands import SetHexes
from companion.core.harvest.commands import AddAphidHex, SetHerd
from companion.core.i18n import using
from companion.core.session import Session
from companion.core.workers.commands import SetEvolved, SetWorkers
from companion.store import GameStore
from companion.ui import kept
from companion.ui.panels.broodmother.drafts import drafts_for
from companion.ui.pieces import Pieces
from companion.ui.screens.game import GameScreen
from tests.ui.test_build_once import EVERYTHING, SOLO
from tests.ui.test_kept_panels import controls, open_screen, redraw


@pytest.fixture
def store(tmp_path: Path) -> GameStore:
    return GameStore(tmp_path / "games.json")


def part(screen: GameScreen, key: str) -> Any:
    """The part keyed ``key`` on the page (the one control with that key)."""
    found = [c for root in screen.scroll.list.controls for c in controls(root)
             if getattr(c, "_values", {}).get("key") == key]
    assert len(found) == 1, (key, len(found))
    return found[0]


def test_next_leaves_eves_hexes_on_the_page_and_a_count_of_anas_hexes_draws_hers_again(
        store: GameStore, monkeypatch: pytest.MonkeyPatch) -> None:
    """Next changes whether Eve's points may be applied (the panel is drawn again), not the hexes: the Enclave and
    each colony's counts stay the same controls; a count of Ana's hexes draws her part again, with her new count, and
    the Enclave's (the ring's hexes taken), while Bo's counts (read from his own entry, ``players_by_id``) and Eve's
    reminders (another part) stay."""
    monkeypatch.setattr(kept, "CHECK", False)  # as players run it
    screen, session = open_screen(store, EVERYTHING)
    with using("en"):
        enclave, ana, bo = (part(screen, f"panel-eve:{name}") for name in ("enclave", "hexes-p1", "hexes-p2"))
        notes = part(screen, "panel-eve:notes")
        eve_before = screen.slots.placed["panel-eve"].holder.content
        session.execute(NextPhase())
        redraw(screen)
        assert screen.slots.placed["panel-eve"].holder.content is not eve_before, "the panel itself is drawn again"
        assert all(part(screen, f"panel-eve:{name}") is drawn
                   for name, drawn in (("enclave", enclave), ("hexes-p1", ana), ("hexes-p2", bo)))
        session.execute(SetHexes("p1", "adjacent", 2))
        redraw(screen)
        assert part(screen, "panel-eve:enclave") is not enclave and part(screen, "panel-eve:hexes-p1") is not ana
        assert part(screen, "panel-eve:hexes-p2") is bo
        assert part(screen, "panel-eve:notes") is notes
    shown = [getattr(c, "label", None) for c in controls(part(screen, "panel-eve:hexes-p1"))]
    assert any("Ana: hexes next to the Enclave" in str(label) and "2" in str(label) for label in shown), shown


def test_next_leaves_the_battles_steps_on_the_page_and_another_language_draws_them_again(
        store: GameStore, monkeypatch: pytest.MonkeyPatch) -> None:
    """The Tactics panel reads the phase (when battles come) and is drawn again at every Next; its steps read the
    game's edition alone (``tactics_steps``) and stay the same controls. Read in Spanish, they are drawn in Spanish."""
    monkeypatch.setattr(kept, "CHECK", False)  # as players run it
    screen, session = open_screen(store, EVERYTHING)
    with using("en"):
        steps = part(screen, "panel-tactics:steps")
        panel = screen.slots.placed["panel-tactics"].holder.content
        for _ in range(2):
            session.execute(NextPhase())
            redraw(screen)
            assert screen.slots.placed["panel-tactics"].holder.content is not panel, "the panel itself is drawn again"
            panel = screen.slots.placed["panel-tactics"].holder.content
            assert part(screen, "panel-tactics:steps") is steps
    with using("es"):
        redraw(screen)
        spanish = part(screen, "panel-tactics:steps")
        assert spanish is not steps
        assert not {str(c.value) for c in controls(spanish) if isinstance(c, ft.Text)} & {
            str(c.value) for c in controls(steps) if isinstance(c, ft.Text)}


def test_a_point_of_bos_draws_his_row_under_the_chart_again_and_leaves_anas(
        store: GameStore, monkeypatch: pytest.MonkeyPatch) -> None:
    """The chart is drawn again at every point; each side's row of numbers under it is read from its own entry: a
    point of Bo's draws his row again, with his new total, and leaves Ana's (the same controls)."""
    monkeypatch.setattr(kept, "CHECK", False)  # as players run it
    screen, session = open_screen(store, EVERYTHING)
    with using("en"):
        for player in ("p1", "p2"):
            session.execute(AdjustScore(player, 1))
            redraw(screen)
        ana, bo = part(screen, "panel-picture:side-p1"), part(screen, "panel-picture:side-p2")
        session.execute(AdjustScore("p2", 2))
        redraw(screen)
        assert part(screen, "panel-picture:side-p1") is ana
        assert part(screen, "panel-picture:side-p2") is not bo
    shown = [str(c.value) for c in controls(part(screen, "panel-picture:side-p2")) if isinstance(c, ft.Text)]
    assert shown == ["Bo", "3"], shown


def test_next_draws_this_rounds_draft_again_and_leaves_the_drafting_notes(
        store: GameStore, monkeypatch: pytest.MonkeyPatch) -> None:
    """The Drafting panel follows the round (its draft now), and its reminders and readings are a part of their own:
    Next through a whole round draws the panel again each time and leaves that part the same controls."""
    monkeypatch.setattr(kept, "CHECK", False)  # as players run it
    screen, session = open_screen(store, EVERYTHING)
    with using("en"):
        notes = part(screen, "panel-drafting:notes")
        drawn = {id(screen.slots.placed["panel-drafting"].holder.content)}
        for _ in range(6):
            session.execute(NextPhase())
            redraw(screen)
            drawn.add(id(screen.slots.placed["panel-drafting"].holder.content))
            assert part(screen, "panel-drafting:notes") is notes
    assert len(drawn) > 1, "the panel itself was drawn again"
    assert any(getattr(c, "identifier", None) == "drafting-reminder-0" for c in controls(notes))


def test_her_draw_leaves_her_tracks_levels_and_her_decks_mode_on_the_page(
        store: GameStore, monkeypatch: pytest.MonkeyPatch) -> None:
    """Her draw moves her draw pile and her points (her deck's and her track's panels are drawn again), not the
    machinations track's levels or who draws her cards: those parts stay the same controls, read key by key from her
    view's ``machinations`` and ``deck``; choosing *I draw* draws the deck's modes again, selected as chosen."""
    monkeypatch.setattr(kept, "CHECK", False)  # as players run it
    screen, session = open_screen(store, SOLO)
    with using("en"):
        session.execute(DrawCard())
        redraw(screen)
        levels, modes = part(screen, "panel-bm-machinations:levels"), part(screen, "panel-bm-deck:modes")
        deck_before = screen.slots.placed["panel-bm-deck"].holder.content
        session.execute(DrawCard())
        redraw(screen)
        assert screen.slots.placed["panel-bm-deck"].holder.content is not deck_before, "the panel itself is drawn again"
        assert part(screen, "panel-bm-machinations:levels") is levels
        assert part(screen, "panel-bm-deck:modes") is modes
        session.execute(SetDeckMode("physical"))
        redraw(screen)
        modes = part(screen, "panel-bm-deck:modes")
    chosen = [c for c in controls(modes) if getattr(c, "identifier", None) == "bm-deck-physical"]
    assert chosen and all(getattr(c, "selected", None) for c in chosen), chosen
    assert part(screen, "panel-bm-machinations:levels") is levels


def test_her_draw_leaves_the_tiles_of_the_numbers_it_did_not_change(
        store: GameStore, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each number of her points, her track and her end is a tile of its own, read from its own key of her view
    (``cp``, ``machinations`` and ``end`` read key by key): her draw leaves the best colony's, the Initiative Tokens'
    and her nymphs' tiles as the same controls; a point of Ana's draws the best colony's again, with the new number,
    and leaves her CP's."""
    monkeypatch.setattr(kept, "CHECK", False)  # as players run it
    names = ("panel-bm-status:tile-best-colony", "panel-bm-status:tile-initiative",
             "panel-bm-machinations:tile-nymphs", "panel-bm-end:tile-centipedes")
    screen, session = open_screen(store, SOLO)
    with using("en"):
        session.execute(DrawCard())
        redraw(screen)
        tiles = {name: part(screen, name) for name in names}
        session.execute(DrawCard())
        redraw(screen)
        assert {name: part(screen, name) is tile for name, tile in tiles.items()} == dict.fromkeys(names, True)
        her_cp = part(screen, "panel-bm-status:tile-her-cp")
        session.execute(AdjustScore("p1", 3))
        redraw(screen)
        best = part(screen, "panel-bm-status:tile-best-colony")
    assert best is not tiles["panel-bm-status:tile-best-colony"]
    assert [c.label for c in controls(best) if getattr(c, "identifier", None) == "bm-best-colony"] == ["Best colony: 3"]
    assert part(screen, "panel-bm-status:tile-her-cp") is her_cp


def test_a_change_to_one_hex_leaves_the_other_rows_of_her_meadow_and_an_opened_hex_comes_back_drawn_afresh(
        store: GameStore, monkeypatch: pytest.MonkeyPatch) -> None:
    """Her meadow's rows are parts, each read from its own hex (her view's ``hexes_by_id``, read key by key): hex 1's
    free sites changed draw its row again, with the new count, and leave the other four as the same controls. Hex 2
    opened (its actions under it) is drawn by the panel itself, so its part is let go; closed again with nothing of it
    changed meanwhile, it is drawn afresh all the same: Flet is never handed back a control it took off the page."""
    monkeypatch.setattr(kept, "CHECK", False)  # as players run it
    screen, session = open_screen(store, SOLO, seed=2)
    with using("en"):
        for number in range(1, 6):
            session.execute(AddHex(number, "inner", 2))
        redraw(screen)
        rows = {n: part(screen, f"panel-bm-meadow:hex-{n}") for n in range(1, 6)}
        session.execute(SetSites(1, 1))
        redraw(screen)
        assert part(screen, "panel-bm-meadow:hex-1") is not rows[1]
        assert all(part(screen, f"panel-bm-meadow:hex-{n}") is rows[n] for n in range(2, 6))
        said = [str(getattr(c, "label", "")) for c in controls(part(screen, "panel-bm-meadow:hex-1"))]
        assert any("Hex 1, Inner Meadow: 0 nymphs, 1 free collection site" in label for label in said), said
        selected = drafts_for(screen.panel_services().owner, session.id)
        selected.toggle_selected(2)
        redraw(screen)
        assert not [c for root in screen.scroll.list.controls for c in controls(root)
                    if getattr(c, "_values", {}).get("key") == "panel-bm-meadow:hex-2"], "hex 2 is open: no part"
        session.execute(SetSites(1, 0))  # another hex: hex 2's part as kept would still be drawn as the game is
        selected.toggle_selected(2)
        redraw(screen)
        closed = part(screen, "panel-bm-meadow:hex-2")
    assert closed is not rows[2]
    said = [str(getattr(c, "label", "")) for c in controls(closed)]
    assert any("Hex 2, Inner Meadow: 0 nymphs, 2 free collection sites" in label for label in said), said


def test_a_herd_on_one_aphid_hex_leaves_the_other_hexs_box_on_the_page(store: GameStore,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """Each Aphids hex's box reads its own hex (the view's ``hexes_by_id``, read key by key): Ana's herd on the Oak
    draws the Oak's box again, with her count, and leaves the Pond's as the same controls."""
    monkeypatch.setattr(kept, "CHECK", False)  # as players run it
    screen, session = open_screen(store, EVERYTHING)
    with using("en"):
        session.execute(AddAphidHex("Oak", 3))
        session.execute(AddAphidHex("Pond", 2))
        redraw(screen)
        oak, pond = part(screen, "panel-aphids:hex-h1"), part(screen, "panel-aphids:hex-h2")
        session.execute(SetHerd("h1", "p1", 2))
        redraw(screen)
        assert part(screen, "panel-aphids:hex-h2") is pond
        oak_now = part(screen, "panel-aphids:hex-h1")
    assert oak_now is not oak
    said = [str(getattr(c, "label", "")) + str(getattr(c, "value", "")) for c in controls(oak_now)]
    assert any("Ana: herded on sites" in label and "2" in label for label in said), said


def test_anas_workers_draw_her_parts_again_and_leave_bos_and_the_abilities_text(
        store: GameStore, monkeypatch: pytest.MonkeyPatch) -> None:
    """The Major Workers panel: Ana's workers in play draw her count again (read from her own entry,
    ``colonies_by_id``) and leave Bo's and what each ability does; her Evolution on the head draws her abilities line
    again with the ability it unlocks, while the tick boxes are drawn with the panel."""
    monkeypatch.setattr(kept, "CHECK", False)  # as players run it
    screen, session = open_screen(store, EVERYTHING)
    with using("en"):
        ana, bo, about = (part(screen, f"panel-workers:{name}") for name in ("count-p1", "count-p2", "about"))
        abilities = part(screen, "panel-workers:abilities-p1")
        session.execute(SetWorkers("p1", 1))
        redraw(screen)
        assert part(screen, "panel-workers:count-p1") is not ana
        assert part(screen, "panel-workers:count-p2") is bo and part(screen, "panel-workers:about") is about
        session.execute(SetEvolved("p1", "head", True))
        redraw(screen)
        now = part(screen, "panel-workers:abilities-p1")
    assert now is not abilities
    before, after = ([str(getattr(c, "label", "")) for c in controls(drawn)] for drawn in (abilities, now))
    assert "Ana: Rally" in before and not any(text.startswith("Ana: Rally, ") for text in before), before
    assert any(text.startswith("Ana: Rally, ") for text in after), after  # the head's ability joined Rally


def test_a_measure_of_anas_for_the_decree_and_an_egg_in_her_chamber_draw_her_parts_alone(
        store: GameStore, monkeypatch: pytest.MonkeyPatch) -> None:
    """The Queen's Decree: a measure of Ana's draws her count again (read from ``colonies_by_id``), not Bo's. Chambers:
    an egg into Ana's chamber draws her part again (``players_by_id``), with the egg counted, not Bo's."""
    monkeypatch.setattr(kept, "CHECK", False)  # as players run it
    screen, session = open_screen(store, EVERYTHING)
    for command in (ChooseDecree("adaptive-colony"), DefineCard("Grain Store", 3, "queen"),
                    PlayChamber("p1", "Grain Store", 1), PlayChamber("p2", "Grain Store", 1)):
        session.execute(command)
    with using("en"):
        redraw(screen)
        ana, bo = part(screen, "panel-decrees:measure-p1"), part(screen, "panel-decrees:measure-p2")
        session.execute(SetMeasure("p1", 2))
        redraw(screen)
        assert part(screen, "panel-decrees:measure-p1") is not ana and part(screen, "panel-decrees:measure-p2") is bo
        ana, bo = part(screen, "panel-chambers:colony-p1"), part(screen, "panel-chambers:colony-p2")
        mine = next(ch["id"] for ch in session.state["modules_state"]["chambers"]["chambers"] if ch["owner"] == "p1")
        session.execute(PlaceEgg(mine))
        redraw(screen)
        assert part(screen, "panel-chambers:colony-p1") is not ana and part(screen, "panel-chambers:colony-p2") is bo
    shown = [str(getattr(c, "value", "")) for c in controls(part(screen, "panel-chambers:colony-p1"))]
    assert any("2 of 3 eggs" in text for text in shown), shown


def test_what_a_part_read_is_the_panels_too_drawn_or_kept(store: GameStore) -> None:
    """A panel whose own code reads nothing of the game, one of whose parts reads the round: the panel is held to the
    round whether the part was drawn or kept (a point leaves it as drawn, Next round does not), so a change to what a
    kept part shows still draws its panel again."""
    screen, session = open_screen(store, EVERYTHING)
    pieces = Pieces("test")

    def panel_drawn() -> kept.Drawn:
        ctx = screen_context(screen, session)
        pieces.draw(ctx, ctx._asking, session, "round", lambda own: [ft.Text(str(own.view["round"]))])
        return kept.Drawn("tab", ctx._asking, session)

    with using("en"):
        drawn, kept_part = panel_drawn(), panel_drawn()  # the second time the part is kept
        for panel in (drawn, kept_part):
            session.execute(AdjustScore("p1", 1))
            assert panel.still("tab", session)
        session.execute(NextRound())
        assert not drawn.still("tab", session) and not kept_part.still("tab", session)


def test_a_part_drawn_from_what_its_reader_does_not_see_is_caught(store: GameStore,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Under the suite's check a kept part is drawn afresh all the same: a part drawn from something outside the
    game view (here a value of this test's) that changed comes out different, and the check says so."""
    monkeypatch.setattr(kept, "CHECK", True)
    screen, session = open_screen(store, EVERYTHING)
    ctx = screen_context(screen, session)
    pieces = Pieces("test")
    outside = ["first"]
    build = lambda own: [ft.Text(outside[0])]  # noqa: E731  # reads nothing through its reader
    first = pieces.draw(ctx, ctx._asking, session, "words", build)
    assert pieces.draw(ctx, ctx._asking, session, "words", build) is first  # unchanged: kept, and checked equal
    outside[0] = "second"
    with pytest.raises(kept.StaleDrawing, match=r"test \(words\)"):
        pieces.draw(ctx, ctx._asking, session, "words", build)


def screen_context(screen: GameScreen, session: Session) -> Any:
    """A panel's context on ``screen`` for ``session``, as the game screen makes one."""
    from companion.ui.panels import PanelContext

    reader = kept.GameReader(session)
    return PanelContext(reader.view(), screen.tab_value(), screen.panel_services(), reader, session)


def test_the_parts_come_back_as_drawn_after_an_undo_out_of_the_finish(store: GameStore,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """To the last round, finished, then Undo: the finished game's screen and the game again, each drawn with the
    suite's check on (a kept part must come out as drawn afresh), Eve's hexes on the page again with Ana's count."""
    monkeypatch.setattr(kept, "CHECK", True)
    screen, session = open_screen(store, EVERYTHING)
    with using("en"):
        session.execute(SetHexes("p1", "other", 3))
        redraw(screen)
        for _ in range(3):
            session.execute(NextRound())
            redraw(screen)
        session.execute(FinishGame())
        redraw(screen)
        session.undo()
        redraw(screen)
        session.execute(NextPhase())
        redraw(screen)
        hexes = part(screen, "panel-eve:hexes-p1")
    shown = [str(getattr(c, "label", "")) for c in controls(hexes)]
    assert any("Ana: other hexes" in label and "3" in label for label in shown), shown
    assert store.load(session.id)["state"]["ended"] is None  # the undo out of the finish is on disk
