// The app's archive written into Pyodide's file system by JavaScript (companion web build; imported by the
// patched python-worker.js, issue #33). Flet's worker fetched app.zip only once Pyodide had started, then
// unpacked it in Python (zipfile, a few file-system calls per file for ~1,000 files). Here the fetch starts with
// the worker, beside Pyodide's own start, and the archive - stored, not deflated (scripts/build_web.py) - is cut
// into files with no copy: each file's contents are a view of the one downloaded buffer. An archive this cannot
// read (a deflated member, a name leaving the folder) is left to Flet's Python unpacking, as before.

export function fetchApp(url) {
  if (!url) return null;
  return fetch(url).then((response) => (response.ok ? response.arrayBuffer() : null)).catch(() => null);
}

// The archive's members as [name, first byte, size], or null when one is not stored as it is or its name is not
// a plain relative path.
export function storedMembers(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = bytes.length - 22;
  while (end >= 0 && view.getUint32(end, true) !== 0x06054b50) end--;
  if (end < 0) return null;
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const decoder = new TextDecoder();
  const members = [];
  for (let n = 0; n < count; n++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50) return null;
    const method = view.getUint16(at + 10, true), size = view.getUint32(at + 20, true);
    const unpacked = view.getUint32(at + 24, true), local = view.getUint32(at + 42, true);
    const nameLength = view.getUint16(at + 28, true);
    const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    if (method !== 0 || size !== unpacked) return null;
    if (!name || name.startsWith("/") || name.split("/").includes("..") || name.includes("\\")) return null;
    if (view.getUint32(local, true) !== 0x04034b50) return null;
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    if (start + size > bytes.length) return null;
    members.push([name, start, size]);
  }
  return members;
}

// True when the app's files are in the worker's folder (Pyodide's working directory), false to let Python do it.
export async function unpackApp(pyodide, fetching) {
  const buffer = fetching && await fetching;
  if (!buffer) return false;
  const bytes = new Uint8Array(buffer);
  const members = storedMembers(bytes);
  if (!members) return false;
  const FS = pyodide.FS, root = FS.cwd();
  const made = new Set();
  try {
    for (const [name, start, size] of members) {
      const path = root + "/" + name.replace(/\/$/, "");
      const folder = name.endsWith("/") ? path : path.slice(0, path.lastIndexOf("/"));
      if (!made.has(folder)) {
        FS.mkdirTree(folder);
        made.add(folder);
      }
      if (!name.endsWith("/")) FS.writeFile(path, bytes.subarray(start, start + size), { canOwn: true });
    }
  } catch (error) {
    console.warn("companion: the app's archive was not unpacked here; Python unpacks it:", error);
    return false;
  }
  return true;
}
