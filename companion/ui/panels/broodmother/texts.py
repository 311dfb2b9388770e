"""Words and numbers for the Broodmother panels, read off ``broodmother_view``: no Flet, no rules.

The core decides everything; these helpers only turn its plain data into the short faces
a phone shows and the longer labels a screen reader announces, and turn what a player
typed into command arguments. Kept free of Flet so plain pytest covers them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from companion.core.broodmother.actions import (
    composition as composition,  # her deck's make-up: the core's, read here too
)
from companion.core.broodmother.checklist import ChecklistItem
from companion.core.broodmother.deck import OddsRow
from companion.core.broodmother.model import TUNNEL  # the place number the core's commands use for the Great Tunnel
from companion.core.broodmother.schema import Her, Tunnel
from companion.core.broodmother.shown import HexRow, QuestionShown
from companion.core.errors import GameError
from companion.core.i18n import N_
from companion.core.schema import Json
from companion.ui.i18n import tr, trf, trn

# Presentation names for the fields the core's questions ask (the view gives only ids).
FIELD_LABELS = {
    "number": N_("Hex number"),
    "sites": N_("Free collection sites"),
    "zone": N_("Where it goes"),
    "centipede_hex": N_("It is a centipede hex"),
    "nest": N_("It is the Nest of Centipedes"),
    "hex": N_("Hex"),
    "destroyed": N_("Ants destroyed"),
}
ZONE_NAMES = {"inner": N_("Inner Meadow"), "outer": N_("Outer Meadow")}
# A small number field is a stepper; a larger one (a hex number) is typed.
STEPPER_MAX = 20


def field_label(name: str) -> str:
    return tr(FIELD_LABELS[name]) if name in FIELD_LABELS else tr(name.replace("_", " ").capitalize())


def slug(value: object) -> str:
    return str(value).lower().replace("_", "-").replace(" ", "-")


def answer_id(args: Mapping[str, Json]) -> str:
    """A stable identifier for an answer button, from the arguments it sends.

    ``{"hex": 4}`` -> ``bm-answer-hex-4``; ``{"deck_empty": True}`` -> ``bm-answer-deck-empty``.
    """
    parts = []
    for key, value in sorted(args.items()):
        parts.append(slug(key) if value is True else f"{slug(key)}-{slug(value)}")
    return "bm-answer-" + "-".join(parts)


def question_key(question: QuestionShown | None) -> str | None:
    """What identifies one open question, so typed answers are kept for it and dropped after."""
    if not question:
        return None
    return f"{question['kind']}|{question.get('asked')}|{question.get('more_after', 0)}|{question['text']}"


def input_fields(question: Mapping[str, Json]) -> list[dict[str, Json]]:
    """The fields a player fills in: not hidden, and not already given by an answer button."""
    given = {key for button in question.get("buttons", []) for key in button["args"]}
    return [dict(f) for f in question.get("fields", []) if not f.get("hidden") and f["name"] not in given]


def field_default(field: Mapping[str, Json]) -> object:
    if "default" in field:
        return field["default"]
    if field["type"] == "int":
        return "" if is_typed(field) or field.get("required") else field.get("min", 0)
    if field["type"] == "bool":
        return False
    return None


def is_typed(field: Mapping[str, Json]) -> bool:
    """A number with a wide range is typed; a small one gets a stepper."""
    return field["type"] == "int" and int(field.get("max", 99)) - int(field.get("min", 0)) > STEPPER_MAX


def parse_whole(text: str, what: str) -> int:
    """A typed whole number; the core decides whether it is allowed."""
    cleaned = str(text).strip()
    try:
        return int(cleaned)
    except ValueError:
        raise GameError(trf("{what}: type a whole number, not '{typed}'.", what=what, typed=cleaned)) from None


def answer_kwargs(question: Mapping[str, Json], values: Mapping[str, Json],
                  args: Mapping[str, Json]) -> tuple[dict[str, Json], list[str]]:
    """The command arguments for one answer button, and the labels of fields left empty.

    Empty typed fields are left out (the core's default applies), so a button that needs
    no typing - "The hex deck is empty" - works with an empty form; the caller names the
    empty fields only if the core then refuses.
    """
    kwargs: dict[str, Json] = {}
    missing: list[str] = []
    for field in input_fields(question):
        name = field["name"]
        value = values.get(name, field_default(field))
        if field["type"] == "int" and (is_typed(field) or field.get("required")):
            if str(value).strip() == "":
                missing.append(field_label(name))
                continue
            value = parse_whole(str(value), field_label(name))
        kwargs[name] = value
    kwargs.update(args)
    return kwargs, missing


# -- places and hexes --------------------------------------------------------------------
def place_name(where: int | None) -> str:
    if where is None:
        return ""
    return tr("Great Tunnel") if where == TUNNEL else trf("Hex {hex}", hex=where)


def hex_marks(row: HexRow) -> list[str]:
    """What stands out on a hex, in the order a player scans for it."""
    marks = []
    if row.get("broodmother"):
        marks.append(tr("Broodmother"))
    if row.get("nest"):
        marks.append(tr("Nest"))
    if row.get("centipede"):
        marks.append(tr("centipede"))
    if row.get("centipede_hex"):
        marks.append(tr("centipede hex"))
    marks += [tr(p) for p in row.get("predators", [])]
    return marks


def hex_face(row: HexRow) -> tuple[str, str]:
    """Two short lines for a hex row: 'Hex 4 · Inner' and '2 nymphs · 1 free site · centipede'."""
    first = (trf("Hex {hex} · Inner", hex=row["number"]) if row["zone"] == "inner"
             else trf("Hex {hex} · Outer", hex=row["number"]))
    parts = [trn("{n} nymph", "{n} nymphs", row["nymphs"]), trn("{n} free site", "{n} free sites", row["sites"]),
             *hex_marks(row)]
    return first, " · ".join(parts)


def hex_label(row: HexRow) -> str:
    marks = hex_marks(row)
    nymphs = trn("{n} nymph", "{n} nymphs", row["nymphs"])
    sites = trn("{n} free collection site", "{n} free collection sites", row["sites"])
    said = trf("Hex {hex}, {zone}: {nymphs}, {sites}", hex=row["number"], zone=tr(ZONE_NAMES[row["zone"]]),
               nymphs=nymphs, sites=sites)
    return trf("{said}, {marks}", said=said, marks=", ".join(marks)) if marks else said


def tunnel_face(tunnel: Tunnel) -> str:
    centipedes = trn("{n} centipede", "{n} centipedes", tunnel["centipedes"])
    if tunnel["nymph"]:
        return trf("a nymph · {centipedes}", centipedes=centipedes)
    return trf("no nymph · {centipedes}", centipedes=centipedes)


def her_place(her: Her) -> str:
    if her.get("destroyed"):
        return trf("destroyed (she was on hex {hex})", hex=her["hex"])
    if her.get("found"):
        return trf("on hex {hex}, the Nest of Centipedes", hex=her["hex"])
    return tr("not found yet: the Nest of Centipedes is still hidden")


# -- her deck ------------------------------------------------------------------------------
def pile_line(name: str, total: int, counts: Mapping[str, int], type_names: Mapping[str, str]) -> str:
    """'Draw pile: 47 cards (Event 17, Colony Goal 11, Evolution 19)'."""
    inner = ", ".join(trf("{type} {count}", type=type_names.get(t, t), count=n) for t, n in counts.items())
    cards = trn("{n} card", "{n} cards", total)
    if total:
        return trf("{pile}: {cards} ({types})", pile=name, cards=cards, types=inner)
    return trf("{pile}: {cards}", pile=name, cards=cards)


def odds_label(odds: OddsRow) -> str:
    return trf("{action} ({type}): {cards} of {of} cards, {percent}%", action=tr(odds["action_name"]),
               type=tr(odds["type_name"]), cards=odds["cards"], of=odds["of"], percent=f"{odds['percent']:g}")


def change_group(groups: Iterable[list[Json]], card_type: str, ferocity: int, delta: int) -> list[list[Json]]:
    """The make-up with one more or one fewer card of a type and Ferocity (a new group if needed)."""
    out = [list(g) for g in groups]
    for g in out:
        if g[0] == card_type and g[1] == ferocity:
            g[2] = max(0, g[2] + delta)
            break
    else:
        if delta > 0:
            out.append([card_type, ferocity, delta])
    return [g for g in out if g[2] > 0]


# -- her points and the end ----------------------------------------------------------------
def threshold_gap(count: int) -> str:
    """How far the ants are from a loss, from the view's 'before loss' number."""
    return trf("{count} more and the ants lose", count=count) if count > 0 else tr("the ants have lost")


def checklist_progress(steps: Sequence[ChecklistItem]) -> str:
    done = sum(1 for s in steps if s["done"])
    return trf("{done} of {total} done", done=done, total=len(steps))
