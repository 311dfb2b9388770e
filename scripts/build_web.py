"""Build ``dist/web/``: the companion as a static folder that runs Python in the browser.

What it holds: the Flet web client and Pyodide (both from the installed ``flet_web``), ``app.zip`` (the
``companion`` package, its ``data/`` as ``companion/_data``, and every wheel it needs unpacked into
``__pypackages__``), our manifest, icons and service worker. Nothing is fetched from a CDN or the package index
when the app runs.

Wheels are downloaded once into the user's cache (``<cache>/web-wheels/``, a folder per version, so a rebuild is
offline); each finished build is kept there too (``<cache>/web-dist/<inputs hash>/``), so the build is skipped
when its inputs (this script, the package, the data, the versions) are unchanged - in this work tree, and in any
other clone on the same machine, which copies the kept build. ``<cache>`` is ``platformdirs``' user cache folder
for the app (``~/.cache/march-of-the-ants-companion`` on Linux), or ``$COMPANION_WEB_CACHE`` when set.

Usage: ``scripts/build-web [--out DIR] [--force] [--base /path/] [--renderer canvaskit|skwasm]``
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.metadata as md
import inspect
import json
import lzma
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
APP_ID = "march-of-the-ants-companion"


def cache_root() -> Path:
    """Shared by every clone on this machine (``COMPANION_WEB_CACHE`` overrides it, e.g. for CI)."""
    override = os.environ.get("COMPANION_WEB_CACHE")
    if override:
        return Path(override).expanduser().resolve()
    from platformdirs import user_cache_dir

    return Path(user_cache_dir(APP_ID, appauthor=False))


CACHE = cache_root() / "web-wheels"
BUILDS = cache_root() / "web-dist"
KEEP_BUILDS = 3  # the newest kept builds; older ones are removed
WEB_SRC = ROOT / "packaging" / "web"  # our own page files: service worker, icon, boot script

#: Pure-Python wheels taken as they are (distribution names as pip knows them).
PURE = ["flet", "flet-charts", "flet-audio", "repath", "six", "tinydb", "platformdirs", "filelock", "pydantic",
        "annotated-types", "typing-extensions", "typing-inspection", "segno", "babel"]
#: Compiled for Pyodide (CPython 3.14 in WebAssembly).
WASM = ["pydantic-core", "msgpack"]
WASM_PLATFORM = ["--platform", "pyemscripten_2026_0_wasm32", "--python-version", "3.14", "--implementation", "cp",
                 "--abi", "cp314"]
#: Built from the source as pure Python (no wasm wheel on the index).
SDIST = ["rapidfuzz"]
#: Pinned like the rest but not shipped: the phone locks with the browser's Web Locks (``companion.platform``).
NOT_ON_THE_PHONE = {"filelock"}
PYTHON_TAG = "cpython-314"  # Pyodide's interpreter: the tag of the bytecode it writes and reads
LOCALES = ("en", "es")  # the languages the app speaks: babel keeps only these (and root)

#: The web renderers a build can use (``--renderer``). "canvaskit": Flutter's client compiled to JavaScript
#: (``main.dart.js``) drawing with CanvasKit. "skwasm": the client compiled to WebAssembly (``main.dart.wasm``, which
#: needs a browser with WasmGC) drawing with skwasm, single-threaded where the page is not cross-origin isolated (a
#: static host sends no COOP/COEP headers); the CanvasKit build stays beside it, Flutter's loader falling back to
#: it in a browser without WasmGC or WebGL and in every browser but Blink's (Firefox, Safari).
RENDERERS = ("canvaskit", "skwasm")
DEFAULT_RENDERER = "skwasm"  # the build in dist/web/ (another renderer's: dist/web-<renderer>/); #33: faster at 4x
#: Parts of the Flet client not used by a page that runs CanvasKit from its own folder (by renderer).
CLIENT_SKIP = {"canvaskit": {"main.dart.wasm", "main.dart.mjs", "flutter.js.map", "flutter_service_worker.js"},
               "skwasm": {"flutter.js.map", "flutter_service_worker.js"}}
#: Of the renderers' folder: the variants loaded only when asked for by name (wimp, the experimental paragraph
#: CanvasKit), skwasm's in a CanvasKit build, and skwasm_heavy (Flutter's loader picks skwasm only in a Blink
#: browser, which has the image codecs and break iterators that variant brings itself).
CANVASKIT_SKIP = {"canvaskit": {"skwasm.js", "skwasm.wasm", "skwasm_heavy.js", "skwasm_heavy.wasm", "wimp.js",
                                "wimp.wasm", "experimental_webparagraph"},
                  "skwasm": {"skwasm_heavy.js", "skwasm_heavy.wasm", "wimp.js", "wimp.wasm",
                             "experimental_webparagraph"}}
#: The client's entry and its renderer's wasm, by renderer, as Chromium loads them (the splash's progress bar).
RENDERER_FILES = {"canvaskit": ("main.dart.js", "canvaskit/chromium/canvaskit.wasm"),
                  "skwasm": ("main.dart.wasm", "canvaskit/skwasm.wasm")}
#: Fonts of the client no screen of the app draws with (math in Markdown, Cupertino icons): out of the build and
#: of ``FontManifest.json``, whose every font the client fetches at each start.
UNUSED_FONTS = ("packages/flutter_math_fork/", "packages/cupertino_icons/")
PYODIDE_SKIP = {"python", "python.bat", "python.exe", "python_cli_entry.mjs", "ffi.d.ts", "pyodide.d.ts",
                "pyodide.js", "micropip-0.11.1-py3-none-any.whl", "packaging-26.1-py3-none-any.whl"}

APP_NAME = "March of the Ants Companion"
SHORT_NAME = "Ants Companion"


def log(text: str) -> None:
    print(f"build-web: {text}", flush=True)


def versions() -> dict[str, str]:
    return {name: md.version(name) for name in (*PURE, *WASM, *SDIST, "flet-web")}


def pip(*args: str, env: dict[str, str] | None = None) -> None:
    cmd = [sys.executable, "-m", "pip", "--disable-pip-version-check", "-q", *args]
    subprocess.run(cmd, check=True, env={**os.environ, **(env or {})})


def cached_wheel(name: str, version: str) -> Path:
    """The wheel of ``name==version`` for the browser, downloaded or built once into the cache."""
    norm = re.sub(r"[-_.]+", "_", name).lower()
    folder = CACHE / f"{norm}-{version}"
    found = sorted(folder.glob("*.whl")) if folder.is_dir() else []
    if found:
        return found[0]
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=CACHE) as tmp:
        if name in WASM:
            log(f"downloading {name} {version} (WebAssembly)")
            pip("download", "--no-deps", "--only-binary=:all:", *WASM_PLATFORM, "-d", tmp, f"{name}=={version}")
        elif name in SDIST:
            log(f"building {name} {version} as pure Python from its source")
            pure = {"SKBUILD_WHEEL_CMAKE": "false", "RAPIDFUZZ_BUILD_EXTENSION": "0"}
            pip("download", "--no-deps", "--no-binary=:all:", "-d", tmp, f"{name}=={version}", env=pure)
            sdist = next(Path(tmp).glob("*.tar.gz"))
            pip("wheel", "--no-deps", "-w", tmp, str(sdist),
                env=pure)
        else:
            log(f"downloading {name} {version}")
            pip("download", "--no-deps", "--only-binary=:all:", "-d", tmp, f"{name}=={version}")
        wheels = list(Path(tmp).glob("*.whl"))
        if len(wheels) != 1:
            raise SystemExit(f"build-web: expected one wheel for {name}, got {wheels}")
        shutil.move(str(wheels[0]), folder / wheels[0].name)
    return next(folder.glob("*.whl"))


def unpack_wheels(target: Path, pins: dict[str, str]) -> None:
    for name in (*PURE, *WASM, *SDIST):
        if name in NOT_ON_THE_PHONE:
            continue
        with zipfile.ZipFile(cached_wheel(name, pins[name])) as wheel:
            wheel.extractall(target)
    # Only what the app imports: no dist-info beyond metadata, no babel locales it does not speak (the app reads
    # its catalogues as "en" and "es", never a region's variant), no pydantic v1 or mypy plugin.
    locale_data = target / "babel" / "locale-data"
    for dat in locale_data.glob("*.dat"):
        if dat.stem not in ("root", *LOCALES):
            dat.unlink()
    for junk in ("flet_desktop", "flet/testing", "flet_cli", "pydantic/v1", "pydantic/mypy.py",
                 "babel/messages/frontend.py", "babel/messages/setuptools_frontend.py"):  # babel's command line
        if (target / junk).is_file():
            (target / junk).unlink()
        shutil.rmtree(target / junk, ignore_errors=True)
    for info in target.glob("*.dist-info"):  # metadata and licences stay; the install records and SBOMs go
        shutil.rmtree(info / "sboms", ignore_errors=True)
        (info / "RECORD").unlink(missing_ok=True)
        metadata = info / "METADATA"  # its headers (name, version, requirements), without the long description
        if metadata.is_file():
            metadata.write_text(metadata.read_text(encoding="utf-8").split("\n\n", 1)[0] + "\n", encoding="utf-8")
    for pycache in list(target.rglob("__pycache__")):
        shutil.rmtree(pycache, ignore_errors=True)
    for pyi in target.rglob("*.pyi"):
        pyi.unlink()


def app_files() -> list[tuple[Path, str]]:
    """(source, name in the archive) of the companion package and its data."""
    files: list[tuple[Path, str]] = []
    for path in sorted((ROOT / "companion").rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
            files.append((path, "companion/" + path.relative_to(ROOT / "companion").as_posix()))
    for path in sorted((ROOT / "data").rglob("*")):
        if path.is_file():
            files.append((path, "companion/_data/" + path.relative_to(ROOT / "data").as_posix()))
    return files


def inputs_key(pins: dict[str, str], base: str, renderer: str = DEFAULT_RENDERER) -> str:
    digest = hashlib.sha256()
    digest.update(json.dumps([pins, base, sys.version_info[:2], renderer]).encode())
    sources = [*app_files(), (Path(__file__), "build_web.py")]
    sources += [(p, p.name) for p in own_web_files()]
    sources += [(p, p.name) for p in NPM_FILES]
    for path, name in sources:
        digest.update(name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def compiled_packages(pins: dict[str, str], pyodide: Path) -> Path:
    """``__pypackages__`` unpacked and byte-compiled once per set of versions, kept in the cache beside the wheels
    (``<cache>/web-packages/<hash>/``), so a rebuild after a change to the app compiles only ``companion``."""
    digest = hashlib.sha256(json.dumps([pins, PYTHON_TAG, LOCALES, shutil.which("node") is not None]).encode())
    digest.update(inspect.getsource(unpack_wheels).encode() + _COMPILE_MJS.encode())
    folder = cache_root() / "web-packages" / digest.hexdigest()[:16]
    if (folder / ".complete").is_file():
        return folder
    folder.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=folder.parent) as tmp:
        unpack_wheels(Path(tmp) / "__pypackages__", pins)
        if precompile(Path(tmp), pyodide, "__pypackages__"):
            log("byte-compiled the wheels with Pyodide (kept for the next builds)")
        (Path(tmp) / "__pypackages__" / ".complete").write_text("", encoding="utf-8")
        shutil.rmtree(folder, ignore_errors=True)
        (Path(tmp) / "__pypackages__").rename(folder)
    return folder


def stage_app(folder: Path, pins: dict[str, str], pyodide: Path) -> set[str]:
    """The app archive's tree: ``main.py``, ``companion/`` (with ``_data/``) and ``__pypackages__/``; returns the
    sources the data stamps name (see ``stamp_checked_data``)."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "main.py").write_text("from companion.web_main import run\n\nrun()\n", encoding="utf-8")
    for path, name in app_files():
        target = folder / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)
    shutil.copytree(compiled_packages(pins, pyodide), folder / "__pypackages__",
                    ignore=shutil.ignore_patterns(".complete"))
    return stamp_checked_data(folder / "companion" / "_cache")


#: Every data file the app checks, and the rules' search index built (kept beside the stamps, read by the
#: phone after its own checks of the file's key and checksum). The source files the stamps and the index's key
#: hash (read with ``Path.read_bytes``) are noted: they ship as sources, the rest of ``companion`` as bytecode.
_CHECK_DATA = """
import pathlib, sys

read = set()
read_bytes = pathlib.Path.read_bytes


def noted(self):
    read.add(str(self.resolve()))
    return read_bytes(self)


pathlib.Path.read_bytes = noted

from companion.core.broodmother.content import brood_content
from companion.core.content import load_content
from companion.rules.index_cache import default_index

load_content()
brood_content()
default_index()
pathlib.Path(sys.argv[1]).write_text("\\n".join(sorted(p for p in read if p.endswith(".py"))), encoding="utf-8")
"""


def stamp_checked_data(cache: Path) -> set[str]:
    """The data files checked here, at build time, leaving their stamps (and the rules' index) in the archive
    (``companion/_cache``, the browser's ``COMPANION_CACHE``): the phone's start skips the check (and importing
    pydantic for it), as a computer's second start does. A stamp names the bytes of the data and of the code
    declaring its shape, which ship unchanged, so the phone finds the stamps it would have written. Returns
    those sources (``companion/...py``), which the archive keeps."""
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "COMPANION_CACHE": str(cache), "COMPANION_DB": str(Path(tmp) / "games.json"),
               "PYTHONPATH": str(ROOT)}
        noted = Path(tmp) / "sources.txt"
        subprocess.run([sys.executable, "-c", _CHECK_DATA, str(noted)], check=True, env=env, cwd=tmp, timeout=300)
        read = [Path(line) for line in noted.read_text(encoding="utf-8").splitlines()]
    return {path.relative_to(ROOT).as_posix() for path in read if path.is_relative_to(ROOT / "companion")}


#: Run by node with the build's own Pyodide: the .pyc files must come from its CPython (3.14), not this one.
_COMPILE_MJS = """
import { pathToFileURL } from "node:url";
const [pyodideDir, folder, part] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(pyodideDir + "/pyodide.mjs").href);
const py = await loadPyodide({ indexURL: pyodideDir + "/" });
py.FS.mkdirTree("/app");
py.FS.mount(py.FS.filesystems.NODEFS, { root: folder }, "/app");
const ok = py.runPython(`
import compileall, pathlib, py_compile
done = compileall.compile_dir("/app/${part}", quiet=1, workers=1, stripdir="/app", prependdir="/home/pyodide",
                              optimize=2, invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
for pyc in pathlib.Path("/app/${part}").rglob("*.opt-2.pyc"):
    pyc.rename(pyc.with_name(pyc.name.replace(".opt-2.pyc", ".pyc")))
bool(done)
`);
process.exit(ok ? 0 : 1);
"""


#: Run by node with the build's own Pyodide: its standard library (a zip of sources, which zipimport compiles at
#: every import, on every start) written again as bytecode (no docstrings or asserts, checked by nothing), stored
#: (``pack_for_the_wire`` compresses the whole), without the modules no browser tab runs (the REPL, the debugger,
#: help(), doctest, unittest, mailbox) nor those neither the app, its packages nor Pyodide's loader import (an
#: import trace of every ``companion`` module in Pyodide, and a search of their sources and Pyodide's for imports
#: inside functions): processes, servers, mail and HTML, profilers, Windows' event loops, XML's DOM, the codecs of
#: other encodings than Unicode's, ASCII, Latin-1 and the zip's cp437.
_STDLIB_MJS = """
import { pathToFileURL } from "node:url";
const [pyodideDir, target] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(pyodideDir + "/pyodide.mjs").href);
const py = await loadPyodide({ indexURL: pyodideDir + "/" });
py.FS.writeFile("/tmp/stdlib.zip", py.FS.readFile("/lib/python314.zip"));
py.runPython(`
import importlib.util, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

LEFT_OUT = ("_pyrepl/", "pdb.py", "pydoc.py", "pydoc_data/", "doctest.py", "unittest/", "mailbox.py",
            "multiprocessing/", "concurrent/futures/process.py", "concurrent/interpreters/",
            "concurrent/futures/interpreter.py", "xmlrpc/", "wsgiref/", "http/server.py", "socketserver.py",
            "logging/config.py", "logging/handlers.py", "imaplib.py", "smtplib.py", "ftplib.py", "poplib.py",
            "netrc.py", "asyncio/windows_events.py", "asyncio/windows_utils.py", "asyncio/proactor_events.py",
            "xml/dom/", "pickletools.py", "pstats.py", "profile.py", "cProfile.py", "trace.py", "bdb.py",
            "timeit.py", "tabnanny.py", "pyclbr.py", "modulefinder.py", "symtable.py", "zipapp.py", "shelve.py",
            "pty.py", "sched.py", "cmd.py", "sqlite3/", "_pyio.py", "configparser.py", "optparse.py",
            "plistlib.py", "filecmp.py", "fileinput.py", "graphlib.py", "getopt.py", "tarfile.py", "html/",
            "_markupbase.py", "http/cookiejar.py", "http/cookies.py", "email/policy.py", "email/headerregistry.py",
            "email/_header_value_parser.py", "email/contentmanager.py", "email/mime/", "asyncio/__main__.py",
            "asyncio/tools.py", "json/tool.py", "urllib/robotparser.py", "_pydatetime.py")
CODECS = {"__init__", "aliases", "ascii", "latin_1", "utf_8", "utf_8_sig", "utf_16", "utf_16_be", "utf_16_le",
          "utf_32", "utf_32_be", "utf_32_le", "utf_7", "idna", "punycode", "unicode_escape", "raw_unicode_escape",
          "charmap", "cp437", "cp1252", "base64_codec", "hex_codec", "zlib_codec", "undefined"}
with zipfile.ZipFile("/tmp/stdlib.zip") as source, \\
        zipfile.ZipFile("/tmp/out.zip", "w", zipfile.ZIP_STORED) as out:
    for info in source.infolist():
        if info.filename.startswith(LEFT_OUT):
            continue
        if info.filename.startswith("encodings/") and info.filename[10:].rsplit(".", 1)[0] not in CODECS:
            continue
        data = source.read(info)
        try:
            code = compile(data, "/lib/python314.zip/" + info.filename, "exec", optimize=2, dont_inherit=True) \\
                if info.filename.endswith(".py") else None
        except SyntaxError:  # a file written for another Python: left as it is
            code = None
        if code is None:
            out.writestr(info, data)
            continue
        pyc = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
        out.writestr(info.filename[:-3] + ".pyc", bytes(pyc))
`);
(await import("node:fs")).writeFileSync(target, py.FS.readFile("/tmp/out.zip"));
"""


def compile_stdlib(out: Path) -> None:
    """Pyodide's standard library shipped as bytecode (``_STDLIB_MJS``): importing asyncio, json, typing and
    the rest no longer compiles them at each start. Made once per Pyodide (kept in the cache); without node the
    library ships as Pyodide has it."""
    node = shutil.which("node")
    stdlib = out / "pyodide" / "python_stdlib.zip"
    if node is None:
        return
    digest = hashlib.sha256(stdlib.read_bytes() + _STDLIB_MJS.encode()).hexdigest()[:16]
    kept = cache_root() / "web-stdlib" / f"{digest}.zip"
    if not kept.is_file():
        kept.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=kept.parent) as tmp:
            script = Path(tmp) / "stdlib.mjs"
            script.write_text(_STDLIB_MJS, encoding="utf-8")
            made = Path(tmp) / "python_stdlib.zip"
            subprocess.run([node, str(script), str(out / "pyodide"), str(made)], check=True, timeout=900,
                           stdout=subprocess.DEVNULL)
            made.rename(kept)
        log("byte-compiled Pyodide's standard library (kept for the next builds)")
    shutil.copyfile(kept, stdlib)


def precompile(folder: Path, pyodide: Path, part: str) -> bool:
    """Byte-compile ``folder/part`` of the staged app with Pyodide in node (``__pycache__/*.cpython-314.pyc``,
    checked by nothing: the archive is rebuilt whenever a source changes), so the phone imports without compiling.
    False without node (the app still runs, compiling at each start)."""
    node = shutil.which("node")
    if node is None:
        log("node not found: the app is shipped without precompiled bytecode (slower starts)")
        return False
    script = folder.parent / "compile.mjs"
    script.write_text(_COMPILE_MJS, encoding="utf-8")
    subprocess.run([node, str(script), str(pyodide), str(folder), part], check=True, timeout=900,
                   stdout=subprocess.DEVNULL)
    script.unlink()
    return True


def write_app_zip(out: Path, folder: Path, sources: set[str]) -> None:
    """The archive. A compiled module ships as its bytecode alone (``x.pyc`` beside where ``x.py`` was, which
    Python imports without a source), so the bytecode costs no download; of ``companion`` only the ``sources``
    the data stamps hash keep their ``.py`` (with their bytecode in ``__pycache__``). Tracebacks on the phone name
    files and lines, without the lines' text."""
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_STORED) as archive:
        for path in sorted(folder.rglob("*"), key=lambda p: (p.suffix, p)):  # alike files together: smaller .xz
            name = _archived_as(path, folder, sources) if path.is_file() else None
            if name is not None:
                archive.write(path, name)


def _archived_as(path: Path, folder: Path, sources: set[str]) -> str | None:
    """Where ``path`` goes in the archive (None: left out, its bytecode ships in its place)."""
    name = path.relative_to(folder).as_posix()
    if not name.startswith(("__pypackages__/", "companion/")):
        return name
    if path.suffix == ".py":
        return name if name in sources or not _bytecode(path).is_file() else None
    if path.parent.name != "__pycache__":
        return name
    source = path.parent.parent / (path.name.split(".")[0] + ".py")
    if not source.is_file():
        return None
    if source.relative_to(folder).as_posix() in sources:
        return name
    return source.with_suffix(".pyc").relative_to(folder).as_posix()


def _bytecode(source: Path) -> Path:
    return source.parent / "__pycache__" / f"{source.stem}.{PYTHON_TAG}.pyc"


def copy_client(web: Path, out: Path, renderer: str = "canvaskit") -> None:
    def skip(folder: str, names: list[str]) -> set[str]:
        here = Path(folder)
        unused = {n for n in names if n.endswith(".symbols")}  # debugging symbols: never fetched
        if here == web:
            return unused | {n for n in names if n in CLIENT_SKIP[renderer]}
        if here.name == "canvaskit":
            return unused | {n for n in names if n in CANVASKIT_SKIP[renderer]}
        if here.name == "pyodide":
            return unused | {n for n in names if n in PYODIDE_SKIP}
        if here == web / "icons":  # Flet's own icons and splash image: the page shows the ant's
            return unused | {n for n in names if n.startswith(("icon-", "apple-touch-icon", "loading-animation"))}
        if here == web / "assets" / "packages":
            return unused | {n for n in names if f"packages/{n}/" in UNUSED_FONTS}
        return unused

    shutil.copytree(web, out, ignore=skip)


def theme_colours() -> tuple[str, str]:
    text = (ROOT / "companion" / "ui" / "theme.py").read_text(encoding="utf-8")
    seed = re.search(r'^SEED = "(#[0-9A-Fa-f]{6})"', text, re.M)
    return (seed.group(1) if seed else "#C98B2B"), "#1C1B1F"


def patch_page(out: Path, base: str, version: str, renderer: str = "canvaskit") -> None:
    from flet.controls.types import RouteUrlStrategy, WebRenderer
    from flet_web import patch_font_manifest_json, patch_index_html, patch_manifest_json

    patch_font_manifest_json(str(out / "assets" / "FontManifest.json"))  # Roboto from our folder, not Google's
    drop_unused_fonts(out / "assets" / "FontManifest.json")
    index = out / "index.html"
    pyodide_version = json.loads((out / "pyodide" / "package.json").read_text())["version"]
    patch_index_html(str(index), base_href=base, app_name=APP_NAME,
                     app_description="The March of the Ants companion: scores, the Broodmother, the rules. Offline.",
                     pyodide=True, pyodide_script_path="main.py", pyodide_version=pyodide_version,
                     app_package_url="app.zip",
                     web_renderer=WebRenderer.CANVAS_KIT if renderer == "canvaskit" else WebRenderer.AUTO,
                     route_url_strategy=RouteUrlStrategy.HASH, no_cdn=True)
    html = index.read_text(encoding="utf-8")
    # flet_web 1.0.5 writes a bare specifier the worker's import() rejects: make it a path from the root.
    html = html.replace('flet.pyodideUrl="pyodide/pyodide.mjs";', f'flet.pyodideUrl="{base}pyodide/pyodide.mjs";')
    html = html.replace('<link rel="apple-touch-icon" href="icons/apple-touch-icon-192.png">',
                        '<link rel="apple-touch-icon" href="icons/ant-192.png">')
    html = html.replace('<link rel="icon" type="image/png" href="favicon.png" />',
                        '<link rel="icon" type="image/svg+xml" href="icons/ant.svg" />')
    accent, dark = theme_colours()
    # boot.js loads Flutter's bootstrap itself: on a first visit, once our service worker controls the page.
    html = html.replace('<script src="flutter_bootstrap.js" async></script>', "")
    html = html.replace("</head>", f'  <meta name="theme-color" content="{dark}">\n'
                                    f'  <meta name="companion-version" content="{version}">\n'
                                    '  <script src="boot.js"></script>\n</head>', 1)
    index.write_text(put_splash(html, out, renderer), encoding="utf-8")
    # flet_web's bootstrap registers its stub worker (which unregisters itself): ours is registered by boot.js.
    bootstrap = out / "flutter_bootstrap.js"
    text = bootstrap.read_text(encoding="utf-8")
    text = re.sub(r"serviceWorkerSettings:\s*\{[^}]*\},?", "", text)
    bootstrap.write_text(text, encoding="utf-8")
    patch_python_worker(out)
    keep_client_local(out)
    manifest = out / "manifest.json"
    patch_manifest_json(str(manifest), app_name=APP_NAME, app_short_name=SHORT_NAME,
                        app_description="Scores, the Broodmother and the rules for March of the Ants, offline.",
                        background_color=dark, theme_color=dark)
    data = json.loads(manifest.read_text())
    data.update(start_url=".", scope=".", display="standalone", orientation="portrait", icons=[
        {"src": "icons/ant-192.png", "sizes": "192x192", "type": "image/png"},
        {"src": "icons/ant-512.png", "sizes": "512x512", "type": "image/png"},
        {"src": "icons/ant-512-maskable.png", "sizes": "512x512", "type": "image/png", "purpose": "maskable"},
        {"src": "icons/ant.svg", "sizes": "any", "type": "image/svg+xml"}])
    manifest.write_text(json.dumps(data, indent=2), encoding="utf-8")
    del accent


#: What a first visit's progress bar counts (bytes): the page's big files by name, Pyodide's as one part.
PYODIDE_PARTS = ("pyodide.asm.wasm", "pyodide.asm.mjs", "python_stdlib.zip")


def drop_unused_fonts(manifest: Path) -> None:
    """The families of ``UNUSED_FONTS`` out of the client's font list (their files are not in the build)."""
    families = json.loads(manifest.read_text(encoding="utf-8"))
    kept = [family for family in families if not str(family["family"]).startswith(UNUSED_FONTS)]
    manifest.write_text(json.dumps(kept, indent=2), encoding="utf-8")


def put_splash(html: str, out: Path, renderer: str = "canvaskit") -> str:
    """Flet's white loading logo replaced by the app's splash (``packaging/web/splash.html``, kept up by ``boot.js``
    until the first screen), with the sizes its first-visit progress bar counts (by the files' names: the
    renderer's as Chromium loads them)."""
    splash = out / "splash.html"
    text = splash.read_text(encoding="utf-8")
    splash.unlink()
    sizes = {Path(name).name: (out / name).stat().st_size for name in RENDERER_FILES[renderer]}
    sizes |= {"python": sum((out / "pyodide" / name).stat().st_size for name in PYODIDE_PARTS),
             "app.zip": (out / "app.zip").stat().st_size}
    text = text.replace("__SIZES__", json.dumps(sizes).replace('"', "&quot;"))
    html, count = re.subn(r'<div id="loading".*?</div>\s*</body>', text + "\n</body>", html, count=1, flags=re.S)
    if count != 1:
        raise SystemExit("build-web: index.html has changed: its loading block was not found")
    return html


def keep_client_local(out: Path) -> None:
    """The Flet client's one CDN address (its Rive loader) pointed at a stub in the folder: no request leaves the
    page's own host (``companion/ui/web_client.py``, which the served app uses too)."""
    sys.path.insert(0, str(ROOT))
    from companion.ui.web_client import RIVE_STUB, RIVE_STUB_PATH, without_cdn

    client = out / "main.dart.js"
    client.write_bytes(without_cdn(client.read_bytes()))
    module = out / "main.dart.wasm"  # the WebAssembly client (a skwasm build): the same address, as many bytes
    if module.is_file():
        from companion.ui.web_client import wasm_without_cdn

        module.write_bytes(wasm_without_cdn(module.read_bytes()))
    stub = out / RIVE_STUB_PATH
    stub.parent.mkdir(parents=True, exist_ok=True)
    stub.write_bytes(RIVE_STUB)


def patch_python_worker(out: Path) -> None:
    """Pyodide starts from a memory snapshot kept by the browser (``pyodide-snapshot.mjs``), keyed by a hash of
    Pyodide's own files."""
    worker = out / "python-worker.js"
    text = worker.read_text(encoding="utf-8")
    call = "self.pyodide = await loadPyodide({"
    if call not in text:
        raise SystemExit("build-web: python-worker.js has changed: its loadPyodide call was not found")
    text = text.replace(call, "self.pyodide = await loadPyodideFast(loadPyodide, {", 1)
    text = unpack_in_javascript(tell_stages(text))
    worker.write_text('import { loadPyodideFast } from "./pyodide-snapshot.mjs";\n'
                      'import { fetchApp, unpackApp } from "./app-unpack.mjs";\n' + text, encoding="utf-8")
    digest = hashlib.sha256()
    for name in ("package.json", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide.mjs", "python_stdlib.zip"):
        digest.update(hashlib.sha256((out / "pyodide" / name).read_bytes()).digest())
    helper = out / "pyodide-snapshot.mjs"
    helper.write_text(helper.read_text(encoding="utf-8").replace("__PYODIDE_KEY__", digest.hexdigest()[:16]),
                      encoding="utf-8")


#: (a line of python-worker.js, what goes before it): the worker tells its page's splash (boot.js) its stages,
#: when the page asked for them (a page that did not would take the messages for the client's).
_STAGES = (("        self.initialized = true;\n",
            "        if (event.data.companionStages) {\n"
            "            self.companionStage = (stage) => self.postMessage({ companionStage: stage });\n"
            "        }\n"),
           ("        const pyodideModule = await import(self.pyodideUrl);\n",
            "        if (self.companionStage) self.companionStage(\"python\");\n"),
           ("        self.pyodide.registerJsModule(\"flet_js\", flet_js);\n",
            "        if (self.companionStage) self.companionStage(\"app\");\n"))


def tell_stages(worker: str) -> str:
    return _put_before(worker, _STAGES)


#: (a line of python-worker.js, what goes before it): the app's archive fetched as the worker starts, beside
#: Pyodide's start, and written into Pyodide's files by ``app-unpack.mjs``; Flet's Python download and unpacking
#: only if that could not (issue #33).
_UNPACK = (("        const pyodideModule = await import(self.pyodideUrl);\n",
            "        const given = self.flet_js.args || {};\n"
            "        const appFetch = (\"script\" in given || \"app_package_url\" in given) ? null\n"
            "            : fetchApp(self.appPackageUrl);\n"),
           ("        self.pyodide.registerJsModule(\"flet_js\", flet_js);\n",
            "        flet_js.companionUnpacked = await unpackApp(self.pyodide, appFetch);\n"))
_DOWNLOAD = '        if "script" not in py_args:\n'


def unpack_in_javascript(worker: str) -> str:
    worker = _put_before(worker, _UNPACK)
    if worker.count(_DOWNLOAD) != 1:
        raise SystemExit("build-web: python-worker.js has changed: its download of the app was not found once")
    return worker.replace(_DOWNLOAD, '        if getattr(flet_js, "companionUnpacked", False):\n'
                                     "            pass  # app-unpack.mjs has written the app's files\n"
                                     '        elif "script" not in py_args:\n')


def _put_before(worker: str, insertions: tuple[tuple[str, str], ...]) -> str:
    for line, before in insertions:
        if worker.count(line) != 1:
            raise SystemExit(f"build-web: python-worker.js has changed: {line.strip()!r} not found once")
        worker = worker.replace(line, before + line)
    return worker


#: The npm project of the page's own JavaScript dependencies (``packaging/web``): its files are not the page's.
NPM_FILES = (WEB_SRC / "package.json", WEB_SRC / "package-lock.json")
#: What the build takes from it, and where in the folder: (file under node_modules, name in the folder).
VENDORED = (("jsqr/dist/jsQR.js", "vendor/jsQR.js"), ("jsqr/LICENSE", "vendor/jsQR.LICENSE.txt"),
            ("xz-decompress/dist/package/xz-decompress.min.js", "vendor/xz-decompress.js"))
#: The archives sent as xz and unpacked by the service worker (``packaging/web/sw.js``, with the vendored decoder).
PACKED = ("app.zip", "pyodide/python_stdlib.zip")
XZ_DECODER = "vendor/xz-decompress.js"


def own_web_files() -> list[Path]:
    """``packaging/web``'s files that ship as they are: not the npm project's (package files, node_modules)."""
    skip = {*NPM_FILES, WEB_SRC / ".gitignore"}
    return [path for path in sorted(WEB_SRC.rglob("*")) if path.is_file() and path not in skip
            and "node_modules" not in path.relative_to(WEB_SRC).parts]


def add_own_files(out: Path) -> None:
    for path in own_web_files():
        if path.is_file():
            target = out / path.relative_to(WEB_SRC)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, target)


def add_vendored(out: Path) -> None:
    """The npm registry's packages the page uses (jsQR, the QR reader where the browser has none), installed from
    ``packaging/web/package-lock.json`` (``npm ci``: the locked version, its hash checked) and copied into the
    folder: the page never fetches them from a CDN. Without npm the build goes on without them (a code is then
    pasted, not scanned, where the browser has no reader of its own)."""
    modules = WEB_SRC / "node_modules"
    if not all((modules / name).is_file() for name, _ in VENDORED) or _lock_changed(modules):
        npm = shutil.which("npm")
        if npm is None:
            log("npm not found: the build has no QR reader of its own (codes are pasted where the browser has none)")
            return
        subprocess.run([npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund", "--silent"], cwd=WEB_SRC,
                       check=True, timeout=600)
    for name, target in VENDORED:
        (out / target).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(modules / name, out / target)


def _lock_changed(modules: Path) -> bool:
    """npm keeps a copy of the lock it installed (``node_modules/.package-lock.json``); another one means reinstall."""
    try:
        installed = json.loads((modules / ".package-lock.json").read_text(encoding="utf-8"))["packages"]
        wanted = json.loads((WEB_SRC / "package-lock.json").read_text(encoding="utf-8"))["packages"]
    except (OSError, ValueError, KeyError):
        return True
    return any(installed.get(name, {}).get("version") != entry.get("version")
               for name, entry in wanted.items() if name)


def pack_for_the_wire(out: Path, names: tuple[str, ...] = PACKED) -> None:
    """Each archive of ``names`` (a zip of stored files) also as ``<name>.xz``: one LZMA2 stream over all its files
    is far smaller than each file deflated on its own (the app 5.7 -> 3.5 MB, Python's library 3.4 -> 2.1 MB). The
    service worker fetches the .xz, unpacks it once and keeps the zip, which a start then reads without inflating
    anything. Without the vendored decoder the archives are sent as they are."""
    if not (out / XZ_DECODER).is_file():
        log("no xz decoder vendored (npm): the archives are sent unpacked")
        return
    for name in names:
        data = (out / name).read_bytes()
        kept = cache_root() / "web-xz" / f"{hashlib.sha256(data).hexdigest()[:16]}.xz"  # minutes on a busy machine
        if not kept.is_file():
            window = min(32 << 20, max(1 << 20, 1 << (len(data) - 1).bit_length()))  # the decoder allocates this
            filters = [{"id": lzma.FILTER_LZMA2, "preset": 9 | lzma.PRESET_EXTREME, "dict_size": window, "lc": 4,
                        "pb": 0}]
            kept.parent.mkdir(parents=True, exist_ok=True)
            partial = kept.with_suffix(".part")
            partial.write_bytes(lzma.compress(data, check=lzma.CHECK_CRC32, filters=filters))
            partial.replace(kept)
        shutil.copyfile(kept, out / f"{name}.xz")


def packed_files(out: Path) -> list[str]:
    """The archives this build sends as xz (the service worker's ``PACKED``)."""
    return [name for name in PACKED if (out / f"{name}.xz").is_file()]


def add_table_script(out: Path) -> None:
    """``table.js`` (a table of phones: WebRTC and the camera, asked by the Python worker) loaded by the page."""
    index = out / "index.html"
    html = index.read_text(encoding="utf-8")
    if '<script src="boot.js"></script>' not in html:
        raise SystemExit("build-web: index.html has no boot.js script to put table.js after")
    html = html.replace('<script src="boot.js"></script>',
                        '<script src="boot.js"></script>\n  <script src="table.js"></script>', 1)
    index.write_text(html, encoding="utf-8")


def precache_list(out: Path) -> tuple[dict[str, str], str]:
    """Every file the app may need with the start of its SHA-256 (the service worker keeps a file only when its
    bytes match), and a version that changes with any byte of them."""
    digest = hashlib.sha256()
    files = {}
    for path in sorted(p for p in out.rglob("*") if p.is_file()):
        name = path.relative_to(out).as_posix()
        if name in ("sw.js", "build-stamp.json", XZ_DECODER) or name.startswith(".") \
                or (name.endswith(".xz") and name[:-3] in PACKED):
            continue  # a packed archive's .xz is never kept (the zip is); the service worker's own script neither
        files[name] = hashlib.sha256(path.read_bytes()).hexdigest()[:16]
        digest.update(name.encode())
        digest.update(files[name].encode())
    return files, digest.hexdigest()[:12]


def optional_files(files: dict[str, str]) -> list[str]:
    """Kept offline only when the page used them: the renderers' files (a browser loads one of CanvasKit's two
    variants, or skwasm), the client's two builds where there are two (JavaScript and WebAssembly: a browser runs
    one), the licences' text (shown by no screen of the app) and the video player's HLS script (no video)."""
    clients = CLIENT_ENTRIES if "main.dart.wasm" in files else ()
    return [name for name in files if name.startswith(("canvaskit/", "assets/packages/media_kit/"))
            or name == "assets/NOTICES" or name in clients]


#: The Flet client's two builds: the JavaScript one, and the WebAssembly one with its JavaScript support.
CLIENT_ENTRIES = ("main.dart.js", "main.dart.wasm", "main.dart.mjs")


def write_service_worker(out: Path) -> str:
    files, version = precache_list(out)
    if not (out / "sw.js").is_file():
        return version
    template = (out / "sw.js").read_text(encoding="utf-8")
    text = (template.replace("__VERSION__", version).replace("__FILES__", json.dumps(files, indent=0))
            .replace("__OPTIONAL__", json.dumps(optional_files(files)))
            .replace("__PACKED__", json.dumps(packed_files(out))))
    (out / "sw.js").write_text(text, encoding="utf-8")
    return version


def _key_of(folder: Path) -> str | None:
    try:
        return str(json.loads((folder / "build-stamp.json").read_text())["key"])
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _swap_in(staging: Path, out: Path) -> None:
    shutil.rmtree(out, ignore_errors=True)
    staging.rename(out)


def keep_build(folder: Path, key: str) -> None:
    """Copy a finished build into the shared cache (complete or not at all), keeping the newest few."""
    target = BUILDS / key
    if _key_of(target) == key:
        return
    BUILDS.mkdir(parents=True, exist_ok=True)
    tmp = BUILDS / f".{key}.{os.getpid()}.tmp"
    shutil.rmtree(tmp, ignore_errors=True)
    shutil.copytree(folder, tmp)
    shutil.rmtree(target, ignore_errors=True)
    tmp.rename(target)
    kept = sorted((p for p in BUILDS.iterdir() if p.is_dir() and not p.name.startswith(".")),
                  key=lambda p: p.stat().st_mtime, reverse=True)
    for old in kept[KEEP_BUILDS:]:
        shutil.rmtree(old, ignore_errors=True)


def build(out: Path, base: str, force: bool, renderer: str = DEFAULT_RENDERER) -> Path:
    import flet_web

    pins = versions()
    key = inputs_key(pins, base, renderer)
    if not force and _key_of(out) == key:
        log(f"{out} is up to date ({key})")
        return out
    staging = out.with_name(out.name + ".new")
    shutil.rmtree(staging, ignore_errors=True)
    kept = BUILDS / key
    if not force and _key_of(kept) == key:
        shutil.copytree(kept, staging)
        _swap_in(staging, out)
        os.utime(kept)  # the most recently used kept build is the last one removed
        log(f"{out}: copied the kept build {key} from {kept}")
        return out
    copy_client(Path(flet_web.get_package_web_dir()), staging, renderer)
    compile_stdlib(staging)
    with tempfile.TemporaryDirectory() as tmp:
        app = Path(tmp) / "app"
        pyodide = Path(flet_web.get_package_web_dir()) / "pyodide"
        sources = stage_app(app, pins, pyodide)
        if precompile(app, pyodide, "companion"):
            log("byte-compiled the app with Pyodide")
        write_app_zip(staging / "app.zip", app, sources)
    add_own_files(staging)
    patch_page(staging, base, key, renderer)
    add_table_script(staging)
    add_vendored(staging)
    pack_for_the_wire(staging)
    version = write_service_worker(staging)
    stamp = {"key": key, "version": version, "pins": pins, "renderer": renderer}
    (staging / "build-stamp.json").write_text(json.dumps(stamp, indent=1))
    keep_build(staging, key)
    _swap_in(staging, out)
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    log(f"wrote {out} ({size / 1e6:.1f} MB, version {version}); kept in {kept}")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the app as a static folder (Python in the browser).")
    parser.add_argument("--out", type=Path, help="the folder (default dist/web; dist/web-skwasm for skwasm)")
    parser.add_argument("--base", default="/", help="the path the folder is served at (default /)")
    parser.add_argument("--force", action="store_true", help="build even if nothing changed")
    parser.add_argument("--renderer", choices=RENDERERS, default=DEFAULT_RENDERER,
                        help=f"Flutter's web renderer (default {DEFAULT_RENDERER}); a build with skwasm keeps "
                             "CanvasKit as the fallback of browsers without WasmGC")
    args = parser.parse_args(argv)
    base = "/" + args.base.strip("/") + "/" if args.base.strip("/") else "/"
    out = args.out or ROOT / "dist" / ("web" if args.renderer == DEFAULT_RENDERER else f"web-{args.renderer}")
    build(out.resolve(), base, args.force, args.renderer)
    return 0


if __name__ == "__main__":
    sys.exit(main())
