"""A browser test's second try (pytest-rerunfailures, ``tests/conftest.py``) starts afresh from what a module's tests
share in their servers' memory (``UntilARerun``): run in a pytest of its own, a test that changes the shared thing
and fails its first try finds it unchanged on its second, and the test after it goes on with the new one. The same
module with a plain module-scoped fixture, as ``test_table_shots.py``'s phones and ``test_i18n_browser.py``'s
pseudo-locale server were, fails: the rerun sees the guest its first try joined."""

from __future__ import annotations

import pytest

pytest_plugins = ["pytester"]

MODULE = '''
from contextlib import contextmanager

import pytest

from tests.ui.conftest import UntilARerun

made = []


@contextmanager
def a_table():
    table = {"guests": [], "made": len(made) + 1, "closed": False}
    made.append(table)
    yield table
    table["closed"] = True


@pytest.fixture(scope="module")
def kept():
    with UntilARerun(a_table) as kept:
        yield kept


@pytest.fixture
def table(kept, request):
    return kept.for_this_try(request)


@pytest.fixture(scope="module")
def plain():
    with a_table() as table:
        yield table


@pytest.fixture
def shared(request):
    return request.getfixturevalue("table" if FRESH else "plain")


@pytest.mark.flaky(reruns=1)
def test_a_guest_joins(shared, request):
    assert shared["guests"] == [], f"try {request.node.execution_count} found {shared}"
    shared["guests"].append("Ben")
    assert request.node.execution_count == 2, "the first try fails once it has changed the table"


def test_the_next_test_goes_on_with_the_new_one(shared):
    assert shared["guests"] == ["Ben"]
    assert shared["made"] == (2 if FRESH else 1)
    assert made[0]["closed"] is FRESH  # the first try's closed when its rerun began
'''


@pytest.mark.parametrize("fresh", [True, False], ids=["until-a-rerun", "plain-module-fixture"])
def test_a_rerun_does_not_see_its_first_trys_state(pytester: pytest.Pytester, fresh: bool) -> None:
    pytester.makepyfile(test_table=f"FRESH = {fresh}\n" + MODULE)
    result = pytester.runpytest_inprocess("-p", "no:cacheprovider")
    if fresh:
        assert result.parseoutcomes() == {"passed": 2, "rerun": 1}
    else:
        assert result.parseoutcomes() == {"passed": 1, "failed": 1, "rerun": 1}
        assert "try 2 found {'guests': ['Ben']" in result.stdout.str()
