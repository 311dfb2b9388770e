"""UI text in the player's language. English is the only language so far.

Strings are looked up by their English text (gettext style), so a screen reads naturally
and a missing translation falls back to English instead of showing a key. Game text
(names, phases, setup steps, core messages) comes from the data and the core, not from here.
"""

from __future__ import annotations

from companion.store.settings import LANGUAGES

_CATALOGS: dict[str, dict[str, str]] = {"en": {}}
_language = "en"


def set_language(code: str) -> None:
    """Switch the process-wide UI language (all tabs share the settings file)."""
    global _language
    _language = code if code in LANGUAGES else "en"


def tr(text: str) -> str:
    """``text`` in the current language, or unchanged when there is no translation."""
    return _CATALOGS.get(_language, {}).get(text, text)
