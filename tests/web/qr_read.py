"""A QR code read from a screenshot, the way another phone's camera would: the PNG's pixels (decoded here with
zlib alone) handed to jsQR under node (the reader the phone build bundles from the npm registry, installed in
``packaging/web/node_modules`` by the build)."""

from __future__ import annotations

import json
import shutil
import struct
import subprocess
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
JSQR = ROOT / "packaging" / "web" / "node_modules" / "jsqr" / "dist" / "jsQR.js"

_READ_JS = """
const jsQR = require(process.argv[1]);
const [width, height] = process.argv.slice(2).map(Number);
const chunks = [];
process.stdin.on("data", (chunk) => chunks.push(chunk));
process.stdin.on("end", () => {
  const found = jsQR(new Uint8ClampedArray(Buffer.concat(chunks)), width, height);
  process.stdout.write(JSON.stringify(found ? found.data : null));
});
"""


def can_read() -> bool:
    return shutil.which("node") is not None and JSQR.is_file()


def rgba_of_png(png: bytes) -> tuple[int, int, bytes]:
    """Width, height and RGBA bytes of an 8-bit, non-interlaced RGB or RGBA PNG (what Chromium's screenshots are)."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    at, idat, head = 8, b"", b""
    while at < len(png):
        length, kind = struct.unpack(">I4s", png[at:at + 8])
        data = png[at + 8:at + 8 + length]
        head = data if kind == b"IHDR" else head
        idat += data if kind == b"IDAT" else b""
        at += 12 + length
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", head)
    assert depth == 8 and colour in (2, 6) and interlace == 0, (depth, colour, interlace)
    channels = 4 if colour == 6 else 3
    rows = _unfiltered(zlib.decompress(idat), width * channels, height, channels)
    if channels == 4:
        return width, height, rows
    rgba = bytearray(width * height * 4)
    rgba[0::4], rgba[1::4], rgba[2::4], rgba[3::4] = rows[0::3], rows[1::3], rows[2::3], b"\xff" * (width * height)
    return width, height, bytes(rgba)


def _unfiltered(raw: bytes, stride: int, height: int, bpp: int) -> bytes:
    out = bytearray()
    previous = bytearray(stride)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            left = line[x - bpp] if x >= bpp else 0
            up, corner = previous[x], previous[x - bpp] if x >= bpp else 0
            line[x] = (line[x] + _predict(kind, left, up, corner)) & 0xFF
        out += line
        previous = line
    return bytes(out)


def _predict(kind: int, left: int, up: int, corner: int) -> int:
    if kind == 0:
        return 0
    if kind == 1:
        return left
    if kind == 2:
        return up
    if kind == 3:
        return (left + up) // 2
    guess = left + up - corner
    near = min((abs(guess - left), 0, left), (abs(guess - up), 1, up), (abs(guess - corner), 2, corner))
    return near[2]


def read_qr(png: bytes) -> str | None:
    """The text of the QR code in a screenshot, or None if jsQR sees none."""
    width, height, rgba = rgba_of_png(png)
    done = subprocess.run(["node", "-e", _READ_JS, str(JSQR), str(width), str(height)], input=rgba,
                          capture_output=True, timeout=120, check=True)
    found = json.loads(done.stdout)
    return found if isinstance(found, str) else None
