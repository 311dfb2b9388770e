"""What every ``companion solo`` verb shares: its arguments, her game opened, one command run, what is printed.

``--json`` prints the whole Broodmother view (what a screen would show) so scripts can read the state - its
``actions`` say which of her commands run now, or why not - else the step's label, her report and her open question,
in the reader's language.
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from typing import TYPE_CHECKING

from companion.cli.common import Arg, CliError, arg, db_option, open_store, print_json
from companion.core.i18n import N_, tr, trf

if TYPE_CHECKING:
    from companion.core.broodmother.shown import BroodmotherView, QuestionShown
    from companion.core.commands.base import Command
    from companion.core.schema import Ended
    from companion.core.session import Session
    from companion.core.state import State

TUNNEL_WORDS = ("0", "tunnel", "gt", "great-tunnel")
ZONES = ("inner", "outer")
WORDS = {"inner": N_("inner"), "outer": N_("outer"), "virtual": N_("virtual"), "physical": N_("physical"),
         "solo": N_("solo"), "coop": N_("co-op"), "asymmetric": N_("asymmetric")}
"""Ids the status lines show, as words in the reader's language."""


def shared(game: bool = True) -> tuple[Arg, ...]:
    """What every action takes: ``--db``, ``--json`` and (but ``new``) the game's id."""
    return (db_option(), arg("--json", action="store_true", help=tr("print the Broodmother view as JSON")),
            *([arg("id", metavar="ID", help=tr("the game id (companion game list)"))] if game else []))


def place(text: str) -> int:
    if text.lower() in TUNNEL_WORDS:
        return 0
    try:
        return int(text)
    except ValueError:
        raise CliError(trf("{text}: give a hex number, or 'tunnel' for the Great Tunnel", text=repr(text))) from None


def session_of(args: argparse.Namespace) -> Session:
    """The saved game, refused with one line before anything changes if it has no Broodmother."""
    from companion.core.broodmother.model import has_broodmother

    session = open_store(args).session(args.id)
    if not has_broodmother(session.state):
        raise CliError(trf("game {id} has no Broodmother (mode {mode}); `companion game --help` lists what plays it "
                           "(next, finish, end-early, do ...)", id=session.id, mode=session.state["mode"]))
    return session


def run(args: argparse.Namespace, command: Command) -> int:
    """Execute one core command on the saved game and print the outcome."""
    session = session_of(args)
    label = session.execute(command).text
    show(args, session, label)
    return 0


def show(args: argparse.Namespace, session: Session, label: str | None) -> None:
    """``--json``: the whole Broodmother view, the same for every subcommand; else the label and report."""
    from companion.core.broodmother import broodmother_view
    from companion.core.outcome import reason_message

    view = broodmother_view(session.state, session.content)
    if args.json:
        print_json({"id": session.id, "label": label, "round": session.state["round"],
                    "phase": session.state["phase"], "ended": _ended(session.state["ended"]), "view": _rendered(view)})
        return
    if label:
        print(label)
    print_report(view)
    if session.state["ended"]:
        print(_trf("Game over: {reason}", reason=reason_message(session.state["ended"])))


def _ended(ended: Ended | None) -> Mapping[str, object] | None:
    """How the game ended, its reason in the reader's words."""
    from companion.core.i18n import render

    return ended and {**ended, "reason": render(ended["reason"])}


def _rendered(view: BroodmotherView) -> Mapping[str, object]:
    """The view for ``--json`` with her report (each line keeps its message too) and the reasons her commands are
    refused now (``actions``: each command as its JSON key -> null when it runs) in the reader's words."""
    from companion.core.i18n import render

    shown: dict[str, object] = {**view}
    if "actions" in view:
        shown["actions"] = {key: None if reason is None else render(reason) for key, reason in view["actions"].items()}
    report = view.get("report")
    if not report:
        return shown
    lines = [{**line, "text": render(line["text"]), "message": line["text"]} for line in report["lines"]]
    return {**shown, "report": {**report, "title": render(report["title"]), "lines": lines}}


def print_report(view: BroodmotherView) -> None:
    from companion.core.i18n import render

    report = view["report"]
    if report:
        print(f"== {render(report['title'])}")
        for line in report["lines"]:
            print(f"  - {render(line['text'])}")
        shown = {i["id"]: i["text"] for i in view["interpretations"]["current"]}
        for reading in report.get("interpretations", []):
            if reading in shown:
                print(f"  * {shown[reading]}")
    q = view["question"]
    if q:
        print(f"? {q['text']}")
        print(_trf("  answer with: companion solo answer ID {hint}", hint=answer_hint(q)))


def answer_hint(q: QuestionShown) -> str:
    """The options that answer this question, read from the question itself."""
    words = []
    for f in q["fields"]:
        if f.get("hidden"):
            continue
        words.append(flag(f["name"]) if f["type"] == "bool" else f"{flag(f['name'])} {f['name'].upper()}")
    for b in q["buttons"]:
        for key, value in b["args"].items():
            if value is True and key not in {f["name"] for f in q["fields"]}:
                words.append(f"| {flag(key)}")
    return " ".join(words)


def flag(name: str) -> str:
    return "--" + name.replace("_", "-")


def status_lines(view: BroodmotherView, state: State, phase: str) -> list[str]:
    """A compact text panel of the view, in the reader's language."""
    return [*_her_lines(view, state, phase), *_hex_lines(view), *_deck_lines(view),
            _trf("Slumber now: {sum}", sum=view["slumber"]["sum"])]


def _her_lines(view: BroodmotherView, state: State, phase: str) -> list[str]:
    """The round, her thresholds and points, where she is, the centipedes."""
    t, cp, m = view["thresholds"], view["cp"], view["machinations"]
    her = view["her"]
    if her["found"]:
        where = (_trf("on hex {hex} (destroyed)", hex=her["hex"]) if her["destroyed"]
                 else _trf("on hex {hex}", hex=her["hex"]))
    else:
        where = tr("not found")
    tunnel = view["meadow"]["tunnel"]
    return [
        _trf("Round {round} ({phase}), {mode}, {difficulty}", round=state["round"], phase=tr(phase),
             mode=tr(WORDS.get(view["mode"], view["mode"])), difficulty=tr(view["difficulty"]["name"])),
        _trf("Thresholds: plot {plot} / CP {cp} / centipedes {centipedes}; Initiative Tokens: {initiative}",
             plot=t["plot"], cp=t["cp"], centipedes=t["centipedes"], initiative=view["initiative"]),
        _trf("Her CP: {total} (best colony {best}, lead {lead}); machinations level {level}, plot pile {pile}/{of}",
             total=cp["total"], best=cp["best_ant"], lead=cp["lead"], level=m["level"], pile=m["plot_pile"],
             of=m["plot_threshold"]),
        _trf("Broodmother: {where}", where=where),
        (_trf("Centipedes in the Meadow: {centipedes}; Great Tunnel: nymph yes, centipedes {tunnel}",
              centipedes=view["meadow"]["centipedes"], tunnel=tunnel["centipedes"]) if tunnel["nymph"] else
         _trf("Centipedes in the Meadow: {centipedes}; Great Tunnel: nymph no, centipedes {tunnel}",
              centipedes=view["meadow"]["centipedes"], tunnel=tunnel["centipedes"])),
    ]


def _hex_lines(view: BroodmotherView) -> list[str]:
    """One line a meadow hex: zone, free sites, nymphs and what stands on it."""
    lines = []
    for h in view["meadow"]["hexes"]:
        marks = [tr(m) for m, on in ((N_("centipede"), h["centipede"]), (N_("centipede hex"), h["centipede_hex"]),
                                     (N_("Nest"), h["nest"]), (N_("Broodmother"), h["broodmother"])) if on]
        lines.append(_trf("  hex {hex} {zone} free sites {sites}  nymphs {nymphs}  {marks}",
                          hex=format(h["number"], ">2"), zone=format(tr(WORDS.get(h["zone"], h["zone"])), "<5"),
                          sites=h["sites"], nymphs=h["nymphs"],
                          marks=", ".join(marks + [tr(p) for p in h["predators"]])).rstrip())
    return lines


def _deck_lines(view: BroodmotherView) -> list[str]:
    """Her deck's piles and (when shown) the odds of her next action."""
    d = view["deck"]
    lines = [_trf("Her deck ({mode}): draw {draw}, discard {discard}, plot {plot}",
                  mode=tr(WORDS.get(d["mode"], d["mode"])),
                  draw=d["draw_total"], discard=d["discard_total"], plot=d["plot"])]
    for o in d["odds"] or []:
        lines.append(_trf("  next {action} {cards}/{of} ({percent}%)", action=format(tr(o["action_name"]), "<7"),
                          cards=o["cards"], of=o["of"], percent=o["percent"]))
    return lines


_trf = trf  # a whole sentence in the reader's language (``--lang`` or ``LANG``)
