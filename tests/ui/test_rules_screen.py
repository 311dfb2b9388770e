"""The Rules screens in Debian's chromium: search as you type, Spanish, entry pages, bookmarks, topics, browsing.

Expected titles come from the corpus itself, so a reworded entry does not break a test
about the screen. Every step is read from the accessibility tree, as a screen reader would.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Browser, expect

from companion.rules.corpus import load_corpus
from companion.rules.topics import topic
from companion.store.reading import reading_path
from tests.ui.browser import PHONE, TABLET, Server, Ui, new_tab, run_server
from tests.ui.conftest import tabs_on

pytestmark = pytest.mark.browser

OpenTab = Callable[..., Ui]
SEARCH = "Search the rules"
LADYBUG_TIE = "mm-clar-ladybug"
APP_BAR = 60  # the app bar's height: rows scrolled under it are cut off at this line


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """This module's own app server. On the session's shared one, after other modules' tests, the first search
    twice reached no result in a whole run (the field held the words; the screen stayed on its start view) while
    the module passed alone every time: its tests start from a server only they have used."""
    with run_server(tmp_path_factory.mktemp("rules-db") / "games.json") as srv:
        yield srv


@pytest.fixture
def tab(browser: Browser, server: Server) -> Iterator[OpenTab]:
    with tabs_on(browser, server.url) as open_tab:
        yield open_tab


def title_of(entry_id: str, lang: str = "en") -> str:
    entry = load_corpus().get(entry_id)
    assert entry is not None
    return entry.title_in(lang)


def expect_chosen(ui: Ui, identifier: str) -> None:
    """A choice button announced as the current one (Flutter maps ``selected`` to aria-current)."""
    expect(ui.by_id(identifier)).to_have_attribute("aria-current", "true")


def open_fold(ui: Ui, identifier: str) -> None:
    """Tap a browse row until it reports itself open (a tap that lands while Flutter is still
    settling a scroll only stops the scroll, as on a phone)."""
    for _ in range(5):
        if ui.by_id(identifier).get_attribute("aria-expanded") == "true":
            return  # a slow earlier tap did land: tapping again would fold it shut
        ui.show(identifier)  # bring it to rest on screen first: a tap during a scroll only stops the scroll
        ui.settled()
        ui.tap(identifier)
        try:
            expect(ui.by_id(identifier)).to_have_attribute("aria-expanded", "true", timeout=8000)
            return
        except AssertionError:
            continue
    raise AssertionError(f"{identifier} did not open; on screen: {ui.visible_ids()}")


def first_result(ui: Ui, title: str) -> None:
    ui.expect_label("result-0", re.compile("^" + re.escape(title) + r"\."))


def first_search(ui: Ui, text: str, title: str, *, paste: bool = True) -> None:
    """The first words put in the search on a freshly opened screen: pasted (one search, as a paste makes), except
    where typing is what is checked (``paste=False``: a search at each key, each redrawn in software; typing is
    checked by ``test_typing_searches_at_each_keystroke_and_a_typo_finds_the_ladybug_tie``). On a loaded machine
    (CI's second worker) the field once showed the words while no keystroke had reached the server; a player would
    type again, and so does this."""
    for attempt in range(2):
        ui.type_into(SEARCH, text, paste=paste)
        try:
            ui.expect_label("result-0", re.compile("^" + re.escape(title) + r"\."), timeout_ms=8000)
            return
        except AssertionError:
            if attempt:
                raise


def test_typing_searches_at_each_keystroke_and_a_typo_finds_the_ladybug_tie(tab: OpenTab) -> None:
    ui = tab("/rules", "rules")
    ui.find("rules-browse")
    first_search(ui, "brood", title_of("mm-broodmother-mode-overview"), paste=False)  # half a word, completed
    ui.type_into(SEARCH, "ladybg tie")
    first_result(ui, title_of(LADYBUG_TIE))
    # Redrawing at every keystroke never loses or reorders what was typed.
    assert ui.field_text(SEARCH) == "ladybg tie"
    assert "Minions of the Meadow > Clarifications" in ui.label("result-0")
    assert re.match(r"\d+ entries found", ui.label("results-count"))
    ui.shot("rules-results-phone")
    ui.tap("rules-clear")
    ui.find("rules-browse")
    assert not ui.exists("result-0")


def test_spanish_finds_the_madre_de_la_camada(tab: OpenTab) -> None:
    ui = tab("/rules", "rules")
    expect_chosen(ui, "rules-lang-en")
    ui.tap("rules-lang-es")
    expect_chosen(ui, "rules-lang-es")
    ui.type_into(SEARCH, "madre de la camada", paste=True)
    ui.expect_label("result-0", re.compile("Madre de la Camada"))
    for position in range(3):
        assert "Madre de la Camada" in ui.label(f"result-{position}")


def test_an_entry_page_cites_the_rulebook_and_follows_related_links_back_to_the_search(tab: OpenTab) -> None:
    ui = tab("/rules", "rules")
    first_search(ui, "ladybg tie", title_of(LADYBUG_TIE))
    ui.tap("result-0")
    ui.wait_screen("rule-entry")
    ui.expect_label("entry-title", title_of(LADYBUG_TIE))
    assert ui.label("entry-citation") == "In the rulebook: Minions of the Meadow > Clarifications. Clarification."
    assert "lower number" in ui.text("entry-body")
    related = load_corpus().get(LADYBUG_TIE).related  # type: ignore[union-attr]
    ui.tap(f"related-{related[0]}")
    ui.expect_label("entry-title", title_of(related[0]))
    ui.expect_label("back-to-search", "Back to the results for “ladybg tie”")
    ui.tap("back-to-search")
    ui.wait_screen("rules")
    first_result(ui, title_of(LADYBUG_TIE))  # the search it came from, not an empty box


def test_an_entry_switches_language_and_takes_it_back_to_the_search(tab: OpenTab) -> None:
    entry_id = "mm-broodmother-reaction"
    ui = tab(f"/rules/{entry_id}?q=broodmother+reaction", "rule-entry")
    ui.expect_label("entry-title", title_of(entry_id))
    ui.expect_label("entry-language", "Show this entry in Spanish")
    ui.tap("entry-language")
    ui.expect_label("entry-title", title_of(entry_id, "es"))
    assert ui.label("entry-citation").startswith("In the rulebook: Minions of the Meadow > ")
    ui.shot("rules-entry-spanish-phone")
    ui.tap("back-to-search")
    ui.wait_screen("rules")
    expect_chosen(ui, "rules-lang-es")
    first_result(ui, title_of(entry_id, "es"))  # the same words, searched in Spanish now


def test_a_bookmark_survives_a_reload_and_is_listed_on_the_start_view(tab: OpenTab, server: Server) -> None:
    ui = tab(f"/rules/{LADYBUG_TIE}", "rule-entry")
    if ui.label("bookmark-toggle") == "Remove the bookmark":  # left by an earlier run of this test
        ui.tap("bookmark-toggle")
        ui.expect_label("bookmark-toggle", "Bookmark this entry")
    ui.tap("bookmark-toggle")
    ui.expect_label("bookmark-toggle", "Remove the bookmark")
    saved = json.loads(reading_path(server.db).read_text(encoding="utf-8"))
    assert saved["bookmarks"][0] == LADYBUG_TIE and saved["recent"][0] == LADYBUG_TIE
    ui.reload("rule-entry")
    ui.expect_label("bookmark-toggle", "Remove the bookmark")
    ui.tap("entry-back-arrow")
    ui.wait_screen("rules")
    ui.expect_label("rules-bookmarks-title", "Bookmarks")
    assert ui.label(f"bookmark-{LADYBUG_TIE}").startswith(title_of(LADYBUG_TIE))
    assert ui.exists(f"recent-{LADYBUG_TIE}")
    ui.tap(f"bookmark-{LADYBUG_TIE}")
    ui.wait_screen("rule-entry")
    ui.expect_label("entry-title", title_of(LADYBUG_TIE))


def test_browsing_opens_a_book_then_a_heading_in_rulebook_order(tab: OpenTab) -> None:
    corpus = load_corpus()
    book = "Antscape"
    section = corpus.sections(book)[0]
    first = corpus.in_section(book, section)[0]
    ui = tab("/rules", "rules")
    open_fold(ui, "browse-book-as")
    ui.expect_label("browse-section-as-0", re.compile("^" + re.escape(section)))
    open_fold(ui, "browse-section-as-0")
    ui.tap(f"browse-{first.id}")
    ui.wait_screen("rule-entry")
    ui.expect_label("entry-title", first.title)
    assert ui.label("entry-citation").startswith(f"In the rulebook: {book} > {section}.")


def test_a_book_filter_narrows_the_results(tab: OpenTab) -> None:
    ui = tab("/rules", "rules")
    ui.tap("rules-filters")
    ui.tap("filter-book-as")
    ui.expect_label("rules-filters", re.compile(r"\(1 on\)"))
    ui.type_into(SEARCH, "tie", paste=True)
    ui.expect_label("result-0", re.compile(r"\. Antscape > "))
    for position in range(3):
        if ui.exists(f"result-{position}"):
            assert ". Antscape > " in ui.label(f"result-{position}")


def small_buttons(ui: Ui) -> list[tuple[str, dict[str, float]]]:
    """Buttons on the screen under 48 px; a row cut by the app bar or the screen's edge is clipped, not small (and off
    the screen, a button may be cut by the edge of what the list builds: ``CACHE_EXTENT``). Every box is read
    in one go in the page, so a list redrawn meanwhile (results as you type) cannot leave a button half-read."""
    height = (ui.page.viewport_size or PHONE)["height"]
    small = []
    for name, box in ui.page.get_by_role("button").evaluate_all(
            "els => els.map(e => { const r = e.getBoundingClientRect(); return ["
            "e.getAttribute('flt-semantics-identifier') || e.innerText, "
            "{x: r.x, y: r.y, width: r.width, height: r.height}]; })"):
        if box["y"] < APP_BAR + 1 or box["y"] + box["height"] >= height - 1 or not box["width"] * box["height"]:
            continue  # clipped (by the app bar, the screen's edge, or the edge of what the list builds), or not drawn
        if box["width"] < 47.5 or box["height"] < 47.5:
            small.append((name, box))
    return small


def test_a_trackers_help_topic_lists_its_entries_first_and_every_button_is_a_48px_touch_target(
        tab: OpenTab) -> None:
    """A tracker's "?" topic: its entries first, the search box ready, an entry opening on a tap (its buttons 48 px);
    then, from the topic again, the filters and the folds open, results and an entry: every button 48 px."""
    wanted = topic("broodmother.turn")
    assert wanted is not None
    ui = tab("/rules?topic=broodmother.turn", "rules")
    ui.expect_label("rules-topics-title", wanted.title)
    for entry_id in wanted.entries[:3]:
        assert ui.label(f"topic-{entry_id}").startswith(title_of(entry_id))
    box = ui.page.get_by_role("textbox", name=SEARCH, exact=True)
    assert box.count() == 1
    ui.tap(f"topic-{wanted.entries[0]}")
    ui.wait_screen("rule-entry")
    ui.expect_label("entry-title", title_of(wanted.entries[0]))
    assert small_buttons(ui) == []
    ui.tap("back-to-search")  # the topic's list again, as the entry's own way back goes
    ui.wait_screen("rules")
    ui.expect_label("rules-topics-title", wanted.title)
    ui.tap("rules-filters")
    open_fold(ui, "browse-book-mm")
    ui.show("browse-section-mm-0")  # far down the page: off-screen nodes are not in the tree
    open_fold(ui, "browse-section-mm-0")
    assert small_buttons(ui) == []
    ui.type_into(SEARCH, "ladybug", paste=True)
    ui.expect_label("result-0", re.compile("Ladybug"))
    assert small_buttons(ui) == []
    ui.tap("result-0")
    ui.wait_screen("rule-entry")
    assert small_buttons(ui) == []


def test_screenshots_of_results_and_an_entry_at_phone_then_tablet_size(tab: OpenTab) -> None:
    """Results, an entry and a topic shot at a phone's size, then in the same tab widened to a tablet's (the search
    reached there by its route, ``?q=``, as the way back from an entry goes): a tab's start costs seconds."""
    ui = tab("/rules", "rules", PHONE)
    first_search(ui, "ladybug tie", title_of(LADYBUG_TIE))
    for size in ("phone", "tablet"):
        if size == "tablet":
            ui.page.set_viewport_size(TABLET)  # type: ignore[arg-type]
            ui.go("/rules?q=ladybug+tie", "rules")
            first_result(ui, title_of(LADYBUG_TIE))
        ui.page.keyboard.press("Tab")  # move the focus off the box so the shot shows the page at rest
        ui.shot(f"rules-search-{size}")
        ui.tap("result-0")
        ui.wait_screen("rule-entry")
        ui.expect_label("entry-title", title_of(LADYBUG_TIE))
        ui.shot(f"rules-entry-{size}")
        ui.go("/rules?topic=broodmother.turn", "rules")  # the same tab, as a link goes: a tab's start costs seconds
        ui.expect_label("rules-topics-title", topic("broodmother.turn").title)  # type: ignore[union-attr]
        ui.shot(f"rules-topic-{size}")


def test_an_interpretation_is_labelled_in_results_and_on_its_page_in_both_languages(
    tab: OpenTab, browser: Browser, server: Server
) -> None:
    """The reading that Empires' Centipede-deck Chambers carry the centipede icon is shown as ours, not the book's:
    its result and its page say "Interpretation" (and "Interpretación" to a Spanish reader), at phone width."""
    entry_id = "ee-solo-chamber-centipede-mark"
    ui = tab("/rules", "rules")
    first_search(ui, "which mark chambers centipede deck", title_of(entry_id))
    assert ui.label("result-0").startswith(f"{title_of(entry_id)}. Symbol. Interpretation. Empires of the Earth > ")
    ui.page.keyboard.press("Tab")  # the focus off the box, so the shot shows the page at rest
    ui.shot("rules-interpretation-results-phone")
    ui.tap("result-0")
    ui.wait_screen("rule-entry")
    assert ui.label("entry-citation") == ("In the rulebook: Empires of the Earth > Solo and Cooperative Play. "
                                          "Symbol, an interpretation: the book leaves this unsaid.")
    ui.shot("rules-interpretation-entry-phone")
    spanish = new_tab(browser, server.url, PHONE, locale="es-ES")
    try:
        spanish.open(f"/rules/{entry_id}", "rule-entry")
        spanish.expect_label("entry-title", title_of(entry_id, "es"))
        assert spanish.label("entry-citation").startswith("En el reglamento: Empires of the Earth > ")
        assert spanish.label("entry-citation").endswith("Símbolo, una interpretación: el reglamento no lo dice.")
        spanish.shot("rules-interpretation-entry-spanish-phone")
    finally:
        spanish.close()


def test_a_rule_several_books_state_is_listed_once_with_its_other_books(tab: OpenTab) -> None:
    """#34: the Tactics' cost of 0 is stated by three books: one result, saying where else, and its page lists the
    other two books' entries, which open (Predators & Prey's is among them whichever book's is shown)."""
    ui = tab("/rules", "rules")
    first_search(ui, "tactic cost", title_of("ee-tactics-cost-zero"))  # Minions' entry has the same title
    assert re.search(r"Also in: .*> Tactic", ui.label("result-0"))
    titles = {title_of(entry_id) for entry_id in ("ee-tactics-cost-zero", "pp-tactic-cost-zero")}
    shown = [ui.label(f"result-{position}") for position in range(4)]
    assert sum(any(label.startswith(f"{title}.") for title in titles) for label in shown) == 1
    ui.tap("result-0")
    ui.wait_screen("rule-entry")
    ui.expect_label("entry-same-rule-title", "The same rule in other books")
    ui.tap("same-rule-pp-tactic-cost-zero")
    ui.expect_label("entry-title", title_of("pp-tactic-cost-zero"))
