"""Meadow updates: chasing, destroying, defeating, correcting, and what the ants may not do."""

from __future__ import annotations

import pytest

from companion.core.actions import allowed
from companion.core.broodmother import broodmother_view
from companion.core.broodmother.meadow_commands import (
    AddHex,
    ChaseNymph,
    CorrectHex,
    DefeatCentipede,
    DestroyNymph,
    MoultNymph,
    PlaceNymph,
    SetSites,
)
from companion.core.errors import CommandError

from .helpers import brood, hex_of, make_session, run


def test_chase_moves_the_nymph_to_a_free_site_in_the_same_hex() -> None:
    s = make_session()
    run(s, AddHex(4, "inner", 2, 1), ChaseNymph(4))
    assert (hex_of(s, 4)["nymphs"], hex_of(s, 4)["sites"]) == (1, 1)


def test_chase_with_no_free_site_destroys_the_nymph() -> None:
    s = make_session()
    run(s, AddHex(4, "inner", 0, 2), ChaseNymph(4))
    assert (hex_of(s, 4)["nymphs"], hex_of(s, 4)["sites"]) == (1, 0)


def test_no_chasing_or_destroying_next_to_a_centipede() -> None:
    s = make_session()
    s.execute(AddHex(4, "inner", 1, 2, centipede=True))
    with pytest.raises(CommandError, match="holds a centipede"):
        s.execute(ChaseNymph(4))
    with pytest.raises(CommandError, match="holds a centipede"):
        s.execute(DestroyNymph(4))
    acts = broodmother_view(s.state, s.content)["actions"]
    assert [allowed(acts, c) for c in (ChaseNymph(4), DestroyNymph(4), DefeatCentipede(4))] == [False, False, True]


def test_destroying_a_nymph_frees_its_site() -> None:
    s = make_session()
    run(s, AddHex(4, "inner", 0, 2), DestroyNymph(4))
    assert (hex_of(s, 4)["nymphs"], hex_of(s, 4)["sites"]) == (1, 1)
    s.execute(DestroyNymph(4))
    with pytest.raises(CommandError, match="no nymph"):
        s.execute(DestroyNymph(4))


def test_defeating_a_centipede_destroys_every_nymph_in_its_hex() -> None:
    s = make_session()
    run(s, AddHex(6, "outer", 0, 3, centipede=True), DefeatCentipede(6))
    assert hex_of(s, 6) == {**hex_of(s, 6), "centipede": False, "nymphs": 0, "sites": 3}
    with pytest.raises(CommandError, match="no centipede"):
        s.execute(DefeatCentipede(6))


def test_a_hex_never_holds_more_sites_than_a_saved_game_may() -> None:
    """Found by the property machine: a hex entered with 3 free sites and 9 nymphs, its centipede defeated, had 12
    free sites, a game the app could not read back (the change was refused only as it was saved). A nymph stands
    on a site, so free sites plus nymphs are at most 9 wherever a table enters them."""
    s = make_session()
    with pytest.raises(CommandError, match="at most 9 collection sites"):
        s.execute(AddHex(14, "outer", 3, 9, centipede=True))
    run(s, AddHex(14, "outer", 3, 6, centipede=True))
    for too_many in (SetSites(14, 4), CorrectHex(14, "outer", 9, 1, True)):
        with pytest.raises(CommandError, match="at most 9 collection sites"):
            s.execute(too_many)
    run(s, DefeatCentipede(14))
    assert (hex_of(s, 14)["sites"], hex_of(s, 14)["nymphs"]) == (9, 0)


def test_the_great_tunnel() -> None:
    s = make_session()
    run(s, PlaceNymph(0), MoultNymph(0), PlaceNymph(0))
    assert brood(s)["tunnel"] == {"nymph": True, "centipedes": 1}
    with pytest.raises(CommandError, match="centipede holds the Great Tunnel"):
        s.execute(DestroyNymph(0))
    s.execute(DefeatCentipede(0))
    assert brood(s)["tunnel"] == {"nymph": False, "centipedes": 0}


def test_hex_input_is_checked() -> None:
    s = make_session()
    s.execute(AddHex(4, "inner", 2))
    for bad, message in ((AddHex(4), "already in the meadow"), (AddHex(5, "middle"), "inner or outer"),
                         (AddHex(5, sites=12), "between 0 and 9"), (SetSites(4, 2), "already has 2"),
                         (SetSites(7, 1), "No hex 7"), (PlaceNymph(-1), "between 0 and 99"),
                         (MoultNymph(4), "cannot moult")):
        with pytest.raises(CommandError, match=message):
            s.execute(bad)


def test_correct_hex() -> None:
    s = make_session()
    run(s, AddHex(4, "inner", 2), CorrectHex(4, "outer", 1, 3, True))
    assert hex_of(s, 4) == {"number": 4, "zone": "outer", "sites": 1, "nymphs": 3, "centipede": True,
                            "centipede_hex": False, "nest": False}
