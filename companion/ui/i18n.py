"""UI text in the reader's language: ``tr("English text")`` is gettext, its English text the msgid.

Strings are looked up by their English text, so a screen reads naturally in the code and a
text without a translation yet (a panel added after the catalogue was last updated) shows in
English instead of a key; ``tests/i18n`` lists every such text. Use ``trf`` for a sentence with
values (``trf("Deleted {name}.", name=name)``) and ``trn`` for a count (``trn("{n} entry found",
"{n} entries found", n)``): never glue a sentence from translated pieces.

The language belongs to the tab (``PageApp.language``), not to the process: each tab's
handlers run inside ``companion.core.i18n.using(app.language)``, and code reached another
way finds the tab of the current Flet page through the resolver installed here.
"""

from __future__ import annotations

import weakref
from collections.abc import Mapping
from contextvars import ContextVar, Token
from typing import TYPE_CHECKING

from companion.core.i18n import LANGUAGES, Msg, language, render, set_resolver, tr, trf, trn, using, verbatim
from companion.core.schema import Json

if TYPE_CHECKING:
    from companion.ui.tab.base import TabBase

#: What ``render`` reads: a message, a message as saved (a JSON object), a plain text, or nothing.
Renderable = Msg | Mapping[str, Json] | str | None

__all__ = [
    "LANGUAGES",
    "Msg",
    "Renderable",
    "attach",
    "browser_language",
    "language",
    "render",
    "tr",
    "trf",
    "trn",
    "using",
    "verbatim",
]

_pages: weakref.WeakKeyDictionary[object, TabBase] = weakref.WeakKeyDictionary()
_accept_language: ContextVar[str | None] = ContextVar("companion_accept_language", default=None)


def attach(page: object, app: TabBase) -> None:
    """Code that runs for ``page`` outside a handler reads ``app.language``."""
    _pages[page] = app


def _current_tab_language() -> str | None:
    try:
        import flet as ft

        page = ft.context.page
    except Exception:  # no Flet page here (a test, a thread of our own)
        return None
    app = _pages.get(page)
    return getattr(app, "language", None)


def remember_accept_language(header: str | None) -> Token[str | None]:
    """Set by the server for the code of one connection (the tab's first page build reads it)."""
    return _accept_language.set(header)


def browser_language() -> str | None:
    """The browser's language from its ``Accept-Language`` header (es-* -> es), if the server saw one."""
    from companion.core.i18n import from_accept_language

    return from_accept_language(_accept_language.get())


set_resolver(_current_tab_language)
