"""Flutter's Navigator holds one page whatever the screen (``companion.ui.tab.routes.one_page``): Flet makes a
Navigator page of each visible view, keyed by its route, and a new key pushes a page, laid out offstage for a whole
frame and then zoomed in over the screen it covers (on a phone at 4x the game's top came one frame, ~0.5 s, later).
"""

from __future__ import annotations

import flet as ft

from companion.ui.tab.routes import ONE_PAGE, one_page


def test_only_the_shown_view_is_a_page_and_every_view_has_the_one_key() -> None:
    home, game, kept = ft.View(route="/"), ft.View(route="/game/g-1"), ft.View(route="/game/g-2", visible=False)
    one_page([home, game, kept], game)
    assert [view.visible for view in (home, game, kept)] == [False, True, False]
    assert {view.route for view in (home, game, kept)} == {ONE_PAGE}


def test_a_screen_shown_again_becomes_the_page_and_the_one_it_replaces_is_kept_hidden() -> None:
    home, game = ft.View(route=ONE_PAGE, visible=False), ft.View(route=ONE_PAGE)
    one_page([home, game], home)  # Home again, the game kept beneath it
    assert (home.visible, game.visible) == (True, False)
