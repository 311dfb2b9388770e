"""``NAME=NUMBER`` arguments shared by the calculators (not a subcommand: no ``_cmd`` suffix)."""

from __future__ import annotations

from collections.abc import Sequence

from companion.cli.common import CliError


def parse_pairs(items: Sequence[str], what: str) -> dict[str, int]:
    """``["Ana=3", "Bo=1"]`` -> ``{"Ana": 3, "Bo": 1}``; a malformed or repeated name is a CliError."""
    out: dict[str, int] = {}
    for item in items:
        name, sep, number = item.rpartition("=")
        name = name.strip()
        if not sep or not name:
            raise CliError(f"{item!r}: write NAME={what.upper()}, e.g. Ana=3")
        try:
            value = int(number)
        except ValueError:
            raise CliError(f"{item!r}: the {what} must be a whole number") from None
        if name in out:
            raise CliError(f"{name} is given twice")
        out[name] = value
    return out
