"""``Ui.tap`` against a page that moves its control under the pointer, as a redraw on a loaded machine does.

The page is a few plain elements carrying Flutter's ``flt-semantics-identifier`` (no app, no server): each test
makes the move happen at a known moment (while the tap waits, or between the measure and the click) and counts
which element the click reached.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Browser

from tests.ui.browser import TapMissed, Ui, plain_page
from tests.ui.qps_walk import Walker

pytestmark = pytest.mark.browser

PAGE = """<body style="margin:0">
<div flt-semantics-identifier="screen-test" style="position:absolute;inset:0"></div>
<div id="go" flt-semantics-identifier="go" role="button"
     style="position:absolute;left:40px;top:300px;width:120px;height:48px;background:#8c8"></div>
<div id="other" flt-semantics-identifier="other" role="button"
     style="position:absolute;left:200px;top:500px;width:120px;height:48px;background:#c88"></div>
<script>
  window.clicks = [];
  for (const id of ['go', 'other']) document.getElementById(id).addEventListener('click', () => clicks.push(id));
  const go = document.getElementById('go'), other = document.getElementById('other');
  window.jumpOnFirstMove = swap => document.addEventListener('pointermove', () => {
    go.style.top = '600px';  // the redraw: the control moves away as the pointer arrives
    if (swap) { other.style.left = '40px'; other.style.top = '300px'; }  // and another takes its place
  }, {once: true, capture: true});
</script></body>"""


@pytest.fixture
def ui(browser: Browser) -> Iterator[Ui]:
    with plain_page(browser, PAGE) as tab:
        yield tab


def clicks(ui: Ui) -> list[str]:
    return list(ui.page.evaluate("() => clicks"))


def test_a_tap_waits_for_a_moving_control_to_stand_still(ui: Ui) -> None:
    ui.page.evaluate("""() => { const go = document.getElementById('go'); let n = 0;
        const t = setInterval(() => { go.style.left = (40 + (++n % 2) * 150) + 'px'; if (n > 12) clearInterval(t); },
                              30); }""")
    ui.tap("go")
    assert clicks(ui) == ["go"]


def test_a_tap_waits_for_what_covers_the_control_to_go(ui: Ui) -> None:
    """A dialog's barrier fading out still takes the clicks: the tap waits until the control is what is hit."""
    ui.page.evaluate("""() => { const cover = document.createElement('div');
        cover.style.cssText = 'position:absolute;inset:0;z-index:5'; cover.onclick = () => clicks.push('cover');
        document.body.appendChild(cover); setTimeout(() => cover.remove(), 400); }""")
    ui.tap("go")
    assert clicks(ui) == ["go"]


#: The two ways the browser tests tap: the helper's, and the pseudo-locale walker's quicker one.
TAPS = {"Ui.tap": lambda ui: ui.tap("go"), "Walker.press": lambda ui: Walker(ui).press("go")}


@pytest.mark.parametrize("tap", TAPS.values(), ids=TAPS.keys())
def test_a_tap_a_redraw_moved_away_from_is_made_again_where_the_control_went(ui: Ui,
                                                                            tap: Callable[[Ui], None]) -> None:
    ui.page.evaluate("() => jumpOnFirstMove(false)")
    tap(ui)
    assert clicks(ui) == ["go"]
    assert ui.by_id("go").bounding_box()["y"] == 600  # type: ignore[index]  # it was tapped where it went


@pytest.mark.parametrize("tap", TAPS.values(), ids=TAPS.keys())
def test_a_tap_never_lands_on_the_control_a_redraw_put_in_its_place(ui: Ui, tap: Callable[[Ui], None]) -> None:
    ui.page.evaluate("() => jumpOnFirstMove(true)")
    tap(ui)
    assert clicks(ui) == ["go"]  # "other", under the first click, never heard of it


def test_a_tap_made_four_times_in_vain_fails_naming_what_it_hit(ui: Ui) -> None:
    """Not hidden either: a control that moves away under every click fails the tap, saying what it hit."""
    ui.page.evaluate("""() => document.addEventListener('pointermove', () => {
        document.getElementById('go').style.top = (parseInt(document.getElementById('go').style.top) + 60) + 'px';
    }, true)""")
    with pytest.raises(TapMissed, match="the tap on go would have hit screen-test"):
        ui.tap("go")
    assert clicks(ui) == []
