"""The sockets the app serves on: a port bound before anything starts, and this machine's address at the table.

Shared by the app's own server (``companion.ui.launch``) and the table's second one (``companion.ui.sharing``).
"""

from __future__ import annotations

import errno
import socket

from companion.core.i18n import trf

PORT_TRIES = 20


class LaunchError(Exception):
    """The server could not start; the message says why in one line."""


def bind_port(host: str, port: int, tries: int = PORT_TRIES) -> tuple[socket.socket, int]:
    """A listening socket on ``port`` or the next free one after it."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    last_error: OSError | None = None
    for candidate in range(port, port + tries):
        sock = socket.socket(family, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((host, candidate))
            sock.listen(128)
        except OSError as exc:
            sock.close()
            if exc.errno not in (errno.EADDRINUSE, errno.EACCES):
                raise LaunchError(trf("cannot serve on {host}:{port}: {problem}", host=host, port=candidate,
                                      problem=exc.strerror or exc)) from exc
            last_error = exc
            continue
        sock.set_inheritable(True)
        return sock, candidate
    raise LaunchError(trf("ports {first}-{last} on {host} are all in use ({problem}); choose another with --port",
                          first=port, last=port + tries - 1, host=host, problem=last_error))


def lan_address() -> str | None:
    """This machine's address on the local network, for phones and tablets at the table."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("10.255.255.255", 1))  # no packet is sent: this only picks a route
            address = str(probe.getsockname()[0])
    except OSError:
        return None
    return None if address.startswith("127.") else address
