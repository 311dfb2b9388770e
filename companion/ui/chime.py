"""The sound of her card: a short rising two-note chime, made here rather than shipped as a file.

Two sine notes (a fifth apart, each fading fast) in a 16-bit mono WAV of a fifth of a second, handed to the
browser as a ``data:`` URL, so it plays offline and needs no assets folder in the package or the bundle.
"""

from __future__ import annotations

import base64
import io
import math
import struct
import wave
from functools import cache

RATE = 16_000  # samples a second: ample for notes under 1 kHz
NOTES = ((660.0, 0.09), (990.0, 0.11))  # (Hz, seconds): E5 then B5
LOUDNESS = 0.5  # of full scale: a cue, not an alarm
FADE = 30.0  # per second: each note dies away like a struck bell


def samples() -> list[int]:
    """The chime as 16-bit samples: each note starts at full loudness and fades, with no click at its ends."""
    out: list[int] = []
    for pitch, length in NOTES:
        count = int(RATE * length)
        for n in range(count):
            t = n / RATE
            edge = min(1.0, n / 80, (count - n) / 80)  # 5 ms ramps in and out
            out.append(round(32767 * LOUDNESS * edge * math.exp(-FADE * t) * math.sin(2 * math.pi * pitch * t)))
    return out


def wav_bytes() -> bytes:
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        data = samples()
        out.writeframes(struct.pack(f"<{len(data)}h", *data))
    return buffer.getvalue()


@cache
def data_url() -> str:
    """The chime as a ``data:`` URL an audio element plays. The file name it carries is not for show: Flet's
    client takes a source without a dot for bare base64 and would hand the browser an ``audio/mpeg`` WAV."""
    return "data:audio/wav;name=chime.wav;base64," + base64.b64encode(wav_bytes()).decode("ascii")
