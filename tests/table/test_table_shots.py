"""The table of phones' screens looked at: the host's Share dialog (a code, a guest listed with can play / view only
and remove), the Join screen at each step and a guest's game screen with its banner, at 360x740 and 768x1024, at the
default and the largest text size, in English and in Spanish.

Each screen is kept as a PNG (``test-artifacts/screenshots/table-*``, for a person to open and look at) and checked
for what a person would see wrong: a tap target under 48 px, a control with no label, an English text on a Spanish
screen, and at the largest text a text cut or a word broken (``test_largest_text.screen_faults``; on a guest's game
screen, which is the game screen with the table's banner at its top, its first view: ``first_view_faults``). The
host's QR code is read back from the 360 px screenshot, so the code on a phone's screen is whole and large enough to
scan. Each screen is looked at on the tablet first, then on the phone the journey goes on with: two resizes a screen.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, ViewportSize

from companion.core.i18n import gettext
from companion.store.settings import SettingsStore, settings_path
from tests.table.test_table_browser import SERVER, code_on, host_game
from tests.ui.browser import ANDROID_UA, Ui, new_tab, run_server
from tests.ui.conftest import UntilARerun
from tests.ui.test_largest_text import _TEXTS, LARGEST, faults, screen_faults, still_cut
from tests.web.qr_read import can_read, read_qr

pytestmark = pytest.mark.browser

PHONE: ViewportSize = {"width": 360, "height": 740}
TABLET: ViewportSize = {"width": 768, "height": 1024}
MIN_TARGET = 48
NAMES = {"en-GB": "Ben", "es-ES": "Bea"}
# English words that no Spanish text of these screens has: one of them on a Spanish screen is an untranslated text
# (the game's own name aside).
ENGLISH = re.compile(r"\b(the|table|phone|share|close|join|leave|connect|remove|stop|play|view|code|scan)\b", re.I)
GAME_NAME = "March of the Ants"

# Every control a finger taps (buttons, switches, fields): its box and what a screen reader says of it.
_CONTROLS = """() => [...document.querySelectorAll(
    'flt-semantics[role="button"], flt-semantics[role="switch"], flt-semantics[role="checkbox"], input, textarea')]
  .map(e => { const r = e.getBoundingClientRect();
              const label = e.getAttribute('aria-label') || e.textContent.trim()
                            || (e.labels && e.labels[0] && e.labels[0].textContent) || e.getAttribute('placeholder');
              return {id: e.getAttribute('flt-semantics-identifier') || e.closest('[flt-semantics-identifier]')
                      ?.getAttribute('flt-semantics-identifier'), label, w: r.width, h: r.height,
                      field: e.tagName === 'INPUT' || e.tagName === 'TEXTAREA',
                      on: r.bottom > 0 && r.top < innerHeight && r.width > 0}; })
  .filter(c => c.on)"""
_WORDS = """() => [...document.querySelectorAll('flt-semantics')].map(e => [
  e.getAttribute('flt-semantics-identifier') || e.closest('[flt-semantics-identifier]')
                                                 ?.getAttribute('flt-semantics-identifier') || '',
  e.getAttribute('aria-label') || [...e.childNodes].filter(n => n.nodeType === 3 || n.tagName === 'SPAN')
                                                   .map(n => n.textContent).join(' ')])"""
#: The texts of the view (``_TEXTS``), and those drawn whole inside it, below the app bar and above the bottom bar.
_FIRST_VIEW = f"""() => ({{texts: ({_TEXTS})(),
  inside: [...document.querySelectorAll('flt-semantics > span')].filter(span => {{
    const r = span.parentElement.getBoundingClientRect();
    return r.height > 0 && r.top >= 56 && r.bottom <= innerHeight - 84; }}).map(span => span.textContent.trim())}})"""


@contextmanager
def two_phones(root: Path, scale: float) -> Iterator[Any]:
    """A host phone with a solo game and a guest phone, both at this text size."""
    game_id = host_game(root / "host" / "games.json")
    for name in ("host", "guest"):
        (root / name).mkdir(exist_ok=True)
        SettingsStore(settings_path(root / name / "games.json")).update(text_scale=scale)
    with run_server(root / "host" / "games.json", SERVER) as host, \
            run_server(root / "guest" / "games.json", SERVER) as guest:
        yield host, guest, game_id, scale


@pytest.fixture(scope="module", params=[1.0, LARGEST], ids=["default-text", "largest-text"])
def phones_kept(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
                ) -> Iterator[UntilARerun[Any]]:
    """The two phones of a text size, shared by its two languages' tests: the host's table lives in its server's
    memory (a guest a failed first try joined would still be at it), so a rerun gets two new ones."""
    with UntilARerun(lambda: two_phones(tmp_path_factory.mktemp("table-shots"), request.param)) as kept:
        yield kept


@pytest.fixture
def phones(phones_kept: UntilARerun[Any], request: pytest.FixtureRequest) -> Any:
    return phones_kept.for_this_try(request)


def control_faults(ui: Ui) -> list[str]:
    """Tap targets under 48 px and controls with nothing to say on the screen now. A text field's own box is its
    editing line (the field around it is the target); a control that seems small is looked at again scrolled whole
    into view (a scrolling view clips the box of one at its edge)."""
    found = []
    for c in ui.page.evaluate(_CONTROLS):
        if not (c["label"] or "").strip():
            found.append(f"no label: {c['id']} ({c['w']:.0f} x {c['h']:.0f})")
        elif c["field"] or min(c["w"], c["h"]) >= MIN_TARGET - 0.5:
            continue
        elif not c["id"] or still_small(ui, c["id"]):
            found.append(f"under {MIN_TARGET} px: {c['label']!r} ({c['w']:.0f} x {c['h']:.0f})")
    return found


def still_small(ui: Ui, identifier: str) -> bool:
    """Measured on screen and again scrolled a little further (a dialog's end clips a box short of the screen's)."""
    ui.show(identifier)
    size = ui.page.viewport_size or PHONE
    seen = 0.0
    for _ in range(2):
        ui.settled()
        box = ui.by_id(identifier).bounding_box()
        seen = max(seen, min(box["width"], box["height"]) if box else MIN_TARGET)
        ui.page.mouse.move(size["width"] / 2, size["height"] / 2)
        ui.page.mouse.wheel(0, size["height"] / 4)
    return seen < MIN_TARGET - 0.5


def english_on(ui: Ui, only: tuple[str, ...] = ("",)) -> list[str]:
    """Texts on a Spanish screen that read as English, of the controls whose identifiers start with ``only``."""
    texts = {text for ident, text in ui.page.evaluate(_WORDS) if text.strip() and ident.startswith(only)}
    return sorted(t for t in texts if ENGLISH.search(t.replace(GAME_NAME, "")))


def look(ui: Ui, name: str, locale: str, scale: float, only: tuple[str, ...] = ("",)) -> list[str]:
    """The screen at both sizes, the tablet's first so the journey goes on at the phone's: shot, and what is wrong
    with it (``only``: the identifiers of this work's own controls, where the rest of the screen is another's: a
    guest's game screen is the game screen, whose first view alone is measured at the largest text)."""
    found: list[str] = []
    for size in (TABLET, PHONE):
        ui.page.set_viewport_size(size)
        tag = f"table-{name}-{locale}-{'largest' if scale > 1 else 'default'}-{size['width']}"
        ui.shot(tag)  # once the screen has settled at its new size
        found += [f"{tag}: {f}" for f in control_faults(ui)]
        if locale.startswith("es"):
            found += [f"{tag}: English: {t!r}" for t in english_on(ui, only)]
        if scale > 1:
            # walked at the window's size (``grown=False``): the Share dialog and the question to leave are dialogs,
            # and the Join screen's steps are a view or two long
            measured = screen_faults(ui, tag, grown=False) if only == ("",) else first_view_faults(ui)
            found += [f"{tag}: {f}" for f in measured]
    return found


def first_view_faults(ui: Ui) -> list[str]:
    """Texts cut or broken in the screen's first view, at its top: on a guest's game screen the table's banner, its
    way out and the round bar. The rest of that screen is the game screen, measured whole at the largest text by
    ``test_largest_text`` (the same solo game, in both languages). A text crossing the view's edge is not measured
    (its box is clipped); one at fault with an identifier is looked at again scrolled whole into view."""
    ui.settled()
    view = ui.page.evaluate(_FIRST_VIEW)
    inside = set(view["inside"])
    found = []
    for node in view["texts"]:
        wrong = faults(node) if node["text"] in inside else []
        if wrong and (not node["id"] or still_cut(ui, node["id"])):
            found += wrong
    return found


def to_top(ui: Ui) -> None:
    """The dialog (or screen) scrolled back to its top with the mouse wheel, as a player scrolls."""
    size = ui.page.viewport_size or PHONE
    ui.page.mouse.move(size["width"] / 2, size["height"] / 2)
    for _ in range(3):
        ui.page.mouse.wheel(0, -size["height"])
        ui.settled()


def join_in_steps(host: Ui, guest: Ui, name: str, locale: str, scale: float) -> list[str]:
    """A guest joins as a player does, each step of the Join screen looked at before the next."""
    lang = locale[:2]
    guest.tap("join-table")
    guest.wait_screen("join-table")
    found = look(guest, "join-1-code", locale, scale)
    host.tap("share-table")
    guest.type_into(gettext("Your name", lang), name)
    # The codes pasted, as a player copies them (``test_table_browser.join``; typed, each code took seconds)
    guest.type_into(gettext("The host's code", lang), "ANT2BADCODE", paste=True)  # a code that is not one: said
    guest.tap("table-join")
    guest.expect_text("table-join-problem", re.compile(r"\w"))
    found += look(guest, "join-1-refused", locale, scale)
    guest.type_into(gettext("The host's code", lang), code_on(host, "table-offer"), paste=True)
    guest.tap("table-join")
    guest.find("table-answer-steps")
    found += look(guest, "join-2-answer", locale, scale)
    host.type_into(gettext("The other phone's code", lang), code_on(guest, "table-answer"), paste=True)
    host.show("table-connect")
    host.tap("table-connect")
    try:
        guest.wait_screen("game")
    except Exception as exc:
        said = host.page.evaluate("() => document.body.innerText")
        raise AssertionError(f"the guest's game never opened; the host's screen: {said!r}") from exc
    host.find(f"table-play-{name}")
    return found


@pytest.mark.parametrize("locale", ["en-GB", "es-ES"])
def test_the_table_screens_look_right(browser: Browser, phones: Any, locale: str) -> None:
    host_server, guest_server, game_id, scale = phones
    phone = {"width": PHONE["width"], "height": PHONE["height"]}
    host = new_tab(browser, host_server.url, phone, locale=locale, user_agent=ANDROID_UA)  # two phones at a table
    host.open(f"/game/{game_id}", "game")
    guest = new_tab(browser, guest_server.url, phone, locale=locale, user_agent=ANDROID_UA).open()
    name = NAMES[locale]
    try:
        found = join_in_steps(host, guest, name, locale, scale)
        code = code_on(host, "table-offer")  # the next guest's code, made once the first one joined
        if can_read():
            to_top(host)
            qr = host.by_id("table-qr").bounding_box()
            assert qr is not None
            host.page.mouse.wheel(0, qr["y"] - 110)  # the QR code whole below the title, as a player scrolls to it
            host.settled()
            qr = host.by_id("table-qr").bounding_box()
            assert qr is not None and qr["width"] >= 300, qr  # 312 px: over 6 px a module for a version 6 code
            host.shot(f"table-qr-read-{locale}-{'largest' if scale > 1 else 'default'}")
            host.until(lambda: read_qr(host.page.screenshot()) == code, "the QR at 360 px reads as the code")
        found += look(host, "share", locale, scale)
        host.show(f"table-play-{name}")
        host.tap(f"table-play-{name}")  # view only: the guest's banner says so, with its way out
        guest.find("table-banner-leave")
        found += look(guest, "guest-game", locale, scale, only=("table-", "open-rules"))
        guest.tap("table-leave")
        guest.find("confirm-ok")
        found += look(guest, "leave-asked", locale, scale)
        guest.tap("confirm-ok")
        guest.wait_screen("home")
        host.until(lambda: not host.exists(f"table-play-{name}"), "the host's dialog shows the guest gone")
    finally:
        for ui in (host, guest):
            ui.close()
    assert found == [], "\n".join(found)
