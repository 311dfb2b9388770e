"""``companion solo ...``: run the Broodmother from a terminal (filled by the Broodmother module)."""

from __future__ import annotations

from typing import Any


def register(subparsers: Any) -> None:
    subparsers.add_parser("solo", help="the Against the Broodmother opponent (not yet available)")
