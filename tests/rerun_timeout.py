"""A rerun gets its own time limit, so a hang in any try of a test ends the test.

Why: pytest-timeout arms its alarm once, around a test's whole protocol, and disarms it whenever a try fails
(its ``pytest_exception_interact`` hook, meant for a debugger). pytest-rerunfailures then runs the second try
with no alarm at all: in a whole run a browser test's second try hung for 13 minutes past the 600 s limit, its
page spinning, until its renderer was killed by hand. Loaded by ``tests/conftest.py``; ``tests/core/
test_rerun_timeout.py`` runs a real pytest whose second try hangs."""

from __future__ import annotations

import pytest


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    """Arm the alarm again at the start of every try after the first (rerunfailures counts them from 1)."""
    if getattr(item, "execution_count", 1) <= 1 or not item.config.pluginmanager.hasplugin("timeout"):
        return
    from pytest_timeout import _get_item_settings  # its own reading of the ini, marker and command line

    settings = _get_item_settings(item)
    if settings.timeout:
        item.config.pluginmanager.hook.pytest_timeout_set_timer(item=item, settings=settings)
