"""Two phones linked with no server: the phone build in two browser profiles, joined by their codes.

Each page is opened with ``?tabletest`` (``companion.table.tabletest``): its Python worker then offers the real
``WebLinker`` to the test, which hands the codes over as two players would by scanning. What is checked: the host's
offer, the guest's answer and the host's accept open one data channel (no ICE server, the candidates' mDNS names as
a phone has them); texts arrive each way, in order, with one sent before the link opened; a link closed or a guest
page gone is heard as "closed" on the other phone; a code that is not a sound one of the right kind is refused in
plain words and links nothing; and the code's QR on a 360 px screen reads back exactly from a screenshot.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Worker

from companion.table.link import LONGEST_TEXT
from tests.ui.browser import Ui
from tests.web.conftest import Site, phone_context
from tests.web.qr_read import can_read, read_qr
from tests.web.test_phone_build import START_MS, semantics_on

pytestmark = [pytest.mark.browser, pytest.mark.slow]  # one module fixture: one xdist group (tests/conftest.py)
WAIT_S = 30.0


class Phone:
    """One phone: its page and the Python worker a test calls (``companionTableTest``)."""

    def __init__(self, page: Page, worker: Worker) -> None:
        self.page, self.worker = page, worker

    def call(self, name: str, *args: Any) -> dict[str, Any]:
        text = self.worker.evaluate(f"(args) => self.companionTableTest.{name}(...args)", list(args))
        answer: dict[str, Any] = json.loads(text)
        return answer

    def ok(self, name: str, *args: Any) -> dict[str, Any]:
        answer = self.call(name, *args)
        assert "ok" in answer, answer
        result: dict[str, Any] = answer["ok"]
        return result

    def seen(self, link: int) -> dict[str, Any]:
        return self.ok("seen", link)

    def wait(self, link: int, what: str, want: Any) -> dict[str, Any]:
        """Polls the link until ``seen[what]`` equals ``want`` (a condition, not a fixed sleep)."""
        Ui(self.page, "").until(lambda: self.seen(link)[what] == want, f"link {link}'s {what} is {want!r}",
                                timeout_ms=WAIT_S * 1000)
        return self.seen(link)


def open_phone(page: Page, url: str) -> Phone:
    page.goto(url + "?tabletest", wait_until="commit")
    semantics_on(Ui(page, url))
    Ui(page, url).by_id("screen-home").wait_for(state="attached", timeout=START_MS)
    return hooked(page, url)


def hooked(page: Page, url: str) -> Phone:
    """The phone of a page opened with ``?tabletest``, once its Python worker offers the hook."""

    def offered() -> Worker | None:
        workers = [w for w in page.workers if w.url.endswith("python-worker.js")]
        ready = workers and workers[0].evaluate("typeof self.companionTableTest") == "object"
        return workers[0] if ready else None

    Ui(page, url).until(offered, "the Python worker offers companionTableTest", timeout_ms=START_MS)
    worker = offered()
    assert worker is not None
    return Phone(page, worker)


@pytest.fixture(scope="module")
def camera(chromium: Browser, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Browser, Path]]:
    """A second chromium whose camera films a file (chromium's fake camera), and that file: the guest's phone lives
    in it, so the camera's test reads a code with the module's guest rather than a third start of Pyodide. Until
    that test writes a code's picture there, the camera films a blank frame."""
    from tests.ui.browser import CHROMIUM, CHROMIUM_ARGS

    film = tmp_path_factory.mktemp("camera") / "camera.y4m"
    y4m_of_code("", film)
    args = ["--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream",
            f"--use-file-for-fake-video-capture={film}"]
    browser = chromium.browser_type.launch(executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, *args])
    try:
        yield browser, film
    finally:
        browser.close()


@pytest.fixture(scope="module")
def phones(chromium: Browser, camera: tuple[Browser, Path], site: Site) -> Iterator[tuple[Phone, Phone]]:
    """A host and a guest: two browser profiles (in two browsers: the guest's has the camera), so nothing but
    WebRTC joins them."""
    with ExitStack() as stack:
        host = stack.enter_context(phone_context(chromium)).new_page()
        guest_profile = stack.enter_context(phone_context(camera[0]))
        guest_profile.grant_permissions(["camera"])
        yield open_phone(host, site.url), open_phone(guest_profile.new_page(), site.url)


def connect(host: Phone, guest: Phone) -> tuple[int, int, float]:
    """The players' steps: the host's code to the guest, the guest's answer to the host; the seconds they took."""
    started = time.monotonic()
    offer = host.ok("offer")
    joined = guest.ok("join", offer["code"])
    host.ok("accept", offer["link"], joined["code"])
    host.wait(offer["link"], "state", "open")
    guest.wait(joined["link"], "state", "open")
    return offer["link"], joined["link"], time.monotonic() - started


def test_two_phones_connect_and_talk_both_ways(phones: tuple[Phone, Phone]) -> None:
    host, guest = phones
    offer = host.ok("offer")
    assert offer["code"].startswith("ANT") and len(offer["code"]) < 300
    host.ok("send", offer["link"], "sent before the guest joined")
    joined = guest.ok("join", offer["code"])
    host.ok("accept", offer["link"], joined["code"])
    at_host = host.wait(offer["link"], "state", "open")
    at_guest = guest.wait(joined["link"], "state", "open")
    assert at_host["states"] == ["open"] and at_guest["states"] == ["open"]
    assert len(at_host["peer"]) == 6 and len(at_guest["peer"]) == 6
    big = "ñ" * (LONGEST_TEXT // 2)  # the most one text may be: 256 KiB in UTF-8
    for text in ("first", "second", big):
        host.ok("send", offer["link"], text)
    guest.ok("send", joined["link"], "from the guest")
    guest.wait(joined["link"], "heard", ["sent before the guest joined", "first", "second", big])
    host.wait(offer["link"], "heard", ["from the guest"])


def test_a_closed_link_is_heard_as_closed_and_sends_nothing(phones: tuple[Phone, Phone]) -> None:
    host, guest = phones
    at_host, at_guest, _ = connect(host, guest)
    guest.ok("close", at_guest)
    host.wait(at_host, "state", "closed")
    host.ok("send", at_host, "lost")
    seen = host.wait(at_host, "states", ["open", "closed", "closed"])  # the drop, then the text it could not send
    assert guest.seen(at_guest)["heard"] == [] and seen["heard"] == []


@pytest.mark.parametrize("code", ["", "hello", "ANT", "ANT" + "A" * 200, "x" * 5000, "ANT!!!!"])
def test_a_code_that_is_no_code_is_refused_in_plain_words(phones: tuple[Phone, Phone], code: str) -> None:
    host, guest = phones
    refused = guest.call("join", code)
    assert "refused" in refused and "code" in refused["refused"], refused
    offer = host.ok("offer")
    assert "refused" in host.call("accept", offer["link"], code)
    assert host.seen(offer["link"])["state"] == "new"


def test_a_code_of_the_wrong_kind_or_damaged_is_refused(phones: tuple[Phone, Phone]) -> None:
    host, guest = phones
    offer = host.ok("offer")
    joined = guest.ok("join", offer["code"])
    assert "guest's code" in guest.call("join", joined["code"])["refused"]
    assert "host's own code" in host.call("accept", offer["link"], offer["code"])["refused"]
    middle = joined["code"][40]
    damaged = joined["code"][:40] + ("B" if middle != "B" else "C") + joined["code"][41:]
    assert "damaged" in host.call("accept", offer["link"], damaged)["refused"]
    assert host.seen(offer["link"])["state"] == "new"
    host.ok("accept", offer["link"], joined["code"])  # the right code still links them afterwards
    host.wait(offer["link"], "state", "open")
    again = host.call("accept", offer["link"], joined["code"])
    assert "already joined" in again.get("refused", ""), again


@pytest.mark.skipif(not can_read(), reason="needs node and the build's jsQR (packaging/web/node_modules)")
def test_the_code_on_a_360px_screen_reads_back_from_a_screenshot(phones: tuple[Phone, Phone]) -> None:
    host, _ = phones
    code = host.ok("offer")["code"]
    host.ok("show", code)
    host.page.locator('[flt-semantics-identifier="table-qr"]').wait_for(state="attached", timeout=30_000)
    assert host.page.viewport_size == {"width": 360, "height": 740}
    # the canvas paints a frame after the semantics: read screenshots until one holds the code
    Ui(host.page, "").until(lambda: read_qr(host.page.screenshot()) == code, "the QR on screen reads as the code",
                            timeout_ms=WAIT_S * 1000)


def y4m_of_code(code: str, path: Path) -> None:
    """A camera's view of a code for chromium's fake camera: one 640x480 frame (YUV 4:2:0) of its QR code,
    black on white, 8 px a module, drawn straight from segno's matrix (a blank frame for no code)."""
    import segno

    width, height, scale = 640, 480, 8
    rows = [list(row) for row in segno.make(code, error="l", micro=False).matrix_iter(border=4)] if code else []
    luma = bytearray(b"\xeb" * (width * height))
    left, top = (width - len(rows) * scale) // 2, (height - len(rows) * scale) // 2
    for y, row in enumerate(rows):
        for x, dark in enumerate(row):
            if dark:
                for line in range(top + y * scale, top + (y + 1) * scale):
                    start = line * width + left + x * scale
                    luma[start:start + scale] = b"\x10" * scale
    chroma = b"\x80" * (width * height // 4)
    path.write_bytes(f"YUV4MPEG2 W{width} H{height} F5:1 Ip A1:1 C420jpeg\n".encode() + b"FRAME\n" + luma
                     + chroma + chroma)


def test_a_camera_reads_a_code_shown_to_it_and_its_page_gone_is_heard_as_closed(
        site: Site, camera: tuple[Browser, Path], phones: tuple[Phone, Phone]) -> None:
    """Chromium's fake camera films another phone's code; the guest's page reads it (jsQR: this chromium has no
    BarcodeDetector) and hands the exact text to Python. That phone then joins the host, and its page gone (closed)
    is heard on the host as closed. (The module's guest does both, last of the module's tests: each page is a start
    of Pyodide. A second try opens a new page in the guest's profile if the first closed it. Without the build's
    jsQR the camera's part is left out, said in the output, and the page gone still checked.)"""
    host, guest = phones
    if guest.page.is_closed():  # a second try
        guest = open_phone(guest.page.context.new_page(), site.url)
    code = host.ok("offer")["code"]
    y4m_of_code(code, camera[1])  # what the camera films from now on: read when the camera starts
    if can_read():
        assert guest.ok("scan") == {"text": code}
        assert guest.page.locator("#companion-scan").count() == 0  # the camera's view is gone
    else:
        print("the camera's reading not checked: needs the build's jsQR (packaging/web/node_modules)")
    at_host, _, _ = connect(host, guest)
    guest.page.close()
    host.wait(at_host, "state", "closed")
