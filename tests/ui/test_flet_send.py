"""The served transport's send without Flet's debug string (``launch.quiet_send_message``): the same bytes on the
wire as Flet's own method, no message formatted while the log would not print it, Flet's own while it would."""

from __future__ import annotations

import logging
from typing import Any

import flet as ft
import msgpack
import pytest
from flet.messaging.protocol import Message, MessageAction, PatchControlBody
from flet_web.fastapi import flet_app

from companion.ui.launch import quiet_send_message


class _Queue:
    def __init__(self) -> None:
        self.items: list[bytes] = []

    def put_nowait(self, item: bytes) -> None:
        self.items.append(item)


def _sent(method: Any, message: Message) -> bytes:
    """What ``method`` puts on a FletApp's send queue for ``message``."""
    app = object.__new__(flet_app.FletApp)
    queue = _Queue()
    app._FletApp__send_queue = queue  # the name-mangled queue send_message fills
    method(app, message)
    assert len(queue.items) == 1
    return queue.items[0]


def _message() -> Message:
    row = ft.Row([ft.Text("Ana", size=18), ft.IconButton(ft.Icons.ADD, on_click=lambda _: None)], key="row-p1")
    return Message(MessageAction.PATCH_CONTROL, PatchControlBody(id=1, patch=[[0], [0, 0, ["controls"], row]]))


@pytest.fixture
def formatted(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Each time a message is formatted as text (its dataclass repr)."""
    made: list[str] = []
    plain = Message.__repr__

    def counted(message: Message) -> str:
        made.append(message.action.name)
        return plain(message)

    monkeypatch.setattr(Message, "__repr__", counted)
    return made


def test_a_message_is_sent_as_flet_sends_it_without_being_formatted(formatted: list[str]) -> None:
    assert quiet_send_message()
    assert flet_app.transport_log.isEnabledFor(logging.DEBUG) is False
    own = flet_app.FletApp.send_message.flets_own
    message = _message()
    ours = _sent(flet_app.FletApp.send_message, message)
    assert formatted == []
    assert ours == _sent(own, message), "the bytes differ from Flet's own"
    assert formatted == ["PATCH_CONTROL"]  # Flet's own formats it (the cost the patch saves)
    action, body = msgpack.unpackb(ours[1:], strict_map_key=False)
    assert ours[:1] == b"\x00" and action == MessageAction.PATCH_CONTROL.value and "Ana" in repr(body)


def test_a_debug_log_still_gets_flets_line(formatted: list[str], caplog: pytest.LogCaptureFixture) -> None:
    assert quiet_send_message()
    with caplog.at_level(logging.DEBUG, logger="flet_transport"):
        _sent(flet_app.FletApp.send_message, _message())
    assert formatted == ["PATCH_CONTROL"]
    assert any(record.getMessage().startswith("send_message: Message(action=<MessageAction.PATCH_CONTROL")
               for record in caplog.records)


def test_installed_once() -> None:
    assert quiet_send_message() and quiet_send_message()
    installed = flet_app.FletApp.send_message
    assert installed.flets_own.__qualname__ == "FletApp.send_message"  # not our own
