// Runs pytest inside Pyodide under node (tests/web/test_pyodide_node.py): the interpreter the phone runs.
// Usage: node pyodide_pytest.mjs <pyodide dir> <site dir> <repo dir> <json list of pytest arguments>
// The repo is mounted (NODEFS) at /repo and the unpacked wheels at /site; the tests' own files (tmp_path)
// live in Pyodide's memory file system, the one the browser keeps in IndexedDB.
import { pathToFileURL } from "node:url";

const [pyodideDir, siteDir, repoDir, argsJson] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(pyodideDir + "/pyodide.mjs").href);
const started = Date.now();
const pyodide = await loadPyodide({ indexURL: pyodideDir + "/" });
const FS = pyodide.FS;
for (const [where, from] of [["/repo", repoDir], ["/site", siteDir]]) {
  FS.mkdirTree(where);
  FS.mount(FS.filesystems.NODEFS, { root: from }, where);
}
console.log(`pyodide-node: Pyodide loaded in ${Date.now() - started} ms`);
pyodide.globals.set("pytest_args", JSON.parse(argsJson));
const code = await pyodide.runPythonAsync(`
import os, sys
sys.dont_write_bytecode = True  # the repo is mounted: no CPython 3.14 caches written into it
sys.path[:0] = ["/repo", "/site"]
os.chdir("/repo")
os.environ["HYPOTHESIS_STORAGE_DIRECTORY"] = "/tmp/hypothesis"
import pytest
print("pyodide-node:", sys.version.split()[0], sys.platform, flush=True)
int(pytest.main(list(pytest_args.to_py())))
`);
process.exit(code);
