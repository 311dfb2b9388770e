"""The shared table's invitations and devices, without a server."""

from __future__ import annotations

import pytest

from companion.ui.guard import HostPolicy
from companion.ui.models import ShownRevisions
from companion.ui.share import WRONG_CODES_ALLOWED, JoinRefused, Table


def shared() -> Table:
    table = Table()
    table.start(("192.168.1.5", 8550), "g-1")
    return table


def test_the_qr_link_lets_one_device_in_then_a_new_invitation_is_shown() -> None:
    table = shared()
    first = table.invitation
    assert first is not None and len(first.code) == 6 and first.code.isdigit()
    assert table.join_url() == f"http://192.168.1.5:8550/?join={first.token}"
    ana = table.join_with_token(first.token, "  Ana  ")
    assert ana.name == "Ana" and ana.can_play
    assert table.invitation is not None and table.invitation != first
    with pytest.raises(JoinRefused, match="already used"):
        table.join_with_token(first.token, "Bo")
    assert [d.name for d in table.listed()] == ["Ana"]


def test_the_code_is_typed_with_or_without_spaces_and_used_once() -> None:
    table = shared()
    assert table.invitation is not None
    code = table.invitation.code
    bo = table.join_with_code(f"{code[:3]} {code[3:]}", "Bo")
    assert table.device(bo.id) == bo
    with pytest.raises(JoinRefused):
        table.join_with_code(code, "Cy")


def test_wrong_codes_are_refused_and_after_five_the_code_is_replaced() -> None:
    table = shared()
    assert table.invitation is not None
    right = table.invitation.code
    wrong = "000000" if right != "000000" else "111111"
    for _ in range(WRONG_CODES_ALLOWED - 1):
        with pytest.raises(JoinRefused, match="not right"):
            table.join_with_code(wrong, "Mallory")
    with pytest.raises(JoinRefused, match="replaced"):
        table.join_with_code(wrong, "Mallory")
    assert table.invitation.code != right or table.invitation.token
    assert table.listed() == []


def test_a_name_is_needed() -> None:
    table = shared()
    assert table.invitation is not None
    with pytest.raises(JoinRefused, match="name"):
        table.join_with_code(table.invitation.code, "   ")


def test_the_host_sets_rights_removes_and_stops() -> None:
    table = shared()
    assert table.invitation is not None
    ana = table.join_with_code(table.invitation.code, "Ana")
    table.set_can_play(ana.id, False)
    assert table.device(ana.id) is not None and not table.device(ana.id).can_play  # type: ignore[union-attr]
    assert table.device_for_secret(ana.secret) is not None
    table.remove(ana.id)
    assert table.device(ana.id) is None and table.device_for_secret(ana.secret) is None
    bo = table.join_with_code(table.invitation.code, "Bo")
    table.stop()
    assert not table.active and table.device(bo.id) is None and table.join_url() is None
    with pytest.raises(JoinRefused, match="not shared"):
        table.join_with_code("123456", "Cy")


def test_each_socket_answers_only_to_its_own_address() -> None:
    policy = HostPolicy()
    loop = policy.allowed_hosts(("127.0.0.1", 8550))
    assert loop == {"127.0.0.1:8550", "localhost:8550", "[::1]:8550"}
    assert policy.allowed_hosts(("192.168.1.5", 8550)) == set()
    policy.shared = ("192.168.1.5", 8551)
    assert policy.allowed_hosts(("192.168.1.5", 8551)) == {"192.168.1.5:8551"}
    policy.shared = ("127.0.0.2", 8551)  # the tests' stand-in for the network
    assert policy.allowed_hosts(("127.0.0.2", 8551)) == {"127.0.0.2:8551"}


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_tap_is_judged_against_the_screen_the_player_had_time_to_see() -> None:
    clock = Clock()
    shown = ShownRevisions(delay=0.5, clock=clock)
    assert shown.seen("g-1") is None
    shown.sent("g-1", 5)
    clock.now += 2
    assert shown.seen("g-1") == 5
    shown.sent("g-1", 6)  # another device's change just went out to this tab
    clock.now += 0.2
    assert shown.seen("g-1") == 5  # a tap now was aimed at revision 5
    clock.now += 0.4
    assert shown.seen("g-1") == 6
    shown.own_change("g-1", 7)  # its own change: seen at once
    shown.sent("g-1", 7)
    assert shown.seen("g-1") == 7
    assert shown.seen("g-2") is None


def test_a_rows_switch_takes_one_tap_once_though_it_reaches_the_switch_and_its_node() -> None:
    """One tap can reach both the switch and its accessible node, each saying it was tapped; the row is drawn again
    in place between the two (it is kept across redraws), so the second must ask what the first asked."""
    from types import SimpleNamespace

    from companion.ui.share_view import SAME_TAP, MemberRow
    from companion.ui.theme import Sizes

    now = [100.0]
    asked: list[bool] = []
    row: MemberRow

    def ask(can_play: bool) -> None:
        asked.append(can_play)
        row.show(can_play)  # the dialog redraws the row at once

    answers = SimpleNamespace(guard=lambda action: action(), handler=lambda action: lambda _=None: action())
    row = MemberRow(SimpleNamespace(sizes=Sizes(), answers=answers), "Cy", "table", ask,  # type: ignore[arg-type]
                    lambda: None, clock=lambda: now[0])
    row.show(True)
    row.tapped("node")
    now[0] += 1.5  # under load the second word's handler runs well after the first's
    row.tapped("switch")  # the same tap, heard by the switch too
    assert asked == [False, False] and row.switch.label == "Cy can only watch. Tap to let it play."
    now[0] += 0.1
    row.tapped("node")  # a tap of its own (the last word was paired): back to playing
    now[0] += 0.1
    row.tapped("switch")  # ... heard by the switch too
    assert asked == [False, False, True, True] and row.switch.toggled is True
    now[0] += 0.1
    row.tapped("switch")  # a quick second tap on the same control is a tap of its own
    assert asked == [False, False, True, True, False]
    now[0] += SAME_TAP + 0.1
    row.tapped("node")  # the other control, but long after: a tap of its own
    assert asked[-1] is True
