"""The table code: a browser's session description packed into ~200 letters and digits, and rebuilt.

The offer below is what Debian's Chromium made here, candidates gathered, mDNS names (the candidates' foundations
shortened, for the lines' length); the answer adds the other kinds of candidate a phone may gather.
What must hold: a code gives back every part the other side needs, and the SDP rebuilt from it is one a browser
takes (the browser test connects two pages through it); any other text, however made, is refused with a message
and never another exception.
"""

from __future__ import annotations

import base64
import struct
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core.i18n import render, using
from companion.table import code as codes
from companion.table.link import BadCode
from tests.helpers import examples

OFFER_SDP = """v=0
o=- 6876398275877156554 2 IN IP4 127.0.0.1
s=-
t=0 0
a=group:BUNDLE 0
a=extmap-allow-mixed
a=msid-semantic: WMS
m=application 9 UDP/DTLS/SCTP webrtc-datachannel
c=IN IP4 0.0.0.0
a=candidate:1 1 udp 2113937151 73c01152-d5fb-47d9-8cfd-e5aa0fa45652.local 53466 typ host generation 0 network-cost 999
a=candidate:2 1 udp 2113942271 7d3b80f0-a2b5-4482-877e-6c87d7ddb28d.local 35152 typ host generation 0 network-cost 999
a=ice-ufrag:Vg/e
a=ice-pwd:0l8oTQVxlPdMT7kDpuVuotdK
a=ice-options:trickle
a=fingerprint:sha-256 95:4F:2B:64:FE:8F:24:91:F7:D5:FE:C9:4A:1E:19:A0:AB:EF:05:27:37:6E:4E:44:BF:2E:54:BE:D5:85:CA:53
a=setup:actpass
a=mid:0
a=sctp-port:5000
a=max-message-size:262144
"""

ANSWER_SDP = """v=0\r
o=- 2364184152794795750 2 IN IP4 127.0.0.1\r
m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r
a=candidate:92295353 1 udp 2113937151 25b300a0-7d8d-4a68-925f-240e6f524c5e.local 55305 typ host generation 0\r
a=candidate:7 1 udp 2113939711 192.168.1.23 50718 typ host generation 0\r
a=candidate:8 1 udp 2113939711 fe80::1c2d:3eff:fe4f:5a6b 50719 typ host generation 0\r
a=candidate:9 1 tcp 1518280447 192.168.1.23 9 typ host tcptype active generation 0\r
a=candidate:10 1 tcp 1518280447 192.168.1.23 50720 typ host tcptype passive generation 0\r
a=candidate:11 1 udp 1685790463 81.2.3.4 50721 typ srflx raddr 192.168.1.23 rport 50718 generation 0\r
a=candidate:12 1 udp 2113937151 my-phone.lan 50722 typ host generation 0\r
a=ice-ufrag:Q9gk\r
a=ice-pwd:QNxVx31Z0MeDIvVDVcQ/mQx0\r
a=fingerprint:sha-256 78:E5:10:79:FA:52:C9:BC:B3:BF:3B:17:5D:05:72:C4:03:BA:20:41:6C:CD:E4:24:2F:F7:55:18:FA:EC:BB:48\r
a=setup:active\r
a=mid:0\r
a=max-message-size:1073741823\r
"""


def test_an_offer_code_is_short_and_gives_back_what_the_guest_needs() -> None:
    code = codes.code_of(OFFER_SDP, codes.OFFER)
    assert code.startswith("ANT") and code[3:].isalnum() and code.isupper()
    assert len(code) == 194  # the raw offer is 716 bytes
    description = codes.decode(code, codes.OFFER)
    assert description == codes.description_of(OFFER_SDP, codes.OFFER)
    assert (description.ufrag, description.pwd, description.setup) == ("Vg/e", "0l8oTQVxlPdMT7kDpuVuotdK", "actpass")
    assert description.fingerprint.hex()[:8] == "954f2b64" and len(description.fingerprint) == 32
    assert [c.address for c in description.candidates] == ["73c01152-d5fb-47d9-8cfd-e5aa0fa45652.local",
                                                           "7d3b80f0-a2b5-4482-877e-6c87d7ddb28d.local"]
    assert [(c.port, c.priority) for c in description.candidates] == [(53466, 2113937151), (35152, 2113942271)]
    assert codes.peer_of(description) == "954f2b"


def test_the_rebuilt_sdp_carries_every_part() -> None:
    sdp = codes.sdp_of(codes.decode(codes.code_of(OFFER_SDP, codes.OFFER), codes.OFFER))
    for line in ("a=ice-ufrag:Vg/e", "a=ice-pwd:0l8oTQVxlPdMT7kDpuVuotdK", "a=setup:actpass",
                 "a=fingerprint:sha-256 95:4F:2B:64:FE:8F:24:91:F7:D5:FE:C9:4A:1E:19:A0:AB:EF:05:27:37:6E:4E:44:BF:2E"
                 ":54:BE:D5:85:CA:53", "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "a=sctp-port:5000",
                 "a=candidate:1 1 udp 2113937151 73c01152-d5fb-47d9-8cfd-e5aa0fa45652.local 53466 typ host "
                 "generation 0"):
        assert line + "\r\n" in sdp
    assert codes.description_of(sdp, codes.OFFER) == codes.decode(codes.code_of(OFFER_SDP, "offer"), "offer")


def test_every_kind_of_host_address_is_kept_and_relays_are_left_out() -> None:
    description = codes.decode(codes.code_of(ANSWER_SDP, codes.ANSWER), codes.ANSWER)
    assert [(c.protocol, c.address, c.port) for c in description.candidates] == [
        ("udp", "25b300a0-7d8d-4a68-925f-240e6f524c5e.local", 55305), ("udp", "192.168.1.23", 50718),
        ("udp", "fe80::1c2d:3eff:fe4f:5a6b", 50719), ("tcp", "192.168.1.23", 50720), ("udp", "my-phone.lan", 50722)]
    assert description.max_message == 1073741823 and description.setup == "active"
    assert "tcptype passive" in codes.sdp_of(description)


def _refusal(text: str, expect: str = codes.OFFER) -> str:
    with pytest.raises(BadCode) as refused:
        codes.decode(text, expect)
    with using("en"):
        return str(refused.value)


def _raw(body: bytes) -> str:
    return "ANT" + base64.b32encode(body + struct.pack(">I", zlib.crc32(body))).decode().rstrip("=")


def test_a_pasted_code_may_have_spaces_line_breaks_and_small_letters() -> None:
    code = codes.code_of(OFFER_SDP, codes.OFFER)
    pasted = "  " + code[:50].lower() + "\n" + code[50:120] + " " + code[120:] + "\n"
    assert codes.decode(pasted, codes.OFFER) == codes.decode(code, codes.OFFER)


@pytest.mark.parametrize(("text", "says"), [
    ("", "not a table code"), ("hello", "not a table code"), ("ANT", "damaged"), ("ANT1", "not a table code"),
    ("ANTÄÖ", "not a table code"), ("ANT" + "A" * 3000, "not a table code"), ("https://example.org", "not a table"),
])
def test_text_that_is_no_code_is_refused(text: str, says: str) -> None:
    assert says in _refusal(text)


def test_a_damaged_or_cut_code_is_refused_as_damaged() -> None:
    code = codes.code_of(OFFER_SDP, codes.OFFER)
    flipped = code[:60] + ("A" if code[60] != "A" else "B") + code[61:]
    assert "damaged" in _refusal(flipped)
    assert "damaged" in _refusal(code[:150])
    assert "damaged" in _refusal(code + "AAAAAAAA")


def test_the_wrong_kind_and_another_version_are_said_as_such() -> None:
    offer, answer = codes.code_of(OFFER_SDP, codes.OFFER), codes.code_of(ANSWER_SDP, codes.ANSWER)
    assert "guest's code" in _refusal(answer, codes.OFFER)
    assert "host's own code" in _refusal(offer, codes.ANSWER)
    body = base64.b32decode(offer[3:] + "=" * (-len(offer[3:]) % 8))[:-4]
    assert "another version" in _refusal(_raw(bytes([2 << 4 | body[0] & 15]) + body[1:]))


@pytest.mark.parametrize("body", [
    bytes([0x13]),  # setup 3 does not exist
    bytes([0x1C]),  # kind 3 does not exist
    bytes([0x10, 4]) + b"Vg/e",  # stops after the user name
    bytes([0x10, 4]) + b"V g!" + bytes([4]) + b"pass",  # characters ICE never uses
    bytes([0x10, 4]) + b"Vg/e" + bytes([4]) + b"pass" + bytes([9]),  # a hash that does not exist
    bytes([0x10, 4]) + b"Vg/e" + bytes([4]) + b"pass" + bytes([1]) + bytes(32) + struct.pack(">IB", 1, 1) + b"\x0f",
    bytes([0x10, 4]) + b"Vg/e" + bytes([4]) + b"pass" + bytes([1]) + bytes(32) + struct.pack(">IB", 1, 1)
    + bytes([12, 3]) + b"a b" + bytes(6),  # a host name with a space
    bytes([0x10, 4]) + b"Vg/e" + bytes([4]) + b"pass" + bytes([1]) + bytes(32) + struct.pack(">IB", 1, 0) + b"!",
])
def test_a_sound_checksum_over_unsound_fields_is_refused(body: bytes) -> None:
    assert "damaged" in _refusal(_raw(body))


@settings(max_examples=examples(100), deadline=None)
@given(st.text(max_size=400))
def test_any_text_is_refused_with_a_message_and_nothing_else(text: str) -> None:
    try:
        codes.decode(text, codes.OFFER)
    except BadCode as refused:
        assert render(refused.args[0])


@settings(max_examples=examples(100), deadline=None)
@given(st.binary(max_size=200), st.sampled_from([codes.OFFER, codes.ANSWER]))
def test_any_bytes_with_a_sound_checksum_are_read_or_refused_never_worse(body: bytes, kind: str) -> None:
    try:
        description = codes.decode(_raw(body), kind)
    except BadCode:
        return
    assert codes.decode(codes.encode(description), kind) == description  # what is read writes back the same


@settings(max_examples=examples(50), deadline=None)
@given(st.integers(0, 199), st.sampled_from("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"))
def test_any_one_letter_changed_is_refused_or_reads_the_same(at: int, letter: str) -> None:
    code = codes.code_of(OFFER_SDP, codes.OFFER)
    changed = code[:3 + at % 191] + letter + code[4 + at % 191:]
    try:
        assert codes.decode(changed, codes.OFFER) == codes.decode(code, codes.OFFER)  # only the unused bits
    except BadCode as refused:
        assert "damaged" in str(refused)
