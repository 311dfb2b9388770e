"""The code one phone shows and the other scans: what the other side needs of a WebRTC session description, packed.

A browser's offer (or answer) with its candidates gathered is ~700 bytes of SDP; almost all of it is the same on
every phone. The code keeps only what differs - the ICE user and password, the DTLS fingerprint and role, the
gathered candidates (an mDNS name as a phone hides its address behind is its 16-byte UUID), the largest message
the channel takes - as bytes, with a version byte and a CRC-32, written in base 32 (letters and digits only, so a
QR code holds it in its dense alphanumeric mode and a person can copy it). ``sdp_of`` rebuilds a description the
browser accepts from it.

Layout (version 1): ``ANT`` + base32 of: head byte (version << 4 | kind << 2 | setup), ufrag (length + ASCII),
password (length + ASCII), fingerprint (hash id + digest), max message size (4 bytes), candidate count, each
candidate (flags: address kind << 2 | protocol; the address; port, 2 bytes; priority, 4 bytes), CRC-32 (4 bytes).
Anything else is refused with a ``BadCode`` whose message says what is wrong, in plain words.
"""

from __future__ import annotations

import base64
import binascii
import ipaddress
import re
import struct
import uuid
import zlib
from dataclasses import dataclass

from companion.core.i18n import Msg, msg
from companion.table.link import BadCode

PREFIX = "ANT"
VERSION = 1
OFFER, ANSWER = "offer", "answer"
_KINDS = (OFFER, ANSWER)
_SETUPS = ("actpass", "active", "passive")
_HASHES = {"sha-256": (1, 32), "sha-384": (2, 48), "sha-512": (3, 64)}
_PROTOCOLS = ("udp", "tcp")
_MDNS, _IPV4, _IPV6, _NAME = range(4)
_MDNS_NAME = re.compile(r"^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.local$")
_ICE_CHARS = re.compile(r"^[A-Za-z0-9+/]{1,255}$")
LONGEST = 2000
"""The longest text taken as a code (a real one is ~200 characters); longer is refused before any decoding."""


@dataclass(frozen=True)
class Candidate:
    """One gathered ICE candidate: where the other phone may reach this one."""

    protocol: str
    address: str
    port: int
    priority: int


@dataclass(frozen=True)
class Description:
    """What the other side needs of one session description."""

    kind: str
    ufrag: str
    pwd: str
    hash: str
    fingerprint: bytes
    setup: str
    candidates: tuple[Candidate, ...]
    max_message: int = 262144


class _Reader:
    """Bytes read in order; running past the end is a damaged code."""

    def __init__(self, data: bytes) -> None:
        self.data, self.at = data, 0

    def take(self, n: int) -> bytes:
        if self.at + n > len(self.data):
            raise BadCode(_damaged())
        self.at += n
        return self.data[self.at - n:self.at]

    def byte(self) -> int:
        return self.take(1)[0]

    def text(self) -> str:
        raw = self.take(self.byte())
        try:
            return raw.decode("ascii")
        except UnicodeDecodeError:
            raise BadCode(_damaged()) from None


# -- from SDP -----------------------------------------------------------------------------------------------------
def description_of(sdp: str, kind: str) -> Description:
    """The parts of a browser's SDP the code keeps; ``ValueError`` if the SDP lacks one (a browser bug, not a
    player's mistake)."""
    lines = [line.strip() for line in sdp.splitlines()]
    attrs = {name: value for name, _, value in (line[2:].partition(":") for line in lines if line.startswith("a="))}
    hash_name, _, digest = attrs["fingerprint"].partition(" ")
    candidates = tuple(c for c in (_candidate_of(line[12:]) for line in lines if line.startswith("a=candidate:"))
                       if c is not None)
    return Description(kind=kind, ufrag=attrs["ice-ufrag"], pwd=attrs["ice-pwd"], hash=hash_name.lower(),
                       fingerprint=bytes.fromhex(digest.replace(":", "")), setup=attrs["setup"],
                       candidates=candidates, max_message=int(attrs.get("max-message-size", "262144")))


def _candidate_of(text: str) -> Candidate | None:
    """A candidate line's parts; None for one the code does not carry (a relay, an active TCP end, component 2)."""
    parts = text.split()
    if len(parts) < 8 or parts[1] != "1" or parts[6] != "typ" or parts[7] != "host":
        return None
    protocol = parts[2].lower()
    if protocol not in _PROTOCOLS or (protocol == "tcp" and "active" in parts[8:]):
        return None
    return Candidate(protocol=protocol, address=parts[4], port=int(parts[5]), priority=int(parts[3]))


# -- to and from the code -----------------------------------------------------------------------------------------
def encode(description: Description) -> str:
    """The code's text: ``ANT`` and base32 (no padding) of the packed bytes and their CRC-32."""
    body = bytes([VERSION << 4 | _KINDS.index(description.kind) << 2 | _SETUPS.index(description.setup)])
    body += _short(description.ufrag.encode("ascii")) + _short(description.pwd.encode("ascii"))
    body += bytes([_HASHES[description.hash][0]]) + description.fingerprint
    body += struct.pack(">IB", description.max_message, len(description.candidates))
    body += b"".join(_packed(candidate) for candidate in description.candidates)
    body += struct.pack(">I", zlib.crc32(body))
    return PREFIX + base64.b32encode(body).decode("ascii").rstrip("=")


def _short(raw: bytes) -> bytes:
    if len(raw) > 255:
        raise ValueError("a field longer than 255 bytes")
    return bytes([len(raw)]) + raw


def _packed(candidate: Candidate) -> bytes:
    kind, address = _address_bytes(candidate.address)
    flags = kind << 2 | _PROTOCOLS.index(candidate.protocol)
    return bytes([flags]) + address + struct.pack(">HI", candidate.port, candidate.priority)


def _address_bytes(address: str) -> tuple[int, bytes]:
    found = _MDNS_NAME.match(address.lower())
    if found:
        return _MDNS, uuid.UUID(found.group(1)).bytes
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return _NAME, _short(address.encode("ascii"))
    return (_IPV4 if ip.version == 4 else _IPV6), ip.packed


def decode(code: str, expect: str) -> Description:
    """The description a code holds, if it is a sound code of the ``expect`` kind; ``BadCode`` otherwise (never
    any other exception, whatever the text)."""
    if not isinstance(code, str) or len(code) > LONGEST:
        raise BadCode(_not_a_code())
    body = _bytes_of(code)
    if len(body) < 5 or zlib.crc32(body[:-4]) != struct.unpack(">I", body[-4:])[0]:
        raise BadCode(_damaged())
    reader = _Reader(body[:-4])
    head = reader.byte()
    if head >> 4 != VERSION:
        raise BadCode(msg("This code was made by another version of the app. Update both phones, then try again."))
    if head >> 2 & 3 >= len(_KINDS) or head & 3 >= len(_SETUPS):
        raise BadCode(_damaged())
    kind = _KINDS[head >> 2 & 3]
    if kind != expect:
        raise BadCode(_wrong_kind(expect))
    description = _read_rest(reader, kind, _SETUPS[head & 3])
    if reader.at != len(reader.data):
        raise BadCode(_damaged())
    return description


def _bytes_of(code: str) -> bytes:
    """The packed bytes of a code's text: spaces and line breaks (a pasted code) and the letters' case ignored."""
    text = re.sub(r"\s+", "", code).upper()
    letters = text[len(PREFIX):]
    if not text.startswith(PREFIX) or not re.fullmatch(r"[A-Z2-7]*", letters):
        raise BadCode(_not_a_code())
    try:
        return base64.b32decode(letters + "=" * (-len(letters) % 8))
    except (binascii.Error, ValueError):  # a length no code has: cut short
        raise BadCode(_damaged()) from None


def _read_rest(reader: _Reader, kind: str, setup: str) -> Description:
    ufrag, pwd = reader.text(), reader.text()
    if not _ICE_CHARS.match(ufrag) or not _ICE_CHARS.match(pwd):
        raise BadCode(_damaged())
    hash_id = reader.byte()
    names = [name for name, (number, _) in _HASHES.items() if number == hash_id]
    if not names:
        raise BadCode(_damaged())
    fingerprint = reader.take(_HASHES[names[0]][1])
    max_message, count = struct.unpack(">IB", reader.take(5))
    candidates = tuple(_read_candidate(reader) for _ in range(count))
    return Description(kind=kind, ufrag=ufrag, pwd=pwd, hash=names[0], fingerprint=fingerprint, setup=setup,
                       candidates=candidates, max_message=max_message)


def _read_candidate(reader: _Reader) -> Candidate:
    flags = reader.byte()
    kind, protocol = flags >> 2, flags & 3
    if protocol >= len(_PROTOCOLS) or kind > _NAME:
        raise BadCode(_damaged())
    if kind == _MDNS:
        address = f"{uuid.UUID(bytes=reader.take(16))}.local"
    elif kind in (_IPV4, _IPV6):
        address = str(ipaddress.ip_address(reader.take(4 if kind == _IPV4 else 16)))
    else:
        address = reader.text()
        if not re.fullmatch(r"[A-Za-z0-9.\-]{1,253}", address):
            raise BadCode(_damaged())
    port, priority = struct.unpack(">HI", reader.take(6))
    return Candidate(protocol=_PROTOCOLS[protocol], address=address, port=port, priority=priority)


# -- back to SDP --------------------------------------------------------------------------------------------------
def sdp_of(description: Description) -> str:
    """A session description the browser takes as the other side's: one data channel, its candidates all given
    (no trickling: the code is the only message)."""
    digest = ":".join(f"{b:02X}" for b in description.fingerprint)
    lines = ["v=0", "o=- 1 2 IN IP4 127.0.0.1", "s=-", "t=0 0", "a=group:BUNDLE 0", "a=msid-semantic: WMS",
             "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0"]
    lines += [_candidate_line(number, candidate) for number, candidate in enumerate(description.candidates)]
    lines += [f"a=ice-ufrag:{description.ufrag}", f"a=ice-pwd:{description.pwd}",
              f"a=fingerprint:{description.hash} {digest}", f"a=setup:{description.setup}", "a=mid:0",
              "a=sctp-port:5000", f"a=max-message-size:{description.max_message}"]
    return "\r\n".join(lines) + "\r\n"


def _candidate_line(number: int, candidate: Candidate) -> str:
    tcp = " tcptype passive" if candidate.protocol == "tcp" else ""
    return (f"a=candidate:{number + 1} 1 {candidate.protocol} {candidate.priority} {candidate.address} "
            f"{candidate.port} typ host{tcp} generation 0")


def code_of(sdp: str, kind: str) -> str:
    """The code for a browser's own description."""
    return encode(description_of(sdp, kind))


def peer_of(description: Description) -> str:
    """A short id for the phone a code came from: the start of its DTLS fingerprint (new for each link)."""
    return description.fingerprint[:3].hex()


# -- what a player reads ------------------------------------------------------------------------------------------
def _not_a_code() -> Msg:
    return msg("This is not a table code. Scan or paste the code shown on the other phone.")


def _damaged() -> Msg:
    return msg("This code is damaged or incomplete. Scan it again, or copy all of it.")


def _wrong_kind(expect: str) -> Msg:
    if expect == OFFER:
        return msg("This is a guest's code. Scan the code on the host's phone instead.")
    return msg("This is the host's own code. Scan the code the guest's phone shows.")
