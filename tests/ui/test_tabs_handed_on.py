"""A closed tab's page serves the next test (``tests/ui/browser.py``, ``new_tab``): it must carry nothing over.

What a page keeps between tests is its renderer process and its context's HTTP cache (the compiled client); what
the app or a test left in the browser - the local storage, Flet's session id in the session storage, a request to
another host - must not reach the next test. And a route changed inside a page (``Ui.go``, the cheap way to another
screen) keeps the page and its session, and waits for the screen it leads to.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from companion.rules.topics import topic
from tests.ui import browser as tabs
from tests.ui.browser import Server, new_tab

pytestmark = pytest.mark.browser

SESSION = "() => sessionStorage.getItem('_flet_session_id')"


def test_a_page_handed_on_keeps_no_storage_and_no_session(browser: Browser, server: Server,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tabs, "HAND_ON", True)
    first = new_tab(browser, server.url, locale="en-IE").open("/", "home")
    first.page.evaluate("() => { localStorage.setItem('left-by', 'the test before');"
                        " sessionStorage.setItem('left-by', 'the test before'); }")
    session = first.page.evaluate(SESSION)
    assert session, "Flet keeps its session id in the session storage (a reload resumes it)"
    page = first.page
    first.close()
    second = new_tab(browser, server.url, locale="en-IE")
    try:
        assert second.page is page, "the closed tab's page is handed on"
        assert second.page.url == "about:blank"
        second.open("/", "home")
        left = second.page.evaluate("() => [localStorage.getItem('left-by'), sessionStorage.getItem('left-by')]")
        assert left == [None, None], left
        assert second.page.evaluate(SESSION) not in (None, session), "a new session, not the test before's"
    finally:
        second.close()


def test_a_request_to_another_host_fails_the_tab(browser: Browser, server: Server) -> None:
    ui = new_tab(browser, server.url, locale="en-IE").open("/", "home")
    ui.page.evaluate("() => fetch('http://elsewhere.invalid/x').catch(() => null)")
    with pytest.raises(AssertionError, match=r"elsewhere\.invalid"):
        ui.close()


def test_go_changes_the_route_inside_the_page_and_keeps_its_session(browser: Browser, server: Server) -> None:
    """``Ui.go`` is a route change the app hears (no page load, the same Flet session), and it waits for the screen
    it leads to, even one named as the screen it leaves (the rules to one of their topics)."""
    scores = topic("scores")
    assert scores is not None
    ui = new_tab(browser, server.url, locale="en-IE").open("/", "home")
    try:
        session = ui.page.evaluate(SESSION)
        ui.page.evaluate("() => { window.leftBy = 'this page'; }")
        ui.go("/rules", "rules")
        ui.go("/rules?topic=scores", "rules")
        ui.expect_label("rules-topics-title", scores.title)
        assert ui.page.evaluate("() => [window.leftBy, location.pathname + location.search]") == [
            "this page", "/rules?topic=scores"], "no page load, the route the app shows"
        assert ui.page.evaluate(SESSION) == session
    finally:
        ui.close()
