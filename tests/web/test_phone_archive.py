"""What the phone build ships for Python, and that it runs (issue 33: a smaller first visit, a faster start).

The app's archive holds bytecode without docstrings, ``companion``'s sources only where the data stamps hash them,
no filelock (the browser locks with Web Locks); Pyodide's standard library ships as bytecode too, so no import
compiles at a start. Then the built archive and library run in Pyodide (node): the app's content loads from the
stamps made at build time, without importing pydantic to check it, and the screens' modules import.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # one dist/web, built once per run under a lock (conftest.py)

RUN = """
import { pathToFileURL } from "node:url";
const [pyodideDir, stdlib, app] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(pyodideDir + "/pyodide.mjs").href);
const py = await loadPyodide({ indexURL: pyodideDir + "/", stdLibURL: stdlib });
py.FS.mkdirTree("/app");
py.FS.mount(py.FS.filesystems.NODEFS, { root: app }, "/app");
console.log(py.runPython(`
import json, os, sys
sys.path[:0] = ["/app/__pypackages__", "/app"]
os.environ["COMPANION_CACHE"] = "/app/companion/_cache"
from companion.core.content import load_content
from companion.rules.index_cache import default_index
games = sorted(load_content().games)
hits = len(default_index().search("ladybug", lang="en"))
checked = "pydantic" in sys.modules
rebuilt = "companion.rules.corpus" in sys.modules
import asyncio, companion.ui.app, flet
json.dumps({"games": games, "hits": hits, "pydantic": checked, "rebuilt": rebuilt, "asyncio": asyncio.__file__,
            "doc": companion.ui.app.make_main.__doc__})
`));
"""


def names(archive: Path) -> set[str]:
    with zipfile.ZipFile(archive) as opened:
        return set(opened.namelist())


def test_the_archive_ships_bytecode_and_only_the_sources_the_stamps_hash(web_build: Path) -> None:
    shipped = names(web_build / "app.zip")
    assert "companion/core/session.pyc" in shipped and "companion/core/session.py" not in shipped
    assert {"companion/core/schema.py", "companion/core/content_files.py", "companion/rules/search.py"} <= shipped
    assert "companion/core/__pycache__/schema.cpython-314.pyc" in shipped
    assert not [name for name in shipped if name.startswith("__pypackages__/filelock")]
    assert "__pypackages__/flet/__init__.pyc" in shipped and "__pypackages__/flet/__init__.py" not in shipped


def test_pyodides_library_ships_as_bytecode(web_build: Path) -> None:
    shipped = names(web_build / "pyodide" / "python_stdlib.zip")
    assert {"asyncio/__init__.pyc", "json/__init__.pyc", "typing.pyc"} <= shipped
    assert not [name for name in shipped if name.endswith(".py")]
    assert "pdb.pyc" not in shipped and not [name for name in shipped if name.startswith("_pyrepl/")]


def test_the_built_app_loads_its_content_from_the_build_stamps(web_build: Path, tmp_path: Path) -> None:
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is missing (Node 20 runs Pyodide for this test)")
    import flet_web

    with zipfile.ZipFile(web_build / "app.zip") as archive:
        archive.extractall(tmp_path / "app")
    script = tmp_path / "run.mjs"
    script.write_text(RUN, encoding="utf-8")
    pyodide = Path(flet_web.get_package_web_dir()) / "pyodide"
    run = subprocess.run([node, str(script), str(pyodide), str(web_build / "pyodide" / "python_stdlib.zip"),
                          str(tmp_path / "app")], capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-3000:]
    found = json.loads(run.stdout.strip().splitlines()[-1])
    assert found["games"] == ["antscape", "evolved", "mota"]
    assert found["hits"] > 0
    assert found["pydantic"] is False  # the stamps made at build time were found: nothing checked again
    assert found["rebuilt"] is False  # the rules index and its corpus read from the build's cache, not rebuilt
    assert found["asyncio"].endswith("asyncio/__init__.pyc")
    assert found["doc"] is None  # bytecode without docstrings


def test_the_client_and_renderer_a_browser_may_use_and_no_other(web_build: Path) -> None:
    """A skwasm build (the default) ships the WebAssembly client with skwasm and, for browsers without WasmGC and
    those not Blink's, the JavaScript client with CanvasKit; the page lets Flutter's loader choose; the service
    worker keeps offline only the client and renderer the page used; the wasm client asks no CDN either."""
    from tests.web.conftest import renderer_of

    files = {p.relative_to(web_build).as_posix() for p in web_build.rglob("*") if p.is_file()}
    index = (web_build / "index.html").read_text(encoding="utf-8")
    worker = (web_build / "sw.js").read_text(encoding="utf-8")
    listed = re.search(r"const OPTIONAL = (\[.*?\]);", worker)
    assert listed is not None
    optional = json.loads(listed.group(1))
    assert "canvaskit/wimp.wasm" not in files and "canvaskit/skwasm_heavy.wasm" not in files
    assert {"main.dart.js", "canvaskit/chromium/canvaskit.wasm", "canvaskit/canvaskit.wasm"} <= files
    if renderer_of(web_build) == "canvaskit":
        assert 'flet.webRenderer="canvaskit"' in index and "main.dart.wasm" not in files
        assert "canvaskit/skwasm.wasm" not in files and "main.dart.js" not in optional
        return
    assert 'flet.webRenderer="auto"' in index
    assert {"main.dart.wasm", "main.dart.mjs", "canvaskit/skwasm.wasm", "canvaskit/skwasm.js"} <= files
    assert {"main.dart.js", "main.dart.wasm", "main.dart.mjs", "canvaskit/skwasm.wasm"} <= set(optional)
    assert b"cdn.jsdelivr.net" not in (web_build / "main.dart.wasm").read_bytes()  # its Rive loader: rive/ here
