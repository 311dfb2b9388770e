"""Candidate aliases that name another entry's subject, for a person to judge against the rulebooks (#34).

An alias is a player's word for its own entry; one that names another entry's subject (an alias about farms on an
entry about aphid movement) makes a question about that subject rank the wrong entry first. This lists, for every
entry's English and Spanish aliases, those that look so:

- *elsewhere*: searched alone in an index of the corpus with every alias left out (titles, bodies, sections and
  books only), the alias ranks another section's entry first and its own entry only lower (``--margin`` score
  points or more behind) or not in the first ten: its words are another entry's words more than its own;
- *names*: of those, the ones whose words the other entry's title holds whole;
- *titles*: an alias that is another section's entry's title, word for word by stem (or the title's part before
  a bracket or colon: "Ladybug" for "Ladybug tie for most aphids"): the strongest hint, the alias is that entry's name;
- *shared*: the same alias (folded) on entries of different sections.

A candidate is not a fault: a player's slang is often in no entry's text, and an overview rightly carries its
parts' names. Each is judged by hand against the section its entry cites (``docs/rules-audit.md``); the script
only says where to look.

    .venv/bin/python scripts/audit_aliases.py [--only titles] [--margin 10] [--lang en]
"""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.rules.corpus import load_corpus  # noqa: E402
from companion.rules.model import LANGS, Corpus, Entry  # noqa: E402
from companion.rules.search import SearchIndex  # noqa: E402
from companion.rules.text import content_tokens, fold, stem  # noqa: E402

DEPTH = 10


def without_aliases(corpus: Corpus) -> SearchIndex:
    """An index of ``corpus`` whose entries carry no aliases: what each entry's own text says."""
    bare = tuple(replace(entry, aliases=(), aliases_es=()) for entry in corpus.entries)
    return SearchIndex(Corpus(bare, corpus.book_list))


def own_aliases(entry: Entry, lang: str) -> tuple[str, ...]:
    """The aliases the entry itself carries in ``lang`` (none in Spanish when it has no Spanish ones)."""
    return entry.aliases if lang == "en" else entry.aliases_es


def elsewhere(corpus: Corpus, index: SearchIndex, margin: float, langs: tuple[str, ...]) -> list[dict[str, object]]:
    """Each alias whose search, aliases left out, puts another section's entry ``margin`` points or more ahead."""
    found = []
    for entry in corpus.entries:
        for lang in langs:
            for alias in own_aliases(entry, lang):
                hits = index.search(alias, lang=lang, limit=DEPTH)
                if not hits or hits[0].id == entry.id or hits[0].id in entry.same_rule:
                    continue
                first = hits[0]
                if first.book == entry.book and first.section == entry.section:
                    continue  # a neighbour under the same heading: the same subject
                own = next((hit.score for hit in hits if hit.id == entry.id), None)
                if own is not None and first.score - own < margin:
                    continue
                other = corpus.get(first.id)
                title = set(content_tokens(other.title_in(lang), lang)) if other else set()
                words = set(content_tokens(alias, lang))
                found.append({"id": entry.id, "lang": lang, "alias": alias, "first": first.id,
                              "first_title": first.title, "gap": round(first.score - (own or 0.0), 1),
                              "own_rank": next((n for n, hit in enumerate(hits, 1) if hit.id == entry.id), None),
                              "names": bool(words) and words <= title})
    found.sort(key=lambda item: (not item["names"], -float(item["gap"])))  # type: ignore[arg-type]
    return found


def _stems(text: str, lang: str) -> tuple[str, ...]:
    return tuple(sorted({stem(word, lang) for word in content_tokens(text, lang)}))


def titles(corpus: Corpus, langs: tuple[str, ...]) -> list[tuple[str, str, str, list[str]]]:
    """Each alias that names another section's entry: its words (by stem) are that entry's title, or the title's
    part before a bracket or a colon. As ``(lang, id, alias, the entries it names)``."""
    found = []
    for lang in langs:
        named: dict[tuple[str, ...], list[Entry]] = {}
        for entry in corpus.entries:
            title = entry.title_in(lang)
            for name in {title, re.split(r"[(:]", title)[0]}:
                if words := _stems(name, lang):
                    named.setdefault(words, []).append(entry)
        for entry in corpus.entries:
            for alias in own_aliases(entry, lang):
                others = [other.id for other in named.get(_stems(alias, lang), [])
                          if other.id != entry.id and other.id not in entry.same_rule
                          and (other.book, other.section) != (entry.book, entry.section)]
                if others:
                    found.append((lang, entry.id, alias, others))
    return found


def shared(corpus: Corpus, langs: tuple[str, ...]) -> dict[tuple[str, str], list[Entry]]:
    """Each alias (folded, per language) that entries of more than one section carry."""
    holders: dict[tuple[str, str], list[Entry]] = {}
    for entry in corpus.entries:
        for lang in langs:
            for alias in own_aliases(entry, lang):
                holders.setdefault((lang, fold(alias)), []).append(entry)
    return {key: entries for key, entries in sorted(holders.items())
            if len({(entry.book, entry.section) for entry in entries}) > 1}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=("elsewhere", "titles", "shared"), action="append",
                        help="only these lists (default: all three)")
    parser.add_argument("--margin", type=float, default=10.0, help="score points the other entry leads by")
    parser.add_argument("--lang", choices=LANGS, action="append", help="only these languages (default: both)")
    args = parser.parse_args()
    corpus = load_corpus()
    langs = tuple(args.lang or LANGS)
    lists = set(args.only or ("elsewhere", "titles", "shared"))
    if "elsewhere" in lists:
        found = elsewhere(corpus, without_aliases(corpus), args.margin, langs)
        print(f"elsewhere: {len(found)} aliases (names another entry: {sum(bool(item['names']) for item in found)})")
        for item in found:
            mark = "NAMES " if item["names"] else ""
            print(f"  {mark}[{item['lang']}] {item['id']}: {item['alias']!r} -> {item['first']} "
                  f"({item['first_title']}), gap {item['gap']}, own rank {item['own_rank'] or '-'}")
    if "titles" in lists:
        named = titles(corpus, langs)
        print(f"titles: {len(named)} aliases that are another section's entry's title")
        for lang, entry_id, alias, others in named:
            print(f"  [{lang}] {entry_id}: {alias!r} names {', '.join(others)}")
    if "shared" in lists:
        both = shared(corpus, langs)
        print(f"shared: {len(both)} aliases on entries of different sections")
        for (lang, alias), entries in both.items():
            print(f"  [{lang}] {alias!r}: {', '.join(entry.id for entry in entries)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
