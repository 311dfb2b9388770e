"""Her reactions: what each card does, hex by hex, and the answers that finish an Expand or Strike.

``resolve`` turns a revealed card into board instructions (kept in the state for the
screen) and updates the app's meadow. Before the Nest is found: Event = Spawn, Colony
Goal = Expand, Evolution = Plot; after: Strike, Invade, Revel. Spawn and Expand create
at most as many centipedes as the round number, highest-numbered hex first.
"""

from __future__ import annotations

from companion.core.broodmother import machinations, meadow
from companion.core.broodmother.content import BroodContent
from companion.core.broodmother.model import (
    TUNNEL,
    Brood,
    Hex,
    add_her_cp,
    add_hex_sorted,
    ask,
    is_asymmetric,
    nest_found,
    new_hex,
    say,
)
from companion.core.broodmother.nest import arise
from companion.core.broodmother.schema import Card, Turn
from companion.core.i18n import msg, nmsg
from companion.core.schema import JsonObject
from companion.core.state import State


def resolve(state: State, b: Brood, bc: BroodContent, card_id: str) -> str:
    """Carry out the card's action; return the action id."""
    card = b["deck"]["cards"][card_id]
    action = bc.action_for(card["type"], nest_found(b)).id
    if is_asymmetric(state):
        _announce(state, b, bc, action, card_id)
    else:
        _RESOLVERS[action](state, b, bc, card_id)
    _chamber_eggs(state, b, card)
    return action


def chamber_eggs_due(state: State, card: Card | Turn) -> bool:
    """Empires solo: her card is an Evolution (a Chamber counts as one), so each colony may add eggs."""
    return state["mode"] == "solo" and "empires" in state["expansions"] and card["type"] == "evolution"


def _chamber_eggs(state: State, b: Brood, card: Card | Turn) -> None:
    if chamber_eggs_due(state, card):
        say(b, msg("Empires: you may put 1 egg from your supply on each of your Chambers."),
            interpretation="chambers-are-evolutions")


# -- before the Nest -------------------------------------------------------------------------
def spawn(state: State, b: Brood, bc: BroodContent, card_id: str) -> None:
    ferocity = b["deck"]["cards"][card_id]["ferocity"]
    b["deck"]["discard"].append(card_id)
    limit = state["round"]
    moulted = meadow.moult_wave(b, limit, ferocity)
    for number in moulted:
        say(b, msg("Hex {hex}: one nymph moults into a centipede.", hex=number), number,
            "round-limit-centipedes-only")
    if not moulted:
        say(b, nmsg("No hex without a centipede holds 1 or more nymphs: nothing moults.",
                    "No hex without a centipede holds {n} or more nymphs: nothing moults.", max(ferocity, 1)),
            interpretation="moult-needs-a-nymph")
    placed = [(n, k) for n, k in meadow.spawn_placements(b) if k > 0]
    for number, count in placed:
        say(b, nmsg("Hex {hex}: place 1 nymph.", "Hex {hex}: place {n} nymphs.", count, hex=number), number,
            "double-needs-sites")
        if note := meadow.aphid_note(state, count):
            say(b, note, number)
    if not moulted and not placed:
        say(b, msg("Every collection site is taken and nothing moulted, so she Expands instead."),
            interpretation="spawn-nothing-happened")
        machinations.queue_expands(state, b, "spawn-fallback", 1)


def expand(state: State, b: Brood, bc: BroodContent, card_id: str) -> None:
    b["deck"]["discard"].append(card_id)
    machinations.queue_expands(state, b, "colony-goal", 1)


def plot(state: State, b: Brood, bc: BroodContent, card_id: str) -> None:
    total = add_her_cp(state, 1)
    say(b, msg("She gains 1 Colony Point (now {total}).", total=total))
    machinations.add_to_plot_pile(state, b, bc, card_id)


def finish_expand(state: State, b: Brood, answer: JsonObject, round_number: int) -> None:
    """The revealed hex is known: place it with its nymphs, moult, and let her arise on the Nest.

    ``round_number`` is the round of the card that asked, which caps the centipedes. The
    Nest revealed by her Expand keeps its nymphs (she stands there, so they cannot moult) and
    makes the other hexes moult like a centipede hex; then she arises (nest-order, nest-nymphs-stay).
    """
    if answer["deck_empty"]:
        say(b, msg("The hex deck is empty: this Expand does nothing."), interpretation="expand-empty-hex-deck")
        return
    h = new_hex(answer["number"], answer["zone"], answer["sites"], centipede_hex=answer["centipede_hex"],
                nest=answer["nest"])
    add_hex_sorted(b, h)
    count = _place_new_hex(state, b, h)
    if h["centipede_hex"] or answer["nest"]:
        _expand_moults(state, b, round_number, "nest-order" if answer["nest"] else "expand-moult-includes-new-hex")
    if answer["nest"]:
        arise(state, b, h)
        if count:
            say(b, nmsg("Her nymph stays on the Nest with her: it does not moult, and it adds 1 to her size in "
                        "battle.", "Her {n} nymphs stay on the Nest with her: they do not moult, and each adds 1 to "
                        "her size in battle.", count), h["number"], "nest-nymphs-stay")


def _place_new_hex(state: State, b: Brood, h: Hex) -> int:
    """Her nymphs on the revealed hex, said with its meadow (and the aphids' note): how many were placed."""
    count = meadow.place_nymphs(h, meadow.nymphs_per_placement(b))
    if h["zone"] == "inner":
        placed = nmsg("Hex {hex}: place it in the Inner Meadow with 1 nymph.",
                      "Hex {hex}: place it in the Inner Meadow with {n} nymphs.", count, hex=h["number"])
    else:
        placed = nmsg("Hex {hex}: place it in the Outer Meadow with 1 nymph.",
                      "Hex {hex}: place it in the Outer Meadow with {n} nymphs.", count, hex=h["number"])
    say(b, placed, h["number"], "inner-meadow-asked")
    if note := meadow.aphid_note(state, count):
        say(b, note, h["number"])
    return count


def _expand_moults(state: State, b: Brood, round_number: int, why: str) -> None:
    """A centipede hex (or the Nest) revealed: a moult wave, or in the asymmetric variant the player's choice."""
    if is_asymmetric(state):
        say(b, nmsg("One nymph moults in each of up to 1 hex you choose.",
                    "One nymph moults in each of up to {n} hexes you choose.", round_number),
            interpretation="asymmetric-choices")
        return
    moulted = meadow.moult_wave(b, round_number)
    for number in moulted:
        say(b, msg("Hex {hex}: one nymph moults into a centipede.", hex=number), number, why)
    if not moulted:
        say(b, msg("No nymph can moult."), interpretation=why)


# -- after the Nest --------------------------------------------------------------------------
def strike(state: State, b: Brood, bc: BroodContent, card_id: str) -> None:
    ferocity = b["deck"]["cards"][card_id]["ferocity"]
    b["deck"]["discard"].append(card_id)
    ask(state, b, {"kind": "strike", "ferocity": ferocity, "hex": b["her"]["hex"]})


def finish_strike(state: State, b: Brood, destroyed: int, hex_number: int | None) -> None:
    if destroyed > 0:
        say(b, nmsg("Hex {hex}: destroy 1 ant (the colonies there choose whose).",
                    "Hex {hex}: destroy {n} ants (the colonies there choose whose).", destroyed, hex=hex_number),
            hex_number, "strike-any-colony")
        return
    say(b, msg("No ant to destroy in hex {hex}: she Invades instead.", hex=hex_number), hex_number,
        "strike-any-colony")
    invade_effect(b)


def invade(state: State, b: Brood, bc: BroodContent, card_id: str) -> None:
    b["deck"]["discard"].append(card_id)
    invade_effect(b)


def invade_effect(b: Brood) -> None:
    tunnel = b["tunnel"]
    if not tunnel["nymph"]:
        tunnel["nymph"] = True
        say(b, msg("Great Tunnel: place a nymph."), TUNNEL, "invade-single-nymph")
    elif tunnel["centipedes"] == 0 or b["tunnel_centipedes"] == "many":
        tunnel["nymph"] = False
        tunnel["centipedes"] += 1
        say(b, msg("Great Tunnel: the nymph there moults into a centipede."), TUNNEL, "tunnel-moult")
    else:
        say(b, msg("Great Tunnel: a centipede is already there, so the nymph cannot moult; nothing happens."),
            TUNNEL, "tunnel-moult")


def revel(state: State, b: Brood, bc: BroodContent, card_id: str) -> None:
    b["deck"]["discard"].append(card_id)
    total = add_her_cp(state, 1)
    say(b, msg("She revels: 1 Colony Point (now {total}).", total=total))


_RESOLVERS = {"spawn": spawn, "expand": expand, "plot": plot, "strike": strike, "invade": invade, "revel": revel}


# -- asymmetric: she decides where things go ---------------------------------------------------
def _announce(state: State, b: Brood, bc: BroodContent, action: str, card_id: str) -> None:
    """Tell her what the card allows with its numbers; points and the plot pile are kept here."""
    per, limit, fero = meadow.nymphs_per_placement(b), state["round"], b["deck"]["cards"][card_id]["ferocity"]
    texts = {
        "spawn": nmsg("Spawn: in up to {limit} hexes without a centipede holding {ferocity}+ nymphs, one moults; "
                      "then put 1 nymph on each hex with a free site. Nothing possible: Expand.",
                      "Spawn: in up to {limit} hexes without a centipede holding {ferocity}+ nymphs, one moults; "
                      "then put {n} nymphs on each hex with a free site. Nothing possible: Expand.",
                      per, limit=limit, ferocity=max(fero, 1)),
        "expand": nmsg("Expand: reveal the top hex, place it (Inner Meadow if possible) with 1 nymph; "
                       "a centipede hex moults one nymph per hex, up to {limit}.",
                       "Expand: reveal the top hex, place it (Inner Meadow if possible) with {n} nymphs; "
                       "a centipede hex moults one nymph per hex, up to {limit}.", per, limit=limit),
        "strike": nmsg("Strike: destroy 1 ant in her hex; if none, Invade.",
                       "Strike: destroy {n} ants in her hex; if none, Invade.", fero),
        "invade": msg("Invade: a nymph into the Great Tunnel, or the one there moults."),
    }
    if action in texts:
        b["deck"]["discard"].append(card_id)
        say(b, texts[action], interpretation="asymmetric-choices")
        if action in ("spawn", "expand") and meadow.aphid_note(state, 2):
            say(b, msg("Nymphs destroy any aphids on the collection sites they take."))
        say(b, msg("You choose where; record it with the meadow commands."))
        return
    _RESOLVERS[action](state, b, bc, card_id)

