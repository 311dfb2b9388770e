"""A table of phones without a browser: the host's real saves on disk, guests on in-process links.

A solo game against her is played from two guests (her draw, her question answered, undo); a stale tap, a
view-only guest and a dropped guest are met; and the host's game is read back from disk by a fresh store with
every change. The guests' screens are their mirrors (``MirrorSession``), read as the game screen reads them.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.core.broodmother.commands import AnswerExpand, DrawCard
from companion.core.broodmother.meadow_commands import AddHex
from companion.core.commands.scoring import AdjustScore
from companion.core.content import Content
from companion.core.errors import GameError
from companion.core.i18n import render
from companion.core.session import Executed
from companion.core.setup import GameSetup, PlayerSpec
from companion.store import GameStore
from companion.table import protocol
from companion.table.guest import SLOW, TableGuest
from companion.table.host import TableHost, game_document
from companion.table.link import memory_pair

SOLO = GameSetup(game="mota", mode="solo", players=(PlayerSpec("Ana", "red"),), expansions=("minions",))
HEXES = ((4, "inner", 2), (7, "outer", 3), (12, "inner", 1))
SEED = 1  # her first draw asks which hex her Expand revealed


class Table:
    """The host's store and session, its ``TableHost``, and guests joined on memory links."""

    def __init__(self, db: Path, content: Content) -> None:
        self.store = GameStore(db)
        game = self.store.create(SOLO, name="Table", seed=SEED)
        for n, zone, sites in HEXES:
            game.execute(AddHex(n, zone, sites))
        self.game_id, self.content = game.id, content
        self.session = game
        self.host_changes: list[Executed] = []
        self.host = TableHost(lambda: self.session, on_change=self.host_changes.append)

    def join(self, name: str, language: str = "en") -> TableGuest:
        host_end, guest_end = memory_pair()
        self.host.add(host_end)
        guest = TableGuest(name, language, self.content)
        guest.attach(guest_end)
        return guest

    def guest_of(self, name: str) -> str:
        return next(g.id for g in self.host.guests.values() if g.name == name)


@pytest.fixture
def table(tmp_path: Path, content: Content) -> Table:
    return Table(tmp_path / "games.json", content)


def mirror(guest: TableGuest):  # type: ignore[no-untyped-def]
    assert guest.mirror is not None
    return guest.mirror


def brood(guest: TableGuest) -> dict:  # type: ignore[type-arg]
    return mirror(guest).state["modules_state"]["broodmother"]


def test_a_joined_guest_holds_the_hosts_game_and_may_play(table: Table) -> None:
    ana = table.join("Ana")
    assert ana.status == "connected" and ana.role == "play" and ana.can_play
    assert mirror(ana).state == table.session.state and mirror(ana).revision == table.session.revision
    assert mirror(ana).undo_label == table.session.undo_label
    assert [g.name for g in table.host.guests.values()] == ["Ana"]


def test_a_solo_game_played_from_two_guests_is_saved_on_the_host(table: Table, tmp_path: Path) -> None:
    ana, ben = table.join("Ana"), table.join("Ben", "es")
    assert mirror(ana).execute(DrawCard()).changed is False  # sent, not made here
    assert ana.pending == {} and len(table.host_changes) == 1  # answered, and the host's screen told
    asked = brood(ben)["pending"]
    assert [q["kind"] for q in asked] == ["expand"]  # her question, on the other guest's screen too
    mirror(ben).execute(AnswerExpand(number=9, sites=1, centipede_hex=True))
    assert brood(ana)["pending"] == [] and 9 in [h["number"] for h in brood(ana)["hexes"]]
    mirror(ana).execute(AdjustScore("p1", 3))
    assert mirror(ben).state["scores"]["p1"][0] == 3
    assert render(mirror(ben).doc["log"][-1]["label"], "es").startswith("Ana")  # the log in the guest's language
    mirror(ben).undo()
    assert mirror(ana).state["scores"]["p1"][0] == 0 and mirror(ana).redo_label is not None
    saved = GameStore(tmp_path / "games.json").session(table.game_id)  # a fresh store reads the host's saves
    assert saved.state == table.session.state == mirror(ana).state == mirror(ben).state
    assert [e["kind"] for e in saved.doc["log"]][-4:] == ["command", "command", "command", "undo"]
    assert saved.revision == mirror(ben).revision


def test_her_draw_is_one_draw_whoever_taps_on_the_same_screen(table: Table) -> None:
    ana, ben = table.join("Ana"), table.join("Ben")
    rev = mirror(ben).revision
    mirror(ana).execute(DrawCard())
    drawn = list(brood(ana)["history"])
    assert len(drawn) == 1
    ben.send(protocol.command_tap(DrawCard().to_dict(), rev, ben.next_tap()))  # Ben tapped the screen before it
    assert ben.pending == {} and ben.notes, "Ben's tap is answered with a refusal"
    assert "Already done on another device" in render(ben.notes[-1], "en")
    assert mirror(ben).revision == table.session.revision  # and shown the newer game
    assert brood(ben)["history"] == drawn and table.session.state["modules_state"]["broodmother"]["history"] == drawn


def test_a_stale_undo_is_refused_in_plain_words_and_the_newer_game_shown(table: Table) -> None:
    ana, ben = table.join("Ana"), table.join("Ben")
    mirror(ana).execute(AdjustScore("p1", 2))
    stale = mirror(ben).revision
    mirror(ana).execute(AdjustScore("p1", 5))
    ben.send(protocol.step_tap("undo", stale, ben.next_tap()))
    assert "changed on another device" in render(ben.notes[-1], "en")
    assert "cambió mientras tanto en otro dispositivo" in render(ben.notes[-1], "es")
    assert table.session.state["scores"]["p1"][0] == 7 and mirror(ben).state["scores"]["p1"][0] == 7


def test_a_view_only_guest_is_refused_by_the_host_whatever_it_sends(table: Table) -> None:
    ana = table.join("Ana")
    table.host.set_role(table.guest_of("Ana"), "view")
    assert ana.role == "view" and not ana.can_play
    with pytest.raises(GameError, match="view only"):
        mirror(ana).execute(AdjustScore("p1", 1))
    rev = table.session.revision
    ana.send(protocol.command_tap(AdjustScore("p1", 1).to_dict(), rev, 99))  # its own checks skipped
    assert table.session.revision == rev and "view only" in render(ana.notes[-1], "en")
    table.host.set_role(table.guest_of("Ana"), "play")
    mirror(ana).execute(AdjustScore("p1", 1))
    assert table.session.state["scores"]["p1"][0] == 1


def test_a_dropped_guest_is_told_keeps_the_game_and_comes_back_on_a_new_link(table: Table) -> None:
    ana = table.join("Ana")
    table.host.set_role(table.guest_of("Ana"), "view")
    assert ana.link is not None
    ana.link.close()
    assert ana.status == "lost" and "lost" in render(ana.said(), "en") and mirror(ana).state is not None
    with pytest.raises(GameError, match="not made"):
        mirror(ana).execute(AdjustScore("p1", 1))
    table.session.execute(AdjustScore("p1", 4))  # the host plays on meanwhile
    table.host.changed()
    assert mirror(ana).state["scores"]["p1"][0] == 0  # still the last game it heard
    host_end, guest_end = memory_pair()  # the host's code scanned again
    table.host.add(host_end)
    ana.attach(guest_end)
    assert ana.status == "connected" and mirror(ana).state["scores"]["p1"][0] == 4
    assert [g.name for g in table.host.guests.values()] == ["Ana"]  # one place, with its role kept
    assert ana.role == "view"


def test_a_removed_guest_is_told_and_its_link_closed(table: Table) -> None:
    ana = table.join("Ana")
    table.host.remove(table.guest_of("Ana"))
    assert ana.status == "removed" and "removed" in render(ana.said(), "en")
    assert table.host.guests == {}


def test_the_host_leaving_is_said_on_every_guest(table: Table) -> None:
    ana, ben = table.join("Ana"), table.join("Ben")
    table.host.leave()
    assert ana.status == ben.status == "left"


def test_a_tap_never_answered_is_said_as_not_made(table: Table) -> None:
    now = [0.0]
    ana = table.join("Ana")
    ana.clock = lambda: now[0]
    assert ana.link is not None
    ana.link.on_message = lambda text: None  # the host's answers never arrive
    table.host.guests[table.guest_of("Ana")].link.on_message = lambda text: None
    mirror(ana).execute(AdjustScore("p1", 1))
    assert ana.pending and not ana.overdue()
    now[0] = 60.0
    assert ana.overdue() and not ana.pending and "not made" in render(ana.notes[-1], "en")


def test_a_tap_the_host_is_slow_to_answer_is_said_as_sent_once_and_a_quick_one_not_at_all(table: Table) -> None:
    now = [0.0]
    ana = table.join("Ana")
    ana.clock = lambda: now[0]
    mirror(ana).execute(AdjustScore("p1", 1))  # answered at once (memory links): the change says it
    now[0] = SLOW + 1
    assert not ana.pending and not ana.slow()
    assert ana.link is not None
    ana.link.on_message = lambda text: None  # the host's answers no longer arrive
    mirror(ana).execute(AdjustScore("p1", 1))
    now[0] += SLOW / 2
    assert ana.pending and not ana.slow(), "not yet: an answer may still come"
    now[0] += SLOW
    assert ana.slow(), "said as sent once it waited"
    assert not ana.slow(), "and said once"
    mirror(ana).execute(AdjustScore("p1", 1))
    now[0] += SLOW + 0.1
    assert ana.slow(), "a second tap waiting is said again"


def test_the_host_sends_a_patch_smaller_than_the_game(table: Table) -> None:
    ana = table.join("Ana")
    sent: list[str] = []
    host_link = table.host.guests[table.guest_of("Ana")].link
    plain_send = host_link.send
    host_link.send = lambda text: (sent.append(text), plain_send(text))  # type: ignore[method-assign]
    mirror(ana).execute(AdjustScore("p1", 1))
    whole = protocol.encode(protocol.whole_game(game_document(table.session)))
    assert [protocol.read_from_host(t)["kind"] for t in sent] == ["patch"]
    assert len(sent[0]) * 5 < len(whole)
    assert mirror(ana).state == table.session.state


def test_a_guest_that_leaves_is_off_the_hosts_list_and_keeps_no_game(table: Table) -> None:
    ana, ben = table.join("Ana"), table.join("Ben")
    left: list[str] = []
    table.host.on_left = lambda guest: left.append(guest.name)
    host_link = table.host.guests[table.guest_of("Ana")].link
    ana.leave()
    assert left == ["Ana"] and [g.name for g in table.host.guests.values()] == ["Ben"]
    assert host_link.state == "closed", "the host closed the link the guest said goodbye on"
    assert ana.mirror is None and ana.link is None and not ana.can_play
    with pytest.raises(GameError):
        ana.next_tap()
    mirror(ben).execute(AdjustScore("p1", 2))  # the table goes on without her
    assert mirror(ben).state["scores"]["p1"][0] == table.session.state["scores"]["p1"][0] == 2
    assert ana.mirror is None, "a change after leaving reaches no one on her phone"


def test_a_guest_leaving_on_a_lost_link_is_heard_as_closed(table: Table) -> None:
    ana = table.join("Ana")
    assert ana.link is not None
    ana.link_state("closed")  # the link dropped first: there is no one to say goodbye to
    ana.leave()
    assert ana.mirror is None
    assert not table.host.guests[table.guest_of("Ana")].connected  # kept as "link lost": it may come back


def test_a_goodbye_from_the_host_is_no_guest_message() -> None:
    with pytest.raises(protocol.BadMessage):
        protocol.read_from_guest(protocol.encode(protocol.bye("removed")))
    assert protocol.read_from_guest(protocol.encode(protocol.leaving()))["kind"] == "bye"

class Clock:
    """One clock for the host and its guests, moved by the test."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def quiet_link(guest: TableGuest, table: Table) -> None:
    """The link stays open but nothing crosses it any more (a Wi-Fi gone, a screen locked)."""
    assert guest.link is not None
    guest.link.on_message = lambda text: None
    table.host.guests[table.guest_of(guest.name)].link.on_message = lambda text: None


def test_a_silent_host_is_said_not_answering_after_its_quiet_time_and_back_by_itself(table: Table) -> None:
    clock = Clock()
    table.host.clock = clock
    ana = table.join("Ana")
    ana.clock = clock
    ana.heard = clock.now
    assert ana.link is not None
    listening = ana.link.on_message
    ana.link.on_message = lambda text: None  # the host's words no longer arrive
    clock.now += protocol.QUIET - 0.5
    assert not ana.tick() and ana.status == "connected"
    clock.now += 1.0
    assert ana.tick() and ana.status == "quiet" and "not answering" in render(ana.said(), "en")
    assert "no responde" in render(ana.said(), "es") and not ana.can_play
    with pytest.raises(GameError, match="not made"):
        mirror(ana).execute(AdjustScore("p1", 1))
    table.session.execute(AdjustScore("p1", 2))  # the host plays on; what it sends meanwhile is lost
    table.host.changed()
    assert mirror(ana).state["scores"]["p1"][0] == 0
    ana.link.on_message = listening  # the link comes back: the host's next beat brings the table back
    table.host.tick()
    assert ana.status == "connected" and ana.can_play and mirror(ana).state["scores"]["p1"][0] == 2
    mirror(ana).execute(AdjustScore("p1", 1))
    assert table.session.state["scores"]["p1"][0] == 3


def test_a_silent_guest_is_shown_away_on_the_host_and_back_when_it_speaks(table: Table) -> None:
    clock = Clock()
    table.host.clock = clock
    ana, ben = table.join("Ana"), table.join("Ben")
    ana.clock = ben.clock = clock
    lists: list[list[tuple[str, bool]]] = []
    table.host.on_guests = lambda: lists.append([(g.name, g.away) for g in table.host.guests.values()])
    assert ana.link is not None
    ana.link.send = lambda text: None  # Ana's phone is locked: its beats stop
    clock.now += protocol.QUIET + 0.5
    ben.tick()
    assert table.host.tick() and lists[-1] == [("Ana", True), ("Ben", False)]
    assert not table.host.tick()  # said once
    del ana.link.send  # Ana's phone unlocked: its next beat marks it back
    ana.tick()
    assert lists[-1] == [("Ana", False), ("Ben", False)]
    assert not table.host.guests[table.guest_of("Ana")].away


@pytest.fixture
def quiet_restored() -> Iterator[None]:
    yield
    protocol.quiet_for_a_test(protocol.QUIET)


def test_the_quiet_time_is_the_apps_ten_seconds_unless_a_test_page_asks(quiet_restored: None) -> None:
    """Without the hook (a page not opened with ``?tabletest`` in its own address) the quiet time is ``QUIET``, 10 s;
    the word in a route (after the ``#``: the app's own links) or in the path turns nothing on. Only the hook sets
    it: nothing else in the app calls the setter, so no text from a peer reaches it."""
    from companion.table.tabletest import install_when_asked

    assert protocol.QUIET == 10.0 and protocol.quiet() == protocol.QUIET
    for url in ("http://phone/", "http://phone/#/rules?q=tabletest", "http://phone/tabletest/#/?tabletest"):
        install_when_asked(None, url)  # returns before importing the page's ``js`` (absent here)
    assert protocol.quiet() == protocol.QUIET
    with pytest.raises(ModuleNotFoundError, match="js"):
        install_when_asked(None, "http://phone/?tabletest")  # the page's own query: the hook would be put in
    callers = {path.name for path in Path(protocol.__file__).parents[1].rglob("*.py")
               if "quiet_for_a_test(" in path.read_text(encoding="utf-8")}
    assert callers == {"protocol.py", "tabletest.py"}
    for bad in (protocol.BEAT, protocol.QUIET + 1):  # a live phone's late beat is not silence; never longer
        with pytest.raises(ValueError):
            protocol.quiet_for_a_test(bad)


def test_a_test_pages_shorter_quiet_says_a_silent_guest_away_sooner(table: Table, quiet_restored: None) -> None:
    clock = Clock()
    table.host.clock = clock
    ana = table.join("Ana")
    ana.clock = clock
    assert ana.link is not None
    ana.link.send = lambda text: None  # Ana's phone is locked: its beats stop
    clock.now += 3.5
    assert not table.host.tick()  # the app's quiet time: not yet
    protocol.quiet_for_a_test(3)
    clock.now += 0.5
    assert table.host.tick() and table.host.guests[table.guest_of("Ana")].away


def test_a_test_pages_shorter_quiet_says_a_silent_host_not_answering_sooner(table: Table,
                                                                           quiet_restored: None) -> None:
    clock = Clock()
    ana = table.join("Ana")
    ana.clock = clock
    ana.heard = clock.now
    assert ana.link is not None
    ana.link.on_message = lambda text: None  # the host's words no longer arrive
    for _ in range(3):  # a tick a beat, 3 s of silence: under the app's quiet time
        clock.now += protocol.BEAT
        assert not ana.tick() and ana.status == "connected"
    protocol.quiet_for_a_test(3)
    clock.now += 1.0
    assert ana.tick() and ana.status == "quiet"


def test_a_game_in_parts_reaches_the_guest_and_a_tap_in_parts_the_host(table: Table,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    from companion.table import parts

    monkeypatch.setattr(parts, "PART_CHARS", 500)
    monkeypatch.setattr(parts, "LONGEST_TEXT", 1000)  # a channel carrying 1,000 bytes a message
    sent: list[str] = []
    host_end, guest_end = memory_pair()
    plain_send = host_end.send
    host_end.send = lambda text: (sent.append(text), plain_send(text))  # type: ignore[method-assign]
    table.host.add(host_end)
    ana = TableGuest("Ana", "en", table.content)
    ana.attach(guest_end)
    assert mirror(ana).state == table.session.state
    assert sum(t.startswith(parts.MARK) for t in sent) > 10 and max(len(t.encode()) for t in sent) <= 1000
    ana.send(protocol.hello("Ana" + "é" * 36, "en"))  # a hello of 1,100 bytes goes in parts too
    assert [g.name for g in table.host.guests.values()] == ["Ana" + "é" * 36]


def test_a_phone_whose_own_ticks_stopped_hears_what_waits_before_judging_the_silence(table: Table) -> None:
    clock = Clock()
    table.host.clock = clock
    ana = table.join("Ana")
    ana.clock = clock
    ana.tick()
    table.host.tick()
    assert ana.link is not None
    ana.link.on_message = lambda text: None  # nothing more comes from the host
    clock.now += 30  # both pages were busy (or locked): no tick ran for 30 s
    assert not ana.tick() and ana.status == "connected"  # what came meanwhile may not be read yet
    assert not table.host.tick()  # Ana's beat just came
    clock.now += 1
    assert ana.tick() and ana.status == "quiet"  # still nothing: now it is said


def test_a_guest_that_missed_its_role_is_put_right_by_the_hosts_next_beat(table: Table) -> None:
    """Issue 36's three-phone test: the host set Cy to view only, and Cy's phone never said so. Whatever kept the
    role message from being read, the host's beat carries each guest's role: within a beat the guest watches, and
    its screen is drawn again (only then: a beat saying the role held draws nothing)."""
    cy = table.join("Cy")
    drawn: list[str] = []
    cy.on_change = lambda: drawn.append(cy.role)
    assert cy.link is not None
    listening = cy.link.on_message
    cy.link.on_message = lambda text: None  # the role message is lost on the way
    table.host.set_role(table.guest_of("Cy"), "view")
    cy.link.on_message = listening
    assert cy.role == "play" and cy.can_play
    table.host.tick()
    assert cy.role == "view" and not cy.can_play and drawn == ["view"]
    assert "View only" in render(cy.said(), "en")
    table.host.tick()
    assert drawn == ["view"]  # the same role again: nothing to draw
    with pytest.raises(GameError, match="view only"):
        mirror(cy).execute(AdjustScore("p1", 1))


def test_a_step_that_cannot_be_timed_stops_the_timing_and_never_the_table(table: Table,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """``?tabletimes`` (the bench's ``--steps``) marks each step in the link's own handlers: a mark that fails (here
    no page to post to) must not drop the message it was made for."""
    from companion.table import times

    monkeypatch.setattr(times, "_on", True)
    ana = table.join("Ana")
    mirror(ana).execute(AdjustScore("p1", 1))
    assert not times.enabled() and table.session.state["scores"]["p1"][0] == 1 and mirror(ana).revision == \
        table.session.revision


def test_a_beat_before_the_hosts_game_draws_nothing(table: Table) -> None:
    """A host's beat can come before the answer to the guest's hello: the Join screen, waiting for that answer,
    is not drawn again for it (a guest starts as view only, so its role differed from every beat's)."""
    drawn: list[str] = []
    host_end, guest_end = memory_pair()
    guest = TableGuest("Dee", "en")
    guest.on_change = lambda: drawn.append(guest.status)
    guest_end.on_message = guest.receive
    guest.link = guest_end
    host_end.send(protocol.encode(protocol.host_beat("play")))
    assert drawn == [] and guest.role == "view" and guest.mirror is None
