"""Messages in the reader's language: gettext catalogues (Babel ``.po``), keys with parameters, plurals.

A message is data: ``Msg(key, params)``, where the key is the whole English sentence with named
placeholders (``"Hex {hex}: place {n} nymphs."``), the gettext msgid. The core returns and stores
messages; the UI and the CLI render them (``render``) in the reader's language when they show
them, so a saved game reads in Spanish on one phone and in English on another. A key without a
translation renders in English, never as a key. Plurals are a key pair and the parameter that
counts (``nmsg("1 nymph", "{n} nymphs", n=3)``); each language's catalogue says its plural rule.

The language is per reader, not per process: ``using(lang)`` sets it for the code that runs
inside (one tab's handler, one CLI run); code outside any ``using`` asks the resolver the UI
installs (the tab of the current Flet page) and then falls back to English.

``qps`` is the pseudo-locale for the completeness tests: every rendered text is wrapped as
``[!...!]``, so a text that reaches the screen without passing through here shows unmarked (and a
stored plain text that is not a message, e.g. an old label, shows as ``[?...?]``).

A language's catalogue is the shared one, ``companion/locale/<lang>/LC_MESSAGES/companion.po``
(the texts of shared code, or of several units), plus each module unit's own, ``locale/<lang>.po``
in its data folder (``data/<area>/locale/es.po``: the texts only that unit uses), so a new module
brings its translations without editing a shared file (``companion.catalog update`` keeps each text
in its place). They are merged and compiled to gettext's binary form in memory the first time a
language is used (Babel's ``read_po`` and ``write_mo``), so the ``.po`` files a translator edits are
the only copies kept. A text translated in two of them (only between two ``update`` runs, just after
a merge) reads as the first one says - the shared one, then the units' by name: that copy is the one a
branch that predates a unit's catalogue appended or corrected by hand, and ``update`` keeps it too; an
empty or fuzzy entry never hides a translation.
"""

from __future__ import annotations

import gettext as _gettext
import io
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from datetime import date
from functools import cache, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, SupportsInt, cast

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog, Message

    from companion.core.schema import Json, JsonObject

LOCALE_DIR = Path(__file__).resolve().parents[1] / "locale"
DOMAIN = "companion"
DEFAULT = "en"
PSEUDO = "qps"
LANGUAGES = {"en": "English", "es": "Español"}
"""The languages a player can choose (in their own names)."""
KNOWN = (*LANGUAGES, PSEUDO)

_current: ContextVar[str | None] = ContextVar("companion_language", default=None)
_resolver: Callable[[], str | None] | None = None


# -- which language ---------------------------------------------------------------------
def normalize(tag: str | None) -> str | None:
    """A language tag or locale name to one of ours: ``es-ES``, ``es_AR.UTF-8`` -> ``es``; else None."""
    if not tag:
        return None
    base = tag.strip().split(".")[0].split("@")[0].replace("_", "-").lower()
    if base in KNOWN:
        return base
    primary = base.split("-")[0]
    if primary == PSEUDO:
        return PSEUDO
    return primary if primary in LANGUAGES else None


def from_accept_language(header: str | None) -> str | None:
    """The first of our languages in an HTTP ``Accept-Language`` header (its order, then q)."""
    choices: list[tuple[float, int, str]] = []
    for index, part in enumerate((header or "").split(",")):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                quality = 0.0
        if (lang := normalize(tag)) and quality > 0:
            choices.append((-quality, index, lang))
    return min(choices)[2] if choices else None


def from_environment(env: Mapping[str, str]) -> str | None:
    """gettext's order: ``LANGUAGE`` (its first entry), ``LC_ALL``, ``LC_MESSAGES``, ``LANG``."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if value:
            return normalize(value.split(":")[0])
    return None


def set_resolver(resolver: Callable[[], str | None] | None) -> None:
    """How to find the reader outside any ``using`` (the UI: the language of the current tab)."""
    global _resolver
    _resolver = resolver


def language() -> str:
    """The reader's language here and now."""
    lang = _current.get()
    if lang is None and _resolver is not None:
        lang = _resolver()
    return lang or DEFAULT


@contextmanager
def using(lang: str | None) -> Iterator[None]:
    """Render everything inside in ``lang`` (unknown or None: English); restored afterwards."""
    token = _current.set(normalize(lang) or DEFAULT)
    try:
        yield
    finally:
        _current.reset(token)


def set_language(lang: str | None) -> None:
    """For a whole run in one context (the CLI): the language until the process ends."""
    _current.set(normalize(lang) or DEFAULT)


# -- catalogues -------------------------------------------------------------------------
def po_path(lang: str) -> Path:
    """The shared catalogue of ``lang``."""
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def unit_po_name(lang: str) -> str:
    """A unit's own catalogue of ``lang``, in its data folder."""
    return f"locale/{lang}.po"


def po_paths(lang: str) -> list[Path]:
    """Every catalogue of ``lang`` that exists: the shared one first, then each unit's (found, not imported)."""
    from companion.core.unit_files import own_files

    shared = [po_path(lang)] if po_path(lang).is_file() else []
    return shared + [path for _, _, path in own_files(unit_po_name(lang))]


def read_catalogue(path: Path, lang: str) -> Catalog:
    from babel.messages.pofile import read_po

    with path.open("rb") as handle:
        return read_po(handle, locale=lang, domain=DOMAIN)


def is_translated(message: Message) -> bool:
    """Every form filled in, and not marked fuzzy (gettext skips a fuzzy entry)."""
    strings = message.string if isinstance(message.string, (list, tuple)) else (message.string,)
    return bool(message.id) and all(strings) and not message.fuzzy


def merged(catalogues: list[Catalog]) -> Catalog:
    """The first catalogue (the shared one, whose header is kept) with the others' entries merged in.

    The first translation of a text wins (the shared catalogue's, then the units' by name); an untranslated
    or fuzzy entry only fills a gap, and gives way to a later translation.
    """
    into, *others = catalogues
    for catalogue in others:
        for message in catalogue:
            if not message.id:
                continue  # the header
            if message.id in into and is_translated(message) and not is_translated(into[message.id]):
                del into[message.id]
            if message.id not in into:
                into[message.id] = message
    return into


def catalogue(lang: str) -> Catalog | None:
    """Every catalogue of ``lang`` merged into one (None when it has none)."""
    paths = po_paths(lang)
    return merged([read_catalogue(path, lang) for path in paths]) if paths else None


@cache
def translations(lang: str) -> _gettext.NullTranslations:
    """The compiled catalogue of ``lang`` (English and unknown languages: the msgids themselves)."""
    found = None if lang == DEFAULT else catalogue(lang)
    if found is None:
        return _gettext.NullTranslations()
    from babel.messages.mofile import write_mo

    buffer = io.BytesIO()
    write_mo(buffer, found)
    buffer.seek(0)
    return _gettext.GNUTranslations(buffer)


def _mark(text: str, lang: str) -> str:
    return f"[!{text}!]" if lang == PSEUDO else text


def gettext(text: str, lang: str | None = None) -> str:
    """``text`` (an English msgid) in the reader's language."""
    if not text:  # gettext's "" is the catalogue's header, never a text to show
        return text
    lang = lang or language()
    return _mark(translations(lang).gettext(text), lang)


def ngettext(singular: str, plural: str, n: int, lang: str | None = None) -> str:
    """The form of ``singular``/``plural`` for ``n`` in the reader's language."""
    lang = lang or language()
    return _mark(translations(lang).ngettext(singular, plural, n), lang)


def tr(text: str) -> str:
    """``text`` in the reader's language (the UI's and the CLI's gettext)."""
    return gettext(text)


def trf(text: str, /, **params: object) -> str:
    """A whole sentence with values: translated first, then filled in (a value may be a message)."""
    return _fill(gettext(text), {k: _rendered(v) for k, v in params.items()})


def trn(singular: str, plural: str, n: int, /, **params: object) -> str:
    """The plural form for ``n`` (``{n}`` in the text is the count)."""
    return _fill(ngettext(singular, plural, n), {"n": n, **{k: _rendered(v) for k, v in params.items()}})


def N_(text: str) -> str:
    """Marks an English text for the catalogue where it is defined; ``gettext`` it where it is shown."""
    return text


# -- messages as data -------------------------------------------------------------------
@dataclass(frozen=True)
class Msg:
    """A whole sentence to show: its key (the English text with ``{name}`` placeholders) and values.

    ``plural`` and ``count`` make it a plural message: ``count`` names the parameter that picks the
    form. A parameter may itself be a message (a zone, a card type), rendered in the same language.
    """

    key: str
    params: Mapping[str, object] = field(default_factory=dict)
    plural: str | None = None
    count: str | None = None

    def render(self, lang: str | None = None) -> str:
        lang = lang or language()
        values = {name: _rendered(value, lang) for name, value in self.params.items()}
        if self.plural is not None and self.count is not None:
            try:
                n = int(cast("SupportsInt | str", values.get(self.count, 0)))
            except (TypeError, ValueError):
                n = 0
            text = ngettext(self.key, self.plural, n, lang)
        else:
            text = gettext(self.key, lang)
        return _fill(text, values)

    def to_dict(self) -> JsonObject:
        """The message as plain JSON for a saved game (nested messages too)."""
        out: JsonObject = {"key": self.key}
        if self.params:
            out["params"] = {k: as_data(v) for k, v in self.params.items()}
        if self.plural is not None:
            out["plural"] = self.plural
            out["count"] = self.count
        return out

    @classmethod
    def from_dict(cls, raw: Mapping[str, Json]) -> Msg:
        given = raw.get("params")
        params = {str(k): cls.from_dict(v) if is_message(v) else v
                  for k, v in (given.items() if isinstance(given, Mapping) else ())}
        plural, count = raw.get("plural"), raw.get("count")
        return cls(str(raw["key"]), params, plural if isinstance(plural, str) else None,
                   count if isinstance(count, str) else None)

    def __str__(self) -> str:
        return self.render()


class _Keep(dict[str, object]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def _fill(text: str, values: Mapping[str, object]) -> str:
    """``text`` with its placeholders filled; a value missing or malformed leaves its placeholder as it is
    (a damaged save or a translation with a wrong name must not stop a screen)."""
    if not values and "{" not in text:
        return text
    try:
        return text.format_map(_Keep(values))
    except (IndexError, ValueError, AttributeError, TypeError):
        return text


def msg(key: str, **params: object) -> Msg:
    """``msg("Hex {hex}: place the centipede.", hex=4)``"""
    return Msg(key, params)


def nmsg(singular: str, plural: str, n: int, **params: object) -> Msg:
    """``nmsg("Destroy 1 ant.", "Destroy {n} ants.", n=2)``: the form follows ``n``."""
    return Msg(singular, {"n": n, **params}, plural, "n")


def is_message(value: object) -> bool:
    return isinstance(value, Msg) or (isinstance(value, Mapping) and isinstance(value.get("key"), str))


def _rendered(value: object, lang: str | None = None) -> object:
    """A message's value as it is filled in: a message (or a stored one) rendered, a fraction written as the
    reader writes it (8.5 in English, 8,5 in Spanish), any other value as it is."""
    if is_message(value):
        return render(cast("Msg | Mapping[str, Json]", value), lang)
    if isinstance(value, float):
        return number(value, lang)
    return value


def number(value: float, lang: str | None = None) -> str:
    """A number as the reader writes it, by Babel's locale data: "8.5" / "8,5", "1,234" / "1234"; at most two
    decimals (an average), a whole number without any."""
    lang = lang or language()
    return _number(value, "en" if lang == PSEUDO else lang)


@lru_cache(maxsize=4096)
def _number(value: float, locale: str) -> str:
    """Babel's formatting, kept per value and language: a game shows the same few totals at every redraw, and
    Babel takes ~60 us a number (a point's redraw formats dozens: the chart's tooltips, the standings)."""
    from babel.numbers import format_decimal

    return format_decimal(value, format="#,##0.##", locale=locale)


def day_and_month(when: date, lang: str | None = None) -> str:
    """A day as the reader writes it in a few letters: "4 Dec" / "4 dic" (Babel's locale data), held together by
    a no-break space so a title wraps before it rather than inside it ("Competitive · 4 / Dec")."""
    from babel.dates import format_date

    lang = lang or language()
    return format_date(when, "d MMM", locale="en" if lang == PSEUDO else lang).replace(" ", "\u00a0")


def as_data(value: object) -> Json:
    """A message (or a plain text) as stored in a saved game."""
    return value.to_dict() if isinstance(value, Msg) else value


def render(value: Msg | Mapping[str, Json] | str | None, lang: str | None = None) -> str:
    """Any shown text in the reader's language: a message, a stored message, or an old plain text.

    A plain text (a game saved before messages were data, a player's name) is looked up as a key,
    so a known English sentence still translates and anything else shows as it is.
    """
    if value is None or value == "":
        return ""
    if isinstance(value, Msg):
        return value.render(lang)
    if isinstance(value, Mapping):
        return Msg.from_dict(value).render(lang) if is_message(value) else str(dict(value))
    if (lang or language()) == PSEUDO:  # a plain text, not a message: the completeness test must see it
        return f"[?{value}?]"
    return gettext(str(value), lang)


def verbatim(text: str, lang: str | None = None) -> str:
    """A text that is already the reader's (a name, a typed note): shown as it is, marked in ``qps``."""
    return _mark(text, lang or language())
