"""The core's and the store's tests run again inside Pyodide (CPython 3.14 in WebAssembly, the phone's Python).

Node runs ``pyodide_pytest.mjs`` with ``flet_web``'s Pyodide; on its ``sys.path`` are the repo (mounted, for
``companion/``, ``data/`` and ``tests/``) and the built app's own ``__pypackages__`` (unpacked from
``dist/web/app.zip``, so the very wheels the phone gets: the WebAssembly pydantic-core, the pure rapidfuzz...)
plus pytest's pure wheels (downloaded once into the build's wheel cache). The tests' files live in Pyodide's
memory file system, the one the browser copies to IndexedDB. Any test that fails there fails here.

All of ``tests/core`` and ``tests/store`` run except: the code's rules (``SOURCE_RULES``: they read the repo's
source text, the same bytes under any interpreter, and the phone never runs them; the host's run checks them), the
mutation sweep of two whole games (``SLOW``: two minutes there; the import limits' test stays) and two loops of one
command to a bound (``LONG``), tests that start processes or threads or make FIFOs (skipped there by
``tests.helpers.needs_processes`` / ``needs_threads`` / ``needs_fifos``, each with its reason), and the Hypothesis
modules (not collected there, ``tests/conftest.py``: its wheel is compiled for the host only).
"""

from __future__ import annotations

import importlib.metadata as md
import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tests.web.conftest import build_web_module

ROOT = Path(__file__).resolve().parents[2]
RUNNER = Path(__file__).with_name("pyodide_pytest.mjs")
SUBSET = ["tests/core", "tests/store"]
#: The code's own rules (sizes, import circles, constants, docs' paths, fixed waits, the suite's order, the tools):
#: they read the repo's files, not the app's behaviour, so Pyodide would check the same bytes again.
SOURCE_RULES = ["tests/core/test_code_rules.py", "tests/core/test_constants_once.py", "tests/core/test_docs_paths.py",
                "tests/core/test_import_circles.py", "tests/core/test_no_fixed_waits.py", "tests/core/test_sizes.py",
                "tests/core/test_suite_order.py"]
SLOW = "every_mutated_field"  # every field of two games mutated: minutes under Pyodide; the limits' test stays
#: Loops of one command to a bound (1,200 score changes to the file's size bound; the undo limit and back): each
#: runs the same lines hundreds of times, which the shorter store and session tests run there once or more; the
#: bounds themselves are the host's run's to check. Half a minute each in WebAssembly on a busy machine.
LONG = ["a_long_game_keeps_a_bounded_file", "history_is_capped_at_the_limit"]
PYTEST_WHEELS = ["pytest", "pluggy", "iniconfig", "packaging", "pygments"]
INI = """[pytest]
addopts = -ra --strict-markers -p no:cacheprovider
markers =
    browser: drives the real app in Debian chromium
    slow: takes more than a few seconds (still run by CI)
filterwarnings = error
"""

pytestmark = pytest.mark.slow  # one dist/web, built once under a lock (conftest.py)



@pytest.fixture(scope="module")
def site(web_build: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The app's ``__pypackages__`` as the phone unpacks them, and pytest's wheels."""
    folder = tmp_path_factory.mktemp("pyodide-site")
    with zipfile.ZipFile(web_build / "app.zip") as archive:
        for name in archive.namelist():
            if name.startswith("__pypackages__/") and not name.endswith("/"):
                target = folder / name.removeprefix("__pypackages__/")
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(archive.read(name))
    build_web = build_web_module()
    for name in PYTEST_WHEELS:
        wheel = build_web.cached_wheel(name, md.version(name))  # type: ignore[attr-defined]
        with zipfile.ZipFile(wheel) as archive:
            archive.extractall(folder)
    (folder / "pytest-pyodide.ini").write_text(INI, encoding="utf-8")
    return folder


def test_core_and_store_tests_pass_inside_pyodide(site: Path) -> None:
    import flet_web

    node = shutil.which("node")
    if node is None:
        pytest.fail("node is missing (Node 20 runs Pyodide for this test)")
    assert all((ROOT / rule).is_file() for rule in SOURCE_RULES), "a rule's module moved: SOURCE_RULES is stale"
    pyodide = Path(flet_web.get_package_web_dir()) / "pyodide"
    args = ["-c", "/site/pytest-pyodide.ini", "--rootdir", "/repo", "-q", "--tb=short", "--durations=5",
            "-k", " and ".join(f"not {name}" for name in (SLOW, *LONG)),
            *(f"--ignore={rule}" for rule in SOURCE_RULES), *SUBSET]
    run = subprocess.run([node, str(RUNNER), str(pyodide), str(site), str(ROOT), json.dumps(args)],
                         capture_output=True, text=True, timeout=600, cwd=ROOT)
    out = "\n".join(line[:400] for line in (run.stdout + run.stderr).splitlines())
    sys.stdout.write(out[-6000:])
    assert "emscripten" in out, "not run by Pyodide"
    assert run.returncode == 0, f"tests failed inside Pyodide:\n{out[-6000:]}"
    assert " passed" in out and " failed" not in out and " error" not in out
