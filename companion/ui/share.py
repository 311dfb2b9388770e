"""Sharing one table with the players' own devices: invitations, joined devices, their rights.

Plain logic, no Flet and no sockets (``companion.ui.sharing`` opens the listener), so it is
tested with pytest alone. While a table is shared:

- one invitation is open at a time: a long one-time token for the QR code's link and a
  six-digit code to type; whichever is used, the invitation is spent and a new one shown;
  five wrong codes in a row also replace the code, so guessing it is hopeless;
- each joined device has the name its player typed, a secret kept by its browser (so a
  phone that sleeps and wakes rejoins without a new code) and a right: play or view only;
- the host can change a device's right, remove it, or stop sharing (every device is out).
"""

from __future__ import annotations

import secrets
import threading
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from companion.core.i18n import Msg, msg, render

CODE_DIGITS = 6
WRONG_CODES_ALLOWED = 5
NAME_MAX = 24
JOIN_PARAM = "join"


class JoinRefused(Exception):
    """A join attempt failed; the message is a sentence for the person at the device, in their language.

    ``spent_link``: the QR code's link was used already, so the device is offered the code instead.
    """

    def __init__(self, message: Msg, *, spent_link: bool = False) -> None:
        super().__init__(message)
        self.spent_link = spent_link

    def __str__(self) -> str:
        return render(self.args[0])


@dataclass(frozen=True)
class Invitation:
    token: str
    code: str

    @property
    def code_shown(self) -> str:
        """``482913`` -> ``482 913``: easier to read across a table."""
        half = len(self.code) // 2
        return f"{self.code[:half]} {self.code[half:]}"


@dataclass(frozen=True)
class Device:
    id: str
    name: str
    secret: str
    can_play: bool = True


def new_invitation(token_bytes: Callable[[int], str] = secrets.token_urlsafe) -> Invitation:
    code = "".join(secrets.choice("0123456789") for _ in range(CODE_DIGITS))
    return Invitation(token_bytes(24), code)


def clean_code(text: str) -> str:
    return "".join(ch for ch in text if ch.isdigit())


def clean_name(text: str) -> str:
    name = " ".join(text.split())[:NAME_MAX]
    if not name:
        raise JoinRefused(msg("Type your name, so the host knows who joined."))
    return name


@dataclass
class Table:
    """The sharing state of this server (one per process); every method is thread-safe."""

    address: tuple[str, int] | None = None
    game_id: str | None = None
    share_id: str = ""
    invitation: Invitation | None = None
    devices: dict[str, Device] = field(default_factory=dict)
    wrong_codes: int = 0
    _lock: threading.RLock = field(default_factory=threading.RLock, repr=False)

    @property
    def active(self) -> bool:
        return self.address is not None

    def start(self, address: tuple[str, int], game_id: str) -> None:
        with self._lock:
            self.address = address
            self.game_id = game_id
            self.share_id = secrets.token_hex(4)
            self.invitation = new_invitation()
            self.devices = {}
            self.wrong_codes = 0

    def share_game(self, game_id: str) -> None:
        with self._lock:
            self.game_id = game_id

    def stop(self) -> None:
        with self._lock:
            self.address = None
            self.game_id = None
            self.invitation = None
            self.devices = {}
            self.wrong_codes = 0

    @property
    def base_url(self) -> str | None:
        if self.address is None:
            return None
        host, port = self.address
        return f"http://{host}:{port}/"

    def join_url(self) -> str | None:
        with self._lock:
            if self.address is None or self.invitation is None:
                return None
            return f"{self.base_url}?{JOIN_PARAM}={self.invitation.token}"

    # -- joining --------------------------------------------------------------------------
    def join_with_token(self, token: str, name: str) -> Device:
        with self._lock:
            self._require_active()
            if self.invitation is None or not secrets.compare_digest(token, self.invitation.token):
                raise JoinRefused(msg("This join link was already used or is out of date. "
                                      "Type the code shown on the host's screen instead."), spent_link=True)
            return self._admit(name)

    def join_with_code(self, code: str, name: str) -> Device:
        with self._lock:
            self._require_active()
            typed = clean_code(code)
            assert self.invitation is not None
            if not secrets.compare_digest(typed, self.invitation.code):
                self.wrong_codes += 1
                if self.wrong_codes >= WRONG_CODES_ALLOWED:
                    self.invitation = new_invitation()
                    self.wrong_codes = 0
                    raise JoinRefused(msg("That code is not right, and after several wrong codes it was "
                                          "replaced. Type the new code shown on the host's screen."))
                raise JoinRefused(msg("That code is not right. Type the code shown on the host's screen."))
            return self._admit(name)

    def _require_active(self) -> None:
        if not self.active:
            raise JoinRefused(msg("This table is not shared any more. Ask the host to share it again."))

    def _admit(self, name: str) -> Device:
        device = Device(id=secrets.token_hex(4), name=clean_name(name), secret=secrets.token_urlsafe(24))
        self.devices[device.id] = device
        self.invitation = new_invitation()
        self.wrong_codes = 0
        return device

    def device(self, device_id: str | None) -> Device | None:
        with self._lock:
            return self.devices.get(device_id) if device_id and self.active else None

    def device_for_secret(self, secret: str) -> Device | None:
        with self._lock:
            for device in self.devices.values():
                if secrets.compare_digest(device.secret, secret):
                    return device
            return None

    # -- the host's choices ---------------------------------------------------------------
    def set_can_play(self, device_id: str, can_play: bool) -> None:
        with self._lock:
            if device_id in self.devices:
                self.devices[device_id] = replace(self.devices[device_id], can_play=can_play)

    def remove(self, device_id: str) -> None:
        with self._lock:
            self.devices.pop(device_id, None)

    def listed(self) -> list[Device]:
        with self._lock:
            return list(self.devices.values())
