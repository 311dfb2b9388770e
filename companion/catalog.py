"""The message catalogues' upkeep: extract every text (Babel), put each in its catalogue, update and check them.

``python -m companion.catalog update`` extracts the texts marked in ``companion/`` (``tr``, ``trf``,
``trn``, ``msg``, ``nmsg``, ``N_``; and in a unit's package that lives elsewhere) and the names in the
game content, and merges them into each language's catalogues, each text where it belongs: a text that
only one module unit uses (its package, its data, its panels' and verbs' modules) in that unit's own
``locale/<lang>.po`` in its data folder (``data/symbiotes/locale/es.po``); a text of shared code, of the
game's own data or of several units in the shared ``companion/locale/<lang>/LC_MESSAGES/companion.po``.
New texts come in untranslated at the end of their catalogue, texts no longer used are dropped, and a text
whose place changed (an entry appended to the shared file for a unit's text, a text a second unit now uses)
moves with its translation, comments and flags; every other entry is left as it was, in its place, so the
entries parallel branches append to a catalogue merge. ``python -m companion.catalog missing [LANG]`` lists
the texts a language has no translation for - the list a translator works from, and the one the tests
check - and the texts not in their place (``update`` puts them there).
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, cast

from companion.core.i18n import (
    DOMAIN,
    LANGUAGES,
    is_translated,
    merged,
    po_path,
    po_paths,
    read_catalogue,
    unit_po_name,
)

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog, Message

PACKAGE = Path(__file__).resolve().parent
ROOT = PACKAGE.parent
PROJECT = "March of the Ants companion"
KEYWORDS: dict[str, tuple[int, ...] | None] = {
    "tr": None, "trf": None, "_trf": None, "trn": (1, 2), "msg": None, "nmsg": (1, 2), "N_": None,
    "gettext": None, "ngettext": (1, 2), "Msg": None,
}

Found = dict[str, tuple[str | None, list[str]]]
"""Every msgid: ``{singular: (plural or None, ["path:line", ...])}``."""


def shown(path: Path) -> str:
    """A file or folder as a place names it: from the checkout's root when inside it, else whole."""
    path = path.resolve()
    return path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else path.as_posix()


def data_place(folder: str) -> str:
    """A unit's data folder as a place names it: ``data/symbiotes`` (wherever ``data/`` is), or whole."""
    return folder if Path(folder).is_absolute() else f"data/{folder}"


def extract() -> Found:
    """Every msgid in the code and the content, with every place it is used from."""
    found: Found = {}
    for folder in code_folders():
        _extract_code(found, folder)
    for place, texts in content_sources():
        for text in texts:
            _add(found, text, None, f"{place}:0")
    from companion.cli.common import ARGPARSE_PLURALS

    for singular, plural in ARGPARSE_PLURALS:  # argparse's own, looked up through ours (cli.common)
        found.setdefault(singular, (plural, ["companion/cli/common.py:0"]))
    return found


def code_folders() -> list[Path]:
    """``companion/``, and each unit package living outside it (a module in a folder of its own)."""
    from companion.core.unit_files import area_folders

    return [PACKAGE, *(f for f in area_folders().values() if not f.resolve().is_relative_to(PACKAGE))]


def _extract_code(found: Found, folder: Path) -> None:
    from babel.messages.extract import extract_from_dir

    method_map = [("**/locale/**", "ignore"), ("**.py", "python")]
    for filename, lineno, message, _comments, _context in extract_from_dir(
            str(folder), method_map=method_map, keywords=KEYWORDS, comment_tags=("i18n:",)):
        singular, plural = (message[0], message[1]) if isinstance(message, tuple) else (message, None)
        if singular:
            _add(found, singular, plural, f"{shown(folder / filename)}:{lineno}")


def _add(found: Found, singular: str, plural: str | None, place: str) -> None:
    previous = found.get(singular, (plural, []))
    found[singular] = (plural or previous[0], [*previous[1], place])


def content_texts() -> list[str]:
    """Names and texts of the game content shown through a message: the games' own, and each module unit's."""
    return list(dict.fromkeys(text for _, texts in content_sources() for text in texts))


def content_sources() -> list[tuple[str, list[str]]]:
    """Where each text of the content comes from: ``data/game``, then each module unit's data folder.

    The units are discovered (``companion.core.units``): each brings its modules', variants' and setup
    steps' words (its ``module.json``) and says which texts of its own data a player reads.
    """
    from companion.core.content_files import GamesFile, ModeData, SetupFile
    from companion.core.datafiles import load_checked
    from companion.core.units import all_units

    games, setup = load_checked(GamesFile, "game/games.json"), load_checked(SetupFile, "game/setup.json")
    texts: list[str] = []
    for game in games["games"].values():
        texts += [game["edition"], *cast(dict[str, str], game["terms"]).values()]
        texts += [c.capitalize() for c in game["colours"]]
        texts += [t for phase in game["phases"] for t in (phase["name"], phase["phase"])]
    texts += [mode["name"] for mode in cast(dict[str, ModeData], games["modes"]).values()]
    found = [("data/game", texts + [step["text"] for step in setup["steps"]])]
    for unit in all_units():
        own = unit.declaration()
        entries = [*own.get("modules", {}).values(), *own.get("variants", {}).values()]
        words = [entry["name"] for entry in entries]
        words += [step["text"] for step in own.get("steps", [])]
        found.append((data_place(unit.data_folder()), words + (unit.texts() if unit.texts else [])))
    return found


# -- where each text belongs ------------------------------------------------------------
def unit_places() -> dict[str, tuple[str, ...]]:
    """The files and folders each unit's texts are used from: its package, its data folder, its panels' and
    verbs' modules (a module two units name is shared by them)."""
    from importlib.util import find_spec

    from companion.core.unit_files import area_folders
    from companion.core.units import all_units

    def module_place(name: str) -> str:
        origin = Path(getattr(find_spec(name), "origin", None) or name)
        return shown(origin.parent if origin.name == "__init__.py" else origin)

    folders = area_folders()
    return {unit.id: (shown(folders[unit.id]), data_place(unit.data_folder()),
                      *(module_place(m) for m in (*unit.panels, *unit.cli))) for unit in all_units()}


def owner(place: str, places: Mapping[str, tuple[str, ...]]) -> str | None:
    """The one unit a place (``path:line``) belongs to, or None (shared code, or files of several units)."""
    path = place.rsplit(":", 1)[0]
    owners = {unit for unit, roots in places.items() if any(path == r or path.startswith(f"{r}/") for r in roots)}
    return owners.pop() if len(owners) == 1 else None


def homes(found: Found) -> dict[str, str | None]:
    """Each text's unit: the one unit every place using it belongs to; None (shared) for any other text."""
    places = unit_places()
    out: dict[str, str | None] = {}
    for text, (_plural, used) in found.items():
        owners = {owner(place, places) for place in used}
        out[text] = owners.pop() if len(owners) == 1 else None
    return out


def home_path(lang: str, unit: str | None) -> Path:
    """The catalogue a text of ``unit`` (None: shared) is kept in."""
    from companion.core.unit_files import data_folder_of
    from companion.paths import data_dir

    return po_path(lang) if unit is None else data_dir() / (data_folder_of(unit) or unit) / unit_po_name(lang)


def placement(lang: str, found: Found | None = None) -> dict[str, Path]:
    """Each text of the code and the content with the catalogue it belongs in."""
    found = extract() if found is None else found
    return {text: home_path(lang, unit) for text, unit in homes(found).items()}


# -- reading and writing ----------------------------------------------------------------
def translated(lang: str) -> set[str]:
    """The msgids ``lang`` translates (every plural form filled in), in any of its catalogues."""
    from companion.core.i18n import catalogue

    found = catalogue(lang)
    return {_key(message) for message in found if is_translated(message)} if found is not None else set()


def _key(message: Message) -> str:
    return str(message.id[0] if isinstance(message.id, (list, tuple)) else message.id)


def missing(lang: str, wanted: Iterable[str] | None = None) -> list[str]:
    """The texts of the code ``lang`` has no translation for, in code order."""
    have = translated(lang)
    return [text for text in (wanted if wanted is not None else extract()) if text not in have]


def misplaced(lang: str, found: Found | None = None) -> list[str]:
    """The texts kept in a catalogue other than the one they belong in (``update`` moves them)."""
    belongs = placement(lang, found)
    out = []
    for path in po_paths(lang):
        for message in read_catalogue(path, lang):
            text = _key(message)
            if text in belongs and belongs[text] != path:
                out.append(f"{text!r}: in {shown(path)}, belongs in {shown(belongs[text])}")
    return out


def update(lang: str) -> int:
    """Merge the code's texts into ``lang``'s catalogues, each in its place; returns how many are untranslated."""
    found = extract()
    belongs = placement(lang, found)
    from babel.messages.catalog import Catalog

    existing = {path: read_catalogue(path, lang) for path in po_paths(lang)}
    kept = {_key(m): m for m in merged([Catalog(locale=lang), *existing.values()]) if m.id}  # what a reader sees
    for path in dict.fromkeys([po_path(lang), *existing, *belongs.values()]):
        texts = [text for text in found if belongs[text] == path]
        if texts or path == po_path(lang):
            _write(path, _filled(existing.get(path) or _new_catalogue(lang), texts, found, kept))
        else:
            _remove(path)
    return len(missing(lang, found))


def _filled(catalog: Catalog, texts: list[str], found: Found, kept: Mapping[str, Message]) -> Catalog:
    """``catalog`` holding exactly ``texts``, each with its translation, comments and flags (``kept``).

    An entry it had keeps its place and its locations; the others come at its end, in code order. So a catalogue
    changes only where a text came, went or moved, and the entries two branches append to it merge.
    """
    had = {_key(m): (n, m.locations) for n, m in enumerate(m for m in catalog if m.id)}
    for message in [m for m in catalog if m.id]:
        del catalog[message.id]
    for text in texts:
        if text in kept:
            catalog[kept[text].id] = kept[text]
    # the file's date is kept too: a catalogue whose texts did not change is left byte for byte as it was
    catalog.update(_template(sorted(texts, key=lambda t: had[t][0] if t in had else len(had)), found, had),
                   update_header_comment=False, update_creation_date=False, no_fuzzy_matching=True)
    catalog.obsolete.clear()
    for message in catalog:  # a translated entry keeps its flags as written (Babel would add its format flags)
        if message.id and _key(message) in kept:
            message.flags = set(kept[_key(message)].flags) | (message.flags & {"fuzzy"})
    return catalog


def _template(texts: list[str], found: Found, had: Mapping[str, tuple[int, list[tuple[str, int]]]]) -> Catalog:
    """The texts as Babel's template, in that order: a text new to the catalogue with its first places in the code."""
    from babel.messages.catalog import Catalog

    template = Catalog(domain=DOMAIN, project=PROJECT)
    for text in texts:
        plural, places = found[text]
        fresh = [(p.rsplit(":", 1)[0], int(p.rsplit(":", 1)[1])) for p in places[:3]]
        template.add((text, plural) if plural else text, locations=had[text][1] if text in had else fresh)
    return template


def _new_catalogue(lang: str) -> Catalog:
    """A unit's first catalogue of ``lang``: the shared one's header (its plural forms: Babel's own data gives
    Spanish a third form, for millions, that our catalogues do not have), no entries."""
    from babel.messages.catalog import Catalog

    catalog = Catalog(locale=lang, domain=DOMAIN, project=PROJECT, fuzzy=False)
    if po_path(lang).is_file():
        shared = read_catalogue(po_path(lang), lang)
        catalog.header_comment, catalog.mime_headers = shared.header_comment, shared.mime_headers
    return catalog


def _write(path: Path, catalog: Catalog) -> None:
    import io

    from babel.messages.pofile import write_po

    buffer = io.BytesIO()
    write_po(buffer, catalog, width=120, sort_output=False)
    written = buffer.getvalue().rstrip(b"\n") + b"\n"  # no blank line at its end: an entry appended by hand fits
    if not path.is_file() or path.read_bytes() != written:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(written)


def _remove(path: Path) -> None:
    """A unit's catalogue left with no text of its own (its texts became shared, or went away)."""
    path.unlink(missing_ok=True)
    if path.parent.is_dir() and not any(path.parent.iterdir()):
        path.parent.rmdir()


def main(argv: list[str]) -> int:
    action, *rest = argv or ["missing"]
    langs = rest or [lang for lang in LANGUAGES if lang != "en"]
    if action == "update":
        for lang in langs:
            print(f"{lang}: {update(lang)} texts still to translate ({len(po_paths(lang))} catalogues)")
        return 0
    if action == "missing":
        found = extract()
        gaps = [(lang, text) for lang in langs for text in missing(lang, found)]
        gaps += [(lang, f"not in its place (run update): {place}") for lang in langs
                 for place in misplaced(lang, found)]
        for lang, text in gaps:
            print(f"{lang}\t{text}")
        return 1 if gaps else 0
    print("usage: python -m companion.catalog update|missing [LANG ...]", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
