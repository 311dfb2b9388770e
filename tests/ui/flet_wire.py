"""A bare client for Flet's WebSocket protocol: a hand-made device, for tests and the sync benchmark.

Frames are ``0x00 + msgpack([action, body])``. The client registers like the Flutter web
client does, then keeps, for every control it has been sent that has a semantics
``identifier``, that control's id - enough to tap buttons, type into fields (by label)
and see what the server sends, without a browser. It speaks exactly what a page from
anywhere could send, which is the point of the security tests.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import msgpack
from websockets.sync.client import ClientConnection, connect

REGISTER_CLIENT, PATCH_CONTROL, CONTROL_EVENT, UPDATE_CONTROL_PROPS, INVOKE_METHOD = 1, 2, 3, 4, 5


def _ext(code: int, data: bytes) -> Any:
    return data.decode("utf-8", "replace") if code in (1, 2, 4) else msgpack.ExtType(code, data)


def field_name(label: Any) -> str | None:
    """A text field's name as sent: the words of the text inside its ``label`` (``fields.text_field`` keeps them
    there, in a box of no size, and draws them above the field), or a plain string label."""
    if isinstance(label, str):
        return label
    if isinstance(label, dict):
        if label.get("_c") == "Text" and isinstance(label.get("value"), str):
            return str(label["value"])
        return field_name(label.get("content"))
    return None


class WireDevice:
    """One device on one WebSocket; ``received`` lists every decoded message with its arrival time."""

    def __init__(self, base_url: str, route: str = "/", origin: str | None = None) -> None:
        self.base_url = base_url.rstrip("/")
        host = self.base_url.split("://", 1)[1]
        self.ws: ClientConnection = connect(f"ws://{host}/ws", origin=origin or self.base_url,  # type: ignore[arg-type]
                                            open_timeout=10, max_size=None)
        self.ids: dict[str, int] = {}  # semantics identifier -> control id
        self.labels: dict[str, int] = {}  # text field label -> control id
        self.received: list[tuple[float, Any]] = []
        self._seen = threading.Condition()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        self._send([REGISTER_CLIENT, {"session_id": None, "page_name": "", "page": {
            "route": route, "web": True, "pwa": False, "platform": "linux", "width": 360.0, "height": 780.0,
            "media": {"padding": {}, "view_padding": {}, "view_insets": {}}}}])

    # -- wire ------------------------------------------------------------------------------
    def _send(self, message: list[Any]) -> None:
        self.ws.send(b"\x00" + msgpack.packb(message))

    def _read(self) -> None:
        try:
            for frame in self.ws:
                if isinstance(frame, bytes) and frame[:1] == b"\x00":
                    message = msgpack.unpackb(frame[1:], ext_hook=_ext, strict_map_key=False)
                    with self._seen:
                        self.received.append((time.monotonic(), message))
                        self._index(message)
                        self._seen.notify_all()
                    self._answer(message)
        except Exception:  # closed
            with self._seen:
                self._seen.notify_all()

    def _answer(self, message: Any) -> None:
        """What the Flutter client does when the server navigates (``page.push_route``): it answers the
        call, takes the new route and reports the route change, which builds the new screen."""
        if not (isinstance(message, list) and len(message) == 2 and message[0] == INVOKE_METHOD):
            return
        body = message[1]
        self._send([INVOKE_METHOD, {"control_id": body["control_id"], "call_id": body["call_id"], "result": None,
                                    "error": None}])
        if body.get("name") == "push_route":
            route = body["args"]["route"]
            self._send([UPDATE_CONTROL_PROPS, {"id": body["control_id"], "props": {"route": route}}])
            self._send([CONTROL_EVENT, {"target": body["control_id"], "name": "route_change",
                                        "data": {"route": route}}])

    def _index(self, value: Any) -> None:
        if isinstance(value, dict):
            control_id = value.get("_i")
            if isinstance(control_id, int):
                if isinstance(value.get("identifier"), str):
                    self.ids[value["identifier"]] = control_id
                if value.get("_c") == "TextField" and (name := field_name(value.get("label"))):
                    self.labels[name] = control_id
            for item in value.values():
                self._index(item)
        elif isinstance(value, (list, tuple)):
            for item in value:
                self._index(item)

    # -- acting ----------------------------------------------------------------------------
    def tap(self, identifier: str, event: str = "tap") -> None:
        """Send the event the Flutter client sends when the control is tapped (whether or not it is enabled)."""
        self._send([CONTROL_EVENT, {"target": self.ids[identifier], "name": event, "data": None}])

    def type(self, label: str, text: str) -> None:
        control_id = self.labels[label]
        self._send([UPDATE_CONTROL_PROPS, {"id": control_id, "props": {"value": text}}])
        self._send([CONTROL_EVENT, {"target": control_id, "name": "change", "data": text}])

    def wait(self, check: Callable[[], bool], timeout: float = 15, what: str = "") -> None:
        deadline = time.monotonic() + timeout
        with self._seen:
            while not check():
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"timed out waiting for {what or check}; ids: {sorted(self.ids)}")
                self._seen.wait(left)

    def settled(self, quiet: float = 0.3, timeout: float = 15) -> None:
        """Wait until nothing has arrived for ``quiet`` seconds: every pass of an answer is in (the game screen
        sends the panels a tap left untouched in a second pass, on a phone-size page ``REST_AFTER`` after the first)."""
        deadline = time.monotonic() + timeout
        with self._seen:
            while True:
                last = self.received[-1][0] if self.received else 0.0
                left = min(last + quiet, deadline) - time.monotonic()
                if left <= 0:
                    return
                self._seen.wait(left)

    def wait_id(self, identifier: str, timeout: float = 15) -> None:
        self.wait(lambda: identifier in self.ids, timeout, identifier)

    def said(self, text: str, since: float = 0.0) -> bool:
        """Whether any message received after ``since`` carries ``text``."""
        return any(when >= since and text in repr(message) for when, message in list(self.received))

    def sent_dicts(self) -> Iterator[dict[str, Any]]:
        """Every mapping in every message received so far (controls, their props), in the order they came."""

        def walk(value: Any) -> Iterator[dict[str, Any]]:
            if isinstance(value, dict):
                yield value
                for item in value.values():
                    yield from walk(item)
            elif isinstance(value, list | tuple):
                for item in value:
                    yield from walk(item)

        for _, message in list(self.received):
            yield from walk(message)

    def close(self) -> None:
        self.ws.close()
