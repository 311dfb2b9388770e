"""The UI's plain logic, kept free of Flet so it is tested with pytest alone.

Screens stay thin: they ask these helpers what to show and when a tap counts. Nothing
here knows a game rule. The new-game wizard's model is ``companion.ui.wizard``.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from datetime import UTC, datetime

from companion.core.errors import GameError

DEBOUNCE_SECONDS = 0.4
# A tap that reaches the server this soon after its tab was sent a new screen was aimed at the
# screen before it (the update was still on its way, or no one reacts faster).
SEEN_AFTER_SECONDS = 0.5


class Debouncer:
    """Ignores a second tap on the same action within ``window`` seconds.

    At the table a hurried double tap on Next would skip a phase; the window is short
    enough that two deliberate taps still both count. Each action has its own clock, so
    Undo right after Next is never swallowed.
    """

    def __init__(self, window: float = DEBOUNCE_SECONDS, clock: Callable[[], float] = time.monotonic) -> None:
        self.window = window
        self._clock = clock
        self._last: dict[str, float] = {}

    def allow(self, action: str) -> bool:
        now = self._clock()
        last = self._last.get(action)
        if last is not None and now - last < self.window:
            return False
        self._last[action] = now
        return True


class ShownRevisions:
    """Which revision of each game a tab's player was looking at when tapping.

    The server cannot see the client's screen; it knows when it sent each screen. A tap is
    judged against the last revision sent at least ``delay`` seconds before it, or the tab's
    own last change (its player saw that one coming). ``Session.execute`` then tells two
    devices' identical taps on one revision apart.
    """

    def __init__(self, delay: float = SEEN_AFTER_SECONDS, clock: Callable[[], float] = time.monotonic,
                 keep: int = 8) -> None:
        self.delay = delay
        self._clock = clock
        self._keep = keep
        self._sent: dict[str, deque[tuple[float, int]]] = {}

    def sent(self, game_id: str, rev: int) -> None:
        """The tab was just sent a screen showing revision ``rev``."""
        self._record(game_id, self._clock(), rev)

    def own_change(self, game_id: str, rev: int) -> None:
        """The tab itself made the change that led to ``rev``: seen at once."""
        self._record(game_id, float("-inf"), rev)

    def _record(self, game_id: str, when: float, rev: int) -> None:
        self._sent.setdefault(game_id, deque(maxlen=self._keep)).append((when, rev))

    def seen(self, game_id: str, drawn_before: float | None = None) -> int | None:
        """The revision the player was looking at now; None if the tab never showed this game.

        ``drawn_before``: the tap was made on a control that a patch sent at that moment took off the page
        (``flet_events``), so the player's screen was drawn before it - by the build before the one that sent that
        patch (a build notes its revision as it starts): that revision, when older than the usual guess."""
        sent = self._sent.get(game_id)
        if not sent:
            return None
        cutoff = self._clock() - self.delay
        seen = sent[0][1]
        for when, rev in sent:
            if when <= cutoff:
                seen = rev
        if drawn_before is not None:
            seen = min(seen, self._shown_before(sent, drawn_before))
        return seen

    @staticmethod
    def _shown_before(sent: deque[tuple[float, int]], moment: float) -> int:
        """The revision of the last screen sent before the build that sent a patch at ``moment`` (the oldest kept if
        none is older; the tab's own changes, seen at once, count)."""
        earlier = [(when, rev) for when, rev in sent if when < moment]
        builds = [index for index, (when, _) in enumerate(earlier) if when != float("-inf")]
        if builds and len(earlier) > 1:
            del earlier[builds[-1]]
        return earlier[-1][1] if earlier else sent[0][1]


# -- formatting ---------------------------------------------------------------------
def signed(value: int) -> str:
    """``+3`` / ``-2`` / ``0``: score changes read at a glance."""
    return f"{value:+d}" if value else "0"


def last_played(stamp: str, now: datetime | None = None) -> str:
    """A short "when" for the resume list: minutes and hours while fresh, then the date."""
    try:
        when = datetime.fromisoformat(stamp)
    except ValueError:
        return stamp
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    now = now or datetime.now(UTC)
    seconds = (now - when).total_seconds()
    from companion.ui.i18n import tr, trf

    if seconds < 60:
        return tr("just now")
    if seconds < 3600:
        return trf("{minutes} min ago", minutes=int(seconds // 60))
    if seconds < 86400:
        return trf("{hours} h ago", hours=int(seconds // 3600))
    if seconds < 2 * 86400:
        return tr("yesterday")
    return when.astimezone().strftime("%Y-%m-%d")


def round_label(round_no: int, rounds: int) -> str:
    from companion.ui.i18n import trf

    return trf("Round {round} of {rounds}", round=round_no, rounds=rounds)


def parse_total(text: str) -> int:
    """The typed total as a whole number; the core decides whether the number is allowed."""
    cleaned = text.strip().replace(" ", "")
    try:
        return int(cleaned)
    except ValueError:
        raise GameError(f"Type a whole number, not {text.strip()!r}.") from None


def player_range(low: int, high: int) -> str:
    from companion.ui.i18n import trf, trn

    if low == high:
        return trn("{n} player", "{n} players", low)
    return trf("{low}-{high} players", low=low, high=high)
