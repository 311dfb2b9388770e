"""Render packaging/web/icons/ant.svg (ours) to the PNGs the manifest names, with Debian's chromium (run once)."""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
ICONS = ROOT / "packaging" / "web" / "icons"
PAGE = ('<html><body style="margin:0;background:#1C1B1F;display:flex;align-items:center;'
        'justify-content:center;width:{size}px;height:{size}px"><div>{svg}</div></body></html>')


def main() -> int:
    sys.path.insert(0, str(ROOT))
    from tests.ui.browser import launch_chromium

    svg = (ICONS / "ant.svg").read_text(encoding="utf-8")
    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        for size, padding, name in ((192, 0, "ant-192.png"), (512, 0, "ant-512.png"),
                                    (512, 0.1, "ant-512-maskable.png")):
            page = browser.new_page(viewport={"width": size, "height": size})
            inner = int(size * (1 - 2 * padding))
            page.set_content(PAGE.format(size=size, svg=svg.replace("<svg ", f"<svg width={inner} height={inner} ")))
            page.screenshot(path=str(ICONS / name))
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
