"""An area's state declared once (``ModuleSlot``) and its content file's common header (``ContentFile``).

The lifecycle every area shared - a fresh state at new game, the same for an older save, a typed reader
that refuses when the game does not use the area - is one piece of code now; these check it still does
what each area's own copy did, and that a content shape built on the common header is still strict.
"""

from __future__ import annotations

import copy

import pytest

from companion.core.content import Content
from companion.core.errors import CommandError
from companion.core.hooks import bring_up_to_date
from companion.core.i18n import msg
from companion.core.module_state import ModuleSlot, colony
from companion.core.schema import SchemaError, check
from companion.core.seasons.model import FILE, SeasonsContent, empty, seasons
from companion.core.session import Session, new_doc
from companion.core.setup import GameSetup, PlayerSpec, new_state
from companion.core.units import area_packages
from tests.module_helpers import refused, session


def slots() -> list[ModuleSlot[dict[str, object]]]:
    models = (getattr(package, "model", None) for package in area_packages())
    return [model.SLOT for model in models if isinstance(getattr(model, "SLOT", None), ModuleSlot)]


def test_the_areas_declare_their_state_once() -> None:
    keys = {slot.key for slot in slots()}
    assert {"parasites", "seasons", "chambers", "aphids", "workers", "predators", "antscape"} <= keys


def test_a_game_without_an_area_is_refused_with_that_areas_own_sentence(content: Content) -> None:
    state = session(content, 2, expansions=()).state
    for slot in slots():
        with pytest.raises(CommandError) as refusal:
            slot.of(state)
        assert refusal.value.args[0] == slot.absent and slot.absent.key.startswith("This game")


def test_a_game_saved_before_the_area_existed_gets_the_state_a_new_game_starts_with(content: Content) -> None:
    game = session(content, 2, variants=("seasons",), expansions=("minions",))
    new = copy.deepcopy(game.state["modules_state"]["seasons"])
    older = copy.deepcopy(game.state)
    del older["modules_state"]["seasons"]
    bring_up_to_date(older, content)
    assert older["modules_state"]["seasons"] == new == empty()
    assert seasons(older) is older["modules_state"]["seasons"]


def test_a_content_shape_on_the_common_header_asks_for_its_fields_and_refuses_unknown_keys() -> None:
    shipped = FILE.read("seasons")
    assert check(SeasonsContent, shipped) == shipped
    for field in ("schema", "source", "interpretations", "cards"):
        with pytest.raises(SchemaError, match=field):
            check(SeasonsContent, {k: v for k, v in shipped.items() if k != field})
    with pytest.raises(SchemaError, match="extra"):
        check(SeasonsContent, {**shipped, "extra": 1})
    with pytest.raises(SchemaError, match="source"):
        check(SeasonsContent, {**shipped, "source": 7})


def test_the_broodmother_player_keeps_no_pieces_of_an_area_each_refusal_its_own(content: Content) -> None:
    from companion.core.chambers.commands import TakeOldTunnel
    from companion.core.mutations.commands import KeepMutations
    from companion.core.workers.commands import SetWorkers

    players = (PlayerSpec("Ana", "red"), PlayerSpec("Bo", "blue"), PlayerSpec("Zed", None, role="broodmother"))
    setup = GameSetup("mota", "asymmetric", players, ("minions", "empires"), modules=("chambers", "mutations"))
    game = Session(new_doc("g-brood", "Test", new_state(setup, content, seed=3)), saver=lambda d: None,
                   content=content)
    her = next(p["id"] for p in game.state["players"] if p["role"] == "broodmother")
    ana = game.state["players"][0]
    assert colony(game.state, ana["id"], lambda name: msg("{name} refused.", name=name)) == ana
    for command, says in ((TakeOldTunnel(her, "Old Tunnel"), "Zed is the Broodmother and has no chambers."),
                          (KeepMutations(her, "m1", "m2"), "Zed is the Broodmother and takes no Mutations."),
                          (SetWorkers(her, 1), "Zed is the Broodmother and has no workers.")):
        refused(game, command, says)
