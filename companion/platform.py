"""Where the app runs: a computer (files, ``filelock``, threads) or a browser (Pyodide, the phone build).

Everything that differs is chosen here, so the store and the UI ask one question each:

* ``file_lock(path, ...)``: ``filelock.FileLock`` on a computer; in the browser a ``BrowserLock`` - the Web Locks
  API (``navigator.locks``, shared by every tab of the app), taken once per tab however many of our locks nest, and
  on taking it the saves are read in again from IndexedDB (IDBFS's ``syncfs(true)``) when another tab saved since
  this one last looked (a stamp beside the files, a new value at every save, tells), so the store's revision check
  compares against what another tab saved (``StoreConflict`` holds across tabs).
* ``persist(*paths)``: called by the store after each write; a no-op on a computer (the write was fsynced), in the
  browser it copies the files it names (their folders, and a new stamp) to IndexedDB in one transaction and
  returns once that is done: a save is durable when it returns, before the screen shows it. Its cost does not
  grow with the number of games saved; a folder (games removed or moved) copies what differs in the whole mount.
* ``start()``: in the browser, mount IndexedDB (IDBFS) over the saves and cache folders and read them in.

Blocking on a browser promise from the store's synchronous code uses Pyodide's ``run_sync`` (JavaScript Promise
Integration, in Chromium-based browsers). Where it is missing, the lock is only this tab's, the copy to IndexedDB
runs in the background and the page's updates are held back until it is done (``hold_updates``).
"""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.paths import APP_ID

if TYPE_CHECKING:
    import asyncio  # the browser's code imports it where it runs: a terminal command never needs it (20 ms)

IS_BROWSER = sys.platform == "emscripten"
#: How long a save waits for another writer's lock on the same file (a game's, the play records') before giving up.
LOCK_TIMEOUT_S = 10.0
log = logging.getLogger("companion.platform")


class LockTimeout(Exception):
    """The browser lock was not granted in time (mapped to ``BrowserLockTimeout`` by ``BrowserLock``)."""


class BrowserLockTimeout(TimeoutError):
    """``BrowserLock`` not granted in time: a ``TimeoutError`` (so an ``OSError``) as filelock's ``Timeout`` is, so
    the store handles both alike, while the phone build ships without filelock."""


def is_lock_timeout(exc: BaseException) -> bool:
    """Whether ``exc`` is a lock not granted in time: filelock's ``Timeout`` (a ``TimeoutError``, so an ``OSError``)
    or the browser's ``BrowserLockTimeout``.

    Asked instead of naming the class, so that the store's modules need not import filelock (10 ms of a terminal
    command's start) before a lock is made; filelock, imported by ``file_lock``, cannot have raised one before.
    """
    if isinstance(exc, BrowserLockTimeout):
        return True
    filelock = sys.modules.get("filelock")
    return filelock is not None and isinstance(exc, filelock.Timeout)


def file_lock(path: Path, timeout: float, poll_interval: float = 0.01, preserve_lock_file: bool = False) -> Any:
    """A lock between processes (computer) or tabs (browser), used as a context manager."""
    if IS_BROWSER:
        return BrowserLock(timeout)
    from filelock import FileLock

    return FileLock(path, timeout=timeout, poll_interval=poll_interval, preserve_lock_file=preserve_lock_file)


def persist(*paths: Path | str) -> None:
    """After a write: the browser copies it to IndexedDB (durable once this returns); a computer does nothing.

    Give every path the write changed (a move: where from and where to). A file costs the same however many
    games are saved; a folder (games removed or moved in it) copies whatever differs in the whole mount.
    """
    if IS_BROWSER and _browser.mounted:
        _browser.sync_out([os.path.abspath(path) for path in paths])


def browser_folders() -> list[Path]:
    """The folders kept in IndexedDB: the saves and the settings (caches are rebuilt at start)."""
    from platformdirs import user_data_dir

    return [Path(user_data_dir(APP_ID, appauthor=False))]


async def start() -> None:
    """The browser: mount IndexedDB over the folders and read them in (nothing to do on a computer)."""
    if IS_BROWSER:
        await _browser.start()


def announce_ready() -> None:
    """The browser: tell the page (``boot.js``) the first screen is up, so its offline copy may be made now and its
    splash may go."""
    if IS_BROWSER:
        import js

        js.BroadcastChannel.new("companion-web").postMessage("ready")
    announce_stage("ready")


def announce_stage(stage: str) -> None:
    """The browser: tell this tab's splash (``boot.js``) how far the start has come, one of ``boot.js``'s stage
    names; its worker posts it to this tab alone (the channel above reaches every tab)."""
    if IS_BROWSER:
        import js

        if hasattr(js, "companionStage"):  # set by the build's python-worker.js when boot.js asked for stages
            js.companionStage(stage)


def hold_updates(send: Callable[[Any], None]) -> Callable[[Any], None]:
    """Wrap the page's message sender: while a copy to IndexedDB runs in the background, messages wait."""
    def gated(message: Any) -> None:
        if _browser.pending is None:
            send(message)
        else:
            _browser.held.append((send, message))
    return gated


# -- the browser ----------------------------------------------------------------------------------------------
_JS_HELPERS = """
(FS, IDBFS, path) => {
  // The saves' mount only (FS.syncfs would copy every mount, and run the copies of two calls at once).
  const mount = FS.lookupPath(path).node.mount;
  const root = mount.mountpoint;
  // A record beside the files (no "timestamp", so IDBFS's own copies never see it): a new value at each save.
  const STAMP = "\\u0000companion-revision";
  const UNKNOWN = Symbol("unknown");
  let known = UNKNOWN;  // the stamp of what this tab last read in or saved itself
  const db = () => new Promise((ok, fail) => IDBFS.getDB(root, (e, d) => e ? fail(e) : ok(d)));
  const whole = (populate) => new Promise((ok, fail) =>
    mount.type.syncfs(mount, populate, (e) => e ? fail(e) : ok()));
  const stat = (p) => { try { return FS.lstat(p); } catch (e) { return null; } };
  const parent = (p) => p.slice(0, p.lastIndexOf("/")) || "/";
  function chain(p) {  // the folders from the mount down to p, then p (the other tabs create them in that order)
    const out = [];
    for (let q = p; q.startsWith(root + "/"); q = parent(q)) out.unshift(q);
    return out;
  }
  function local(p) {
    let entry;
    IDBFS.loadLocalEntry(p, (e, got) => { if (e) throw e; entry = got; });
    return entry;
  }
  // One transaction: the entries (or their removal) and a new stamp; "clean" when nobody saved in between.
  function write(fill) {
    return db().then((d) => new Promise((ok, fail) => {
      const tx = d.transaction([IDBFS.DB_STORE_NAME], "readwrite");
      const store = tx.objectStore(IDBFS.DB_STORE_NAME);
      const stamp = Date.now() + "-" + Math.random().toString(36).slice(2);
      let clean = false;
      tx.oncomplete = () => { known = clean ? stamp : UNKNOWN; ok(); };
      tx.onerror = tx.onabort = () => { known = UNKNOWN; fail(tx.error || new Error("IndexedDB aborted")); };
      store.get(STAMP).onsuccess = (e) => { clean = known !== UNKNOWN && e.target.result === known; };
      try {
        fill(store);
        store.put(stamp, STAMP);
      } catch (e) {
        tx.abort();
      }
    }));
  }
  const api = {
    // The given files only: their folders, then each file as it is here (or its removal), awaited.
    files(paths) {
      return write((store) => {
        const seen = new Set();
        for (const p of paths) {
          for (const q of chain(p)) {
            if (seen.has(q)) continue;
            seen.add(q);
            if (stat(q)) {
              store.put(local(q), q);
            } else {
              store.delete(q);
              store.delete(IDBKeyRange.bound(q + "/", q + "/\\uffff"));
            }
          }
        }
      });
    },
    // A folder changed (games removed, moved): the whole mount as IDBFS compares it, stamped before and after.
    all() {
      return write(() => {}).then(() => whole(false)).then(() => write(() => {}));
    },
    // Under the lock: read in what other tabs saved, unless the stamp says nobody saved since this tab last looked.
    refresh(force) {
      return db().then((d) => new Promise((ok, fail) => {
        const tx = d.transaction([IDBFS.DB_STORE_NAME], "readonly");
        const req = tx.objectStore(IDBFS.DB_STORE_NAME).get(STAMP);
        req.onsuccess = () => ok(req.result);
        req.onerror = () => fail(req.error);
      })).then((stamp) => {
        if (!force && stamp !== undefined && stamp === known) return false;
        return whole(true).then(() => { known = stamp === undefined ? UNKNOWN : stamp; return true; });
      });
    },
    lock(name, ms) {
      return new Promise((granted, failed) => {
        let release;
        const held = new Promise((done) => { release = done; });
        const options = ms > 0 ? { signal: AbortSignal.timeout(ms) } : {};
        navigator.locks.request(name, options, () => { granted(release); return held; }).catch(failed);
      });
    },
    hasLocks() { return typeof navigator !== "undefined" && !!navigator.locks; },
    // The lock, then what other tabs saved: one wait for Python instead of two.
    enter(name, ms) {
      return api.lock(name, ms).then((release) =>
        api.refresh(false).then(() => release, (e) => { release(); throw e; }));
    },
  };
  return api;
}
"""


class _Browser:
    def __init__(self) -> None:
        self.mounted = False
        self.helpers: Any = None
        self.depth = 0
        self.release: Any = None
        self.pending: asyncio.Future[None] | None = None
        self.held: list[tuple[Callable[[Any], None], Any]] = []
        self.blocking = False
        self.task: asyncio.Task[None] | None = None
        self.channel: Any = None
        self.sync_ms: list[float] = []  # the last copies' durations (scripts/bench_web.py reads them)

    async def start(self) -> None:
        import pyodide_js
        from pyodide.code import run_js
        from pyodide.ffi import can_run_sync

        fs = pyodide_js.FS
        folder = browser_folders()[0]
        folder.mkdir(parents=True, exist_ok=True)
        fs.mount(fs.filesystems.IDBFS, {}, str(folder))
        self.helpers = run_js(_JS_HELPERS)(fs, fs.filesystems.IDBFS, str(folder))
        await self.helpers.refresh(True)
        self.mounted = True
        self.blocking = bool(can_run_sync())
        log.info("saves in IndexedDB; blocking sync: %s", self.blocking)

    def _wait(self, promise: Any) -> Any:
        from pyodide.ffi import run_sync

        return run_sync(promise)

    def copy_out(self, paths: list[str]) -> Any:
        """The promise of the copy: only these files when they are files, else the whole mount."""
        from pyodide.ffi import to_js

        if paths and all(not os.path.isdir(path) for path in paths):
            return self.helpers.files(to_js(paths))
        return self.helpers.all()

    def sync_out(self, paths: list[str]) -> None:
        import time

        started = time.perf_counter()
        if self.blocking:
            self._wait(self.copy_out(paths))
            self._measured((time.perf_counter() - started) * 1000)
            return
        self._sync_in_background(started, paths)

    def _sync_in_background(self, started: float, paths: list[str]) -> None:
        import asyncio
        import time

        loop = asyncio.get_event_loop()
        previous = self.pending
        done: asyncio.Future[None] = loop.create_future()
        self.pending = done

        async def run() -> None:
            if previous is not None:
                await previous
            try:
                await self.copy_out(paths)
            except Exception:  # the next save tries again; the page says nothing it cannot keep
                log.exception("could not copy the saves to IndexedDB")
            self._measured((time.perf_counter() - started) * 1000)
            done.set_result(None)
            if self.pending is done:
                self.pending = None
                held, self.held = self.held, []
                for send, message in held:
                    send(message)

        self.task = loop.create_task(run())  # kept: a task nobody refers to may be collected

    def _measured(self, ms: float, what: str = "sync_ms") -> None:
        """How long the copy (or taking the lock) took, told to the page (scripts/bench_web.py listens)."""
        import js

        if what == "sync_ms":
            self.sync_ms = [*self.sync_ms[-199:], ms]
        if self.channel is None:
            self.channel = js.BroadcastChannel.new("companion-web")
        self.channel.postMessage(js.Object.fromEntries([[what, ms]]))

    def acquire(self, timeout: float) -> None:
        self.depth += 1
        if self.depth > 1 or not self.mounted:
            return
        if not self.blocking:
            return  # without run_sync there is no waiting: this tab's changes still reach IndexedDB in order
        import time

        started = time.perf_counter()
        try:
            # then what other tabs saved (if any), before anything is compared
            if self.helpers.hasLocks():
                self.release = self._wait(self.helpers.enter(APP_ID + "-saves", int(timeout * 1000)))
            else:
                self._wait(self.helpers.refresh(False))
        except Exception as exc:
            self.depth -= 1
            self._let_go()
            raise LockTimeout(str(exc)) from None
        self._measured((time.perf_counter() - started) * 1000, "lock_ms")

    def release_one(self) -> None:
        if self.depth == 0:
            return
        self.depth -= 1
        if self.depth == 0:
            self._let_go()

    def _let_go(self) -> None:
        if self.release is not None:
            release, self.release = self.release, None
            release()


_browser = _Browser()


class BrowserLock:
    """``filelock``'s interface as the store uses it, over the Web Locks API (one per tab, re-entrant)."""

    def __init__(self, timeout: float) -> None:
        self.timeout = timeout
        self.count = 0

    def acquire(self) -> BrowserLock:
        try:
            _browser.acquire(self.timeout)
        except LockTimeout:
            raise BrowserLockTimeout(APP_ID) from None
        self.count += 1
        return self

    def release(self, force: bool = False) -> None:
        times = self.count if force else min(self.count, 1)
        for _ in range(times):
            self.count -= 1
            _browser.release_one()

    def __enter__(self) -> BrowserLock:
        return self.acquire()

    def __exit__(self, *exc: object) -> None:
        self.release()
