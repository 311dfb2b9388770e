"""The message catalogue's upkeep: extract every text from the code (Babel), update and check the ``.po``.

``python -m companion.catalog update`` extracts the texts marked in ``companion/`` (``tr``, ``trf``,
``trn``, ``msg``, ``nmsg``, ``N_``) and the names in the game content, and merges them into each
language's ``companion/locale/<lang>/LC_MESSAGES/companion.po`` (new texts come in untranslated,
texts no longer used are dropped). ``python -m companion.catalog missing [LANG]`` lists the texts a
language has no translation for - the list a translator works from, and the one the tests check.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from pathlib import Path
from typing import cast

from companion.core.i18n import DOMAIN, LANGUAGES, LOCALE_DIR, po_path

PACKAGE = Path(__file__).resolve().parent
KEYWORDS: dict[str, tuple[int, ...] | None] = {
    "tr": None, "trf": None, "_trf": None, "trn": (1, 2), "msg": None, "nmsg": (1, 2), "N_": None,
    "gettext": None, "ngettext": (1, 2), "Msg": None,
}



def extract() -> dict[str, tuple[str | None, list[str]]]:
    """Every msgid in the code: ``{singular: (plural or None, ["path:line", ...])}``."""
    from babel.messages.extract import extract_from_dir

    found: dict[str, tuple[str | None, list[str]]] = {}
    method_map = [("**/locale/**", "ignore"), ("**.py", "python")]
    for filename, lineno, message, _comments, _context in extract_from_dir(
            str(PACKAGE), method_map=method_map, keywords=KEYWORDS, comment_tags=("i18n:",)):
        singular, plural = (message[0], message[1]) if isinstance(message, tuple) else (message, None)
        if not singular:
            continue
        previous = found.get(singular, (plural, []))
        found[singular] = (plural or previous[0], [*previous[1], f"companion/{filename}:{lineno}"])
    for place, texts in content_sources():
        for text in texts:
            found.setdefault(text, (None, [f"{place}:0"]))
    from companion.cli.common import ARGPARSE_PLURALS

    for singular, plural in ARGPARSE_PLURALS:  # argparse's own, looked up through ours (cli.common)
        found.setdefault(singular, (plural, ["companion/cli/common.py:0"]))
    return found


def content_texts() -> list[str]:
    """Names and texts of the game content shown through a message: the games' own, and each module unit's."""
    return list(dict.fromkeys(text for _, texts in content_sources() for text in texts))


def content_sources() -> list[tuple[str, list[str]]]:
    """Where each text of the content comes from: ``data/game``, then each module unit's data folder.

    The units are discovered (``companion.core.units``): each brings its modules', variants' and setup
    steps' words (its ``module.json``) and says which texts of its own data a player reads.
    """
    from companion.core.content import GamesFile, ModeData, SetupFile, load_checked
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
        found.append((f"data/{unit.data_folder()}", words + (unit.texts() if unit.texts else [])))
    return found


def _read(lang: str) -> object:
    from babel.messages.pofile import read_po

    path = po_path(lang)
    with path.open("rb") as handle:
        return read_po(handle, locale=lang, domain=DOMAIN)


def translated(lang: str) -> set[str]:
    """The msgids ``lang`` translates (every plural form filled in)."""
    catalog = _read(lang)
    done: set[str] = set()
    for message in catalog:  # type: ignore[attr-defined]
        ident = message.id[0] if isinstance(message.id, tuple) else message.id
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if ident and all(strings) and not message.fuzzy:
            done.add(ident)
    return done


def missing(lang: str, wanted: Iterable[str] | None = None) -> list[str]:
    """The texts of the code ``lang`` has no translation for, in code order."""
    have = translated(lang)
    return [text for text in (wanted if wanted is not None else extract()) if text not in have]


def update(lang: str) -> int:
    """Merge the code's texts into ``lang``'s ``.po``; returns how many are still untranslated."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    template = Catalog(domain=DOMAIN, project="March of the Ants companion")
    for singular, (plural, places) in extract().items():
        ident: str | tuple[str, str] = (singular, plural) if plural else singular
        template.add(ident, locations=[(p.rsplit(":", 1)[0], int(p.rsplit(":", 1)[1])) for p in places[:3]])
    path = po_path(lang)
    if path.is_file():
        catalog = _read(lang)
        catalog.update(template, update_header_comment=False, no_fuzzy_matching=True)  # type: ignore[attr-defined]
        catalog.obsolete.clear()  # type: ignore[attr-defined]
    else:
        catalog = Catalog(locale=lang, domain=DOMAIN, project="March of the Ants companion")
        catalog.update(template)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as handle:
        write_po(handle, catalog, width=120, sort_output=False)  # type: ignore[arg-type]
    return len(missing(lang))


def main(argv: list[str]) -> int:
    action, *rest = argv or ["missing"]
    langs = rest or [lang for lang in LANGUAGES if lang != "en"]
    if action == "update":
        for lang in langs:
            print(f"{lang}: {update(lang)} texts still to translate ({po_path(lang).relative_to(LOCALE_DIR.parent)})")
        return 0
    if action == "missing":
        gaps = [(lang, text) for lang in langs for text in missing(lang)]
        for lang, text in gaps:
            print(f"{lang}\t{text}")
        return 1 if gaps else 0
    print("usage: python -m companion.catalog update|missing [LANG ...]", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
