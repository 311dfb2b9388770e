"""What every part of a tab holds: the page, the shared context, and this tab's own state, set once here."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

import flet as ft

from companion.core.i18n import LANGUAGES
from companion.core.schema import JsonObject
from companion.store.settings import Settings
from companion.ui import i18n, theme
from companion.ui.button_box import drawn_for
from companion.ui.models import Debouncer, ShownRevisions
from companion.ui.share import Device

if TYPE_CHECKING:
    from companion.ui.app import AppContext
    from companion.ui.game_files import GameFiles
    from companion.ui.screen import Screen
    from companion.ui.share_view import ShareDialogShape


def flutter_locales(lang: str) -> ft.LocaleConfiguration:
    """Flutter's locale for a tab in ``lang``: the words Flutter says itself (a screen reader's state of a folding
    tile, a dialog's barrier, a text field's menu) in the tab's language, not always in English. The pseudo-locale
    has no Flutter words of its own: Flutter takes the first, English."""
    return ft.LocaleConfiguration(supported_locales=[ft.Locale(code) for code in LANGUAGES],
                                  current_locale=ft.Locale(lang))


class TabBase:
    """One tab's state, which ``PageApp`` is; its parts (``companion.ui.tab``) are each handed it."""

    def __init__(self, page: ft.Page, ctx: AppContext) -> None:
        self.page = page
        self.ctx = ctx
        self.debouncer = Debouncer()
        self.opened_tiles: set[str] = set()  # tiles opened on this tab (``widgets.lazy_tile``)
        self.places: dict[str, float] = {}  # where each screen that keeps its place was left (``Screen.place_key``)
        self.tapped: ft.Control | None = None  # while a tap's handler runs, the control tapped
        self.sizes = theme.Sizes()
        self.screen: Screen | None = None
        self.wakelock: ft.Wakelock | None = None
        self.wakelock_note: str | None = None
        self._files: GameFiles | None = None
        self._missed = False
        self.origin = secrets.token_hex(4)  # this tab, as the sessions know it
        self.guest = False
        self.device_id: str | None = None
        self.join_token: str | None = None
        self.join_problem = ""  # why the last join failed, for the join page shown next
        self.shown = ShownRevisions()
        self.share_dialog: ShareDialogShape | None = None
        self.preferences: ft.SharedPreferences | None = None
        self.language = ctx.default_language or i18n.browser_language() or "en"
        i18n.attach(page, self)

    @property
    def language(self) -> str:
        """The tab's language: its texts', and Flutter's own words (a screen reader's "Expanded", a field's "Paste")."""
        return self._language

    @language.setter
    def language(self, lang: str) -> None:
        self._language = lang
        self.page.locale_configuration = flutter_locales(lang)

    @property
    def settings(self) -> Settings:
        return self.ctx.settings.current

    @property
    def device(self) -> Device | None:
        """This guest's entry at the table, or None (not joined, removed, or sharing stopped)."""
        return self.ctx.table.device(self.device_id)

    @property
    def connected(self) -> bool:
        """False while the tab is away (phone asleep, network gone); Flet keeps the session a while."""
        return self.page.session.connection is not None

    def broadcast(self, message: JsonObject) -> None:
        self.page.pubsub.send_others(message)

    @contextmanager
    def own_context(self) -> Iterator[None]:
        """What runs inside is this tab's: its language, and its platform's buttons (``button_box``), whichever
        context it came from (another tab's broadcast runs in the sender's, a table's link in none)."""
        with i18n.using(self.language), drawn_for(self.page.platform):
            yield
