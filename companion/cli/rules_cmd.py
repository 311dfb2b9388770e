"""``companion rules``: search the rules, show one entry, check the corpus."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from companion.cli.common import CliError, Verb, add_verbs, arg, print_json
from companion.core.i18n import N_, tr, trf

if TYPE_CHECKING:
    from companion.rules.corpus import Corpus, Entry

LANGS = ("en", "es")


def _lang() -> str:
    """The corpus language: the reader's (``--lang``, anywhere on the line, or the environment)."""
    from companion.core.i18n import language

    lang = language()
    return lang if lang in LANGS else "en"


MAX_LIMIT = 100

HELP = N_("look up the rules")
"""The line ``companion --help`` shows for this subcommand (read from this file without importing it)."""


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("rules", help=tr(HELP),
                                   description=tr("Search and read the rules corpus."))
    actions = parser.add_subparsers(dest="rules_action", metavar=tr("ACTION"), parser_class=type(parser))
    add_verbs(actions, (
        Verb("search", tr("ranked entries answering a question"), _search, (
            arg("query", nargs="+", metavar=tr("QUESTION"), help=tr("the question, in your own words")),
            arg("--limit", metavar=tr("NUMBER"), type=_limit, default=10,
                help=trf("hits to show, 1-{most} (default: 10)", most=MAX_LIMIT)),
            arg("--book", metavar=tr("TEXT"), help=tr("only this book: a code (mm, pp, ee, as) or its full name")),
            arg("--kind", metavar=tr("TEXT"), help=tr("only this kind of entry (rule, setup, clarification, ...)")),
            arg("--json", action="store_true", help=tr("print the hits as a JSON array")))),
        Verb("show", tr("one entry in full"), _show, (
            arg("id", metavar="ID", help=tr("the entry id, e.g. mm-ladybug-tie")),
            arg("--json", action="store_true", help=tr("print the entry as JSON")))),
        Verb("check", tr("validate the corpus and count its entries"), _check),
    ))

    def missing_action(_: argparse.Namespace) -> int:
        parser.print_help()
        return 2

    parser.set_defaults(handler=missing_action)


def _limit(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if not 1 <= value <= MAX_LIMIT:
        raise argparse.ArgumentTypeError(trf("must be a whole number from 1 to {most}, got {text}", most=MAX_LIMIT,
                                             text=repr(text)))
    return value


def _search(args: argparse.Namespace) -> int:
    from companion.rules.index_cache import default_index

    try:  # an unknown book or kind, or a broken corpus (CorpusError is a ValueError)
        hits = default_index().search(
            " ".join(args.query), lang=_lang(), limit=args.limit, book=args.book, kind=args.kind
        )
    except ValueError as exc:
        raise CliError(str(exc)) from exc
    if args.json:
        print_json([hit.to_dict() for hit in hits])
        return 0
    from companion.core.i18n import language
    from companion.rules.headings import INTERPRETATION_LABEL, citation

    for hit in hits:
        reading = f"  [{tr(INTERPRETATION_LABEL)}]" if hit.interpretation else ""
        print(f"{hit.rank:5.1f}  {hit.id}  {hit.title}{reading}  ({citation(hit.book, hit.section, language())})")
        if hit.same_rule:  # the same rule in other books: shown once, with every book that states it
            print("       " + trf("Also in: {places}", places="; ".join(hit.same_rule)))
    if not hits:
        print(tr("no matching rules"))
    return 0


def _show(args: argparse.Namespace) -> int:
    corpus, entry = _entry(args.id)
    related = [(rid, corpus.get(rid)) for rid in entry.related]
    related_titles = [(rid, other.title_in(_lang()) if other else rid) for rid, other in related]
    if args.json:
        print_json(_entry_json(entry, related_titles))
    else:
        _print_entry(entry, related_titles)
    return 0


def _entry(wanted: str) -> tuple[Corpus, Entry]:
    """The corpus and its entry ``wanted``; a bad corpus or an unknown id is one line (with the ids it may mean)."""
    from companion.rules.corpus import CorpusError, load_corpus, suggest_ids

    try:
        corpus = load_corpus()
    except CorpusError as exc:
        raise CliError(str(exc)) from exc
    entry = corpus.get(wanted)
    if entry is None:
        close = suggest_ids(corpus, wanted)
        if close:
            raise CliError(trf("no rule with id {id}; did you mean {close}?", id=repr(wanted), close=", ".join(close)))
        raise CliError(trf("no rule with id {id}", id=repr(wanted)))
    return corpus, entry


def _entry_json(entry: Entry, related_titles: list[tuple[str, str]]) -> dict[str, object]:
    return {
        "id": entry.id,
        "title": entry.title_in(_lang()),
        "book": entry.book,
        "section": entry.section,
        "kind": entry.kind,
        "body": entry.body_in(_lang()),
        "aliases": list(entry.aliases_in(_lang())),
        "related": [{"id": rid, "title": title} for rid, title in related_titles],
        "interpretation": entry.interpretation,
    }


def _print_entry(entry: Entry, related_titles: list[tuple[str, str]]) -> None:
    from companion.core.i18n import language
    from companion.rules.headings import KIND_LABELS, citation

    kind = tr(KIND_LABELS[entry.kind]).lower() if language() != "en" and entry.kind in KIND_LABELS else entry.kind
    print(entry.title_in(_lang()))
    print(f"{citation(entry.book, entry.section, language())}  ({kind})")
    if entry.interpretation:
        print(tr("Interpretation: the book leaves this unsaid; what follows is our reading."))
    print()
    print(entry.body_in(_lang()))
    if related_titles:
        print()
        print(tr("See also:"))
        for rid, title in related_titles:
            print(f"  {rid}  {title}")


def _check(_: argparse.Namespace) -> int:
    from companion.paths import data_dir
    from companion.rules.corpus import CorpusError, read_corpus, unit_rule_files

    try:
        corpus = read_corpus(data_dir() / "rules", unit_rule_files())
    except CorpusError as exc:
        raise CliError(trf("rules corpus invalid: {problem}", problem=str(exc))) from exc
    summary = corpus.summary()
    from companion.rules.headings import KIND_LABELS

    print(trf("{count} entries, valid", count=len(corpus)))
    for heading, counts in summary.items():
        print(tr("by kind:") if heading == "kind" else tr("by book:"))
        for name, count in counts.items():
            shown = tr(KIND_LABELS[name]).lower() if heading == "kind" and name in KIND_LABELS else name
            print(f"  {count:4d}  {shown}")
    return 0
