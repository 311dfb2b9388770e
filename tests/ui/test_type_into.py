"""``Ui.type_into`` against a page that hands the focus on late, as Flutter does on a loaded machine.

The page is two named text fields and Flutter's ``flt-text-editing-host`` (no app, no server). Field A's editing
element lies over A and has the focus, and keeps it (taking it back from anything else, as Flutter's editing element
does until the framework has heard of the click) until the page has "handled" the click on B, ``LATE`` ms after
it: then A's element goes and the focus reaches B, on its named node or on a new editing element over B. Keys sent
before that go to A. The last test is the page handed on with B's own editing element focused already (an
autofocused field): the typing must not wait out the 3 s there.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser

from tests.ui import browser as tabs
from tests.ui.browser import Ui, plain_page

pytestmark = pytest.mark.browser

LATE = 600  # ms between the click on B and the focus reaching it
PAGE = """<body style="margin:0">
<input id="a" aria-label="Field A" value="kept"
       style="position:absolute;left:20px;top:100px;width:300px;height:56px">
<input id="b" aria-label="Field B" style="position:absolute;left:20px;top:300px;width:300px;height:56px">
<flt-text-editing-host></flt-text-editing-host>
<script>
  const host = document.querySelector('flt-text-editing-host');
  window.editingOver = (id, value) => {  // Flutter's editing element, laid over the field it edits
    const field = document.getElementById(id).getBoundingClientRect(), e = document.createElement('input');
    e.className = 'flt-text-editing'; e.value = value; e.dataset.over = id;
    e.style.cssText = `position:absolute;left:${field.x + 10}px;top:${field.y + 16}px;width:280px;height:24px;`
                      + 'pointer-events:none';  // Flutter's lets the clicks through to the field beneath
    host.appendChild(e); e.focus(); return e;
  };
  // The editing element that takes the focus back from anything else: A's until the click on B is handled, then
  // B's own when Flutter edits B there (a focus on B's named node ends in it too).
  window.holding = null;
  document.addEventListener('focusin', ev => {
    if (holding && ev.target !== holding) holding.focus();
  }, true);
  window.handOnLate = (late, how) => document.getElementById('b').addEventListener('click', () => {
    setTimeout(() => {
      const a = holding; holding = null; a.remove();
      if (how === 'editing') holding = editingOver('b', document.getElementById('b').value);
      else document.getElementById('b').focus();
    }, late);
  }, {once: true});
</script></body>"""


@pytest.fixture
def ui(browser: Browser) -> Iterator[Ui]:
    with plain_page(browser, PAGE) as tab:
        yield tab


def values(ui: Ui) -> dict[str, str]:
    """What each field holds: a field's editing element, where Flutter types, stands for it while there."""
    return dict(ui.page.evaluate("""() => {
        const seen = {a: document.getElementById('a').value, b: document.getElementById('b').value};
        for (const e of document.querySelectorAll('flt-text-editing-host input')) seen[e.dataset.over] = e.value;
        return seen; }"""))


@pytest.mark.parametrize("how", ["field", "editing"])
def test_keys_meant_for_the_field_clicked_never_reach_the_field_focused_before(ui: Ui, how: str) -> None:
    ui.page.evaluate("() => { holding = editingOver('a', 'kept'); }")
    ui.page.evaluate(f"() => handOnLate({LATE}, {how!r})")
    ui.type_into("Field B", "Bo")
    assert values(ui) == {"a": "kept", "b": "Bo"}
    assert ui.focus_run_out == 0, "the focus reached B: typed as soon as it did, not after the 3 s"


def test_the_focus_on_an_editing_element_over_the_field_ends_the_wait(ui: Ui) -> None:
    """A page handed on: Flutter's editing element for an autofocused field has the focus before the click, and
    the field's named node never gets it. The typing goes on at once, not after 3 s."""
    ui.page.evaluate("() => { holding = editingOver('b', ''); }")
    ui.type_into("Field B", "tie")
    assert values(ui) == {"a": "kept", "b": "tie"}
    assert ui.focus_run_out == 0


def test_the_looser_rule_types_into_the_field_focused_before(ui: Ui, monkeypatch: pytest.MonkeyPatch) -> None:
    """The rule tried first (any editing element with the focus ends the wait) sends B's keys to A on this page:
    what the tests above guard against."""
    monkeypatch.setattr(tabs, "_WAIT_FOCUS", """e => new Promise(ok => { const t = Date.now(); (function w() {
        const a = document.activeElement;
        if (a === e || (a && a.closest('flt-text-editing-host')) || Date.now() - t > 3000) ok('any');
        else setTimeout(w, 30); })(); })""")
    ui.page.evaluate("() => { holding = editingOver('a', 'kept'); }")
    ui.page.evaluate("() => handOnLate(10000, 'field')")  # B gets the focus long after the typing
    ui.type_into("Field B", "Bo", clear=False)
    assert values(ui)["a"] != "kept"
