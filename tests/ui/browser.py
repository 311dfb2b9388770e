"""Driving the real app in Debian's chromium: start the server, open tabs, find controls by label.

Flutter paints to a canvas; its accessibility tree appears once the semantics placeholder
is clicked, and then every control is a DOM node with a role, an ``aria-label`` and, where
the app sets one, a ``flt-semantics-identifier``. The helpers here use exactly what a
screen reader uses, so a missing label fails a test.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from playwright.sync_api import Browser, ConsoleMessage, Locator, Page, Request, expect
from playwright.sync_api import Error as PlaywrightError

from companion.ui.models import DEBOUNCE_SECONDS, SEEN_AFTER_SECONDS

T = TypeVar("T")

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run", "--disable-sync"]
PHONE = {"width": 360, "height": 780}
#: A mid-range Android phone's Chrome, as Lighthouse's mobile emulation says it: Flutter, and so Flet's
#: ``page.platform``, read Android from it (navigator.platform stays Linux), so the app draws a phone's buttons.
ANDROID_UA = ("Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) "
              "Chrome/131.0.0.0 Mobile Safari/537.36")
#: Chromium's own user agent (Linux): a computer's browser, where the app draws Material's buttons (``new_tab``).
COMPUTER_UA: str | None = None
TABLET = {"width": 800, "height": 1280}
ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "test-artifacts" / "screenshots"
URL_LINE = re.compile(r"March of the Ants[^:]*: (http://[^\s!\]]+)")  # any language; in qps the line ends "!]"
TIMEOUT_MS = 20_000
#: How long a control is waited for where it would be before the screen is searched for it: the app's list builds only
#: the parts near the view (``companion.ui.scroll.CACHE_EXTENT``), so a part far down is not in the tree until the
#: list is scrolled to it, as a player's finger or a screen reader's swipe would.
NEAR_MS = 1_500
BLANK_PNG_BYTES = 12_000
#: Two animation frames; a tab in the background gets none, so a tenth of a second at most.
_NEXT_FRAMES = ("() => new Promise(ok => { requestAnimationFrame(() => requestAnimationFrame(() => ok()));"
                " setTimeout(ok, 100); })")
#: The text in Flutter's own editing element, when it has the focus: once a field is focused Flutter often types into
#: an unnamed ``<input>`` of its ``flt-text-editing-host``, and the field's named node keeps an empty value. Read by
#: ``Ui._holds`` (reading the named node alone, every such typing was taken as lost and typed twice more, each try
#: waiting out ``_WAIT_FOCUS``: 24 tries for 10 typings in ``test_rules_screen.py``).
_EDITING_VALUE = ("() => { const e = document.activeElement;"
                  " return e && e.closest('flt-text-editing-host') ? (e.value || '') : ''; }")
#: Wait (3 s at most) until the keys will reach the field ``e`` just clicked; says where the focus went: "field" (its
#: named node), "editing" (Flutter's editing element lying over the field: Flutter types there, and a page handed on
#: keeps the one an autofocused field was given, whose named node then never gets the focus) or "" (neither: run
#: out). An editing element over another field is not enough: that is the field focused before, which may keep the
#: focus a while after the click on a loaded machine, and keys sent then would go to it.
_WAIT_FOCUS = """e => new Promise(ok => { const t = Date.now(); (function w() {
    const a = document.activeElement;
    if (a === e) return ok('field');
    if (a && a.closest('flt-text-editing-host')) {
        const f = e.getBoundingClientRect(), r = a.getBoundingClientRect();
        const x = r.x + r.width / 2, y = r.y + r.height / 2;
        if (r.width > 0 && x >= f.left && x <= f.right && y >= f.top && y <= f.bottom) return ok('editing');
    }
    if (Date.now() - t > 3000) ok(''); else setTimeout(w, 30); })(); })"""


#: How long the app is given to do what a test checks it did not do (``Ui.nothing_more``).
ANSWER_MS = 600
#: How often a condition is looked at again: the browser tests' one pause (``poll``, ``Ui.until``).
POLL_MS = 50
#: A page has settled once nothing identified on it moved or changed its text for this long (``Ui.settled``).
QUIET_MS = 150
QUIET_FRAMES = 4
#: Looks in a row (``POLL_MS`` apart, ~0.5-1 s with the looks' own time) at which a place must hold
#: (``Ui.until_held``): longer than a jump's pause between its two scrolls (``companion.ui.scroll.JUMP_PAUSES``).
HELD_LOOKS = 10
_SETTLED = """([quietMs, timeoutMs]) => new Promise(ok => {
    const look = () => Array.from(document.querySelectorAll('[flt-semantics-identifier]'), e => {
        const r = e.getBoundingClientRect();
        return [e.getAttribute('flt-semantics-identifier'), r.x, r.y, r.width, r.height,
                e.getAttribute('aria-label') || e.textContent].join();
    }).join('|');
    const start = performance.now();
    let last = look(), since = start, frames = 0, done = false;
    // Quiet for quietMs and for QUIET_FRAMES frames drawn meanwhile: on a loaded machine a frame takes longer than
    // the quiet time, and a scroll still running would otherwise pass for one over. A tab in the background gets no
    // frames (so only the time counts there), hence a timer to look with, not requestAnimationFrame.
    (function count() { if (!done) { frames += 1; requestAnimationFrame(count); } })();
    (function frame() {
        const now = performance.now(), seen = look();
        if (seen !== last) { last = seen; since = now; frames = 0; }
        const still = now - since >= quietMs && (frames >= QUIET_FRAMES || document.visibilityState !== 'visible');
        if (still || now - start >= timeoutMs) { done = true; ok(still); }
        else setTimeout(frame, 16);
    })();
})""".replace("QUIET_FRAMES", str(QUIET_FRAMES))

#: Where the texts and controls on screen are drawn: a wheel turn that leaves it as it was found the scrolling view at
#: its end (``qps_walk.Walker.read`` stops there rather than turning the wheel on for nothing).
SCROLL_AT = """() => Array.from(document.querySelectorAll('[flt-semantics-identifier], flt-semantics > span'),
    e => (e.getAttribute('flt-semantics-identifier') || e.textContent) + Math.round(e.getBoundingClientRect().top))
    .join('|')"""

#: How many frames running a control's box must stay put, with the point at its middle hitting it, before a tap.
STEADY_FRAMES = 3
#: Where a tap should land, once it can: the middle of the control's box once that box has stayed put for
#: ``STEADY_FRAMES`` frames with ``elementFromPoint`` there finding the control (not a dialog's fading barrier, not
#: a neighbour a redraw moved over it). Then it aims the next click at the control (``_AIM``). A tab in the
#: background gets no frames: a tenth of a second stands for one there.
_STEADY_POINT = """([e, frames, timeoutMs]) => new Promise(ok => {
    const start = performance.now();
    let last = '', still = 0;
    const next = f => { let done = false; const go = () => { if (!done) { done = true; f(); } };
                        requestAnimationFrame(go); setTimeout(go, 100); };
    (function look() {
        if (!e.isConnected) return ok(null);
        const r = e.getBoundingClientRect(), x = r.x + r.width / 2, y = r.y + r.height / 2;
        if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return ok({outside: true});
        const hit = document.elementFromPoint(x, y), box = [r.x, r.y, r.width, r.height].join();
        const mine = !!hit && (hit === e || e.contains(hit));
        still = box === last && mine ? still + 1 : 0;
        last = box;
        if (still >= frames) { AIM(e); return ok({x, y, aimed: true}); }
        const said = hit && (hit.closest('[flt-semantics-identifier]')?.getAttribute('flt-semantics-identifier')
                             || hit.tagName);
        if (performance.now() - start > timeoutMs) return ok({x, y, aimed: false, hit: mine ? 'itself' : said});
        next(look);
    })();
})"""
#: The page's side of an aimed click, set up once per page in the capture phase (before Flutter hears anything):
#: the pointerdown decides whether the click reached the control aimed at; a click that did not (a redraw moved
#: the control between the measure and the click) is kept from the page whole, down, up and click, so nothing is
#: acted on, and is said in ``window.__tapAim.missed`` (the identified node it would have hit).
_AIM = """(e => {
    if (!window.__tapAim) {
        const guard = ev => {
            const aim = window.__tapAim;
            if (!aim.el) return;
            if (ev.type === 'pointerdown') {
                aim.pass = ev.target === aim.el || aim.el.contains(ev.target);
                const near = ev.target.closest && ev.target.closest('[flt-semantics-identifier]');
                const said = near && near.getAttribute('flt-semantics-identifier');
                if (!aim.pass) aim.missed = said || ev.target.tagName;
            }
            if (aim.pass === false) { ev.preventDefault(); ev.stopImmediatePropagation(); }
        };
        for (const type of ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click'])
            window.addEventListener(type, guard, true);
    }
    window.__tapAim = {el: e, pass: null, missed: null};
})"""
_STEADY_POINT = _STEADY_POINT.replace("AIM(e)", f"{_AIM}(e)")
#: After the click: what it missed (nothing when it reached the control), and the aim taken down.
#: ``Ui.go``: mark the screens shown now, then change the route the way a link inside the app does.
_GO = """path => {
    for (const s of document.querySelectorAll("[flt-semantics-identifier^='screen-']")) s.__left = true;
    history.pushState(null, '', path);
    dispatchEvent(new PopStateEvent('popstate', {state: null}));
}"""
#: ``Ui.go``'s wait: a screen of that name that was not on the page before the route changed.
_NEW_SCREEN = """id => Array.from(document.querySelectorAll(`[flt-semantics-identifier="${id}"]`))
    .some(s => !s.__left)"""
_MISSED = "() => { const aim = window.__tapAim || {}; window.__tapAim = {el: null}; return aim.missed || null; }"


class TapMissed(Exception):
    """A redraw moved the control between its steady point being found and the click: the click was kept from the
    page (nothing acted on it) and the tap is made again where the control is now."""


def poll(condition: Callable[[], object], what: str, seconds: float = TIMEOUT_MS / 1000) -> None:
    """Return once ``condition()`` holds (a file written, a server's answer), else fail naming ``what``: waiting on
    the condition itself, never on a guess of how long it takes."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"never came true: {what}")
        time.sleep(POLL_MS / 1000)


def nothing_more(ms: float = ANSWER_MS) -> None:
    """A check that something did not happen (a second tap not counted, a sound not played, a view-only device's
    tap not saved) has no condition to wait on: give the app ``ms`` to do it. With ``Ui.nothing_more`` the browser
    tests' one fixed wait, used only before such a check (``tests/core/test_no_fixed_waits.py`` allows it here only)."""
    time.sleep(ms / 1000)


def past_seen_window() -> None:
    """A tap that reaches the server within ``SEEN_AFTER_SECONDS`` of its tab being sent a new screen is judged
    against the screen before (``companion.ui.models``): wait out that window, twice over for a loaded machine, so
    two devices' taps are judged against the screen both now show. A rule of the app's clock, not a guess."""
    time.sleep(2 * SEEN_AFTER_SECONDS)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Server:
    url: str
    db: Path
    process: subprocess.Popen[str]
    output: list[str]


def _read_url(proc: subprocess.Popen[str], output: list[str], deadline: float) -> str:
    assert proc.stdout is not None
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            if proc.poll() is not None:
                break
            continue
        output.append(line)
        if match := URL_LINE.search(line):
            return match.group(1)
    raise RuntimeError(f"the app did not start; it printed:\n{''.join(output)}")


def _drain(proc: subprocess.Popen[str], output: list[str]) -> None:
    assert proc.stdout is not None
    for line in proc.stdout:
        output.append(line)


def wait_http(url: str, deadline: float) -> None:
    import urllib.request

    def answers() -> bool:
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                return bool(response.status == 200)
        except OSError:
            return False

    try:
        poll(answers, f"{url} answers", max(deadline - time.monotonic(), 0))
    except AssertionError:
        raise RuntimeError(f"{url} did not answer") from None


def stop(proc: subprocess.Popen[str]) -> None:
    """Stop the server and everything it started (its own process group)."""
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)
    if proc.stdout:
        proc.stdout.close()


@contextmanager
def run_server(db: Path, command: list[str] | None = None, cwd: Path = ROOT) -> Iterator[Server]:
    cmd = command or [sys.executable, "-m", "companion"]
    port = free_port()
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    env.pop("COMPANION_DB", None)
    proc = subprocess.Popen([*cmd, "--no-browser", "--port", str(port), "--db", str(db)], cwd=cwd, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True)
    output: list[str] = []
    served = 0
    try:
        deadline = time.monotonic() + 60
        url = _read_url(proc, output, deadline)
        # Keep reading, or a chatty server would block on a full pipe.
        threading.Thread(target=_drain, args=(proc, output), daemon=True).start()
        wait_http(url, deadline)
        yield Server(url, db, proc, output)
    finally:
        served = len(output)  # what it said while serving; stopping cancels the connections still open
        stop(proc)
    stale = [line for line in output if "StaleDrawing" in line]
    assert not stale, f"a panel was left stale (companion.ui.kept): {stale}"
    # A tab's connection that ended in a traceback (Flet's, a frame sent to a tab that had gone) left its session
    # connected for good (companion.ui.launch.LeftTabs): every later tab's change redrew it too.
    crashed = sum("Exception in ASGI application" in line for line in output[:served])
    assert not crashed, f"{crashed} connection(s) ended in a traceback; the server said:\n{''.join(output)[-4000:]}"


def launch_chromium(playwright: object) -> Browser:
    browser: Browser = playwright.chromium.launch(  # type: ignore[attr-defined]
        executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    return browser


class Ui:
    """One tab of the app, addressed through its accessibility tree."""

    def __init__(self, page: Page, base_url: str, kept: list[Page] | None = None) -> None:
        self.page = page
        self.base_url = base_url.rstrip("/")
        self.external_requests: list[str] = []
        self._last_tap = 0.0
        self._kept = kept  # where its page waits for the next test once this tab is closed (``new_tab``)
        self._scripted = False  # an init script added: the page is not handed on (``add_init_script``)
        self._closed = False
        self.focus_run_out = 0  # typings whose field the focus never reached in 3 s (``_WAIT_FOCUS``)
        # Listened to, not routed: Playwright's routing turns the HTTP cache off. A request elsewhere fails the test
        # at the tab's close whether or not it was answered (this machine has no internet anyway).
        page.on("request", self._heard)
        self.said: list[str] = []  # the page's console, last lines: said when its canvas never paints (``shot``)
        page.on("console", self._console)

    def _console(self, message: ConsoleMessage) -> None:
        self.said = [*self.said[-19:], f"{message.type}: {message.text}"]

    def _heard(self, request: Request) -> None:
        if _origin(request.url) not in (None, _origin(self.base_url)):
            self.external_requests.append(request.url)

    def add_init_script(self, script: str) -> None:
        """``Page.add_init_script`` for this tab alone: its page is closed with it, not handed to another test."""
        self._scripted = True
        self.page.add_init_script(script)

    def close(self) -> None:
        """Close the tab, then fail if it asked anything of another host. Its page is handed to the next test of its
        locale (``new_tab``) once blank and cleared (``_blank``); one that cannot be (crashed, or given an init
        script) is closed with its context. Closing it again does nothing."""
        if self._closed:
            return
        self._closed = True
        self.page.remove_listener("request", self._heard)
        try:
            kept = self._kept is not None and not self._scripted and self._blank()
        except PlaywrightError:
            kept = False
        if kept and self._kept is not None:
            self._kept.append(self.page)
        else:
            self.page.context.close()
        assert not self.external_requests, f"the app asked for things off this machine: {self.external_requests}"

    def _blank(self) -> bool:
        """Leave the app (its session ends as a closed tab's does) for a blank page, the site's storage cleared: the
        session storage, where Flet keeps the session id a reload resumes, and all the site keeps for good (local
        storage, cookies, IndexedDB...) for each origin the tab was on. The blank page is opened from the page
        itself: one the browser opened could take a new renderer process, without the compiled client."""
        if self.page.is_closed():
            return False
        origins = {o for o in (_origin(self.base_url), _origin(self.page.url)) if o}
        if _origin(self.page.url):
            self.page.evaluate("() => sessionStorage.clear()")
        session = self.page.context.new_cdp_session(self.page)
        for origin in origins:
            session.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": CLEARED})
        session.detach()
        self.page.evaluate("() => location.replace('about:blank')")
        self.page.wait_for_url("about:blank")
        return True

    # waiting
    def until(self, condition: Callable[[], object], what: str, timeout_ms: float = TIMEOUT_MS) -> None:
        """Return once ``condition()`` holds (looked at every ``POLL_MS`` while the page keeps running: the page's
        own events are served between looks), else fail naming ``what`` and what is on screen."""
        deadline = time.monotonic() + timeout_ms / 1000
        while not condition():
            if time.monotonic() > deadline:
                raise AssertionError(f"never came true: {what}; on screen: {self.visible_ids()}")
            self.page.wait_for_timeout(POLL_MS)
        self._last_tap = max(self._last_tap, time.monotonic())  # a tap's answer seen: the app had it by now

    def until_held(self, look: Callable[[], T | None], what: str, looks: int = HELD_LOOKS) -> T:
        """``look()``'s last value once it was not None at ``looks`` looks in a row (``POLL_MS`` apart), else fail
        naming ``what``: a check that a place holds, which one look could catch in a moment the page rebuilds its
        nodes (a list narrowed again after a jump), with the place the same before and after it."""
        streak: list[T] = []

        def steady() -> bool:
            value = look()
            if value is None:
                streak.clear()
                return False
            streak.append(value)
            return len(streak) >= looks

        self.until(steady, what)
        return streak[-1]

    def settled(self, quiet_ms: float = QUIET_MS) -> None:
        """Wait until the screen has stopped changing: no identified node moved, resized or changed its words for
        ``quiet_ms`` (a scroll's animation over, the update drawn, the accessibility tree caught up)."""
        self.page.evaluate(_SETTLED, [quiet_ms, TIMEOUT_MS])

    def next_frames(self) -> None:
        """Wait for the browser's next two animation frames: what the page does on the frame after an input (a wheel
        step handed to Flutter, its editing engine attached after a focus) has been done."""
        self.page.evaluate(_NEXT_FRAMES)

    def nothing_more(self, ms: float = ANSWER_MS) -> None:
        """``nothing_more`` for this tab: the page keeps running (its events served) while the app is given time."""
        self.page.wait_for_timeout(ms)

    def past_tap_window(self) -> None:
        """The app ignores a second tap on one action within ``DEBOUNCE_SECONDS`` (``companion.ui.models``), timed
        when the server handles it: wait out what is left of that window since this tab's last tap or the last answer
        it saw (the server had the tap by then, on a loaded machine well after the click), and no more."""
        left = self._last_tap + DEBOUNCE_SECONDS + 0.05 - time.monotonic()
        if left > 0:
            self.page.wait_for_timeout(left * 1000)

    # navigation
    def open(self, path: str = "/", screen: str = "home") -> Ui:
        self.page.goto(self.base_url + path, wait_until="commit")
        self.enable_semantics()
        self.wait_screen(screen)
        return self

    def go(self, path: str, screen: str) -> Ui:
        """Send the tab to another route of the app it shows, inside the page, as the app's own links do (a history
        entry pushed, then ``popstate``, which Flutter hands to the app as a route change): the page, its client and
        its Flet session stay, and the screen it leaves may be kept beneath (``RouteMaster.show_route``). About a
        third of the CPU of ``open`` (a page load, a new session: measured in git, a0bd974:docs/developing.md, "The
        test suite's time"), so a test that only needs another screen goes; one that checks a fresh start or a new
        session opens.

        The screen is waited for as a node that was not there before the change: a route to a screen of the same
        name (one game to another, the rules to a topic) would otherwise pass on the screen it left. A tab with no
        app loaded yet is opened there; one already there stays as it is."""
        if _origin(self.page.url) != _origin(self.base_url):
            return self.open(path, screen)
        if self.page.url == self.base_url + path:
            self.wait_screen(screen)
            return self
        self.page.evaluate(_GO, path)
        self.page.wait_for_function(_NEW_SCREEN, arg=f"screen-{screen}", timeout=TIMEOUT_MS)
        return self

    def enable_semantics(self) -> None:
        placeholder = self.page.locator("flt-semantics-placeholder")
        placeholder.wait_for(state="attached", timeout=TIMEOUT_MS)
        # At the placeholder's middle: a phone's Flutter (an Android user agent) takes only a click there, as a
        # finger's; a computer's takes any click.
        middle = placeholder.evaluate("e => { const r = e.getBoundingClientRect();"
                                      " return {clientX: r.left + r.width / 2, clientY: r.top + r.height / 2}; }")
        placeholder.dispatch_event("click", middle)

    def reload(self, screen: str) -> None:
        self.page.reload(wait_until="commit")
        self.enable_semantics()
        self.wait_screen(screen)

    def wait_screen(self, name: str) -> None:
        self.by_id(f"screen-{name}").wait_for(state="attached", timeout=TIMEOUT_MS)

    # finding
    def by_id(self, identifier: str) -> Locator:
        return self.page.locator(f'[flt-semantics-identifier="{identifier}"]').first

    def visible_ids(self) -> list[str]:
        """Every identified node in the tree (for failure messages)."""
        nodes = self.page.locator("[flt-semantics-identifier]")
        return [str(n) for n in nodes.evaluate_all("els => els.map(e => e.getAttribute('flt-semantics-identifier'))")]

    def exists(self, identifier: str) -> bool:
        return self.page.locator(f'[flt-semantics-identifier="{identifier}"]').count() > 0

    def box(self, identifier: str) -> dict[str, float] | None:
        """Where the control is drawn now, or None when it is not in the tree: the list builds only the parts near
        the view, so a part may be let go between the look and its box (that is not waited on)."""
        try:
            return self.by_id(identifier).bounding_box(timeout=1000) if self.exists(identifier) else None
        except PlaywrightError:
            return None

    def find(self, identifier: str, timeout_ms: float = TIMEOUT_MS) -> Locator:
        """The control's node, once it is in the tree: looked for where it would be a moment (``NEAR_MS``), then
        searched for down the screen and up again (a part far from the view is not built), until ``timeout_ms``
        (it may still be on its way from the server)."""
        node = self.by_id(identifier)
        deadline = time.monotonic() + timeout_ms / 1000
        while True:
            left_ms = (deadline - time.monotonic()) * 1000
            try:
                node.wait_for(state="attached", timeout=max(1.0, min(NEAR_MS, left_ms)))
                return node
            except PlaywrightError:
                if left_ms <= NEAR_MS:
                    raise AssertionError(f"{identifier} never came; in the tree: {self.visible_ids()}") from None
            if self._seek(identifier):
                return node

    def _seek(self, identifier: str) -> bool:
        """Wheel down the screen a window at a time until the control is in the tree or the list stops moving, then
        up the same way; whether it was found. Dialogs and bars are not in the list: nothing moves for them."""
        return self._seek_until(lambda: self.exists(identifier))

    def _seek_until(self, found: Callable[[], bool]) -> bool:
        """``_seek`` for what ``found`` says is there (a field found by its label)."""
        # a window and most of what is built beyond it (``CACHE_EXTENT``) a turn: nothing is stepped over unbuilt
        size = self.page.viewport_size or PHONE
        return any(self._wheel_to_end(direction * (size["height"] + 1000), found) for direction in (1, -1))

    def through(self) -> tuple[str, set[str]]:
        """Every text and control identifier of the screen, top to bottom: the list scrolled a window at a time from
        its top to its end (it builds only the parts near the view), what its tree holds gathered at each stop. For
        what a whole screen shows, and for what must be nowhere on it (``nowhere``)."""
        texts: list[str] = []
        ids: set[str] = set()

        def gather() -> bool:
            texts.append(str(self.page.locator("flt-semantics-host").inner_text()))
            ids.update(self.visible_ids())
            return False  # on to the end

        size = self.page.viewport_size or PHONE
        self._wheel_to_end(-4 * size["height"])
        self._wheel_to_end(size["height"], gather)  # gathered before each turn, and once more at the end
        self._wheel_to_end(-4 * size["height"])  # left at its top, where a screen opens
        return "\n".join(texts), ids

    def _wheel_to_end(self, pixels: float, stop: Callable[[], bool] = lambda: False) -> bool:
        """Turn the wheel ``pixels`` at a time (up if negative) until the list stops moving, or until ``stop`` (asked
        before each turn and once at the end) says so; what ``stop`` last said."""
        size = self.page.viewport_size or PHONE
        self.page.mouse.move(size["width"] / 2, size["height"] / 2)
        for _ in range(60):
            if stop():
                return True
            before = self._scroll_marker()
            self.page.mouse.wheel(0, pixels)
            self.settled()
            if self._scroll_marker() == before:
                break
        return stop()

    def nowhere(self, identifier: str) -> bool:
        """Whether the control is on no part of the screen, looked for from its top to its end (``through``)."""
        return identifier not in self.through()[1]

    def label(self, identifier: str) -> str:
        """What a screen reader says for the control: its aria-label, else its text."""
        node = self.find(identifier)
        return " ".join((node.get_attribute("aria-label") or node.inner_text()).split())

    def _label_now(self, identifier: str) -> str | None:
        nodes = self.page.locator(f'[flt-semantics-identifier="{identifier}"]')
        if nodes.count() == 0:
            return None
        node = nodes.first
        return " ".join((node.get_attribute("aria-label", timeout=1000) or node.inner_text(timeout=1000)).split())

    def text(self, identifier: str) -> str:
        return self.find(identifier).inner_text()

    # acting
    def show(self, identifier: str) -> None:
        """Scroll the app with the mouse wheel until the control is on screen.

        Scrolling the semantics DOM (``scroll_into_view_if_needed``) moves the nodes but not
        Flutter's canvas, so a click would land on whatever is painted there; the wheel
        scrolls Flutter itself. Off-screen nodes may be missing from the tree: search down
        first, then up.
        """
        if not self.exists(identifier):
            self._seek(identifier)  # far from the view: not built, so first brought into the tree
        size = self.page.viewport_size or PHONE
        self.page.mouse.move(size["width"] / 2, size["height"] / 2)
        direction = 1
        for _ in range(40):
            nodes = self.page.locator(f'[flt-semantics-identifier="{identifier}"]')
            box = nodes.first.bounding_box() if nodes.count() else None
            if box is not None and self._box_on_screen(box):
                self._show_across(identifier, box)
                return
            if box is not None:
                delta = box["y"] + box["height"] / 2 - size["height"] / 2
            else:
                delta = direction * size["height"] / 2
            before = self._scroll_marker()
            self.page.mouse.wheel(0, delta)
            self.settled()
            if self._scroll_marker() == before:
                if box is not None and self._in_view(box):
                    return  # the list's end: it sits low, but on a screen with no bottom bar there to cover it
                if box is None:
                    direction = -direction  # reached the end without finding it: look the other way
        raise AssertionError(f"{identifier} never came on screen; on screen: {self.visible_ids()}")

    def _show_across(self, identifier: str, box: dict[str, float]) -> None:
        """A control in a row that scrolls sideways (the jump bar): wheel it across until it is in view."""
        size = self.page.viewport_size or PHONE
        for _ in range(20):
            if box["x"] >= 0 and box["x"] + box["width"] <= size["width"]:
                return
            self.page.mouse.move(size["width"] / 2, box["y"] + box["height"] / 2)
            self.page.mouse.wheel(box["x"] + box["width"] / 2 - size["width"] / 2, 0)
            self.settled()
            found = self.by_id(identifier).bounding_box()
            if found is None:
                return
            box = found
        size_note = f"{identifier} stayed beside the screen: {box}"
        raise AssertionError(size_note)

    def _wheel_to(self, node: Locator) -> None:
        size = self.page.viewport_size or PHONE
        self.page.mouse.move(size["width"] / 2, size["height"] / 2)
        for _ in range(20):
            box = node.bounding_box()
            if box is None or self._box_on_screen(box):
                return
            self.page.mouse.wheel(0, box["y"] + box["height"] / 2 - size["height"] / 2)
            self.settled()

    def _scroll_marker(self) -> object:
        """Where every text and control is drawn (``SCROLL_AT``): changed by a scroll. Looked at in one step in the
        page (a count, then a wait on the node, raced a dialog opening: the wait took 20 s to fail). Until
        2026-12-06 it read the first words of the first node named ``screen-...``, which was the app bar's title:
        every wheel looked as if it had reached the list's end."""
        return self.page.evaluate(SCROLL_AT)

    def _in_view(self, box: dict[str, float]) -> bool:
        """Inside the window, below the app bar, and not under a bottom bar (this screen has none)."""
        size = self.page.viewport_size or PHONE
        bottom_bar = self.page.locator("[flt-semantics-identifier='undo']").count() > 0
        return box["y"] >= 64 and box["y"] + box["height"] <= size["height"] - (84 if bottom_bar else 4)

    def _box_on_screen(self, box: dict[str, float]) -> bool:
        size = self.page.viewport_size or PHONE
        # Below the app bar (60 px) and above the bottom bar (76 px), with a little margin.
        return box["y"] >= 64 and box["y"] + box["height"] <= size["height"] - 84

    def tap(self, identifier: str) -> None:
        self._retry(lambda: self._tap_once(identifier))

    def _tap_once(self, identifier: str) -> None:
        node = self.find(identifier)
        if not self._fixed(node):
            self.show(identifier)
            node = self.by_id(identifier)
        self.tap_steady(node, identifier)

    def tap_steady(self, node: Locator, identifier: str) -> None:
        """Click the control where it is drawn once it has stopped moving and is what the point hits
        (``_STEADY_POINT``), the click aimed at it (``_AIM``). On a loaded machine a redraw (the server's answer to
        the last tap, a dialog fading out) can still move it between the measure and the click: that click is kept
        from the page and made again (``TapMissed``, through ``_retry``), never landing on whatever took the
        control's place. A control whose middle stays covered or moving (for ``TIMEOUT_MS / 2``) is clicked once
        by Playwright on its node, as before, and said on stderr; one beyond the window is left to Playwright's
        click too (it scrolls the page's nodes)."""
        handle = node.element_handle(timeout=TIMEOUT_MS)
        point = self.page.evaluate(_STEADY_POINT, [handle, STEADY_FRAMES, TIMEOUT_MS / 2]) if handle else None
        if not point:
            raise TapMissed(f"{identifier} was drawn again before the tap (not attached)")
        if point.get("outside"):  # beyond the window (a dialog's button below its fold): Playwright's own click
            node.click()
            self._last_tap = time.monotonic()
            return
        if not point["aimed"]:  # said in the test's output (shown if it fails), the click made as before
            print(f"tap: {identifier} never stood still under the pointer (its middle hit {point['hit']}); "
                  "clicked by Playwright once", file=sys.stderr)
            node.click()  # on the control's node (a chip in a row scrolled sideways is not hit at its middle)
            self._last_tap = time.monotonic()
            return
        self.page.mouse.click(point["x"], point["y"])
        self._last_tap = time.monotonic()
        missed = self.page.evaluate(_MISSED)
        if missed:
            raise TapMissed(f"the tap on {identifier} would have hit {missed}: a redraw moved it under the click")

    def _fixed(self, node: Locator) -> bool:
        """App bars, bottom bars and dialogs do not scroll: click them where they are."""
        return bool(node.evaluate(
            "e => !e.closest(\"[flt-semantics-identifier^='screen-']\")"))

    def _retry(self, action: Callable[[], None]) -> None:
        """Run ``action`` again if the screen re-rendered between finding a node and using it (a node no longer
        attached, or a tap a redraw moved the control away from: ``TapMissed``)."""
        for attempt in range(4):
            try:
                action()
                return
            except (PlaywrightError, TapMissed) as exc:
                if ("not attached" not in str(exc) and not isinstance(exc, TapMissed)) or attempt == 3:
                    raise
                if isinstance(exc, TapMissed):  # said in the test's output: how often a redraw moved a control
                    print(f"tap: {exc}; made again", file=sys.stderr)
                self.settled()

    def type_into(self, label: str, text: str, *, clear: bool = True, paste: bool = False) -> None:
        """Type into the text field named ``label`` (keystrokes reach the server; fill() does not); with ``paste``,
        the text arrives as one input, as a paste does (the phone build's rules questions: typed a key at a time,
        each key was a search in the page's Python).

        On a loaded machine Flutter's editing focus can arrive after the keystrokes, which then go nowhere: a
        field that was cleared first is typed into again (twice at most) until it holds the text."""
        for _ in range(3 if clear else 1):
            self._retry(lambda: self._type_once(label, text, clear, paste))
            if not clear or self._holds(label, text):
                return

    def field_text(self, label: str) -> str:
        """What the text field named ``label`` holds. On a computer its labelled node is Flutter's editing element;
        a phone's Flutter types into an editing element of its own beside the labelled node, which stays empty."""
        return self.page.get_by_role("textbox", name=label, exact=True).first.input_value() or \
            str(self.page.evaluate(_EDITING_VALUE))

    def _holds(self, label: str, text: str) -> bool:
        """Whether the field named ``label`` shows ``text`` within a second; a field no longer found by that name
        (renamed by its hint, or gone with the step it was on) is taken as holding it."""

        def shows() -> bool:
            box = self.page.get_by_role("textbox", name=label, exact=True)
            try:
                return (box.count() == 0 or text in box.first.input_value(timeout=500)
                        or text in self.page.evaluate(_EDITING_VALUE))
            except PlaywrightError:  # re-rendered under our feet: look again
                return False

        try:
            self.until(shows, f"{label} shows {text!r}", timeout_ms=1000)
        except AssertionError:
            return False
        return True

    def _type_once(self, label: str, text: str, clear: bool, paste: bool = False) -> None:
        box = self.page.get_by_role("textbox", name=label, exact=True)
        try:
            box.wait_for(timeout=NEAR_MS)
        except PlaywrightError:  # far from the view (not built): looked for, then waited for as long as a control
            self._seek_until(lambda: box.count() > 0)
            box.wait_for(timeout=TIMEOUT_MS)
        if not self._fixed(box):
            self._wheel_to(box)
        # The element itself: once focused, a field's name may grow by its hint ("Player 1 name Red").
        field = box.element_handle()
        field.click()
        if not field.evaluate(_WAIT_FOCUS):  # Flutter moves its editing focus a moment after the click
            self.focus_run_out += 1
        self.next_frames()  # and attaches its editing engine on a frame after that
        if clear:
            field.press("Control+a")
            field.press("Backspace")
        if paste:
            self.page.keyboard.insert_text(text)
        else:
            field.type(text, delay=20)

    def expect_label(self, identifier: str, wanted: str | re.Pattern[str], timeout_ms: float = TIMEOUT_MS) -> None:
        """Wait until the control's label equals ``wanted`` (or the pattern is found in it)."""
        seen: list[str | None] = [None]
        self.find(identifier, timeout_ms)

        def matches() -> bool:
            try:
                seen[0] = label = self._label_now(identifier)
            except PlaywrightError:  # re-rendered under our feet: look again
                return False
            return label is not None and bool(label == wanted if isinstance(wanted, str) else wanted.search(label))

        try:
            self.until(matches, identifier, timeout_ms)
        except AssertionError:
            raise AssertionError(f"{identifier}: label {seen[0]!r} never became {wanted!r}; "
                                 f"on screen: {self.visible_ids()}") from None

    def expect_text(self, identifier: str, pattern: str | re.Pattern[str]) -> None:
        expect(self.find(identifier)).to_contain_text(pattern, timeout=TIMEOUT_MS)

    def shot(self, name: str, *, settle: bool = True) -> Path:
        """Save a screenshot once the screen has settled and the canvas has painted (a blank canvas compresses to
        almost nothing). A tab's first screen is drawn after its accessibility tree, by Flutter's drawing worker once
        it has started: 0.1-4 s later on a quiet machine, many times that at load, so the paint is given twice the
        usual wait. One that never comes fails with the page's state and console, its blank shot kept.
        ``settle=False`` for a caller that has just waited for the screen settled and done nothing since (a
        settling costs at least ``QUIET_MS``; a walk taking many shots paid it twice)."""
        SHOTS.mkdir(parents=True, exist_ok=True)
        path = SHOTS / f"{name}.png"
        if settle:
            self.settled()
        taken = [self.page.screenshot()]

        def painted() -> bool:
            if len(taken[-1]) > BLANK_PNG_BYTES:
                return True
            taken.append(self.page.screenshot())
            return False

        try:
            self.until(painted, f"the canvas paints {name}", timeout_ms=2 * TIMEOUT_MS)
        except AssertionError as unpainted:
            (SHOTS / f"{name}-unpainted.png").write_bytes(taken[-1])
            raise AssertionError(f"{unpainted}; {len(taken)} shots of {[len(t) for t in taken[-3:]]} bytes; "
                                 f"page {self._paint_state()}; its console: {self.said}") from None
        path.write_bytes(taken[-1])
        return path

    def _paint_state(self) -> object:
        """What the page says of its drawing when its canvas stays blank: hidden? which renderer? isolated?"""
        return self.page.evaluate("""() => ({visible: document.visibilityState, focus: document.hasFocus(),
            isolated: self.crossOriginIsolated, renderer: window._flutter?.buildConfig?.builds?.map(b => b.renderer),
            canvases: document.querySelectorAll('canvas').length, size: [innerWidth, innerHeight],
            url: location.href})""")


#: The tabs a worker keeps for the next test, by browser, locale and user agent: each a closed tab's page, left
#: blank, its storage cleared (``Ui.close``), in a browser context of its own (its own device: storage, cookies,
#: locale, user agent).
_IDLE: dict[tuple[int, str | None, str | None], list[Page]] = {}
#: Whether a closed tab's page is handed on: on unless ``COMPANION_TABS_HANDED_ON=0``. It was off for a while after a
#: page handed on once left its canvas blank for 20 s (``Ui.shot``, load 13). Measured since (in git,
#: a0bd974:docs/developing.md, "The test suite's time"): every first screen's canvas, on a new context's page and on
#: a page handed on alike, is drawn 0.1-4 s after its accessibility tree has settled on a quiet machine (Flutter's
#: drawing worker starting), and no page handed on failed to paint, 40 times in a row, nor in the heaviest files' runs
#: at load 30-70: it was that lag.
HAND_ON = os.environ.get("COMPANION_TABS_HANDED_ON", "1") == "1"
#: What a closed tab's origins are cleared of before its page serves the next test: everything a site can keep in the
#: browser (the HTTP cache is none of these; the page's ``sessionStorage``, Flet's session id, is cleared apart).
CLEARED = ("cookies,local_storage,indexeddb,cache_storage,service_workers,file_systems,websql,shared_storage,"
           "storage_buckets")


def _origin(url: str) -> str | None:
    """``http://127.0.0.1:8550/game/g-1`` -> ``http://127.0.0.1:8550``; None for a page that is not a site's."""
    return "/".join(url.split("/", 3)[:3]) if url.startswith(("http:", "https:")) else None


@contextmanager
def plain_page(browser: Browser, html: str) -> Iterator[Ui]:
    """A ``Ui`` on a page of the test's own HTML at a phone's size (no app): the browser helpers' own tests, which
    model what Flutter's page does to a tap or a focus."""
    context = browser.new_context(viewport={"width": 360, "height": 740})
    page = context.new_page()
    page.set_content(html)
    try:
        yield Ui(page, "about:blank")
    finally:
        context.close()


def new_tab(browser: Browser, url: str, viewport: dict[str, int] = PHONE, locale: str | None = None,
            user_agent: str | None = ANDROID_UA) -> Ui:
    """A tab that may only talk to the app's server (the app must work offline), blank until ``Ui.open``.

    It is a new page in a new browser context; with ``HAND_ON`` (on unless turned off: see there) a page an earlier
    test closed (``Ui.close``: blank, its storage cleared) when one is free. Why: a new context fetched and compiled
    Flutter's client and its renderer (MBs of wasm and JavaScript) for every tab; a page kept reuses its renderer
    process, where the compiled client is kept, and the context's HTTP cache: its first screen costs about half the
    CPU (in git, a0bd974:docs/developing.md, "The test suite's time").

    ``locale`` is the browser's language (its ``Accept-Language``), e.g. ``"es-ES"``: one per context. Two tabs
    open at once are two contexts, two devices each with its own storage, as before.

    ``user_agent`` is the browser's, one per context: an Android phone's Chrome (``ANDROID_UA``) unless a test asks
    for a computer's (``COMPUTER_UA``). Players hold phones: on one the app draws its buttons as plain boxes, and
    Flutter exposes its semantics and text fields as a phone's screen reader meets them. A computer (Material's
    buttons) is the host of a table shared with ``--share`` and one side of the tests that compare the two
    (docs/developing.md, "Phones in the browser tests").
    Every context asks for reduced motion (``prefers-reduced-motion: reduce``, a player's own accessibility
    setting, which Flutter's web engine reads): opening dialogs and changing screens then cost chromium less drawing
    in software, about a tenth of those tests' CPU (in git, a0bd974:docs/developing.md). What the tests
    check never rested on a transition being drawn; ``Ui.tap_steady`` still guards a tap against a control a redraw
    moved.
    """
    idle = _IDLE.setdefault((id(browser), locale, user_agent), []) if HAND_ON else None
    chosen = {"locale": locale, "user_agent": user_agent}
    page = idle.pop() if idle else browser.new_context(
        viewport=PHONE, reduced_motion="reduce", **{k: v for k, v in chosen.items() if v}
    ).new_page()  # type: ignore[arg-type]
    page.set_viewport_size(viewport)  # type: ignore[arg-type]
    page.set_default_timeout(TIMEOUT_MS)
    return Ui(page, url, kept=idle)
