"""The meadow as the app keeps it: hexes, nymphs, centipedes, and the Great Tunnel.

These are the board facts her reactions read. Nymphs sit on collection sites, so placing
one takes a free site and a nymph that leaves (moults, is destroyed) frees one; a centipede
stands in its hex, at most one per hex. Functions here change the meadow and return what
happened, so a reaction can turn it into instructions.
"""

from __future__ import annotations

from companion.core.broodmother.model import TUNNEL, Brood, Hex, find_hex, nest_found
from companion.core.i18n import Msg, nmsg
from companion.core.state import State

APHIDS = "aphids"  # the Minions module whose aphids nymphs destroy (Nymph Rules)


def nymphs_per_placement(b: Brood) -> int:
    """Machinations level 1 and up doubles every Spawn and Expand placement."""
    return 2 if b["machinations"] >= 1 else 1


def place_nymphs(h: Hex, wanted: int) -> int:
    """Put up to ``wanted`` nymphs on free sites of ``h``; return how many went on."""
    placed = max(0, min(wanted, h["sites"]))
    h["sites"] -= placed
    h["nymphs"] += placed
    return placed


def can_moult(h: Hex, need: int = 1) -> bool:
    """A nymph moults only where no centipede stands: the Nest holds her, so its nymphs stay (nest-nymphs-stay)."""
    return not h["centipede"] and not h["nest"] and h["nymphs"] >= max(need, 1)


def moult(h: Hex) -> None:
    """One nymph becomes the hex's centipede and frees its site."""
    h["nymphs"] -= 1
    h["sites"] += 1
    h["centipede"] = True


def moult_wave(b: Brood, limit: int, need: int = 1) -> list[int]:
    """Moult one nymph per eligible hex, highest number first, at most ``limit`` of them."""
    eligible = [h for h in sorted(b["hexes"], key=lambda x: -x["number"]) if can_moult(h, need)]
    chosen = eligible[: max(limit, 0)]
    for h in chosen:
        moult(h)
    return [h["number"] for h in chosen]


def spawn_placements(b: Brood) -> list[tuple[int, int]]:
    """Nymphs onto every hex with a free site, highest first: ``[(hex, placed), ...]``."""
    per = nymphs_per_placement(b)
    done = []
    for h in sorted(b["hexes"], key=lambda x: -x["number"]):
        if h["sites"] > 0:
            done.append((h["number"], place_nymphs(h, per)))
    return done


def centipedes_in_meadow(b: Brood) -> int:
    """Hex centipedes plus those in the Great Tunnel (she herself is not counted)."""
    return sum(1 for h in b["hexes"] if h["centipede"]) + int(b["tunnel"]["centipedes"])


def inner_hexes_with_nymph(b: Brood) -> list[int]:
    return [h["number"] for h in b["hexes"] if h["zone"] == "inner" and h["nymphs"] > 0]


def nymphs_at(b: Brood, where: int) -> int:
    if where == TUNNEL:
        return 1 if b["tunnel"]["nymph"] else 0
    return int(find_hex(b, where)["nymphs"])


def remove_nymph(b: Brood, where: int) -> None:
    """A nymph leaves the board (destroyed, spent or moved away); its site frees."""
    if where == TUNNEL:
        b["tunnel"]["nymph"] = False
        return
    h = find_hex(b, where)
    h["nymphs"] -= 1
    h["sites"] += 1


def add_nymph(b: Brood, where: int) -> None:
    if where == TUNNEL:
        b["tunnel"]["nymph"] = True
        return
    place_nymphs(find_hex(b, where), 1)


def her_size_bonus(b: Brood) -> int:
    """+1 per nymph in her hex and +1 per nymph in the Great Tunnel."""
    if not nest_found(b) or b["her"]["hex"] is None:
        return 0
    here = find_hex(b, b["her"]["hex"])["nymphs"] if any(h["number"] == b["her"]["hex"] for h in b["hexes"]) else 0
    return int(here) + (1 if b["tunnel"]["nymph"] else 0)


def aphid_note(state: State, nymphs: int) -> Msg | None:
    """With the aphids module on, nymphs destroy the aphids on the collection sites they take."""
    if nymphs <= 0 or APHIDS not in state.get("modules", []):
        return None
    return nmsg("The nymph destroys any aphid on its collection site.",
                "The nymphs destroy any aphids on their collection sites.", nymphs)
