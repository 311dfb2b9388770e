"""``packaging/web/app-unpack.mjs``, run by node: the app's stored archive cut into files as Python's zipfile reads
it, and every archive it cannot read safely (a deflated member, a name leaving the folder, no archive) left to
Flet's Python unpacking, with nothing written (issue 33: the worker's unpacking in Python was a share of a start)."""

from __future__ import annotations

import json
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MODULE = ROOT / "packaging" / "web" / "app-unpack.mjs"

#: Unpacks argv[3] with a file system that records what it is asked (Pyodide's FS calls the module makes) and
#: prints what was written, with each file's bytes as Latin-1 text.
RUN = """
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const { unpackApp } = await import(pathToFileURL(process.argv[2]).href);
const bytes = readFileSync(process.argv[3]);
const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
const files = {}, folders = [];
const FS = {
  cwd: () => "/home/pyodide",
  mkdirTree: (path) => folders.push(path),
  writeFile: (path, data, options) => {
    if (!(data instanceof Uint8Array) || data.buffer !== buffer || !options.canOwn) throw new Error("copied");
    files[path] = Buffer.from(data).toString("latin1");
  },
};
const unpacked = await unpackApp({ FS }, Promise.resolve(process.argv[3].endsWith(".none") ? null : buffer));
console.log(JSON.stringify({ unpacked, files, folders }));
"""


def unpack(archive: Path, tmp_path: Path) -> dict[str, object]:
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is missing (Node 20 runs the page's scripts for this test)")
    script = tmp_path / "run.mjs"
    script.write_text(RUN, encoding="utf-8")
    done = subprocess.run([node, str(script), str(MODULE), str(archive)], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    return dict(json.loads(done.stdout))


def stored(path: Path, members: dict[str, bytes], method: int = zipfile.ZIP_STORED) -> Path:
    with zipfile.ZipFile(path, "w", compression=method) as archive:
        archive.writestr("companion/", b"")
        for name, data in members.items():
            archive.writestr(name, data)
    return path


def test_a_stored_archive_is_written_file_by_file_as_views_of_the_download(tmp_path: Path) -> None:
    members = {"main.py": b"from companion.web_main import run\n", "companion/core/state.pyc": bytes(range(256)) * 9,
               "__pypackages__/babel/locale-data/es.dat": b"\x00\x01es" * 1000, "companion/empty.txt": b"",
               "companion/_data/ñandú.json": "{\"name\": \"ñandú\"}".encode()}
    out = unpack(stored(tmp_path / "app.zip", members), tmp_path)
    assert out["unpacked"] is True
    assert out["files"] == {f"/home/pyodide/{name}": data.decode("latin1") for name, data in members.items()}
    assert {"/home/pyodide/companion", "/home/pyodide/companion/core",
            "/home/pyodide/__pypackages__/babel/locale-data"} <= set(out["folders"])  # type: ignore[arg-type]


@pytest.mark.parametrize("case", ["deflated", "outside", "absolute", "not-a-zip", "none"])
def test_what_it_cannot_read_safely_is_left_to_python_with_nothing_written(tmp_path: Path, case: str) -> None:
    archive = tmp_path / "app.zip"
    if case == "deflated":
        stored(archive, {"main.py": b"print('hi')\n" * 50}, zipfile.ZIP_DEFLATED)
    elif case in ("outside", "absolute"):
        stored(archive, {"main.py": b"ok", ("../evil.py" if case == "outside" else "/etc/evil.py"): b"x"})
    elif case == "not-a-zip":
        archive.write_bytes(b"<html>404</html>" * 10)
    else:
        archive = tmp_path / "app.none"
        archive.write_bytes(b"")
    out = unpack(archive, tmp_path)
    assert out == {"unpacked": False, "files": {}, "folders": []}


@pytest.mark.slow
def test_the_built_archive_unpacks_to_what_zipfile_reads(web_build: Path, tmp_path: Path) -> None:
    out = unpack(web_build / "app.zip", tmp_path)
    files = out["files"]
    assert out["unpacked"] is True and isinstance(files, dict)
    with zipfile.ZipFile(web_build / "app.zip") as archive:
        expected = {info.filename: info for info in archive.infolist() if not info.is_dir()}
        assert set(files) == {f"/home/pyodide/{name}" for name in expected}
        for name in ("main.py", "companion/web_main.pyc", "companion/_cache/rules-index.bin"):
            assert files[f"/home/pyodide/{name}"] == archive.read(name).decode("latin1"), name


@pytest.mark.slow
def test_the_parts_bench_reports_each_part_of_a_start(web_build: Path, tmp_path: Path) -> None:
    import sys

    report = tmp_path / "parts.json"
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "bench_web_parts.py"), "--dist", str(web_build),
                           "--rounds", "1", "--json", str(report)], capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-3000:]
    figures = json.loads(report.read_text())
    (run,) = figures["runs"]
    assert all(run[key] > 0 for key in ("unpack_wall_ms", "unpack_cpu_ms", "start_wall_ms", "start_cpu_ms")), run
    assert 200 < run["modules"] < 480  # Home's start without the other screens' modules (540 with them)
    assert "load" in figures["load_before"] and str(web_build) in done.stdout
