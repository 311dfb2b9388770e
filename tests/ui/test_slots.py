"""Slots: a rebuilt screen sends only the parts drawn differently, and the parts it keeps answer taps as the new
build means them to."""

from __future__ import annotations

from typing import Any

import flet as ft
import pytest
from flet.controls.id_counter import ControlId

from companion.ui.fingerprints import fingerprint
from companion.ui.slots import Reused, Slots, transplant


def card(text: str, on_tap: Any = None, size: int = 16) -> Any:
    return ft.Semantics(identifier="card", content=ft.Container(
        ft.Column([ft.Text(text, size=size), ft.IconButton(ft.Icons.ADD, on_click=on_tap)]),
        padding=ft.Padding.all(4), border=ft.Border.all(2, ft.Colors.PRIMARY)))


def test_a_fingerprint_sees_every_property_but_not_which_function_handles_a_tap() -> None:
    assert fingerprint(card("Ana: 3")) == fingerprint(card("Ana: 3"))
    assert fingerprint(card("Ana: 3", lambda _: 1)) == fingerprint(card("Ana: 3", lambda _: 2))
    assert fingerprint(card("Ana: 3")) != fingerprint(card("Ana: 4"))
    assert fingerprint(card("Ana: 3", size=16)) != fingerprint(card("Ana: 3", size=18))
    assert fingerprint(card("Ana: 3", None)) != fingerprint(card("Ana: 3", lambda _: 1)), "enabled or not is drawn"
    bordered = ft.Container(border=ft.Border.all(2, ft.Colors.PRIMARY))
    assert fingerprint(bordered) != fingerprint(ft.Container(border=ft.Border.all(3, ft.Colors.PRIMARY)))


def test_transplant_gives_the_live_controls_the_new_handlers() -> None:
    said: list[str] = []
    live, fresh = card("x", lambda _: said.append("old")), card("x", lambda _: said.append("new"))
    transplant(live, fresh)
    live.content.content.controls[1].on_click(None)
    assert said == ["new"]


def build(slots: Slots, texts: dict[str, str | None]) -> list[ft.Control]:
    slots.begin(layout="phone")
    return [ft.Column([slots.part(name, card(text) if text is not None else None) for name, text in texts.items()])]


def test_only_the_parts_drawn_differently_are_sent() -> None:
    slots = Slots()
    first = slots.settle(build(slots, {"round": "Round 1", "scores": "Ana: 3", "log": "-"}))
    assert first == (True, [])  # the first build goes out whole
    holders = {name: placed.holder for name, placed in slots.placed.items()}
    assert slots.settle(build(slots, {"round": "Round 1", "scores": "Ana: 3", "log": "-"})) == (False, [])
    whole, changed = slots.settle(build(slots, {"round": "Round 1", "scores": "Ana: 4", "log": "+1"}))  # type: ignore[misc]
    assert not whole and changed == [holders["scores"], holders["log"]]
    drawn: Any = holders["scores"].content
    assert drawn.content.content.controls[0].value == "Ana: 4"


def test_a_part_may_be_empty_without_changing_the_outline() -> None:
    slots = Slots()
    slots.settle(build(slots, {"round": "Round 1", "now": None}))
    holder = slots.placed["now"].holder
    empty: Any = holder.content
    assert empty.visible is False and holder.visible is False  # hidden, so it takes no spacing either
    whole, changed = slots.settle(build(slots, {"round": "Round 1", "now": "Her question"}))  # type: ignore[misc]
    assert not whole and changed == [holder] and holder.visible is True
    slots.settle(build(slots, {"round": "Round 1", "now": None}))
    assert holder.visible is False


def test_an_empty_part_stays_as_it_is_with_no_hidden_container_built_again() -> None:
    """A game screen has a dozen or two empty slots (panels the game does not show): each build leaves the hidden
    container on the page rather than building and comparing a new one; a part that comes replaces it."""
    slots = Slots()
    slots.settle(build(slots, {"round": "Round 1", "now": None}))
    empty = slots.placed["now"].holder.content
    slots.begin(layout="phone")
    before = ControlId.next()
    slots.part("now", None)
    assert ControlId.next() == before + 1, "a control was built for the empty part"
    assert slots.settle(build(slots, {"round": "Round 2", "now": None})) == (False, [slots.placed["round"].holder])
    assert slots.placed["now"].holder.content is empty
    slots.begin(layout="phone")  # what it is drawn from is noted all the same (the table's banner, none for now)
    slots.settle([ft.Column([slots.part("round", card("Round 2")), slots.part("now", None, ("guest", "view"))])])
    assert slots.same_inputs("now", ("guest", "view")) and slots.placed["now"].holder.content is empty
    slots.settle(build(slots, {"round": "Round 2", "now": "Her question"}))
    assert slots.placed["now"].holder.content is not empty


def test_a_part_that_comes_or_goes_asks_for_a_fresh_build_with_new_slots() -> None:
    slots = Slots()
    slots.settle(build(slots, {"round": "Round 1"}))
    generation = slots.generation
    assert slots.settle(build(slots, {"round": "Round 1", "picture": "chart"})) is None
    slots.forget()
    assert slots.generation == generation + 1
    assert slots.settle(build(slots, {"round": "Round 1", "picture": "chart"})) == (True, [])


def test_another_layout_starts_afresh() -> None:
    slots = Slots()
    slots.settle(build(slots, {"round": "Round 1"}))
    old = slots.placed["round"].holder
    slots.begin(layout="tablet")
    assert slots.placed == {}
    assert slots.part("round", card("Round 1")) is not old


def test_two_parts_cannot_share_a_slot() -> None:
    """A module's own panel and its generic one once took the same name, and the empty one hid the other."""
    slots = Slots()
    slots.begin(layout="phone")
    slots.part("panel-aphids", card("Aphid farms"))
    with pytest.raises(ValueError, match="panel-aphids"):
        slots.part("panel-aphids", None)


def test_a_part_drawn_from_the_same_inputs_is_left_as_it_is() -> None:
    """``keep`` leaves a part on the page untouched (not drawn, compared or sent); other inputs draw it again, and
    an emptied slot forgets what its part was drawn from."""
    slots = Slots()
    slots.begin(layout="phone")
    slots.part("scores", card("Ana: 3"), ("Ana", 3))
    slots.settle([ft.Column([slots.placed["scores"].holder])])
    on_page = slots.placed["scores"].holder.content
    assert slots.same_inputs("scores", ("Ana", 3)) and not slots.same_inputs("scores", ("Ana", 4))
    assert not slots.same_inputs("scores", None)  # a part without inputs is always drawn
    slots.begin(layout="phone")
    assert slots.settle([ft.Column([slots.keep("scores")])]) == (False, [])
    assert slots.placed["scores"].holder.content is on_page
    slots.begin(layout="phone")
    whole, changed = slots.settle([ft.Column([slots.part("scores", card("Ana: 4"), ("Ana", 4))])])  # type: ignore[misc]
    assert not whole
    assert changed == [slots.placed["scores"].holder] and slots.same_inputs("scores", ("Ana", 4))
    slots.begin(layout="phone")
    slots.settle([ft.Column([slots.part("scores", None)])])
    assert not slots.same_inputs("scores", ("Ana", 4))


def test_reused_controls_come_back_for_what_they_show() -> None:
    reused = Reused()
    first = reused.controls([("a", lambda: ft.Text("a")), ("b", lambda: ft.Text("b"))])
    again = reused.controls([("c", lambda: ft.Text("c")), ("a", lambda: ft.Text("a"))])
    assert again[1] is first[0] and again[0] is not first[1]  # "a" the same control, "c" a new one
    assert reused.controls([("b", lambda: ft.Text("b"))])[0] is not first[1]  # "b" was not drawn last time


def reconciled(control: Any) -> None:
    """Mark a part as Flet leaves one it reconciled: every control in it frozen (``reuse`` enters only those)."""
    for item in [control, *getattr(control, "controls", [])]:
        object.__setattr__(item, "_frozen", True)
        inner = item._values.get("content")
        if inner is not None:
            reconciled(inner)


def test_a_part_drawn_differently_keeps_the_page_controls_drawn_as_before_with_the_new_handlers() -> None:
    said: list[str] = []
    slots = Slots()
    slots.begin(layout="phone")
    slots.settle([ft.Column([slots.part("scores", card("Ana: 3", lambda _: said.append("first")))])])
    live: Any = slots.placed["scores"].holder.content
    reconciled(live)
    slots.begin(layout="phone")
    fresh: Any = card("Ana: 4", lambda _: said.append("second"))
    slots.settle([ft.Column([slots.part("scores", fresh)])])
    on_page: Any = slots.placed["scores"].holder.content
    assert on_page is fresh and on_page.content.content.controls[0].value == "Ana: 4"
    button = on_page.content.content.controls[1]
    assert button is live.content.content.controls[1], "the button drawn as before is the page's own (Flet skips it)"
    button.on_click(None)
    assert said == ["second"]
    first_sent: Any = card("Bo: 1")
    slots.begin(layout="phone")
    slots.settle([ft.Column([slots.part("scores", first_sent)])])
    slots.begin(layout="phone")
    again: Any = card("Bo: 2")
    slots.settle([ft.Column([slots.part("scores", again)])])
    assert again.content.content.controls[1] is not first_sent.content.content.controls[1], \
        "a part Flet has not reconciled yet (sent whole) lends it no control"


def test_a_keyed_control_stays_on_the_page_when_something_comes_before_it() -> None:
    """Her report put above "Her turn" (keyed) in her moment: Flet pairs the keyed row with the page's by its key, so
    the page's own row is kept (not sent again), with the new build's handler; an unkeyed item is never paired by
    place among keyed ones, and a keyed one drawn differently is the new build's."""
    said: list[str] = []
    slots = Slots()

    def her_turn(label: str, note: str) -> Any:
        return ft.Row([ft.Button(label, on_click=lambda _: said.append(note))], key="her-turn")

    slots.begin(layout="phone")
    slots.settle([ft.Column([slots.part("now", ft.Column([her_turn("Her turn", "first")]))])])
    live: Any = slots.placed["now"].holder.content
    reconciled(live)
    kept_row = live.controls[0]
    slots.begin(layout="phone")
    fresh: Any = ft.Column([ft.Text("She gains 1 Colony Point"), her_turn("Her turn", "second")])
    slots.settle([ft.Column([slots.part("now", fresh)])])
    assert fresh.controls[1] is kept_row, "the keyed row drawn as before is the page's own (Flet skips it)"
    assert fresh.controls[0].value == "She gains 1 Colony Point"
    kept_row.controls[0].on_click(None)
    assert said == ["second"]
    reconciled(fresh)
    slots.begin(layout="phone")
    scrolled_to: Any = ft.Column([ft.Text("Battle", key=ft.ScrollKey("battle")),  # type: ignore[call-arg]
                                  ft.Text("She gains 1 Colony Point"), her_turn("Her turn", "fourth")])
    slots.settle([ft.Column([slots.part("now", scrolled_to)])])  # a key Flet reads by its value (unhashable)
    assert scrolled_to.controls[2] is kept_row
    reconciled(scrolled_to)
    slots.begin(layout="phone")
    changed: Any = ft.Column([ft.Text("She gains 2 Colony Points"), her_turn("Her turn (2)", "third")])
    slots.settle([ft.Column([slots.part("now", changed)])])
    assert changed.controls[1] is not kept_row and changed.controls[1].controls[0].content == "Her turn (2)"


def test_a_field_holding_what_was_typed_is_drawn_again_not_kept() -> None:
    """The page's controls are compared as they are now: a field the player typed into (Flet writes the typed value
    into the control) is not the empty field the new build draws, so Flet's diff gets to send the empty one."""
    slots = Slots()

    def form(title: str) -> Any:
        return ft.Column([ft.Text(title), ft.TextField(label="Name", value="")])

    slots.begin(layout="phone")
    slots.settle([ft.Column([slots.part("form", form("Hexes: 0"))])])
    live: Any = slots.placed["form"].holder.content
    reconciled(live)
    live.controls[1]._values["value"] = "Hex 7"  # as Flet applies the browser's typing
    slots.begin(layout="phone")
    fresh: Any = form("Hexes: 1")
    slots.settle([ft.Column([slots.part("form", fresh)])])
    assert fresh.controls[1] is not live.controls[1] and fresh.controls[1].value == ""
