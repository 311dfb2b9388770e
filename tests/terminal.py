"""``companion ARGS`` run in the test's own process, answered as a real process would answer it.

Starting a Python process costs about half a second of CPU (the interpreter, then the core's imports) while the
command itself takes milliseconds, so a test that runs dozens of command lines spent nearly all of its time
starting interpreters. Where the process is not the point, the tests call ``companion.cli.main`` here instead,
with the same view of it a process gives: what it printed on stdout and on stderr, and its exit status; an
exception that escaped ``main`` comes back as the traceback on stderr and status 1, exactly what the interpreter
would have printed, so a walk that looks for "Traceback" still finds it. Every command reads its games from disk
afresh (each run opens its own store and closes it at the end), as a new process would.

Where the process is the point, the tests still start one: the exit status seen by a shell and the one-line
refusal (``tests/cli/test_game_cli.py``, ``tests/broodmother/test_bm_cli.py``), the lock a store takes beside the
saves (``tests/store/test_concurrency.py``), the cold start's imports (``tests/cli/test_cold_start.py``), the
environment variable choosing the database, and ``python -m companion`` itself (``tests/cli/test_calc_cli.py``).
"""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import traceback
from collections.abc import Iterator, Mapping

from companion.cli import main


@contextlib.contextmanager
def environment(changes: Mapping[str, str | None]) -> Iterator[None]:
    """``os.environ`` with ``changes`` (None: unset) for the block, then exactly as it was."""
    before = {name: os.environ.get(name) for name in changes}
    try:
        for name, value in changes.items():
            _set(name, value)
        yield
    finally:
        for name, value in before.items():
            _set(name, value)


def _set(name: str, value: str | None) -> None:
    if value is None:
        os.environ.pop(name, None)
    else:
        os.environ[name] = value


def companion(*args: str, env: Mapping[str, str | None] | None = None) -> subprocess.CompletedProcess[str]:
    """Run ``companion ARGS`` through ``main`` with ``env``'s changes to the environment; its output and status."""
    out, err = io.StringIO(), io.StringIO()
    with environment(env or {}), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = _status(list(args), err)
    return subprocess.CompletedProcess(["companion", *args], code, out.getvalue(), err.getvalue())


def _status(args: list[str], err: io.StringIO) -> int:
    """``main``'s exit status as the shell would see it (argparse's ``--help`` exits through ``SystemExit``)."""
    try:
        return main(args)
    except SystemExit as done:
        if done.code is None or isinstance(done.code, int):
            return done.code or 0
        err.write(f"{done.code}\n")
        return 1
    except Exception:  # what the interpreter would print for an exception that escaped main
        err.write(traceback.format_exc())
        return 1
