"""Changes to a game from one tab: commands, undo and redo through the shared session, each carrying the revision
the tab had shown, so the same tap on two devices counts once (``Session.execute``); another device's change or
save met on the way is said, not shown as an error."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

import flet as ft

from companion import spans
from companion.core.commands.base import Command
from companion.core.errors import AlreadyDone, StaleChange
from companion.core.schema import JsonObject
from companion.core.session import NOTHING_DONE, Executed, Session
from companion.store import GameDeleted, StoreConflict
from companion.table.guest import MirrorSession
from companion.ui import flet_events, i18n
from companion.ui.tab.answers import Answers
from companion.ui.tab.base import TabBase
from companion.ui.tab.guests import Guests
from companion.ui.tab.routes import Routes


def drawn_by_the_answer() -> None:
    """A tap sent to the host changes nothing on this phone: the host's answer draws what changed. So Flet's update
    after the tap's handler (a diff of the whole page, which finds nothing) is not run: on the phone build it took
    ~12 ms of the tapping phone's Python at load 48 (``bench_table_browser.py --steps``: ``guest_tap_done``)."""
    ft.context.mark_update_called()


class Changes:
    """Commands, undo and redo, deleting a game, and telling the other tabs."""

    def __init__(self, tab: TabBase, answers: Answers, routes: Routes, guests: Guests) -> None:
        self.tab = tab
        self.answers = answers
        self.routes = routes
        self.guests = guests

    def note_shown(self, session: Session) -> None:
        """The screen was just built from this revision of the game (and goes out now)."""
        self.tab.shown.sent(session.id, session.revision)

    def seen_revision(self, session: Session) -> int | None:
        """The revision this tab's player saw when tapping (older for a tap made on a control since drawn anew)."""
        return self.tab.shown.seen(session.id, flet_events.drawn_before())

    def typed_cards(self, kind: str) -> list[JsonObject]:
        """The cards players typed in earlier games for command ``kind`` (``companion.core.library``)."""
        from companion.core.library import offered

        return offered(self.tab.ctx.store.library.entries(), kind)

    def session(self, game_id: str) -> Session:
        """The game's live session; at another phone's table, the mirror of the host's game (``MirrorSession``)."""
        at_table = self.tab.ctx.table_guest
        if at_table is not None and at_table.mirror is not None and at_table.mirror.id == game_id:
            return at_table.mirror
        return self.tab.ctx.sessions.get(game_id)

    def execute(self, session: Session, command: Command, *, debounce: str | None = None) -> Executed:
        """Run a command (not if it is a hurried second tap) and show the result everywhere; say what it did."""
        self.guests.require_play(session)
        if debounce and not self.tab.debouncer.allow(debounce):
            return NOTHING_DONE
        if isinstance(session, MirrorSession):  # the host's game, on a guest's phone: the tap goes to the host
            done = session.execute(command, expected_rev=self.seen_revision(session))  # said by its answer
            drawn_by_the_answer()
            return done
        with self._shared_change(session):
            with spans.part("command"):
                done = session.execute(command, expected_rev=self.seen_revision(session), origin=self.tab.origin)
            self._own_change(session)
            return done
        return NOTHING_DONE

    def undo(self, session: Session) -> None:
        self._step(session, "undo", session.undo)

    def redo(self, session: Session) -> None:
        self._step(session, "redo", session.redo)

    def _step(self, session: Session, action: str, step: Callable[..., Executed]) -> None:
        """Undo or redo (``step``) unless it is a hurried second tap on ``action``, as one shared change."""
        self.guests.require_play(session)
        if not self.tab.debouncer.allow(action):
            return
        if isinstance(session, MirrorSession):
            step(expected_rev=self.seen_revision(session))  # the host's answer redraws the screen
            drawn_by_the_answer()
            return
        with self._shared_change(session):
            with spans.part("command"):
                step(expected_rev=self.seen_revision(session), origin=self.tab.origin)
            self._own_change(session)

    def _own_change(self, session: Session) -> None:
        """This tab made the change: its player sees the result at once, and so does every tab."""
        self.tab.shown.own_change(session.id, session.revision)
        self.game_changed(session.id, touched=self.tab.tapped)  # what the tap touched first (``GameScreen.refresh``)

    @contextmanager
    def _shared_change(self, session: Session) -> Iterator[None]:
        """Another device got there first: say so and show what it did, not an error."""
        try:
            with self._reload_on_conflict(session):
                yield
        except AlreadyDone as exc:
            self.routes.refresh()
            self.answers.show_info(str(exc))
        except StaleChange:
            self.routes.refresh()
            raise

    @contextmanager
    def _reload_on_conflict(self, session: Session) -> Iterator[None]:
        """Someone else saved this game meanwhile: drop our copy so every tab shows the saved one."""
        try:
            yield
        except GameDeleted:
            self.tab.ctx.sessions.forget(session.id)
            self.tab.broadcast({"kind": "game", "id": session.id, "deleted": True})
            self.routes.go("/")  # never rebuild the screen of a game that is gone
            raise
        except StoreConflict:
            self.tab.ctx.sessions.forget(session.id)
            self.game_changed(session.id)
            raise

    def game_changed(self, game_id: str, *, deleted: bool = False, touched: ft.Control | None = None,
                     elsewhere: bool = False) -> None:
        """Tell the other tabs and the phones at this table, and draw the change (``elsewhere``: a guest's phone
        made it, so what changed is brought into view)."""
        self.tab.broadcast({"kind": "game", "id": game_id, "deleted": deleted})
        phones = self.tab.ctx.phone_table
        if phones is not None and phones.game_id == game_id and not deleted:
            phones.changed()  # the phones at this phone's table are sent the change (a patch each)
        if elsewhere:
            self.routes.changed_elsewhere()
        else:
            self.routes.refresh(touched)

    def delete_game(self, game_id: str, name: str, after: Callable[[], object] | None = None) -> None:
        self.guests.require_host()

        def delete() -> None:
            self.guests.require_host()
            self.tab.ctx.store.delete(game_id)
            self.tab.ctx.sessions.forget(game_id)
            if self.tab.ctx.table.active and self.tab.ctx.table.game_id == game_id:
                self.guests.stop_sharing()  # the table's game is gone: so is the table
            self.tab.broadcast({"kind": "game", "id": game_id, "deleted": True})
            self.answers.show_info(i18n.trf("Deleted {name}.", name=name))
            if after:
                after()
            else:
                self.routes.refresh()

        self.answers.confirm(i18n.tr("Delete this game?"),
                             i18n.trf("{name} will be removed from this device. This cannot be undone.", name=name),
                             i18n.tr("Delete"), delete)

