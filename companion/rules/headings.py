"""Citations in the reader's language: the Spanish rulebook's headings, ``data/rules/headings-es.json``.

Only *Minions of the Meadow* has a Spanish rulebook (part 1); for a section it has, a Spanish reader is
pointed at its Spanish heading ("Minions of the Meadow > Contador de Maniobras de la Madre de la Camada").
Any other section keeps its English heading, marked as the English rulebook's. Every heading named in
the file must be a section of its book in ``sections.json`` (checked when loaded).
"""

from __future__ import annotations

import json
from functools import cache
from typing import TYPE_CHECKING

from companion.core.i18n import N_
from companion.paths import data_dir

if TYPE_CHECKING:
    from companion.core.schema import Json

#: The kinds of entry as a chip or a citation names them (translated where shown).
KIND_LABELS = {"rule": N_("Rule"), "setup": N_("Setup"), "clarification": N_("Clarification"),
               "card note": N_("Card note"), "glossary": N_("Glossary"), "symbol": N_("Symbol"),
               "example": N_("Example"), "variant": N_("Variant")}
#: The label of an entry that reads what its book leaves unsaid (``Entry.interpretation``), translated where shown.
INTERPRETATION_LABEL = N_("Interpretation")


@cache
def spanish_headings() -> dict[str, tuple[str, dict[str, str]]]:
    """``{English book: (Spanish title, {English section: Spanish heading})}``, checked against the corpus."""
    from companion.rules.index_cache import default_index

    path = data_dir() / "rules" / "headings-es.json"
    raw: Json = json.loads(path.read_text("utf-8"))
    books = {book.name: book for book in default_index().corpus.book_list}  # the checked corpus's books
    out: dict[str, tuple[str, dict[str, str]]] = {}
    for name, info in raw.get("books", {}).items():
        if name not in books:
            raise _corpus_error(f"headings-es.json: {name!r} is not a book of the corpus")
        unknown = sorted(set(info["sections"]) - set(books[name].sections))
        if unknown:
            raise _corpus_error(f"headings-es.json: {name}: not sections of the book: {', '.join(unknown)}")
        out[name] = (str(info["title"]), {str(k): str(v) for k, v in info["sections"].items()})
    return out


def _corpus_error(text: str) -> Exception:
    """A CorpusError, its module imported only when the file is wrong (a search does not import the checks)."""
    from companion.rules.corpus import CorpusError

    return CorpusError(text)


def citation(book: str, section: str, lang: str) -> str:
    """"Book > Section" as the reader's rulebook says it (Spanish where the Spanish rulebook has it)."""
    from companion.core.i18n import msg, render, verbatim

    if lang != "es":
        return verbatim(f"{book} > {section}", lang)  # English (marked in the pseudo-locale)
    title, sections = spanish_headings().get(book, (book, {}))
    if section in sections:
        return f"{title} > {sections[section]}"
    return render(msg("{book} > {section} (English rulebook)", book=book, section=section), lang)
